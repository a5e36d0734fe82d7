"""Links in Starlette and FastAPI as :class:`urikit.FrozenURI`: request, routes, redirects.

:func:`request_uri` reads the ASGI ``raw_path`` (uvicorn, hypercorn and Starlette's
test client keep it), so an encoded "/" (``%2F``) in the path stays distinct from a
separator, and ``query_string``'s raw bytes; :func:`url_for` builds a route with each
value as one path segment; :func:`redirect` follows a user's ``next`` only when it is
safe; :func:`install` puts the template filters ``with_param``, ``without_param`` and
``with_segments`` and the globals ``here()``, ``root()`` and ``uri_for()`` in a
:class:`~starlette.templating.Jinja2Templates`. FastAPI's ``Request`` is Starlette's,
so all of them serve FastAPI too::

    from starlette.applications import Starlette
    from urikit import TrustedProxies
    import urikit.starlette

    app = Starlette(routes=[...])
    app.state.urikit = TrustedProxies(hops=1)   # the app's trusted proxies, if any

    async def items(request):
        here = urikit.starlette.request_uri(request)
        return JSONResponse({"next": str(here.set_param("page", 2))})

Needs the ``starlette`` extra (``pip install 'urikit[starlette]'``); ``import urikit``
does not import Starlette, and this module imports it when one of its functions is
called.

.. versionadded:: 0.4
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, MutableMapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ._model.uri import URI, FrozenURI
from ._web.adapters import FILTERS, checked_redirect, is_path_value, path_value, raw_path, wire_text
from ._web.proxy import TrustedProxies

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import RedirectResponse
    from starlette.templating import Jinja2Templates

    from ._match.routes import RouteMatch, Routes

__all__ = ["find_route", "install", "redirect", "request_uri", "root_uri", "url_for"]

T = TypeVar("T")


def _proxies(request: Request, proxies: TrustedProxies | None) -> TrustedProxies | None:
    """``proxies``, or the app's (``app.state.urikit``)."""
    if proxies is not None:
        return proxies
    app = request.scope.get("app")
    state = getattr(app, "state", None)
    configured = getattr(state, "urikit", None)
    return configured if isinstance(configured, TrustedProxies) else None


def _public(uri: FrozenURI, request: Request, proxies: TrustedProxies | None) -> FrozenURI:
    """``uri`` as the client sees it, through the trusted proxies."""
    trusted = _proxies(request, proxies)
    return uri if trusted is None else trusted.public_uri(uri, request.headers.items())


def _server_uri(request: Request) -> tuple[FrozenURI, FrozenURI]:
    """The request's URI and the app's root as the ASGI server received them, before
    any proxy header."""
    scope = request.scope
    root_path = cast("str", scope.get("root_path", "")).rstrip("/")
    raw = cast("bytes | None", scope.get("raw_path"))
    prefix, rest = raw_path(raw, cast("str", scope["path"]), root_path)
    url = request.url
    origin = f"{url.scheme}://{url.netloc}"
    text = origin + ((prefix + rest) or "/")
    query = cast("bytes", scope.get("query_string", b""))
    if query:
        text += "?" + wire_text(query)
    return FrozenURI.parse_lenient(text), FrozenURI.parse_lenient(f"{origin}{prefix}/")


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
    (``[]``, ``|``) and nothing else. Then the trusted proxies (``proxies``, or the
    app's ``app.state.urikit``) say the public scheme, host and prefix.

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
    return _public(_server_uri(request)[0], request, proxies)


def root_uri(request: Request, *, proxies: TrustedProxies | None = None) -> FrozenURI:
    """The application's root: scheme, host, port and ``root_path``, ending in "/",
    as the client sees it (through the trusted proxies).

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
    return _public(_server_uri(request)[1], request, proxies)


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
    here, root = _server_uri(request)
    return routes.find(_public(here, request, proxies), root=_public(root, request, proxies))


def url_for(request: Request, name: str, /, **path_params: Any) -> FrozenURI:
    """The absolute URI of the route ``name``, built by Starlette's router, each path
    value one segment.

    A ``str`` value is percent-encoded as one path segment, its "/" included
    (``name="a/b c"`` gives ``/files/a%2Fb%20c``; Starlette's own ``url_for`` refuses
    the "/" and writes the space unencoded); a list or tuple of ``str`` is that many
    segments (for a ``{name:path}`` parameter); other values (an ``int``, a
    ``UUID``) go through the route's convertor. Like Starlette's, it takes only path
    parameters, so a misspelt one is still an error (``NoMatchFound``) and never a
    query parameter: add those to the result, which is a
    :class:`~urikit.FrozenURI` (``url_for(request, "items").set_param("page", 2)``).

    Args:
        request: the current request (its router and origin).
        name: the route's name.
        path_params: the route's path parameters.

    Returns:
        The absolute URI, on :func:`request_uri`'s origin (through the trusted
        proxies), as Starlette's ``url_for`` gives it.

    .. versionadded:: 0.4
    """
    return _url_for(request, name, path_params, None)


def _url_for(request: Request, name: str, path_params: dict[str, Any],
             proxies: TrustedProxies | None) -> FrozenURI:
    """:func:`url_for` through ``proxies`` (or the app's)."""
    provider = request.scope.get("router") or request.scope["app"]
    slots: dict[str, str] = {}
    params: dict[str, Any] = {}
    for key, value in path_params.items():
        if is_path_value(value):
            slot = f"urikit{secrets.token_hex(8)}"
            slots[slot] = path_value(value)
            params[key] = slot
        else:
            params[key] = value
    built = str(provider.url_path_for(name, **params))
    for slot, wire in slots.items():
        built = built.replace(slot, wire, 1)
    root = _server_uri(request)[1]
    path = FrozenURI.parse_lenient("/".join(root.path).rstrip("/") + built)
    return _public(root.set(path=path.path), request, proxies)


def redirect(request: Request, target: str | URI | FrozenURI | None, *,
             fallback: str | URI | FrozenURI | None = None,
             allowed_hosts: Iterable[str] = (), require_https: bool = False,
             status: int = 303) -> RedirectResponse:
    """A redirect to ``target`` (a user's ``next``) when it is safe, else to
    ``fallback``.

    ``target`` is checked by :func:`urikit.safe_redirect` against :func:`request_uri`,
    with its ``allowed_hosts`` (other hosts, or ``host:port``, a target may name) and
    ``require_https`` (a target that is not ``https`` is refused, same-origin ones
    included).

    Args:
        request: the current request.
        target: where the user asks to go; ``None`` or ``""`` goes to ``fallback``.
        fallback: where to go instead, the application's choice, resolved against
            :func:`root_uri`; the application's root by default (a ``"/"`` would
            leave the ``root_path`` out).
        allowed_hosts: other hosts a target may name.
        require_https: refuse a target that is not ``https``.
        status: the response's status: 303 (See Other), so that a redirect after a
            form's POST is a GET, where Starlette's default 307 would send the form
            (a password) again to the target.

    Returns:
        Starlette's :class:`~starlette.responses.RedirectResponse`, its ``Location``
        an absolute URI.

    Raises:
        TypeError: ``target`` is not a ``str`` or a URI.

    .. versionadded:: 0.4
    """
    from starlette.responses import RedirectResponse

    chosen = checked_redirect(target, request_uri(request), allowed_hosts, require_https)
    if chosen is None:
        root = root_uri(request)
        chosen = root.thaw() if fallback is None else root.resolve(str(fallback)).thaw()
    return RedirectResponse(str(chosen), status_code=status)


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
