"""Hypothesis strategies that generate valid text for each rule of RFC 3986 Appendix A.

Each function returns a :class:`~hypothesis.strategies.SearchStrategy` of ``str`` whose
every example matches the ABNF rule it is named after. The character sets come from the
same grammar module the parser uses, so the strategies and the parser cannot disagree
about what a rule admits. Besides random text the strategies favour the cases that
break URI code: empty components, dot segments (plain and percent-encoded), ":" and "@"
in segments, percent-encodings with mixed-case hex digits and percent-encoded UTF-8,
every form of IPv6 address, ports with leading zeros, and host names that other parsers
read as IPv4 addresses.

This module imports Hypothesis, which urikit does not depend on: import it explicitly
(``from urikit import strategies``) in test code only.

>>> from hypothesis import given, settings
>>> from urikit import URI
>>> from urikit.strategies import uri_references
>>> @settings(max_examples=25, deadline=None)
... @given(uri_references())
... def test_round_trip(text: str) -> None:
...     assert str(URI.parse(text)) == text
>>> test_round_trip()

.. versionadded:: 0.2
"""

from __future__ import annotations

from typing import Final

from hypothesis import strategies as st
from hypothesis.strategies import SearchStrategy

from ._core import grammar as g

__all__ = [
    "absolute_uris",
    "authorities",
    "deceptive_reg_names",
    "fragments",
    "hosts",
    "ip_literals",
    "ipv4_addresses",
    "ipv6_addresses",
    "ipvfutures",
    "long_ports",
    "paths_abempty",
    "paths_absolute",
    "paths_noscheme",
    "paths_rootless",
    "pct_encoded",
    "plain_texts",
    "ports",
    "queries",
    "reg_names",
    "relative_references",
    "schemes",
    "segments",
    "segments_nz",
    "segments_nz_nc",
    "unencodable_texts",
    "uri_references",
    "uris",
    "userinfos",
]

_HEXDIG: Final = "".join(sorted(g.HEXDIG))

# Percent-encodings that matter to URI code: encoded delimiters ("/", "?", "#", "@",
# ":"), the encoded dot and "%" itself, NUL, space, and unreserved characters that
# normalization decodes (RFC 3986 §2.3, §6.2.2.2), in both hex cases.
_INTERESTING_PCT: Final = (
    "%2F", "%2f", "%2E", "%2e", "%25", "%00", "%20", "%3A", "%3a", "%40", "%3F", "%23",
    "%41", "%7E", "%7e", "%5F", "%2D", "%0A", "%0D", "%FF", "%ff", "%C3",
)

# Dot segments, plain and percent-encoded (RFC 3986 §5.2.4, §6.2.2.2, §6.2.2.3).
_DOT_SEGMENTS: Final = (".", "..", "%2e", "%2E", "%2e%2e", "%2E%2E", ".%2E", "%2e.")

# Names that RFC 3986 reads as reg-names but the WHATWG URL parser and inet_aton read
# as IPv4 addresses, names that look like addresses but are not, and names for
# IDNA display checks.
_INTERESTING_REG_NAMES: Final = (
    "localhost", "example.com", "EXAMPLE.com", "a", "0x7f.1", "0X7F.0.0.1", "2130706433",
    "0177.0.0.1", "127.1", "1.2.3", "1.2.3.4.", "256.1.1.1", "01.02.03.04", "1.2.3.4.5",
    "0x", "xn--80ak6aa92e.com", "%D0%B0pple.com", "%d0%b0pple.com", "b%C3%BCcher.example",
    ".", "..", "%2e", "-", "_", "~", "!$&'()*+,;=", "%41%42",
)

_COMMON_SCHEMES: Final = (
    "http", "https", "HTTP", "HtTpS", "ws", "wss", "ftp", "file", "urn", "mailto",
    "javascript", "data", "a", "z", "a+b", "a-b", "a.b", "svn+ssh", "coap+tcp", "A1",
)


def _chars(chars: frozenset[str]) -> SearchStrategy[str]:
    """One character of ``chars``, shrinking towards the first in sorted order."""
    return st.sampled_from(sorted(chars))


