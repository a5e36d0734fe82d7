"""Normalization and equivalence (RFC 3986 §6.2)."""

from __future__ import annotations

import pickle
import re
import string

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from urikit import URI, NormalizeOptions, ParseError, strategies
from urikit._core.normalize import _rewriter


def normalized(text: str, **options: bool) -> str:
    """The text of ``text`` parsed (zone ids allowed) and normalized with ``options``."""
    return str(URI.parse(text, allow_zone_id=True).normalize(NormalizeOptions(**options)))


# RFC 3986 §6.2.2.1, Case Normalization: the scheme and host are lowercased, the hex
# digits of percent-encodings uppercased, and the other components left alone.
RFC3986_6_2_2_1_CASE = [
    pytest.param("HTTP://www.EXAMPLE.com/", "http://www.example.com/", id="rfc-example"),
    pytest.param("http://a/%3a", "http://a/%3A", id="rfc-%3a"),
    pytest.param("http://a/%3A", "http://a/%3A", id="rfc-%3A"),
    pytest.param("eXAMPLE://a/b", "example://a/b", id="scheme"),
    pytest.param("http://User:PW@EXAMPLE.com/Path?Query#Frag",
                 "http://User:PW@example.com/Path?Query#Frag", id="other-components-kept"),
    pytest.param("http://a/%c3%a9?%c3%a9#%c3%a9", "http://a/%C3%A9?%C3%A9#%C3%A9",
                 id="hex-in-path-query-fragment"),
    pytest.param("http://%c3%a9@a/", "http://%C3%A9@a/", id="hex-in-userinfo"),
    pytest.param("http://B%c3%bcCHER.example/", "http://b%C3%BCcher.example/",
                 id="hex-in-host-uppercase-letters-lowercase"),
    pytest.param("http://[2001:DB8::A]/", "http://[2001:db8::a]/", id="ipv6-lowercase"),
    pytest.param("http://[2001:DB8:0:0::0A]/", "http://[2001:db8:0:0::0a]/",
                 id="ipv6-zeros-kept"),
    pytest.param("http://[::FFFF:192.0.2.1]/", "http://[::ffff:192.0.2.1]/",
                 id="ipv6-embedded-ipv4"),
    # the host is case-insensitive (§3.2.2), IPvFuture included
    pytest.param("http://[V1F.AbC:D]/", "http://[v1f.abc:d]/", id="ipvfuture"),
    pytest.param("http://192.0.2.1/", "http://192.0.2.1/", id="ipv4"),
    # the port is a decimal number (§3.2.3): leading zeros are another spelling of it
    pytest.param("foo://a:08080/", "foo://a:8080/", id="port-leading-zeros"),
    pytest.param("foo://a:000/", "foo://a:0/", id="port-zero"),
    # RFC 3986 §3.2.3: normalizers should omit an empty port, whatever the scheme
    pytest.param("foo://a:/", "foo://a/", id="port-empty-other-scheme"),
]

