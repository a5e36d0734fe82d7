"""Path strings (add_path, prepend_path, ``/``), pathlib's names on the last segment,
and dot segments refused from plain text (issue 33, points 1 to 3)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path, PurePosixPath
from typing import Any, Final
from urllib.parse import unquote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, BuildError, FrozenURI, ParseError, Rule, URIError, encode
from urikit import strategies as us

# --- RFC 3986 §3.3 and §4.2: a relative path string added to a path ------------------

APPEND: Final = [
    pytest.param("https://h.example/api/v1", "users/42/", "https://h.example/api/v1/users/42/",
                 id="no trailing slash"),
    pytest.param("https://h.example/api/v1/", "users/42/",
                 "https://h.example/api/v1/users/42/", id="trailing slash filled"),
    pytest.param("https://h.example", "users/42", "https://h.example/users/42",
                 id="empty path under an authority"),
    pytest.param("https://h.example/", "users", "https://h.example/users", id="root"),
    pytest.param("mailto:", "a@b", "mailto:a@b", id="no authority, empty path"),
    pytest.param("x:a", "b/c", "x:a/b/c", id="no authority, rootless"),
    pytest.param("", "a/b", "a/b", id="empty reference"),
    pytest.param("https://h/a", "", "https://h/a/", id="empty string adds a trailing slash"),
    pytest.param("https://h/a/", "", "https://h/a/", id="empty string on a trailing slash"),
    pytest.param("https://h/a", "b//c", "https://h/a/b//c", id="empty segment kept"),
    pytest.param("https://h/a?q=1#f", "b", "https://h/a/b?q=1#f", id="query and fragment kept"),
]


@pytest.mark.parametrize(("base", "path", "expected"), APPEND)
def test_add_path_rfc3986_3_3(base: str, path: str, expected: str) -> None:
    """A wire path string adds its "/"-separated segments as add_segments adds them;
    the plain-text form and ``/`` give the same for text that needs no encoding."""
    assert str(URI.parse(base).add_path(path)) == expected
    assert str(URI.parse(base).add_path_text(path)) == expected
    assert str(URI.parse(base) / path) == expected
    assert str(FrozenURI.parse(base).add_path(path)) == expected


PREPEND: Final = [
    pytest.param("https://h/users/42", "api/v1", "https://h/api/v1/users/42", id="absolute"),
    pytest.param("https://h/users/42", "api/v1/", "https://h/api/v1/users/42",
                 id="trailing slash is the separator"),
    pytest.param("https://h/", "v1", "https://h/v1/", id="root"),
    pytest.param("https://h", "v1/", "https://h/v1/", id="empty path as add_path"),
    pytest.param("x:a/b", "c", "x:c/a/b", id="rootless"),
    pytest.param("https://h/a", "", "https://h/a", id="empty string changes nothing"),
    pytest.param("https://h/a", "b//c", "https://h/b//c/a", id="empty segment kept"),
]


@pytest.mark.parametrize(("base", "path", "expected"), PREPEND)
def test_prepend_path_rfc3986_3_3(base: str, path: str, expected: str) -> None:
    """A path string put before the path's segments, after the root."""
    assert str(URI.parse(base).prepend_path(path)) == expected
    assert str(URI.parse(base).prepend_path_text(path)) == expected


def test_plain_path_string_encodes_each_piece_once() -> None:
    """Plain text is split at "/" and each piece encoded once: "%" is data."""
    base = "https://h/files/"
    assert str(URI.parse(base).add_path_text("a b/c d")) == "https://h/files/a%20b/c%20d"
    assert str(URI.parse(base) / "50%/a%20b") == "https://h/files/50%25/a%2520b"
    assert str(URI.parse(base).prepend_path_text("é/?")) == "https://h/%C3%A9/%3F/files/"
    assert str(URI.parse(base).add_segments_text("a/b")) == "https://h/files/a%2Fb"


