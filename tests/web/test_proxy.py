"""Trusted proxies: the public URI from Forwarded (RFC 7239) and X-Forwarded-* headers."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, FrozenURI, TrustedProxies
from urikit._web.proxy import Headers

INNER = FrozenURI.parse("http://10.0.0.5:8000/cart?x=1")
AS_SEEN = str(INNER)

# (forwarded count, headers, public URI): RFC 7239 §4's and §7.4's examples, forged
# chains (what a client wrote in front of the trusted proxies' elements is never
# believed), lists shorter than the count, and invalid values (each ignored alone)
FORWARDED_CHAINS: list[tuple[int, Headers, str]] = [
    (1, [("Forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43")], AS_SEEN),
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
    (2, [("Forwarded", "for=10.0.0.1;host=shop.example;proto=https")], AS_SEEN),
    (0, [("Forwarded", "for=192.0.2.7;host=shop.example;proto=https")], AS_SEEN),
    (1, [("Forwarded", 'for=x;host="[2001:db8::1]:8443";proto=https')],
     "https://[2001:db8::1]:8443/cart?x=1"),
    (1, [("Forwarded", 'host="a,b";proto=https')], "https://a,b/cart?x=1"),
    (1, [("Forwarded", 'host="shop\\.example";proto="https"')], "https://shop.example/cart?x=1"),
    # empty elements and pairs are no elements (RFC 9110 §5.6.1)
    (2, [("Forwarded", "host=shop.example, , for=10.0.0.1,")], "http://shop.example/cart?x=1"),
    (3, [("Forwarded", "host=shop.example, ;, for=10.0.0.1")], "http://shop.example/cart?x=1"),
    # invalid values: each ignored, the element's other value still applied
    (1, [("Forwarded", 'host="a b";proto=https')], "https://10.0.0.5:8000/cart?x=1"),
    (1, [("Forwarded", "host=user@shop.example")], AS_SEEN),
    (1, [("Forwarded", "host=shop.example/x")], AS_SEEN),
    (1, [("Forwarded", "proto=ht!tp")], AS_SEEN),
    (1, [("Forwarded", "proto=javascript;host=shop.example")], "http://shop.example/cart?x=1"),
    (1, [("Forwarded", 'host=""')], AS_SEEN),
    (1, [("Forwarded", "host=a=b")], AS_SEEN),
    (1, [("Forwarded", "host shop.example")], AS_SEEN),
    # a parameter twice in an element (RFC 7239 §4: MUST NOT): the element unbelieved
    (1, [("Forwarded", "host=shop.example;HOST=evil.example;proto=https")], AS_SEEN),
    (1, [("Forwarded", "for=1;host=shop.example"), ("X-Forwarded-Host", "other.example")],
     "http://shop.example/cart?x=1"),
]


@pytest.mark.parametrize(("count", "headers", "public"), FORWARDED_CHAINS)
def test_forwarded(count: int, headers: Headers, public: str) -> None:
    """The element the outermost trusted proxy appended gives the scheme and host; the
    forged ones to its left, a short list and an invalid value change nothing."""
    assert str(TrustedProxies(forwarded=count).public_uri(INNER, headers)) == public


# (what the client sent, then the trusted proxy's own element): a quote a client
# opens or closes can neither hide the proxy's element in a quoted string nor make
# one of the client's read as the proxy's. The header is unbelieved, or the proxy's
# element is read.
PROXY_ELEMENT = "for=192.0.2.7;host=shop.example;proto=https"
PROXY_ELEMENT_QUOTED = 'for="[2001:db8::7]";host="shop.example";proto=https'
FORGED_PREFIXES: list[tuple[str, str, str]] = [
    ('for="x, host=evil.example', PROXY_ELEMENT, AS_SEEN),
    ('for="x', PROXY_ELEMENT_QUOTED, AS_SEEN),
    ('host=evil.example;proto=https, x="', PROXY_ELEMENT_QUOTED, AS_SEEN),
    ('host=evil.example, x="\\', PROXY_ELEMENT_QUOTED, AS_SEEN),
    ('x=\\", host=evil.example', PROXY_ELEMENT, AS_SEEN),
    ('host="evil.example, proto=https";x="', PROXY_ELEMENT_QUOTED, AS_SEEN),
    ('host=evil.example;x="a\\"b"', PROXY_ELEMENT, "https://shop.example/cart?x=1"),
    ('host="evil.example";proto=https', PROXY_ELEMENT_QUOTED, "https://shop.example/cart?x=1"),
    ('x="a,b;c", host=evil.example', PROXY_ELEMENT, "https://shop.example/cart?x=1"),
    ("host=evil.example\x00", PROXY_ELEMENT, AS_SEEN),
]


@pytest.mark.parametrize(("forged", "element", "public"), FORGED_PREFIXES)
@pytest.mark.parametrize("joined", [True, False], ids=["one line", "two lines"])
def test_forwarded_forged_quotes(forged: str, element: str, public: str,
                                 joined: bool) -> None:
    """A quoted string never merges or splits elements: an unbalanced quote (or an
    escape outside a quoted string) makes Forwarded unbelieved, one line or two."""
    headers = ([("Forwarded", f"{forged}, {element}")] if joined
               else [("Forwarded", forged), ("Forwarded", element)])
    assert str(TrustedProxies(forwarded=1).public_uri(INNER, headers)) == public


#: what a client may write in front of the proxies' elements: quotes, escapes,
#: separators and a forged host and proto
FORGERY = st.lists(st.sampled_from(['"', "\\", ",", ";", "=", " ", "\t", "host", "proto",
                                    "for", "evil.example", "https", "x"])).map("".join)


@given(FORGERY, st.sampled_from([PROXY_ELEMENT, PROXY_ELEMENT_QUOTED]), st.booleans())
def test_no_forgery_reaches_the_proxy_element(forged: str, element: str,
                                               joined: bool) -> None:
    """Whatever a client writes in front, the Forwarded element read is the proxy's,
    or none: never one the client wrote."""
    headers = ([("Forwarded", f"{forged}, {element}")] if joined
               else [("Forwarded", forged), ("Forwarded", element)])
    public = str(TrustedProxies(forwarded=1).public_uri(INNER, headers))
    assert public in ("https://shop.example/cart?x=1", AS_SEEN)


@given(FORGERY, st.booleans())
def test_no_forgery_reaches_the_proxies_list_elements(forged: str, joined: bool) -> None:
    """Whatever a client writes in front of two proxies' X-Forwarded-Host elements,
    the element read is the outer proxy's."""
    headers = ([("X-Forwarded-Host", f"{forged}, shop.example, 10.0.0.1")] if joined
               else [("X-Forwarded-Host", forged), ("X-Forwarded-Host", "shop.example"),
                     ("X-Forwarded-Host", "10.0.0.1")])
    public = str(TrustedProxies(x_host=2).public_uri(INNER, headers))
    assert public == "http://shop.example/cart?x=1"


