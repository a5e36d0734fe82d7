"""The IDN display policy against the browsers' spoof checks (issue 27): every name
below that Chromium or Firefox keeps as an A-label for a spoofing reason is shown as its
A-label by display() and to_iri() alike, and real names in many scripts are shown in
Unicode.

Counts (pinned by test_the_sets_are_as_large_as_the_docs_say): 36 spoofs, each a
whole host; 159 real names in 25 scripts and the permitted mixes (26 groups).
"""

from __future__ import annotations

from typing import Final
from urllib.parse import quote

import pytest

from urikit import URI, IDNAError, host_to_ascii
from urikit._whatwg.spoof import why_not_unicode

# (host, the rule that keeps a label as its A-label), from the issue and from the
# kinds of names the browsers' IDN spoof checks refuse.
BROWSER_SPOOFS: Final = [
    # digit look-alikes: a label that reads as a number
    pytest.param("1\u0577.com", "only digits", id="1-armenian-sha"),
    pytest.param("\u0a68\u0a68\u0a68.com", "only digits", id="gurmukhi-222"),
    pytest.param("\u0437\u0437.com", "only digits", id="cyrillic-ze-33"),
    pytest.param("\u09ea\u09ea.com", "only digits", id="bengali-four-reads-8"),
    # i, j, l (dotless, dotted) with a combining dot above
    pytest.param("pi\u0307xel.com", "dot above", id="i-dot-above"),
    pytest.param("\u0131\u0307nstagram.com", "dot above", id="dotless-i-dot-above"),
    pytest.param("\u0237\u0307ava.com", "dot above", id="dotless-j-dot-above"),
    pytest.param("\u0131\u0301nbox.com", "dot above", id="dotless-i-acute"),
    pytest.param("goog\u04cf\u0307e.com", "dot above", id="cyrillic-palochka-dot"),
    # a mark repeated once decomposed
    pytest.param("\u00e1\u0301.com", "repeated", id="a-acute-acute"),
    pytest.param("e\u0301\u0301\u0301x.com", "repeated", id="e-three-acutes"),
    # whole-script confusables, on the full UTS 39 data
    pytest.param("\u0455\u0441\u043e\u0517\u0435.com", "look-alikes of ASCII",
                 id="scope-cyrillic-rha"),
    pytest.param("\u03b9\u03ba\u03b1.com", "look-alikes of ASCII", id="ika-greek"),
    pytest.param("\u0578\u057d\u0582\u0585.com", "look-alikes of ASCII",
                 id="nuio-armenian"),
    pytest.param("\u0430\u0440\u0440\u04cf\u0435.com", "look-alikes of ASCII",
                 id="apple-cyrillic"),
    pytest.param("\u0441\u043e\u0441\u043e.com", "look-alikes of ASCII",
                 id="coco-cyrillic-under-com"),
    pytest.param("\u0440\u0443.com", "look-alikes of ASCII", id="py-cyrillic"),
    pytest.param("\u03bf\u03ba.com", "look-alikes of ASCII", id="ok-greek"),
    pytest.param("\u0570\u0585\u0575.com", "look-alikes of ASCII", id="hoj-armenian"),
    # Han and Kana that read as dashes, slashes or separators beside Latin
    pytest.param("google\u4e00com.com", "separator", id="han-one-as-dash"),
    pytest.param("a\u30fd.jp", "separator", id="kana-iteration-mark"),
    pytest.param("google.com\u30ceevil.jp", "separator", id="katakana-no-as-slash"),
    pytest.param("google\u30fccom.jp", "separator", id="prolonged-sound-mark"),
    pytest.param("paypal\u4e3fevil.com", "separator", id="han-slash-stroke"),
    pytest.param("bank\u4e28login.com", "separator", id="han-vertical-stroke"),
    # restricted and rare Latin
    pytest.param("\u2c74ase.com", "rare Latin", id="v-with-curl"),
    pytest.param("\ua7b5eta.com", "rare Latin", id="latin-beta"),
    pytest.param("\u1d00pple.com", "rare Latin", id="small-capital-a"),
    pytest.param("goo\u0261le.com", "rare Latin", id="script-g"),
    pytest.param("\u00feeta.com", "look-alike of a Latin letter", id="thorn-under-com"),
    # labels that read as a path or a dot
    pytest.param("google.com\u0338abc", "overlay", id="long-solidus-overlay"),
    pytest.param("a\u0337b.com", "overlay", id="short-solidus-overlay"),
    pytest.param("pay\u0335pal.com", "overlay", id="short-stroke-overlay"),
    # mixed scripts and look-alikes beside Latin (the rules before issue 27)
    pytest.param("\u0440\u0430ypal.com", "more than one script", id="paypal-mix"),
    pytest.param("g\u03bfogle.com", "more than one script", id="greek-omicron"),
    pytest.param("\u0251pple.com", "look-alike of a Latin letter", id="latin-alpha"),
]

