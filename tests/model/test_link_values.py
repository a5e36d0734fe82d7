"""Links where text is expected: a URI as a query value, an int as a segment, the
path-only form of a link (issue #41)."""

from __future__ import annotations

import pytest

from urikit import URI, FrozenURI, decode, encode_query


@pytest.mark.parametrize("cls", [URI, FrozenURI])
def test_a_uri_is_a_query_value_as_its_text(cls: type[URI] | type[FrozenURI]) -> None:
    """``here.set_param("next", here)`` writes here's text, encoded once: the value
    decodes back to exactly that text."""
    here = cls.parse("https://shop.example/cart?step=2&x=a%20b#top")
    text = str(here)
    link = here.set_param("next", here)  # a URI is edited in place: its text before
    assert link.params["next"] == text
    assert link.query == "step=2&x=a%20b&next=https://shop.example/cart?step=2%26x=a%2520b%23top"
    assert decode(str(link.query).rpartition("next=")[2], "query_value") == text


def test_every_query_builder_takes_a_uri_value() -> None:
    """add_param, a list value, the params view and encode_query take a URI too."""
    target = FrozenURI.parse("/a?b=c")
    assert str(URI.parse("/p").add_param("n", target)) == "/p?n=/a?b=c"
    assert str(URI.parse("/p").set_param("n", [target, URI.parse("x")])) == "/p?n=/a?b=c&n=x"
    uri = URI.parse("/p")
    uri.params.extend([("n", target)])
    assert str(uri) == "/p?n=/a?b=c"
    assert encode_query({"n": target}) == "n=/a?b=c"
    assert str(URI.parse("/p?n=/a?b=c").discard_param_pair("n", target)) == "/p"


def test_other_values_are_still_refused() -> None:
    """A float or a bool is still a TypeError, its message naming what is taken."""
    with pytest.raises(TypeError, match=r"str, int or None \(or a URI\), not float"):
        URI.parse("/p").set_param("n", 1.5)  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [URI, FrozenURI])
def test_an_int_is_a_segment_as_set_param_takes_it(cls: type[URI] | type[FrozenURI]) -> None:
    """``add_segments_text(42)`` writes "42", as ``set_param("page", 42)`` does."""
    assert str(cls.parse("https://h/users/").add_segments_text(42, "a b", -1)) == (
        "https://h/users/42/a%20b/-1")
    assert str(cls.parse("https://h/a").with_name(7)) == "https://h/7"  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a segment must be str, not bool"):
        cls.parse("/").add_segments_text(True)


@pytest.mark.parametrize("cls", [URI, FrozenURI])
@pytest.mark.parametrize(("text", "expected"), [
    ("https://joe:secret@h:8443/a/b?q=1#top", "/a/b?q=1#top"),
    ("https://h", "/"),
    ("https://h?q", "/?q"),
    ("https://h//evil.example/x", "/.//evil.example/x"),
    ("urn:isbn:0451450523", "./isbn:0451450523"),
    ("urn:a:b", "./a:b"),
    ("/already?x#y", "/already?x#y"),
    ("", ""),
])
def test_relative_is_the_path_only_form(cls: type[URI] | type[FrozenURI], text: str,
                                        expected: str) -> None:
    """``relative()`` keeps path, query and fragment, as yarl's ``URL.relative()``;
    resolved against the link's own origin it names the same resource."""
    uri = cls.parse(text)
    relative = uri.relative()
    assert type(relative) is cls
    assert relative is not uri
    assert str(relative) == expected
    assert str(uri) == text  # a new object: the URI is not edited
    if uri.host is not None:
        assert uri.resolve(str(relative)) == cls.parse(text).set(path=str(uri.path) or "/")
