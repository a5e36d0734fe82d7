"""The URI element model and its builder: construction, validated setters, equality,
copying and adding segments."""

from __future__ import annotations

import copy
import pickle
import random
import sys
from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, BuildError, FrozenURI, ParseError, URIError
from urikit._core.ports import port_number

# --- construction ------------------------------------------------------------------


def test_keyword_constructor_takes_wire_components() -> None:
    """Every component is given in wire form and kept as written."""
    uri = URI(scheme="foo", userinfo="u%20s", host="example.com", port=8042,
              path="/over/there", query="name=ferret", fragment="nose")
    assert str(uri) == "foo://u%20s@example.com:8042/over/there?name=ferret#nose"
    assert uri == URI.parse(str(uri))


def test_constructor_defaults_to_the_empty_reference() -> None:
    """With no arguments the URI is the empty relative reference."""
    uri = URI()
    assert (uri.scheme, uri.userinfo, uri.host, uri.port, uri.components.path, uri.query,
            uri.fragment) == (None, None, None, None, "", None, None)
    assert uri.path == []
    assert uri.is_relative
    assert str(uri) == ""
    assert uri == URI.parse("")


def test_constructor_takes_path_segments() -> None:
    """The path may be an iterable of wire segments."""
    assert str(URI(scheme="s", path=["", "a", "b%20c"])) == "s:/a/b%20c"
    assert str(URI(path=iter(["a", ""]))) == "a/"


CONSTRUCTOR_INVALID: list[Any] = [
    pytest.param({"scheme": "1x"}, 0, "scheme", id="scheme digit"),
    pytest.param({"scheme": ""}, 0, "scheme", id="scheme empty"),
    pytest.param({"host": "a b"}, 1, "host", id="host space"),
    pytest.param({"host": "h", "userinfo": "a@b"}, 1, "userinfo", id="userinfo @"),
    pytest.param({"path": "a b"}, 1, "path", id="path space"),
    pytest.param({"path": ["a", "b/c"]}, 1, "segment", id="segment slash"),
    pytest.param({"query": "#"}, 0, "query", id="query #"),
    pytest.param({"fragment": "a%"}, 1, "fragment", id="fragment %"),
]


@pytest.mark.parametrize(("kwargs", "position", "component"), CONSTRUCTOR_INVALID)
def test_constructor_validates(kwargs: dict[str, Any], position: int,
                               component: str) -> None:
    """An invalid wire component raises ParseError naming it and its position."""
    with pytest.raises(ParseError) as info:
        URI(**kwargs)
    assert (info.value.position, info.value.component) == (position, component)


# --- setters validate, and never store invalid text ------------------------------------

SETTER_INVALID = [
    pytest.param("scheme", "", 0, "scheme", id="scheme empty"),
    pytest.param("scheme", "1a", 0, "scheme", id="scheme digit first"),
    pytest.param("scheme", "a b", 1, "scheme", id="scheme space"),
    pytest.param("scheme", "a:", 1, "scheme", id="scheme colon"),
    pytest.param("scheme", "h\u00e9", 1, "scheme", id="scheme non-ascii"),
    pytest.param("userinfo", "a@b", 1, "userinfo", id="userinfo @"),
    pytest.param("userinfo", "a b", 1, "userinfo", id="userinfo space"),
    pytest.param("userinfo", "%", 0, "userinfo", id="userinfo %"),
    pytest.param("userinfo", "a/", 1, "userinfo", id="userinfo slash"),
    pytest.param("host", "a b", 1, "host", id="host space"),
    pytest.param("host", "[::1", 4, "host", id="host unclosed"),
    pytest.param("host", "[::1::2]", 1, "host", id="host bad ipv6"),
    pytest.param("host", "[::1]x", 5, "host", id="host after literal"),
    pytest.param("host", "a:80", 1, "host", id="host with port"),
    pytest.param("host", "u@h", 1, "host", id="host with userinfo"),
    pytest.param("host", "h/", 1, "host", id="host slash"),
    pytest.param("host", "[fe80::1%25x]", 8, "host", id="host zone id"),
    pytest.param("host", "%4", 0, "host", id="host bad percent"),
    pytest.param("host", "[v1.%41]", 4, "host", id="host pct-encoded in ipvfuture"),
    pytest.param("path", "a b", 1, "path", id="path space"),
    pytest.param("path", "a?b", 1, "path", id="path ?"),
    pytest.param("path", "/a#", 2, "path", id="path #"),
    pytest.param("path", "%zz", 0, "path", id="path bad percent"),
    pytest.param("path", "/a[", 2, "path", id="path ["),
    pytest.param("query", "#", 0, "query", id="query #"),
    pytest.param("query", "a b", 1, "query", id="query space"),
    pytest.param("query", "[", 0, "query", id="query ["),
    pytest.param("query", "a%2", 1, "query", id="query bad percent"),
    pytest.param("fragment", "#", 0, "fragment", id="fragment #"),
    pytest.param("fragment", "a%2", 1, "fragment", id="fragment bad percent"),
    pytest.param("fragment", "\u00e9", 0, "fragment", id="fragment non-ascii"),
]


