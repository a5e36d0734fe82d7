"""Every public class copies and pickles in both builds: ``copy.copy``,
``copy.deepcopy`` and a ``pickle`` round trip (every protocol) give an object equal to
the original, of the same type.

The instances come from one table of factories (:data:`FACTORIES`), one entry per
class of ``urikit.__all__`` and per public class reachable from them (the views a URI
hands out, the results of a match); a test checks that no public class is missing from
it. A mypyc native class (the compiled build's URI classes, views, templates and
patterns) is rebuilt through its constructor unless it says how to be rebuilt
(``__reduce__``), so the compiled build is where this test finds what the pure build
hides.
"""

from __future__ import annotations

import copy
import pickle
import re
from collections.abc import Callable, Sequence
from typing import Any, Final

import pytest

import urikit
from urikit import (
    URI,
    BatchError,
    BatchRecord,
    BuildError,
    CanonicalOptions,
    Change,
    EncodingError,
    FilePathError,
    FrozenURI,
    HostKind,
    IDNAError,
    Link,
    NormalizeOptions,
    Origin,
    Pages,
    ParseError,
    PublicSite,
    Query,
    Repaired,
    ResolveError,
    Route,
    Routes,
    Rule,
    TrustedProxies,
    URIError,
    URIOptions,
    URITemplate,
    URLPattern,
    URLPatternComponentResult,
)

SAMPLE: Final = "http://u:p@h.example:8080/a/b?x=1&y=a+b#f"
PATTERN: Final = "https://*.example/books/:id(\\d+)"


def _routes() -> Routes[object]:
    return (Routes[object]().add("book", "/books/{id}", "payload")
            .add("pattern", URLPattern({"pathname": "/p/:name"}), 7))


#: The instances of each public class (several where the class has several shapes:
#: a subclass a method returns, an optional part). The read-only view protocols are
#: annotations only; their instances are the live views' (``PathSegments``,
#: ``QueryParams``, ``TextView``).
FACTORIES: Final[dict[str, Callable[[], Sequence[object]]]] = {
    "URI": lambda: [URI.parse(SAMPLE), URI.parse(""), URI.parse("http://a/?#")],
    "FrozenURI": lambda: [FrozenURI.parse(SAMPLE), FrozenURI.parse("//h")],
    "PathSegments": lambda: [URI.parse(SAMPLE).path, FrozenURI.parse(SAMPLE).path,
                             URI.parse("/a%2Fb/c").text.path],
    "QueryParams": lambda: [URI.parse(SAMPLE).params, FrozenURI.parse(SAMPLE).params,
                            URI.parse("").params],
    "TextView": lambda: [URI.parse(SAMPLE).text, FrozenURI.parse(SAMPLE).text],
    "Query": lambda: [Query("a=1&b=2"), Query("a=1+2", form=True), Query()],
    "URITemplate": lambda: [URITemplate("/users/{id}{?page}"),
                            URITemplate("{a}{b}", match=False)],
    "URLPattern": lambda: [URLPattern(PATTERN), URLPattern({"pathname": "/a/:b"}),
                           URLPattern("/x/*", "https://h.example/", ignore_case=True)],
    "URLPatternResult": lambda: [
        URLPattern(PATTERN).exec("https://a.example/books/42"),
        URLPattern({"pathname": "/a/:b"}).exec({"pathname": "/a/c"})],
    "URLPatternComponentResult": lambda: [URLPatternComponentResult("42", {"id": "42"})],
    "Routes": lambda: [_routes(), Routes()],
    "PublicSite": lambda: [PublicSite(), PublicSite("https://shop.example/app/",
                                                    proxies=TrustedProxies(x_host=1))],
    "Route": lambda: [Route("book", URITemplate("/books/{id}"), {"any": "payload"})],
    "RouteMatch": lambda: [_routes().find("/books/42"), _routes().find("/p/x")],
    "Link": lambda: [Link(FrozenURI.parse("http://h/2"), frozenset({"next"}),
                          (("title", "two"),), FrozenURI.parse("http://h/"))],
    "Pages": lambda: [Pages(first=FrozenURI.parse("http://h/1"),
                            next=FrozenURI.parse("http://h/2"))],
    "TrustedProxies": lambda: [TrustedProxies(), TrustedProxies(x_host=2, x_proto=1, forwarded=1)],
    "NormalizeOptions": lambda: [NormalizeOptions(case=False)],
    "CanonicalOptions": lambda: [CanonicalOptions()],
    "URIOptions": lambda: [URIOptions(lenient=True, http=True)],
    "Components": lambda: [URI.parse(SAMPLE).components],
    "Origin": lambda: [Origin("https", "h.example", 8443)],
    "DataContent": lambda: [URI.parse("data:text/plain;charset=utf-8,ab").to_data()],
    "Change": lambda: [Change(0, "path", " ", "%20")],
    "Repaired": lambda: [Repaired("a%20b", (Change(1, "path", " ", "%20"),))],
    "BatchError": lambda: [BatchError("parse", "bad", 3, "path", 3)],
    "BatchRecord": lambda: [BatchRecord("-", 1, "a b", None, BatchError("parse", "bad"))],
    "HostKind": lambda: list(HostKind),
    "Rule": lambda: list(Rule),
    "URIError": lambda: [URIError("bad")],
    "ParseError": lambda: [ParseError("a b", 1, "path", "invalid character ' '", "hint")],
    "BuildError": lambda: [BuildError(Rule.PORT_NEEDS_HOST, "detail")],
    "ResolveError": lambda: [ResolveError(Rule.BASE_NEEDS_SCHEME, "/a")],
    "FilePathError": lambda: [FilePathError("path", "C:x", "a drive-relative path")],
    "EncodingError": lambda: [EncodingError("a\udc80", 1, "lone surrogate")],
    "IDNAError": lambda: [IDNAError("a\u200db", "a\u200db", "disallowed")],
}

