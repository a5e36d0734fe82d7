"""Links in a Flask app, built with urikit.flask from what Flask hands the view.

* ``/share``: an absolute link from the app's root (its ``SCRIPT_NAME`` prefix
  included) with path segments and a query parameter from user data, the same link
  from a URI template, the link relative to this page, and the link of Flask's route
  ``/files/<owner>/<path:name>`` (:func:`urikit.flask.url_for`: the owner one
  segment, its "/" encoded, the name a path); a value that would be a dot segment
  (``..``) is refused with 400;
* ``/items``: pagination links that change only ``page`` in the current URL, every
  other byte of the query kept as the client sent it (``ids[]=1``, ``a|b``);
* ``/login``: a redirect to the ``next`` parameter, followed only when it stays on
  this origin (:func:`urikit.flask.redirect`), else to the account page.

Run it to see the links it gives through Flask's test client; no server is started.
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.wrappers import Response

from urikit import URI, BuildError
from urikit.flask import init_app, redirect, request_uri, root_uri, url_for

app = Flask(__name__)
# behind a proxy that sets X-Forwarded-Proto and -Host:
# init_app(app, proxies=urikit.TrustedProxies(x_proto=1, x_host=1))
init_app(app)


@app.get("/share")
def share() -> dict[str, str] | tuple[dict[str, str], int]:
    """Links to the file ``name`` of ``owner``, both taken from the query as data."""
    owner, name = request.args["owner"], request.args["name"]
    try:
        return _share_links(owner, name)
    except BuildError as error:  # "..": plain data never climbs a level
        return {"error": str(error)}, 400


def _share_links(owner: str, name: str) -> dict[str, str]:
    link = root_uri().add_segments_text("files", owner, name).set_param("download", 1)
    from_template = URI.from_template("{+root}files/{owner}/{name}{?download}",
                                      root=root_uri(), owner=owner, name=name, download=1)
    route = url_for("file", owner=owner, name=f"reports/{name}", download=1, _external=True)
    return {"file": str(link), "template": str(from_template),
            "relative": str(link.relative_to(request_uri())), "route": str(route)}


@app.get("/files/<owner>/<path:name>")
def file(owner: str, name: str) -> dict[str, str]:
    """The file ``name`` (a path) of ``owner``."""
    return {"owner": owner, "name": name}


@app.get("/items")
def items() -> dict[str, str]:
    """This page's pagination links: only ``page`` changes (``here`` is frozen, so
    each link is a new URI)."""
    here, page = request_uri(), int(request.args.get("page", "1"))
    nxt = here.set_param("page", page + 1)
    links = {"self": str(here), "next": str(nxt), "next_relative": str(nxt.relative_to(here))}
    if page > 1:
        links["prev"] = str(here.set_param("page", page - 1))
    return links


@app.get("/login")
def login() -> Response:
    """After logging in, go where ``next`` says if it is on this origin."""
    return redirect(request.args.get("next"), fallback="account")


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
