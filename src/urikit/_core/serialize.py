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

from .components import Parts


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


def to_text(c: Parts) -> str:
    """The text of the components (RFC 3986 §5.3), guarded so it reads back the same.

    Without an authority, a path starting with "//" is written with a "/." prefix;
    without a scheme and authority, a first segment holding ":" is written with a
    "./" prefix (§4.2). Both prefixes are dot segments that resolution and
    normalization remove. Nothing else is ever added or changed.

    >>> from urikit import Components
    >>> to_text(Components("http", None, "h", "8080", "/a", "", None))
    'http://h:8080/a?'
    """
    scheme, userinfo, host, port, path, query, fragment = c
    if host is not None:
        if userinfo is not None:
            host = f"{userinfo}@{host}"
        if port is not None:
            host = f"{host}:{port}"
        text = f"{scheme}://{host}{path}" if scheme is not None else f"//{host}{path}"
    else:
        if path and (path[:2] == "//" or (scheme is None and ":" in path)):
            path = guard_path(scheme, None, path)
        text = f"{scheme}:{path}" if scheme is not None else path
    if query is not None:
        text = f"{text}?{query}"
    if fragment is not None:
        text = f"{text}#{fragment}"
    return text


def authority(c: Parts) -> str | None:
    """The authority text, ``[userinfo "@"] host [":" port]``, or ``None``."""
    host = c[2]
    if host is None:
        return None
    if c[1] is not None:
        host = f"{c[1]}@{host}"
    return host if c[3] is None else f"{host}:{c[3]}"