def test_wire_path_string_is_validated_never_encoded() -> None:
    """add_path takes wire text: kept byte for byte, or ParseError."""
    assert str(URI.parse("https://h/").add_path("a%20b/%7e")) == "https://h/a%20b/%7e"
    with pytest.raises(ParseError):
        URI.parse("https://h/").add_path("a b")
    with pytest.raises(ParseError):
        URI.parse("https://h/").prepend_path("a?b")


@pytest.mark.parametrize("edit", [
    pytest.param(lambda u: u.add_path("/x"), id="add_path"),
    pytest.param(lambda u: u.add_path_text("/x"), id="add_path_text"),
    pytest.param(lambda u: u.prepend_path("/x"), id="prepend_path"),
    pytest.param(lambda u: u.prepend_path_text("/x"), id="prepend_path_text"),
    pytest.param(lambda u: u / "/x", id="/"),
    pytest.param(lambda u: u / "//x", id="/, two slashes"),
])
def test_leading_slash_is_refused_rfc3986_4_2(edit: Callable[[Any], object]) -> None:
    """A path string is relative: a leading "/" (an absolute path, which would replace
    the path in a resolution) raises BuildError, as yarl's ``/`` refuses it."""
    uri = URI.parse("https://h/a")
    with pytest.raises(BuildError) as info:
        edit(uri)
    assert info.value.rule is Rule.PATH_STRING_IS_RELATIVE
    assert str(uri) == "https://h/a"


@pytest.mark.parametrize("edit", [
    pytest.param(lambda u: u.add_path(3), id="add_path"),
    pytest.param(lambda u: u.prepend_path_text(None), id="prepend_path_text"),
    pytest.param(lambda u: u.with_name(b"x"), id="with_name"),
    pytest.param(lambda u: u.with_stem(1), id="with_stem"),
    pytest.param(lambda u: u.with_suffix(None), id="with_suffix"),
])
def test_wrong_types_raise_type_error(edit: Callable[[Any], object]) -> None:
    """An argument that is not a str raises TypeError."""
    with pytest.raises(TypeError):
        edit(URI.parse("https://h/a.txt"))


def test_truediv_of_a_non_str_is_not_implemented() -> None:
    """``uri / 3`` is a TypeError, as Python gives it for NotImplemented."""
    with pytest.raises(TypeError):
        URI.parse("https://h/") / 3  # type: ignore[operator]


# --- RFC 3986 §3.3 and §5.2.4: dot segments never come from plain text --------------

def _assign_text_path_str(u: URI) -> None:
    u.text.path = "/a/../b"


def _assign_text_segments(u: URI) -> None:
    u.text.path = ["", "a", ".."]


def _set_text_segment(u: URI) -> None:
    u.text.path[-1] = ".."


def _insert_text_segment(u: URI) -> None:
    u.text.path.insert(1, ".")


DOT_WRITES: Final = [
    pytest.param(lambda u: u.add_segments_text(".."), id="add_segments_text"),
    pytest.param(lambda u: u.add_segments_text("x", "."), id="add_segments_text, second"),
    pytest.param(lambda u: u.text.path.append(".."), id="text.path.append"),
    pytest.param(lambda u: u.text.path.extend(["x", ".."]), id="text.path.extend"),
    pytest.param(_set_text_segment, id="text.path[-1] ="),
    pytest.param(_insert_text_segment, id="text.path.insert"),
    pytest.param(_assign_text_path_str, id="text.path = str"),
    pytest.param(_assign_text_segments, id="text.path = list"),
    pytest.param(lambda u: u.set_text(path="a/."), id="set_text(path=str)"),
    pytest.param(lambda u: u.add_path_text("x/../y"), id="add_path_text"),
    pytest.param(lambda u: u.prepend_path_text(".."), id="prepend_path_text"),
    pytest.param(lambda u: u.__truediv__(".."), id="/"),
    pytest.param(lambda u: u.with_name(".."), id="with_name"),
    pytest.param(lambda u: URI.parse("https://h/a").with_stem("."), id="with_stem"),
]


