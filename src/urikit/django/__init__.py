"""The Django adapter: the request's URI as the client sent it, reverse and redirect.

Also the trusted proxies' setting, a template library and model, form and REST
framework fields (:mod:`urikit.django.fields`, :mod:`urikit.django.serializers`).

Add ``"urikit.django"`` to ``INSTALLED_APPS`` for the template library
(``{% load urikit %}``) and ``"urikit.django.context_processor"`` to the template
engine's context processors for ``here`` and ``root``. The proxies in front of the
application are named once, in the settings::

    URIKIT_TRUSTED_PROXIES = urikit.TrustedProxies(x_proto=1, x_host=1)

(one proxy that sets X-Forwarded-Proto and -Host; default: none, no forwarded header
is believed). Importing :mod:`urikit` does not import this module, nor Django.

.. versionadded:: 0.4
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeAlias, TypeVar, cast
from urllib.parse import unquote_to_bytes

from asgiref.sync import iscoroutinefunction
from django import conf  # conf.settings: a lazy object that doctest must not probe
from django.core.exceptions import DisallowedHost
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.http.request import split_domain_port, validate_host
from django.urls import get_script_prefix, set_script_prefix
from django.urls import reverse as django_reverse
from django.utils.datastructures import MultiValueDict
from django.utils.encoding import repercent_broken_unicode
from django.utils.functional import lazy

from .._core.errors import URIError
from .._core.percent import encode, unquote
from .._model.path import dot_segment_error
from .._model.query import Values, encode_query
from .._model.uri import URI, FrozenURI
from .._web.proxy import TrustedProxies
from .._web.redirect import safe_redirect

if TYPE_CHECKING:
    from .._web.routes import RouteMatch, Routes

__all__ = ["JSONEncoder", "context_processor", "find_route", "prefix_middleware", "redirect",
           "request_uri", "reverse", "reverse_lazy", "root_uri", "trusted_proxies"]

T = TypeVar("T")
_Handler: TypeAlias = Callable[[HttpRequest], Any]

#: the setting that names the proxies in front of the application
SETTING: Final = "URIKIT_TRUSTED_PROXIES"
_NO_PROXIES: Final = TrustedProxies()
# what a raw request target keeps as it is: printable ASCII (the lenient reader then
# encodes "[", "|" ...); other bytes are percent-encoded
_ASCII_TARGET: Final = frozenset(map(chr, range(0x21, 0x7F)))


def trusted_proxies(proxies: TrustedProxies | None = None) -> TrustedProxies:
    """``proxies``, or the ``URIKIT_TRUSTED_PROXIES`` setting, or none trusted.

    Raises:
        TypeError: the argument or the setting is not a :class:`~urikit.TrustedProxies`.

    .. versionadded:: 0.4
    """
    chosen = cast("object", proxies if proxies is not None
                  else getattr(conf.settings, SETTING, None) or _NO_PROXIES)
    if not isinstance(chosen, TrustedProxies):
        raise TypeError(f"{SETTING} must be a urikit.TrustedProxies, "
                        f"not {type(chosen).__name__}")
    return chosen


def _octets(request: HttpRequest, text: str) -> bytes:
    """The bytes the client sent for a server's string: under WSGI each byte is a
    latin-1 character (PEP 3333); Django's ASGI request holds UTF-8 text."""
    if "wsgi.input" in request.META:
        try:
            return text.encode("latin-1")
        except UnicodeEncodeError:
            pass
    return text.encode("utf-8", "surrogateescape")


def _wire(request: HttpRequest, text: str) -> str:
    """A server's string as ASCII text: each byte outside printable ASCII
    percent-encoded, so the octets the client sent are kept (the lenient reader
    then encodes ``[``, ``|`` ...)."""
    if _ASCII_TARGET.issuperset(text):
        return text
    return "".join(chr(b) if chr(b) in _ASCII_TARGET else f"%{b:02X}"
                   for b in _octets(request, text))


