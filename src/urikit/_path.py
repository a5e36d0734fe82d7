"""The path as a list of segments: text <-> segments and the live segment view."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSequence
from typing import TYPE_CHECKING, Final, overload

from . import _grammar as g
from ._parse import check_wire, require_str
from ._percent import encode, unquote

if TYPE_CHECKING:
    from ._uri import URI

_SEGMENT_HINT: Final = "to store plain text, use uri.text.path or the *_text methods"


def split_path(path: str) -> list[str]:
    """Split path text into segments: ``""`` -> ``[]``, ``"/"`` -> ``[""]``, else on "/".

    >>> split_path("/a/"), split_path("a"), split_path("//")
    (['', 'a', ''], ['a'], ['', '', ''])
    """
    if not path:
        return []
    if path == "/":
        return [""]
    return path.split("/")


def join_path(segments: list[str]) -> str:
    """Join segments into path text, the inverse of :func:`split_path`.

    ``[""]`` is the root ``"/"``; ``["", ""]`` is written ``"/"`` too and so reads back
    as ``[""]`` (both stand for the text "/").

    >>> join_path(["", "a", ""]), join_path([""]), join_path([])
    ('/a/', '/', '')
    """
    if segments == [""]:
        return "/"
    return "/".join(segments)


def check_segment(segment: str) -> str:
    """Return ``segment`` if it is valid wire text for one segment, else raise."""
    segment = require_str(segment, "a segment")
    check_wire(segment, g.SEGMENT_RE, g.PCHAR, "segment",
               "a segment cannot hold '/'; " + _SEGMENT_HINT if "/" in segment
               else _SEGMENT_HINT)
    return segment


def check_path(path: str) -> str:
    """Return ``path`` if it is valid wire text for a path (``*( pchar / "/" )``)."""
    path = require_str(path, "a path")
    check_wire(path, g.PATH_RE, g.PATH, "path", _SEGMENT_HINT)
    return path


def path_from(value: str | Iterable[str], text: bool) -> str:
    """Path text from a wire or plain-text path string or an iterable of segments."""
    if isinstance(value, str):
        return encode(value, "path") if text else check_path(value)
    convert = _encode_segment if text else check_segment
    return join_path([convert(s) for s in value])


def _encode_segment(segment: str) -> str:
    return encode(require_str(segment, "a segment"), "segment")


def join(path: str, part: str) -> str:
    """Append the wire relative path ``part`` to ``path``, pathlib-style.

    A path ending in "/" is a directory and ``part`` goes inside it; an absolute
    ``part`` replaces the path; ``""`` makes the path a directory.

    >>> join("/a/", "b"), join("/a", "b/c"), join("/a", "/x"), join("/a", "")
    ('/a/b', '/a/b/c', '/x', '/a/')
    """
    if part[:1] == "/":
        return part
    if not path or path[-1] == "/":
        return path + part
    return f"{path}/{part}"


class PathSegments(MutableSequence[str]):
    """A live, list-like view of a URI's path segments.

    Reading and writing go through to the URI, so ``uri.path.append("x")`` edits the
    URI. ``uri.path`` holds wire text (each segment validated on write);
    ``uri.text.path`` holds plain text (each segment percent-encoded on write and
    decoded on read). An absolute path has ``""`` as its first segment. With an
    authority, a non-empty path always starts with ``""`` (RFC 3986 §3.3): an edit
    that would make it relative gets the leading ``""`` back.

    It compares equal to a list or tuple of the same segments.

    .. versionadded:: 0.1
    """

    __slots__ = ("_text", "_uri")

    def __init__(self, uri: URI, text: bool = False) -> None:
        self._uri = uri
        self._text = text

    def _segments(self) -> list[str]:
        return split_path(self._uri._path)

    def _store(self, segments: list[str]) -> None:
        self._uri._assign_path(join_path(segments))

    def _in(self, segment: str) -> str:
        return _encode_segment(segment) if self._text else check_segment(segment)

    def _out(self, segments: list[str]) -> list[str]:
        return [unquote(s) for s in segments] if self._text else segments

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        segments = self._segments()
        if isinstance(index, slice):
            return self._out(segments[index])
        segment = segments[index]
        return unquote(segment) if self._text else segment

    @overload
    def __setitem__(self, index: int, value: str) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[str]) -> None: ...
    def __setitem__(self, index: int | slice, value: str | Iterable[str]) -> None:
        segments = self._segments()
        if isinstance(index, slice):
            if isinstance(value, str):
                raise TypeError("assign an iterable of segments to a slice, not a str")
            segments[index] = [self._in(v) for v in value]
        else:
            segments[index] = self._in(value)  # type: ignore[arg-type]
        self._store(segments)

    def __delitem__(self, index: int | slice) -> None:
        segments = self._segments()
        del segments[index]
        self._store(segments)

    def __len__(self) -> int:
        return len(self._segments())

    def __iter__(self) -> Iterator[str]:
        return iter(self._out(self._segments()))

    def insert(self, index: int, value: str) -> None:
        """Insert a segment before ``index``, as :meth:`list.insert`."""
        segments = self._segments()
        segments.insert(index, self._in(value))
        self._store(segments)

    def extend(self, values: Iterable[str]) -> None:
        """Append every segment of ``values`` with one write to the URI."""
        segments = self._segments()
        segments.extend([self._in(v) for v in values])
        self._store(segments)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PathSegments):
            return list(self) == list(other)
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PathSegments({list(self)!r})"
