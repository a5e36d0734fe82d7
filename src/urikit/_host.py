"""Host classification, origins and safe display (RFC 3986 §3.2.2, §7)."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from ._uri import URI


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
    """Classify wire host text."""
    raise NotImplementedError  # being written


def is_ambiguous_ipv4(host: str) -> bool:
    """Whether a reg-name looks like a numeric IPv4 form that other parsers read as
    an address."""
    raise NotImplementedError  # being written


def origin(uri: URI) -> Origin | None:
    """The origin of an absolute URI with a host, or ``None``."""
    raise NotImplementedError  # being written


def display(uri: URI) -> str:
    """A form of the URI for people to read (RFC 3986 §7.6)."""
    raise NotImplementedError  # being written
