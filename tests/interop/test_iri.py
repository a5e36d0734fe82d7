"""IRIs (RFC 3987) and international domain names (IDNA 2008 with UTS 46).

Examples from RFC 3987 §3.1 and §3.2, IDNA's deviation characters, mixed scripts,
refused labels, and the round trip URI → IRI → URI as a property.
"""

from __future__ import annotations

import pickle
import re
import unicodedata
from collections.abc import Callable
from typing import Final

import idna
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, EncodingError, ParseError, URIError, is_valid
from urikit._core import grammar as g
from urikit._core.errors import IDNAError
from urikit._core.percent import pct_utf8
from urikit._interop.iri import iri_to_uri, uri_to_iri
from urikit._whatwg import idna as _idna
from urikit._whatwg.idna import host_to_ascii, host_to_unicode, uts46_map
from urikit.strategies import uri_references

TO_ASCII: Final = [
    pytest.param("bücher.example", "xn--bcher-kva.example", id="rfc3492-example"),
    pytest.param("résumé.example.org", "xn--rsum-bpad.example.org", id="rfc3987-example"),
    pytest.param("BÜCHER.Example", "xn--bcher-kva.example", id="uppercase"),
    pytest.param("b%C3%BCcher.example", "xn--bcher-kva.example", id="percent-encoded"),
    pytest.param("b%c3%bccher.example", "xn--bcher-kva.example", id="percent-lowercase"),
    pytest.param("xn--bcher-kva.example", "xn--bcher-kva.example", id="a-label"),
    pytest.param("XN--BCHER-KVA.EXAMPLE", "xn--bcher-kva.example", id="a-label-uppercase"),
    pytest.param("bücher.example.", "xn--bcher-kva.example.", id="trailing-dot"),
    # nontransitional: deviation characters are kept, as browsers do now
    pytest.param("faß.de", "xn--fa-hia.de", id="sharp-s"),
    pytest.param("ς.example", "xn--3xa.example", id="final-sigma"),
    # IDNA 2008 has no mixed-script rule: Latin with a Cyrillic "а" is converted
    pytest.param("pаypal.com", "xn--pypal-4ve.com", id="latin-cyrillic"),
    # UTS 46 maps full-width forms and the ideographic full stop, drops U+00AD
    pytest.param("ｂüｃｈｅｒ。example", "xn--bcher-kva.example", id="full-width"),
    pytest.param("bü\u00adcher.example", "xn--bcher-kva.example", id="soft-hyphen"),
    # ASCII labels are lowercased only, not held to the DNS rules
    pytest.param("my_host.bücher.example", "my_host.xn--bcher-kva.example", id="underscore"),
    pytest.param("127.0.0.1", "127.0.0.1", id="ipv4"),
    pytest.param("[::1]", "[::1]", id="ip-literal"),
    pytest.param("", "", id="empty"),
]


@pytest.mark.parametrize(("text", "expected"), TO_ASCII)
def test_host_to_ascii(text: str, expected: str) -> None:
    """A Unicode or percent-encoded name becomes A-labels (IDNA 2008, UTS 46,
    nontransitional)."""
    assert host_to_ascii(text) == expected


def _strict(text: str) -> str:
    """host_to_ascii's IDNA 2008 reading."""
    return host_to_ascii(text, rules="idna2008")


REFUSED: Final = [
    pytest.param("a..b", "", "empty label", id="empty-label"),
    pytest.param(".bücher", "", "empty label", id="leading-dot"),
    pytest.param("xn--abc.example", "xn--abc", "codepoint", id="bad-a-label"),
    pytest.param("xn--.example", "xn--", "malformed a-label", id="empty-a-label"),
    # the Bidi rule: a right-to-left label may not hold a left-to-right letter
    pytest.param("אa.com", "אa", "right-to-left", id="bidi-rule"),
    # CheckJoiners: a zero-width joiner is allowed only after a virama
    pytest.param("a\u200db.com", "a\u200db", "joiner", id="joiner"),
    # IDNA 2008 disallows symbols that IDNA 2003 allowed
    pytest.param("☃.net", "☃", "not allowed", id="symbol"),
    # UTS 46 disallows U+FFFD
    pytest.param("a\ufffd.com", "a\ufffd", "not allowed", id="uts46-disallowed"),
    pytest.param("-bü.example", "-bü", "hyphen", id="leading-hyphen"),
    pytest.param("b%FC.example", "b%FC", "not utf-8", id="not-utf-8"),
    pytest.param("bü/x.example", "bü/x", "not allowed", id="slash-in-idn-label"),
    pytest.param("a/b.bücher", "a/b", "'/' cannot stand in a host", id="slash-in-ascii"),
    pytest.param("a\ud800.com", "a\ud800", "not allowed", id="lone-surrogate"),
]


