"""urikit.starlette through Starlette's test client (and FastAPI's, through it): the
request's URI as sent, proxies, routes, redirects and the template filters."""

from __future__ import annotations

import urllib.parse
from collections.abc import MutableMapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.integration
pytest.importorskip("starlette", reason="needs Starlette (the test extra)")
pytest.importorskip("httpx", reason="needs httpx (the test extra)")
pytest.importorskip("jinja2", reason="needs Jinja2 (the test extra)")

import jinja2
from starlette.applications import Starlette
from starlette.datastructures import URLPath
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.templating import Jinja2Templates
from starlette.testclient import TestClient
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

import urikit.starlette
from urikit import URI, FrozenURI, Pages, PublicSite, RouteMatch, TrustedProxies, format_links

from ..web.test_redirect import TRICKS
from .test_adapter_flask import (
    ALLOWED_HOST_TRICKS,
    FORGED,
    FORGED_BESIDE,
    FORGED_QUOTE,
    ONE_PROXY,
    PAGES,
    QUERY,
    QUERY_WIRE,
)
from .web_checks import ROUTED, ROUTES, routed

PAGES_TEMPLATE = PAGES + "|{{ uri_for('files', name='a/b c') }}"


def _app(proxies: TrustedProxies | None = None) -> Starlette:
    """An app with a view per adapter function, its templates set up by install."""
    templates = Jinja2Templates(env=jinja2.Environment(
        loader=jinja2.DictLoader({"items.html": PAGES_TEMPLATE}), autoescape=True))
    urikit.starlette.install(templates)

    async def files(request: Request) -> JSONResponse:
        return JSONResponse({"here": str(urikit.starlette.request_uri(request)),
                             "root": str(urikit.starlette.root_uri(request)),
                             "name": request.path_params["name"]})

    async def items(request: Request) -> Response:
        here = urikit.starlette.request_uri(request)
        page = int(request.query_params.get("page", "1"))
        pages = Pages(first=here.set_param("page", 1), prev=here.set_param("page", page - 1),
                      next=here.set_param("page", page + 1))
        return templates.TemplateResponse(request, "items.html",
                                          headers={"Link": format_links(pages.links())})

    async def build(request: Request) -> JSONResponse:
        return JSONResponse({
            "one": str(urikit.starlette.url_for(request, "files", name="a/b c")),
            "segments": str(urikit.starlette.url_for(request, "files", name=("a b", "c"))),
            "query": str(urikit.starlette.url_for(request, "files", name="x")
                         .set_param("q", "a|b"))})

    async def login(request: Request) -> RedirectResponse:
        https = request.query_params.get("https") == "1"
        return urikit.starlette.redirect(
            request, request.query_params.get("next"), require_https=https,
            allowed_hosts=("cdn.example", "Accounts.Example:8443"))

    app = Starlette(routes=[Route("/files/{name:path}", files, name="files"),
                            Route("/items", items), Route("/build", build),
                            Route("/login", login)])
    if proxies is not None:
        app.state.urikit = proxies
    return app


def _client(prefix: str = "/app", base: str = "https://shop.example",
            proxies: TrustedProxies | None = None) -> TestClient:
    """A client for the app mounted at ``prefix``, as ``--root-path`` runs it."""
    return TestClient(_app(proxies), base_url=base, root_path=prefix)


def _json(client: TestClient, path: str, headers: list[tuple[str, str]] | None = None
          ) -> dict[str, str]:
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    data: dict[str, str] = response.json()
    return data


def test_request_uri_keeps_an_encoded_slash_and_the_raw_query() -> None:
    """``%2F`` stays distinct from "/" (Starlette's ``path`` decodes it), the query
    keeps every byte, "[]" and "|" encoded, and the root_path is kept."""
    data = _json(_client(), f"/app/files/a%2Fb/c%20d?{QUERY}")
    assert data["name"] == "a/b/c d"
    assert data["here"] == f"https://shop.example/app/files/a%2Fb/c%20d?{QUERY_WIRE}"
    assert data["root"] == "https://shop.example/app/"


