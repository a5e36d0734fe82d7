"""The spoof-resistant display policy (urikit._whatwg.spoof): known spoofs show as A-labels,
real names in many scripts show in Unicode, through to_iri() and display() alike."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from typing import Final

import idna
import pytest

from urikit import URI, host_to_ascii
from urikit._whatwg import uts39data
from urikit._whatwg.spoof import shows_as_unicode

# Names a reader could take for another: each label is shown as its A-label.
SPOOFS: Final = [
    pytest.param("аррӏе", id="apple-all-cyrillic"),  # xn--80ak6aa92e: whole-script
    pytest.param("раypal", id="paypal-cyrillic-latin-mix"),
    pytest.param("gοogle", id="google-greek-omicron"),
    pytest.param("аpple", id="apple-cyrillic-a"),
    pytest.param("ѕсоре", id="scope-all-cyrillic"),
    pytest.param("сосо", id="coco-all-cyrillic"),
    pytest.param("ԁоѕ", id="dos-cyrillic-komi-de"),
    pytest.param("οο", id="oo-greek"),
    pytest.param("ɑpple", id="latin-alpha"),  # one script (Latin), a look-alike letter
    pytest.param("goog1е", id="digit-and-cyrillic"),
    pytest.param("օօ", id="armenian-o"),
    pytest.param("ab١٢", id="ascii-and-arabic-indic-digits-in-latin"),
    pytest.param("١2", id="two-digit-sets"),
    pytest.param("abα日本", id="greek-in-japanese-mix"),
    pytest.param("abc한국ひら", id="hangul-and-hiragana"),
    pytest.param("i❤", id="symbol"),
    pytest.param("☃", id="snowman"),
    pytest.param("a\u200db", id="zero-width-joiner"),
    pytest.param("a\u0301\u0301", id="repeated-mark"),
    pytest.param("ᅟa", id="hangul-filler"),
]

# Real names: each label is shown in Unicode.
LEGITIMATE: Final = [
    pytest.param("bücher", id="german"),
    pytest.param("straße", id="german-sharp-s"),
    pytest.param("日本語", id="japanese-han"),
    pytest.param("ひらがなカタカナ漢字", id="japanese-mix"),
    pytest.param("ab日本", id="latin-han"),
    pytest.param("abcカタカナ", id="latin-katakana"),
    pytest.param("中文ㄅㄆ", id="han-bopomofo"),
    pytest.param("한국어", id="korean"),
    pytest.param("ab한국", id="latin-hangul"),
    pytest.param("ελληνικά", id="greek"),
    pytest.param("παράδειγμα", id="greek-example"),
    pytest.param("العربية", id="arabic"),
    pytest.param("مثال١٢", id="arabic-with-its-digits"),
    pytest.param("пример", id="russian-example"),
    pytest.param("москва", id="moscow"),
    pytest.param("рф", id="cyrillic-tld"),
    pytest.param("עברית", id="hebrew"),
    pytest.param("ไทย", id="thai"),
    pytest.param("उदाहरण", id="devanagari"),
    pytest.param("münchen-2024", id="latin-digits-hyphen"),
    pytest.param("français", id="french"),
    pytest.param("ævintýri", id="icelandic-ae"),
]


@pytest.mark.parametrize("label", SPOOFS)
def test_spoofs_show_as_a_labels(label: str) -> None:
    """A spoof is refused by the policy, and to_iri() and display() show its A-label."""
    assert not shows_as_unicode(label)
    alabel = idna.alabel(label).decode() if _idna2008(label) else None
    if alabel is None:  # no IDNA 2008 name (a symbol, ZWJ out of context): policy only
        return
    uri = URI.parse(f"https://{alabel}.example/")
    assert uri.to_iri() == f"https://{alabel}.example/"
    assert uri.to_display() == f"https://{alabel}.example/"
    # the percent-encoded UTF-8 form is shown as the same A-label
    encoded = URI.from_iri(f"https://x.{label}/").components[2]
    assert encoded == f"x.{alabel}"


@pytest.mark.parametrize("label", LEGITIMATE)
def test_real_names_show_in_unicode(label: str) -> None:
    """A real name passes the policy: to_iri() and display() show it in Unicode."""
    assert shows_as_unicode(label)
    alabel = host_to_ascii(label)
    uri = URI.parse(f"https://{alabel}.example/")
    assert uri.to_iri() == f"https://{label}.example/"
    assert uri.to_display() == f"https://{label}.example/"


def test_labels_are_judged_one_by_one() -> None:
    """Each label is judged on its own: a spoof beside a real name shows as an A-label
    and the real name in Unicode."""
    uri = URI.parse("https://xn--80ak6aa92e.xn--e1afmkfd.com/")
    assert uri.to_iri() == "https://xn--80ak6aa92e.пример.com/"
    assert uri.to_display() == "https://xn--80ak6aa92e.пример.com/"
    assert URI.parse("http://%D0%B0pple.b%C3%BCcher.de/").to_display() == \
        "http://xn--pple-43d.bücher.de/"


def _idna2008(label: str) -> bool:
    try:
        idna.alabel(label)
    except idna.IDNAError:
        return False
    return True


def test_every_lookalike_reads_as_an_ascii_letter_or_digit() -> None:
    """The generated table: each look-alike is a single code point outside ASCII that
    UTS 46 keeps, and the Cyrillic letters of "аррӏе" are among them while the letters
    of "пример" that make it Cyrillic are not."""
    lookalikes = set(uts39data.LATIN_LOOKALIKES)
    assert all(not c.isascii() for c in lookalikes)
    assert set("аррӏе") <= lookalikes
    assert not set("пимк") & lookalikes
    assert len(uts39data.STARTS) == len(uts39data.SCRIPTS)
    assert list(uts39data.STARTS) == sorted(set(uts39data.STARTS))
    assert uts39data.STARTS[0] == 0


def test_identifier_status_table_is_ranges() -> None:
    """The generated Identifier_Status table (UTS 39 §3.1): strictly increasing range
    boundaries, in pairs, that hold ASCII letters, digits and "-" and the letters of
    living scripts, and none of the limited-use scripts Yi and Mongolian."""
    from urikit._whatwg.spoof import _tables

    bounds = uts39data.ALLOWED_BOUNDS
    assert len(bounds) % 2 == 0
    assert list(bounds) == sorted(set(bounds))
    tables = _tables()
    assert all(tables.is_allowed(c) for c in "az09-éßпαא日ひカ한ไ")
    assert not any(tables.is_allowed(c) for c in "ꆈᠣϧᄂǃĸ")


def test_script_data_agrees_with_the_unicode_names() -> None:
    """Spot check of the Script_Extensions table against the character names that the
    standard library knows: the letters of seven scripts."""
    from urikit._whatwg.spoof import _tables

    tables = _tables()
    expected = {"CYRILLIC": "Cyrl", "GREEK": "Grek", "HIRAGANA": "Hira",
                "HANGUL": "Hang", "ARMENIAN": "Armn", "HEBREW": "Hebr", "THAI": "Thai"}
    checked = 0
    for cp in range(0x370, 0xD7A4):
        c = chr(cp)
        name = unicodedata.name(c, "")
        word = name.split(" ")[0]
        if word in expected and unicodedata.category(c) in ("Ll", "Lo"):
            assert expected[word] in tables.scripts_of(c), name
            checked += 1
    assert checked > 11_000  # the Hangul syllables alone are 11,172


def test_import_urikit_leaves_the_tables_alone() -> None:
    """The tables are read only when a label outside ASCII is judged."""
    code = ("import sys, urikit\n"
            "u = urikit.URI.parse('https://xn--bcher-kva.example/')\n"
            "assert 'urikit._whatwg.uts39data' not in sys.modules\n"
            "u.to_display()\n"
            "assert 'urikit._whatwg.uts39data' in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)
