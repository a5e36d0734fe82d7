"""The path view: the path as a list of segments, list edits, and assignment of a view
back to a path."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from urikit import URI, BuildError, ParseError

# --- the path as a list of segments ------------------------------------------------------

PATH_SEGMENTS = [
    pytest.param("", [], id="empty"),
    pytest.param("/", ["", ""], id="root"),
    pytest.param("/a", ["", "a"], id="absolute"),
    pytest.param("a/", ["a", ""], id="trailing slash"),
    pytest.param("/a/", ["", "a", ""], id="absolute directory"),
    pytest.param("a", ["a"], id="one segment"),
    pytest.param("a/b", ["a", "b"], id="relative"),
    pytest.param("/.//", ["", ".", "", ""], id="guarded double slash"),
]


@pytest.mark.parametrize(("path", "segments"), PATH_SEGMENTS)
def test_path_text_and_segments_correspond(path: str, segments: list[str]) -> None:
    """Path text and the segment list convert both ways."""
    assert URI.parse(path).path == segments
    assert URI(path=segments).components.path == path
    assert URI(path=path).path == segments


def test_double_slash_path_segments() -> None:
    """``//`` after an authority is three empty segments."""
    uri = URI.parse("////")
    assert uri.components.path == "//"
    assert uri.path == ["", "", ""]
    assert URI(host="", path=["", "", ""]).components.path == "//"


def test_path_compares_to_list_and_tuple() -> None:
    """The path view equals a list or tuple of its segments, and is unhashable."""
    path = URI.parse("/a/b").path
    assert path == ["", "a", "b"]
    assert path == ("", "a", "b")
    assert path != ["a", "b"]
    assert path == URI.parse("/a/b").path
    with pytest.raises(TypeError):
        hash(path)


def _append(u: URI) -> object:
    u.path.append("c")
    return None


def _extend(u: URI) -> object:
    u.path.extend(["c", "d"])
    return None


def _insert(u: URI) -> object:
    u.path.insert(0, "x")
    return None


def _setitem(u: URI) -> object:
    u.path[1] = "y"
    return None


def _setitem_negative(u: URI) -> object:
    u.path[-1] = "y"
    return None


def _slice(u: URI) -> object:
    u.path[0:1] = ["p", "q"]
    return None


def _delitem(u: URI) -> object:
    del u.path[0]
    return None


def _del_slice(u: URI) -> object:
    del u.path[:]
    return None


def _pop(u: URI) -> object:
    return u.path.pop()


def _pop_first(u: URI) -> object:
    return u.path.pop(0)


def _reverse(u: URI) -> object:
    u.path.reverse()
    return None


def _remove(u: URI) -> object:
    u.path.remove("a")
    return None


def _clear(u: URI) -> object:
    u.path.clear()
    return None


def _iadd(u: URI) -> object:
    path = u.path
    path += ["c"]
    return None


PATH_OPERATIONS = [
    pytest.param(_append, "a/b/c", None, id="append"),
    pytest.param(_extend, "a/b/c/d", None, id="extend"),
    pytest.param(_insert, "x/a/b", None, id="insert"),
    pytest.param(_setitem, "a/y", None, id="setitem"),
    pytest.param(_setitem_negative, "a/y", None, id="setitem negative"),
    pytest.param(_slice, "p/q/b", None, id="slice"),
    pytest.param(_delitem, "b", None, id="delitem"),
    pytest.param(_del_slice, "", None, id="del slice"),
    pytest.param(_pop, "a", "b", id="pop"),
    pytest.param(_pop_first, "b", "a", id="pop first"),
    pytest.param(_reverse, "b/a", None, id="reverse"),
    pytest.param(_remove, "b", None, id="remove"),
    pytest.param(_clear, "", None, id="clear"),
    pytest.param(_iadd, "a/b/c", None, id="iadd"),
]


@pytest.mark.parametrize(("operation", "path", "result"), PATH_OPERATIONS)
def test_path_view_operations_write_through(operation: Callable[[URI], object], path: str,
                                            result: str | None) -> None:
    """List operations on ``uri.path`` edit the URI's path."""
    uri = URI.parse("a/b?q")
    assert operation(uri) == result
    assert uri.components.path == path
    assert str(uri) == f"{path}?q"


