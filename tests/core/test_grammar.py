"""The grammar module: its two forms, and the RFC 3987 ranges against Unicode's data.

With possessive quantifiers (Python 3.11 and later) and without (3.10, which has none)
the patterns admit the same text and split it the same way.

The form this Python does not use is built by running ``grammar.py`` again with its
quantifier suffix ``_P`` set to the other value, so the comparison covers every
pattern the module builds, as it builds them. On 3.10 only the plain form compiles,
and the whole suite exercises it there.
"""

from __future__ import annotations

import re
import sys
import types
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import is_valid
from urikit import strategies as us
from urikit._core import grammar

# the module's source, beside it also in the compiled build (whose file is the extension)
SOURCE = (Path(grammar.__file__).parent / "grammar.py").read_text(encoding="utf-8")
SUFFIX_LINE = '_P: Final = "+" if sys.version_info >= (3, 11) else ""'

#: The compiled patterns the module exports, by name.
def _patterns(module: types.ModuleType) -> list[str]:
    """The names of a grammar module's patterns, compiled or compiled on first use."""
    return sorted(name for name, value in vars(module).items() if name.endswith("_RE")
                  and isinstance(value, (re.Pattern, grammar.LazyPattern, module.LazyPattern)))


PATTERNS = _patterns(grammar)


def _grammar_with(suffix: str) -> types.ModuleType:
    """grammar.py run again with ``_P`` set to ``suffix``."""
    assert SOURCE.count(SUFFIX_LINE) == 1
    module = types.ModuleType("urikit._core.grammar_variant")
    module.__dict__["__name__"] = "urikit._core.grammar_variant"
    exec(compile(SOURCE.replace(SUFFIX_LINE, f"_P: Final = {suffix!r}"), grammar.__file__,
                 "exec"), module.__dict__)
    return module


PLAIN = _grammar_with("")


def test_the_running_form() -> None:
    """3.11 and later use possessive runs; 3.10 the plain ones."""
    possessive = sys.version_info >= (3, 11)
    assert (grammar._P == "+") is possessive
    assert ("]*+" in grammar.URI_REFERENCE_RE.pattern) is possessive
    assert "]*+" not in PLAIN.URI_REFERENCE_RE.pattern
    assert _patterns(PLAIN) == PATTERNS


#: Text near the grammar: its characters, stray and partial "%" triplets, brackets,
#: a space, a non-ASCII letter and a NUL.
NEAR_TEXT = st.lists(st.sampled_from(
    [*sorted(grammar.RESERVED | grammar.UNRESERVED),
     "%", "%4", "%41", "%zz", "[", "]", "::", " ", "\u00e9", "\x00", "25", "v1."]
), max_size=30).map("".join)


@settings(max_examples=examples(600))
@given(st.one_of(NEAR_TEXT, us.uri_references()))
def test_forms_match_the_same_text(text: str) -> None:
    """Every exported pattern gives the same full match, group for group, in both
    forms (600 generated texts: valid references and near-misses)."""
    for name in PATTERNS:
        ours, plain = getattr(grammar, name), getattr(PLAIN, name)
        a, b = ours.fullmatch(text), plain.fullmatch(text)
        assert (a is None) == (b is None), name
        if a is not None and b is not None:
            assert a.groups() == b.groups(), name
        a, b = ours.match(text), plain.match(text)
        assert (a and a.span()) == (b and b.span()), name


@pytest.mark.parametrize("name", PATTERNS)
def test_forms_agree_on_long_runs(name: str) -> None:
    """A long run of valid triplets, then a character that ends the match, gives the
    same prefix match in both forms."""
    text = "%41" * 2000 + "a" * 2000 + " "
    ours, plain = getattr(grammar, name), getattr(PLAIN, name)
    a, b = ours.match(text), plain.match(text)
    assert (a and a.span()) == (b and b.span())


# --- the RFC 3987 ranges ----------------------------------------------------------------


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
    assert _in(grammar.IPRIVATE) == {cp for cp in points if category[cp] == "Co"}
    assert _in(grammar.UCSCHAR) == {
        cp for cp in points
        if category[cp] not in ("Co", "Cs") and not _noncharacter(cp)
        and not 0xFFF0 <= cp <= 0xFFFD and not 0xE0000 <= cp <= 0xE0FFF}
    text = "".join(chr(cp) for cp in points)
    for ranges in (grammar.UCSCHAR, grammar.IPRIVATE):
        matched = {0xA0 + m.start() for m in re.finditer(f"[{grammar.range_class(ranges)}]", text)}
        assert matched == _in(ranges)


