"""One table of route values, run against every framework adapter's url_for.

Each adapter builds three routes, named after what their variable holds: ``segment``
(``/u/<name>``, ``/u/{name}``), ``path`` (``/f/<path:name>``, ``/f/{name:path}``) and
``int`` (``/i/<int:name>``, ``/i/{name:int}``), under an app mounted at ``/app``; the
table says the path each value gives after the app's root, or the error. A value is
plain data in every adapter: encoded by urikit's one rule, never a dot segment, a
path value split at "/", a value the route's converter refuses refused as the
framework refuses it. An adapter joins by adding its builder to ``BUILDERS`` (Django's
``reverse`` can: the routes are three ``path()`` entries).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


#: each adapter's builder, by name
BUILDERS: dict[str, Callable[[], Builder]] = {"flask": _flask, "starlette": _starlette}


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


@pytest.mark.parametrize("adapter", sorted(BUILDERS))
@pytest.mark.parametrize(("route", "value", "expected"), CONTRACT,
                         ids=[f"{r}-{v!r}" for r, v, _ in CONTRACT])
def test_every_adapter_keeps_the_contract(adapter: str, route: str, value: Any,
                                          expected: str) -> None:
    """The value gives the table's path, or its error, in each adapter."""
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
