"""What a browser reads as a host: the WHATWG URL standard's host parser, on host text."""

from __future__ import annotations

import re
from typing import Final

from .._core import grammar as g
from .._core.errors import ParseError
from .._core.parse import check_host
from .._core.percent import encode_octets
from .._core.resolve import remove_dot_segments
from .._core.schemes import SchemeKind, scheme_kind

# The WHATWG "forbidden host code points" (an opaque host may hold none of them), and
# the "forbidden domain code points" (a domain, once converted to ASCII, may hold none):
# those, the C0 controls, "%" and DEL.
FORBIDDEN_HOST: Final = frozenset("\x00\t\n\r #/:<>?@[\\]^|")
FORBIDDEN_DOMAIN: Final = FORBIDDEN_HOST | frozenset(map(chr, range(0x20))) | {"%", "\x7f"}
FORBIDDEN_HOST_RE: Final = re.compile(f"[{re.escape(''.join(sorted(FORBIDDEN_HOST)))}]")
_FORBIDDEN_DOMAIN_RE: Final = re.compile(
    f"[{re.escape(''.join(sorted(FORBIDDEN_DOMAIN)))}]")


def ipv4_number(part: str) -> int | None:
    """The WHATWG URL "IPv4 number parser": decimal, ``0x`` hex or ``0`` octal;
    ``None`` for a part that is no number.

    >>> ipv4_number("0x7f"), ipv4_number("0177"), ipv4_number("0x"), ipv4_number("08")
    (127, 127, 0, None)
    """
    radix = 10
    if part[:2] in ("0x", "0X"):
        part, radix = part[2:], 16
    elif len(part) > 1 and part[0] == "0":
        part, radix = part[1:], 8
    if not part:
        return 0
    if _DIGITS_RE[radix].fullmatch(part) is None:
        return None
    significant = part.lstrip("0")
    if len(significant) > 12:  # past any address: no int() of a long text (linear)
        return _TOO_BIG
    return int(significant or "0", radix)


_TOO_BIG: Final = 1 << 48
_DIGITS_RE: Final = {10: re.compile("[0-9]+"), 16: re.compile("[0-9a-fA-F]+"),
                     8: re.compile("[0-7]+")}


def ends_in_a_number(domain: str) -> bool:
    """The WHATWG "ends in a number checker": the last label (a single trailing dot
    aside) is all digits, or a ``0x`` hex number.

    >>> ends_in_a_number("a.0x7f."), ends_in_a_number("1.2.a"), ends_in_a_number("08")
    (True, False, True)
    """
    end = len(domain) - 1 if domain.endswith(".") and len(domain) > 1 else len(domain)
    if end == 0 or domain == ".":
        return False
    last = domain[domain.rfind(".", 0, end) + 1:end]
    if last and _DIGITS_RE[10].fullmatch(last):
        return True
    return bool(last) and last[:2] in ("0x", "0X") and ipv4_number(last) is not None


def parse_ipv4(domain: str) -> int | None:
    """The WHATWG "IPv4 parser": the address as a number, or ``None`` for failure.

    >>> parse_ipv4("0x7f.1"), parse_ipv4("1.2.3.4.5"), parse_ipv4("256.0.0.1")
    (2130706433, None, None)
    """
    if domain.count(".") > 4:
        return None
    parts = domain.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    if len(parts) > 4:
        return None
    numbers: list[int] = []
    for part in parts:
        n = ipv4_number(part) if part else None
        if n is None:
            return None
        numbers.append(n)
    if any(n > 255 for n in numbers[:-1]):
        return None
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        return None
    address = numbers[-1]
    for i, n in enumerate(numbers[:-1]):
        address += n * 256 ** (3 - i)
    return address


# a forbidden domain code point as written, or a triplet (whose octet may be one)
_FORBIDDEN_OR_TRIPLET_RE: Final = re.compile(
    f"{g.PCT_ENCODED}|[{re.escape(''.join(sorted(FORBIDDEN_DOMAIN)))}]")
_NON_ASCII_RE: Final = re.compile("[^\x00-\x7f]")