@pytest.mark.parametrize(("name", "value", "position", "component"), SETTER_INVALID)
def test_attribute_assignment_validates(name: str, value: str, position: int,
                                        component: str) -> None:
    """Assigning invalid wire text raises ParseError with its position, and the URI is
    unchanged."""
    uri = URI.parse("s://u@h/p?q#f")
    with pytest.raises(ParseError) as info:
        setattr(uri, name, value)
    assert (info.value.position, info.value.component) == (position, component)
    assert str(uri) == "s://u@h/p?q#f"


@pytest.mark.parametrize(("name", "value", "position", "component"), SETTER_INVALID)
def test_set_method_validates(name: str, value: str, position: int,
                              component: str) -> None:
    """The fluent ``set()`` validates as assignment does, leaving the URI unchanged."""
    uri = URI.parse("s://u@h/p?q#f")
    with pytest.raises(ParseError) as info:
        uri.set(**{name: value})  # type: ignore[arg-type]
    assert (info.value.position, info.value.component) == (position, component)
    assert str(uri) == "s://u@h/p?q#f"


@pytest.mark.parametrize("name", ["userinfo", "host", "path", "query", "fragment"])
def test_wire_setter_hint_names_the_text_api(name: str) -> None:
    """A wire setter rejecting a space hints at the plain-text API."""
    uri = URI.parse("s://u@h/p?q#f")
    with pytest.raises(ParseError) as info:
        setattr(uri, name, "a b")
    assert "text" in info.value.hint or "params" in info.value.hint


def test_path_segment_setter_validates_each_segment() -> None:
    """A wire segment holding '/' or a space is rejected in the segment, unchanged."""
    uri = URI.parse("/p")
    with pytest.raises(ParseError) as info:
        uri.path = ["", "ok", "a/b"]
    assert (info.value.position, info.value.component) == (1, "segment")
    with pytest.raises(ParseError) as info:
        uri.add_segments("x y")
    assert (info.value.position, info.value.component) == (1, "segment")
    assert str(uri) == "/p"


NON_STR: list[Any] = [
    pytest.param("scheme", b"s", id="scheme bytes"),
    pytest.param("userinfo", 1, id="userinfo int"),
    pytest.param("host", b"h", id="host bytes"),
    pytest.param("path", 1, id="path int"),
    pytest.param("path", [b"a"], id="segment bytes"),
    pytest.param("query", 1, id="query int"),
    pytest.param("fragment", 1.0, id="fragment float"),
]


@pytest.mark.parametrize(("name", "value"), NON_STR)
def test_setters_reject_non_str(name: str, value: object) -> None:
    """Assigning anything but str (or None) raises TypeError, and nothing changes."""
    uri = URI.parse("s://u@h/p?q#f")
    with pytest.raises(TypeError):
        setattr(uri, name, value)
    assert str(uri) == "s://u@h/p?q#f"


def test_setters_accept_none_to_remove() -> None:
    """None removes a component with its delimiter."""
    uri = URI.parse("s://u@h:1/p?q#f")
    uri.fragment = None
    assert str(uri) == "s://u@h:1/p?q"
    uri.query = None
    assert str(uri) == "s://u@h:1/p"
    uri.userinfo = None
    assert str(uri) == "s://h:1/p"
    uri.port = None
    assert str(uri) == "s://h/p"
    uri.host = None
    assert str(uri) == "s:/p"
    uri.scheme = None
    assert str(uri) == "/p"