def test_path_view_reads() -> None:
    """Indexing, slicing, length, iteration, membership, index and count read the
    segments."""
    path = URI.parse("/a/b/a").path
    assert (path[0], path[1], path[-1]) == ("", "a", "a")
    assert path[1:] == ["a", "b", "a"]
    assert len(path) == 4
    assert list(path) == ["", "a", "b", "a"]
    assert "b" in path
    assert "c" not in path
    assert path.index("b") == 2
    assert path.count("a") == 2
    assert list(reversed(path)) == ["a", "b", "a", ""]
    with pytest.raises(IndexError):
        path[4]


def test_path_view_is_live() -> None:
    """A view taken before an edit sees the edit."""
    uri = URI.parse("/a")
    path = uri.path
    uri.path = "/x/y"
    assert path == ["", "x", "y"]


def test_slice_assignment_rejects_a_str() -> None:
    """Assigning a str to a slice raises TypeError instead of splitting it into
    characters."""
    uri = URI.parse("a/b")
    with pytest.raises(TypeError):
        uri.path[0:1] = "xy"
    assert str(uri) == "a/b"


def test_invalid_segment_in_extend_changes_nothing() -> None:
    """When one segment of an extend is invalid, none is added."""
    uri = URI.parse("a/b")
    with pytest.raises(ParseError):
        uri.path.extend(["c", "d e"])
    assert str(uri) == "a/b"


def test_append_to_root() -> None:
    """The root path ``/`` is ['', '']: appending adds after its empty segment, as a
    list does, and ``add_segments`` fills it."""
    uri = URI.parse("http://h/")
    uri.path.append("a")
    assert str(uri) == "http://h//a"
    assert str(URI.parse("http://h/").add_segments("a", "")) == "http://h/a/"


ROOT_MARKER_EDITS = [
    pytest.param(lambda p: p.insert(0, "v2"), id="insert at 0"),
    pytest.param(lambda p: p.pop(0), id="pop 0"),
    pytest.param(lambda p: p.__delitem__(0), id="del 0"),
    pytest.param(lambda p: p.__setitem__(0, "x"), id="set 0"),
    pytest.param(lambda p: p.reverse(), id="reverse"),
    pytest.param(lambda p: p.remove(""), id="remove root"),
    pytest.param(lambda p: p.__setitem__(slice(0, 1), []), id="slice at 0"),
]


@pytest.mark.parametrize("edit", ROOT_MARKER_EDITS)
def test_root_marker_edits_under_an_authority_raise(edit: Callable[[Any], object]) -> None:
    """With an authority, a list edit that would move the root marker from index 0
    raises BuildError naming RFC 3986 §3.3, and the URI is unchanged; no edit is
    silently ignored or duplicated."""
    uri = URI.parse("https://h/a/b")
    with pytest.raises(BuildError, match=r"§3\.3"):
        edit(uri.path)
    assert str(uri) == "https://h/a/b"


def test_root_marker_edits_without_an_authority_are_list_edits() -> None:
    """Without an authority the same edits do what they do on a list."""
    uri = URI.parse("/a/b")
    uri.path.insert(0, "v2")
    assert uri.path == ["v2", "", "a", "b"]
    assert str(uri) == "v2//a/b"
    uri = URI.parse("/a/b")
    uri.path.reverse()
    assert str(uri) == "b/a/"


def test_last_segment_of_the_root_path_is_the_empty_one() -> None:
    """'/' is the root marker and one empty segment, so path[-1] replaces that one."""
    uri = URI.parse("https://h/")
    uri.text.path[-1] = "new seg"
    assert str(uri) == "https://h/new%20seg"
    uri.path[-1] = ""
    assert str(uri) == "https://h/"
    assert uri.path == ["", ""]


def test_root_marker_alone_has_no_text() -> None:
    """[''] would be written '' and read back as [], so it is refused with a message
    naming both paths it could mean."""
    uri = URI.parse("http://h/a")
    with pytest.raises(BuildError, match="no text"):
        uri.path.pop()
    with pytest.raises(BuildError, match=r"\['', ''\]"):
        del uri.path[1:]
    assert str(uri) == "http://h/a"
    with pytest.raises(BuildError):
        URI(path=[""])
    uri.path[1:] = [""]
    assert str(uri) == "http://h/"


