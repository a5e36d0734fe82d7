"""Percent-encoding and decoding of component text (RFC 3986 §2.1, §2.4)."""

from __future__ import annotations

import re
from typing import Final, Literal, NamedTuple

from . import grammar as g
from .build import Checked
from .errors import LONE_SURROGATE, EncodingError, URIError
from .parse import (
    FRAGMENT,
    PATH,
    QUERY,
    REG_NAME,
    SEGMENT,
    USERINFO,
    Rule,
    check_host,
    check_wire,
    require_str,
)

#: The names accepted by :func:`encode` and :func:`decode`.
Component = Literal[
    "userinfo", "user", "password", "host", "segment", "path",
    "query", "query_key", "query_value", "fragment",
]

# Characters written as they are when plain text is encoded for a component: those the
# component allows, less "%" (always data when text is encoded) and less whatever acts
# as a delimiter inside the component.
SAFE: Final[dict[str, frozenset[str]]] = {
    "userinfo": g.USERINFO,
    # user ":" password: the first ":" separates them (RFC 3986 §3.2.1)
    "user": g.USERINFO - {":"},
    "password": g.USERINFO,
    "host": g.REG_NAME,
    # a segment never holds "/", which would split it
    "segment": g.PCHAR,
    "path": g.PATH,
    "query": g.QUERY,
    # key=value pairs joined by "&"; "+" means a space to form decoders, so it is
    # encoded too, and the output reads the same to both kinds of reader
    "query_key": g.QUERY - {"&", "=", "+"},
    "query_value": g.QUERY - {"&", "+"},
    "fragment": g.FRAGMENT,
}

# The wire rule each component name is checked against by :func:`decode`.
_RULES: Final[dict[str, Rule]] = {
    "userinfo": USERINFO, "user": USERINFO, "password": USERINFO, "host": REG_NAME,
    "segment": SEGMENT, "path": PATH, "query": QUERY, "query_key": QUERY,
    "query_value": QUERY, "fragment": FRAGMENT,
}


_SAFE_RE: Final = {
    name: re.compile(f"[{g.char_class(safe)}]*") for name, safe in SAFE.items()
}


def _unknown(component: object) -> URIError:
    """The error for a component name that is not one: ``TypeError`` (raised here) for
    one that is not a ``str``."""
    require_str(component, "component")
    names = ", ".join(sorted(SAFE))
    return URIError(f"unknown component {component!r}; expected one of {names}")


def encode(text: str | Checked, component: Component | Checked) -> str:
    """Percent-encode plain text so it is data in ``component``.

    Every character that the component does not allow, or that would act as a
    delimiter there, becomes ``%XX`` with uppercase hex digits (RFC 3986 §2.1); text
    outside ASCII is encoded as UTF-8 first (§2.5). A ``%`` is always encoded: the
    input is plain text, never already-encoded text, so nothing is encoded twice
    (§2.4). Lone surrogates ``U+DC80`` to ``U+DCFF`` stand for the raw bytes
    ``0x80`` to ``0xFF``, as :func:`decode` gives them (Python's ``surrogateescape``):
    only octets that are not UTF-8 together, as decode never gives the others.

    Args:
        text: plain text.
        component: one of ``userinfo``, ``user``, ``password``, ``host``, ``segment``,
            ``path`` (``/`` kept as the segment delimiter), ``query``, ``query_key``,
            ``query_value``, ``fragment``.

    Returns:
        Wire text valid for the component.

    Raises:
        EncodingError: ``text`` holds a surrogate that stands for no byte, or surrogate
            escapes whose octets form UTF-8 (they would read back as another text).
        URIError: ``component`` is not one of the names above.

    >>> encode("José/50%", "segment")
    'Jos%C3%A9%2F50%25'
    >>> encode("a b#c", "fragment")
    'a%20b%23c'

    .. versionadded:: 0.2
    """
    if type(text) is not str:  # before the component, as the compiled build checks
        text = require_str(text, "text")
    safe_re = _SAFE_RE.get(component)
    if safe_re is None:
        raise _unknown(component)
    # ASCII letters and digits are data in every component: two string scans in C,
    # cheaper than a match (a key, a value or a segment is often just that)
    if (text.isalnum() and text.isascii()) or safe_re.fullmatch(text):
        return text
    try:
        data = text.encode("utf-8")  # text without surrogates: the common case
    except UnicodeEncodeError:
        data = _escaped_bytes(text)
    return _encoded(data, _ENCODE_TABLES.get(component) or _encode_tables(component))


