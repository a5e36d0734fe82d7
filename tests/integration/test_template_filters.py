"""The Jinja filters the Flask and Starlette adapters install, in a plain Jinja
environment: a value as Django's ``{% querystring %}`` reads it, the builder's names."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.integration
jinja2 = pytest.importorskip("jinja2", reason="needs Jinja (the test extra)")

from urikit import URI, FrozenURI
from urikit._web.adapters import FILTERS

ENV = jinja2.Environment(autoescape=False)
ENV.filters.update(FILTERS)
HERE = FrozenURI.parse("https://h/items?color=blue&page=2&q=a%20b")


def _render(source: str, **context: object) -> str:
    text: str = ENV.from_string(source).render(here=HERE, **context)
    return text


@pytest.mark.parametrize(("value", "expected"), [
    pytest.param(None, "https://h/items?color=blue&q=a%20b", id="None-removes"),
    pytest.param(["red", "green"], "https://h/items?color=blue&page=red&page=green&q=a%20b",
                 id="list-repeats"),
    pytest.param([], "https://h/items?color=blue&q=a%20b", id="empty-list-removes"),
    pytest.param(3, "https://h/items?color=blue&page=3&q=a%20b", id="int"),
    pytest.param(True, "https://h/items?color=blue&page=True&q=a%20b", id="bool-as-Django"),
    pytest.param(FrozenURI.parse("/a?b=c&d"), "https://h/items?color=blue&page=/a?b=c%26d&q=a%20b",
                 id="uri-as-text"),
])
def test_with_param_reads_a_value_as_querystring(value: object, expected: str) -> None:
    """``with_param`` sets a value as Django's ``{% querystring %}`` does: ``None``
    removes the key (it wrote ``?page``), a list repeats it."""
    assert _render("{{ here|with_param('page', v) }}", v=value) == expected


def test_add_segments_appends() -> None:
    """``add_segments`` appends plain-text segments ("/" encoded, an int its digits)."""
    assert _render("{{ here|add_segments('a/b', 7) }}") == (
        "https://h/items/a%2Fb/7?color=blue&page=2&q=a%20b")


def test_with_segments_is_a_deprecated_alias() -> None:
    """The old name still works for a release, with a DeprecationWarning."""
    with pytest.warns(DeprecationWarning, match="add_segments"):
        text = _render("{{ here|with_segments('x') }}")
    assert text == "https://h/items/x?color=blue&page=2&q=a%20b"


def test_filters_leave_a_mutable_uri_alone() -> None:
    """A mutable URI given to a filter is copied first."""
    uri = URI.parse("https://h/x?page=1")
    assert _render("{{ u|with_param('page', [1, 2])|add_segments('y') }}", u=uri) == (
        "https://h/x/y?page=1&page=2")
    assert str(uri) == "https://h/x?page=1"
