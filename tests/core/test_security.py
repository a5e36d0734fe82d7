"""Inputs behind URL-parser CVEs and SSRF techniques, and what strict RFC 3986 makes of them.

Each row of ``ATTACKS`` is either rejected, at the position and in the component of the
first character that cannot continue a URI-reference (RFC 3986 Appendix A), or
accepted with every component stated. The attacks work on parsers that repair input
(strip blanks and control characters, map full-width characters, read "\\" as "/") or
that split differently from the grammar; a strict parser has no repair to exploit,
and what it accepts is split exactly as the ABNF says, however misleading it looks.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from urikit import URI, HostKind, ParseError, host_kind, is_ambiguous_ipv4, remove_dot_segments
from urikit import strategies as us


class Reject(NamedTuple):
    """The text is not a URI-reference: the first offending character and where."""

    position: int
    component: str


class Accept(NamedTuple):
    """The text is a URI-reference with exactly these components (wire form)."""

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: int | None
    path: str
    query: str | None
    fragment: str | None


def _accept(scheme: str | None = None, userinfo: str | None = None, host: str | None = None,
            port: int | None = None, path: str = "", query: str | None = None,
            fragment: str | None = None) -> Accept:
    return Accept(scheme, userinfo, host, port, path, query, fragment)


ATTACKS: Final = [
    # --- CPython CVE-2023-24329: urlsplit stripped leading C0 controls and blanks, so
    # a blocklist of schemes saw no scheme; RFC 3986 has no leading blanks at all.
    pytest.param(" http://example.com/", Reject(0, "path"), id="leading-space"),
    pytest.param("\x01javascript:alert(1)", Reject(0, "path"), id="leading-control"),
    pytest.param("\x08https://evil.example/", Reject(0, "path"), id="leading-backspace"),
    pytest.param("\thttp://example.com/", Reject(0, "path"), id="leading-tab"),
    # "http://example.com/" is 19 characters: the blank is the 20th
    pytest.param("http://example.com/ ", Reject(19, "path"), id="trailing-space"),
    pytest.param("http://example.com/\n", Reject(19, "path"), id="trailing-newline"),
    # --- tab and newline inside the text: WHATWG parsers delete them silently
    pytest.param("http://exa\tmple.com/", Reject(10, "host"), id="tab-in-host"),
    pytest.param("http://example.com/pa\nth", Reject(21, "path"), id="newline-in-path"),
    # CRLF injection into a request line or header (e.g. CVE-2019-9740, CVE-2019-9947)
    pytest.param("http://example.com/\r\nSet-Cookie: x=1", Reject(19, "path"),
                 id="crlf-in-path"),
    pytest.param("http://example.com/?a=1\r\nX-Injected: 1", Reject(23, "query"),
                 id="crlf-in-query"),
    pytest.param("http://ex\r\nample.com/", Reject(9, "host"), id="crlf-in-host"),
    # --- NUL bytes: C code behind a binding stops at the NUL and sees another host
    pytest.param("http://example.com\x00.evil.example/", Reject(18, "host"),
                 id="nul-in-host"),
    pytest.param("http://example.com/a\x00.png", Reject(20, "path"), id="nul-in-path"),
    # --- CVE-2019-9636 / CVE-2019-10160: NFKC maps U+FF03 to "#", so a normalizing
    # reader ends the authority there; here the authority runs to the first real
    # "/?#", the "@" makes the text before it userinfo, and U+FF03 is not allowed.
    pytest.param("http://example.com\uff03@evil.example", Reject(18, "userinfo"),
                 id="full-width-hash-before-at"),
    # "http://evil.example" is 19 characters
    pytest.param("http://evil.example\uff03.trusted.example/", Reject(19, "host"),
                 id="full-width-hash-in-host"),
    pytest.param("http://trusted.example\uff0f@evil.example/", Reject(22, "userinfo"),
                 id="full-width-slash"),
    # U+2100 ACCOUNT OF normalizes (NFKC) to "a/c"
    pytest.param("http://a\u2100b.example/", Reject(8, "host"), id="nfkc-to-slash"),
    # U+3002 IDEOGRAPHIC FULL STOP is a label separator to IDNA (UTS 46)
    pytest.param("http://example\u3002com/", Reject(14, "host"), id="ideographic-dot"),
    pytest.param("http://ex\u200bample.com/", Reject(9, "host"), id="zero-width-space"),
    # RIGHT-TO-LEFT OVERRIDE reorders what people see ("exe.txt")
    pytest.param("http://example.com/\u202etxt.exe", Reject(19, "path"), id="bidi-override"),
    # a lone surrogate is no character at all
    pytest.param("http://example.com/\udc80", Reject(19, "path"), id="lone-surrogate"),
    # --- CVE-2024-11168: urllib accepted brackets that do not enclose a whole host.
    # "http://prefix" is 13 characters; "[" is not a reg-name character.
    pytest.param("http://prefix[::1]/", Reject(13, "host"), id="bracket-after-name"),
    # after the "]" of an IP literal only ":" port may follow; "http://[::1]" is 12
    pytest.param("http://[::1]suffix/", Reject(12, "host"), id="text-after-bracket"),
    # an IP literal holds hex digits, ":" and "."; "e" fits, "v" (index 9) does not
    pytest.param("http://[evil.example]/", Reject(9, "host"), id="name-in-brackets"),
    pytest.param("http://[::1]:80]/", Reject(15, "port"), id="bracket-in-port"),
    pytest.param("http://[::1/", Reject(11, "host"), id="unclosed-bracket"),
    # a zone identifier needs allow_zone_id=True (RFC 6874); "%" is at index 15
    pytest.param("http://[fe80::1%25eth0]/", Reject(15, "host"), id="zone-id"),
    # --- backslashes: WHATWG reads "\" as "/" in special URLs, RFC 3986 forbids it.
    # The authority runs to the first "/?#"; the "@" ends the userinfo, where "\"
    # (index 19) is not allowed.
    pytest.param("http://evil.example\\@trusted.example/", Reject(19, "userinfo"),
                 id="backslash-before-at"),
    pytest.param("http:/\\evil.example/", Reject(6, "path"), id="slash-backslash"),
    pytest.param("http:\\\\evil.example/", Reject(5, "path"), id="two-backslashes"),
    pytest.param("/\\evil.example/", Reject(1, "path"), id="relative-backslash"),
    pytest.param("\\\\evil.example\\share", Reject(0, "path"), id="unc-path"),
    # --- several "@": userinfo cannot hold "@", so the first one ends it and the
    # next is in the host
    pytest.param("http://a@b@c/", Reject(10, "host"), id="two-at"),
    pytest.param("http://user@evil.example@trusted.example/", Reject(24, "host"),
                 id="two-at-names"),
    pytest.param("https://example.com@@evil.example", Reject(20, "host"), id="double-at"),
    # --- Orange Tsai, "A New Era of SSRF" (Black Hat 2017): three parsers, three
    # hosts. The authority ends at "#"; the text before "@" is userinfo, and the blank
    # at index 14 is not allowed there.
    pytest.param("http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", Reject(14, "userinfo"),
                 id="orange-tsai-three-hosts"),
    pytest.param("http://127.0.0.1:11211:80/", Reject(22, "port"), id="two-ports"),
    pytest.param("http://example.com:+80/", Reject(19, "port"), id="signed-port"),
    pytest.param("http://example.com: 80/", Reject(19, "port"), id="blank-in-port"),
    pytest.param("http://exam ple.com/", Reject(11, "host"), id="blank-in-host"),
    # --- stray "%": decoders that pass "%zz" through can be made to decode twice
    pytest.param("http://example.com/%zz", Reject(19, "path"), id="bad-percent"),
    pytest.param("http://example.com/%", Reject(19, "path"), id="lone-percent"),
    pytest.param("http://ex%ample.com/", Reject(9, "host"), id="bad-percent-in-host"),
    # a fragment cannot hold "#"; the second one is at index 32
    pytest.param("http://example.com/path?q=1#frag#more", Reject(32, "fragment"),
                 id="second-hash"),
    # --- IDN homograph: raw non-ASCII is not URI text at all ...
    pytest.param("http://\u0430pple.com/", Reject(7, "host"), id="raw-homograph"),
    # ... and its percent-encoded UTF-8 is a valid reg-name; display() shows xn--
    pytest.param("http://%D0%B0pple.com/", _accept("http", None, "%D0%B0pple.com", None, "/"),
                 id="encoded-homograph"),
    # --- valid, however misleading: the ABNF decides what each part is
    # §7.6: the text before "@" is userinfo; the host is evil.example
    pytest.param("http://trusted.example@evil.example/",
                 _accept("http", "trusted.example", "evil.example", None, "/"),
                 id="userinfo-looks-like-host"),
    pytest.param("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
                 _accept("ftp", "cnn.example.com&story=breaking_news", "10.0.0.1", None,
                         "/top_story.htm"), id="rfc3986-7.6-example"),
    # the authority ends at the first "#" or "?": the rest is fragment or query
    pytest.param("http://trusted.example#@evil.example/",
                 _accept("http", None, "trusted.example", None, "", None, "@evil.example/"),
                 id="at-in-fragment"),
    pytest.param("http://evil.example?@trusted.example/",
                 _accept("http", None, "evil.example", None, "", "@trusted.example/"),
                 id="at-in-query"),
    pytest.param("http://trusted.example:80@evil.example/",
                 _accept("http", "trusted.example:80", "evil.example", None, "/"),
                 id="port-looks-like-userinfo"),
    # a scheme is just a scheme: filtering javascript: is the application's job
    pytest.param("javascript:alert(1)", _accept("javascript", path="alert(1)"),
                 id="javascript"),
    pytest.param("JaVaScRiPt:alert(1)", _accept("JaVaScRiPt", path="alert(1)"),
                 id="javascript-mixed-case"),
    # "%0A" is data in a reg-name; "(" and ")" are sub-delims
    pytest.param("javascript://%0Aalert(1)",
                 _accept("javascript", None, "%0Aalert(1)", None, ""),
                 id="javascript-encoded-newline"),
    # WHATWG reads these as http://evil.example/; RFC 3986 reads a path, no host
    pytest.param("http:evil.example/", _accept("http", path="evil.example/"),
                 id="no-slashes"),
    pytest.param("http:///evil.example/", _accept("http", None, "", None, "/evil.example/"),
                 id="three-slashes"),
    # --- encoded "/" and "." in paths: valid data, one segment each (§2.2, §2.3)
    pytest.param("http://example.com/..%2F..%2Fetc/passwd",
                 _accept("http", None, "example.com", None, "/..%2F..%2Fetc/passwd"),
                 id="encoded-slash-traversal"),
    pytest.param("http://example.com/%2e%2e/%2E%2E/etc/passwd",
                 _accept("http", None, "example.com", None, "/%2e%2e/%2E%2E/etc/passwd"),
                 id="encoded-dot-traversal"),
    # --- RFC 3986 §7.4 rare IPv4 formats: valid reg-names (see test_ambiguous_ipv4)
    pytest.param("http://0x7f.1/", _accept("http", None, "0x7f.1", None, "/"), id="hex-ipv4"),
    pytest.param("http://2130706433/", _accept("http", None, "2130706433", None, "/"),
                 id="decimal-ipv4"),
    pytest.param("http://0177.0.0.1/", _accept("http", None, "0177.0.0.1", None, "/"),
                 id="octal-ipv4"),
    pytest.param("http://[::ffff:127.0.0.1]/",
                 _accept("http", None, "[::ffff:127.0.0.1]", None, "/"), id="ipv4-mapped"),
    pytest.param("http://127.0.0.1:0080/", _accept("http", None, "127.0.0.1", 80, "/"),
                 id="port-leading-zeros"),
]


@pytest.mark.parametrize(("text", "expected"), ATTACKS)
def test_attack(text: str, expected: Reject | Accept) -> None:
    """The strict parser rejects the input where the grammar stops, or reads exactly
    the components the ABNF gives it."""
    if isinstance(expected, Reject):
        with pytest.raises(ParseError) as info:
            URI.parse(text)
        assert (info.value.position, info.value.component) == expected
        return
    uri = URI.parse(text)
    assert Accept(uri.scheme, uri.userinfo, uri.host, uri.port, uri.components.path, uri.query,
                  uri.fragment) == expected
    assert str(uri) == text


def test_zone_id_is_accepted_only_when_asked() -> None:
    """``[fe80::1%25eth0]`` is valid with allow_zone_id=True (RFC 6874)."""
    assert URI.parse("http://[fe80::1%25eth0]/", allow_zone_id=True).host == "[fe80::1%25eth0]"


HOST_SETTER_ATTACKS: Final = [
    pytest.param("example.com\x00.evil.example", 11, id="nul"),
    pytest.param("evil.example\\", 12, id="backslash"),
    pytest.param("prefix[::1]", 6, id="bracket-after-name"),
    pytest.param("[::1]suffix", 5, id="text-after-bracket"),
    pytest.param("trusted.example@evil.example", 15, id="at"),
    pytest.param("evil.example/trusted", 12, id="slash"),
    pytest.param("evil.example:80", 12, id="port"),
    pytest.param("evil.example\uff03", 12, id="full-width-hash"),
    pytest.param(" example.com", 0, id="leading-blank"),
]


@pytest.mark.parametrize(("host", "position"), HOST_SETTER_ATTACKS)
def test_host_setter_refuses_what_the_parser_refuses(host: str, position: int) -> None:
    """A host assigned in wire form is checked by the same rule as a parsed one: text
    that would change the authority raises, and the URI is left as it was."""
    uri = URI.parse("http://h/p")
    with pytest.raises(ParseError) as info:
        uri.host = host
    assert (info.value.position, info.value.component) == (position, "host")
    assert str(uri) == "http://h/p"


def test_host_text_setter_encodes_delimiters() -> None:
    """Plain text given as a host is data: "@", "/" and ":" are encoded, so the
    authority still names one host."""
    uri = URI.parse("http://h/p").set_text(host="trusted.example@evil.example/x:1")
    assert uri.host == "trusted.example%40evil.example%2Fx%3A1"
    assert URI.parse(str(uri)).host == uri.host


# --- percent-encoded dots: when do they become dot segments? ----------------------


def test_encoded_dots_survive_remove_dot_segments() -> None:
    """remove_dot_segments (§5.2.4) removes the segments "." and ".." as written;
    "%2e%2e" is a different text until percent-encoding normalization decodes it."""
    uri = URI.parse("http://example.com/a/%2e%2e/b")
    assert remove_dot_segments(str(uri.path)) == "/a/%2e%2e/b"


def test_resolution_keeps_encoded_dots() -> None:
    """Resolution (§5.2) runs remove_dot_segments without decoding, so an encoded ".."
    is an ordinary segment of the target."""
    base = URI.parse("http://example.com/a/")
    assert str(base.resolve("%2e%2e/b")) == "http://example.com/a/%2e%2e/b"


def test_normalization_decodes_before_removing_dot_segments() -> None:
    """§6.2.2 lists percent-encoding normalization (§6.2.2.2: "%2E" is the unreserved
    ".") before path segment normalization (§6.2.2.3), so an encoded ".." is removed
    as ".." is: a server that decodes it gets no traversal past what normalize() shows."""
    uri = URI.parse("http://example.com/a/%2e%2E/%2E/b").normalize()
    assert str(uri) == "http://example.com/b"


def test_encoded_slash_is_never_a_delimiter() -> None:
    """"%2F" is a reserved character's encoding (§2.2): normalization keeps it encoded,
    so "..%2F..%2Fetc" stays one segment, which is not a dot segment."""
    uri = URI.parse("http://example.com/a/..%2F..%2Fetc/passwd").normalize()
    assert str(uri) == "http://example.com/a/..%2F..%2Fetc/passwd"
    assert list(uri.path) == ["", "a", "..%2F..%2Fetc", "passwd"]


def test_dot_segments_never_climb_above_root() -> None:
    """However many ".." a reference holds, the target stays under the base's root."""
    base = URI.parse("http://example.com/app/static/")
    target = base.resolve("../../../../../../etc/passwd")
    assert str(target) == "http://example.com/etc/passwd"