# --- octets to wire text ------------------------------------------------------------

_HEX_DIGITS: Final = b"0123456789ABCDEF"
# Fills the place of the two hex digits of an octet that stays as it is, then is
# removed: no output character is 0xFF.
_FILLER: Final = 0xFF
_FILLERS: Final = bytes([_FILLER])
# Stands for a "%" that starts no triplet while the octets are translated: UTF-8 never
# holds 0xC0, which could only start an overlong encoding.
_LONE_PERCENT: Final = 0xC0
_LONE_PERCENTS: Final = bytes([_LONE_PERCENT])
_LONE_PERCENT_RE: Final = re.compile(g.BAD_PERCENT.encode("ascii"))
_IS_PERCENT: Final = bytes(b == 0x25 for b in range(256))
_IS_HEXDIG: Final = bytes(chr(b) in g.HEXDIG for b in range(256))
# Below this many octets, a Python step per octet costs less than the C passes' setup.
_SHORT: Final = 48
# Octets encoded at a time: the passes over a chunk run in the CPU's cache, and a long
# text needs no temporary buffers three times its size (on 1 MB of "é", 14 ms in
# the lenient reader instead of 20).
_CHUNK: Final = 1 << 16


class _OctetTables(NamedTuple):
    """How each octet is written: its first, second and third output character
    (``_FILLER`` for none), and the same as one string per octet."""

    first: bytes
    second: bytes
    third: bytes
    text: tuple[str, ...]


_OCTET_TABLES: dict[tuple[frozenset[str], bool], _OctetTables] = {}


def _octet_tables(keep: frozenset[str], triplets: bool) -> _OctetTables:
    """The tables of :func:`encode_octets` when the ASCII characters in ``keep`` stay
    as they are (and, with ``triplets``, "%" and ``_LONE_PERCENT`` as "%25")."""
    first, second, third = bytearray(256), bytearray(256), bytearray(256)
    for octet in range(256):
        if (octet < 0x80 and chr(octet) in keep) or (triplets and octet == 0x25):
            first[octet], second[octet], third[octet] = octet, _FILLER, _FILLER
        else:
            value = 0x25 if triplets and octet == _LONE_PERCENT else octet
            first[octet] = 0x25
            second[octet] = _HEX_DIGITS[value >> 4]
            third[octet] = _HEX_DIGITS[value & 15]
    text = tuple(bytes(chars).replace(_FILLERS, b"").decode("ascii")
                 for chars in zip(first, second, third, strict=True))
    tables = _OctetTables(bytes(first), bytes(second), bytes(third), text)
    _OCTET_TABLES[keep, triplets] = tables
    return tables


def _mark_lone_percents(data: bytes) -> bytes:
    """``data`` with each "%" that starts no triplet (what ``g.BAD_PERCENT_RE`` finds:
    a "%" not followed by two hex digits) replaced by ``_LONE_PERCENT``.

    Whole-text integer arithmetic, in C: read as big integers, the octets flagged 1 for
    "%" and for a hex digit line up so that shifting the hex digit flags by one and by
    two octets puts the next two octets' flags under each "%"; a "%" without both is
    lone. A regex substitution costs a step per lone "%", ten times more on a megabyte
    of them. tests/test_percent.py checks that both find the same "%"."""
    n = len(data)
    percent = int.from_bytes(data.translate(_IS_PERCENT), "big")
    hexdig = int.from_bytes(data.translate(_IS_HEXDIG), "big")
    lone = percent & ~((hexdig << 8) & (hexdig << 16))
    if not lone:
        return data
    # each flag 1 times 0x25 ^ 0xC0 turns that "%" into 0xC0, and no flag carries
    return (int.from_bytes(data, "big") ^ lone * (0x25 ^ _LONE_PERCENT)).to_bytes(n, "big")


