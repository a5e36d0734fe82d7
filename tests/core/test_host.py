"""Host classification, ambiguous IPv4 names, origins and display (RFC 3986 §3.2.2, §7).

Expectations come from the ABNF (``IPv4address`` is four ``dec-octet``), from the
WHATWG URL standard's "ends in a number" and "IPv4 number parser" steps for the names
other parsers read as addresses (RFC 3986 §7.4), and from §7.6 for display.
"""

from __future__ import annotations

from typing import Final

import pytest

from urikit import URI, HostKind, Origin, ParseError, host_kind, is_ambiguous_ipv4
from urikit._whatwg.display import display_host

RFC3986_3_2_2_HOST_KIND: Final = [
    pytest.param("192.0.2.1", HostKind.IPV4, id="dotted-decimal"),
    pytest.param("0.0.0.0", HostKind.IPV4, id="all-zero"),
    pytest.param("255.255.255.255", HostKind.IPV4, id="all-255"),
    # dec-octet stops at 255
    pytest.param("256.0.0.1", HostKind.REG_NAME, id="octet-over-255"),
    # dec-octet has no leading zeros: "01" is not DIGIT / %x31-39 DIGIT / ...
    pytest.param("01.2.3.4", HostKind.REG_NAME, id="leading-zero"),
    pytest.param("0177.0.0.1", HostKind.REG_NAME, id="octal-form"),
    pytest.param("0x7f.1", HostKind.REG_NAME, id="hex-two-parts"),
    pytest.param("0x7F000001", HostKind.REG_NAME, id="hex-one-part"),
    pytest.param("2130706433", HostKind.REG_NAME, id="decimal-one-part"),
    pytest.param("1.2.3", HostKind.REG_NAME, id="three-parts"),
    pytest.param("1.2.3.4.5", HostKind.REG_NAME, id="five-parts"),
    # the trailing dot makes it a name (the FQDN form of §3.2.2), not IPv4address
    pytest.param("127.0.0.1.", HostKind.REG_NAME, id="trailing-dot"),
    # percent-encoded digits are reg-name syntax; IPv4address has no pct-encoded
    pytest.param("%31.2.3.4", HostKind.REG_NAME, id="encoded-digit"),
    pytest.param("example.com", HostKind.REG_NAME, id="dns-name"),
    pytest.param("", HostKind.REG_NAME, id="empty"),
    pytest.param("[::1]", HostKind.IPV6, id="ipv6-loopback"),
    pytest.param("[::ffff:192.0.2.1]", HostKind.IPV6, id="ipv6-embedded-ipv4"),
    pytest.param("[FE80::A]", HostKind.IPV6, id="ipv6-upper"),
    # RFC 6874 zone identifiers are IPv6 addresses too
    pytest.param("[fe80::1%25eth0]", HostKind.IPV6, id="ipv6-zone"),
    pytest.param("[v1.x]", HostKind.IPVFUTURE, id="ipvfuture"),
    # ABNF string literals are case-insensitive, so "V" is an IPvFuture too
    pytest.param("[V1a.x:y]", HostKind.IPVFUTURE, id="ipvfuture-capital"),
]


@pytest.mark.parametrize(("host", "kind"), RFC3986_3_2_2_HOST_KIND)
def test_host_kind(host: str, kind: HostKind) -> None:
    """host_kind names the alternative of the host rule that reads the text."""
    assert host_kind(host) is kind


@pytest.mark.parametrize(("host", "kind"), RFC3986_3_2_2_HOST_KIND)
def test_uri_host_kind_agrees(host: str, kind: HostKind) -> None:
    """uri.host_kind gives the same answer for the host of a parsed URI."""
    uri = URI.parse(f"http://{host}/", allow_zone_id=True)
    assert uri.host_kind is kind


def test_host_kind_is_none_without_host() -> None:
    """A URI without authority has no host kind."""
    assert URI.parse("mailto:a@b").host_kind is None


