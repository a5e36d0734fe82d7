"""Edits of a FrozenURI: each marked line is a type error with the codes after
``# E:`` (tests/integration/test_typing.py runs mypy on this file; the project's own
mypy run leaves it out). Reading is no error. Each group is a function of its own,
since mypy narrows an attribute to what was assigned to it."""

from __future__ import annotations

from typing_extensions import assert_type

from urikit import URI, FrozenURI, PathSegments, QueryParams, TextView


def assignments(frozen: FrozenURI) -> None:
    frozen.scheme = "https"  # E: misc
    frozen.userinfo = None  # E: misc
    frozen.host = "b"  # E: misc
    frozen.port = 80  # E: misc
    frozen.has_port = False  # E: misc
    frozen.path = ["", "x"]  # E: misc, assignment
    frozen.query = None  # E: misc
    frozen.fragment = "g"  # E: misc
    frozen.text = URI().text  # E: misc
    frozen.params = URI().params  # E: misc


def path_edits(frozen: FrozenURI) -> None:
    frozen.path.append("x")  # E: attr-defined
    frozen.path.extend(["x"])  # E: attr-defined
    frozen.path.insert(1, "x")  # E: attr-defined
    frozen.path.pop()  # E: attr-defined
    frozen.path.remove("b")  # E: attr-defined
    frozen.path.reverse()  # E: attr-defined
    frozen.path.clear()  # E: attr-defined
    frozen.path[1] = "x"  # E: index
    del frozen.path[1]  # E: attr-defined


def path_augmented(frozen: FrozenURI) -> None:
    frozen.path += ["x"]  # E: misc, assignment


def params_edits(frozen: FrozenURI) -> None:
    frozen.params["a"] = "1"  # E: index
    del frozen.params["x"]  # E: attr-defined
    frozen.params.add("a", "1")  # E: attr-defined
    frozen.params.extend([("a", "1")])  # E: attr-defined
    frozen.params.set("a", "1")  # E: attr-defined
    frozen.params.update({"a": "1"})  # E: attr-defined
    frozen.params.pop("x")  # E: attr-defined
    frozen.params.clear()  # E: attr-defined
    frozen.params.form["a"] = "1"  # E: index


def text_edits(frozen: FrozenURI) -> None:
    frozen.text.userinfo = None  # E: misc
    frozen.text.user = "u"  # E: misc
    frozen.text.password = None  # E: misc
    frozen.text.host = "b"  # E: misc
    frozen.text.path = "/x"  # E: misc, assignment
    frozen.text.query = "q"  # E: misc
    frozen.text.fragment = "g"  # E: misc
    frozen.text.path.append("x")  # E: attr-defined


def reads(frozen: FrozenURI) -> None:
    assert_type(frozen.scheme, str | None)
    assert_type(frozen.port, int | None)
    assert_type(frozen.has_port, bool)
    assert_type(frozen.path[0], str)
    assert_type(frozen.path[1:], list[str])
    assert_type(frozen.path + ["x"], list[str])  # noqa: RUF005 (the operator itself)
    assert_type(list(frozen.path), list[str])
    assert_type(frozen.path.index("b"), int)
    assert_type(frozen.params["x"], str | None)
    assert_type(frozen.params.get("x", ""), str)
    assert_type(frozen.params.form.get_all("x"), list[str | None])
    assert_type(frozen.params.items(), list[tuple[str, str | None]])
    assert_type("x" in frozen.params, bool)
    assert_type(frozen.text.path[0], str)
    assert_type(frozen.text.password, str | None)
    assert_type(frozen.set(scheme="https"), FrozenURI)
    assert_type(frozen.add_param("a", 1), FrozenURI)
    assert_type(frozen / "a", FrozenURI)
    assert_type(frozen.thaw(), URI)
    assert_type(frozen.normalize(), FrozenURI)


def a_uri_is_editable(uri: URI) -> None:
    """The same edits on a URI are no error, and its views are the editable ones."""
    uri.scheme = "https"
    uri.path.append("x")
    uri.params["a"] = "1"
    uri.text.path = "/x"
    assert_type(uri.path, PathSegments)
    assert_type(uri.params, QueryParams)
    assert_type(uri.text, TextView)
