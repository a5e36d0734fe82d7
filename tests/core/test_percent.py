"""Percent-encoding (RFC 3986 §2.1, §2.4, §2.5): plain text is encoded as data, wire
text is decoded exactly once."""

from __future__ import annotations

import re
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import Component, EncodingError, ParseError, URIError, decode, encode
from urikit._core import grammar as g
from urikit._core.percent import SAFE, _mark_lone_percents, encode_octets

COMPONENTS: list[Component] = list(get_args(Component))

_UNRESERVED = "ABCXYZabcxyz0189-._~"
_SUB = "!$&'()*+,;="

ENCODE = [
    pytest.param("a/b", "segment", "a%2Fb", id="slash in segment"),
    pytest.param("a/b", "path", "a/b", id="slash in path"),
    pytest.param("Jos\u00e9", "segment", "Jos%C3%A9", id="utf-8"),
    pytest.param("50%", "segment", "50%25", id="percent"),
    pytest.param("%41", "fragment", "%2541", id="percent never kept"),
    pytest.param("#", "fragment", "%23", id="hash in fragment"),
    pytest.param("#", "query", "%23", id="hash in query"),
    pytest.param("?", "path", "%3F", id="question mark in path"),
    pytest.param("?/", "query", "?/", id="question mark and slash in query"),
    pytest.param("?/", "fragment", "?/", id="question mark and slash in fragment"),
    pytest.param("a b", "query", "a%20b", id="space"),
    pytest.param("&=+", "query", "&=+", id="query keeps pair delimiters"),
    pytest.param("&=+", "query_key", "%26%3D%2B", id="query key"),
    pytest.param("&=+", "query_value", "%26=%2B", id="query value"),
    pytest.param(":@", "segment", ":@", id="pchar delimiters in segment"),
    pytest.param(":", "user", "%3A", id="colon in user"),
    pytest.param(":", "password", ":", id="colon in password"),
    pytest.param(":", "userinfo", ":", id="colon in userinfo"),
    pytest.param("@", "userinfo", "%40", id="at in userinfo"),
    pytest.param(":", "host", "%3A", id="colon in host"),
    pytest.param("[::1]", "host", "%5B%3A%3A1%5D", id="brackets in host"),
    pytest.param("[]", "fragment", "%5B%5D", id="brackets in fragment"),
    pytest.param(_UNRESERVED, "host", _UNRESERVED, id="unreserved kept"),
    pytest.param(_SUB, "segment", _SUB, id="sub-delims kept in segment"),
    pytest.param(_SUB, "host", _SUB, id="sub-delims kept in host"),
    pytest.param(_SUB, "query_key", "!$%26'()*%2B,;%3D", id="sub-delims in query key"),
    pytest.param("", "segment", "", id="empty"),
    pytest.param("\x00\x1f\x7f", "path", "%00%1F%7F", id="controls"),
    pytest.param("\\\"<>^`{|}", "query", "%5C%22%3C%3E%5E%60%7B%7C%7D", id="excluded"),
    pytest.param("\U0001f600", "fragment", "%F0%9F%98%80", id="astral"),
    pytest.param("\u00ff", "segment", "%C3%BF", id="latin-1 as utf-8"),
    pytest.param("\udc80\udcff", "segment", "%80%FF", id="escaped raw bytes"),
]


@pytest.mark.parametrize(("text", "component", "wire"), ENCODE)
def test_encode(text: str, component: Component, wire: str) -> None:
    """encode writes every character the component does not allow, or that acts as a
    delimiter there, as uppercase %XX of its UTF-8 bytes, and '%' always as %25."""
    assert encode(text, component) == wire


DECODE = [
    pytest.param("%2525", "segment", "%25", id="once only"),
    pytest.param("Jos%C3%A9", "segment", "Jos\u00e9", id="utf-8"),
    pytest.param("a%2Fb", "segment", "a/b", id="encoded slash"),
    pytest.param("%7e%7E", "path", "~~", id="either case"),
    pytest.param("a+b", "query", "a+b", id="plus kept"),
    pytest.param("%80", "segment", "\udc80", id="non-utf-8 byte"),
    pytest.param("%C3", "segment", "\udcc3", id="truncated utf-8"),
    pytest.param("%C3%A9%FF", "fragment", "\u00e9\udcff", id="mixed"),
    pytest.param("", "host", "", id="empty"),
    pytest.param("a:b", "userinfo", "a:b", id="plain"),
    pytest.param("%00", "path", "\x00", id="nul"),
]


@pytest.mark.parametrize(("wire", "component", "text"), DECODE)
def test_decode(wire: str, component: Component, text: str) -> None:
    """decode reads each %XX once, as UTF-8, keeping octets that are not UTF-8 as
    U+DC80..U+DCFF."""
    assert decode(wire, component) == text


