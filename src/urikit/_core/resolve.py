"""Reference resolution (RFC 3986 §5.2) and its inverse, the relative reference."""

from __future__ import annotations

import re
from typing import Final

from .build import Checked
from .components import Parts
from .errors import ResolveError, Rule
from .parse import require_str
from .serialize import guard_path, to_text


def require_base(base: Parts, shown: str) -> None:
    """Raise :class:`ResolveError` unless ``base`` can be a base URI (RFC 3986 §5.1).

    ``shown`` is the base's text as an error message may show it (password masked).
    """
    if base[0] is None:
        raise ResolveError(Rule.BASE_NEEDS_SCHEME, shown)


# A dot segment (with the "/" before it), then every "/" and "." after it: where a run
# of dot segments starts, and (in C) all the text it can span.
_DOT_RUN: Final = re.compile(r"/\.\.?(?=/|\Z)[/.]*")


def _climb(path: str) -> str | None:
    """The §5.2.4 result for an absolute path with at most one run of dot segments: a
    prefix without dot segments, then "." and ".." segments, then a rest without any
    (``/a/b/../../x/y``); the path itself when it has no dot segment (``/.well-known``);
    ``None`` for a path with more runs.

    The run is found with one regular expression search, its ".." segments are
    counted and climb the prefix with one ``rsplit`` (each removes the prefix's last
    segment, never above the root): every step runs in C, in time linear in the
    length of the path.
    """
    found = _DOT_RUN.search(path)
    if found is None:
        return path  # a "/." only as the start of a name, like "/.well-known"
    start, end = found.span()
    run = path[start:end]  # "/" and "." only, starting with a dot segment
    if "//" in run or "..." in run:
        # an empty segment, or one of three dots or more, ends the run
        cut = run.find("//")
        dots = run.find("...")
        if dots >= 0:
            dots = run.rfind("/", 0, dots)
            cut = dots if cut < 0 else min(cut, dots)
        end = start + cut
    elif end < len(path):  # the last segment goes on with other characters
        end = path.rfind("/", start, end)
    prefix = path[:start]
    ups = path.count("/..", start, end)  # the run holds only "/." and "/.." segments
    if ups:
        prefix = prefix.rsplit("/", ups)[0]
    if end == len(path):
        return prefix + "/"  # a final dot segment leaves its "/" (steps 2B, 2C)
    if path.find("/.", end) >= 0 and _DOT_RUN.search(path, end) is not None:
        return None  # more dot segments later: the general loop handles them
    return prefix + path[end:]