# --- IPv6address -------------------------------------------------------------------------


def _rfc_ipv6_forms() -> str:
    """The IPv6address rule of RFC 3986 §3.2.2 transcribed as written: nine
    alternatives, ``ls32`` in seven of them (the grammar writes it once)."""
    h16, ls32 = grammar.H16, grammar.LS32
    forms = [f"(?:{h16}:){{6}}{ls32}", f"::(?:{h16}:){{5}}{ls32}"]
    tails = [f"(?:{h16}:){{4}}{ls32}", f"(?:{h16}:){{3}}{ls32}", f"(?:{h16}:){{2}}{ls32}",
             f"{h16}:{ls32}", ls32, h16, ""]
    for n, tail in enumerate(tails):
        head = f"(?:(?:{h16}:){{0,{n}}}{h16})?" if n else f"(?:{h16})?"
        forms.append(f"{head}::{tail}")
    return "(?:" + "|".join(forms) + ")"


RFC_IPV6 = re.compile(_rfc_ipv6_forms())

_PIECE = st.one_of(st.text("0123456789abcdefABCDEF", max_size=5),
                   st.lists(st.text("0123456789", min_size=1, max_size=4), min_size=1,
                            max_size=5).map(".".join))


@st.composite
def _ipv6_like(draw: st.DrawFn) -> str:
    """Text shaped like an IPv6 address, valid or just off: up to ten pieces (hex, or
    dotted decimal anywhere), with "::" anywhere or nowhere."""
    pieces = draw(st.lists(_PIECE, max_size=10))
    text = ":".join(pieces)
    if draw(st.booleans()):
        cut = draw(st.integers(0, len(pieces)))
        text = ":".join(pieces[:cut]) + "::" + ":".join(pieces[cut:])
    return text


@settings(max_examples=examples(2000))
@given(_ipv6_like() | us.ipv6_addresses() | st.text("0123456789aF:.", max_size=40))
def test_ipv6_pattern_is_the_rfcs_nine_alternatives(text: str) -> None:
    """The grammar's IPv6address, its ``ls32`` factored out, admits exactly the text
    that the RFC's nine alternatives admit, and so does an IP-literal in a URI."""
    expected = RFC_IPV6.fullmatch(text) is not None
    assert (grammar.IPV6ADDRESS_RE.fullmatch(text) is not None) == expected
    assert (grammar.URI_REFERENCE_RE.fullmatch(f"//[{text}]") is not None) == expected


@pytest.mark.parametrize(("text", "valid"), [
    ("::", True), ("::1", True), ("1::", True), ("1:2:3:4:5:6:7:8", True),
    ("1:2:3:4:5:6:1.2.3.4", True), ("::ffff:1.2.3.4", True), ("1:2:3:4:5:6:7::", True),
    ("1::2:3:4:5:6:7", True), ("1:2:3:4:5::1.2.3.4", True),
    ("1:2:3:4:5:6:7:8:9", False), ("1:2:3:4:5:6:7", False), ("1::2::3", False),
    ("1:2:3:4:5:6:7:1.2.3.4", False), ("::1.2.3.4:1", False), ("1:2:3:4:5:6::1.2.3.4", False),
    ("12345::", False), ("::01.2.3.4", False), (":1::", False),
])
def test_ipv6_pattern_edges(text: str, valid: bool) -> None:
    assert (grammar.IPV6ADDRESS_RE.fullmatch(text) is not None) is valid
    assert (RFC_IPV6.fullmatch(text) is not None) is valid


@given(st.lists(st.sampled_from(["a", "Z", "9", "-", "~", "%", "25", "4", "g", "%41", ":",
                                 "]", " "]), max_size=10).map("".join))
def test_the_unrolled_zone_identifier_is_rfc_6874s(zone: str) -> None:
    """The zone identifier of an IP literal (unrolled, so that a megabyte of it reads in
    linear time) accepts what RFC 6874's ``ZoneID = 1*( unreserved / pct-encoded )``
    transcribed as written accepts."""
    rfc_6874 = re.compile(f"(?:[{grammar.char_class(grammar.ZONE_ID)}]|{grammar.PCT_ENCODED})+")
    text = f"http://[fe80::1%25{zone}]/"
    assert is_valid(text, allow_zone_id=True) is (rfc_6874.fullmatch(zone) is not None)
