"""examples/fastapi_app.py through FastAPI's test client: URI fields in a request body,
their errors and OpenAPI schema, pagination and next redirects."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("fastapi", reason="needs FastAPI (the test extra)")
pytest.importorskip("httpx", reason="needs httpx (the test extra)")

from fastapi.testclient import TestClient

from urikit import URI

from ..web.test_redirect import TRICKS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import fastapi_app

sys.path.pop(0)

PREFIXES = ["", "/app"]


def _client(prefix: str) -> TestClient:
    """A test client for the app mounted at ``prefix`` (as ``--root-path`` runs it)."""
    return TestClient(fastapi_app.app, base_url="https://shop.example", root_path=prefix)


@pytest.mark.parametrize("prefix", PREFIXES)
def test_body_uri_fields_are_read_and_written_as_text(prefix: str) -> None:
    """The posted URL comes back as the same text; the lenient field repairs what a
    browser sent; the bookmark's link is built from the base URL and the title."""
    response = _client(prefix).post(prefix + "/bookmarks", json={
        "url": "https://ana:secret@docs.example/a%20b?x=%7e", "title": "José/Ana",
        "referrer": "/search?q=a|b"})
    assert response.status_code == 201
    assert response.json() == {
        "url": "https://ana:secret@docs.example/a%20b?x=%7e",
        "display": 'https://docs.example/a%20b?x=%7e (user "ana", password hidden)',
        "link": f"https://shop.example{prefix}/bookmarks/Jos%C3%A9%2FAna"}


def test_invalid_uri_is_a_422_with_position_and_component() -> None:
    """A URL the strict parser refuses is a validation error whose context keeps
    urikit's position, component and reason."""
    response = _client("").post("/bookmarks", json={"url": "https://docs.example/a b"})
    assert response.status_code == 422
    (error,) = response.json()["detail"]
    assert error["type"] == "uri_parsing"
    assert error["loc"] == ["body", "url"]
    assert error["msg"] == "invalid character ' ' at position 22 in path"
    assert error["ctx"]["position"] == 22
    assert error["ctx"]["component"] == "path"


def test_relative_uri_is_refused_where_a_scheme_is_required() -> None:
    """``AbsoluteURI`` refuses a relative reference."""
    response = _client("").post("/bookmarks", json={"url": "/a"})
    assert response.status_code == 422
    assert response.json()["detail"][0]["type"] == "uri_scheme_required"


def test_openapi_schema_says_uri() -> None:
    """The OpenAPI schema gives the URI fields as strings of format uri or
    uri-reference."""
    schemas = _client("").get("/openapi.json").json()["components"]["schemas"]
    assert schemas["NewBookmark"]["properties"]["url"] == {
        "type": "string", "format": "uri", "title": "Url"}
    referrer = schemas["NewBookmark"]["properties"]["referrer"]["anyOf"][0]
    assert referrer == {"type": "string", "format": "uri-reference"}


@pytest.mark.parametrize("prefix", PREFIXES)
def test_pagination_changes_only_page(prefix: str) -> None:
    """The next link is the current URL with another ``page``, every other byte of
    the query as sent."""
    query = "ids[]=1&q=a|b&x=%2f&flag&page=2"
    links = _client(prefix).get(f"{prefix}/items?{query}").json()
    assert links["self"] == f"https://shop.example{prefix}/items?ids%5B%5D=1&q=a%7Cb&x=%2f&flag&page=2"
    assert links["next"] == links["self"].replace("page=2", "page=3")


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize(("name", "target"), TRICKS, ids=[name for name, _ in TRICKS])
def test_login_refuses_every_redirect_trick(prefix: str, name: str, target: str) -> None:
    """Each trick in the table, sent as ``next``, ends on this origin's account page."""
    login_page = str(URI.parse(prefix + "/login").add_param("next", target))
    response = _client(prefix).get(login_page, follow_redirects=False)
    assert response.headers["location"] == f"https://shop.example{prefix}/account", name


def test_login_follows_a_same_origin_next() -> None:
    """A target on this origin is followed, resolved against the login URL."""
    login_page = str(URI.parse("/app/login").add_param("next", "orders?id=7"))
    response = _client("/app").get(login_page, follow_redirects=False)
    assert response.headers["location"] == "https://shop.example/app/orders?id=7"


def test_main_prints_what_the_app_answers(capsys: pytest.CaptureFixture[str]) -> None:
    """The example's main prints the answers of its own test client."""
    fastapi_app.main()
    out = capsys.readouterr().out
    assert "422 invalid character ' ' at position 22 in path" in out
    assert "next=//evil.example: https://shop.example/app/account" in out
