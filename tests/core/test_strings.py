"""urikit.resolve and urikit.normalize, strings in and string out: the RFC 3986 §5.4
examples, and the same result, or the same error, as the URI class on generated input."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import urikit
from urikit import URI, NormalizeOptions, ParseError, ResolveError, Rule, strategies

from .test_resolve import BASE, RFC3986_5_4_1_NORMAL, RFC3986_5_4_2_ABNORMAL


def _outcome(call: Callable[[], object]) -> tuple[str, str]:
    """What ``call`` gives: ``("ok", its text)``, or the class and message of the
    URIError or TypeError it raises."""
    try:
        return ("ok", str(call()))
    except (urikit.URIError, TypeError) as error:
        return (type(error).__name__, str(error))


@pytest.mark.parametrize(("reference", "target"), RFC3986_5_4_1_NORMAL)
def test_rfc3986_normal_examples(reference: str, target: str) -> None:
    """Each normal example of §5.4.1 gives the RFC's target, in both modes."""
    assert urikit.resolve(BASE, reference) == target
    assert urikit.resolve(BASE, reference, strict=False) == target


@pytest.mark.parametrize(("reference", "target", "strict"), RFC3986_5_4_2_ABNORMAL)
def test_rfc3986_abnormal_examples(reference: str, target: str, strict: bool) -> None:
    """Each abnormal example of §5.4.2 gives the RFC's target (the last one in each
    mode)."""
    assert urikit.resolve(BASE, reference, strict=strict) == target


@pytest.mark.parametrize(("base", "reference", "target"), [
    # the base's fragment is never used (§5.1)
    ("http://a/b#f", "c", "http://a/c"),
    # a path starting with "//" under no authority reads back through its "/." guard
    ("x:/a/b", "..//c", "x:/.//c"),
    # the base's scheme spelling is kept, the reference's dot segments removed
    ("HTTP://A/b/c", "./d/../e", "HTTP://A/b/e"),
    # an empty query and an empty fragment are kept: undefined is not empty
    ("http://a/b?q", "?", "http://a/b?"),
    ("http://a/b?q", "#", "http://a/b?q#"),
])
def test_resolve_other_bases(base: str, reference: str, target: str) -> None:
    assert urikit.resolve(base, reference) == target


@pytest.mark.parametrize("base", ["//a/b", "/a/b", "a", "", "?q", "#f"])
def test_relative_base_is_a_resolve_error(base: str) -> None:
    """A base without a scheme is refused (§5.1), before the reference is read."""
    with pytest.raises(ResolveError, match="must have a scheme") as info:
        urikit.resolve(base, "g")
    assert info.value.rule is Rule.BASE_NEEDS_SCHEME
    assert info.value.base == base
    with pytest.raises(ResolveError):
        urikit.resolve(base, "not a reference")


def test_the_base_is_read_before_the_reference() -> None:
    with pytest.raises(ParseError) as info:
        urikit.resolve("http://a/b c", "d e")
    assert info.value.position == 10
    with pytest.raises(ParseError) as info:
        urikit.resolve("http://a/b", "d e")
    assert info.value.position == 1


def test_a_password_never_shows_in_a_resolve_error() -> None:
    with pytest.raises(ResolveError) as info:
        urikit.resolve("//joe:secret@h/", "x")
    assert "secret" not in str(info.value)
    assert "joe:***" in str(info.value)


@pytest.mark.parametrize("call", [
    lambda: urikit.resolve(b"http://a/", "b"),  # type: ignore[arg-type]
    lambda: urikit.resolve("http://a/", None),  # type: ignore[arg-type]
    lambda: urikit.resolve(URI.parse("http://a/"), "b"),  # type: ignore[arg-type]
    lambda: urikit.normalize(b"http://a/"),  # type: ignore[arg-type]
])
def test_anything_but_text_is_a_type_error(call: Callable[[], object]) -> None:
    """A ``TypeError`` (the pure build says which argument "must be str"; the compiled
    build's signature check words its own message)."""
    with pytest.raises(TypeError):
        call()


def test_a_str_subclass_is_read_as_its_text() -> None:
    class Text(str):
        pass

    result = urikit.resolve(Text("http://a/b/c"), Text("../d"))
    assert result == "http://a/d"
    assert type(result) is str
    assert type(urikit.normalize(Text("HTTP://A/"))) is str


@given(strategies.absolute_uris() | strategies.uri_references(), strategies.uri_references(),
       st.booleans())
@example("http://a/b/c/d;p?q", "http:g", False)
def test_resolve_is_the_uri_class_on_valid_text(base: str, reference: str,
                                                 strict: bool) -> None:
    """On any valid pair, the text of ``URI.parse(base).resolve(reference)``, or its
    error (a relative base), with its message."""
    assert _outcome(lambda: urikit.resolve(base, reference, strict=strict)) == _outcome(
        lambda: URI.parse(base).resolve(reference, strict=strict))


# Text that is often not a URI-reference: the delimiters, characters no component
# allows, stray "%", and brackets.
_ROUGH = st.text(alphabet=st.sampled_from(list("ab:/?#[]@%25 .é\\|^{}")), max_size=16)


@given(_ROUGH | strategies.uri_references(), _ROUGH | strategies.uri_references())
@example("http://a/b c", "d e")
@example("a", "%zz")
@example("http://[fe80::1%25eth0]/", "x")
def test_resolve_fails_as_the_uri_class_does(base: str, reference: str) -> None:
    """On any text, the same result or the same error class and message."""
    assert _outcome(lambda: urikit.resolve(base, reference)) == _outcome(
        lambda: URI.parse(base).resolve(reference))


_OPTIONS = st.builds(NormalizeOptions, case=st.booleans(), percent=st.booleans(),
                     dot_segments=st.booleans(), scheme_based=st.booleans(),
                     ipv6_canonical=st.booleans())


@given(_ROUGH | strategies.uri_references(), _OPTIONS, st.booleans())
@example("HTTP://Example.COM:80/a/./b/../%7euser?%3d#F", NormalizeOptions(), False)
@example("http://[FE80::01%25Eth0]:80/", NormalizeOptions(ipv6_canonical=True), True)
@example("http://[FE80::01%25Eth0]:80/", NormalizeOptions(), False)
def test_normalize_is_the_uri_class(text: str, options: NormalizeOptions,
                                     allow_zone_id: bool) -> None:
    """``normalize`` gives the text of ``URI.parse(text).normalize(options)``, or the
    same error."""
    keywords: dict[str, Any] = {"allow_zone_id": allow_zone_id}
    assert _outcome(lambda: urikit.normalize(text, options, **keywords)) == _outcome(
        lambda: URI.parse(text, **keywords).normalize(options))


def test_normalize_defaults() -> None:
    assert urikit.normalize("HTTP://Example.COM:80/a/./b/../%7euser?%3d#F") == \
        "http://example.com/a/~user?%3D#F"
    assert urikit.normalize("http://[2001:DB8::01]/", NormalizeOptions(ipv6_canonical=True)) \
        == "http://[2001:db8::1]/"
    with pytest.raises(ParseError):
        urikit.normalize("http://[fe80::1%25eth0]/")
    assert urikit.normalize("http://[fe80::1%25eth0]/", allow_zone_id=True) == \
        "http://[fe80::1%25eth0]/"