def _forbidden_at(host: str) -> int:
    """Where in ``host`` the forbidden code point of its domain comes from: the first
    forbidden character as written, or the ``%XX`` triplet whose octet is one (the
    standard percent-decodes first); else the first character outside ASCII, which
    UTS 46 mapped to one."""
    for found in _FORBIDDEN_OR_TRIPLET_RE.finditer(host):
        text = found.group()
        if len(text) == 1 or chr(int(text[1:], 16)) in FORBIDDEN_DOMAIN:
            return found.start()
    import unicodedata  # with its use: an error's position

    mapped = [m.start() for m in _NON_ASCII_RE.finditer(host)]
    for at in mapped:  # UTS 46 maps much as NFKC does (U+FF1C, a full-width "<")
        if set(unicodedata.normalize("NFKC", host[at])) & FORBIDDEN_DOMAIN:
            return at
    return mapped[0] if mapped else 0


def _ip_literal_fault(host: str) -> int:
    """Where the IP literal ``host``, which a browser refuses, goes wrong: where RFC
    3986's reading finds the fault, or its "v" for an IPvFuture, which RFC 3986
    allows and the standard does not."""
    try:
        check_host(host)
    except ParseError as error:
        return error.position
    return 1


def _fail(host: str, reason: str) -> ParseError:
    return ParseError(host, 0, "host", reason, "browsers refuse this host")


def _percent_decode(text: str) -> str:
    """The WHATWG "UTF-8 decode without BOM" of the percent-decoding of ``text``: each
    valid ``%XX`` an octet, other characters as UTF-8, bad UTF-8 as U+FFFD."""
    if "%" not in text:
        return text
    return g.PCT_RUN_RE.sub(
        lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), text)


def browser_host(host: str) -> str:
    """The host a browser reads from host text of a special-scheme URL (``http``,
    ``https``, ``ws``, ``wss``, ``ftp``, ``file``): the WHATWG URL standard's "host
    parser" (isOpaque false), serialized: an IPv6 address in brackets as the standard
    writes it, an IPv4 address in dotted decimal (``0x7f.1`` → ``127.0.0.1``), a
    domain in ASCII (percent-decoded, then UTS 46 with the WHATWG parameters:
    :func:`~urikit._whatwg.idna.domain_to_ascii`).

    Raises:
        ParseError: the browser refuses the host: an IP literal that is no IPv6
            address (an IPvFuture, a zone identifier), a forbidden code point
            (space, ``<>^|``, ``%`` once decoded, a control ...), an ``xn--`` label
            or number the standard rejects (``1.2.3.4.5``, ``256.0.0.1``), or an
            empty host.
        IDNAError: UTS 46 refuses the domain.

    >>> browser_host("0x7F.1"), browser_host("B%C3%BCcher.example"), browser_host("[::0:1]")
    ('127.0.0.1', 'xn--bcher-kva.example', '[::1]')
    """
    # imported with their first use (the lenient reader, safe_redirect), not with urikit
    import ipaddress

    from .idna import domain_to_ascii

    if host.startswith("["):
        inner = host[1:-1] if host.endswith("]") else None
        if inner is None or not g.IPV6ADDRESS_RE.fullmatch(inner):
            raise ParseError(host, _ip_literal_fault(host), "host",
                             "an IP literal must be an IPv6 address",
                             "browsers refuse this host")
        return f"[{_ipv6_text(int(ipaddress.IPv6Address(inner)))}]"
    if not host:
        raise _fail(host, "the host is empty")
    ascii_domain = domain_to_ascii(_percent_decode(host), host)
    bad = _FORBIDDEN_DOMAIN_RE.search(ascii_domain)
    if bad is not None:
        raise ParseError(host, _forbidden_at(host), "host",
                         f"forbidden code point {bad.group()!r}", "browsers refuse this host")
    if ends_in_a_number(ascii_domain):
        address = parse_ipv4(ascii_domain)
        if address is None:
            raise _fail(host, "a host that ends in a number must be an IPv4 address")
        return str(ipaddress.IPv4Address(address))
    return ascii_domain


def _ipv6_text(address: int) -> str:
    """The WHATWG IPv6 serializer: eight hex pieces, the first longest run of two or
    more zero pieces written "::" (never a dotted IPv4 tail, which Python 3.13's
    ``ipaddress`` writes for IPv4-mapped addresses)."""
    pieces = [(address >> (112 - 16 * i)) & 0xFFFF for i in range(8)]
    best_start, best_len, run_start = -1, 1, -1
    for i, piece in enumerate([*pieces, 1]):
        if piece == 0 and run_start < 0:
            run_start = i
        elif piece != 0 and run_start >= 0:
            if i - run_start > best_len:
                best_start, best_len = run_start, i - run_start
            run_start = -1
    text = [f"{p:x}" for p in pieces]
    if best_start < 0:
        return ":".join(text)
    return ":".join(text[:best_start]) + "::" + ":".join(text[best_start + best_len:])