INVALID_HOSTS: Final = [
    pytest.param("a b", 1, id="space"),
    pytest.param("[::1", 4, id="unclosed-literal"),
    pytest.param("ex%zzample", 2, id="bad-percent"),
    pytest.param("é.example", 0, id="raw-non-ascii"),
]


@pytest.mark.parametrize(("host", "position"), INVALID_HOSTS)
def test_host_kind_rejects_invalid_text(host: str, position: int) -> None:
    """Text that is not a host raises ParseError, as the host setter does."""
    with pytest.raises(ParseError) as info:
        host_kind(host)
    assert (info.value.position, info.value.component) == (position, "host")
    with pytest.raises(ParseError):
        is_ambiguous_ipv4(host)


WHATWG_IPV4_AMBIGUOUS: Final = [
    pytest.param("0x7f.1", True, id="hex-and-decimal"),
    pytest.param("2130706433", True, id="one-32-bit-number"),
    pytest.param("0177.0.0.1", True, id="octal-first-part"),
    pytest.param("1.2.3", True, id="three-parts"),
    pytest.param("127.1", True, id="two-parts"),
    pytest.param("0x7F000001", True, id="hex-one-part"),
    pytest.param("0X7f.0.0.1", True, id="capital-0X"),
    pytest.param("01.02.03.04", True, id="leading-zeros"),
    # "ends in a number" ignores one trailing empty part
    pytest.param("127.0.0.1.", True, id="trailing-dot"),
    # "0x" alone is hex with no digits: the IPv4 number parser gives 0
    pytest.param("0x", True, id="bare-0x"),
    # all digits: ends in a number, then the IPv4 parser fails on "8" in octal, so the
    # URL is rejected there while RFC 3986 reads a name
    pytest.param("08", True, id="invalid-octal"),
    # ends in a number; the WHATWG IPv4 parser rejects these, RFC 3986 reads names
    pytest.param("1.2.3.4.5", True, id="five-parts"),
    pytest.param("256.0.0.1", True, id="octet-over-255"),
    pytest.param("example.1", True, id="name-ending-in-number"),
    # the WHATWG host parser percent-decodes before the IPv4 check
    pytest.param("%31%32%37.0.0.1", True, id="percent-encoded-digits"),
    # ... and maps full-width digits (UTS 46) and the ideographic full stop to ASCII
    pytest.param("%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1", True, id="full-width-digits"),
    pytest.param("127%E3%80%820.0.1", True, id="ideographic-full-stop"),
    # an IPv4address is an address to every parser: nothing ambiguous
    pytest.param("127.0.0.1", False, id="dotted-decimal"),
    pytest.param("[::1]", False, id="ip-literal"),
    pytest.param("example.com", False, id="dns-name"),
    pytest.param("example.com.", False, id="fqdn"),
    pytest.param("1.2.3.example", False, id="numeric-labels-then-name"),
    pytest.param("localhost", False, id="localhost"),
    pytest.param("", False, id="empty"),
    # a single "." splits into two empty parts: the last non-empty one does not exist
    pytest.param(".", False, id="dot"),
    pytest.param("1e2", False, id="not-a-number"),
    pytest.param("0x1g", False, id="bad-hex"),
    # octets that are not UTF-8 fail the WHATWG host parser before any IPv4 check
    pytest.param("%FF.1", False, id="not-utf-8"),
]


@pytest.mark.parametrize(("host", "ambiguous"), WHATWG_IPV4_AMBIGUOUS)
def test_is_ambiguous_ipv4(host: str, ambiguous: bool) -> None:
    """is_ambiguous_ipv4 flags exactly the reg-names that the WHATWG host parser
    treats as IPv4 (reading an address, or rejecting an invalid one)."""
    assert is_ambiguous_ipv4(host) is ambiguous