# --- ambiguous IPv4 names ------------------------------------------------------------

RFC3986_7_4_RARE_IPV4: Final = [
    pytest.param("0x7f.1", id="hex-and-decimal"),
    pytest.param("2130706433", id="one-number"),
    pytest.param("0177.0.0.1", id="octal"),
    pytest.param("127.1", id="two-parts"),
    pytest.param("0x7f.0.0.1", id="hex-octet"),
    pytest.param("127.0.0.1.", id="trailing-dot"),
    pytest.param("%31%32%37.0.0.1", id="percent-encoded"),
]


@pytest.mark.parametrize("host", RFC3986_7_4_RARE_IPV4)
def test_rare_ipv4_forms_are_flagged_names(host: str) -> None:
    """Each rare IPv4 form (§7.4) is a valid reg-name that is_ambiguous_ipv4 flags, so
    a host filter can refuse what it cannot compare by number."""
    uri = URI.parse(f"http://{host}/")
    assert uri.host == host
    assert uri.host_kind is HostKind.REG_NAME
    assert is_ambiguous_ipv4(host)


def test_dotted_decimal_is_an_address() -> None:
    """The dotted-decimal form is IPv4address, read alike by every parser."""
    assert host_kind("127.0.0.1") is HostKind.IPV4
    assert not is_ambiguous_ipv4("127.0.0.1")


