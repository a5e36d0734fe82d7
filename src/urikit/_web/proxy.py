"""Trusted proxies: a request's public URI from ``Forwarded`` and ``X-Forwarded-*``.

RFC 7239's header and the older de facto ones, each believed only for the proxies the
application says write it.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Mapping
from typing import Final, cast

import attrs

from .._core.build import Checked
from .._core.errors import URIError
from .._core.schemes import DEFAULT_PORTS
from .._model.uri import URI, FrozenURI

Headers = Mapping[str, str] | Iterable[tuple[str, str]]

#: Each forwarding header urikit reads, by lower-case name, and the field of
#: :class:`TrustedProxies` that counts the proxies writing it.
_COUNTED: Final = {"forwarded": "forwarded", "x-forwarded-proto": "x_proto",
                   "x-forwarded-host": "x_host", "x-forwarded-port": "x_port",
                   "x-forwarded-prefix": "x_prefix"}

#: The schemes a proxy may say the client used: those a web server answers (RFC 9110
#: §4.2, RFC 6455 §3).
_PROTOS: Final = frozenset(("http", "https", "ws", "wss"))

# --- RFC 7239 §4's grammar ---------------------------------------------------------
#   Forwarded         = 1#forwarded-element
#   forwarded-element = [ forwarded-pair ] *( ";" [ forwarded-pair ] )
#   forwarded-pair    = token "=" value
#   value             = token / quoted-string
# with RFC 9110 §5.6.2's token and §5.6.4's quoted-string:
#   quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
#   qdtext        = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
#   quoted-pair   = "\" ( HTAB / SP / VCHAR / obs-text )
# Every character of a valid header is HTAB, SP, VCHAR or obs-text, so a quoted string
# is any run of them between quotes, each backslash escaping the next character. The
# header is read with string methods and regexes that never backtrack over a quoted
# string (one that does, failing late, takes for ever on a long one): the escapes
# become placeholders, so that every quote left opens or closes a quoted string; then
# each quoted string becomes one placeholder, so that every comma left separates
# elements and every semicolon pairs.

#: The characters of a header a proxy may write (HTAB, SP, VCHAR, obs-text).
_FIELD_TEXT_RE: Final = re.compile(r"[\t\x20-\x7e\x80-\xff]*")
#: RFC 9110 §5.6.2: token = 1*tchar
_TOKEN_RE: Final = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")
# placeholders: none can occur in a header that passed _FIELD_TEXT_RE
_ESCAPED_BACKSLASH: Final = "\x00"  # \\ in a quoted string
_ESCAPED_QUOTE: Final = "\x01"  # \" in a quoted string
_QUOTED: Final = "\x02"  # a whole quoted string
#: An element of a list read backwards, from its last character that is neither a
#: comma nor whitespace (so a search skips a run of whitespace in linear time) to the
#: comma before it.
_ELEMENT_RE: Final = re.compile(r"[^,\t ][^,]*")
#: The ``host`` and ``proto`` pairs of an element (quoted strings as placeholders),
#: lower-case, ";" put in front of it: each after a ";" (a literal first, and no
#: IGNORECASE: a search twice as fast).
_PAIR_RE: Final = re.compile(r";[ \t]*(host|proto)=([^;]*)")
_QUOTED_PAIR_RE: Final = re.compile(r"\\(.)", re.DOTALL)


def _header_lines(headers: Headers) -> dict[str, list[str]]:
    """The lines of each forwarding header, in order, by lower-case name."""
    given = cast("object", headers)  # checked: callers without a type checker pass anything
    kind = type(given).__name__
    items: object = (cast("Mapping[object, object]", given).items()
                     if isinstance(given, Mapping) else given)
    if isinstance(items, str | bytes) or not isinstance(items, Iterable):
        raise TypeError("headers must be a mapping or an iterable of (name, value) pairs, "
                        f"not {kind}")
    lines: dict[str, list[str]] = {}
    for item in cast("Iterable[object]", items):
        if not (isinstance(item, tuple) and len(cast("tuple[object, ...]", item)) == 2):
            raise TypeError("headers must be (name, value) pairs")
        name, value = cast("tuple[object, object]", item)
        if not isinstance(name, str) or not isinstance(value, str):
            raise TypeError("header names and values must be str")
        lowered = name.lower()
        if lowered in _COUNTED:
            lines.setdefault(lowered, []).append(value)
    return lines


def _trusted_element(text: str, count: int) -> tuple[int, str] | None:
    """The ``count``-th element of a list from the right, the one the outermost
    trusted proxy wrote (RFC 7239 §8.1), with its position, or ``None`` when the list
    is shorter: the request did not come through all the proxies, and anything in the
    list may be the client's. Empty elements are ignored (RFC 9110 §5.6.1). The list is
    searched from its end (reversed), so a long forged list costs no more than its
    reversal."""
    for found, match in enumerate(_ELEMENT_RE.finditer(text[::-1]), 1):
        if found == count:
            element = match.group()[::-1]
            stripped = element.lstrip(" \t")
            return len(text) - match.end() + len(element) - len(stripped), stripped
    return None


def _list_element(lines: list[str], count: int) -> str | None:
    """The trusted element of an ``X-Forwarded-*`` list: its lines joined (RFC 9110
    §5.3) and split on every comma (these headers have no quoted strings: a ``"`` is
    data, which no valid value holds, and never hides a comma)."""
    found = _trusted_element(",".join(lines), count)
    return None if found is None else found[1]


def _forwarded_pairs(lines: list[str], count: int) -> dict[str, str] | None:
    """The ``host`` and ``proto`` of the trusted element of ``Forwarded``, by
    lower-case name, each a token or a quoted string (unquoted); ``None`` when the
    elements cannot be told apart (a character no header holds, an unbalanced quote, a
    backslash outside a quoted string: nothing in the header is believed) or when the
    element names one of them twice (RFC 7239 §4)."""
    value = ",".join(lines)
    if _FIELD_TEXT_RE.fullmatch(value) is None:
        return None
    # a quoted string's escapes read left to right, as replace() reads them
    masked = value.replace("\\\\", _ESCAPED_BACKSLASH).replace('\\"', _ESCAPED_QUOTE)
    parts = masked.split('"')  # outside, quoted, outside, quoted, ..., outside
    if len(parts) % 2 == 0:  # an odd number of quotes: the last is never closed
        return None
    outside = _QUOTED.join(parts[0::2])
    if "\\" in outside or _ESCAPED_QUOTE in outside or _ESCAPED_BACKSLASH in outside:
        return None
    found = _trusted_element(outside, count)
    if found is None:
        return None
    start, element = found
    pairs: dict[str, str] = {}
    slots = ";" + element
    # lower() keeps the length of any text that passed _FIELD_TEXT_RE (Latin-1)
    for pair in _PAIR_RE.finditer(slots.lower()):
        name = pair.group(1)
        if name in pairs:
            return None
        text = slots[pair.start(2):pair.end(2)].rstrip(" \t")
        if text == _QUOTED:  # the n-th quoted string of the header
            quoted = parts[2 * outside.count(_QUOTED, 0, start + pair.start(2) - 1) + 1]
            text = _QUOTED_PAIR_RE.sub(r"\1", quoted).replace(
                _ESCAPED_QUOTE, '"').replace(_ESCAPED_BACKSLASH, "\\")
        elif _TOKEN_RE.fullmatch(text) is None:
            continue  # neither a token nor a quoted string: ignored
        pairs[name] = text
    return pairs


# --- each value, checked as a server checks it ---------------------------------------

def _proto(value: str) -> str | None:
    """A forwarded scheme, lower-case, when it is one a web server answers."""
    lowered = value.lower() if value.isascii() else value
    return lowered if lowered in _PROTOS else None


def _port(value: str) -> int | None:
    """A forwarded port: ASCII digits for a number from 1 to 65535 (``int()`` would
    also take ``"٨٠"``, ``" 80"`` and ``"8_0"``)."""
    digits = value.lstrip("0")
    if not (value.isascii() and value.isdigit() and 0 < len(digits) <= 5):
        return None
    number = int(digits)
    return number if number <= 65535 else None


def _host(value: str) -> tuple[str, int | None] | None:
    """A forwarded ``Host``: a non-empty host (RFC 3986 §3.2.2) and an optional port
    (:func:`_port`; an empty one is none), and nothing else."""
    host_text, port_text = value, ""
    if not value.endswith("]"):  # an IP literal's last ":" is not a port's
        before, colon, after = value.rpartition(":")
        if colon:
            host_text, port_text = before, after
    port = _port(port_text) if port_text else None
    if port_text and port is None:
        return None
    try:
        authority = FrozenURI.parse(f"//{host_text}")
    except URIError:
        return None
    if (not authority.host or authority.userinfo is not None or authority.has_port
            or authority.path or authority.query is not None
            or authority.fragment is not None):
        return None
    return authority.host, port


def _first(*values: str | None) -> str | None:
    """The first of ``values`` that a trusted proxy gave (not ``None``)."""
    return next((value for value in values if value is not None), None)


def _check_count(name: str, value: object) -> None:
    """The check of a count of :class:`TrustedProxies` (after attrs' ``__init__``: a
    field declared with ``attrs.field`` would not compile)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int (a number of proxies), "
                        f"not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")


