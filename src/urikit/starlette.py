"""Links in Starlette and FastAPI as :class:`urikit.FrozenURI`: request, routes, redirects.

:func:`request_uri` reads the ASGI ``raw_path`` (uvicorn, hypercorn and Starlette's
test client keep it), so an encoded "/" (``%2F``) in the path stays distinct from a
separator, and ``query_string``'s raw bytes; :func:`url_for` is Starlette's, each
value kept plain data; :func:`redirect` follows a user's ``next`` only when it is
safe; :func:`install` puts the template filters ``with_param``, ``without_param`` and
``with_segments`` and the globals ``here()``, ``root()`` and ``uri_for()`` in a
:class:`~starlette.templating.Jinja2Templates`. FastAPI's ``Request`` is Starlette's,
so all of them serve FastAPI too::

    from starlette.applications import Starlette
    from urikit import TrustedProxies
    import urikit.starlette

    app = Starlette(routes=[...])
    # the app's trusted proxies, if any: one that sets X-Forwarded-Proto and -Host
    app.state.urikit = TrustedProxies(x_proto=1, x_host=1)

    async def items(request):
        here = urikit.starlette.request_uri(request)
        return JSONResponse({"next": str(here.set_param("page", 2))})

Needs the ``starlette`` extra (``pip install 'urikit[starlette]'``); ``import urikit``
does not import Starlette, and this module imports it when one of its functions is
called.

.. versionadded:: 0.4
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Iterable, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ._core.errors import URIError
from ._core.percent import encode
from ._model.uri import URI, FrozenURI
from ._web.adapters import FILTERS
from ._web.proxy import TrustedProxies
from ._web.request import (
    PublicSite,
    ServerRequest,
    app_root,
    redirect_target,
    route_link,
    route_value,
)
from ._web.request import request_uri as _request_uri

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection, Request
    from starlette.responses import JSONResponse, RedirectResponse
    from starlette.routing import Router
    from starlette.templating import Jinja2Templates
    from starlette.types import ASGIApp

    from ._match.routes import RouteMatch, Routes

__all__ = ["find_route", "install", "json_response", "jsonable", "redirect", "request_uri",
           "root_uri", "url_for"]

T = TypeVar("T")

#: the values with "/" whose readings (a path, one segment) are tried together
_MOST_PATHS_TRIED = 4


def _site_of(app: object, proxies: TrustedProxies | None) -> PublicSite:
    """``proxies`` alone, or the app's site (``app.state.urikit``: a
    :class:`~urikit.PublicSite`, or :class:`~urikit.TrustedProxies` alone)."""
    if proxies is not None:
        return PublicSite(proxies=proxies)
    configured = cast("object", getattr(getattr(app, "state", None), "urikit", None))
    if isinstance(configured, TrustedProxies):
        return PublicSite(proxies=configured)
    # anything else under that name (another library's) is no site: nothing trusted
    return configured if isinstance(configured, PublicSite) else PublicSite()


def _site(request: HTTPConnection, proxies: TrustedProxies | None) -> PublicSite:
    return _site_of(request.scope.get("app"), proxies)


def _server_request(request: HTTPConnection) -> ServerRequest:
    """What the ASGI server handed over of ``request``, mapped onto urikit's reading."""
    scope = request.scope
    url = request.url
    query = cast("bytes", scope.get("query_string", b""))
    return ServerRequest(
        scheme=url.scheme, host=url.netloc,
        script_root=cast("str", scope.get("root_path", "")).rstrip("/"),
        path=cast("str", scope["path"]), raw_path=cast("bytes | None", scope.get("raw_path")),
        query=query or None, headers=tuple(request.headers.items()))


