"""Host classification and origins (RFC 3986 §3.2.2, §6.2)."""

from __future__ import annotations

import enum
from typing import NamedTuple

from . import grammar as g
from .components import Parts
from .normalize import normalize_host
from .parse import check_host, require_str
from .ports import port_number
from .schemes import DEFAULT_PORT_TEXT


class HostKind(enum.Enum):
    """What the ABNF ``host`` rule read: an address literal or a registered name.

    .. versionadded:: 0.1
    """

    IPV4 = "IPv4address"
    IPV6 = "IPv6address"
    IPVFUTURE = "IPvFuture"
    REG_NAME = "reg-name"


class Origin(NamedTuple):
    """A URI's origin: scheme, host and port, normalized (for redirect checks).

    .. versionadded:: 0.1
    """

    scheme: str
    host: str
    port: int | None


def host_kind(host: str) -> HostKind:
    """Classify wire host text by the alternative of the ``host`` rule it matches.

    ``host = IP-literal / IPv4address / reg-name`` (RFC 3986 §3.2.2). Only the
    dotted-decimal form of four ``dec-octet`` is an IPv4 address; ``0x7f.1``,
    ``2130706433``, ``0177.0.0.1``, ``1.2.3`` and ``127.0.0.1.`` are registered names
    (see :func:`is_ambiguous_ipv4` for the names other parsers read as addresses).
    An IP literal with an RFC 6874 zone identifier is an IPv6 address.

    Args:
        host: wire host text, IP-literal brackets included.

    Raises:
        ParseError: ``host`` is not valid host text.

    >>> [host_kind(h).name for h in ("192.0.2.1", "0177.0.0.1", "[::1]", "[v7.x]", "")]
    ['IPV4', 'REG_NAME', 'IPV6', 'IPVFUTURE', 'REG_NAME']

    .. versionadded:: 0.1
    """
    check_host(require_str(host, "host"), allow_zone_id=True)
    if host[:1] == "[":
        return HostKind.IPVFUTURE if host[1:2] in ("v", "V") else HostKind.IPV6
    if g.IPV4ADDRESS_RE.fullmatch(host):
        return HostKind.IPV4
    return HostKind.REG_NAME


def origin(c: Parts) -> Origin | None:
    """The origin of a URI: its scheme, host and port, normalized, or ``None``.

    The scheme and host are normalized as RFC 3986 §6.2.2 does (lowercase;
    percent-encoded unreserved characters decoded; other percent-encodings in
    uppercase), the host by :func:`~urikit._core.normalize.normalize_host`. IPv6
    addresses are compared as written after that, and a zone identifier exactly as
    written, so ``[::1]`` and ``[0::1]`` differ: a false "different origin" is the
    safe mistake.
    The port is the explicit port, or when it is absent or empty the default port
    of http, https, ws, wss and ftp (80, 443, 80, 443, 21); ``None`` for any other
    scheme. A URI without a scheme, without an authority, or with an empty host
    (``file:///x``, which names no network host) has no origin.

    >>> from urikit import URI
    >>> origin(URI.parse("HTTP://Example.COM:/a").components)
    Origin(scheme='http', host='example.com', port=80)
    >>> origin(URI.parse("urn:isbn:0451450523").components) is None
    True

    .. versionadded:: 0.1
    """
    key = origin_key(c)
    if key is None:
        return None
    scheme, host, port = key
    return Origin(scheme, host, None if port is None else port_number(port))


def origin_key(c: Parts) -> tuple[str, str, str | None] | None:
    """The origin of :func:`origin` with the port as its decimal text (no leading
    zeros), so that origins compare in time linear in the port's digits.

    >>> from urikit import URI
    >>> origin_key(URI.parse("https://H:0443/").components)
    ('https', 'h', '443')
    """
    scheme, host, port = c[0], c[2], c[3]
    if scheme is None or not host:
        return None
    scheme = scheme.lower()
    port = (port.lstrip("0") or "0") if port else DEFAULT_PORT_TEXT.get(scheme)
    return scheme, normalize_host(host), port
