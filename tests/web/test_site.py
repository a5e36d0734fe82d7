"""Sites: public suffixes and registrable domains from the Public Suffix List, same-site."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import (
    URI,
    FrozenURI,
    host_to_ascii,
    public_suffix,
    public_suffix_list_version,
    registrable_domain,
    same_site,
)

pytestmark = pytest.mark.integration
# every test here asks the Public Suffix List, which the psl extra installs
pytest.importorskip("publicsuffixlist", reason="needs publicsuffixlist (the psl extra)")

_DATA = Path(__file__).parents[1] / "data" / "psl" / "test_psl.txt"
_CHECK_RE = re.compile(r"checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);")


def _text(value: str) -> str | None:
    return None if value == "null" else value[1:-1]


# the list's own tests (tests/data/psl/test_psl.txt): (domain, registrable domain)
PSL_TESTS = [pytest.param(_text(m.group(1)), _text(m.group(2)), id=f"{n}:{m.group(1)}")
             for n, line in enumerate(_DATA.read_text(encoding="utf-8").splitlines())
             if not line.startswith("//") and (m := _CHECK_RE.match(line)) is not None]


def test_psl_tests_read() -> None:
    """Every check of the list's file is read: 78, the null one among them."""
    assert len(PSL_TESTS) == 78


@pytest.mark.parametrize(("domain", "expected"), PSL_TESTS)
def test_psl(domain: str | None, expected: str | None) -> None:
    """Each of the list's own tests gives its registrable domain, in A-labels (the URL
    Standard's hosts are ASCII; the file writes some in Unicode). The file's ``null``
    domain is no text: refused as a TypeError."""
    if domain is None:
        with pytest.raises(TypeError):
            registrable_domain(domain)  # type: ignore[arg-type]
        return
    assert registrable_domain(domain) == (None if expected is None
                                          else host_to_ascii(expected))


# (host, public suffix, registrable domain): the URL Standard's own table ("host's public
# suffix" and "host's registrable domain", §3.2 of the URL Standard), IP addresses and
# the private section
URL_STANDARD_HOSTS = [
    pytest.param("com", "com", None, id="tld"),
    pytest.param("example.com", "com", "example.com", id="example.com"),
    pytest.param("www.example.com", "com", "example.com", id="www"),
    pytest.param("sub.www.example.com", "com", "example.com", id="sub.www"),
    pytest.param("EXAMPLE.COM", "com", "example.com", id="case"),
    pytest.param("example.com.", "com.", "example.com.", id="trailing-dot"),
    pytest.param("github.io", "github.io", None, id="private-suffix"),
    pytest.param("whatwg.github.io", "github.io", "whatwg.github.io", id="private"),
    pytest.param("\u00fcber.example", "example", "xn--ber-goa.example", id="idn"),
    pytest.param("x.example", "example", "x.example", id="unlisted-tld"),
    pytest.param("192.0.2.1", None, None, id="ipv4"),
    pytest.param("0x7f.1", None, None, id="ambiguous-ipv4"),
    pytest.param("[2001:db8::1]", None, None, id="ipv6"),
    pytest.param("", None, None, id="empty"),
]


@pytest.mark.parametrize(("host", "suffix", "registrable"), URL_STANDARD_HOSTS)
def test_hosts(host: str, suffix: str | None, registrable: str | None) -> None:
    """A host's public suffix and registrable domain are the URL Standard's."""
    assert (public_suffix(host), registrable_domain(host)) == (suffix, registrable)


def test_uri_hosts() -> None:
    """A URI gives its host (wire text: percent-encoded UTF-8 is read as the browser
    reads it); a URI without a host has none."""
    uri = URI.parse("https://www.b%C3%BCcher.example.co.uk/a")
    assert registrable_domain(uri) == "example.co.uk"
    assert public_suffix(FrozenURI.parse("https://a.b%C3%BCcher.de/")) == "de"
    assert registrable_domain(URI.parse("https://a.b%C3%BCcher.de/")) == "xn--bcher-kva.de"
    assert registrable_domain(URI.parse("mailto:a@example.com")) is None
    with pytest.raises(TypeError):
        public_suffix(1)  # type: ignore[arg-type]


