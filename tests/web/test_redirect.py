"""safe_redirect: a ``next`` target is followed only when it stays on the request's origin.

The trick table here is shared: each framework test sends every row through the
framework's own test client to the example app's login view.
"""

from __future__ import annotations

import sys

import pytest

from urikit import URI, FrozenURI, safe_redirect

BASE = "https://shop.example/account/login?next=x"

# (name, target as the application receives it after the framework decoded the query)
TRICKS: list[tuple[str, str]] = [
    ("network-path", "//evil.example"),
    ("network-path with path", "//evil.example/account"),
    ("three slashes", "///evil.example"),
    ("backslash after slash", "/\\evil.example"),
    ("two backslashes", "\\\\evil.example"),
    ("slash backslash slash", "/\\/evil.example"),
    ("other scheme", "https://evil.example/"),
    ("other scheme, other case", "HTTPS://EVIL.EXAMPLE/"),
    ("scheme without slashes", "https:evil.example"),
    ("scheme with one slash", "https:/evil.example"),
    ("userinfo that looks like the host", "https://shop.example@evil.example/"),
    ("userinfo on the right host", "https://user:pw@shop.example/"),
    ("userinfo on a network-path", "//shop.example@evil.example"),
    # decoded once, the path it lands on ("/%2F%2Fevil.example") is "///evil.example"
    ("encoded slashes", "../%2F%2Fevil.example"),
    ("encoded slashes after a slash", "/%2F%2Fevil.example"),
    ("encoded slashes, lower case", "/%2f%2fevil.example"),
    ("encoded backslash", "/%5Cevil.example"),
    ("dot segments to two slashes", "/..//evil.example"),
    ("dot segment to two slashes", "/.//evil.example"),
    ("encoded dot segments to two slashes", "/%2e%2e//evil.example"),
    # the path "//%2e%2e%2f@evil.example" sent alone as a Location is host evil.example
    ("dot segment to a path that is a network-path", "/.//%2e%2e%2f@evil.example"),
    ("dot segments to a path that is a network-path", "/a/..//%2e%2e%2f@evil.example"),
    ("dot segment to two slashes, encoded after", "/.//evil.example%2f"),
    # the browser removes ".%2e" and "%2e%2e" as it removes ".." and leaves "%2f" alone
    ("encoded dot segment to a path that is a network-path", "/.%2e//%2e%2e%2f@evil.example"),
    ("encoded dot segments to a path that is a network-path",
     "/a/%2e%2e//%2e%2e%2f@evil.example"),
    ("encoded tab", "/%09/evil.example"),
    ("tab inside", "/\t/evil.example"),
    ("newline inside", "/\n/evil.example"),
    ("carriage return and line feed", "/ok\r\nSet-Cookie: a=b"),
    ("leading space", " //evil.example"),
    ("javascript", "javascript:alert(1)"),
    ("javascript, mixed case", "JaVaScRiPt:alert(1)"),
    ("javascript after a tab", "java\tscript:alert(1)"),
    ("data", "data:text/html,<script>alert(1)</script>"),
    ("plain http downgrade", "http://shop.example/"),
    ("other port", "https://shop.example:8443/"),
    ("ambiguous IPv4, decimal", "https://2130706433/"),
    ("ambiguous IPv4, hex", "https://0x7f.1/"),
    ("trailing dot host", "https://shop.example./"),
    ("non-ASCII host", "https://shop.exampl\u0435/"),
    ("empty host", "https:///evil.example"),
]

# (target, where it leads)
ACCEPTED: list[tuple[str, str]] = [
    ("/cart?step=2", "https://shop.example/cart?step=2"),
    ("orders", "https://shop.example/account/orders"),
    ("../help#faq", "https://shop.example/help#faq"),
    ("?tab=2", "https://shop.example/account/login?tab=2"),
    ("https://shop.example/u/Jos%C3%A9%2FAna", "https://shop.example/u/Jos%C3%A9%2FAna"),
    ("https://SHOP.example:443/a", "https://SHOP.example:443/a"),
    ("//shop.example/a", "https://shop.example/a"),
    # what Flask-Login and browsers write: read as a browser reads it, returned encoded
    ("/list?ids[]=1", "https://shop.example/list?ids%5B%5D=1"),
    ("/café", "https://shop.example/caf%C3%A9"),
    ("/search?q=a|b c", "https://shop.example/search?q=a%7Cb%20c"),
    # the checks read where a target lands, not its text: these land on pages under
    # /account/, whose paths, decoded once more, still are (no "//", no scheme)
    ("%2F%2Fevil.example", "https://shop.example/account/%2F%2Fevil.example"),
    ("javascript%3Aalert(1)", "https://shop.example/account/javascript%3Aalert(1)"),
]