@pytest.mark.parametrize(("text", "label", "reason"), REFUSED)
def test_host_to_ascii_refuses(text: str, label: str, reason: str) -> None:
    """A label IDNA refuses raises IDNAError naming the text, the label and why."""
    with pytest.raises(IDNAError) as info:
        _strict(text)
    error = info.value
    assert isinstance(error, URIError)
    assert (error.text, error.label) == (text, label)
    assert reason in error.reason.lower()
    assert str(error) == f"cannot convert {text!r} to an ASCII host: {error.reason}"
    assert error.reason[0] == error.reason[0].lower()
    assert not error.reason.endswith(".")


def test_idna_error_pickles() -> None:
    """IDNAError keeps its attributes through pickle."""
    error = pickle.loads(pickle.dumps(IDNAError("a..b", "", "empty label")))
    assert (error.text, error.label, error.reason) == ("a..b", "", "empty label")


TO_UNICODE: Final = [
    pytest.param("xn--bcher-kva.example", "bücher.example", id="a-label"),
    pytest.param("XN--BCHER-KVA.example", "bücher.example", id="uppercase-prefix"),
    pytest.param("xn--fa-hia.de", "faß.de", id="sharp-s"),
    pytest.param("xn--abc.example", "xn--abc.example", id="invalid-a-label-kept"),
    pytest.param("xn--.example", "xn--.example", id="empty-a-label-kept"),
    pytest.param("Example.COM", "Example.COM", id="ascii-kept"),
    pytest.param("[::1]", "[::1]", id="ip-literal"),
]


@pytest.mark.parametrize(("host", "shown"), TO_UNICODE)
def test_host_to_unicode(host: str, shown: str) -> None:
    """Valid A-labels are shown as U-labels; everything else stays, without error."""
    assert host_to_unicode(host) == shown


UTS46: Final = [
    pytest.param("127.0.0.1\u00ad", "127.0.0.1", id="soft-hyphen-dropped"),
    pytest.param("127.0.0.\u200b1", "127.0.0.1", id="zero-width-space-dropped"),
    pytest.param("127.0.0.\u034f1", "127.0.0.1", id="grapheme-joiner-dropped"),
    pytest.param("127.0.0.1\ufe00", "127.0.0.1", id="variation-selector-dropped"),
    pytest.param("１２７．０．０．１", "127.0.0.1", id="full-width"),
    pytest.param("a\u3002b", "a.b", id="ideographic-full-stop"),
    pytest.param("A_B!", "a_b!", id="no-std3-rules"),
    pytest.param("Faß", "faß", id="nontransitional"),
    pytest.param("a" * 3000 + ".é", "a" * 3000 + ".é", id="long-name"),
]


@pytest.mark.parametrize(("text", "mapped"), UTS46)
def test_uts46_map(text: str, mapped: str) -> None:
    """uts46_map drops ignored code points and maps compatibility forms, without the
    STD3 rules."""
    assert uts46_map(text) == mapped


@pytest.mark.parametrize("text", ["a\ufffd", "\ud800", "a\x80b" + "\ufdd0"])
def test_uts46_map_refuses(text: str) -> None:
    """Text with a code point UTS 46 disallows has no mapping."""
    assert uts46_map(text) is None


