"""Links in Flask as :class:`urikit.FrozenURI`: the request's URI, routes, redirects, filters.

:func:`request_uri` reads the request target the WSGI server kept (``REQUEST_URI``
from Werkzeug's server and test client, ``RAW_URI`` from gunicorn), so an encoded
"/" (``%2F``) in the path stays distinct from a separator and the query is its raw
bytes; :func:`url_for` builds a route with each value as one path segment and the
other keywords as query parameters; :func:`redirect` follows a user's ``next`` only
when it is safe; :func:`init_app` sets the trusted proxies and installs the template
filters ``with_param``, ``without_param`` and ``with_segments`` and the globals
``here()`` and ``root()``::

    from flask import Flask
    from urikit import TrustedProxies
    import urikit.flask

    app = Flask(__name__)
    urikit.flask.init_app(app, proxies=TrustedProxies(hops=1))

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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ._model.uri import URI, FrozenURI
from ._web.adapters import FILTERS, checked_redirect, is_path_value, path_value, raw_path, wire_text
from ._web.proxy import TrustedProxies

if TYPE_CHECKING:
    from flask import Flask, Request
    from werkzeug.wrappers import Response

    from ._match.routes import RouteMatch, Routes

__all__ = ["find_route", "init_app", "redirect", "request_uri", "root_uri", "url_for"]

T = TypeVar("T")


def _request(request: Request | None) -> Request:
    """``request``, or Flask's current one."""
    if request is not None:
        return request
    import flask

    return flask.request


def _proxies(request: Request, proxies: TrustedProxies | None) -> TrustedProxies | None:
    """``proxies``, or those :func:`init_app` configured for the request's app."""
    if proxies is not None:
        return proxies
    import flask

    if not flask.has_app_context():
        return None
    configured = flask.current_app.extensions.get("urikit")
    return configured if isinstance(configured, TrustedProxies) else None


def _public(uri: FrozenURI, request: Request, proxies: TrustedProxies | None) -> FrozenURI:
    """``uri`` as the client sees it, through the trusted proxies."""
    trusted = _proxies(request, proxies)
    return uri if trusted is None else trusted.public_uri(uri, list(request.headers.items()))


def _wsgi_text(environ: dict[str, Any], key: str) -> str:
    """An environ value as text: PEP 3333 holds the request's bytes as latin-1
    characters; they are read as UTF-8, a byte that is not kept as a surrogate."""
    return cast("str", environ.get(key, "")).encode("latin-1").decode(
        "utf-8", "surrogateescape")


def _server_uri(request: Request) -> tuple[FrozenURI, FrozenURI]:
    """The request's URI and the app's root as the WSGI server received them, before
    any proxy header."""
    environ = request.environ
    script = _wsgi_text(environ, "SCRIPT_NAME").rstrip("/")
    target = cast("str | None", environ.get("REQUEST_URI", environ.get("RAW_URI")))
    raw: bytes | None = None
    query_defined = bool(environ.get("QUERY_STRING"))
    # PEP 3333: the bytes as latin-1 characters; anything else is no raw target
    if target is not None and all(ord(ch) < 0x100 for ch in target):
        target_bytes = target.encode("latin-1")
        if not target_bytes.startswith(b"/"):  # absolute-form: http://host/path?query
            after = target_bytes.partition(b"://")[2]
            slash = after.find(b"/")
            target_bytes = after[slash:] if slash >= 0 else b"/"
        raw, mark, _ = target_bytes.partition(b"?")
        query_defined = query_defined or bool(mark)
    prefix, rest = raw_path(raw, script + _wsgi_text(environ, "PATH_INFO"), script)
    origin = f"{request.scheme}://{request.host}"
    text = origin + ((prefix + rest) or "/")
    if query_defined:
        text += "?" + wire_text(cast("str", environ.get("QUERY_STRING", "")).encode("latin-1"))
    return FrozenURI.parse_lenient(text), FrozenURI.parse_lenient(f"{origin}{prefix}/")


def request_uri(request: Request | None = None, *,
                proxies: TrustedProxies | None = None) -> FrozenURI:
    """The current request's URI exactly as the client sent it.

    The path is the request target the server kept (``REQUEST_URI``, or gunicorn's
    ``RAW_URI``) when it decodes to ``SCRIPT_NAME`` + ``PATH_INFO``, so ``%2F`` stays
    distinct from "/"; where the server keeps no raw target (or a middleware changed
    the path), the decoded path is encoded again, segment by segment. The query is
    ``QUERY_STRING``'s raw bytes (bytes outside ASCII percent-encoded, none decoded).
    The text is read with :meth:`urikit.FrozenURI.parse_lenient`, which encodes what
    clients send unencoded (``[]``, ``|``) and nothing else. Then the trusted proxies
    (``proxies``, or those given to :func:`init_app`) say the public scheme, host and
    prefix.

    Args:
        request: a Flask request; Flask's current ``request`` by default.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        URIError: the request's ``Host`` header is not a valid host (servers pass on
            whatever the client wrote there).

    .. versionadded:: 0.4
    """
    current = _request(request)
    return _public(_server_uri(current)[0], current, proxies)


def root_uri(request: Request | None = None, *,
             proxies: TrustedProxies | None = None) -> FrozenURI:
    """The application's root: scheme, host, port and ``SCRIPT_NAME`` prefix, ending
    in "/", as the client sees it (through the trusted proxies).

    Args:
        request: a Flask request; Flask's current ``request`` by default.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        URIError: the request's ``Host`` header is not a valid host (servers pass on
            whatever the client wrote there).

    .. versionadded:: 0.4
    """
    current = _request(request)
    return _public(_server_uri(current)[1], current, proxies)


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
    current = _request(request)
    here, root = _server_uri(current)
    return routes.find(_public(here, current, proxies), root=_public(root, current, proxies))


