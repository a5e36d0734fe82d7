"""Parsing (RFC 3986 §3, Appendix A): what is a URI-reference, its components, and where
invalid text first goes wrong."""

from __future__ import annotations

import pickle
from dataclasses import dataclass

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from urikit import URI, ParseError, URIError, strategies


@dataclass(frozen=True)
class C:
    """The expected components of a parsed reference (wire form, None = undefined)."""

    scheme: str | None = None
    userinfo: str | None = None
    host: str | None = None
    port: int | None = None
    path: str = ""
    query: str | None = None
    fragment: str | None = None
    has_port: bool | None = None  # None: the same as "port is not None"


def components(uri: URI) -> C:
    """The components of ``uri`` in the shape of an expectation."""
    return C(uri.scheme, uri.userinfo, uri.host, uri.port, uri.components.path, uri.query,
             uri.fragment, uri.has_port)


def expected(c: C) -> C:
    """``c`` with ``has_port`` filled in."""
    has_port = c.port is not None if c.has_port is None else c.has_port
    return C(c.scheme, c.userinfo, c.host, c.port, c.path, c.query, c.fragment, has_port)


# RFC 3986 §1.1.2: "example URIs [that] illustrate several URI schemes and variations in
# their common syntax components".
RFC3986_1_1_2_EXAMPLES = [
    pytest.param("ftp://ftp.is.co.za/rfc/rfc1808.txt",
                 C("ftp", None, "ftp.is.co.za", None, "/rfc/rfc1808.txt"), id="ftp"),
    pytest.param("http://www.ietf.org/rfc/rfc2396.txt",
                 C("http", None, "www.ietf.org", None, "/rfc/rfc2396.txt"), id="http"),
    pytest.param("ldap://[2001:db8::7]/c=GB?objectClass?one",
                 C("ldap", None, "[2001:db8::7]", None, "/c=GB", "objectClass?one"), id="ldap"),
    pytest.param("mailto:John.Doe@example.com",
                 C("mailto", path="John.Doe@example.com"), id="mailto"),
    pytest.param("news:comp.infosystems.www.servers.unix",
                 C("news", path="comp.infosystems.www.servers.unix"), id="news"),
    pytest.param("tel:+1-816-555-1212", C("tel", path="+1-816-555-1212"), id="tel"),
    pytest.param("telnet://192.0.2.16:80/", C("telnet", None, "192.0.2.16", 80, "/"),
                 id="telnet"),
    pytest.param("urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
                 C("urn", path="oasis:names:specification:docbook:dtd:xml:4.1.2"), id="urn"),
]

# RFC 3986 §3: "The following are two example URIs and their component parts".
RFC3986_3_EXAMPLE = [
    pytest.param("foo://example.com:8042/over/there?name=ferret#nose",
                 C("foo", None, "example.com", 8042, "/over/there", "name=ferret", "nose"),
                 id="foo"),
    pytest.param("urn:example:animal:ferret:nose",
                 C("urn", path="example:animal:ferret:nose"), id="urn"),
]


@pytest.mark.parametrize(("text", "parts"), RFC3986_1_1_2_EXAMPLES + RFC3986_3_EXAMPLE)
def test_rfc_examples_parse_to_their_components(text: str, parts: C) -> None:
    """Each example of RFC 3986 §1.1.2 and §3 parses to its components and is written
    back unchanged."""
    uri = URI.parse(text)
    assert components(uri) == expected(parts)
    assert str(uri) == text
    assert uri.is_relative is False


def test_rfc3986_3_example_authority() -> None:
    """The §3 example's authority is ``example.com:8042``."""
    assert URI.parse("foo://example.com:8042/over/there?name=ferret#nose").authority == \
        "example.com:8042"


_HEX = "0123456789abcdefABCDEF"
_SUB = "!$&'()*+,;="

