"""The example apps under real servers, asked with curl (#41's "done when").

Flask and Django run under gunicorn, Starlette under uvicorn, each the example's own
app (``served_apps.py``) on a free loopback port, started once for the module
(``servers.py``, which test_chromium.py shares). curl
sends what a client (or an attacker) writes: a value that would be a dot segment, a
value that is a path, forwarding headers no trusted proxy wrote (the examples trust
none), and a ``next`` to another site. Each request is bounded by curl's
``--max-time``; each server by a start deadline, and killed (its process group) at
the end. Without curl or a server the tests skip, and fail under ``CI``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest

from urikit import URI

from .servers import (
    HOST,
    ORIGIN,
    START_SECONDS,
    Running,
    skip_or_fail,
    start,
    stop,
    wait_until_up,
)

pytestmark = pytest.mark.integration


#: each example: its server, the factory it calls, the packages it needs
APPS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "flask": ("gunicorn", "served_apps:flask_app()", ("flask", "gunicorn")),
    "starlette": ("uvicorn", "served_apps:starlette_app", ("starlette", "uvicorn")),
    "django": ("gunicorn", "served_apps:django_app()", ("django", "gunicorn")),
}

#: the route link of /share?owner=ana&name=a/b c: the owner one segment (where the
#: route has one), the name a path after "reports/"
ROUTE = {"flask": "/files/ana/reports/a/b%20c?download=1",
         "starlette": "/files/ana/reports/a/b%20c?download=1",
         "django": "/files/reports/a/b%20c?download=1"}


@pytest.fixture(scope="module")
def servers() -> Iterator[dict[str, int]]:
    """Every example under its server, started together; each one's port."""
    if not hasattr(os, "killpg"):
        pytest.skip("needs a POSIX system (process groups)")
    started: dict[str, Running] = {}
    try:
        for app, (server, spec, packages) in APPS.items():
            if all(importlib.util.find_spec(name) is not None for name in packages):
                started[app] = start(server, spec)
        deadline = time.monotonic() + START_SECONDS
        for running in started.values():
            wait_until_up(running, deadline)
        yield {app: running.port for app, running in started.items()}
    finally:
        for running in started.values():
            if not running.output.closed:
                stop(running)


@pytest.fixture(params=sorted(APPS))
def port(request: pytest.FixtureRequest, servers: dict[str, int]) -> int:
    """The port of one example's server."""
    if shutil.which("curl") is None:
        skip_or_fail("needs curl")
    app: str = request.param
    if app not in servers:
        skip_or_fail(f"needs {' and '.join(APPS[app][2])} (the test extra)")
    return servers[app]


def _curl(port: int, target: str, *headers: str) -> tuple[int, dict[str, str], str]:
    """The status, the headers (lower-case names) and the body of ``GET target``, the
    target sent as written (``--path-as-is``: curl removes no dot segment)."""
    command = ["curl", "--silent", "--show-error", "--max-time", "10", "--path-as-is",
               "--include", "--header", f"Host: {HOST}"]
    for header in headers:
        command += ["--header", header]
    done = subprocess.run([*command, f"http://127.0.0.1:{port}{target}"], capture_output=True,
                          timeout=30, check=True)
    head, _, body = done.stdout.decode("utf-8").partition("\r\n\r\n")
    status_line, *lines = head.split("\r\n")
    fields = {name.strip().lower(): value.strip()
              for name, _, value in (line.partition(":") for line in lines)}
    return int(status_line.split()[1]), fields, body


def _share(owner: str, name: str) -> str:
    return str(URI.parse("/share").add_param("owner", owner).add_param("name", name))


@pytest.mark.parametrize(("owner", "name"), [("..", "x"), ("ana", ".."), ("ana", "a/../b"),
                                             (".", "x")])
def test_a_dot_segment_value_is_refused(port: int, owner: str, name: str) -> None:
    """A value that would be "." or ".." (a browser would climb a level) is no link: the
    example answers 400, and no link of it is written."""
    status, _, body = _curl(port, _share(owner, name))
    assert status == 400, body
    assert "/files/" not in body


def test_a_path_value_stays_a_path(port: int, request: pytest.FixtureRequest) -> None:
    """A name with "/" for the route's path variable is a path in its link, and the
    link leads to that route with the same name."""
    app = str(request.node.callspec.params["port"])
    status, _, body = _curl(port, _share("ana", "a/b c"))
    assert status == 200, body
    route = json.loads(body)["route"]
    assert route == ORIGIN + ROUTE[app]
    status, _, body = _curl(port, route.removeprefix(ORIGIN))
    assert status == 200, body
    assert json.loads(body)["name"] == "reports/a/b c"


@pytest.mark.parametrize("forged", [
    ("Forwarded: host=evil.example;proto=https",),
    ("X-Forwarded-Host: evil.example", "X-Forwarded-Proto: https"),
    ("X-Forwarded-Prefix: /evil",),
    ("Forwarded: for=1.2.3.4, host=evil.example", "X-Forwarded-Prefix: /a, /evil"),
], ids=["Forwarded", "X-Forwarded-Host", "X-Forwarded-Prefix", "chains"])
def test_forged_forwarding_headers_are_ignored(port: int, forged: tuple[str, ...]) -> None:
    """Forwarding headers that no trusted proxy wrote (the examples trust none) change
    neither the request's URI nor the links built on it."""
    status, _, body = _curl(port, "/items?page=2", *forged)
    assert status == 200, body
    links = json.loads(body)
    assert links["self"] == f"{ORIGIN}/items?page=2"
    assert links["next"] == f"{ORIGIN}/items?page=3"


@pytest.mark.parametrize("target", ["//evil.example", "https://evil.example/",
                                    "/\\evil.example", "http://shop.example@evil.example/"])
def test_a_redirect_to_another_site_goes_to_the_fallback(port: int, target: str) -> None:
    """``next`` to another site is not followed: the redirect goes to the example's
    fallback, resolved against the app's root."""
    status, fields, _ = _curl(port, str(URI.parse("/login").add_param("next", target)))
    assert 300 <= status < 400
    assert fields["location"] == f"{ORIGIN}/account"
