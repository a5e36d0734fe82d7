"""What every framework example must give, checked once for all of them."""

from __future__ import annotations

from typing import Any

import pytest

from urikit import URI, FrozenURI, RouteMatch, Routes, URLPattern

#: The query of the current request, as a browser sends it: brackets, a "|", an
#: encoded slash in lowercase, a key without "=", an empty value and UTF-8.
QUERY = "ids[]=1&ids[]=2&q=a|b&sort=-date&x=%2f&flag&empty=&page=2&tail=%C3%A9"


def assert_pagination_changes_only_page(links: dict[str, str], prefix: str) -> None:
    """The next and previous links differ from the current URL (as the framework gives
    it, read leniently) only in the value of ``page``: every other byte of the query,
    the brackets' encoding, the order, the lowercase ``%2f``, stays; the relative next
    link resolves to the absolute one."""
    current = URI.parse(links["self"])
    assert str(current) == (f"https://shop.example{prefix}/items?ids%5B%5D=1&ids%5B%5D=2"
                            "&q=a%7Cb&sort=-date&x=%2f&flag&empty=&page=2&tail=%C3%A9")
    for key, page in (("next", "3"), ("prev", "1")):
        other = URI.parse(links[key])
        assert other.copy().set(query=None) == current.copy().set(query=None)
        assert other.query is not None
        assert current.query is not None
        assert other.query.split("&") == [
            f"page={page}" if piece == "page=2" else piece for piece in current.query.split("&")]
    assert links["next_relative"] == "?" + links["next"].partition("?")[2]
    assert str(current.resolve(links["next_relative"])) == links["next"]


#: the table the adapters' tests route with: a template and a URLPattern
ROUTES: Routes[str] = (Routes[str]()
                       .add("file", "/files/{name}", "send_file")
                       .add("user", "/users/{id}{?tab}", "show_user")
                       .add("asset", URLPattern({"pathname": "/assets/:name.:ext"}), "static"))
#: (path after the app's root, route name, values, the link of the route and values)
ROUTED = [
    pytest.param("/files/a%2Fb%20c", "file", {"name": "a/b c"}, "/files/a%2Fb%20c",
                 id="encoded-slash-is-data"),
    pytest.param("/users/42?page=2&tab=x%7Cy", "user", {"id": "42", "tab": "x|y"},
                 "/users/42?tab=x%7Cy", id="query-read-where-the-route-writes-one"),
    pytest.param("/assets/logo.svg", "asset", {"name": "logo", "ext": "svg"},
                 "/assets/logo.svg", id="urlpattern"),
    pytest.param("/files/a/b", None, {}, "", id="no-route"),
]


def routed(match: RouteMatch[str] | None, root: FrozenURI) -> dict[str, Any]:
    """What a view shows of the request's route: its name, values and payload, and the
    link of the same route and values, built from the table under the app's root."""
    if match is None:
        return {"name": None}
    return {"name": match.name, "values": dict(match.values), "payload": match.payload,
            "link": str(ROUTES.link_under(root, match.name, **match.values))}