# Valid references, each checked by hand against Appendix A; ``None`` where only the
# round trip is asserted.
VALID: list[tuple[str, C | None]] = [
    # --- IPv6address, the nine alternatives (§3.2.2) ---
    # 6( h16 ":" ) ls32
    ("//[1:2:3:4:5:6:7:8]", C(host="[1:2:3:4:5:6:7:8]")),
    ("//[1:2:3:4:5:6:1.2.3.4]", C(host="[1:2:3:4:5:6:1.2.3.4]")),
    ("//[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]",  # the longest IPv6 text
     C(host="[ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255]")),
    ("//[FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF]",
     C(host="[FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF:FFFF]")),
    ("//[0000:0000:0000:0000:0000:0000:0000:0000]", None),
    ("//[0:0:0:0:0:0:0:0]", None),
    # "::" 5( h16 ":" ) ls32
    ("//[::2:3:4:5:6:7:8]", C(host="[::2:3:4:5:6:7:8]")),
    ("//[::2:3:4:5:6:1.2.3.4]", C(host="[::2:3:4:5:6:1.2.3.4]")),
    # [ h16 ] "::" 4( h16 ":" ) ls32
    ("//[1::3:4:5:6:7:8]", C(host="[1::3:4:5:6:7:8]")),
    ("//[::3:4:5:6:7:8]", None),
    ("//[1::3:4:5:6:1.2.3.4]", None),
    # [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    ("//[1:2::5:6:7:8]", C(host="[1:2::5:6:7:8]")),
    ("//[1:2::5:6:1.2.3.4]", None),
    # [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    ("//[1:2:3::6:7:8]", C(host="[1:2:3::6:7:8]")),
    ("//[1:2:3::6:0.0.0.0]", None),
    # [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
    ("//[1:2:3:4::6:7:8]", C(host="[1:2:3:4::6:7:8]")),
    ("//[::ffff:192.0.2.1]", C(host="[::ffff:192.0.2.1]")),
    # [ *4( h16 ":" ) h16 ] "::" ls32
    ("//[1:2:3:4:5::7:8]", C(host="[1:2:3:4:5::7:8]")),
    ("//[1:2:3:4:5::1.2.3.4]", None),
    ("//[::1.2.3.4]", C(host="[::1.2.3.4]")),
    ("//[::255.255.255.255]", None),
    ("//[1::0.0.0.0]", None),
    # [ *5( h16 ":" ) h16 ] "::" h16
    ("//[1:2:3:4:5:6::8]", C(host="[1:2:3:4:5:6::8]")),
    ("//[::1]", C(host="[::1]")),
    ("//[1::1]", None),
    ("//[fe80::1]", None),
    ("//[2001:DB8::7]", None),
    ("//[0000:0000::0001]", None),
    # [ *6( h16 ":" ) h16 ] "::"
    ("//[1:2:3:4:5:6:7::]", C(host="[1:2:3:4:5:6:7::]")),
    ("//[1::]", C(host="[1::]")),
    ("//[::]", C(host="[::]")),
    ("http://[::]:0/", C("http", None, "[::]", 0, "/")),
    ("http://[::1]:", C("http", None, "[::1]", None, "", has_port=True)),
    ("http://u@[::1]:80/p?q#f", C("http", "u", "[::1]", 80, "/p", "q", "f")),
    ("//[aBcD:eF01::]", None),
    # --- IPvFuture ---
    ("//[v1.x]", C(host="[v1.x]")),
    ("//[vF.a:b]", C(host="[vF.a:b]")),
    ("//[V7.x]", C(host="[V7.x]")),  # ABNF strings are case-insensitive (RFC 5234)
    ("//[v12AB.x]", None),
    ("//[v1.!$&'()*+,;=-._~:]", C(host="[v1.!$&'()*+,;=-._~:]")),
    ("//[v1.::]", None),
    ("http://[v1.x]:8/", C("http", None, "[v1.x]", 8, "/")),
    # --- IPv4address and reg-names that look like it ---
    ("//0.0.0.0", C(host="0.0.0.0")),
    ("//255.255.255.255", C(host="255.255.255.255")),
    ("//192.0.2.16:80", C(host="192.0.2.16", port=80)),
    ("//256.256.256.256", C(host="256.256.256.256")),  # not dec-octets: a reg-name
    ("//01.02.03.04", C(host="01.02.03.04")),  # leading zeros: a reg-name
    ("//1.2.3", C(host="1.2.3")),
    ("//0x7f.1", C(host="0x7f.1")),
    ("//1.2.3.4.5", None),
    ("//127.1", None),
    # --- reg-name ---
    ("http://A", C("http", None, "A", None, "")),
    ("HTTP://A", C("HTTP", None, "A", None, "")),
    ("//example.com.", None),
    ("//-._~", C(host="-._~")),
    ("//" + _SUB, C(host=_SUB)),
    ("//%41%42", C(host="%41%42")),
    ("//%e2%98%83", None),
    ("//a%2Fb", C(host="a%2Fb")),
    ("//xn--nxasmq6b", None),
    # --- empty host, empty authority ---
    ("file:///x", C("file", None, "", None, "/x")),
    ("file:///", C("file", None, "", None, "/")),
    ("file://", C("file", None, "", None, "")),
    ("//", C(host="")),
    ("///", C(host="", path="/")),
    ("///a", C(host="", path="/a")),
    ("////", C(host="", path="//")),
    ("a:////", C("a", None, "", None, "//")),
    ("//?", C(host="", query="")),
    ("//#", C(host="", fragment="")),
    # --- port ---
    ("http://h:/", C("http", None, "h", None, "/", has_port=True)),
    ("http://h:", C("http", None, "h", None, "", has_port=True)),
    ("//h:", C(host="h", has_port=True)),
    ("//:", C(host="", has_port=True)),
    ("//:80", C(host="", port=80)),
    ("http://h:0080/", C("http", None, "h", 80, "/")),
    ("http://h:0/", C("http", None, "h", 0, "/")),
    ("http://h:00/", C("http", None, "h", 0, "/")),
    ("http://h:65535", C("http", None, "h", 65535, "")),
    ("http://h:65536", C("http", None, "h", 65536, "")),  # port = *DIGIT: no upper bound
    ("http://h:99999999999999999999/", C("http", None, "h", 99999999999999999999, "/")),
    ("http://h:8080?q", C("http", None, "h", 8080, "", "q")),
    ("http://h:8080#f", C("http", None, "h", 8080, "", None, "f")),
    # --- userinfo ---
    ("//a@b", C(None, "a", "b")),
    ("//@", C(None, "", "")),
    ("//@h", C(None, "", "h")),
    ("//u:p@h", C(None, "u:p", "h")),
    ("//:@h", C(None, ":", "h")),
    ("//u:@h", C(None, "u:", "h")),
    ("//:p@h", C(None, ":p", "h")),
    ("//a:b:c@h", C(None, "a:b:c", "h")),
    ("//::@h:", C(None, "::", "h", has_port=True)),
    ("//" + _SUB + "@h", C(None, _SUB, "h")),
    ("//%40@h", C(None, "%40", "h")),
    ("//-._~@h", None),
    ("ftp://joe:secret@h/", C("ftp", "joe:secret", "h", None, "/")),
    ("//u@:1", C(None, "u", "", 1)),
    ("//u@[::1]", C(None, "u", "[::1]")),
    # --- scheme ---
    ("a:", C("a")),
    ("Z:", C("Z")),
    ("mailto:", C("mailto")),
    ("urn:", C("urn")),
    ("a:b:c", C("a", path="b:c")),
    ("a+b-c.d1:x", C("a+b-c.d1", path="x")),
    ("a.:x", C("a.", path="x")),
    ("a-:x", C("a-", path="x")),
    ("a1:", C("a1")),
    ("HtTp://a", C("HtTp", None, "a", None, "")),
    ("a:/", C("a", path="/")),
    ("a://", C("a", None, "")),
    ("a:?", C("a", query="")),
    ("a:#", C("a", fragment="")),
    ("a:?#", C("a", query="", fragment="")),
    ("a:b//c", C("a", path="b//c")),
    ("a:/.//", C("a", path="/.//")),
    ("a:.", C("a", path=".")),
    ("a:..", C("a", path="..")),
    ("a::", C("a", path=":")),
    ("a:%41", C("a", path="%41")),
    ("a:@", C("a", path="@")),
    # --- empty and near-empty references ---
    ("", C()),
    ("?", C(query="")),
    ("#", C(fragment="")),
    ("?#", C(query="", fragment="")),
    (".", C(path=".")),
    ("..", C(path="..")),
    ("./", C(path="./")),
    ("../", C(path="../")),
    ("/", C(path="/")),
    ("http://a/?#", C("http", None, "a", None, "/", "", "")),
    ("http://a?", C("http", None, "a", None, "", "")),
    ("http://a#", C("http", None, "a", None, "", None, "")),
    # --- relative paths ---
    ("./a:b", C(path="./a:b")),
    ("a/b:c", C(path="a/b:c")),
    ("a@b", C(path="a@b")),
    ("@", C(path="@")),
    ("a", C(path="a")),
    ("a/", C(path="a/")),
    ("a//", C(path="a//")),
    ("a?b:c", C(path="a", query="b:c")),
    ("a#b:c", C(path="a", fragment="b:c")),
    ("?a:b", C(query="a:b")),
    ("#a:b", C(fragment="a:b")),
    ("%3A", C(path="%3A")),  # an encoded ':' is allowed in the first segment
    ("%41/b:c", None),
    ("-a", None),
    ("1http", None),
    ("1a/b:c", None),
    ("~", None),
    # --- absolute paths ---
    ("/a", C(path="/a")),
    ("/:", C(path="/:")),
    ("/a:b", C(path="/a:b")),
    ("/.//x", C(path="/.//x")),
    ("/./", None),
    ("/@", None),
    ("/a/../b/./c", None),
    ("/%2F", C(path="/%2F")),
    # --- paths with ":" and "@", dot segments ---
    ("http://a/b:c@d", C("http", None, "a", None, "/b:c@d")),
    ("http://a/:@:@/", None),
    ("http://a//b", C("http", None, "a", None, "//b")),
    ("http://a/./b/../c", None),
    ("//h/:", C(host="h", path="/:")),
    ("//a//b", C(host="a", path="//b")),
    ("//h/a:b", None),
    # --- query and fragment ---
    ("http://a/b?c?d/e#f?g/h", C("http", None, "a", None, "/b", "c?d/e", "f?g/h")),
    ("?//", C(query="//")),
    ("#//?", C(fragment="//?")),
    ("?:@/?", C(query=":@/?")),
    ("#:@/?", C(fragment=":@/?")),
    ("?a=b&c=d", C(query="a=b&c=d")),
    ("?a=b=c&&", C(query="a=b=c&&")),
    ("?%25", C(query="%25")),
    ("#%23", C(fragment="%23")),
    ("?#?", C(query="", fragment="?")),
    ("??", C(query="?")),
    ("//h?q#f", C(host="h", query="q", fragment="f")),
    ("//h#f", C(host="h", fragment="f")),
    # --- percent-encodings are kept as written ---
    ("http://a/%7e", C("http", None, "a", None, "/%7e")),
    ("http://a/%7E", C("http", None, "a", None, "/%7E")),
    ("http://a/%aF%Af", None),
    ("http://%7e@%7e/%7e?%7e#%7e", C("http", "%7e", "%7e", None, "/%7e", "%7e", "%7e")),
    ("/%00", C(path="/%00")),
    ("/%ff%FE", None),
    ("/%25%25", None),
    # --- sub-delims everywhere ---
    ("s://" + _SUB + ":" + _SUB + "@" + _SUB + ":1/" + _SUB + "?" + _SUB + "#" + _SUB,
     C("s", _SUB + ":" + _SUB, _SUB, 1, "/" + _SUB, _SUB, _SUB)),
    (_SUB, C(path=_SUB)),
    ("/" + _SUB + "/" + _SUB, None),
    ("!", None),
    ("$", None),
    ("&", None),
    ("'", None),
    ("(", None),
    (")", None),
    ("*", None),
    ("+", None),
    (",", None),
    (";", None),
    ("=", None),
    # --- long ---
    ("/" + "a/" * 500, C(path="/" + "a/" * 500)),
    ("http://" + "h" * 300 + "/", C("http", None, "h" * 300, None, "/")),
    ("?" + "q" * 1000, C(query="q" * 1000)),
    ("a" + "b" * 500 + ":", C("a" + "b" * 500)),
    ("/" + "%41" * 300, None),
]
# every hex digit, in a pct-encoded triplet
VALID.extend([(f"/%{a}{b}", C(path=f"/%{a}{b}")) for a in _HEX[::3] for b in _HEX[::5]])


