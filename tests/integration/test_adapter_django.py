"""urikit.django through Django's test client: the request's URI, proxies, reverse,
redirects, the template library and the model, form and serializer fields."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("django", reason="needs Django (the test extra)")

import django
from django.conf import settings
from django.db import connection, models
from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import redirect as django_redirect
from django.template import engines
from django.test import Client, override_settings
from django.urls import (
    NoReverseMatch,
    URLPattern,
    get_script_prefix,
    include,
    path,
    re_path,
)
from django.urls import reverse as django_reverse
from hypothesis import given
from hypothesis import settings as settings_hypothesis
from hypothesis import strategies as st

from tests.budget import examples
from urikit import URI, FrozenURI, Pages, PublicSite, TrustedProxies, URIError, parse_links

MEMORY = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
if not settings.configured:  # the example apps' tests may have configured Django first
    settings.configure(DEBUG=False, SECRET_KEY="tests only", ALLOWED_HOSTS=[],
                       INSTALLED_APPS=[], MIDDLEWARE=[], DATABASES=MEMORY)
    django.setup()
elif not settings.DATABASES:  # read when a connection is first made, not before
    settings.DATABASES = MEMORY

import urikit.django as uk
from urikit.django.fields import URIField, URIFormField

from .web_checks import ROUTED, ROUTES, routed

ROOT = Path(__file__).resolve().parents[2]
PAGINATION = """{% load urikit %}{% autoescape off %}<{{ here|with_param:"page=1" }}>; \
rel="first", {% for rel, p in pages %}<{% uri_with here page=p %}>; rel="{{ rel }}", \
{% endfor %}<{{ here|without_param:"page" }}>; rel="collection"{% endautoescape %}"""


def show(request: HttpRequest, rest: str) -> JsonResponse:
    """The request's URI and the app's root as the adapter reads them."""
    return JsonResponse({"uri": str(uk.request_uri(request)), "root": str(uk.root_uri(request))})


def files(request: HttpRequest, name: str) -> JsonResponse:
    """A file's own link, absolute, from ``reverse`` with the request."""
    return JsonResponse({"self": str(uk.reverse("files", kwargs={"name": name},
                                                query={"v": ["1", "2"]}, request=request)),
                         "uri": str(uk.request_uri(request))})


def items(request: HttpRequest) -> HttpResponse:
    """Pagination links in a ``Link`` header, written by a template from ``here``."""
    page = int(request.GET.get("page", "1"))
    pages = [("prev", page - 1), ("next", page + 1)]
    text = engines["django"].from_string(PAGINATION).render({"pages": pages}, request)
    response = HttpResponse(engines["django"].from_string("{{ here }}").render({}, request))
    response["Link"] = text
    return response


def login(request: HttpRequest) -> HttpResponse:
    """Back to ``next`` if safe (this origin or accounts.example), else the account."""
    return uk.redirect(request, request.GET.get("next"), fallback="account",
                       allowed_hosts=["accounts.example"],
                       require_https=request.GET.get("https") == "1")


def leave(request: HttpRequest) -> HttpResponse:
    """Back to ``next`` if safe, else the default fallback."""
    return uk.redirect(request, request.GET.get("next"))


def links(request: HttpRequest) -> JsonResponse:
    """A link from urikit's reverse and one from Django's, neither given the request."""
    return JsonResponse({"urikit": str(uk.reverse("files", args=["a b"])),
                         "django": django_reverse("files", args=["a b"])})


def routing(request: HttpRequest, rest: str) -> JsonResponse:
    """The request's route in the routing tests' table, and its link from the table."""
    return JsonResponse(routed(uk.find_route(request, ROUTES), uk.root_uri(request)))


class URLConf:
    """The routes of the tests."""

    urlpatterns: ClassVar[list[URLPattern]] = [
        path("show/<path:rest>", show, name="show"), path("files/<str:name>", files, name="files"),
        path("items", items), path("login", login), path("links", links),
        path("leave", leave)]


class RoutingURLConf:
    """The routing tests' one route: every path to the view that finds its route."""

    urlpatterns: ClassVar[list[URLPattern]] = [re_path(r"^(?P<rest>.*)$", routing)]


SETTINGS: dict[str, Any] = {
    "ROOT_URLCONF": URLConf, "ALLOWED_HOSTS": ["shop.example", "10.0.0.5"],
    "INSTALLED_APPS": ["urikit.django"], "MIDDLEWARE": [],
    "TEMPLATES": [{"BACKEND": "django.template.backends.django.DjangoTemplates",
                   "APP_DIRS": True,
                   "OPTIONS": {"context_processors": ["urikit.django.context_processor"]}}],
}


@pytest.fixture(autouse=True)
def configured() -> Iterator[None]:
    """Django set up for these tests (the example apps' tests configure it too)."""
    with override_settings(**SETTINGS):
        yield


def _json(client: Client, target: str, **extra: Any) -> dict[str, str]:
    response = client.get(target, **extra)
    assert response.status_code == 200, response.content
    data: dict[str, str] = response.json()
    return data


# --- the request's URI ---------------------------------------------------------------


def test_query_with_brackets_and_bar_is_kept_encoded() -> None:
    """``[]`` and ``|``, sent unencoded as browsers do, come back percent-encoded;
    every other byte of the query (a lowercase ``%2f``, a key alone) stays."""
    client = Client(HTTP_HOST="shop.example")
    data = _json(client, "/show/x?ids[]=1&q=a|b&x=%2f&flag", secure=True)
    assert data["uri"] == "https://shop.example/show/x?ids%5B%5D=1&q=a%7Cb&x=%2f&flag"
    assert data["root"] == "https://shop.example/"


@pytest.mark.parametrize(("extra", "expected"), [
    pytest.param({}, "/show/a/b%20c", id="rebuilt-from-PATH_INFO-loses-%2F"),
    pytest.param({"RAW_URI": "/show/a%2Fb%20c"}, "/show/a%2Fb%20c", id="gunicorn-RAW_URI"),
    pytest.param({"REQUEST_URI": "/show/a%2Fb%20c"}, "/show/a%2Fb%20c", id="REQUEST_URI"),
    pytest.param({"RAW_URI": "/elsewhere"}, "/show/a/b%20c", id="rewritten-target-ignored"),
])
def test_encoded_slash_survives_where_the_server_hands_the_raw_target(
        extra: dict[str, str], expected: str) -> None:
    """``%2F`` stays distinct from "/" when the server gives the raw target; without
    it the path is rebuilt from what Django decoded, and a raw target naming another
    path than Django routes is not believed."""
    client = Client(HTTP_HOST="shop.example")
    assert _json(client, "/show/a%2Fb%20c", **extra)["uri"] == f"http://shop.example{expected}"