# --- port ------------------------------------------------------------------------------

def test_port_is_an_int() -> None:
    """The port reads as an int; leading zeros are kept in the text."""
    uri = URI.parse("http://h:0080/")
    assert uri.port == 80
    assert str(uri) == "http://h:0080/"
    uri.port = 8080
    assert str(uri) == "http://h:8080/"
    uri.port = 0
    assert str(uri) == "http://h:0/"


def _int_without_limit(digits: str) -> int:
    """``int(digits)`` with CPython's int/str digit limit lifted for the call."""
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(digits)
    finally:
        sys.set_int_max_str_digits(limit)


# lengths on each side of the block sizes port_number cuts at (4000 << j)
_PORT_LENGTHS: Final = sorted({n + d for n in (2, 4000, 8000, 16000, 32000)
                               for d in (-1, 0, 1)} | {12345, 40001})


@pytest.mark.parametrize("length", _PORT_LENGTHS)
@pytest.mark.parametrize("zeros", [0, 1, 4000, 4001])
def test_port_of_any_length_is_its_int(length: int, zeros: int) -> None:
    """Every port reads as exactly the int its digits stand for, leading zeros or not,
    on both sides of int()'s digit limit and of each block size of the conversion."""
    rng = random.Random(length * 10_007 + zeros)
    for first in "19":  # a non-zero first digit, then random ones
        digits = "0" * zeros + first + "".join(rng.choices("0123456789", k=length - 1))
        assert port_number(digits) == _int_without_limit(digits)
        assert URI.parse(f"http://h:{digits}/").port == _int_without_limit(digits)
    assert port_number("0" * (zeros + length)) == 0
    assert port_number("9" * length) == 10 ** length - 1


@given(st.lists(st.sampled_from(["0" * 4000, "9" * 4000, "0", "1", "9", "05", "31"]),
                min_size=1, max_size=12))
def test_port_number_matches_int(pieces: list[str]) -> None:
    """Digit strings built from long runs of zeros and nines and short pieces land
    on every side of the conversion's thresholds: each reads as int() reads it."""
    digits = "".join(pieces)
    assert port_number(digits) == _int_without_limit(digits)


@pytest.mark.parametrize("value", [True, False, 80.0, "80", b"80"])
def test_port_rejects_non_int(value: object) -> None:
    """A bool, float or str port raises TypeError and nothing changes."""
    uri = URI.parse("http://h:1/")
    with pytest.raises(TypeError):
        uri.port = value  # type: ignore[assignment]
    with pytest.raises(TypeError):
        uri.set(port=value)  # type: ignore[arg-type]
    assert str(uri) == "http://h:1/"


def test_port_rejects_negative() -> None:
    """A negative port is a URIError (a ValueError) and nothing changes."""
    uri = URI.parse("http://h:1/")
    with pytest.raises(URIError):
        uri.port = -1
    assert str(uri) == "http://h:1/"


def test_has_port() -> None:
    """``has_port`` tells whether the ':' is present, even with no digits."""
    assert URI.parse("http://h:/").has_port
    assert URI.parse("http://h:/").port is None
    assert not URI.parse("http://h/").has_port
    uri = URI.parse("http://h:/")
    uri.has_port = False
    assert str(uri) == "http://h/"
    uri.has_port = True
    assert str(uri) == "http://h:/"
    uri.set(port=8)
    assert str(uri) == "http://h:8/"
    uri.has_port = True
    assert str(uri) == "http://h:8/"
    uri.port = None
    assert not uri.has_port
    assert str(uri) == "http://h/"


# --- equality, hashing, copying, pickling, repr ----------------------------------------

EQUAL = [
    pytest.param("http://a/b?c#d", id="same text"),
    pytest.param("", id="empty"),
    pytest.param("//[::1]:/", id="empty port"),
]

UNEQUAL = [
    pytest.param("HTTP://a", "http://a", id="scheme case"),
    pytest.param("http://A", "http://a", id="host case"),
    pytest.param("http://a/%7e", "http://a/%7E", id="percent case"),
    pytest.param("http://a/%7E", "http://a/~", id="percent vs plain"),
    pytest.param("http://a", "http://a/", id="empty path vs root"),
    pytest.param("http://a/?", "http://a/", id="empty query vs none"),
    pytest.param("http://a/#", "http://a/", id="empty fragment vs none"),
    pytest.param("http://a:/", "http://a/", id="empty port vs none"),
    pytest.param("//@a", "//a", id="empty userinfo vs none"),
    pytest.param("http://a:080/", "http://a:80/", id="port text"),
    pytest.param("a/./b", "a/b", id="dot segment"),
]


