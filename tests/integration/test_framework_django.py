"""examples/django_app.py through Django's test client: links, pagination, redirects."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("django", reason="needs Django (the test extra)")

from django.test import Client, override_settings

from urikit import URI

from ..web.test_redirect import TRICKS
from .web_checks import QUERY, assert_pagination_changes_only_page

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "examples"))
import django_app

sys.path.pop(0)

# how the prefix reaches Django: none, the server's SCRIPT_NAME, or FORCE_SCRIPT_NAME
DEPLOYMENTS = ["root", "SCRIPT_NAME", "FORCE_SCRIPT_NAME"]
# what a browser sends for a form with ids[] fields: brackets and "|" unencoded


@pytest.fixture(autouse=True)
def example_settings() -> Iterator[None]:
    """The example's settings (another test module may have configured Django first)."""
    with override_settings(**django_app.SETTINGS):
        yield


@pytest.fixture(params=DEPLOYMENTS)
def deployment(request: pytest.FixtureRequest) -> Iterator[tuple[Client, str]]:
    """Django's test client for the example app, and the path prefix it runs under."""
    how: str = request.param
    if how == "root":
        yield Client(HTTP_HOST="shop.example"), ""
    elif how == "SCRIPT_NAME":
        yield Client(HTTP_HOST="shop.example", SCRIPT_NAME="/app"), "/app"
    else:
        with override_settings(FORCE_SCRIPT_NAME="/app"):
            yield Client(HTTP_HOST="shop.example"), "/app"


def _json(client: Client, path: str) -> dict[str, str]:
    response = client.get(path, secure=True)
    assert response.status_code == 200
    data: dict[str, str] = response.json()
    return data


def test_share_link_from_base_url_and_user_data(deployment: tuple[Client, str]) -> None:
    """The file link is the app's base URL (with its script prefix) plus two segments
    of user data, '/' and '%' included, and a parameter; the URI template gives the
    same text, and the relative link resolves back to it."""
    client, prefix = deployment
    path = str(URI.parse("/share").add_param("owner", "José/Ana")
               .add_param("name", "report 50%.pdf"))
    links = _json(client, path)
    expected = f"https://shop.example{prefix}/files/Jos%C3%A9%2FAna/report%2050%25.pdf?download=1"
    assert links["file"] == expected
    assert links["template"] == expected
    assert links["relative"] == "files/Jos%C3%A9%2FAna/report%2050%25.pdf?download=1"
    assert str(URI.parse(f"https://shop.example{prefix}{path}")
               .resolve(links["relative"])) == expected


def test_pagination_changes_only_page(deployment: tuple[Client, str]) -> None:
    """The next and previous links differ from the current URL (as Django gives it,
    read leniently) only in the value of ``page``: every other byte of the query,
    the order, the lowercase ``%2f``, stays."""
    client, prefix = deployment
    links = _json(client, f"/items?{QUERY}")
    assert_pagination_changes_only_page(links, prefix)


def test_following_the_next_link_keeps_the_other_parameters() -> None:
    """The next link, requested through the client, is page 3 of the same list."""
    client = Client(HTTP_HOST="shop.example")
    links = _json(client, f"/items?{QUERY}")
    again = _json(client, links["next"])
    assert again["self"] == links["next"]
    assert URI.parse(again["self"]).params.get_all("ids[]") == ["1", "2"]
    assert URI.parse(again["next"]).params["page"] == "4"


def _login(client: Client, target: str) -> str:
    response = client.get(str(URI.parse("/login").add_param("next", target)), secure=True)
    assert response.status_code == 302
    location: str = response["Location"]
    return location


@pytest.mark.parametrize(("name", "target"), TRICKS, ids=[name for name, _ in TRICKS])
def test_login_refuses_every_redirect_trick(deployment: tuple[Client, str], name: str,
                                            target: str) -> None:
    """Each trick in the table, sent as ``next`` through the client, ends on the
    account page of this origin."""
    client, prefix = deployment
    assert _login(client, target) == f"https://shop.example{prefix}/account", name


def test_login_follows_a_same_origin_next(deployment: tuple[Client, str]) -> None:
    """A target on this origin is followed, resolved against the login URL; the
    Location header carries the text urikit wrote."""
    client, prefix = deployment
    assert _login(client, f"{prefix}/cart?step=2") == f"https://shop.example{prefix}/cart?step=2"
    assert _login(client, "orders/Jos%C3%A9") == f"https://shop.example{prefix}/orders/Jos%C3%A9"
    assert _login(client, "") == f"https://shop.example{prefix}/account"


def test_main_prints_links(capsys: pytest.CaptureFixture[str]) -> None:
    """The example's main prints the links it gets from its own test client."""
    django_app.main()
    out = capsys.readouterr().out
    assert "file: https://shop.example/app/files/Jos%C3%A9%2FAna/report%2050%25.pdf" in out
    assert "next=//evil.example: https://shop.example/app/account" in out