@pytest.mark.parametrize(("extra", "path"), [
    pytest.param({"RAW_URI": "/show/%ff%C3%A9?q=%FF%C3%A9"}, "/show/%ff%C3%A9", id="RAW_URI"),
    pytest.param({}, "/show/%25FF%C3%A9", id="rebuilt-reads-django's-%FF-as-text"),
])
def test_bytes_that_are_not_utf8(extra: dict[str, str], path: str) -> None:
    """A byte that is not UTF-8 comes back as sent from the raw target and the query;
    rebuilt from ``request.path``, where Django writes it as the text "%FF" (as for a
    "%FF" the client sent as ``%25FF``), it is read as that text."""
    client = Client(HTTP_HOST="shop.example")
    uri = _json(client, "/show/%ff%C3%A9?q=%FF%C3%A9", **extra)["uri"]
    assert uri == f"http://shop.example{path}?q=%FF%C3%A9"


@pytest.mark.parametrize("force", [False, True], ids=["SCRIPT_NAME", "FORCE_SCRIPT_NAME"])
def test_script_prefix_is_kept(force: bool) -> None:
    """The prefix the app is mounted under stays in the URI and the root, whether the
    server names it or FORCE_SCRIPT_NAME does (the raw target then lacks it)."""
    if force:
        with override_settings(FORCE_SCRIPT_NAME="/app"):
            data = _json(Client(HTTP_HOST="shop.example"), "/show/x?a=1", RAW_URI="/show/x?a=1")
    else:
        data = _json(Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app"), "/show/x?a=1",
                     RAW_URI="/app/show/x?a=1")
    assert data == {"uri": "http://shop.example/app/show/x?a=1", "root": "http://shop.example/app/"}


@pytest.mark.parametrize(("path", "name", "values", "link"), ROUTED)
def test_find_route(path: str, name: str | None, values: dict[str, str], link: str) -> None:
    """The request's route is found on its path after the script prefix, an encoded
    "/" kept as data where the server hands the raw target (gunicorn's RAW_URI), and
    the same table links it back under the root."""
    client = Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app")
    with override_settings(ROOT_URLCONF=RoutingURLConf):
        data = _json(client, path, secure=True, RAW_URI="/app" + path)
    if name is None:
        assert data == {"name": None}
    else:
        assert data == {"name": name, "values": values, "payload": ROUTES[name].payload,
                        "link": "https://shop.example/app" + link}


def test_find_route_without_a_raw_target_reads_an_encoded_slash_as_a_separator() -> None:
    """Without a raw target (Django's test client, runserver, ASGI), the path is what
    Django decoded: ``a%2Fb`` is two segments, and the one-segment route does not
    match."""
    with override_settings(ROOT_URLCONF=RoutingURLConf):
        data = _json(Client(HTTP_HOST="shop.example"), "/files/a%2Fb")
    assert data == {"name": None}


FORGED: dict[str, Any] = {"HTTP_HOST": "10.0.0.5:8000",
          "HTTP_FORWARDED": "host=evil.example;proto=http, for=192.0.2.7;host=shop.example;"
                            "proto=https"}


@pytest.mark.parametrize(("proxies", "expected"), [
    pytest.param(None, "http://10.0.0.5:8000/show/x", id="untrusted"),
    pytest.param(TrustedProxies(forwarded=1), "https://shop.example/show/x", id="one-hop"),
])
def test_forged_proxy_chain(proxies: TrustedProxies | None, expected: str) -> None:
    """The client's forged element (left) is never read; the trusted proxy's element
    is read only when the setting trusts one hop."""
    with override_settings(URIKIT_TRUSTED_PROXIES=proxies):
        assert _json(Client(), "/show/x", **FORGED)["uri"] == expected


def test_forwarded_host_must_be_allowed() -> None:
    """Trusting two hops reads the client's forged host, which ALLOWED_HOSTS refuses:
    Django answers 400, as for a forged Host header."""
    with override_settings(URIKIT_TRUSTED_PROXIES=TrustedProxies(forwarded=2)):
        assert Client(**FORGED).get("/show/x").status_code == 400
    assert Client(HTTP_HOST="evil.example").get("/show/x").status_code == 400


def test_a_header_the_proxy_does_not_write_is_not_believed() -> None:
    """Behind a proxy that writes X-Forwarded-Proto and -Host, with every host allowed,
    the client's Forwarded, X-Forwarded-Prefix and -Port are ignored: a redirect stays
    on shop.example (issue 42: a 302 to evil.example)."""
    forged: dict[str, Any] = {"HTTP_HOST": "10.0.0.5:8000",
                              "HTTP_FORWARDED": "host=evil.example;proto=https",
                              "HTTP_X_FORWARDED_PREFIX": "/evil", "HTTP_X_FORWARDED_PORT": "8666",
                              "HTTP_X_FORWARDED_PROTO": "https",
                              "HTTP_X_FORWARDED_HOST": "shop.example"}
    with override_settings(URIKIT_TRUSTED_PROXIES=TrustedProxies(x_proto=1, x_host=1),
                           ALLOWED_HOSTS=["*"]):
        assert _json(Client(), "/show/x", **forged) == {
            "uri": "https://shop.example/show/x", "root": "https://shop.example/"}
        response = Client().get("/login", {"next": "https://evil.example/phish"}, **forged)
    assert (response.status_code, response["Location"]) == \
        (302, "https://shop.example/account")


def test_a_quote_does_not_merge_the_proxies_elements() -> None:
    """WSGI joins the lines of X-Forwarded-Host; a client's quote in them hides no
    comma (issue 42: evil.example, with every host allowed)."""
    with override_settings(URIKIT_TRUSTED_PROXIES=TrustedProxies(x_host=2),
                           ALLOWED_HOSTS=["*"]):
        data = _json(Client(), "/show/x", HTTP_HOST="10.0.0.5:8000",
                     HTTP_X_FORWARDED_HOST='evil.example, ", shop.example, shop.example')
    assert data["uri"] == "http://shop.example/show/x"


def test_an_invalid_forwarded_value_is_ignored() -> None:
    """A port Python's int() takes but no server does, a javascript: proto and an
    empty host are ignored (issue 42: a 500, javascript: links, http:///)."""
    proxies = TrustedProxies(x_proto=1, x_host=1, x_port=1)
    with override_settings(URIKIT_TRUSTED_PROXIES=proxies, ALLOWED_HOSTS=["*"]):
        for header, value in (("HTTP_X_FORWARDED_PORT", "²"), ("HTTP_X_FORWARDED_PORT", "٨٠"),
                              ("HTTP_X_FORWARDED_PROTO", "javascript"),
                              ("HTTP_X_FORWARDED_HOST", "")):
            data = _json(Client(), "/show/x", HTTP_HOST="10.0.0.5:8000", **{header: value})
            assert data["uri"] == "http://10.0.0.5:8000/show/x", value