def _pct_utf8(text: str) -> str:
    """``text`` with each character outside ASCII written as its percent-encoded UTF-8
    octets (§2.5): the strategies' own encoder, written apart from urikit's so that
    generated inputs do not depend on the code they test (tests/core/test_strategies.py
    checks that the two agree)."""
    return "".join(c if c.isascii() else "".join(f"%{b:02X}" for b in c.encode()) for c in text)


def _utf8_pct() -> SearchStrategy[str]:
    """A non-ASCII character written as its percent-encoded UTF-8 octets (§2.5)."""
    return st.characters(min_codepoint=0x80, codec="utf-8").map(_pct_utf8)


def pct_encoded() -> SearchStrategy[str]:
    """Generate ``pct-encoded = "%" HEXDIG HEXDIG`` (RFC 3986 §2.1).

    Hex digits come in both cases (RFC 5234 strings are case-insensitive, and §2.1
    makes ``%2f`` and ``%2F`` equivalent), with encoded delimiters, dots, ``%25``,
    ``%00`` and encoded unreserved characters favoured.

    >>> from hypothesis import given, settings
    >>> from urikit import decode
    >>> @settings(max_examples=25, deadline=None)
    ... @given(pct_encoded())
    ... def test_decodes_to_one_octet(triplet: str) -> None:
    ...     assert len(decode(triplet, "fragment").encode("utf-8", "surrogateescape")) == 1
    >>> test_decodes_to_one_octet()

    .. versionadded:: 0.2
    """
    hexdig = st.sampled_from(_HEXDIG)
    return st.one_of(
        st.sampled_from(_INTERESTING_PCT),
        st.tuples(hexdig, hexdig).map(lambda t: f"%{t[0]}{t[1]}"),
    )


def _run(chars: frozenset[str], min_size: int = 0, max_size: int = 6) -> SearchStrategy[str]:
    """``min_size`` to ``max_size`` elements, each a run of characters of ``chars`` or
    a pct-encoded triplet (a single octet or a UTF-8 character)."""
    plain = st.text(alphabet=sorted(chars), min_size=1, max_size=4)
    # plain runs twice as likely as encodings, so text stays mostly readable
    element = st.one_of(plain, plain, pct_encoded(), _utf8_pct())
    return st.lists(element, min_size=min_size, max_size=max_size).map("".join)


def schemes() -> SearchStrategy[str]:
    """Generate ``scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`` (RFC 3986 §3.1).

    Mixed case included (``HtTpS``): schemes are case-insensitive.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(schemes())
    ... def test_scheme_is_accepted(scheme: str) -> None:
    ...     assert URI(scheme=scheme).scheme == scheme
    >>> test_scheme_is_accepted()

    .. versionadded:: 0.2
    """
    generated = st.tuples(
        _chars(g.ALPHA), st.text(alphabet=sorted(g.SCHEME), max_size=10)
    ).map("".join)
    return st.one_of(st.sampled_from(_COMMON_SCHEMES), generated)


def userinfos() -> SearchStrategy[str]:
    """Generate ``userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`` (§3.2.1).

    Empty text, several ":" (``user:pass:more``) and encoded ``@`` included.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(userinfos())
    ... def test_userinfo_is_accepted(userinfo: str) -> None:
    ...     assert URI(host="h", userinfo=userinfo).userinfo == userinfo
    >>> test_userinfo_is_accepted()

    .. versionadded:: 0.2
    """
    return st.one_of(
        st.sampled_from(("", "user", "user:", ":", "user:password", "a:b:c", "%40:%3A")),
        _run(g.USERINFO),
    )


def _dec_octet() -> SearchStrategy[str]:
    """``dec-octet``: 0 to 255 in decimal, without leading zeros (RFC 3986 §3.2.2)."""
    return st.one_of(st.sampled_from(("0", "255", "1", "10", "99", "100", "199", "200",
                                      "249", "250")),
                     st.integers(0, 255).map(str))


