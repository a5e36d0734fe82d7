"""The path as a list of segments: text <-> segments and the live segment view."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from typing import Final, SupportsIndex, cast, overload

from .._core.build import Checked
from .._core.errors import BuildError, Rule
from .._core.parse import PATH, SEGMENT, check_wire, require_str
from .._core.percent import encode, unquote
from .._whatwg.masking import masked_path
from .view import Owner, Writer, kept, read_only

_SEGMENT_HINT: Final = "to store plain text, use uri.text.path or the *_text methods"


def split_path(path: str) -> list[str]:
    """Split path text into segments on "/" (``""`` is ``[]``).

    An absolute path's first segment is the empty root marker, and a path ending in
    "/" ends with an empty segment, as ``str.split`` gives them: ``"/"`` is
    ``["", ""]``, the root and one empty segment (RFC 3986 §3.3, path-abempty).

    >>> split_path("/a/"), split_path("a"), split_path("/"), split_path("")
    (['', 'a', ''], ['a'], ['', ''], [])
    """
    return path.split("/") if path else []


def join_path(segments: list[str]) -> str:
    """Join segments into path text, the inverse of :func:`split_path`.

    ``[""]``, the root marker alone, would be written "" and read back as ``[]``, so
    it is refused: the root path "/" is ``["", ""]`` and the empty path ``[]``.

    Raises:
        BuildError: ``segments`` is ``[""]``.

    >>> join_path(["", "a", ""]), join_path(["", ""]), join_path([])
    ('/a/', '/', '')
    """
    if len(segments) == 1 and not segments[0]:
        raise BuildError(Rule.ROOT_MARKER_ALONE, "the root path '/' is ['', ''] (the root "
                         "marker and one empty segment) and the empty path is []")
    return "/".join(segments)


def check_segment(segment: object) -> str:
    """Return ``segment`` if it is valid wire text for one segment, else raise."""
    if type(segment) is str and "/" not in segment:
        return check_wire(segment, SEGMENT, _SEGMENT_HINT)
    segment = require_str(segment, "a segment")
    return check_wire(segment, SEGMENT, "a segment cannot hold '/'; pass segments "
                      "separately, or " + _SEGMENT_HINT if "/" in segment else _SEGMENT_HINT)


def encode_segment(segment: object) -> str:
    """The wire text of one plain-text segment ("/" in it is encoded); an ``int``
    is written with ``str()``, as a query value is (``bool`` is refused).

    Raises:
        BuildError: the segment is "." or "..", which plain text never becomes
            (:attr:`~urikit.Rule.DOT_SEGMENT_FROM_TEXT`).
        TypeError: the segment is neither ``str`` nor ``int``.
    """
    if isinstance(segment, int) and not isinstance(segment, bool):
        return int.__repr__(segment)
    text = require_str(segment, "a segment")
    if text == "." or text == "..":
        raise dot_segment_error(text)
    return encode(text, "segment")


def dot_segment_error(text: str) -> BuildError:
    """The error for plain text that would be the dot segment ``text``."""
    return BuildError(Rule.DOT_SEGMENT_FROM_TEXT,
                      f"{text!r} from plain text would climb or stay a level, as resolution "
                      "reads it; write a dot segment as wire text (add_segments, add_path)")


def dot_segment_in(text: str) -> str | None:
    """The first "/"-separated piece of ``text`` that is "." or "..", or ``None``."""
    # such a piece starts the text or follows a "/": without either, no split (a
    # list and a string per piece, on most paths, "/index.html" among them)
    if text[:1] == "." or "/." in text:
        for piece in text.split("/"):
            if piece == "." or piece == "..":
                return piece
    return None


def check_dots(text: str) -> str:
    """``text``, a plain path string, if no "/"-separated piece of it is "." or "..";
    else :class:`BuildError` (:attr:`~urikit.Rule.DOT_SEGMENT_FROM_TEXT`)."""
    if "." in text:  # no call for most paths
        piece = dot_segment_in(text)
        if piece is not None:
            raise dot_segment_error(piece)
    return text


def relative_path(path: object, text: bool) -> str:
    """The wire text of a relative path string: plain text (``text=True``) split at
    "/" and each piece encoded once, "." and ".." refused; or wire text validated.

    Raises:
        BuildError: the path starts with "/"
            (:attr:`~urikit.Rule.PATH_STRING_IS_RELATIVE`), or, as plain text, has a
            piece "." or "..".
        ParseError: wire text that is not a valid path.

    >>> relative_path("a b/c d/", True), relative_path("../a%20b", False)
    ('a%20b/c%20d/', '../a%20b')
    """
    if type(path) is not str:
        path = require_str(path, "a path")
    if path[:1] == "/":
        raise BuildError(Rule.PATH_STRING_IS_RELATIVE,
                         "to add an empty segment first, use add_segments('', ...); to "
                         "replace the path, use resolve()")
    if text:
        # "path" encodes as "segment" does, but for "/", kept as the delimiter
        return encode(check_dots(path), "path")
    return check_wire(path, PATH, _SEGMENT_HINT)


def path_from(value: str | Iterable[str], text: bool, held: str | None = None) -> str:
    """Path text from a wire or plain-text path string or an iterable of segments.

    A :class:`PathSegments` view gives its URI's wire path as it is, whichever view
    it is and whichever setter takes it: ``uri.text.path += ["x"]`` assigns the view
    back after extending it, and re-encoding its decoded segments would change the
    untouched ones (``%7e`` to ``~``, ``%2E%2E`` to a real ``..``; RFC 3986 §2.4).
    For the same reason a plain-text segment that reads as the segment at its place in
    ``held`` (the URI's path now) keeps that wire text (:func:`~urikit._model.view.kept`):
    a list of what ``uri.text.path`` reads writes back the path it was read from.
    """
    if isinstance(value, str):  # first: the common case, and a cheaper check than an ABC's
        if text:
            return encode(check_dots(value), "path")
        return check_wire(value, PATH, _SEGMENT_HINT)
    if isinstance(value, PathSegments):
        return value._owner.components.path  # pyright: ignore[reportPrivateUsage]
    # each segment read as the object it is: compiled, a loop over Iterable[str] would
    # check it in mypyc's words before urikit's check names it
    segments = list(cast("Iterable[object]", value))
    if text:
        old = [] if held is None else split_path(held)
        return join_path([text_segment(s, old[k] if k < len(old) else None)
                          for k, s in enumerate(segments)])
    return join_path([check_segment(s) for s in segments])


def text_segment(segment: object, held: str | None = None) -> str:
    """The wire text of one plain-text segment: ``held``, the segment it replaces,
    when the text is what ``held`` reads as (:func:`~urikit._model.view.kept`: ``%2E``
    reads ".", which written anew is refused, and ``%7e`` reads "~"); else the
    segment encoded ("/" included)."""
    if isinstance(segment, str) and kept(held, segment, unquote):
        return held
    return encode_segment(segment)


def segment_suffix(path: str, segment: str, has_authority: bool) -> str:
    """The text that adding one wire segment appends to path text: a trailing empty
    segment is filled, so ``/files/`` plus ``x`` is ``/files/x``; under an authority an
    empty path is the root, so ``x`` gives ``/x``; ``""`` adds a trailing "/" once.

    >>> segment_suffix("/files/", "x", True), segment_suffix("/files", "x", True)
    ('x', '/x')
    >>> segment_suffix("", "x", True), segment_suffix("", "x", False)
    ('/x', 'x')
    >>> segment_suffix("/a", "", True)
    '/'
    """
    if not path:
        return "/" + segment if has_authority else segment
    if path[-1] == "/":
        return segment
    return "/" + segment


def prefix_path(path: str, wire: str, has_authority: bool) -> str:
    """Path text with the wire path string ``wire`` put before its segments: a
    trailing "/" of ``wire`` is the separator, so ``v1/`` and ``v1`` both give
    ``/v1/a`` before ``/a``; an empty path takes ``wire`` as an appended one would
    (:func:`segment_suffix`); ``""`` or ``"/"`` change nothing.

    >>> prefix_path("/a", "v1/", True), prefix_path("/", "v1", True)
    ('/v1/a', '/v1/')
    >>> prefix_path("a", "x/y", False), prefix_path("", "v1/", True)
    ('x/y/a', '/v1/')
    """
    if not path:
        return segment_suffix(path, wire, has_authority)
    if wire[-1:] == "/":
        wire = wire[:-1]
    if not wire:
        return path
    return "/" + wire + path if path[0] == "/" else wire + "/" + path


# --- the last segment as pathlib reads a file name -----------------------------------

def suffix_start(name: str) -> int:
    """Where pathlib's suffix of the file name ``name`` starts (its last ".", not
    first nor last), or ``len(name)`` when it has none.

    >>> suffix_start("a.tar.gz"), suffix_start(".bashrc"), suffix_start("a.")
    (5, 7, 2)
    """
    i = name.rfind(".")
    return i if 0 < i < len(name) - 1 else len(name)


def is_single_dot(wire: str) -> bool:
    """Whether the wire segment ``wire`` is the dot segment "." (``%2E`` included): the
    path names the directory before it (RFC 3986 §5.2.4 removes it, leaving the
    empty last segment of ``/a/b/``), so it has no name, as pathlib's ``"."`` has
    none.

    >>> is_single_dot("."), is_single_dot("%2e"), is_single_dot(".."), is_single_dot(".a")
    (True, True, False, False)
    """
    return wire in (".", "%2E", "%2e")


def wire_suffix_start(wire: str) -> int:
    """:func:`suffix_start` on a wire segment, where a dot is "." or "%2E": the same
    split as the plain text's (an escape decodes to "." only if it is one, and no
    UTF-8 sequence holds the octet 2E), found without decoding the rest.

    >>> wire_suffix_start("a%2Ecsv"), wire_suffix_start("%2Ea")
    (1, 4)
    """
    i = max(wire.rfind("."), wire.rfind("%2E"), wire.rfind("%2e"))
    end = i + 1 if i < 0 or wire[i] == "." else i + 3
    return i if i > 0 and end < len(wire) else len(wire)


def suffixes_of(name: str) -> list[str]:
    """pathlib's ``suffixes`` of the file name ``name``.

    >>> suffixes_of("a.tar.gz"), suffixes_of("a."), suffixes_of(".a.b")
    (['.tar', '.gz'], [], ['.b'])
    """
    if name.endswith("."):
        return []
    return ["." + piece for piece in name.lstrip(".").split(".")[1:]]


class ReadOnlyPath(Sequence[str]):
    """A path's segments as type checkers see them on a :class:`~urikit.FrozenURI`: a
    ``Sequence[str]`` with the reading methods of a list, and no edit
    (``frozen.path.append("x")`` is a type error, as it is an error at run time). A
    :class:`PathSegments` is one (a subclass); this class exists for annotations and
    has no instances of its own (constructing one raises ``TypeError``).

    Being a ``Sequence[str]``, it matches sequence patterns for type checkers as
    at run time: ``case FrozenURI(path=["", *rest]):`` reads ``rest`` as a
    ``list[str]``.

    .. versionadded:: 0.2
    .. versionchanged:: 0.8
       A ``Sequence[str]`` (it was a protocol that mypy and pyright did not see as a
       sequence, so a sequence pattern on it was reported unreachable).
    """

    # what Sequence leaves abstract, and what a list's reading differs in (slices are
    # lists, index's stop may be None, "+" gives a list), each with no body of its
    # own: not abstract methods, as the compiled build would not refuse an instance
    # then (mypyc does not check them), so __init__ refuses it in both builds alike
    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("ReadOnlyPath is a type for annotations and has no instances "
                        "of its own (a URI's path is a PathSegments)")

    def __len__(self) -> int:
        raise NotImplementedError
    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        raise NotImplementedError
    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """The index of the first segment equal to ``value``, as :meth:`list.index`."""
        raise NotImplementedError
    def __add__(self, values: Iterable[str]) -> list[str]:
        raise NotImplementedError


def _in_range(index: object, length: int) -> int:
    """``index`` when a list of ``length`` items has it, else ``IndexError``, as a list
    says: compiled, a list's index is a C integer, so an index no list can hold
    (``10**30``) would be an OverflowError there. An index that is no integer (nor has
    ``__index__``) is a ``TypeError`` in a list's words, the same in both builds."""
    if isinstance(index, int):
        number = index
    else:
        try:
            number = operator.index(cast("SupportsIndex", index))
        except TypeError:
            raise TypeError("path indices must be integers or slices, not "
                            f"{type(index).__name__}") from None
    if not -length <= number < length:
        raise IndexError("path index out of range")
    return number