ORIGINS: Final = [
    pytest.param("http://a", Origin("http", "a", 80), id="http-default-port"),
    pytest.param("HTTP://A:80/", Origin("http", "a", 80), id="case-and-explicit-default"),
    pytest.param("https://a", Origin("https", "a", 443), id="https-default-port"),
    pytest.param("ws://a/chat", Origin("ws", "a", 80), id="ws"),
    pytest.param("wss://a/chat", Origin("wss", "a", 443), id="wss"),
    pytest.param("ftp://a/f", Origin("ftp", "a", 21), id="ftp"),
    pytest.param("http://a:8080/", Origin("http", "a", 8080), id="explicit-port"),
    # an empty port is the default port (RFC 3986 §3.2.3, §6.2.3)
    pytest.param("http://a:/", Origin("http", "a", 80), id="empty-port"),
    pytest.param("http://a:0080/", Origin("http", "a", 80), id="leading-zeros"),
    pytest.param("foo://a", Origin("foo", "a", None), id="unknown-scheme"),
    pytest.param("foo://a:5", Origin("foo", "a", 5), id="unknown-scheme-port"),
    # the userinfo is not part of the origin
    pytest.param("http://u:p@a/", Origin("http", "a", 80), id="userinfo-ignored"),
    # §6.2.2.2: %65 is "e", unreserved, so it is decoded
    pytest.param("http://%65xample.com/", Origin("http", "example.com", 80),
                 id="encoded-unreserved"),
    # §6.2.2.1: other percent-encodings stay, in uppercase
    pytest.param("http://ex%2fa/", Origin("http", "ex%2Fa", 80), id="encoded-reserved"),
    pytest.param("http://%c3%a9.example/", Origin("http", "%C3%A9.example", 80),
                 id="encoded-utf-8"),
    pytest.param("http://[FE80::A]/", Origin("http", "[fe80::a]", 80), id="ipv6"),
    # an IP address is one address whatever its text, as a browser reads it
    pytest.param("http://0x7f.1/", Origin("http", "127.0.0.1", 80), id="ambiguous-name"),
    pytest.param("foo://0x7f.1/", Origin("foo", "0x7f.1", None), id="opaque-host-name"),
    pytest.param("http://[0:0::1]/", Origin("http", "[::1]", 80), id="ipv6-rfc-5952"),
    pytest.param("urn:isbn:0451450523", None, id="no-authority"),
    pytest.param("//a/b", None, id="no-scheme"),
    # an empty host names no network host
    pytest.param("file:///etc/hosts", None, id="empty-host"),
]


@pytest.mark.parametrize(("text", "expected"), ORIGINS)
def test_origin(text: str, expected: Origin | None) -> None:
    """origin() normalizes scheme and host (§6.2.2) and fills in default ports."""
    assert URI.parse(text).origin() == expected


SAME_ORIGIN: Final = [
    pytest.param("http://a", "http://A:80/", True, id="case-and-default-port"),
    pytest.param("https://a:443/x", "https://a/y?z#f", True, id="path-query-fragment"),
    pytest.param("http://a", "http://user:pw@a", True, id="userinfo"),
    pytest.param("http://%61/", "http://a/", True, id="encoded-unreserved"),
    pytest.param("http://a:/", "http://a:80/", True, id="empty-port"),
    pytest.param("foo://a", "FOO://a", True, id="unknown-scheme"),
    pytest.param("http://a", "https://a", False, id="scheme"),
    pytest.param("http://a", "http://a:8080", False, id="port"),
    pytest.param("https://a:80", "http://a:80", False, id="same-port-other-scheme"),
    pytest.param("http://a", "http://b", False, id="host"),
    # a different name text, though DNS may resolve both alike
    pytest.param("http://a", "http://a.", False, id="trailing-dot"),
    # an IP address compares as an address: a browser goes to the same one
    pytest.param("http://127.0.0.1", "http://0x7f.1", True, id="ambiguous-ipv4"),
    pytest.param("http://[::1]", "http://[0::1]", True, id="ipv6-forms"),
    pytest.param("foo://a", "foo://a:1", False, id="unknown-scheme-port"),
    pytest.param("urn:a", "urn:a", False, id="no-origin"),
    pytest.param("/a", "/a", False, id="relative"),
    pytest.param("file:///a", "file:///a", False, id="empty-host"),
]


