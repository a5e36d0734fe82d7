"""Host classification and display with the UTS 46 mapping of the WHATWG host parser.

Browsers map a host by UTS 46 before they look for an IPv4 address, and that mapping
drops "ignored" code points that NFKC keeps; display shows IDNA 2008 A-labels.
"""

from __future__ import annotations

import unicodedata
from typing import Final

import idna
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, is_ambiguous_ipv4
from urikit._core import grammar as g
from urikit._core.percent import unquote_octets
from urikit._whatwg.display import display_host
from urikit._whatwg.idna import uts46_map

IGNORED_CODE_POINTS: Final = [
    # each of these is 127.0.0.1 to a browser: UTS 46 drops the invisible code point
    pytest.param("127.0.0.1%C2%AD", id="soft-hyphen-U+00AD"),
    pytest.param("127.0.0.%E2%80%8B1", id="zero-width-space-U+200B"),
    pytest.param("127.0.0.%CD%8F1", id="combining-grapheme-joiner-U+034F"),
    pytest.param("127.0.0.1%EF%B8%80", id="variation-selector-U+FE00"),
]


@pytest.mark.parametrize("host", IGNORED_CODE_POINTS)
def test_ignored_code_points_are_dropped_before_the_ipv4_check(host: str) -> None:
    """A name that UTS 46 maps to a number by dropping an ignored code point is one
    other parsers read as an IPv4 address."""
    assert URI.parse(f"http://{host}/").host == host
    assert is_ambiguous_ipv4(host)


NOT_AMBIGUOUS: Final = [
    # the ignored code point vanishes, but the name still ends in a label
    pytest.param("example%C2%AD.com", id="soft-hyphen-in-name"),
    pytest.param("1.2.3.ex%E2%80%8Bample", id="zero-width-space-in-last-label"),
    # U+FFFD is disallowed by UTS 46: the WHATWG parser fails before any IPv4 check
    pytest.param("127.0.0.1%EF%BF%BD", id="disallowed-code-point"),
]


@pytest.mark.parametrize("host", NOT_AMBIGUOUS)
def test_names_that_stay_names(host: str) -> None:
    """Names whose mapping does not end in a number, or that UTS 46 refuses, are not
    flagged."""
    assert not is_ambiguous_ipv4(host)


DISPLAY: Final = [
    # nontransitional IDNA 2008: "ß" is kept, not mapped to "ss" (its A-label is
    # xn--fa-hia); the label passes the display policy and is shown in Unicode
    pytest.param("fa%C3%9F.de", "faß.de", id="sharp-s"),
    pytest.param("%CF%82.example", "ς.example", id="final-sigma"),
    # UTS 46 lowercases before IDNA
    pytest.param("B%C3%9CCHER.example", "bücher.example", id="uppercase-u-umlaut"),
    # Latin "p" + Cyrillic "а" + Latin "ypal": IDNA 2008 has no mixed-script rule, so
    # the label has an A-label, which the display policy (mixed scripts) shows, and
    # which shows it is not "paypal"
    pytest.param("p%D0%B0ypal.com", "xn--pypal-4ve.com", id="mixed-latin-cyrillic"),
    # labels UTS 46 maps to other plain ASCII stay encoded, never shown as that text
    pytest.param("ex%C2%ADample.com", "ex%C2%ADample.com", id="soft-hyphen"),
    pytest.param("%EF%BD%85xample.com", "%EF%BD%85xample.com", id="full-width-letter"),
    pytest.param("ex%CD%8Fample.com", "ex%CD%8Fample.com", id="grapheme-joiner"),
    # an ideographic full stop inside a label maps to "." and is never shown as one
    pytest.param("a%E3%80%82b.com", "a%E3%80%82b.com", id="ideographic-full-stop"),
    # a symbol UTS 46 allows (and IDNA 2008 does not) has the A-label a browser looks
    # up, which the display policy shows, as to_iri() does
    pytest.param("%E2%98%83.net", "xn--n3h.net", id="symbol-uts46-valid"),
    # labels UTS 46 refuses have no A-label and stay encoded
    pytest.param("%D7%90a.com", "%D7%90a.com", id="bidi-rule"),
    pytest.param("a%E2%80%8Db.com", "a%E2%80%8Db.com", id="joiner-out-of-context"),
    pytest.param("%EF%BF%BD.com", "%EF%BF%BD.com", id="uts46-disallowed"),
    # an ignored code point inside a label that has an A-label: the name a browser
    # looks up (xn--bcher-kva) is shown, in Unicode
    pytest.param("b%C3%BC%C2%ADcher.example", "bücher.example", id="soft-hyphen-in-idn"),
    pytest.param("xn--fa-hia.de", "faß.de", id="a-label-of-sharp-s"),
]