# (script, label): real names, each shown in Unicode under .example.
REAL_NAMES: Final = [
    ("latin", "bücher"),
    ("latin", "straße"),
    ("latin", "münchen"),
    ("latin", "köln"),
    ("latin", "zürich"),
    ("latin", "françois"),
    ("latin", "garçon"),
    ("latin", "élève"),
    ("latin", "café"),
    ("latin", "crème"),
    ("latin", "españa"),
    ("latin", "niño"),
    ("latin", "mañana"),
    ("latin", "señor"),
    ("latin", "coração"),
    ("latin", "são-paulo"),
    ("latin", "joão"),
    ("latin", "łódź"),
    ("latin", "kraków"),
    ("latin", "gdańsk"),
    ("latin", "żółw"),
    ("latin", "příklad"),
    ("latin", "čeština"),
    ("latin", "šťastný"),
    ("latin", "žluťoučký"),
    ("latin", "őrület"),
    ("latin", "árvíztűrő"),
    ("latin", "tükörfúrógép"),
    ("latin", "ísland"),
    ("latin", "blåbær"),
    ("latin", "æble"),
    ("latin", "smørrebrød"),
    ("latin", "göteborg"),
    ("latin", "malmö"),
    ("latin", "føroyar"),
    ("latin", "hà-nội"),
    ("latin", "việt-nam"),
    ("latin", "tiếng-việt"),
    ("latin", "đà-nẵng"),
    ("latin", "ğüşöç"),
    ("latin", "çiçek"),
    ("latin", "türkçe"),
    ("latin", "românia"),
    ("latin", "țară"),
    ("latin", "știință"),
    ("latin", "lietuvių"),
    ("latin", "latviešu"),
    ("latin", "eesti-keel"),
    ("latin", "cymraeg-ŵ"),
    ("latin", "gàidhlig"),
    ("latin", "naïve"),
    ("latin", "weiß"),
    ("cyrillic", "пример"),
    ("cyrillic", "москва"),
    ("cyrillic", "рф"),
    ("cyrillic", "россия"),
    ("cyrillic", "україна"),
    ("cyrillic", "київ"),
    ("cyrillic", "българия"),
    ("cyrillic", "софия"),
    ("cyrillic", "србија"),
    ("cyrillic", "београд"),
    ("cyrillic", "беларусь"),
    ("cyrillic", "қазақстан"),
    ("cyrillic", "монгол"),
    ("cyrillic", "македонија"),
    ("cyrillic", "яндекс"),
    ("cyrillic", "википедия"),
    ("greek", "ελληνικά"),
    ("greek", "παράδειγμα"),
    ("greek", "αθήνα"),
    ("greek", "ελλάδα"),
    ("greek", "θεσσαλονίκη"),
    ("greek", "ουτοπία"),
    ("armenian", "հայաստան"),
    ("armenian", "երեւան"),
    ("armenian", "հայերեն"),
    ("georgian", "საქართველო"),
    ("georgian", "თბილისი"),
    ("georgian", "ქართული"),
    ("hebrew", "עברית"),
    ("hebrew", "ישראל"),
    ("hebrew", "ירושלים"),
    ("hebrew", "דוגמה"),
    ("arabic", "العربية"),
    ("arabic", "مصر"),
    ("arabic", "السعودية"),
    ("arabic", "مثال"),
    ("arabic", "الجزائر"),
    ("arabic", "المغرب"),
    ("arabic", "ایران"),
    ("arabic", "پاکستان"),
    ("devanagari", "हिन्दी"),
    ("devanagari", "भारत"),
    ("devanagari", "उदाहरण"),
    ("devanagari", "संस्कृतम्"),
    ("devanagari", "नेपाल"),
    ("bengali", "বাংলা"),
    ("bengali", "ভারত"),
    ("bengali", "বাংলাদেশ"),
    ("gurmukhi", "ਪੰਜਾਬੀ"),
    ("gurmukhi", "ਭਾਰਤ"),
    ("gujarati", "ગુજરાતી"),
    ("gujarati", "ભારત"),
    ("tamil", "தமிழ்"),
    ("tamil", "இந்தியா"),
    ("tamil", "சிங்கப்பூர்"),
    ("telugu", "తెలుగు"),
    ("telugu", "భారత్"),
    ("kannada", "ಕನ್ನಡ"),
    ("kannada", "ಭಾರತ"),
    ("malayalam", "മലയാളം"),
    ("malayalam", "ഭാരതം"),
    ("sinhala", "ලංකා"),
    ("sinhala", "සිංහල"),
    ("thai", "ไทย"),
    ("thai", "ตัวอย่าง"),
    ("thai", "ประเทศไทย"),
    ("thai", "กรุงเทพ"),
    ("lao", "ລາວ"),
    ("lao", "ພາສາລາວ"),
    ("khmer", "កម្ពុជា"),
    ("khmer", "ភាសាខ្មែរ"),
    ("myanmar", "မြန်မာ"),
    ("myanmar", "ဗမာ"),
    ("ethiopic", "ኢትዮጵያ"),
    ("ethiopic", "አማርኛ"),
    ("tibetan", "བོདཡིག"),
    ("han", "中国"),
    ("han", "中文"),
    ("han", "日本語"),
    ("han", "台灣"),
    ("han", "香港"),
    ("han", "北京"),
    ("han", "例子"),
    ("han", "网络"),
    ("han", "公司"),
    ("han", "政府"),
    ("japanese", "ひらがな"),
    ("japanese", "カタカナ"),
    ("japanese", "東京"),
    ("japanese", "みんな"),
    ("japanese", "ひらがなカタカナ漢字"),
    ("japanese", "コム"),
    ("japanese", "テスト"),
    ("japanese", "大阪"),
    ("hangul", "한국어"),
    ("hangul", "대한민국"),
    ("hangul", "서울"),
    ("hangul", "예시"),
    ("hangul", "한국"),
    ("mixed", "ab日本"),
    ("mixed", "abcカタカナ"),
    ("mixed", "中文ㄅㄆ"),
    ("mixed", "ab한국"),
    ("mixed", "münchen-2024"),
    ("mixed", "ævintýri"),
    ("mixed", "ñandú"),
    ("mixed", "مثال١٢"),
]


