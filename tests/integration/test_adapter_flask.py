"""urikit.flask through Flask's test client: the request's URI as sent, proxies, routes,
redirects and the template filters."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytestmark = pytest.mark.integration
pytest.importorskip("flask", reason="needs Flask (the test extra)")

from flask import Flask, render_template_string, request
from flask.testing import FlaskClient

import urikit.flask
from urikit import Pages, TrustedProxies, format_links

from ..web.test_redirect import TRICKS
from .web_checks import ROUTED, ROUTES, routed

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment

BASE = "https://shop.example/app"
#: a browser's query: brackets, "|", a lowercase "%2f", a key alone, UTF-8
QUERY = "ids[]=1&ids[]=2&q=a|b&x=%2f&flag&page=2&tail=%C3%A9"
QUERY_WIRE = "ids%5B%5D=1&ids%5B%5D=2&q=a%7Cb&x=%2f&flag&page=2&tail=%C3%A9"
PAGES = ("{% set here = here() %}"
         "{% for p in range(1, 4) %}<a href='{{ here|with_param('page', p) }}'>{{ p }}</a>"
         "{% endfor %}|{{ here }}|{{ here|without_param('ids[]') }}"
         "|{{ root()|add_segments('files', 'a/b') }}")


def _app(proxies: TrustedProxies | None = None) -> Flask:
    """An app with urikit set up and a view per adapter function."""
    app = Flask(__name__)
    urikit.flask.init_app(app, proxies=proxies)

    @app.get("/files/<path:name>")
    def files(name: str) -> dict[str, str]:
        return {"here": str(urikit.flask.request_uri()), "root": str(urikit.flask.root_uri()),
                "name": name}

    @app.get("/items")
    def items() -> tuple[str, dict[str, str]]:
        here = urikit.flask.request_uri()
        page = int(request.args.get("page", "1"))
        pages = Pages(first=here.set_param("page", 1), prev=here.set_param("page", page - 1),
                      next=here.set_param("page", page + 1))
        return render_template_string(PAGES), {"Link": format_links(pages.links())}

    @app.get("/build")
    def build() -> dict[str, str]:
        return {"relative": str(urikit.flask.url_for("files", name="a/b c", page=[1, 2],
                                                    q="x|y", flag=None)),
                "segments": str(urikit.flask.url_for("files", name=("a b", "c"))),
                "external": str(urikit.flask.url_for("files", name="a/b", _external=True))}

    @app.get("/login")
    def login() -> Any:
        https = request.args.get("https") == "1"
        return urikit.flask.redirect(request.args.get("next"), require_https=https,
                                     allowed_hosts=("cdn.example", "Accounts.Example:8443"))

    return app


@pytest.fixture
def client() -> FlaskClient:
    """The test client of an app without trusted proxies."""
    return _app().test_client()


def _json(client: FlaskClient, path: str, base: str = BASE,
          headers: Iterable[tuple[str, str]] = ()) -> dict[str, str]:
    response = client.get(path, base_url=base, headers=list(headers))
    assert response.status_code == 200
    data: dict[str, str] = response.get_json()
    return data


def test_request_uri_keeps_an_encoded_slash_and_the_raw_query(client: FlaskClient) -> None:
    """``%2F`` stays distinct from "/" (Werkzeug's ``request.path`` decodes it), the
    query keeps every byte, "[]" and "|" encoded, and the SCRIPT_NAME prefix is kept."""
    data = _json(client, f"/files/a%2Fb/c%20d?{QUERY}")
    assert data["name"] == "a/b/c d"
    assert data["here"] == f"https://shop.example/app/files/a%2Fb/c%20d?{QUERY_WIRE}"
    assert data["root"] == "https://shop.example/app/"


def test_request_uri_keeps_bytes_that_are_not_utf8(client: FlaskClient) -> None:
    """A byte that is not UTF-8, in the path or the query, stays as its ``%XX``."""
    assert _json(client, "/files/a%FF?q=%FE")["here"] == "https://shop.example/app/files/a%FF?q=%FE"


def test_request_uri_encodes_what_a_reader_would_take_for_syntax(client: FlaskClient) -> None:
    """A "#" or "\\" that a client sent unencoded is data of the path or query, kept
    encoded, never a fragment or a separator."""
    target = "/files/a#b\\c?q=x#y"
    data = client.get("/", base_url=BASE, environ_overrides={
        "REQUEST_URI": target, "PATH_INFO": "/files/a#b\\c", "QUERY_STRING": "q=x#y"}).get_json()
    assert data["here"] == "https://shop.example/app/files/a%23b%5Cc?q=x%23y"


def test_request_uri_without_a_raw_target_encodes_the_decoded_path() -> None:
    """A server that keeps no ``REQUEST_URI`` or ``RAW_URI`` leaves only the decoded
    path: its "/" are separators, so ``%2F`` is lost, and the rest is encoded again."""
    app = _app()
    inner = app.wsgi_app

    def no_raw_target(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        environ.pop("REQUEST_URI", None)
        environ.pop("RAW_URI", None)
        return inner(environ, start_response)

    app.wsgi_app = no_raw_target  # type: ignore[method-assign]
    data = _json(app.test_client(), "/files/a%2Fb/c%20d?q=a|b")
    assert data["here"] == "https://shop.example/app/files/a/b/c%20d?q=a%7Cb"


FORGED = [("X-Forwarded-Proto", "http"), ("X-Forwarded-Host", "evil.example"),
          ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "shop.example"),
          ("X-Forwarded-Prefix", "/app")]
#: the one proxy of FORGED: it writes X-Forwarded-Proto, -Host and -Prefix
ONE_PROXY = TrustedProxies(x_proto=1, x_host=1, x_prefix=1)
#: what a client sends behind ONE_PROXY when the proxy writes only X-Forwarded-Proto
#: and -Host (nginx's usual recipe), with the proxy's two headers last: issue 42
FORGED_BESIDE = [("Forwarded", "host=evil.example;proto=https"),
                 ("X-Forwarded-Prefix", "/evil"), ("X-Forwarded-Port", "8666"),
                 ("X-Forwarded-Proto", "https"), ("X-Forwarded-Host", "shop.example")]
#: a client's quote between the elements of two proxies that write X-Forwarded-Host
FORGED_QUOTE = [("X-Forwarded-Host", 'evil.example, "'), ("X-Forwarded-Host", "shop.example"),
                ("X-Forwarded-Host", "shop.example")]


@pytest.mark.parametrize(("proxies", "here"), [
    pytest.param(None, "http://10.0.0.5:8000/files/x?q=1", id="no trusted hop"),
    pytest.param(ONE_PROXY, "https://shop.example/app/files/x?q=1", id="one hop"),
    # two hops trusted where one proxy stands: the client's forgery is read, and the
    # prefix, which only the proxy sent, is too short a list to be read at all
    pytest.param(TrustedProxies(x_proto=2, x_host=2, x_prefix=2),
                 "http://evil.example/files/x?q=1", id="two hops, the client's forgery believed"),
    pytest.param(TrustedProxies(x_proto=3, x_host=3, x_prefix=3),
                 "http://10.0.0.5:8000/files/x?q=1",
                 id="more hops than the chain: nothing believed"),
])
def test_a_forged_proxy_chain_is_read_only_as_far_as_trusted(
        proxies: TrustedProxies | None, here: str) -> None:
    """The client forged the left elements; the proxy appended the right ones. Only
    the app's trusted hops are read, rightmost first; without them nothing is."""
    client = _app(proxies).test_client()
    data = _json(client, "/files/x?q=1", "http://10.0.0.5:8000", FORGED)
    assert data["here"] == here
    assert data["root"] == here.partition("files/")[0]


def test_a_header_the_proxy_does_not_write_is_not_believed() -> None:
    """Behind a proxy that writes X-Forwarded-Proto and -Host, the client's Forwarded,
    X-Forwarded-Prefix and -Port are ignored: the request's URI, an external link and
    a redirect stay on shop.example (issue 42: a 302 to evil.example)."""
    client = _app(TrustedProxies(x_proto=1, x_host=1)).test_client()
    data = _json(client, "/files/x?q=1", "http://10.0.0.5:8000", FORGED_BESIDE)
    assert (data["here"], data["root"]) == ("https://shop.example/files/x?q=1",
                                            "https://shop.example/")
    response = client.get("/login?next=https://evil.example/phish",
                          base_url="http://10.0.0.5:8000", headers=FORGED_BESIDE)
    assert (response.status_code, response.headers["Location"]) == (302, "https://shop.example/")
    build = client.get("/build", base_url="http://10.0.0.5:8000", headers=FORGED_BESIDE)
    assert build.get_json()["external"] == "https://shop.example/files/a/b"


def test_a_quote_does_not_merge_the_proxies_elements() -> None:
    """WSGI joins the lines of X-Forwarded-Host; a client's quote in them hides no
    comma, so the element of the outer of two proxies is read (issue 42: evil.example)."""
    client = _app(TrustedProxies(x_host=2)).test_client()
    data = _json(client, "/files/x", "http://10.0.0.5:8000", FORGED_QUOTE)
    assert data["here"] == "http://shop.example/files/x"


def test_an_invalid_forwarded_value_is_ignored() -> None:
    """A port Python's int() takes but no server does, a javascript: proto and an
    empty host are ignored (issue 42: a 500, javascript: links, http:///)."""
    client = _app(TrustedProxies(x_proto=1, x_host=1, x_port=1)).test_client()
    for headers in ([("X-Forwarded-Port", "²")], [("X-Forwarded-Port", "٨٠")],
                    [("X-Forwarded-Proto", "javascript")], [("X-Forwarded-Host", "")]):
        assert _json(client, "/files/x", "http://10.0.0.5:8000", headers)["here"] == \
            "http://10.0.0.5:8000/files/x", headers


def test_an_explicit_proxies_argument_wins_over_the_app(client: FlaskClient) -> None:
    """``request_uri(proxies=...)`` reads the headers where the app trusts none."""
    app = _app()
    with app.test_request_context("/files/x", base_url="http://10.0.0.5:8000",
                                  headers=FORGED):
        assert str(urikit.flask.request_uri()) == "http://10.0.0.5:8000/files/x"
        assert str(urikit.flask.request_uri(proxies=ONE_PROXY)) == \
            "https://shop.example/app/files/x"


def test_a_template_builds_pagination_links_without_editing_here(client: FlaskClient) -> None:
    """``here|with_param`` gives a new URI per page; ``here`` itself is unchanged after
    the loop; the ``Link`` header from :class:`urikit.Pages` holds the same links."""
    response = client.get(f"/items?{QUERY}", base_url=BASE)
    html = response.get_data(as_text=True)
    current = f"https://shop.example/app/items?{QUERY_WIRE}"
    links, here, without, segments = html.split("|")
    for page in (1, 2, 3):
        link = current.replace("page=2", f"page={page}").replace("&", "&amp;")
        assert f"<a href='{link}'>{page}</a>" in links
    assert here == current.replace("&", "&amp;")
    assert without == current.replace("ids%5B%5D=1&ids%5B%5D=2&", "").replace("&", "&amp;")
    assert segments == "https://shop.example/app/files/a%2Fb"
    assert response.headers["Link"] == ", ".join(
        f'<{current.replace("page=2", f"page={page}")}>; rel="{rel}"'
        for page, rel in ((1, "first"), (1, "prev"), (3, "next")))


def test_url_for_writes_a_path_value_as_flask_does(client: FlaskClient) -> None:
    """A ``<path:...>`` value's "/" are separators, as Flask writes them, a tuple is
    several segments, extra keywords are query parameters (a list repeated, ``None``
    left out, as Werkzeug writes them), ``_external`` gives the absolute URI."""
    data = _json(client, "/build")
    assert data["relative"] == "/app/files/a/b%20c?page=1&page=2&q=x%7Cy"
    assert data["segments"] == "/app/files/a%20b/c"
    assert data["external"] == "https://shop.example/app/files/a/b"
    with _app().test_request_context("/", base_url=BASE):
        import flask

        assert flask.url_for("files", name="a/b c", page=[1, 2], q="x|y", flag=None) == \
            data["relative"]


#: Targets that name an allowed host but must still be refused.
ALLOWED_HOST_TRICKS: list[tuple[str, str]] = [
    ("allowed host behind userinfo", "https://cdn.example@evil.example/"),
    ("userinfo on an allowed host", "https://user@cdn.example/"),
    ("allowed host without its port", "https://accounts.example/"),
    ("allowed host, scheme without slashes", "https:cdn.example"),
    ("allowed host, another scheme", "ftp://cdn.example/"),
    ("allowed host, encoded slashes in the path", "https://cdn.example/%2F%2Fevil.example"),
]


def _location(client: FlaskClient, target: str, https: bool = False) -> str:
    query = {"next": target, **({"https": "1"} if https else {})}
    response = client.get("/login", query_string=query, base_url=BASE)
    assert response.status_code == 302
    location: str = response.headers["Location"]
    return location


@pytest.mark.parametrize(("name", "target"), [*TRICKS, *ALLOWED_HOST_TRICKS],
                         ids=[name for name, _ in [*TRICKS, *ALLOWED_HOST_TRICKS]])
def test_redirect_refuses_an_unsafe_target(client: FlaskClient, name: str, target: str) -> None:
    """Each trick, with two hosts allowed, ends on the app's root."""
    assert _location(client, target) == "https://shop.example/app/", name


@pytest.mark.parametrize(("target", "https", "location"), [
    pytest.param("/app/cart?step=2", False, "https://shop.example/app/cart?step=2",
                 id="same origin"),
    pytest.param("https://cdn.example/a?b=[1]", False, "https://cdn.example/a?b=%5B1%5D",
                 id="allowed host"),
    pytest.param("https://ACCOUNTS.example:8443/me", False, "https://accounts.example:8443/me",
                 id="allowed host and port"),
    pytest.param("http://cdn.example/a", False, "http://cdn.example/a", id="allowed host, http"),
    pytest.param("http://cdn.example/a", True, "https://shop.example/app/",
                 id="allowed host, http refused with require_https"),
    pytest.param("", False, "https://shop.example/app/", id="empty"),
])
def test_redirect_follows_a_safe_target(client: FlaskClient, target: str, https: bool,
                                        location: str) -> None:
    """A same-origin target, or one on an allowed host, is followed."""
    assert _location(client, target, https) == location


def test_redirect_fallback_and_status() -> None:
    """The fallback is resolved against the app's root, the status is the caller's."""
    app = _app()
    with app.test_request_context("/login", base_url=BASE):
        response = urikit.flask.redirect("//evil.example", fallback="account", status=303)
        assert (response.status_code, response.headers["Location"]) == \
            (303, "https://shop.example/app/account")
        with pytest.raises(TypeError, match="target must be a URI, FrozenURI or str, not int"):
            urikit.flask.redirect(3)  # type: ignore[arg-type]


def test_filters_take_a_mutable_uri_and_leave_it_alone() -> None:
    """A ``URI`` given to a filter is frozen first, so the template never edits it."""
    from urikit import URI

    uri = URI.parse("https://a.example/x?page=1")
    with_param = cast("Callable[..., object]", _app().jinja_env.filters["with_param"])
    assert str(with_param(uri, "page", 2)) == "https://a.example/x?page=2"
    assert str(uri) == "https://a.example/x?page=1"


# --- routing: the request's route in a urikit.Routes table ----------------------------

def _routing_app(proxies: TrustedProxies | None = None) -> Flask:
    """An app whose one view finds the request's route in ROUTES."""
    app = Flask(__name__)
    urikit.flask.init_app(app, proxies=proxies)

    @app.get("/<path:rest>")
    def anything(rest: str) -> dict[str, Any]:
        return routed(urikit.flask.find_route(ROUTES), urikit.flask.root_uri())

    return app


@pytest.mark.parametrize(("path", "name", "values", "link"), ROUTED)
def test_find_route(path: str, name: str | None, values: dict[str, str], link: str) -> None:
    """The request's route is found on its path after the root, an encoded "/" kept
    as data, and the same table links it back under the root."""
    data = _json(_routing_app().test_client(), path, base=BASE)
    if name is None:
        assert data == {"name": None}
    else:
        assert data == {"name": name, "values": values, "payload": ROUTES[name].payload,
                        "link": BASE + link}


def test_find_route_behind_a_trusted_proxy() -> None:
    """Behind the trusted proxy, the route is read under the public root (its prefix
    from X-Forwarded-Prefix) and linked on the public origin; the forged element is
    not read."""
    client = _routing_app(ONE_PROXY).test_client()
    data = _json(client, "/users/7", base="http://10.0.0.5:8000", headers=FORGED)
    assert (data["name"], data["link"]) == ("user", "https://shop.example/app/users/7")
    with _routing_app().test_request_context("/users/7", base_url=BASE):
        match = urikit.flask.find_route(ROUTES, request)
        assert match is not None
        assert match.values == {"id": "7"}


# --- url_for: Flask's own link contract, each value plain data (#41) -------------------

def _link_app() -> Flask:
    """An app with a route per converter, set up by init_app."""
    app = Flask(__name__)
    urikit.flask.init_app(app)
    view: Callable[..., str] = lambda **values: ""  # noqa: E731
    for rule, endpoint in [("/u/<name>", "user"), ("/items/", "items"),
                           ("/item/<int:id>", "item"), ("/price/<float:value>", "price"),
                           ("/lang/<any(en,fr):code>", "lang"), ("/files/<path:name>", "files")]:
        app.add_url_rule(rule, endpoint, view)
    return app


#: (endpoint, values, the link from a request under /app) where Flask's url_for and
#: urikit's give the same link
FLASK_LINKS = [
    pytest.param("items", {"_anchor": "x y"}, "/app/items/#x%20y", id="_anchor is the fragment"),
    pytest.param("items", {"_scheme": "https", "_external": True},
                 "https://shop.example/app/items/", id="_scheme with _external"),
    pytest.param("items", {"page": None, "q": "a"}, "/app/items/?q=a", id="None left out"),
    pytest.param("item", {"id": "5"}, "/app/item/5", id="int converter takes '5'"),
    pytest.param("price", {"value": "1.5"}, "/app/price/1.5", id="float converter takes '1.5'"),
    pytest.param("lang", {"code": "fr"}, "/app/lang/fr", id="any converter"),
    pytest.param("files", {"name": "docs/a b.pdf"}, "/app/files/docs/a%20b.pdf",
                 id="path converter: a path"),
]


@pytest.mark.parametrize(("endpoint", "values", "link"), FLASK_LINKS)
def test_url_for_gives_flasks_link(endpoint: str, values: dict[str, Any], link: str) -> None:
    """Flask's keywords keep their meaning and the route's converters check each value:
    the link is Flask's own."""
    import flask

    with _link_app().test_request_context("/", base_url="http://shop.example/app"):
        assert flask.url_for(endpoint, **values) == link
        assert str(urikit.flask.url_for(endpoint, **values)) == link


def test_url_for_scheme_needs_external_as_in_flask() -> None:
    """``_scheme`` with ``_external=False`` is Flask's ValueError, never a query
    parameter."""
    import flask

    with _link_app().test_request_context("/", base_url="http://shop.example/app"):
        with pytest.raises(ValueError, match="'_external' must be True"):
            flask.url_for("items", _scheme="https", _external=False)
        with pytest.raises(ValueError, match="'_external' must be True"):
            urikit.flask.url_for("items", _scheme="https", _external=False)


@pytest.mark.parametrize("values", [
    pytest.param({"name": ".."}, id="'..' climbs a level"),
    pytest.param({"name": "."}, id="'.'"),
], ids=str)
def test_url_for_refuses_a_dot_segment_value(values: dict[str, Any]) -> None:
    """A value is data: ".." would make a browser open the parent (Flask writes
    ``/app/u/..``), so it is refused, as ``add_segments_text`` refuses it."""
    from urikit import BuildError, Rule

    app = _link_app()
    with (app.test_request_context("/", base_url="http://shop.example/app"),
          pytest.raises(BuildError) as info):
        urikit.flask.url_for("user", **values)
    assert info.value.rule is Rule.DOT_SEGMENT_FROM_TEXT
    with (app.test_request_context("/", base_url="http://shop.example/app"),
          pytest.raises(BuildError)):
        urikit.flask.url_for("files", name="docs/../secret")


def test_url_for_encodes_a_slash_in_a_one_segment_value() -> None:
    """A "/" in a ``<name>`` value is ``%2F``, one segment (Flask writes a separator,
    the link of no route); a list for a one-segment variable is a TypeError."""
    import flask

    with _link_app().test_request_context("/", base_url="http://shop.example/app"):
        assert flask.url_for("user", name="a/b") == "/app/u/a/b"
        assert str(urikit.flask.url_for("user", name="a/b")) == "/app/u/a%2Fb"
        with pytest.raises(TypeError, match="path variable"):
            urikit.flask.url_for("user", name=["a", "b"])


def test_url_for_unknown_endpoint_is_flasks_build_error() -> None:
    """An unknown endpoint raises Werkzeug's BuildError after the app's
    ``url_build_error_handlers``; a handler's link is used."""
    from werkzeug.routing import BuildError as WerkzeugBuildError

    app = _link_app()
    with (app.test_request_context("/", base_url="http://shop.example/app"),
          pytest.raises(WerkzeugBuildError)):
        urikit.flask.url_for("nowhere")

    def handler(error: Exception, endpoint: str, values: dict[str, Any]) -> str:
        return "/app/elsewhere"

    app.url_build_error_handlers.append(handler)
    with app.test_request_context("/", base_url="http://shop.example/app"):
        assert str(urikit.flask.url_for("nowhere")) == "/app/elsewhere"


def test_url_for_query_apart_from_the_keywords() -> None:
    """``_query`` (``request.args``) is data: a visitor's ``?_scheme=http&_anchor=x``
    neither changes the scheme nor adds a fragment (pallets/flask#4979)."""
    app = _link_app()
    with app.test_request_context("/?_scheme=http&_anchor=x&tag=a&tag=b",
                                  base_url="https://shop.example/app"):
        link = urikit.flask.url_for("items", _query=request.args, _external=True)
        assert str(link) == "https://shop.example/app/items/?_scheme=http&_anchor=x&tag=a&tag=b"
        pairs = urikit.flask.url_for("items", _query=[("a", "1"), ("a", None)])
        assert str(pairs) == "/app/items/?a=1&a"


def test_url_for_in_an_app_context_outside_a_request() -> None:
    """A job builds links from SERVER_NAME, APPLICATION_ROOT and PREFERRED_URL_SCHEME,
    as Flask's url_for does."""
    import flask

    app = _link_app()
    app.config.update(SERVER_NAME="shop.example", APPLICATION_ROOT="/app",
                      PREFERRED_URL_SCHEME="https")
    with app.app_context():
        assert flask.url_for("user", name="a b") == "https://shop.example/app/u/a%20b"
        assert str(urikit.flask.url_for("user", name="a b")) == \
            "https://shop.example/app/u/a%20b"
        assert str(urikit.flask.url_for("user", name="a b", _external=False)) == "/app/u/a%20b"


def test_a_public_site_gives_the_same_link_in_a_view_and_a_job() -> None:
    """With a :class:`urikit.PublicSite`, the link is on its root in a request (whose
    Host is not read) and in a job without SERVER_NAME."""
    from urikit import PublicSite

    app = _link_app()
    app.config["URIKIT_SITE"] = PublicSite("https://shop.example/app")
    urikit.flask.init_app(app)
    with app.app_context():
        job = urikit.flask.url_for("user", name="a b")
    with app.test_request_context("/u/x?q=1", base_url="http://10.0.0.5:8000"):
        view = urikit.flask.url_for("user", name="a b", _external=True)
        assert str(urikit.flask.request_uri()) == "https://shop.example/app/u/x?q=1"
    assert str(job) == str(view) == "https://shop.example/app/u/a%20b"
    with pytest.raises(TypeError, match="pass site or proxies"):
        urikit.flask.init_app(app, site=PublicSite(), proxies=TrustedProxies())


def test_json_writes_a_uri_as_its_text() -> None:
    """After init_app, Flask's JSON provider writes a URI or FrozenURI as its text."""
    from urikit import URI, FrozenURI

    app = _link_app()

    @app.get("/j")
    def j() -> dict[str, object]:
        return {"a": FrozenURI.parse("https://a.example/x"), "b": [URI.parse("/y?z")]}

    assert app.test_client().get("/j").get_json() == {"a": "https://a.example/x", "b": ["/y?z"]}


def test_url_for_a_rule_of_another_subdomain_keeps_its_host() -> None:
    """A rule of another subdomain is built on that host, absolute, as Flask builds
    it; the app's prefix stays."""
    import flask

    app = _link_app()
    app.config["SERVER_NAME"] = "example.org"
    app.add_url_rule("/x/<n>", "api", lambda n: "", subdomain="api")
    with app.test_request_context("/", base_url="http://example.org/app"):
        assert flask.url_for("api", n="a b") == "http://api.example.org/app/x/a%20b"
        assert str(urikit.flask.url_for("api", n="a b")) == "http://api.example.org/app/x/a%20b"


def test_url_for_anchor_is_plain_text() -> None:
    """``_anchor`` is text: its "%" is encoded (Flask keeps it, ``#100%``, which no
    URI reader takes), a named difference."""
    import flask

    with _link_app().test_request_context("/", base_url="http://shop.example/app"):
        assert flask.url_for("items", _anchor="100%") == "/app/items/#100%"
        assert str(urikit.flask.url_for("items", _anchor="100%")) == "/app/items/#100%25"


def _has_dot_segment(value: str, holds_path: bool) -> bool:
    pieces = value.split("/") if holds_path else [value]
    return any(piece in (".", "..") for piece in pieces)


@given(value=st.text())
def test_url_for_against_flasks_own_on_any_text(value: str) -> None:
    """Differential, on any text (300 examples under the ``ci`` profile): for a
    ``<path:...>`` and a ``<name>`` variable, urikit's link is Flask's, but for the
    named differences: a dot segment is refused, and a "/" of a one-segment value is
    ``%2F`` where Flask writes "/" (the rest of both links is the same text)."""
    import flask

    from urikit import BuildError

    app = _link_app()
    with app.test_request_context("/", base_url="http://shop.example/app"):
        for endpoint, holds_path in (("files", True), ("user", False)):
            if _has_dot_segment(value, holds_path):
                with pytest.raises(BuildError):
                    urikit.flask.url_for(endpoint, name=value)
                continue
            theirs = flask.url_for(endpoint, name=value)
            ours = str(urikit.flask.url_for(endpoint, name=value))
            if holds_path or "/" not in value:
                assert ours == theirs
            else:
                prefix = theirs[:len(theirs) - len(theirs.split("/u/", 1)[1])]
                assert ours == prefix + "%2F".join(
                    flask.url_for(endpoint, name=piece).split("/u/", 1)[1]
                    for piece in value.split("/"))
