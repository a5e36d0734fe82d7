"""The ABNF of RFC 3986 Appendix A as character sets and compiled patterns.

Every other module takes its character sets and patterns from here, so validation,
parsing and percent-encoding cannot drift apart. Each constant is named after the ABNF
rule it transcribes, and its rule stands in the comment above it. Sets hold single
characters; a rule that also admits ``pct-encoded`` says so in its comment, and its
pattern (``*_RE``, built with :func:`pct_star`) admits exactly the valid text.
"""

from __future__ import annotations

import re
import sys
from typing import Final

# Possessive quantifiers (Python 3.11+) on the runs a component never gives back: what
# follows a run can never start with a character of the run, so giving characters back
# cannot help a match, and without it a failing match backtracks one character at a
# time (0.1-0.2 s on 1 MB) and a repeated group keeps a backtrack mark per triplet (60 ms
# for 1 MB of valid %41). Python 3.10 reads the same patterns without them.
_P: Final = "+" if sys.version_info >= (3, 11) else ""
#: The same suffix, for the patterns of the layers above that read other grammars
#: (Link header fields, URLPattern's fast reading of a URL).
POSSESSIVE: Final = _P

# ALPHA = %x41-5A / %x61-7A
ALPHA: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
# DIGIT = %x30-39
DIGIT: Final = frozenset("0123456789")
# HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"  (case-insensitive, RFC 5234)
HEXDIG: Final = DIGIT | frozenset("ABCDEFabcdef")
# unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
UNRESERVED: Final = ALPHA | DIGIT | frozenset("-._~")
# gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
GEN_DELIMS: Final = frozenset(":/?#[]@")
# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
SUB_DELIMS: Final = frozenset("!$&'()*+,;=")
# reserved = gen-delims / sub-delims
RESERVED: Final = GEN_DELIMS | SUB_DELIMS
# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )   (this set: the characters after the first)
SCHEME: Final = ALPHA | DIGIT | frozenset("+-.")
# userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
USERINFO: Final = UNRESERVED | SUB_DELIMS | frozenset(":")
# reg-name = *( unreserved / pct-encoded / sub-delims )
REG_NAME: Final = UNRESERVED | SUB_DELIMS
# pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
PCHAR: Final = UNRESERVED | SUB_DELIMS | frozenset(":@")
# segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
SEGMENT_NZ_NC: Final = UNRESERVED | SUB_DELIMS | frozenset("@")
# query = *( pchar / "/" / "?" )
QUERY: Final = PCHAR | frozenset("/?")
# fragment = *( pchar / "/" / "?" )
FRAGMENT: Final = QUERY
# path characters: segments joined by "/"
PATH: Final = PCHAR | frozenset("/")
# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )   (this set: after the ".")
IPVFUTURE_TAIL: Final = UNRESERVED | SUB_DELIMS | frozenset(":")
# ZoneID = 1*( unreserved / pct-encoded )   (RFC 6874)
ZONE_ID: Final = UNRESERVED


def char_class(chars: frozenset[str], *extra: str) -> str:
    """Return a regex character class body (without brackets) matching ``chars``.

    The characters are sorted so the pattern text is stable, and a run of three or
    more consecutive code points is written as a range (``0-9A-Za-z``): the patterns
    are parsed at import, in time that grows with their text. ``extra`` adds
    characters.

    >>> print(char_class(PCHAR))
    !\\$\\&-\\.0-;=@-Z_a-z\\~
    """
    points = sorted(map(ord, chars.union(extra)))
    out: list[str] = []
    i, n = 0, len(points)
    while i < n:
        j = i
        while j + 1 < n and points[j + 1] == points[j] + 1:
            j += 1
        if j - i >= 2:
            out.append(f"{re.escape(chr(points[i]))}-{re.escape(chr(points[j]))}")
        else:
            out.extend(re.escape(chr(point)) for point in points[i:j + 1])
        i = j + 1
    return "".join(out)


# pct-encoded = "%" HEXDIG HEXDIG
PCT_ENCODED: Final = "%[0-9A-Fa-f]{2}"
# 1*pct-encoded: a run of triplets, decoded together (the octets of one UTF-8
# character may span several)
PCT_RUN_RE: Final = re.compile(f"(?:{PCT_ENCODED})+")
# A "%" that does not start a pct-encoded triplet.
BAD_PERCENT: Final = "%(?![0-9A-Fa-f]{2})"
BAD_PERCENT_RE: Final = re.compile(BAD_PERCENT)

