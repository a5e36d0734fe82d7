"""International domain names: IDNA 2008 with the UTS 46 mapping, on host strings.

Domain names go through the ``idna`` package: IDNA 2008 (RFC 5890-5893) with the UTS 46
mapping, processed nontransitionally, as browsers do now: the deviation characters "ß",
"ς", ZWJ and ZWNJ are kept as themselves, so ``faß.de`` is ``xn--fa-hia.de``, not
``fass.de``.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import unicodedata
from collections.abc import Callable
from typing import Final

import idna

from . import grammar as g
from .errors import IDNAError
from .parse import require_str

_MAX_DOMAIN: Final = 253  # characters of a domain name in text, a final dot aside
# The label separators other than "." that UTS 46 maps to "." (the ideographic,
# full-width and half-width ideographic full stops), used only to find which label a
# failure is in.
_FULL_STOPS: Final = "\u3002\uff0e\uff61"


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
        return g.PCT_RUN_RE.sub(
            lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8"), text)
    except UnicodeDecodeError:
        pass
    for label in text.split("."):
        try:
            g.PCT_RUN_RE.sub(
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
    urikit.IDNAError: cannot convert 'a..b' to an ASCII host: empty label

    .. versionadded:: 0.2
    """
    text = require_str(text, "host")
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
    host = require_str(host, "host")
    if host.startswith("[") or len(host) > _MAX_DOMAIN or "xn--" not in host.lower():
        return host
    shown = []
    for label in host.split("."):
        if label[:4].lower() == "xn--":
            with contextlib.suppress(UnicodeError):  # not a valid A-label: kept as is
                label = idna.ulabel(label)
        shown.append(label)
    return ".".join(shown)

