"""IRIs (RFC 3987) and international domain names (IDNA 2008 with UTS 46 mapping).

Conversions between text people write and read (``https://bücher.example/Dürst``) and
URI text (``https://xn--bcher-kva.example/D%C3%BCrst``), on plain strings. Domain names
go through the ``idna`` package: IDNA 2008 (RFC 5890-5893) with the UTS 46 mapping,
processed nontransitionally, as browsers do now: the deviation characters "ß", "ς",
ZWJ and ZWNJ are kept as themselves, so ``faß.de`` is ``xn--fa-hia.de``, not
``fass.de``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import re
import unicodedata
from collections.abc import Callable
from typing import Final

import idna

from . import _grammar as g
from ._errors import IDNAError, URIError
from ._parse import diagnose, is_valid, split
from ._percent import encode_octets

#: RFC 3986 Appendix B: the regular expression that splits any text into the five
#: components. Groups 2, 4, 5, 7 and 9 are scheme, authority, path, query and
#: fragment (``None`` when the delimiter is absent; the path is always there). It
#: matches every string in full (``re.DOTALL``), valid or not.
APPENDIX_B_RE: Final = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?",
                                  re.DOTALL)



def appendix_b(text: str) -> re.Match[str]:
    """The match of :data:`APPENDIX_B_RE` on ``text``, which always matches in full.

    >>> appendix_b("http://h/p?q#f").group(2, 4, 5, 7, 9)
    ('http', 'h', '/p', 'q', 'f')
    """
    m = APPENDIX_B_RE.match(text)
    if m is None:  # pragma: no cover - every group is optional or matches ""
        raise AssertionError(f"Appendix B does not match {text!r}")
    return m


_PCT_RUN_RE: Final = re.compile("(?:%[0-9A-Fa-f]{2})+")
_MAX_DOMAIN: Final = 253  # characters of a domain name in text, a final dot aside
# The label separators other than "." that UTS 46 maps to "." (the ideographic,
# full-width and half-width ideographic full stops), used only to find which label a
# failure is in.
_FULL_STOPS: Final = "\u3002\uff0e\uff61"
_IP_LITERAL_RE: Final = re.compile(g.IP_LITERAL)

# ucschar and iprivate (RFC 3987 §2.2): the characters outside ASCII an IRI may hold
# (iprivate only in the query).
_UCSCHAR: Final = (
    (0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF),
    *((plane << 16, (plane << 16) + 0xFFFD) for plane in range(1, 14)),
    (0xE1000, 0xEFFFD),
)
_IPRIVATE: Final = ((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
# Bidirectional formatting characters (the Unicode Bidi_Control property), which
# RFC 3987 §4.1 says must not appear in an IRI: the marks U+061C, U+200E and U+200F,
# the embeddings and overrides U+202A to U+202E, and the isolates U+2066 to U+2069.
_BIDI_CONTROLS: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                  "\u2066\u2067\u2068\u2069")


# --- helpers shared with the lenient reader -------------------------------------------


def pct_utf8(text: str) -> str:
    """Percent-encode every character of ``text`` outside ASCII as UTF-8 octets.

    ASCII characters, ``%`` included, are left as they are.

    >>> pct_utf8("Dürst 50%")
    'D%C3%BCrst 50%'

    Raises:
        URIError: ``text`` holds a lone surrogate, which stands for no character.
    """
    if text.isascii():
        return text
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise URIError(f"cannot encode {text[exc.start]!r} at position {exc.start}: "
                       "a lone surrogate stands for no character") from None
    return encode_octets(data, _ASCII)


_ASCII: Final = frozenset(map(chr, range(0x80)))


def split_authority(authority: str) -> tuple[str | None, str, str | None]:
    """Split authority text, valid or not, into ``(userinfo, host, port)``.

    The userinfo ends at the last "@" (as browsers read it; a valid authority has at
    most one). The host is an IP literal up to its "]", or else ends at the first
    ":". What follows the host is the port only when it is ":" and decimal digits;
    anything else there is left in the host, which then is not valid host text.

    >>> split_authority("u@h:80"), split_authority("[::1]:8"), split_authority("a@b@h:x")
    (('u', 'h', '80'), (None, '[::1]', '8'), ('a@b', 'h:x', None))
    """
    at = authority.rfind("@")
    userinfo = authority[:at] if at >= 0 else None
    rest = authority[at + 1:]
    if rest.startswith("["):
        cut = rest.find("]") + 1 or len(rest)
    else:
        cut = rest.find(":")
        if cut < 0:
            cut = len(rest)
    tail = rest[cut:]
    if not tail:
        return userinfo, rest, None
    if tail[0] == ":" and all(c in g.DIGIT for c in tail[1:]):
        return userinfo, rest[:cut], tail[1:]
    return userinfo, rest, None


def is_ip_literal(host: str) -> bool:
    """Whether ``host`` is an ``IP-literal`` (RFC 3986 §3.2.2), brackets included.

    >>> is_ip_literal("[::1]"), is_ip_literal("[v7.x]"), is_ip_literal("[x]")
    (True, True, False)
    """
    return _IP_LITERAL_RE.fullmatch(host) is not None


# --- international domain names --------------------------------------------------------


def _reason(exc: UnicodeError) -> str:
    """The ``idna`` package's message as a reason: lower-case start, no final period."""
    message = str(exc).rstrip(".") or type(exc).__name__
    return message[0].lower() + message[1:]