# RFC 3987 §2.2, the characters outside ASCII an IRI may hold, as code point ranges:
# ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / %x20000-2FFFD
#         / ... / %xD0000-DDFFD / %xE1000-EFFFD
UCSCHAR: Final[tuple[tuple[int, int], ...]] = (
    (0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF),
    *((plane << 16, (plane << 16) + 0xFFFD) for plane in range(1, 14)),
    (0xE1000, 0xEFFFD),
)
# iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD   (only in an IRI's query)
IPRIVATE: Final[tuple[tuple[int, int], ...]] = (
    (0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))


def range_class(ranges: tuple[tuple[int, int], ...]) -> str:
    """A regex character class body (without brackets) matching the code points of
    ``ranges`` (pairs of first and last code point, as :data:`UCSCHAR`)."""
    return "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges)


def pct_star(chars: frozenset[str]) -> str:
    """A pattern for ``*( chars / pct-encoded )``.

    Unrolled, so that a text has exactly one reading and a failing match backtracks
    in linear time: a run of ``chars``, then any number of triplets each followed by
    a run. "%" is never in ``chars``, so a stray "%" ends the match.
    """
    c = char_class(chars)
    return f"[{c}]*{_P}(?:{PCT_ENCODED}[{c}]*{_P})*{_P}"


def pct_plus(chars: frozenset[str]) -> str:
    """A pattern for ``1*( chars / pct-encoded )`` (see :func:`pct_star`)."""
    return f"(?:[{char_class(chars)}]|{PCT_ENCODED}){pct_star(chars)}"


# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
SCHEME_P: Final = f"[A-Za-z][A-Za-z0-9+.\\-]*{_P}"
# dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
DEC_OCTET: Final = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
# IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
IPV4ADDRESS: Final = f"{DEC_OCTET}\\.{DEC_OCTET}\\.{DEC_OCTET}\\.{DEC_OCTET}"
# h16 = 1*4HEXDIG
H16: Final = "[0-9A-Fa-f]{1,4}"
# ls32 = ( h16 ":" h16 ) / IPv4address
LS32: Final = f"(?:{H16}:{H16}|{IPV4ADDRESS})"


def _ipv6_address() -> str:
    """The IPv6address rule as one pattern, its ``ls32`` written once.

    Of the rule's nine alternatives, the first seven end with ``ls32`` (two h16 or an
    IPv4address), the last two with ``h16`` and with "::". The seven are written as
    their heads, an alternation followed by one ``ls32``: the same language (a
    concatenation distributes over an alternation), in a pattern a third of the size,
    which is what compiling it costs (the nine written out, IPv4address seven times,
    took 10 ms of every ``import urikit``).
    """

    def head(n: int) -> str:  # [ *n( h16 ":" ) h16 ], before "::"
        return f"(?:(?:{H16}:){{0,{n}}}{H16})?" if n else f"(?:{H16})?"

    before_ls32 = [
        f"(?:{H16}:){{6}}",               # 6( h16 ":" ) ls32
        f"::(?:{H16}:){{5}}",             # "::" 5( h16 ":" ) ls32
        f"{head(0)}::(?:{H16}:){{4}}",    # [ h16 ] "::" 4( h16 ":" ) ls32
        f"{head(1)}::(?:{H16}:){{3}}",    # [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
        f"{head(2)}::(?:{H16}:){{2}}",    # [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
        f"{head(3)}::{H16}:",             # [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
        f"{head(4)}::",                   # [ *4( h16 ":" ) h16 ] "::" ls32
    ]
    return (f"(?:(?:{'|'.join(before_ls32)}){LS32}"
            f"|{head(5)}::{H16}"          # [ *5( h16 ":" ) h16 ] "::" h16
            f"|{head(6)}::)")             # [ *6( h16 ":" ) h16 ] "::"


# IPv6address = 6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / ... / [ *6( h16 ":" ) h16 ] "::"
IPV6ADDRESS: Final = _ipv6_address()
# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
IPVFUTURE: Final = f"[vV][0-9A-Fa-f]+\\.[{char_class(IPVFUTURE_TAIL)}]+"
# IPv6addrz = IPv6address "%25" ZoneID   (RFC 6874)
# (unrolled, as every other run of pct-encoded and characters: an alternation
# repeated per character took 15 times a parse on a zone of a megabyte)
IPV6ADDRZ: Final = f"{IPV6ADDRESS}%25{pct_plus(ZONE_ID)}"
# IP-literal = "[" ( IPv6address / IPvFuture ) "]"
IP_LITERAL: Final = f"\\[(?:{IPV6ADDRESS}|{IPVFUTURE})\\]"
# IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"   (RFC 6874)
IP_LITERAL_Z: Final = f"\\[(?:{IPV6ADDRESS}|{IPV6ADDRZ}|{IPVFUTURE})\\]"