IRI_TO_URI: Final = [
    # RFC 3987 §3.1's example
    pytest.param("http://résumé.example.org", "http://xn--rsum-bpad.example.org",
                 id="rfc3987-3.1"),
    pytest.param("http://www.example.org/Dürst", "http://www.example.org/D%C3%BCrst",
                 id="path"),
    pytest.param("http://Jörg@bücher.example:8080/ä?ö=ü#ß",
                 "http://J%C3%B6rg@xn--bcher-kva.example:8080/%C3%A4?%C3%B6=%C3%BC#%C3%9F",
                 id="every-component"),
    pytest.param("http://納豆.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae",
                 id="ascii-kept-exactly"),
    pytest.param("mailto:Jörg@bücher.example", "mailto:J%C3%B6rg@b%C3%BCcher.example",
                 id="no-authority-no-idna"),
    pytest.param("//bücher.example/", "//xn--bcher-kva.example/", id="network-path"),
    pytest.param("/a?\U000f0000", "/a?%F3%B0%80%80", id="iprivate"),
    pytest.param("http://a/b%2Fc?%25", "http://a/b%2Fc?%25", id="ascii-unchanged"),
]


@pytest.mark.parametrize(("iri", "uri"), IRI_TO_URI)
def test_iri_to_uri(iri: str, uri: str) -> None:
    """Non-ASCII characters are percent-encoded as UTF-8; a non-ASCII name becomes
    A-labels; ASCII is left exactly as it is."""
    assert iri_to_uri(iri) == uri


@pytest.mark.parametrize(("iri", "position"), [
    pytest.param("http://a/ü b", 15, id="space"),
    pytest.param("http://a/%zz", 9, id="bad-percent"),
    pytest.param("http://[ü]/", 8, id="non-ascii-ip-literal"),
])
def test_iri_to_uri_refuses_what_is_no_iri(iri: str, position: int) -> None:
    """A result that is not a URI-reference raises ParseError at its position in the
    mapped text."""
    with pytest.raises(ParseError) as info:
        iri_to_uri(iri)
    assert info.value.position == position
    assert not is_valid(info.value.text)


def test_iri_to_uri_refuses_a_lone_surrogate() -> None:
    """A lone surrogate cannot be encoded."""
    with pytest.raises(EncodingError, match="surrogate"):
        iri_to_uri("/é\udc80")


URI_TO_IRI: Final = [
    # RFC 3987 §3.2's examples
    pytest.param("http://www.example.org/D%C3%BCrst", "http://www.example.org/Dürst",
                 id="rfc3987-3.2-utf-8"),
    pytest.param("http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst",
                 id="rfc3987-3.2-not-utf-8"),
    pytest.param("http://xn--99zt52a.example.org/%e2%80%ae",
                 "http://納豆.example.org/%e2%80%ae", id="rfc3987-3.2-rlo"),
    # ASCII octets stay encoded: reserved, unreserved and "%" alike
    pytest.param("/a%2Fb%41%25", "/a%2Fb%41%25", id="ascii-octets"),
    # the bidirectional formatting characters of §4.1
    pytest.param("/%E2%80%8E%E2%80%8F%E2%80%AA%E2%81%A6%D8%9C",
                 "/%E2%80%8E%E2%80%8F%E2%80%AA%E2%81%A6%D8%9C", id="bidi-controls"),
    # C1 controls are not ucschar; a truncated sequence is not UTF-8
    pytest.param("/%C2%80%C3", "/%C2%80%C3", id="c1-and-truncated"),
    pytest.param("/%C3%BC%C3", "/ü%C3", id="decoded-then-truncated"),
    # iprivate only in the query
    pytest.param("/%EE%80%80?%EE%80%80#%EE%80%80", "/%EE%80%80?\ue000#%EE%80%80",
                 id="iprivate"),
    pytest.param("http://J%C3%B6rg@h/?%C3%B6#%C3%9F", "http://Jörg@h/?ö#ß",
                 id="userinfo-query-fragment"),
    # lowercase hex is decoded too (and comes back uppercase)
    pytest.param("/%c3%bc", "/ü", id="lowercase-hex"),
    # percent-encoded UTF-8 in the host stays: back it would become an A-label
    pytest.param("http://b%C3%BCcher.example/", "http://b%C3%BCcher.example/",
                 id="host-encoded"),
    # a host is shown with U-labels when it converts back to itself, but for case
    pytest.param("http://XN--BCHER-KVA.example/", "http://bücher.example/",
                 id="uppercase-a-label"),
    pytest.param("http://Example.xn--bcher-kva/", "http://Example.bücher/",
                 id="uppercase-label"),
    pytest.param("http://xn--abc.example/", "http://xn--abc.example/", id="bad-a-label"),
    pytest.param("http://xn--fa-hia.de/", "http://faß.de/", id="sharp-s"),
]