@pytest.mark.parametrize(("a", "b", "same"), SAME_ORIGIN)
def test_same_origin(a: str, b: str, same: bool) -> None:
    """same_origin compares normalized origins, both ways round, str or URI."""
    assert URI.parse(a).same_origin(b) is same
    assert URI.parse(b).same_origin(URI.parse(a)) is same


RFC3986_7_6_DISPLAY: Final = [
    # the example of §7.6 itself: the host is 10.0.0.1
    pytest.param("ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm",
                 'ftp://10.0.0.1/top_story.htm (user "cnn.example.com&story=breaking_news")',
                 id="rfc-example"),
    pytest.param("http://trusted.example@evil.example/login",
                 'http://evil.example/login (user hidden)', id="user-as-host"),
    pytest.param("ftp://trusted.example@evil.example/login",
                 'ftp://evil.example/login (user "trusted.example")', id="user-as-host-ftp"),
    pytest.param("https://joe:secret@example.com/",
                 'https://example.com/ (user "joe", password hidden)', id="password"),
    pytest.param("https://:secret@example.com/",
                 'https://example.com/ (user "", password hidden)', id="password-only"),
    pytest.param("https://joe:@example.com/",
                 'https://example.com/ (user hidden, password hidden)', id="empty-password"),
    pytest.param("https://@example.com/", 'https://example.com/ (user "")',
                 id="empty-userinfo"),
    pytest.param("//user@h/p", '//h/p (user hidden)', id="relative"),
    # Cyrillic "а" (U+0430) in "аpple.com": its A-label makes the spoof visible
    pytest.param("https://%D0%B0pple.com/", "https://xn--pple-43d.com/", id="homograph"),
    # RFC 3492's example label, bücher (the UTS 46 mapping lowercases "B"), passes
    # the display policy (urikit._whatwg.spoof) and is shown in Unicode, from
    # percent-encoded UTF-8 or from its A-label
    pytest.param("http://B%C3%BCcher.example/", "http://bücher.example/", id="idn"),
    pytest.param("http://XN--BCHER-KVA.example/", "http://bücher.example/", id="a-label"),
    # "аррӏе" in Cyrillic reads as "apple": its A-label is shown
    pytest.param("https://xn--80ak6aa92e.com/", "https://xn--80ak6aa92e.com/",
                 id="whole-script-homograph"),
    pytest.param("HTTP://EXAMPLE.COM/A", "http://example.com/A", id="case"),
    # unreserved characters are decoded in the host; the path is never decoded
    pytest.param("http://ex%41mple.com/%41", "http://example.com/%41", id="decoded-host"),
    # full-width "ｅ" has no A-label of its own (nameprep maps it to "e"): encoded
    pytest.param("http://%EF%BD%85xample.com/", "http://%EF%BD%85xample.com/",
                 id="full-width"),
    # a zero-width space would vanish under nameprep: encoded
    pytest.param("http://ex%E2%80%8Bample.com/", "http://ex%E2%80%8Bample.com/",
                 id="zero-width-space"),
    # full-width "#" would become "#" under nameprep: encoded
    pytest.param("http://evil.example%EF%BC%83.trusted.example/",
                 "http://evil.example%EF%BC%83.trusted.example/", id="full-width-hash"),
    # an encoded "/" is data in a name and is shown encoded, never as a delimiter
    pytest.param("http://a.example%2fb/", "http://a.example%2Fb/", id="encoded-slash"),
    pytest.param("http://%FF.example/", "http://%FF.example/", id="not-utf-8"),
    pytest.param("http://[FE80::1]:0080/", "http://[fe80::1]:0080/", id="ipv6-port"),
    pytest.param("http://h:/", "http://h:/", id="empty-port"),
    pytest.param("mailto:joe@example.com", "mailto:joe@example.com", id="no-authority"),
]