def request_uri(request: Request, *, proxies: TrustedProxies | None = None) -> FrozenURI:
    """The request's URI exactly as the client sent it.

    The path is the ASGI ``raw_path`` when it decodes to ``path`` (which holds the
    ``root_path``, as the ASGI specification and Starlette 1 have it), so ``%2F``
    stays distinct from "/"; a ``raw_path`` without the ``root_path`` (as some servers
    give it) gets the prefix back; where the server gives no ``raw_path`` (it is
    optional in ASGI) or a middleware changed the path, the decoded ``path`` is
    encoded again, segment by segment. The query is ``query_string``'s raw bytes
    (bytes outside ASCII percent-encoded, none decoded); an empty one is read as no
    query, as ASGI does not tell them apart. The text is read with
    :meth:`urikit.FrozenURI.parse_lenient`, which encodes what clients send unencoded
    (``[]``, ``|``) and nothing else. Then the app's site (``app.state.urikit``, a
    :class:`~urikit.PublicSite` or :class:`~urikit.TrustedProxies`) says the public
    scheme, host and prefix (``proxies`` instead of the app's).

    Args:
        request: a Starlette (or FastAPI) request.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        URIError: the request's ``Host`` header is not a valid host (servers pass on
            whatever the client wrote there).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       ``app.state.urikit`` may be a :class:`~urikit.PublicSite`.
    """
    return _request_uri(_server_request(request), _site(request, proxies))


def root_uri(request: Request, *, proxies: TrustedProxies | None = None) -> FrozenURI:
    """The application's root: scheme, host, port and ``root_path``, ending in "/",
    as the client sees it (the app's site: its root, or the request's through the
    trusted proxies).

    Args:
        request: a Starlette (or FastAPI) request.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The URI, a :class:`~urikit.FrozenURI`.

    Raises:
        URIError: the request's ``Host`` header is not a valid host (servers pass on
            whatever the client wrote there).

    .. versionadded:: 0.4
    """
    return app_root(_server_request(request), _site(request, proxies))


def find_route(request: Request, routes: Routes[T], *,
               proxies: TrustedProxies | None = None) -> RouteMatch[T] | None:
    """The route of ``request`` in ``routes``, with its values, or ``None``.

    The table's :meth:`~urikit.Routes.find` reads :func:`request_uri` under
    :func:`root_uri` (the path after the ``root_path``, an encoded "/" kept as data);
    build the links of the same table with :meth:`~urikit.Routes.link_under` on
    :func:`root_uri`. In FastAPI, a dependency:
    ``def route(request: Request) -> RouteMatch[T] | None: return find_route(request, routes)``.

    Args:
        request: a Starlette (or FastAPI) request.
        routes: the route table.
        proxies: the trusted proxies, instead of the app's.

    Returns:
        The :class:`~urikit.RouteMatch`, or ``None``.

    Raises:
        URIError: the request's ``Host`` header is not a valid host.

    .. versionadded:: 0.5
    """
    current = _server_request(request)
    site = _site(request, proxies)
    return routes.find(_request_uri(current, site), root=app_root(current, site))


def url_for(request: HTTPConnection | ASGIApp, name: str, /,
            **path_params: Any) -> FrozenURI:
    """Starlette's ``request.url_for(name, **path_params)`` as a
    :class:`~urikit.FrozenURI`, each value plain data.

    Starlette's router builds the link with the route's convertors (``{id:int}``
    takes ``5`` and ``"5"``, refuses ``"x"``; an empty value is refused as Starlette
    refuses it), :class:`~starlette.routing.NoMatchFound` for an unknown name or
    parameters, and a websocket route's link is ``ws``/``wss``. urikit keeps each
    value data: it is percent-encoded (Starlette writes a space, a "?" or a "#" as
    it is), no segment of it is "." or ".." (a browser would climb a level), it never
    puts "//" at the start of the path, and a "/" in the value of a one-segment
    parameter is ``%2F`` (Starlette refuses it); a ``{name:path}`` value is a path, a
    list or tuple its segments. Like Starlette's, it takes only path parameters: add
    query parameters to the result (``url_for(request, "items").set_param("page", 2)``).

    Args:
        request: the current request or websocket (its router and root), or, outside
            a request (a job, an e-mail), the app, whose ``app.state.urikit`` is a
            :class:`~urikit.PublicSite` with a root.
        name: the route's name.
        path_params: the route's path parameters.

    Returns:
        The absolute URI, on :func:`root_uri` (through the app's site).

    Raises:
        starlette.routing.NoMatchFound: no route of that name takes these parameters.
        AssertionError, ValueError: a convertor refuses a value (as in Starlette).
        urikit.BuildError: a value would be a dot segment, or start the path with "//".
        RuntimeError: an app without a site's root.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       Values checked by the route's convertors; a path value is a path; websocket
       routes give ``ws``/``wss``; an app outside a request.
    """
    return _url_for(request, name, path_params, None)


