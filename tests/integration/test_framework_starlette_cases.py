"""urikit.starlette.url_for on the url_path_for cases of Starlette's own tests.

``tests/data/frameworks/starlette_url_path_for.json`` holds 28 cases, each an
assertion of Starlette's ``tests/test_routing.py`` on ``url_path_for`` (and
``make_absolute_url``), with its routes; each runs through
:func:`urikit.starlette.url_for` in a request to ``https://example.org`` (under the
case's ``root_path``) and gives the path, the link or the error Starlette's test
expects, but for 1 named difference, listed in ``docs/starlette.md``: a "/" in a
one-segment value is ``%2F``, where Starlette raises ``AssertionError``.
"""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("starlette", reason="needs Starlette (the test extra)")
pytest.importorskip("httpx", reason="needs httpx (the test extra)")

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Host, Mount, NoMatchFound, Route, Router, WebSocketRoute
from starlette.testclient import TestClient
from starlette.websockets import WebSocket

import urikit.starlette
from urikit import FrozenURI

DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent.parent / "data" / "frameworks" / "starlette_url_path_for.json")
    .read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = DATA["cases"]
ERRORS: dict[str, type[Exception]] = {"NoMatchFound": NoMatchFound,
                                      "AssertionError": AssertionError}


async def _nothing(request: Request) -> Response:
    return Response()


async def _socket(websocket: WebSocket) -> None:
    await websocket.close()


def _routes(table: list[list[Any]]) -> list[BaseRoute]:
    """Starlette routes from the case's table: route, websocket, mount (of routes),
    mount-app (of an ASGI app), host (of routes)."""
    routes: list[BaseRoute] = []
    for kind, path, name, *children in table:
        if kind == "route":
            routes.append(Route(path, _nothing, name=name))
        elif kind == "websocket":
            routes.append(WebSocketRoute(path, _socket, name=name))
        elif kind == "mount":
            routes.append(Mount(path, routes=_routes(children[0]), name=name))
        elif kind == "host":
            routes.append(Host(path, app=Router(_routes(children[0])), name=name))
        else:
            routes.append(Mount(path, app=Response("x"), name=name))
    return routes


def _params(params: dict[str, Any]) -> dict[str, Any]:
    """The case's parameters, a ``{"uuid": text}`` read as a UUID."""
    return {key: uuid.UUID(value["uuid"]) if isinstance(value, dict) else value
            for key, value in params.items()}


def _build(case: dict[str, Any]) -> str:
    """urikit's link (or the name of its error) in a request to the case's app."""
    found: list[str] = []

    async def view(request: Request) -> Response:
        try:
            found.append(str(urikit.starlette.url_for(request, case["name"],
                                                      **_params(case["params"]))))
        except (NoMatchFound, AssertionError) as error:
            found.append(f"{type(error).__name__}: {error}")
        return Response()

    app = Starlette(routes=[Route("/__case__", view), *_routes(DATA["apps"][case["app"]])])
    root = case.get("root_path", "")
    TestClient(app, base_url="https://example.org", root_path=root).get(f"{root}/__case__")
    return found[0]


def _expected(case: dict[str, Any]) -> str | dict[str, str]:
    """What Starlette's test expects, or urikit's named difference."""
    difference: list[str] | None = case.get("difference")
    return case["expect"] if difference is None else difference[0]


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c['source'].rpartition('::')[2]}"
                                             for i, c in enumerate(CASES)])
def test_url_for_gives_what_starlettes_test_expects(case: dict[str, Any]) -> None:
    """The path (from the root), the absolute link, or the error of Starlette's test."""
    expect = _expected(case)
    built = _build(case)
    if isinstance(expect, dict):
        assert built.startswith(expect["error"] + ":")
        assert re.search(re.escape(expect.get("match", "")), built)
    elif expect.startswith("/"):
        link = FrozenURI.parse(built)
        root = case.get("root_path", "")
        assert str(link.set(scheme=None, host=None)).removeprefix(root) == expect
    else:
        assert built == expect


def test_the_differences_are_counted() -> None:
    """28 cases, 1 a named difference, each with its reason."""
    differences = [case["difference"][1] for case in CASES if "difference" in case]
    assert (len(CASES), differences) == (
        28, ["a '/' in a one-segment value is %2F, where Starlette refuses it"])
