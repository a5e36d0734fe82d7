"""One reading of a web request, framework-free: its URI, the app's root, route values, redirects.

Werkzeug reads a request once (``werkzeug/sansio``) and its WSGI layer only maps an
environ onto that reading; here :class:`ServerRequest` is what any server hands over
(scheme, host, script root, the raw and the decoded path, the query bytes, the
headers), and the functions below are the one home of each step the framework adapters
take: the request's URI (:func:`request_uri`), the app's root (:func:`app_root`),
through the trusted proxies or the site's public root (:class:`PublicSite`), a route
value as wire text (:func:`route_value`), the link of a route from the framework's
router (:func:`route_link`) and a redirect's target or its fallback
(:func:`redirect_target`). ``urikit.flask``, ``urikit.starlette`` and ``urikit.django``
map their request onto :class:`ServerRequest` and their router's output onto
:func:`route_link`, nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final, cast

import attrs

from .._core.errors import BuildError, Rule, URIError
from .._core.grammar import PCHAR
from .._core.percent import encode, encode_octets, unquote_with_lone_percents
from .._model.path import check_dots, dot_segment_error, encode_segment
from .._model.uri import URI, FrozenURI, as_frozen
from .._whatwg.browser import plain_dot_segments
from .proxy import TrustedProxies
from .redirect import safe_redirect

_NO_PROXIES: Final = TrustedProxies()
# a whole segment "." or "..", in a path whose "%2e" are plain dots
_DOT_SEGMENT: Final = re.compile(r"/(\.\.?)(?=/|\Z)")

# every printable ASCII character as the client sent it; the lenient reader encodes
# what RFC 3986 does not allow ("[", "|", ...), and "%XX" triplets stay as written.
# But "#" (a client never sends a fragment) and "\" (a browser's "/") are data in a
# request target that a reader would take for syntax: they are encoded.
_PRINTABLE: Final = frozenset(map(chr, range(0x21, 0x7F))) - {"#", "\\"}


def wire_text(raw: bytes) -> str:
    """The text of raw request bytes: printable ASCII kept but "#" and "\\", every
    other octet (a space, a control, a byte of UTF-8 or of another encoding) as
    ``%XX``, so no byte is decoded, lost, or read as syntax."""
    return encode_octets(raw, _PRINTABLE)


def unquote_wire(wire: str) -> bytes:
    """The octets of wire text (:func:`wire_text`'s: ASCII, no backslash), each
    ``%XX`` decoded once and a lone "%" kept, as a server decodes a path
    (:func:`urllib.parse.unquote_to_bytes`, in C passes)."""
    return unquote_with_lone_percents(wire)


def raw_path(raw: bytes | None, decoded: str, prefix: str) -> tuple[str, str]:
    """The request's path as the client sent it, split into the script prefix and the
    rest, both wire text.

    ``raw`` is what the server kept of the request target's path (``None`` when it
    kept nothing), ``decoded`` the path the server decoded (prefix included) and
    ``prefix`` the script prefix (``SCRIPT_NAME``, ``root_path``, without a trailing
    "/"). The raw path is used when it decodes to ``decoded``, or to ``decoded``
    without the prefix (a proxy or server that took the prefix off: it is put back,
    encoded); otherwise, and without a raw path, the decoded path is encoded again
    segment by segment, which cannot tell an encoded "/" (``%2F``) from a separator.
    """
    if not decoded.startswith(prefix):
        prefix = ""
    if raw is not None and raw.startswith(b"/"):
        wire = wire_text(raw)
        if _decodes_to(wire, decoded):
            head = "/".join(wire.split("/")[:prefix.count("/") + 1]) if prefix else ""
            if _decodes_to(head, prefix):
                return head, wire[len(head):]
        elif prefix and _decodes_to(wire, decoded[len(prefix):]):
            return encode_path(prefix), wire
    return encode_path(prefix), encode_path(decoded[len(prefix):])


def _decodes_to(wire: str, decoded: str) -> bool:
    """Whether ``wire`` percent-decodes to ``decoded``: its bytes (WSGI keeps bytes that
    are not UTF-8) or its text with U+FFFD for them (ASGI servers, Werkzeug's client)."""
    sent = unquote_wire(wire)
    return (sent == decoded.encode("utf-8", "surrogateescape")
            or sent.decode("utf-8", "replace") == decoded)


def encode_path(decoded: str) -> str:
    """A decoded path encoded again, its "/" read as separators."""
    return "/".join(encode_octets(segment.encode("utf-8", "surrogateescape"), PCHAR)
                    for segment in decoded.split("/"))


def _root_of(value: FrozenURI | URI | str | None) -> FrozenURI | None:
    """A site's root: ``None``, or an absolute URI whose path ends in "/"."""
    if value is None:
        return None
    root = as_frozen(cast("object", value), "root")
    if root.scheme is None or root.host is None:
        raise ValueError(f"a site's root is an absolute URI with a host, not {str(root)!r}")
    if root.query is not None or root.fragment is not None:
        raise ValueError("a site's root has no query or fragment")
    if not str(root).endswith("/"):
        root = root.add_segments("")
    return root


def _proxies_of(value: TrustedProxies) -> TrustedProxies:
    given = cast("object", value)  # checked: callers without a type checker pass anything
    if not isinstance(given, TrustedProxies):
        raise TypeError(f"proxies must be a urikit.TrustedProxies, not {type(given).__name__}")
    return given


@attrs.frozen(slots=False)  # no slots: a slot has no docstring
class PublicSite:
    """Where an application is published: its public root and the proxies in front of
    it, one value for every link it writes, in a view, a template or a job outside
    any request (an e-mail, a task).

    Attributes:
        root: the public root (scheme, host, port, mount prefix), ``None`` to take the
            request's own, through ``proxies``. With a root, every link is on it, the
            request's ``Host`` header is not read, and links can be built outside a
            request. Text is read strictly; a root ends in "/" (one is added).
        proxies: the proxies in front of the application, read when there is no
            ``root`` (:class:`~urikit.TrustedProxies`; none trusted by default).

    >>> site = PublicSite("https://shop.example/app")
    >>> str(site.root)
    'https://shop.example/app/'

    Raises:
        TypeError: ``root`` is not a URI or text, ``proxies`` not TrustedProxies.
        ValueError: ``root`` is not an absolute URI with a host, or has a query or a
            fragment.

    .. versionadded:: 0.6
    """

    root: FrozenURI | None = attrs.field(default=None, converter=_root_of)
    proxies: TrustedProxies = attrs.field(default=_NO_PROXIES, converter=_proxies_of)


@attrs.frozen
class ServerRequest:
    """What a server hands over of one request, before any reading.

    Attributes:
        scheme: the scheme the server was reached with (``http``, ``https``).
        host: the ``Host`` header as sent (or the server's name and port).
        script_root: the decoded mount prefix (``SCRIPT_NAME``, ``root_path``, Django's
            script prefix), without a trailing "/".
        path: the decoded path, the prefix included.
        raw_path: the path of the request target as the client sent it, where the
            server kept it (``REQUEST_URI``, ``RAW_URI``, ASGI's ``raw_path``).
        query: the query's bytes as sent; ``None`` when there is none.
        headers: the request's header fields, (name, value) pairs.
    """

    scheme: str
    host: str
    script_root: str
    path: str
    raw_path: bytes | None = None
    query: bytes | None = None
    # not in the repr: a request's headers hold its cookies and credentials
    headers: tuple[tuple[str, str], ...] = attrs.field(default=(), repr=False)


def server_uris(request: ServerRequest) -> tuple[FrozenURI, FrozenURI]:
    """The request's URI and the app's root as the server received them, before any
    proxy header: the path as the client sent it where the server kept it (an
    encoded "/" stays ``%2F``), the query's bytes, read leniently.

    Raises:
        URIError: the ``Host`` header is not a valid host.
    """
    prefix, rest = raw_path(request.raw_path, request.path, request.script_root)
    origin = f"{request.scheme}://{request.host}"
    text = origin + ((prefix + rest) or "/")
    if request.query is not None:
        text += "?" + wire_text(request.query)
    return FrozenURI.parse_lenient(text), FrozenURI.parse_lenient(f"{origin}{prefix}/")


def _public(uri: FrozenURI, root: FrozenURI, request: ServerRequest,
            site: PublicSite) -> FrozenURI:
    """``uri``, under the server's ``root``, as the public sees it: on the site's
    root, or through its trusted proxies."""
    if site.root is None:
        return site.proxies.public_uri(uri, list(request.headers))
    rest = "/".join(uri.path[len(root.path) - 1:])  # the path after the root's "/"
    public = site.root.add_path(rest) if rest else site.root
    return public.set(query=uri.query)


def request_uri(request: ServerRequest, site: PublicSite) -> FrozenURI:
    """The request's URI as the client sent it, as the public sees it.

    Raises:
        URIError: the ``Host`` header is not a valid host.
    """
    here, root = server_uris(request)
    return _public(here, root, request, site)


def app_root(request: ServerRequest | None, site: PublicSite) -> FrozenURI:
    """The app's public root, ending in "/": the site's root, or the request's root
    through the trusted proxies.

    Raises:
        RuntimeError: no request, and the site has no root.
        URIError: the ``Host`` header is not a valid host.
    """
    if site.root is not None:
        return site.root
    if request is None:
        raise RuntimeError("a link outside a request needs the site's public root "
                           "(urikit.PublicSite(root=...))")
    root = server_uris(request)[1]
    return _public(root, root, request, site)


def route_value(value: str | Sequence[str], path: bool) -> str:
    """A route's value as wire text: plain data, never syntax.

    A value of a variable that holds one segment is one segment ("/" encoded as
    ``%2F``); a value of a path variable (``path=True``) is a path, split at "/", each
    piece encoded; a list or tuple is that many segments. No segment is "." or ".."
    (:attr:`~urikit.Rule.DOT_SEGMENT_FROM_TEXT`, as
    :meth:`~urikit.URI.add_segments_text` refuses it).

    Raises:
        BuildError: a segment would be "." or "..".
        TypeError: a segment is not a ``str``.
    """
    if isinstance(value, str):
        if not path:
            return encode_segment(value)
        return encode(check_dots(value), "path")
    return "/".join(encode_segment(segment) for segment in value)


def route_link(root: FrozenURI, built: str, route: str) -> FrozenURI:
    """The link of a route under the app's ``root``: ``built``, the path the
    framework's router wrote after the root ("/" and more), read leniently (what a
    router leaves unencoded, a space or a "{", is encoded; nothing is decoded).

    Raises:
        BuildError: the path would start with "//", an empty authority
            (:attr:`~urikit.Rule.AUTHORITY_FROM_VALUE`), or hold a dot segment
            (``.``, ``..``, ``%2e%2e``: :attr:`~urikit.Rule.DOT_SEGMENT_FROM_TEXT`), which
            a browser removes.
    """
    if built.startswith("//"):
        raise BuildError(Rule.AUTHORITY_FROM_VALUE,
                         f"the link of route {route!r} would start with '//'")
    path = built.partition("?")[0]
    # a browser removes "." and ".." (and "%2e%2e"...) as it reads the link
    dot = _DOT_SEGMENT.search("/" + plain_dot_segments(path))
    if dot is not None:
        raise dot_segment_error(dot.group(1))
    base = "/".join(root.path).rstrip("/")
    return _read(f"{root.scheme}://{root.authority}{base}{built}")


def _read(text: str) -> FrozenURI:
    """``text`` as a URI: read strictly where it is one already (what urikit encoded
    is), else leniently; with no dot segment in it, both readings agree where both
    accept it."""
    try:
        return FrozenURI.parse(text)
    except URIError:
        return FrozenURI.parse_lenient(text)


def path_only(uri: FrozenURI) -> FrozenURI:
    """``uri`` as a reference from its host's root (scheme and authority left out)."""
    return uri.set(scheme=None, userinfo=None, host=None, port=None)


def redirect_target(target: object, here: FrozenURI, root: FrozenURI,
                    fallback: object, allowed_hosts: Iterable[str],
                    require_https: bool) -> FrozenURI:
    """Where a redirect goes: ``target`` (a user's ``next``) when
    :func:`~urikit.safe_redirect` accepts it from ``here``, else ``fallback`` (the
    app's choice, resolved against ``root``; ``root`` itself by default).

    Raises:
        TypeError: ``target`` or ``fallback`` is not a ``str`` or a URI.
    """
    if target is not None and not isinstance(target, str):
        target = str(as_frozen(target, "target"))
    chosen = safe_redirect(target, here, allowed_hosts=allowed_hosts,
                           require_https=require_https)
    if chosen is not None:
        return chosen.freeze()
    if fallback is None:
        return root
    if not isinstance(fallback, str):
        fallback = str(as_frozen(fallback, "fallback"))
    return root.resolve(fallback)
