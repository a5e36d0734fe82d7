"""urikit: strict, lossless, typed URIs (RFC 3986).

>>> from urikit import URI
>>> uri = URI.parse("http://example.com/a/")
>>> str(uri.add_segments_text("b c").set_param("q", 1))
'http://example.com/a/b%20c?q=1'
"""

from __future__ import annotations

import importlib as _importlib
import sys as _sys
import types as _types
from typing import TYPE_CHECKING

from ._core import build as _build
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
from ._core.parse import is_valid
from ._model.uri import ON_FIRST_USE as _ON_FIRST_USE
from ._model.uri import UNSET, URI, FrozenURI

#: The public names imported when first used, each with the module that defines it:
#: ``import urikit`` loads what ``URI.parse`` and ``str(uri)`` need (the names above),
#: and every other part is paid for by its first use: the views, percent-encoding,
#: normalization (and attrs with it), IDNA and IRIs, lenient input, the web helpers,
#: pydantic's field types. A new lazy name goes here and in the ``TYPE_CHECKING``
#: imports below (``tests/test_imports.py`` checks both).
_LAZY: dict[str, str] = {
    "HostKind": "._core.host",
    "Origin": "._core.host",
    "host_kind": "._core.host",
    "NormalizeOptions": "._core.normalize",
    "Component": "._core.percent",
    "decode": "._core.percent",
    "encode": "._core.percent",
    "remove_dot_segments": "._core.resolve",
    "normalize": "._core.strings",
    "PathSegments": "._model.path",
    "ReadOnlyPath": "._model.path",
    "Query": "._model.query",
    "QueryParams": "._model.query",
    "ReadOnlyParams": "._model.query",
    "encode_query": "._model.query",
    "resolve": "._model.strings",
    "ReadOnlyText": "._model.text",
    "TextView": "._model.text",
    "is_ambiguous_ipv4": "._whatwg.display",
    "SECRET_QUERY_PARAMETERS": "._whatwg.masking",
    "host_to_ascii": "._whatwg.idna",
    "host_to_unicode": "._whatwg.idna",
    "DataContent": "._interop.data",
    "iri_to_uri": "._interop.iri",
    "uri_to_iri": "._interop.iri",
    "Change": "._interop.lenient",
    "Repaired": "._interop.lenient",
    "repair": "._interop.lenient",
    "URIOptions": "._model.pydantic",
    "TRACKING_PARAMS": "._web.canonical",
    "CanonicalOptions": "._web.canonical",
    "canonicalize": "._web.canonical",
    "AbsoluteFrozenURI": "._web.fields",
    "AbsoluteURI": "._web.fields",
    "HttpFrozenURI": "._web.fields",
    "HttpURI": "._web.fields",
    "LenientFrozenURI": "._web.fields",
    "LenientHttpFrozenURI": "._web.fields",
    "LenientHttpURI": "._web.fields",
    "LenientURI": "._web.fields",
    "safe_redirect": "._web.redirect",
    "Link": "._web.link",
    "Pages": "._web.link",
    "format_links": "._web.link",
    "parse_links": "._web.link",
    "public_suffix": "._web.site",
    "public_suffix_list_version": "._web.site",
    "registrable_domain": "._web.site",
    "same_site": "._web.site",
    "TrustedProxies": "._web.proxy",
    "PublicSite": "._web.request",
    "BatchError": "._batch.records",
    "BatchRecord": "._batch.records",
    "Route": "._match.routes",
    "RouteMatch": "._match.routes",
    "Routes": "._match.routes",
    "URITemplate": "._match.template",
    "URLPattern": "._match.urlpattern",
    "URLPatternComponentResult": "._match.urlpattern",
    "URLPatternResult": "._match.urlpattern",
}

if TYPE_CHECKING:  # what type checkers see of the lazy names: the same imports
    from ._batch.records import BatchError, BatchRecord
    from ._core.host import HostKind, Origin, host_kind
    from ._core.normalize import NormalizeOptions
    from ._core.percent import Component, decode, encode
    from ._core.resolve import remove_dot_segments
    from ._core.strings import normalize
    from ._interop.data import DataContent
    from ._interop.iri import iri_to_uri, uri_to_iri
    from ._interop.lenient import Change, Repaired, repair
    from ._match.routes import Route, RouteMatch, Routes
    from ._match.template import URITemplate
    from ._match.urlpattern import URLPattern, URLPatternComponentResult, URLPatternResult
    from ._model.path import PathSegments, ReadOnlyPath
    from ._model.pydantic import URIOptions
    from ._model.query import Query, QueryParams, ReadOnlyParams, encode_query
    from ._model.strings import resolve
    from ._model.text import ReadOnlyText, TextView
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
    from ._web.link import Link, Pages, format_links, parse_links
    from ._web.proxy import TrustedProxies
    from ._web.redirect import safe_redirect
    from ._web.request import PublicSite
    from ._web.site import (
        public_suffix,
        public_suffix_list_version,
        registrable_domain,
        same_site,
    )
    from ._whatwg.display import is_ambiguous_ipv4
    from ._whatwg.idna import host_to_ascii, host_to_unicode
    from ._whatwg.masking import SECRET_QUERY_PARAMETERS
