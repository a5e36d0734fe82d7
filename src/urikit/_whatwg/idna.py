"""International domain names on host strings: UTS 46 as browsers apply it, and IDNA 2008.

Two readings, both on the ``idna`` package's data (its UTS 46 table and its IDNA 2008
code point classes), both processed nontransitionally as browsers do now (the deviation
characters "ß", "ς", ZWJ and ZWNJ are kept as themselves, so ``faß.de`` is
``xn--fa-hia.de``, not ``fass.de``):

* ``"whatwg"``, the default: UTS 46 ToASCII with the parameters the WHATWG URL standard
  gives it ("domain to ASCII", beStrict false): CheckHyphens=false, CheckBidi=true,
  CheckJoiners=true, UseSTD3ASCIIRules=false, Transitional_Processing=false,
  VerifyDnsLength=false. Symbols that IDNA 2008 refuses are valid (``i❤.ws``,
  ``☃.example``, ``💩.la``), and so are labels with hyphens anywhere and empty labels
  (``a..b``): what browsers open.
* ``"idna2008"``: IDNA 2008 (RFC 5890-5893) after the UTS 46 mapping, the stricter
  reading of registries: only PVALID code points and CONTEXTO/CONTEXTJ in context, the
  hyphen rules, non-empty labels, 253 characters at most.
"""

from __future__ import annotations

import functools
import importlib
import re
import unicodedata
from collections.abc import Callable
from typing import Final, Literal, TypeAlias, cast

import idna
import idna.core

from .._core import grammar as g
from .._core.build import Checked
from .._core.errors import IDNAError, ParseError
from .._core.parse import check_host, require_str

#: The two IDNA readings of :func:`host_to_ascii`: UTS 46 with the WHATWG URL
#: standard's parameters (what browsers do), or IDNA 2008.
IDNARules: TypeAlias = Literal["whatwg", "idna2008"]

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
    applies it before IDNA; ``None`` if the text holds a code point UTS 46 disallows
    or that the running Python's Unicode data does not know (see :func:`unassigned`).

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
    # The mapping is one code point at a time, and NFC of the joined mappings is NFC
    # of the whole: each distinct code point outside ASCII is mapped once (idna maps
    # in Python, a step per code point), and the text is rewritten by one
    # str.translate pass. (Label by label, a label longer than idna's input limit
    # read as disallowed, so "%C2%AD" * 1100 + "127.0.0.1" hid 127.0.0.1; and a
    # megabyte of distinct labels paid a Python step per code point.)
    table: dict[int, str] = dict(_ASCII_UPPER)
    try:
        for char in set(text).difference(_ASCII):  # each distinct one, in any order:
            if unicodedata.category(char) == "Cn":  # unknown to this Python: see
                return None  # unassigned(); never mapped by idna's newer table
            table[ord(char)] = _REMAP(char)  # one disallowed anywhere is the answer
    except UnicodeError:  # idna.IDNAError and its subclasses: a disallowed code point
        return None
    return unicodedata.normalize("NFC", text.translate(table))


_ASCII: Final = frozenset(map(chr, range(128)))
_ASCII_UPPER: Final = {c: chr(c).lower() for c in range(ord("A"), ord("Z") + 1)}
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


