"""The RFC 3987 character ranges of the grammar module, against Unicode's own data."""

from __future__ import annotations

import re
import sys
import unicodedata

from urikit._core import grammar as g


def _noncharacter(cp: int) -> bool:
    return 0xFDD0 <= cp <= 0xFDEF or cp & 0xFFFE == 0xFFFE


def _in(ranges: tuple[tuple[int, int], ...]) -> set[int]:
    return {cp for lo, hi in ranges for cp in range(lo, hi + 1)}


def test_ucschar_and_iprivate_match_the_unicode_categories() -> None:
    """Over every code point from U+00A0 up: ``iprivate`` is the private-use
    characters (category Co), and ``ucschar`` every other code point that is not a
    surrogate, a noncharacter, a special (U+FFF0 to U+FFFD) or in U+E0000 to U+E0FFF
    (RFC 3987 §2.2 leaves out the specials and the tags); the character classes built
    from the ranges match the same code points."""
    points = range(0xA0, sys.maxunicode + 1)
    category = {cp: unicodedata.category(chr(cp)) for cp in points}
    assert _in(g.IPRIVATE) == {cp for cp in points if category[cp] == "Co"}
    assert _in(g.UCSCHAR) == {
        cp for cp in points
        if category[cp] not in ("Co", "Cs") and not _noncharacter(cp)
        and not 0xFFF0 <= cp <= 0xFFFD and not 0xE0000 <= cp <= 0xE0FFF}
    text = "".join(chr(cp) for cp in points)
    for ranges in (g.UCSCHAR, g.IPRIVATE):
        matched = {0xA0 + m.start() for m in re.finditer(f"[{g.range_class(ranges)}]", text)}
        assert matched == _in(ranges)
