"""The Django adapter: the request's URI as the client sent it, reverse and redirect.

Also the trusted proxies' setting, a template library and model, form and REST
framework fields (:mod:`urikit.django.fields`, :mod:`urikit.django.serializers`).

Add ``"urikit.django"`` to ``INSTALLED_APPS`` for the template library
(``{% load urikit %}``) and ``"urikit.django.context_processor"`` to the template
engine's context processors for ``here`` and ``root``. The proxies in front of the
application are named once, in the settings::

    URIKIT_TRUSTED_PROXIES = urikit.TrustedProxies(hops=1)

(default: none, no forwarded header is believed). Importing :mod:`urikit` does not
import this module, nor Django.

.. versionadded:: 0.4
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast
from urllib.parse import unquote_to_bytes

from django import conf  # conf.settings: a lazy object that doctest must not probe
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.http.request import split_domain_port, validate_host
from django.urls import get_script_prefix
from django.urls import reverse as django_reverse
from django.utils.encoding import repercent_broken_unicode

from .._core.errors import URIError
from .._core.percent import encode
from .._model.uri import URI, FrozenURI
from .._web.proxy import TrustedProxies
from .._web.redirect import safe_redirect

if TYPE_CHECKING:
    from .._match.routes import RouteMatch, Routes

__all__ = ["context_processor", "find_route", "redirect", "request_uri", "reverse",
           "root_uri", "trusted_proxies"]

T = TypeVar("T")

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
        text = str(absolute.set(scheme=None, userinfo=None, host=None, port=None,
                                fragment=None)) or "/"
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


def reverse(viewname: str | Any, /, *, args: Sequence[object] = (),
            kwargs: Mapping[str, object] | None = None,
            query: Mapping[str, str | int | Iterable[str | int | None] | None] | None = None,
            urlconf: str | None = None, current_app: str | None = None,
            request: HttpRequest | None = None) -> FrozenURI:
    """Django's :func:`~django.urls.reverse` as a URI, each ``str`` value encoded as
    one path segment: ``reverse("files", kwargs={"name": "a/b c"})`` is
    ``/files/a%2Fb%20c``, where Django writes ``/files/a/b%20c`` (or finds no match,
    as ``<str:name>`` refuses a "/").

    A ``str`` value is handed to Django as a placeholder of letters and digits (so it
    must fit its converter as such: ``str``, ``slug`` and ``path`` do), then replaced
    by its encoding; other values (``int``, ``UUID``) go to Django as they are.
    ``query`` adds parameters in order, a list or tuple as repeated keys
    (``{"tag": ["a", "b"]}`` is ``?tag=a&tag=b``), ``None`` as the key alone.
    With ``request``, the result is absolute on :func:`root_uri`.

    Raises:
        django.urls.NoReverseMatch: no route matches.
        urikit.BuildError: a value is "." or "..", which would be a dot segment.

    .. versionadded:: 0.4
    """
    token = "urikit" + secrets.token_hex(8)
    replacements: dict[str, str] = {}

    def stand_in(value: object) -> object:
        # "" goes as it is: Django refuses an empty value, a placeholder would not
        if not isinstance(value, str) or not value:
            return value
        wire = _segment(value)
        if wire == value:  # nothing to encode: Django writes it as it is
            return value
        key = f"{token}x{len(replacements)}"
        replacements[key] = wire
        return key

    path = django_reverse(viewname, urlconf=urlconf, args=[stand_in(a) for a in args],
                          kwargs={k: stand_in(v) for k, v in (kwargs or {}).items()},
                          current_app=current_app)
    for key, wire in replacements.items():
        path = path.replace(key, wire)
    uri = FrozenURI.parse(path)
    for name, values in (query or {}).items():
        for value in (values if isinstance(values, list | tuple) else (values,)):
            uri = uri.add_param(name, cast("str | int | None", value))
    if request is None:
        return uri
    root = root_uri(request)
    rest = str(uri).removeprefix(get_script_prefix())
    return FrozenURI.parse(str(root) + rest)


def _segment(value: str) -> str:
    """``value`` encoded as one path segment by the URI's own rule
    (:meth:`urikit.FrozenURI.add_segments_text`, which refuses "." and ".." with
    :class:`~urikit.BuildError`: resolution would remove them or climb a level)."""
    return FrozenURI.parse("/").add_segments_text(value).path[-1]


def redirect(request: HttpRequest, target: URI | FrozenURI | str | None, *,
             fallback: URI | FrozenURI | str = "/", allowed_hosts: Iterable[str] = (),
             require_https: bool = False, permanent: bool = False
             ) -> HttpResponseRedirect | HttpResponsePermanentRedirect:
    """A redirect to ``target`` (a user's ``next``) when it is safe, else to
    ``fallback``.

    ``target`` is checked by :func:`urikit.safe_redirect` against
    :func:`request_uri` (same origin, none of the browser tricks), with its
    ``allowed_hosts`` (other hosts a target may name) and ``require_https``.
    ``fallback`` is the application's own address (relative to the
    request), not checked.

    Returns:
        An ``HttpResponseRedirect`` (302), or ``HttpResponsePermanentRedirect`` (301)
        with ``permanent``.

    .. versionadded:: 0.4
    """
    here = request_uri(request)
    text = None if target is None else str(target)
    chosen = safe_redirect(text, here, allowed_hosts=allowed_hosts,
                           require_https=require_https)
    location = str(chosen) if chosen is not None else str(here.resolve(str(fallback)))
    if permanent:
        return HttpResponsePermanentRedirect(location)
    return HttpResponseRedirect(location)


def context_processor(request: HttpRequest) -> dict[str, FrozenURI]:
    """A template context processor: ``here`` (:func:`request_uri`) and ``root``
    (:func:`root_uri`), both frozen, for ``"urikit.django.context_processor"`` in
    ``TEMPLATES[...]["OPTIONS"]["context_processors"]``.

    .. versionadded:: 0.4
    """
    return {"here": request_uri(request), "root": root_uri(request)}