def _shown_hosts(host: str) -> tuple[str, str, str]:
    """The host as to_iri() and display() show the A-label URI, and as display()
    shows the percent-encoded UTF-8 URI."""
    alabels = host_to_ascii(host)
    uri = URI.parse(f"https://{alabels}/")
    encoded = URI.parse(f"https://{quote(host, safe='.')}/")
    return (uri.to_iri().split("/")[2], uri.display().split("/")[2],
            encoded.display().split("/")[2])


@pytest.mark.parametrize(("host", "rule"), BROWSER_SPOOFS)
def test_browser_spoofs_are_shown_as_a_labels(host: str, rule: str) -> None:
    """Each label outside ASCII of the spoof stays an A-label wherever it is shown,
    and the policy names the rule that keeps it."""
    alabels = host_to_ascii(host)
    assert _shown_hosts(host) == (alabels, alabels, alabels)
    reasons = [why_not_unicode(label, host.split(".")[-1]) for label in host.split(".")
               if not label.isascii()]
    assert any(reason is not None and rule in reason for reason in reasons), reasons


@pytest.mark.parametrize(("script", "label"), REAL_NAMES)
def test_real_names_are_shown_in_unicode(script: str, label: str) -> None:
    """A real name is shown in Unicode by to_iri() and display(), from its A-label and
    from its percent-encoded UTF-8 alike."""
    host = f"{label}.example"
    assert why_not_unicode(label) is None, script
    assert _shown_hosts(host) == (host, host, host)