del TYPE_CHECKING  # not a public name

__version__ = "0.8.0"

#: Whether the running urikit is the build compiled by mypyc (``False``: the
#: pure-Python build); ``urikit --version`` says it too. Both builds behave the same.
#:
#: .. versionadded:: 0.3
COMPILED: bool = _build.COMPILED

__all__ = [
    "COMPILED",
    "SECRET_QUERY_PARAMETERS",
    "TRACKING_PARAMS",
    "UNSET",
    "URI",
    "AbsoluteFrozenURI",
    "AbsoluteURI",
    "BatchError",
    "BatchRecord",
    "BuildError",
    "CanonicalOptions",
    "Change",
    "Component",
    "Components",
    "DataContent",
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
    "Link",
    "NormalizeOptions",
    "Origin",
    "Pages",
    "ParseError",
    "PathSegments",
    "PublicSite",
    "Query",
    "QueryParams",
    "ReadOnlyParams",
    "ReadOnlyPath",
    "ReadOnlyText",
    "Repaired",
    "ResolveError",
    "Route",
    "RouteMatch",
    "Routes",
    "Rule",
    "TextView",
    "TrustedProxies",
    "URIError",
    "URIOptions",
    "URITemplate",
    "URLPattern",
    "URLPatternComponentResult",
    "URLPatternResult",
    "canonicalize",
    "decode",
    "encode",
    "encode_query",
    "format_links",
    "host_kind",
    "host_to_ascii",
    "host_to_unicode",
    "iri_to_uri",
    "is_ambiguous_ipv4",
    "is_valid",
    "normalize",
    "parse_links",
    "public_suffix",
    "public_suffix_list_version",
    "registrable_domain",
    "remove_dot_segments",
    "repair",
    "resolve",
    "safe_redirect",
    "same_site",
    "uri_to_iri",
]


#: Where each public class and function is defined, before :func:`_rewrite_module` names
#: ``urikit`` as its module: the doctest collection (the checkout's ``conftest.py``)
#: reads its examples from there.
_DEFINED_IN: dict[str, str] = {}


def _rewrite(name: str, obj: object) -> None:
    """A public class or function reports ``urikit`` as its module, so tracebacks, reprs
    and the API reference show ``urikit.ParseError``, never the private module that
    defines it (pickle finds it here too). A function compiled by mypyc is a builtin
    function, whose module can be set too."""
    if isinstance(obj, type) or (callable(obj) and hasattr(obj, "__code__")) \
            or isinstance(obj, _types.BuiltinFunctionType):
        _DEFINED_IN[name] = obj.__module__
        if isinstance(obj, type) and obj.__dict__.get("__doc__") in (_FILLER, ""):
            obj.__doc__ = _filler_docs().get(f"{obj.__module__}.{obj.__qualname__}",
                                            obj.__doc__)
        obj.__module__ = __name__


#: The docstring mypyc gives a class it leaves non-native (a NamedTuple, an Enum, a
#: class marked ``native_class=False``) in the compiled build; a Protocol's is empty.
_FILLER = "mypyc filler docstring"


def _filler_docs() -> dict[str, str]:
    """The docstrings of the compiled build's non-native classes, which the build hook
    (``hatch_build.py``) writes to ``urikit/_core/docstrings.py`` beside the extension
    modules (mypyc keeps none of them); empty where there is no such module."""
    try:
        module = _importlib.import_module("._core.docstrings", __name__)
    except ImportError:  # pragma: no cover - a compiled build made without the hook
        return {}
    docs: dict[str, str] = module.DOCS
    return docs


def _rewrite_module() -> None:
    """Rewrite the module of each public name imported so far (the lazy ones are
    rewritten when their module is first imported: :func:`_rewrite_loaded`)."""
    for name in __all__:
        if name not in _LAZY:
            _rewrite(name, globals()[name])


def _rewrite_loaded() -> None:
    """Rewrite and keep here each lazy public name whose module has been imported, by
    a lazy name or by the URI classes' first use of a group (which call this), so that
    an object they hand out (a path view, an origin) names ``urikit`` as its class's
    module, and pickles through it, before anyone reads the name from ``urikit``."""
    namespace = globals()
    for name, module in _LAZY.items():
        if name not in namespace:
            loaded = _sys.modules.get(__name__ + module)
            obj: object = getattr(loaded, name, None) if loaded is not None else None
            if obj is not None:
                _rewrite(name, obj)
                namespace[name] = obj


_rewrite_module()
_ON_FIRST_USE.append(_rewrite_loaded)


def __getattr__(name: str) -> object:
    """Import a lazy public name (:data:`_LAZY`) on its first use, and keep it here."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    obj: object = getattr(_importlib.import_module(module, __name__), name)
    _rewrite_loaded()  # this name, and every other that the import loaded
    return globals().get(name, obj)


def __dir__() -> list[str]:
    """The module's names, the lazy ones included before their first use."""
    return sorted({*globals(), *_LAZY})
