"""Links in Flask as :class:`urikit.FrozenURI`: the request's URI, routes, redirects, filters.

:func:`request_uri` reads the request target the WSGI server kept (``REQUEST_URI``
from Werkzeug's server and test client, ``RAW_URI`` from gunicorn), so an encoded
"/" (``%2F``) in the path stays distinct from a separator and the query is its raw
bytes; :func:`url_for` is Flask's, each value kept plain data (checked by the route's
converters, never a dot segment); :func:`redirect` follows a user's ``next`` only
when it is safe; :func:`init_app` sets the public site and installs the template
filters ``with_param``, ``without_param`` and ``with_segments`` and the globals
``here()`` and ``root()``::

    from flask import Flask
    from urikit import TrustedProxies
    import urikit.flask

    app = Flask(__name__)
    # one nginx in front, which sets X-Forwarded-Proto and -Host
    urikit.flask.init_app(app, proxies=TrustedProxies(x_proto=1, x_host=1))

    @app.get("/files/<name>")
    def file(name: str):
        return {"self": str(urikit.flask.request_uri()),
                "next": str(urikit.flask.url_for("file", name="a/b c", page=2))}

Needs the ``flask`` extra (``pip install 'urikit[flask]'``); ``import urikit`` does
not import Flask, and this module imports it when one of its functions is called.

.. versionadded:: 0.4
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ._model.uri import URI, FrozenURI
from ._web.adapters import FILTERS
from ._web.proxy import TrustedProxies
from ._web.request import (
    PublicSite,
    ServerRequest,
    app_root,
    encode_path,
    path_only,
    redirect_target,
    route_link,
    route_value,
    server_uris,
)
from ._web.request import request_uri as _request_uri

if TYPE_CHECKING:
    from flask import Flask, Request
    from werkzeug.wrappers import Response

    from ._match.routes import RouteMatch, Routes

__all__ = ["find_route", "init_app", "redirect", "request_uri", "root_uri", "url_for"]

T = TypeVar("T")

#: the app config key of the app's :class:`~urikit.PublicSite`
SETTING = "URIKIT_SITE"


def _request(request: Request | None) -> Request:
    """``request``, or Flask's current one."""
    if request is not None:
        return request
    import flask

    return flask.request


def _site(proxies: TrustedProxies | None) -> PublicSite:
    """The site: ``proxies`` alone, or the current app's (set by :func:`init_app` or
    in its config), or none."""
    if proxies is not None:
        return PublicSite(proxies=proxies)
    import flask

    if not flask.has_app_context():
        return PublicSite()
    app = flask.current_app
    configured = _config(app, SETTING)
    if configured is None:
        return PublicSite()
    if isinstance(configured, TrustedProxies):
        return PublicSite(proxies=configured)
    if not isinstance(configured, PublicSite):
        raise TypeError(f"{SETTING} must be a urikit.PublicSite, not {type(configured).__name__}")
    return configured


def _config(app: Flask, key: str) -> object:
    """The value of ``key`` in ``app``'s config, or ``None``."""
    return cast("dict[str, object]", app.config).get(key)


def _wsgi_text(environ: Mapping[str, Any], key: str) -> str:
    """An environ value as text: PEP 3333 holds the request's bytes as latin-1
    characters; they are read as UTF-8, a byte that is not kept as a surrogate."""
    return cast("str", environ.get(key, "")).encode("latin-1").decode(
        "utf-8", "surrogateescape")


def _server_request(request: Request) -> ServerRequest:
    """What the WSGI server handed over of ``request``, mapped onto urikit's reading."""
    environ = request.environ
    script = _wsgi_text(environ, "SCRIPT_NAME").rstrip("/")
    target = cast("str | None", environ.get("REQUEST_URI", environ.get("RAW_URI")))
    raw: bytes | None = None
    query_string = cast("str", environ.get("QUERY_STRING", ""))
    query_defined = bool(query_string)
    # PEP 3333: the bytes as latin-1 characters; anything else is no raw target
    if target is not None and all(ord(ch) < 0x100 for ch in target):
        target_bytes = target.encode("latin-1")
        if not target_bytes.startswith(b"/"):  # absolute-form: http://host/path?query
            after = target_bytes.partition(b"://")[2]
            slash = after.find(b"/")
            target_bytes = after[slash:] if slash >= 0 else b"/"
        raw, mark, _ = target_bytes.partition(b"?")
        query_defined = query_defined or bool(mark)
    return ServerRequest(
        scheme=request.scheme, host=request.host, script_root=script,
        path=script + _wsgi_text(environ, "PATH_INFO"), raw_path=raw,
        query=query_string.encode("latin-1") if query_defined else None,
        headers=tuple(request.headers.items()))