def encode_octets(data: bytes, keep: frozenset[str], *, triplets: bool = False) -> str:
    """Wire text of ``data``: each octet that is an ASCII character in ``keep`` as that
    character, every other octet as ``%XX`` with uppercase hex digits (RFC 3986 §2.1).

    With ``triplets`` (the lenient reader), a "%" followed by two hex digits is kept
    too, so valid triplets stay as written, and any other "%" becomes ``%25``; ``data``
    must then be UTF-8 (the text of a ``str`` without lone surrogates), and ``keep``
    must hold the hex digits, as every component's set does.

    Every percent-encoding of text in urikit ends here (:func:`encode`, the lenient
    reader, the IRI mapping), in a few C passes whatever the text: a table per kept set
    gives each octet's three output characters (the octet and two fillers, or "%" and
    two hex digits), ``bytes.translate`` applies it, strided slice assignment
    interleaves the three, and the fillers are dropped, 64 KiB at a time. No Python
    step, dict lookup or callback per character or per run, except on short text,
    where that is cheaper.

    >>> encode_octets("a é/%".encode(), frozenset("a/"))
    'a%20%C3%A9/%25'
    >>> encode_octets(b"%41%4G% [", g.UNRESERVED, triplets=True)
    '%41%254G%25%20%5B'
    """
    tables = _OCTET_TABLES.get((keep, triplets)) or _octet_tables(keep, triplets)
    if triplets and 0x25 in data:  # "%"
        data = (_LONE_PERCENT_RE.sub(_LONE_PERCENTS, data) if len(data) < _SHORT
                else _mark_lone_percents(data))
    return _encoded(data, tables)


def _encoded(data: bytes, tables: _OctetTables) -> str:
    """:func:`encode_octets` of ``data`` by ``tables`` (lone "%" already marked)."""
    if len(data) < _SHORT:
        text = tables.text
        return "".join([text[octet] for octet in data])
    if len(data) <= _CHUNK:
        return _interleaved(data, tables)
    # a chunk at a time, so that the buffers of each pass stay in the CPU's cache
    return "".join([_interleaved(data[i:i + _CHUNK], tables)
                    for i in range(0, len(data), _CHUNK)])


def _interleaved(data: bytes, tables: _OctetTables) -> str:
    """The passes of :func:`encode_octets` over ``data``: each octet's three output
    characters, interleaved, and the fillers dropped."""
    out = bytearray(3 * len(data))
    out[0::3] = data.translate(tables.first)
    out[1::3] = data.translate(tables.second)
    out[2::3] = data.translate(tables.third)
    return out.translate(None, _FILLERS).decode("ascii")


# encode()'s tables, one per component name, made when the name is first encoded for
# (ten tables of 256 octets are not worth making at import)
_ENCODE_TABLES: Final[dict[str, _OctetTables]] = {}


def _encode_tables(component: str) -> _OctetTables:
    """The tables of :func:`encode` for ``component`` (a key of :data:`SAFE`)."""
    tables = _ENCODE_TABLES[component] = _octet_tables(SAFE[component], False)
    return tables


_ESCAPE_RUN_RE: Final = re.compile(r"[\udc80-\udcff]+")


def _escaped_bytes(text: str) -> bytes:
    """The octets of text holding lone surrogates: U+DC80 to U+DCFF stand for the raw
    octets 0x80 to 0xFF (``surrogateescape``), but only where those octets are not
    UTF-8, as :func:`decode` gives them. Escapes whose octets do form UTF-8 together
    (``"\\udcc3\\udca9"`` is the octets of "é") would be read back as that
    character, not as themselves, so they are refused; so is any other surrogate."""
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError as exc:
        raise EncodingError(text[exc.start], exc.start, LONE_SURROGATE) from None
    if data.decode("utf-8", "surrogateescape") == text:
        return data
    # Only a run of escapes can join into UTF-8: a real character's octets are a whole
    # sequence, and no escape can continue or precede it into another.
    for run in _ESCAPE_RUN_RE.finditer(text):
        octets = run.group().encode("utf-8", "surrogateescape")
        read = octets.decode("utf-8", "surrogateescape")
        if read != run.group():
            k = next(i for i, (a, b) in enumerate(zip(run.group(), read, strict=False))
                     if a != b)
            joined = next(c for c in read[k:] if not 0xDC80 <= ord(c) <= 0xDCFF)
            raise EncodingError(
                run.group()[k:], run.start() + k,
                "the surrogate escapes U+DC80 to U+DCFF stand for octets that are not "
                f"UTF-8, and these octets are the UTF-8 of {joined!r}, which would be "
                f"read back instead; write {joined!r} itself")
    raise AssertionError(f"no escape run differs in {text!r}")  # pragma: no cover


