"""Origins as browsers compare them: scheme, host (an IP address as an address) and port."""

from __future__ import annotations

from typing import Final

from .._core.components import Parts
from .._core.errors import URIError
from .._core.host import Origin
from .._core.normalize import NormalizeOptions, normalize_host
from .._core.parse import split
from .._core.ports import port_number
from .._core.schemes import DEFAULT_PORT_TEXT, SPECIAL_SCHEMES
from .browser import ends_in_a_number, parse_ipv4

#: How an origin's host is normalized: RFC 3986 §6.2.2 (case, percent-encoding), and
#: an IPv6 address in its RFC 5952 text, so that one address has one text.
_ADDRESSES: Final = NormalizeOptions(ipv6_canonical=True)

#: The schemes whose URLs give a ``blob:`` URL their origin (the URL standard's
#: "origin" of a blob URL); any other inner URL gives it an opaque origin.
_BLOB_INNER: Final = frozenset({"http", "https", "file"})


def origin_host(scheme: str, host: str) -> str:
    """The host of an origin: wire host text normalized (RFC 3986 §6.2.2), and an IP
    address written one way, as a browser reads it, so that two texts of one address
    are one origin. An IPv6 address takes its RFC 5952 text (``[0:0::1]`` is
    ``[::1]``; a zone identifier, RFC 6874, stays as written). Under a special
    scheme (``http``, ``https``, ``ws``, ``wss``, ``ftp``, ``file``), a host that a
    browser reads as an IPv4 address (the WHATWG IPv4 parser: ``0x7f.1``,
    ``2130706433``, ``127.1``) is that address in dotted decimal; other schemes'
    hosts are opaque to a browser, and stay names.

    ``scheme`` is lowercase.

    >>> origin_host("http", "[0:0:0:0:0:0:0:1]"), origin_host("http", "0x7F.1")
    ('[::1]', '127.0.0.1')
    >>> origin_host("foo", "0x7F.1")
    '0x7f.1'
    """
    normal = normalize_host(host, _ADDRESSES)
    if scheme in SPECIAL_SCHEMES and normal[:1] != "[" and ends_in_a_number(normal):
        address = parse_ipv4(normal)
        if address is not None:
            return ".".join(str((address >> shift) & 0xFF) for shift in (24, 16, 8, 0))
    return normal


def origin_key(c: Parts) -> tuple[str, str, str | None] | None:
    """The origin of a URI as (scheme, host, port text), or ``None``: the one home of
    what an origin is, which :func:`origin`, ``same_origin`` and ``same_site`` ask.

    The scheme is lowercased, the host is :func:`origin_host`'s, and the port is the
    explicit port as decimal text without leading zeros (so that origins compare in
    time linear in its digits), or when it is absent or empty the default port of
    http, https, ws, wss and ftp; ``None`` for any other scheme. A URI without a
    scheme, without an authority, or with an empty host (``file:///x``, which names
    no network host) has no origin. A ``blob:`` URL has the origin of the URL its
    path holds when that is an ``http``, ``https`` or ``file`` URL, as the URL
    standard defines it (``blob:https://a.example/id`` is ``https://a.example``), and
    none otherwise (an opaque origin).

    >>> from urikit import URI
    >>> origin_key(URI.parse("https://H:0443/").components)
    ('https', 'h', '443')
    >>> origin_key(URI.parse("blob:https://a.example/9b1d").components)
    ('https', 'a.example', '443')
    """
    scheme = c[0]
    if scheme is None:
        return None
    scheme = scheme.lower()
    if scheme == "blob":
        try:
            inner = split(c[4])
        except URIError:
            return None
        inner_scheme = inner[0]
        if inner_scheme is None or inner_scheme.lower() not in _BLOB_INNER:
            return None
        return origin_key(inner)
    host, port = c[2], c[3]
    if not host:
        return None
    port = (port.lstrip("0") or "0") if port else DEFAULT_PORT_TEXT.get(scheme)
    return scheme, origin_host(scheme, host), port


def origin(c: Parts) -> Origin | None:
    """The origin of a URI: its scheme, host and port (:func:`origin_key`'s, the port
    as a number), or ``None``.

    >>> from urikit import URI
    >>> origin(URI.parse("HTTP://Example.COM:/a").components)
    Origin(scheme='http', host='example.com', port=80)
    >>> origin(URI.parse("urn:isbn:0451450523").components) is None
    True
    """
    key = origin_key(c)
    if key is None:
        return None
    scheme, host, port = key
    return Origin(scheme, host, None if port is None else port_number(port))