def request_uri(request: Request | None = None, *,
                proxies: TrustedProxies | None = None) -> FrozenURI:
    """The current request's URI exactly as the client sent it.

    The path is the request target the server kept (``REQUEST_URI``, or gunicorn's
    ``RAW_URI``) when it decodes to ``SCRIPT_NAME`` + ``PATH_INFO``, so ``%2F`` stays
    distinct from "/"; where the server keeps no raw target (or a middleware changed
    the path), the decoded path is encoded again, segment by segment. The query is
    ``QUERY_STRING``'s raw bytes (bytes outside ASCII percent-encoded, none decoded).
    The text is read with :meth:`urikit.FrozenURI.parse_lenient`, which encodes what
    clients send unencoded (``[]``, ``|``) and nothing else. Then the app's
    :class:`~urikit.PublicSite` (:func:`init_app`) says the public scheme, host and
    prefix: its root, or its trusted proxies (``proxies`` instead).

    Args:
        request: a Flask request; Flask's current ``request`` by default.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        URIError: the request's ``Host`` header is not a valid host (servers pass on
            whatever the client wrote there).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The app's :class:`~urikit.PublicSite` is read.
    """
    return _request_uri(_server_request(_request(request)), _site(proxies))


def root_uri(request: Request | None = None, *,
             proxies: TrustedProxies | None = None) -> FrozenURI:
    """The application's root: scheme, host, port and ``SCRIPT_NAME`` prefix, ending
    in "/", as the client sees it (the app's :class:`~urikit.PublicSite`: its root,
    or the request's through its trusted proxies).

    Args:
        request: a Flask request; Flask's current ``request`` by default.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        URIError: the request's ``Host`` header is not a valid host (servers pass on
            whatever the client wrote there).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The app's :class:`~urikit.PublicSite` is read.
    """
    return app_root(_server_request(_request(request)), _site(proxies))


def find_route(routes: Routes[T], request: Request | None = None, *,
               proxies: TrustedProxies | None = None) -> RouteMatch[T] | None:
    """The route of the current request in ``routes``, with its values, or ``None``.

    The table's :meth:`~urikit.Routes.find` reads :func:`request_uri` under
    :func:`root_uri` (the path after ``SCRIPT_NAME``, an encoded "/" kept as data);
    build the links of the same table with :meth:`~urikit.Routes.link_under` on
    :func:`root_uri`.

    Args:
        routes: the route table.
        request: a Flask request; Flask's current ``request`` by default.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The :class:`~urikit.RouteMatch`, or ``None``.

    Raises:
        URIError: the request's ``Host`` header is not a valid host.

    .. versionadded:: 0.5
    """
    current = _server_request(_request(request))
    site = _site(proxies)
    return routes.find(_request_uri(current, site), root=app_root(current, site))


def _query_pairs(query: object) -> list[tuple[str, object]]:
    """``_query`` as (key, value) pairs: a Werkzeug ``MultiDict`` (``request.args``)
    with every value, a mapping (a list or tuple value as a repeated key), or pairs."""
    if query is None:
        return []
    lists = getattr(query, "lists", None)
    if callable(lists):  # werkzeug's MultiDict: every value of a key
        items = cast("Iterable[tuple[str, object]]", lists())
    elif isinstance(query, Mapping):
        items = cast("Mapping[str, object]", query).items()
    else:
        items = cast("Iterable[tuple[str, object]]", query)
    pairs: list[tuple[str, object]] = []
    for key, value in items:
        if isinstance(value, list | tuple):
            pairs.extend((key, item) for item in cast("Iterable[object]", value))
        else:
            pairs.append((key, value))
    return pairs


