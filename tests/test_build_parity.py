"""Both builds answer alike: every public entry point, called with generated valid,
invalid and wrongly typed arguments, gives the same result or the same exception type
in the compiled build and in the pure build of the same source.

The two builds are two packages in one process: ``urikit`` as installed (the compiled
wheel, in the ``compiled`` nox session that CI runs) and a pure copy of this checkout's
``src/urikit`` imported under another name (urikit's own imports are relative, so the
copy imports only itself). Where ``urikit`` is not the compiled build (the pure
sessions, an editable install) there is no second build to compare with: conftest.py
(``COMPILED_ONLY``) deselects the test there, so it never runs against the pure build
twice. Each entry
point gets ``MAX_EXAMPLES`` argument tuples (about 60 entry points: the functions of
``urikit.__all__`` and the class methods, methods and properties of URI and FrozenURI).
"""

from __future__ import annotations

import enum
import importlib
import inspect
import operator
import re
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Final

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import urikit
from tests.budget import examples
from urikit import strategies as us

from .builds import FLAG_CALLS, MYPYC_WORDS, NONE_FLAGS, PURE_NAME, SOURCE, load_pure

pytestmark = pytest.mark.integration

ROOT: Final = Path(__file__).resolve().parents[1]
MAX_EXAMPLES: Final = examples(40)
SAMPLE: Final = "http://u:p@h.example:8080/a/./b/../c?x=1&y=a+b#f"

#: Arguments of the wrong type, each of which some entry point has mistaken for text.
#: bool (an ``int`` to mypyc's check), ints too big for a machine word, ``None`` and
#: ints go to every argument position.
WRONG_TYPES: Final = st.sampled_from([None, 0, 1, -1, 2**63, 10**30, -10**30, 1.5, True,
                                      False, b"http://h/", bytearray(b"ab"), ["/a", ".."],
                                      ("a",), {"k": "v"}, object])
ARGUMENT: Final = st.one_of(us.uri_references(), st.text(max_size=12),
                            st.sampled_from(["", "/", "..", "%", "%zz", "http://h:99999/",
                                             "[::1", "a b", "\u00e9", SAMPLE]),
                            WRONG_TYPES)


_load_pure = load_pure


@pytest.fixture(scope="module")
def builds() -> tuple[ModuleType, ModuleType]:
    """The compiled build and a pure one of the same source (conftest.py deselects
    these tests where urikit is pure)."""
    assert urikit.COMPILED, "the build parity tests need the compiled build"
    pure = _load_pure()
    assert pure.COMPILED is False
    assert pure.URI is not urikit.URI
    return urikit, pure


_ADDRESS: Final = re.compile(r" at 0x[0-9a-fA-F]+")


def _plain(value: object) -> object:
    """A value as both builds can be compared on it: its type's name and its repr, with
    the package's name and object addresses taken out."""
    text = _ADDRESS.sub("", repr(value)).replace(PURE_NAME, "urikit")
    return type(value).__name__, text