# RFC 3986 §6.2.2.2, Percent-Encoding Normalization: percent-encoded unreserved
# characters are decoded (§2.3), in every component; nothing else is.
RFC3986_6_2_2_2_PERCENT = [
    pytest.param("http://example.com/%7Euser", "http://example.com/~user", id="%7Euser"),
    pytest.param("http://example.com/%7euser", "http://example.com/~user", id="%7euser"),
    pytest.param("http://a/%41%5A%61%7A%30%39%2D%2E%5F%7E", "http://a/AZaz09-._~",
                 id="every-kind-of-unreserved"),
    pytest.param("http://%7Eu%3a@a/", "http://~u%3A@a/", id="userinfo"),
    pytest.param("http://%41%62.com/", "http://ab.com/", id="host-lowercased"),
    pytest.param("http://a/?%7E#%7E", "http://a/?~#~", id="query-fragment"),
    pytest.param("http://a/%2F%3F%23%5B%5D%40%3A", "http://a/%2F%3F%23%5B%5D%40%3A",
                 id="gen-delims-kept"),
    pytest.param("http://a/%21%24%26%27%28%29%2a%2b%2c%3b%3d",
                 "http://a/%21%24%26%27%28%29%2A%2B%2C%3B%3D", id="sub-delims-kept"),
    pytest.param("http://a/?%2f%3f%26%3d#%23", "http://a/?%2F%3F%26%3D#%23",
                 id="reserved-in-query-fragment-kept"),
    pytest.param("http://a/%25%20%00%7F%FF", "http://a/%25%20%00%7F%FF",
                 id="not-unreserved-kept"),
    pytest.param("http://a/b%2Fc", "http://a/b%2Fc", id="encoded-slash-is-not-a-delimiter"),
    # an encoded dot is a dot (§2.3), so decoding comes before dot-segment removal
    pytest.param("http://a/b/%2E%2e/c", "http://a/c", id="encoded-dot-segment"),
]

# RFC 3986 §6.2.2.3, Path Segment Normalization, and the §6.2.2 example.
RFC3986_6_2_2_3_SEGMENTS = [
    pytest.param("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D",
                 id="rfc-6.2.2-example"),
    pytest.param("example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D",
                 id="rfc-6.2.2-normal-form"),
    pytest.param("http://a/b/c/./../../g", "http://a/g", id="rfc-5.2.4-example"),
    pytest.param("http://a/../../g", "http://a/g", id="never-above-the-root"),
    pytest.param("http://a/b/.", "http://a/b/", id="trailing-dot"),
    pytest.param("/a/./b/../c", "/a/c", id="absolute-path-reference"),
    pytest.param("//H/a/../b", "//h/b", id="network-path-reference"),
    # with a scheme, the path is what resolution gives the URI (§5.2.2: T.path =
    # remove_dot_segments(R.path)), rootless paths included
    pytest.param("foo:a/../b", "foo:/b", id="rootless-with-scheme"),
    pytest.param("mailto:./x", "mailto:x", id="mailto"),
    # a path starting with "//" and no authority keeps the "/." that reads it back
    pytest.param("foo:/a/..//x", "foo:/.//x", id="double-slash-guarded"),
    pytest.param("foo:/.//x", "foo:/.//x", id="double-slash-stays"),
    pytest.param("/.//x", "/.//x", id="double-slash-reference"),
    # relative-path references keep what their target depends on
    pytest.param("../a/./b/..", "../a/", id="leading-dotdot-kept"),
    pytest.param("./../a", "../a", id="dot-before-dotdot"),
    pytest.param("a/./b", "a/b", id="inner-dot"),
    pytest.param("a/b/../c", "a/c", id="inner-dotdot"),
    pytest.param("a/b/..", "a/", id="trailing-dotdot"),
    pytest.param("a/.", "a/", id="relative-trailing-dot"),
    pytest.param("./a", "a", id="leading-dot"),
    pytest.param(".", ".", id="dot"),
    pytest.param("./", ".", id="dot-slash"),
    # against a base like foo:x, "a/../b" gives "/b" and "b" gives "b"
    pytest.param("a/../b", "a/../b", id="first-segment-kept"),
    pytest.param("a/..", "a/..", id="first-segment-kept-at-end"),
    pytest.param("a/b/../../c", "a/../c", id="first-segment-kept-after-pop"),
    pytest.param(".//x", ".//x", id="empty-first-segment-stays-relative"),
    pytest.param("./a:b", "./a:b", id="colon-first-segment-keeps-dot"),
]

