"""Reference resolution (RFC 3986 §5.2) and its inverse, the relative reference."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import _grammar as g
from ._errors import ResolveError
from ._parse import diagnose, require_str, split
from ._serialize import guard_path, recompose

if TYPE_CHECKING:
    from ._uri import URI

_new: Final = object.__new__
_MATCH: Final = g.URI_REFERENCE_RE.fullmatch
_BAD_PERCENT: Final = g.BAD_PERCENT_RE.search

_RELATIVE_BASE: Final = ("cannot use the relative reference {!r} as a base: a base URI "
                         "must have a scheme (RFC 3986 §5.1)")


def remove_dot_segments(path: str) -> str:
    """Remove the "." and ".." segments from path text (RFC 3986 §5.2.4).

    The result is exactly that of the section's two-buffer algorithm, computed with a
    segment stack in time linear in the length of the path. A ".." never climbs above
    the root, and no "." or ".." segment is left. Relative paths follow the same steps:
    leading "../" and "./" are dropped (step 2A), so ``../a/b/..`` gives ``a/``, and a
    ".." that removes the first segment of a relative path leaves the "/" that came
    after it (``a/../b`` gives ``/b``), as the algorithm prescribes.

    Args:
        path: wire path text; no query or fragment (RFC 3986 §5.2.4, note).

    Returns:
        The path without dot segments; ``path`` itself when it has none.

    >>> remove_dot_segments("/a/b/c/./../../g")
    '/a/g'
    >>> remove_dot_segments("mid/content=5/../6")
    'mid/6'
    >>> remove_dot_segments("../a/b/..")
    'a/'
    >>> remove_dot_segments("/../../x/.")
    '/x/'

    .. versionadded:: 0.1
    """
    # A dot segment starts the path or follows a "/": without either, nothing to do.
    if path[:1] != "." and "/." not in path:
        return path
    segments = path.split("/")
    last = len(segments) - 1
    # ``out`` holds the output buffer as pieces: an optional first piece without "/"
    # (a relative path's first segment), then one "/segment" piece per segment.
    out: list[str] = []
    if segments[0]:
        # Relative path. Steps 2A and 2D drop leading "." and ".." segments; what is
        # left starts either with a segment (moved by step 2E without a "/") or, when
        # the next segment is empty, with "/".
        i = 0
        while i <= last and segments[i] in (".", ".."):
            i += 1
        if i > last:
            return ""
        first = segments[i]
        i += 1
        if first:
            out.append(first)
        elif i > last:  # "./" or "../" alone
            return ""
    else:
        i = 1  # absolute: every later segment is read with its leading "/"
    pop = out.pop
    push = out.append
    for k in range(i, last + 1):
        segment = segments[k]
        if segment == ".":  # step 2B
            if k == last:
                push("/")
        elif segment == "..":  # step 2C: removes the last piece and its "/"
            if out:
                pop()
            if k == last:
                push("/")
        else:  # step 2E
            push("/" + segment)
    return "".join(out)


def _reference_parts(reference: URI | str) -> tuple[
        str | None, str | None, str | None, str | None, str, str | None, str | None]:
    """The seven wire components of a reference given as text or as a URI."""
    if isinstance(reference, str):
        return split(require_str(reference, "a reference"))
    try:
        return (reference._scheme, reference._userinfo, reference._host, reference._port,
                reference._path, reference._query, reference._fragment)
    except AttributeError:
        raise TypeError("a reference must be a URI or str, not "
                        f"{type(reference).__name__}") from None


def resolve(base: URI, reference: URI | str, strict: bool = True) -> URI:
    """Return the target of ``reference`` resolved against ``base`` (RFC 3986 §5.2.2).

    A transcription of the §5.2.2 pseudocode, with merge (§5.2.3) and
    :func:`remove_dot_segments` (§5.2.4). The base's fragment is never used (§5.1) and
    ``base`` is not changed. With ``strict=False``, a reference whose scheme is the
    base's is read as a relative reference; schemes are compared case-insensitively
    (§3.1), and the target takes the base's spelling of the scheme.

    A target without an authority whose path starts with "//" keeps that path; its
    text is written with a "/." guard by ``str()``, so it reads back the same.

    Args:
        base: the base URI; it must have a scheme.
        reference: the reference, as text (parsed strictly) or a URI.
        strict: ``False`` to read ``http:g`` against an http base as ``g``.

    Returns:
        A new URI, of the base's type.

    Raises:
        ResolveError: ``base`` has no scheme.
        ParseError: ``reference`` is text that is not a URI-reference.
        TypeError: ``reference`` is neither a URI nor a ``str``.

    >>> from urikit import URI
    >>> base = URI.parse("http://a/b/c/d;p?q")
    >>> str(resolve(base, "../g?y#s")), str(resolve(base, "http:g", strict=False))
    ('http://a/b/g?y#s', 'http://a/b/c/g')

    .. versionadded:: 0.1
    """
    b_scheme = base._scheme
    if b_scheme is None:
        raise ResolveError(_RELATIVE_BASE.format(str(base)))
    if type(reference) is str:  # inlined ``split``: resolution is benchmarked
        m = _MATCH(reference)
        if m is None or ("%" in reference and _BAD_PERCENT(reference)):
            raise diagnose(reference)
        r_scheme, r_userinfo, r_host, r_port, r_path, r_query, r_fragment = m.groups()
    else:
        (r_scheme, r_userinfo, r_host, r_port, r_path, r_query,
         r_fragment) = _reference_parts(reference)
    target = _new(type(base))
    if r_scheme is not None and (strict or (r_scheme != b_scheme
                                            and r_scheme.lower() != b_scheme.lower())):
        target._scheme = r_scheme
        target._userinfo = r_userinfo
        target._host = r_host
        target._port = r_port
        if r_path[:1] == "." or "/." in r_path:
            r_path = remove_dot_segments(r_path)
        target._query = r_query
    else:
        target._scheme = b_scheme
        if r_host is not None:
            target._userinfo = r_userinfo
            target._host = r_host
            target._port = r_port
            if "/." in r_path:  # path-abempty: a dot segment follows a "/"
                r_path = remove_dot_segments(r_path)
            target._query = r_query
        else:
            target._userinfo = base._userinfo
            target._host = base._host
            target._port = base._port
            if not r_path:
                r_path = base._path
                target._query = base._query if r_query is None else r_query
            else:
                if r_path[0] != "/":  # merge (§5.2.3)
                    b_path = base._path
                    if not b_path and base._host is not None:
                        directory = "/"
                    else:
                        directory = b_path[:b_path.rfind("/") + 1]
                    if r_path[0] == "." and directory[:1] == "/" and "/." not in directory:
                        # Fast path for "../../x": the leading dot segments climb an
                        # absolute directory without dot segments directly, as steps 2B
                        # and 2C would (indices, not slices: linear in the length);
                        # what follows is checked below like any path.
                        i, n, end = 0, len(r_path), len(directory)
                        while i < n and r_path[i] == ".":
                            if r_path.startswith("../", i) or (
                                    i + 2 == n and r_path[i + 1] == "."):
                                i += 3
                                end = directory.rfind("/", 0, end - 1) + 1 or 1
                            elif r_path.startswith("./", i) or i + 1 == n:
                                i += 2
                            else:
                                break
                        r_path = directory[:end] + r_path[i:]
                    else:
                        r_path = directory + r_path
                if r_path[:1] == "." or "/." in r_path:
                    r_path = remove_dot_segments(r_path)
                target._query = r_query
    target._path = r_path
    target._fragment = r_fragment
    return target


# --- relative references ---------------------------------------------------------------


def _resolved_path_query(base: URI, path: str, query: str | None) -> tuple[str, str | None]:
    """The path and query of the target of a reference that has neither scheme nor
    authority (the last branch of §5.2.2)."""
    if not path:
        return base._path, base._query if query is None else query
    if path[0] != "/":
        b_path = base._path
        if not b_path and base._host is not None:
            path = "/" + path
        else:
            path = b_path[:b_path.rfind("/") + 1] + path
    return remove_dot_segments(path), query


def _common_prefix(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _relative_path(directory: str, path: str) -> str | None:
    """The shortest relative-path text that, merged after ``directory`` (which ends with
    "/" or is empty) and freed of dot segments, gives ``path``; ``None`` when the two
    are not both absolute or both rootless. The result is checked by the caller."""
    if not path or (directory[:1] == "/") != (path[0] == "/"):
        return None
    if directory[:1] == "/":
        dirs = directory.split("/")[1:-1]
        segments = path.split("/")[1:]
    else:
        dirs = directory.split("/")[:-1]
        segments = path.split("/")
    # the last segment of ``path`` names the file; it never counts as a directory
    common = _common_prefix(dirs, segments[:-1])
    ups = len(dirs) - common
    rest = segments[common:]
    if rest == [""]:  # the target is a directory: ".", "..", "../.." ...
        return "../" * (ups - 1) + ".." if ups else "."
    text = "/".join(rest)
    if ups:
        return "../" * ups + text
    # an empty first segment would make the path absolute: "./" keeps it relative
    return "./" + text if not rest[0] else text


def relative_to(target: URI, base: URI | str) -> URI:
    """Return the shortest reference that ``base`` resolves to ``target``.

    The target's dot segments are removed first (on a copy); a target that is itself a
    relative reference is first resolved against ``base``. The result ``r`` is the
    shortest text among every kind of reference (§4.2) for which
    ``base.resolve(r)`` equals that target, component by component:

    * a different scheme (compared exactly, since a relative reference would take the
      base's spelling of it): the target itself;
    * a different authority: a network-path reference (``//host/path``), or the target
      itself when it has no authority;
    * otherwise the shortest of the empty reference (``""``, ``"?y"``, ``"#s"``) when
      only the query or fragment differ and the empty path can give them (an empty
      path keeps the base's query, so a target without a query needs a path), a
      relative path using ``..``, an absolute path, a network path and the target.

    A relative path of the same length as an absolute one is preferred. Each candidate
    is checked by resolving it, so every result resolves back exactly. The result is
    stored as ``URI.parse`` reads its text: a first segment holding ":" keeps a "./"
    prefix and a path starting with "//" a "/." prefix.

    Args:
        target: the URI to reach.
        base: the base URI, as a URI or text; it must have a scheme.

    Returns:
        A new URI, of the target's type.

    Raises:
        ResolveError: ``base`` has no scheme.
        ParseError: ``base`` is text that is not a URI-reference.

    >>> from urikit import URI
    >>> base = URI.parse("http://a/b/c/d;p?q")
    >>> [str(relative_to(URI.parse(t), base))
    ...  for t in ("http://a/b/c/g", "http://a/b/g", "http://a/b/c/d;p", "http://x/y")]
    ['g', '../g', 'd;p', '//x/y']

    .. versionadded:: 0.1
    """
    from ._uri import URI  # here: _uri imports this module

    if not isinstance(base, URI):
        base = URI.parse(require_str(base, "base"))
    if base._scheme is None:
        raise ResolveError(_RELATIVE_BASE.format(str(base)))
    if target._scheme is None:
        t = resolve(base, target)
    else:
        t = target.copy()
        t._path = remove_dot_segments(t._path)
    scheme, userinfo, host, port = t._scheme, t._userinfo, t._host, t._port
    path, query, fragment = t._path, t._query, t._fragment
    if host is None and path[:2] == "//":
        t._path = "/." + path  # stored as its text reads back
    if scheme != base._scheme:
        return t
    same_authority = (host == base._host and userinfo == base._userinfo
                      and port == base._port)
    if not same_authority and host is None:
        return t
    # The shortest wins; on a tie, the earlier kind: empty path, relative path,
    # absolute path, network path, the target itself.
    best: tuple[str, str | None] | None = None  # (path, query) without authority
    best_length = len(recompose(scheme, userinfo, host, port, t._path, query, None))
    if same_authority:
        b_path = base._path
        candidates: list[tuple[str, str | None]] = []
        if path == b_path and (query == base._query or query is not None):
            candidates.append(("", None if query == base._query else query))
        if not b_path and base._host is not None:
            directory = "/"
        else:
            directory = remove_dot_segments(b_path[:b_path.rfind("/") + 1])
        relative = _relative_path(directory, path)
        if relative is not None:
            candidates.append((relative, query))
        if path[:1] == "/":
            candidates.append((path, query))
        elif not path:
            candidates.append((".", query))
        for c_path, c_query in candidates:
            c_path = guard_path(None, None, c_path)
            length = len(c_path) if c_query is None else len(c_path) + len(c_query) + 1
            if length < best_length and (
                    _resolved_path_query(base, c_path, c_query) == (path, query)):
                best, best_length = (c_path, c_query), length
    ref = _new(type(target))
    ref._scheme = None
    ref._query = query
    ref._fragment = fragment
    if best is not None:
        ref._userinfo = ref._host = ref._port = None
        ref._path, ref._query = best
        return ref
    if host is not None and (
            len(recompose(None, userinfo, host, port, path, query, None)) < best_length):
        ref._userinfo, ref._host, ref._port, ref._path = userinfo, host, port, path
        return ref
    return t
