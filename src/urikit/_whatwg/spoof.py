"""Which internationalized labels are shown in Unicode: the spoof-resistant display policy.

``URI.to_iri()`` and ``URI.to_display()`` show a host label as its U-label (``bücher``)
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

8. **Hyphens where IDNA 2008 allows them** (UTS 46 CheckHyphens, which the browsers'
   reading skips): no ``-`` first, last, or third and fourth (``ру--авто``).
9. **Identifier_Status=Allowed** (UTS 39 §3.1, Chromium's allowed set): no character
   of a limited-use, excluded, obsolete, technical or uncommon type (Yi, Mongolian,
   Miao, Coptic, Old Italic, Canadian Syllabics, Hangul Jamo, Hebrew points, small
   Katakana extensions, ``ǃ``), less what Chromium takes out as well (kra ``ĸ``, the
   modifier letters ``ʻ``, ``ʼ``, ``ˬ``, Pinyin, Latin Extended Additional but for
   Vietnamese, Greek Extended, Cyrillic Extended-B and -C, Latin Extended-D), with
   Bopomofo and the Kana voiced sound marks kept (judged by rule 13).
10. **Letters of one country** (Chromium's TLD-specific characters): ``þ`` and ``ð``
    only under ``.is``, ``ə`` only under ``.az``; the middle dot ``·`` only in
    ``l·l`` under ``.cat``.
11. **Latin outside ASCII stays among Latin**: with another script (the permitted
    mixes), Latin letters are ASCII (``café카페`` is refused, ``ab日本`` is not).
12. **No whole-script confusable on Chromium's sets**: a label whose letters of one
    script are all look-alikes of Latin ones in that script (Cyrillic ``ыос``, Greek
    ``ικα``, Hebrew ``חסד``, Thai ``พบเ๐``, Lao ``ພຣບ``, Armenian, Georgian, Ethiopic,
    Myanmar and nine Indic scripts) is shown only under a top-level label of that
    script or of its countries (``.ru``, ``.gr``, ``.il``, ``.th``, ...).
13. **None of Chromium's dangerous patterns**, on a label of more than one script or
    with a Kana exception or a combining diacritic: Katakana ``ノ``, ``ン``, ``ソ``,
    ``ゾ`` and Han ``丶``, ``乀``, ``乁``, ``丿`` between letters outside Han and Kana
    (slashes); Han and Bopomofo look-alikes of Latin letters (``一``, ``ㄧ``, ``丨``,
    ``十``, ``丁``, ...) beside another script; ``ヽ``, ``ヾ`` not after Katakana;
    ``ー`` not after Kana; ``・`` beside another script; Hiragana ``へ`` among
    Katakana (and the reverse); a Kana voiced sound mark not after Kana; a combining
    diacritic (U+0300-U+0339) after a letter outside Latin, Greek and Cyrillic
    (``한̇글``).

Labels in ASCII are shown as they are. A label that fails is shown as its A-label, so
the name the reader sees is the name the URI holds. The cost of erring safe: a few
real names show as A-labels (a Turkish name with a dotless "ı" or "İ", a Persian name
with a ZWNJ, a Cyrillic name spelled only with Latin-looking letters such as ``сосо``
under ``.com``, a Chinese name with "一" beside Latin letters). What the browsers also
do and urikit does not: compare the skeleton with a list of popular domains; and
Chromium keeps ``ß`` and ``ς`` labels given as A-labels as A-labels, where urikit,
reading nontransitionally as the WHATWG URL standard does, shows ``straße``.

The data (Script_Extensions, Identifier_Status and the look-alikes) are tables derived
from Unicode's own files, in :mod:`urikit._whatwg.uts39data`, imported only when a
label outside ASCII is judged; Chromium's sets and lists are in this module.
"""

from __future__ import annotations

import bisect
import functools
import re
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
# Chromium's SetAllowedUnicodeSet: the characters of Identifier_Status=Allowed it takes
# out (NV8 hyphens and quotes, the modifier letters turned comma, apostrophe and
# voicing, Latin kra, the long solidus overlay) and the rarely used blocks it takes out
# (Pinyin in Latin Extended-B, Cyrillic Extended-C, Latin Extended Additional but for
# Vietnamese, Greek Extended, Cyrillic Extended-B, Latin Extended-D).
_NOT_ALLOWED: Final = frozenset("\u0338\u058a\u2010\u2019\u2027\u30a0\u02bb\u02bc\u02ec\u0138")
_NOT_ALLOWED_RANGES: Final = ((0x01CD, 0x01DC), (0x1C80, 0x1C8F), (0x1E00, 0x1E9B),
                              (0x1F00, 0x1FFF), (0xA640, 0xA69F), (0xA720, 0xA7FF))
