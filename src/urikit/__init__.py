"""urikit: strict, lossless, typed URIs (RFC 3986).

>>> from urikit import URI
>>> uri = URI.parse("http://example.com/a/")
>>> str(uri.add_segments_text("b c").set_param("q", 1))
'http://example.com/a/b%20c?q=1'
"""

from __future__ import annotations

from ._core.components import Components
from ._core.errors import (
    BuildError,
    EncodingError,
    FilePathError,
    IDNAError,
    ParseError,
    ResolveError,
    Rule,
    URIError,
)
from ._core.host import HostKind, Origin, host_kind, is_ambiguous_ipv4
from ._core.idna import host_to_ascii, host_to_unicode
from ._core.normalize import NormalizeOptions
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
from ._web.canonical import TRACKING_PARAMS, CanonicalOptions, canonicalize
from ._web.fields import (
    AbsoluteFrozenURI,
    AbsoluteURI,
    HttpFrozenURI,
    HttpURI,
    LenientFrozenURI,
    LenientHttpFrozenURI,
    LenientHttpURI,
    LenientURI,
)
from ._web.redirect import safe_redirect

__version__ = "0.2.0"

__all__ = [
    "TRACKING_PARAMS",
    "UNSET",
    "URI",
    "AbsoluteFrozenURI",
    "AbsoluteURI",
    "BuildError",
    "CanonicalOptions",
    "Change",
    "Component",
    "Components",
    "EncodingError",
    "FilePathError",
    "FrozenURI",
    "HostKind",
    "HttpFrozenURI",
    "HttpURI",
    "IDNAError",
    "LenientFrozenURI",
    "LenientHttpFrozenURI",
    "LenientHttpURI",
    "LenientURI",
    "NormalizeOptions",
    "Origin",
    "ParseError",
    "PathSegments",
    "QueryParams",
    "Repaired",
    "ResolveError",
    "Rule",
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


#: Where each public class and function is defined, before :func:`_rewrite_module` names
#: ``urikit`` as its module: the doctest collection (the checkout's ``conftest.py``)
#: reads its examples from there.
_DEFINED_IN: dict[str, str] = {}


def _rewrite_module() -> None:
    """Public classes and functions report ``urikit`` as their module, so tracebacks,
    reprs and the API reference show ``urikit.ParseError``, never the private module
    that defines it (pickle finds them here too)."""
    for name in __all__:
        obj = globals()[name]
        if isinstance(obj, type) or (callable(obj) and hasattr(obj, "__code__")):
            _DEFINED_IN[name] = obj.__module__
            obj.__module__ = __name__


_rewrite_module()