def _route_values(endpoint: str, values: dict[str, Any], method: str | None,
                  token: str) -> tuple[dict[str, Any], dict[str, str]]:
    """The values Werkzeug builds with, and the wire text of each stand-in in them.

    Each ``str`` value (a list or tuple: segments) of the route's variables is checked
    by urikit's rule (:func:`~urikit._web.request.route_value`: never a dot segment, a
    one-segment value's "/" encoded, a path value's "/" kept). A converter that writes
    a value as Werkzeug's ``BaseConverter`` does (``quote``, which encodes as urikit
    does but for "/") gets a stand-in of letters and digits, replaced by urikit's
    encoding once built; a converter of its own (``int``, ``any``, ``uuid``...) gets
    the value, to check and write it, with a stand-in for each "/" of a one-segment
    value."""
    import flask
    from werkzeug.routing import BaseConverter

    app = flask.current_app
    if endpoint[:1] == ".":
        blueprint = flask.request.blueprint if flask.has_request_context() else None
        endpoint = f"{blueprint}{endpoint}" if blueprint is not None else endpoint[1:]
    present = {key: value for key, value in values.items() if value is not None}
    try:
        rules = list(app.url_map.iter_rules(endpoint))
    except KeyError:  # no such endpoint: Flask's BuildError, and its handlers, follow
        return values, {}
    rule = next((r for r in rules if r.suitable_for(present, method)), None)
    if rule is None:
        return values, {}
    # Werkzeug keeps a rule's converters in ``_converters`` (Werkzeug 0.x to 3.1) and
    # has no public accessor; the converter is asked whether it holds a path
    # (``part_isolating``, Werkzeug's documented attribute for a "/" in its regex) and
    # whether it writes values its own way (overrides ``to_url``)
    converters = cast("Mapping[str, object]", getattr(rule, "_converters", {}))
    checked = dict(values)
    wires: dict[str, str] = {}
    slash = f"{token}s"
    for key in cast("Iterable[str]", rule.arguments):
        value = cast("object", values.get(key))
        if not isinstance(value, str | list | tuple) or value == "":
            continue
        converter = converters.get(key)
        holds_path = not getattr(converter, "part_isolating", True)
        if isinstance(value, str):
            wire = route_value(value, holds_path)  # "." and ".." refused
        else:
            if not holds_path:
                raise TypeError(f"a list of segments is a value for a path variable, and "
                                f"{key!r} holds one segment")
            wire = route_value(cast("list[str]", value), True)
        if getattr(type(converter), "to_url", None) is BaseConverter.to_url:
            stand_in = f"{token}x{len(wires)}x"
            wires[stand_in] = wire
            checked[key] = stand_in
        elif isinstance(value, str) and not holds_path and "/" in value:
            wires[slash] = "%2F"
            checked[key] = value.replace("/", slash)
    return checked, wires


def _host_of(built: str) -> str | None:
    """The host (and port) of what Flask built, or ``None`` for a path."""
    if built.startswith("/"):
        return None
    return built.partition("://")[2].partition("/")[0].partition("?")[0].partition("#")[0]


def _after_root(built: str, skipped: int) -> str:
    """The path and query Flask built (a path from the host's root or an absolute
    URL), after the first ``skipped`` segments (the app's root), from its "/"."""
    text = built.partition("#")[0]
    if not text.startswith("/"):  # absolute: scheme://host/path?query
        text = "/" + text.partition("://")[2].partition("/")[2]
    path, mark, query = text.partition("?")
    return "/" + "/".join(path.split("/")[skipped:]) + mark + query