@pytest.mark.parametrize(("name", "target"), TRICKS, ids=[name for name, _ in TRICKS])
def test_every_trick_is_refused(name: str, target: str) -> None:
    """Each known open-redirect trick gives None, so the caller uses its default."""
    assert safe_redirect(target, BASE) is None, name


@pytest.mark.parametrize(("target", "expected"), ACCEPTED)
def test_same_origin_targets_resolve(target: str, expected: str) -> None:
    """A target on the same origin comes back resolved against the base, as written."""
    result = safe_redirect(target, BASE)
    assert type(result) is URI
    assert str(result) == expected


# (target, base): the hunt of issue 37, each a path a browser reads as "//..." once it
# removes the dot segments (percent-encoded ones included, "%2f" left encoded)
BROWSER_DOT_SEGMENTS: list[tuple[str, str]] = [
    ("/.%2e//%2e%2e%2f@evil.example", "https://shop.example/"),
    ("/a/%2e%2e//%2e%2e%2f@evil.example", "https://shop.example/login"),
    ("%2e//%2e%2e%2f..@evil.example", "https://shop.example/"),
    ("%2E%2e/%2e//%2e%2e%2f@evil.example", "https://shop.example/a/b"),
    ("/%2e/%2E//evil.example%2f", "https://shop.example/"),
]


@pytest.mark.parametrize(("target", "base"), BROWSER_DOT_SEGMENTS)
def test_a_path_the_browser_reads_as_a_network_path_is_refused(target: str, base: str) -> None:
    """The check reads the resolved path as the browser does (WHATWG URL, path state:
    ``%2e`` is a dot, ``%2f`` is data): a path that is ``//...`` to the browser, sent
    alone as a relative ``Location``, names another host."""
    assert safe_redirect(target, base) is None


@pytest.mark.parametrize(("target", "expected"), [
    ("/a/.%2e/b", "https://shop.example/b"),
    ("/a/%2e/b/%2E%2e/c", "https://shop.example/a/c"),
    ("/a/b/..%2f/c", "https://shop.example/a/b/..%2f/c"),
    ("/%2e%2e%2f%2e%2e%2f@evil.example", "https://shop.example/%2e%2e%2f%2e%2e%2f@evil.example"),
])
def test_the_result_is_the_browsers_reading(target: str, expected: str) -> None:
    """An accepted target comes back as the browser resolves it: its dot segments,
    percent-encoded ones included, removed, and ``%2f`` left as data."""
    assert str(safe_redirect(target, "https://shop.example/login")) == expected


# (target, base): the request URL is the attacker's too (a link to
# https://shop.example/%2e%2e/x/login?next=...): its dot segments, plain or "%2e", are
# the browser's to remove, and a path they hid ("//...") is refused
ATTACKER_BASES: list[tuple[str, str]] = [
    ("%2e./\\%2e%2e%2f@evil.example", "https://shop.example/%2e%2e/x/"),  # issue 42
    ("..//%2e%2e%2f@evil.example", "https://shop.example/%2E%2e/x/"),
    ("?q", "https://shop.example/a/..//evil.example"),
    ("#top", "https://shop.example/a/%2e%2e//evil.example"),
    ("?q", "https://shop.example/a/.%2e//evil.example/b"),
    (".", "https://shop.example/a/%2e%2e//evil.example/b"),
]


@pytest.mark.parametrize(("target", "base"), ATTACKER_BASES)
def test_a_request_url_with_dot_segments_hides_no_network_path(target: str, base: str) -> None:
    """The target is resolved against the request URL as the browser has read it, so
    the returned path is the one the browser reads: one that is ``//...`` there, sent
    alone as a relative ``Location``, names another host, and is refused."""
    assert safe_redirect(target, base) is None
    assert safe_redirect(target, URI.parse(base)) is None