# RFC 3986 §6.2.3, Scheme-Based Normalization, for http, https, ws, wss and ftp.
RFC3986_6_2_3_SCHEME = [
    pytest.param("http://example.com", "http://example.com/", id="rfc-empty-path"),
    pytest.param("http://example.com/", "http://example.com/", id="rfc-normal-form"),
    pytest.param("http://example.com:/", "http://example.com/", id="rfc-empty-port"),
    pytest.param("http://example.com:80/", "http://example.com/", id="rfc-default-port"),
    # "http://example.com/?" cannot be assumed equivalent; "#" always matters
    pytest.param("http://example.com/?", "http://example.com/?", id="rfc-empty-query"),
    pytest.param("http://example.com#", "http://example.com/#", id="rfc-empty-fragment"),
    pytest.param("https://a:443", "https://a/", id="https"),
    pytest.param("ws://a:80", "ws://a/", id="ws"),
    pytest.param("wss://a:443?q", "wss://a/?q", id="wss"),
    pytest.param("ftp://a:21/f", "ftp://a/f", id="ftp"),
    pytest.param("HtTp://a:80", "http://a/", id="scheme-case-insensitive"),
    pytest.param("http://a:0080/", "http://a/", id="default-port-leading-zeros"),
    pytest.param("http://a:443/", "http://a:443/", id="other-port-kept"),
    pytest.param("http://a:08080/", "http://a:8080/", id="other-port-leading-zeros"),
    pytest.param("http://a:0/", "http://a:0/", id="port-zero"),
    pytest.param("foo://a:80", "foo://a:80", id="other-scheme-untouched"),
    pytest.param("foo://a", "foo://a", id="other-scheme-empty-path"),
    pytest.param("//a:80", "//a:80", id="no-scheme-untouched"),
    pytest.param("http:a", "http:a", id="no-authority"),
]

# RFC 5952: the canonical text of IPv6 addresses (§4), IPv4-mapped in mixed form (§5).
RFC5952_CANONICAL = [
    pytest.param("2001:0db8::0001", "2001:db8::1", id="4.1-leading-zeros"),
    pytest.param("2001:db8:0:0:0:0:2:1", "2001:db8::2:1", id="4.2.1-shorten-as-much"),
    pytest.param("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1", id="4.2.2-one-zero"),
    pytest.param("2001:0:0:1:0:0:0:1", "2001:0:0:1::1", id="4.2.3-longest-run"),
    pytest.param("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1", id="4.2.3-first-on-tie"),
    pytest.param("2001:DB8::A:B", "2001:db8::a:b", id="4.3-lowercase"),
    pytest.param("0:0:0:0:0:0:0:1", "::1", id="loopback"),
    pytest.param("0:0:0:0:0:0:0:0", "::", id="unspecified"),
    pytest.param("0:0:0:0:0:FFFF:C000:0201", "::ffff:192.0.2.1", id="5-mapped"),
    pytest.param("::ffff:192.0.2.1", "::ffff:192.0.2.1", id="5-mapped-kept"),
]


@pytest.mark.parametrize(("text", "expected"), RFC3986_6_2_2_1_CASE)
def test_case_normalization(text: str, expected: str) -> None:
    """Case normalization lowercases the scheme and host and uppercases hex digits."""
    assert normalized(text) == expected


@pytest.mark.parametrize(("text", "expected"), RFC3986_6_2_2_2_PERCENT)
def test_percent_normalization(text: str, expected: str) -> None:
    """Percent-encoded unreserved characters are decoded, and nothing else."""
    assert normalized(text) == expected


@pytest.mark.parametrize(("text", "expected"), RFC3986_6_2_2_3_SEGMENTS)
def test_path_segment_normalization(text: str, expected: str) -> None:
    """Dot segments are removed where that keeps the reference's meaning."""
    assert normalized(text) == expected


@pytest.mark.parametrize(("text", "expected"), RFC3986_6_2_3_SCHEME)
def test_scheme_based_normalization(text: str, expected: str) -> None:
    """An empty or default port goes and an empty path becomes "/" for http, https,
    ws, wss and ftp."""
    assert normalized(text) == expected