@pytest.mark.parametrize("text", EQUAL)
def test_equality_of_same_components(text: str) -> None:
    """Two URIs with the same components are equal."""
    assert URI.parse(text) == URI.parse(text)


@pytest.mark.parametrize(("a", "b"), UNEQUAL)
def test_equality_is_component_wise(a: str, b: str) -> None:
    """Equality compares the components as written: no normalization."""
    assert URI.parse(a) != URI.parse(b)


def test_uri_is_not_equal_to_its_text() -> None:
    """A URI does not compare equal to a str."""
    text: object = "http://a/"
    assert URI.parse("http://a/") != text


def test_uri_is_unhashable() -> None:
    """A mutable URI cannot be hashed or put in a set."""
    with pytest.raises(TypeError):
        hash(URI.parse("http://a/"))
    with pytest.raises(TypeError):
        {URI.parse("http://a/")}  # pyright: ignore[reportUnhashable, reportUnusedExpression]


def test_copy_is_independent() -> None:
    """Editing a copy, path included, never changes the original, and vice versa."""
    uri = URI.parse("http://u@h:1/a/b?x=1#f")
    dup = uri.copy()
    assert dup == uri
    assert dup is not uri
    dup.path.append("c")
    dup.params["x"] = "2"
    dup.fragment = "g"
    dup.host = "k"
    assert str(uri) == "http://u@h:1/a/b?x=1#f"
    uri.path[1] = "z"
    assert str(dup) == "http://u@k:1/a/b/c?x=2#g"


def test_copy_module_copies_independently() -> None:
    """``copy.copy`` and ``copy.deepcopy`` also give independent equal URIs."""
    uri = URI.parse("http://h/a")
    for dup in (copy.copy(uri), copy.deepcopy(uri)):
        assert dup == uri
        dup.path.append("b")
        assert str(uri) == "http://h/a"


@pytest.mark.parametrize("text", ["http://u:p@[::1]:0080/a?b#c", "", "./a:b", "/.//x",
                                  "http://h:/?#"])
def test_pickle_round_trip(text: str) -> None:
    """A pickled URI loads equal to the original."""
    uri = URI.parse(text)
    back = pickle.loads(pickle.dumps(uri))
    assert back == uri
    assert str(back) == text


def test_pickle_round_trip_of_a_built_uri() -> None:
    """A built URI whose text carries a guard pickles to the same components."""
    uri = URI(path="a:b")
    assert pickle.loads(pickle.dumps(uri)) == uri


REPRS = [
    pytest.param("http://user:secret@h/", "URI('http://user:***@h/')", id="password"),
    # a lone user name of an http(s) URL is a token as often as a name (issue 42)
    pytest.param("http://user@h/", "URI('http://***@h/')", id="user only, http"),
    pytest.param("ftp://user@h/", "URI('ftp://user@h/')", id="user only, ftp"),
    pytest.param("http://h/a?b#c", "URI('http://h/a?b#c')", id="no userinfo"),
    pytest.param("//a:b:c@h", "URI('//a:***@h')", id="password with colon"),
]


@pytest.mark.parametrize(("text", "expected"), REPRS)
def test_repr_masks_the_password(text: str, expected: str) -> None:
    """repr() shows the URI text with any password replaced by ``***``."""
    assert repr(URI.parse(text)) == expected


def test_repr_never_shows_the_password() -> None:
    """The password text appears nowhere in repr()."""
    assert "hunter2" not in repr(URI.parse("ftp://joe:hunter2@h/"))
    assert URI.parse("ftp://joe:hunter2@h/").to_redacted() == "ftp://joe:***@h/"


# --- the fluent builder ------------------------------------------------------------------

