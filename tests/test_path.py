"""The path view: list edits, and assignment of a view back to a path."""

from __future__ import annotations

import pytest

from urikit import URI


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
        uri.path + "c"  # a str is not taken as segments


def test_appends_after_a_path_do_not_split_it() -> None:
    """append and extend after a non-empty path add text to the path's text, so the
    segments before them keep their wire text and the list grows as a list does."""
    uri = URI.parse("http://h/a/%7e/")
    uri.path.append("x")
    uri.path.extend(["", "y"])
    uri.text.path.append("b c")
    assert str(uri) == "http://h/a/%7e//x//y/b%20c"
    assert uri.path == ["", "a", "%7e", "", "x", "", "y", "b%20c"]