@pytest.mark.parametrize(("address", "expected"), RFC5952_CANONICAL)
def test_ipv6_canonical(address: str, expected: str) -> None:
    """ipv6_canonical writes IPv6 addresses in the RFC 5952 form; without it only
    the case changes."""
    assert normalized(f"http://[{address}]/", ipv6_canonical=True) == f"http://[{expected}]/"
    assert normalized(f"http://[{address}]/") == f"http://[{address.lower()}]/"


def test_zone_id_is_kept() -> None:
    """An IPv6 zone identifier (RFC 6874) is kept exactly as written."""
    text = "http://[FE80::0001%25Eth%2f0]/"
    assert normalized(text) == "http://[fe80::0001%25Eth%2f0]/"
    assert normalized(text, ipv6_canonical=True) == "http://[fe80::1%25Eth%2f0]/"


def test_normalize_edits_in_place() -> None:
    """normalize changes the URI itself and returns it."""
    uri = URI.parse("HTTP://A:80")
    assert uri.normalize() is uri
    assert str(uri) == "http://a/"


# --- each step switched off -------------------------------------------------------------

TEXT = "HTTP://%7eU@WWW.%41.COM:0080/a/./b/../%7e%3a?%7e%3a#%7e%3a"

OPTIONS_OFF = [
    pytest.param({"case": False}, "HTTP://~U@WWW.A.COM/a/~%3a?~%3a#~%3a", id="case"),
    pytest.param({"percent": False}, "http://%7EU@www.%41.com/a/%7E%3A?%7E%3A#%7E%3A",
                 id="percent"),
    pytest.param({"case": False, "percent": False},
                 "HTTP://%7eU@WWW.%41.COM/a/%7e%3a?%7e%3a#%7e%3a", id="case-and-percent"),
    pytest.param({"dot_segments": False}, "http://~U@www.a.com/a/./b/../~%3A?~%3A#~%3A",
                 id="dot_segments"),
    pytest.param({"scheme_based": False}, "http://~U@www.a.com:80/a/~%3A?~%3A#~%3A",
                 id="scheme_based"),
    pytest.param({}, "http://~U@www.a.com/a/~%3A?~%3A#~%3A", id="none"),
    pytest.param({"case": False, "percent": False, "dot_segments": False,
                  "scheme_based": False}, TEXT, id="all"),
]


@pytest.mark.parametrize(("options", "expected"), OPTIONS_OFF)
def test_options_switch_steps_off(options: dict[str, bool], expected: str) -> None:
    """Each option switches its step off and leaves the others on; with every step
    off nothing changes."""
    assert normalized(TEXT, **options) == expected


def test_case_off_keeps_port_zeros() -> None:
    """Without case normalization the port keeps its leading zeros unless scheme-based
    normalization drops it as the default port."""
    assert normalized("foo://a:0080/", case=False) == "foo://a:0080/"
    assert normalized("HTTP://a:0080", case=False) == "HTTP://a/"


def test_scheme_based_off_keeps_empty_path_and_port() -> None:
    """Without scheme-based normalization the empty path and the ports stay."""
    assert normalized("http://a", scheme_based=False) == "http://a"
    assert normalized("http://a:", scheme_based=False) == "http://a:"


# --- triplets, a run at a time ------------------------------------------------------------

UNRESERVED_CHARS = string.ascii_letters + string.digits + "-._~"  # RFC 3986 §2.3


def rewritten_one_by_one(text: str, case: bool, percent: bool, lower: bool) -> str:
    """§6.2.2.1 and §6.2.2.2 applied to each triplet of ``text`` on its own: uppercase
    hex digits (``case``), an unreserved character decoded (``percent``), lowercased
    in a host (``lower``)."""
    def one(match: re.Match[str]) -> str:
        triplet = match.group()
        char = chr(int(triplet[1:], 16))
        if percent and char in UNRESERVED_CHARS:
            return char.lower() if lower else char
        return triplet.upper() if case else triplet
    return re.sub("%[0-9A-Fa-f]{2}", one, text)


