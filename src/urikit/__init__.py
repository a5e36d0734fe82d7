"""urikit: strict, lossless, typed URIs (RFC 3986).

>>> from urikit import URI
>>> uri = URI.parse("http://example.com/a/")
>>> str(uri.add_segments_text("b c").set_param("q", 1))
'http://example.com/a/b%20c?q=1'
"""

from __future__ import annotations

from ._components import Components
from ._errors import BuildError, ParseError, ResolveError, URIError
from ._host import HostKind, Origin, host_kind, is_ambiguous_ipv4
from ._parse import is_valid
from ._path import PathSegments
from ._percent import Component, decode, encode
from ._query import QueryParams
from ._resolve import remove_dot_segments
from ._text import TextView
from ._uri import UNSET, URI, FrozenURI

__version__ = "0.2.0"

__all__ = [
    "UNSET",
    "URI",
    "BuildError",
    "Component",
    "Components",
    "FrozenURI",
    "HostKind",
    "Origin",
    "ParseError",
    "PathSegments",
    "QueryParams",
    "ResolveError",
    "TextView",
    "URIError",
    "decode",
    "encode",
    "host_kind",
    "is_ambiguous_ipv4",
    "is_valid",
    "remove_dot_segments",
]