@pytest.mark.parametrize(
    ("text", "parts"),
    [pytest.param(text, parts, id=f"{k}:{text[:40]}") for k, (text, parts) in enumerate(VALID)],
)
def test_valid_reference_round_trips(text: str, parts: C | None) -> None:
    """A valid reference parses to its components and is written back exactly."""
    uri = URI.parse(text)
    assert str(uri) == text
    if parts is not None:
        assert components(uri) == expected(parts)
        assert uri.is_relative is (parts.scheme is None)


def test_enough_valid_cases() -> None:
    """The table of valid references has at least 200 distinct rows."""
    assert len({text for text, _ in VALID}) >= 200


# --- zone identifiers (RFC 6874) ---

ZONE_IDS = [
    pytest.param("http://[fe80::1%25eth0]/", "[fe80::1%25eth0]", id="eth0"),
    pytest.param("//[fe80::1%25%41]", "[fe80::1%25%41]", id="pct-encoded"),
    pytest.param("//[::1%25a-._~1]:80", "[::1%25a-._~1]", id="unreserved"),
]


@pytest.mark.parametrize(("text", "host"), ZONE_IDS)
def test_zone_id_is_accepted_when_allowed(text: str, host: str) -> None:
    """With ``allow_zone_id=True`` an IPv6 zone identifier is part of the host."""
    uri = URI.parse(text, allow_zone_id=True)
    assert uri.host == host
    assert str(uri) == text