# --- passwords (§7.5) ----------------------------------------------------------------

SECRET: Final = "s3cr3t-Pa55"


@pytest.mark.parametrize("text", [
    pytest.param(f"ftp://joe:{SECRET}@h/", id="user-and-password"),
    pytest.param(f"ftp://:{SECRET}@h/", id="password-only"),
    pytest.param(f"ftp://joe:{SECRET}:more@h/", id="colon-in-password"),
    pytest.param(f"//joe:{SECRET}@[::1]:21/x?y#z", id="relative"),
])
def test_password_never_shown(text: str) -> None:
    """repr(), redacted() and display() never show a password (RFC 3986 §7.5)."""
    uri = URI.parse(text)
    for shown in (repr(uri), uri.to_redacted(), uri.to_display()):
        assert SECRET not in shown


def test_redacted_marks_the_password() -> None:
    """redacted() keeps the user and replaces the password with ``***``."""
    assert URI.parse(f"ftp://joe:{SECRET}@h/").to_redacted() == "ftp://joe:***@h/"


@given(us.userinfos(), us.hosts(), st.text(alphabet="abcdefXYZ0123456789", min_size=6))
def test_no_password_in_repr_redacted_or_display(user: str, host: str, secret: str) -> None:
    """For any user, host and password, the password text appears in none of the
    views meant for logs and people."""
    user = user.partition(":")[0]
    marker = f"PW{secret}"
    assume(marker not in user and marker not in host)
    uri = URI.parse(f"http://{user}:{marker}@{host}/")
    for shown in (repr(uri), uri.to_redacted(), uri.to_display()):
        assert marker not in shown