def host_to_ascii(text: str | Checked, *, rules: IDNARules | Checked = "whatwg") -> str:
    """A registered name given as Unicode, or with percent-encoded UTF-8, in the ASCII
    form with A-labels that DNS and URIs use: ``bücher.example`` →
    ``xn--bcher-kva.example`` (UTS 46 §4 "ToASCII", RFC 5891 §4).

    The text is percent-decoded once, mapped by UTS 46 (see :func:`uts46_map`: case
    folded, full-width forms mapped, ignored code points such as U+00AD dropped) and
    split into labels at "."; each label outside ASCII becomes an A-label. The
    processing is nontransitional, as browsers do now: "ß" and "ς" are kept as
    themselves (``faß.de`` → ``xn--fa-hia.de``, not ``fass.de``). An ``xn--`` label
    (the prefix in any case) must be a valid A-label, and is lowercased like every
    ASCII label. A trailing dot is kept. IP literals and IPv4 addresses, and the
    empty host, are returned unchanged.

    ``rules`` chooses the reading (see the module documentation):

    * ``"whatwg"`` (the default): UTS 46 with the parameters the WHATWG URL standard
      gives it, CheckHyphens=false, CheckBidi=true, CheckJoiners=true,
      UseSTD3ASCIIRules=false, Transitional_Processing=false,
      VerifyDnsLength=false: a label's code points must be UTS 46 "valid" (which
      takes in the symbols browsers open: ``i❤.ws``), it may not start with a
      combining mark, ZWJ and ZWNJ only in the contexts of RFC 5892 Appendix A, and
      in a name with a right-to-left label every label keeps the Bidi rule (RFC
      5893). Empty labels and hyphens anywhere are allowed, as in browsers. A
      decoded ``xn--`` label must be a non-empty, non-ASCII U-label that passes the
      same checks (UTS 46 15.1). One bound browsers do not set: a name that needs
      IDNA and is longer than 1016 code points (whose ASCII form is then longer than
      a domain name's 253 characters) is refused, so that the conversion stays
      linear in its length.
    * ``"idna2008"``: each label outside ASCII must be an IDNA 2008 U-label (PVALID
      code points, CONTEXTJ and CONTEXTO rules, the Bidi rule, the hyphen rules, at
      most 63 octets), no label may be empty, and the ASCII form of a name that
      needs IDNA is held to DNS's 253 characters (UTS 46 "VerifyDnsLength").

    Either way, ASCII labels are not held to the DNS letter-digit-hyphen rule, which
    browsers do not apply either (``my_host``), but must hold only characters of the
    ``reg-name`` rule.

    Args:
        text: a registered name (Unicode, percent-encoded UTF-8, or both).
        rules: ``"whatwg"`` or ``"idna2008"``.

    Returns:
        The host in ASCII, valid ``reg-name`` text without percent-encodings.

    Raises:
        IDNAError: the text starts with "[" and is no valid IP literal (``[é``), or
            a label cannot be converted (a code point UTS 46 or IDNA 2008
            disallows, a broken Bidi or joiner rule, a malformed ``xn--`` label,
            octets that are not UTF-8, a character the ``reg-name`` rule forbids, an
            empty label under ``"idna2008"``), or the host is too long (see above);
            ``label`` and ``reason`` say which and why.

    >>> host_to_ascii("Bücher.example."), host_to_ascii("faß.de")
    ('xn--bcher-kva.example.', 'xn--fa-hia.de')
    >>> host_to_ascii("b%C3%BCcher.example"), host_to_ascii("[::1]")
    ('xn--bcher-kva.example', '[::1]')
    >>> host_to_ascii("i❤.ws"), host_to_ascii("XN--BCHER-KVA.de")
    ('xn--i-7iq.ws', 'xn--bcher-kva.de')
    >>> try:
    ...     host_to_ascii("i❤.ws", rules="idna2008")
    ... except IDNAError as error:
    ...     print(error.label)
    i❤
    >>> host_to_ascii("a..b", rules="idna2008")
    Traceback (most recent call last):
    ...
    urikit.IDNAError: cannot convert 'a..b' to an ASCII host: empty label

    .. versionadded:: 0.2

    .. versionchanged:: 0.3
       ``rules``; the default is now the browsers' reading, UTS 46 with the WHATWG
       parameters (it was IDNA 2008, now ``rules="idna2008"``).
    """
    if rules not in ("whatwg", "idna2008"):
        raise TypeError(f"rules must be 'whatwg' or 'idna2008', not {rules!r}")
    text = require_str(text, "a host")
    if text.startswith("["):  # an IP literal is kept, anything else after "[" refused
        try:
            return check_host(text, allow_zone_id=True)
        except ParseError as error:
            raise IDNAError(text, text, f"not an IP literal: {error.reason}") from None
    if not text or g.IPV4ADDRESS_RE.fullmatch(text):
        return text
    decoded = _decode_host(text)
    if rules == "whatwg":
        host = domain_to_ascii(decoded, text)
        _check_reg_name(text, host)
        return host
    idn = not decoded.isascii() or "xn--" in decoded.lower()
    if idn and len(decoded) > _LONGEST_IDN_INPUT \
            and _length_unignored(decoded) > _LONGEST_IDN_INPUT:
        raise _too_long(text, decoded)  # without mapping and converting each label
    mapped = uts46_map(decoded)
    if mapped is None:
        raise _unmappable(text, decoded)
    labels = mapped.split(".")
    trailing_dot = len(labels) > 1 and labels[-1] == ""
    if trailing_dot:
        labels.pop()
    host = ".".join(_once_each(functools.partial(_label_to_ascii, text), labels))
    if idn and len(host) > _MAX_DOMAIN:
        raise _too_long(text, decoded)
    return host + "." if trailing_dot else host