X_FORWARDED_CHAINS: list[tuple[dict[str, int], Headers, str]] = [
    ({"x_proto": 1, "x_host": 1},
     {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example"},
     "https://shop.example/cart?x=1"),
    ({"x_proto": 1, "x_host": 1, "x_prefix": 1},
     {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example:8443",
      "X-Forwarded-Prefix": "/app/"}, "https://shop.example:8443/app/cart?x=1"),
    ({"x_host": 1, "x_port": 1}, {"X-Forwarded-Host": "shop.example", "X-Forwarded-Port": "444"},
     "http://shop.example:444/cart?x=1"),
    ({"x_proto": 1, "x_host": 1},
     {"X-Forwarded-Proto": "http, https", "X-Forwarded-Host": "evil.example, shop.example"},
     "https://shop.example/cart?x=1"),
    ({"x_proto": 2, "x_host": 2},
     {"X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "shop.example, 10.0.0.1"},
     "https://shop.example/cart?x=1"),
    ({"x_proto": 2}, {"X-Forwarded-Proto": "https"}, AS_SEEN),
    # each header its own count: a proxy that writes the host but not the proto
    ({"x_proto": 1, "x_host": 2},
     {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "shop.example, 10.0.0.1"},
     "https://shop.example/cart?x=1"),
    # repeated lines are one list, in order
    ({"x_host": 1}, [("X-Forwarded-Host", "evil.example"), ("X-Forwarded-Host", "shop.example")],
     "http://shop.example/cart?x=1"),
    # the scheme's default port is left out
    ({"x_proto": 1, "x_port": 1}, {"X-Forwarded-Proto": "https", "X-Forwarded-Port": "443"},
     "https://10.0.0.5/cart?x=1"),
    ({"x_proto": 1, "x_host": 1},
     {"X-Forwarded-Proto": "HTTPS", "X-Forwarded-Host": "[2001:db8::1]:443"},
     "https://[2001:db8::1]/cart?x=1"),
    ({"x_proto": 1}, {"X-Forwarded-Proto": "wss"}, "wss://10.0.0.5:8000/cart?x=1"),
    ({"x_prefix": 1}, {"X-Forwarded-Prefix": "//evil.example"}, AS_SEEN),
    ({"x_prefix": 1}, {"X-Forwarded-Prefix": "app"}, AS_SEEN),
    ({"x_prefix": 1}, {"X-Forwarded-Prefix": "/a?b"}, AS_SEEN),
]


@pytest.mark.parametrize(("counts", "headers", "public"), X_FORWARDED_CHAINS)
def test_x_forwarded(counts: dict[str, int], headers: Headers, public: str) -> None:
    """X-Forwarded-* lists are read rightmost-first as Forwarded is, each for its own
    count."""
    assert str(TrustedProxies(**counts).public_uri(INNER, headers)) == public


def test_a_client_header_the_proxy_does_not_write_is_ignored() -> None:
    """Behind a proxy that writes X-Forwarded-Proto and -Host and passes the rest
    through, the client's own Forwarded, X-Forwarded-Prefix and -Port change nothing
    (issue 42: the client's Forwarded was believed before the proxy's headers)."""
    proxies = TrustedProxies(x_proto=1, x_host=1)
    headers = [("Forwarded", "host=evil.example;proto=https"),
               ("X-Forwarded-Prefix", "/evil"), ("X-Forwarded-Port", "8666"),
               ("X-Forwarded-Proto", "http"), ("X-Forwarded-Host", "shop.example")]
    assert str(proxies.public_uri(INNER, headers)) == "http://shop.example/cart?x=1"
    assert str(TrustedProxies(forwarded=1).public_uri(INNER, headers[1:])) == AS_SEEN


def test_nothing_is_trusted_by_default() -> None:
    """The default counts are 0: every forwarding header is the client's."""
    headers = {"Forwarded": "host=evil.example", "X-Forwarded-Host": "evil.example",
               "X-Forwarded-Proto": "https", "X-Forwarded-Port": "1",
               "X-Forwarded-Prefix": "/evil"}
    assert TrustedProxies().public_uri(INNER, headers) == INNER


def test_forwarded_comes_before_x_forwarded() -> None:
    """Where both are trusted, Forwarded's proto and host win; X-Forwarded-* gives what
    Forwarded's element does not say, and the port and prefix."""
    proxies = TrustedProxies(forwarded=1, x_proto=1, x_host=1, x_port=1, x_prefix=1)
    headers = {"Forwarded": "host=shop.example", "X-Forwarded-Host": "other.example",
               "X-Forwarded-Proto": "https", "X-Forwarded-Port": "8443",
               "X-Forwarded-Prefix": "/app"}
    assert str(proxies.public_uri(INNER, headers)) == "https://shop.example:8443/app/cart?x=1"


def test_a_quote_in_an_x_forwarded_list_is_data() -> None:
    """X-Forwarded-* has no quoted strings: a client's quote hides no comma (issue 42:
    with two trusted proxies it merged their elements into the client's), and an
    element holding one is no valid value."""
    proxies = TrustedProxies(x_host=2)
    forged = 'evil.example, ", shop.example, shop.example'
    assert str(proxies.public_uri(INNER, {"X-Forwarded-Host": forged})) == \
        "http://shop.example/cart?x=1"
    lines = [("X-Forwarded-Host", 'evil.example, "'), ("X-Forwarded-Host", "shop.example"),
             ("X-Forwarded-Host", "shop.example")]
    assert str(proxies.public_uri(INNER, lines)) == "http://shop.example/cart?x=1"
    assert TrustedProxies(x_host=1).public_uri(
        INNER, {"X-Forwarded-Host": '"shop.example"'}) == INNER


# (header, value): values a server refuses, each ignored (the URI as seen)
INVALID_VALUES: list[tuple[str, str]] = [
    ("X-Forwarded-Port", "²"),  # int() takes it... and fails: a ValueError before
    ("X-Forwarded-Port", "٨٠"),  # int() reads Arabic-Indic digits as 80
    ("X-Forwarded-Port", "65536"),
    ("X-Forwarded-Port", "0"),
    ("X-Forwarded-Port", "8_0"),
    ("X-Forwarded-Port", "+80"),
    ("X-Forwarded-Port", "-1"),
    ("X-Forwarded-Port", "9" * 5000),  # past int()'s digit limit: a ValueError
    ("X-Forwarded-Port", ""),
    ("X-Forwarded-Proto", "javascript"),
    ("X-Forwarded-Proto", "ftp"),
    ("X-Forwarded-Proto", "HTTPſ"),  # "ſ".upper() is "S"
    ("X-Forwarded-Proto", ""),
    ("X-Forwarded-Host", ""),  # was http:///cart
    ("X-Forwarded-Host", ":8443"),
    ("X-Forwarded-Host", "shop.example:0"),
    ("X-Forwarded-Host", "shop.example:99999"),
    ("X-Forwarded-Host", "shop.example:٨٠"),
    ("X-Forwarded-Host", "shop.example?x"),
    ("X-Forwarded-Host", "shop.example#x"),
    ("X-Forwarded-Host", "shop.example/x"),
    ("X-Forwarded-Host", "joe@shop.example"),
    ("X-Forwarded-Host", "shop example"),
    ("X-Forwarded-Host", "[::1"),
    ("X-Forwarded-Host", "a:b:c"),
    ("X-Forwarded-Prefix", "/a b"),
    ("X-Forwarded-Prefix", "/a#b"),
]


@pytest.mark.parametrize(("header", "value"), INVALID_VALUES)
def test_invalid_values_are_ignored(header: str, value: str) -> None:
    """A forwarded value is checked as a server checks it: one that fails is ignored,
    never a crash, a ``javascript:`` link or an empty host."""
    proxies = TrustedProxies(x_proto=1, x_host=1, x_port=1, x_prefix=1)
    assert proxies.public_uri(INNER, {header: value}) == INNER
    pair = {"X-Forwarded-Host": "host", "X-Forwarded-Proto": "proto"}.get(header)
    if pair is not None:  # Forwarded's same value, quoted
        quoted = value.replace("\\", "\\\\").replace('"', '\\"')
        assert TrustedProxies(forwarded=1).public_uri(
            INNER, {"Forwarded": f'{pair}="{quoted}"'}) == INNER


def test_an_invalid_value_is_ignored_alone() -> None:
    """The other headers' values still apply."""
    proxies = TrustedProxies(x_proto=1, x_host=1, x_port=1)
    headers = {"X-Forwarded-Proto": "javascript", "X-Forwarded-Host": "shop.example",
               "X-Forwarded-Port": "²"}
    assert str(proxies.public_uri(INNER, headers)) == "http://shop.example/cart?x=1"


def test_long_headers() -> None:
    """Headers of a megabyte are read whole: quoted strings, escapes, commas."""
    mb = 1_000_000
    proxies = TrustedProxies(forwarded=1, x_host=2)
    cases: list[tuple[Headers, str]] = [
        ({"Forwarded": 'for="' + "a," * (mb // 2) + f'", {PROXY_ELEMENT}'},
         "https://shop.example/cart?x=1"),
        ({"Forwarded": 'for="' + "\\a" * (mb // 2) + f'";{PROXY_ELEMENT[4:]}'},
         "https://shop.example/cart?x=1"),
        ({"Forwarded": 'for="' + "a," * (mb // 2) + f", {PROXY_ELEMENT}"}, AS_SEEN),
        ({"Forwarded": "x=y;" * (mb // 4) + "host=shop.example"}, "http://shop.example/cart?x=1"),
        ({"Forwarded": '"' * mb}, AS_SEEN),
        ({"X-Forwarded-Host": '"' + "," * mb + "shop.example, i"}, "http://shop.example/cart?x=1"),
        ({"X-Forwarded-Host": "shop.example" + " " * mb + ", i"}, "http://shop.example/cart?x=1"),
        ({"X-Forwarded-Host": "a" * mb + " b, i"}, AS_SEEN),
    ]
    for headers, public in cases:
        assert str(proxies.public_uri(INNER, headers)) == public


def test_mutable_uri() -> None:
    """A mutable URI is read as its frozen twin; the answer is a new FrozenURI."""
    public = TrustedProxies(x_host=1).public_uri(URI.parse("http://h/"),
                                                 [("X-Forwarded-Host", "b.example")])
    assert isinstance(public, FrozenURI)
    assert str(public) == "http://b.example/"


@pytest.mark.parametrize("name", ["forwarded", "x_proto", "x_host", "x_port", "x_prefix"])
def test_counts(name: str) -> None:
    """Each count is a non-negative int, given by keyword, shown in the repr."""
    proxies = TrustedProxies(**{name: 2})
    assert getattr(proxies, name) == 2
    assert f"{name}=2" in repr(proxies)
    wrong: dict[str, Any] = {name: "1"}
    with pytest.raises(TypeError, match=rf"^{name} must be an int \(.*\), not str$"):
        TrustedProxies(**wrong)
    with pytest.raises(TypeError, match=rf"^{name} must be an int \(.*\), not bool$"):
        TrustedProxies(**{name: True})
    with pytest.raises(ValueError, match=f"^{name} must be 0 or more, not -1$"):
        TrustedProxies(**{name: -1})


def test_removed_settings() -> None:
    """``hops`` and ``x_forwarded`` are gone (one count for every header trusted the
    headers a proxy does not write), and a count is never positional."""
    old: list[dict[str, Any]] = [{"hops": 1}, {"x_forwarded": False}]
    for settings in old:
        with pytest.raises(TypeError, match="unexpected keyword"):
            TrustedProxies(**settings)
    with pytest.raises(TypeError):
        TrustedProxies(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match=r"^forwarded must be an int \(a number of proxies\)"):
        TrustedProxies(forwarded=True)
    assert [field.name for field in attrs.fields(TrustedProxies)] == \
        ["forwarded", "x_proto", "x_host", "x_port", "x_prefix"]


def test_types() -> None:
    """Wrong types are TypeErrors."""
    with pytest.raises(TypeError):
        TrustedProxies(x_host=1).public_uri("http://h/", {})  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TrustedProxies(x_host=1).public_uri(INNER, "Forwarded: x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        TrustedProxies(x_host=1).public_uri(INNER, [("Forwarded",)])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        TrustedProxies(x_host=1).public_uri(INNER, [("X-Forwarded-Host", b"h")])  # type: ignore[list-item]