@pytest.mark.parametrize(("target", "base", "expected"), [
    ("y", "https://shop.example/%2e%2e/x/", "https://shop.example/x/y"),
    ("?q", "https://shop.example/a/%2e%2e/b", "https://shop.example/b?q"),
    ("#top", "https://shop.example/a/./b/../c", "https://shop.example/a/c#top"),
    ("../z", "https://shop.example/a/%2E/b/.%2e/c/d", "https://shop.example/a/z"),
])
def test_the_result_holds_no_dot_segment_of_the_base(target: str, base: str,
                                                     expected: str) -> None:
    """What ``safe_redirect`` returns is what the browser reads: no segment of it, the
    base's included, is one the browser would still remove (``..``, ``%2e%2e``), so
    reading it again changes nothing."""
    assert str(safe_redirect(target, base)) == expected


# targets whose path is harmless as written, but where they land, decoded once more
# (a server or proxy that decodes the path, as Starlette's trailing-slash redirect does),
# is "//evil.example" once the browser removes its dot segments: issue 42
DECODED_ONCE: list[str] = [
    "%2fevil.example", "./%2fevil.example", "/x/../%2fevil.example",
    "/x/%2e%2e%2f/evil.example", "%2e%2e%2f/evil.example", "/a/%252e%252e/%2fevil.example",
    "/a/..%2f..%2f/b",
]


@pytest.mark.parametrize("target", DECODED_ONCE)
def test_the_decoded_once_check_reads_where_the_target_lands(target: str) -> None:
    """The refusals for a server that decodes once more read the resolved path (what is
    returned), never the target's text: ``%2fevil.example`` against ``/login`` lands on
    ``/%2fevil.example``, ``//evil.example`` decoded."""
    assert safe_redirect(target, "https://shop.example/login") is None


def test_no_target_gives_none() -> None:
    """An absent or empty target is no target."""
    assert safe_redirect(None, BASE) is None
    assert safe_redirect("", BASE) is None


def test_base_may_be_a_uri_or_a_frozen_uri() -> None:
    """The base is accepted in each form; the result is a mutable URI and the base
    is not changed."""
    frozen = FrozenURI.parse(BASE)
    mutable = URI.parse(BASE)
    for base in (frozen, mutable):
        result = safe_redirect("/a", base)
        assert type(result) is URI
        assert str(result) == "https://shop.example/a"
    assert str(mutable) == BASE


def test_base_without_a_scheme_refuses_every_target() -> None:
    """A relative base cannot say which origin to keep: nothing is safe against it."""
    assert safe_redirect("/a", "/account/login") is None
    assert safe_redirect(None, "/account/login") is None


def test_base_as_frameworks_give_it() -> None:
    """The request URL as a framework hands it over is read leniently: a hostile query
    in it (the attacker chooses it) does not make safe_redirect raise."""
    for base in ("https://shop.example/login?next=/cart&q=a|b",
                 "https://shop.example/login?next=/cart&q=<x>&y={z}#a#b",
                 "https://shop.example/ü/a b?q=\\"):
        assert str(safe_redirect("/cart", base)) == "https://shop.example/cart"
    # a base the lenient reader refuses (a browser would have no page there) gives None
    assert safe_redirect("/cart", "https://shop.example:99999/") is None
    assert safe_redirect("/cart", "https://a b/") is None


@pytest.mark.parametrize("base", [None, 1, b"https://shop.example/", ["https://h/"]])
def test_a_base_of_another_type_is_a_type_error(base: object) -> None:
    with pytest.raises(TypeError):
        safe_redirect("/a", base)  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [1, b"/a", ["/a"], URI.parse("/a")])
def test_a_target_of_another_type_is_a_type_error(target: object) -> None:
    with pytest.raises(TypeError):
        safe_redirect(target, BASE)  # type: ignore[arg-type]


def test_backslashes_read_as_the_browser_reads_them() -> None:
    """A target a browser reads as this host is accepted, and returned as the URL the
    browser would have gone to; one it reads as another host is refused."""
    assert str(safe_redirect("/\\shop.example/a", BASE)) == "https://shop.example/a"
    assert safe_redirect("/\\evil.example/a", BASE) is None


def test_base_without_origin_refuses_every_target() -> None:
    """A base with no host (``file:``, ``urn:``) has no origin, so nothing matches it."""
    assert safe_redirect("/a", "file:///srv/index.html") is None
    assert safe_redirect("b", "urn:example:a") is None


def test_ambiguous_ipv4_host_is_refused_even_as_the_base_host() -> None:
    """A numeric name that browsers read as an address is refused, even when a URI base
    itself carries it, since the two readings of the host disagree; a ``str`` base is
    read as browsers read it, so its host is the address, in dotted decimal."""
    assert safe_redirect("/a", URI.parse("http://0x7f.1/")) is None
    assert str(safe_redirect("/a", "http://0x7f.1/")) == "http://127.0.0.1/a"
    assert str(safe_redirect("/a", "http://127.0.0.1/")) == "http://127.0.0.1/a"


