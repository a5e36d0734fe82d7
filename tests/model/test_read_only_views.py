"""The read-only view types (what type checkers see of a FrozenURI's path, params and
text) are public names of ``urikit``, each a protocol (the path's, an abstract
``Sequence[str]``) with the reading methods of its live view and none of the editing
ones."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Final, Protocol

import pytest

import urikit
from urikit import (
    URI,
    FrozenURI,
    PathSegments,
    QueryParams,
    ReadOnlyPath,
    ReadOnlyText,
    TextView,
)

#: Each read-only type's public name, with the live view of a URI it describes and that
#: view's edits.
PAIRS: list[tuple[str, type[object], frozenset[str]]] = [
    ("ReadOnlyPath", PathSegments, frozenset({
        "append", "extend", "insert", "pop", "remove", "reverse", "clear",
        "__setitem__", "__delitem__", "__iadd__"})),
    ("ReadOnlyParams", QueryParams, frozenset({
        "add", "extend", "set", "update", "pop", "discard", "clear",
        "__setitem__", "__delitem__"})),
    ("ReadOnlyText", TextView, frozenset()),  # its components are assignable properties
]
IDS = [name for name, _, _ in PAIRS]


class _EmptyProtocol(Protocol):
    """Declares nothing: what typing itself puts in a protocol's namespace, which
    differs by Python version (3.12 adds ``__callable_proto_members_only__``)."""


#: The names typing adds to every protocol's namespace on this Python.
_TYPING_NAMES: Final = frozenset(vars(_EmptyProtocol)) | {"__annotations__"}


def _members(protocol: object) -> set[str]:
    """The names a protocol declares in its own body."""
    return {name for name in vars(protocol)
            if name not in _TYPING_NAMES and not name.startswith("_abc")}


@pytest.mark.parametrize(("name", "view", "edits"), PAIRS, ids=IDS)
def test_a_public_protocol_of_the_views_reading_methods(
        name: str, view: type[object], edits: frozenset[str]) -> None:
    """The type is exported from urikit under its own name, is a Protocol (the
    path's, a Sequence), and every member it declares the live view has (so a URI's
    view is one), with no edit."""
    read_only = getattr(urikit, name)
    assert name in urikit.__all__
    assert read_only.__name__ == name
    assert read_only.__module__ == "urikit"
    assert (Sequence if read_only is ReadOnlyPath else Protocol) in read_only.__mro__
    declared = _members(read_only)
    assert declared
    assert sorted(declared - set(dir(view))) == []
    assert sorted(declared & edits) == []
    assert all(hasattr(view, edit) for edit in edits)


def test_the_read_only_path_is_an_abstract_sequence_of_the_live_views() -> None:
    """ReadOnlyPath is a ``Sequence[str]`` (so type checkers take sequence patterns
    on it, as the run time does) with no instances of its own: a URI's and
    a FrozenURI's path are instances of it, through PathSegments, and match a
    sequence pattern."""
    assert issubclass(PathSegments, ReadOnlyPath)
    assert issubclass(ReadOnlyPath, Sequence)
    with pytest.raises(TypeError, match="ReadOnlyPath is a type for annotations and has "
                       "no instances of its own"):
        ReadOnlyPath()
    frozen = FrozenURI.parse("http://h/a/b")
    for path in (frozen.path, URI.parse("http://h/a/b").path, frozen.text.path):
        assert isinstance(path, ReadOnlyPath)
        assert not hasattr(path, "__dict__")  # the base keeps the view's slots
    match frozen:
        case FrozenURI(path=["", *rest]):
            assert rest == ["a", "b"]
        case _:
            pytest.fail("the path matches a sequence pattern")


def test_text_protocol_properties_are_read_only() -> None:
    """ReadOnlyText declares each component as a property without a setter; TextView's
    are the same properties with setters, but for the host's labels and parent
    domain, which are read-only on both."""
    derived = {"labels", "parent_domain"}
    for name, member in vars(ReadOnlyText).items():
        if isinstance(member, property):
            assert member.fset is None, name
            live = inspect.getattr_static(TextView, name)
            assert isinstance(live, property), name
            assert (live.fset is None) is (name in derived), name


def test_the_frozen_views_refuse_the_edits_the_types_leave_out() -> None:
    """At run time a FrozenURI's views refuse what the read-only types do not declare,
    and read what they declare, as a URI's views do."""
    frozen = FrozenURI.parse("http://u:p@h/a/b?x=1&y#f")
    uri = URI.parse(str(frozen))
    for view in (frozen.path, uri.path):
        assert list(view) == ["", "a", "b"]
        assert view[1] == "a"
        assert view.index("b") == 2
    for params in (frozen.params, uri.params):
        assert params["x"] == "1"
        assert params.get_all("y") == [None]
        assert "x" in params
    assert frozen.text.password == uri.text.password == "p"
    with pytest.raises(TypeError):
        frozen.path.append("c")  # type: ignore[attr-defined]  # pyright: ignore[reportAttributeAccessIssue]
    with pytest.raises(TypeError):
        frozen.params["z"] = "1"  # type: ignore[index]  # pyright: ignore[reportIndexIssue]
    with pytest.raises((TypeError, AttributeError)):
        frozen.text.fragment = "g"  # type: ignore[misc]  # pyright: ignore[reportAttributeAccessIssue]