def ipv4_addresses() -> SearchStrategy[str]:
    """Generate ``IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet``.

    Only the dotted-decimal form of RFC 3986 §3.2.2: no leading zeros, no hex, no
    fewer than four parts (those are reg-names; see :func:`reg_names`).

    >>> from hypothesis import given, settings
    >>> from urikit import HostKind, host_kind
    >>> @settings(max_examples=25, deadline=None)
    ... @given(ipv4_addresses())
    ... def test_reads_as_ipv4(host: str) -> None:
    ...     assert host_kind(host) is HostKind.IPV4
    >>> test_reads_as_ipv4()

    .. versionadded:: 0.2
    """
    return st.lists(_dec_octet(), min_size=4, max_size=4).map(".".join)


def _h16() -> SearchStrategy[str]:
    """``h16 = 1*4HEXDIG``: leading zeros and mixed case included."""
    return st.text(alphabet=_HEXDIG, min_size=1, max_size=4)


def _h16s(n: int) -> SearchStrategy[list[str]]:
    return st.lists(_h16(), min_size=n, max_size=n)


def _ls32() -> SearchStrategy[str]:
    """``ls32 = ( h16 ":" h16 ) / IPv4address``."""
    return st.one_of(_h16s(2).map(":".join), ipv4_addresses())


@st.composite
def _ipv6(draw: st.DrawFn) -> str:
    """One of the nine IPv6address alternatives, chosen uniformly."""
    form = draw(st.integers(0, 8))
    if form == 0:  # 6( h16 ":" ) ls32
        return "".join(f"{h}:" for h in draw(_h16s(6))) + draw(_ls32())
    if form == 1:  # "::" 5( h16 ":" ) ls32
        return "::" + "".join(f"{h}:" for h in draw(_h16s(5))) + draw(_ls32())
    # [ *n( h16 ":" ) h16 ] "::" tail, n = form - 2 in 0..6
    n = form - 2
    head = ""
    if draw(st.booleans()):
        head = ":".join(draw(_h16s(draw(st.integers(0, n)) + 1)))
    if n <= 2:  # 4, 3, 2 ( h16 ":" ) ls32
        tail = "".join(f"{h}:" for h in draw(_h16s(4 - n))) + draw(_ls32())
    elif n == 3:  # h16 ":" ls32
        tail = f"{draw(_h16())}:{draw(_ls32())}"
    elif n == 4:  # ls32
        tail = draw(_ls32())
    elif n == 5:  # h16
        tail = draw(_h16())
    else:  # nothing
        tail = ""
    return f"{head}::{tail}"


def ipv6_addresses() -> SearchStrategy[str]:
    """Generate ``IPv6address``: all nine alternatives of the ABNF (RFC 3986 §3.2.2).

    Both ``ls32`` forms appear (``::ffff:192.0.2.1``), the optional head of each
    compressed form is present or absent, and hex digits come in both cases.

    >>> from hypothesis import given, settings
    >>> import ipaddress
    >>> @settings(max_examples=25, deadline=None)
    ... @given(ipv6_addresses())
    ... def test_stdlib_agrees(address: str) -> None:
    ...     ipaddress.IPv6Address(address)
    >>> test_stdlib_agrees()

    .. versionadded:: 0.2
    """
    return st.one_of(st.sampled_from(("::", "::1", "1::", "::ffff:127.0.0.1", "fe80::1",
                                      "2001:db8::7", "0:0:0:0:0:0:0:0", "FFFF::0.0.0.0")),
                     _ipv6())


def ipvfutures() -> SearchStrategy[str]:
    """Generate ``IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )``.

    The "v" comes in both cases, as every ABNF string literal is case-insensitive.

    >>> from hypothesis import given, settings
    >>> from urikit import HostKind, host_kind
    >>> @settings(max_examples=25, deadline=None)
    ... @given(ipvfutures())
    ... def test_reads_as_ipvfuture(literal: str) -> None:
    ...     assert host_kind(f"[{literal}]") is HostKind.IPVFUTURE
    >>> test_reads_as_ipvfuture()

    .. versionadded:: 0.2
    """
    return st.tuples(
        st.sampled_from("vV"),
        st.text(alphabet=_HEXDIG, min_size=1, max_size=3),
        st.text(alphabet=sorted(g.IPVFUTURE_TAIL), min_size=1, max_size=12),
    ).map(lambda t: f"{t[0]}{t[1]}.{t[2]}")