# (target, allowed hosts, require_https, result): safe_redirect's allow-list and scheme
# policy, as Django's url_has_allowed_host_and_scheme(allowed_hosts=, require_https=)
ALLOWED_HOSTS_CASES = [
    pytest.param("https://cdn.example/app", ("cdn.example",), False,
                 "https://cdn.example/app", id="allowed"),
    pytest.param("//cdn.example/app", ("cdn.example",), False, "https://cdn.example/app",
                 id="scheme-relative"),
    pytest.param("https://CDN.Example/", ("cdn.example",), False, "https://CDN.Example/",
                 id="case"),
    pytest.param("https://b\u00fccher.example/", ("xn--bcher-kva.example",), False,
                 "https://xn--bcher-kva.example/", id="idna"),
    pytest.param("https://cdn.example:8443/", ("cdn.example",), False, None,
                 id="other-port"),
    pytest.param("https://cdn.example:8443/", ("cdn.example:8443",), False,
                 "https://cdn.example:8443/", id="port"),
    pytest.param("http://cdn.example/", ("cdn.example",), False, "http://cdn.example/",
                 id="http"),
    pytest.param("http://cdn.example/", ("cdn.example",), True, None, id="https-only"),
    pytest.param("/cart", (), True, "https://shop.example/cart", id="same-origin-https"),
    pytest.param("https://evil.example/", ("cdn.example",), False, None, id="not-allowed"),
    pytest.param("https://x.cdn.example/", ("cdn.example",), False, None, id="subdomain"),
    pytest.param("https://u:p@cdn.example/", ("cdn.example",), False, None, id="userinfo"),
    pytest.param("javascript://cdn.example/%0aalert(1)", ("cdn.example",), False, None,
                 id="javascript"),
    pytest.param("ftp://cdn.example/", ("cdn.example",), False, None, id="ftp"),
    pytest.param("https://cdn.example//evil.example", ("cdn.example",), False,
                 None, id="double-slash-path"),
]


@pytest.mark.parametrize(("target", "hosts", "https_only", "expected"), ALLOWED_HOSTS_CASES)
def test_allowed_hosts(target: str, hosts: tuple[str, ...], https_only: bool,
                       expected: str | None) -> None:
    """A target on an allowed host is accepted (https or http, that host's port), with
    every other check still made; ``require_https`` refuses anything but https."""
    result = safe_redirect(target, "https://shop.example/login", allowed_hosts=hosts,
                           require_https=https_only)
    assert (None if result is None else str(result)) == expected


def test_require_https_on_an_http_page() -> None:
    """On an http page, ``require_https`` refuses a relative target too."""
    assert safe_redirect("/cart", "http://shop.example/", require_https=True) is None
    assert str(safe_redirect("/cart", "http://shop.example/")) == "http://shop.example/cart"


def test_allowed_hosts_types() -> None:
    """``allowed_hosts`` is an iterable of text: a bare str or another item is a
    TypeError."""
    with pytest.raises(TypeError):
        safe_redirect("/a", "https://h/", allowed_hosts="cdn.example")
    with pytest.raises(TypeError):
        safe_redirect("/a", "https://h/", allowed_hosts=[1])  # type: ignore[list-item]


# (target, result) with allowed_hosts=[".example.com", "*.example.net",
# "*.cdn.example:8443"]: Django's ALLOWED_HOSTS spelling and the wildcard one
DOMAIN_ENTRIES = [".example.com", "*.example.net", "*.cdn.example:8443"]
DOMAIN_CASES: list[tuple[str, str | None]] = [
    ("https://example.com/a", "https://example.com/a"),  # ".": the domain itself too
    ("https://www.example.com/a", "https://www.example.com/a"),
    ("https://a.b.EXAMPLE.com:443/", "https://a.b.EXAMPLE.com:443/"),
    ("//api.example.com/x?y", "https://api.example.com/x?y"),
    ("http://api.example.com/", "http://api.example.com/"),
    ("https://api.example.net/", "https://api.example.net/"),
    ("https://a.b.example.net/", "https://a.b.example.net/"),
    ("https://img.cdn.example:8443/", "https://img.cdn.example:8443/"),
    ("https://example.net/", None),  # "*.": subdomains only
    ("https://badexample.com/", None),  # label by label, not a suffix of text
    ("https://example.com.evil.example/", None),
    ("https://www.example.com:8443/", None),  # the scheme's default port
    ("https://img.cdn.example/", None),  # the entry's port only
    ("https://www.example.com./", None),  # another origin to the browser
    ("https://u:p@www.example.com/", None),
    ("ftp://www.example.com/", None),
    ("https://www.example.com//evil.example", None),
]


