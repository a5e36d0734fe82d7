"""``URI.build``: a URI from plain values in one call, each encoded once for its place,
checked against yarl's ``URL.build`` on the same values."""

from __future__ import annotations

from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, BuildError, FrozenURI, IDNAError, ParseError, Query
from urikit._model.path import dot_segment_in

yarl = pytest.importorskip("yarl")

HOSTS: Final = ["example.com", "a.example", "127.0.0.1", "::1", "2001:db8::7",
                "bücher.example"]
#: A plain segment: any text but "/" (which yarl's path string would split on) and the
#: dot segments (which both refuse or resolve away).
SEGMENT: Final = st.text(st.characters(exclude_characters="/", exclude_categories=["Cs"]),
                         min_size=1, max_size=8).filter(lambda s: s not in (".", ".."))
TEXT: Final = st.text(st.characters(exclude_categories=["Cs"]), max_size=8)


@given(scheme=st.sampled_from(["http", "https", "ws"]), host=st.sampled_from(HOSTS),
       port=st.none() | st.integers(0, 65535), segments=st.lists(SEGMENT, max_size=4),
       query=st.dictionaries(TEXT.filter(bool), TEXT, max_size=3),
       fragment=st.none() | TEXT)
def test_build_reads_back_as_yarl_builds_the_same_values(
        scheme: str, host: str, port: int | None, segments: list[str],
        query: dict[str, str], fragment: str | None) -> None:
    """yarl reads urikit's text back to the decoded components its own ``URL.build``
    gives for the same plain values, and urikit reads yarl's text back to them too
    (yarl writes a space in the query as "+": read as a form)."""
    path = "".join("/" + s for s in segments)
    kwargs: dict[str, Any] = {"scheme": scheme, "host": host, "port": port, "path": path,
                              "query": query}
    if fragment is not None:  # yarl has no undefined fragment: "" is none
        kwargs["fragment"] = fragment
    uri = URI.build(**kwargs)
    theirs = yarl.URL.build(**kwargs)
    mine = yarl.URL(str(uri), encoded=True)
    assert (mine.scheme, mine.host, mine.port, mine.path, mine.fragment) == (
        theirs.scheme, theirs.host, theirs.port, theirs.path, theirs.fragment)
    assert list(mine.query.items()) == list(theirs.query.items())
    back = URI.parse(str(theirs))
    expected = ["", *segments] if segments else []
    assert list(uri.text.path) == expected
    # yarl writes an empty path under a host as "/" when a query or fragment follows
    assert list(back.text.path) in (expected, [] if segments else ["", ""])
    assert back.params.form.items() == uri.params.items() == list(query.items())
    assert uri.text.fragment == fragment  # "" kept: undefined is not empty
    assert (back.text.fragment or "") == (fragment or "")  # yarl writes "" as none
    assert back.port == uri.port
    assert URI.parse(str(uri)) == uri


def test_build_encodes_each_plain_value_once_for_its_place() -> None:
    """Each component is plain text: "%" and the delimiters are data, encoded once."""
    uri = URI.build(scheme="https", userinfo="me@home", host="::1", port=8443,
                    path=["v2", "a/b c", "50%"], query=[("q", "fish & chips"), ("q", None)],
                    fragment="part #2")
    assert str(uri) == ("https://me%40home@[::1]:8443/v2/a%2Fb%20c/50%25"
                        "?q=fish%20%26%20chips&q#part%20%232")
    assert uri.text.userinfo == "me@home"
    assert list(uri.text.path) == ["", "v2", "a/b c", "50%"]
    assert uri.params.get_all("q") == ["fish & chips", None]


def test_build_takes_a_query_as_text_a_mapping_pairs_or_a_query() -> None:
    """Text keeps "&" and "="; a mapping and pairs are encoded as parameters (``form``
    as a form); a Query is its wire text; an empty mapping is no query, "" the empty
    one."""
    assert str(URI.build(query="a=1&b c")) == "?a=1&b%20c"
    assert str(URI.build(query={"a": "x y", "b": "2"})) == "?a=x%20y&b=2"
    assert str(URI.build(query={"a": "x y"}, form=True)) == "?a=x+y"
    assert str(URI.build(query=[("k", "1"), ("k", "2")])) == "?k=1&k=2"
    assert str(URI.build(query=Query("a=%41"))) == "?a=%41"
    assert URI.build(query={}).query is None
    assert URI.build(query="").query == ""
    assert URI.build().query is None


