"""Links in a Starlette app, built with urikit.starlette from what Starlette hands the
endpoint.

* ``/share``: an absolute link from the app's root (its ``root_path`` included) with
  path segments and a query parameter from user data, the same link from a URI
  template, the link relative to this page, and the link of Starlette's route
  ``/files/{owner}/{name:path}`` (:func:`urikit.starlette.url_for`: the owner one
  segment, its "/" encoded, the name a path); a value that would be a dot segment
  (``..``) is refused with 400;
* ``/items``: pagination links that change only ``page`` in the current URL, every
  other byte of the query kept as the client sent it (``ids[]=1``, ``a|b``);
* ``/login``: a redirect to the ``next`` parameter, followed only when it stays on
  this origin (:func:`urikit.starlette.redirect`), else to the account page.

Run it to see the links it gives through Starlette's test client; no server starts.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from urikit import URI, BuildError
from urikit.starlette import redirect, request_uri, root_uri, url_for


async def share(request: Request) -> JSONResponse:
    """Links to the file ``name`` of ``owner``, both taken from the query as data."""
    owner, name = request.query_params["owner"], request.query_params["name"]
    try:
        return _share_links(request, owner, name)
    except BuildError as error:  # "..": plain data never climbs a level
        return JSONResponse({"error": str(error)}, status_code=400)


def _share_links(request: Request, owner: str, name: str) -> JSONResponse:
    root = root_uri(request)
    link = root.add_segments_text("files", owner, name).set_param("download", 1)
    from_template = URI.from_template("{+root}files/{owner}/{name}{?download}",
                                      root=root, owner=owner, name=name, download=1)
    route = url_for(request, "file", owner=owner, name=f"reports/{name}")
    return JSONResponse({"file": str(link), "template": str(from_template),
                         "relative": str(link.relative_to(request_uri(request))),
                         "route": str(route.set_param("download", 1))})


async def file(request: Request) -> JSONResponse:
    """The file ``name`` (a path) of ``owner``."""
    return JSONResponse(dict(request.path_params))


async def items(request: Request) -> JSONResponse:
    """This page's pagination links: only ``page`` changes (``here`` is frozen, so
    each link is a new URI)."""
    here, page = request_uri(request), int(request.query_params.get("page", "1"))
    nxt = here.set_param("page", page + 1)
    links = {"self": str(here), "next": str(nxt), "next_relative": str(nxt.relative_to(here))}
    if page > 1:
        links["prev"] = str(here.set_param("page", page - 1))
    return JSONResponse(links)


async def login(request: Request) -> RedirectResponse:
    """After logging in, go where ``next`` says if it is on this origin."""
    return redirect(request, request.query_params.get("next"), fallback="account")


app = Starlette(routes=[Route("/share", share), Route("/items", items),
                        Route("/files/{owner}/{name:path}", file, name="file"),
                        Route("/login", login)])
# behind a proxy that sets X-Forwarded-Proto and -Host:
# app.state.urikit = urikit.TrustedProxies(x_proto=1, x_host=1)


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