def domain_to_ascii(domain: str, text: str | None = None) -> str:
    """The WHATWG URL standard's "domain to ASCII" (beStrict false) of a decoded
    domain: UTS 46 ToASCII with CheckHyphens=false, CheckBidi=true,
    CheckJoiners=true, UseSTD3ASCIIRules=false, Transitional_Processing=false,
    VerifyDnsLength=false (see :func:`host_to_ascii`); ASCII text without an
    ``xn--`` label is only lowercased. The result may hold any ASCII character (the
    caller checks which it allows); ``text`` is the host as given, for the error.

    >>> domain_to_ascii("i❤.ws"), domain_to_ascii("A..b")
    ('xn--i-7iq.ws', 'a..b')
    """
    text = domain if text is None else text
    if domain.isascii() and not _has_ace_prefix(domain):
        return domain.lower()  # the WHATWG fast path: ASCII lowercasing is the whole job
    if len(domain) > _LONGEST_IDN_INPUT and _length_unignored(domain) > _LONGEST_IDN_INPUT:
        raise _too_long(text, domain)  # without mapping and converting each label
    mapped = uts46_map(domain)
    if mapped is None:
        raise _unmappable(text, domain)
    labels = mapped.split(".")
    bidi = _is_bidi_domain(labels)
    host = ".".join(_once_each(functools.partial(_uts46_label_to_ascii, text, bidi), labels))
    if not host:
        raise IDNAError(text, "", "the host is empty once mapped")
    return host


def name_to_ascii(text: str) -> str:
    """A registered name given as plain text (``%`` is data, nothing is decoded) in
    ASCII, by UTS 46 with the WHATWG parameters (:func:`domain_to_ascii`): what a
    plain-text host write stores for a name outside ASCII, never percent-encoded.

    Raises:
        IDNAError: UTS 46 refuses the name, or its ASCII form holds a character the
            ``reg-name`` rule forbids ("%", a space ...).

    >>> name_to_ascii("Bücher.example")
    'xn--bcher-kva.example'
    """
    host = domain_to_ascii(text)
    _check_reg_name(text, host)
    return host


def _has_ace_prefix(domain: str) -> bool:
    """Whether a label of ``domain`` starts with the ACE prefix ``xn--``, in any case."""
    lowered = domain.lower()
    return lowered.startswith("xn--") or ".xn--" in lowered


def _check_reg_name(text: str, host: str) -> None:
    """:class:`IDNAError` unless ``host`` is ``reg-name`` text without "%"."""
    if all(c in _REG_NAME_NO_PCT for c in host):
        return
    bad = next(c for c in host if c not in _REG_NAME_NO_PCT)
    label = next(label for label in host.split(".") if bad in label)
    raise IDNAError(text, label, f"{bad!r} cannot stand in a host")


_REG_NAME_NO_PCT: Final = g.REG_NAME - {"%"}
_RTL_CLASSES: Final = frozenset(("R", "AL", "AN"))
_ZW_JOINERS: Final = "\u200c\u200d"


