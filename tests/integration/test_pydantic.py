"""URI and FrozenURI as pydantic v2 field types (src/urikit/_model/pydantic.py)."""

from __future__ import annotations

import subprocess
import sys
from typing import Annotated

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("pydantic", reason="needs pydantic (the test extra)")

from pydantic import BaseModel, ConfigDict, ValidationError

from urikit import URI, FrozenURI, ParseError
from urikit._model.pydantic import URIOptions
from urikit._web.fields import (
    AbsoluteFrozenURI,
    AbsoluteURI,
    HttpFrozenURI,
    HttpURI,
    LenientFrozenURI,
    LenientHttpFrozenURI,
    LenientHttpURI,
    LenientURI,
)


class Link(BaseModel):
    """A model with a mutable URI field, checked on assignment too."""

    model_config = ConfigDict(validate_assignment=True)

    href: URI
    base: AbsoluteURI | None = None


class Bookmark(BaseModel):
    """A frozen, hashable model with a FrozenURI field."""

    model_config = ConfigDict(frozen=True)

    uri: FrozenURI
    title: str = ""


class Incoming(BaseModel):
    """Text from a browser or a framework, repaired on the way in."""

    url: LenientURI
    canonical: LenientFrozenURI | None = None
    home: AbsoluteFrozenURI | None = None


