"""urikit against a browser's URL parser: ada-url, which implements the WHATWG URL standard.

Differential tests on generated inputs, for the parts of urikit that face browsers:

* the lenient reader (``URI.parse_lenient``): whenever it returns a URI, the host
  (and port) it names means the browser's; when the browser fails, it refuses;
* IDNA (``host_to_ascii``, UTS 46 with the WHATWG parameters): whenever it gives an
  ASCII host, it is the browser's;
* ``safe_redirect``: every target it accepts stays, in the browser, on the base's origin.

"Means": our URI's host, read by the browser as the host of a URL of the same scheme,
is the host the browser read from the input (so ``0x7f.1`` means 127.0.0.1 and
``B%C3%BCcher`` means ``xn--bcher-kva``), and the two ports are the same once a
scheme's default port is dropped; for ``file`` the browser's empty host is no host,
an empty one or ``localhost``.

Each test counts its inputs by outcome and checks that every outcome it is about
occurred often enough for the test to say something (no vacuous pass); run with ``-s``
to see the counts.
"""

from __future__ import annotations

import collections
import ipaddress
import random
import unicodedata
from typing import Final

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("ada_url", reason="needs ada-url (the test extra)")

import ada_url
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import URI, FrozenURI, IDNAError, URIError, host_to_ascii, safe_redirect
from urikit._core.schemes import DEFAULT_PORT_TEXT, SPECIAL_SCHEMES

#: every health check, for settings(suppress_health_check=...): hypothesis's
#: HealthCheckMeta.__iter__ is unannotated, so pyright takes its items for the metaclass
ALL_HEALTH_CHECKS: Final[list[HealthCheck]] = list(HealthCheck)  # pyright: ignore[reportAssignmentType]

_SPECIAL: Final = SPECIAL_SCHEMES

# --- the browser's reading -------------------------------------------------------------


def _browser(text: str, base: str | None = None) -> ada_url.URL | None:
    try:
        return ada_url.URL(text, base) if base is not None else ada_url.URL(text)
    except ValueError:
        return None


def _browser_host_of(scheme: str, host: str) -> str | None:
    """The host the browser reads from ``host`` in a URL of ``scheme``."""
    url = _browser(f"{scheme}://{host}/")
    return None if url is None else str(url.hostname)


def _means(ours: URI, browser: ada_url.URL) -> bool:
    """Whether our URI names the browser's scheme, host and port (see the module)."""
    scheme = str(browser.protocol)[:-1]
    if (ours.scheme or "").lower() != scheme:
        return False
    if scheme == "file":
        return (str(browser.hostname) == "" and ours.host in (None, "", "localhost")) or \
            (ours.host is not None and _browser_host_of(scheme, ours.host) == browser.hostname)
    if scheme not in _SPECIAL and ours.host is None:  # "u:p@h" has the scheme "u"
        return str(browser.hostname) == ""
    if ours.host is None or _browser_host_of(scheme, ours.host) != browser.hostname:
        return False
    port = None if ours.port is None or str(ours.port) == DEFAULT_PORT_TEXT.get(scheme) \
        else ours.port
    return port == (int(browser.port) if browser.port else None)


# Where urikit refuses a host the browser (ada-url) reads, each for a reason of its own:
# ada-url does not check an A-label's Punycode against UTS 46 15.1 (an A-label must
# decode to a valid label outside ASCII: "xn--", "xn--a" are refused by UTS 46, ICU and
# so Chromium), nor apply the Bidi rule to the labels without a right-to-left character
# of a Bidi domain name (UTS 46 §4.1 step 8, CheckBidi=true: "1.عربي"); and
# host_to_ascii returns reg-name text, so '"', "{", "}" and "`" in a name it converts
# are refused there (the lenient reader percent-encodes them, which the browser decodes).
# ada-url's table of combining marks also lacks some (U+1CF00, Unicode 14), which UTS 46
# forbids at the start of a label as it forbids U+0301 there (which ada-url refuses).
_RTL: Final = frozenset(("R", "AL", "AN"))