def ip_literals() -> SearchStrategy[str]:
    """Generate ``IP-literal = "[" ( IPv6address / IPvFuture ) "]"`` (RFC 3986 §3.2.2).

    Without RFC 6874 zone identifiers, which the URI rule does not admit.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(ip_literals())
    ... def test_brackets_are_kept(host: str) -> None:
    ...     assert URI.parse(f"//{host}").host == host
    >>> test_brackets_are_kept()

    .. versionadded:: 0.2
    """
    return st.one_of(ipv6_addresses(), ipvfutures()).map(lambda a: f"[{a}]")


def _dns_name() -> SearchStrategy[str]:
    """A dotted name of letter-digit-hyphen labels, optionally ending in a dot."""
    label = st.text(alphabet=sorted(g.ALPHA | g.DIGIT | {"-"}), min_size=1, max_size=8)
    return st.tuples(st.lists(label, min_size=1, max_size=4).map(".".join),
                     st.sampled_from(("", "."))).map("".join)


def _numeric_name() -> SearchStrategy[str]:
    """1 to 5 dot-separated numbers in decimal, octal or hex: reg-names that IPv4
    parsers other than RFC 3986's read as addresses (or reject)."""
    part = st.one_of(
        st.integers(0, 2**32).map(str),
        st.integers(0, 0o777).map(lambda n: f"0{n:o}"),
        st.tuples(st.sampled_from(("0x", "0X")), st.integers(0, 0xFFFF)).map(
            lambda t: f"{t[0]}{t[1]:x}"),
    )
    return st.tuples(st.lists(part, min_size=1, max_size=5).map(".".join),
                     st.sampled_from(("", "."))).map("".join)


def reg_names() -> SearchStrategy[str]:
    """Generate ``reg-name = *( unreserved / pct-encoded / sub-delims )`` (§3.2.2).

    Empty names, DNS-like names, percent-encoded UTF-8 (internationalized names),
    sub-delims, and numeric names such as ``0x7f.1`` or ``2130706433`` that RFC 3986
    reads as names but other parsers read as IPv4 addresses. Text matching
    ``IPv4address`` is left to :func:`ipv4_addresses`, although it matches this rule
    too; a numeric name may still happen to be one.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(reg_names())
    ... def test_name_is_accepted(host: str) -> None:
    ...     assert URI(host=host).host == host
    >>> test_name_is_accepted()

    .. versionadded:: 0.2
    """
    return st.one_of(
        st.sampled_from(_INTERESTING_REG_NAMES),
        st.just(""),
        _dns_name(),
        _numeric_name(),
        _run(g.REG_NAME),
    )


def hosts() -> SearchStrategy[str]:
    """Generate ``host = IP-literal / IPv4address / reg-name`` (RFC 3986 §3.2.2).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(hosts())
    ... def test_host_kind_is_known(host: str) -> None:
    ...     assert URI(host=host).host_kind is not None
    >>> test_host_kind_is_known()

    .. versionadded:: 0.2
    """
    return st.one_of(reg_names(), ipv4_addresses(), ip_literals())


def ports() -> SearchStrategy[str]:
    """Generate ``port = *DIGIT`` (RFC 3986 §3.2.3) as text.

    Empty ports (``http://h:/``), leading zeros (``0080``) and numbers above 65535
    included: the rule admits all of them.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(ports())
    ... def test_port_reads_as_number(port: str) -> None:
    ...     assert URI.parse(f"//h:{port}").port == (int(port) if port else None)
    >>> test_port_reads_as_number()

    .. versionadded:: 0.2
    """
    return st.one_of(
        st.sampled_from(("", "0", "80", "443", "0080", "00", "65535", "65536", "99999")),
        st.text(alphabet="0123456789", max_size=7),
    )