# Bopomofo (and its extension), Allowed in the UTS 39 data of Chromium's ICU and
# Limited_Use in Unicode 17's: Chinese names written with it are shown (Chromium's
# "Han + Bopomofo" logical script), its look-alikes of Latin letters are caught by the
# dangerous patterns below.
_ALSO_ALLOWED: Final = ((0x3105, 0x312F), (0x31A0, 0x31BF))
# Kana voiced sound marks: shown only after Hiragana or Katakana (Chromium: "Disallow
# combining Kana voiced sound marks" next to other scripts).
_KANA_VOICING: Final = frozenset("\u3099\u309a")
# Chromium's kTLDSpecificCharacters: letters shown only under one country's top-level
# label (Icelandic thorn and eth read as "b", "p" and "o"; the schwa of Azerbaijani).
_TLD_LETTERS: Final = {"\u00fe": "is", "\u00f0": "is", "\u0259": "az"}
_MIDDLE_DOT: Final = "\u00b7"  # Chromium's HasUnsafeMiddleDot: only in "l·l" under .cat
_KATAKANA_MIDDLE_DOT: Final = "\u30fb"  # "・": not beside a letter outside Han and Kana
# Punctuation rule 1 lets through: the hyphen, and "・" (the dangerous patterns judge
# it with its neighbours). The Hebrew gershayim "״", which Chromium shows among Hebrew
# letters, is refused, as Firefox refuses it.
_JUDGED_LATER: Final = frozenset(("-", _KATAKANA_MIDDLE_DOT))
# Chromium's whole-script confusables (IsLabelWholeScriptConfusableForScript): per
# script, the letters that look like Latin ones, and the ASCII country-code top-level
# labels under which a label of only those is expected; Lao is urikit's, after the Lao
# cases of Chromium's table. A label whose letters of the script are all in the set is
# shown only under such a label or a top-level label of that script.
_WHOLE_SCRIPT: Final = {
    "Armn": ("ագզէլհյոսւօՙ", ("am",)),
    "Cyrl": ("аысԁеԍһіюјӏорԗԛѕԝхуъьҽпгѵѡӕԥ",  # and urikit's "ӕ", "ԥ" ("æ", "n")
             ("bg", "by", "kz", "pyc", "ru", "su", "ua", "uz")),
    "Ethi": ("ሀሠሰስበነተከዐዕዘጠፐꬅ", ("er", "et")),
    "Geor": ("იოყძხჽჿ", ("ge",)),
    "Grek": ("αικνρυωηοτ", ("gr",)),
    "Hebr": ("דוחיןסװײ׳ﬦ", ("il",)),
    "Beng": ("০৭", ()),
    "Deva": ("ऽ०ॱ", ()),
    "Gujr": ("ડટ૦૧", ()),
    "Guru": ("੦੧", ()),
    "Knda": ("ಽ೦೧", ()),
    "Mlym": ("ടഠധനറ൦", ()),
    "Orya": ("ଠ୦୮", ()),
    "Taml": ("டப௦", ()),
    "Telu": ("౦౧", ()),
    "Mymr": ("ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", ("mm",)),
    "Thai": ("กทนบพรหเแ๐ดลปฟม", ("th",)),  # and urikit's "ก" ("n": "ก11")
    "Laoo": ("ພຟຣບຮ໐", ("la",)),
}
# The scripts of Japanese, Chinese and Korean writing (Chromium's "CJK" in its
# dangerous patterns).
_CJK: Final = frozenset({"Hani", "Hira", "Kana", "Bopo"})
_NO_SCRIPT: Final[frozenset[str]] = frozenset()  # before the first, after the last
# Chromium's kDangerousPattern, its parts on single characters:
# Katakana "ノ", "ン", "ソ", "ゾ" and Han "丶", "乀", "乁", "丿" read as slashes between
# two characters outside Han and Kana;
_SLASHES: Final = frozenset("\u30ce\u30f3\u30bd\u30be\u4e36\u4e40\u4e41\u4e3f")
# Han and Bopomofo that read as Latin letters or punctuation beside a character outside
# Han, Kana and Bopomofo ("一", "ㄧ", "丨", "十", "工", "丁", ...);
_CJK_LOOKALIKES: Final = frozenset(
    "\u4e00\u3127\u4e28\u4e5b\u4e03\u4e05\u5341\u3007\u3112\u311a\u311f\u3128"
    "\u3129\u3108\u31ba\u31b3\u5de5\u31b2\u8ba0\u4e01"
    # urikit's: "丆" reads as "T", "乂" as "x" (Chromium's table hides "丆est",
    # "cy乂e" beside Latin through its list of top domains)
    "\u4e06\u4e42")