def test_x_forwarded_prefix_reaches_the_root() -> None:
    """A trusted proxy's X-Forwarded-Prefix is put in front of the path and the root."""
    data = _json(Client(HTTP_HOST="shop.example"), "/show/x", HTTP_X_FORWARDED_PREFIX="/shop",
                 HTTP_X_FORWARDED_PROTO="https")
    assert data["uri"] == "http://shop.example/show/x"
    with override_settings(URIKIT_TRUSTED_PROXIES=TrustedProxies(x_proto=1, x_prefix=1)):
        data = _json(Client(HTTP_HOST="shop.example"), "/show/x",
                     HTTP_X_FORWARDED_PREFIX="/shop", HTTP_X_FORWARDED_PROTO="https")
    assert data == {"uri": "https://shop.example/shop/show/x", "root": "https://shop.example/shop/"}


def test_setting_of_the_wrong_type_is_a_type_error() -> None:
    """A setting that is not a TrustedProxies is refused with TypeError."""
    with override_settings(URIKIT_TRUSTED_PROXIES=1), pytest.raises(TypeError, match="URIKIT"):
        uk.trusted_proxies()


@pytest.mark.parametrize("settings_given", [
    pytest.param({"URIKIT_SITE": "https://shop.example/"}, id="site-of-the-wrong-type"),
    pytest.param({"URIKIT_SITE": PublicSite(proxies=TrustedProxies(x_host=1)),
                  "URIKIT_TRUSTED_PROXIES": TrustedProxies(x_host=1)}, id="both-settings"),
])
def test_site_setting_is_checked(settings_given: dict[str, Any]) -> None:
    """URIKIT_SITE is a PublicSite, and names the proxies alone (one home)."""
    with override_settings(**settings_given), pytest.raises(TypeError, match="URIKIT_SITE"):
        _json(Client(HTTP_HOST="shop.example"), "/show/x")


def test_site_setting_names_the_trusted_proxies() -> None:
    """The site's proxies are believed, with ALLOWED_HOSTS checked, as the old setting's."""
    site = PublicSite(proxies=TrustedProxies(x_proto=1, x_host=1))
    with override_settings(URIKIT_SITE=site):
        data = _json(Client(HTTP_HOST="10.0.0.5"), "/show/x", HTTP_X_FORWARDED_HOST="shop.example",
                     HTTP_X_FORWARDED_PROTO="https")
        assert uk.trusted_proxies() == site.proxies
    assert data == {"uri": "https://shop.example/show/x", "root": "https://shop.example/"}


def test_site_root_outside_a_request() -> None:
    """Outside a request the site's root is the app's; without one there is none."""
    with override_settings(URIKIT_SITE=PublicSite("https://shop.example/app")):
        assert str(uk.root_uri()) == "https://shop.example/app/"
        assert str(uk.reverse("files", args=["a b"])) == "/app/files/a%20b"
    with pytest.raises(RuntimeError, match="public root"):
        uk.reverse("files", args=["a b"], absolute=True)


def test_site_root_is_one_link_in_a_view_a_template_and_a_job() -> None:
    """With URIKIT_SITE, a view on an internal host under another prefix, a template
    (the context processor's ``root``) and a job outside any request write one link."""
    from django.test import RequestFactory

    site = PublicSite("https://shop.example/app")
    with override_settings(URIKIT_SITE=site, ALLOWED_HOSTS=["10.0.0.5"]):
        request = RequestFactory(HTTP_HOST="10.0.0.5:8000", SCRIPT_NAME="/internal",
                                 HTTP_X_FORWARDED_HOST="evil.example").get("/x")
        in_view = uk.reverse("files", args=["a b"], request=request)
        template = engines["django"].from_string("{{ root }}files/a%20b")
        in_template = template.render({}, request)
        in_job = uk.reverse("files", args=["a b"], absolute=True)
        here = uk.request_uri(request)
    assert str(in_view) == in_template == str(in_job) == "https://shop.example/app/files/a%20b"
    assert str(here) == "https://shop.example/app/x"


class RootPathURLConf:
    """One route, a path at the root."""

    urlpatterns: ClassVar[list[URLPattern]] = [path("<path:rest>", show, name="any")]


@pytest.mark.parametrize(("prefix", "expected"), [
    ("/", "/%2Fx"),  # Django's own escape of a leading "//"
    ("/app/", "BuildError"),  # the request home's rule, as url_for's in Flask and Starlette
])
def test_a_path_value_never_starts_the_path_after_the_root_with_two_slashes(
        prefix: str, expected: str) -> None:
    """After the app's root, a link's path never starts with "//" (read without its
    root, it would name a host): Django escapes it at the root, and under a prefix
    the value is refused, as in the Flask and Starlette adapters (it was /app//x)."""
    from django.urls import set_script_prefix

    from urikit import BuildError

    before = get_script_prefix()
    set_script_prefix(prefix)
    try:
        with override_settings(ROOT_URLCONF=RootPathURLConf):
            try:
                outcome = str(uk.reverse("any", kwargs={"rest": "/x"}))
            except BuildError:
                outcome = "BuildError"
    finally:
        set_script_prefix(before)
    assert outcome == expected


def test_reverse_refuses_a_list_value() -> None:
    """Django would write a list's str() into the path: urikit refuses it."""
    with pytest.raises(TypeError, match="list or tuple"):
        uk.reverse("show", kwargs={"rest": ["a", "b"]})


# --- reverse ----------------------------------------------------------------------------


def test_reverse_takes_django_52_arguments() -> None:
    """``urlconf``, ``args``, ``kwargs`` and ``current_app`` are positional as in
    Django; ``fragment`` is plain text; the result is Django's text as a URI."""
    assert str(uk.reverse("files", None, ["x y"])) == django_reverse("files", None, ["x y"])
    assert str(uk.reverse("files", URLConf, None, {"name": "a"}, None, fragment="top 1")
               ) == "/files/a#top%201"
    assert str(uk.reverse("files", args=["a"], fragment="")) == "/files/a#"


@pytest.mark.parametrize("query", [
    pytest.param(QueryDict("tag=a&tag=b&page=2"), id="QueryDict"),
    pytest.param({"tag": ["a", "b"], "page": 2}, id="mapping"),
    pytest.param([("tag", "a"), ("tag", "b"), ("page", "2")], id="pairs"),
])
def test_reverse_query_keeps_repeated_keys(query: Any) -> None:
    """``query=request.GET`` keeps both values of ``tag``, as Django 5.2's reverse."""
    expected = "/files/x?tag=a&tag=b&page=2"
    assert str(uk.reverse("files", args=["x"], query=query)) == expected
    assert django_reverse("files", args=["x"], query=query) == expected


def test_reverse_query_is_plain_text() -> None:
    """Query values are plain text (a "&" is data), ``None`` is the key alone; an
    empty query adds no "?", as in Django."""
    assert str(uk.reverse("files", args=["50%"], query={"tag": ["x", "y&z"], "q": None})
               ) == "/files/50%25?tag=x&tag=y%26z&q"
    assert str(uk.reverse("files", args=["x"], query=QueryDict())) == "/files/x"