def test_domain_entries_allow_subdomains_label_by_label() -> None:
    """``.example.com`` (as Django's ``ALLOWED_HOSTS`` writes it) allows
    ``example.com`` and its subdomains, ``*.example.net`` the subdomains only, each
    compared label by label as :meth:`URI.in_domain` compares, on the entry's port
    (or the scheme's default), with every other check still made."""
    results = {target: safe_redirect(target, "https://shop.example/login",
                                     allowed_hosts=DOMAIN_ENTRIES)
               for target, _ in DOMAIN_CASES}
    assert {target: None if result is None else str(result)
            for target, result in results.items()} == dict(DOMAIN_CASES)


def test_domain_entries_compare_as_browsers_do() -> None:
    """An entry and a target host in Unicode or A-labels, any case, are the same."""
    for entry in (".xn--bcher-kva.example", "*.B\u00dcCHER.example"):
        assert str(safe_redirect("https://a.b\u00fccher.example/", "https://shop.example/",
                                 allowed_hosts=[entry])) == "https://a.xn--bcher-kva.example/"


@pytest.mark.parametrize("entry", ["*.co.uk", ".co.uk", "*.CO.UK", ".com", "*.com", "*.com.",
                                   ".github.io", "*.bücher", "*", "."])
def test_a_domain_entry_over_a_public_suffix_is_an_error(entry: str) -> None:
    """A domain entry over a public suffix (the Public Suffix List, its private
    section included) would allow other owners' sites: a ValueError, whatever the
    target, as ``*`` and ``.`` (every host) are."""
    with pytest.raises(ValueError, match="allowed_hosts entry"):
        safe_redirect("/a", "https://shop.example/", allowed_hosts=["cdn.example", entry])
    with pytest.raises(ValueError, match="allowed_hosts entry"):
        safe_redirect(None, "https://shop.example/", allowed_hosts=[entry])


def test_without_the_public_suffix_list_a_single_label_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the ``psl`` extra, a domain entry of one label (``.com``, ``*.local``) is
    still refused; one of more labels is taken as written (``*.co.uk``: install the
    extra to refuse it)."""
    from urikit._web import site

    monkeypatch.setitem(sys.modules, "publicsuffixlist", None)  # the import fails
    site._list.cache_clear()  # pyright: ignore[reportPrivateUsage]
    site._optional_list.cache_clear()  # pyright: ignore[reportPrivateUsage]
    try:
        for entry in (".com", "*.local"):
            with pytest.raises(ValueError, match="public suffix"):
                safe_redirect("/a", "https://shop.example/", allowed_hosts=[entry])
        assert str(safe_redirect("https://a.co.uk/", "https://shop.example/",
                                 allowed_hosts=["*.co.uk"])) == "https://a.co.uk/"
    finally:
        monkeypatch.undo()
        site._list.cache_clear()  # pyright: ignore[reportPrivateUsage]
        site._optional_list.cache_clear()  # pyright: ignore[reportPrivateUsage]
    with pytest.raises(ValueError, match="public suffix"):
        safe_redirect("/a", "https://shop.example/", allowed_hosts=["*.co.uk"])


@pytest.mark.parametrize("entry", [
    "", "a b", "cdn.example:99999", "cdn.example:8a", "https://cdn.example", "cdn.example/app",
    "cdn.example?x", "u:S3CRET@cdn.example", "a.*.example", "*example.com", "**.example.com",
    "*.127.0.0.1", ".[::1]", "xn--a.example",
])
def test_an_entry_that_is_no_host_is_an_error(entry: str) -> None:
    """An entry urikit cannot read as ``host``, ``host:port``, ``.domain`` or
    ``*.domain`` is a ValueError naming it (its password masked), never an entry that
    silently allows nothing."""
    with pytest.raises(ValueError, match="allowed_hosts entry") as info:
        safe_redirect("/a", "https://shop.example/", allowed_hosts=[entry])
    assert "S3CRET" not in str(info.value)