def test_build_makes_a_path_under_a_host_absolute() -> None:
    """RFC 3986 §3.3: with an authority the path starts with "/"."""
    assert str(URI.build(scheme="http", host="h", path="a/b")) == "http://h/a/b"
    assert str(URI.build(scheme="http", host="h", path=["a", ""])) == "http://h/a/"
    assert str(URI.build(path="a:b")) == "./a:b"  # read back as a path, not a scheme


@pytest.mark.parametrize("path", ["/a/../b", "..", "./x", ["a", "."], ["..", "b"]])
def test_build_refuses_a_dot_segment_from_data(path: Any) -> None:
    """A "." or ".." in plain data would climb a level when resolved: refused."""
    with pytest.raises(BuildError, match="dot segment"):
        URI.build(scheme="http", host="h", path=path)


@pytest.mark.parametrize("kwargs", [{"port": 8443}, {"userinfo": "u"},
                                    {"scheme": "https", "port": 1, "path": "/v2/"}])
def test_build_refuses_a_port_or_userinfo_without_a_host(kwargs: dict[str, Any]) -> None:
    """RFC 3986 §3.2: no authority part without a host."""
    with pytest.raises(BuildError, match="needs a host"):
        URI.build(**kwargs)


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"scheme": "1x"}, ParseError), ({"scheme": "a b"}, ParseError),
    ({"host": "h", "port": -1}, ParseError), ({"host": "h", "port": 1.5}, TypeError),
    ({"host": "fe80::1%eth0"}, ParseError), ({"host": "xn--a"}, IDNAError),
    ({"host": 5}, TypeError), ({"host": "h", "port": "80"}, TypeError),
    ({"host": "h", "port": True}, TypeError), ({"path": 5}, TypeError),
    ({"query": 5}, TypeError), ({"query": b"a=1"}, TypeError),
    ({"fragment": b"x"}, TypeError), ({"userinfo": 1, "host": "h"}, TypeError)])
def test_build_refuses_what_cannot_be_encoded(kwargs: dict[str, Any],
                                              error: type[Exception]) -> None:
    """Invalid values are the errors the other builders give, each a URIError or a
    TypeError."""
    with pytest.raises(error):
        URI.build(**kwargs)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"scheme": 1}, "scheme must be str, not int"),
    ({"host": "h", "port": "80"}, "port must be int or None, not str"),
    ({"host": 5}, "a host must be str, not int"),
    ({"query": 5}, "query must be str, Query, a mapping or (key, value) pairs, not int")])
def test_build_names_a_wrongly_typed_value(kwargs: dict[str, Any], words: str) -> None:
    """A value of another type is a TypeError in urikit's words, in both builds (the
    parity test compares them)."""
    with pytest.raises(TypeError) as caught:
        URI.build(**kwargs)
    assert str(caught.value) == words


def test_build_takes_a_zone_identifier_when_allowed() -> None:
    """RFC 6874: the "%" of a zone identifier is written "%25"."""
    uri = URI.build(scheme="http", host="fe80::1%eth0", allow_zone_id=True)
    assert str(uri) == "http://[fe80::1%25eth0]"
    assert uri == URI.parse(str(uri), allow_zone_id=True)


def test_build_returns_the_class_it_is_called_on() -> None:
    """``FrozenURI.build`` gives a FrozenURI, a subclass's a subclass instance."""

    class Mine(URI):
        pass

    frozen = FrozenURI.build(scheme="http", host="h", path=["a b"])
    assert type(frozen) is FrozenURI
    assert frozen == FrozenURI.parse("http://h/a%20b")
    assert hash(frozen) == hash(FrozenURI.parse("http://h/a%20b"))
    mine = Mine.build(host="h")
    assert type(mine) is Mine
    assert str(mine) == "//h"


def test_build_differs_from_the_constructor_in_taking_plain_values() -> None:
    """The keyword constructor keeps taking wire text: the same value means another
    URI, or is refused."""
    assert str(URI(path="/a%20b")) == "/a%20b"
    assert str(URI.build(path="/a%20b")) == "/a%2520b"
    with pytest.raises(ParseError):
        URI(path="/a b")