def authorities() -> SearchStrategy[str]:
    """Generate ``authority = [ userinfo "@" ] host [ ":" port ]`` (RFC 3986 §3.2).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(authorities())
    ... def test_authority_reads_back(authority: str) -> None:
    ...     assert URI.parse(f"//{authority}").authority == authority
    >>> test_authority_reads_back()

    .. versionadded:: 0.2
    """
    return st.tuples(
        st.one_of(st.just(""), userinfos().map(lambda u: f"{u}@")),
        hosts(),
        st.one_of(st.just(""), ports().map(lambda p: f":{p}")),
    ).map("".join)


def segments() -> SearchStrategy[str]:
    """Generate ``segment = *pchar`` (RFC 3986 §3.3).

    Empty segments, dot segments (``.``, ``..``, ``%2e%2E``), ":" and "@" and
    percent-encoded "/" included.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(segments())
    ... def test_segment_is_one_segment(segment: str) -> None:
    ...     assert URI(path=["", segment, ""]).path[1] == segment
    >>> test_segment_is_one_segment()

    .. versionadded:: 0.2
    """
    return st.one_of(st.just(""), st.sampled_from(_DOT_SEGMENTS), _run(g.PCHAR))


def segments_nz() -> SearchStrategy[str]:
    """Generate ``segment-nz = 1*pchar`` (RFC 3986 §3.3): a segment, not empty.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=25, deadline=None)
    ... @given(segments_nz())
    ... def test_not_empty(segment: str) -> None:
    ...     assert segment and "/" not in segment
    >>> test_not_empty()

    .. versionadded:: 0.2
    """
    return st.one_of(st.sampled_from((*_DOT_SEGMENTS, "a:b", "@", ":")),
                     _run(g.PCHAR, min_size=1))


def segments_nz_nc() -> SearchStrategy[str]:
    """Generate ``segment-nz-nc``: a non-empty segment without ":" (RFC 3986 §3.3).

    The first segment of a relative path (§4.2), so ``@`` and dot segments included.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=25, deadline=None)
    ... @given(segments_nz_nc())
    ... def test_no_colon(segment: str) -> None:
    ...     assert segment and ":" not in segment
    >>> test_no_colon()

    .. versionadded:: 0.2
    """
    return st.one_of(st.sampled_from((*_DOT_SEGMENTS, "@", "a@b", "%3A")),
                     _run(g.SEGMENT_NZ_NC, min_size=1))


def _slash_segments(max_size: int = 5) -> SearchStrategy[str]:
    """``*( "/" segment )``."""
    return st.lists(segments(), max_size=max_size).map(
        lambda segs: "".join(f"/{s}" for s in segs))


def paths_abempty() -> SearchStrategy[str]:
    """Generate ``path-abempty = *( "/" segment )`` (RFC 3986 §3.3).

    The path after an authority: empty or starting with "/", "//" included.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(paths_abempty())
    ... def test_path_after_authority(path: str) -> None:
    ...     assert URI.parse(f"//h{path}").components.path == path
    >>> test_path_after_authority()

    .. versionadded:: 0.2
    """
    return _slash_segments()


def paths_absolute() -> SearchStrategy[str]:
    """Generate ``path-absolute = "/" [ segment-nz *( "/" segment ) ]`` (§3.3).

    Starts with "/" but never with "//".

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(paths_absolute())
    ... def test_no_authority(path: str) -> None:
    ...     assert URI.parse(path).host is None
    >>> test_no_authority()

    .. versionadded:: 0.2
    """
    rest = st.tuples(segments_nz(), _slash_segments()).map("".join)
    return st.one_of(st.just(""), rest).map(lambda r: f"/{r}")


def paths_noscheme() -> SearchStrategy[str]:
    """Generate ``path-noscheme = segment-nz-nc *( "/" segment )`` (RFC 3986 §3.3).

    A relative path that cannot be mistaken for a scheme: ":" may appear after the
    first "/" only.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(paths_noscheme())
    ... def test_relative_path(path: str) -> None:
    ...     assert URI.parse(path).scheme is None
    >>> test_relative_path()

    .. versionadded:: 0.2
    """
    return st.tuples(segments_nz_nc(), _slash_segments()).map("".join)