#: The public classes that have no instances of their own: protocols for annotations.
NO_INSTANCES: Final = {"ReadOnlyPath", "ReadOnlyParams", "ReadOnlyText"}

_ADDRESS: Final = re.compile(r" at 0x[0-9a-fA-F]+")


def _same(value: object) -> object:
    """What two equal instances share: the value itself where the class compares
    values, else what the class shows of itself (a pattern, a route table, a text
    view, an exception: their ``repr`` and, for an exception, its message and
    attributes)."""
    if isinstance(value, BaseException):
        return (type(value), value.args, str(value), vars(value) if hasattr(value, "__dict__")
                else None)
    if type(value).__eq__ is object.__eq__:
        if isinstance(value, Routes):
            return (type(value), repr(value), [_same(route) for route in value])
        return type(value), _ADDRESS.sub("", repr(value))
    return value


def _public(cls: type) -> type:
    """The public class of an instance: its own, or the nearest public base."""
    return next(base for base in cls.__mro__ if not base.__name__.startswith("_"))


def _cases() -> list[Any]:
    return [pytest.param(name, index, id=f"{name}-{index}")
            for name, factory in FACTORIES.items() for index in range(len(factory()))]


def test_every_public_class_has_a_factory() -> None:
    """The table covers every class of ``urikit.__all__``, and the classes reachable
    from them that a user holds (a match's result subclass)."""
    public = {name for name in urikit.__all__ if isinstance(getattr(urikit, name), type)}
    assert public - NO_INSTANCES == set(FACTORIES) - {"URLPatternResult"} | (
        {"URLPatternResult"} & public)
    made = {type(obj) for factory in FACTORIES.values() for obj in factory()}
    assert all(cls.__name__ in FACTORIES or any(
        base.__name__ in FACTORIES for base in cls.__mro__) for cls in made)


@pytest.mark.parametrize(("name", "index"), _cases())
@pytest.mark.parametrize("how", ["copy", "deepcopy", *(
    f"pickle{protocol}" for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1))])
def test_copies_and_pickles_are_equal(name: str, index: int, how: str) -> None:
    """A copy, a deep copy and an unpickled copy equal the original, of the same public
    class (a match's result may come back as the public class of its private subclass).
    Pickle's protocols 0 and 1 are left out: they pickle no class with slots, urikit's
    or Python's, that does not define ``__reduce__``."""
    original = FACTORIES[name]()[index]
    if how == "copy":
        again = copy.copy(original)
    elif how == "deepcopy":
        again = copy.deepcopy(original)
    else:
        again = pickle.loads(pickle.dumps(original, protocol=int(how[len("pickle"):])))
    assert _public(type(again)) is _public(type(original))
    assert _same(again) == _same(original)


def test_copies_of_views_follow_their_uri() -> None:
    """A copied view is a view of the same URI (a shallow copy shares it); a deep copy
    or an unpickled view is a view of its own copy of the URI, which it edits."""
    uri = URI.parse("http://h/a/b?x=1")
    shallow = copy.copy(uri.path)
    shallow.append("c")
    assert str(uri) == "http://h/a/b/c?x=1"
    deep = copy.deepcopy(uri.params)
    deep["y"] = "2"
    assert str(uri) == "http://h/a/b/c?x=1"
    assert list(deep) == ["x", "y"]
    text = pickle.loads(pickle.dumps(uri.text))
    text.host = "other.example"
    assert uri.host == "h"
    assert text.host == "other.example"


def test_a_copied_template_still_refuses_or_matches() -> None:
    """A template accepted for expansion only stays so: its copy's ``match`` raises the
    same error, and a readable template's copy reads the same values."""
    expansion_only = copy.deepcopy(URITemplate("{a}{b}", match=False, strict=True))
    with pytest.raises(ParseError):
        expansion_only.match("xy")
    readable = pickle.loads(pickle.dumps(URITemplate("/users/{id}{?page}")))
    assert readable.match("/users/42?page=2") == {"id": "42", "page": "2"}
    pattern = pickle.loads(pickle.dumps(URLPattern("/x/*", "https://h.example/",
                                                   ignore_case=True)))
    assert pattern.test("https://h.example/X/y")
