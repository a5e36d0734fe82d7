"""The example apps as the browser tests serve them: one factory per example.

A real server imports this module and calls a factory (``gunicorn
'served_apps:flask_app()'``, ``uvicorn --factory served_apps:fastapi_app``). Each app
is the example's own, unchanged, behind a thin wrapper that adds one response header,
``X-Served-Path``: the path the server handed the application (WSGI ``PATH_INFO``,
ASGI ``path``), decoded by the server as every framework reads it, as a JSON string.
The browser test reads it from its proxy's log to see what the framework received.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _example(name: str) -> Any:
    """Import ``examples/<name>.py``."""
    if str(EXAMPLES) not in sys.path:
        sys.path.insert(0, str(EXAMPLES))
    return importlib.import_module(name)


def _served_path_wsgi(app: WSGIApplication) -> WSGIApplication:
    def wrapped(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        # PEP 3333: PATH_INFO holds the request's bytes as latin-1 characters
        path = (environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", ""))
        header = ("X-Served-Path", json.dumps(path.encode("latin-1").decode("utf-8", "replace")))

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            return start_response(status, [*headers, header], exc_info)

        return app(environ, start)

    return wrapped


def _served_path_asgi(app: ASGIApp) -> ASGIApp:
    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        header = (b"x-served-path", json.dumps(scope["path"]).encode("ascii"))

        async def send_with_path(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), header]
            await send(message)

        await app(scope, receive, send_with_path)

    return wrapped


def flask_app() -> WSGIApplication:
    """examples/flask_app.py's ``app``, for a WSGI server."""
    return _served_path_wsgi(_example("flask_app").app)


def django_app() -> WSGIApplication:
    """examples/django_app.py as Django's WSGI application (importing the example
    configures the settings)."""
    _example("django_app")
    from django.core.wsgi import get_wsgi_application

    return _served_path_wsgi(get_wsgi_application())


def starlette_app() -> ASGIApp:
    """examples/starlette_app.py's ``app``, for an ASGI server."""
    return _served_path_asgi(_example("starlette_app").app)


def fastapi_app() -> ASGIApp:
    """examples/fastapi_app.py's ``app``, for an ASGI server."""
    return _served_path_asgi(_example("fastapi_app").app)