FLUENT: list[Any] = [
    pytest.param(lambda u: u.set(scheme="x"), id="set scheme"),
    pytest.param(lambda u: u.set(userinfo="v"), id="set userinfo"),
    pytest.param(lambda u: u.set_text(userinfo="u v"), id="set_text userinfo"),
    pytest.param(lambda u: u.set(host="g"), id="set host"),
    pytest.param(lambda u: u.set_text(host="g"), id="set_text host"),
    pytest.param(lambda u: u.set(port=2), id="set port"),
    pytest.param(lambda u: u.set(has_port=False), id="set has_port"),
    pytest.param(lambda u: u.set(path="/x"), id="set path"),
    pytest.param(lambda u: u.set_text(path="/x y"), id="set_text path"),
    pytest.param(lambda u: u.add_segments("x", "y"), id="add_segments"),
    pytest.param(lambda u: u.add_segments_text("x/y"), id="add_segments_text"),
    pytest.param(lambda u: u.set(query="a=b"), id="set query"),
    pytest.param(lambda u: u.set_text(query="a b"), id="set_text query"),
    pytest.param(lambda u: u.add_param("k", "v"), id="add_param"),
    pytest.param(lambda u: u.set_param("k", "v"), id="set_param"),
    pytest.param(lambda u: u.discard_param("q"), id="discard_param"),
    pytest.param(lambda u: u.set(fragment="g"), id="set fragment"),
    pytest.param(lambda u: u.set_text(fragment="g h"), id="set_text fragment"),
]


@pytest.mark.parametrize("edit", FLUENT)
def test_fluent_method_edits_in_place_and_returns_self(edit: Callable[[URI], URI]) -> None:
    """Each builder method edits the URI in place and returns that same object."""
    uri = URI.parse("http://u@h:1/a/b?q=1#f")
    before = uri.copy()
    result = edit(uri)
    assert result is uri
    assert uri != before


@pytest.mark.parametrize("edit", FLUENT)
def test_fluent_method_on_frozen_returns_a_new_frozen_uri(
        edit: Callable[[Any], object]) -> None:
    """On a FrozenURI each builder method returns a new, edited FrozenURI, and the
    FrozenURI is unchanged."""
    frozen = FrozenURI.parse("http://u@h:1/a/b?q=1#f")
    result = edit(frozen)
    assert type(result) is FrozenURI
    assert result != frozen
    assert str(frozen) == "http://u@h:1/a/b?q=1#f"
    assert result == edit(frozen.thaw())


def test_fluent_methods_chain() -> None:
    """The builder methods chain into one expression."""
    uri = (URI().set(scheme="https").set(host="example.com").set(port=8443)
           .set_text(userinfo="jos\u00e9").add_segments_text("a b", "c/d")
           .add_param("q", "1 & 2").set_text(fragment="top #1"))
    assert str(uri) == ("https://jos%C3%A9@example.com:8443/a%20b/c%2Fd"
                        "?q=1%20%26%202#top%20%231")


# --- adding segments ---------------------------------------------------------------------

ADD_SEGMENTS = [
    pytest.param("http://h/a/", ("b",), "http://h/a/b", id="into directory"),
    pytest.param("http://h/a", ("b",), "http://h/a/b", id="after file"),
    pytest.param("http://h", ("b",), "http://h/b", id="empty path"),
    pytest.param("http://h/", ("b",), "http://h/b", id="root"),
    pytest.param("http://h/a", ("",), "http://h/a/", id="empty adds slash"),
    pytest.param("http://h/a/", ("",), "http://h/a/", id="empty on directory"),
    pytest.param("http://h/a/", ("b", "c", ""), "http://h/a/b/c/", id="several"),
    pytest.param("http://h/a", ("..", "x"), "http://h/a/../x", id="dot segments kept"),
    pytest.param("http://h/a?q#f", ("b",), "http://h/a/b?q#f", id="query kept"),
    pytest.param("a", ("b",), "a/b", id="relative"),
    pytest.param("", ("b",), "b", id="empty reference"),
    pytest.param("", ("a:b",), "./a:b", id="colon segment guarded"),
    pytest.param("s:", ("b:c",), "s:b:c", id="after scheme"),
    pytest.param("http://h/a", (), "http://h/a", id="nothing"),
    pytest.param("http://h/a", ("%41",), "http://h/a/%41", id="wire kept"),
]


