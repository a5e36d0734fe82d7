"""Which internationalized labels are shown in Unicode: the spoof-resistant display policy.

``URI.to_iri()`` and ``URI.display()`` show a host label as its U-label (``bücher``)
only when :func:`shows_as_unicode` says so, and as its A-label (``xn--bcher-kva``)
otherwise. Both read labels by UTS 46 with the browsers' parameters (what
:func:`urikit.host_to_ascii` does by default), so a label valid there and not under
IDNA 2008 is judged the same way by both. The policy follows the browsers' IDN display
policies as a whole (Chromium's IDN spoof checker, Firefox's restriction levels),
which build on UTS 39 (Unicode Security Mechanisms). A label outside ASCII is shown in
Unicode when all of these hold:

1. **Allowed characters only**: letters (general categories Ll, Lm, Lo), combining
   marks (Mn, Mc), decimal digits (Nd) and ``-``. No symbol, punctuation, space,
   format or control character (emoji, ``⁄``, ``·``, ZWJ and ZWNJ, the soft hyphen),
   no default-ignorable letter or mark (the Hangul fillers, the variation selectors),
   and no code point the running Python's Unicode database does not know.
2. **Marks that change no reading** (UTS 39 §5.4, on the label decomposed, NFD): a
   nonspacing mark never follows itself (``á́`` is "a", acute, acute), at most four
   follow one another, no overlay (U+0338 "̸" in ``com̸abc`` reads as a slash), no
   dot above a letter that reads as "i", "j" or "l" (``pi̇xel``), and no mark at all
   on a dotless "ı" or "ȷ".
3. **One set of digits** (UTS 39 §5.3): all decimal digits of the label are of one
   numbering system (ASCII ``0``-``9`` beside Arabic-Indic digits is refused).
4. **One script, or a permitted mix** (UTS 39 §5.2, the "highly restrictive" level,
   on Script_Extensions, Common and Inherited characters fitting any script): all
   characters of one script, or of Latin+Han+Hiragana+Katakana (Japanese),
   Latin+Han+Bopomofo (Chinese) or Latin+Han+Hangul (Korean). ``раypal`` (Cyrillic
   "р" and "а" among Latin letters) and ``gοogle`` (a Greek omicron) are refused.
5. **No rare Latin letter**: the Latin letters of the phonetic and historic blocks
   (Latin Extended-C to -G, the phonetic extensions, the IPA extensions but for the
   letters living alphabets use: ``ɛ``, ``ɔ``, ``ə``, ``ŋ`` are shown; ``ⱴase`` is not),
   most of which UTS 39 gives Identifier_Status Restricted.
6. **Not only digits and their look-alikes**: a label of decimal digits outside ASCII
   and characters that read as digits (``1շ``, ``੨੨੨``) reads as a number.
7. **No look-alike where it can pass for another character**, on the skeletons of
   the full UTS 39 confusables data (§4): in a label that holds a Latin letter, no
   character whose skeleton is one ASCII letter or digit (Cyrillic "а", Greek "ο",
   Latin "ɑ" and "ı") and none that reads as a separator or a path (Han "一",
   Katakana "ノ" and "ヽ": ``google一com``, ``comノevil``); and no whole-script
   confusable, a label outside Latin whose letters and digits all read as ASCII ones
   (``аррӏе``, ``ѕсоԗе``, Greek ``ικα``, Armenian ``ոսւօ``), unless the name's last
   label is of the same script (``сосо.рф`` is shown: the reader of a Cyrillic
   name expects Cyrillic letters).

Labels in ASCII are shown as they are. A label that fails is shown as its A-label, so
the name the reader sees is the name the URI holds. The cost of erring safe: a few
real names show as A-labels (a Turkish name with a dotless "ı" or "İ", a Persian name
with a ZWNJ, a Cyrillic name spelled only with Latin-looking letters such as ``сосо``
under ``.com``, a Chinese name with "一" beside Latin letters). What the browsers also
do and urikit does not: compare the skeleton with a list of popular domains.

The data (Script_Extensions and the look-alikes) are tables derived from Unicode's
own files, in :mod:`urikit._whatwg.uts39data`, imported only when a label outside ASCII
is judged.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
from collections.abc import Sequence
from typing import Final

_ALLOWED_CATEGORIES: Final = frozenset({"Ll", "Lm", "Lo", "Mn", "Mc", "Nd"})
# Letters and marks that are Default_Ignorable_Code_Point (invisible): the Hangul
# fillers, the Khmer inherent vowels, the Mongolian free variation selectors, the
# combining grapheme joiner and the variation selectors.
_INVISIBLE: Final = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u3164\uffa0"
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0))))
_MAX_MARKS: Final = 4
# The permitted mixes of scripts (UTS 39 §5.2, highly restrictive).
_MIXES: Final = (frozenset({"Latn", "Hani", "Hira", "Kana"}),
                 frozenset({"Latn", "Hani", "Bopo"}),
                 frozenset({"Latn", "Hani", "Hang"}))
# Letters that read as "i", "j" or "l" (ASCII, dotless, Cyrillic, Greek and Latin
# iota): with a combining dot above they pass for "i" or "j" ("pi̇xel").
_I_J_L: Final = frozenset("ijl\u0131\u0237\u0456\u0458\u04cf\u03b9\u0269")
_DOTLESS: Final = frozenset("\u0131\u0237")  # ı and ȷ: any mark above makes a dot
_DOT_ABOVE: Final = "\u0307"
_OVERLAY: Final = 1  # canonical combining class of the overlays: U+0338 "̸" reads as "/"
# Latin letters outside the orthographies of living languages (phonetic, medieval,
# Uralic phonetic, Americanist; UTS 39 gives most of them Identifier_Status
# Restricted): Latin Extended-C, -D, -E, -F, -G and the phonetic extensions, and the
# IPA extensions but for the letters African and other alphabets use.
_RARE_LATIN: Final = ((0x0250, 0x02AF), (0x1D00, 0x1DBF), (0x2C60, 0x2C7F),
                      (0xA720, 0xA7FF), (0xAB30, 0xAB6F), (0x10780, 0x107BF),
                      (0x1DF00, 0x1DFFF))
_IPA_IN_USE: Final = frozenset("ɓɔɖɗəɛɣɨɲʉʋʒɑɐɵʃʊ")


class _Tables:
    """The Unicode tables of the policy, read from :mod:`urikit._whatwg.uts39data`."""

    __slots__ = ("digit", "latin", "scripts", "separator", "starts", "whole")

    def __init__(self) -> None:
        from . import uts39data  # kept out of `import urikit`

        self.starts = uts39data.STARTS
        self.scripts = tuple(frozenset(value.split()) for value in uts39data.SCRIPTS)
        self.latin = frozenset(uts39data.LATIN_LOOKALIKES)
        self.whole = frozenset(uts39data.WHOLE_SCRIPT_LOOKALIKES)
        self.digit = frozenset(uts39data.DIGIT_LOOKALIKES)
        self.separator = frozenset(uts39data.SEPARATOR_LOOKALIKES)

    def scripts_of(self, c: str) -> frozenset[str]:
        """The Script_Extensions of ``c``; empty for Common and Inherited."""
        return self.scripts[bisect.bisect_right(self.starts, ord(c)) - 1]


@functools.cache
def _tables() -> _Tables:
    """The Unicode tables, read once, when a label outside ASCII is first judged."""
    return _Tables()


def _rare_latin(c: str) -> bool:
    """Whether ``c`` is a Latin letter of :data:`_RARE_LATIN` (``ⱴ``, ``ꞵ``, ``ʞ``)."""
    cp = ord(c)
    return any(lo <= cp <= hi for lo, hi in _RARE_LATIN) and c not in _IPA_IN_USE


@functools.lru_cache(maxsize=4096)
def shows_as_unicode(label: str, tld: str = "") -> bool:
    """Whether a U-label (valid under UTS 46, in the form it maps to) is shown in
    Unicode by the display policy of this module (its docstring states it);
    ``tld`` is the U-label of the name's last label, which rule 7 asks.

    >>> [shows_as_unicode(x) for x in ("bücher", "日本語", "ελληνικά", "пример")]
    [True, True, True, True]
    >>> [shows_as_unicode(x) for x in ("аррӏе", "раypal", "gοogle", "i❤", "1շ")]
    [False, False, False, False, False]
    """
    if label.isascii():
        return True
    return _problem(label, tld) is None


def why_not_unicode(label: str, tld: str = "") -> str | None:
    """Which rule of the display policy keeps a U-label as its A-label, or ``None``
    when it is shown in Unicode (for tests and diagnostics).

    >>> why_not_unicode("pi\u0307xel"), why_not_unicode("bücher")
    ('a dot above "i", "j" or "l"', None)
    """
    return None if label.isascii() else _problem(label, tld)


def _problem(label: str, tld: str) -> str | None:
    """The first rule of the policy that ``label`` (outside ASCII) breaks, or ``None``."""
    t = _tables()
    for c in label:
        if c != "-" and (unicodedata.category(c) not in _ALLOWED_CATEGORIES
                         or c in _INVISIBLE):
            return "a character other than a letter, mark or digit"
    problem = _marks_problem(unicodedata.normalize("NFD", label))
    if problem is not None:
        return problem
    zero = None  # the zero of the label's digits
    sets: set[frozenset[str]] = set()
    latin = False  # a Latin letter (ASCII or not)
    foreign_whole = False  # a character outside Latin among the whole-script look-alikes
    all_whole = all_digit = True
    for c in label:
        if c == "-":
            continue
        category = unicodedata.category(c)
        if category == "Nd":
            digit_zero = ord(c) - unicodedata.decimal(c)
            if zero is None:
                zero = digit_zero
            elif zero != digit_zero:
                return "digits of two numbering systems"
        scripts = t.scripts_of(c)
        if scripts:
            sets.add(scripts)
        if "Latn" in scripts and category[0] == "L":
            latin = True
            if _rare_latin(c):
                return "a rare Latin letter"
        if category[0] in "LN":
            all_digit = all_digit and (category == "Nd" or c in t.digit)
            if c.isascii():
                all_whole = all_whole and c.isdigit()
            else:
                all_whole = all_whole and c in t.whole
                foreign_whole = foreign_whole or "Latn" not in scripts
    if not _one_script(sets):
        return "letters of more than one script"
    if all_digit:
        return "only digits and look-alikes of digits"
    if latin:
        if any(c in t.latin for c in label):
            return "a look-alike of a Latin letter beside Latin letters"
        if any(c in t.separator for c in label):
            return "a look-alike of a separator beside Latin letters"
        if all_whole:
            return "only look-alikes of ASCII letters and digits"
    elif all_whole and foreign_whole and not _same_script(sets, tld, t):
        return "only look-alikes of ASCII letters and digits"
    return None


def _same_script(sets: set[frozenset[str]], tld: str, t: _Tables) -> bool:
    """Whether the letters of ``tld`` (a U-label outside ASCII) are of a script every
    character of the label has."""
    if tld.isascii():
        return False
    tld_scripts = [t.scripts_of(c) for c in tld if c.isalpha()]
    return bool(tld_scripts) and all(s & scripts for s in sets for scripts in tld_scripts)


def _marks_problem(decomposed: str) -> str | None:
    """What is wrong with the combining marks of a label in NFD: a mark repeated or
    more than four in a row (UTS 39 §5.4), an overlay that reads as a stroke or a
    slash, a dot above a letter that reads as "i", "j" or "l", any mark on a dotless
    "ı" or "ȷ"."""
    marks = 0
    base = previous = ""
    for c in decomposed:
        if unicodedata.category(c) != "Mn":
            marks, base, previous = 0, c, c
            continue
        marks += 1
        if c == previous or marks > _MAX_MARKS:
            return "a combining mark repeated or stacked"
        if unicodedata.combining(c) == _OVERLAY:
            return "a combining overlay (a stroke or a slash through a letter)"
        if base in _DOTLESS or (c == _DOT_ABOVE and base in _I_J_L):
            return 'a dot above "i", "j" or "l"'
        previous = c
    return None


def _one_script(sets: set[frozenset[str]]) -> bool:
    """Whether characters with these Script_Extensions are of one script or of a
    permitted mix."""
    if len(sets) <= 1:
        return True
    if next(iter(sets)).intersection(*sets):
        return True
    return any(all(s & mix for s in sets) for mix in _MIXES)


def choose_label(alabel: str, ulabel: str, tld: str = "") -> str:
    """``ulabel`` when the policy shows it in Unicode, else ``alabel``."""
    return ulabel if shows_as_unicode(ulabel, tld) else alabel


def choose_labels(alabels: Sequence[str], ulabels: Sequence[str | None]) -> str:
    """A name shown label by label: each U-label the policy allows (judged with the
    name's last label, as rule 7 asks), else its ``alabels`` form (an A-label, or a
    label that has no U-label, ``None`` in ``ulabels``). The one place where
    ``display()`` and ``to_iri()`` decide."""
    tld = next((u or "" for a, u in zip(reversed(alabels), reversed(ulabels), strict=True)
                if a), "")
    return ".".join(a if u is None else choose_label(a, u, tld)
                    for a, u in zip(alabels, ulabels, strict=True))
