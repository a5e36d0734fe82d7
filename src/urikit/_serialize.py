"""Components to text: recomposition (RFC 3986 §5.3) and the disambiguation guards.

Two states of the element model would read back differently if written naively, and
both are guarded here, when the text is written, without changing the stored path:

* no authority and a path starting with "//": the path would read as an authority, so
  it is written with a "/." prefix (``/.//x``), which dot-segment removal takes away;
* no scheme, no authority and a first segment holding ":": the segment would read as a
  scheme, so the path is written with a "./" prefix (``./a:b``, RFC 3986 §4.2).

The third rule, that a path after an authority is empty or starts with "/" (§3.3), is
kept by the URI's setters when the edit is made, so it never reaches this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._uri import URI


def guard_path(scheme: str | None, host: str | None, path: str) -> str:
    """Return ``path`` as it must be written after the given scheme and host.

    >>> guard_path(None, None, "a:b/c")
    './a:b/c'
    >>> guard_path("x", None, "//y")
    '/.//y'
    >>> guard_path(None, "h", "/a:b")
    '/a:b'
    """
    if host is None:
        if path[:2] == "//":
            return "/." + path
        if scheme is None and ":" in path and ":" in path.partition("/")[0]:
            return "./" + path
    return path


def to_text(uri: URI) -> str:
    """The text of ``uri`` (RFC 3986 §5.3), guarded so it reads back the same way.

    This is ``URI.__str__``. Without an authority, a path starting with "//" is
    written with a "/." prefix; without a scheme and authority, a first segment
    holding ":" is written with a "./" prefix (§4.2). Both prefixes are dot segments
    that resolution and normalization remove. Nothing else is ever added or changed.
    """
    scheme = uri._scheme
    host = uri._host
    path = uri._path
    if host is not None:
        if uri._userinfo is not None:
            host = f"{uri._userinfo}@{host}"
        if uri._port is not None:
            host = f"{host}:{uri._port}"
        text = f"{scheme}://{host}{path}" if scheme is not None else f"//{host}{path}"
    else:
        if path and (path[:2] == "//" or (scheme is None and ":" in path)):
            path = guard_path(scheme, host, path)
        text = f"{scheme}:{path}" if scheme is not None else path
    query = uri._query
    if query is not None:
        text = f"{text}?{query}"
    fragment = uri._fragment
    if fragment is not None:
        text = f"{text}#{fragment}"
    return text


def recompose(scheme: str | None, userinfo: str | None, host: str | None,
              port: str | None, path: str, query: str | None,
              fragment: str | None) -> str:
    """Write loose components as URI text, exactly as :func:`to_text` writes a URI.

    ``port`` is the port's text (``None`` when there is no ':' after the host).
    """
    from ._uri import URI

    uri = object.__new__(URI)
    uri._scheme, uri._userinfo, uri._host, uri._port = scheme, userinfo, host, port
    uri._path, uri._query, uri._fragment = path, query, fragment
    return to_text(uri)