def remove_dot_segments(path: str | Checked) -> str:
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

    Raises:
        TypeError: ``path`` is not a ``str`` (in both builds: the pure one would
            otherwise slice a list as it slices text).

    >>> remove_dot_segments("/a/b/c/./../../g")
    '/a/g'
    >>> remove_dot_segments("mid/content=5/../6")
    'mid/6'
    >>> remove_dot_segments("../a/b/..")
    'a/'
    >>> remove_dot_segments("/../../x/.")
    '/x/'

    .. versionadded:: 0.2
    """
    if type(path) is not str:
        path = require_str(path, "path")
    # A dot segment starts the path or follows a "/": without either, nothing to do.
    if path[:1] != "." and "/." not in path:
        return path
    if path[:1] == "/" and len(path) > _SHORT_PATH:
        climbed = _climb(path)
        if climbed is not None:
            return climbed
    return _segment_stack(path)


# Up to this length a path goes straight to the segment stack: on a few segments it is
# quicker than the fixed cost of the climb's search.
_SHORT_PATH: Final = 64


def _segment_stack(path: str) -> str:
    """The §5.2.4 result for a non-empty path, read segment by segment onto a stack."""
    segments = path.split("/")
    last = len(segments) - 1
    # ``out`` holds the segments of the output buffer, to be joined with "/". An
    # absolute path's come after its leading "/". A relative path's first segment,
    # written without a "/" before it, is held as ``first + "/"`` (no segment holds a
    # "/", so it is told apart) until the end: if a ".." removes it, the "/" that came
    # after it is left (step 2C), and the output starts with "/" after all.
    out: list[str] = []
    relative = segments[0] != ""
    if relative:
        # Steps 2A and 2D drop leading "." and ".." segments.
        i = 0
        while i <= last and segments[i] in (".", ".."):
            i += 1
        if i > last:
            return ""
        out.append(segments[i] + "/")
        i += 1
    else:
        i = 1
    if i <= last:
        pop = out.pop
        push = out.append
        for segment in segments[i:last]:
            if segment == "..":  # step 2C: removes the last segment and its "/"
                if out:
                    pop()
            elif segment != ".":  # step 2E; step 2B removes a "."
                push(segment)
        segment = segments[last]
        if segment == "..":
            if out:
                pop()
            push("")  # a final dot segment leaves its "/"
        elif segment == ".":
            push("")
        else:
            push(segment)
    if relative and out and out[0][-1:] == "/":  # the first segment is still there
        out[0] = out[0][:-1]
        return "/".join(out)
    return "/" + "/".join(out)


def merge(base: Parts, path: str) -> str:
    """Merge a relative-path reference's ``path`` with the base's (RFC 3986 §5.2.3).

    >>> from urikit import URI
    >>> merge(URI.parse("http://a/b/c/d;p?q").components, "g")
    '/b/c/g'
    >>> merge(URI.parse("http://a").components, "g")
    '/g'
    """
    b_path = base[4]
    if base[2] is not None and not b_path:
        return "/" + path
    return b_path[:b_path.rfind("/") + 1] + path


def resolve(base: Parts, ref: Parts, strict: bool = True) -> Parts:
    """The target of ``ref`` resolved against ``base`` (RFC 3986 §5.2.2).

    The branches below are the pseudocode's, in its order, with :func:`merge`
    (§5.2.3) and :func:`remove_dot_segments` (§5.2.4). The base's fragment is never
    used (§5.1). With ``strict=False``, a reference whose scheme is the base's
    (compared case-insensitively, §3.1) is read as a relative reference, and the
    target takes the base's spelling of the scheme.

    A target without an authority whose path starts with "//" keeps that path; its
    text is written with a "/." guard, so it reads back the same.

    The caller checks the base with :func:`require_base`.

    >>> from urikit import URI
    >>> base = URI.parse("http://a/b/c/d;p?q").components
    >>> resolve(base, URI.parse("../g?y#s").components)
    ('http', None, 'a', None, '/b/g', 'y', 's')

    .. versionadded:: 0.2
    """
    r_scheme, r_userinfo, r_host, r_port, r_path, r_query, r_fragment = ref
    b_scheme, b_userinfo, b_host, b_port, b_path, b_query, _ = base
    if r_scheme is not None and not strict and (
            r_scheme == b_scheme or r_scheme.lower() == (b_scheme or "").lower()):
        r_scheme = None  # "if (!strict) and (R.scheme == Base.scheme)"
    if r_scheme is not None:
        return (r_scheme, r_userinfo, r_host, r_port, remove_dot_segments(r_path), r_query,
                r_fragment)
    if r_host is not None:
        return (b_scheme, r_userinfo, r_host, r_port, remove_dot_segments(r_path), r_query,
                r_fragment)
    if not r_path:
        return (b_scheme, b_userinfo, b_host, b_port, b_path,
                b_query if r_query is None else r_query, r_fragment)
    if r_path[0] == "/":
        path = remove_dot_segments(r_path)
    else:
        path = remove_dot_segments(merge(base, r_path))
    return (b_scheme, b_userinfo, b_host, b_port, path, r_query, r_fragment)


# --- relative references ---------------------------------------------------------------


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


def _reference(path: str, query: str | None, fragment: str | None) -> Parts:
    """A relative-path or empty reference, its path stored as its text reads back."""
    return (None, None, None, None, guard_path(None, None, path), query, fragment)


def relative(target: Parts, base: Parts) -> Parts:
    """The shortest reference that ``base`` resolves to ``target``.

    A relative target is first resolved against ``base``. When the target's path is
    the base's, verbatim, the empty reference (``""``, ``"?y"``, ``"#s"``) reaches it
    exactly, dot segments and all, since an empty reference keeps the base's path
    (§5.2.2). Otherwise every reference with a path has its dot segments removed on
    resolution, so the aim is the target without dot segments, and the result is the
    shortest text among every kind of reference (§4.2) that ``base`` resolves to it:

    * a different scheme (compared exactly, since a relative reference would take the
      base's spelling of it): the target itself;
    * a different authority: a network-path reference (``//host/path``), or the target
      itself when it has no authority;
    * otherwise the shortest of a relative path using ``..``, an absolute path, a
      network path and the target; on a tie, the earlier of these.

    Each candidate is checked by resolving it, so every result resolves back. The
    result's path is stored as its text reads back: a first segment holding ":" keeps
    a "./" prefix and a path starting with "//" a "/." prefix.

    The caller checks the base with :func:`require_base`.

    >>> from urikit import URI
    >>> base = URI.parse("http://a/b/c/d;p?q").components
    >>> [to_text(relative(URI.parse(t).components, base))
    ...  for t in ("http://a/b/c/g", "http://a/b/g", "http://a/b/c/d;p", "http://x/y")]
    ['g', '../g', 'd;p', '//x/y']

    .. versionadded:: 0.2
    """
    if target[0] is None:
        target = resolve(base, target)
    scheme, userinfo, host, port, path, query, fragment = target
    b_scheme, b_userinfo, b_host, b_port, b_path, b_query, _ = base
    if scheme != b_scheme:
        return target
    same_authority = host == b_host and userinfo == b_userinfo and port == b_port
    if not same_authority and host is None:
        return target
    dot_free = remove_dot_segments(path)
    if same_authority and b_path in (path, dot_free) and (
            query == b_query or query is not None):
        return _reference("", None if query == b_query else query, fragment)
    path = dot_free
    stored = path if host is not None else guard_path(scheme, None, path)  # as it reads back
    target = (scheme, userinfo, host, port, stored, query, fragment)
    whole = len(to_text((scheme, userinfo, host, port, stored, query, None)))
    best: tuple[str, int] | None = None  # (path, length) of the best relative path
    if same_authority:
        directory = remove_dot_segments(merge(base, ""))  # the base's directory (§5.2.3)
        query_length = 0 if query is None else len(query) + 1
        for candidate in (_relative_path(directory, path), path if path[:1] == "/" else None,
                          "." if not path else None):
            if candidate is None:
                continue
            candidate = guard_path(None, None, candidate)
            length = len(candidate) + query_length
            if length < (whole if best is None else best[1]) and resolve(
                    base, _reference(candidate, query, None))[4] == path:
                best = (candidate, length)
    if best is not None:
        return _reference(best[0], query, fragment)
    network = (None, userinfo, host, port, path, query, fragment)
    if host is not None and len(to_text((None, userinfo, host, port, path, query, None))) \
            < whole:
        return network
    return target