def _is_bidi_domain(labels: list[str]) -> bool:
    """Whether a mapped domain is a Bidi domain name (RFC 5893 §1.4): a character of
    bidirectional class R, AL or AN in a label, or in the U-label of an A-label."""
    for label in labels:
        if label[:4] == "xn--" and label.isascii():
            try:
                label = label[4:].encode("ascii").decode("punycode")
            except UnicodeError:
                continue  # refused when the label is converted
        if not label.isascii() and any(
                unicodedata.bidirectional(c) in _RTL_CLASSES for c in label):
            return True
    return False


def _uts46_problem(label: str, bidi: bool) -> str | None:
    """Why a U-label fails the UTS 46 validity criteria with the WHATWG parameters
    (nontransitional, CheckHyphens=false, CheckJoiners and CheckBidi), or ``None``.
    The code points' status is checked by the caller (the mapping keeps only valid
    and deviation code points)."""
    if not unicodedata.is_normalized("NFC", label):
        return "not in Unicode Normalization Form C"
    if label[:4] == "xn--":
        return "a U-label may not start with 'xn--'"
    if unicodedata.category(label[0])[0] == "M":
        return "a label may not start with a combining mark"
    unknown = unassigned(label)
    if unknown is not None:
        return unknown
    for i, c in enumerate(label):
        if c in _ZW_JOINERS and not _joiner_in_context(label, i):
            return f"joiner {c!r} not allowed at position {i + 1} (RFC 5892 Appendix A)"
    if bidi:
        try:
            idna.core.check_bidi(label, check_ltr=True)
        except UnicodeError as exc:
            return _reason(exc)
    return None


def _uts46_label_to_ascii(text: str, bidi: bool, label: str) -> str:
    """One UTS 46-mapped label as ASCII under the WHATWG parameters, or
    :class:`IDNAError` naming it."""
    if not label:
        return label  # VerifyDnsLength=false: empty labels are allowed
    if label[:4] == "xn--":
        ulabel = uts46_ulabel(label, bidi)
        if isinstance(ulabel, str):
            return label
        raise IDNAError(text, label, ulabel.reason)
    if label.isascii():
        problem = _uts46_problem(label, bidi) if bidi else None
    else:
        problem = _uts46_problem(label, bidi)
    if problem is not None:
        raise IDNAError(text, label, problem)
    if label.isascii():
        return label
    try:
        return "xn--" + label.encode("punycode").decode("ascii")
    except UnicodeError as exc:  # pragma: no cover - every str has a Punycode form
        raise IDNAError(text, label, _reason(exc)) from None


def unassigned(label: str) -> str | None:
    """Why ``label`` cannot be checked: a code point that the running Python's Unicode
    data (``unicodedata.unidata_version``) does not know, or ``None``.

    The idna package's tables are often newer than the interpreter's ``unicodedata``
    (Python 3.10 has Unicode 13.0, 3.13 has 15.1). The UTS 46 status and mapping come
    from idna; normalization, combining classes, bidirectional classes and general
    categories from ``unicodedata``. So that no code point is mapped by one version
    and checked by another, a code point the interpreter does not know is refused
    before the mapping (:func:`uts46_map`) and in a decoded A-label: the older of the
    two versions is the horizon of what is read."""
    for c in label:
        if unicodedata.category(c) == "Cn":
            return (f"U+{ord(c):04X} is not assigned in Unicode "
                    f"{unicodedata.unidata_version}, the data this Python checks with")
    return None


def _joiner_in_context(label: str, i: int) -> bool:
    """Whether the joiner at ``label[i]`` meets its CONTEXTJ rule (RFC 5892 Appendix
    A.1 for ZWNJ, A.2 for ZWJ): after a virama (canonical combining class 9), or, for
    ZWNJ only, between a left- or dual-joining character and a right- or dual-joining
    one, transparent characters skipped. Combining classes come from ``unicodedata``
    and joining types from the idna package's table, for code points both know (the
    label was checked by :func:`unassigned`); any code point, a control included, has
    a class (idna's own check asks ``unicodedata.name``, which raises ``ValueError``
    for a control or an unnamed code point)."""
    if i > 0 and unicodedata.combining(label[i - 1]) == _VIRAMA:
        return True
    if label[i] != "\u200c":
        return False
    before = next((t for t in map(_joining_type, reversed(label[:i])) if t != "T"), None)
    after = next((t for t in map(_joining_type, label[i + 1:]) if t != "T"), None)
    return before in ("L", "D") and after in ("R", "D")