@pytest.mark.parametrize("edit", DOT_WRITES)
def test_dot_segment_from_plain_text_is_refused_rfc3986_5_2_4(
        edit: Callable[[Any], object]) -> None:
    """"." or ".." given as plain text to any segment write raises BuildError and the
    URI stays as it was: a user's file name ".." never climbs a level."""
    uri = URI.parse("http://example.com/a")
    with pytest.raises(BuildError) as info:
        edit(uri)
    assert info.value.rule is Rule.DOT_SEGMENT_FROM_TEXT
    assert str(uri) == "http://example.com/a"


def test_dots_inside_a_segment_are_data() -> None:
    """Only a whole segment "." or ".." is refused: "..." and ".a" are names."""
    uri = URI.parse("http://h/").add_segments_text("...", ".a", "a..")
    assert str(uri) == "http://h/.../.a/a.."


def test_wire_dot_segments_keep_their_rfc_meaning() -> None:
    """Wire writes are syntax: "..", written as wire text, is a dot segment that
    resolution and normalization remove (RFC 3986 §5.2.4)."""
    uri = URI.parse("http://example.com/a/b").add_path("../c")
    assert str(uri) == "http://example.com/a/b/../c"
    assert str(uri.normalize()) == "http://example.com/a/c"
    assert str(URI.parse("http://h/a").add_segments("..").normalize()) == "http://h/"


# --- the last segment as pathlib reads a file name -----------------------------------

NAMES: Final = [
    pytest.param("a.txt", id="one suffix"),
    pytest.param("a.tar.gz", id="several suffixes"),
    pytest.param(".bashrc", id="dot file"),
    pytest.param(".a.b", id="dot file with a suffix"),
    pytest.param("a.", id="trailing dot"),
    pytest.param("a...", id="trailing dots"),
    pytest.param("a..b", id="two dots"),
    pytest.param("..a", id="two leading dots"),
    pytest.param("noext", id="no suffix"),
    pytest.param("résumé.pdf", id="non-ASCII"),
    pytest.param("a b.c d", id="spaces"),
    pytest.param("50%.x%y", id="percent sign"),
]


@pytest.mark.parametrize("name", NAMES)
def test_names_as_pathlib_reads_them(name: str) -> None:
    """name, stem, suffix and suffixes read the last segment's plain text as
    ``PurePosixPath`` reads a file name, and the with_ methods give the names pathlib
    gives, encoded once."""
    path = PurePosixPath("/d", name)
    uri = FrozenURI.parse("https://h/d/" + encode(name, "segment") + "?q#f")
    assert (uri.name, uri.stem, uri.suffix, uri.suffixes) == (
        path.name, path.stem, path.suffix, path.suffixes)
    edits: list[tuple[Callable[[Any], Any], str]] = [
        (lambda p: p.with_suffix(".j s"), "with_suffix('.j s')"),
        (lambda p: p.with_suffix(""), "with_suffix('')"),
        (lambda p: p.with_stem("x%"), "with_stem('x%')"),
        (lambda p: p.with_name("y z"), "with_name('y z')")]
    for edit, what in edits:
        try:
            expected = edit(path)
        except ValueError:  # 3.13 refuses a name that is "." ("..a" without its suffix)
            expected = None
        if expected is None or expected.name in (".", ".."):
            # pathlib before 3.13 gives "/d/."; urikit never makes a dot segment of text
            with pytest.raises(BuildError):
                edit(uri)
            continue
        new = edit(uri)
        assert new.name == expected.name, what
        assert str(new.text.path) == str(expected)
        assert (new.query, new.fragment) == ("q", "f")
        assert FrozenURI.parse(str(new)) == new
    assert str(uri.parent) == "https://h/d"
    assert str(uri.parent.text.path) == str(path.parent)


@pytest.mark.parametrize(("path", "parent"), [
    pytest.param("/a/b", "/a", id="two segments"),
    pytest.param("/a", "/", id="one segment"),
    pytest.param("/", "/", id="root"),
    pytest.param("a/b", "a", id="relative"),
])
def test_parent_as_pathlib(path: str, parent: str) -> None:
    """parent removes the last segment, as ``PurePosixPath.parent``."""
    assert str(URI(path=path).parent.path) == parent == str(PurePosixPath(path).parent)