def url_for(endpoint: str, /, *, _external: bool = False, _method: str | None = None,
            **values: Any) -> FrozenURI:
    """The URI of ``endpoint``'s route, built by Flask, each path value one segment.

    A ``str`` value of one of the route's variables is percent-encoded as one path
    segment, its "/" included (``name="a/b c"`` gives ``/files/a%2Fb%20c``, where
    Flask's own ``url_for`` writes ``/files/a/b%20c``, another route); a list or tuple
    of ``str`` is that many segments (for a ``<path:...>`` variable); other values
    (an ``int``) go through the route's converter. Every other keyword is a query
    parameter, a list or tuple of values as a repeated key, ``None`` as a key alone.

    Args:
        endpoint: the endpoint's name (``".name"`` within the current blueprint).
        _external: give the absolute URI, on :func:`request_uri`'s origin (through
            the trusted proxies), instead of Flask's path from the host's root.
        _method: the HTTP method, to choose among the endpoint's routes.
        values: the route's variables, then the query parameters.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`: an absolute path, or with
        ``_external`` an absolute URI.

    .. versionadded:: 0.4
    """
    import flask

    request = flask.request
    name = endpoint
    if name.startswith(".") and request.blueprint:
        name = request.blueprint + name
    arguments: set[str] = set()
    for rule in flask.current_app.url_map.iter_rules(name):
        arguments.update(cast("Iterable[str]", rule.arguments))
    slots: dict[str, str] = {}
    route_values: dict[str, Any] = {}
    query: list[tuple[str, object]] = []
    for key, value in values.items():
        if key not in arguments:
            given = cast("object", value)
            items = cast("Sequence[object]", given) if isinstance(given, list | tuple) else [given]
            query.extend((key, item) for item in items)
        elif is_path_value(value):
            slot = f"urikit{secrets.token_hex(8)}"
            slots[slot] = path_value(value)
            route_values[key] = slot
        else:
            route_values[key] = value
    built = flask.url_for(name, _method=_method, **route_values)
    for slot, wire in slots.items():
        built = built.replace(slot, wire, 1)
    path = FrozenURI.parse_lenient(built)
    origin = _server_uri(request)[0]
    result = _public(origin.set(path=path.path, query=None, fragment=None), request, None)
    for key, item in query:
        result = result.add_param(key, None if item is None else str(item))
    if _external:
        return result
    return result.set(scheme=None, userinfo=None, host=None, port=None)


def redirect(target: str | URI | FrozenURI | None, *,
             fallback: str | URI | FrozenURI | None = None,
             allowed_hosts: Iterable[str] = (), require_https: bool = False,
             status: int = 302) -> Response:
    """A redirect to ``target`` (a user's ``next``) when it is safe, else to
    ``fallback``.

    ``target`` is checked by :func:`urikit.safe_redirect` against :func:`request_uri`,
    with its ``allowed_hosts`` (other hosts, or ``host:port``, a target may name) and
    ``require_https`` (a target that is not ``https`` is refused, same-origin ones
    included).

    Args:
        target: where the user asks to go; ``None`` or ``""`` goes to ``fallback``.
        fallback: where to go instead, the application's choice, resolved against
            :func:`root_uri`; the application's root by default (a ``"/"`` would
            leave a ``SCRIPT_NAME`` prefix out).
        allowed_hosts: other hosts a target may name.
        require_https: refuse a target that is not ``https``.
        status: the response's status: 302, Flask's ``redirect`` default.

    Returns:
        Flask's redirect response, its ``Location`` an absolute URI.

    Raises:
        TypeError: ``target`` is not a ``str`` or a URI.

    .. versionadded:: 0.4
    """
    import flask

    current = _request(None)
    chosen = checked_redirect(target, request_uri(current), allowed_hosts, require_https)
    if chosen is None:
        root = root_uri(current)
        chosen = root.thaw() if fallback is None else root.resolve(str(fallback)).thaw()
    return flask.redirect(str(chosen), code=status)


def _here() -> FrozenURI:
    """The template global ``here()``: :func:`request_uri`."""
    return request_uri()


def _root() -> FrozenURI:
    """The template global ``root()``: :func:`root_uri`."""
    return root_uri()


def init_app(app: Flask, *, proxies: TrustedProxies | None = None) -> None:
    """Set up urikit for ``app``: its trusted proxies and its template helpers.

    ``proxies`` is kept in ``app.extensions["urikit"]``, where :func:`request_uri`,
    :func:`root_uri`, :func:`url_for` and :func:`redirect` find it. The Jinja
    environment gets the filters ``with_param`` (:meth:`urikit.FrozenURI.set_param`),
    ``without_param`` (:meth:`urikit.FrozenURI.discard_param`) and ``with_segments``
    (:meth:`urikit.FrozenURI.add_segments_text`), each returning a new
    :class:`~urikit.FrozenURI` (``{{ here()|with_param('page', 2) }}``: ``here()``
    is never edited), and the globals ``here()`` (:func:`request_uri`), ``root()``
    (:func:`root_uri`) and ``uri_for`` (:func:`url_for`; Flask's ``url_for`` stays).

    Args:
        app: the Flask application.
        proxies: how many proxies to trust; none by default.

    .. versionadded:: 0.4
    """
    app.extensions["urikit"] = proxies
    for name, function in FILTERS.items():
        app.add_template_filter(function, name)
    app.add_template_global(_here, "here")
    app.add_template_global(_root, "root")
    app.add_template_global(url_for, "uri_for")