_VIRAMA: Final = 9


def _joining_type(c: str) -> str | None:
    """The Joining_Type of ``c`` (``"T"``, ``"L"``, ``"D"``, ``"R"``, ``"C"``), from the
    idna package's table, or ``None`` (non-joining)."""
    return _joining_types().get(ord(c))


@functools.cache
def _joining_types() -> dict[int, str]:
    """The idna package's Joining_Type table as a map from code point to type; its
    layout differs between versions (3.7: code point to the type's ordinal; later:
    type to ranges packed as ``start << 32 | end``)."""
    import idna.idnadata

    # read as its widest layout: the installed version's type is only one of the two
    table = cast("dict[object, object]", idna.idnadata.joining_types)
    out: dict[int, str] = {}
    for key, value in table.items():
        if isinstance(key, int) and isinstance(value, int):
            out[key] = chr(value)
        elif isinstance(key, str) and isinstance(value, tuple):
            for packed in cast("tuple[int, ...]", value):  # ranges, packed
                for cp in range(packed >> 32, packed & 0xFFFFFFFF):
                    out[cp] = key
    return out


def uts46_label_forms(label: str) -> tuple[str, str] | None:
    """The A-label and the U-label (its UTS 46 mapped form) of one label outside
    ASCII, under UTS 46 with the WHATWG parameters (:func:`domain_to_ascii`, the
    label alone deciding whether the Bidi rule applies), or ``None`` when UTS 46
    refuses it or maps it to more than one label.

    >>> uts46_label_forms("Bücher"), uts46_label_forms("i❤"), uts46_label_forms("a\ufffd")
    (('xn--bcher-kva', 'bücher'), ('xn--i-7iq', 'i❤'), None)
    """
    mapped = uts46_map(label)
    if mapped is None or "." in mapped or not mapped:
        return None
    try:
        alabel = _uts46_label_to_ascii(label, _is_bidi_domain([mapped]), mapped)
    except IDNAError:
        return None
    return alabel, mapped


def check_alabels(host: str) -> None:
    """Nothing, when each label of ``host`` that starts with ``xn--`` (in any case) is
    a valid A-label under UTS 46 with the WHATWG parameters (as
    :func:`host_to_ascii` and the browsers read it); else :class:`IDNAError` naming
    the first that is not (``xn--a`` encodes no label outside ASCII). IP literals
    pass.

    >>> check_alabels("xn--bcher-kva.example")
    >>> try:
    ...     check_alabels("XN--A.example")
    ... except IDNAError as error:
    ...     print(error.label)
    xn--a
    """
    if host.startswith("[") or not _has_ace_prefix(host):
        return
    labels = host.lower().split(".")
    bidi = _is_bidi_domain(labels)
    for label in labels:
        if label[:4] == "xn--":
            ulabel = uts46_ulabel(label, bidi)
            if not isinstance(ulabel, str):
                raise IDNAError(host, label, ulabel.reason)


