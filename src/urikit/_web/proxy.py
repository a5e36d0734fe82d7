"""Trusted proxies: a request's public URI from ``Forwarded`` and ``X-Forwarded-*``.

RFC 7239's header and the older de facto ones, believed only for the hops the
application names.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final, cast

import attrs

from .._core.build import Checked
from .._core.errors import URIError
from .._model.uri import URI, FrozenURI

# RFC 7239 §4: forwarded-element = [ forwarded-pair ] *( ";" [ forwarded-pair ] )
#   forwarded-pair = token "=" value;  value = token / quoted-string
_TOKEN: Final = r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+"
_QUOTED_STRING: Final = r'"(?:[\t !#-\[\]-~\x80-\xff]|\\[\t -~\x80-\xff])*"'
_PAIR_RE: Final = re.compile(f"[ \\t]*({_TOKEN})=({_TOKEN}|{_QUOTED_STRING})[ \\t]*")
_QUOTED_PAIR_RE: Final = re.compile(r"\\(.)")
_X_FORWARDED: Final = ("x-forwarded-proto", "x-forwarded-host", "x-forwarded-port",
                       "x-forwarded-prefix")

Headers = Mapping[str, str] | Iterable[tuple[str, str]]


def _header_lists(headers: Headers) -> dict[str, list[str]]:
    """Each header's comma-separated list, its lines joined in order (RFC 9110 §5.3),
    by lower-case name, for the headers the proxies write."""
    given = cast("object", headers)  # checked: callers without a type checker pass anything
    kind = type(given).__name__
    items: object = (cast("Mapping[object, object]", given).items()
                     if isinstance(given, Mapping) else given)
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise TypeError("headers must be a mapping or an iterable of (name, value) pairs, "
                        f"not {kind}")
    lists: dict[str, list[str]] = {}
    for item in cast("Iterable[object]", items):
        if not (isinstance(item, tuple) and len(cast("tuple[object, ...]", item)) == 2):
            raise TypeError("headers must be (name, value) pairs")
        name, value = cast("tuple[object, object]", item)
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError("header names and values must be str")
        lowered = name.lower()
        if lowered == "forwarded" or lowered in _X_FORWARDED:
            lists.setdefault(lowered, []).extend(_split_list(value))
    return lists


def _split_list(value: str) -> list[str]:
    """The elements of a comma-separated list, commas inside quoted strings kept."""
    elements: list[str] = []
    start, quoted, escaped = 0, False, False
    for at, ch in enumerate(value):
        if escaped:
            escaped = False
        elif ch == "\\" and quoted:
            escaped = True
        elif ch == '"':
            quoted = not quoted
        elif ch == "," and not quoted:
            elements.append(value[start:at].strip(" \t"))
            start = at + 1
    elements.append(value[start:].strip(" \t"))
    return elements


def _forwarded_pairs(element: str) -> dict[str, str] | None:
    """The pairs of one ``forwarded-element`` by lower-case name (the first of each), or
    ``None`` when it is malformed."""
    pairs: dict[str, str] = {}
    for part in element.split(";") if element else []:
        if not part.strip(" \t"):
            continue
        pair = _PAIR_RE.fullmatch(part)
        if pair is None:
            return None
        name, value = pair.group(1).lower(), pair.group(2)
        if value.startswith('"'):
            value = _QUOTED_PAIR_RE.sub(r"\1", value[1:-1])
        pairs.setdefault(name, value)
    return pairs


def _check_hops(value: object) -> None:
    """The check of :attr:`TrustedProxies.hops` (after attrs' ``__init__``: a field
    declared with ``attrs.field`` would not compile)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"hops must be an int, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"hops must be 0 or more, not {value}")