def _script_name(request: HttpRequest) -> str:
    """The script prefix Django uses (``FORCE_SCRIPT_NAME`` or the server's
    ``SCRIPT_NAME``), decoded, without a trailing "/"."""
    return request.path.removesuffix(request.path_info).rstrip("/")


def _raw_target(request: HttpRequest) -> str | None:
    """The request target as the client sent it, from the server's ``RAW_URI``
    (gunicorn) or ``REQUEST_URI`` (uWSGI, mod_wsgi, gunicorn), when it names the
    same path Django routes (else ``None``: the server rewrote it)."""
    meta = request.META
    raw = meta.get("RAW_URI") or meta.get("REQUEST_URI")
    if not isinstance(raw, str) or not raw:
        return None
    text = _wire(request, raw)
    if not text.startswith("/"):  # absolute-form (RFC 9112 §3.2.2): keep path and query
        try:
            absolute = FrozenURI.parse_lenient(text)
        except URIError:
            return None
        text = str(absolute.relative().set(fragment=None))
        if not text.startswith("/"):
            return None
    try:
        path = FrozenURI.parse_lenient(text.partition("?")[0]).path
    except URIError:
        return None
    # the path as Django decodes PATH_INFO: a byte that is not UTF-8 as "%XX" text
    plain = repercent_broken_unicode(unquote_to_bytes(str(path))).decode()
    if plain == request.path:
        return text
    if plain == request.path_info:  # the prefix is FORCE_SCRIPT_NAME's: put it back
        return encode(_script_name(request), "path") + text
    return None


def _server_uri(request: HttpRequest, path_and_query: str) -> FrozenURI:
    """The URI the application's server saw: ``request.scheme``, the ``Host`` header
    (or ``SERVER_NAME`` and ``SERVER_PORT``) once Django's ``ALLOWED_HOSTS`` accepts
    the request, and ``path_and_query``."""
    request.get_host()  # Django's check: DisallowedHost (a 400) for a host not allowed
    meta = request.META
    host = meta.get("HTTP_HOST")
    if not isinstance(host, str) or not host:
        host = str(meta.get("SERVER_NAME", ""))
        port = str(meta.get("SERVER_PORT", ""))
        if port and port != ("443" if request.is_secure() else "80"):
            host = f"{host}:{port}"
    return FrozenURI.parse_lenient(f"{request.scheme}://{host}{path_and_query}")


def _public(request: HttpRequest, uri: FrozenURI, proxies: TrustedProxies | None) -> FrozenURI:
    """``uri`` as the trusted proxies say the client asked for it; its host checked
    against ``ALLOWED_HOSTS`` as Django checks the ``Host`` header."""
    public = trusted_proxies(proxies).public_uri(uri, _headers(request))
    if public.host != uri.host or public.port != uri.port:
        allowed = list(conf.settings.ALLOWED_HOSTS)
        if conf.settings.DEBUG and not allowed:
            allowed = [".localhost", "127.0.0.1", "[::1]"]
        domain, _ = split_domain_port(public.authority or "")
        if not domain or not validate_host(domain, allowed):
            raise DisallowedHost(f"forwarded host {public.host!r} is not in ALLOWED_HOSTS")
    return public


def _headers(request: HttpRequest) -> list[tuple[str, str]]:
    """The forwarding headers of the request, as (name, value) pairs."""
    return [(name, value) for name, value in request.headers.items()
            if name.lower() == "forwarded" or name.lower().startswith("x-forwarded-")]