def test_the_sets_are_as_large_as_the_docs_say() -> None:
    """The counts the security page states: 36 spoofs, 159 real names in 25 scripts
    and a group of the permitted mixes."""
    assert len(BROWSER_SPOOFS) == 36
    assert len(REAL_NAMES) == 159
    assert len({script for script, _ in REAL_NAMES}) == 26


def test_a_cyrillic_look_alike_label_under_a_cyrillic_tld_is_shown() -> None:
    """A label of Latin-looking Cyrillic letters is shown under a Cyrillic top-level
    label (its reader expects Cyrillic), as an A-label under .com."""
    assert URI.parse("https://xn--n1aahb.xn--p1ai/").to_iri() == "https://сосо.рф/"
    assert URI.parse("https://xn--n1aahb.xn--p1ai/").display() == "https://сосо.рф/"
    assert URI.parse("https://xn--n1aahb.com/").display() == "https://xn--n1aahb.com/"


# Labels valid under UTS 46 (the browsers' reading) and not under IDNA 2008: display()
# showed them percent-encoded, to_iri() in Unicode or as A-labels.
UTS46_NOT_IDNA2008: Final = [
    pytest.param("ab--\u00e9", id="hyphens-3-4"),
    pytest.param("-\u00e9", id="leading-hyphen"),
    pytest.param("\u00e9-", id="trailing-hyphen"),
    pytest.param("\u2603", id="snowman"),
    pytest.param("i\u2764", id="heart"),
    pytest.param("\u0645\u0640\u0635\u0631", id="arabic-tatweel"),
]


@pytest.mark.parametrize("label", UTS46_NOT_IDNA2008)
def test_display_and_to_iri_apply_one_policy(label: str) -> None:
    """display() and to_iri() show the same host for a label UTS 46 accepts and IDNA
    2008 refuses, from the A-label and from percent-encoded UTF-8."""
    to_iri, display, display_encoded = _shown_hosts(f"{label}.example")
    assert to_iri == display == display_encoded


@pytest.mark.parametrize("text", [
    pytest.param("http://xn--a/", id="xn--a"),
    pytest.param("http://XN--A.example/", id="uppercase-prefix"),
    pytest.param("http://xn--a.example/\u00fc", id="beside-an-iri-path"),
    pytest.param("http://xn--a.b\u00fccher.example/", id="beside-a-u-label"),
    pytest.param("http://xn--ls8h-.example/", id="bad-punycode"),
    pytest.param("http://xn--abc-.example/", id="ascii-only-a-label"),
])
def test_from_iri_refuses_the_a_labels_parse_lenient_refuses(text: str) -> None:
    """An xn-- label that is no valid A-label is refused by from_iri as by
    parse_lenient (the browser's reading)."""
    with pytest.raises(IDNAError):
        URI.parse_lenient(text)
    with pytest.raises(IDNAError):
        URI.from_iri(text)