def known_disagreement(error: IDNAError) -> str | None:
    """Which documented reason makes urikit refuse a host the browser reads, or None."""
    label = error.label
    if error.reason.endswith("cannot stand in a host"):
        return "not reg-name text"
    if "not assigned in Unicode" in error.reason:
        return "a code point newer than this Python's Unicode data"
    if label[:4].lower() == "xn--":
        return "A-label invalid under UTS 46 15.1"
    if error.reason == "a label may not start with a combining mark":
        return "a label that starts with a combining mark ada-url does not know as one"
    if "direction" in error.reason and not any(
            unicodedata.bidirectional(c) in _RTL for c in label):
        return "Bidi rule on a left-to-right label of a Bidi domain name"
    if "direction" in error.reason and ada_bidi_class_is_stale(label):
        return "Bidi rule on a right-to-left letter newer than ada-url's Unicode data"
    return None


# --- generated URLs ---------------------------------------------------------------------

_SCHEMES: Final = ["http:", "https:", "HTTP:", "hTtPs:", "ws:", "wss:", "ftp:", "file:"]
_SLASH: Final = st.text(st.sampled_from("/\\"), max_size=4)
_USERINFO: Final = st.sampled_from(["", "", "", "u@", "u:p@", "a@b@", "u:p%40@", "@",
                                    "evil.example@", "u:@", "us er@"])
_ASCII_LABELS: Final = [
    "a", "example", "Example", "com", "EVIL", "xn--bcher-kva", "XN--LS8H", "xn--a",
    "xn--", "0x7f", "0X7F", "127", "0", "1", "255", "256", "08", "0x", "017", "%2e",
    "%2E", "%41", "%2F", "%C3%BC", "%ff", "%25", "%00", "a_b", "a-b", "-a", "a--b",
    "a b", "^", "|", '"', "*", "%", "<", "{", "\x00", "\x7f", "%C2%AD", "%E3%80%82",
]
_UNICODE_LABEL: Final = st.text(
    st.characters(exclude_categories=("Cs", "Cn", "Co")), min_size=1, max_size=5)
_LABEL: Final = st.one_of(st.sampled_from(_ASCII_LABELS), _UNICODE_LABEL,
                          st.sampled_from(["bücher", "i❤", "☃", "💩", "faß", "ΑΒΓ", "עברית",
                                           "عربي", "日本語", "ＥＸＡ", "a\u200db", "\u0301a"]))
_DOT: Final = st.sampled_from([".", ".", ".", "%2e", "。", "．"])
_NAME: Final = st.lists(st.tuples(_LABEL, _DOT), min_size=1, max_size=4).map(
    lambda parts: "".join(label + dot for label, dot in parts)[:-1]
    if parts[-1][1] == "." else "".join(label + dot for label, dot in parts))


def _ipv4_part(n: int, form: str) -> str:
    return {"dec": str(n), "hex": hex(n), "HEX": hex(n).upper().replace("X", "x"),
            "oct": "0" + oct(n)[2:]}[form]


_IPV4: Final = st.lists(
    st.tuples(st.sampled_from([0, 1, 7, 127, 255, 256, 65535, 16777216, 2**32 - 1, 2**32]),
              st.sampled_from(["dec", "hex", "HEX", "oct"])),
    min_size=1, max_size=5).map(lambda parts: ".".join(_ipv4_part(n, f) for n, f in parts))
_IPV6: Final = st.one_of(
    st.ip_addresses(v=6).map(lambda a: f"[{a}]"),
    st.ip_addresses(v=6).map(lambda a: f"[{a.exploded.upper()}]"),
    st.ip_addresses(v=4).map(lambda a: f"[::ffff:{a}]"),
    st.sampled_from(["[::1", "::1]", "2001::1", "[1::2]:3", "[v1.x]", "[fe80::1%25eth0]",
                     "[1:2:3:4:5:6:7:8:9]", "[::1.2.3]", "[::01.2.3.4]", "[:1]", "[1::2::3]",
                     "[0:0:0:0:0:0:0:1]", "[::%31]"]))
_HOST: Final = st.one_of(_NAME, _NAME, _IPV4, _IPV6, st.just(""))
_PORT: Final = st.sampled_from(["", "", "", ":", ":80", ":080", ":443", ":8080", ":65535",
                                ":65536", ":8a", ": 21", ":0x1", ":99999999999", ":-1", ":1:2"])