@attrs.frozen(slots=False, kw_only=True)  # no slots: a slot has no docstring
class TrustedProxies:
    """Which forwarding headers the proxies in front of the application write, and how
    many of them write each: one setting for every framework adapter.

    A proxy appends what it saw of the request to ``Forwarded`` (RFC 7239) or to an
    ``X-Forwarded-*`` list, or sets the header to that alone; anything to the left of
    what the trusted proxies wrote came from the client and may be forged. So each
    header has its own count, as Werkzeug's ``ProxyFix`` has: the element read is that
    count from the right (RFC 7239 §8.1), and a list with fewer elements (a request that
    did not come through all the proxies) is not believed. A header whose count is 0,
    the default, is ignored whatever the client sends: name only the headers your
    proxies write, or set, on every request (a proxy that passes a header through
    leaves it the client's).

    Attributes:
        forwarded: the number of proxies that append to ``Forwarded``, which gives
            ``proto`` and ``host``.
        x_proto: the number of proxies that write ``X-Forwarded-Proto``.
        x_host: the number of proxies that write ``X-Forwarded-Host``.
        x_port: the number of proxies that write ``X-Forwarded-Port``.
        x_prefix: the number of proxies that write ``X-Forwarded-Prefix``.

    Raises:
        TypeError: a count is not an int.
        ValueError: a count is negative.

    >>> TrustedProxies(x_proto=1, x_host=1)  # one nginx in front: its usual recipe
    TrustedProxies(forwarded=0, x_proto=1, x_host=1, x_port=0, x_prefix=0)

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       One count per header (``forwarded``, ``x_proto``, ``x_host``, ``x_port``,
       ``x_prefix``) replaces ``hops``, which trusted every header for as many proxies,
       and the ``forwarded`` and ``x_forwarded`` switches.
    """

    forwarded: int | Checked = 0  # Checked: compiled, True would be stored as 1
    x_proto: int | Checked = 0
    x_host: int | Checked = 0
    x_port: int | Checked = 0
    x_prefix: int | Checked = 0

    def __attrs_post_init__(self) -> None:
        for name in _COUNTED.values():
            _check_count(name, getattr(self, name))

    def public_uri(self, uri: URI | FrozenURI, headers: Headers) -> FrozenURI:
        """``uri``, the request's URI as the application's server saw it, with the
        scheme, host, port and path prefix that the trusted proxies say the client
        used.

        ``Forwarded``'s ``proto`` and ``host`` (where ``forwarded`` counts its
        proxies), then ``X-Forwarded-Proto`` and ``-Host`` where ``Forwarded`` gives
        none, ``X-Forwarded-Port`` and ``-Prefix`` (a path the proxy removed, put back
        in front of the path). A host without a port means the scheme's default, and
        a forwarded port that is the scheme's default is left out.

        Each value is checked as a server checks it, and one that fails is ignored
        alone (the others still apply): a scheme among ``http``, ``https``, ``ws`` and
        ``wss``; a non-empty host with an optional port; a port of ASCII digits from
        1 to 65535; a prefix that is an absolute path not starting with ``//`` (which
        would read as a host); ``host`` and ``proto`` in ``Forwarded`` are a token or
        a quoted string (RFC 7239 §4). A quote can neither merge nor split elements:
        ``Forwarded`` whose quotes or escapes do not balance, or that holds a character
        no header holds, is not believed at all, nor is an element that names ``host``
        or ``proto`` twice; the ``X-Forwarded-*`` lists have no quoted strings and are
        split on every comma. Empty elements are ignored (RFC 9110 §5.6.1).

        Args:
            uri: the request's URI (from the server: its scheme, ``Host`` and path).
            headers: the request's headers, a mapping or (name, value) pairs, each
                line of a repeated header as a pair of its own.

        Returns:
            The public URI, a new :class:`~urikit.FrozenURI`.

        Raises:
            TypeError: ``uri`` is not a URI, or ``headers`` are not text pairs.

        >>> proxies = TrustedProxies(forwarded=1)
        >>> inner = FrozenURI.parse("http://10.0.0.5:8000/cart?x=1")
        >>> forged = [("Forwarded", "host=evil.example;proto=http"),
        ...           ("Forwarded", "for=192.0.2.7;host=shop.example;proto=https"),
        ...           ("X-Forwarded-Host", "evil.example")]
        >>> str(proxies.public_uri(inner, forged))
        'https://shop.example/cart?x=1'
        >>> str(TrustedProxies().public_uri(inner, forged))
        'http://10.0.0.5:8000/cart?x=1'

        .. versionchanged:: 0.6
           Each header is read for its own count; an invalid value is ignored alone
           (it used to leave the URI as the server saw it).
        """
        given = cast("object", uri)  # checked: callers without a type checker pass anything
        if isinstance(given, URI):
            start = given.freeze()
        elif isinstance(given, FrozenURI):
            start = given
        else:
            raise TypeError(f"uri must be a URI or a FrozenURI, not {type(given).__name__}")
        lines = _header_lines(headers)
        pairs: dict[str, str] = {}
        if self.forwarded and "forwarded" in lines:
            pairs = _forwarded_pairs(lines["forwarded"], self.forwarded) or {}
        told: dict[str, str | None] = {}
        for header, name in _COUNTED.items():
            count = cast("int", getattr(self, name))
            if header != "forwarded" and count and header in lines:
                told[name] = _list_element(lines[header], count)
        return _applied(start, _first(pairs.get("proto"), told.get("x_proto")),
                        _first(pairs.get("host"), told.get("x_host")),
                        told.get("x_port"), told.get("x_prefix"))


def _applied(uri: FrozenURI, proto: str | None, host: str | None, port: str | None,
             prefix: str | None) -> FrozenURI:
    """``uri`` with each forwarded value that is valid (the others ignored)."""
    scheme = (None if proto is None else _proto(proto)) or uri.scheme
    authority = None if host is None else _host(host)
    forwarded_port = None if port is None else _port(port)
    result = uri if scheme == uri.scheme else uri.set(scheme=scheme)
    if authority is not None or forwarded_port is not None:
        new_host, new_port = authority if authority is not None else (uri.host, None)
        if forwarded_port is not None:
            new_port = forwarded_port
        if new_port is not None and new_port == DEFAULT_PORTS.get(scheme or ""):
            new_port = None
        result = result.set(host=new_host, port=new_port, has_port=new_port is not None)
    if prefix is not None and prefix.startswith("/") and not prefix.startswith("//"):
        # a path the proxy took off in front: "/app" or "/app/" before "/cart"
        with contextlib.suppress(URIError):  # not a path: ignored, as any invalid value
            result = result.set(path=prefix.rstrip("/") + ("/".join(result.path) or "/"))
    return result