DECODE_INVALID = [
    pytest.param("50%", "segment", 2, id="bare percent"),
    pytest.param("%4", "path", 0, id="short triplet"),
    pytest.param("%g0", "query", 0, id="not hex"),
    pytest.param("a/b", "segment", 1, id="slash in segment"),
    pytest.param("a b", "path", 1, id="space"),
    pytest.param("Jos\u00e9", "path", 3, id="already decoded"),
    pytest.param("#", "fragment", 0, id="hash"),
    pytest.param("a@b", "host", 1, id="at in host"),
    pytest.param("a:b", "host", 1, id="colon in host"),
    pytest.param("a@", "userinfo", 1, id="at in userinfo"),
    pytest.param("[", "query", 0, id="bracket in query"),
]


@pytest.mark.parametrize(("text", "component", "position"), DECODE_INVALID)
def test_decode_rejects_invalid_wire_text(text: str, component: Component,
                                          position: int) -> None:
    """Text that is not valid wire text for the component (and so may be plain text
    already) is rejected, never decoded."""
    with pytest.raises(ParseError) as info:
        decode(text, component)
    assert info.value.position == position


def test_unknown_component_is_a_value_error() -> None:
    """An unknown component name raises ValueError for both directions."""
    with pytest.raises(ValueError, match="unknown component"):
        encode("a", "scheme")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown component"):
        decode("a", "port")  # type: ignore[arg-type]


@pytest.mark.parametrize("code", [0xD800, 0xDBFF, 0xDC00, 0xDC7F, 0xDD00, 0xDFFF])
def test_encode_rejects_surrogates_that_stand_for_no_byte(code: int) -> None:
    """A lone surrogate outside U+DC80..U+DCFF cannot be encoded: URIError."""
    for component in COMPONENTS:
        with pytest.raises(EncodingError):
            encode(f"a{chr(code)}b", component)


@given(st.text(), st.sampled_from(COMPONENTS))
def test_decode_after_encode_is_identity(text: str, component: Component) -> None:
    """For any text without surrogates, decode(encode(text)) gives the text back, and
    the encoded text is valid wire text of uppercase triplets and allowed characters."""
    wire = encode(text, component)
    assert decode(wire, component) == text
    assert wire.isascii()
    assert all(pair == pair.upper() for pair in re.findall("%(..)", wire))


@given(st.binary(), st.sampled_from(COMPONENTS))
def test_raw_bytes_survive_the_round_trip(data: bytes, component: Component) -> None:
    """Octets that are not UTF-8, decoded as U+DC80..U+DCFF, encode to the same
    octets."""
    text = data.decode("utf-8", "surrogateescape")
    wire = encode(text, component)
    assert decode(wire, component) == text
    assert encode(decode(wire, component), component) == wire


@given(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
       .filter(lambda c: not 0xDC80 <= ord(c) <= 0xDCFF), st.sampled_from(COMPONENTS))
def test_other_surrogates_raise(surrogate: str, component: Component) -> None:
    """Every surrogate outside U+DC80..U+DCFF raises URIError, never another error."""
    with pytest.raises(EncodingError):
        encode(surrogate, component)


@given(st.text(), st.sampled_from(COMPONENTS))
def test_decode_is_exactly_once(text: str, component: Component) -> None:
    """Encoding twice and decoding once gives the once-encoded text: nothing is
    decoded twice."""
    once = encode(text, component)
    assert decode(encode(once, component), component) == once


@pytest.mark.parametrize("component", COMPONENTS)
@pytest.mark.parametrize("text", ["\udcc3\udca9", "a\udce2\udc82\udcacb", "\udcff\udcc3\udca9"])
def test_escapes_that_form_utf8_are_refused(text: str, component: Component) -> None:
    """Surrogate escapes whose octets are UTF-8 together would read back as another
    character ("\\udcc3\\udca9" as "é"): encode refuses them and says why."""
    with pytest.raises(EncodingError, match="octets are the UTF-8 of") as info:
        encode(text, component)
    assert "position" in str(info.value)


@given(st.binary(), st.sampled_from(COMPONENTS))
def test_encode_accepts_escapes_exactly_when_they_read_back(data: bytes,
                                                            component: Component) -> None:
    """Any text of escapes is encoded exactly when decoding the result gives it back."""
    text = "".join(chr(0xDC00 + b) if b >= 0x80 else chr(b) for b in data)
    reads_back = text.encode("utf-8", "surrogateescape").decode("utf-8",
                                                                "surrogateescape") == text
    try:
        wire = encode(text, component)
    except URIError:
        assert not reads_back
    else:
        assert reads_back
        assert decode(wire, component) == text


def test_wire_identity_of_raw_octets_holds() -> None:
    """Reading %FF, %C3 alone or invalid UTF-8 and writing the text back gives the same wire."""
    for wire in ("%FF", "%C3", "%C3(", "a%E2%82b", "%ED%A0%80", "%C0%AF"):
        assert encode(decode(wire, "fragment"), "fragment") == wire


# --- the octet encoder every percent-encoding goes through -------------------------

def _encoded_octets(data: bytes, keep: frozenset[str]) -> str:
    """The definition: each octet that is a kept ASCII character as itself, every other
    one as %XX, one octet at a time."""
    return "".join(chr(b) if b < 0x80 and chr(b) in keep else f"%{b:02X}" for b in data)