class _Refused:
    """Why a label is no valid A-label (the result of :func:`uts46_ulabel`)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


def uts46_ulabel(label: str, bidi: bool | None = None) -> str | _Refused:
    """The U-label of an A-label (``xn--`` in any case) under UTS 46 with the WHATWG
    parameters, or why it has none: the Punycode decodes to a non-empty text outside
    ASCII whose code points are all UTS 46 "valid" (or deviations) and that passes
    the validity criteria of :func:`host_to_ascii`. ``bidi``: whether the name is a
    Bidi domain name (``None``: decide from this label alone)."""
    if not label.isascii():
        return _Refused("an A-label is ASCII")
    try:
        ulabel = label[4:].encode("ascii").decode("punycode")
    except UnicodeError:
        return _Refused("invalid Punycode")
    if not ulabel or ulabel.isascii():
        return _Refused("an A-label encodes a label outside ASCII")
    try:
        if idna.uts46_remap(ulabel, std3_rules=False) != ulabel:
            return _Refused("the U-label is not in UTS 46 mapped form")
    except UnicodeError as exc:
        return _Refused(_reason(exc))
    if bidi is None:
        bidi = _is_bidi_domain([ulabel])
    problem = _uts46_problem(ulabel, bidi)
    return ulabel if problem is None else _Refused(problem)


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


def _length_unignored(text: str) -> int:
    """The length of ``text`` without the code points UTS 46 ignores, or its length
    when the idna package's table has an unknown layout (the early refusal is then
    skipped, and a long host is refused after its mapping)."""
    ignored = _ignored_code_points()
    # a character class is checked in C at each character; a translate table is a
    # dict look-up of a new int for each (5x slower on a megabyte of non-ASCII)
    return len(text) if ignored is None else len(ignored.sub("", text))


@functools.cache
def _ignored_code_points() -> re.Pattern[str] | None:
    """A pattern matching each run of code points UTS 46 ignores (status "I": U+00AD,
    U+200B, the variation selectors ...), read from the idna package's table; None
    if that table's layout is unknown."""
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
    if not spans:
        return None
    # runs of them: one substitution per run, not per code point (a megabyte of U+00AD)
    return re.compile("[" + "".join(f"{re.escape(chr(a))}-{re.escape(chr(b - 1))}"
                                    for a, b in spans) + "]+")


def _unmappable(text: str, decoded: str) -> IDNAError:
    """The error for a host holding a code point UTS 46 disallows, naming its label
    (the first such; each distinct label is tried once)."""
    dotted = decoded
    for stop in _FULL_STOPS:  # str.replace, not a regex step per character
        dotted = dotted.replace(stop, ".")
    for label in dict.fromkeys(dotted.split(".")):
        unknown = unassigned(label)
        if unknown is not None:
            return IDNAError(text, label, unknown)
        try:
            idna.uts46_remap(label, std3_rules=False)
        except UnicodeError as exc:
            return IDNAError(text, label, _reason(exc))
    return IDNAError(text, decoded, "UTS 46 cannot map it")  # pragma: no cover


def host_to_unicode(host: str | Checked) -> str:
    """A host for people to read: each valid A-label shown as its U-label
    (UTS 46 §4.2 "ToUnicode", with the parameters of :func:`host_to_ascii`: the
    symbols browsers open are shown, ``xn--i-7iq.ws`` → ``i❤.ws``). The ACE prefix is
    read in any case (``XN--BCHER-KVA``). Other labels, and ``xn--`` labels that are
    not valid A-labels, stay as they are; this never raises. A host longer than 253
    characters is no domain name (RFC 1035 §2.3.4, RFC 1123 §2.1) and is returned as
    it is, without an IDNA call for each of its labels.

    The result is for display: U-labels can look like other names (``аpple.com``
    with a Cyrillic "а"), which their A-labels make visible.

    >>> host_to_unicode("xn--bcher-kva.Example"), host_to_unicode("xn--abc.example")
    ('bücher.Example', 'xn--abc.example')
    >>> host_to_unicode("XN--BCHER-KVA.DE"), host_to_unicode("xn--ls8h.la")
    ('bücher.DE', '💩.la')

    .. versionadded:: 0.2

    .. versionchanged:: 0.3
       UTS 46 validity (the browsers'), not IDNA 2008's; the ACE prefix in any case.
    """
    host = require_str(host, "a host")
    if host.startswith("[") or len(host) > _MAX_DOMAIN or "xn--" not in host.lower():
        return host
    labels = host.split(".")
    bidi = _is_bidi_domain([label.lower() for label in labels])
    shown: list[str] = []
    for label in labels:
        if label[:4].lower() == "xn--":
            ulabel = uts46_ulabel(label.lower(), bidi)
            if isinstance(ulabel, str):
                label = ulabel
        shown.append(label)
    return ".".join(shown)