#: The C0 controls and the space, which a browser strips from both ends of the input
#: (WHATWG URL, basic URL parser: "remove any leading and trailing C0 control or space
#: from input").
C0_AND_SPACE: Final = "".join(map(chr, range(0x21)))
_SLASH_RUN_RE: Final = re.compile(r"[/\\]*")


def slash_run_end(text: str, start: int, end: int | None = None) -> int:
    """The end of the run of ``/`` and ``\\`` at ``text[start:end]``: what the "special
    authority ignore slashes state" of the WHATWG URL standard passes over ("if c is
    neither U+002F (/) nor U+005C (\\), ... set state to authority state"). One C pass.

    >>> slash_run_end("http:/\\\\/h", 5), slash_run_end("abc", 0)
    (8, 0)
    """
    m = _SLASH_RUN_RE.match(text, start, len(text) if end is None else end)
    return start if m is None else m.end()


# WHATWG URL's "scheme start state" and "scheme state" read an ASCII alpha, then ASCII
# alphanumerics, "+", "-" and ".", up to ":": the characters of RFC 3986's scheme rule
_SCHEME_COLON_RE: Final = re.compile(g.SCHEME_P + ":")


def scheme_end(text: str) -> int | None:
    """Where the scheme a browser reads at the start of ``text`` ends, after its ":",
    or ``None`` when a browser reads no scheme there (a relative reference). Leading C0
    controls and spaces are stripped first, as the basic URL parser strips them.

    >>> scheme_end(" javascript:alert(1)"), scheme_end("https://h/"), scheme_end("/a:b")
    (12, 6, None)
    """
    start = len(text) - len(text.lstrip(C0_AND_SPACE))
    m = _SCHEME_COLON_RE.match(text, start)
    return None if m is None else m.end()


# WHATWG URL, "single-dot URL path segment" ("." or "%2e", ASCII case-insensitive) and
# "double-dot URL path segment" (".." or its forms with "%2e": ".%2e", "%2e.", "%2e%2e"):
# each spelling with a "%2e" and the "." or ".." it means
_DOT_SEGMENTS: Final[dict[str, str]] = {
    first + second: "." * (len(first + second) - 2 * (first + second).count("%"))
    for first in (".", "%2e", "%2E") for second in ("", ".", "%2e", "%2E")
    if "%" in first + second}


def plain_dot_segments(path: str) -> str:
    """``path`` with each segment a browser reads as a dot segment written ``.`` or
    ``..``, so that RFC 3986's ``remove_dot_segments`` removes what the browser removes.

    WHATWG URL, "path state": a "single-dot URL path segment" is ``.`` or ``%2e`` and a
    "double-dot URL path segment" is ``..``, ``.%2e``, ``%2e.`` or ``%2e%2e`` (ASCII
    case-insensitive); any other percent-encoding, ``%2f`` included, is data, never a
    separator, and is never decoded.

    >>> plain_dot_segments("/a/.%2E/%2e/%2e%2e%2f@b")
    '/a/.././%2e%2e%2f@b'
    """
    if "%2" not in path:
        return path
    # each segment looked up in C (a regex calling back per dot segment took 11x a
    # parse of a path of "%2e%2e/")
    segments = path.split("/")
    return "/".join(map(_DOT_SEGMENTS.get, segments, segments))


def browser_path(path: str) -> str:
    """An absolute ``path`` as a browser keeps it once it has read it: every segment it
    reads as a dot segment (``.``, ``..``, and their ``%2e`` forms: see
    :func:`plain_dot_segments`) removed as RFC 3986 §5.2.4 removes them. A path a
    browser has read, read again, is the same: the result is free of them all.

    >>> browser_path("/%2e%2e/x/.%2E/y/%2e"), browser_path("/a/%2e%2e%2f/b")
    ('/y/', '/a/%2e%2e%2f/b')
    """
    return remove_dot_segments(plain_dot_segments(path))