def request_uri(request: HttpRequest, *, proxies: TrustedProxies | None = None) -> FrozenURI:
    """The current request's URI, exactly as the client sent it.

    The path and query are the server's raw request target where it hands one
    (``RAW_URI`` or ``REQUEST_URI`` in ``request.META``: gunicorn, uWSGI, mod_wsgi),
    so ``%2F`` stays distinct from "/"; elsewhere (Django's test client, runserver,
    an ASGI server) the path is rebuilt from ``request.path`` (the script prefix and
    ``PATH_INFO``, which the server has already decoded: a ``%2F`` comes back as
    "/") and the query is ``QUERY_STRING`` as sent. The text is read leniently
    (:meth:`urikit.FrozenURI.parse_lenient`): ``[]`` and ``|`` come percent-encoded.
    The scheme is ``request.scheme``, the host the raw ``Host`` header once Django's
    ``ALLOWED_HOSTS`` accepts it (``USE_X_FORWARDED_HOST`` is not read: name the
    proxies instead); then the trusted proxies are applied (``proxies``, else the
    ``URIKIT_TRUSTED_PROXIES`` setting), and a forwarded host must be in
    ``ALLOWED_HOSTS`` too.

    Args:
        request: the current request.
        proxies: the proxies to trust, instead of the setting.

    Returns:
        The absolute URI, a :class:`~urikit.FrozenURI` (a template cannot edit it).

    Raises:
        django.core.exceptions.DisallowedHost: the host is not in ``ALLOWED_HOSTS``
            (Django answers 400).
        TypeError: ``proxies`` or the setting is not a TrustedProxies.

    .. versionadded:: 0.4
    """
    target = _raw_target(request)
    if target is None:
        # request.path is all Django keeps (it overwrites META["PATH_INFO"]): a
        # byte that is not UTF-8 is "%XX" text there, read as a "%" like Django's
        # get_full_path() reads it
        target = encode(request.path, "path")
        query = _wire(request, str(request.META.get("QUERY_STRING", "")))
        if query:
            target += "?" + query
    return _public(request, _server_uri(request, target), proxies)


def root_uri(request: HttpRequest, *, proxies: TrustedProxies | None = None) -> FrozenURI:
    """The application's root: the scheme, host and port of :func:`request_uri`, the
    script prefix (and a trusted proxy's ``X-Forwarded-Prefix``), ending in "/".

    Raises:
        django.core.exceptions.DisallowedHost: as :func:`request_uri`.
        TypeError: as :func:`request_uri`.

    .. versionadded:: 0.4
    """
    prefix = encode(_script_name(request), "path") + "/"
    return _public(request, _server_uri(request, prefix), proxies)


def find_route(request: HttpRequest, routes: Routes[T], *,
               proxies: TrustedProxies | None = None) -> RouteMatch[T] | None:
    """The route of ``request`` in ``routes``, with its values, or ``None``.

    The table's :meth:`~urikit.Routes.find` reads :func:`request_uri` under
    :func:`root_uri` (the path after the script prefix); build the links of the same
    table with :meth:`~urikit.Routes.link_under` on :func:`root_uri`. Where the
    server gives no raw target (the test client, runserver, ASGI), an encoded "/"
    comes back as "/" (see :func:`request_uri`), and a route reads it as a separator.

    Raises:
        django.core.exceptions.DisallowedHost: as :func:`request_uri`.
        TypeError: as :func:`request_uri`.

    .. versionadded:: 0.5
    """
    return routes.find(request_uri(request, proxies=proxies),
                       root=root_uri(request, proxies=proxies))


def prefix_middleware(get_response: _Handler) -> _Handler:
    """A middleware that makes the script prefix of each request the path of its
    :func:`root_uri`: the server's ``SCRIPT_NAME`` (or ``FORCE_SCRIPT_NAME``) and a
    trusted proxy's ``X-Forwarded-Prefix``, so Django's own ``reverse`` and
    ``{% url %}``, and urikit's :func:`reverse` without a request, include the
    prefix the client sees, as Flask's and Starlette's ``url_for`` do. Django keeps
    the prefix per thread (and per task under ASGI); it is put back after the
    response. Add ``"urikit.django.prefix_middleware"`` to ``MIDDLEWARE`` (early:
    before any middleware that reverses a URL).

    .. versionadded:: 0.6
    """

    def prefixed(request: HttpRequest) -> Any:
        before = get_script_prefix()
        set_script_prefix(unquote(str(root_uri(request).path)))
        try:
            return get_response(request)
        finally:
            set_script_prefix(before)

    async def prefixed_async(request: HttpRequest) -> Any:
        before = get_script_prefix()
        set_script_prefix(unquote(str(root_uri(request).path)))
        try:
            return await get_response(request)
        finally:
            set_script_prefix(before)

    return prefixed_async if iscoroutinefunction(get_response) else prefixed  # pyright: ignore[reportDeprecated] (asgiref's: Django marks with it)


