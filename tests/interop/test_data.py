"""data: URIs (RFC 2397): the reader, the builder and their round trip."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, FrozenURI, ParseError, URIError

GIF: str = ("R0lGODdhMAAwAPAAAAAAAP///ywAAAAAMAAwAAAC8IyPqcvt3wCcDkiLc7C0qwyGHhSWpjQu5yqmCYsapyuv"
            "UUlvONmOZtfzgFzByTB10QgxOR0TqBQejhRNzOfkVJ+5YiUqrXF5Y5lKh/DeuNcP5yLWGsEbtLiOSpa/T"
            "Pg7JpJHxyendzWTBfX0cxOnKPjgBzi4diinWGdkF8kjdfnycQZXZeYGejmJlZeGl9i2icVqaNVailT6F5"
            "iJ90m6mvuTS4OK05M0vDk0Q4XUtwvKOzrcd3iq9uisF81M1OIcR7lEewwcLp7tuNNkM3uNna3F2JQFo97"
            "Vriy/Xl4/f1cf5VWzXyym7PHhhx4dbgYKAAA7")

RFC_2397_4_EXAMPLES = [
    pytest.param("data:,A%20brief%20note", "text/plain", (("charset", "US-ASCII"),), False,
                 b"A brief note", id="default-media-type"),
    pytest.param("data:text/plain;charset=iso-8859-7,%be%be", "text/plain",
                 (("charset", "iso-8859-7"),), False, b"\xbe\xbe", id="charset"),
    pytest.param("data:application/vnd-xxx-query,select_vcount,fcol_from_fieldtable/local",
                 "application/vnd-xxx-query", (), False,
                 b"select_vcount,fcol_from_fieldtable/local", id="vnd"),
    pytest.param("data:;charset=utf-8,%C3%A9?x#f", "text/plain", (("charset", "utf-8"),),
                 False, b"\xc3\xa9?x", id="type-omitted-query-kept-fragment-not"),
]


@pytest.mark.parametrize(("text", "media_type", "params", "is_b64", "payload"),
                         RFC_2397_4_EXAMPLES)
def test_rfc_2397_examples(text: str, media_type: str, params: tuple[tuple[str, str], ...],
                           is_b64: bool, payload: bytes) -> None:
    """RFC 2397 §4's examples read as the RFC says (§2's defaults filled in)."""
    content = URI.parse(text).to_data()
    assert content == (media_type, params, is_b64, payload)


def test_rfc_2397_gif_example() -> None:
    """The base64 GIF of RFC 2397 §4 decodes to a GIF87a image."""
    content = URI.parse(f"data:image/gif;base64,{GIF}").to_data()
    assert content.media_type == "image/gif"
    assert content.base64
    assert content.payload.startswith(b"GIF87a")
    assert len(content.payload) == 273


def test_rfc_2397_example_with_a_bad_escape_is_refused() -> None:
    """RFC 2397 §4's ``%be%fg%be`` is no valid percent-encoding: a URIError."""
    with pytest.raises(URIError):
        URI.parse("data:text/plain;charset=iso-8859-7,%be%fg%be").to_data()


#: Where the WHATWG fetch data: URL processor (browsers) differs from RFC 2397: the
#: browser's reading in the id; this reader refuses each.
WHATWG_DIFFERENCES = [
    pytest.param("data:;base64,QQ", id="browser-reads-unpadded-as-A"),
    pytest.param("data:;base64,QQ%3D%20%3D", id="browser-strips-spaces"),
    pytest.param("data:text/plain;%20base64,QQ==", id="browser-drops-space-before-base64"),
    pytest.param("data:foo,x", id="browser-reads-bad-type-as-text-plain"),
    pytest.param("data:text/plain", id="no-comma-browser-fails-too"),
    pytest.param("http://h/,x", id="not-data"),
    pytest.param("data://h/,x", id="authority"),
]


@pytest.mark.parametrize("text", WHATWG_DIFFERENCES)
def test_strict_reader_refuses_what_browsers_forgive(text: str) -> None:
    """The strict RFC 2397 reader refuses with a ParseError what a browser repairs."""
    with pytest.raises(ParseError):
        URI.parse(text).to_data()


def test_percent_encoded_base64_is_read() -> None:
    """Base64 characters written percent-encoded are the same characters."""
    assert URI.parse("data:;base64,QQ%3D%3D").to_data().payload == b"A"


def test_from_data_writes_the_media_type_and_shorter_form() -> None:
    """The builder writes a Content-Type as RFC 2397 does and picks the shorter form."""
    assert str(URI.from_data(b"hi there", "text/html; charset=utf-8")) == \
        "data:text/html;charset=utf-8,hi%20there"
    assert str(URI.from_data(b"\x00" * 12, "image/png")) == "data:image/png;base64," + "A" * 16
    assert str(URI.from_data(b"A", base64=False)) == "data:,A"
    with pytest.raises(ParseError):
        URI.from_data(b"x", "text")
    with pytest.raises(TypeError):
        URI.from_data("x", "text/plain")  # type: ignore[arg-type]


MEDIA_TYPES = st.sampled_from(["", "text/plain", "image/png", "application/ld+json",
                               "text/plain;charset=utf-8", ";charset=utf-8",
                               "application/x-a;q=1;r=%#"])


@given(st.binary(max_size=64), MEDIA_TYPES, st.sampled_from([None, True, False]))
def test_data_round_trip(payload: bytes, media_type: str, is_b64: bool | None) -> None:
    """Built from bytes and a media type, a data URI reads back the same bytes, media
    type and parameters, reads back from its own text, on both classes."""
    built = FrozenURI.from_data(payload, media_type, base64=is_b64)
    content = built.to_data()
    assert content.payload == payload
    if is_b64 is not None:
        assert content.base64 is is_b64
    head = media_type.split(";")
    assert content.media_type == (head[0] or "text/plain")
    assert dict(content.parameters) == (dict(p.split("=") for p in head[1:])
                                        or ({} if head[0] else {"charset": "US-ASCII"}))
    assert FrozenURI.parse(str(built)) == built
    assert URI.from_data(payload, media_type, base64=is_b64) == built.thaw()


def _parameters_one_by_one(text: str) -> tuple[tuple[str, str], ...] | None:
    """The parameters of ``;a=b;...`` read piece by piece with the RFC 2045 token
    pattern (the reading before the parameters were read at once), or None."""
    import re

    token = re.compile(r"[!#$%&'*+\-.0-9A-Z^_`a-z{|}~]+")
    params = []
    for piece in text.split(";")[1:]:
        name, eq, value = piece.partition("=")
        if not eq or not token.fullmatch(name) or not token.fullmatch(value):
            return None
        params.append((name.lower(), value))
    return tuple(params)


@given(st.lists(st.sampled_from([";", "=", "a", "B", "-", " ", "\u00e9", "/", "x=y"]),
                max_size=12).map("".join))
def test_parameters_read_at_once_are_those_read_one_by_one(tail: str) -> None:
    """The media type's parameters, checked and read in C at once, are those read one
    by one (the same value or the same refusal, at the same place)."""
    text = f"data:text/plain;{tail},x"
    expected = _parameters_one_by_one(f";{tail}")
    uri = URI.parse_lenient(text) if " " in text or "\u00e9" in text else URI.parse(text)
    if expected is None:
        with pytest.raises(ParseError, match="media type"):
            uri.to_data()
    else:
        assert uri.to_data().parameters == expected