class CheckingURLConf:
    """Routes whose converters and patterns check the values."""

    urlpatterns: ClassVar[list[URLPattern]] = [
        re_path(r"^people/(?P<name>\w+)/$", show, name="people"),
        path("tags/<str:tag>/all", show, name="tag"),
        re_path(r"^tags/(?P<tag>[a-z ]+)/$", show, name="tag"),
        path("docs/<path:rest>", show, name="docs"),
        path("<path:rest>", show, name="anything"),
        path("files/<str:name>", files, name="files"),
    ]


@pytest.mark.parametrize(("name", "kwargs", "expected"), [
    pytest.param("people", {"name": "joe_1"}, "/people/joe_1/", id="word"),
    pytest.param("tag", {"tag": "a b"}, "/tags/a%20b/", id="shared-name-first"),
    pytest.param("tag", {"tag": "A1"}, "/tags/A1/all", id="shared-name-second"),
    pytest.param("docs", {"rest": "docs/a b.pdf"}, "/docs/docs/a%20b.pdf", id="path-value"),
    pytest.param("docs", {"rest": "a//b/"}, "/docs/a//b/", id="path-empty-segments"),
    pytest.param("anything", {"rest": "/evil.example/x"}, "/%2Fevil.example/x",
                 id="leading-slashes"),
    pytest.param("files", {"name": "Jos\u00e9 50%"}, "/files/Jos%C3%A9%2050%25", id="encoded"),
])
def test_reverse_values_are_checked_by_the_route(name: str, kwargs: dict[str, str],
                                                 expected: str) -> None:
    """Django reverses with the real values, through the route's converter and
    pattern: among routes sharing a name it picks the one Django picks, a ``path``
    value is a path, and the text is Django's."""
    with override_settings(ROOT_URLCONF=CheckingURLConf):
        assert str(uk.reverse(name, kwargs=kwargs)) == expected
        assert django_reverse(name, kwargs=kwargs) == expected


@pytest.mark.parametrize(("name", "kwargs"), [
    pytest.param("people", {"name": "a b"}, id="pattern"),
    pytest.param("files", {"name": "a/b"}, id="str-slash"),
    pytest.param("files", {"name": ""}, id="empty"),
])
def test_reverse_refuses_what_the_route_refuses(name: str, kwargs: dict[str, str]) -> None:
    """A value the route would not resolve is NoReverseMatch, as in Django."""
    with override_settings(ROOT_URLCONF=CheckingURLConf):
        with pytest.raises(NoReverseMatch):
            django_reverse(name, kwargs=kwargs)
        with pytest.raises(NoReverseMatch):
            uk.reverse(name, kwargs=kwargs)


@pytest.mark.parametrize(("name", "value"), [
    ("files", "."), ("files", ".."), ("docs", "a/../b"), ("docs", "./a"), ("docs", "a/.."),
    ("anything", ".."),
])
def test_reverse_refuses_a_dot_segment(name: str, value: str) -> None:
    """A value is never a dot segment, which resolution would remove or climb; Django
    writes ``/docs/a/../b`` (a link to ``/docs/b``)."""
    key = "name" if name == "files" else "rest"
    with override_settings(ROOT_URLCONF=CheckingURLConf), pytest.raises(
            URIError, match="dot segment"):
        uk.reverse(name, kwargs={key: value})


@settings_hypothesis(max_examples=examples(80), deadline=None)
@given(st.sampled_from(["files", "people", "tag", "docs", "anything"]),
       st.text(st.characters(exclude_categories=["Cs"]), max_size=12))
def test_reverse_is_djangos_reverse(name: str, value: str) -> None:
    """For any value, urikit's reverse is Django's text read as a URI, or the same
    NoReverseMatch, or a refused dot segment."""
    key = {"files": "name", "people": "name", "tag": "tag"}.get(name, "rest")
    with override_settings(ROOT_URLCONF=CheckingURLConf):
        try:
            expected = django_reverse(name, kwargs={key: value})
        except NoReverseMatch:
            with pytest.raises(NoReverseMatch):
                uk.reverse(name, kwargs={key: value})
            return
        if {".", ".."} & set(expected.split("/")):
            with pytest.raises(URIError, match="dot segment"):
                uk.reverse(name, kwargs={key: value})
            return
        uri = uk.reverse(name, kwargs={key: value})
    assert str(uri) == expected
    assert uri == FrozenURI.parse(str(uri))


class NamespacedURLConf:
    """One app's routes included twice, under two instance namespaces."""

    app: ClassVar[list[URLPattern]] = [path("files/<str:name>", files, name="files")]
    urlpatterns: ClassVar[list[Any]] = [
        path("one/", include((app, "shop"), namespace="one")),
        path("two/", include((app, "shop"), namespace="two")),
    ]


@pytest.mark.parametrize(("viewname", "current_app", "expected"), [
    ("one:files", None, "/one/files/a%20b"),
    ("two:files", None, "/two/files/a%20b"),
    ("shop:files", "two", "/two/files/a%20b"),
    ("shop:files", None, "/two/files/a%20b"),  # the last instance is the app's default
])
def test_reverse_namespaces_and_current_app(viewname: str, current_app: str | None,
                                            expected: str) -> None:
    """Namespaces and ``current_app`` choose the instance as in Django."""
    with override_settings(ROOT_URLCONF=NamespacedURLConf):
        assert django_reverse(viewname, args=["a b"], current_app=current_app) == expected
        assert str(uk.reverse(viewname, args=["a b"], current_app=current_app)) == expected


def test_reverse_lazy() -> None:
    """``reverse_lazy`` reverses when read, as Django's."""
    link = uk.reverse_lazy("files", args=["a b"], query={"q": "1"})
    with override_settings(ROOT_URLCONF=CheckingURLConf):
        assert str(link) == "/files/a%20b?q=1"
        # Django's redirect reads a lazy object as text, asking for the deprecated
        # get_absolute_url() of no FrozenURI (pytest's filterwarnings makes a warning fail)
        assert django_redirect(link)["Location"] == "/files/a%20b?q=1"
        assert not hasattr(link, "get_absolute_url")
        assert str(link / "c" / "d") == "/files/a%20b/c/d?q=1"
        assert link.set_param("q", 2).params["q"] == "2"
        assert link == FrozenURI.parse("/files/a%20b?q=1")


def test_reverse_with_request_is_absolute() -> None:
    """With the request, the link is absolute on the app's root, prefix included."""
    client = Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app")
    data = _json(client, "/files/x", RAW_URI="/app/files/x", secure=True)
    assert data["self"] == "https://shop.example/app/files/x?v=1&v=2"