def uts46_map(text: str) -> str | None:
    """The UTS 46 mapping of a (percent-decoded) host, as the WHATWG host parser
    applies it before IDNA; ``None`` if the text holds a code point UTS 46 disallows.

    Letters are case-folded, compatibility forms are mapped (full-width digits and
    letters, the ideographic full stop "。" to "."), and the code points UTS 46 ignores
    are dropped: U+00AD soft hyphen, U+200B zero-width space, U+034F combining
    grapheme joiner, the variation selectors. The STD3 ASCII rules are not applied
    (ASCII punctuation passes through, as in browsers), and processing is
    nontransitional ("ß" stays "ß"). The result is in NFC.

    >>> uts46_map("ＥＸＡＭＰＬＥ。Com"), uts46_map("127.0.0.1\\u00ad"), uts46_map("faß")
    ('example.com', '127.0.0.1', 'faß')
    >>> uts46_map("a\\ufffdb") is None
    True
    """
    if text.isascii():
        # UTS 46 maps no ASCII character but the capital letters
        return text.lower()
    # In pieces under the idna package's input limit (1024 characters), whatever the
    # labels: the mapping is one code point at a time, and NFC of the joined pieces
    # is NFC of the whole. (Label by label, a label longer than the limit read as
    # disallowed, so "%C2%AD" * 1100 + "127.0.0.1" hid 127.0.0.1; and a name of many
    # short labels paid a call for each.) Each distinct piece is mapped once, as idna
    # maps in Python, a step per code point: a long text that repeats itself, a
    # megabyte of "éa." or of U+00AD, has few distinct pieces.
    pieces = [text[i:i + _REMAP_PIECE] for i in range(0, len(text), _REMAP_PIECE)]
    try:
        mapped = "".join(_once_each(_REMAP, pieces))
    except UnicodeError:  # idna.IDNAError and its subclasses: a disallowed code point
        return None
    return unicodedata.normalize("NFC", mapped)


_REMAP_PIECE: Final = 1000
_REMAP: Final = functools.partial(idna.uts46_remap, std3_rules=False)


def _once_each(convert: Callable[[str], str], items: list[str]) -> list[str]:
    """``[convert(item) for item in items]``, with ``convert`` called once per distinct
    item, in the order of first occurrence, so that the first item it raises for is
    the first in ``items`` that it raises for. For idna's conversions, which work in
    Python, a step per code point: a megabyte that repeats a label ("éa." 333,333
    times) has few distinct labels and pieces. (A few items are converted directly:
    the table costs more than it saves there.)
    """
    if len(items) < _FEW:
        return [convert(item) for item in items]
    converted = dict.fromkeys(items, "")
    for item in converted:
        converted[item] = convert(item)
    return list(map(converted.__getitem__, items))