_ITERATION_MARKS: Final = frozenset("\u30fd\u30fe")  # "ヽ", "ヾ": only after Katakana
_PROLONGED: Final = "\u30fc"  # "ー": only after Hiragana or Katakana
# Hiragana "へ", "べ", "ぺ" and Katakana "ヘ", "ベ", "ペ" look alike: one of them in a
# label otherwise of the other script passes for it.
_HIRAGANA_HE: Final = frozenset("\u3078\u3079\u307a")
_KATAKANA_HE: Final = frozenset("\u30d8\u30d9\u30da")
# Chromium's kana_letters_exceptions_: these send a one-script label to the patterns.
_KANA_EXCEPTIONS: Final = _HIRAGANA_HE | _KATAKANA_HE | frozenset("\u30fb\u30fc\u30fd\u30fe")
_CJK_MIXES: Final = (frozenset({"Hani", "Hira", "Kana"}), frozenset({"Hani", "Bopo"}),
                     frozenset({"Hani", "Hang"}))
# Combining diacritical marks U+0300-U+0339: only after Latin, Greek or Cyrillic.
_LGC: Final = frozenset({"Latn", "Grek", "Cyrl"})
_DIACRITICS: Final = (0x0300, 0x0339)
_DIACRITICS_RE: Final = re.compile("[\u0300-\u0339]")


class _Tables:
    """The Unicode tables of the policy, read from :mod:`urikit._whatwg.uts39data`."""

    __slots__ = ("allowed", "digit", "latin", "scripts", "separator", "starts", "whole")

    def __init__(self) -> None:
        from . import uts39data  # kept out of `import urikit`

        self.starts = uts39data.STARTS
        self.scripts = tuple(frozenset(value.split()) for value in uts39data.SCRIPTS)
        self.latin = frozenset(uts39data.LATIN_LOOKALIKES)
        self.whole = frozenset(uts39data.WHOLE_SCRIPT_LOOKALIKES)
        self.digit = frozenset(uts39data.DIGIT_LOOKALIKES)
        self.separator = frozenset(uts39data.SEPARATOR_LOOKALIKES)
        removed = [*_NOT_ALLOWED_RANGES, *((ord(c), ord(c)) for c in _NOT_ALLOWED)]
        added = [*_ALSO_ALLOWED, *((ord(c), ord(c)) for c in _KANA_VOICING)]
        self.allowed = _edit_ranges(uts39data.ALLOWED_BOUNDS, removed, added)

    def is_allowed(self, c: str) -> bool:
        """Whether ``c`` has Identifier_Status=Allowed (UTS 39 §3.1) as the policy
        edits it: less the characters Chromium takes out, with Bopomofo and the Kana
        voiced sound marks (judged with their neighbours) added."""
        return bisect.bisect_right(self.allowed, ord(c)) % 2 == 1

    def scripts_of(self, c: str) -> frozenset[str]:
        """The Script_Extensions of ``c``; empty for Common and Inherited."""
        return self.scripts[bisect.bisect_right(self.starts, ord(c)) - 1]


