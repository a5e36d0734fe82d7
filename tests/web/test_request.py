"""The one request home of the framework adapters, without a framework: what a server
hands over, the request's URI and the app's root, route values and links, redirects."""

from __future__ import annotations

import pytest

from urikit import URI, BuildError, FrozenURI, PublicSite, Rule, TrustedProxies
from urikit._model.uri import as_frozen
from urikit._web.request import (
    ServerRequest,
    app_root,
    redirect_target,
    request_uri,
    route_link,
    route_value,
)

#: a request behind one proxy: the server saw 10.0.0.5:8000 under /inner
BEHIND = ServerRequest(
    scheme="http", host="10.0.0.5:8000", script_root="/inner", path="/inner/files/a/b",
    raw_path=b"/inner/files/a%2Fb", query=b"q=a|b",
    headers=(("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "shop.example")))


@pytest.mark.parametrize(("site", "here", "root"), [
    pytest.param(PublicSite(), "http://10.0.0.5:8000/inner/files/a%2Fb?q=a%7Cb",
                 "http://10.0.0.5:8000/inner/", id="nothing trusted"),
    pytest.param(PublicSite(proxies=TrustedProxies(x_proto=1, x_host=1)),
                 "https://shop.example/inner/files/a%2Fb?q=a%7Cb", "https://shop.example/inner/",
                 id="one proxy"),
    pytest.param(PublicSite("https://pub.example/app"),
                 "https://pub.example/app/files/a%2Fb?q=a%7Cb", "https://pub.example/app/",
                 id="a site's root: the Host header is not read"),
])
def test_request_uri_and_root_through_the_site(site: PublicSite, here: str, root: str) -> None:
    """The request's URI keeps its raw path and query; the site says the public root."""
    assert str(request_uri(BEHIND, site)) == here
    assert str(app_root(BEHIND, site)) == root


def test_a_link_outside_a_request_needs_a_sites_root() -> None:
    """Without a request, only a site's root is a root."""
    assert str(app_root(None, PublicSite("https://pub.example"))) == "https://pub.example/"
    with pytest.raises(RuntimeError, match=r"PublicSite\(root=...\)"):
        app_root(None, PublicSite(proxies=TrustedProxies(x_proto=1, x_host=1)))


@pytest.mark.parametrize(("root", "error"), [
    pytest.param("/app/", ValueError, id="relative"),
    pytest.param("https://a.example/?q", ValueError, id="with a query"),
    pytest.param(3, TypeError, id="not a URI"),
])
def test_a_sites_root_is_an_absolute_uri(root: object, error: type[Exception]) -> None:
    """A root is absolute, with a host, and no query or fragment."""
    with pytest.raises(error):
        PublicSite(root)  # type: ignore[arg-type]


def test_a_sites_proxies_are_trusted_proxies() -> None:
    """A site's proxies are a TrustedProxies, checked when it is made."""
    with pytest.raises(TypeError, match=r"proxies must be a urikit\.TrustedProxies, not int"):
        PublicSite(proxies=1)  # type: ignore[arg-type]


@pytest.mark.parametrize(("value", "path", "wire"), [
    pytest.param("a/b c", False, "a%2Fb%20c", id="one segment"),
    pytest.param("a/b c", True, "a/b%20c", id="a path"),
    pytest.param(["a/b", "c"], True, "a%2Fb/c", id="segments"),
    pytest.param("%2e%2e", False, "%252e%252e", id="a '%' is data"),
])
def test_route_value(value: str | list[str], path: bool, wire: str) -> None:
    """A value is data: a one-segment value encodes its "/", a path value keeps it."""
    assert route_value(value, path) == wire


@pytest.mark.parametrize(("value", "path"), [
    ("..", False), (".", False), ("a/../b", True), ("..", True), (["a", ".."], True)])
def test_route_value_is_never_a_dot_segment(value: str | list[str], path: bool) -> None:
    """"." and ".." are refused, whole or as a piece of a path."""
    with pytest.raises(BuildError) as info:
        route_value(value, path)
    assert info.value.rule is Rule.DOT_SEGMENT_FROM_TEXT


ROOT = FrozenURI.parse("https://h.example/app/")


def test_route_link_reads_the_routers_output_under_the_root() -> None:
    """What a router leaves unencoded is encoded, nothing is decoded."""
    assert str(route_link(ROOT, "/a b/{x}/%2F?q=1 2", "r")) == \
        "https://h.example/app/a%20b/%7Bx%7D/%2F?q=1%202"


@pytest.mark.parametrize(("built", "rule"), [
    pytest.param("//evil.example/x", Rule.AUTHORITY_FROM_VALUE, id="empty authority"),
    pytest.param("/u/..", Rule.DOT_SEGMENT_FROM_TEXT, id="'..'"),
    pytest.param("/u/%2E%2e/x", Rule.DOT_SEGMENT_FROM_TEXT, id="'%2E%2e', a browser's '..'"),
])
def test_route_link_refuses_what_a_browser_reads_as_syntax(built: str, rule: Rule) -> None:
    """A link is refused rather than read with another meaning."""
    with pytest.raises(BuildError) as info:
        route_link(ROOT, built, "r")
    assert info.value.rule is rule


def test_redirect_target_or_fallback() -> None:
    """A safe target is followed; else the fallback, resolved against the root."""
    here = FrozenURI.parse("https://h.example/app/login")
    assert str(redirect_target("/app/cart", here, ROOT, None, (), False)) == \
        "https://h.example/app/cart"
    assert str(redirect_target("//evil.example", here, ROOT, None, (), False)) == str(ROOT)
    assert str(redirect_target(URI.parse("https://evil.example/"), here, ROOT, "account", (),
                               False)) == "https://h.example/app/account"
    with pytest.raises(TypeError, match="target must be a URI, FrozenURI or str, not int"):
        redirect_target(3, here, ROOT, None, (), False)


def test_as_frozen_is_the_one_coercion() -> None:
    """The same FrozenURI, a URI frozen (a copy), text read strictly or leniently."""
    frozen = FrozenURI.parse("https://a.example/x")
    uri = URI.parse("https://a.example/x")
    assert as_frozen(frozen, "uri") is frozen
    assert as_frozen(uri, "uri") == frozen
    assert str(as_frozen("https://a.example/a b", "uri", lenient=True)) == \
        "https://a.example/a%20b"
    with pytest.raises(TypeError, match=r"^base must be a URI, FrozenURI or str, not bytes$"):
        as_frozen(b"x", "base")


def test_a_server_requests_repr_leaves_its_headers_out() -> None:
    """The headers hold cookies and credentials: a logged record never shows them."""
    request = ServerRequest("https", "h.example", "", "/", headers=(
        ("Authorization", "Basic c2VjcmV0"), ("Cookie", "session=s3cr3t")))
    assert "c2VjcmV0" not in repr(request)
    assert "s3cr3t" not in repr(request)


@pytest.mark.parametrize(("raw", "decoded", "expected"), [
    (b"/a%zz", "/a%zz", "http://h/a%25zz"),
    (b"/a%4/b%", "/a%4/b%", "http://h/a%254/b%25"),
    (b"/%e9%zz%2Fx", "/\udce9%zz/x", "http://h/%e9%25zz%2Fx"),
])
def test_a_raw_path_with_a_lone_percent(raw: bytes, decoded: str, expected: str) -> None:
    """A "%" that starts no triplet is kept by the server as it decodes the path; the
    raw path is still believed (it was a UnicodeDecodeError), and the "%" is data."""
    request = ServerRequest(scheme="http", host="h", script_root="", path=decoded,
                            raw_path=raw)
    assert str(request_uri(request, PublicSite())) == expected