@pytest.mark.parametrize(("uri", "iri"), URI_TO_IRI)
def test_uri_to_iri(uri: str, iri: str) -> None:
    """Percent-encoded UTF-8 of characters an IRI may hold is decoded; everything
    else stays exactly as written."""
    assert uri_to_iri(uri) == iri


def test_uri_to_iri_refuses_what_is_no_uri() -> None:
    """The input must be a URI-reference."""
    with pytest.raises(ParseError):
        uri_to_iri("http://a/ü")


_TRIPLET: Final = re.compile("%[0-9A-Fa-f]{2}")


@given(uri_references().map(lambda u: _TRIPLET.sub(lambda m: m.group().upper(), u)))
def test_uri_iri_round_trip(uri: str) -> None:
    """A URI whose percent-encodings are in uppercase hex comes back from its IRI."""
    iri = uri_to_iri(uri)
    assert iri_to_uri(iri) == uri


@given(uri_references())
def test_uri_to_iri_adds_only_non_ascii(uri: str) -> None:
    """uri_to_iri only turns triplets into characters outside ASCII (and A-labels into
    U-labels): the ASCII text of an IRI is that of the URI, less those."""
    iri = uri_to_iri(uri)
    if iri == uri:
        return
    assert not iri.isascii()
    assert iri_to_uri(iri).lower() == uri.lower()


def test_host_to_unicode_leaves_hosts_longer_than_a_domain_name() -> None:
    """A host of more than 253 characters is no domain name: it is shown as it is,
    without an IDNA call per label (a 1 MB host of A-labels took over a second)."""
    label = "xn--bcher-kva"
    short = ".".join([label] * 18)  # 251 characters
    assert host_to_unicode(short) == ".".join(["bücher"] * 18)
    long = ".".join([label] * 19)
    assert host_to_unicode(long) == long
    assert uri_to_iri(f"http://{long}/") == f"http://{long}/"


@given(st.text())
def test_pct_utf8_is_the_character_by_character_definition(text: str) -> None:
    """pct_utf8 encodes each character outside ASCII as its UTF-8 octets and keeps every
    ASCII character, as one character at a time would, for any text without lone
    surrogates (what the IRI path of 1 MB of 'é' and of alternating 'éa' go through)."""
    expected = "".join(c if c.isascii() else "".join(f"%{b:02X}" for b in c.encode())
                       for c in text)
    assert pct_utf8(text) == expected
    assert pct_utf8(text * 3) == expected * 3


@given(st.text(), st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF), st.text())
def test_pct_utf8_refuses_a_lone_surrogate_where_it_stands(before: str, surrogate: str,
                                                           after: str) -> None:
    """A lone surrogate anywhere is refused with its position, as before."""
    with pytest.raises(EncodingError, match=re.escape(
            f"cannot encode {surrogate!r} at position {len(before)}: a lone surrogate")):
        pct_utf8(before + surrogate + after)


@pytest.mark.parametrize("iri", [
    "http://a/ü b", "http://a/%zz", "http://[ü]/", "é:x", "http://é/ü%", "/ü\x00",
])
def test_from_iri_raises_what_iri_to_uri_raises(iri: str) -> None:
    """URI.from_iri checks the mapped text once, in its parse, and raises the same
    ParseError as iri_to_uri: same text, position, component and message."""
    with pytest.raises(ParseError) as mapped:
        iri_to_uri(iri)
    with pytest.raises(ParseError) as parsed:
        URI.from_iri(iri)
    assert str(parsed.value) == str(mapped.value)
    assert (parsed.value.text, parsed.value.position, parsed.value.component) == (
        mapped.value.text, mapped.value.position, mapped.value.component)