@given(us.uri_references())
def test_display_puts_the_host_first(text: str) -> None:
    """display() shows no "@" between "//" and the path: the only name in the
    authority position is the host."""
    uri = URI.parse(text)
    shown = uri.to_display()
    if uri.host is not None:
        after = shown.partition("//")[2]
        authority = after.split("/", 1)[0].split("?", 1)[0].split("#", 1)[0].split(" ", 1)[0]
        assert "@" not in authority


# --- large adversarial inputs (completion only: timings belong in benchmarks/) -------

LARGE: Final = 200_000


@pytest.mark.parametrize(("text", "position"), [
    pytest.param("http://" + "a" * LARGE + " ", 7 + LARGE, id="long-host-then-blank"),
    pytest.param("http://" + "[" * LARGE, 8, id="brackets"),
    pytest.param("//" + "@" * LARGE, 3, id="at-signs"),
    # a valid scheme, then a rootless path of colons: the blank is the first error
    pytest.param("a" * LARGE + ":" * LARGE + " ", 2 * LARGE, id="colons"),
    pytest.param("/" + "%" * LARGE, 1, id="percent-signs"),
    pytest.param("?" + "%2" * LARGE, 1, id="half-encodings"),
    # a malformed IPv6 address is reported at its first character (the parser's rule)
    pytest.param("http://[" + "1:" * LARGE + "]", 8, id="long-ipv6"),
])
def test_large_adversarial_inputs_are_rejected(text: str, position: int) -> None:
    """A 200 KB adversarial input is rejected with a position, like any other."""
    with pytest.raises(ParseError) as info:
        URI.parse(text)
    assert info.value.position == position