_REST: Final = st.sampled_from(["", "/", "/p", "\\p", "?q", "#f", "/a b", "/..", "?x\\y",
                                "/a@b", "\\@good.example/", "/x:y"])
_WS: Final = st.sampled_from(["", "", "", "\t", "\n", "\r", " ", "\x01"])


@st.composite
def _urls(draw: st.DrawFn, scheme: st.SearchStrategy[str]) -> str:
    text = (draw(scheme) + draw(_SLASH) + draw(_USERINFO) + draw(_HOST) + draw(_PORT)
            + draw(_REST))
    # tabs and newlines anywhere (browsers remove them), spaces and controls at the ends
    for _ in range(draw(st.integers(0, 2))):
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(["\t", "\n", "\r\n"])) + text[i:]
    return draw(_WS) + text + draw(_WS)


# --- the lenient reader -----------------------------------------------------------------

_LENIENT_EXAMPLES: Final = examples(6000)
_BASES: Final = ["https://base.example/a/b?q", "http://base.example:8080/", "ws://b.example/",
                 "file:///C:/dir/", "file://server/share/", "ftp://b.example/d/"]


def _why(text: str, base: str | None) -> str:
    """The documented reason the lenient reader refuses what the browser reads."""
    with pytest.raises(URIError) as info:
        URI.parse_lenient(text, base=base)
    error = info.value
    assert isinstance(error, IDNAError), f"{text!r} refused: {error}; the browser reads it"
    reason = known_disagreement(error)
    assert reason is not None, (text, base, error.label, error.reason)
    return reason


def _lenient_outcome(text: str, base: str | None,
                     counts: collections.Counter[str]) -> None:
    """Compare the lenient reader with the browser on one input, counting the outcome."""
    try:
        ours: URI | None = URI.parse_lenient(text, base=base)
    except URIError:
        ours = None
    browser = _browser(text, base)
    if ours is None:
        if browser is None:
            counts["refused, browser fails too"] += 1
        else:
            counts[f"refused, browser reads a URL: {_why(text, base)}"] += 1
        return
    assert browser is not None, f"we read {text!r} as {ours}; the browser fails"
    assert _means(ours, browser), (text, base, str(ours), browser.href)
    counts["read, same host"] += 1


def test_lenient_reader_reads_the_browsers_host() -> None:
    """Inputs with a special scheme: whenever the lenient reader returns a URI its host
    and port mean the browser's; when the browser fails, it refuses."""
    counts: collections.Counter[str] = collections.Counter()

    @settings(max_examples=_LENIENT_EXAMPLES, deadline=None, database=None,
              suppress_health_check=ALL_HEALTH_CHECKS)
    @given(_urls(st.sampled_from(_SCHEMES)))
    def check(text: str) -> None:
        _lenient_outcome(text, None, counts)

    check()
    print(f"\nlenient reader, special schemes: {dict(counts)}")
    assert counts["read, same host"] > _LENIENT_EXAMPLES // 5
    assert counts["refused, browser fails too"] > _LENIENT_EXAMPLES // 10


def test_lenient_reader_with_a_base_reads_the_browsers_host() -> None:
    """Inputs without a scheme (and some with the base's scheme), against a base: the
    same guarantee, the base's scheme saying how the reference is read."""
    counts: collections.Counter[str] = collections.Counter()

    @settings(max_examples=_LENIENT_EXAMPLES, deadline=None, database=None,
              suppress_health_check=ALL_HEALTH_CHECKS)
    @given(_urls(st.sampled_from(["", "", "", "http:", "https:", "file:"])),
           st.sampled_from(_BASES))
    def check(text: str, base: str) -> None:
        _lenient_outcome(text, base, counts)

    check()
    print(f"\nlenient reader, against a base: {dict(counts)}")
    assert counts["read, same host"] > _LENIENT_EXAMPLES // 5
    assert counts["refused, browser fails too"] > _LENIENT_EXAMPLES // 20


# --- IDNA -------------------------------------------------------------------------------