# Triplets of every kind (unreserved, reserved, UTF-8 octets, in both cases), a "%"
# that starts no triplet and characters that are no triplet at all.
TRIPLET_TEXT = st.lists(st.sampled_from([
    "%41", "%61", "%4a", "%4A", "%7e", "%7E", "%2d", "%2E", "%5f", "%30", "%39",
    "%2f", "%2F", "%3a", "%c3", "%C3", "%a9", "%A9", "%ff", "%00", "%25", "%", "%4",
    "a", "B", "f", "/", "%%41",
]), max_size=40).map("".join)


@given(TRIPLET_TEXT, st.booleans(), st.booleans())
def test_runs_of_triplets_are_rewritten_as_one_by_one(text: str, case: bool,
                                                      percent: bool) -> None:
    """Rewriting a run of adjacent triplets at once gives what rewriting each triplet
    on its own gives, for the components (``lower`` off) and for a host (``lower``
    with ``case``), in every mode."""
    assume(case or percent)
    rewrite = _rewriter(case, percent)
    assert rewrite is not None
    other, host = rewrite
    assert other(text) == rewritten_one_by_one(text, case, percent, False)
    assert host(text) == rewritten_one_by_one(text, case, percent, case)


@given(st.lists(st.sampled_from(["%41", "%61", "%4a", "%7e", "%2F", "%2f", "%c3", "%C3",
                                  "%a9", "%31", "a", "B", "Z", "f", "1", "-", "."]),
                min_size=1, max_size=30).map("".join))
def test_host_is_lowercased_outside_its_triplets(host: str) -> None:
    """Case and percent normalization of a reg-name lowercase its letters, uppercase
    the hex digits of its triplets and decode (lowercased) the unreserved ones."""
    pieces = re.findall("%[0-9A-Fa-f]{2}|[^%]", host)
    expected = "".join(rewritten_one_by_one(piece, True, True, True) if piece[0] == "%"
                       else piece.lower() for piece in pieces)
    assert URI.parse(f"http://{host}/").normalize().host == expected


@pytest.mark.parametrize(("options", "host", "host_end", "path"), [
    ({}, "%C3%A9", "a", "A~%C3%A9"),
    ({"case": False}, "%c3%a9", "A", "A~%c3%a9"),
    ({"percent": False}, "%C3%A9", "%41", "%41%7E%C3%A9"),
])
def test_long_runs_of_triplets(options: dict[str, bool], host: str, host_end: str,
                               path: str) -> None:
    """A host and a path of 100,000 triplets each are normalized as short ones are."""
    for k in (1, 2, 100_000):
        uri = URI.parse(f"http://{'%c3%a9' * k}%41/{'%41%7e%c3%a9' * k}")
        uri.normalize(NormalizeOptions(**options))
        assert uri.host == host * k + host_end
        assert uri.components.path == "/" + path * k


# --- equivalence ------------------------------------------------------------------------

EQUIVALENT = [
    # §6.2.2
    pytest.param("example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
                 id="rfc-6.2.2"),
    # §6.2.2.1
    pytest.param("HTTP://www.EXAMPLE.com/", "http://www.example.com/", id="rfc-6.2.2.1"),
    pytest.param("http://a/%3a", "http://a/%3A", id="rfc-6.2.2.1-hex"),
    # §6.2.2.2 with §2.3
    pytest.param("http://example.com/%7Euser", "http://example.com/~user", id="rfc-6.2.2.2"),
    # §6.2.3: the four http URIs are equivalent to one another
    pytest.param("http://example.com", "http://example.com/", id="rfc-6.2.3-1-2"),
    pytest.param("http://example.com", "http://example.com:/", id="rfc-6.2.3-1-3"),
    pytest.param("http://example.com", "http://example.com:80/", id="rfc-6.2.3-1-4"),
    pytest.param("http://example.com:/", "http://example.com:80/", id="rfc-6.2.3-3-4"),
    pytest.param("http://[2001:DB8::1]/", "http://[2001:db8::1]/", id="ipv6-case"),
    pytest.param("../a/./b", "../a/b", id="relative-reference"),
]