def _edit_ranges(bounds: Sequence[int], removed: Sequence[tuple[int, int]],
                 added: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """Range boundaries (first, one after the last, ...) less the ``removed`` ranges
    and with the ``added`` ones (both as first and last code points)."""
    ranges = list(zip(bounds[::2], bounds[1::2], strict=True))
    for lo, hi in removed:
        kept: list[tuple[int, int]] = []
        for a, b in ranges:
            if b <= lo or a > hi:
                kept.append((a, b))
                continue
            if a < lo:
                kept.append((a, lo))
            if hi + 1 < b:
                kept.append((hi + 1, b))
        ranges = kept
    ranges += ((lo, hi + 1) for lo, hi in added)
    ranges.sort()
    merged: list[list[int]] = []
    for a, b in ranges:
        if merged and a <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    return tuple(x for pair in merged for x in pair)


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
    ``tld`` is the name's last label (its U-label when it has one), which rules 7,
    10 and 12 ask.

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
    for i, c in enumerate(label):
        if c == _MIDDLE_DOT:  # Chromium's HasUnsafeMiddleDot: Catalan "l·l" only
            if tld == "cat" and 0 < i < len(label) - 1 \
                    and label[i - 1] == label[i + 1] == "l":
                continue
            return 'a middle dot outside "l·l" under .cat'
        if c not in _JUDGED_LATER \
                and (unicodedata.category(c) not in _ALLOWED_CATEGORIES or c in _INVISIBLE):
            return "a character other than a letter, mark or digit"
    # UTS 46 CheckHyphens, which IDNA 2008 asks and the browsers' reading (and so
    # urikit's) skips: Chromium shows such a label as its A-label ("ру--авто").
    if label[2:4] == "--" or label[:1] == "-" or label[-1:] == "-":
        return "a hyphen at the start, the end, or third and fourth"
    problem = _marks_problem(unicodedata.normalize("NFD", label))
    if problem is not None:
        return problem
    zero = None  # the zero of the label's digits
    sets: set[frozenset[str]] = set()
    latin = False  # a Latin letter (ASCII or not)
    non_ascii_latin = other_script = False
    foreign_whole = False  # a character outside Latin among the whole-script look-alikes
    all_whole = all_digit = True
    scx = [t.scripts_of(c) for c in label]  # Script_Extensions, one lookup a character
    for c, scripts in zip(label, scx, strict=True):
        if c == "-":
            continue
        category = unicodedata.category(c)
        if category == "Nd":
            digit_zero = ord(c) - unicodedata.decimal(c)
            if zero is None:
                zero = digit_zero
            elif zero != digit_zero:
                return "digits of two numbering systems"
        if scripts:
            sets.add(scripts)
            other_script = other_script or "Latn" not in scripts
        if "Latn" in scripts and category[0] == "L":
            latin = True
            non_ascii_latin = non_ascii_latin or not c.isascii()
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
    # Chromium's kDigitLookalikes: digits and at least one look-alike of an ASCII
    # digit ("1շ", "੨੨੨"; "۰" alone, whose skeleton is ".", is shown)
    if all_digit and any(c in t.digit for c in label):
        return "only digits and look-alikes of digits"
    if latin:
        if any(c in t.latin and _TLD_LETTERS.get(c) != tld for c in label):
            return "a look-alike of a Latin letter beside Latin letters"
        if any(c in t.separator and _beside_non_cjk(scx, i)
               for i, c in enumerate(label)):
            return "a look-alike of a separator beside Latin letters"
        if all_whole:
            return "only look-alikes of ASCII letters and digits"
    elif all_whole and foreign_whole and not _same_script(sets, tld, t):
        return "only look-alikes of ASCII letters and digits"
    # UTS 39 §3.1 Identifier_Status=Allowed, as Chromium's SetAllowedUnicodeSet has it:
    # limited-use, excluded, obsolete, technical and uncommon characters (Yi,
    # Mongolian, Coptic, Hangul Jamo, Hebrew points, "ǃ", "ĸ", "ʻ") are refused.
    allowed = t.allowed
    if any(bisect.bisect_right(allowed, ord(c)) % 2 == 0 for c in label):
        return "a character outside Identifier_Status=Allowed"
    # Chromium's kTLDSpecificCharacters: "þ", "ð" only under .is, "ə" only under .az.
    if len(label) > 1 and not _TLD_LETTERS.keys().isdisjoint(label) \
            and any(_TLD_LETTERS.get(c, tld) != tld for c in label):
        return "a letter shown only under one country's top-level label"
    # Chromium's kNonAsciiLatinCharMixedWithNonLatin (highly restrictive, with Latin
    # limited to ASCII beside another script): "café카페" is refused, "ab日本" is not.
    if non_ascii_latin and other_script:
        return "a Latin letter outside ASCII beside another script"
    problem = _whole_script_problem(label, scx, tld, t)
    if problem is not None:
        return problem
    # Chromium checks its dangerous patterns on a label of more than one script (the
    # CJK mixes count as one), or with a Kana exception or a combining diacritic.
    if _one_logical_script(sets) and _KANA_EXCEPTIONS.isdisjoint(label) \
            and _DIACRITICS_RE.search(label) is None:
        return None
    return _dangerous_pattern(label, scx)


def _beside_non_cjk(scx: list[frozenset[str]], i: int) -> bool:
    """Whether the ``i``-th character of a label whose Script_Extensions are ``scx``
    has a neighbour outside Han, Hiragana, Katakana and Bopomofo (a Latin letter, a
    digit, ``-``)."""
    return any(0 <= j < len(scx) and not scx[j] & _CJK for j in (i - 1, i + 1))


def _whole_script_problem(label: str, scx: list[frozenset[str]], tld: str,
                          t: _Tables) -> str | None:
    """Chromium's kWholeScriptConfusable on its per-script sets (:data:`_WHOLE_SCRIPT`):
    the letters of a script in the label are all look-alikes of Latin ones, and the
    top-level label is neither of that script nor one of its countries'."""
    for script in _NO_SCRIPT.union(*scx).intersection(_WHOLE_SCRIPT):
        lookalikes, tlds = _WHOLE_SCRIPT[script]
        if all(c in lookalikes for c, s in zip(label, scx, strict=True) if script in s) \
                and tld not in tlds and not any(script in t.scripts_of(c) for c in tld):
            return "only look-alikes of Latin letters in its script"
    return None


def _dangerous_pattern(label: str, scx: list[frozenset[str]]) -> str | None:
    """Chromium's kDangerousPattern, character by character with its neighbours."""
    last = len(label) - 1
    for i, c in enumerate(label):
        before = scx[i - 1] if i else _NO_SCRIPT
        after = scx[i + 1] if i < last else _NO_SCRIPT
        if c in _SLASHES and 0 < i < last and not before & _CJK and not after & _CJK:
            return "a look-alike of a slash between letters outside Han and Kana"
        if (c in _CJK_LOOKALIKES or c == _KATAKANA_MIDDLE_DOT) \
                and _beside_non_cjk(scx, i):
            return "a Han, Bopomofo or Kana look-alike beside another script"
        if c in _KANA_VOICING and not before & {"Hira", "Kana"}:
            return "a Kana voiced sound mark not after Kana"
        if c in _ITERATION_MARKS and "Kana" not in before:
            return "a Kana iteration mark not after Katakana"
        if c == _PROLONGED and not before & {"Hira", "Kana"}:
            return "a prolonged sound mark not after Kana"
        if 0 < i < last and (
                (c in _HIRAGANA_HE and all("Kana" in s for s in scx[:i] + scx[i + 1:]))
                or (c in _KATAKANA_HE
                    and all("Hira" in s for s in scx[:i] + scx[i + 1:]))):
            return "a Hiragana or Katakana he among letters of the other"
        if _DIACRITICS[0] <= ord(c) <= _DIACRITICS[1] and i and not before & _LGC:
            return "a combining diacritic after a letter outside Latin, Greek, Cyrillic"
    return None


def _same_script(sets: set[frozenset[str]], tld: str, t: _Tables) -> bool:
    """Whether the letters of ``tld`` are of a script every character of the label
    has, or ``tld`` is an ASCII country-code label of such a script's countries
    (:data:`_WHOLE_SCRIPT`)."""
    if tld.isascii():
        expected = {script for script, (_, tlds) in _WHOLE_SCRIPT.items() if tld in tlds}
        return bool(expected) and all(s & expected for s in sets)
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


def _one_logical_script(sets: set[frozenset[str]]) -> bool:
    """Whether characters with these Script_Extensions are of one script, or of Han
    and Kana (Japanese), Han and Bopomofo (Chinese) or Han and Hangul (Korean):
    Chromium's single-script restrictive level."""
    if len(sets) <= 1 or next(iter(sets)).intersection(*sets):
        return True
    return any(all(s & mix for s in sets) for mix in _CJK_MIXES)


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
    tld = next((a if u is None else u
                for a, u in zip(reversed(alabels), reversed(ulabels), strict=True) if a), "")
    return ".".join(a if u is None else choose_label(a, u, tld)
                    for a, u in zip(alabels, ulabels, strict=True))
