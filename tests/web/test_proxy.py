"""Trusted proxies: the public URI from Forwarded (RFC 7239) and X-Forwarded-* headers."""

from __future__ import annotations

import pytest

from urikit import URI, FrozenURI, TrustedProxies
from urikit._web.proxy import Headers

INNER = FrozenURI.parse("http://10.0.0.5:8000/cart?x=1")

# (hops, headers, public URI): RFC 7239 §4's and §7.4's examples, forged chains (what a
# client wrote in front of the trusted proxies' elements is never believed), lists
# shorter than the trusted hops, and malformed values (the element is not believed)
FORWARDED_CHAINS: list[tuple[int, Headers, str]] = [
    (1, [("Forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43")],
     "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", 'for="_gazonk";host=shop.example;proto=https')],
     "https://shop.example/cart?x=1"),
    (1, [("Forwarded", "For=192.0.2.43, for=198.51.100.17;Host=shop.example;Proto=HTTPS")],
     "https://shop.example/cart?x=1"),
    (1, [("Forwarded", "host=evil.example;proto=http"),
         ("Forwarded", "for=192.0.2.7;host=shop.example;proto=https")],
     "https://shop.example/cart?x=1"),
    (1, [("Forwarded", "host=evil.example, for=192.0.2.7;host=shop.example;proto=https")],
     "https://shop.example/cart?x=1"),
    (2, [("Forwarded", "host=evil.example"),
         ("Forwarded", "for=192.0.2.7;host=shop.example;proto=https, for=10.0.0.1;host=i")],
     "https://shop.example/cart?x=1"),
    (2, [("Forwarded", "for=10.0.0.1;host=shop.example;proto=https")],
     "http://10.0.0.5:8000/cart?x=1"),
    (0, [("Forwarded", "for=192.0.2.7;host=shop.example;proto=https")],
     "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", 'for=x;host="[2001:db8::1]:8443";proto=https')],
     "https://[2001:db8::1]:8443/cart?x=1"),
    (1, [("Forwarded", 'host="a,b";proto=https')], "https://a,b/cart?x=1"),
    (1, [("Forwarded", 'host="a b";proto=https')], "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", "host=user@shop.example")], "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", "host=shop.example/x")], "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", "proto=ht!tp")], "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", "host shop.example")], "http://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", "for=1;host=shop.example"), ("X-Forwarded-Host", "other.example")],
     "http://shop.example/cart?x=1"),
]


@pytest.mark.parametrize(("hops", "headers", "public"), FORWARDED_CHAINS)
def test_forwarded(hops: int, headers: Headers, public: str) -> None:
    """The element the outermost trusted proxy appended gives the scheme and host; the
    forged ones to its left, a short list and a malformed element change nothing."""
    assert str(TrustedProxies(hops=hops).public_uri(INNER, headers)) == public


X_FORWARDED_CHAINS: list[tuple[int, dict[str, str], str]] = [
    (1, {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example"},
     "https://shop.example/cart?x=1"),
    (1, {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example:8443",
         "X-Forwarded-Prefix": "/app/"}, "https://shop.example:8443/app/cart?x=1"),
    (1, {"X-Forwarded-Host": "shop.example", "X-Forwarded-Port": "444"},
     "http://shop.example:444/cart?x=1"),
    (1, {"X-Forwarded-Proto": "http, https", "X-Forwarded-Host": "evil.example, shop.example"},
     "https://shop.example/cart?x=1"),
    (2, {"X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "shop.example, 10.0.0.1"},
     "https://shop.example/cart?x=1"),
    (2, {"X-Forwarded-Proto": "https"}, "http://10.0.0.5:8000/cart?x=1"),
    (1, {"X-Forwarded-Port": "44x"}, "http://10.0.0.5:8000/cart?x=1"),
    (1, {"X-Forwarded-Prefix": "//evil.example"}, "http://10.0.0.5:8000/cart?x=1"),
    (1, {"X-Forwarded-Prefix": "app"}, "http://10.0.0.5:8000/cart?x=1"),
    (1, {"X-Forwarded-Prefix": "/a?b"}, "http://10.0.0.5:8000/cart?x=1"),
]


@pytest.mark.parametrize(("hops", "headers", "public"), X_FORWARDED_CHAINS)
def test_x_forwarded(hops: int, headers: dict[str, str], public: str) -> None:
    """X-Forwarded-* lists are read rightmost-first as Forwarded is, each validated."""
    assert str(TrustedProxies(hops=hops).public_uri(INNER, headers)) == public


def test_switches() -> None:
    """Each kind of header can be turned off; a mutable URI is read as its frozen twin."""
    headers = [("Forwarded", "host=a.example"), ("X-Forwarded-Host", "b.example")]
    assert TrustedProxies(hops=1, forwarded=False).public_uri(INNER, headers).host \
        == "b.example"
    assert TrustedProxies(hops=1, x_forwarded=False).public_uri(
        INNER, [("X-Forwarded-Host", "b.example")]) == INNER
    public = TrustedProxies(hops=1).public_uri(URI.parse("http://h/"), headers)
    assert isinstance(public, FrozenURI)
    assert public.host == "a.example"


def test_types() -> None:
    """Wrong types are TypeErrors; a negative hop count is refused."""
    with pytest.raises(TypeError):
        TrustedProxies(hops=True)
    with pytest.raises(TypeError):
        TrustedProxies(hops="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hops must be 0 or more"):
        TrustedProxies(hops=-1)
    with pytest.raises(TypeError):
        TrustedProxies(hops=1).public_uri("http://h/", {})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TrustedProxies(hops=1).public_uri(INNER, "Forwarded: x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TrustedProxies(hops=1).public_uri(INNER, [("Forwarded",)])  # type: ignore[list-item]
