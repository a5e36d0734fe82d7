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

from .._core.percent import unquote
from .._model.query import Values, encode_query
from .._model.uri import URI, FrozenURI, as_frozen
from .._web.proxy import TrustedProxies
from .._web.request import (
    PublicSite,
    ServerRequest,
    app_root,
    path_only,
    redirect_target,
    route_link,
    unquote_wire,
    wire_text,
)
from .._web.request import request_uri as _request_uri

if TYPE_CHECKING:
    from .._match.routes import RouteMatch, Routes

__all__ = ["AbsoluteURLMixin", "JSONEncoder", "context_processor", "find_route",
           "prefix_middleware", "redirect", "request_uri", "reverse", "reverse_lazy",
           "root_uri", "trusted_proxies"]

T = TypeVar("T")
_Handler: TypeAlias = Callable[[HttpRequest], Any]

#: the setting that names the proxies in front of the application
SETTING: Final = "URIKIT_TRUSTED_PROXIES"
#: the setting of the application's :class:`~urikit.PublicSite` (its public root, its
#: proxies): the same links in a view, a template and a job outside any request
SITE_SETTING: Final = "URIKIT_SITE"
_NO_PROXIES: Final = TrustedProxies()
_PLACEHOLDER: Final = "http://localhost"


def trusted_proxies(proxies: TrustedProxies | None = None) -> TrustedProxies:
    """``proxies``, or the ``URIKIT_SITE`` setting's proxies, or the
    ``URIKIT_TRUSTED_PROXIES`` setting, or none trusted.

    Raises:
        TypeError: the argument or a setting is not of its type, or both settings
            are set.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The ``URIKIT_SITE`` setting's proxies.
    """
    if proxies is None and getattr(conf.settings, SITE_SETTING, None) is not None:
        return _site(None).proxies
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


def _script_name(request: HttpRequest) -> str:
    """The script prefix Django uses (``FORCE_SCRIPT_NAME`` or the server's
    ``SCRIPT_NAME``), decoded, without a trailing "/"."""
    return request.path.removesuffix(request.path_info).rstrip("/")


def _site(proxies: TrustedProxies | None) -> PublicSite:
    """The site: ``proxies`` alone, else the ``URIKIT_SITE`` setting, else the
    ``URIKIT_TRUSTED_PROXIES`` setting's proxies (none trusted by default)."""
    if proxies is not None:
        return PublicSite(proxies=trusted_proxies(proxies))
    configured = cast("object", getattr(conf.settings, SITE_SETTING, None))
    if configured is None:
        return PublicSite(proxies=trusted_proxies())
    if not isinstance(configured, PublicSite):
        raise TypeError(f"{SITE_SETTING} must be a urikit.PublicSite, "
                        f"not {type(configured).__name__}")
    if getattr(conf.settings, SETTING, None) is not None:
        raise TypeError(f"set {SITE_SETTING} (its proxies) or {SETTING}, not both")
    return configured