@given(st.text(st.sampled_from("é中/?#[]:@% a%41bü")))
def test_from_iri_is_iri_to_uri(text: str) -> None:
    """URI.from_iri gives the URI that iri_to_uri maps the text to, or its error."""
    def outcome(mapping: Callable[[str], object]) -> tuple[str, str]:
        try:
            return "", str(mapping(text))
        except URIError as error:
            return type(error).__name__, str(error)

    assert outcome(URI.from_iri) == outcome(iri_to_uri)


# --- long hosts: each distinct piece mapped, each distinct label converted, once ------


def _uts46_map_at_once(text: str) -> str | None:
    """The definition uts46_map keeps: every piece under idna's input limit mapped in
    turn, the result in NFC; ``None`` for a code point UTS 46 disallows or that the
    running Python's Unicode data does not know."""
    if text.isascii():
        return text.lower()
    if any(unicodedata.category(c) == "Cn" for c in text):
        return None
    try:
        mapped = "".join([idna.uts46_remap(text[i:i + 1000], std3_rules=False)
                          for i in range(0, len(text), 1000)])
    except UnicodeError:
        return None
    return unicodedata.normalize("NFC", mapped)


def _host_to_ascii_label_by_label(text: str, early: bool = True) -> str:
    """The definition host_to_ascii keeps: the whole decoded host mapped, then split
    into labels, each converted in turn; a host that needs IDNA is refused when its
    ASCII form is longer than 253 characters, or (``early``) when it is longer than
    1,016 code points once the ignored ones are dropped."""
    if not text or text.startswith("[") or g.IPV4ADDRESS_RE.fullmatch(text):
        return text
    decoded = _idna._decode_host(text)
    idn = not decoded.isascii() or "xn--" in decoded.lower()
    too_long = IDNAError(text, decoded, "a domain name has at most 253 characters in "
                         "ASCII (RFC 1035 §2.3.4)")
    if early and idn and _idna._length_unignored(decoded) > 1016:
        raise too_long
    mapped = _uts46_map_at_once(decoded)
    if mapped is None:  # the first label holding a code point UTS 46 disallows
        for label in re.split("[.\u3002\uff0e\uff61]", decoded):
            try:
                idna.uts46_remap(label, std3_rules=False)
            except UnicodeError as exc:
                raise IDNAError(text, label, _idna._reason(exc)) from None
        raise AssertionError("no label is refused")
    labels = mapped.split(".")
    trailing_dot = len(labels) > 1 and labels[-1] == ""
    if trailing_dot:
        labels.pop()
    host = ".".join([_idna._label_to_ascii(text, label) for label in labels])
    if idn and len(host) > 253:
        raise too_long
    return host + ("." if trailing_dot else "")


def _outcome(convert: Callable[[str], str], text: str) -> tuple[str, ...]:
    try:
        return ("", convert(text))
    except IDNAError as error:
        return (type(error).__name__, error.text, error.label, error.reason)


# Dots of every kind, ignored code points, combining marks that NFC composes (e + U+0301
# is é), case, deviation characters, joiners, disallowed and invalid labels, A-labels,
# percent-encoded UTF-8.
_HOST_PIECES: Final = st.sampled_from([
    ".", ".", "。", "．", "｡", "\u00ad", "\u200b", "e", "\u0301", "é", "a", "A", "ß", "-",
    "\u200d", "्", "क", "ﬁ", "Ａ", "xn--", "xn--bcher-kva", "bü", "%C3%A9", "%C3", "_",
    "\ufffd", "☃", "א", "1", "\u2488", "⒈", "ǅ", "…",
    "\u1100\u1161\u11a8", "\u03b1\u0313\u0300\u0345", "\U000e0100", "\ufe0f",
])