class PathSegments(MutableSequence[str], ReadOnlyPath):
    """A live, list-like view of a URI's path segments.

    Reading and writing go through to the URI, so ``uri.path.append("x")`` edits the
    URI. ``uri.path`` holds wire text (each segment validated on write);
    ``uri.text.path`` holds plain text (each segment percent-encoded on write and
    decoded on read). Every list method does what it does on a ``list``, with one
    write to the URI, or raises and leaves the URI as it was:

    * an absolute path has ``""``, the root marker, as its first segment, and a path
      ending in "/" an empty last segment: ``"/a/"`` is ``["", "a", ""]``, ``"/"`` is
      ``["", ""]``, ``""`` is ``[]`` (the segments ``str.split("/")`` gives);
    * with an authority, a non-empty path must start with the root marker (RFC 3986
      §3.3), so an edit that would move it from index 0 (``insert(0, "v2")``,
      ``pop(0)``, ``reverse()``) raises :class:`~urikit.BuildError`: insert at 1;
    * with an authority, the empty path is the root, so what an edit puts into it
      follows the root marker (unless it starts with it): ``URI.parse("https://h")
      .path.append("a")`` gives ``https://h/a``, as do ``insert(0, "a")`` and
      ``path[:] = ["a"]``;
    * ``[""]``, the root marker alone, has no text of its own (it would read back as
      ``[]``) and raises :class:`~urikit.BuildError`.

    The view compares equal to a list or tuple of the same segments and to its path
    text: ``URI.parse("http://h/login").path == "/login"`` is ``True``. ``str()``
    gives the path text (wire text for ``uri.path``, decoded for ``uri.text.path``).

    .. versionadded:: 0.2

    .. versionchanged:: 0.2
       The path "/" is ``['', '']``, the root marker and one empty segment, as
       ``str.split`` gives them; ``['']`` has no text; under an authority an edit that
       would move the root marker raises :class:`~urikit.BuildError`.

    .. versionchanged:: 0.3
       An edit of the empty path under an authority gives an absolute path.
    """

    __slots__ = ("_owner", "_text", "_write")

    def __init__(self, owner: Owner, write: Writer | None, text: bool = False) -> None:
        self._owner = owner
        self._write = write
        self._text = text

    def __reduce__(self) -> tuple[Callable[[Owner], object], tuple[Owner]]:
        # the view its URI hands out (copy shares the URI, deepcopy and pickle copy
        # it), asked of the URI: the writer is the URI's own, which a deep copy of a
        # compiled (builtin) bound method would not be; and a compiled class is
        # rebuilt through its constructor, which needs arguments
        return (operator.attrgetter("text.path" if self._text else "path"), (self._owner,))

    def _segments(self) -> list[str]:
        return split_path(self._owner._component(4) or "")  # pyright: ignore[reportPrivateUsage]

    def _store(self, segments: list[str]) -> None:
        write = self._write
        if write is None:
            raise read_only()
        if segments and segments[0]:
            owner = self._owner
            if owner._component(2) is not None:  # pyright: ignore[reportPrivateUsage]
                if owner._component(4):  # pyright: ignore[reportPrivateUsage]
                    raise BuildError(Rule.PATH_NEEDS_ROOT, "edit from index 1")
                # an empty path under an authority is the root: what an edit puts
                # there follows the root marker, the one valid reading (§3.3)
                segments = ["", *segments]
        write("path", join_path(segments))

    def _in(self, segment: object, held: str | None = None) -> str:
        # a text segment that reads as the one it replaces keeps its wire text
        return text_segment(segment, held) if self._text else check_segment(segment)

    def _ins(self, values: Iterable[str], held: list[str] | None = None) -> list[str]:
        if isinstance(values, str):
            raise TypeError("give segments as an iterable of str, not a str (which would "
                            "add one segment per character)")
        old = [] if held is None else held
        # each item checked by _in, in urikit's words: not typed str before (compiled,
        # mypyc would check it, in its own)
        return [self._in(v, old[k] if k < len(old) else None)
                for k, v in enumerate(cast("Iterable[object]", values))]

    def _out(self, segments: list[str]) -> list[str]:
        if not self._text:
            return segments
        if len(segments) > 16:
            # many segments decoded at once, in C passes (an unquote call per segment
            # took 18x a parse of a path of "%C3%A9/"): without an encoded "/", each
            # decoded "/" is a separator, and ASCII never continues a UTF-8 sequence
            joined = "/".join(segments)
            if "%2F" not in joined and "%2f" not in joined:
                return unquote(joined).split("/")
        return [unquote(s) for s in segments]

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice | Checked) -> str | list[str]:
        given: object = index  # not narrowed to int: compiled, mypyc would check it
        segments = self._segments()
        if isinstance(index, slice):
            return self._out(segments[index])
        segment = segments[_in_range(given, len(segments))]
        return unquote(segment) if self._text else segment

    @overload
    def __setitem__(self, index: int, value: str) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[str]) -> None: ...
    def __setitem__(self, index: int | slice | Checked, value: str | Iterable[str]) -> None:
        given: object = index  # not narrowed to int: compiled, mypyc would check it
        segments = self._segments()
        if isinstance(index, slice):
            segments[index] = self._ins(value, segments[index])
        else:
            k = _in_range(given, len(segments))
            segments[k] = self._in(value, segments[k])
        self._store(segments)

    def __delitem__(self, index: int | slice | Checked) -> None:
        given: object = index  # not narrowed to int: compiled, mypyc would check it
        segments = self._segments()
        if isinstance(index, slice):
            del segments[index]
        else:
            del segments[_in_range(given, len(segments))]
        self._store(segments)

    def __len__(self) -> int:
        return len(self._segments())

    def __iter__(self) -> Iterator[str]:
        return iter(self._out(self._segments()))

    def __reversed__(self) -> Iterator[str]:
        return reversed(self._out(self._segments()))

    def __contains__(self, value: object) -> bool:
        return value in self._out(self._segments())

    def index(self, value: object, start: int | Checked = 0,
              stop: int | Checked | None = None) -> int:
        """The index of the first segment equal to ``value``, as :meth:`list.index`."""
        segments = self._out(self._segments())
        end: object = stop  # not narrowed to int: compiled, mypyc would check it
        if end is None:
            end = len(segments)
        return segments.index(value, start, end)  # type: ignore[arg-type]

    def count(self, value: object) -> int:
        """How many segments equal ``value``, as :meth:`list.count`."""
        return self._out(self._segments()).count(value)  # type: ignore[arg-type]

    def insert(self, index: int | Checked, value: str | Checked) -> None:
        """Insert a segment before ``index``, as :meth:`list.insert`."""
        segments = self._segments()
        value = self._in(value)
        segments.insert(operator.index(index), value)
        self._store(segments)

    def append(self, value: str | Checked) -> None:
        """Append a segment, as :meth:`list.append` (a trailing ``""`` stays)."""
        self._add([self._in(value)])

    def extend(self, values: Iterable[str]) -> None:
        """Append every segment of ``values``, with one write to the URI."""
        self._add(self._ins(values))

    def _add(self, wire: list[str]) -> None:
        """Append wire segments. After a non-empty path this is text appended to the
        text, without splitting the path (so n appends cost time linear in n): the root
        marker stays first and the list stays longer than ``[""]``."""
        if not wire:
            return
        if not self._owner._component(4):  # pyright: ignore[reportPrivateUsage]
            self._store(wire)  # which roots them under an authority
            return
        if self._write is None:
            raise read_only()
        self._write("path", "/" + "/".join(wire), append=True)

    # ReadOnlyPath has "+" (a new list) and no "+=": mypy asks that this "+=" give what
    # ReadOnlyPath's "+" gives, for a ReadOnlyPath name rebound by "+=" to hold a list;
    # no such name can (a list is no ReadOnlyPath), and "+=" edits the path in place,
    # as a list's does
    def __iadd__(self, values: Iterable[str]) -> PathSegments:  # type: ignore[override]
        self.extend(values)
        return self

    def __add__(self, values: Iterable[str] | Checked) -> list[str]:
        """A new list: these segments, then ``values`` (as ``list + list``); the URI
        is not changed. (It also lets type checkers accept ``uri.path += [...]``,
        which they read through the path setter.)"""
        if isinstance(values, str):
            raise TypeError("give segments as an iterable of str, not a str")
        result = list(self)
        try:
            added = iter(values)
        except TypeError:
            raise TypeError("can only add an iterable of segments to a path, not "
                            f"{type(values).__name__}") from None
        result.extend(added)
        return result

    def pop(self, index: int | Checked = -1) -> str:
        """Remove and return the segment at ``index``, as :meth:`list.pop`."""
        segments = self._segments()
        segment = segments.pop(operator.index(index))
        self._store(segments)
        return unquote(segment) if self._text else segment

    def remove(self, value: str | Checked) -> None:
        """Remove the first segment equal to ``value``, as :meth:`list.remove`."""
        segments = self._segments()
        del segments[self._out(segments).index(value)]
        self._store(segments)

    def reverse(self) -> None:
        """Reverse the segments in place, as :meth:`list.reverse`."""
        segments = self._segments()
        segments.reverse()
        self._store(segments)

    def clear(self) -> None:
        """Remove every segment: the path becomes empty."""
        self._store([])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (PathSegments, list, tuple)):
            return self._out(self._segments()) == list(cast("Iterable[object]", other))
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        if not self._text:
            return self._owner.components.path
        return "/".join(self._out(self._segments()))

    def __repr__(self) -> str:
        return f"PathSegments({self.shown()!r})"

    def shown(self) -> list[str]:
        """The segments as ``repr()`` shows them: a password a browser reads in the
        path masked (:func:`~urikit._whatwg.masking.masked_path`)."""
        return self._out(split_path(masked_path(self._owner.components)))