def test_importing_urikit_does_not_import_pydantic() -> None:
    """urikit, and the modules that hold the pydantic support, load without pydantic:
    it is imported when pydantic builds a schema."""
    code = ("import sys, urikit, urikit._model.pydantic, urikit._web.fields; "
            "assert 'pydantic' not in sys.modules and 'pydantic_core' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_str_is_parsed_strictly_and_kept_exactly() -> None:
    """Text becomes a URI of the annotated class, every byte as written."""
    link = Link.model_validate({"href": "HTTP://Example.COM:80/a/./b?q=%7e#f"})
    assert type(link.href) is URI
    assert str(link.href) == "HTTP://Example.COM:80/a/./b?q=%7e#f"


def test_uri_objects_are_accepted_and_converted() -> None:
    """A URI is copied (the model does not share it); a FrozenURI becomes a URI for a
    URI field and stays itself for a FrozenURI field."""
    given = URI.parse("https://a.example/x")
    link = Link.model_validate({"href": given})
    assert link.href == given
    assert link.href is not given
    given.path = "/changed"
    assert str(link.href) == "https://a.example/x"
    frozen = FrozenURI.parse("https://a.example/y")
    assert type(Link.model_validate({"href": frozen}).href) is URI
    assert Bookmark.model_validate({"uri": frozen}).uri is frozen
    assert type(Bookmark.model_validate({"uri": URI.parse("/z")}).uri) is FrozenURI


def test_parse_error_keeps_position_and_component() -> None:
    """The pydantic error carries urikit's message and, in its context, the position,
    component, reason and hint of the ParseError."""
    with pytest.raises(ValidationError) as info:
        Link.model_validate({"href": "http://a/b c"})
    (error,) = info.value.errors()
    with pytest.raises(ParseError) as parse_error:
        URI.parse("http://a/b c")
    assert error["type"] == "uri_parsing"
    assert error["loc"] == ("href",)
    assert error["msg"] == str(parse_error.value)
    assert error.get("ctx") == {"message": str(parse_error.value),
                                "reason": "invalid character ' '",
                                "position": 10, "component": "path", "hint": ""}


def test_error_on_assignment_and_from_json() -> None:
    """Assignment is validated the same way, and so is JSON input."""
    link = Link.model_validate({"href": "/ok"})
    with pytest.raises(ValidationError) as info:
        link.href = "http://h:8a/"  # type: ignore[assignment]
    assert info.value.errors()[0].get("ctx", {}).get("component") == "port"
    assert str(link.href) == "/ok"
    with pytest.raises(ValidationError) as info:
        Link.model_validate_json('{"href": "http://[::1/"}')
    assert info.value.errors()[0]["type"] == "uri_parsing"


def test_other_types_are_refused() -> None:
    """Only text or a URI object is a URI."""
    with pytest.raises(ValidationError) as info:
        Link.model_validate({"href": 42})
    assert info.value.errors()[0]["type"] == "uri_type"
    with pytest.raises(ValidationError):
        Link.model_validate_json('{"href": 42}')


def test_frozen_model_with_frozen_uri_is_hashable() -> None:
    """A frozen model whose field is a FrozenURI hashes and compares by value."""
    a = Bookmark.model_validate({"uri": "https://a.example/", "title": "A"})
    b = Bookmark.model_validate({"uri": FrozenURI.parse("https://a.example/"), "title": "A"})
    assert a == b
    assert hash(a) == hash(b)
    # pydantic gives a frozen model its __hash__ when it makes the class
    assert len({a, b}) == 1  # pyright: ignore[reportUnhashable]
    with pytest.raises(ValidationError):
        a.uri = FrozenURI.parse("https://b.example/")


def test_lenient_variant_repairs_input() -> None:
    """LenientURI reads what browsers and frameworks send; the strict type refuses it."""
    incoming = Incoming.model_validate({"url": "/list?ids[]=1&q=a|b c",
                                        "canonical": "https://bücher.example/é"})
    assert type(incoming.url) is URI
    assert str(incoming.url) == "/list?ids%5B%5D=1&q=a%7Cb%20c"
    assert type(incoming.canonical) is FrozenURI
    assert str(incoming.canonical) == "https://xn--bcher-kva.example/%C3%A9"
    with pytest.raises(ValidationError):
        Link.model_validate({"href": "/list?ids[]=1"})


def test_lenient_variant_reports_a_host_idna_refuses() -> None:
    """A URIError other than a ParseError is a ``uri_error`` with urikit's message."""
    with pytest.raises(ValidationError) as info:
        Incoming.model_validate({"url": "http://b\u00e9\ufffd.example/"})
    (error,) = info.value.errors()
    assert error["type"] == "uri_error"
    assert "bé\ufffd.example" in error["msg"]


def test_absolute_variant_requires_a_scheme() -> None:
    """AbsoluteURI refuses a relative reference, as text or as an object."""
    link = Link.model_validate({"href": "/a", "base": "https://a.example/"})
    assert str(link.base) == "https://a.example/"
    with pytest.raises(ValidationError) as info:
        Link.model_validate({"href": "/a", "base": "//a.example/"})
    (error,) = info.value.errors()
    assert error["type"] == "uri_scheme_required"
    assert error.get("ctx") == {"text": "//a.example/"}
    with pytest.raises(ValidationError) as info:
        Link.model_validate({"href": "/a", "base": "//joe:secret@h/"})
    (error,) = info.value.errors(include_input=False)
    assert "secret" not in repr(error)
    assert error.get("ctx") == {"text": "//joe:***@h/"}
    with pytest.raises(ValidationError):
        Incoming.model_validate({"url": "/", "home": FrozenURI.parse("/home")})


def test_json_round_trip() -> None:
    """In JSON a URI is its text; reading the JSON back gives an equal model. In
    Python mode the dump keeps the object."""
    link = Link.model_validate({"href": "https://a.example/a%2Fb?x=%C3%A9#top",
                                "base": "https://a.example/"})
    text = link.model_dump_json()
    assert text == ('{"href":"https://a.example/a%2Fb?x=%C3%A9#top",'
                    '"base":"https://a.example/"}')
    assert Link.model_validate_json(text) == link
    assert link.model_dump(mode="json") == {"href": "https://a.example/a%2Fb?x=%C3%A9#top",
                                            "base": "https://a.example/"}
    assert type(link.model_dump()["href"]) is URI
    bookmark = Bookmark.model_validate({"uri": "urn:isbn:0451450523"})
    assert Bookmark.model_validate_json(bookmark.model_dump_json()) == bookmark


def test_json_schema() -> None:
    """The schema says string with format uri-reference, or uri where a scheme is
    required."""
    properties = Link.model_json_schema()["properties"]
    assert properties["href"] == {"type": "string", "format": "uri-reference",
                                  "title": "Href"}
    assert properties["base"]["anyOf"][0] == {"type": "string", "format": "uri"}
    incoming = Incoming.model_json_schema(mode="serialization")["properties"]
    assert incoming["url"] == {"type": "string", "format": "uri-reference", "title": "Url"}
    assert incoming["home"]["anyOf"][0] == {"type": "string", "format": "uri"}


def test_options_marker_combines_lenient_and_absolute() -> None:
    """URIOptions can ask for both; it annotates only the URI classes."""

    class Target(BaseModel):
        url: Annotated[URI, URIOptions(lenient=True, absolute=True)]

    target = Target.model_validate({"url": "https://a.example/a b"})
    assert str(target.url) == "https://a.example/a%20b"
    with pytest.raises(ValidationError):
        Target.model_validate({"url": "/a b"})
    assert URIOptions(lenient=True) == URIOptions(lenient=True)
    assert repr(URIOptions()) == "URIOptions(lenient=False, absolute=False, http=False)"
    with pytest.raises(TypeError, match="annotates URI or FrozenURI"):

        class Wrong(BaseModel):  # pyright: ignore[reportUnusedClass] (its definition raises)
            url: Annotated[str, URIOptions()]


class Fetch(BaseModel):
    """A model with the http(s) URL field types."""

    url: HttpURI
    frozen: HttpFrozenURI | None = None
    pasted: LenientHttpURI | None = None
    pasted_frozen: LenientHttpFrozenURI | None = None


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        pytest.param("javascript:alert(1)", "uri_http_scheme", id="javascript"),
        pytest.param("ftp://h/", "uri_http_scheme", id="ftp"),
        pytest.param("mailto:joe@example.com", "uri_http_scheme", id="mailto"),
        pytest.param("https:", "uri_host_required", id="no-authority"),
        pytest.param("http:///a", "uri_host_required", id="empty-host"),
        pytest.param("http://h:99999/", "uri_port_range", id="port-99999"),
        pytest.param("http://h:65536/", "uri_port_range", id="port-65536"),
        pytest.param("http://h:" + "9" * 5000 + "/", "uri_port_range", id="port-5000-digits"),
        pytest.param("//h/a", "uri_scheme_required", id="relative"),
        pytest.param("http://h/a b", "uri_parsing", id="strict"),
    ],
)
def test_http_field_refuses(text: str, kind: str) -> None:
    """HttpURI takes only http(s) URLs with a host and a TCP port; each refusal has
    its own error type."""
    for field in ("url", "frozen"):
        with pytest.raises(ValidationError) as info:
            Fetch.model_validate({"url": "http://ok/", field: text})
        (error,) = info.value.errors()
        assert error["type"] == kind
        assert error["loc"] == (field,)