NOT_EQUIVALENT = [
    pytest.param("http://example.com/?", "http://example.com/", id="rfc-empty-query"),
    pytest.param("http://example.com/#", "http://example.com/", id="rfc-empty-fragment"),
    pytest.param("http://a/%2F", "http://a//", id="encoded-slash"),
    pytest.param("http://a/Path", "http://a/path", id="path-case"),
    pytest.param("http://a:8080/", "http://a/", id="other-port"),
    pytest.param("http://a/", "https://a/", id="scheme"),
    pytest.param("../a", "a", id="leading-dotdot"),
    pytest.param("http://[2001:db8::0:1]/", "http://[2001:db8::1]/", id="ipv6-not-canonical"),
]


@pytest.mark.parametrize(("one", "other"), EQUIVALENT)
def test_equivalent(one: str, other: str) -> None:
    """URIs that normalize to the same components are equivalent, in both orders, as
    URIs or text; neither is changed."""
    a, b = URI.parse(one), URI.parse(other)
    assert a.equivalent(b)
    assert b.equivalent(a)
    assert a.equivalent(other)
    assert str(a) == one
    assert str(b) == other


@pytest.mark.parametrize(("one", "other"), NOT_EQUIVALENT)
def test_not_equivalent(one: str, other: str) -> None:
    """URIs whose normal forms differ are not equivalent."""
    assert not URI.parse(one).equivalent(other)
    assert not URI.parse(other).equivalent(one)


def test_equivalent_parses_text_strictly() -> None:
    """Text that is not a URI-reference raises ParseError."""
    with pytest.raises(ParseError):
        URI.parse("http://a/").equivalent("http://a/ b")


# --- properties -------------------------------------------------------------------------

OPTIONS = st.fixed_dictionaries({
    "case": st.booleans(), "percent": st.booleans(), "dot_segments": st.booleans(),
    "scheme_based": st.booleans(), "ipv6_canonical": st.booleans(),
})


@given(strategies.uri_references(), OPTIONS)
def test_normalization_is_idempotent(text: str, options: dict[str, bool]) -> None:
    """Normalizing a normalized URI changes nothing, whatever the options."""
    once = URI.parse(text).normalize(NormalizeOptions(**options))
    assert once.copy().normalize(NormalizeOptions(**options)) == once


@given(strategies.uri_references(), OPTIONS)
def test_normalized_uri_round_trips(text: str, options: dict[str, bool]) -> None:
    """A normalized URI's text reads back as the same URI."""
    uri = URI.parse(text).normalize(NormalizeOptions(**options))
    assert URI.parse(str(uri)) == uri


@given(strategies.uri_references())
def test_normalized_uri_is_equivalent(text: str) -> None:
    """A URI is equivalent to its normal form and to itself."""
    uri = URI.parse(text)
    assert uri.equivalent(uri.copy().normalize())
    assert uri.equivalent(text)
    assert str(uri) == text


@given(strategies.absolute_uris(), strategies.uri_references())
def test_equivalent_references_resolve_to_equivalent_targets(base_text: str,
                                                             text: str) -> None:
    """A reference and its normal form resolve to equivalent targets when neither
    path holds a percent-encoded dot: resolution reads ``%2E`` as an ordinary
    character (§5.2.4) while normalization decodes it (§2.3), so ``/a/%2E/..`` gives
    ``/a/`` and its normal form ``/`` (an inconsistency of the RFC, not of urikit)."""
    base, reference = URI.parse(base_text), URI.parse(text)
    assume("%2e" not in base.components.path.lower())
    assume("%2e" not in reference.components.path.lower())
    assert base.resolve(reference).equivalent(base.resolve(reference.copy().normalize()))


