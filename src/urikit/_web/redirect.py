"""Redirect targets taken from user input (a ``next`` parameter): the open-redirect check."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, cast

from .._core.build import Checked
from .._core.errors import IDNAError, ParseError, URIError
from .._core.host import HostKind, host_kind
from .._core.parse import FLAG_FALSE, FLAG_TRUE, require_bool
from .._core.percent import decode
from .._core.serialize import to_text
from .._interop.lenient import browser_resolve, repaired_text
from .._model.uri import URI, FrozenURI, as_frozen
from .._whatwg.browser import browser_path, scheme_end
from .._whatwg.display import is_ambiguous_ipv4
from .._whatwg.idna import host_to_ascii
from .._whatwg.masking import mask_secrets
from .site import is_public_suffix

# the schemes a target on an allowed host may have, and their default ports
_WEB_PORTS: Final = {"http": 80, "https": 443}

# C0 controls, DEL and the backslash: browsers strip, skip or read them as "/" (WHATWG)
_UNSAFE_DECODED: Final = frozenset(map(chr, range(0x20))) | {"\x7f", "\\"}
_CONTROL_RE: Final = re.compile("[\x00-\x1f\x7f]")


def safe_redirect(target: str | Checked | None, base: URI | FrozenURI | str | Checked, *,
                  allowed_hosts: Iterable[str] = (),
                  require_https: bool | Checked = False) -> URI | None:
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
    has no origin to keep), give ``None``. An ``allowed_hosts`` entry it cannot read
    is an error, never an entry that silently allows nothing.

    Args:
        target: the requested target; ``None`` or ``""`` (no target) gives ``None``.
        base: the absolute URL of the current request: ``str``, ``URI`` or
            ``FrozenURI``.
        allowed_hosts: other hosts a target may name, as Django's
            ``url_has_allowed_host_and_scheme`` takes them: ``"cdn.example"`` (the
            scheme's default port) or ``"cdn.example:8443"``; and domains, as
            Django's ``ALLOWED_HOSTS`` writes them: ``".example.com"`` is
            ``example.com`` and its subdomains, ``"*.example.com"`` its subdomains
            only (any depth: ``a.b.example.com``), compared label by label as
            :meth:`URI.in_domain` compares (``badexample.com`` is not in it), with a
            port too (``".example.com:8443"``). Hosts compare as browsers compare
            them (case-insensitive, IDNA: ``bücher.example`` is
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
        ValueError: an ``allowed_hosts`` entry is no host a browser reads (``"a b"``,
            ``"https://cdn.example"``, ``"cdn.example/app"``, userinfo, a ``*``
            elsewhere than a first ``*.``), or a domain entry is over a public
            suffix, which would allow other owners' sites (``"*.co.uk"``, ``".com"``,
            ``"*.github.io"``, ``"*"``): by the Public Suffix List with the ``psl``
            extra, else only a domain of one label (``".com"``) is refused.

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
    >>> str(safe_redirect("https://eu.api.example/v1", "https://shop.example/login",
    ...                   allowed_hosts=[".api.example"]))
    'https://eu.api.example/v1'

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
       ``allowed_hosts`` takes domains (``".example.com"``, ``"*.example.com"``); an
       entry it cannot read, or a domain entry over a public suffix, is a
       ``ValueError`` (an entry it could not read allowed nothing).
    """
    # read as an object before any test narrows it: the compiled build then checks
    # the narrowed type on each read, in mypyc's words
    given = cast("object", target)
    if require_https is not FLAG_FALSE and require_https is not FLAG_TRUE:
        require_bool(require_https, "require_https")
    allowed = _allow_list(allowed_hosts)
    base_uri: FrozenURI | None
    try:
        base_uri = as_frozen(base, "base", lenient=True)
    except URIError:  # a base no browser reads: no page to stay on
        base_uri = None
    if target is None:
        return None
    if not isinstance(given, str):
        raise TypeError(f"target must be a str or None, not {type(given).__name__}")
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
    if not resolved.same_origin(base_uri) and not _allowed(resolved, allowed):
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


# an allow-list: the exact (scheme, ASCII host, port) origins, and the domain entries
# (".example.com", "*.example.com"): the ASCII domain without a trailing dot, the port
# (None: the scheme's default) and whether the domain itself is allowed
_Domain = tuple[str, int | None, bool]
_AllowList = tuple[frozenset[tuple[str, str, int]], tuple[_Domain, ...]]