@pytest.mark.parametrize(("start", "segments", "expected"), ADD_SEGMENTS)
def test_add_segments(start: str, segments: tuple[str, ...], expected: str) -> None:
    """add_segments adds wire segments, the first filling a trailing empty segment, so
    ``/a/`` + ``b`` and ``/a`` + ``b`` are both ``/a/b``."""
    uri = URI.parse(start)
    assert uri.add_segments(*segments) is uri
    assert str(uri) == expected


def test_add_segments_and_path_append_differ_on_a_trailing_slash() -> None:
    """The fluent way fills the trailing empty segment; the live list appends."""
    assert str(URI.parse("https://h/files/").add_segments("x")) == "https://h/files/x"
    uri = URI.parse("https://h/files/")
    uri.path.append("x")
    assert str(uri) == "https://h/files//x"


def test_add_segments_rejects_invalid_wire_text_and_changes_nothing() -> None:
    """An invalid segment raises ParseError at its position and none is added; a '/'
    is refused with a hint to pass segments separately."""
    uri = URI.parse("http://h/a")
    with pytest.raises(ParseError) as info:
        uri.add_segments("b", "c d")
    assert (info.value.position, info.value.component) == (1, "segment")
    with pytest.raises(ParseError, match="separately"):
        uri.add_segments("b/c")
    assert str(uri) == "http://h/a"


ADD_SEGMENTS_TEXT = [
    pytest.param("http://h/a/", ("a/b",), "http://h/a/a%2Fb", id="slash encoded"),
    pytest.param("http://h/a", ("/x",), "http://h/a/%2Fx", id="leading slash is data"),
    pytest.param("http://h/a/", ("Jos\u00e9",), "http://h/a/Jos%C3%A9", id="utf-8"),
    pytest.param("http://h/a/", ("50%",), "http://h/a/50%25", id="percent"),
    pytest.param("http://h/a", ("",), "http://h/a/", id="empty adds slash"),
    pytest.param("http://h", ("b", "c"), "http://h/b/c", id="two segments"),
    pytest.param("http://h/a/", ("?#",), "http://h/a/%3F%23", id="delimiters"),
    pytest.param("", ("a:b",), "./a:b", id="colon kept, guarded"),
]


@pytest.mark.parametrize(("start", "segments", "expected"), ADD_SEGMENTS_TEXT)
def test_add_segments_text(start: str, segments: tuple[str, ...], expected: str) -> None:
    """add_segments_text adds one plain-text segment per argument, encoding '/' and
    everything a segment cannot hold."""
    uri = URI.parse(start)
    assert uri.add_segments_text(*segments) is uri
    assert str(uri) == expected


def test_add_segments_text_rejects_non_str() -> None:
    """A segment that is not a str raises TypeError."""
    with pytest.raises(TypeError):
        URI.parse("http://h/").add_segments_text(b"a")  # type: ignore[arg-type]


def test_authority_property() -> None:
    """``authority`` is ``[userinfo "@"] host [":" port]`` as written, or None."""
    assert URI.parse("http://u@h:0080/").authority == "u@h:0080"
    assert URI.parse("http://h:/").authority == "h:"
    assert URI.parse("///").authority == ""
    assert URI.parse("a:b").authority is None


def test_is_relative() -> None:
    """A reference is relative exactly when it has no scheme."""
    assert URI.parse("//h/a").is_relative
    assert URI.parse("../x").is_relative
    assert URI.parse("?q").is_relative
    assert not URI.parse("a:").is_relative
    uri = URI.parse("a:b").set(scheme=None)
    assert uri.is_relative


def test_build_error_leaves_no_partial_constructor_state() -> None:
    """A constructor refusing a port without a host raises BuildError."""
    with pytest.raises(BuildError):
        URI(scheme="http", port=80, path="/x")


@pytest.mark.parametrize("value", [True, False])
def test_a_bool_is_not_a_port(value: bool) -> None:
    """A bool is refused as a port in both builds, in urikit's words (the compiled
    build once read True as the port 1)."""
    with pytest.raises(TypeError, match="port must be int or None, not bool"):
        URI(host="h", port=value)
    uri = URI.parse("http://h/")
    with pytest.raises(TypeError, match="port must be int or None, not bool"):
        uri.set(port=value)
    with pytest.raises(TypeError, match="port must be int or None, not bool"):
        uri.port = value
    assert str(uri) == "http://h/"