@pytest.mark.parametrize(("text", "host"), ZONE_IDS)
def test_zone_id_is_rejected_by_default(text: str, host: str) -> None:
    """Without ``allow_zone_id`` the '%' of a zone identifier is the offending
    character, in the host, and the hint names the option."""
    with pytest.raises(ParseError) as info:
        URI.parse(text)
    assert info.value.position == text.index("%")
    assert info.value.component == "host"
    assert "allow_zone_id" in info.value.hint


# --- invalid references: (text, position, component) ---

INVALID: list[tuple[str, int, str]] = [
    # spaces and controls
    (" ", 0, "path"),
    ("a b", 1, "path"),
    ("http://a/b c", 10, "path"),
    ("http://a/ ", 9, "path"),
    (" http://a", 0, "path"),  # nothing before the space: no scheme can have started
    ("http ://a", 4, "scheme"),
    ("http://a b/", 8, "host"),
    ("http://a/?q r", 11, "query"),
    ("http://a/#f g", 11, "fragment"),
    ("\t", 0, "path"),
    ("http://a/\n", 9, "path"),
    ("http://a/\x00", 9, "path"),
    ("http://a/\x7f", 9, "path"),
    ("//a\r\n", 3, "host"),
    ("http://u ser@h/", 8, "userinfo"),
    ("http://h:8 0/", 10, "port"),
    ("?\x1b", 1, "query"),
    ("#\x00", 1, "fragment"),
    # outside ASCII
    ("http://ex\u00e4mple.com/", 9, "host"),
    ("/caf\u00e9", 4, "path"),
    ("?\u00fc", 1, "query"),
    ("#\u2603", 1, "fragment"),
    ("\u00e9", 0, "path"),
    ("http://h/\U0001f600", 9, "path"),
    ("//\u00fc@h", 2, "userinfo"),
    ("h\u00e9:x", 1, "scheme"),  # "h" may begin a scheme
    ("http://a/\u00a0", 9, "path"),  # no-break space
    # percent-encoding: the position is the '%'
    ("%", 0, "path"),
    ("%4", 0, "path"),
    ("%g0", 0, "path"),
    ("%0g", 0, "path"),
    ("http://a/%", 9, "path"),
    ("http://a/%4", 9, "path"),
    ("http://a/%zz", 9, "path"),
    ("http://a/?%", 10, "query"),
    ("http://a/#%2", 10, "fragment"),
    ("http://%/", 7, "host"),
    ("http://%@h/", 7, "userinfo"),
    ("http://a/%%41", 9, "path"),
    ("http://a/%E9%", 12, "path"),
    ("http://a/%C3%A", 12, "path"),
    ("a:%", 2, "path"),
    ("a%:b", 1, "scheme"),  # "a" may begin a scheme; the "%" starts no triplet
    ("/%\u00e9\u00e9", 1, "path"),
    # scheme: "1http" reads only as a relative path, whose first segment cannot hold
    # ':' (§4.2), so the ':' is the first character that cannot continue
    ("1http:x", 5, "path"),
    (":x", 0, "path"),
    (":", 0, "path"),
    ("://a", 0, "path"),
    ("ht tp:x", 2, "scheme"),
    ("-a:b", 2, "path"),
    ("+:x", 1, "path"),
    (".a:", 2, "path"),
    ("a_b:c", 3, "path"),  # '_' is no scheme character but fits a segment
    ("a%41:b", 4, "path"),
    ("a b:c", 1, "scheme"),
    ("a@b:c", 3, "path"),
    ("a!b:c", 3, "path"),
    ("0:0", 1, "path"),
    ("..:", 2, "path"),
    ("@:", 1, "path"),
    ("%3A:", 3, "path"),
    ("\u00e9:x", 0, "path"),
    # authority: userinfo, host, port
    ("http://a@b@c/", 10, "host"),
    ("//@@", 3, "host"),
    ("//a@b@", 5, "host"),
    ("http://a:b@c:d@e/", 13, "port"),  # after "a:b@" the host is "c"; 'd' is no digit
    ("//a[b", 3, "host"),
    ("//a]", 3, "host"),
    ("//a[::1]", 3, "host"),
    ("http://a\\b/", 8, "host"),
    ("//h\"", 3, "host"),
    ("//h<", 3, "host"),
    ("http://h:8a/", 10, "port"),
    ("http://h:-1/", 9, "port"),
    ("http://h:80:80/", 11, "port"),
    ("//h:+1", 4, "port"),
    ("http://h: 80", 9, "port"),
    ("//u:p@h:x", 8, "port"),
    ("//[::1]:a", 8, "port"),
    ("//h:1.5", 5, "port"),
    ("//h:\u0661", 4, "port"),  # ARABIC-INDIC DIGIT ONE is no ABNF DIGIT
    # IP literals: a malformed IPv6 address is reported at the first character after
    # '[', a missing ']' at the end of the authority
    ("http://[::1/", 11, "host"),
    ("//[::1", 6, "host"),
    ("http://[::1", 11, "host"),
    ("//[", 3, "host"),
    ("//[]", 3, "host"),
    ("//[::1::2]", 3, "host"),
    ("//[1:2:3:4:5:6:7:8:9]", 3, "host"),
    ("//[12345::]", 3, "host"),
    ("//[1.2.3.4]", 3, "host"),
    ("//[:::]", 3, "host"),
    ("//[1:]", 3, "host"),
    ("//[:1]", 3, "host"),
    ("//[1:2:3:4:5:6:7]", 3, "host"),  # seven groups need a "::"
    ("//[::1.2.3]", 3, "host"),
    ("//[::256.1.1.1]", 3, "host"),
    ("//[::01.2.3.4]", 3, "host"),  # dec-octet has no leading zero
    ("//[1:2:3:4:5:6:7:8::]", 3, "host"),  # at most seven groups before a final "::"
    ("//[::1:2:3:4:5:6:7:8]", 3, "host"),  # at most seven groups after a leading "::"
    ("//[1:2:3:4:5:6::1.2.3.4]", 3, "host"),  # "::" ls32 allows five groups before
    ("//[1:2:3:4:5:6:7::8]", 3, "host"),  # "::" h16 allows six groups before
    ("//[1:2:3:4:5:6:7:1.2.3.4]", 3, "host"),  # ls32 is two groups: nine in all
    ("//[::1]x", 7, "host"),
    ("//[::1]]", 7, "host"),
    ("//[::1][", 7, "host"),
    ("//[::1%]", 6, "host"),
    ("//[::g]", 5, "host"),  # 'g' fits neither IPv6 nor IPvFuture
    # IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    ("//[v1x]", 5, "host"),
    ("//[v.x]", 4, "host"),
    ("//[v1.]", 6, "host"),
    ("//[v]", 4, "host"),
    ("//[vg.x]", 4, "host"),
    ("//[v1.x y]", 7, "host"),
    ("//[v1.%41]", 6, "host"),  # no pct-encoded in IPvFuture,
    ("//[v1.x/]", 7, "host"),  # the '/' ends the authority: ']' is missing
    # zone identifier without allow_zone_id
    ("//[fe80::1%25eth0]", 10, "host"),
    ("http://[fe80::1%25eth0]/", 15, "host"),
    # '#' in the fragment
    ("http://a/#b#c", 11, "fragment"),
    ("##", 1, "fragment"),
    ("#a#", 2, "fragment"),
    ("?#a#b", 3, "fragment"),
    # '[' and ']' outside an IP literal
    ("/a[b", 2, "path"),
    ("/a]", 2, "path"),
    ("?[", 1, "query"),
    ("?]", 1, "query"),
    ("#[", 1, "fragment"),
    ("#]", 1, "fragment"),
    ("a[", 1, "path"),
    ("[", 0, "path"),
    ("[::1]", 0, "path"),
    ("http://a/[::1]", 9, "path"),
    ("a:b[", 3, "path"),
    # other characters outside the grammar
    ("\\", 0, "path"),
    ("http:\\\\a", 5, "path"),
    ("/\"", 1, "path"),
    ("/<", 1, "path"),
    ("/>", 1, "path"),
    ("/{", 1, "path"),
    ("/}", 1, "path"),
    ("/a|b", 2, "path"),
    ("/^", 1, "path"),
    ("/`", 1, "path"),
    ("?a^b", 2, "query"),
    ("?<>", 1, "query"),
    ("?{", 1, "query"),
    ("?\\", 1, "query"),
    ("#`", 1, "fragment"),
    ("#|", 1, "fragment"),
    ("#\"", 1, "fragment"),
    ("#}", 1, "fragment"),
    ("a:b c", 3, "path"),
    ("a:<", 2, "path"),
]