def url_for(endpoint: str, /, *, _anchor: str | None = None, _method: str | None = None,
            _scheme: str | None = None, _external: bool | None = None,
            _query: object = None, **values: Any) -> FrozenURI:
    """Flask's :func:`~flask.url_for` as a :class:`~urikit.FrozenURI`, each value plain
    data.

    Flask builds the link, with its keywords, its converters and its errors
    (``_anchor``, ``_method``, ``_scheme``, ``_external``; a value ``None`` left out;
    keywords that are no variable of the route in the query; :class:`werkzeug.routing.BuildError`
    for an unknown endpoint, after ``app.url_build_error_handlers``; in an app
    context outside a request, ``SERVER_NAME``, ``APPLICATION_ROOT`` and
    ``PREFERRED_URL_SCHEME``). urikit keeps each value data: no segment of a value is
    "." or ".." (a browser would climb a level), a value never puts "//" at the start
    of the path, a "/" in the value of a variable that holds one segment is ``%2F``
    (Flask writes a separator, the link of another route), and a list or tuple for
    a ``<path:...>`` variable is that many segments. The link is on the app's public
    root (:func:`root_uri`: the :class:`~urikit.PublicSite`, or the trusted proxies).

    Args:
        endpoint: the endpoint's name (``".name"`` within the current blueprint).
        _anchor: the fragment, plain text (encoded; Flask keeps a ``%``).
        _method: the HTTP method, to choose among the endpoint's routes.
        _scheme: the scheme of an external link (needs ``_external``, as in Flask).
        _external: give the absolute URI; by default inside a request a path from the
            host's root (unless ``_scheme``), outside one an absolute URI.
        _query: query parameters apart from the keywords (``request.args``, a mapping
            or pairs), added after them: a key such as ``_scheme`` there is data.
        values: the route's variables, then query parameters.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        werkzeug.routing.BuildError: no route of ``endpoint`` takes these values.
        urikit.BuildError: a value would be a dot segment, or start the path with "//".
        ValueError: a converter refuses a value, or ``_scheme`` without ``_external``.
        RuntimeError: outside a request, without ``SERVER_NAME`` or a site's root.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       Flask's keywords and errors; values checked by the route's converters; a
       ``<path:...>`` value is a path; ``_query``; ``None`` values left out.
    """
    import flask

    app = flask.current_app
    in_request = flask.has_request_context()
    site = _site(None)
    checked, wires = _route_values(endpoint, values, _method, f"urikit{secrets.token_hex(8)}")
    request = _server_request(flask.request) if in_request else None
    if request is None and site.root is not None and _config(app, "SERVER_NAME") is None:
        # no server to ask: the site's root is the app's, the rule's path is built
        # as Flask builds it, from the host's root
        adapter = app.url_map.bind("localhost", script_name="/", url_scheme="http")
        external = True if _external is None else _external
        if _scheme is not None and not external:
            raise ValueError("When specifying '_scheme', '_external' must be True.")
        app.inject_url_defaults(endpoint, checked)
        from werkzeug.routing import BuildError as WerkzeugBuildError
        try:
            built = adapter.build(endpoint.lstrip("."), checked, method=_method)
        except WerkzeugBuildError as error:
            checked.update(_anchor=_anchor, _method=_method, _scheme=_scheme,
                           _external=_external)
            built = app.handle_url_build_error(error, endpoint, checked)
        root = site.root
    else:
        built = flask.url_for(endpoint, _anchor=_anchor, _method=_method, _scheme=_scheme,
                              _external=_external, **checked)
        external = _external if _external is not None else (
            _scheme is not None if in_request else True)
        if request is not None:
            server_root = server_uris(request)[1]
            skipped = len(server_root.path) - 1
            root = app_root(request, site)
            host = _host_of(built)
            if host is not None and host != request.host:
                # a rule of another host or subdomain: Flask's host, the app's prefix
                root = FrozenURI.parse_lenient(built.partition("#")[0]).set(
                    path=server_root.path, query=None)
                external = True  # as Flask: a link to another host is absolute
        else:  # Flask built on SERVER_NAME and APPLICATION_ROOT
            prefix = str(_config(app, "APPLICATION_ROOT") or "/").rstrip("/")
            skipped = prefix.count("/") + 1
            server = built.partition("#")[0].partition("?")[0]
            root = site.root or FrozenURI.parse_lenient(server).set(
                path=encode_path(prefix) + "/", query=None)
        built = _after_root(built, skipped)
    built = built.partition("#")[0]
    for stand_in, wire in wires.items():
        built = built.replace(stand_in, wire)
    link = route_link(root, built, endpoint)
    for key, item in _query_pairs(_query):
        link = link.add_param(key, None if item is None else str(item))
    if _anchor is not None:
        link = link.set_text(fragment=_anchor)
    if _scheme is not None:
        link = link.set(scheme=_scheme)
    return link if external else path_only(link)


