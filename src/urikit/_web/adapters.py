"""What the framework adapters share: raw request targets, path values, redirects, filters."""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Final, cast

from .._core.grammar import PCHAR
from .._core.percent import encode, encode_octets, unquote_octets
from .._model.query import Values
from .._model.uri import URI, FrozenURI
from .redirect import safe_redirect

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
    sent = unquote_octets(wire)
    return (sent == decoded.encode("utf-8", "surrogateescape")
            or sent.decode("utf-8", "replace") == decoded)


def encode_path(decoded: str) -> str:
    """A decoded path encoded again, its "/" read as separators."""
    return "/".join(encode_octets(segment.encode("utf-8", "surrogateescape"), PCHAR)
                    for segment in decoded.split("/"))


def path_value(value: str | Sequence[str]) -> str:
    """A path value as wire text: a ``str`` as one segment (its "/" encoded), a
    sequence of ``str`` as that many segments joined by "/"."""
    if isinstance(value, str):
        return encode(value, "segment")
    return "/".join(encode(segment, "segment") for segment in value)


def is_path_value(value: object) -> bool:
    """Whether ``value`` is a ``str`` or a list or tuple of ``str``: the path values
    the adapters encode themselves."""
    if isinstance(value, str):
        return True
    return isinstance(value, list | tuple) and all(
        isinstance(item, str) for item in cast("Sequence[object]", value))


def checked_redirect(target: str | URI | FrozenURI | None, base: FrozenURI,
                     allowed_hosts: Iterable[str], require_https: bool) -> URI | None:
    """``target`` (text or a URI) if :func:`~urikit.safe_redirect` accepts it from
    ``base``, with its ``allowed_hosts`` and ``require_https``; else ``None``."""
    given = cast("object", target)  # checked: callers without a type checker pass anything
    if given is None or isinstance(given, str):
        text = given
    elif isinstance(given, URI | FrozenURI):
        text = str(given)
    else:
        raise TypeError(f"target must be a str or a URI, not {type(given).__name__}")
    return safe_redirect(text, base, allowed_hosts=allowed_hosts,
                         require_https=require_https)


def _frozen(uri: URI | FrozenURI | str) -> FrozenURI:
    """``uri`` as a new or the same :class:`FrozenURI` (a ``str`` read leniently)."""
    given = cast("object", uri)  # checked: templates pass anything
    if isinstance(given, str):
        return FrozenURI.parse_lenient(given)
    if isinstance(given, URI):
        return given.freeze()
    if isinstance(given, FrozenURI):
        return given
    raise TypeError(f"expected a URI or a str, not {type(given).__name__}")


def param_values(value: object) -> Values | None:
    """A template's parameter value as the query values it stands for, as Django's
    ``{% querystring %}`` reads one: ``None`` removes the key (``None`` here), a
    ``str``, an ``int`` or a URI is one value (a URI's text), any other iterable one
    value per item (a list repeats the key; an empty one removes it), anything else
    its ``str()`` (``True`` is ``"True"``, as Django writes it)."""
    if value is None or (isinstance(value, str | int | URI | FrozenURI) and not isinstance(
            value, bool)):
        return cast("Values | None", value)
    if isinstance(value, Iterable):
        return [item if isinstance(item, str) else str(item)
                for item in cast("Iterable[object]", value)]
    return str(value)


def with_param(uri: URI | FrozenURI | str, name: str, value: object) -> FrozenURI:
    """The template filter ``with_param``: a new URI with ``name`` set to ``value``
    (:meth:`urikit.FrozenURI.set_param`; a list repeats the key, ``None`` removes it,
    as :func:`param_values` reads a value); ``uri`` is unchanged."""
    values = param_values(value)
    if values is None:
        return _frozen(uri).discard_param(name)
    return _frozen(uri).set_param(name, values)


def without_param(uri: URI | FrozenURI | str, name: str) -> FrozenURI:
    """The template filter ``without_param``: a new URI without the parameter ``name``
    (:meth:`urikit.FrozenURI.discard_param`); ``uri`` is unchanged."""
    return _frozen(uri).discard_param(name)


def add_segments(uri: URI | FrozenURI | str, *segments: object) -> FrozenURI:
    """The template filter ``add_segments``: a new URI with ``segments`` appended to
    its path, each encoded as one segment (:meth:`urikit.FrozenURI.add_segments_text`;
    an ``int`` as its digits, anything else its ``str()``); ``uri`` is unchanged."""
    return _frozen(uri).add_segments_text(
        *(segment if isinstance(segment, str | int) and not isinstance(segment, bool)
          else str(segment) for segment in segments))


def with_segments(uri: URI | FrozenURI | str, *segments: object) -> FrozenURI:
    """The template filter ``with_segments``, deprecated: :func:`add_segments` under
    its old name (it appends, where every other ``with_*`` replaces)."""
    warnings.warn("the template filter with_segments is deprecated: it appends, so it "
                  "is add_segments now", DeprecationWarning, stacklevel=2)
    return add_segments(uri, *segments)


#: The Jinja filters both adapters install, by name.
FILTERS: Final[dict[str, Callable[..., FrozenURI]]] = {
    "with_param": with_param, "without_param": without_param, "add_segments": add_segments,
    "with_segments": with_segments}
