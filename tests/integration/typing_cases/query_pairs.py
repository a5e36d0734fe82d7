"""Query pairs as both checkers see them: the new builders keep the receiver's class,
list values are accepted where a value is, a Query reads as the frozen view and is
assigned with set(query=...), and the wrong types are errors."""

from __future__ import annotations

from typing_extensions import assert_type

from urikit import URI, FrozenURI, Query, ReadOnlyParams, encode_query


def query_pairs(uri: URI, frozen: FrozenURI, tags: list[str]) -> None:
    assert_type(uri.discard_param_pair("a", "1"), URI)
    assert_type(frozen.discard_param_pair("a", None), FrozenURI)
    assert_type(frozen.discard_param_value(None, form=True), FrozenURI)
    assert_type(frozen.discard_param_values("1", 2, None), FrozenURI)
    assert_type(uri.discard_param("a", form=True), URI)
    assert_type(uri.discard_params("a", "b", form=True), URI)
    assert_type(frozen.filter_params(lambda k, v: v is not None), FrozenURI)
    assert_type(frozen.sort_params(), FrozenURI)
    assert_type(frozen.discard_empty_params(form=True), FrozenURI)
    assert_type(frozen.discard_duplicate_params(form=True), FrozenURI)
    assert_type(frozen.set_param("t", tags), FrozenURI)
    assert_type(uri.add_param("t", ("a", 1, None)), URI)
    uri.params.update({"q": "a", "t": ["x", "y"]})
    uri.params["t"] = tags
    assert_type(encode_query({"q": "a", "t": ["x", "y"]}), str | None)
    q = Query({"q": "a", "t": tags})
    view: ReadOnlyParams = q
    assert_type(q["q"], str | None)
    assert_type(view.get_all("t"), list[str | None])
    assert_type(q.wire, str | None)
    assert_type(frozen.set(query=q), FrozenURI)
    uri.params.sort()
    uri.params.filter(lambda k, v: k != "utm")
    frozen.params.sort()  # E: attr-defined | reportAttributeAccessIssue, reportUnknownMemberType
    uri.set_param("t", [1.5])  # E: list-item | reportArgumentType
    uri.filter_params("a")  # E: arg-type | reportArgumentType
    q.wire = "a"  # E: misc | reportAttributeAccessIssue
    uri.discard_params("a", 1)  # E: arg-type | reportArgumentType
