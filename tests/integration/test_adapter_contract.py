"""One table of route values, run against every framework adapter's url_for.

Each adapter builds three routes, named after what their variable holds: ``segment``
(``/u/<name>``, ``/u/{name}``), ``path`` (``/f/<path:name>``, ``/f/{name:path}``) and
``int`` (``/i/<int:name>``, ``/i/{name:int}``), under an app mounted at ``/app``; the
table says the path each value gives after the app's root, or the error. A value is
plain data in every adapter: encoded by urikit's one rule, never a dot segment, a
path value split at "/", a value the route's converter refuses refused as the
framework refuses it. An adapter joins by adding its builder to ``BUILDERS``; a row an
adapter cannot share is in ``DIFFERENCES``, with its own outcome and the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import pytest

from urikit import BuildError, URIError

pytestmark = pytest.mark.integration

#: (route, value, the path after the app's root, or the error's class name)
CONTRACT: list[tuple[str, object, str]] = [
    ("segment", "a b", "/u/a%20b"),
    ("segment", "José", "/u/Jos%C3%A9"),
    ("segment", "a/b", "/u/a%2Fb"),  # one segment: urikit's named difference
    ("segment", "a?b#c", "/u/a%3Fb%23c"),
    ("segment", "{x}", "/u/%7Bx%7D"),
    ("segment", "%2F", "/u/%252F"),  # a "%" is data: never decoded, never doubled
    ("segment", "x:y", "/u/x:y"),
    ("segment", "..", "BuildError"),
    ("segment", ".", "BuildError"),
    ("path", "docs/a b.pdf", "/f/docs/a%20b.pdf"),
    ("path", ("a/b", "c"), "/f/a%2Fb/c"),
    ("path", "a/../b", "BuildError"),
    ("path", "a/./b", "BuildError"),
    ("path", "..", "BuildError"),
    ("int", "5", "/i/5"),
    ("int", 5, "/i/5"),
    ("int", "x", "ValueError"),
]

Builder = Callable[[str, object], str]


def _flask() -> Builder:
    pytest.importorskip("flask", reason="needs Flask (the test extra)")
    from flask import Flask

    import urikit.flask

    app = Flask(__name__)
    for rule, endpoint in (("/u/<name>", "segment"), ("/f/<path:name>", "path"),
                           ("/i/<int:name>", "int")):
        app.add_url_rule(rule, endpoint, lambda name: "")

    def build(route: str, value: object) -> str:
        with app.test_request_context("/", base_url="https://h.example/app"):
            return str(urikit.flask.url_for(route, name=value)).removeprefix("/app")

    return build


def _starlette() -> Builder:
    pytest.importorskip("starlette", reason="needs Starlette (the test extra)")
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    import urikit.starlette
    from urikit import PublicSite

    async def view(request: Request) -> Response:
        return Response()

    app = Starlette(routes=[Route("/u/{name}", view, name="segment"),
                            Route("/f/{name:path}", view, name="path"),
                            Route("/i/{name:int}", view, name="int")])
    app.state.urikit = PublicSite("https://h.example/app")

    def build(route: str, value: object) -> str:
        link = urikit.starlette.url_for(app, route, name=value)
        return str(link).removeprefix("https://h.example/app")

    return build


def _django() -> Builder:
    pytest.importorskip("django", reason="needs Django (the test extra)")
    import django
    from django.conf import settings
    from django.http import HttpRequest, HttpResponse
    from django.test import override_settings
    from django.urls import NoReverseMatch, path

    import urikit.django
    from urikit import PublicSite

    if not settings.configured:  # another module's tests may have configured Django first
        settings.configure(DEBUG=False, SECRET_KEY="tests only", ALLOWED_HOSTS=[],
                           INSTALLED_APPS=[], MIDDLEWARE=[], DATABASES={})
        django.setup()

    def view(request: HttpRequest, name: object) -> HttpResponse:
        return HttpResponse()

    class URLConf:
        urlpatterns: ClassVar[list[Any]] = [
            path("u/<str:name>", view, name="segment"), path("f/<path:name>", view, name="path"),
            path("i/<int:name>", view, name="int")]

    def build(route: str, value: object) -> str:
        with override_settings(ROOT_URLCONF=URLConf,
                               URIKIT_SITE=PublicSite("https://h.example/app")):
            try:
                link = urikit.django.reverse(route, kwargs={"name": value}, absolute=True)
            except NoReverseMatch as error:  # Django's converters refuse as Flask's do
                raise ValueError(route) from error
        return str(link).removeprefix("https://h.example/app")

    return build


#: each adapter's builder, by name
BUILDERS: dict[str, Callable[[], Builder]] = {
    "django": _django, "flask": _flask, "starlette": _starlette}

#: (adapter, route, value) -> the adapter's own outcome, where it cannot share the row
DIFFERENCES: dict[tuple[str, str, object], str] = {
    # Django's <str:...> converter takes no "/" (its pattern is [^/]+): NoReverseMatch,
    # where Flask and Starlette's one-segment values encode it
    ("django", "segment", "a/b"): "ValueError",
    # Django's reverse writes str() of a value, and its path converter cannot encode a
    # segment's "/": urikit's reverse refuses a list or tuple
    ("django", "path", ("a/b", "c")): "TypeError",
}


def _outcome(build: Builder, route: str, value: object) -> str:
    """The path, or the name of the error: urikit's BuildError, or the framework's
    ValueError (a converter's refusal)."""
    try:
        return build(route, value)
    except BuildError:
        return "BuildError"
    except URIError as error:  # any other urikit error is a failure of the contract
        return f"URIError: {error}"
    except ValueError:
        return "ValueError"
    except TypeError:
        return "TypeError"


@pytest.mark.parametrize("adapter", sorted(BUILDERS))
@pytest.mark.parametrize(("route", "value", "expected"), CONTRACT,
                         ids=[f"{r}-{v!r}" for r, v, _ in CONTRACT])
def test_every_adapter_keeps_the_contract(adapter: str, route: str, value: Any,
                                          expected: str) -> None:
    """The value gives the table's path, or its error, in each adapter (or the
    adapter's named difference)."""
    expected = DIFFERENCES.get((adapter, route, value), expected)
    assert _outcome(BUILDERS[adapter](), route, value) == expected


def test_the_table_covers_each_route() -> None:
    """Every route kind has a row that builds and a row that is refused."""
    kinds: dict[str, list[str]] = {}
    for route, _, expected in CONTRACT:
        kinds.setdefault(route, []).append(expected)
    refused = ("BuildError", "ValueError")
    assert all(any(e in refused for e in outcomes) and any(e.startswith("/") for e in outcomes)
               for outcomes in kinds.values())
    assert set(kinds) == {"segment", "path", "int"}


# --- one site value, in a view and outside any request --------------------------------

#: (the site's public root, route, value, the absolute link): the same in a view (on an
#: internal host, under another mount, with a forged X-Forwarded-Host) and in a job
SITES: list[tuple[str, str, object, str]] = [
    ("https://shop.example/app", "segment", "a b", "https://shop.example/app/u/a%20b"),
    ("https://shop.example/", "path", "docs/a.pdf", "https://shop.example/f/docs/a.pdf"),
    ("http://shop.example:8080/x/y/", "int", 5, "http://shop.example:8080/x/y/i/5"),
    ("https://shop.example/app", "segment", "..", "BuildError"),
]

#: what the server in front of the view sees: not the public site
INTERNAL = {"host": "10.0.0.5:8000", "mount": "/internal", "forged": "evil.example"}

SiteBuilder = Callable[[str, str, object], tuple[str, str]]


def _outcomes(build: SiteBuilder, site: str, route: str, value: object) -> tuple[str, str]:
    try:
        return build(site, route, value)
    except BuildError:
        return ("BuildError", "BuildError")


def _flask_site() -> SiteBuilder:
    pytest.importorskip("flask", reason="needs Flask (the test extra)")
    from flask import Flask

    import urikit.flask
    from urikit import PublicSite

    def build(site: str, route: str, value: object) -> tuple[str, str]:
        app = Flask(__name__)
        for rule, endpoint in (("/u/<name>", "segment"), ("/f/<path:name>", "path"),
                               ("/i/<int:name>", "int")):
            app.add_url_rule(rule, endpoint, lambda name: "")
        app.config["URIKIT_SITE"] = PublicSite(site)
        base = f"http://{INTERNAL['host']}{INTERNAL['mount']}"
        with app.test_request_context("/", base_url=base,
                                      headers={"X-Forwarded-Host": INTERNAL["forged"]}):
            view = str(urikit.flask.url_for(route, name=value, _external=True))
        with app.app_context():
            job = str(urikit.flask.url_for(route, name=value))
        return view, job

    return build


def _starlette_site() -> SiteBuilder:
    pytest.importorskip("starlette", reason="needs Starlette (the test extra)")
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse, Response
    from starlette.routing import Route
    from starlette.testclient import TestClient

    import urikit.starlette
    from urikit import PublicSite

    def build(site: str, route: str, value: object) -> tuple[str, str]:
        async def view(request: Request) -> Response:
            try:
                link = urikit.starlette.url_for(request, route, name=value)
            except BuildError:
                return PlainTextResponse("BuildError")
            return PlainTextResponse(str(link))

        app = Starlette(routes=[Route("/u/{name}", view, name="segment"),
                                Route("/f/{name:path}", view, name="path"),
                                Route("/i/{name:int}", view, name="int"),
                                Route("/view", view)])
        app.state.urikit = PublicSite(site)
        client = TestClient(app, base_url=f"http://{INTERNAL['host']}",
                            root_path=INTERNAL["mount"])
        view_link = client.get(INTERNAL["mount"] + "/view",
                               headers={"X-Forwarded-Host": INTERNAL["forged"]}).text
        try:
            job = str(urikit.starlette.url_for(app, route, name=value))
        except BuildError:
            job = "BuildError"
        return view_link, job

    return build


def _django_site() -> SiteBuilder:
    pytest.importorskip("django", reason="needs Django (the test extra)")
    _django()  # Django configured
    from django.http import HttpRequest, HttpResponse
    from django.test import Client, override_settings
    from django.urls import path

    import urikit.django
    from urikit import PublicSite

    def build(site: str, route: str, value: object) -> tuple[str, str]:
        def view(request: HttpRequest) -> HttpResponse:
            try:
                link = urikit.django.reverse(route, kwargs={"name": value}, request=request)
            except BuildError:
                return HttpResponse("BuildError")
            return HttpResponse(str(link))

        class URLConf:
            urlpatterns: ClassVar[list[Any]] = [
                path("u/<str:name>", view, name="segment"),
                path("f/<path:name>", view, name="path"),
                path("i/<int:name>", view, name="int"), path("view", view)]

        with override_settings(ROOT_URLCONF=URLConf, ALLOWED_HOSTS=["10.0.0.5"],
                               URIKIT_SITE=PublicSite(site)):
            response = Client().get("/view", HTTP_HOST=INTERNAL["host"],
                                    SCRIPT_NAME=INTERNAL["mount"],
                                    HTTP_X_FORWARDED_HOST=INTERNAL["forged"])
            try:
                job = str(urikit.django.reverse(route, kwargs={"name": value}, absolute=True))
            except BuildError:
                job = "BuildError"
        return response.content.decode(), job

    return build


#: each adapter's builder of a link in a view and outside a request, by name
SITE_BUILDERS: dict[str, Callable[[], SiteBuilder]] = {
    "django": _django_site, "flask": _flask_site, "starlette": _starlette_site}


@pytest.mark.parametrize("adapter", sorted(SITE_BUILDERS))
@pytest.mark.parametrize(("site", "route", "value", "expected"), SITES,
                         ids=[f"{s}-{r}-{v!r}" for s, r, v, _ in SITES])
def test_one_site_value_gives_one_link_in_a_view_and_outside_a_request(
        adapter: str, site: str, route: str, value: object, expected: str) -> None:
    """The site's root is every link's, whatever host and mount the server in front of
    the view sees (a forged X-Forwarded-Host included), and outside any request."""
    assert _outcomes(SITE_BUILDERS[adapter](), site, route, value) == (expected, expected)