@given(st.lists(_HOST_PIECES, max_size=12).map("".join), st.integers(1, 400))
def test_host_to_ascii_of_repeated_text_is_label_by_label(piece: str, n: int) -> None:
    """A host that repeats itself, up to many times the length of a domain name and past
    idna's input limit, gives what mapping it at once and converting each label in
    turn gives: the same host, or the same IDNAError (text, label, reason). Its pieces
    are mapped and its labels converted once each."""
    for text in (piece * n, f"{piece}." * n, f"{piece}." * n + "x", "x." + piece * n):
        assert _outcome(_strict, text) == _outcome(_host_to_ascii_label_by_label, text)


@given(st.lists(_HOST_PIECES, min_size=1, max_size=12).map("".join), st.integers(1, 1200))
def test_the_early_length_refusal_only_refuses_what_is_too_long(piece: str, n: int) -> None:
    """A host host_to_ascii refuses as too long before mapping it is one whose full
    conversion fails or is longer than 253 characters: the bound never refuses a host
    that would fit (NFC composes at most four code points into one, U+00AD and the
    other ignored code points are dropped first)."""
    for text in (piece * n, f"{piece}." * n):
        try:
            _strict(text)
        except IDNAError as error:
            if error.reason.startswith("a domain name"):
                with pytest.raises(IDNAError):
                    _host_to_ascii_label_by_label(text, early=False)


def test_a_host_that_needs_idna_is_held_to_the_length_of_a_domain_name() -> None:
    fits = "é" + ".a" * 123  # 253 characters in ASCII: xn--9ca and 123 ".a"
    assert len(_strict(fits)) == 253
    assert _strict(fits + ".") == fits.replace("é", "xn--9ca") + "."
    for long in (fits + "a", "xn--9ca" + ".a" * 124, "é." + "a" * 300 + "b" * 10**6):
        with pytest.raises(IDNAError, match="at most 253 characters"):
            _strict(long)
    # hosts without IDNA keep the browsers' reading: no length rule
    assert _strict("a" * 300 + ".com") == "a" * 300 + ".com"
    # ignored code points do not count: a megabyte of U+00AD around a short name
    assert _strict("\u00ad" * 10**6 + "é.a") == "xn--9ca.a"


def test_the_ignored_code_points_are_what_uts46_drops() -> None:
    pattern = _idna._ignored_code_points()
    assert pattern is not None
    every = "".join(map(chr, range(0x110000)))
    ignored = {ord(c) for run in pattern.findall(every) for c in run}  # runs of them
    assert {0xAD, 0x200B, 0xE0100} <= ignored
    for cp in ignored:
        assert idna.uts46_remap("a" + chr(cp) + "b", std3_rules=False) == "ab"
    for cp in (0x61, 0xE9, 0x200C, 0x200D, 0x3002):  # kept or mapped, not dropped
        assert cp not in ignored
    assert _idna._length_unignored("a\u00adb\u200b") == 2


@given(st.lists(st.sampled_from(["é", "a", "e", "\u0301", "\u00ad", ".", "。", "Ａ", "\ufffd"]),
                max_size=8).map("".join), st.integers(1, 600), st.text(max_size=3))
def test_uts46_map_of_repeated_text_is_the_piece_by_piece_mapping(unit: str, n: int,
                                                                   tail: str) -> None:
    """uts46_map, which maps each distinct 1000-character piece once, gives what mapping
    every piece in turn gives, NFC across the pieces' edges included (a combining mark
    at the start of a piece composes with the letter that ends the one before)."""
    text = unit * (n + 17_000 // max(1, len(unit))) + tail  # 17 pieces or more
    assert uts46_map(text) == _uts46_map_at_once(text)


def test_uts46_map_composes_across_its_pieces() -> None:
    """"e" ending one 1000-character piece and U+0301 starting the next are "é"."""
    text = "a" * 998 + "ée\u0301" + "b" * 2000
    assert uts46_map(text) == "a" * 998 + "éé" + "b" * 2000


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("a.", "a.", id="trailing-dot"),
    pytest.param("a。", "a.", id="trailing-ideographic-dot"),
    pytest.param("é.\u00ad", "xn--9ca.", id="ignored-last-piece-is-a-trailing-dot"),
    pytest.param("é\u3002.\u00ad", IDNAError, id="empty-label-before-trailing-dot"),
    pytest.param("\u00ad", IDNAError, id="maps-to-nothing"),
    pytest.param(".", IDNAError, id="dot-alone"),
    pytest.param("é..", IDNAError, id="two-trailing-dots"),
    pytest.param("é.é.é", "xn--9ca.xn--9ca.xn--9ca", id="repeated"),
    pytest.param("é.A.é.a", "xn--9ca.a.xn--9ca.a", id="repeated-case"),
])
def test_host_to_ascii_trailing_dots_and_empty_labels(text: str,
                                                     expected: str | type[IDNAError]) -> None:
    """A trailing dot is kept and an empty label refused as in the whole mapped host,
    whatever the dots and ignored code points around them."""
    if isinstance(expected, str):
        assert _strict(text) == expected
    else:
        with pytest.raises(expected):
            _strict(text)
    assert _outcome(_strict, text) == _outcome(_host_to_ascii_label_by_label, text)