prefix_middleware.sync_capable = True  # type: ignore[attr-defined]
prefix_middleware.async_capable = True  # type: ignore[attr-defined]


#: what ``reverse`` takes as ``query``: a ``QueryDict`` (every value of a repeated
#: key), a mapping (a list or tuple value repeats its key) or (key, value) pairs
QueryInput: TypeAlias = (
    "MultiValueDict[str, Any] | Mapping[str, Values] | Iterable[tuple[str, Values]]")


def reverse(viewname: str | Callable[..., Any], urlconf: str | Any | None = None,
            args: Sequence[object] | None = None, kwargs: Mapping[str, object] | None = None,
            current_app: str | None = None, *, query: QueryInput | None = None,
            fragment: str | None = None, request: HttpRequest | None = None) -> FrozenURI:
    """Django's :func:`~django.urls.reverse` (Django 5.2's arguments) as a URI.

    Django does the reversing, with the real values: each goes through its route's
    converter (``to_url``) and must match its pattern, so a value the route would
    not resolve is ``NoReverseMatch`` as in Django (``"a/b"`` for ``<str:name>``,
    ``"a b"`` for ``(?P<name>\\w+)``), and among routes that share a name the one
    chosen is the one Django chooses (the last defined that takes the values). A
    ``<path:...>`` value is a path: ``"docs/a b.pdf"`` gives ``docs/a%20b.pdf``. The
    result is Django's text, read strictly; a value never becomes a dot segment (a
    "." or ".." between slashes, which resolution would remove or climb:
    :class:`urikit.BuildError`), and a path that would start with "//" starts with
    ``/%2F``, as Django writes it.

    ``query`` keeps every value of a repeated key: a ``QueryDict``
    (``request.GET``), a mapping whose list or tuple values repeat their key, or
    (key, value) pairs; ``None`` is the key alone; each is plain text, encoded as
    :func:`urikit.encode_query` encodes it (a space is ``%20``, where Django writes
    "+"). ``fragment`` is plain text too. The script prefix is Django's
    (:func:`~django.urls.get_script_prefix`): with :func:`prefix_middleware` it
    holds a trusted proxy's ``X-Forwarded-Prefix``. With ``request``, the result
    is absolute on :func:`root_uri`.

    Raises:
        django.urls.NoReverseMatch: no route takes the values.
        urikit.BuildError: a value would be a dot segment.
        TypeError: a query, a query key or value, or a fragment of the wrong type.
        ValueError: both ``args`` and ``kwargs`` (Django's refusal).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       Django's own arguments and reversing: the values are checked by the route's
       converters and pattern, a ``path`` value is a path (a "/" in a ``str`` value
       is ``NoReverseMatch``, as in Django, where it was encoded as ``%2F``);
       ``urlconf``, ``args``, ``kwargs`` and ``current_app`` may be positional;
       ``query`` takes a ``QueryDict`` and pairs, keeping repeated keys; ``fragment``.
    """
    text = django_reverse(viewname, urlconf=urlconf, args=list(args or ()),
                          kwargs=dict(kwargs or {}), current_app=current_app)
    uri = FrozenURI.parse(text)
    for segment in uri.path:
        if segment in {".", ".."}:
            raise dot_segment_error(segment)
    wire_query = encode_query(_query_pairs(query)) if query is not None else None
    if wire_query is not None:
        uri = uri.set(query=wire_query)
    if fragment is not None:
        uri = uri.set_text(fragment=fragment)
    if request is None:
        return uri
    # Django's path starts with its script prefix ("/" or "/app/"): the root's instead
    under = str(uri.path).split("/")[get_script_prefix().count("/"):]
    root = root_uri(request)
    return root.set(path=str(root.path) + "/".join(under), query=uri.query,
                    fragment=uri.fragment)


