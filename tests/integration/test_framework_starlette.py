"""examples/starlette_app.py through Starlette's test client: links, pagination, redirects."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("starlette", reason="needs Starlette (the test extra)")
pytest.importorskip("httpx", reason="needs httpx (the test extra)")

from starlette.testclient import TestClient

from urikit import URI

from ..web.test_redirect import TRICKS
from .web_checks import QUERY, assert_pagination_changes_only_page

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import starlette_app

sys.path.pop(0)

PREFIXES = ["", "/app"]
# what a browser sends for a form with ids[] fields: brackets and "|" unencoded


def _client(prefix: str) -> TestClient:
    """A test client for the app mounted at ``prefix``, as a server started with
    ``--root-path`` runs it: the request path carries the prefix, ``root_path`` says
    which part it is."""
    return TestClient(starlette_app.app, base_url="https://shop.example", root_path=prefix)


def _json(prefix: str, path: str) -> dict[str, str]:
    response = _client(prefix).get(prefix + path)
    assert response.status_code == 200
    data: dict[str, str] = response.json()
    return data


@pytest.mark.parametrize("prefix", PREFIXES)
def test_share_link_from_base_url_and_user_data(prefix: str) -> None:
    """The file link is the app's base URL (with its root_path) plus two segments of
    user data, '/' and '%' included, and a parameter; the URI template gives the same
    text, and the relative link resolves back to it."""
    path = str(URI.parse("/share").add_param("owner", "José/Ana")
               .add_param("name", "report 50%.pdf"))
    links = _json(prefix, path)
    expected = f"https://shop.example{prefix}/files/Jos%C3%A9%2FAna/report%2050%25.pdf?download=1"
    assert links["file"] == expected
    assert links["template"] == expected
    assert links["relative"] == "files/Jos%C3%A9%2FAna/report%2050%25.pdf?download=1"
    assert str(URI.parse(f"https://shop.example{prefix}{path}")
               .resolve(links["relative"])) == expected


@pytest.mark.parametrize("prefix", PREFIXES)
def test_share_route_link_is_the_frameworks_own(prefix: str) -> None:
    """The router builds the file's route: the owner one segment (its "/" encoded),
    the name a path (its "/" separators), each piece encoded once."""
    path = str(URI.parse("/share").add_param("owner", "José/Ana")
               .add_param("name", "report 50%.pdf"))
    links = _json(prefix, path)
    assert links["route"] == (f"https://shop.example{prefix}/files/Jos%C3%A9%2FAna/reports/"
                              "report%2050%25.pdf?download=1")


@pytest.mark.parametrize("prefix", PREFIXES)
def test_pagination_changes_only_page(prefix: str) -> None:
    """The next and previous links differ from the current URL (as Starlette gives
    it, read leniently) only in the value of ``page``: every other byte of the query,
    the order, the lowercase ``%2f``, stays."""
    links = _json(prefix, f"/items?{QUERY}")
    assert_pagination_changes_only_page(links, prefix)


def test_following_the_next_link_keeps_the_other_parameters() -> None:
    """The next link, requested through the client, is page 3 of the same list."""
    links = _json("", f"/items?{QUERY}")
    again = _client("").get(links["next"]).json()
    assert again["self"] == links["next"]
    assert URI.parse(again["self"]).params.get_all("ids[]") == ["1", "2"]
    assert URI.parse(again["next"]).params["page"] == "4"


def _login(prefix: str, target: str) -> str:
    login_page = str(URI.parse(prefix + "/login").add_param("next", target))
    response = _client(prefix).get(login_page, follow_redirects=False)
    assert response.status_code == 303
    location: str = response.headers["location"]
    return location


@pytest.mark.parametrize("prefix", PREFIXES)
@pytest.mark.parametrize(("name", "target"), TRICKS, ids=[name for name, _ in TRICKS])
def test_login_refuses_every_redirect_trick(prefix: str, name: str, target: str) -> None:
    """Each trick in the table, sent as ``next`` through the client, ends on the
    account page of this origin."""
    assert _login(prefix, target) == f"https://shop.example{prefix}/account", name


@pytest.mark.parametrize("prefix", PREFIXES)
def test_login_follows_a_same_origin_next(prefix: str) -> None:
    """A target on this origin is followed, resolved against the login URL; the
    Location header carries the text urikit wrote."""
    assert _login(prefix, f"{prefix}/cart?step=2") == f"https://shop.example{prefix}/cart?step=2"
    assert _login(prefix, "orders/Jos%C3%A9") == f"https://shop.example{prefix}/orders/Jos%C3%A9"
    assert _login(prefix, "") == f"https://shop.example{prefix}/account"


def test_main_prints_links(capsys: pytest.CaptureFixture[str]) -> None:
    """The example's main prints the links it gets from its own test client."""
    starlette_app.main()
    out = capsys.readouterr().out
    assert "file: https://shop.example/app/files/Jos%C3%A9%2FAna/report%2050%25.pdf" in out
    assert "next=//evil.example: https://shop.example/app/account" in out