@pytest.mark.parametrize(
    ("text", "position", "component"),
    [pytest.param(*row, id=f"{k}:{row[0][:40]!r}") for k, row in enumerate(INVALID)],
)
def test_invalid_reference_is_rejected_at_its_position(text: str, position: int,
                                                       component: str) -> None:
    """Invalid text raises ParseError naming the first offending character and the
    component being read there."""
    with pytest.raises(ParseError) as info:
        URI.parse(text)
    err = info.value
    assert (err.position, err.component) == (position, component)
    assert err.text == text
    assert f"at position {position} in {component}" in str(err)


def test_enough_invalid_cases() -> None:
    """The table of invalid references has at least 100 distinct rows."""
    assert len({text for text, _, _ in INVALID}) >= 100


INVALID_WITH_ZONE_ID = [
    pytest.param("//[fe80::1%eth0]", 10, id="zone without %25"),
    pytest.param("//[fe80::1%25]", 13, id="empty zone"),
    pytest.param("//[fe80::1%25e%]", 14, id="bad percent in zone"),
    pytest.param("//[fe80::1%25e/]", 14, id="slash ends the authority"),
    pytest.param("//[1.2.3.4%25x]", 3, id="no IPv6 address"),
    pytest.param("//[v1.x%25y]", 7, id="IPvFuture has no zone"),
]