def test_request_uri_keeps_bytes_that_are_not_utf8() -> None:
    """A byte that is not UTF-8 (Starlette's ``path`` holds U+FFFD for it) stays as its
    ``%XX``, in the path and the query."""
    assert _json(_client(), "/app/files/a%FF?q=%FE")["here"] == \
        "https://shop.example/app/files/a%FF?q=%FE"


@pytest.mark.parametrize(("change", "here"), [
    pytest.param("drop", "https://shop.example/app/files/a/b/c%20d?q=a%7Cb",
                 id="no raw_path: the decoded path encoded again"),
    pytest.param("strip", "https://shop.example/app/files/a%2Fb/c%20d?q=a%7Cb",
                 id="raw_path without the root_path: the prefix put back"),
])
def test_request_uri_where_the_server_keeps_less(change: str, here: str) -> None:
    """``raw_path`` is optional in ASGI, and some servers leave the root_path out."""
    inner = _app()

    async def server(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            if change == "drop":
                del scope["raw_path"]
            else:
                scope["raw_path"] = scope["raw_path"].removeprefix(b"/app")
        await inner(scope, receive, send)

    client = TestClient(server, base_url="https://shop.example", root_path="/app")
    assert _json(client, "/app/files/a%2Fb/c%20d?q=a|b")["here"] == here


@pytest.mark.parametrize(("proxies", "here"), [
    pytest.param(None, "http://10.0.0.5:8000/files/x?q=1", id="no trusted hop"),
    pytest.param(ONE_PROXY, "https://shop.example/app/files/x?q=1", id="one hop"),
    pytest.param(TrustedProxies(x_proto=2, x_host=2, x_prefix=2),
                 "http://evil.example/files/x?q=1", id="two hops, the client's forgery believed"),
    pytest.param(TrustedProxies(x_proto=3, x_host=3, x_prefix=3),
                 "http://10.0.0.5:8000/files/x?q=1",
                 id="more hops than the chain: nothing believed"),
])
def test_a_forged_proxy_chain_is_read_only_as_far_as_trusted(
        proxies: TrustedProxies | None, here: str) -> None:
    """The client forged the left elements; the proxy appended the right ones. Only
    the trusted hops of ``app.state.urikit`` are read; without them nothing is."""
    client = _client("", "http://10.0.0.5:8000", proxies)
    data = _json(client, "/files/x?q=1", FORGED)
    assert data["here"] == here
    assert data["root"] == here.partition("files/")[0]


def test_a_template_builds_pagination_links_without_editing_here() -> None:
    """``here|with_param`` gives a new URI per page; ``here`` is unchanged after the
    loop; ``uri_for`` encodes a path value as a path; the ``Link`` header from
    :class:`urikit.Pages` holds the same links."""
    response = _client().get(f"/app/items?{QUERY}")
    current = f"https://shop.example/app/items?{QUERY_WIRE}"
    links, here, without, segments, built = response.text.split("|")
    for page in (1, 2, 3):
        link = current.replace("page=2", f"page={page}").replace("&", "&amp;")
        assert f"<a href='{link}'>{page}</a>" in links
    assert here == current.replace("&", "&amp;")
    assert without == current.replace("ids%5B%5D=1&ids%5B%5D=2&", "").replace("&", "&amp;")
    assert segments == "https://shop.example/app/files/a%2Fb"
    assert built == "https://shop.example/app/files/a/b%20c"
    assert response.headers["link"] == ", ".join(
        f'<{current.replace("page=2", f"page={page}")}>; rel="{rel}"'
        for page, rel in ((1, "first"), (1, "prev"), (3, "next")))


def test_url_for_encodes_a_path_value_as_a_path() -> None:
    """A ``{name:path}`` value's "/" are separators and its space is encoded (Starlette's
    own url_for writes the space as is), a tuple is several segments, and the query is
    added to the FrozenURI it returns."""
    data = _json(_client(), "/app/build")
    assert data == {"one": "https://shop.example/app/files/a/b%20c",
                    "segments": "https://shop.example/app/files/a%20b/c",
                    "query": "https://shop.example/app/files/x?q=a%7Cb"}


def _location(target: str, https: bool = False) -> str:
    params = {"next": target, **({"https": "1"} if https else {})}
    response = _client().get("/app/login", params=params, follow_redirects=False)
    assert response.status_code == 303
    location: str = response.headers["location"]
    return location


@pytest.mark.parametrize(("name", "target"), [*TRICKS, *ALLOWED_HOST_TRICKS],
                         ids=[name for name, _ in [*TRICKS, *ALLOWED_HOST_TRICKS]])
def test_redirect_refuses_an_unsafe_target(name: str, target: str) -> None:
    """Each trick, with two hosts allowed, ends on the app's root."""
    assert _location(target) == "https://shop.example/app/", name


@pytest.mark.parametrize(("target", "https", "location"), [
    pytest.param("/app/cart?step=2", False, "https://shop.example/app/cart?step=2",
                 id="same origin"),
    pytest.param("https://cdn.example/a?b=[1]", False, "https://cdn.example/a?b=%5B1%5D",
                 id="allowed host"),
    # the host as the user wrote it (Werkzeug's Location lowercases it; Starlette's not)
    pytest.param("https://ACCOUNTS.example:8443/me", False, "https://ACCOUNTS.example:8443/me",
                 id="allowed host and port"),
    pytest.param("http://cdn.example/a", True, "https://shop.example/app/",
                 id="allowed host, http refused with require_https"),
])
def test_redirect_follows_a_safe_target(target: str, https: bool, location: str) -> None:
    """A same-origin target, or one on an allowed host, is followed."""
    assert _location(target, https) == location


def test_fastapi_request_is_starlettes() -> None:
    """FastAPI's request and router serve the same functions."""
    pytest.importorskip("fastapi", reason="needs FastAPI (the test extra)")
    from fastapi import FastAPI

    api = FastAPI()

    @api.get("/files/{name:path}", name="files")
    def files(name: str, request: Request) -> dict[str, Any]:
        return {"here": str(urikit.starlette.request_uri(request)),
                "link": str(urikit.starlette.url_for(request, "files", name="a/b"))}

    client = TestClient(api, base_url="https://shop.example", root_path="/app")
    assert client.get("/app/files/a%2Fb?q=a|b").json() == {
        "here": "https://shop.example/app/files/a%2Fb?q=a%7Cb",
        "link": "https://shop.example/app/files/a/b"}


def test_a_header_the_proxy_does_not_write_is_not_believed() -> None:
    """Behind a proxy that writes X-Forwarded-Proto and -Host, the client's Forwarded,
    X-Forwarded-Prefix and -Port are ignored: the request's URI and a redirect stay on
    shop.example (issue 42: a 302 to evil.example)."""
    client = _client("", "http://10.0.0.5:8000", TrustedProxies(x_proto=1, x_host=1))
    data = _json(client, "/files/x?q=1", FORGED_BESIDE)
    assert (data["here"], data["root"]) == ("https://shop.example/files/x?q=1",
                                            "https://shop.example/")
    response = client.get("/login", params={"next": "https://evil.example/phish"},
                          headers=FORGED_BESIDE, follow_redirects=False)
    assert (response.status_code, response.headers["location"]) == \
        (303, "https://shop.example/")


def test_a_quote_does_not_merge_the_proxies_elements() -> None:
    """The lines of X-Forwarded-Host, as the client and two proxies sent them: a
    client's quote hides no comma (issue 42: evil.example)."""
    client = _client("", "http://10.0.0.5:8000", TrustedProxies(x_host=2))
    assert _json(client, "/files/x", FORGED_QUOTE)["here"] == "http://shop.example/files/x"


def test_an_invalid_forwarded_value_is_ignored() -> None:
    """A port Python's int() takes but no server does, a javascript: proto and an
    empty host are ignored (issue 42: a 500, javascript: links, http:///)."""
    client = _client("", "http://10.0.0.5:8000",
                     TrustedProxies(x_proto=1, x_host=1, x_port=1))
    # the bytes on the wire (UTF-8), which the server reads as Latin-1
    for name, value in (("X-Forwarded-Port", "²"), ("X-Forwarded-Port", "٨٠"),
                        ("X-Forwarded-Proto", "javascript"), ("X-Forwarded-Host", "")):
        response = client.get("/files/x", headers=[(name.encode(), value.encode())])
        assert response.json()["here"] == "http://10.0.0.5:8000/files/x", value


def test_state_without_proxies_is_ignored() -> None:
    """An app whose state holds something else under ``urikit`` trusts no proxy."""
    app = _app()
    state: MutableMapping[str, Any] = {}
    app.state.urikit = state
    client = TestClient(app, base_url="http://10.0.0.5:8000")
    assert _json(client, "/files/x", FORGED)["here"] == "http://10.0.0.5:8000/files/x"


def _routing_client(proxies: TrustedProxies | None = None,
                    base: str = "https://shop.example") -> TestClient:
    """A client of an app under "/app" whose one view finds the request's route in
    ROUTES and links it back."""
    async def anything(request: Request) -> JSONResponse:
        return JSONResponse(routed(urikit.starlette.find_route(request, ROUTES),
                                   urikit.starlette.root_uri(request)))

    app = Starlette(routes=[Route("/{rest:path}", anything)])
    if proxies is not None:
        app.state.urikit = proxies
    return TestClient(app, base_url=base, root_path="/app")


@pytest.mark.parametrize(("path", "name", "values", "link"), ROUTED)
def test_find_route(path: str, name: str | None, values: dict[str, str], link: str) -> None:
    """The request's route is found on its path after the root_path, an encoded "/"
    kept as data (Starlette's own router decodes it), and the same table links it
    back under the root."""
    data = _json(_routing_client(), "/app" + path)
    if name is None:
        assert data == {"name": None}
    else:
        assert data == {"name": name, "values": values, "payload": ROUTES[name].payload,
                        "link": "https://shop.example/app" + link}


def test_find_route_behind_a_trusted_proxy() -> None:
    """Behind the trusted proxy, the route is linked on the public origin; the forged
    element is not read."""
    client = _routing_client(ONE_PROXY, base="http://10.0.0.5:8000")
    data = _json(client, "/app/users/7", headers=FORGED[:4])
    assert (data["name"], data["link"]) == ("user", "https://shop.example/app/users/7")


def test_find_route_as_a_fastapi_dependency() -> None:
    """In FastAPI, a dependency finds the route and the view gets the match."""
    pytest.importorskip("fastapi", reason="needs FastAPI (the test extra)")
    from fastapi import Depends, FastAPI

    def route(request: Request) -> RouteMatch[str] | None:
        return urikit.starlette.find_route(request, ROUTES)

    app = FastAPI()
    found = Depends(route)

    @app.get("/users/{id}")
    def user(match: RouteMatch[str] | None = found) -> dict[str, Any]:
        assert match is not None
        return {"name": match.name, "values": dict(match.values)}

    data = TestClient(app).get("/users/42?tab=a").json()
    assert data == {"name": "user", "values": {"id": "42", "tab": "a"}}


# --- url_for: Starlette's own link contract, each value plain data (#41) ---------------

async def _nothing(request: Request) -> Response:
    return Response()


async def _socket(websocket: WebSocket) -> None:
    await websocket.close()


def _link_app() -> Starlette:
    """An app with a route per convertor, a websocket route and a mount."""
    return Starlette(routes=[
        Route("/u/", _nothing, name="users"), Route("/u/{username}", _nothing, name="user"),
        Route("/item/{id:int}", _nothing, name="item"),
        Route("/price/{value:float}", _nothing, name="price"),
        Route("/files/{name:path}", _nothing, name="files"),
        WebSocketRoute("/ws", _socket, name="ws"),
        Mount("/sub", routes=[Route("/i/{x}", _nothing, name="inner")], name="sub")])


def _links(*builds: tuple[str, dict[str, Any]]) -> list[str]:
    """What urikit's url_for gives, inside a request to the app under /app."""
    found: list[str] = []

    async def view(request: Request) -> Response:
        for name, params in builds:
            try:
                found.append(str(urikit.starlette.url_for(request, name, **params)))
            except Exception as error:
                found.append(type(error).__name__)
        return Response()

    app = _link_app()
    app.router.routes.append(Route("/v", view))
    TestClient(app, base_url="https://shop.example", root_path="/app").get("/app/v")
    return found


@pytest.mark.parametrize(("name", "params", "link"), [
    pytest.param("item", {"id": "5"}, "https://shop.example/app/item/5",
                 id="int convertor takes '5'"),
    pytest.param("price", {"value": "1.5"}, "https://shop.example/app/price/1.5",
                 id="float convertor takes '1.5'"),
    pytest.param("files", {"name": "docs/a b.pdf"}, "https://shop.example/app/files/docs/a%20b.pdf",
                 id="path convertor: a path, encoded"),
    pytest.param("ws", {}, "wss://shop.example/app/ws", id="websocket route: wss"),
    pytest.param("user", {"username": ""}, "AssertionError", id="empty value refused"),
    pytest.param("user", {"username": ".."}, "BuildError", id="'..' refused"),
    pytest.param("files", {"name": "a/./b"}, "BuildError", id="'.' in a path refused"),
])
def test_url_for_keeps_starlettes_contract(name: str, params: dict[str, Any], link: str) -> None:
    """The route's convertors check each value, websocket routes are ``wss``, an
    empty value is Starlette's error, and a value never climbs a level."""
    assert _links((name, params)) == [link]


def test_url_for_from_the_app_outside_a_request() -> None:
    """A job passes the app; its ``app.state.urikit`` site gives the root, the same
    link a view gives; without a root it is a RuntimeError."""
    app = _link_app()
    with pytest.raises(RuntimeError, match="root"):
        urikit.starlette.url_for(app, "user", username="a b")
    app.state.urikit = PublicSite("https://pub.example/m")
    assert str(urikit.starlette.url_for(app, "user", username="a b")) == \
        "https://pub.example/m/u/a%20b"
    assert str(urikit.starlette.url_for(app, "ws")) == "wss://pub.example/m/ws"


def test_json_response_writes_a_uri_as_its_text() -> None:
    """``json_response`` writes each URI in its content as text, at any depth."""
    response = urikit.starlette.json_response(
        {"a": FrozenURI.parse("https://a.example/x"), "b": [URI.parse("/y?z")]}, 201)
    assert (response.status_code, response.body) == (
        201, b'{"a":"https://a.example/x","b":["/y?z"]}')


@given(value=st.text())
def test_url_for_against_starlettes_own_on_any_text(value: str) -> None:
    """Differential, on any text (300 examples under the ``ci`` profile): urikit's
    link, percent-decoded, is the path Starlette writes (Starlette encodes nothing but
    a "\\", in its ``URLPath``, which reads both),
    for a ``{name:path}`` and a ``{name}`` parameter; but for the named differences:
    a dot segment is refused, and a "/" in a one-segment value is ``%2F`` where
    Starlette raises AssertionError. An empty one-segment value is refused by both."""
    from urikit import BuildError

    app = _link_app()
    app.state.urikit = PublicSite("https://h.example/app")
    for name, holds_path in (("files", True), ("user", False)):
        key = "name" if holds_path else "username"
        pieces = value.split("/") if holds_path else [value]
        if any(piece in (".", "..") for piece in pieces):
            with pytest.raises(BuildError):
                urikit.starlette.url_for(app, name, **{key: value})
            continue
        if not holds_path and ("/" in value or not value):
            with pytest.raises(AssertionError):
                app.url_path_for(name, **{key: value})
            if not value:
                with pytest.raises(AssertionError):
                    urikit.starlette.url_for(app, name, **{key: value})
                continue
            theirs = str(URLPath("/u/" + value))
        else:
            theirs = str(app.url_path_for(name, **{key: value}))
        ours = str(urikit.starlette.url_for(app, name, **{key: value}))
        decoded = urllib.parse.unquote(ours.removeprefix("https://h.example/app"))
        assert str(URLPath(decoded)) == theirs
