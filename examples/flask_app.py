"""Links in a Flask app, built with urikit from what Flask hands the view.

* ``/share``: an absolute link from the app's base URL (``request.root_url``, which
  carries the ``SCRIPT_NAME`` prefix) with path segments and a query parameter from
  user data, the same link from a URI template, and the link relative to this page;
* ``/items``: pagination links that change only ``page`` in the current URL, every
  other byte of the query kept as the client sent it (``ids[]=1``, ``a|b``);
* ``/login``: a redirect to the ``next`` parameter, followed only when it stays on
  this origin (:func:`urikit.safe_redirect`), else to the account page.

Run it to see the links it gives through Flask's test client; no server is started.
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.wrappers import Response

from urikit import URI, safe_redirect

app = Flask(__name__)


def here() -> URI:
    """The URL of the current request, its query exactly as the client sent it.

    ``request.url`` is an IRI: Werkzeug decodes ``%2F`` and UTF-8 in it, which would
    change bytes of the query. So the URL is the base URL, the (decoded, WSGI)
    path as segments, and the raw query string, read leniently (``[]``, ``|``).
    """
    uri = root().add_segments_text(*request.path[1:].split("/"))
    query = request.query_string.decode("utf-8", "replace")
    return uri.set(query=URI.parse_lenient("?" + query).query if query else None)


def root() -> URI:
    """The app's base URL, ``SCRIPT_NAME`` prefix included, ending in "/"."""
    return URI.parse_lenient(request.root_url)


@app.get("/share")
def share() -> dict[str, str]:
    """Links to the file ``name`` of ``owner``, both taken from the query as data."""
    owner, name = request.args["owner"], request.args["name"]
    link = root().add_segments_text("files", owner, name).set_param("download", 1)
    from_template = URI.from_template("{+root}files/{owner}/{name}{?download}",
                                      root=root(), owner=owner, name=name, download=1)
    return {"file": str(link), "template": str(from_template),
            "relative": str(link.relative_to(here()))}


@app.get("/items")
def items() -> dict[str, str]:
    """This page's pagination links: only ``page`` changes."""
    current = here()
    page = int(request.args.get("page", "1"))
    links = {"self": str(current)}
    nxt = current.copy().set_param("page", page + 1)
    links["next"] = str(nxt)
    links["next_relative"] = str(nxt.relative_to(current))
    if page > 1:
        links["prev"] = str(current.copy().set_param("page", page - 1))
    return links


@app.get("/login")
def login() -> Response:
    """After logging in, go where ``next`` says if it is on this origin."""
    target = safe_redirect(request.args.get("next"), here())
    return app.redirect(str(target or root() / "account"))


def main() -> None:
    """Print the links the app gives, behind the prefix ``/app``."""
    client = app.test_client()
    base = "https://shop.example/app"
    share_page = str(URI.parse("/share").add_param("owner", "José/Ana")
                     .add_param("name", "report 50%.pdf"))
    for key, link in client.get(share_page, base_url=base).get_json().items():
        print(f"{key}: {link}")
    for key, link in client.get("/items?ids[]=1&q=a|b&page=2", base_url=base).get_json().items():
        print(f"{key}: {link}")
    for target in ("/app/cart", "//evil.example"):
        response = client.get(str(URI.parse("/login").add_param("next", target)), base_url=base)
        print(f"next={target}: {response.headers['Location']}")


if __name__ == "__main__":
    main()