def _stand_ins(path_params: dict[str, Any], token: str, paths: frozenset[str]
               ) -> tuple[dict[str, Any], dict[str, str]]:
    """The parameters the router sees, and the wire text of each stand-in.

    A ``str`` that needs encoding is a stand-in of letters and digits: one for a
    value read as one segment; for a value read as a path (a key in ``paths``, or a
    list or tuple of segments), two joined by "/", so that a one-segment convertor
    still refuses it, as it refuses the value. Other values go as they are, so the
    convertors check them. One stand-in per value: each is replaced once.
    """
    wires: dict[str, str] = {}

    def stand_in(value: str, wire: str, as_path: bool) -> str:
        if wire == value:
            return value
        key = f"{token}x{len(wires)}x"
        if as_path:
            key += f"/{token}y{len(wires)}y"
        wires[key] = wire
        return key

    params: dict[str, Any] = {}
    for key, value in path_params.items():
        given = cast("object", value)
        if isinstance(given, list | tuple):
            segments = cast("list[str] | tuple[str, ...]", given)
            # a piece of a path is checked for dot segments once the router took it
            # as a path (route_link)
            wire = "/".join(encode(segment, "segment") for segment in segments)
            params[key] = stand_in("/".join(segments), wire, True)
        elif isinstance(given, str) and given and key in paths:
            # "path" encodes as "segment" does, but for "/", kept as the separator
            params[key] = stand_in(given, encode(given, "path"), True)
        elif isinstance(given, str) and given:
            params[key] = stand_in(given, route_value(given, False), False)
        else:
            params[key] = given
    return params, wires


def _url_for(request: HTTPConnection | ASGIApp, name: str, path_params: dict[str, Any],
             proxies: TrustedProxies | None) -> FrozenURI:
    """:func:`url_for` through ``proxies`` (or the app's)."""
    from starlette.requests import HTTPConnection

    given = cast("object", request)
    if isinstance(given, HTTPConnection):
        connection = cast("HTTPConnection", given)
        provider = cast("Router", connection.scope.get("router") or connection.scope["app"])
        root = app_root(_server_request(connection), _site(connection, proxies))
    else:
        provider = cast("Router", request)
        root = app_root(None, _site_of(request, proxies))
    token = f"urikit{secrets.token_hex(8)}"
    # a value with "/" is tried as a path first (a {name:path} parameter takes it),
    # then as one segment (a {name} parameter refuses a "/": urikit encodes it), each
    # value on its own; past a few such values, each is one segment
    slashed = [key for key, value in path_params.items()
               if isinstance(value, str) and "/" in value]
    choices = (list(itertools.product((True, False), repeat=len(slashed)))
               if len(slashed) <= _MOST_PATHS_TRIED else [(False,) * len(slashed)])
    refusal: AssertionError | ValueError | None = None
    for choice in choices:
        paths = frozenset(key for key, as_path in zip(slashed, choice, strict=True) if as_path)
        params, wires = _stand_ins(path_params, token, paths)
        try:
            url = provider.url_path_for(name, **params)
        except URIError:
            raise
        except (AssertionError, ValueError) as error:
            refusal = error
            continue
        break
    else:
        provider.url_path_for(name, **path_params)  # the router's own error, if any
        # every choice was tried (there is at least one) and refused
        raise cast("AssertionError | ValueError", refusal)
    built, host = str(url), url.host
    for key, wire in wires.items():
        built, host = built.replace(key, wire), host.replace(key, wire)
    if host:  # a route under a Host: its host, the app's root path, as Starlette
        root = FrozenURI.parse_lenient(f"{root.scheme}://{host}/").set(path=root.path)
    link = route_link(root, built, name)
    if url.protocol == "websocket":
        link = link.set(scheme="wss" if link.scheme == "https" else "ws")
    return link