def _server_request(request: HttpRequest) -> ServerRequest:
    """What the server handed over of ``request``, mapped onto urikit's reading, once
    Django's ``ALLOWED_HOSTS`` accepts its ``Host`` header.

    The raw path is the server's ``RAW_URI`` (gunicorn) or ``REQUEST_URI`` (uWSGI,
    mod_wsgi), believed when Django decodes it to the path it routes (a server that
    rewrote the target names another path); Django writes a byte that is not UTF-8
    as the text "%XX", so the decoded path handed over is the raw path's own."""
    request.get_host()  # Django's check: DisallowedHost (a 400) for a host not allowed
    meta = request.META
    host = meta.get("HTTP_HOST")
    if not isinstance(host, str) or not host:
        host = str(meta.get("SERVER_NAME", ""))
        port = str(meta.get("SERVER_PORT", ""))
        if port and port != ("443" if request.is_secure() else "80"):
            host = f"{host}:{port}"
    script = _script_name(request)
    path = request.path
    raw: bytes | None = None
    query_string = meta.get("QUERY_STRING")
    query = _octets(request, query_string) if isinstance(query_string, str) else b""
    query_defined = bool(query)
    target = meta.get("RAW_URI") or meta.get("REQUEST_URI")
    if isinstance(target, str) and target:
        sent = _octets(request, target)
        if not sent.startswith(b"/"):  # absolute-form (RFC 9112 §3.2.2): http://host/path
            after = sent.partition(b"://")[2]
            slash = after.find(b"/")
            sent = after[slash:] if slash >= 0 else b"/"
        sent_path, mark, _ = sent.partition(b"?")
        plain = unquote_wire(wire_text(sent_path))
        # the path as Django decodes PATH_INFO: a byte that is not UTF-8 as "%XX" text
        routed = repercent_broken_unicode(plain).decode()
        decoded = plain.decode("utf-8", "surrogateescape")
        if routed == request.path:
            raw, path = sent_path, decoded
        elif routed == request.path_info:  # FORCE_SCRIPT_NAME's prefix: not in the target
            raw, path = sent_path, script + decoded
        query_defined = query_defined or (raw is not None and bool(mark))
    return ServerRequest(scheme=request.scheme or "http", host=host, script_root=script, path=path,
                         raw_path=raw, query=query if query_defined else None,
                         headers=tuple(request.headers.items()))


def _allowed(public: FrozenURI, current: ServerRequest, site: PublicSite) -> FrozenURI:
    """``public``, once a host the trusted proxies forwarded is in ``ALLOWED_HOSTS``,
    as Django checks the ``Host`` header (a site's root is the application's own)."""
    if site.root is not None:
        return public
    server = FrozenURI.parse_lenient(f"{current.scheme}://{current.host}/")
    if public.host != server.host or public.port != server.port:
        allowed = list(conf.settings.ALLOWED_HOSTS)
        if conf.settings.DEBUG and not allowed:
            allowed = [".localhost", "127.0.0.1", "[::1]"]
        domain, _ = split_domain_port(public.authority or "")
        if not domain or not validate_host(domain, allowed):
            raise DisallowedHost(f"forwarded host {public.host!r} is not in ALLOWED_HOSTS")
    return public


def request_uri(request: HttpRequest, *, proxies: TrustedProxies | None = None) -> FrozenURI:
    """The current request's URI, exactly as the client sent it.

    The path is the server's raw request target where it hands one
    (``RAW_URI`` or ``REQUEST_URI`` in ``request.META``: gunicorn, uWSGI, mod_wsgi),
    so ``%2F`` stays distinct from "/"; elsewhere (Django's test client, runserver,
    an ASGI server) the path is rebuilt from ``request.path`` (the script prefix and
    ``PATH_INFO``, which the server has already decoded: a ``%2F`` comes back as
    "/"); the query is ``QUERY_STRING`` as sent. The text is read leniently
    (:meth:`urikit.FrozenURI.parse_lenient`): ``[]`` and ``|`` come percent-encoded.
    The scheme is ``request.scheme``, the host the raw ``Host`` header once Django's
    ``ALLOWED_HOSTS`` accepts it (``USE_X_FORWARDED_HOST`` is not read: name the
    proxies instead). Then the site: the ``URIKIT_SITE`` setting's public root (a
    :class:`~urikit.PublicSite`), or the trusted proxies (``proxies``, else the
    site's, else the ``URIKIT_TRUSTED_PROXIES`` setting), and a forwarded host must
    be in ``ALLOWED_HOSTS`` too.

    Args:
        request: the current request.
        proxies: the proxies to trust, instead of the settings.

    Returns:
        The absolute URI, a :class:`~urikit.FrozenURI` (a template cannot edit it).

    Raises:
        django.core.exceptions.DisallowedHost: the host is not in ``ALLOWED_HOSTS``
            (Django answers 400).
        TypeError: ``proxies`` or a setting is not of its type, or both settings are set.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The ``URIKIT_SITE`` setting is read.
    """
    site = _site(proxies)
    current = _server_request(request)
    return _allowed(_request_uri(current, site), current, site)