_IDNA_EXAMPLES: Final = examples(6000)
# what ends the host in a URL, or is removed from it (the name is read as a URL's host)
_DELIMITERS: Final = frozenset("/?#@:\\\t\n\r")


def test_idna_gives_the_browsers_ascii_host() -> None:
    """Generated Unicode names: whenever host_to_ascii (UTS 46 with the WHATWG
    parameters) gives an ASCII host, the browser reads the name as that host; a name
    the browser refuses, host_to_ascii refuses."""
    counts: collections.Counter[str] = collections.Counter()

    @settings(max_examples=_IDNA_EXAMPLES, deadline=None, database=None,
              suppress_health_check=ALL_HEALTH_CHECKS)
    @given(st.lists(_LABEL, min_size=1, max_size=3).map(".".join).filter(
        lambda name: not any(c in _DELIMITERS for c in name)))
    def check(name: str) -> None:
        refusal: IDNAError | None = None
        try:
            ours: str | None = host_to_ascii(name)
        except IDNAError as error:
            ours = None
            refusal = error
        browser = _browser_host_of("http", name)
        if ours is None:
            if browser is None:
                counts["refused, browser fails too"] += 1
            else:
                assert refusal is not None  # host_to_ascii raised it
                reason = known_disagreement(refusal)
                assert reason is not None, (name, refusal.label, refusal.reason, browser)
                counts[f"refused, browser reads a host: {reason}"] += 1
            return
        if browser is None:
            if _browser_host_of("http", ours) is not None:
                # ada-url reads the A-label but refuses the name: the Bidi rule with an
                # older Unicode's classes than the one the idna package follows
                assert ada_bidi_class_is_stale(name), (name, ours)
                counts["converted, browser refuses: ada-url's Bidi data is older"] += 1
                return
            # a host IDNA accepts that the browser's host parser refuses for another
            # reason: a number that is no IPv4 address (ours is no IP address parser)
            counts["converted, no IPv4 address"] += 1
            return
        if name.isascii() or ipaddress_like(browser):
            assert _browser_host_of("http", ours) == browser, (name, ours, browser)
        else:
            assert ours == browser, (name, ours, browser)
        counts["converted, same host"] += 1

    check()
    print(f"\nIDNA: {dict(counts)}")
    assert counts["converted, same host"] > _IDNA_EXAMPLES // 4
    assert counts["refused, browser fails too"] > _IDNA_EXAMPLES // 20


def ada_bidi_class_is_stale(name: str) -> bool:
    """Whether ``name`` holds a right-to-left letter (by this Python's Unicode data)
    that ada-url refuses after a Hebrew letter, where every right-to-left letter may
    stand: ada-url's Bidi classes are older (Old Uyghur, Unicode 14, is left-to-right
    to it), while Chromium's ICU and the idna package follow the newer Unicode."""
    return any(unicodedata.bidirectional(c) in ("R", "AL")
               and _browser_host_of("http", "\u05d0" + c) is None
               for c in name)