def test_host_of_a_megabyte_of_labels() -> None:
    """A 1 MB host that needs IDNA (the scaling benchmark's "éa." host) is refused as
    too long for a domain name, before its labels are read; a host of many ignored
    code points maps to the short name they hide; the first label IDNA refuses is
    named however many labels come before and after it."""
    n = 333_333
    for host in ("éa." * n + "x", "éa。" * n + "x", "xn--a-9fa." * n + "x",
                 "éa." * n + "-é." + "☃." * n + "x"):
        with pytest.raises(IDNAError, match="at most 253 characters"):
            _strict(host)
    assert _strict("éa。" * 20 + "x") == "xn--a-9fa." * 20 + "x"
    assert _strict("\u00ad" * 300_000 + "a.é" + "\u00ad" * 300_000) == "a.xn--9ca"
    with pytest.raises(IDNAError) as info:
        _strict("éa." * 40 + "-é." + "☃." * 40 + "x")
    assert (info.value.label, info.value.reason) == ("-é", "label must not start or end "
                                                     "with a hyphen")
    with pytest.raises(IDNAError) as info:
        _strict("éa。" * 40 + "a\ufffd." + "b\ufffd." * 40 + "x")
    assert info.value.label == "a\ufffd"
    assert "not allowed" in info.value.reason


@pytest.mark.parametrize("n", [1, 15, 16, 40])
def test_once_each_converts_each_distinct_item_once_in_order(n: int) -> None:
    """_once_each gives what converting every item gives, calls the conversion once per
    distinct item (past a few items) in the order of first occurrence, and so raises
    for the first item that it raises for."""
    items = [f"x{i % 3}" for i in range(n)] + ["bad", "y", "bad2"]
    calls: list[str] = []

    def convert(item: str) -> str:
        calls.append(item)
        if item.startswith("bad"):
            raise ValueError(item)
        return item.upper()

    with pytest.raises(ValueError, match=r"^bad$"):
        _idna._once_each(convert, items)
    good = items[:n]
    calls.clear()
    assert _idna._once_each(convert, good) == [item.upper() for item in good]
    assert calls == (good if n < 16 else list(dict.fromkeys(good)))


# --- UTS 46 with the WHATWG parameters: the default reading --------------------------

WHATWG: Final = [
    # symbols IDNA 2008 refuses and UTS 46 keeps: what browsers open
    pytest.param("i❤.ws", "xn--i-7iq.ws", id="heart"),
    pytest.param("☃.example", "xn--n3h.example", id="snowman"),
    pytest.param("💩.la", "xn--ls8h.la", id="pile-of-poo"),
    # VerifyDnsLength=false: empty labels; CheckHyphens=false: hyphens anywhere
    pytest.param("a..b", "a..b", id="empty-label"),
    pytest.param("-bü.example", "xn---b-yka.example", id="leading-hyphen"),
    pytest.param("ab--c.example", "ab--c.example", id="hyphens-3-4"),
    # the ACE prefix in any case, lowercased
    pytest.param("XN--BCHER-KVA.DE", "xn--bcher-kva.de", id="uppercase-ace"),
    pytest.param("faß.de", "xn--fa-hia.de", id="nontransitional"),
    pytest.param("ＥＸＡＭＰＬＥ。com", "example.com", id="full-width"),
]