def test_prefix_middleware_puts_the_forwarded_prefix_in_every_reverse() -> None:
    """With the middleware, Django's reverse and urikit's (without ``request``)
    include a trusted proxy's X-Forwarded-Prefix and the server's SCRIPT_NAME, as
    Flask's and Starlette's url_for do; an untrusted header is not read."""
    middleware = ["urikit.django.prefix_middleware"]
    headers = {"HTTP_X_FORWARDED_PREFIX": "/shop", "HTTP_X_FORWARDED_PROTO": "https"}
    with override_settings(MIDDLEWARE=middleware):
        client = Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app")
        data = _json(client, "/links", **headers)
        assert data == {"urikit": "/app/files/a%20b", "django": "/app/files/a%20b"}
        with override_settings(URIKIT_TRUSTED_PROXIES=TrustedProxies(x_proto=1, x_prefix=1)):
            data = _json(client, "/links", **headers)
    assert data == {"urikit": "/shop/app/files/a%20b", "django": "/shop/app/files/a%20b"}
    assert get_script_prefix() == "/"  # put back after the response


def test_prefix_middleware_under_asgi() -> None:
    """The middleware works on an async stack too."""
    import asyncio

    from django.test import AsyncClient

    with override_settings(MIDDLEWARE=["urikit.django.prefix_middleware"],
                           URIKIT_TRUSTED_PROXIES=TrustedProxies(x_prefix=1),
                           ALLOWED_HOSTS=["testserver"]):
        response = asyncio.run(AsyncClient().get("/links", headers={
            "X-Forwarded-Prefix": "/shop"}))
    assert response.json() == {"urikit": "/shop/files/a%20b", "django": "/shop/files/a%20b"}


def test_encoded_slash_routes_only_through_a_path_converter() -> None:
    """Django routes on PATH_INFO, which the server has decoded: ``/files/a%2Fb``
    is ``/files/a/b`` to the resolver, so ``<str:name>`` does not match it (404)
    and a ``<path:...>`` route does; the adapter still reads the raw target."""
    link = str(FrozenURI.parse("/show/").add_segments_text("a/b"))
    assert link == "/show/a%2Fb"
    client = Client(HTTP_HOST="shop.example")
    assert _json(client, link, RAW_URI=link)["uri"] == "http://shop.example/show/a%2Fb"
    files_link = str(FrozenURI.parse("/files/").add_segments_text("a/b"))
    assert client.get(files_link, RAW_URI=files_link).status_code == 404


# --- redirects --------------------------------------------------------------------------


@pytest.mark.parametrize(("target", "extra", "expected"), [
    pytest.param("/cart?step=2", "", "https://shop.example/cart?step=2", id="same-origin"),
    pytest.param("//evil.example", "", "https://shop.example/account", id="refused"),
    pytest.param("https://accounts.example/done", "", "https://accounts.example/done",
                 id="allowed-host"),
    pytest.param("http://accounts.example/done", "", "http://accounts.example/done",
                 id="allowed-host-http"),
    pytest.param("http://accounts.example/done", "&https=1", "https://shop.example/account",
                 id="allowed-host-http-refused-by-require_https"),
    pytest.param("https://u@accounts.example/", "", "https://shop.example/account",
                 id="allowed-host-userinfo-refused"),
    pytest.param("https://accounts.example.evil/", "", "https://shop.example/account",
                 id="not-an-allowed-host"),
    pytest.param("https://accounts.example//evil.example", "", "https://shop.example/account",
                 id="allowed-host-still-checked"),
])
def test_redirect_refuses_unsafe_targets(target: str, extra: str, expected: str) -> None:
    """The ``next`` target is followed when safe on this origin or on an allowed host,
    else the fallback, resolved against the request."""
    client = Client(HTTP_HOST="shop.example")
    login_page = str(URI.parse("/login").add_param("next", target)) + extra
    response = client.get(login_page, secure=True)
    assert response.status_code == 302
    assert response["Location"] == expected


@pytest.mark.parametrize(("script_name", "extra", "expected"), [
    pytest.param("", {}, "https://shop.example/", id="root"),
    pytest.param("/app", {}, "https://shop.example/app/", id="SCRIPT_NAME"),
    pytest.param("/app", {"HTTP_X_FORWARDED_PREFIX": "/shop"}, "https://shop.example/shop/app/",
                 id="forwarded-prefix"),
])
def test_redirect_fallback_is_the_apps_root(script_name: str, extra: dict[str, Any],
                                            expected: str) -> None:
    """Without ``fallback``, a refused target goes to the application's root (an app
    mounted at /app goes to /app/, as Flask's adapter goes), a named fallback
    resolves against the root."""
    client = Client(HTTP_HOST="shop.example", SCRIPT_NAME=script_name)
    with override_settings(URIKIT_TRUSTED_PROXIES=TrustedProxies(x_prefix=1)):
        response = client.get("/leave?next=//evil.example", secure=True, **extra)
        assert response["Location"] == expected
        response = client.get("/login?next=//evil.example", secure=True, **extra)
        assert response["Location"] == expected + "account"


def test_django_redirect_takes_a_uri_for_one_more_release() -> None:
    """``django.shortcuts.redirect`` takes a URI or a FrozenURI as it takes text, through
    the deprecated ``URI.get_absolute_url()``, and their text without a warning."""
    for uri in (URI.parse("https://shop.example/a?b=1"),
                FrozenURI.parse("https://shop.example/a?b=1")):
        with pytest.warns(DeprecationWarning, match=r"get_absolute_url\(\) is deprecated "
                          r"since urikit 0\.7: use str\(uri\), or "
                          r"urikit\.django\.AbsoluteURLMixin"):
            assert django_redirect(uri)["Location"] == "https://shop.example/a?b=1"
        assert django_redirect(str(uri))["Location"] == "https://shop.example/a?b=1"


class Article(uk.AbsoluteURLMixin, models.Model):
    """A model whose link is a URI: Django's get_absolute_url() from the mixin."""

    slug: models.CharField[str, str] = models.CharField(max_length=50)

    class Meta:
        app_label = "urikit"

    def get_absolute_uri(self) -> FrozenURI:
        return FrozenURI.build(path=["", "blog", self.slug])


class Untold(uk.AbsoluteURLMixin, models.Model):
    """A model that forgets get_absolute_uri()."""

    class Meta:
        app_label = "urikit"


def test_absolute_url_mixin_gives_django_its_text() -> None:
    """Django's places that ask a model for get_absolute_url() get the URI's text, ASCII
    and percent-encoded as Django requires: the redirect shortcut, a sitemap (which writes
    the protocol and domain before it) and a feed's item link."""
    from types import SimpleNamespace

    from django.contrib.sitemaps import Sitemap
    from django.contrib.syndication.views import Feed

    article = Article(slug="café au lait")
    assert article.get_absolute_url() == "/blog/caf%C3%A9%20au%20lait"
    assert django_redirect(article)["Location"] == "/blog/caf%C3%A9%20au%20lait"

    class Articles(Sitemap):  # type: ignore[type-arg]
        def items(self) -> list[Article]:
            return [article]

    site = SimpleNamespace(domain="shop.example", name="shop")
    urls = Articles().get_urls(site=site, protocol="https")  # type: ignore[arg-type]
    assert [url["location"] for url in urls] == ["https://shop.example/blog/caf%C3%A9%20au%20lait"]
    feed: Feed[Any, Article] = Feed()
    assert feed.item_link(article) == "/blog/caf%C3%A9%20au%20lait"