@given(strategies.absolute_uris(), strategies.relative_references())
def test_relative_dot_removal_keeps_the_target(base_text: str, text: str) -> None:
    """Removing a relative reference's dot segments never changes its target, against
    any base."""
    base, reference = URI.parse(base_text), URI.parse(text)
    cleaned = reference.copy().normalize(
        NormalizeOptions(case=False, percent=False, scheme_based=False))
    assert base.resolve(reference) == base.resolve(cleaned)


@given(strategies.absolute_uris(), strategies.uri_references())
def test_equivalent_bases_resolve_to_equivalent_targets(base_text: str, text: str) -> None:
    """A base and its normal form resolve a reference to equivalent targets, unless
    the base path ends in a ".." segment: merging drops the base's last segment
    (§5.2.3) before dot segments are removed, so ``/b/c/..`` and its normal form
    ``/b/`` differ as bases although they are equivalent (§6.2.2.3); nor may it hold
    a percent-encoded dot, which resolution does not read as a dot."""
    base = URI.parse(base_text)
    assume("%2e" not in base.components.path.lower())
    assume(base.components.path.rpartition("/")[2] != "..")
    normal = base.copy().normalize()
    assert base.resolve(text).equivalent(normal.resolve(text))


# --- the options record -------------------------------------------------------------------


def test_options_defaults_are_the_normalize_defaults() -> None:
    """NormalizeOptions() switches every step on but the RFC 5952 form, and is what
    normalize() takes when given nothing."""
    options = NormalizeOptions()
    assert (options.case, options.percent, options.dot_segments, options.scheme_based,
            options.ipv6_canonical) == (True, True, True, True, False)
    text = "HTTP://[2001:0DB8::1]:80/./%7e"
    assert URI.parse(text).normalize(options) == URI.parse(text).normalize()
    assert str(URI.parse(text).normalize()) == "http://[2001:0db8::1]/~"


def test_options_pickle_compare_and_hash() -> None:
    """A record survives pickling, compares by its fields and hashes; attrs.evolve
    makes a variant."""
    options = NormalizeOptions(percent=False, ipv6_canonical=True)
    copy = pickle.loads(pickle.dumps(options))
    assert copy == options
    assert hash(copy) == hash(options)
    assert attrs.evolve(options, percent=True) == NormalizeOptions(ipv6_canonical=True)
    assert attrs.evolve(options, percent=True) != options
    text = "HTTP://[2001:0DB8::1]/%7e"
    assert str(URI.parse(text).normalize(copy)) == "http://[2001:db8::1]/%7E"
    assert str(URI.parse(text).normalize(attrs.evolve(copy, percent=True))) == \
        "http://[2001:db8::1]/~"


def test_options_check_their_types() -> None:
    """Each step is a bool, given by keyword; the record is frozen."""
    with pytest.raises(TypeError):
        NormalizeOptions(case=0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        NormalizeOptions(False)  # type: ignore[call-arg]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        NormalizeOptions().case = False  # type: ignore[misc]


_TRIPLETS = st.sampled_from(["%2e", "%2E", "%41", "%7e", "%c3", "%A9", "%2f", "%25"])


@given(st.lists(st.one_of(_TRIPLETS, st.sampled_from(["a", "/", "=", "&"])),
                min_size=1, max_size=12),
       st.sampled_from([(True, True), (True, False), (False, True)]))
def test_many_triplets_are_rewritten_as_few_are(pieces: list[str],
                                                steps: tuple[bool, bool]) -> None:
    """A text of many triplets (each looked up in C passes, or rewritten run by run,
    whichever a sample says is faster) is rewritten as its pieces are one by one."""
    piece = "".join(pieces)
    assume("%" in piece)
    rewrite = _rewriter(*steps)
    assert rewrite is not None
    for times in (70, 400):
        assert rewrite[0](piece * times) == rewrite[0](piece) * times
        assert rewrite[1](piece * times) == rewrite[1](piece) * times