@pytest.mark.parametrize(("text", "position"), INVALID_WITH_ZONE_ID)
def test_invalid_zone_id_is_rejected(text: str, position: int) -> None:
    """With ``allow_zone_id=True`` a malformed zone identifier is still rejected, in the
    host."""
    with pytest.raises(ParseError) as info:
        URI.parse(text, allow_zone_id=True)
    assert (info.value.position, info.value.component) == (position, "host")


def test_parse_error_is_a_value_error() -> None:
    """ParseError is a URIError and a ValueError, so ``except ValueError`` catches it."""
    with pytest.raises(ValueError, match="position 1 in path"):
        URI.parse("a b")
    assert issubclass(ParseError, URIError)


def test_parse_error_message_is_built_from_its_attributes() -> None:
    """The message says what, where and in which component, lower-case, no period."""
    with pytest.raises(ParseError) as info:
        URI.parse("http://a/b c")
    err = info.value
    assert err.reason == "invalid character ' '"
    assert str(err).startswith("invalid character ' ' at position 10 in path")
    assert not str(err).endswith(".")


def test_parse_error_hints_at_the_likely_mistake() -> None:
    """Non-ASCII text and a stray '%' come with a hint."""
    with pytest.raises(ParseError) as info:
        URI.parse("/caf\u00e9")
    assert "percent-encoded" in info.value.hint
    with pytest.raises(ParseError) as info:
        URI.parse("/50%")
    assert "%25" in info.value.hint