@attrs.frozen(slots=False)  # no slots: a slot has no docstring
class TrustedProxies:
    """How many proxies stand in front of the application, and so which of their
    headers to believe: one setting for every framework adapter.

    A proxy appends what it saw of the request to ``Forwarded`` (RFC 7239) or to the
    ``X-Forwarded-*`` lists; anything to the left of what the trusted proxies appended
    was written by the client and may be forged. So the element read is the
    ``hops``-th from the right (RFC 7239 §8.1), and a list with fewer elements than
    that (a request that did not come through all the proxies) is not believed at
    all. ``hops=0``, the default, believes no header.

    Attributes:
        hops: the number of proxies that handle every request before the application.
        forwarded: read RFC 7239's ``Forwarded`` (``proto`` and ``host``).
        x_forwarded: read ``X-Forwarded-Proto``, ``-Host``, ``-Port`` and ``-Prefix``,
            where the request has no ``Forwarded`` header.

    Raises:
        TypeError: ``hops`` is not an int.
        ValueError: ``hops`` is negative.

    .. versionadded:: 0.4
    """

    hops: int | Checked = 0  # Checked: compiled, True would be stored as 1
    forwarded: bool = True
    x_forwarded: bool = True

    def __attrs_post_init__(self) -> None:
        _check_hops(self.hops)

    def public_uri(self, uri: URI | FrozenURI, headers: Headers) -> FrozenURI:
        """``uri``, the request's URI as the application's server saw it, with the
        scheme, host, port and path prefix that the trusted proxies say the client
        used.

        ``Forwarded``'s ``proto`` and ``host``, or ``X-Forwarded-Proto``, ``-Host``,
        ``-Port`` (a forwarded host without a port means the scheme's default) and
        ``-Prefix`` (a path the proxy removed, put back in front of the path; one that
        starts with ``//`` is refused, as it would read as a host). A value
        that is not a valid scheme, host, port or absolute path makes the whole element
        unbelieved: the URI is returned as the server saw it.

        Args:
            uri: the request's URI (from the server: its scheme, ``Host`` and path).
            headers: the request's headers, a mapping or (name, value) pairs, each
                line of a repeated header as a pair of its own.

        Returns:
            The public URI, a new :class:`~urikit.FrozenURI`.

        Raises:
            TypeError: ``uri`` is not a URI, or ``headers`` are not text pairs.

        >>> proxies = TrustedProxies(hops=1)
        >>> inner = FrozenURI.parse("http://10.0.0.5:8000/cart?x=1")
        >>> forged = [("Forwarded", "host=evil.example;proto=http"),
        ...           ("Forwarded", "for=192.0.2.7;host=shop.example;proto=https")]
        >>> str(proxies.public_uri(inner, forged))
        'https://shop.example/cart?x=1'
        >>> str(TrustedProxies().public_uri(inner, forged))
        'http://10.0.0.5:8000/cart?x=1'
        """
        given = cast("object", uri)  # checked: callers without a type checker pass anything
        if isinstance(given, URI):
            start = given.freeze()
        elif isinstance(given, FrozenURI):
            start = given
        else:
            raise TypeError(f"uri must be a URI or a FrozenURI, not {type(given).__name__}")
        lists = _header_lists(headers)
        if self.hops == 0:
            return start
        if self.forwarded and "forwarded" in lists:
            element = self._trusted(lists["forwarded"])
            pairs = None if element is None else _forwarded_pairs(element)
            if pairs is None:
                return start
            return _applied(start, pairs.get("proto"), pairs.get("host"), None, None)
        if not self.x_forwarded:
            return start
        proto, host, port, prefix = (self._trusted(lists[name]) if name in lists else None
                                     for name in _X_FORWARDED)
        return _applied(start, proto, host, port, prefix)

    def _trusted(self, elements: list[str]) -> str | None:
        """The element the outermost trusted proxy appended, or ``None`` when the list
        is shorter than the trusted hops."""
        return elements[-self.hops] if len(elements) >= self.hops else None


def _applied(uri: FrozenURI, proto: str | None, host: str | None, port: str | None,
             prefix: str | None) -> FrozenURI:
    """``uri`` with the forwarded values, each validated by the URI's own rules; ``uri``
    unchanged when one of them is invalid."""
    try:
        result = uri
        if proto is not None:
            result = result.set(scheme=proto.lower())
        if host is not None:
            authority = FrozenURI.parse(f"//{host}")
            if authority.userinfo is not None or authority.path:
                return uri
            result = result.set(host=authority.host, port=authority.port,
                                has_port=authority.port is not None)
        if port is not None:
            if not port.isdigit():
                return uri
            result = result.set(port=int(port))
        if prefix is not None:
            # a path the proxy took off in front: "/app" or "/app/" before "/cart"
            if not prefix.startswith("/") or prefix.startswith("//"):
                return uri
            result = result.set(path=prefix.rstrip("/") + ("/".join(result.path) or "/"))
        return result
    except URIError:
        return uri
