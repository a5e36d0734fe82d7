"""URIs in a FastAPI app: pydantic fields of type URI, links, and safe redirects.

* ``POST /bookmarks``: a body whose ``url`` is an ``AbsoluteURI`` (strict, with a
  scheme) and whose ``referrer`` is a ``LenientURI`` (what a browser sent); a bad URL
  is a 422 whose error keeps urikit's position and component; the response holds the
  URL as its text, and a link to the new bookmark built from the base URL;
* ``/items``: pagination that changes only ``page`` (FastAPI's request is
  Starlette's, so :mod:`urikit.starlette` serves it);
* ``/login``: a redirect to ``next``, followed only when it stays on this origin.

The OpenAPI schema shows the URI fields as strings of format ``uri``. Run it to see
what the app answers through its test client; no server is started.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse
from fastapi.testclient import TestClient
from pydantic import BaseModel

from urikit import URI, AbsoluteURI, LenientURI
from urikit.starlette import redirect, request_uri, root_uri

app = FastAPI()


class NewBookmark(BaseModel):
    """What a client posts: a URL to keep, and where the person came from."""

    url: AbsoluteURI
    referrer: LenientURI | None = None
    title: str = ""


class Bookmark(BaseModel):
    """A stored bookmark: the URL as given, how to show it, and its own link."""

    url: AbsoluteURI
    display: str
    link: AbsoluteURI


@app.post("/bookmarks", status_code=201)
def add_bookmark(new: NewBookmark, request: Request) -> Bookmark:
    """Keep ``new.url``; the bookmark's link carries its title as a path segment."""
    link = root_uri(request).add_segments_text("bookmarks", new.title or "untitled").thaw()
    return Bookmark(url=new.url, display=new.url.to_display(), link=link)


@app.get("/items")
def items(request: Request, page: int = 1) -> dict[str, str]:
    """This page's next link: only ``page`` changes."""
    here = request_uri(request)
    return {"self": str(here), "next": str(here.set_param("page", page + 1))}


@app.get("/login")
def login(request: Request, next: str | None = None) -> RedirectResponse:
    """After logging in, go where ``next`` says if it is on this origin."""
    return redirect(request, next, fallback="account")


def main() -> None:
    """Print what the app answers, behind the prefix ``/app``."""
    client = TestClient(app, base_url="https://shop.example", root_path="/app")
    created = client.post("/app/bookmarks", json={
        "url": "https://ana:secret@docs.example/a%20b?x=1", "title": "José/Ana",
        "referrer": "/search?q=a|b"})
    print(created.json())
    refused = client.post("/app/bookmarks", json={"url": "https://docs.example/a b"})
    print(refused.status_code, refused.json()["detail"][0]["msg"])
    print(client.get("/app/items?ids[]=1&q=a|b&page=2").json()["next"])
    for target in ("/app/cart", "//evil.example"):
        login_page = str(URI.parse("/app/login").add_param("next", target))
        response = client.get(login_page, follow_redirects=False)
        print(f"next={target}: {response.headers['location']}")


if __name__ == "__main__":
    main()
