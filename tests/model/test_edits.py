"""Edits with exactly one valid result make it; edits with several (or none) raise."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any

import pytest

from urikit import URI, BuildError, remove_dot_segments

#: Edits of the empty path under an authority: the empty path is the root there, so
#: what an edit puts in follows the root marker (RFC 3986 §3.3).
EMPTY_PATH_UNDER_AUTHORITY = [
    pytest.param(lambda p: p.append("a"), "https://h.example/a", id="append"),
    pytest.param(lambda p: p.extend(["", "a"]), "https://h.example/a", id="rooted"),
    pytest.param(lambda p: p.extend(["a", "b"]), "https://h.example/a/b", id="extend"),
    pytest.param(lambda p: p.insert(0, "a"), "https://h.example/a", id="insert 0"),
    pytest.param(lambda p: p.insert(5, "a"), "https://h.example/a", id="insert past end"),
    pytest.param(lambda p: p.__setitem__(slice(None), ["a", ""]), "https://h.example/a/",
                 id="slice assignment"),
    pytest.param(lambda p: p.__iadd__(["a"]), "https://h.example/a", id="+="),
]


@pytest.mark.parametrize(("edit", "expected"), EMPTY_PATH_UNDER_AUTHORITY)
def test_edit_of_empty_path_under_authority(edit: Callable[[Any], object],
                                            expected: str) -> None:
    """An edit of the empty path of a URI with an authority gives an absolute path."""
    uri = URI.parse("https://h.example")
    edit(uri.path)
    assert str(uri) == expected
    assert URI.parse(str(uri)) == uri


def test_edit_of_empty_path_through_text_view() -> None:
    """The plain-text view follows the same rule, encoding the segment."""
    uri = URI.parse("https://h.example?q")
    uri.text.path.append("a b")
    assert str(uri) == "https://h.example/a%20b?q"


#: Edits that still raise: several results are valid, or none is.
STILL_REFUSED = [
    # ["v2", "", "a"]: "/v2//a" or "/v2/a"? the root marker moved
    pytest.param("https://h/a", lambda p: p.insert(0, "v2"), id="insert before root"),
    pytest.param("https://h/a", lambda p: p.pop(0), id="pop root"),
    pytest.param("https://h/a/b", lambda p: p.reverse(), id="reverse"),
    # [""] alone: the empty path or "/"?
    pytest.param("a", lambda p: p.__setitem__(slice(None), [""]), id="root marker alone"),
    pytest.param("", lambda p: p.append(""), id="append empty to empty relative"),
    pytest.param("https://h", lambda p: p.append(""), id="append empty to empty root"),
]


@pytest.mark.parametrize(("start", "edit"), STILL_REFUSED)
def test_edit_without_one_result_raises(start: str, edit: Callable[[Any], object]) -> None:
    """An edit with no single valid result raises BuildError and changes nothing."""
    uri = URI.parse(start)
    with pytest.raises(BuildError):
        edit(uri.path)
    assert str(uri) == start


def test_edit_of_empty_relative_path_stays_relative() -> None:
    """Without an authority an empty path is no root: an append stays relative."""
    uri = URI.parse("?q")
    uri.path.append("a")
    assert str(uri) == "a?q"


def test_host_removal_with_userinfo_still_raises() -> None:
    """Removing the host would drop the userinfo (a password, perhaps) and port too: the
    caller removes them first, so nothing is dropped unasked."""
    uri = URI.parse("http://u:p@h:1/a")
    with pytest.raises(BuildError):
        uri.host = None
    assert uri.set(userinfo=None, port=None, host=None) == URI.parse("http:/a")


DIRECTORIES = [
    pytest.param("/srv/www/", False, "file:///srv/www/", id="posix"),
    pytest.param("/srv/www", False, "file:///srv/www", id="posix no separator"),
    pytest.param("a/b/", False, "a/b/", id="relative"),
    pytest.param("/", False, "file:///", id="root"),
    pytest.param("./", False, "", id="current directory"),
    pytest.param("C:\\srv\\", True, "file:///C:/srv/", id="windows"),
    pytest.param("C:/srv/", True, "file:///C:/srv/", id="windows forward slash"),
    pytest.param("\\\\server\\share\\d\\", True, "file://server/share/d/", id="unc"),
]


@pytest.mark.parametrize(("path", "windows", "expected"), DIRECTORIES)
def test_from_path_keeps_a_trailing_separator(path: str, windows: bool,
                                             expected: str) -> None:
    """from_path keeps a directory's trailing separator."""
    assert str(URI.from_path(path, windows=windows)) == expected


@pytest.mark.parametrize(("directory", "windows"), [
    ("/srv/www/", False), ("/srv/a b/c/", False), ("C:\\srv\\www\\", True)])
@pytest.mark.parametrize("reference", ["img/a.png", "a", "x/y/z.txt"])
def test_reference_resolves_inside_the_directory_as_pathlib_joins(
        directory: str, windows: bool, reference: str) -> None:
    """A reference resolved against a directory's URI names the file pathlib's ``/``
    names inside that directory."""
    flavour = PureWindowsPath if windows else PurePosixPath
    target = URI.from_path(directory, windows=windows).resolve(reference)
    assert target.to_path(windows=windows) == flavour(directory) / reference


def test_pure_path_has_no_trailing_separator() -> None:
    """A pure path has already dropped the separator, so its URI has none, as
    ``as_uri()`` writes it."""
    path = PurePosixPath("/srv/www/")
    # the reference, on purpose: deprecated on PurePath (Python 3.14 keeps it on Path only)
    assert str(URI.from_path(path)) == path.as_uri()  # pyright: ignore[reportDeprecated]


@pytest.mark.parametrize("value", [["/a", ".."], b"/a/..", None, 1])
def test_remove_dot_segments_refuses_other_types(value: object) -> None:
    """remove_dot_segments takes text only, in both builds."""
    with pytest.raises(TypeError):
        remove_dot_segments(value)  # type: ignore[arg-type]