@pytest.mark.parametrize(("text", "shown"), RFC3986_7_6_DISPLAY)
def test_display(text: str, shown: str) -> None:
    """display() sets the userinfo apart from the host, hides any password and
    shows an internationalized label in Unicode only when the display policy allows
    it, as its A-label otherwise."""
    assert URI.parse(text).to_display() == shown


def test_display_host_keeps_delimiters_encoded() -> None:
    """Decoding for display never produces a character the reg-name rule forbids."""
    assert display_host("a%40b%3A%2F%3F%23") == "a%40b%3A%2F%3F%23"


def test_ports_of_any_length() -> None:
    """RFC 3986 §3.2.3 sets no bound on a port's digits: past int()'s digit limit the
    port still reads as its number, normalization and equivalence compare it as text,
    and origins compare without converting it."""
    digits = "0" + "1" * 5000
    uri = URI.parse(f"http://h:{digits}/a/./b")
    assert uri.port == int("1" * 2500) * 10 ** 2500 + int("1" * 2500)
    assert str(uri.copy().normalize()) == f"http://h:{digits[1:]}/a/b"
    assert uri.equivalent(f"HTTP://H:{digits[1:]}/a/b")
    assert uri.same_origin(f"http://h:{digits[1:]}/x")
    assert not uri.same_origin("http://h/x")
    origin = uri.origin()
    assert origin is not None
    assert origin.port == uri.port
    assert str(URI(host="h", port=uri.port)) == f"//h:{digits[1:]}"


def test_ignored_code_points_cannot_hide_an_address_by_length() -> None:
    """A run of soft hyphens longer than the idna package's input limit (1024
    characters) does not hide 127.0.0.1: browsers drop them all and read an address."""
    assert is_ambiguous_ipv4("%C2%AD" * 1100 + "127.0.0.1")
    assert is_ambiguous_ipv4("%C2%AD" * 1100 + "127")
    assert not is_ambiguous_ipv4("%C2%AD" * 1100 + "example")


# One host normalizer for normalize() and origins: the cases of the origin's former
# own normalizer (letters lowercased, unreserved triplets decoded, other triplets
# uppercased) and of normalize()'s host step (IP literals: IPv6 lowercased, an
# IPvFuture lowercased whole, a zone identifier kept exactly as written, which the
# origin's normalizer used to lowercase and decode).
ONE_HOST_NORMALIZER = [
    pytest.param("WWW.Example.COM", "www.example.com", id="letters"),
    pytest.param("%41%62c%2d%7E", "abc-~", id="unreserved-decoded-lowercased"),
    pytest.param("a%2fb%c3%a9", "a%2Fb%C3%A9", id="other-triplets-uppercased"),
    pytest.param("192.0.2.1", "192.0.2.1", id="ipv4"),
    pytest.param("[FE80::A:B]", "[fe80::a:b]", id="ipv6"),
    pytest.param("[V7.AbC:D]", "[v7.abc:d]", id="ipvfuture"),
    pytest.param("[FE80::1%25Eth%2D0]", "[fe80::1%25Eth%2D0]", id="zone-id-kept"),
]


@pytest.mark.parametrize(("host", "expected"), ONE_HOST_NORMALIZER)
def test_origin_and_normalize_share_one_host_normalizer(host: str, expected: str) -> None:
    """The origin's host is the host normalize() writes, for every kind of host."""
    uri = URI.parse(f"http://{host}:80/", allow_zone_id=True)
    origin = uri.origin()
    assert origin is not None
    assert origin.host == expected
    assert uri.copy().normalize().host == expected
    assert uri.same_origin(URI.parse(f"http://{expected}/", allow_zone_id=True))
