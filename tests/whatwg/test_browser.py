"""The WHATWG host parser (what a browser reads as a host), on host text.

The expected values are the WHATWG URL standard's (and a browser's: the differential
test in tests/integration/test_browser.py compares with ada-url on generated hosts).
"""

from __future__ import annotations

import ipaddress
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URIError
from urikit._whatwg.browser import (
    _ipv6_text,
    browser_host,
    ends_in_a_number,
    ipv4_number,
    parse_ipv4,
)

READ: Final = [
    pytest.param("Example.COM", "example.com", id="lowercased"),
    pytest.param("0x7f.1", "127.0.0.1", id="hex-and-short-ipv4"),
    pytest.param("0177.0.0.1", "127.0.0.1", id="octal-ipv4"),
    pytest.param("2130706433", "127.0.0.1", id="one-number-ipv4"),
    pytest.param("127.0.0.1.", "127.0.0.1", id="trailing-dot-ipv4"),
    pytest.param("0x", "0.0.0.0", id="bare-hex-prefix"),
    pytest.param("%31%32%37.0.0.1", "127.0.0.1", id="percent-encoded-ipv4"),
    pytest.param("a%2eb", "a.b", id="percent-encoded-dot"),
    pytest.param("１２７．０．０．１", "127.0.0.1", id="full-width-ipv4"),
    pytest.param("[0:0::1]", "[::1]", id="ipv6-serialized"),
    pytest.param("[::ffff:1.2.3.4]", "[::ffff:102:304]", id="ipv4-in-ipv6"),
    pytest.param("bücher.example", "xn--bcher-kva.example", id="idn"),
    pytest.param("a..b", "a..b", id="empty-label"),
    pytest.param("a_b", "a_b", id="underscore"),
    pytest.param("1.2.3.a", "1.2.3.a", id="ends-in-a-name"),
]


@pytest.mark.parametrize(("host", "expected"), READ)
def test_browser_host(host: str, expected: str) -> None:
    assert browser_host(host) == expected


REFUSED: Final = [
    pytest.param("", id="empty"),
    pytest.param("a b", id="space"),
    pytest.param("a^b", id="caret"),
    pytest.param("a%2Fb", id="encoded-slash"),
    pytest.param("a%25b", id="encoded-percent"),
    pytest.param("a%00b", id="encoded-nul"),
    pytest.param("a%ffb", id="not-utf-8"),
    pytest.param("1.2.3.4.5", id="five-parts"),
    pytest.param("256.0.0.1", id="part-too-big"),
    pytest.param("1.2.3.08", id="bad-octal"),
    pytest.param("09", id="bad-octal-alone"),
    pytest.param("4294967296", id="past-32-bits"),
    pytest.param("0x" + "f" * 5000, id="huge-hex"),
    pytest.param("[v1.x]", id="ipvfuture"),
    pytest.param("[fe80::1%25eth0]", id="zone-id"),
    pytest.param("[::1", id="unclosed"),
    pytest.param("xn--a", id="bad-a-label"),
    pytest.param("\u00ad", id="maps-to-nothing"),
]


@pytest.mark.parametrize("host", REFUSED)
def test_browser_host_refuses(host: str) -> None:
    with pytest.raises(URIError):
        browser_host(host)


def test_ipv4_pieces() -> None:
    assert [ipv4_number(p) for p in ("0x10", "010", "10", "0", "0x", "08", "1a")] == [
        16, 8, 10, 0, 0, None, None]
    assert [ends_in_a_number(d) for d in ("a.1", "a.1.", "a.0x1", "1.a", "a..", ".", "")] == [
        True, True, True, False, False, False, False]
    assert parse_ipv4("1.2.65535") == (1 << 24) + (2 << 16) + 65535
    assert parse_ipv4("1.2.65536") is None


@given(st.lists(st.sampled_from([0, 0, 0, 1, 0xABC, 0xFFFF]), min_size=8, max_size=8))
def test_ipv6_text_is_rfc5952s_on_every_python(pieces: list[int]) -> None:
    """The WHATWG serializer agrees with ipaddress's compressed form (RFC 5952) except
    for IPv4-mapped addresses, which Python 3.13 writes with a dotted tail."""
    address = int("".join(f"{p:04x}" for p in pieces), 16)
    expected = ipaddress.IPv6Address(address)
    if expected.ipv4_mapped is None:
        assert _ipv6_text(address) == expected.compressed
    else:
        assert "." not in _ipv6_text(address)