def authority_span(text: str) -> tuple[int, int] | None:
    """Where a browser reads the authority of ``text``, as (start, end), or ``None``.

    WHATWG URL, "special authority ignore slashes state": after a special scheme
    other than ``file``, "if c is neither U+002F (/) nor U+005C (\\), ... set state
    to authority state", so any run of slashes and backslashes, none included, comes
    before the authority; without a scheme, read against a web page ("relative slash
    state"), a run of two or more does. Leading C0 controls and spaces are stripped
    first; the authority ends at ``/``, ``\\``, ``?`` or ``#`` ("authority state").
    The text may be anything, valid or not: a password found here is masked in what
    an error message or the command line echoes.

    >>> text = "http:///joe:pw@h/x"
    >>> start, end = authority_span(text)
    >>> text[start:end]
    'joe:pw@h'
    >>> [authority_span(t) for t in ("HTTP:\\\\\\\\a@b\\\\", "/x@y", "//a@b?c", "mailto:a@b")]
    [(7, 10), None, (2, 5), None]
    """
    start = len(text) - len(text.lstrip(C0_AND_SPACE))
    colon = text.find(":", start)
    # the special schemes but file, which reads a host only after exactly two slashes
    if colon > start and scheme_kind(text[start:colon]) is SchemeKind.SPECIAL:
        begin = slash_run_end(text, colon + 1)
    else:
        begin = slash_run_end(text, start)
        if begin - start < 2:
            return None
    # (searched in C: a Python step per character took 10x a parse on a long password)
    stop = _AUTHORITY_END_RE.search(text, begin)
    return begin, len(text) if stop is None else stop.start()


_AUTHORITY_END_RE: Final = re.compile(r"[/\\?#]")


# WHATWG URL §1.3, the percent-encode sets, each as the ASCII characters it leaves as
# they are ("%" among them: the standard's encoder never encodes it); every code point
# past U+007E is in every set. Each set adds to the one before it.
_C0_CONTROL_SET: Final = frozenset(map(chr, range(0x20))) | {"\x7f"}
_FRAGMENT_SET: Final = _C0_CONTROL_SET | frozenset(' "<>`')
_QUERY_SET: Final = _C0_CONTROL_SET | frozenset(' "#<>')
_SPECIAL_QUERY_SET: Final = _QUERY_SET | {"'"}
_PATH_SET: Final = _QUERY_SET | frozenset("?^`{}")
_USERINFO_SET: Final = _PATH_SET | frozenset("/:;=@[\\]|")
_ASCII_PRINTABLE: Final = frozenset(map(chr, range(0x20, 0x7F)))

#: What each percent-encode set of the standard keeps, by its name there.
PERCENT_ENCODE_KEEP: Final[dict[str, frozenset[str]]] = {
    name: _ASCII_PRINTABLE - encoded for name, encoded in (
        ("c0-control", _C0_CONTROL_SET), ("fragment", _FRAGMENT_SET),
        ("query", _QUERY_SET), ("special-query", _SPECIAL_QUERY_SET),
        ("path", _PATH_SET), ("userinfo", _USERINFO_SET))}
_LONE_SURROGATE_RE: Final = re.compile(r"[\ud800-\udfff]")
# a character each set encodes (not kept, or not ASCII)
_ENCODED_RE: Final = {name: re.compile(f"[^{re.escape(''.join(sorted(keep)))}]")
                      for name, keep in PERCENT_ENCODE_KEEP.items()}


def percent_encode(text: str, encode_set: str) -> str:
    """``text`` UTF-8 percent-encoded with a percent-encode set of the WHATWG URL
    standard (``"c0-control"``, ``"fragment"``, ``"query"``, ``"special-query"``,
    ``"path"``, ``"userinfo"``), as its parser encodes a component's code points one by
    one: "%" stays as it is, and a lone surrogate is U+FFFD, as in a JavaScript string
    converted to a USVString.

    >>> percent_encode("a b/%41^é", "path"), percent_encode("a b/^", "userinfo")
    ('a%20b/%41%5E%C3%A9', 'a%20b%2F%5E')
    """
    if _ENCODED_RE[encode_set].search(text) is None:
        return text
    keep = PERCENT_ENCODE_KEEP[encode_set]
    return encode_octets(_LONE_SURROGATE_RE.sub("\ufffd", text).encode("utf-8"), keep)