def ipaddress_like(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


# --- safe_redirect ----------------------------------------------------------------------

_REDIRECT_EXAMPLES: Final = examples(6000)
_REDIRECT_BASES: Final = ["https://shop.example/account/login?next=x",
                          "http://shop.example:8080/a/b",
                          "https://shop.example/login?next=/cart&q=a|b"]
_TARGET_PIECES: Final = st.sampled_from([
    "", "/", "//", "///", "\\", "\\\\", "/\\", "\\/", "https:", "https://", "http://",
    "HTTPS://", "https:/", "javascript:", "data:", " ", "\t", "\n", "@", ":", ".",
    "shop.example", "SHOP.example", "evil.example", "shop.example.", "shop.example:443",
    "shop.example:8080", "shop.example:8443", "0x7f.1", "127.0.0.1", "shop.exampl\u0435",
    "%2F", "%2f", "%5C", "%2e%2e", "..", "%09", "café", "a b", "ids[]=1", "?", "#", "|",
    "x:y", "a", "account", "%40", "user@", "user:pw@",
])


def _origin(url: str, base: str | None = None) -> str | None:
    browser = _browser(url, base)
    return None if browser is None else str(browser.origin)


def test_safe_redirect_keeps_the_browser_on_the_origin() -> None:
    """Every target safe_redirect accepts stays on the base's origin in the browser:
    the URI it returns, and the target itself read against the base. Counted: how
    many targets it accepts, and of those it refuses how many the browser would have
    kept on the origin anyway."""
    counts: collections.Counter[str] = collections.Counter()

    @settings(max_examples=_REDIRECT_EXAMPLES, deadline=None, database=None,
              suppress_health_check=ALL_HEALTH_CHECKS)
    @given(st.lists(_TARGET_PIECES, min_size=1, max_size=5).map("".join),
           st.sampled_from(_REDIRECT_BASES), st.booleans())
    def check(target: str, base: str, as_uri: bool) -> None:
        origin = _origin(base)
        assert origin is not None
        result = safe_redirect(target, FrozenURI.parse_lenient(base) if as_uri else base)
        kept = _origin(target, base) == origin
        if result is None:
            counts["refused, browser leaves the origin or fails" if not kept
                   else "refused, browser stays on the origin"] += 1
            return
        assert _origin(str(result)) == origin, (target, base, str(result))
        assert kept, (target, base, str(result))
        counts["accepted"] += 1

    check()
    print(f"\nsafe_redirect: {dict(counts)}")
    assert counts["accepted"] > _REDIRECT_EXAMPLES // 10
    assert counts["refused, browser leaves the origin or fails"] > _REDIRECT_EXAMPLES // 10


_PATH_PIECES: Final = st.sampled_from([
    "/", "//", "\\", ".", "..", "%2e", "%2E", "%2e%2e", ".%2E", "%2f", "%2F", "%5c", "%5C",
    "@", "evil.example", "shop.example", "a", "?", "#", "%40", "%252e", ";",
])
_PATH_EXAMPLES: Final = examples(4000)


def test_safe_redirect_path_and_query_alone_stay_on_the_origin() -> None:
    """For every target of dot, slash, backslash and percent-encoded shapes that
    safe_redirect accepts, both readings stay on the base's origin in the browser: the
    URI it returns, and its path and query alone sent as a relative ``Location``
    (what many frameworks send). 4,000 generated targets; counted: accepted ones."""
    counts: collections.Counter[str] = collections.Counter()
    base = "https://shop.example/account/login?next=x"
    origin = _origin(base)

    @settings(max_examples=_PATH_EXAMPLES, deadline=None, database=None,
              suppress_health_check=ALL_HEALTH_CHECKS)
    @given(st.lists(_PATH_PIECES, min_size=1, max_size=7).map("".join))
    def check(target: str) -> None:
        result = safe_redirect(target, base)
        if result is None:
            counts["refused"] += 1
            return
        assert _origin(str(result)) == origin, (target, str(result))
        alone = str(result.path) + ("" if result.query is None else f"?{result.query}")
        assert _origin(alone, base) == origin, (target, alone)
        counts["accepted"] += 1

    check()
    assert safe_redirect("/.//%2e%2e%2f@evil.example", base) is None
    print(f"\nsafe_redirect, path alone: {dict(counts)}")
    assert counts["accepted"] > _PATH_EXAMPLES // 10
    assert counts["refused"] > _PATH_EXAMPLES // 10


#: the differential of issue 37: slashes, backslashes and dots, plain and percent-encoded
#: (once and twice), with hosts, userinfo and schemes, in every position
_DIFFERENTIAL_PIECES: Final = (
    "/", "/", "/", "//", "\\", ".", ".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2E.",
    "%2f", "%2F", "%2e%2e%2f", "%2e%2f", "..%2f", "%5c", "%5C", "%252e", "%252f",
    "@", "@", "%40", ":", ";", "?", "#", "a", "evil.example", "shop.example", "https:",
    "https://", "//evil.example", "x:", "%09",
)
_DIFFERENTIAL_BASES: Final = ("https://shop.example/", "https://shop.example/login",
                              "https://shop.example/a/b/", "http://shop.example:8080/a/b")
_DIFFERENTIAL_TARGETS: Final = 500_000
_DIFFERENTIAL_SEED: Final = 37


def test_safe_redirect_differential_against_the_browser() -> None:
    """500,000 targets made of slashes and dots, plain and percent-encoded, in every
    position (a fixed seed), against four bases: every target safe_redirect accepts
    stays on the base's origin in the browser in both readings, the absolute one (the
    URI it returns, and the target read against the base) and the path-only one (its
    path and query alone, ours and as the browser reads the returned URI, sent as a
    relative ``Location``), and the browser reads the returned URI's path as it is.
    Counted (``-s``): targets, accepted, holes."""
    rng = random.Random(_DIFFERENTIAL_SEED)
    origins = {base: _origin(base) for base in _DIFFERENTIAL_BASES}
    counts: collections.Counter[str] = collections.Counter()
    holes: dict[str, list[tuple[str, str]]] = {"absolute": [], "path only": [],
                                               "path read differently": []}
    for _ in range(_DIFFERENTIAL_TARGETS):
        target = "".join(rng.choices(_DIFFERENTIAL_PIECES, k=rng.randint(1, 8)))
        base = rng.choice(_DIFFERENTIAL_BASES)
        counts["targets"] += 1
        result = safe_redirect(target, base)
        if result is None:
            continue
        counts["accepted"] += 1
        origin = origins[base]
        returned = _browser(str(result))
        if returned is None or str(returned.origin) != origin \
                or _origin(target, base) != origin:
            holes["absolute"].append((target, base))
        elif str(returned.pathname) != (str(result.path) or "/"):  # an empty path is "/"
            holes["path read differently"].append((target, base))
        # the path and query alone: ours, and the browser's of the URI we return (what
        # the page it lands on sends back when it redirects to its own path)
        alone = str(result.path) + ("" if result.query is None else f"?{result.query}")
        read = "" if returned is None else str(returned.pathname) + str(returned.search)
        if _origin(alone, base) != origin or _origin(read, base) != origin:
            holes["path only"].append((target, base))
    print(f"\nsafe_redirect differential: {dict(counts)}, "
          f"holes: { {k: len(v) for k, v in holes.items()} }")
    assert holes == {"absolute": [], "path only": [], "path read differently": []}
    assert counts["accepted"] > _DIFFERENTIAL_TARGETS // 10


#: the request URL as an attacker writes it (a link to the login page with ``next``):
#: dot segments plain and percent-encoded, empty segments, ``%2f``, backslashes
_BASE_PIECES: Final = (
    "/", "/", "/", "//", "\\", ".", "..", "%2e", "%2E", "%2e%2e", ".%2e", "%2E.",
    "%2f", "%2F", "%2e%2e%2f", "%5c", "%252e", "@", "evil.example", "a", "x", "login",
    ";", ":",
)
_BASE_ORIGINS: Final = ("https://shop.example", "http://shop.example:8080")
_BASE_ENDS: Final = ("", "", "?next=x", "?", "#f")
_ATTACKER_TARGETS: Final = 100_000
_ATTACKER_SEED: Final = 42


def _attacker_base(rng: random.Random) -> str:
    """A request URL an attacker could link to: the origin, a path of the pieces (a
    path starts with "/" or a backslash, as a link's does), then a query or fragment."""
    path = "".join(rng.choices(_BASE_PIECES, k=rng.randint(0, 6)))
    if path[:1] not in ("/", "\\"):
        path = "/" + path
    return rng.choice(_BASE_ORIGINS) + path + rng.choice(_BASE_ENDS)


def test_safe_redirect_attacker_base_differential_against_the_browser() -> None:
    """100,000 targets of the pieces above against as many request URLs an attacker
    chose (issue 42: dot segments plain and encoded, empty segments, ``%2f`` and
    backslashes in the base's path; a fixed seed), read as ada-url reads them. Every
    target safe_redirect accepts stays on the base's origin in the browser in both
    readings: the absolute one (the URI it returns, and the target read against the
    base) and the path-only one (its path, query and fragment alone, ours and as the
    browser reads the returned URI, sent as a relative ``Location`` against the base);
    and the browser reads the returned URI's path as it is (no dot segment is left for
    it to remove). Counted (``-s``): 100,000 targets, 46,663 accepted, 0 holes in each
    reading (the code before issue 42 accepted 48,351: 638 path-only holes, 2,389
    paths the browser read differently)."""
    rng = random.Random(_ATTACKER_SEED)
    counts: collections.Counter[str] = collections.Counter()
    holes: dict[str, list[tuple[str, str]]] = {"absolute": [], "path only": [],
                                               "path read differently": []}
    for _ in range(_ATTACKER_TARGETS):
        target = "".join(rng.choices(_DIFFERENTIAL_PIECES, k=rng.randint(1, 8)))
        base = _attacker_base(rng)
        counts["targets"] += 1
        result = safe_redirect(target, base)
        if result is None:
            continue
        counts["accepted"] += 1
        origin = _origin(base)
        returned = _browser(str(result))
        if origin is None or returned is None or str(returned.origin) != origin \
                or _origin(target, base) != origin:
            holes["absolute"].append((target, base))
        elif str(returned.pathname) != (str(result.path) or "/"):  # an empty path is "/"
            holes["path read differently"].append((target, base))
        alone = str(result.path) + ("" if result.query is None else f"?{result.query}") \
            + ("" if result.fragment is None else f"#{result.fragment}")
        read = "" if returned is None else \
            str(returned.pathname) + str(returned.search) + str(returned.hash)
        if _origin(alone, base) != origin or _origin(read, base) != origin:
            holes["path only"].append((target, base))
    print(f"\nsafe_redirect, attacker's bases: {dict(counts)}, "
          f"holes: { {k: len(v) for k, v in holes.items()} }")
    assert holes == {"absolute": [], "path only": [], "path read differently": []}
    assert counts["accepted"] > _ATTACKER_TARGETS // 10


_ALLOWED_HOSTS: Final = ("cdn.example", "accounts.example:8443", "b\u00fccher.example")
_ALLOWED_PIECES: Final = (*_DIFFERENTIAL_PIECES, "https://cdn.example", "//cdn.example",
                          "cdn.example", "http://cdn.example", "https://accounts.example",
                          ":8443", ":443", "https://xn--bcher-kva.example", "B\u00dcCHER",
                          "https://b\u00fccher.example", "%2ecdn.example", "CDN.example")
_ALLOWED_TARGETS: Final = 100_000


def test_safe_redirect_allowed_hosts_differential_against_the_browser() -> None:
    """100,000 targets of the same pieces and of the allowed hosts' spellings (a fixed
    seed), with ``allowed_hosts``: every accepted target lands, in the browser, on the
    base's origin or on an https or http origin of an allowed host, the returned URI
    and the target read against the base alike; with ``require_https`` on https only;
    and its path alone, sent back by the page it lands on, stays there."""
    rng = random.Random(_DIFFERENTIAL_SEED)
    allowed = {_origin(f"{scheme}://{host}/") for host in _ALLOWED_HOSTS
               for scheme in ("https", "http")}
    counts: collections.Counter[str] = collections.Counter()
    holes: list[tuple[str, str, bool]] = []
    for _ in range(_ALLOWED_TARGETS):
        target = "".join(rng.choices(_ALLOWED_PIECES, k=rng.randint(1, 6)))
        base = rng.choice(_DIFFERENTIAL_BASES)
        https_only = rng.random() < 0.3
        counts["targets"] += 1
        result = safe_redirect(target, base, allowed_hosts=_ALLOWED_HOSTS,
                               require_https=https_only)
        if result is None:
            continue
        counts["accepted"] += 1
        landed = _origin(str(result))
        if landed != _origin(base):
            counts["accepted on an allowed host"] += 1
        ok = {_origin(base), *allowed}
        alone = str(result.path) + ("" if result.query is None else f"?{result.query}")
        if landed not in ok or _origin(target, base) != landed \
                or (https_only and not str(landed).startswith("https:")) \
                or _origin(alone, str(result)) != landed:
            holes.append((target, base, https_only))
    print(f"\nsafe_redirect with allowed hosts: {dict(counts)}, holes: {len(holes)}")
    assert holes == []
    assert counts["accepted on an allowed host"] > _ALLOWED_TARGETS // 100


_DOMAIN_ENTRIES: Final = (".example.com", "*.cdn.example:8443")
_DOMAIN_STARTS: Final = ("https://", "//", "http://", "HTTPS://", "/\\", "https:", "")
_DOMAIN_PIECES: Final = ("a.", "b.", "example.com", "EXAMPLE.com", "example.com.",
                         ".example.com", "badexample.com", "evil.example", "cdn.example",
                         "x.cdn.example", ":8443", ":443", ":80", "%2e", "xn--bcher-kva.",
                         "b\u00fccher.", "\u3002", "example\uff0ecom", "u@", "@", "/",
                         "\\", "?", "#", "%2f")
_DOMAIN_TARGETS: Final = 50_000


def _in_entries(origin: str) -> bool:
    """Whether a browser's origin is one that :data:`_DOMAIN_ENTRIES` name, read on
    the text of the browser's ASCII host (a suffix after a dot), not by urikit."""
    url = _browser(origin)
    if url is None or str(url.protocol) not in ("https:", "http:"):
        return False
    host, port = str(url.hostname), str(url.port)
    return (port == "" and (host == "example.com" or host.endswith(".example.com"))) \
        or (port == "8443" and host.endswith(".cdn.example"))


def test_safe_redirect_domain_entries_differential_against_the_browser() -> None:
    """50,000 targets of the same pieces and of hosts in and around the domain entries
    ``.example.com`` and ``*.cdn.example:8443`` (issue 41; a fixed seed): every target
    accepted off the base's origin lands, in the browser, on an https or http origin
    whose host is ``example.com`` or ends in ``.example.com`` (the default port), or
    ends in ``.cdn.example`` (port 8443), the target read against the base alike, and
    its path alone, sent back by that page, stays there. Counted (``-s``): 50,000
    targets, 7,797 accepted, 1,889 on a domain entry's origin, 0 holes."""
    rng = random.Random(_DIFFERENTIAL_SEED)
    counts: collections.Counter[str] = collections.Counter()
    holes: list[tuple[str, str]] = []
    for _ in range(_DOMAIN_TARGETS):
        target = rng.choice(_DOMAIN_STARTS) \
            + "".join(rng.choices(_DOMAIN_PIECES, k=rng.randint(1, 4))) \
            + "".join(rng.choices(_DIFFERENTIAL_PIECES, k=rng.randint(0, 3)))
        base = rng.choice(_DIFFERENTIAL_BASES)
        counts["targets"] += 1
        result = safe_redirect(target, base, allowed_hosts=_DOMAIN_ENTRIES)
        if result is None:
            continue
        counts["accepted"] += 1
        landed = _origin(str(result))
        alone = str(result.path) + ("" if result.query is None else f"?{result.query}")
        if landed is None or _origin(target, base) != landed \
                or _origin(alone, str(result)) != landed:
            holes.append((target, base))
        elif landed != _origin(base):
            counts["accepted on a domain entry"] += 1
            if not _in_entries(landed):
                holes.append((target, base))
    print(f"\nsafe_redirect with domain entries: {dict(counts)}, holes: {len(holes)}")
    assert holes == []
    assert counts["accepted on a domain entry"] > _DOMAIN_TARGETS // 100


def test_a_newer_right_to_left_letter_is_a_known_disagreement() -> None:
    """U+0870 (Arabic, Unicode 14) after a digit. Where this Python's Unicode data knows
    the letter as right-to-left, the Bidi rule refuses the label (a right-to-left label
    must not start with a digit) while ada-url, whose data is older, reads a host: a
    named known disagreement (the differential test found it once). Where this
    Python's data does not know the letter (3.10: Unicode 13), urikit refuses it
    before idna's newer table can map it (issue 27), another named disagreement."""
    name = "0\u0870"
    ours: str | None = None
    refusal: IDNAError | None = None
    try:
        ours = host_to_ascii(name)
    except IDNAError as error:
        refusal = error
    assert ours is None
    assert refusal is not None
    assert _browser_host_of("http", name) is not None
    if unicodedata.bidirectional("\u0870") == "AL":
        assert known_disagreement(refusal) == (
            "Bidi rule on a right-to-left letter newer than ada-url's Unicode data")
    else:
        assert unicodedata.category("\u0870") == "Cn"
        assert known_disagreement(refusal) == (
            "a code point newer than this Python's Unicode data")