def test_non_ascii_host_hint_names_the_readers_that_apply_idna() -> None:
    """A host outside ASCII is not told to percent-encode (no browser or DNS reads
    that): the hint names ``from_iri`` and ``parse_lenient``, which give its IDNA
    form."""
    text = "https://b\u00fccher.example/"
    with pytest.raises(ParseError) as info:
        URI.parse(text)
    assert info.value.component == "host"
    assert "percent" not in info.value.hint
    assert "URI.from_iri" in info.value.hint
    assert "URI.parse_lenient" in info.value.hint
    assert str(URI.from_iri(text)) == str(URI.parse_lenient(text)) \
        == "https://xn--bcher-kva.example/"


def test_parse_error_pickles() -> None:
    """A ParseError survives pickling with its attributes."""
    with pytest.raises(ParseError) as info:
        URI.parse("a b")
    err = pickle.loads(pickle.dumps(info.value))
    assert (err.text, err.position, err.component, err.reason) == \
        ("a b", 1, "path", "invalid character ' '")


def test_parse_rejects_non_str() -> None:
    """Parsing bytes or None raises TypeError, not ParseError."""
    with pytest.raises(TypeError):
        URI.parse(b"http://a/")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        URI.parse(None)  # type: ignore[arg-type]


def test_parse_accepts_a_str_subclass() -> None:
    """A subclass of str parses like the plain string."""

    class Text(str):
        __slots__ = ()

    assert URI.parse(Text("http://a/b")) == URI.parse("http://a/b")