def _allow_list(hosts: Iterable[str]) -> _AllowList:
    """The origins and domains that ``hosts`` allow, over ``http`` and ``https``: each
    host with its port or the scheme's default; ``.example.com`` is ``example.com`` and
    its subdomains, ``*.example.com`` its subdomains only. An entry that is no
    ``host[:port]`` a browser reads, or a domain entry over a public suffix, raises
    :class:`ValueError`."""
    given = cast("object", hosts)  # checked: callers without a type checker pass anything
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise TypeError("allowed_hosts must be an iterable of str, not "
                        f"{type(given).__name__}")
    origins: set[tuple[str, str, int]] = set()
    domains: list[_Domain] = []
    for entry in cast("Iterable[object]", given):
        if not isinstance(entry, str):
            raise TypeError(f"allowed_hosts must hold str, not {type(entry).__name__}")
        itself = entry.startswith(".")  # ".example.com": the domain itself too
        domain = itself or entry.startswith("*.")
        host, port = _entry_host(entry, entry[1 if itself else 2:] if domain else entry)
        if not domain:
            for scheme, default in _WEB_PORTS.items():
                origins.add((scheme, host, default if port is None else port))
        else:
            domains.append((_entry_domain(entry, host), port, itself))
    return frozenset(origins), tuple(domains)


def _shown(entry: str) -> str:
    """An allow-list entry as an error message shows it: a password masked."""
    return repr(mask_secrets(f"//{entry}")[0][2:])


def _entry_host(entry: str, name: str) -> tuple[str, int | None]:
    """The ASCII host and the port of an allow-list entry (``name``: the entry without
    its ``.`` or ``*.``), as a browser reads ``https://name/``."""
    if name in ("", "*") or entry in ("*", "."):
        raise ValueError(f"allowed_hosts entry {_shown(entry)} names no host: '*' and "
                         "'.' would allow every host, '.example.com' allows a domain")
    if "*" in name:
        raise ValueError(f"allowed_hosts entry {_shown(entry)}: a wildcard stands only "
                         "for the first labels, as '*.example.com'")
    try:
        authority = URI.parse_lenient(f"https://{name}/")
        host = host_to_ascii(authority.host or "")
    except URIError as error:
        # the reason alone: a position would count in the text read, not the entry
        why = error.reason if isinstance(error, ParseError | IDNAError) else str(error)
        raise ValueError(f"allowed_hosts entry {_shown(entry)} is no host a browser "
                         f"reads: {why}") from error
    if not host or authority.userinfo is not None or authority.path != ["", ""] \
            or authority.query is not None or authority.fragment is not None:
        raise ValueError(f"allowed_hosts entry {_shown(entry)} is no host or "
                         "host:port (no scheme, userinfo, path or query)")
    return host, authority.port


def _entry_domain(entry: str, host: str) -> str:
    """The domain of a ``.example.com`` or ``*.example.com`` entry (its ASCII host
    without a trailing dot); a public suffix or an IP address is refused."""
    if host_kind(host) is not HostKind.REG_NAME or is_ambiguous_ipv4(host):
        raise ValueError(f"allowed_hosts entry {_shown(entry)}: only a domain name has "
                         "subdomains, not an IP address")
    domain = host[:-1] if host.endswith(".") else host
    public = is_public_suffix(domain)
    if "." not in domain or public:
        raise ValueError(f"allowed_hosts entry {_shown(entry)} would allow the domains "
                         f"of other owners: {domain!r} is a public suffix")
    return domain


def _allowed(uri: URI, allowed: _AllowList) -> bool:
    """Whether an allow-list allows the origin of ``uri``: an exact entry, or a domain
    entry whose domain holds its host (:meth:`URI.in_domain`, label by label) on the
    entry's port. A host with a trailing dot is another origin to the browser: it
    matches only an entry written with it."""
    key = _origin_key(uri)
    if key is None:
        return False
    origins, domains = allowed
    if key in origins:
        return True
    scheme, host, port = key
    return not host.endswith(".") and any(
        port == (_WEB_PORTS[scheme] if entry_port is None else entry_port)
        and (itself or host != domain) and uri.in_domain(domain)
        for domain, entry_port, itself in domains)


def _origin_key(uri: URI) -> tuple[str, str, int] | None:
    """A target's (scheme, ASCII host, port), as :func:`_allow_list` writes them;
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