_KEEP_SETS = st.sampled_from([SAFE[name] for name in sorted(SAFE)]
                             + [frozenset(), frozenset(map(chr, range(0x80)))])


@given(st.binary(), _KEEP_SETS)
def test_encode_octets_is_the_octet_by_octet_definition(data: bytes,
                                                         keep: frozenset[str]) -> None:
    """encode_octets writes the same text as encoding one octet at a time, for any
    octets (0xC0 and 0xFF, which it uses inside, included) and any kept set."""
    assert encode_octets(data, keep) == _encoded_octets(data, keep)


# "%", hex digits, a non-hex letter, octets of several lengths, and what stands near
# them inside the encoder (0xC0 is its mark for a lone "%")
_PERCENT_CHARS = st.sampled_from(["%", "%", "4", "1", "a", "F", "g", " ", "[", "é",
                                  "\u00c0", "\uffff", "\U0001f600"])
_PERCENT_TEXTS = st.text(_PERCENT_CHARS)


@given(_PERCENT_TEXTS, _KEEP_SETS.filter(lambda keep: keep >= g.HEXDIG))
def test_encode_octets_keeps_triplets_as_the_grammar_reads_them(text: str,
                                                                 keep: frozenset[str]) -> None:
    """With triplets, a "%" that starts a triplet stays and every "%" that
    g.BAD_PERCENT_RE finds (no two hex digits after it) becomes %25; the rest is the
    octet-by-octet definition."""
    pieces = g.BAD_PERCENT_RE.split(text)
    expected = "%25".join(
        _encoded_octets(piece.encode(), keep | {"%"}) for piece in pieces)
    assert encode_octets(text.encode(), keep, triplets=True) == expected


@given(st.text(st.sampled_from("%%%4aAgF0/ "), max_size=24))
def test_lone_percents_decode_as_urllib_decodes_them(text: str) -> None:
    """A request path's octets: each triplet decoded once and each lone "%" kept, in C
    passes, as urllib's unquote_to_bytes (a server's decoding) gives them."""
    from urllib.parse import unquote_to_bytes

    from urikit._core.percent import unquote_with_lone_percents

    assert unquote_with_lone_percents(text) == unquote_to_bytes(text)


@given(_PERCENT_TEXTS)
def test_lone_percents_are_those_the_grammar_finds(text: str) -> None:
    """The C-speed marking of a "%" that starts no triplet finds exactly the "%" that
    g.BAD_PERCENT_RE finds (the copy agrees with the rule's home)."""
    data = text.encode()
    marked = _mark_lone_percents(data)
    assert len(marked) == len(data)
    found = {i for i, b in enumerate(marked) if b == 0xC0}
    # the octet offsets of the grammar's matches
    expected = {len(text[:m.start()].encode()) for m in g.BAD_PERCENT_RE.finditer(text)}
    assert found == expected
    assert marked.replace(b"\xc0", b"%") == data


def test_megabyte_runs_encode_like_short_ones() -> None:
    """Long runs of one kind (what the scaling benchmark feeds) give what a short run
    repeated gives."""
    for unit, keep in [("é", g.PATH), ("%", g.PATH), ("@", g.USERINFO), ("%4", g.PATH),
                       ("%41", g.PATH), ("a[", g.QUERY)]:
        short = encode_octets(unit.encode(), keep, triplets=True)
        assert encode_octets((unit * 100_000).encode(), keep, triplets=True) == short * 100_000


@given(st.binary(min_size=48, max_size=200), _KEEP_SETS)
def test_encode_octets_of_longer_data_is_the_definition(data: bytes,
                                                        keep: frozenset[str]) -> None:
    """Past the short-text path too, encode_octets is the octet-by-octet definition."""
    assert encode_octets(data, keep) == _encoded_octets(data, keep)


@given(st.text(_PERCENT_CHARS, min_size=48, max_size=120))
def test_lone_percents_in_longer_text_become_25(text: str) -> None:
    """Past the short-text path, a lone "%" is still %25 and a triplet stays."""
    pieces = g.BAD_PERCENT_RE.split(text)
    expected = "%25".join(_encoded_octets(piece.encode(), g.PATH | {"%"}) for piece in pieces)
    assert encode_octets(text.encode(), g.PATH, triplets=True) == expected


def test_encode_octets_across_its_chunks() -> None:
    """Text longer than a chunk (64 KiB) encodes as its octets one by one, a lone "%"
    or a triplet across a chunk's edge included."""
    for edge in range(65_533, 65_537):
        data = b"a" * edge + b"%4" + b"1\xc3\xa9[" * 3 + b"%"
        assert encode_octets(data, g.PATH, triplets=True) == (
            "a" * edge + "%41%C3%A9%5B1%C3%A9%5B1%C3%A9%5B%25")
        assert encode_octets(data, g.PATH) == _encoded_octets(data, g.PATH)