def test_absolute_url_mixin_needs_get_absolute_uri() -> None:
    """A model with the mixin and no get_absolute_uri() says what to define; one that
    gives no URI is told in urikit's words."""
    with pytest.raises(NotImplementedError, match="Untold must define get_absolute_uri"):
        Untold().get_absolute_url()
    wrong = Article(slug="x")
    wrong.get_absolute_uri = lambda: 42  # type: ignore[method-assign,assignment,return-value]
    with pytest.raises(TypeError, match="get_absolute_uri\\(\\) must be a URI, FrozenURI or "
                       "str, not int"):
        wrong.get_absolute_url()


# --- templates ------------------------------------------------------------------------


def test_template_builds_pagination_links_without_editing_here() -> None:
    """The template's links, read back from the Link header, differ only in ``page``;
    ``here`` rendered after the loop is still the request's URI."""
    client = Client(HTTP_HOST="shop.example")
    response = client.get("/items?ids[]=1&q=a|b&page=2", secure=True)
    here = "https://shop.example/items?ids%5B%5D=1&q=a%7Cb&page=2"
    assert response.content.decode() == here.replace("&", "&amp;")
    pages = Pages.from_links(parse_links(response["Link"], base=here))
    assert str(pages.first) == "https://shop.example/items?ids%5B%5D=1&q=a%7Cb&page=1"
    assert str(pages.prev) == "https://shop.example/items?ids%5B%5D=1&q=a%7Cb&page=1"
    assert str(pages.next) == "https://shop.example/items?ids%5B%5D=1&q=a%7Cb&page=3"
    collection = [link for link in parse_links(response["Link"]) if "collection" in link.rel]
    assert str(collection[0].target) == "https://shop.example/items?ids%5B%5D=1&q=a%7Cb"


def test_template_filters_copy_a_mutable_uri() -> None:
    """A mutable URI given to the filters is left as it was."""
    here = URI.parse("https://shop.example/items?page=2")
    text = engines["django"].from_string(
        '{% load urikit %}{{ here|with_param:"page=3" }} {% uri_with here page=4 sort="a b" %}'
    ).render({"here": here})
    assert text == ("https://shop.example/items?page=3 "
                    "https://shop.example/items?page=4&amp;sort=a%20b")
    assert str(here) == "https://shop.example/items?page=2"


TEMPLATE_VALUES = [
    pytest.param({"color": ["red", "green"]}, id="list-repeats"),
    pytest.param({"color": ("red",), "page": 3}, id="tuple-and-int"),
    pytest.param({"page": None}, id="None-removes"),
    pytest.param({"color": []}, id="empty-list-removes"),
    pytest.param({"missing": None, "new": "a b&c"}, id="absent-None-and-new-key"),
    pytest.param({"flag": True, "ratio": 0.5}, id="str-of-anything"),
    pytest.param({"color": [1, None, "x y"]}, id="items-as-str"),
]


@pytest.mark.parametrize("values", TEMPLATE_VALUES)
def test_uri_with_sets_parameters_as_querystring_does(values: dict[str, object]) -> None:
    """``{% uri_with %}``, the Jinja filter ``with_param`` and Django's own
    ``{% querystring %}`` give the same parameters (Django writes a space "+", urikit
    ``%20``: the same text to a form reader) for the same values."""
    from urikit._web.adapters import with_param

    query = "color=blue&page=2&q=a+b"
    names = " ".join(f"{key}={key}" for key in values)
    django_text = engines["django"].from_string(
        f"{{% autoescape off %}}{{% querystring q {names} %}}{{% endautoescape %}}"
    ).render({"q": QueryDict(query), **values})
    urikit_text = engines["django"].from_string(
        f"{{% load urikit %}}{{% autoescape off %}}{{% uri_with here {names} %}}"
        "{% endautoescape %}").render(
            {"here": URI.parse("/items?" + query), **values})
    jinja = FrozenURI.parse("/items?" + query)
    for key, value in values.items():
        jinja = with_param(jinja, key, value)
    expected = QueryDict(django_text.removeprefix("?"), mutable=True)
    if django.VERSION < (6, 0):  # 5.2 wrote a None in a list as "None"; 6.0 leaves it out
        for key in set(values) & set(expected):
            if isinstance(values[key], list):
                expected.setlist(key, [v for v in expected.getlist(key) if v != "None"])
    assert QueryDict(urikit_text.partition("?")[2]) == expected
    assert QueryDict(jinja.query or "") == expected
    assert list(QueryDict(urikit_text.partition("?")[2]).lists()) == list(expected.lists())


def test_add_segments_filter() -> None:
    """``add_segments`` adds one plain-text segment, as the Jinja filter does."""
    text = engines["django"].from_string(
        '{% load urikit %}{{ root|add_segments:"a/b c"|add_segments:n }}').render(
            {"root": FrozenURI.parse("https://h/app/"), "n": 7})
    assert text == "https://h/app/a%2Fb%20c/7"


# --- fields -----------------------------------------------------------------------------


class Bookmark(models.Model):
    """A model with URI fields, in urikit's app."""

    link = URIField(http=True)
    note = URIField(lenient=True, null=True, blank=True)

    class Meta:
        app_label = "urikit"


@pytest.fixture
def table() -> Iterator[None]:
    """Bookmark's table in the in-memory database."""
    with connection.schema_editor() as editor:
        editor.create_model(Bookmark)
    yield
    with connection.schema_editor() as editor:
        editor.delete_model(Bookmark)


@pytest.mark.usefixtures("table")
def test_model_field_saves_and_loads_a_frozen_uri() -> None:
    """A URI saved is its text in the column and comes back a FrozenURI; text given
    to the field is read as the options say (lenient: brackets encoded)."""
    Bookmark.objects.create(link=URI.parse("https://shop.example/a%2Fb?x=1"), note="/l?ids[]=1")
    loaded = Bookmark.objects.get()
    assert isinstance(loaded.link, FrozenURI)
    assert str(loaded.link) == "https://shop.example/a%2Fb?x=1"
    assert str(loaded.note) == "/l?ids%5B%5D=1"
    with connection.cursor() as cursor:
        cursor.execute("select link from urikit_bookmark")
        assert cursor.fetchone() == ("https://shop.example/a%2Fb?x=1",)
    assert Bookmark.objects.filter(link=FrozenURI.parse("https://shop.example/a%2Fb?x=1")
                                   ).count() == 1


