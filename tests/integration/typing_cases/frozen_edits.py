"""Edits of a FrozenURI: each marked line is a type error with mypy's codes after
``# E:`` and pyright's rules after ``|`` (tests/integration/test_typing.py runs both on
this file; the project's own runs leave it out). Reading is no error. Each group is a
function of its own, since the checkers narrow an attribute to what was assigned to it."""

from __future__ import annotations

from typing_extensions import assert_type

from urikit import URI, FrozenURI, PathSegments, QueryParams, TextView


def assignments(frozen: FrozenURI) -> None:
    frozen.scheme = "https"  # E: misc | reportAttributeAccessIssue
    frozen.userinfo = None  # E: misc | reportAttributeAccessIssue
    frozen.host = "b"  # E: misc | reportAttributeAccessIssue
    frozen.port = 80  # E: misc | reportAttributeAccessIssue
    frozen.has_port = False  # E: misc | reportAttributeAccessIssue
    frozen.path = ["", "x"]  # E: misc, assignment | reportAttributeAccessIssue
    frozen.query = None  # E: misc | reportAttributeAccessIssue
    frozen.fragment = "g"  # E: misc | reportAttributeAccessIssue
    frozen.text = URI().text  # E: misc | reportAttributeAccessIssue
    frozen.params = URI().params  # E: misc | reportAttributeAccessIssue


def path_edits(frozen: FrozenURI) -> None:
    frozen.path.append("x")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path.extend(["x"])  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path.insert(1, "x")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path.pop()  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path.remove("b")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path.reverse()  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path.clear()  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.path[1] = "x"  # E: index | reportIndexIssue
    del frozen.path[1]  # E: attr-defined | reportIndexIssue


def path_augmented(frozen: FrozenURI) -> None:
    frozen.path += ["x"]  # E: misc, assignment | reportAttributeAccessIssue


def params_edits(frozen: FrozenURI) -> None:
    frozen.params["a"] = "1"  # E: index | reportIndexIssue
    del frozen.params["x"]  # E: attr-defined | reportIndexIssue
    frozen.params.add("a", "1")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params.extend([("a", "1")])  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params.set("a", "1")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params.update({"a": "1"})  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params.pop("x")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params.clear()  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    frozen.params.form["a"] = "1"  # E: index | reportIndexIssue


def text_edits(frozen: FrozenURI) -> None:
    frozen.text.userinfo = None  # E: misc | reportAttributeAccessIssue
    frozen.text.user = "u"  # E: misc | reportAttributeAccessIssue
    frozen.text.password = None  # E: misc | reportAttributeAccessIssue
    frozen.text.host = "b"  # E: misc | reportAttributeAccessIssue
    frozen.text.path = "/x"  # E: misc, assignment | reportAttributeAccessIssue
    frozen.text.query = "q"  # E: misc | reportAttributeAccessIssue
    frozen.text.fragment = "g"  # E: misc | reportAttributeAccessIssue


def text_path_edit(frozen: FrozenURI) -> None:
    frozen.text.path.append("x")  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType


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