def redirect(target: str | URI | FrozenURI | None, *,
             fallback: str | URI | FrozenURI | None = None,
             allowed_hosts: Iterable[str] = (), require_https: bool = False,
             status: int = 302) -> Response:
    """A redirect to ``target`` (a user's ``next``) when it is safe, else to
    ``fallback``.

    ``target`` is checked by :func:`urikit.safe_redirect` against :func:`request_uri`,
    with its ``allowed_hosts`` (other hosts, ``host:port`` or domains such as
    ``.example.com``, a target may name) and
    ``require_https`` (a target that is not ``https`` is refused, same-origin ones
    included).

    Args:
        target: where the user asks to go; ``None`` or ``""`` goes to ``fallback``.
        fallback: where to go instead, the application's choice, resolved against
            :func:`root_uri`; the application's root by default (a ``"/"`` would
            leave a ``SCRIPT_NAME`` prefix out).
        allowed_hosts: other hosts a target may name, as :func:`urikit.safe_redirect`
            takes them.
        require_https: refuse a target that is not ``https``.
        status: the response's status: 302, Flask's ``redirect`` default.

    Returns:
        Flask's redirect response, its ``Location`` an absolute URI.

    Raises:
        TypeError: ``target`` is not a ``str`` or a URI.
        ValueError: an ``allowed_hosts`` entry is no host, or a domain entry is over
            a public suffix (see :func:`urikit.safe_redirect`).

    .. versionadded:: 0.4
    """
    import flask

    current = _server_request(_request(None))
    site = _site(None)
    chosen = redirect_target(target, _request_uri(current, site), app_root(current, site),
                             fallback, allowed_hosts, require_https)
    return flask.redirect(str(chosen), code=status)


def _here() -> FrozenURI:
    """The template global ``here()``: :func:`request_uri`."""
    return request_uri()


def _root() -> FrozenURI:
    """The template global ``root()``: :func:`root_uri`."""
    return root_uri()


def _json_default(default: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Flask's JSON ``default`` that writes a URI as its text first."""
    def uri_default(value: object) -> object:
        if isinstance(value, URI | FrozenURI):
            return str(value)
        return default(value)
    return uri_default


def init_app(app: Flask, *, proxies: TrustedProxies | None = None,
             site: PublicSite | None = None) -> None:
    """Set up urikit for ``app``: its public site, its JSON and its template helpers.

    The site is ``site``, or the config's ``URIKIT_SITE`` (a
    :class:`~urikit.PublicSite`), or ``proxies`` alone; :func:`request_uri`,
    :func:`root_uri`, :func:`url_for` and :func:`redirect` read it, in a view, a
    template or a job in an app context outside any request (a site with a root needs
    no ``SERVER_NAME`` there). The app's JSON provider writes a
    :class:`~urikit.URI` or :class:`~urikit.FrozenURI` as its text
    (``jsonify({"next": here})``). The Jinja environment gets the filters
    ``with_param`` (:meth:`urikit.FrozenURI.set_param`), ``without_param``
    (:meth:`urikit.FrozenURI.discard_param`) and ``with_segments``
    (:meth:`urikit.FrozenURI.add_segments_text`), each returning a new
    :class:`~urikit.FrozenURI` (``{{ here()|with_param('page', 2) }}``: ``here()``
    is never edited), and the globals ``here()`` (:func:`request_uri`), ``root()``
    (:func:`root_uri`) and ``uri_for`` (:func:`url_for`; Flask's ``url_for`` stays).

    Args:
        app: the Flask application.
        proxies: how many proxies to trust; none by default.
        site: the public site (its root, its proxies), instead of ``proxies``.

    Raises:
        TypeError: both ``site`` and ``proxies``, or a config value that is not a
            :class:`~urikit.PublicSite`.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       ``site``, ``URIKIT_SITE`` and the JSON provider.
    """
    if site is not None and proxies is not None:
        raise TypeError("pass site or proxies, not both (a site holds its proxies)")
    configured = site or _config(app, SETTING) or PublicSite(proxies=proxies or TrustedProxies())
    if not isinstance(configured, PublicSite):
        raise TypeError(f"{SETTING} must be a urikit.PublicSite, not {type(configured).__name__}")
    app.extensions["urikit"] = configured
    app.config[SETTING] = configured
    default = cast("object", getattr(app.json, "default", None))
    if callable(default):  # Flask's DefaultJSONProvider
        app.json.default = _json_default(  # type: ignore[attr-defined]
            cast("Callable[[Any], Any]", default))
    for name, function in FILTERS.items():
        app.add_template_filter(function, name)
    app.add_template_global(_here, "here")
    app.add_template_global(_root, "root")
    app.add_template_global(url_for, "uri_for")
