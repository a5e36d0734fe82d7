"""Django's own reverse tests (tests/urlpatterns_reverse and tests/urlpatterns, ported
as data in tests/data/django/) through urikit.django.reverse: every case gives what Django's test
expects, or is one of the differences counted in docs/django.md."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any, ClassVar

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("django", reason="needs Django (the test extra)")

import django
from django.conf import settings
from django.http import HttpRequest, HttpResponse, QueryDict
from django.test import override_settings
from django.test.utils import override_script_prefix
from django.urls import NoReverseMatch, URLPattern, URLResolver, include, path, re_path
from django.urls import reverse as django_reverse

if not settings.configured:  # another test module may have configured Django first
    settings.configure(DEBUG=False, SECRET_KEY="tests only", ALLOWED_HOSTS=[],
                       INSTALLED_APPS=[], MIDDLEWARE=[])
    django.setup()

import urikit.django as uk

HERE = Path(__file__).resolve().parents[1] / "data" / "django"
DATA: dict[str, Any] = json.loads((HERE / "urlpatterns_reverse.json").read_text(encoding="utf-8"))
PATTERNS: dict[str, Any] = json.loads((HERE / "urlpatterns.json").read_text(encoding="utf-8"))


def _view(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
    return HttpResponse()


def _patterns(entries: list[dict[str, Any]]) -> list[URLPattern | URLResolver]:
    """The URL configuration of the data: each entry a path() or re_path()."""
    made: list[URLPattern | URLResolver] = []
    for entry in entries:
        function = path if entry["kind"] == "path" else re_path
        target: Any = include(_patterns(entry["include"])) if "include" in entry else _view
        made.append(function(entry["route"], target, entry.get("defaults"),
                             name=entry.get("name")))
    return made


class URLConf:
    """Django's tests/urlpatterns_reverse/urls.py, from the data."""

    urlpatterns: ClassVar[list[URLPattern | URLResolver]] = _patterns(DATA["urlpatterns"])


class SameNameURLConf:
    """Django's tests/urlpatterns/path_same_name_urls.py, from the data."""

    urlpatterns: ClassVar[list[URLPattern | URLResolver]] = _patterns(
        PATTERNS["same_name_urlpatterns"])


class ConverterURLConf:
    """Django's tests/urlpatterns/converter_urls.py, from the data."""

    urlpatterns: ClassVar[list[URLPattern | URLResolver]] = _patterns(
        PATTERNS["converter_urlpatterns"])


#: What urikit answers differently, by case, with its reason (docs/django.md counts
#: them): the expected text of Django's test, and urikit's.
DIFFERENCES: dict[str, tuple[str, str]] = {
    # Django appends the fragment as it is: "#tab 1 is the best!" is no URI (a space is
    # not allowed in a fragment, RFC 3986 §3.5); urikit encodes it, once.
    "fragment-not-encoded": ("/test/1#tab 1 is the best!", "/test/1#tab%201%20is%20the%20best!"),
    # Django writes a query as an HTML form does ("+" for a space, "@", "?" and "!"
    # encoded); urikit as encode_query writes one: the same pairs to every reader.
    "query-encoded-as-a-form": (
        "/test/1?hello+world=django+project&foo=123&foo=456&%40invalid=%3F&%40invalid=%21"
        "&%40invalid=a+b",
        "/test/1?hello%20world=django%20project&foo=123&foo=456&@invalid=?&@invalid=!"
        "&@invalid=a%20b"),
}


def _query(given: Any) -> Any:
    if isinstance(given, str) and given.startswith("querydict:"):
        return QueryDict(given.removeprefix("querydict:"))
    if isinstance(given, list) and given and all(isinstance(p, list) for p in given):
        return [tuple(pair) for pair in given]  # Django's test gives (key, value) tuples
    return given


CASES = [pytest.param(case, id=f"{case['name']}-{i}") for i, case in enumerate(DATA["test_data"])]


