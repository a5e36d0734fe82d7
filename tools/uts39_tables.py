"""Write src/urikit/_whatwg/uts39data.py: the Unicode tables of the IDN display policy.

    python tools/uts39_tables.py > src/urikit/_whatwg/uts39data.py

Two tables, derived from the Unicode Character Database and from UTS 39 (Unicode
Security Mechanisms) data, which the Unicode License v3 lets anyone redistribute with
its notice (the generated module carries it):

- Script_Extensions (UAX 24) of every code point, as ranges, read from fontTools'
  copy of ScriptExtensions.txt (``fontTools.unicodedata.script_extension``);
- the code points that UTS 46 keeps as they are (so that they can stand in a U-label)
  and whose UTS 39 confusable prototype is one ASCII letter or digit (the look-alikes
  of Latin letters and digits: Cyrillic "а", Greek "ο", Latin "ɑ"; not "æ", whose
  prototype is "ae"), read from
  the confusables data that the ``confusable_homoglyphs`` package ships.

Both packages are in the ``dev`` extra; the library needs neither at run time.
"""

from __future__ import annotations

import json
import sys
from importlib import metadata, resources
from typing import TextIO

import idna
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


def latin_lookalikes() -> str:
    """The code points outside ASCII, kept by UTS 46, whose confusable prototype is
    one ASCII letter or digit."""
    data = json.loads(resources.files("confusable_homoglyphs")
                      .joinpath("confusables.json").read_text(encoding="utf-8"))
    found = set()
    for char, entries in data.items():
        if len(char) != 1 or char.isascii() or not _kept_by_uts46(char):
            continue
        for entry in entries:
            target = entry["c"]
            if len(target) == 1 and target.isascii() and target.isalnum():
                found.add(char)
    return "".join(sorted(found))


def _items(out: TextIO, items: list[str]) -> None:
    """The items, as many on a line as fit in 96 characters."""
    line = "   "
    for item in items:
        if len(line) + 1 + len(item) > 96 and line.strip():
            out.write(line + "\n")
            line = "   "
        line += " " + item
    out.write(line + "\n")


def main() -> None:
    ranges = script_ranges()
    lookalikes = latin_lookalikes()
    out = sys.stdout
    out.write('"""Unicode data for the IDN display policy (generated: do not edit).\n\n'
              "Written by tools/uts39_tables.py from Script_Extensions (UAX 24) as fontTools "
              f"{metadata.version('fonttools')}\nships it, and from the UTS 39 confusables as "
              f"confusable_homoglyphs {metadata.version('confusable_homoglyphs')} ships them.\n"
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
    out.write(")\n\n")
    out.write("#: The code points that look like an ASCII letter or digit (their confusable\n"
              "#: prototype is one), as \\u escapes.\n")
    out.write("LATIN_LOOKALIKES: Final = (\n")
    escaped = [f"\\u{ord(c):04x}" if ord(c) <= 0xFFFF else f"\\U{ord(c):08x}" for c in lookalikes]
    for i in range(0, len(escaped), 12):
        out.write('    "' + "".join(escaped[i:i + 12]) + '"\n')
    out.write(")\n")


if __name__ == "__main__":
    main()