@pytest.mark.parametrize("start", ["http://h/a", "http://h/"])
def test_append_and_extend_agree(start: str) -> None:
    """Appending segments one at a time and extending with them give the same path,
    on the root path too."""
    one, two = URI.parse(start), URI.parse(start)
    one.path.append("")
    one.path.append("x")
    two.path.extend(["", "x"])
    assert one == two
    assert str(one) == start + "//x"



@pytest.mark.parametrize("view", ["path", "text.path"])
def test_augmented_assignment_keeps_untouched_segments(view: str) -> None:
    """``uri.path += [...]`` and ``uri.text.path += [...]`` extend the path and leave
    every untouched segment byte for byte as it was: ``%7e`` is not rewritten ``~``,
    and ``%2E%2E`` does not become a real ``..`` segment."""
    uri = URI.parse("http://h/%7e/%2E%2E/a%2Fb/%C3%A9/%FF?q")
    if view == "path":
        uri.path += ["x"]
    else:
        uri.text.path += ["x y"]
    last = "x" if view == "path" else "x%20y"
    assert str(uri) == f"http://h/%7e/%2E%2E/a%2Fb/%C3%A9/%FF/{last}?q"


def test_assigning_a_view_copies_its_wire_path() -> None:
    """A path view assigned to another URI's path (wire or text) copies the wire
    path exactly: nothing is decoded or encoded a second time."""
    source = URI.parse("s:a/%7e/%2541")
    for assign in (lambda u: setattr(u, "path", source.path),
                   lambda u: setattr(u, "path", source.text.path),
                   lambda u: setattr(u.text, "path", source.path),
                   lambda u: setattr(u.text, "path", source.text.path),
                   lambda u: u.set(path=source.text.path),
                   lambda u: u.set_text(path=source.path)):
        target = URI.parse("http://h/old")
        assign(target)
        assert str(target) == "http://h/a/%7e/%2541"


def test_plus_gives_a_new_list() -> None:
    """``view + values`` is a new list, as ``list + list``; the URI is not changed."""
    uri = URI.parse("http://h/a%20b")
    assert uri.path + ["c"] == ["", "a%20b", "c"]  # noqa: RUF005 - the operator tested
    assert uri.text.path + ["c d"] == ["", "a b", "c d"]  # noqa: RUF005
    assert str(uri) == "http://h/a%20b"
    with pytest.raises(TypeError):
        _ = uri.path + "c"  # a str is not taken as segments


def test_appends_after_a_path_do_not_split_it() -> None:
    """append and extend after a non-empty path add text to the path's text, so the
    segments before them keep their wire text and the list grows as a list does."""
    uri = URI.parse("http://h/a/%7e/")
    uri.path.append("x")
    uri.path.extend(["", "y"])
    uri.text.path.append("b c")
    assert str(uri) == "http://h/a/%7e//x//y/b%20c"
    assert uri.path == ["", "a", "%7e", "", "x", "", "y", "b%20c"]


@pytest.mark.parametrize("segment", ["%C3%A9", "a%2Fb", "a%2fb", "%C3", "%A9x", "", "."])
def test_many_segments_read_as_few_do(segment: str) -> None:
    """The text view of a path of many segments (decoded at once) reads each segment
    as a path of one does, an encoded "/" and a split UTF-8 sequence included."""
    one = URI.parse(f"http://h/{segment}").text.path[-1]
    many = URI.parse("http://h/" + "/".join([segment, "%C3%A9"] * 20))
    assert list(many.text.path) == ["", *[one, "é"] * 20]
    assert many.text.path[2:4] == ["é", one]


def test_a_huge_index_is_an_index_error() -> None:
    """An index no list can hold is an IndexError, as a list gives, in both builds (a
    compiled list index was a C integer: OverflowError)."""
    uri = URI.parse("http://h/a")
    with pytest.raises(IndexError):
        uri.path[10**30]
    with pytest.raises(IndexError):
        uri.text.path[10**30] = "x"
    with pytest.raises(IndexError):
        del uri.path[-10**30]
    assert str(uri) == "http://h/a"