def _outcome(call: Callable[[], object], words: bool = False) -> tuple[str, object, object]:
    """What a call gives: its result, or its exception's type (and, with ``words``, a
    ``TypeError``'s message too: the builders and setters check their arguments' types
    with urikit's own words in both builds), and the warnings it gives, with their
    words: so a deprecated alias (:data:`DEPRECATED`) is compared on what it does and
    on what it says, not stopped by its warning (``filterwarnings = error``)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = call()
        except TypeError as error:
            outcome: tuple[str, object] = (
                "raises", ("TypeError", str(error).replace(PURE_NAME, "urikit") if words
                           else ""))
        except Exception as error:  # the type is what is compared
            outcome = ("raises", type(error).__name__)
        else:
            outcome = ("returns", _plain(result))
    said = [(w.category.__name__, str(w.message).replace(PURE_NAME, "urikit"))
            for w in caught]
    return outcome[0], outcome[1], said


#: The deprecated names of URI and FrozenURI (kept one release), which the walks below
#: find and call like any other: each warns alike in both builds and does what its new
#: name does. Listed so that a test fails when one is removed without a word here.
DEPRECATED: Final = frozenset({"drop_empty_params", "drop_duplicate_params", "redacted",
                               "display", "allow_zone_id", "get_absolute_url"})


def test_the_walks_find_the_deprecated_names() -> None:
    """Every deprecated alias is a member the walks call, so both builds are compared
    on it."""
    members = {name for kind in ("method", "property")
               for name in _member_names(kind)}
    assert members >= DEPRECATED


def _arity(function: Callable[..., object]) -> int:
    """How many positional arguments to give: the required ones, at least one."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover - the pure copy has signatures
        return 1
    required = [p for p in parameters if p.default is p.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return max(1, len(required))


def _function_names() -> list[str]:
    pure = _load_pure()
    return sorted(name for name in pure.__all__
                  if inspect.isfunction(getattr(pure, name)))


def _member_names(kind: str) -> list[str]:
    """The public class methods, methods or properties of URI and FrozenURI."""
    pure = _load_pure()
    found: set[str] = set()
    for cls in (pure.URI, pure.FrozenURI):
        for name, member in inspect.getmembers(cls):
            if name.startswith("_") and name != "__truediv__":
                continue
            raw = inspect.getattr_static(cls, name)
            matches = {"classmethod": isinstance(raw, classmethod),
                       "property": isinstance(raw, property),
                       "method": inspect.isfunction(member)}
            if matches[kind]:
                found.add(name)
    return sorted(found)


FAST: Final = settings(max_examples=MAX_EXAMPLES, deadline=None, database=None,
                       suppress_health_check=[HealthCheck.function_scoped_fixture,
                                              HealthCheck.too_slow])


@pytest.mark.parametrize("name", _function_names())
@FAST
@given(data=st.data())
def test_function_answers_alike(builds: tuple[ModuleType, ModuleType], name: str,
                                data: st.DataObject) -> None:
    """A public function gives the same result or exception type in both builds."""
    compiled, pure = builds
    args = tuple(data.draw(ARGUMENT) for _ in range(_arity(getattr(pure, name))))
    assert (_outcome(lambda: getattr(compiled, name)(*args))
            == _outcome(lambda: getattr(pure, name)(*args))), args


@pytest.mark.parametrize("cls_name", ["URI", "FrozenURI"])
@pytest.mark.parametrize("name", _member_names("classmethod"))
@FAST
@given(data=st.data())
def test_class_method_answers_alike(builds: tuple[ModuleType, ModuleType], cls_name: str,
                                    name: str, data: st.DataObject) -> None:
    """A class method of URI or FrozenURI gives the same result or exception type in
    both builds."""
    compiled, pure = builds
    pure_method = getattr(getattr(pure, cls_name), name)
    args = tuple(data.draw(ARGUMENT) for _ in range(_arity(pure_method)))
    assert (_outcome(lambda: getattr(getattr(compiled, cls_name), name)(*args))
            == _outcome(lambda: pure_method(*args))), args


def _instances(compiled: ModuleType, pure: ModuleType, cls_name: str,
               text: str) -> tuple[Any, Any] | None:
    try:
        return (getattr(compiled, cls_name).parse(text), getattr(pure, cls_name).parse(text))
    except Exception:  # invalid text: the class methods' test covers it
        return None


@pytest.mark.parametrize("cls_name", ["URI", "FrozenURI"])
@pytest.mark.parametrize("name", _member_names("method"))
@FAST
@given(data=st.data(), text=st.one_of(st.just(SAMPLE), us.uri_references()))
def test_method_answers_alike(builds: tuple[ModuleType, ModuleType], cls_name: str,
                              name: str, data: st.DataObject, text: str) -> None:
    """A method of URI or FrozenURI, on the same URI, gives the same result or exception
    type in both builds, and leaves the two URIs equal."""
    compiled, pure = builds
    if not hasattr(getattr(pure, cls_name), name):
        return  # copy and freeze are URI's, thaw FrozenURI's: the other class has none
    pair = _instances(compiled, pure, cls_name, text)
    if pair is None:
        return
    mine, theirs = pair
    args = tuple(data.draw(ARGUMENT) for _ in range(_arity(getattr(theirs, name))))
    assert (_outcome(lambda: _call(mine, name, args))
            == _outcome(lambda: _call(theirs, name, args))), args
    assert str(mine) == str(theirs)


def _call(uri: Any, name: str, args: tuple[object, ...]) -> object:
    """The method called as users call it: ``/`` through the operator, whose protocol
    turns the pure build's ``NotImplemented`` for a non-str segment into the TypeError
    that the compiled build's signature check raises."""
    if name == "__truediv__":
        return operator.truediv(uri, *args)
    return getattr(uri, name)(*args)


@pytest.mark.parametrize("cls_name", ["URI", "FrozenURI"])
@pytest.mark.parametrize("name", _member_names("property"))
@FAST
@given(text=st.one_of(st.just(SAMPLE), us.uri_references()), value=ARGUMENT)
def test_property_answers_alike(builds: tuple[ModuleType, ModuleType], cls_name: str,
                                name: str, text: str, value: object) -> None:
    """Reading a property, and assigning it (refused on a FrozenURI), gives the same
    result or exception type in both builds."""
    compiled, pure = builds
    pair = _instances(compiled, pure, cls_name, text)
    if pair is None:
        return
    mine, theirs = pair
    assert _outcome(lambda: getattr(mine, name)) == _outcome(lambda: getattr(theirs, name))
    # a wrongly typed value, an iterable path's segments included, in urikit's words
    assert (_outcome(lambda: setattr(mine, name, value), words=True)
            == _outcome(lambda: setattr(theirs, name, value), words=True)), value
    assert str(mine) == str(theirs)


#: The builders whose keywords are the components, with the keyword arguments they take.
BUILDER_KEYWORDS: Final = {
    "__init__": ("scheme", "userinfo", "host", "port", "has_port", "path", "query",
                 "fragment", "allow_zone_id"),
    "set": ("scheme", "userinfo", "host", "port", "has_port", "path", "query", "fragment",
            "allow_zone_id"),
    "set_text": ("userinfo", "host", "path", "query", "fragment", "allow_zone_id"),
    "build": ("scheme", "userinfo", "host", "port", "path", "query", "fragment", "form",
              "allow_zone_id"),
}


@pytest.mark.parametrize("cls_name", ["URI", "FrozenURI"])
@pytest.mark.parametrize("name", sorted(BUILDER_KEYWORDS))
@FAST
@given(data=st.data(), value=ARGUMENT)
def test_builder_keywords_answer_alike(builds: tuple[ModuleType, ModuleType], cls_name: str,
                                       name: str, data: st.DataObject,
                                       value: object) -> None:
    """The constructor, ``set``, ``set_text`` and ``build`` give the same result, or the same
    exception with, for a wrongly typed argument, the same words, in both builds."""
    compiled, pure = builds
    keyword = data.draw(st.sampled_from(BUILDER_KEYWORDS[name]))
    calls = []
    for build in (compiled, pure):
        cls = getattr(build, cls_name)
        if name == "__init__":
            calls.append(lambda cls=cls: cls(**{keyword: value}))
        elif name == "build":  # a class method: on the class, under a host for a port
            calls.append(lambda cls=cls: cls.build(host="h", **{keyword: value})
                         if keyword != "host" else cls.build(host=value))
        else:
            calls.append(lambda cls=cls: getattr(cls.parse(SAMPLE), name)(**{keyword: value}))
    # every keyword in urikit's words, the constructor's (through the compiled build's
    # fast call slot) and an iterable path's segments included
    assert _outcome(calls[0], True) == _outcome(calls[1], True), (keyword, value)


@pytest.mark.parametrize("value", [1, 0, None, "yes", 1.0, True, False], ids=repr)
@pytest.mark.parametrize("flag", sorted(FLAG_CALLS))
def test_flags_answer_alike(builds: tuple[ModuleType, ModuleType], flag: str,
                            value: object) -> None:
    """Every public flag, given a bool or a value that is none (issue #45: compiled,
    ``URI.parse(..., allow_zone_id=1)`` was refused in mypyc's words, "bool object
    expected; got int", and pure accepted it), gives the same result, or the same
    ``TypeError`` in the same words, urikit's, in both builds."""
    compiled, pure = builds
    call = FLAG_CALLS[flag]
    mine = _outcome(lambda: call(compiled, value), words=True)
    assert mine == _outcome(lambda: call(pure, value), words=True)
    assert MYPYC_WORDS not in str(mine)
    taken = type(value) is bool or (value is None and flag in NONE_FLAGS)
    refused = mine[0] == "raises" and isinstance(mine[1], tuple)  # a TypeError
    assert refused is not taken, mine


@pytest.mark.parametrize("cls_name", ["URI", "FrozenURI"])
@pytest.mark.parametrize("name", ["add_param", "set_param"])
@FAST
@given(key=ARGUMENT, value=ARGUMENT)
def test_param_builders_answer_alike(builds: tuple[ModuleType, ModuleType], cls_name: str,
                                     name: str, key: object, value: object) -> None:
    """``add_param`` and ``set_param`` give the same result, or the same exception with
    the same words for a wrongly typed key or value, in both builds."""
    compiled, pure = builds
    mine = getattr(getattr(compiled, cls_name).parse(SAMPLE), name)
    theirs = getattr(getattr(pure, cls_name).parse(SAMPLE), name)
    assert (_outcome(lambda: mine(key, value), words=True)
            == _outcome(lambda: theirs(key, value), words=True)), (key, value)


#: The wrong types each positional parameter of a member is given in turn: none of them
#: is text, a number of the right kind, a URI or a mapping (bytes iterate as ints).
WRONG: Final = (None, 42, object(), b"ab")

#: What stands in the positions before and after the wrong one: valid text.
FILLER: Final = "a"


def _views(build: ModuleType) -> dict[str, Callable[[], Any]]:
    """The objects whose members the walk calls, each made fresh for every call: the
    URI classes, their views (path, query parameters, text, the text view's path, a
    frozen URI's read-only views) and Query."""
    uri, frozen = build.URI, build.FrozenURI
    return {
        "URI": lambda: uri.parse(SAMPLE),
        "FrozenURI": lambda: frozen.parse(SAMPLE),
        "PathSegments": lambda: uri.parse(SAMPLE).path,
        "PathSegments(frozen)": lambda: frozen.parse(SAMPLE).path,
        "PathSegments(text)": lambda: uri.parse(SAMPLE).text.path,
        "QueryParams": lambda: uri.parse(SAMPLE).params,
        "QueryParams(form)": lambda: uri.parse(SAMPLE).params.form,
        "QueryParams(frozen)": lambda: frozen.parse(SAMPLE).params,
        "TextView": lambda: uri.parse(SAMPLE).text,
        "TextView(frozen)": lambda: frozen.parse(SAMPLE).text,
        "Query": lambda: build.Query("x=1&y=a+b"),
    }


#: The operators the views and Query take, beside their public names, each called as
#: Python calls it (``a / b`` through :func:`operator.truediv`, which turns a
#: ``NotImplemented`` into its own ``TypeError``).
OPERATORS: Final[dict[str, Callable[..., object]]] = {
    "__getitem__": operator.getitem, "__setitem__": operator.setitem,
    "__delitem__": operator.delitem, "__contains__": operator.contains,
    "__truediv__": operator.truediv, "__iadd__": operator.iadd, "__add__": operator.add}


def _wrong_type_calls() -> list[Any]:
    """Every public method, class method and property (read and written) of the
    objects of :func:`_views`, found by introspection of the pure build, with a wrong
    type in each positional parameter in turn (the others valid text), and in a
    ``*args`` parameter."""
    pure = _load_pure()
    calls: list[Any] = []
    for view, make in _views(pure).items():
        cls = type(make())
        for name in sorted(dir(cls)):
            if name.startswith("_") and name not in OPERATORS:
                continue
            raw = inspect.getattr_static(cls, name)
            if isinstance(raw, property):
                for value in WRONG:
                    calls.append(pytest.param(view, name, None, value,
                                              id=f"{view}.{name}={type(value).__name__}"))
                continue
            member = getattr(cls, name)
            if isinstance(raw, (classmethod, staticmethod)):
                parameters = list(inspect.signature(member).parameters.values())
            elif inspect.isfunction(raw):
                parameters = list(inspect.signature(raw).parameters.values())[1:]
            else:
                continue
            positional = [p for p in parameters
                          if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
            required = sum(p.default is p.empty for p in positional)
            # a ``*args`` parameter takes the wrong value after the named ones
            starred = any(p.kind == p.VAR_POSITIONAL for p in parameters)
            for position in range(len(positional) + starred):
                for value in WRONG:
                    calls.append(pytest.param(
                        view, name, (position, max(required, position + 1)), value,
                        id=f"{view}.{name}[{position}]={type(value).__name__}"))
    return calls


def _wrong_type_outcome(build: ModuleType, view: str, name: str,
                        where: tuple[int, int] | None, value: object) -> object:
    """What the call gives in ``build``: its outcome (a TypeError with its words), and
    the URI's text after it."""
    target = _views(build)[view]()
    if where is None:
        read = _outcome(lambda: getattr(target, name), words=True)
        written = _outcome(lambda: setattr(target, name, value), words=True)
        outcome: object = (read, written)
    else:
        position, count = where
        args = tuple(value if i == position else FILLER for i in range(count))
        call = OPERATORS.get(name)
        if call is None:
            outcome = _outcome(lambda: getattr(target, name)(*args), words=True)
        else:
            outcome = _outcome(lambda: call(target, *args), words=True)
    owner = getattr(target, "_owner", target)
    return _ADDRESS.sub("", str(outcome)), str(owner)


@pytest.mark.parametrize(("view", "name", "where", "value"), _wrong_type_calls())
def test_wrong_types_have_urikit_words(builds: tuple[ModuleType, ModuleType], view: str,
                                       name: str, where: tuple[int, int] | None,
                                       value: object) -> None:
    """Every public method and property of URI, FrozenURI, their views and Query,
    given ``None``, an int or an object in each positional parameter (or assigned
    one), answers in both builds alike: the same result or exception, and for a
    ``TypeError`` the same words, urikit's, never mypyc's "str object expected"."""
    compiled, pure = builds
    mine = _wrong_type_outcome(compiled, view, name, where, value)
    assert mine == _wrong_type_outcome(pure, view, name, where, value)
    assert MYPYC_WORDS not in str(mine)


def test_the_wrong_type_walk_finds_every_view() -> None:
    """The walk reaches the members of every object and the issue's examples."""
    ids = {param.id for param in _wrong_type_calls()}
    assert {"URI.add_segments_text[0]=int", "URI.parse[0]=NoneType",
            "PathSegments.remove[0]=int", "Query.get[0]=object",
            "TextView.host=NoneType"} <= ids
    assert {id_.split(".")[0] for id_ in ids} == set(_views(_load_pure()))
    assert len(ids) > 500


def _others(build: ModuleType) -> dict[str, Callable[[], Any]]:
    """An instance of each other public class with public methods, made fresh for
    every call (:func:`test_the_walk_finds_every_public_class` keeps the list whole)."""
    def routes() -> Any:
        return build.Routes().add("p", "/a/{b}")

    def pattern() -> Any:
        return build.URLPattern({"pathname": "/a/:b"})

    return {
        "URITemplate": lambda: build.URITemplate("/a/{b}{?q}"),
        "URLPattern": pattern,
        "URLPatternResult": lambda: pattern().exec("https://h/a/x"),
        "Routes": routes,
        "RouteMatch": lambda: routes().find("/a/x"),
        "TrustedProxies": lambda: build.TrustedProxies(x_host=1),
        "PublicSite": lambda: build.PublicSite("https://shop.example/app/"),
        "Link": lambda: build.parse_links('</a>; rel=next; title="t"')[0],
        "Pages": lambda: build.Pages(),
    }


#: The views a URI makes (``uri.path``, ``uri.params``, ``uri.text``): public as types,
#: their constructors take the URI's own internals (its owner and writer), no entry
#: point; :func:`_views` walks their members.
VIEWS_MADE_BY_A_URI: Final = frozenset({"PathSegments", "QueryParams", "TextView"})


def _function_calls() -> list[Any]:
    """Every public function and class of ``urikit.__all__`` (by introspection of the
    pure build; a class is called as its constructor), with a wrong type in each
    positional parameter in turn (the others valid text)."""
    pure = _load_pure()
    calls: list[Any] = []
    for name in sorted(pure.__all__):
        function = getattr(pure, name)
        if not (inspect.isfunction(function) or (isinstance(function, type)
                and not issubclass(function, (BaseException, enum.Enum))
                and name not in VIEWS_MADE_BY_A_URI)):
            continue
        parameters = list(inspect.signature(function).parameters.values())
        calls += [pytest.param(name, where, value, id=f"{name}{label}")
                  for where, value, label in _wrong_positions(parameters)]
    return calls


def _wrong_positions(parameters: list[inspect.Parameter],
                     ) -> list[tuple[tuple[int, int], object, str]]:
    """Each positional parameter of ``parameters`` given each value of ``WRONG``: the
    position and how many arguments to pass (the required ones, at least up to it),
    the value, and the test id's tail (``[1]=NoneType``)."""
    positional = [p for p in parameters
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = sum(p.default is p.empty for p in positional)
    return [((position, max(required, position + 1)), value,
             f"[{position}]={type(value).__name__}")
            for position in range(len(positional)) for value in WRONG]


def _other_calls() -> list[Any]:
    """Every public method and class method of the objects of :func:`_others`, with a
    wrong type in each positional parameter in turn (the others valid text)."""
    pure = _load_pure()
    calls: list[Any] = []
    for owner, make in _others(pure).items():
        cls = type(make())
        for name in sorted(dir(cls)):
            raw = inspect.getattr_static(cls, name)
            if name.startswith("_") or not (inspect.isfunction(raw)
                                            or isinstance(raw, classmethod)):
                continue
            member = getattr(cls, name)
            parameters = list(inspect.signature(member).parameters.values())
            if inspect.isfunction(raw):
                parameters = parameters[1:]
            calls += [pytest.param(owner, name, where, value, id=f"{owner}.{name}{label}")
                      for where, value, label in _wrong_positions(parameters)]
    return calls


def _called(call: Callable[..., object], where: tuple[int, int], value: object) -> str:
    position, count = where
    args = tuple(value if i == position else FILLER for i in range(count))
    return _ADDRESS.sub("", str(_outcome(lambda: call(*args), words=True)))


@pytest.mark.parametrize(("name", "where", "value"), _function_calls())
def test_functions_answer_wrong_types_alike(builds: tuple[ModuleType, ModuleType],
                                            name: str, where: tuple[int, int],
                                            value: object) -> None:
    """Every public function and constructor, given ``None``, an int, an object or
    bytes in each positional parameter, answers alike in both builds, a ``TypeError`` in the same
    words: urikit's, never mypyc's "str object expected"."""
    compiled, pure = builds
    mine = _called(getattr(compiled, name), where, value)
    assert mine == _called(getattr(pure, name), where, value)
    assert MYPYC_WORDS not in mine


@pytest.mark.parametrize(("owner", "name", "where", "value"), _other_calls())
def test_other_classes_answer_wrong_types_alike(builds: tuple[ModuleType, ModuleType],
                                                owner: str, name: str,
                                                where: tuple[int, int],
                                                value: object) -> None:
    """Every public method of the other public classes (templates, patterns, routes,
    proxies, links), given a wrong type in each positional parameter, answers alike in
    both builds, in urikit's words."""
    compiled, pure = builds
    mine = _called(getattr(_others(compiled)[owner](), name), where, value)
    assert mine == _called(getattr(_others(pure)[owner](), name), where, value)
    assert MYPYC_WORDS not in mine


def test_the_walk_finds_every_public_class() -> None:
    """Each public class with a public method or class method is walked: URI,
    FrozenURI, their views and Query by :func:`_views`, the others by :func:`_others`
    (a class added to ``__all__`` with methods fails here until it is listed); and the
    walks reach the rows this issue found."""
    pure = _load_pure()
    walked = [make() for make in (*_views(pure).values(), *_others(pure).values())]
    with_methods = set()
    for name in pure.__all__:
        cls = getattr(pure, name)
        if not isinstance(cls, type) or issubclass(cls, (BaseException, enum.Enum)):
            continue
        for attr in dir(cls):
            raw = inspect.getattr_static(cls, attr)
            if not attr.startswith("_") and (inspect.isfunction(raw)
                                             or isinstance(raw, classmethod)):
                with_methods.add(name)
    def walks(name: str, made: object) -> bool:
        cls = getattr(pure, name)
        if getattr(cls, "_is_protocol", False):  # ReadOnlyText: what a frozen view has
            return all(hasattr(made, attr) for attr in dir(cls) if not attr.startswith("_"))
        return isinstance(made, cls)

    unwalked = {name for name in with_methods
                if not any(walks(name, made) for made in walked)}
    assert not unwalked
    ids = {param.id for param in _function_calls() + _other_calls()}
    assert {"decode[1]=NoneType", "host_kind[0]=NoneType", "URLPattern.test[1]=int",
            "Link.get[0]=NoneType", "Pages.from_links[0]=bytes",
            "URLPattern[1]=int"} <= ids


def _documented(build: ModuleType) -> dict[str, object]:
    """Every docstring ``help()`` shows of the public API in ``build``: each public
    class's and function's, and each public method's and property's of the public
    classes (found by introspection, inherited members under the class that
    defines them)."""
    docs: dict[str, object] = {}
    for name in build.__all__:
        obj = getattr(build, name)
        if not (isinstance(obj, type) or callable(obj)) or name == "UNSET":
            continue
        docs[name] = obj.__doc__
        if not isinstance(obj, type):
            continue
        for klass in obj.__mro__:
            if not klass.__module__.startswith(("urikit", PURE_NAME)):
                continue
            for attr, raw in vars(klass).items():
                if attr.startswith("_") or f"{name}.{attr}" in docs:
                    continue
                member = raw.__func__ if isinstance(raw, (classmethod, staticmethod)) \
                    else raw
                if callable(member) or inspect.isdatadescriptor(member):
                    docs[f"{name}.{attr}"] = getattr(obj, attr).__doc__ \
                        if not inspect.isdatadescriptor(member) else member.__doc__
    return docs


def test_the_compiled_build_keeps_the_docstrings(builds: tuple[ModuleType,
                                                               ModuleType]) -> None:
    """``help()`` reads the same in both builds: every public class, function, method
    and property has the docstring of its source in the compiled build too (mypyc
    keeps none: ``hatch_build.py`` writes them into the C it generates)."""
    compiled, pure = builds
    mine, theirs = _documented(compiled), _documented(pure)
    assert set(mine) == set(theirs)
    assert len(theirs) > 300
    assert {name: doc for name, doc in mine.items() if doc != theirs[name]} == {}
    assert compiled.URI.parse.__doc__ == pure.URI.parse.__doc__
    assert "--\n" not in (compiled.URI.parse.__doc__ or "--\n")
    assert str(inspect.signature(compiled.URI.parse)) == "(text, *, allow_zone_id=False)"
    for module in ("_core.parse", "_model.uri", "_match.template"):
        assert (importlib.import_module(f"urikit.{module}").__doc__
                == importlib.import_module(f"{PURE_NAME}.{module}").__doc__), module


def _constructor_row(cls: str, keyword: str, value: object) -> Callable[[ModuleType], object]:
    """A row calling the constructor of ``cls`` with a host and ``keyword=value``."""
    return lambda build: getattr(build, cls)(host="h", **{keyword: value})


#: The rows of the differential that answered otherwise in the compiled build (issue
#: #42), each a call on a build: bytes-like payloads, a list's and a dict's errors for
#: a value of another type, the text's type checked before the base is read.
ISSUE_ROWS: Final[dict[str, Callable[[ModuleType], object]]] = {
    "from_data(bytearray)": lambda b: b.URI.from_data(bytearray(b"ab")),
    "from_data(memoryview)": lambda b: b.FrozenURI.from_data(memoryview(b"a b"), "text/x"),
    "path.remove(1)": lambda b: b.URI.parse("http://h/a/1").path.remove(1),
    "path.index(1)": lambda b: b.URI.parse("http://h/a/1").path.index(1),
    "path[None]": lambda b: b.URI.parse("http://h/a").path[None],
    "path.pop(True)": lambda b: b.URI.parse("http://h/a/b").path.pop(True),
    "path[10**30]": lambda b: b.URI.parse("http://h/a").path[10**30],
    "del params[1]": lambda b: b.URI.parse("http://h/?a=1").params.__delitem__(1),
    "params.pop(1, 'd')": lambda b: b.URI.parse("http://h/?a=1").params.pop(1, "d"),
    "parse_lenient(None, base='x')": lambda b: b.URI.parse_lenient(None, base="x"),
    "parse_lenient('a', base=1)": lambda b: b.URI.parse_lenient("a", base=1),
    "normalize(None)": lambda b: b.URI.parse("http://h/").normalize(None),
    # issue 45: the constructor, called through the compiled build's fast call slot,
    # checks its keyword components and an iterable path's segments in urikit's words
    **{f"{cls}({keyword}={value!r})": _constructor_row(cls, keyword, value)
       for cls in ("URI", "FrozenURI")
       for keyword in ("scheme", "userinfo", "host", "port", "has_port", "path", "query",
                       "fragment")
       for value in (1, 2**63, b"x", True, 1.5)},
    **{f"{cls}(path={value!r})": _constructor_row(cls, "path", value)
       for cls in ("URI", "FrozenURI")
       for value in (["", 1], ["", "a", b"b"], ("", None), [True], ["", 2**63])},
    "URI(host=1) subclass": lambda b: type("Sub", (b.URI,), {})(host=1),
}


@pytest.mark.parametrize("row", sorted(ISSUE_ROWS))
def test_the_issue_rows_answer_alike(builds: tuple[ModuleType, ModuleType],
                                     row: str) -> None:
    """Each row the issue found different gives the same result, or the same exception
    with the same words, in both builds."""
    compiled, pure = builds
    call = ISSUE_ROWS[row]
    assert (_outcome(lambda: call(compiled), words=True)
            == _outcome(lambda: call(pure), words=True))


def test_the_pure_copy_is_the_checkout_source() -> None:
    """The copy compared with the installed build is this checkout's pure source under
    its own name, so the comparison is between two builds of one source."""
    pure = _load_pure()
    assert pure.COMPILED is False
    assert Path(pure.__file__ or "").resolve() == SOURCE / "__init__.py"
    assert pure.__version__ == urikit.__version__


def test_the_compiled_build_compiles_the_uri_classes() -> None:
    """Every module of the compiled layers that hatch_build.py does not list as
    interpreted is an extension module in the installed build: the URI classes and
    their views (``_model/uri.py``, ``path.py``, ``query.py``, ``text.py``) among them,
    and the classes are native (their methods are builtins, not Python functions)."""
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    expected = [p.relative_to(SOURCE).as_posix() for layer in hatch_build.COMPILED
                for p in sorted((SOURCE / layer).glob("*.py"))
                if p.relative_to(SOURCE).as_posix() not in hatch_build.INTERPRETED]
    assert {"_model/uri.py", "_model/path.py", "_model/query.py",
            "_model/text.py"} <= set(expected)
    for name in expected:  # imported from its extension module, not its .py beside it
        module = importlib.import_module("urikit." + name[:-3].replace("/", "."))
        assert not (module.__file__ or "").endswith(".py"), name
    assert not inspect.isfunction(inspect.getattr_static(urikit.URI, "normalize"))
    assert not inspect.isfunction(inspect.getattr_static(urikit.FrozenURI, "thaw"))