def _decode_run(match: re.Match[str]) -> str:
    return bytes.fromhex(match.group().replace("%", "")).decode("utf-8", "surrogateescape")


def unquote_octets(wire: str) -> bytes:
    """The octets of ASCII wire text whose every ``%`` starts a ``%XX`` triplet (a
    validated host, say), each triplet decoded exactly once: two C passes (``%XX``
    read as the escape ``\\xXX``; the text holds no backslash), not a Python step
    per triplet.

    >>> unquote_octets("%C3%A9a%2e")
    b'\\xc3\\xa9a.'
    """
    if "%" not in wire:
        return wire.encode("ascii")
    return wire.replace("%", "\\x").encode("ascii").decode("unicode_escape").encode("latin-1")


def unquote_with_lone_percents(wire: str) -> bytes:
    """The octets of ASCII wire text, each ``%XX`` decoded once and each ``%`` that
    starts no triplet kept as it is, as a server decodes a request's path
    (:func:`urllib.parse.unquote_to_bytes`), in C passes: the lone ``%`` found by
    whole-text arithmetic (:func:`_mark_lone_percents`), then decoded as
    :func:`unquote_octets` decodes, a lone ``%`` as the escape of ``%`` itself (a
    regex substitution took a step per lone ``%``: 1 MB of them, 24x a parse).

    >>> unquote_with_lone_percents("%41%%4g%")
    b'A%%4g%'
    """
    data = wire.encode("ascii")
    if "%" not in wire:
        return data
    marked = _mark_lone_percents(data)
    if marked.count(_LONE_PERCENTS) == data.count(b"%"):  # no triplet: nothing to decode
        return data
    # as unquote_octets: each triplet's "%" is "\\x", and each lone "%" is "\\x25"
    text = marked.decode("latin-1")
    escaped = text.replace("%", "\\x").replace(chr(_LONE_PERCENT), "\\x25")
    return escaped.encode("ascii").decode("unicode_escape").encode("latin-1")


def unquote(wire: str) -> str:
    """Decode every ``%XX`` of already-validated wire text exactly once."""
    if "%" not in wire:
        return wire
    if wire.isascii() and "\\" not in wire:
        # C passes, not a Python call per run of triplets (a path of 140,000 "%2e%2e/"
        # took 30x its parse): the octets at once, then UTF-8 (ASCII between the runs
        # never continues a UTF-8 sequence, so decoding all at once is decoding each run)
        return unquote_octets(wire).decode("utf-8", "surrogateescape")
    return g.PCT_RUN_RE.sub(_decode_run, wire)


def decode(text: str | Checked, component: Component | Checked) -> str:
    """Decode the wire text of ``component`` to plain text, exactly once.

    The text is first checked against the component's ABNF rule, so text that is not
    valid wire text (and so may be plain text already) is rejected rather than decoded
    (RFC 3986 §2.4). Percent-encoded octets are read as UTF-8; octets that are not
    UTF-8 become the lone surrogates ``U+DC80`` to ``U+DCFF``, which :func:`encode`
    turns back into the same octets, so nothing is lost.

    Args:
        text: wire text of the component.
        component: a component name, as for :func:`encode`.

    Returns:
        The plain text.

    Raises:
        ParseError: ``text`` is not valid wire text for the component.

    >>> decode("Jos%C3%A9%2F50%25", "segment")
    'José/50%'

    .. versionadded:: 0.2

    .. versionchanged:: 0.2
       An unknown component raises :class:`URIError` (still a ``ValueError``).
    """
    if type(text) is not str:  # before the component, as the compiled build checks
        text = require_str(text, "text")
    rule = _RULES.get(component)
    if rule is None:
        raise _unknown(component)
    if component == "host":
        return unquote(check_host(text, allow_zone_id=True))  # IP literals included
    return unquote(check_wire(text, rule))


def pct_utf8(text: str) -> str:
    """Percent-encode every character of ``text`` outside ASCII as UTF-8 octets.

    ASCII characters, ``%`` included, are left as they are.

    >>> pct_utf8("Dürst 50%")
    'D%C3%BCrst 50%'

    Raises:
        EncodingError: ``text`` holds a lone surrogate, which stands for no character.
    """
    if text.isascii():
        return text
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise EncodingError(text[exc.start], exc.start, LONE_SURROGATE) from None
    return encode_octets(data, _ASCII)


_ASCII: Final = frozenset(map(chr, range(0x80)))
