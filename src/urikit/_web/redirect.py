"""Redirect targets taken from user input (a ``next`` parameter): the open-redirect check."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, cast

from .._core.errors import URIError
from .._core.percent import decode
from .._core.serialize import to_text
from .._interop.lenient import browser_resolve, repaired_text
from .._model.uri import URI, FrozenURI
from .._whatwg.browser import browser_path, scheme_end
from .._whatwg.display import is_ambiguous_ipv4
from .._whatwg.idna import host_to_ascii

# the schemes a target on an allowed host may have, and their default ports
_WEB_PORTS: Final = {"http": 80, "https": 443}

# C0 controls, DEL and the backslash: browsers strip, skip or read them as "/" (WHATWG)
_UNSAFE_DECODED: Final = frozenset(map(chr, range(0x20))) | {"\x7f", "\\"}
_CONTROL_RE: Final = re.compile("[\x00-\x1f\x7f]")


def safe_redirect(target: str | None, base: URI | FrozenURI | str, *,
                  allowed_hosts: Iterable[str] = (), require_https: bool = False) -> URI | None:
    """The absolute URI to redirect to for ``target``, or ``None`` when it is unsafe.

    ``target`` is the text a person or another site controls (a ``next`` or
    ``return_to`` parameter, as the framework decoded it from the query); ``base`` is
    the URL of the current request, whose origin the redirect must keep, as the
    framework gives it: a ``str`` (read with :meth:`URI.parse_lenient`, as
    ``str(request.url)`` often is not RFC 3986: ``?q=a|b``) or a URI. The target is
    read as a browser reads it against that page (:meth:`URI.parse_lenient` with
    ``base``: ``/list?ids[]=1`` and ``/café`` are same-origin targets, returned
    percent-encoded; ``/\\evil.example`` is host ``evil.example``), and accepted only
    when all of these hold:

    * it holds no control character (C0 or DEL: a tab, a line break), which browsers
      strip but a header written from the raw text would split on;
    * it has a scheme only with ``//`` right after it: ``https:evil.example`` and
      ``https:/evil.example`` are relative to a browser on an https page and another
      host on any other, and RFC 3986 reads them without a host;
    * resolved against ``base``, it has the same origin as ``base`` (scheme, host and
      port, normalized): ``//evil``, ``https://evil``, ``javascript:...`` and
      ``data:...`` fail here; or it is an ``https`` (or ``http``) URI whose host is
      one of ``allowed_hosts``;
    * with ``require_https``, its scheme is ``https`` (a relative target on an
      ``http`` page too is refused);
    * it has no userinfo (``https://good@evil``, ``//user@good``), whose only use in
      a redirect is to make a person misread the host;
    * its host, if it names one, is not an ambiguous IPv4 address
      (:func:`~urikit.is_ambiguous_ipv4`);
    * the path it lands on (the returned one, never the target's text) does not start
      with ``//``: the browser's path, after its dot-segment removal (``.%2e`` and
      ``%2e%2e`` are ``..`` to it, ``%2e`` is ``.``) and with ``%2f`` left as the data
      it is (``/.%2e//%2e%2e%2f@evil``, ``/..//evil``, ``/%2e%2e//evil`` all resolve to
      a path ``//...``): the host is still this one, but the path and query alone,
      sent as a relative ``Location`` (as frameworks often send them), would be a
      network-path reference to another host;
    * that path, percent-decoded once more, holds no control character or backslash
      and, its dot segments removed as the browser removes them, still does not start
      with ``//`` (so ``%2fevil``, ``./%2fevil`` and ``/x/../%2fevil`` against
      ``/login``, which land on ``/%2fevil``, and ``/%5Cevil`` and ``/x/%2e%2e%2f/evil``
      are refused: a server or proxy that decodes once more, as a trailing-slash
      redirect does, would send the browser to another host). A path that lands
      under ``/account/`` is a path there however it decodes: ``%2F%2Fevil`` and
      ``javascript%3Aalert(1)`` against ``/account/login`` are the pages
      ``/account/%2F%2Fevil`` and ``/account/javascript%3Aalert(1)``.

    The request URL is read as the browser has read it before it resolves anything
    against it: its dot segments, plain or ``%2e``, are removed (``y`` against
    ``https://shop.example/%2e%2e/x/`` is ``https://shop.example/x/y``), so a base
    the attacker chose (a link to ``https://shop.example/a/..//evil/login?next=?q``)
    hides no ``//`` path, and the returned URI's path holds no dot segment: the
    browser reads it as it is.

    It never raises for a ``str`` or ``None`` target and a ``str`` or URI base: a
    target or base the lenient reader refuses, and a base without a scheme (which
    has no origin to keep), give ``None``.

    Args:
        target: the requested target; ``None`` or ``""`` (no target) gives ``None``.
        base: the absolute URL of the current request: ``str``, ``URI`` or
            ``FrozenURI``.
        allowed_hosts: other hosts a target may name, as Django's
            ``url_has_allowed_host_and_scheme`` takes them: ``"cdn.example"`` (the
            scheme's default port) or ``"cdn.example:8443"``; compared as browsers
            compare hosts (case-insensitive, IDNA: ``bücher.example`` is
            ``xn--bcher-kva.example``). Only ``http`` and ``https`` targets reach them.
        require_https: accept only ``https`` targets.

    Returns:
        The target resolved as the browser resolves it (dot segments removed,
        percent-encoded ones included), as a new absolute :class:`~urikit.URI`, to
        write in the ``Location`` header as ``str(...)``; ``None`` when the target is refused (the
        caller then redirects to a default page).

    Raises:
        TypeError: ``target`` is neither ``str`` nor ``None``, ``base`` is not a
            ``str``, ``URI`` or ``FrozenURI``, or ``allowed_hosts`` is not an
            iterable of ``str``.

    >>> str(safe_redirect("/cart?step=2", "https://shop.example/login"))
    'https://shop.example/cart?step=2'
    >>> str(safe_redirect("/list?ids[]=1", "https://shop.example/login?next=/x&q=a|b"))
    'https://shop.example/list?ids%5B%5D=1'
    >>> tricks = ("//evil.example", "/\\\\evil.example", "https://shop.example@evil.example")
    >>> [safe_redirect(t, "https://shop.example/login") for t in tricks]
    [None, None, None]
    >>> str(safe_redirect("https://cdn.example/app", "https://shop.example/login",
    ...                   allowed_hosts=["cdn.example"]))
    'https://cdn.example/app'

    .. versionadded:: 0.2

    .. versionchanged:: 0.3
       The target and a ``str`` base are read as browsers read them (leniently); only
       ``TypeError`` is raised.

    .. versionchanged:: 0.4
       The target is resolved as browsers resolve it (``%2e`` is a dot segment), and
       the ``//`` check reads that path, never a decoded one; ``allowed_hosts`` and
       ``require_https``.

    .. versionchanged:: 0.6
       The base's dot segments are removed as the browser removes them before the
       target is resolved; the checks for a path decoded once more read the resolved
       path, not the target's text (``%2fevil.example`` against ``/login`` is refused,
       ``javascript%3Aalert(1)`` against ``/account/login`` is the page it lands on).
    """
    allowed = _allowed_origins(allowed_hosts)
    base_uri: URI | FrozenURI | None
    if isinstance(base, str):
        try:
            base_uri = URI.parse_lenient(base)
        except URIError:
            base_uri = None
    elif isinstance(cast("object", base), (URI, FrozenURI)):  # checked at run time
        base_uri = base
    else:
        raise TypeError(f"base must be a str, URI or FrozenURI, not {type(base).__name__}")
    if target is None:
        return None
    if not isinstance(cast("object", target), str):
        raise TypeError(f"target must be a str or None, not {type(target).__name__}")
    if not target or base_uri is None or base_uri.scheme is None or base_uri.host is None:
        return None
    if _CONTROL_RE.search(target):
        return None
    scheme = scheme_end(target)  # where a browser reads a scheme, "//" must follow it
    if scheme is not None and not target.startswith("//", scheme):
        return None
    try:
        ref = URI.parse(repaired_text(target, base_uri.scheme.lower()))
        # resolved as the browser resolves it (its dot segments, "%2e" included)
        resolved = URI.parse(to_text(browser_resolve(base_uri.components, ref.components)))
    except URIError:
        return None
    if resolved.userinfo is not None:  # the target's, or the base's when it has none
        return None
    if not resolved.same_origin(base_uri) and (
            not allowed or _origin_key(resolved) not in allowed):
        return None
    if require_https and resolved.scheme != "https":
        return None
    if resolved.host is not None and is_ambiguous_ipv4(resolved.host):
        return None
    # Sent alone as a relative Location (as frameworks often do), a path that starts
    # with "//" is a network-path reference: "/.%2e//%2e%2e%2f@evil.example" resolves,
    # in the browser, to the path "//%2e%2e%2f@evil.example", host evil.example. The
    # path is the browser's (the base's dot segments removed too), "%2f" kept as data.
    path = str(resolved.path)
    if path.startswith("//"):
        return None
    # The same path decoded once more (a server or proxy that decodes it, as Starlette
    # does before its trailing-slash redirect), then read by the browser: the resolved
    # path, never the target's text ("%2fevil.example" lands on "/%2fevil.example").
    decoded = decode(path, "path")
    if not _UNSAFE_DECODED.isdisjoint(decoded) or browser_path(decoded).startswith("//"):
        return None
    return resolved


def _allowed_origins(hosts: Iterable[str]) -> frozenset[tuple[str, str, int]]:
    """The (scheme, ASCII host, port) origins that ``hosts`` allow: each host, with its
    port or the scheme's default, over ``http`` and ``https``; a host the browser's
    reading refuses allows nothing."""
    given = cast("object", hosts)  # checked: callers without a type checker pass anything
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise TypeError("allowed_hosts must be an iterable of str, not "
                        f"{type(given).__name__}")
    origins: set[tuple[str, str, int]] = set()
    for entry in cast("Iterable[object]", given):
        if not isinstance(entry, str):
            raise TypeError(f"allowed_hosts must hold str, not {type(entry).__name__}")
        try:
            authority = URI.parse_lenient(f"https://{entry}/")
            host = host_to_ascii(authority.host or "")
        except URIError:
            continue
        if not host or authority.userinfo is not None or authority.path != ["", ""]:
            continue
        for scheme, default in _WEB_PORTS.items():
            origins.add((scheme, host, default if authority.port is None else authority.port))
    return frozenset(origins)


def _origin_key(uri: URI) -> tuple[str, str, int] | None:
    """A target's (scheme, ASCII host, port), as :func:`_allowed_origins` writes them;
    ``None`` for a scheme other than ``http`` and ``https``."""
    scheme = (uri.scheme or "").lower()
    default = _WEB_PORTS.get(scheme)
    if default is None or uri.host is None:
        return None
    try:
        host = host_to_ascii(uri.host)
    except URIError:
        return None
    return scheme, host, default if uri.port is None else uri.port
