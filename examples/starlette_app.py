"""Links in a Starlette app, built with urikit from what Starlette hands the endpoint.

* ``/share``: an absolute link from the app's base URL (``request.base_url``, which
  carries the ``root_path`` prefix) with path segments and a query parameter from user
  data, the same link from a URI template, and the link relative to this page;
* ``/items``: pagination links that change only ``page`` in the current URL, every
  other byte of the query kept as the client sent it (``ids[]=1``, ``a|b``);
* ``/login``: a redirect to the ``next`` parameter, followed only when it stays on
  this origin (:func:`urikit.safe_redirect`), else to the account page.

Run it to see the links it gives through Starlette's test client; no server starts.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from urikit import URI, safe_redirect


def here(request: Request) -> URI:
    """The URL of the current request as Starlette gives it (its query is the raw
    query string), read leniently: ``[]`` and ``|`` are encoded, nothing else changes."""
    return URI.parse_lenient(str(request.url))


def root(request: Request) -> URI:
    """The app's base URL, ``root_path`` included, ending in "/"."""
    return URI.parse_lenient(str(request.base_url))


async def share(request: Request) -> JSONResponse:
    """Links to the file ``name`` of ``owner``, both taken from the query as data."""
    owner, name = request.query_params["owner"], request.query_params["name"]
    link = root(request).add_segments_text("files", owner, name).set_param("download", 1)
    from_template = URI.from_template("{+root}files/{owner}/{name}{?download}",
                                      root=root(request), owner=owner, name=name, download=1)
    return JSONResponse({"file": str(link), "template": str(from_template),
                         "relative": str(link.relative_to(here(request)))})


async def items(request: Request) -> JSONResponse:
    """This page's pagination links: only ``page`` changes."""
    current = here(request)
    page = int(request.query_params.get("page", "1"))
    links = {"self": str(current)}
    nxt = current.copy().set_param("page", page + 1)
    links["next"] = str(nxt)
    links["next_relative"] = str(nxt.relative_to(current))
    if page > 1:
        links["prev"] = str(current.copy().set_param("page", page - 1))
    return JSONResponse(links)


async def login(request: Request) -> RedirectResponse:
    """After logging in, go where ``next`` says if it is on this origin."""
    target = safe_redirect(request.query_params.get("next"), here(request))
    return RedirectResponse(str(target or root(request) / "account"), status_code=303)


app = Starlette(routes=[Route("/share", share), Route("/items", items),
                        Route("/login", login)])


def main() -> None:
    """Print the links the app gives, behind the prefix ``/app``."""
    client = TestClient(app, base_url="https://shop.example", root_path="/app")
    share_page = str(URI.parse("/app/share").add_param("owner", "José/Ana")
                     .add_param("name", "report 50%.pdf"))
    for key, link in client.get(share_page).json().items():
        print(f"{key}: {link}")
    for key, link in client.get("/app/items?ids[]=1&q=a|b&page=2").json().items():
        print(f"{key}: {link}")
    for target in ("/app/cart", "//evil.example"):
        login_page = str(URI.parse("/app/login").add_param("next", target))
        response = client.get(login_page, follow_redirects=False)
        print(f"next={target}: {response.headers['location']}")


if __name__ == "__main__":
    main()