class LazyPattern:
    """A pattern compiled on its first use, with the methods of ``re.Pattern`` that the
    grammar's users call. The IPv6 patterns (nine alternatives, each with IPv4's) and
    the zone-identifier forms cost more to compile than the rest of the grammar
    together, and most programs never read an IPv6 literal or a zone identifier:
    compiling them at import would be paid by every ``import urikit``. IPv4's alone
    (four dec-octets) costs a fifth of the parser's pattern, and only a host's kind
    and the readers of hosts ask it."""

    __slots__ = ("_compiled", "pattern")

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled by the first call)."""
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self.pattern)
        return compiled

    def fullmatch(self, text: str) -> re.Match[str] | None:
        """``re.Pattern.fullmatch``."""
        return self.compiled().fullmatch(text)

    def match(self, text: str) -> re.Match[str] | None:
        """``re.Pattern.match``."""
        return self.compiled().match(text)


IPV4ADDRESS_RE: Final = LazyPattern(IPV4ADDRESS)
IPV6ADDRESS_RE: Final = LazyPattern(IPV6ADDRESS)
IPV6ADDRZ_RE: Final = LazyPattern(IPV6ADDRZ)
IPVFUTURE_RE: Final = re.compile(IPVFUTURE)
SCHEME_RE: Final = re.compile(SCHEME_P)
PORT_RE: Final = re.compile("[0-9]*")
# The wire rules of the components: each pattern admits exactly the valid text.
USERINFO_RE: Final = re.compile(pct_star(USERINFO))
REG_NAME_RE: Final = re.compile(pct_star(REG_NAME))
IP_LITERAL_RE: Final = LazyPattern(IP_LITERAL)
IP_LITERAL_Z_RE: Final = LazyPattern(IP_LITERAL_Z)
SEGMENT_RE: Final = re.compile(pct_star(PCHAR))
PATH_RE: Final = re.compile(pct_star(PATH))
QUERY_RE: Final = re.compile(pct_star(QUERY))
FRAGMENT_RE: Final = QUERY_RE


def _uri_reference(ip_literal: str) -> str:
    """URI-reference = URI / relative-ref as one pattern with seven groups.

    The groups are scheme, userinfo, host, port, path, query and fragment, ``None``
    where the component is undefined. The path alternative depends on what came before,
    through conditional groups: with an authority it is path-abempty; without one it is
    path-absolute, path-empty, or path-rootless (after a scheme) or path-noscheme
    (without one). A match is a URI-reference: pct-encoded triplets are part of the
    pattern (:func:`pct_star`), so no other check is needed.

    The userinfo group is lazy: most authorities have no "@", and trying the host
    first saves reading the whole authority twice. The split is the same either way,
    since "@" can stand neither in the host nor in the port.
    """
    pchar_or_pct = f"(?:[{char_class(PCHAR)}]|{PCT_ENCODED})"
    path_chars = pct_star(PATH)
    path_absolute = f"/(?:{pchar_or_pct}{path_chars})?"
    path_rootless = f"{pchar_or_pct}{path_chars}"
    path_noscheme = f"{pct_plus(SEGMENT_NZ_NC)}(?:/{path_chars})?"
    return (
        f"(?:(?P<scheme>{SCHEME_P}):)?"
        f"(?://(?:(?P<userinfo>{pct_star(USERINFO)})@)??"
        f"(?P<host>{ip_literal}|{pct_star(REG_NAME)})"
        f"(?::(?P<port>[0-9]*{_P}))?)?"
        "(?P<path>(?(host)"
        f"(?:/{path_chars})?"
        f"|(?:{path_absolute}|(?(scheme){path_rootless}|{path_noscheme}))?))"
        f"(?:\\?(?P<query>{pct_star(QUERY)}))?"
        f"(?:\\#(?P<fragment>{pct_star(FRAGMENT)}))?"
    )


URI_REFERENCE_RE: Final = re.compile(_uri_reference(IP_LITERAL))
# compiled when first used (an IPv6 zone identifier is allowed only on request)
URI_REFERENCE_Z_RE: Final = LazyPattern(_uri_reference(IP_LITERAL_Z))

#: RFC 3986 Appendix B: the regular expression that splits any text into the five
#: components. Groups 2, 4, 5, 7 and 9 are scheme, authority, path, query and
#: fragment (``None`` when the delimiter is absent; the path is always there). It
#: matches every string in full (``re.DOTALL``), valid or not.
APPENDIX_B_RE: Final = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?",
                                  re.DOTALL)