def test_percent_encoded_dot_is_a_dot_in_plain_text() -> None:
    """"%2E" reads as "." (the plain text), and the with_ methods keep the wire
    text of what they do not replace: nothing is decoded and encoded again."""
    uri = URI.parse("https://h/x%41%2Ecsv")
    assert (uri.name, uri.stem, uri.suffix) == ("xA.csv", "xA", ".csv")
    assert str(uri.with_suffix(".json")) == "https://h/x%41.json"
    assert str(uri.with_stem("b")) == "https://h/b%2Ecsv"
    assert str(URI.parse("https://h/a%20b.txt").with_suffix(".md")) == "https://h/a%20b.md"


def test_documented_differences_from_pathlib() -> None:
    """Where a URI is not a file path: a trailing "/" is an empty last segment (name
    ``""``, and parent drops it); "/" in a new name is data; parent drops the query
    and fragment, the with_ methods keep them."""
    uri = URI.parse("https://h/a/b/?q#f")
    assert (uri.name, PurePosixPath("/a/b/").name) == ("", "b")
    assert str(uri.parent) == "https://h/a/b"
    assert str(uri.with_name("x/y")) == "https://h/a/b/x%2Fy?q#f"
    assert str(URI.parse("https://h").with_name("x")) == "https://h/x"
    assert URI.parse("https://h").name == ""


@pytest.mark.parametrize("edit", [
    pytest.param(lambda u: u.with_name(""), id="with_name('')"),
    pytest.param(lambda u: u.with_suffix("json"), id="suffix without dot"),
    pytest.param(lambda u: u.with_suffix("."), id="suffix '.'"),
    pytest.param(lambda u: u.with_suffix("./x"), id="suffix with '/'"),
    pytest.param(lambda u: u.with_stem(""), id="with_stem('') without suffix"),
    pytest.param(lambda u: u.parent.with_suffix(".x"), id="empty name, with_suffix"),
    pytest.param(lambda u: u.parent.with_stem("x"), id="empty name, with_stem"),
])
def test_pathlib_name_rules(edit: Callable[[Any], object]) -> None:
    """What pathlib refuses with ValueError raises BuildError (a URIError)."""
    uri = URI.parse("https://h/a")  # its parent, https://h/, has the empty name
    with pytest.raises(BuildError) as info:
        edit(uri)
    assert info.value.rule is Rule.PATHLIB_NAME
    assert str(uri) == "https://h/a"


# --- every new edit reads back and leaves a frozen original unchanged ----------------

EDITS: Final[dict[str, Callable[[Any, str], Any]]] = {
    "add_path_text": lambda u, t: u.add_path_text(t),
    "prepend_path_text": lambda u, t: u.prepend_path_text(t),
    "/": lambda u, t: u / t,
    "with_name": lambda u, t: u.with_name(t),
    "with_stem": lambda u, t: u.with_stem(t),
    "with_suffix": lambda u, t: u.with_suffix("." + t),
    "parent": lambda u, t: u.parent,
}


@given(us.absolute_uris(), st.sampled_from(sorted(EDITS)),
       st.text(st.characters(codec="utf-8"), max_size=12))
def test_new_edits_read_back(start: str, name: str, text: str) -> None:
    """Every new edit's result reads back from its own text, on URI and FrozenURI
    alike; the frozen original is unchanged, and a refused edit is a URIError."""
    frozen = FrozenURI.parse(start)
    try:
        result = EDITS[name](frozen, text)
    except URIError:
        return
    assert str(frozen) == start
    assert type(result) is FrozenURI
    assert FrozenURI.parse(str(result)) == result
    assert EDITS[name](URI.parse(start), text) == result


@given(us.absolute_uris(), st.sampled_from(["add_path", "prepend_path"]),
       st.one_of(us.paths_rootless(), us.paths_noscheme(), st.just("a//b/")))
