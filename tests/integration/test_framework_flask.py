"""examples/flask_app.py through Flask's test client: links, pagination, redirects."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("flask", reason="needs Flask (the test extra)")

from flask.testing import FlaskClient

from urikit import URI

from ..web.test_redirect import TRICKS
from .web_checks import QUERY, assert_pagination_changes_only_page

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import flask_app

sys.path.pop(0)

PREFIXES = [("https://shop.example", ""), ("https://shop.example/app", "/app")]
# what a browser sends for a form with ids[] fields: brackets and "|" unencoded


@pytest.fixture
def client() -> FlaskClient:
    """Flask's test client for the example app."""
    return flask_app.app.test_client()


def _json(client: FlaskClient, path: str, base: str) -> dict[str, str]:
    response = client.get(path, base_url=base)
    assert response.status_code == 200
    data: dict[str, str] = response.get_json()
    return data


@pytest.mark.parametrize(("base", "prefix"), PREFIXES)
def test_share_link_from_base_url_and_user_data(client: FlaskClient, base: str,
                                                prefix: str) -> None:
    """The file link is the app's base URL (with its SCRIPT_NAME prefix) plus two
    segments of user data, '/' and '%' included, and a parameter; the URI template
    gives the same text, and the relative link resolves back to it."""
    path = str(URI.parse("/share").add_param("owner", "José/Ana")
               .add_param("name", "report 50%.pdf"))
    links = _json(client, path, base)
    expected = f"https://shop.example{prefix}/files/Jos%C3%A9%2FAna/report%2050%25.pdf?download=1"
    assert links["file"] == expected
    assert links["template"] == expected
    assert links["relative"] == "files/Jos%C3%A9%2FAna/report%2050%25.pdf?download=1"
    assert str(URI.parse(base + path).resolve(links["relative"])) == expected


@pytest.mark.parametrize(("base", "prefix"), PREFIXES)
def test_share_route_link_is_the_frameworks_own(client: FlaskClient, base: str,
                                                prefix: str) -> None:
    """The router builds the file's route: the owner one segment (its "/" encoded),
    the name a path (its "/" separators), each piece encoded once."""
    path = str(URI.parse("/share").add_param("owner", "José/Ana")
               .add_param("name", "report 50%.pdf"))
    links = _json(client, path, base)
    assert links["route"] == (f"https://shop.example{prefix}/files/Jos%C3%A9%2FAna/reports/"
                              "report%2050%25.pdf?download=1")


@pytest.mark.parametrize(("base", "prefix"), PREFIXES)
def test_pagination_changes_only_page(client: FlaskClient, base: str, prefix: str) -> None:
    """The next and previous links differ from the current URL (as Flask gives it,
    read leniently) only in the value of ``page``: every other byte of the query,
    the brackets' encoding, the order, the lowercase ``%2f``, stays."""
    links = _json(client, f"/items?{QUERY}", base)
    assert_pagination_changes_only_page(links, prefix)


def test_following_the_next_link_keeps_the_other_parameters(client: FlaskClient) -> None:
    """The next link, requested through the client, is page 3 of the same list."""
    links = _json(client, f"/items?{QUERY}", "https://shop.example")
    again = _json(client, links["next"], "https://shop.example")
    assert again["self"] == links["next"]
    assert URI.parse(again["self"]).params.get_all("ids[]") == ["1", "2"]
    assert URI.parse(again["next"]).params["page"] == "4"


def _login(client: FlaskClient, target: str, base: str) -> str:
    response = client.get(str(URI.parse("/login").add_param("next", target)), base_url=base)
    assert response.status_code == 302
    location: str = response.headers["Location"]
    return location


@pytest.mark.parametrize(("base", "prefix"), PREFIXES)
@pytest.mark.parametrize(("name", "target"), TRICKS, ids=[name for name, _ in TRICKS])
def test_login_refuses_every_redirect_trick(client: FlaskClient, base: str, prefix: str, name: str,
                                            target: str) -> None:
    """Each trick in the table, sent as ``next`` through the client, ends on the
    account page of this origin."""
    assert _login(client, target, base) == f"https://shop.example{prefix}/account", name


@pytest.mark.parametrize(("base", "prefix"), PREFIXES)
def test_login_follows_a_same_origin_next(client: FlaskClient, base: str, prefix: str) -> None:
    """A target on this origin is followed, resolved against the login URL."""
    assert _login(client, f"{prefix}/cart?step=2", base) == \
        f"https://shop.example{prefix}/cart?step=2"
    assert _login(client, "orders/Jos%C3%A9", base) == \
        f"https://shop.example{prefix}/orders/Jos%C3%A9"
    assert _login(client, "", base) == f"https://shop.example{prefix}/account"


def test_main_prints_links(capsys: pytest.CaptureFixture[str]) -> None:
    """The example's main prints the links it gets from its own test client."""
    flask_app.main()
    out = capsys.readouterr().out
    assert "file: https://shop.example/app/files/Jos%C3%A9%2FAna/report%2050%25.pdf" in out
    assert "next=//evil.example: https://shop.example/app/account" in out