_FEW: Final = 16


def _decode_host(text: str) -> str:
    """``text`` with every run of percent-encodings decoded as UTF-8, exactly once."""
    if "%" not in text:
        return text
    try:
        return _PCT_RUN_RE.sub(
            lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8"), text)
    except UnicodeDecodeError:
        pass
    for label in text.split("."):
        try:
            _PCT_RUN_RE.sub(
                lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8"), label)
        except UnicodeDecodeError:
            raise IDNAError(text, label, "percent-encoded octets are not UTF-8") from None
    raise AssertionError("unreachable")  # pragma: no cover


def _label_to_ascii(text: str, label: str) -> str:
    """One UTS 46-mapped label as ASCII, or :class:`IDNAError` naming it."""
    if not label:
        raise IDNAError(text, label, "empty label")
    try:
        if not label.isascii():
            return idna.alabel(label).decode("ascii")
        if label.startswith("xn--"):
            idna.ulabel(label)  # the A-label must decode to a valid U-label
            return label
    except UnicodeError as exc:
        raise IDNAError(text, label, _reason(exc)) from None
    for c in label:
        if c not in g.REG_NAME:
            raise IDNAError(text, label, f"{c!r} cannot stand in a host")
    return label


def host_to_ascii(text: str) -> str:
    """A registered name given as Unicode, or with percent-encoded UTF-8, in the ASCII
    form with A-labels that DNS and URIs use: ``bücher.example`` →
    ``xn--bcher-kva.example`` (RFC 5891 §4, UTS 46 §4 "ToASCII").

    The text is percent-decoded once, mapped by UTS 46 (see :func:`uts46_map`: case
    folded, full-width forms mapped, ignored code points such as U+00AD dropped) and
    split into labels at "."; each label outside ASCII becomes an A-label under IDNA
    2008 (its code points, the Bidi rule, the joiner rules, at most 63 octets). The
    processing is nontransitional, as browsers do now: "ß" and "ς" are kept as
    themselves (``faß.de`` → ``xn--fa-hia.de``, not ``fass.de``). ASCII labels are
    lowercased; an ``xn--`` label must be a valid A-label; other ASCII labels must
    hold only characters of the ``reg-name`` rule, and are not held to the DNS
    letter-digit-hyphen and length rules, which browsers do not apply either
    (``my_host``). A host that needs IDNA (a label outside ASCII, or an ``xn--``
    label) is a domain name, and its ASCII form is held to DNS's 253 characters, as
    :func:`host_to_unicode` holds its input (UTS 46 "VerifyDnsLength"); a host
    too long for it is refused before IDNA reads each of its labels. A trailing dot is
    kept. IP literals and IPv4 addresses, and the
    empty host, are returned unchanged.

    Args:
        text: a registered name (Unicode, percent-encoded UTF-8, or both).

    Returns:
        The host in ASCII, valid ``reg-name`` text without percent-encodings.

    Raises:
        IDNAError: a label cannot be converted (empty, a code point UTS 46 or IDNA
            2008 disallows, a broken Bidi or joiner rule, a malformed ``xn--``
            label, octets that are not UTF-8, a character the ``reg-name`` rule
            forbids), or the ASCII form of a host that needs IDNA is longer than 253
            characters; ``label`` and ``reason`` say which and why.

    >>> host_to_ascii("Bücher.example."), host_to_ascii("faß.de")
    ('xn--bcher-kva.example.', 'xn--fa-hia.de')
    >>> host_to_ascii("b%C3%BCcher.example"), host_to_ascii("[::1]")
    ('xn--bcher-kva.example', '[::1]')
    >>> host_to_ascii("a..b")
    Traceback (most recent call last):
    ...
    urikit._errors.IDNAError: cannot convert 'a..b' to an ASCII host: empty label

    .. versionadded:: 0.2
    """
    if not text or text.startswith("[") or g.IPV4ADDRESS_RE.fullmatch(text):
        return text
    decoded = _decode_host(text)
    idn = not decoded.isascii() or "xn--" in decoded.lower()
    if idn and len(decoded) > _LONGEST_IDN_INPUT and (ignored := _ignored_code_points()) \
            and len(decoded.translate(ignored)) > _LONGEST_IDN_INPUT:
        raise _too_long(text, decoded)  # without mapping and converting each label
    mapped = uts46_map(decoded)
    if mapped is None:
        raise _unmappable(text, decoded)
    labels = mapped.split(".")
    trailing_dot = len(labels) > 1 and labels[-1] == ""
    if trailing_dot:
        labels.pop()
    ascii_labels = _once_each(functools.partial(_label_to_ascii, text), labels)
    host = ".".join(ascii_labels)
    if idn and len(host) > _MAX_DOMAIN:
        raise _too_long(text, decoded)
    return host + "." if trailing_dot else host


# The longest decoded host, once the code points UTS 46 ignores are dropped, whose ASCII
# form can still fit in a domain name: each code point left maps to one or more; NFC
# then composes at most four into one (no character's canonical decomposition is
# longer: U+1F82 has four); and an A-label has at least one character per code point
# of its U-label. So a longer host has an ASCII form longer than 253 characters, and
# is refused before the mapping and IDNA's checks, which run in Python a step per code
# point and a few microseconds per distinct label.
_LONGEST_IDN_INPUT: Final = 4 * (_MAX_DOMAIN + 1)


def _too_long(text: str, decoded: str) -> IDNAError:
    return IDNAError(text, decoded, f"a domain name has at most {_MAX_DOMAIN} characters "
                     "in ASCII (RFC 1035 §2.3.4)")


@functools.cache
def _ignored_code_points() -> dict[int, None]:
    """A ``str.translate`` table dropping the code points UTS 46 ignores (status "I":
    U+00AD, U+200B, the variation selectors ...), read from the idna package's table.
    Empty if that table's layout is unknown; the early refusal is then skipped, and
    a long host is refused after its mapping."""
    data = importlib.import_module("idna.uts46data")
    spans: list[tuple[int, int]] = []
    if hasattr(data, "uts46_starts"):  # idna 3.11 and later: parallel arrays
        starts, statuses = data.uts46_starts, data.uts46_statuses
        ends = [*starts[1:], 0x110000]
        spans = [(a, b) for a, b, status in zip(starts, ends, statuses, strict=True)
                 if status == ord("I")]
    elif hasattr(data, "uts46data"):  # earlier: one (start, status, ...) row per span
        rows = data.uts46data
        spans = [(row[0], nxt[0]) for row, nxt in zip(rows, [*rows[1:], (0x110000,)],
                                                      strict=True) if row[1] == "I"]
    return dict.fromkeys(cp for a, b in spans for cp in range(a, b))


def _unmappable(text: str, decoded: str) -> IDNAError:
    """The error for a host holding a code point UTS 46 disallows, naming its label
    (the first such; each distinct label is tried once)."""
    dotted = decoded
    for stop in _FULL_STOPS:  # str.replace, not a regex step per character
        dotted = dotted.replace(stop, ".")
    for label in dict.fromkeys(dotted.split(".")):
        try:
            idna.uts46_remap(label, std3_rules=False)
        except UnicodeError as exc:
            return IDNAError(text, label, _reason(exc))
    return IDNAError(text, decoded, "UTS 46 cannot map it")  # pragma: no cover


def host_to_unicode(host: str) -> str:
    """A host for people to read: each valid A-label shown as its U-label
    (RFC 5891 §5, "ToUnicode"). Other labels, and ``xn--`` labels that are not
    valid A-labels, stay as they are; this never raises. A host longer than 253
    characters is no domain name (RFC 1035 §2.3.4, RFC 1123 §2.1) and is returned as
    it is, without an IDNA call for each of its labels.

    The result is for display: U-labels can look like other names (``аpple.com``
    with a Cyrillic "а"), which their A-labels make visible.

    >>> host_to_unicode("xn--bcher-kva.Example"), host_to_unicode("xn--abc.example")
    ('bücher.Example', 'xn--abc.example')

    .. versionadded:: 0.2
    """
    if host.startswith("[") or len(host) > _MAX_DOMAIN or "xn--" not in host.lower():
        return host
    shown = []
    for label in host.split("."):
        if label[:4].lower() == "xn--":
            with contextlib.suppress(UnicodeError):  # not a valid A-label: kept as is
                label = idna.ulabel(label)
        shown.append(label)
    return ".".join(shown)


# --- IRIs --------------------------------------------------------------------------------


def iri_to_uri(text: str) -> str:
    """Map an IRI to a URI (RFC 3987 §3.1): every character outside ASCII
    percent-encoded as UTF-8, and a registered name outside ASCII converted to
    A-labels by :func:`host_to_ascii` (the IDNA conversion of §3.1 step 2).

    ASCII text is left exactly as it is: nothing is decoded, re-encoded or
    normalized. The text is split into components by the RFC 3986 Appendix B
    expression; an IP literal with characters outside ASCII is percent-encoded like
    any other component (and so fails as a host). The characters outside ASCII are
    not checked against the ``ucschar`` ranges: each is encoded.

    Args:
        text: an IRI reference.

    Returns:
        The URI reference.

    Raises:
        ParseError: the result is not a URI-reference (the text was not an IRI); the
            error's ``text`` and ``position`` refer to the mapped text.
        IDNAError: the registered name cannot be converted to A-labels.
        URIError: the text holds a lone surrogate.

    >>> iri_to_uri("http://résumé.example.org/Dürst?q=ü#ß")
    'http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%C3%BC#%C3%9F'
    >>> from urikit import ParseError
    >>> try:
    ...     iri_to_uri("http://é/%zz")
    ... except ParseError as error:
    ...     print(error.text, error.position, error.reason)
    http://xn--9ca/%zz 15 invalid percent-encoding '%zz'

    .. versionadded:: 0.2
    """
    out = map_iri_to_uri(text)
    if not is_valid(out):
        raise diagnose(out)
    return out


def map_iri_to_uri(text: str) -> str:
    """:func:`iri_to_uri` without its last step, the check that the result is a
    URI-reference: for :meth:`urikit.URI.from_iri`, whose parse makes that check and
    raises the same :class:`ParseError`, so that a long result is matched once, not
    twice.

    >>> map_iri_to_uri("/Dürst 1")  # not a URI-reference: iri_to_uri raises
    '/D%C3%BCrst 1'
    """
    if text.isascii():
        out = text
    else:
        scheme, authority, path, query, fragment = appendix_b(text).group(2, 4, 5, 7, 9)
        parts = []
        if scheme is not None:
            parts += [pct_utf8(scheme), ":"]
        if authority is not None:
            userinfo, host, port = split_authority(authority)
            parts.append("//")
            if userinfo is not None:
                parts += [pct_utf8(userinfo), "@"]
            if host.isascii() or host.startswith("["):
                parts.append(pct_utf8(host))
            else:
                parts.append(host_to_ascii(host))
            if port is not None:
                parts += [":", port]
        parts.append(pct_utf8(path))
        if query is not None:
            parts += ["?", pct_utf8(query)]
        if fragment is not None:
            parts += ["#", pct_utf8(fragment)]
        out = "".join(parts)
    return out


def _in(ranges: tuple[tuple[int, int], ...], cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def _shown(c: str, in_query: bool) -> bool:
    """Whether an IRI may hold the character ``c`` (outside ASCII) decoded."""
    cp = ord(c)
    if c in _BIDI_CONTROLS:
        return False
    return _in(_UCSCHAR, cp) or (in_query and _in(_IPRIVATE, cp))


def _utf8_length(lead: int) -> int:
    """The length of the UTF-8 sequence a lead octet starts, 0 for no lead octet."""
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


def _class(ranges: tuple[tuple[int, int], ...]) -> str:
    return "".join(f"\\U{lo:08x}-\\U{hi:08x}" for lo, hi in ranges)


# A character an IRI may not hold decoded (the inverse of :func:`_shown`), outside the
# query and in it: to decode a whole run of UTF-8 at once when it holds none.
_HIDDEN_RE: Final = re.compile(f"[^{_class(_UCSCHAR)}]|[{''.join(sorted(_BIDI_CONTROLS))}]")
_HIDDEN_IN_QUERY_RE: Final = re.compile(
    f"[^{_class(_UCSCHAR + _IPRIVATE)}]|[{''.join(sorted(_BIDI_CONTROLS))}]")


def _decode_for_iri(wire: str, in_query: bool) -> str:
    """Valid wire text with the percent-encoded UTF-8 of characters an IRI may hold
    decoded; every other triplet stays exactly as written."""
    hidden = _HIDDEN_IN_QUERY_RE if in_query else _HIDDEN_RE

    def run(m: re.Match[str]) -> str:
        triplets = m.group()
        octets = bytes.fromhex(triplets.replace("%", ""))
        try:  # the common case, a run of UTF-8 that is all shown: decoded at once
            text = octets.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            if hidden.search(text) is None:
                return text
        out = []
        i = 0
        while i < len(octets):
            n = _utf8_length(octets[i])
            if n:
                try:
                    c = octets[i:i + n].decode("utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    if _shown(c, in_query):
                        out.append(c)
                        i += n
                        continue
            # not shown: this octet stays as written; what follows is read anew
            out.append(triplets[3 * i:3 * i + 3])
            i += 1
        return "".join(out)

    return _PCT_RUN_RE.sub(run, wire) if "%" in wire else wire


def _host_for_iri(host: str) -> str:
    """The host with A-labels shown as U-labels, when :func:`host_to_ascii` gives the
    same host back; else the host as it is."""
    shown = host_to_unicode(host)
    if shown == host:
        return host
    try:
        return shown if host_to_ascii(shown) == host else host
    except IDNAError:
        return host


def uri_to_iri(text: str) -> str:
    """Map a URI to an IRI for people to read (RFC 3987 §3.2).

    Percent-encoded UTF-8 of characters outside ASCII is decoded, and a host whose
    labels are A-labels is shown with U-labels. Kept percent-encoded, exactly as
    written: every ASCII octet (so ``%2F``, ``%25`` and other reserved or
    unreserved characters stay encoded), octets that are not UTF-8, characters an
    IRI may not hold (outside ``ucschar`` of §2.2; ``iprivate`` is shown only in the
    query), and the bidirectional formatting characters that §4.1 forbids
    (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069). Percent-encoded
    UTF-8 in the host stays encoded, and a host is shown with U-labels only when
    converting it back gives the same text (A-labels in lowercase, no other
    uppercase label).

    So :func:`iri_to_uri` gives back the same URI, ``iri_to_uri(uri_to_iri(u)) ==
    u``, whenever the percent-encodings that are decoded were written in uppercase
    hex (``%c3%bc`` comes back as ``%C3%BC``).

    Args:
        text: a URI-reference.

    Raises:
        ParseError: ``text`` is not a URI-reference.

    >>> uri_to_iri("http://www.example.org/D%C3%BCrst")
    'http://www.example.org/Dürst'
    >>> uri_to_iri("http://xn--99zt52a.example.org/%E2%80%AE%FC%2F")
    'http://納豆.example.org/%E2%80%AE%FC%2F'

    .. versionadded:: 0.2
    """
    scheme, userinfo, host, port, path, query, fragment = split(text)
    if "%" not in text and "xn--" not in text.lower():
        return text
    parts = []
    if scheme is not None:
        parts += [scheme, ":"]
    if host is not None:
        parts.append("//")
        if userinfo is not None:
            parts += [_decode_for_iri(userinfo, False), "@"]
        parts.append(_host_for_iri(host))
        if port is not None:
            parts += [":", port]
    parts.append(_decode_for_iri(path, False))
    if query is not None:
        parts += ["?", _decode_for_iri(query, True)]
    if fragment is not None:
        parts += ["#", _decode_for_iri(fragment, False)]
    return "".join(parts)