def test_model_field_deconstructs_with_its_options() -> None:
    """Migrations see the field's options and its default length."""
    note, link = Bookmark._meta.get_field("note"), Bookmark._meta.get_field("link")
    assert isinstance(note, URIField)
    assert isinstance(link, URIField)
    _, path, _, kwargs = note.deconstruct()
    assert path == "urikit.django.fields.URIField"
    assert kwargs == {"lenient": True, "null": True, "blank": True, "max_length": 2000}
    assert link.deconstruct()[3] == {"http": True, "max_length": 2000}


@pytest.mark.usefixtures("table")
def test_model_field_validation_masks_passwords() -> None:
    """full_clean refuses what the options refuse; no message shows the password."""
    from django.core.exceptions import ValidationError

    for text, code in (("ftp://joe:secret@files.example/", "uri_http_scheme"),
                       ("https://joe:secret@h/a b", "uri_parsing")):
        with pytest.raises(ValidationError) as caught:
            Bookmark(link=text).full_clean()
        assert "secret" not in str(caught.value.message_dict)
        assert caught.value.error_dict["link"][0].code == code


def test_form_field_messages() -> None:
    """The form field cleans to a FrozenURI; its errors are urikit's, masked."""
    from django import forms

    class LinkForm(forms.Form):
        link = URIFormField(http=True)
        back = URIFormField(required=False, lenient=True)

    good = LinkForm({"link": "https://shop.example/x", "back": "/l?q=a|b"})
    assert good.is_valid(), good.errors
    assert good.cleaned_data == {"link": FrozenURI.parse("https://shop.example/x"),
                                 "back": FrozenURI.parse("/l?q=a%7Cb")}
    bad = LinkForm({"link": "ftp://joe:secret@files.example/", "back": ""})
    assert not bad.is_valid()
    assert bad.errors["link"] == ["an http or https URL is required, not scheme 'ftp'"]
    relative = LinkForm({"link": "https://joe:secret@h/a b"})
    assert not relative.is_valid()
    assert "secret" not in str(relative.errors)
    assert "***" in relative.errors["link"][0] or "a b" not in relative.errors["link"][0]


def test_model_form_uses_the_form_field() -> None:
    """A ModelForm of the model gets the form field with the model field's options."""
    from django import forms

    class BookmarkForm(forms.ModelForm):  # type: ignore[type-arg]
        class Meta:
            model = Bookmark
            fields: ClassVar[list[str]] = ["link"]

    form = BookmarkForm({"link": "mailto:joe@example.com"})
    assert not form.is_valid()
    assert form.errors["link"] == ["an http or https URL is required, not scheme 'mailto'"]


def test_serializer_field_messages() -> None:
    """The REST framework field validates as the model field does, masked."""
    pytest.importorskip("rest_framework", reason="needs djangorestframework (the test extra)")
    from rest_framework import serializers

    from urikit.django.serializers import URISerializerField

    class LinkSerializer(serializers.Serializer):  # type: ignore[type-arg]
        link = URISerializerField(absolute=True)

    good = LinkSerializer(data={"link": "urn:isbn:0451450523"})
    assert good.is_valid(), good.errors
    assert good.validated_data["link"] == FrozenURI.parse("urn:isbn:0451450523")
    assert LinkSerializer({"link": FrozenURI.parse("https://h/x")}).data == {"link": "https://h/x"}
    bad = LinkSerializer(data={"link": "https://joe:secret@h/a b"})
    assert not bad.is_valid()
    assert "secret" not in str(bad.errors)
    relative = LinkSerializer(data={"link": "/x"})
    assert not relative.is_valid()
    assert [str(e) for e in relative.errors["link"]] == [
        "a URI with a scheme is required (RFC 3986 §4.3), not the relative reference '/x'"]
    assert LinkSerializer(data={"link": 5}).is_valid() is False


def test_every_coercion_has_the_one_wording() -> None:
    """The template library, the model and form fields, the REST framework field and
    safe_redirect refuse a value that is no URI in as_frozen's one wording, each with
    its reading kept (the template's and a lenient field's text as a browser reads it,
    a strict field's strictly)."""
    from django.core.exceptions import ValidationError

    from urikit import safe_redirect
    from urikit._model.pydantic import URIOptions
    from urikit.django.fields import to_uri
    from urikit.django.templatetags.urikit import with_param

    with pytest.raises(TypeError, match=r"^uri must be a URI, FrozenURI or str, not int$"):
        with_param(5, "a=1")
    assert str(with_param("https://h/a b", "a=1")) == "https://h/a%20b?a=1"
    with pytest.raises(ValidationError) as refused:
        to_uri(5, URIOptions())
    assert (refused.value.code, refused.value.messages) == (
        "uri_type", ["value must be a URI, FrozenURI or str, not int"])
    assert str(to_uri("https://h/a b", URIOptions(lenient=True))) == "https://h/a%20b"
    with pytest.raises(ValidationError, match="invalid character") as strict:
        to_uri("https://h/a b", URIOptions())
    assert strict.value.code == "uri_parsing"
    with pytest.raises(TypeError, match=r"^base must be a URI, FrozenURI or str, not int$"):
        safe_redirect("/a", 5)  # type: ignore[arg-type]
    pytest.importorskip("rest_framework", reason="needs djangorestframework (the test extra)")
    from rest_framework import serializers

    from urikit.django.serializers import URISerializerField

    class LinkSerializer(serializers.Serializer):  # type: ignore[type-arg]
        link = URISerializerField()

    bad = LinkSerializer(data={"link": 5})
    assert not bad.is_valid()
    assert [str(e) for e in bad.errors["link"]] == [
        "value must be a URI, FrozenURI or str, not int"]


def test_json_response_writes_a_uri_as_its_text() -> None:
    """Django's encoder refuses a FrozenURI; urikit's (a DjangoJSONEncoder) writes its
    text, and still writes what Django's writes."""
    import datetime

    data = {"self": FrozenURI.parse("https://h/a b".replace(" ", "%20")),
            "edit": URI.parse("/a?x=1"), "at": datetime.date(2025, 1, 2)}
    with pytest.raises(TypeError, match="FrozenURI"):
        JsonResponse(data)
    response = JsonResponse(data, encoder=uk.JSONEncoder)
    assert json.loads(response.content) == {"self": "https://h/a%20b", "edit": "/a?x=1",
                                            "at": "2025-01-02"}


def test_rest_framework_renderer_writes_a_uri_as_its_text() -> None:
    """The REST framework's renderer refuses a FrozenURI; urikit's writes its text."""
    pytest.importorskip("rest_framework", reason="needs djangorestframework (the test extra)")
    from rest_framework.renderers import JSONRenderer as DRFRenderer

    from urikit.django.serializers import JSONRenderer

    data = {"next": FrozenURI.parse("https://h/?page=2"), "n": [URI.parse("/x")]}
    with pytest.raises(TypeError, match="FrozenURI"):
        DRFRenderer().render(data)
    assert json.loads(JSONRenderer().render(data)) == {"next": "https://h/?page=2", "n": ["/x"]}


