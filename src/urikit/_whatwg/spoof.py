"""Which internationalized labels are shown in Unicode: the spoof-resistant display policy.

``URI.to_iri()`` and ``URI.display()`` show a host label as its U-label (``bücher``)
only when :func:`shows_as_unicode` says so, and as its A-label (``xn--bcher-kva``)
otherwise. The policy follows the browsers' IDN display policies (Chromium's, and
Firefox's), which build on UTS 39 (Unicode Security Mechanisms). A label outside ASCII
is shown in Unicode when all of these hold:

1. **Allowed characters only**: letters (general categories Ll, Lm, Lo), combining
   marks (Mn, Mc), decimal digits (Nd) and ``-``. No symbol, punctuation, space,
   format or control character (emoji, ``⁄``, ``·``, ZWJ and ZWNJ, the soft hyphen),
   no default-ignorable letter or mark (the Hangul fillers, the variation selectors),
   and no code point the running Python's Unicode database does not know.
2. **No repeated or stacked marks** (UTS 39 §5.4): a nonspacing mark never follows
   itself, and at most four follow one another.
3. **One set of digits** (UTS 39 §5.3): all decimal digits of the label are of one
   numbering system (ASCII ``0``-``9`` beside Arabic-Indic digits is refused).
4. **One script, or a permitted mix** (UTS 39 §5.2, the "highly restrictive" level,
   on Script_Extensions, Common and Inherited characters fitting any script): all
   characters of one script, or of Latin+Han+Hiragana+Katakana (Japanese),
   Latin+Han+Bopomofo (Chinese) or Latin+Han+Hangul (Korean). ``раypal`` (Cyrillic
   "р" and "а" among Latin letters) and ``gοogle`` (a Greek omicron) are refused.
5. **No look-alike of a Latin letter where it can pass for one** (UTS 39 §4, on the
   confusables data): a character outside ASCII whose confusable prototype is an
   ASCII letter or digit (Cyrillic "а", Greek "ο", Latin "ɑ" and "ı") is refused in a
   label that holds Latin letters, and a label whose letters and digits are all such
   look-alikes (a whole-script confusable: ``аррӏе``, all Cyrillic, reads as
   "apple") is refused whatever its script.

Labels in ASCII are shown as they are. A label that fails is shown as its A-label, so
the name the reader sees is the name the URI holds. The cost of erring safe: a few
real names show as A-labels (a Turkish name with a dotless "ı", a Persian name with a
ZWNJ, a Cyrillic name spelled only with Latin-looking letters such as ``сосо``).

The data (Script_Extensions and the look-alikes) are tables derived from Unicode's
own files, in :mod:`urikit._whatwg.uts39data`, imported only when a label outside ASCII
is judged.
"""

from __future__ import annotations

import bisect
import functools
import unicodedata
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


@functools.cache
def _tables() -> tuple[tuple[int, ...], tuple[frozenset[str], ...], frozenset[str]]:
    """The Unicode tables, read once, when a label outside ASCII is first judged."""
    from . import uts39data  # kept out of `import urikit`

    scripts = tuple(frozenset(value.split()) for value in uts39data.SCRIPTS)
    return uts39data.STARTS, scripts, frozenset(uts39data.LATIN_LOOKALIKES)


def _scripts(c: str, starts: tuple[int, ...], values: tuple[frozenset[str], ...]
             ) -> frozenset[str]:
    """The Script_Extensions of ``c``; empty for Common and Inherited."""
    return values[bisect.bisect_right(starts, ord(c)) - 1]


@functools.lru_cache(maxsize=4096)
def shows_as_unicode(label: str) -> bool:
    """Whether a U-label (IDNA-valid, in the form UTS 46 maps to) is shown in Unicode
    by the display policy of this module (its docstring states it).

    >>> [shows_as_unicode(x) for x in ("bücher", "日本語", "ελληνικά", "пример")]
    [True, True, True, True]
    >>> [shows_as_unicode(x) for x in ("аррӏе", "раypal", "gοogle", "i❤")]
    [False, False, False, False]
    """
    if label.isascii():
        return True
    starts, values, lookalikes = _tables()
    zero = None  # the zero of the label's digits
    marks = 0
    previous = ""
    sets: set[frozenset[str]] = set()
    latin = all_lookalike = False
    letters = 0
    for c in label:
        if c == "-":
            previous, marks = c, 0
            continue
        category = unicodedata.category(c)
        if category not in _ALLOWED_CATEGORIES or c in _INVISIBLE:
            return False
        if category == "Mn":
            marks += 1
            if c == previous or marks > _MAX_MARKS:
                return False
        else:
            marks = 0
        previous = c
        if category == "Nd":
            digit_zero = ord(c) - unicodedata.decimal(c)
            if zero is None:
                zero = digit_zero
            elif zero != digit_zero:
                return False
        scripts = _scripts(c, starts, values)
        if scripts:
            sets.add(scripts)
            latin = latin or "Latn" in scripts
        if category[0] in "LN":
            letters += 1
            if letters == 1:
                all_lookalike = True
            all_lookalike = all_lookalike and (c in lookalikes or c.isascii())
    if not _one_script(sets):
        return False
    has_lookalike = any(c in lookalikes for c in label)
    return not has_lookalike or not (latin or all_lookalike)


def _one_script(sets: set[frozenset[str]]) -> bool:
    """Whether characters with these Script_Extensions are of one script or of a
    permitted mix."""
    if len(sets) <= 1:
        return True
    if frozenset.intersection(*sets):
        return True
    return any(all(s & mix for s in sets) for mix in _MIXES)


def choose_label(alabel: str, ulabel: str) -> str:
    """``ulabel`` when the policy shows it in Unicode, else ``alabel``."""
    return ulabel if shows_as_unicode(ulabel) else alabel