@pytest.mark.parametrize(
    "text",
    ["http://h/", "https://h/", "HTTPS://Example.COM:443/a?b#c", "http://h:65535/",
     "http://h:0000080/", "http://h:/", "http://[::1]:8080/", "http://joe@h/",
     "https://xn--bcher-kva.example/"],
)
def test_http_field_accepts(text: str) -> None:
    """Any case of the scheme, a port up to 65535 (leading zeros, or empty), an IP
    literal and userinfo are taken; the text is kept exactly."""
    fetch = Fetch.model_validate({"url": text, "frozen": text})
    assert str(fetch.url) == text
    assert fetch.frozen == FrozenURI.parse(text)
    assert Fetch.model_validate_json(fetch.model_dump_json()) == fetch


def test_lenient_http_field_repairs_then_checks() -> None:
    """LenientHttpURI repairs as LenientURI does, then applies the same checks."""
    fetch = Fetch.model_validate({"url": "http://h/", "pasted": "https://h/a b|c",
                                  "pasted_frozen": " HTTP://h/x "})
    assert str(fetch.pasted) == "https://h/a%20b%7Cc"
    assert isinstance(fetch.pasted_frozen, FrozenURI)
    for bad in ("javascript:alert(1)", "https://h:70000/", "/a b"):
        with pytest.raises(ValidationError):
            Fetch.model_validate({"url": "http://h/", "pasted": bad})


def test_http_field_objects_and_schema() -> None:
    """URI objects go through the same checks; the JSON schema format is uri."""
    assert Fetch.model_validate({"url": URI.parse("https://h/")}).url == \
        URI.parse("https://h/")
    with pytest.raises(ValidationError):
        Fetch.model_validate({"url": FrozenURI.parse("ftp://h/")})
    properties = Fetch.model_json_schema()["properties"]
    assert properties["url"] == {"type": "string", "format": "uri", "title": "Url"}
    assert properties["pasted"]["anyOf"][0] == {"type": "string", "format": "uri"}
    assert URIOptions(http=True).absolute
    assert URIOptions(http=True) != URIOptions(absolute=True)


def test_no_password_in_any_field_error() -> None:
    """Every error of the URI field types masks the password, in its message and
    its context (pydantic adds the input itself, unless the model hides it)."""

    class Hidden(BaseModel):
        model_config = ConfigDict(hide_input_in_errors=True)

        url: HttpURI
        base: AbsoluteURI | None = None

    cases = [{"url": "ftp://joe:secret@h/"}, {"url": "http://joe:secret@h:99999/"},
             {"url": "http://joe:secret@/"}, {"url": "//joe:secret@h/"},
             {"url": "http://h/", "base": "//joe:secret@h/"},
             {"url": "http://joe:secret@h/a b"},
             {"url": URI.parse("ftp://joe:secret@h/")}]
    for case in cases:
        with pytest.raises(ValidationError) as info:
            Hidden.model_validate(case)
        assert "secret" not in str(info.value), case
        assert "secret" not in repr(info.value.errors(include_input=False)), case