def test_wire_path_strings_read_back(start: str, name: str, path: str) -> None:
    """add_path and prepend_path of valid wire text read back; a FrozenURI is kept."""
    frozen = FrozenURI.parse(start)
    result = getattr(frozen, name)(path)
    assert str(frozen) == start
    assert FrozenURI.parse(str(result)) == result


# --- CPython's own pathlib tests, asked of the running pathlib -------------------------

_PATHLIB_ROWS: Final[list[list[Any]]] = json.loads(
    (Path(__file__).parent.parent / "data" / "pathlib" / "names.json").read_text("utf-8"))

# (path, operation, argument): where urikit answers otherwise than pathlib, and why
PATHLIB_DIFFERENCES: Final[dict[tuple[str, str, str | None], str]] = {
    # pathlib drops a "." segment ("/a/b/." is "/a/b", named "b"); a URI's "/a/b/." is
    # the directory "/a/b/" (RFC 3986 §5.2.4), which has no name
    ("/a/b/.", "name", None): "a '.' last segment names the directory",
    # a "/" in a new name or stem is data, encoded as %2F, where pathlib refuses it
    ("a/b", "with_name", "/c"): "'/' in a name is data",
    ("a/b", "with_name", "c/"): "'/' in a name is data",
    ("a/b", "with_name", "c/d"): "'/' in a name is data",
    ("a/b", "with_stem", "/c"): "'/' in a stem is data",
    ("a/b", "with_stem", "c/"): "'/' in a stem is data",
    ("a/b", "with_stem", "c/d"): "'/' in a stem is data",
    # the empty last segment of "/" (and the empty path) is replaced, as urikit's
    # with_name replaces the empty last segment of "/a/"; pathlib has no segment there
    ("/", "with_name", "d.xml"): "the empty last segment is replaced",
    ("", "with_name", "d.xml"): "the empty path gains a segment",
}
# before 3.13, pathlib makes "foo.gz" with stem "" the dot file ".gz"; 3.13 refuses, as
# urikit does
_BEFORE_3_13: Final = {("foo.gz", "with_stem", ""), ("/a/b/foo.gz", "with_stem", "")}


def _pathlib_answer(path: str, operation: str, argument: str | None) -> object:
    """What ``PurePosixPath(path)`` answers: a property's value, a new path's text, or
    ``ValueError``."""
    try:
        got = getattr(PurePosixPath(path), operation)
        answer = got if argument is None else got(argument)
    except ValueError:
        return ValueError
    return str(answer) if isinstance(answer, PurePosixPath) else answer


def _urikit_answer(path: str, operation: str, argument: str | None) -> object:
    """What a URI of the path ``path`` answers, a new path read as pathlib reads its
    plain text (``a/b/`` as ``a/b``; a "/" in a segment stays ``%2F``), or
    ``ValueError`` for a URIError."""
    uri = URI.parse(encode(path, "path"))
    try:
        got = getattr(uri, operation)
        answer = got if argument is None else got(argument)
    except URIError:
        return ValueError
    if isinstance(answer, URI):
        return str(PurePosixPath(unquote(str(answer.path).replace("%2F", "%252F"))))
    return answer


@pytest.mark.parametrize(("test", "path", "operation", "argument"),
                         [pytest.param(*row, id=f"{row[0]}:{row[1]!r}.{row[2]}"
                                       + ("" if row[3] is None else f"({row[3]!r})"))
                          for row in _PATHLIB_ROWS])
def test_cpython_pathlib_rows(test: str, path: str, operation: str,
                              argument: str | None) -> None:
    """Each of the 99 calls of CPython's pathlib tests of a name (tests/data/pathlib)
    answers as the running Python's pathlib answers, but for the 9 named differences
    (2 more before Python 3.13, whose pathlib makes an empty stem a dot file)."""
    key = (path, operation, argument)
    ours, theirs = (_urikit_answer(*key), _pathlib_answer(*key))
    differs = key in PATHLIB_DIFFERENCES or (
        key in _BEFORE_3_13 and sys.version_info < (3, 13))
    assert (ours != theirs) is differs, (test, ours, theirs)