def paths_rootless() -> SearchStrategy[str]:
    """Generate ``path-rootless = segment-nz *( "/" segment )`` (RFC 3986 §3.3).

    The path of ``mailto:a@b`` or ``urn:a:b``: ":" may appear in the first segment.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(paths_rootless())
    ... def test_path_after_scheme(path: str) -> None:
    ...     assert URI.parse(f"urn:{path}").components.path == path
    >>> test_path_after_scheme()

    .. versionadded:: 0.2
    """
    return st.tuples(segments_nz(), _slash_segments()).map("".join)


def queries() -> SearchStrategy[str]:
    """Generate ``query = *( pchar / "/" / "?" )`` (RFC 3986 §3.4).

    Empty queries, key=value pairs, "/" and "?" included.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(queries())
    ... def test_query_reads_back(query: str) -> None:
    ...     assert URI.parse(f"?{query}").query == query
    >>> test_query_reads_back()

    .. versionadded:: 0.2
    """
    return st.one_of(
        st.sampled_from(("", "a=1&b=2", "a=1&a=2", "flag", "a=&=b&&", "x=a+b%2B", "?/?",
                         "q=%26%3D%23")),
        _run(g.QUERY),
    )


def fragments() -> SearchStrategy[str]:
    """Generate ``fragment = *( pchar / "/" / "?" )`` (RFC 3986 §3.5).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(fragments())
    ... def test_fragment_reads_back(fragment: str) -> None:
    ...     assert URI.parse(f"#{fragment}").fragment == fragment
    >>> test_fragment_reads_back()

    .. versionadded:: 0.2
    """
    return st.one_of(st.sampled_from(("", "top", "a/b?c", "%23", ":~:text=x")),
                     _run(g.FRAGMENT))


def _hier_part() -> SearchStrategy[str]:
    """``hier-part = "//" authority path-abempty / path-absolute / path-rootless /
    path-empty``."""
    return st.one_of(
        st.tuples(authorities(), paths_abempty()).map(lambda t: f"//{t[0]}{t[1]}"),
        paths_absolute(),
        paths_rootless(),
        st.just(""),
    )


def _relative_part() -> SearchStrategy[str]:
    """``relative-part = "//" authority path-abempty / path-absolute / path-noscheme /
    path-empty``."""
    return st.one_of(
        st.tuples(authorities(), paths_abempty()).map(lambda t: f"//{t[0]}{t[1]}"),
        paths_absolute(),
        paths_noscheme(),
        st.just(""),
    )


def _optional(prefix: str, strategy: SearchStrategy[str]) -> SearchStrategy[str]:
    """``[ prefix strategy ]``: absent, or the prefix followed by an example."""
    return st.one_of(st.just(""), strategy.map(lambda s: prefix + s))


def absolute_uris() -> SearchStrategy[str]:
    """Generate ``absolute-URI = scheme ":" hier-part [ "?" query ]`` (RFC 3986 §4.3).

    A URI without a fragment: what a base URI must be (§5.1).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(absolute_uris())
    ... def test_no_fragment(text: str) -> None:
    ...     uri = URI.parse(text)
    ...     assert uri.scheme is not None and uri.fragment is None
    >>> test_no_fragment()

    .. versionadded:: 0.2
    """
    return st.tuples(schemes(), _hier_part(), _optional("?", queries())).map(
        lambda t: f"{t[0]}:{t[1]}{t[2]}")


def uris() -> SearchStrategy[str]:
    """Generate ``URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`` (§3).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(uris())
    ... def test_has_scheme(text: str) -> None:
    ...     assert not URI.parse(text).is_relative
    >>> test_has_scheme()

    .. versionadded:: 0.2
    """
    return st.tuples(absolute_uris(), _optional("#", fragments())).map("".join)