def redirect(request: Request, target: str | URI | FrozenURI | None, *,
             fallback: str | URI | FrozenURI | None = None,
             allowed_hosts: Iterable[str] = (), require_https: bool = False,
             status: int = 303) -> RedirectResponse:
    """A redirect to ``target`` (a user's ``next``) when it is safe, else to
    ``fallback``.

    ``target`` is checked by :func:`urikit.safe_redirect` against :func:`request_uri`,
    with its ``allowed_hosts`` (other hosts, ``host:port`` or domains such as
    ``.example.com``, a target may name) and
    ``require_https`` (a target that is not ``https`` is refused, same-origin ones
    included).

    Args:
        request: the current request.
        target: where the user asks to go; ``None`` or ``""`` goes to ``fallback``.
        fallback: where to go instead, the application's choice, resolved against
            :func:`root_uri`; the application's root by default (a ``"/"`` would
            leave the ``root_path`` out).
        allowed_hosts: other hosts a target may name, as :func:`urikit.safe_redirect`
            takes them.
        require_https: refuse a target that is not ``https``.
        status: the response's status: 303 (See Other), so that a redirect after a
            form's POST is a GET, where Starlette's default 307 would send the form
            (a password) again to the target.

    Returns:
        Starlette's :class:`~starlette.responses.RedirectResponse`, its ``Location``
        an absolute URI.

    Raises:
        TypeError: ``target`` is not a ``str`` or a URI.
        ValueError: an ``allowed_hosts`` entry is no host, or a domain entry is over
            a public suffix (see :func:`urikit.safe_redirect`).

    .. versionadded:: 0.4
    """
    from starlette.responses import RedirectResponse

    current = _server_request(request)
    site = _site(request, None)
    chosen = redirect_target(target, _request_uri(current, site), app_root(current, site),
                             fallback, allowed_hosts, require_https)
    return RedirectResponse(str(chosen), status_code=status)


def jsonable(content: object) -> object:
    """``content`` with each :class:`~urikit.URI` and :class:`~urikit.FrozenURI` in it
    (in dicts, lists and tuples, at any depth) replaced by its text, for
    ``json.dumps`` and Starlette's ``JSONResponse``.

    .. versionadded:: 0.6
    """
    if isinstance(content, URI | FrozenURI):
        return str(content)
    if isinstance(content, dict):
        return {key: jsonable(value)
                for key, value in cast("dict[object, object]", content).items()}
    if isinstance(content, list | tuple):
        return [jsonable(item) for item in cast("list[object] | tuple[object, ...]", content)]
    return content


def json_response(content: object, status_code: int = 200,
                  headers: Mapping[str, str] | None = None) -> JSONResponse:
    """Starlette's :class:`~starlette.responses.JSONResponse` of ``content``, a URI in
    it written as its text (:func:`jsonable`); a FastAPI endpoint returns it as it is.

    .. versionadded:: 0.6
    """
    from starlette.responses import JSONResponse

    return JSONResponse(jsonable(content), status_code=status_code, headers=headers)


def install(templates: Jinja2Templates, *, proxies: TrustedProxies | None = None) -> None:
    """Put urikit's filters and globals in ``templates``' Jinja environment.

    The filters ``with_param`` (:meth:`urikit.FrozenURI.set_param`),
    ``without_param`` (:meth:`urikit.FrozenURI.discard_param`) and ``with_segments``
    (:meth:`urikit.FrozenURI.add_segments_text`) each return a new
    :class:`~urikit.FrozenURI` (``{{ here()|with_param('page', 2) }}``: ``here()`` is
    never edited); the globals ``here()`` (:func:`request_uri`), ``root()``
    (:func:`root_uri`) and ``uri_for(name, **path_params)`` (:func:`url_for`; the
    template's ``url_for`` stays Starlette's) read the ``request`` of the template's
    context, as Starlette's ``TemplateResponse`` passes it.

    Args:
        templates: Starlette's (or FastAPI's) ``Jinja2Templates``.
        proxies: the trusted proxies for the templates' links; the app's
            (``app.state.urikit``) by default.

    .. versionadded:: 0.4
    """
    import jinja2

    def request_of(context: jinja2.runtime.Context) -> Request:
        return cast("Request", context["request"])

    @jinja2.pass_context
    def here(context: jinja2.runtime.Context) -> FrozenURI:
        return request_uri(request_of(context), proxies=proxies)

    @jinja2.pass_context
    def root(context: jinja2.runtime.Context) -> FrozenURI:
        return root_uri(request_of(context), proxies=proxies)

    @jinja2.pass_context
    def uri_for(context: jinja2.runtime.Context, name: str, /,
                **path_params: Any) -> FrozenURI:
        return _url_for(request_of(context), name, path_params, proxies)

    templates.env.filters.update(FILTERS)
    names = cast("MutableMapping[str, object]", templates.env.globals)
    names.update(here=here, root=root, uri_for=uri_for)