def parse_or_error(text: str) -> URI | ParseError:
    """The parsed reference, or the ParseError raised for it (any other exception
    propagates)."""
    try:
        return URI.parse(text)
    except ParseError as err:
        return err


@given(st.text())
def test_arbitrary_text_parses_or_raises_parse_error(text: str) -> None:
    """Any text either parses, and is written back unchanged, or raises ParseError with
    a position within the text (or just past it) and nothing else."""
    result = parse_or_error(text)
    if isinstance(result, ParseError):
        assert 0 <= result.position <= len(text)
        assert result.component in {"scheme", "userinfo", "host", "port", "path", "query",
                                    "fragment"}
    else:
        assert str(result) == text


_URI_ALPHABET = st.sampled_from([*"aZ09:/?#[]@!$&'()*+,;=-._~%vV", "%41", "%2", " "])


@given(st.lists(_URI_ALPHABET).map("".join))
def test_uri_like_text_parses_or_raises_parse_error(text: str) -> None:
    """Text made of URI characters either round-trips or raises ParseError whose
    position is within the text, or just past it."""
    result = parse_or_error(text)
    if isinstance(result, ParseError):
        assert 0 <= result.position <= len(text)
    else:
        assert str(result) == text


# --- properties over the ABNF-driven strategies of urikit.strategies ---------------------


@given(strategies.uri_references())
def test_every_uri_reference_round_trips(text: str) -> None:
    """Every URI-reference the grammar generates parses and is written back exactly."""
    assert str(URI.parse(text)) == text


@given(strategies.uris())
def test_every_uri_has_a_scheme(text: str) -> None:
    """A generated URI (§3) parses with a scheme."""
    uri = URI.parse(text)
    assert not uri.is_relative
    assert str(uri) == text


@given(strategies.relative_references())
def test_every_relative_reference_has_no_scheme(text: str) -> None:
    """A generated relative-ref (§4.2) parses without a scheme."""
    uri = URI.parse(text)
    assert uri.is_relative
    assert str(uri) == text


@given(strategies.uri_references().filter(lambda s: "[" not in s), st.data())
def test_space_is_reported_where_it_is_inserted(text: str, data: st.DataObject) -> None:
    """A space inserted into a valid reference (outside IP literals and percent
    triplets) is reported at the position where it was inserted."""
    k = data.draw(st.integers(0, len(text)))
    assume("%" not in text[max(0, k - 2):k])
    with pytest.raises(ParseError) as info:
        URI.parse(text[:k] + " " + text[k:])
    assert info.value.position == k