def test_the_app_registers_the_serializer_field_when_ready() -> None:
    """With ``"urikit.django"`` installed, ``ModelSerializer`` maps ``URIField`` to
    urikit's field without an import of urikit.django.serializers (a fresh process:
    the mapping is the framework's, one per process)."""
    pytest.importorskip("rest_framework", reason="needs djangorestframework (the test extra)")
    code = (
        "import django\n"
        "from django.conf import settings\n"
        "settings.configure(INSTALLED_APPS=['urikit.django'])\n"
        "django.setup()\n"
        "from rest_framework.serializers import ModelSerializer\n"
        "from urikit.django.fields import URIField\n"
        "print(ModelSerializer.serializer_field_mapping[URIField].__name__)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=False, timeout=120)
    assert done.stdout.strip() == "URIModelSerializerField", done.stderr


@pytest.mark.usefixtures("table")
def test_model_serializer_validates_a_uri_field() -> None:
    """A ModelSerializer over the model gets urikit's field with the model field's
    options: bad input is a 400-style error, not a failure in ``save()``."""
    pytest.importorskip("rest_framework", reason="needs djangorestframework (the test extra)")
    from rest_framework import serializers

    import urikit.django.serializers as uks

    class BookmarkSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
        class Meta:  # pyright: ignore[reportIncompatibleVariableOverride] (the stubs' Meta)
            model = Bookmark
            fields: ClassVar[list[str]] = ["link", "note"]

    link, note = BookmarkSerializer().fields["link"], BookmarkSerializer().fields["note"]
    assert isinstance(link, uks.URIModelSerializerField)
    assert isinstance(note, uks.URIModelSerializerField)
    assert link.uri_options.http
    assert note.uri_options.lenient
    assert note.allow_null
    bad = BookmarkSerializer(data={"link": "not a uri at all"})
    assert not bad.is_valid()
    assert list(bad.errors) == ["link"]
    mailto = BookmarkSerializer(data={"link": "mailto:joe@example.com"})
    assert not mailto.is_valid()
    assert [str(e) for e in mailto.errors["link"]] == [
        "an http or https URL is required, not scheme 'mailto'"]
    long = BookmarkSerializer(data={"link": "https://h/" + "a" * 2000})
    assert not long.is_valid()
    assert [e.code for e in long.errors["link"]] == ["max_length"]
    good = BookmarkSerializer(data={"link": "https://h/a%20b", "note": "https://h/a b"})
    assert good.is_valid(), good.errors
    saved = good.save()
    assert Bookmark.objects.get(pk=saved.pk).note == FrozenURI.parse("https://h/a%20b")
    assert BookmarkSerializer(saved).data == {"link": "https://h/a%20b", "note": "https://h/a%20b"}


# --- under a real server ----------------------------------------------------------------


def served() -> Any:
    """This module's views as a WSGI application behind one trusted proxy, for
    gunicorn (``tests.integration.test_adapter_django:served()``)."""
    from django.core.wsgi import get_wsgi_application

    proxies = TrustedProxies(forwarded=1, x_proto=1, x_prefix=1)
    override_settings(**SETTINGS, URIKIT_TRUSTED_PROXIES=proxies).enable()
    return get_wsgi_application()


@contextlib.contextmanager
def _gunicorn() -> Generator[int]:
    """gunicorn serving :func:`served` on a free port, in its own process group."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT)]))
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}", "--workers", "1",
         "--chdir", str(ROOT), "--log-level", "warning",
         "tests.integration.test_adapter_django:served()"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while process.poll() is None and time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
                break
            time.sleep(0.05)
        assert process.poll() is None, process.communicate()[1].decode()
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=30)


def _raw_get(port: int, target: str, headers: dict[str, str]) -> tuple[int, bytes]:
    """The status and body of ``GET target``, the target sent byte for byte."""
    with socket.create_connection(("127.0.0.1", port), 10) as sock:
        lines = [f"GET {target} HTTP/1.0", *(f"{k}: {v}" for k, v in headers.items()),
                 "", ""]
        sock.sendall("\r\n".join(lines).encode("latin-1"))
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.mark.skipif(not hasattr(os, "killpg") or importlib.util.find_spec("gunicorn") is None,
                    reason="needs gunicorn (the test extra) on a POSIX system")
def test_under_gunicorn_raw_target_and_forged_chain() -> None:
    """Under gunicorn (which hands RAW_URI): ``%2F`` stays, ``[]`` and ``|`` come
    encoded, the prefix a trusted proxy removed is put back, and of a forged
    Forwarded chain only the trusted proxy's element is read."""
    forged = {"Host": "10.0.0.5:8000",
              "Forwarded": "host=evil.example;proto=http",
              "X-Forwarded-Prefix": "/evil, /shop"}
    with _gunicorn() as port:
        status, body = _raw_get(port, "/show/a%2Fb?ids[]=1&q=a|b", {
            **forged, "Forwarded": "host=evil.example, host=shop.example;proto=https"})
        assert status == 200, body
        assert json.loads(body) == {
            "uri": "https://shop.example/shop/show/a%2Fb?ids%5B%5D=1&q=a%7Cb",
            "root": "https://shop.example/shop/"}
        status, body = _raw_get(port, "/show/x", {
            "Host": "10.0.0.5:8000", "X-Forwarded-Proto": "http, https",
            "X-Forwarded-Prefix": "/evil, /shop"})
        assert json.loads(body)["uri"] == "https://10.0.0.5:8000/shop/show/x"
        status, _ = _raw_get(port, "/show/x", {"Host": "10.0.0.5:8000",
                                               "Forwarded": "host=evil.example"})
        assert status == 400


def test_proxies_argument_overrides_the_setting() -> None:
    """``proxies=`` is read instead of the setting."""
    from django.test import RequestFactory

    request = RequestFactory(**FORGED).get("/show/x?a=1")
    assert str(uk.request_uri(request)) == "http://10.0.0.5:8000/show/x?a=1"
    assert str(uk.request_uri(request, proxies=TrustedProxies(forwarded=1))) == (
        "https://shop.example/show/x?a=1")
    assert str(uk.root_uri(request, proxies=TrustedProxies(forwarded=1))) == \
        "https://shop.example/"


def test_asgi_request() -> None:
    """Under ASGI (no raw target, text already decoded) the path is rebuilt and the
    query kept as sent."""
    import asyncio

    from django.test import AsyncClient

    with override_settings(ALLOWED_HOSTS=["testserver"]):  # AsyncClient's own host
        # (an ASCII path: AsyncClient hands a UTF-8 path as latin-1 text, as WSGI does)
        response = asyncio.run(AsyncClient().get("/show/a%20b?ids[]=1&q=a|b&t=%C3%A9"))
    assert response.status_code == 200
    assert response.json()["uri"] == "http://testserver/show/a%20b?ids%5B%5D=1&q=a%7Cb&t=%C3%A9"
