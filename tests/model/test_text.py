"""The plain-text views: ``uri.text`` and the ``*_text`` methods encode on write and
decode once on read; the wire setters take back what they give."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from urikit import (
    URI,
    BuildError,
    EncodingError,
    FrozenURI,
    ParseError,
    URIError,
    strategies,
)

from .host_text import host_read_back, host_refusal_expected, refusal

# --- writing plain text encodes it as data -----------------------------------------


def _fragment(t: str) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "fragment", t)


def _query(t: str) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "query", t)


def _userinfo(t: str) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "userinfo", t)


def _user(t: str) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "user", t)


def _password(t: str) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "password", t)


def _host(t: str) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "host", t)


def _path(t: str | list[str]) -> Callable[[URI], object]:
    return lambda u: setattr(u.text, "path", t)


def _append(t: str) -> Callable[[URI], object]:
    return lambda u: u.text.path.append(t)


TEXT_WRITES = [
    pytest.param(_fragment("#"), "http://h/p#%23", id="fragment hash"),
    pytest.param(_fragment("50%"), "http://h/p#50%25", id="fragment percent"),
    pytest.param(_fragment("a b?/"), "http://h/p#a%20b?/", id="fragment space"),
    pytest.param(_fragment(""), "http://h/p#", id="fragment empty"),
    pytest.param(_query("a b#c"), "http://h/p?a%20b%23c", id="query"),
    pytest.param(_query("a=1&b=+"), "http://h/p?a=1&b=+", id="query keeps delimiters"),
    pytest.param(_query("%7e"), "http://h/p?%257e", id="query percent"),
    pytest.param(_userinfo("a:b@c"), "http://a:b%40c@h/p", id="userinfo"),
    pytest.param(_user("a:b"), "http://a%3Ab@h/p", id="user colon"),
    pytest.param(_password("p:q@"), "http://:p:q%40@h/p", id="password"),
    pytest.param(_host("a b"), "http://a%20b/p", id="host space"),
    pytest.param(_host("::1"), "http://[::1]/p", id="host unbracketed address is a literal"),
    pytest.param(_host("[v1.x]"), "http://[v1.x]/p", id="host ipvfuture"),
    pytest.param(_host("[::1"), "http://%5B%3A%3A1/p", id="host half bracket is data"),
    pytest.param(_host("1.2.3.4"), "http://1.2.3.4/p", id="host ipv4"),
    pytest.param(_host("v1.x"), "http://v1.x/p", id="host name like ipvfuture"),
    pytest.param(_host("[::1]"), "http://[::1]/p", id="host ip literal"),
    # a name outside ASCII is stored as its A-label (UTS 46), never percent-encoded
    pytest.param(_host("ex\u00e4mple"), "http://xn--exmple-cua/p", id="host utf-8"),
    pytest.param(_host("bücher.example"), "http://xn--bcher-kva.example/p", id="host idn"),
    pytest.param(_host("a:80"), "http://a%3A80/p", id="host colon"),
    pytest.param(_host(""), "http:///p", id="host empty"),
    pytest.param(_path("/a b/c"), "http://h/a%20b/c", id="path str"),
    pytest.param(_path(["", "a/b"]), "http://h/a%2Fb", id="path segments"),
    pytest.param(_path("x?#"), "http://h/x%3F%23", id="path delimiters"),
    pytest.param(_append("a/b"), "http://h/p/a%2Fb", id="segment slash"),
    pytest.param(_append("Jos\u00e9"), "http://h/p/Jos%C3%A9", id="segment utf-8"),
    pytest.param(_append("50%"), "http://h/p/50%25", id="segment percent"),
    pytest.param(_append(":@!"), "http://h/p/:@!", id="segment pchar kept"),
]


@pytest.mark.parametrize(("edit", "expected"), TEXT_WRITES)
def test_text_write_encodes(edit: Callable[[URI], object], expected: str) -> None:
    """Writing plain text stores it percent-encoded as data for its component."""
    uri = URI.parse("http://h/p")
    edit(uri)
    assert str(uri) == expected


TEXT_METHODS = [
    pytest.param(lambda u: u.set_text(fragment="#"), "http://h/p#%23", id="fragment"),
    pytest.param(lambda u: u.set_text(query="a b"), "http://h/p?a%20b", id="query"),
    pytest.param(lambda u: u.set_text(userinfo="u@"), "http://u%40@h/p", id="userinfo"),
    pytest.param(lambda u: u.set_text(host="a b"), "http://a%20b/p", id="host"),
    pytest.param(lambda u: u.set_text(host="[fe80::1]"), "http://[fe80::1]/p", id="ipv6"),
    pytest.param(lambda u: u.set_text(host="::1"), "http://[::1]/p", id="unbracketed address"),
    pytest.param(lambda u: u.set_text(path="a b/c"), "http://h/a%20b/c", id="path"),
    pytest.param(lambda u: u.set_text(path=["a/b"]), "http://h/a%2Fb", id="path list"),
    pytest.param(lambda u: u.add_segments_text("a/b", "%"), "http://h/p/a%2Fb/%25",
                 id="add_segments_text"),
]


@pytest.mark.parametrize(("edit", "expected"), TEXT_METHODS)
def test_text_methods_encode(edit: Callable[[URI], URI], expected: str) -> None:
    """The ``*_text`` methods encode plain text and return the URI."""
    uri = URI.parse("http://h/p")
    assert edit(uri) is uri
    assert str(uri) == expected


# --- reading decodes exactly once ----------------------------------------------------

def test_text_read_decodes_once() -> None:
    """Each component reads decoded, once: ``%2525`` reads ``%25``."""
    uri = URI.parse("http://%7Eu%2525:p%40ss@ex%41mple%2525/a%2Fb/%2525?q%3D1%2525#f%23%2525")
    text = uri.text
    assert text.userinfo == "~u%25:p@ss"
    assert text.user == "~u%25"
    assert text.password == "p@ss"
    assert text.host == "exAmple%25"
    assert text.path == ["", "a/b", "%25"]
    assert text.path[1] == "a/b"
    assert text.path[1:] == ["a/b", "%25"]
    assert text.query == "q=1%25"
    assert text.fragment == "f#%25"


def test_text_read_of_undefined_components_is_none() -> None:
    """Undefined components read None; empty ones read ""."""
    text = URI.parse("a:b").text
    assert (text.userinfo, text.user, text.password, text.host, text.query,
            text.fragment) == (None, None, None, None, None, None)
    text = URI.parse("//@?#").text
    assert (text.userinfo, text.user, text.password, text.host, text.query,
            text.fragment) == ("", "", None, "", "", "")


HOST_READS = [
    pytest.param("http://[::1]/", "[::1]", id="ipv6 keeps brackets"),
    pytest.param("http://%3A%3A1/", "::1", id="reg-name of colons"),
    pytest.param("http://[v1.x]/", "[v1.x]", id="ipvfuture keeps brackets"),
    pytest.param("http://1.2.3.4/", "1.2.3.4", id="ipv4"),
    pytest.param("http://a%20b/", "a b", id="reg-name decoded"),
]


@pytest.mark.parametrize(("text", "host"), HOST_READS)
def test_text_host_read(text: str, host: str) -> None:
    """The host reads as an IP literal with its brackets or as a decoded name, so the
    two never read alike."""
    assert URI.parse(text).text.host == host


def test_text_host_read_of_zone_id() -> None:
    """An IP literal with a zone identifier reads as written, and writes back so: the
    URI holds one, so it was read or built with allow_zone_id."""
    uri = URI.parse("//[fe80::1%25eth0]", allow_zone_id=True)
    assert uri.text.host == "[fe80::1%25eth0]"
    uri.text.host = uri.text.host
    assert str(uri) == "//[fe80::1%25eth0]"
    uri.text.host = "[fe80::2%25en1]"
    assert URI.parse(str(uri), allow_zone_id=True) == uri


def test_text_host_write_of_zone_id_needs_the_option() -> None:
    """A URI without a zone identifier gets none from a text write: its text would not
    read back without allow_zone_id (RFC 6874); set_text takes the option."""
    uri = URI.parse("http://h/p")
    with pytest.raises(ParseError, match="allow_zone_id"):
        uri.text.host = "[fe80::1%25eth0]"
    with pytest.raises(ParseError, match="allow_zone_id"):
        uri.set_text(host="[fe80::1%25eth0]")
    assert str(uri) == "http://h/p"
    uri.set_text(host="[fe80::1%25eth0]", allow_zone_id=True)
    assert URI.parse(str(uri), allow_zone_id=True) == uri


def test_text_user_and_password_edit_their_half() -> None:
    """Writing the user keeps the password, writing the password keeps the user, and
    None removes the password or the whole userinfo."""
    uri = URI.parse("http://joe:pw@h/")
    uri.text.user = "a:b"
    assert str(uri) == "http://a%3Ab:pw@h/"
    uri.text.password = "x y"
    assert str(uri) == "http://a%3Ab:x%20y@h/"
    uri.text.password = None
    assert str(uri) == "http://a%3Ab@h/"
    uri.text.user = None
    assert str(uri) == "http://h/"


def test_text_none_removes() -> None:
    """Writing None removes a component."""
    uri = URI.parse("http://h/p?q#f")
    uri.text.fragment = None
    uri.text.query = None
    assert str(uri) == "http://h/p"
    uri.set_text(host=None)
    assert str(uri) == "http:/p"


def test_text_write_surrogate_escapes() -> None:
    """U+DC80..U+DCFF write the raw octets they stand for; other surrogates raise
    URIError and change nothing."""
    uri = URI.parse("http://h/p#f")
    uri.text.fragment = "\udcff"
    assert str(uri) == "http://h/p#%FF"
    assert uri.text.fragment == "\udcff"
    with pytest.raises(EncodingError):
        uri.text.fragment = chr(0xD800)
    with pytest.raises(EncodingError):
        uri.add_segments_text(chr(0xDC00))
    with pytest.raises(URIError):
        uri.set_text(host=chr(0xDFFF))
    assert str(uri) == "http://h/p#%FF"


@pytest.mark.parametrize("value", [b"x", 1, ["a"]])
def test_text_write_rejects_non_str(value: object) -> None:
    """Writing anything but a str or None raises TypeError."""
    uri = URI.parse("http://h/p")
    with pytest.raises(TypeError):
        uri.text.fragment = value  # type: ignore[assignment]
    with pytest.raises(TypeError):
        uri.set_text(host=value)  # type: ignore[arg-type]
    assert str(uri) == "http://h/p"


def test_wire_setter_refuses_plain_text() -> None:
    """Plain text given to a wire setter is rejected with a hint at the text API."""
    uri = URI.parse("http://h/p")
    with pytest.raises(ParseError) as info:
        uri.fragment = "50%"
    assert info.value.position == 2
    assert "text" in info.value.hint


# --- identity 1: reading wire text and writing it back changes nothing ---------------

WIRE_TEXTS = [
    "http://u%7e:p%40@ex%41mple:0080/a%2Fb/%2525/c:d@?q%3D=1+2&x#f%23?/",
    "HTTP://[::1]:/",
    "//[v1.x]",
    "a:b:c",
    "./a:b",
    "/.//x",
    "//h//x",
    "file:///",
    "",
    "?#",
    "http://h/a/",
    "http://h",
    "a/",
    "//@:",
]


def _same_wire(uri: URI) -> None:
    uri.scheme = uri.scheme
    uri.userinfo = uri.userinfo
    uri.host = uri.host
    uri.has_port = uri.has_port
    uri.path = list(uri.path)
    uri.path = uri.components.path
    uri.path[:] = list(uri.path)
    uri.query = uri.query
    uri.fragment = uri.fragment
    uri.set(scheme=uri.scheme).set(userinfo=uri.userinfo).set(host=uri.host)
    uri.set(path=uri.components.path).set(path=list(uri.path))
    uri.set(query=uri.query).set(fragment=uri.fragment)
    for k, segment in enumerate(list(uri.path)):
        uri.path[k] = segment


@pytest.mark.parametrize("text", WIRE_TEXTS)
def test_wire_read_then_write_changes_nothing(text: str) -> None:
    """Assigning each wire component its own value leaves the text unchanged: nothing
    is encoded twice or normalized."""
    uri = URI.parse(text)
    before = uri.copy()
    _same_wire(uri)
    assert uri == before
    assert str(uri) == text


def test_wire_read_then_write_of_a_zone_id_host() -> None:
    """A host read from a URI parsed with ``allow_zone_id`` is written back unchanged
    with the same explicit opt-in; every write without it rejects the zone id."""
    uri = URI.parse("http://[fe80::1%25eth0]/", allow_zone_id=True)
    uri.set(host=uri.host, allow_zone_id=True)
    assert str(uri) == "http://[fe80::1%25eth0]/"
    with pytest.raises(ParseError) as info:
        uri.host = uri.host
    assert "allow_zone_id" in info.value.hint
    assert str(uri) == "http://[fe80::1%25eth0]/"


# --- identity 2: writing plain text and reading it back gives the text ---------------

_TEXT = st.text()  # the default alphabet excludes surrogates


def _segments_of(text: str) -> list[str]:
    """The segments a "/"-separated text path stands for."""
    return text.split("/") if text else []


@given(_TEXT)
def test_text_fragment_identity(text: str) -> None:
    """The fragment written as text reads back as that text, through the view and the
    method, and the URI text reads back to the same URI."""
    uri = URI.parse("http://h/p")
    uri.text.fragment = text
    assert uri.text.fragment == text
    assert URI.parse(str(uri)) == uri
    assert uri.set_text(fragment=text).text.fragment == text


@given(_TEXT)
def test_text_query_identity(text: str) -> None:
    """The whole query written as text reads back as that text."""
    uri = URI.parse("http://h/p")
    uri.text.query = text
    assert uri.text.query == text
    assert URI.parse(str(uri)) == uri
    assert uri.set_text(query=text).text.query == text


@given(_TEXT)
def test_text_userinfo_identity(text: str) -> None:
    """The userinfo written as text reads back as that text."""
    uri = URI.parse("http://h/p")
    uri.text.userinfo = text
    assert uri.text.userinfo == text
    assert URI.parse(str(uri)) == uri
    assert uri.set_text(userinfo=text).text.userinfo == text


@given(_TEXT, _TEXT)
def test_text_user_and_password_identity(user: str, password: str) -> None:
    """User and password written as text read back as written, each independent of the
    other."""
    uri = URI.parse("http://h/p")
    uri.text.user = user
    uri.text.password = password
    assert (uri.text.user, uri.text.password) == (user, password)
    uri.text.user = password
    assert (uri.text.user, uri.text.password) == (password, password)
    assert URI.parse(str(uri)) == uri


@given(st.one_of(_TEXT, st.ip_addresses(v=6).map(str)))
@example("::")  # drawn by CI once: a plain-text IPv6 address becomes an IP literal
@example("xn--a")  # no A-label: UTS 46 refuses it
def test_text_host_identity(text: str) -> None:
    """The host written as text reads back as that text; an IPv6 address as plain text
    reads back as the IP literal it becomes (``::`` as ``[::]``); a name outside ASCII
    reads back as its A-labels (or is refused by UTS 46): ``host_read_back``."""
    uri = URI.parse("http://h/p")
    error = refusal(lambda: setattr(uri.text, "host", text))
    if error is not None:
        assert host_refusal_expected(text, error), error
        assert str(uri) == "http://h/p"
        return
    expected = host_read_back(text)
    assert uri.text.host == expected
    assert URI(scheme="http", path="/p").set_text(host=text).text.host == expected
    if not text.isascii():
        assert uri.host is not None
        assert uri.host.isascii()
        assert "%" not in uri.host
    assert URI.parse(str(uri)) == uri


@given(st.lists(_TEXT))
def test_text_path_segments_identity(segments: list[str]) -> None:
    """Path segments written as text read back as written ("/" in a segment is data),
    except ``[""]``, the root marker alone, which has no text ("." and "..", which
    plain text never becomes, are in test_path_strings)."""
    assume(segments != [""])
    assume(not {".", ".."} & set(segments))
    uri = URI.parse("a:")
    uri.text.path = segments
    assert uri.text.path == segments
    assert uri.set_text(path=segments).text.path == segments
    back = URI.parse(str(uri))
    assert back == uri or back.components.path == "/." + uri.components.path


@given(_TEXT)
def test_text_path_str_identity(text: str) -> None:
    """A path written as "/"-separated text reads back as the segments of that text
    ("." and ".." pieces are refused: test_path_strings)."""
    assume(not {".", ".."} & set(text.split("/")))
    uri = URI.parse("a:")
    uri.text.path = text
    assert uri.text.path == _segments_of(text)
    assert uri.set_text(path=text).text.path == _segments_of(text)


@given(_TEXT)
def test_text_segment_methods_identity(text: str) -> None:
    """Each segment method writes one segment that reads back as the text ("." and
    ".." are refused: test_path_strings)."""
    assume(text not in (".", ".."))
    uri = URI.parse("http://h/a/b")
    path = uri.text.path
    path.append(text)
    assert path[-1] == text
    path.insert(1, text)
    assert path[1] == text
    path[2] = text
    assert path[2] == text
    path.extend([text, text])
    assert path[-2:] == [text, text]
    assert uri.add_segments_text(text).text.path[-1] == text
    if text:
        with pytest.raises(BuildError):
            path.insert(0, text)  # the root marker stays at index 0 (RFC 3986 §3.3)
    assert path[0] == ""
    assert URI.parse(str(uri)) == uri


@given(_TEXT)
def test_text_path_under_authority_reads_back(text: str) -> None:
    """A text path set under an authority reads back as its segments, made absolute."""
    assume(not {".", ".."} & set(text.split("/")))  # refused: test_path_strings
    uri = URI.parse("http://h")
    uri.text.path = text
    segments = _segments_of(text)
    if segments and segments[0] != "":
        segments = ["", *segments]
    assert uri.text.path == segments
    assert URI.parse(str(uri)) == uri


@given(strategies.uri_references())
def test_wire_read_then_write_changes_nothing_for_any_reference(text: str) -> None:
    """For any URI-reference, assigning each wire component its own value leaves the
    URI and its text unchanged."""
    uri = URI.parse(text)
    before = uri.copy()
    _same_wire(uri)
    assert uri == before
    assert str(uri) == text


# --- identity 3: writing back what a text view reads changes nothing ---------------

#: The components of ``uri.text`` that read and write one str (or None).
TEXT_VIEW_NAMES = ["userinfo", "user", "password", "host", "query", "fragment"]

#: Wire texts whose decoded reading, written anew, would be another component: a
#: reg-name that spells an IPv6 address (the issue's ``%3A%3A1``: ``::1`` written anew
#: is the IP literal ``[::1]``), or an IP literal, or a name UTS 46 maps or refuses; an
#: encoded delimiter (":" in the userinfo, "&", "=", "+" in the query); an encoded
#: dot segment, which plain text never becomes; an encoded unreserved character.
READ_BACK_WIRE = [
    "http://%3A%3A1/",
    "http://%3A%3Affff%3A192.0.2.1/",
    "http://%5B%3A%3A1%5D/",
    "http://%5Bv1.x%5D/",
    "http://xn--a/",
    "http://%C3%A9/",
    "http://ex%41mple/",
    "//a%3Ab:c%3Ad@h?a%26b%3D%2B=1#%7e",
    "/a/%2E/%2e%2E/%7e/x%2Fy",
    "a:%2E",
]


def _write_back(uri: URI) -> None:
    """Write every component of ``uri.text`` with what it reads, through each way in:
    the view's attributes, the path as a list, as the view, segment by segment and as
    a slice, and ``set_text``."""
    for name in TEXT_VIEW_NAMES:
        setattr(uri.text, name, getattr(uri.text, name))
    uri.text.path = list(uri.text.path)
    uri.text.path = uri.text.path
    for k in range(len(uri.text.path)):
        uri.text.path[k] = uri.text.path[k]
    uri.text.path[:] = uri.text.path[:]
    uri.set_text(userinfo=uri.text.userinfo, host=uri.text.host, path=list(uri.text.path),
                 query=uri.text.query, fragment=uri.text.fragment)


@given(strategies.uri_references())
@example("http://%3A%3A1/")  # the issue's: it became http://[::1]/, another host
@example("//a%3Ab@h?a%26b=1")  # it became user "a", password "b", and two parameters
@example("/%2E")  # it was refused: "." from plain text is a dot segment
def test_text_read_then_write_changes_nothing(text: str) -> None:
    """For any URI-reference, writing each component of the text view with what it
    reads leaves the URI as it was, wire text and all, on a URI and through a
    FrozenURI's ``set_text`` (the one rule: text that reads as the component it
    replaces keeps that component)."""
    uri = URI.parse(text)
    _write_back(uri)
    assert str(uri) == text
    frozen = FrozenURI.parse(text)
    assert frozen.set_text(userinfo=frozen.text.userinfo, host=frozen.text.host,
                           path=list(frozen.text.path), query=frozen.text.query,
                           fragment=frozen.text.fragment) == frozen


@pytest.mark.parametrize("text", READ_BACK_WIRE)
def test_text_read_then_write_keeps_what_decoding_loses(text: str) -> None:
    """The wire texts whose reading, written anew, is another component (or refused)
    are kept when written back; written to another URI, the same text takes its own
    reading (``::1`` is the IP literal ``[::1]`` there)."""
    uri = URI.parse(text)
    _write_back(uri)
    assert str(uri) == text
    if text == "http://%3A%3A1/":
        other = URI.parse("http://h/")
        other.text.host = URI.parse(text).text.host
        assert str(other) == "http://[::1]/"


def test_text_write_of_escapes_forming_utf8_is_refused() -> None:
    """"\\udcc3\\udca9" would read back as "é": every text view refuses it with a
    URIError saying why, and the URI is unchanged."""
    uri = URI.parse("http://u@h/p?a=1#f")
    before = str(uri)
    sneaky = "\udcc3\udca9"
    writes: list[Callable[[], object]] = [
        lambda: setattr(uri.text, "fragment", sneaky),
        lambda: setattr(uri.text, "query", sneaky),
        lambda: setattr(uri.text, "userinfo", sneaky),
        lambda: setattr(uri.text, "user", sneaky),
        lambda: setattr(uri.text, "password", sneaky),
        lambda: setattr(uri.text, "host", sneaky),
        lambda: setattr(uri.text, "path", sneaky),
        lambda: uri.text.path.append(sneaky),
        lambda: uri.params.add("k", sneaky),
        lambda: uri.params.set(sneaky, "v"),
        lambda: uri.set_text(fragment=sneaky),
        lambda: uri.add_segments_text(sneaky),
    ]
    for write in writes:
        with pytest.raises(EncodingError, match="UTF-8 of 'é'"):
            write()
        assert str(uri) == before


# --- plain IPv6 text is an IP literal (RFC 3986 §3.2.2, RFC 6874 §2) ----------------

RFC_3986_3_2_2_IPV6_TEXT = [
    pytest.param("::1", "[::1]", id="loopback"),
    pytest.param("2001:DB8::7", "[2001:DB8::7]", id="case-kept"),
    pytest.param("::ffff:192.0.2.1", "[::ffff:192.0.2.1]", id="ipv4-mapped"),
    pytest.param("[::1]", "[::1]", id="bracketed-as-is"),
    pytest.param("a:b", "a%3Ab", id="no-address-is-a-name"),
]


@pytest.mark.parametrize(("text", "wire"), RFC_3986_3_2_2_IPV6_TEXT)
def test_plain_ipv6_host_is_an_ip_literal(text: str, wire: str) -> None:
    """An IPv6 address as ipaddress, socket and frameworks hand it (no brackets) is
    stored as its IP literal, through set_text and the text view alike; text that is
    no IPv6 address stays a registered name."""
    built = URI(scheme="http", path="/").set_text(host=text)
    assert built.host == wire
    viewed = URI.parse("http://h/")
    viewed.text.host = text
    assert viewed == built
    assert URI.parse(str(built)) == built


def test_plain_zone_id_is_built_when_opted_in() -> None:
    """``fe80::1%eth0`` becomes ``[fe80::1%25eth0]`` with allow_zone_id (RFC 6874 §2:
    the "%" is written "%25"; the zone is data, so its own "%" is encoded once), and
    the text reads back with the same option."""
    uri = URI(scheme="http", path="/").set_text(host="fe80::1%eth0", allow_zone_id=True)
    assert str(uri) == "http://[fe80::1%25eth0]/"
    assert URI.parse(str(uri), allow_zone_id=True) == uri
    odd = URI(scheme="http", path="/").set_text(host="fe80::1%a b%", allow_zone_id=True)
    assert odd.host == "[fe80::1%25a%20b%25]"
    held = URI.parse("http://[fe80::1%25x]/", allow_zone_id=True)
    held.text.host = "fe80::2%eth1"  # the URI holds a zone: the view keeps the option
    assert held.host == "[fe80::2%25eth1]"


@pytest.mark.parametrize(("text", "allow"), [
    pytest.param("fe80::1%eth0", False, id="not-opted-in"),
    pytest.param("fe80::1%", True, id="empty-zone"),
])
def test_plain_zone_id_refused(text: str, allow: bool) -> None:
    """A zone identifier without allow_zone_id, or an empty one, is a ParseError and
    the URI is left as it was."""
    uri = URI.parse("http://h/")
    with pytest.raises(ParseError, match="zone"):
        uri.set_text(host=text, allow_zone_id=allow)
    with pytest.raises(ParseError, match="zone"):
        uri.text.host = text
    assert str(uri) == "http://h/"


@given(st.ip_addresses(v=6))
def test_ipv6_address_text_reads_back(address: object) -> None:
    """Every IPv6 address's text, as ipaddress writes it, builds an IP literal that
    reads back from its own text; a frozen original is unchanged."""
    from urikit import FrozenURI

    frozen = FrozenURI.parse("http://h/")
    built = frozen.set_text(host=str(address))
    assert built.host == f"[{address}]"
    assert FrozenURI.parse(str(built)) == built
    assert str(frozen) == "http://h/"


# --- labels, parent domain, in_domain (RFC 1034 §3.1) -----------------------------

RFC_1034_3_1_SUBDOMAIN = [
    pytest.param("http://a.example.com/", "example.com", True, id="subdomain"),
    pytest.param("http://example.com/", "example.com", True, id="itself"),
    pytest.param("http://badexample.com/", "example.com", False, id="suffix-not-label"),
    pytest.param("http://A.EXAMPLE.com./", "Example.COM", True, id="case-and-fqdn-dot"),
    pytest.param("http://www.xn--bcher-kva.example/", "bücher.example", True, id="u-label"),
    pytest.param("http://b%C3%BCcher.example/", "xn--bcher-kva.example", True,
                 id="pct-utf8-vs-a-label"),
    pytest.param("http://example.com/", "a.example.com", False, id="parent-not-within"),
    pytest.param("http://[::1]/", "::1", True, id="ipv6-itself"),
    pytest.param("http://192.0.2.1/", "2.1", False, id="ipv4-within-nothing"),
    pytest.param("http://a.192.0.2.1/", "192.0.2.1", False, id="ip-contains-nothing"),
    pytest.param("http://x/", "", False, id="empty-domain-only-empty-host"),
    pytest.param("file:///x", "", True, id="empty-host-itself"),
    pytest.param("/x", "example.com", False, id="no-host"),
]


@pytest.mark.parametrize(("uri", "domain", "within"), RFC_1034_3_1_SUBDOMAIN)
def test_in_domain_is_label_wise(uri: str, domain: str, within: bool) -> None:
    """A host is in a domain when the domain's labels end its labels (RFC 1034 §3.1),
    case-insensitively and a U-label as its A-label; an IP address only in itself."""
    assert URI.parse(uri).in_domain(domain) is within


def test_in_domain_refuses_an_empty_label() -> None:
    """A cookie-style leading dot is no domain: it would silently match nothing."""
    with pytest.raises(ParseError, match="empty label"):
        URI.parse("http://a.example.com/").in_domain(".example.com")


@pytest.mark.parametrize(("uri", "labels", "parent"), [
    pytest.param("http://www.example.com/", ("www", "example", "com"), "example.com",
                 id="name"),
    pytest.param("http://www.example.com./", ("www", "example", "com", ""), "example.com.",
                 id="fqdn-dot-kept"),
    pytest.param("http://localhost/", ("localhost",), None, id="single-label"),
    pytest.param("http://com./", ("com", ""), None, id="single-label-fqdn"),
    pytest.param("http://a%2Eb.c/", ("a", "b", "c"), "b.c", id="decoded-once"),
    pytest.param("http://[::1]/", None, None, id="ip-literal"),
    pytest.param("http://192.0.2.1/", None, None, id="ipv4"),
    pytest.param("file:///x", (), None, id="empty-host"),
    pytest.param("/x", None, None, id="no-host"),
])
def test_labels_and_parent_domain(uri: str, labels: tuple[str, ...] | None,
                                  parent: str | None) -> None:
    """The text view reads the host's labels as plain text and its parent domain."""
    text = URI.parse(uri).text
    assert text.labels == labels
    assert text.parent_domain == parent