@pytest.mark.parametrize("value", ["no", 1, 0])
def test_has_port_takes_a_bool_only(value: object) -> None:
    """has_port is a bool in the constructor, set() and assignment; anything else is a
    TypeError, never read by its truthiness."""
    with pytest.raises(TypeError, match="has_port must be bool"):  # in both builds
        URI(host="h", has_port=value)  # type: ignore[arg-type]
    uri = URI.parse("http://h/")
    with pytest.raises(TypeError, match="has_port must be bool"):
        uri.set(has_port=value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="has_port must be bool"):
        uri.has_port = value  # type: ignore[assignment]
    assert str(uri) == "http://h/"


def test_has_port_in_the_constructor_and_fluently() -> None:
    """has_port=True without a port writes an empty port; False removes the ':'."""
    assert str(URI(scheme="http", host="h", has_port=True, path="/")) == "http://h:/"
    assert str(URI.parse("http://h:/").set(has_port=False)) == "http://h/"
    assert str(URI.parse("http://h:8/").set(has_port=True)) == "http://h:8/"
    with pytest.raises(BuildError):
        URI(host="h", port=8, has_port=False)


# --- appends in place (issue #12: n single edits cost n times one edit) -----------------


APPENDS: list[tuple[str, Callable[[URI], object], str]] = [
    ("http://h/?a=1", lambda u: u.add_param("k", "v"), "http://h/?a=1&k=v&k=v"),
    ("http://h/", lambda u: u.add_param("k", "v"), "http://h/?k=v&k=v"),
    ("http://h/files/", lambda u: u.add_segments("x"), "http://h/files/x/x"),
    ("http://h", lambda u: u.add_segments("x"), "http://h/x/x"),
    ("http://h/a", lambda u: u.path.append("x"), "http://h/a/x/x"),
    ("http://h/a", lambda u: u.text.path.append("é"), "http://h/a/%C3%A9/%C3%A9"),
    ("http://h/a?q", lambda u: u.params.add("k", None), "http://h/a?q&k&k"),
]


@pytest.mark.parametrize(("start", "edit", "after_two"), APPENDS)
def test_an_append_leaves_every_other_holder_unchanged(
        start: str, edit: Callable[[URI], object], after_two: str) -> None:
    # An append may grow the component's string where it lies; it must do so only when
    # the URI is its sole owner. A frozen copy (which shares the components), a copy,
    # the components read before and the text read before keep their values.
    uri = URI.parse(start)
    frozen, copy, components, text = uri.freeze(), uri.copy(), uri.components, str(uri)
    query, path = uri.query, uri.components.path
    edit(uri)
    edit(uri)
    assert str(uri) == after_two
    assert str(frozen) == str(copy) == text == start
    assert (components.query, components.path) == (query, path)
    assert URI.parse(after_two) == uri


def test_many_appends_give_the_text_of_one_join() -> None:
    uri = URI.parse("http://h/")
    for i in range(2000):
        uri.add_param("k", str(i)).add_segments(f"s{i}")
    expected_path = "/" + "/".join(f"s{i}" for i in range(2000))
    expected_query = "&".join(f"k={i}" for i in range(2000))
    assert str(uri) == f"http://h{expected_path}?{expected_query}"
    assert URI.parse(str(uri)) == uri


@pytest.mark.parametrize("parts", [("a",), ("http", "h", "/", "", "", "")])
def test_from_split_takes_five_parts_only(parts: tuple[str, ...]) -> None:
    """A tuple of another length is a TypeError, as for a value that is no tuple (it
    reached urlunsplit, whose ValueError escaped)."""
    with pytest.raises(TypeError, match="tuple of five str"):
        URI.from_split(parts)  # type: ignore[arg-type]


def test_same_origin_checks_its_argument_first() -> None:
    """A wrong type is a TypeError even where this URI has no origin to compare."""
    with pytest.raises(TypeError, match="other must be"):
        URI.parse("a/b").same_origin(None)  # type: ignore[arg-type]