#: Django's reverse, evaluated when first read as text (for settings, class
#: attributes and ``urlpatterns``): :func:`reverse`'s arguments.
reverse_lazy: Callable[..., FrozenURI] = lazy(reverse, FrozenURI)


def _query_pairs(query: QueryInput) -> Iterable[tuple[str, Values]]:
    """The (key, value) pairs of ``query``: a ``QueryDict``'s every value of a key,
    else the mapping's items or the pairs as they are."""
    if isinstance(query, MultiValueDict):
        lists = cast("MultiValueDict[str, Any]", query).lists()
        return [(key, cast("Values", values)) for key, values in lists]
    if isinstance(query, Mapping):
        return cast("Mapping[str, Values]", query).items()
    return query


def redirect(request: HttpRequest, target: URI | FrozenURI | str | None, *,
             fallback: URI | FrozenURI | str | None = None, allowed_hosts: Iterable[str] = (),
             require_https: bool = False, permanent: bool = False
             ) -> HttpResponseRedirect | HttpResponsePermanentRedirect:
    """A redirect to ``target`` (a user's ``next``) when it is safe, else to
    ``fallback``.

    ``target`` is checked by :func:`urikit.safe_redirect` against
    :func:`request_uri` (same origin, none of the browser tricks), with its
    ``allowed_hosts`` (other hosts, or domains as ``ALLOWED_HOSTS`` writes them:
    ``.example.com``) and ``require_https``. ``fallback`` is the application's own
    address, resolved against its :func:`root_uri` (an app mounted at ``/app`` with a
    fallback ``"account"`` goes to ``/app/account``), not checked; by default the root
    itself (``/app/``), as Flask's and Starlette's adapters go.

    Returns:
        An ``HttpResponseRedirect`` (302), or ``HttpResponsePermanentRedirect`` (301)
        with ``permanent``.

    Raises:
        ValueError: an ``allowed_hosts`` entry is no host, or a domain entry is over
            a public suffix (see :func:`urikit.safe_redirect`).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The fallback is the application's root by default (it was "/"), and is
       resolved against the root (it was resolved against the request).
    """
    here = request_uri(request)
    text = None if target is None else str(target)
    chosen = safe_redirect(text, here, allowed_hosts=allowed_hosts,
                           require_https=require_https)
    if chosen is not None:
        location = str(chosen)
    else:
        root = root_uri(request)
        location = str(root if fallback is None else root.resolve(str(fallback)))
    if permanent:
        return HttpResponsePermanentRedirect(location)
    return HttpResponseRedirect(location)


class JSONEncoder(DjangoJSONEncoder):
    """Django's JSON encoder (dates, decimals, UUIDs, lazy text) that writes a
    :class:`~urikit.URI` or :class:`~urikit.FrozenURI` as its text:
    ``JsonResponse(data, encoder=urikit.django.JSONEncoder)``. Django's own
    ``DjangoJSONEncoder`` refuses a URI (``TypeError``), as ``json`` does.

    .. versionadded:: 0.6
    """

    def default(self, o: Any) -> Any:
        """A URI's text; anything else as Django's encoder writes it."""
        if isinstance(o, URI | FrozenURI):
            return str(o)
        return super().default(o)


def context_processor(request: HttpRequest) -> dict[str, FrozenURI]:
    """A template context processor: ``here`` (:func:`request_uri`) and ``root``
    (:func:`root_uri`), both frozen, for ``"urikit.django.context_processor"`` in
    ``TEMPLATES[...]["OPTIONS"]["context_processors"]``.

    .. versionadded:: 0.4
    """
    return {"here": request_uri(request), "root": root_uri(request)}