# (a, b, same site, schemelessly same site): the HTML Standard's examples of "same site"
# (origin section, "schemelessly same site" and "same site" table) and the private section
HTML_SAME_SITE = [
    pytest.param("https://example.com", "https://sub.example.com", True, True, id="sub"),
    pytest.param("https://example.com", "https://example.com:8443", True, True, id="port"),
    pytest.param("https://example.com", "http://example.com", False, True, id="scheme"),
    pytest.param("https://example.com", "https://example.org", False, False, id="other"),
    pytest.param("https://a.github.io", "https://b.github.io", False, False, id="private"),
    pytest.param("https://github.io", "https://github.io", True, True, id="suffix-itself"),
    pytest.param("https://github.io", "https://a.github.io", False, False,
                 id="suffix-and-below"),
    pytest.param("https://192.0.2.1", "https://192.0.2.1:81", True, True, id="ip"),
    pytest.param("https://[::1]", "https://[::1]", True, True, id="ipv6"),
    # one address in two texts is one host (the example); a blob: URL's site is
    # its inner URL's
    pytest.param("http://[::1]/", "http://[0:0:0:0:0:0:0:1]/", True, True,
                 id="ipv6-two-texts"),
    pytest.param("http://127.0.0.1/", "https://0x7f.1/", False, True, id="ipv4-two-texts"),
    pytest.param("blob:https://a.example/9b1d", "https://b.a.example/", True, True,
                 id="blob"),
    pytest.param("blob:https://a.example/9b1d", "https://b.example/", False, False,
                 id="blob-other-site"),
    pytest.param("https://\u00fcber.example", "https://a.xn--ber-goa.example", True, True,
                 id="idn"),
    pytest.param("urn:isbn:1", "urn:isbn:1", False, False, id="no-host"),
    pytest.param("/a", "https://example.com", False, False, id="relative"),
]


@pytest.mark.parametrize(("a", "b", "schemeful", "schemeless"), HTML_SAME_SITE)
def test_same_site(a: str, b: str, schemeful: bool, schemeless: bool) -> None:
    """Same site as HTML defines it, schemeful by default, in both orders, from text
    and from URIs alike."""
    assert same_site(a, b) is schemeful
    assert same_site(b, a) is schemeful
    assert same_site(a, b, schemeful=False) is schemeless
    assert same_site(URI.parse_lenient(a), FrozenURI.parse_lenient(b)) is schemeful


def test_version() -> None:
    """The list's version is its VERSION line, a UTC time stamp."""
    assert re.fullmatch(r"\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_UTC", public_suffix_list_version())


def _unfiltered_domain(text: str) -> tuple[str, str] | None:
    """The site's reading of a host without the pre-filter that skips the IPv4 checks
    for a host whose last label starts with no digit."""
    from urikit._core.errors import URIError
    from urikit._core.host import HostKind, host_kind
    from urikit._whatwg.display import is_ambiguous_ipv4
    from urikit._whatwg.idna import host_to_ascii

    if text.startswith("[") or not text:
        return None
    try:
        ascii_host = host_to_ascii(text)
    except URIError:
        return None
    if host_kind(ascii_host) is HostKind.IPV4 or is_ambiguous_ipv4(ascii_host):
        return None
    dot = "." if ascii_host.endswith(".") else ""
    return ascii_host[:len(ascii_host) - len(dot)], dot


@given(st.lists(st.sampled_from(["a", "0", "1", "9", "0x1f", "x", "%31", "%2e", ".",
                                 "１", "。", "ß", "-", "256", "0177"]),
                max_size=8).map("".join))
def test_the_ipv4_pre_filter_changes_no_answer(text: str) -> None:
    """The site's reading of a host skips the IPv4 checks where the host's last label
    starts with no digit and holds no "%": on hosts of digits, letters, dots
    (full-width and ideographic ones too), hex and octal numbers and percent-encoded
    digits and dots, the answer is the checks' own."""
    from urikit._web.site import _text_domain

    assert _text_domain(text) == _unfiltered_domain(text)