@pytest.mark.parametrize(("host", "shown"), DISPLAY)
def test_display_host_reads_labels_by_uts_46(host: str, shown: str) -> None:
    """display_host shows the names of UTS 46 with the browsers' parameters (in
    Unicode where the display policy allows it, as A-labels where not) and keeps
    every label without one, or whose mapping is plain ASCII, percent-encoded."""
    assert display_host(host) == shown


def test_display_shows_the_nontransitional_name() -> None:
    """display() shows a name with a deviation character as the nontransitional name
    (that of the A-label xn--strae-oqa), never as "strasse"."""
    assert URI.parse("https://stra%C3%9Fe.example/").to_display() == \
        "https://straße.example/"
    assert URI.parse("https://xn--strae-oqa.example/").to_display() == \
        "https://straße.example/"


def _uts46_map_by_pieces(text: str) -> str | None:
    """The UTS 46 mapping as idna's ``uts46_remap`` gives it on the whole text (in
    pieces under its input limit), the reference for ``uts46_map``, which maps each
    distinct code point once; ``None`` too for a code point that the running Python's
    Unicode data does not know (idna's newer table would map what this Python cannot
    check)."""
    if text.isascii():
        return text.lower()
    if any(unicodedata.category(c) == "Cn" for c in text):
        return None
    try:
        mapped = "".join(idna.uts46_remap(text[i:i + 1000], std3_rules=False)
                         for i in range(0, len(text), 1000))
    except UnicodeError:
        return None
    return unicodedata.normalize("NFC", mapped)


# code points that map, are ignored, are disallowed, make dots or digits, combine
_UTS46_CHARS: Final = st.one_of(
    st.sampled_from([*"aZ.-09%", "\u00ad", "\u200b", "\u3002", "\uff0e", "\uff61", "\u2488",
                     "\uff11", "\u0301", "e", "\u00e9", "\u1e9e", "\u00df", "\u2126",
                     "\ufffd", "\u0000", "\u2474", "\u33c6", "\ufb01", "\u0130"]),
    st.characters(codec="utf-8"))


@given(st.text(_UTS46_CHARS, max_size=40))
def test_uts46_map_is_the_whole_texts_mapping(text: str) -> None:
    """Mapping each distinct code point once and translating gives what mapping the
    whole text gives, a disallowed code point anywhere included."""
    assert uts46_map(text) == _uts46_map_by_pieces(text)


@given(st.lists(st.one_of(st.sampled_from(["a", "Z", ".", "-", "~", "!"]),
                          st.binary(min_size=1, max_size=4).map(
                              lambda b: "".join(f"%{o:02X}" for o in b))),
                max_size=12).map("".join))
def test_unquote_octets_decodes_each_triplet_once(wire: str) -> None:
    """Decoding the whole host at once gives the octets that decoding each run of
    triplets gives, and is UTF-8 exactly when each run is."""
    runs = [m.group() for m in g.PCT_RUN_RE.finditer(wire)]
    expected = g.PCT_RUN_RE.sub(lambda m: bytes.fromhex(m.group().replace("%", ""))
                                .decode("latin-1"), wire).encode("latin-1")
    assert unquote_octets(wire) == expected
    each_run_utf8 = True
    for run in runs:
        try:
            bytes.fromhex(run.replace("%", "")).decode("utf-8")
        except UnicodeDecodeError:
            each_run_utf8 = False
    try:
        unquote_octets(wire).decode("utf-8")
        whole_utf8 = True
    except UnicodeDecodeError:
        whole_utf8 = False
    assert whole_utf8 is each_run_utf8
