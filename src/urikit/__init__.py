"""urikit: strict, lossless, typed URIs (RFC 3986).

>>> from urikit import URI
>>> uri = URI.parse("http://example.com/a/")
>>> str(uri.add_segments_text("b c").set_param("q", 1))
'http://example.com/a/b%20c?q=1'
"""

from __future__ import annotations

from ._core.components import Components
from ._core.errors import BuildError, IDNAError, ParseError, ResolveError, URIError
from ._core.host import HostKind, Origin, host_kind, is_ambiguous_ipv4
from ._core.idna import host_to_ascii, host_to_unicode
from ._core.parse import is_valid
from ._core.percent import Component, decode, encode
from ._core.resolve import remove_dot_segments
from ._interop.iri import iri_to_uri, uri_to_iri
from ._interop.lenient import Change, Repaired, repair
from ._model.path import PathSegments
from ._model.pydantic import URIOptions
from ._model.query import QueryParams, encode_query
from ._model.text import TextView
from ._model.uri import UNSET, URI, FrozenURI
from ._web.canonical import TRACKING_PARAMS, canonicalize
from ._web.fields import AbsoluteFrozenURI, AbsoluteURI, LenientFrozenURI, LenientURI
from ._web.redirect import safe_redirect

__version__ = "0.2.0"

__all__ = [
    "TRACKING_PARAMS",
    "UNSET",
    "URI",
    "AbsoluteFrozenURI",
    "AbsoluteURI",
    "BuildError",
    "Change",
    "Component",
    "Components",
    "FrozenURI",
    "HostKind",
    "IDNAError",
    "LenientFrozenURI",
    "LenientURI",
    "Origin",
    "ParseError",
    "PathSegments",
    "QueryParams",
    "Repaired",
    "ResolveError",
    "TextView",
    "URIError",
    "URIOptions",
    "canonicalize",
    "decode",
    "encode",
    "encode_query",
    "host_kind",
    "host_to_ascii",
    "host_to_unicode",
    "iri_to_uri",
    "is_ambiguous_ipv4",
    "is_valid",
    "remove_dot_segments",
    "repair",
    "safe_redirect",
    "uri_to_iri",
]


def _rewrite_module() -> None:
    """Public classes and functions report ``urikit`` as their module, so tracebacks,
    reprs and the API reference show ``urikit.ParseError``, never the private module
    that defines it (pickle finds them here too)."""
    for name in __all__:
        obj = globals()[name]
        if isinstance(obj, type) or (callable(obj) and hasattr(obj, "__code__")):
            obj.__module__ = __name__


_rewrite_module()