#: Plain values that try the fast path's edges: delimiters of every component, "%",
#: dot segments, IP literals, A-labels, ports and text outside ASCII.
_PIECE: Final = st.sampled_from(["a", "B", ".", "..", "/", ":", "@", "?", "#", "[", "]",
                                 "%", "%41", "&", "=", "+", " ", "é", "xn--", "XN--a",
                                 "::1", "[::1]", "[v1.x]", "1.2.3.4", "~", "!", ";"])
_PLAIN: Final = st.lists(_PIECE, max_size=5).map("".join)


@given(scheme=st.none() | st.sampled_from(["http", "urn", "a+b", "1x", ""]),
       userinfo=st.none() | _PLAIN, host=st.none() | _PLAIN,
       port=st.none() | st.sampled_from([0, 80, 65535, 65536, -1]),
       path=_PLAIN, query=st.none() | _PLAIN, fragment=st.none() | _PLAIN)
def test_build_fast_path_agrees_with_encoding_each_value(
        scheme: str | None, userinfo: str | None, host: str | None, port: int | None,
        path: str, query: str | None, fragment: str | None) -> None:
    """URI.build's fast path (plain values that are their own wire text, proved by one
    match of the composed text) gives what encoding each value for its place gives, or
    leaves the values to it: the same URI, or the same error (300 generated inputs in
    the derandomized default profile; 3,000 in the sweep profile agreed too)."""
    from urikit._model import uri as model

    values = {"scheme": scheme, "userinfo": userinfo, "host": host, "port": port,
              "path": path, "query": query, "fragment": fragment}

    def outcome() -> object:
        try:
            built = URI.build(**values)  # type: ignore[arg-type]
        except Exception as error:  # the type and the words are compared
            return type(error).__name__, str(error)
        return str(built), built.components

    fast = outcome()
    unchanged = model._unchanged_plain(  # pyright: ignore[reportPrivateUsage]
        scheme, userinfo, host, port, path, query, fragment)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(model, "_unchanged_plain", lambda *_: None)
        assert outcome() == fast
    if unchanged is not None:  # the fast path's text is the URI's
        assert unchanged[1] == fast[0]  # type: ignore[index]


@pytest.mark.parametrize(("values", "taken"), [
    pytest.param(("https", "u:p", "h.example", 8080, "/a/b.html", "x=1&y", "top"), True,
                 id="every-component"),
    pytest.param(("https", None, "[::1]", None, "/", None, None), True, id="ip-literal"),
    pytest.param(("https", None, "h", None, "/50%", None, None), False, id="percent"),
    pytest.param(("https", None, "xn--bcher-kva.example", None, "", None, None), False,
                 id="a-label"),
    pytest.param(("https", None, "h", None, "/a/../b", None, None), False, id="dot-segment"),
    pytest.param(("https", None, "h", None, "a", None, None), False, id="relative-path"),
    pytest.param(("https", None, "::1", None, "", None, None), False, id="bare-ipv6"),
    pytest.param(("https", None, "h", 65536, "", None, None), False, id="port-range"),
    pytest.param(("https", None, "h", None, "/a b", None, None), False, id="space"),
])
def test_build_fast_path_is_taken_where_the_values_are_wire_text(
        values: tuple[Any, ...], taken: bool) -> None:
    """The fast path answers for plain values that are their own wire text, and leaves
    to encoding whatever needs a change or a check of its own."""
    from urikit._model import uri as model

    unchanged = model._unchanged_plain(*values)  # pyright: ignore[reportPrivateUsage]
    assert (unchanged is not None) == taken


@given(st.lists(st.sampled_from(["", ".", "..", "...", "a", ".a", "a.", "a.b", "%2E"]),
                max_size=5))
def test_a_dot_segment_is_found_wherever_it_is(pieces: list[str]) -> None:
    """``dot_segment_in`` (the check of ``URI.build``'s fast path and of every plain path
    string) finds the first "." or ".." piece, as splitting the text at every "/"
    finds it, though it splits only a text where a "." starts a piece."""
    text = "/".join(pieces)
    expected = next((p for p in text.split("/") if p in (".", "..")), None)
    assert dot_segment_in(text) == expected