def test_a_subclass_works_in_both_builds() -> None:
    """A user's subclass of URI or FrozenURI is constructed, parsed and built like its
    base (compiled, the classes allow subclasses that are not compiled), and the
    builders keep its type."""

    class Link(URI):
        def label(self) -> str:
            return f"<{self}>"

    class Pinned(FrozenURI):
        pass

    link = Link(scheme="https", host="h.example", path="/a")
    assert type(link) is Link
    assert link.label() == "<https://h.example/a>"
    assert link.add_segments("b") is link
    assert type(Link.parse("x:y")) is Link
    assert type(link.resolve("../c")) is Link
    assert str(link.resolve("../c")) == "https://h.example/c"
    assert type(link.copy()) is Link
    pinned = Pinned.parse("https://h.example/a/")
    assert type(pinned / "b") is Pinned
    assert type(pinned.set_param("k", "v")) is Pinned
    assert str(pinned.set_param("k", "v")) == "https://h.example/a/?k=v"
    assert str(pinned) == "https://h.example/a/"
    assert pinned == FrozenURI.parse("https://h.example/a/")


class _Tagged(URI):
    """A user's subclass with its own slots, one of them name-mangled."""

    __slots__ = ("__owner", "tag")

    def __init__(self, tag: str = "", **components: Any) -> None:
        super().__init__(**components)
        self.tag = tag
        self.__owner = [tag]

    def owner(self) -> list[str]:
        return self.__owner


class _Noted(FrozenURI):
    """A user's subclass with a ``__dict__``."""

    note: list[int]


def _copies() -> list[Any]:
    return [
        pytest.param(copy.copy, id="copy.copy"),
        pytest.param(copy.deepcopy, id="copy.deepcopy"),
        pytest.param(lambda u: pickle.loads(pickle.dumps(u)), id="pickle"),
    ]


@pytest.mark.parametrize("duplicate", _copies())
def test_a_subclass_keeps_its_own_attributes(duplicate: Callable[[Any], Any]) -> None:
    """pickle, copy and deepcopy keep a subclass's own slots and ``__dict__``, as they
    keep a plain object's, beside its components."""
    tagged = _Tagged(tag="t", scheme="http", host="h", path="/a")
    noted = _Noted.parse("http://h/b")
    noted.note = [1]
    for original, attribute in ((tagged, "tag"), (tagged, "_Tagged__owner"),
                                (noted, "note")):
        twin = duplicate(original)
        assert type(twin) is type(original)
        assert twin == original
        assert str(twin) == str(original)
        assert getattr(twin, attribute) == getattr(original, attribute)
    assert duplicate(tagged).owner() == ["t"]


def test_copy_method_keeps_a_subclass_s_attributes_shallowly() -> None:
    """``URI.copy`` of a subclass copies its own attributes as ``copy.copy`` does:
    the copy is independent, its attributes' values are shared."""
    tagged = _Tagged(tag="t", scheme="http", host="h", path="/a")
    twin = tagged.copy()
    assert (type(twin), twin.tag, twin.owner()) == (_Tagged, "t", ["t"])
    assert twin.owner() is tagged.owner()
    twin.add_segments("b")
    twin.tag = "u"
    assert (str(tagged), tagged.tag) == ("http://h/a", "t")
    assert copy.deepcopy(tagged).owner() is not tagged.owner()


def test_an_unset_slot_stays_unset() -> None:
    """A slot the subclass never set is not invented by a copy."""
    bare = _Tagged.parse("http://h/")
    for twin in (copy.copy(bare), bare.copy(), pickle.loads(pickle.dumps(bare))):
        with pytest.raises(AttributeError):
            twin.tag  # noqa: B018 (reading it is the test)


@pytest.mark.parametrize("cls", [URI, FrozenURI])
def test_evolve_keeps_a_zone_id(cls: type[URI] | type[FrozenURI]) -> None:
    """``attrs.evolve`` of a URI whose host holds a zone identifier passes the
    constructor ``allow_zone_id``, which the host needs to be read back (RFC 6874)."""
    import attrs

    untyped: Any = attrs
    zoned = cls.parse("http://[fe80::1%25eth0]:8/a", allow_zone_id=True)
    assert zoned.has_zone_id is True
    assert cls.parse("http://[fe80::1]/").has_zone_id is False
    evolved = untyped.evolve(zoned, fragment="x")
    assert (type(evolved), str(evolved)) == (cls, "http://[fe80::1%25eth0]:8/a#x")
    with pytest.raises(ParseError):
        untyped.evolve(zoned, host="[fe80::1%25eth1]", allow_zone_id=False)