def root_uri(request: HttpRequest | None = None, *,
             proxies: TrustedProxies | None = None) -> FrozenURI:
    """The application's root, ending in "/": the ``URIKIT_SITE`` setting's root, or
    the scheme, host and port of :func:`request_uri` with the script prefix (and a
    trusted proxy's ``X-Forwarded-Prefix``).

    Args:
        request: the current request; ``None`` outside one (a management command,
            a task), where the site's root is the answer.
        proxies: the proxies to trust, instead of the settings.

    Raises:
        django.core.exceptions.DisallowedHost: as :func:`request_uri`.
        TypeError: as :func:`request_uri`.
        RuntimeError: no request, and ``URIKIT_SITE`` has no root.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The ``URIKIT_SITE`` setting is read; ``request`` may be ``None``.
    """
    site = _site(proxies)
    if request is None:
        return app_root(None, site)
    current = _server_request(request)
    return _allowed(app_root(current, site), current, site)


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
            fragment: str | None = None, request: HttpRequest | None = None,
            absolute: bool = False) -> FrozenURI:
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
    ``/%2F``, as Django writes it; under a script prefix, a value that would put
    "//" right after it is :class:`urikit.BuildError` (as in the Flask and Starlette
    adapters: without its root, the link would name a host).

    ``query`` keeps every value of a repeated key: a ``QueryDict``
    (``request.GET``), a mapping whose list or tuple values repeat their key, or
    (key, value) pairs; ``None`` is the key alone; each is plain text, encoded as
    :func:`urikit.encode_query` encodes it (a space is ``%20``, where Django writes
    "+"). ``fragment`` is plain text too. The script prefix is Django's
    (:func:`~django.urls.get_script_prefix`): with :func:`prefix_middleware` it
    holds a trusted proxy's ``X-Forwarded-Prefix``. With ``request``, or with
    ``absolute``, the result is absolute on :func:`root_uri`. With the
    ``URIKIT_SITE`` setting (a :class:`~urikit.PublicSite` with a root), the link is
    under the site's root in a view, a template and outside any request (a
    management command, an e-mail job) alike.

    Raises:
        django.urls.NoReverseMatch: no route takes the values.
        urikit.BuildError: a value would be a dot segment.
        TypeError: a route value is a list or tuple (Django would write its ``str()``),
            or a query, a query key or value, or a fragment of the wrong type.
        ValueError: both ``args`` and ``kwargs`` (Django's refusal).
        RuntimeError: ``absolute`` outside a request, and ``URIKIT_SITE`` has no root.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       Django's own arguments and reversing: the values are checked by the route's
       converters and pattern, a ``path`` value is a path (a "/" in a ``str`` value
       is ``NoReverseMatch``, as in Django, where it was encoded as ``%2F``);
       ``urlconf``, ``args``, ``kwargs`` and ``current_app`` may be positional;
       ``query`` takes a ``QueryDict`` and pairs, keeping repeated keys; ``fragment``;
       ``absolute``; the ``URIKIT_SITE`` setting's root; a list or tuple value is
       refused.
    """
    for value in [*(args or ()), *(kwargs or {}).values()]:
        if isinstance(value, list | tuple):  # Django would write its str(): "('a', 'b')"
            raise TypeError("a route value is one value, not a list or tuple: Django's "
                            "reverse writes its str()")
    text = django_reverse(viewname, urlconf=urlconf, args=list(args or ()),
                          kwargs=dict(kwargs or {}), current_app=current_app)
    # Django's text starts with its script prefix ("/" or "/app/", quoted): the
    # app's root takes its place, the site's where there is one
    parts = text.split("/")
    slashes = get_script_prefix().count("/")
    site = _site(None)
    if request is not None or site.root is not None or absolute:
        root = root_uri(request)
    else:  # Django's own prefix, on no origin (only the path is given)
        root = FrozenURI.parse_lenient(_PLACEHOLDER + "/".join(parts[:slashes]) + "/")
    name = viewname if isinstance(viewname, str) else getattr(viewname, "__name__", "view")
    link = route_link(root, "/" + "/".join(parts[slashes:]), name)
    if query is not None:
        link = link.set(query=encode_query(_query_pairs(query)))
    if fragment is not None:
        link = link.set_text(fragment=fragment)
    return link if request is not None or absolute else path_only(link)


#: What Django's ``lazy`` gives ``reverse_lazy``'s proxy: FrozenURI's methods, but for
#: the deprecated ``get_absolute_url`` (until 0.8 removes it), which Django's
#: ``resolve_url`` asks for before it reads a lazy object as text: without it
#: ``redirect(reverse_lazy(...))`` and ``LOGIN_URL = reverse_lazy(...)`` give the text
#: and warn about nothing, as they will once the method is gone.
#: (Django reads only the names of the classes' members; ``type()`` itself reads those
#: of the namespace and the slots, which Django's proxy has of its own.)
_LAZY_RESULT: Final[type] = type("FrozenURI", (), {
    name: None for klass in FrozenURI.__mro__ for name in vars(klass)
    if name not in {"get_absolute_url", "__slots__", "__dict__", "__weakref__",
                    "__module__", "__qualname__"}})

#: Django's reverse, evaluated when first read as text (for settings, class
#: attributes and ``urlpatterns``): :func:`reverse`'s arguments.
reverse_lazy: Callable[..., FrozenURI] = lazy(reverse, _LAZY_RESULT)


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
        TypeError: ``target`` or ``fallback`` is not a ``str`` or a URI.
        ValueError: an ``allowed_hosts`` entry is no host, or a domain entry is over
            a public suffix (see :func:`urikit.safe_redirect`).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       The fallback is the application's root by default (it was "/"), and is
       resolved against the root (it was resolved against the request).
    """
    location = str(redirect_target(target, request_uri(request), root_uri(request),
                                   fallback, allowed_hosts, require_https))
    if permanent:
        return HttpResponsePermanentRedirect(location)
    return HttpResponseRedirect(location)


class AbsoluteURLMixin:
    """Django's ``get_absolute_url()`` for a model whose link is a URI: the model
    defines :meth:`get_absolute_uri`, and the mixin gives Django its text.

    Django asks a model for ``get_absolute_url()`` in ``django.shortcuts.redirect``
    (``resolve_url``), in the admin's "View on site" (the ``contenttypes`` shortcut
    view, which puts the site's domain before a path), in the sitemaps framework
    (``Sitemap.location``, before which it writes the protocol and the domain: give a
    path there) and in syndication feeds (``Feed.item_link``), and templates call it
    (``{{ article.get_absolute_url }}``). Django wants ASCII text, percent-encoded as
    RFC 3986 says; a URI's text always is::

        class Article(urikit.django.AbsoluteURLMixin, models.Model):
            slug = models.SlugField()

            def get_absolute_uri(self) -> urikit.FrozenURI:
                return urikit.django.reverse("article", kwargs={"slug": self.slug})

    ``reverse`` gives the path under the script prefix (``/blog/caf%C3%A9``), so the
    link works in all of Django's places above.

    .. versionadded:: 0.7
       Django's hook lives here; ``URI.get_absolute_url()``, which let
       ``django.shortcuts.redirect(uri)`` take a URI, is deprecated (write
       ``redirect(str(uri))``, or :func:`redirect` for a user's ``next``).
    """

    def get_absolute_uri(self) -> URI | FrozenURI | str:
        """The object's link: a URI (``str`` is read with ``URI.parse``). Define it.

        Raises:
            NotImplementedError: the model does not define it.
        """
        raise NotImplementedError(f"{type(self).__name__} must define get_absolute_uri() "
                                  "for urikit.django.AbsoluteURLMixin")

    def get_absolute_url(self) -> str:
        """The text of :meth:`get_absolute_uri`, as Django's protocol asks for it.

        Raises:
            TypeError: :meth:`get_absolute_uri` gave no URI, FrozenURI or ``str``.
            URIError: it gave text that is no URI-reference.
        """
        return str(as_frozen(self.get_absolute_uri(), "get_absolute_uri()"))


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