@pytest.mark.parametrize("case", CASES)
def test_django_test_data(case: dict[str, Any]) -> None:
    """Each row of Django's test_data: the same text, or NoReverseMatch."""
    name, expected, args, kwargs = case["name"], case["expected"], case["args"], case["kwargs"]
    with override_settings(ROOT_URLCONF=URLConf):
        if expected is None:
            with pytest.raises(NoReverseMatch):
                django_reverse(name, args=args, kwargs=kwargs)
            with pytest.raises(NoReverseMatch):
                uk.reverse(name, args=args, kwargs=kwargs)
            return
        assert django_reverse(name, args=args, kwargs=kwargs) == expected
        assert str(uk.reverse(name, args=args, kwargs=kwargs)) == expected


@pytest.mark.parametrize("case", DATA["prefixes"], ids=lambda c: c["prefix"])
def test_django_script_prefixes(case: dict[str, Any]) -> None:
    """The script prefix is encoded as Django encodes it."""
    with override_settings(ROOT_URLCONF=URLConf), override_script_prefix(case["prefix"]):
        assert django_reverse(case["name"], args=case["args"]) == case["expected"]
        assert str(uk.reverse(case["name"], args=case["args"])) == case["expected"]


@pytest.mark.parametrize("case", DATA["queries"], ids=lambda c: f"{c['query']!r}-{c['fragment']!r}")
def test_django_query_and_fragment(case: dict[str, Any]) -> None:
    """Django 5.2's query and fragment tests: the same text, or a TypeError, or one of
    the named differences (the same pairs, the same fragment, decoded)."""
    query, fragment, expected = _query(case["query"]), case["fragment"], case["expected"]
    with override_settings(ROOT_URLCONF=URLConf):
        if expected is None:
            with pytest.raises(TypeError):
                django_reverse("test", query=query, fragment=fragment)
            with pytest.raises(TypeError):
                uk.reverse("test", query=query, fragment=fragment)
            return
        assert django_reverse("test", query=query, fragment=fragment) == expected
        if query == "":  # a str is no parameters to urikit: a counted difference
            empty_text: Any = query
            with pytest.raises(TypeError):
                uk.reverse("test", query=empty_text, fragment=fragment)
            return
        got = str(uk.reverse("test", query=query, fragment=fragment))
    differences = dict(DIFFERENCES.values())
    assert got == differences.get(expected, expected)
    if got != expected:  # the same pairs and fragment, read back
        assert QueryDict(got.partition("?")[2].partition("#")[0]) == QueryDict(
            expected.partition("?")[2].partition("#")[0])


def _value(given: Any) -> Any:
    if isinstance(given, str) and given.startswith("uuid:"):
        return uuid.UUID(given.removeprefix("uuid:"))
    return given


@pytest.mark.parametrize(("urlconf", "case"), [
    *[pytest.param(SameNameURLConf, c, id=f"same-name-{i}")
      for i, c in enumerate(PATTERNS["same_name"])],
    *[pytest.param(ConverterURLConf, c, id=f"converter-{i}")
      for i, c in enumerate(PATTERNS["converters"])],
])
def test_django_converters_and_same_names(urlconf: type, case: dict[str, Any]) -> None:
    """tests/urlpatterns: among routes sharing a name, the one whose converter or
    pattern takes the values (a "/" through ``path``, a space through ``str``); each
    converter's values, as text and as the type it converts to."""
    args = [_value(a) for a in case["args"]]
    kwargs = {k: _value(v) for k, v in case["kwargs"].items()}
    with override_settings(ROOT_URLCONF=urlconf):
        assert django_reverse(case["name"], args=args, kwargs=kwargs) == case["expected"]
        assert str(uk.reverse(case["name"], args=args, kwargs=kwargs)) == case["expected"]


def test_differences_are_counted() -> None:
    """docs/django.md names each difference; the count there is this one (and the
    empty-text query)."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "django.md").read_text(encoding="utf-8")
    for key in [*DIFFERENCES, "query-as-empty-text"]:
        assert f"`{key}`" in docs
    assert f"{len(DIFFERENCES) + 1} differences" in docs