@pytest.mark.parametrize(("text", "expected"), WHATWG)
def test_host_to_ascii_reads_as_browsers(text: str, expected: str) -> None:
    assert host_to_ascii(text) == expected
    assert host_to_ascii(text, rules="whatwg") == expected


WHATWG_REFUSED: Final = [
    pytest.param("xn--a.com", "xn--a", id="a-label-of-a-control"),
    pytest.param("xn--abc.com", "xn--abc", id="a-label-of-ascii"),
    pytest.param("xn--.com", "xn--", id="empty-a-label"),
    pytest.param("a\u200db.com", "a\u200db", id="joiner-out-of-context"),
    pytest.param("\u0301a.com", "\u0301a", id="leading-combining-mark"),
    pytest.param("אa.com", "אa", id="bidi-rule"),
    pytest.param("a\ufffd.com", "a\ufffd", id="disallowed"),
    pytest.param("a b.bü", "a b", id="space"),
    pytest.param("\u00ad", "", id="maps-to-nothing"),
]


@pytest.mark.parametrize(("text", "label"), WHATWG_REFUSED)
def test_host_to_ascii_whatwg_refuses(text: str, label: str) -> None:
    with pytest.raises(IDNAError) as info:
        host_to_ascii(text)
    assert info.value.label == label


def test_the_strict_reading_is_there_by_name() -> None:
    for text in ("i❤.ws", "a..b", "-bü.example"):
        with pytest.raises(IDNAError):
            host_to_ascii(text, rules="idna2008")
    with pytest.raises(TypeError):
        host_to_ascii("a", rules="idna2003")  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["xn--i-7iq.ws", "XN--BCHER-KVA.DE", "xn--ls8h.la"])
def test_host_to_unicode_reads_what_host_to_ascii_writes(host: str) -> None:
    shown = host_to_unicode(host)
    assert shown != host
    assert host_to_ascii(shown) == host.lower()


def test_to_iri_reads_an_uppercase_ace_prefix() -> None:
    assert URI.parse("http://XN--BCHER-KVA.DE/").to_iri() == "http://bücher.DE/"


ZONE_ID_URIS: Final = [
    pytest.param("http://[fe80::1%25eth0]/", "http://[fe80::1%25eth0]/", id="zone-id"),
    pytest.param("http://[fe80::1%25en1]:8080/D%C3%BCrst?q=%C3%BC",
                 "http://[fe80::1%25en1]:8080/Dürst?q=ü", id="zone-id-with-utf8"),
    pytest.param("http://u%C3%A9@[fe80::a%25%C3%BC]/", "http://ué@[fe80::a%25%C3%BC]/",
                 id="zone-id-encoded-utf8-stays"),
]


@pytest.mark.parametrize(("uri", "iri"), ZONE_ID_URIS)
def test_to_iri_keeps_a_zone_id(uri: str, iri: str) -> None:
    """A URI whose host holds a zone identifier (RFC 6874), valid with allow_zone_id,
    has an IRI: the host as written (its "%25" is ASCII, which stays encoded), the rest
    decoded; the IRI reads back to the same URI with the same permission."""
    parsed = URI.parse(uri, allow_zone_id=True)
    assert parsed.to_iri() == iri
    assert uri_to_iri(uri, allow_zone_id=True) == iri
    assert URI.from_iri(iri, allow_zone_id=True) == parsed
    assert iri_to_uri(iri, allow_zone_id=True) == uri


def test_uri_to_iri_refuses_a_zone_id_without_the_permission() -> None:
    """Without allow_zone_id, text with a zone identifier is no URI-reference, as for
    URI.parse, and the error says which option reads it."""
    with pytest.raises(ParseError, match="allow_zone_id"):
        uri_to_iri("http://[fe80::1%25eth0]/")
    with pytest.raises(ParseError, match="allow_zone_id"):
        URI.from_iri("http://[fe80::1%25eth0]/")
