"""Host classification (RFC 3986 §3.2.2) and the Origin record."""

from __future__ import annotations

import enum
from typing import NamedTuple

from . import grammar as g
from .build import Checked
from .parse import check_host, require_str


class HostKind(enum.Enum):
    """What the ABNF ``host`` rule read: an address literal or a registered name.

    .. versionadded:: 0.2
    """

    IPV4 = "IPv4address"
    IPV6 = "IPv6address"
    IPVFUTURE = "IPvFuture"
    REG_NAME = "reg-name"


class Origin(NamedTuple):
    """A URI's origin: scheme, host and port, normalized (for redirect checks).

    .. versionadded:: 0.2
    """

    scheme: str
    host: str
    port: int | None


def host_kind(host: str | Checked) -> HostKind:
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

    .. versionadded:: 0.2
    """
    check_host(require_str(host, "host"), allow_zone_id=True)
    if host[:1] == "[":
        return HostKind.IPVFUTURE if host[1:2] in ("v", "V") else HostKind.IPV6
    if g.IPV4ADDRESS_RE.fullmatch(host):
        return HostKind.IPV4
    return HostKind.REG_NAME