def relative_references() -> SearchStrategy[str]:
    """Generate ``relative-ref = relative-part [ "?" query ] [ "#" fragment ]`` (§4.2).

    Network-path (``//h/p``), absolute-path, relative-path and empty references, with
    or without query and fragment.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(relative_references())
    ... def test_is_relative(text: str) -> None:
    ...     assert URI.parse(text).is_relative
    >>> test_is_relative()

    .. versionadded:: 0.2
    """
    return st.tuples(_relative_part(), _optional("?", queries()),
                     _optional("#", fragments())).map("".join)


def uri_references() -> SearchStrategy[str]:
    """Generate ``URI-reference = URI / relative-ref`` (RFC 3986 §4.1).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(uri_references())
    ... def test_round_trip(text: str) -> None:
    ...     assert str(URI.parse(text)) == text
    >>> test_round_trip()

    .. versionadded:: 0.2
    """
    return st.one_of(uris(), relative_references())


def long_ports() -> SearchStrategy[str]:
    """Generate ``port = *DIGIT`` (RFC 3986 §3.2.3) with thousands of digits.

    The rule sets no bound, so a port of 5,000 digits is valid text: past CPython's
    4,300-digit limit of ``int()``, where code that converts ports naively raises
    ``ValueError``. Leading zeros included (``000…080`` is port 80).

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=10, deadline=None)
    ... @given(long_ports())
    ... def test_port_round_trips(port: str) -> None:
    ...     uri = URI.parse(f"http://h:{port}/")
    ...     assert str(uri) == f"http://h:{port}/" and uri.port is not None
    >>> test_port_round_trips()

    .. versionadded:: 0.3
    """
    digits = st.text(alphabet="0123456789", min_size=1, max_size=20)
    return st.tuples(
        st.sampled_from(("", "0" * 4300, "0" * 5000)),  # leading zeros past the limit
        st.integers(1_000, 6_000),
        digits,
    ).map(lambda t: t[0] + (t[2] * (t[1] // len(t[2]) + 1))[:t[1]])


# Code points UTS 46 ignores (maps to nothing): soft hyphen, combining grapheme joiner,
# zero-width space, variation selectors (U+FE00-U+FE0F and U+E0100-U+E01EF); RFC 3986
# reads them as part of the name, browsers drop them.
_IGNORED: Final = ("\u00ad", "\u034f", "\u200b", "\ufe00", "\ufe0f", "\U000e0100")
# Full-width and other forms UTS 46 maps to ASCII: full-width digits and letters, the
# ideographic and full-width full stops.
_FULL_WIDTH_DIGITS: Final = "".join(chr(0xFF10 + d) for d in range(10))
_DOTS: Final = (".", "\u3002", "\uff0e", "\uff61")


def deceptive_reg_names() -> SearchStrategy[str]:
    """Generate reg-names (RFC 3986 §3.2.2) that name another host once the UTS 46
    mapping browsers apply has run: code points UTS 46 ignores (U+00AD soft hyphen,
    U+034F, U+200B zero-width space, variation selectors U+FE00...) inserted in a
    name, full-width digits and letters, and the ideographic full stop, each
    percent-encoded as UTF-8 as a URI holds them. Every example holds at least one
    of them, so none is the name it maps to.

    ``127.0.0.1%C2%AD`` is a registered name to RFC 3986 and 127.0.0.1 to a browser;
    ``%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1`` (full-width "127") too. A filter that
    compares host text lets such names past.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(deceptive_reg_names())
    ... def test_is_a_reg_name(host: str) -> None:
    ...     assert URI.parse(f"http://{host}/").host_kind.name == "REG_NAME"
    >>> test_is_a_reg_name()

    .. versionadded:: 0.3
    """
    octet = st.integers(0, 255).map(str)
    full_width = st.sampled_from(_FULL_WIDTH_DIGITS)
    label_char = st.one_of(st.sampled_from("0123456789abcxyz"), full_width,
                           st.sampled_from("ＡＢＣａｂｃ"), st.sampled_from(_IGNORED))
    name_labels = st.lists(st.text(label_char, min_size=1, max_size=6), min_size=1,
                           max_size=4)
    numeric = st.lists(st.one_of(octet, octet.map(
        lambda n: "".join(_FULL_WIDTH_DIGITS[int(d)] for d in n))), min_size=1, max_size=4)

    @st.composite
    def build(draw: st.DrawFn) -> str:
        labels = draw(st.one_of(numeric, name_labels))
        dots = [draw(st.sampled_from(_DOTS)) for _ in labels[1:]]
        name = labels[0] + "".join(d + label for d, label in zip(dots, labels[1:], strict=True))
        # an ignored code point somewhere (or none when the name has characters UTS 46
        # maps), so the name maps to another text
        i = draw(st.integers(0, len(name)))
        ignored = draw(st.one_of(st.just(""), st.sampled_from(_IGNORED))
                       if not name.isascii() else st.sampled_from(_IGNORED))
        return _pct_utf8(name[:i] + ignored + name[i:])

    return st.one_of(
        st.sampled_from(("127.0.0.1%C2%AD", "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1",
                         "127%E3%80%820.0.1", "exa%E2%80%8Bmple.com", "1%CD%8F27.1",
                         "0x7f.1%EF%B8%80",
                         # past the idna package's 1024-character input limit
                         "%C2%AD" * 1100 + "127.0.0.1")),
        build(),
    )


def plain_texts() -> SearchStrategy[str]:
    """Generate plain text as the ``uri.text`` views read it and take back: any text
    of Unicode characters, with the surrogate escapes U+DC80 to U+DCFF that stand for
    octets that are not UTF-8 (``%FF`` reads as ``"\\udcff"``), as Python's
    ``surrogateescape`` gives them.

    Every example is text that :func:`urikit.encode` accepts and that reads back
    unchanged; escapes that would form UTF-8 together (``"\\udcc3\\udca9"``, the
    octets of "é") are never generated: see :func:`unencodable_texts`.

    >>> from hypothesis import given, settings
    >>> from urikit import URI
    >>> @settings(max_examples=25, deadline=None)
    ... @given(plain_texts())
    ... def test_fragment_reads_back(text: str) -> None:
    ...     uri = URI.parse("http://h/")
    ...     uri.text.fragment = text
    ...     assert URI.parse(str(uri)).text.fragment == text
    >>> test_fragment_reads_back()

    .. versionadded:: 0.3
    """
    invalid_utf8 = st.sampled_from((b"\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80",
                                    b"\xe2\x82", b"\x80", b"\xf8\x88\x80\x80\x80"))
    piece = st.one_of(st.text(st.characters(codec="utf-8"), max_size=4).map(str.encode),
                      invalid_utf8, st.binary(max_size=4))
    return st.lists(piece, max_size=6).map(
        lambda pieces: b"".join(pieces).decode("utf-8", "surrogateescape"))


def unencodable_texts() -> SearchStrategy[str]:
    """Generate text that no URI component can hold as plain text, which
    :func:`urikit.encode` and every text view must refuse with a
    :class:`~urikit.URIError`: a lone surrogate that stands for no octet (U+D800 to
    U+DC7F, U+DD00 to U+DFFF), or surrogate escapes whose octets form UTF-8 together
    and so would read back as another character (``"\\udcc3\\udca9"`` as "é").

    >>> from hypothesis import given, settings
    >>> from urikit import URIError, encode
    >>> @settings(max_examples=25, deadline=None)
    ... @given(unencodable_texts())
    ... def test_refused(text: str) -> None:
    ...     try:
    ...         encode(text, "fragment")
    ...     except URIError:
    ...         return
    ...     raise AssertionError(text)
    >>> test_refused()

    .. versionadded:: 0.3
    """
    stray = st.one_of(st.integers(0xD800, 0xDC7F), st.integers(0xDD00, 0xDFFF)).map(chr)
    joined = st.characters(min_codepoint=0x80, codec="utf-8").map(
        lambda c: c.encode().decode("ascii", "surrogateescape"))
    return st.tuples(st.text(st.characters(codec="utf-8"), max_size=3),
                     st.one_of(stray, joined),
                     st.text(st.characters(codec="utf-8"), max_size=3)).map("".join)
