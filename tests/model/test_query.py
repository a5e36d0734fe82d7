"""The query parameter view: key=value pairs read as plain text, edits that touch only
the pairs they must."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from urikit import URI, BuildError, FrozenURI


def params_of(text: str) -> list[tuple[str, str | None]]:
    """The decoded pairs of the query of ``text``."""
    return URI.parse(text).params.items()


READS = [
    pytest.param("?a=1&b=2", [("a", "1"), ("b", "2")], id="pairs"),
    pytest.param("?flag", [("flag", None)], id="no value is None"),
    pytest.param("?flag=", [("flag", "")], id="empty value"),
    pytest.param("?=v", [("", "v")], id="empty key"),
    pytest.param("?a=b=c", [("a", "b=c")], id="split at first ="),
    pytest.param("?a=x+y", [("a", "x+y")], id="plus is a plus"),
    pytest.param("?a=x%2By", [("a", "x+y")], id="encoded plus"),
    pytest.param("?a%26b=c%3Dd", [("a&b", "c=d")], id="encoded delimiters"),
    pytest.param("?k=%2525", [("k", "%25")], id="decoded once"),
    pytest.param("?k=Jos%C3%A9", [("k", "Jos\u00e9")], id="utf-8"),
    pytest.param("?a=1&&b", [("a", "1"), ("b", None)], id="empty piece skipped"),
    pytest.param("?", [], id="empty query"),
    pytest.param("", [], id="no query"),
    pytest.param("?a=1&a=2", [("a", "1"), ("a", "2")], id="repeated key"),
    pytest.param("?a=/?:@", [("a", "/?:@")], id="query characters"),
]


@pytest.mark.parametrize(("text", "items"), READS)
def test_params_read(text: str, items: list[tuple[str, str | None]]) -> None:
    """The query reads as decoded (key, value) pairs, "+" as a plus (RFC 3986), a pair
    without "=" with the value None."""
    assert params_of(text) == items


FORM_READS = [
    pytest.param("?a=x+y", [("a", "x y")], id="plus is a space"),
    pytest.param("?a+b=%2B", [("a b", "+")], id="plus in key, encoded plus"),
    pytest.param("?a=x%20y", [("a", "x y")], id="encoded space"),
]


@pytest.mark.parametrize(("text", "items"), FORM_READS)
def test_form_params_read_plus_as_space(text: str, items: list[tuple[str, str | None]]
                                        ) -> None:
    """The form view reads "+" as a space, as HTML forms submit it."""
    assert URI.parse("http://h/" + text).params.form.items() == items


def test_form_encoding_is_an_explicit_choice() -> None:
    """By default a space is written %20; with form=True or the form view, "+"; a "+"
    in the data is %2B either way, so both readers agree on it."""
    assert str(URI.parse("http://h/").add_param("q", "a b+c")) == "http://h/?q=a%20b%2Bc"
    assert str(URI.parse("http://h/").add_param("q", "a b+c", form=True)) == \
        "http://h/?q=a+b%2Bc"
    uri = URI.parse("http://h/?x=1")
    uri.params.form["q b"] = "c d"
    assert str(uri) == "http://h/?x=1&q+b=c+d"
    assert uri.params.form["q b"] == "c d"
    assert uri.params["q+b"] == "c+d"


def test_params_lookup() -> None:
    """get, get_all, [], in, len, iteration, keys and values read the pairs."""
    params = URI.parse("http://h/?a=1&b&a=2&c=").params
    assert params.get("a") == "1"
    assert params.get("b") is None
    assert params.get("c") == ""
    assert params.get("z") is None
    assert params.get("z", "dflt") == "dflt"
    assert params.get_all("a") == ["1", "2"]
    assert params.get_all("z") == []
    assert params["a"] == "1"
    assert params["b"] is None
    with pytest.raises(KeyError):
        params["z"]
    assert "b" in params
    assert "z" not in params
    assert len(params) == 4
    assert list(params) == ["a", "b", "a", "c"]
    assert params.keys() == ["a", "b", "a", "c"]
    assert params.values() == ["1", None, "2", ""]
    assert params == [("a", "1"), ("b", None), ("a", "2"), ("c", "")]


EDITS = [
    pytest.param("?a=1", lambda u: u.params.add("b", "2"), "?a=1&b=2", id="add"),
    pytest.param("?a=1", lambda u: u.params.add("a", "2"), "?a=1&a=2", id="add repeat"),
    pytest.param("", lambda u: u.params.add("a", None), "?a", id="add flag"),
    pytest.param("", lambda u: u.params.add("a", ""), "?a=", id="add empty value"),
    pytest.param("?a=1&b=2&a=3", lambda u: u.params.set("a", "x"), "?a=x&b=2",
                 id="set replaces first, drops others"),
    pytest.param("?a=1", lambda u: u.params.set("b", "2"), "?a=1&b=2", id="set appends"),
    pytest.param("?a=1&b=2", lambda u: u.params.__setitem__("b", None), "?a=1&b",
                 id="setitem"),
    pytest.param("?a=1&b=2&a=3", lambda u: u.params.pop("a"), "?b=2", id="pop"),
    pytest.param("?a=1", lambda u: u.params.pop("z", None), "?a=1", id="pop absent"),
    pytest.param("?", lambda u: u.params.pop("z", None), "?", id="pop absent empty query"),
    pytest.param("?&", lambda u: u.params.pop("z", None), "?&", id="pop absent bare amp"),
    pytest.param("?", lambda u: u.discard_param("z"), "?", id="discard absent empty query"),
    pytest.param("?a=1&b=2", lambda u: u.params.update({"a": "3", "c": 4}), "?a=3&b=2&c=4",
                 id="update replaces"),
    pytest.param("?a=1&b=2&a=5", lambda u: u.params.update([("a", "3")]), "?a=3&b=2",
                 id="update replaces repeats"),
    pytest.param("?a=1", lambda u: u.params.update({"a": "1"}), "?a=1", id="update same"),
    pytest.param("?a=1&b=2", lambda u: u.params.__delitem__("a"), "?b=2", id="delitem"),
    pytest.param("?a=1", lambda u: u.params.extend([("b", "2"), ("c", None)]),
                 "?a=1&b=2&c", id="extend"),
    pytest.param("?a=1&b=2", lambda u: u.params.clear(), "", id="clear"),
    pytest.param("?a=1", lambda u: u.params.pop("a"), "", id="pop last"),
    pytest.param("?a=1", lambda u: u.params.__delitem__("a"), "", id="delitem last"),
    pytest.param("?", lambda u: u.params.add("a", "1"), "?a=1", id="add to empty"),
    pytest.param("?a", lambda u: u.add_param("b", "c"), "?a&b=c", id="add_param"),
    pytest.param("?a", lambda u: u.set_param("a", "c"), "?a=c", id="set_param"),
    pytest.param("?a", lambda u: u.discard_param("a"), "", id="discard_param"),
    pytest.param("?a&b", lambda u: u.discard_params("a", "b", "c"), "", id="discard several"),
    pytest.param("?a", lambda u: u.set_param("page", 2), "?a&page=2", id="int value"),
]


@pytest.mark.parametrize(("start", "edit", "expected"), EDITS)
def test_params_edit(start: str, edit: Callable[[URI], object], expected: str) -> None:
    """Edits write through to the query; removing the last pair makes it undefined."""
    uri = URI.parse("http://h/" + start)
    edit(uri)
    assert str(uri) == "http://h/" + expected


def test_removing_the_last_pair_makes_the_query_undefined() -> None:
    """When no pair is left the query is None, not ""."""
    uri = URI.parse("http://h/?a=1")
    del uri.params["a"]
    assert uri.query is None


def test_delitem_of_absent_key_raises() -> None:
    """Deleting a key that is not there raises KeyError and changes nothing."""
    uri = URI.parse("http://h/?a=1")
    with pytest.raises(KeyError):
        del uri.params["z"]
    assert str(uri) == "http://h/?a=1"


ENCODED_WRITES = [
    pytest.param("k", "a&b", "k=a%26b", id="ampersand"),
    pytest.param("k", "a=b", "k=a=b", id="equals in value kept"),
    pytest.param("k=", "v", "k%3D=v", id="equals in key"),
    pytest.param("k", "a+b", "k=a%2Bb", id="plus"),
    pytest.param("k", "a b", "k=a%20b", id="space"),
    pytest.param("k", "#", "k=%23", id="hash"),
    pytest.param("k", "50%", "k=50%25", id="percent"),
    pytest.param("k", "/?:@", "k=/?:@", id="query characters kept"),
    pytest.param("Jos\u00e9", "\u2603", "Jos%C3%A9=%E2%98%83", id="utf-8"),
]


@pytest.mark.parametrize(("key", "value", "wire"), ENCODED_WRITES)
def test_params_write_encodes(key: str, value: str, wire: str) -> None:
    """Keys and values are encoded so they read back the same to a form decoder and to
    an RFC 3986 reader: & = (in keys) + # % and what the query forbids."""
    uri = URI.parse("http://h/").add_param(key, value)
    assert uri.query == wire
    assert uri.params[key] == value


def test_untouched_pairs_keep_their_wire_text() -> None:
    """An edit leaves every other pair exactly as written, odd encodings included."""
    uri = URI.parse("http://h/?a=%7e+x&b=1&&c=%41;d&e")
    uri.params["b"] = "2"
    assert uri.query == "a=%7e+x&b=2&&c=%41;d&e"
    uri.params.add("f", "g h")
    assert uri.query == "a=%7e+x&b=2&&c=%41;d&e&f=g%20h"
    uri.params.pop("e")
    assert uri.query == "a=%7e+x&b=2&&c=%41;d&f=g%20h"
    uri.params.update({"b": "3"})
    assert uri.query == "a=%7e+x&b=3&&c=%41;d&f=g%20h"


def test_params_view_is_live() -> None:
    """The view reads the query as it is now."""
    uri = URI.parse("http://h/?a=1")
    params = uri.params
    uri.query = "b=2"
    assert params.items() == [("b", "2")]


def test_params_reject_non_str() -> None:
    """A key or value that is not a str raises TypeError and nothing changes."""
    uri = URI.parse("http://h/?a=1")
    with pytest.raises(TypeError):
        uri.params.add(1, "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        uri.params.set("k", b"2")  # bytes is a Sequence[int] to the checkers
    assert str(uri) == "http://h/?a=1"


@pytest.mark.parametrize("value", [True, False, 1.5, b"x", {"a"}, ["a", ["b"]], (1.5,)])
def test_params_refuse_values_without_one_spelling(value: object) -> None:
    """bool and float have no one spelling as text, so they are refused with a
    TypeError, as is anything that is not str, int or None, or a list or tuple of
    them (a set has no order)."""
    uri = URI.parse("http://h/?a=1")
    with pytest.raises(TypeError, match="str, int or None"):
        uri.set_param("k", value)  # type: ignore[arg-type]
    assert str(uri) == "http://h/?a=1"


def test_params_follow_dict_habits() -> None:
    """del raises KeyError for an absent key, pop takes a default, get gives the
    default for an absent key or a key without a value."""
    uri = URI.parse("http://h/?page&a=1&a=2")
    with pytest.raises(KeyError):
        del uri.params["absent"]
    with pytest.raises(KeyError):
        uri.params.pop("absent")
    assert uri.params.pop("absent", "d") == "d"
    assert uri.params.get("page", "1") == "1"
    assert uri.params["page"] is None
    assert int(uri.params.get("a", "0")) == 1
    assert uri.params.get("absent") is None
    assert uri.params.pop("a") == "1"
    assert str(uri) == "http://h/?page"


def test_empty_key_without_value_has_no_text() -> None:
    """A pair with an empty key and no value would be written as nothing, so it is
    refused with BuildError; an empty key with an empty value is '='."""
    uri = URI.parse("http://h/?")
    with pytest.raises(BuildError):
        uri.add_param("", None)
    assert str(uri) == "http://h/?"
    uri.add_param("", "")
    assert str(uri) == "http://h/?="
    assert uri.params.items() == [("", "")]


@given(st.text(), st.one_of(st.none(), st.text()))
def test_params_write_then_read_is_identity(key: str, value: str | None) -> None:
    """A pair added as text reads back as written and the URI text reads back the
    same. (An empty key without value is the empty piece, which is no pair.)"""
    assume(key != "" or value is not None)
    uri = URI.parse("http://h/?x=1")
    uri.params.add(key, value)
    assert uri.params.items()[-1] == (key, value)
    assert uri.params.get_all(key)[-1] == value
    uri.params.set(key, value)
    assert uri.params[key] == value
    assert URI.parse(str(uri)) == uri
    uri.params.pop(key, None)
    assert key not in uri.params


@given(st.lists(st.tuples(st.text(), st.one_of(st.none(), st.text()))))
def test_params_update_then_read_is_identity(pairs: list[tuple[str, str | None]]) -> None:
    """Pairs added with update read back in order."""
    pairs = [(k, v) for k, v in pairs if k != "" or v is not None]
    uri = URI.parse("http://h/")
    uri.params.extend(pairs)
    assert uri.params.items() == pairs
    assert (uri.query is None) == (not pairs)


def test_discard_removes_many_keys_in_one_pass() -> None:
    """params.discard(*keys) and discard_params(*keys) remove every pair of each key,
    keep the others byte for byte, write nothing when no key is there, and refuse a
    key that is not text."""
    uri = URI.parse("http://h/?a=1&b=2&a=3&c&%62=4&&d=5")
    uri.params.discard("a", "b", "zz")
    assert uri.query == "c&&d=5"
    frozen = FrozenURI.parse("http://h/?x=1&y=2")
    assert str(frozen.discard_params("y", "q")) == "http://h/?x=1"
    assert str(frozen) == "http://h/?x=1&y=2"
    untouched = URI.parse("http://h/?a=%41")
    untouched.params.discard("b")
    assert untouched.query == "a=%41"
    keys = [f"k{i}" for i in range(2000)]
    big = URI.parse("http://h/?" + "&".join(f"{k}=v" for k in keys) + "&keep=1")
    assert str(big.discard_params(*keys)) == "http://h/?keep=1"
    with pytest.raises(TypeError):
        uri.params.discard("a", 1)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        frozen.discard_param(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        frozen.discard_params("x", None)  # type: ignore[arg-type]


@pytest.mark.parametrize("cls", [URI, FrozenURI])
def test_the_removal_builders_read_keys_and_values_as_a_form_does(
        cls: type[URI | FrozenURI]) -> None:
    """discard_param, discard_params, discard_param_value and discard_param_values take
    ``form=``, as every builder editing query pairs does: "+" in the query is a space."""
    start = "http://h/?a+b=x+y&a%20b=1&c=x%20y&d=2"
    assert str(cls.parse(start).discard_param("a b")) == "http://h/?a+b=x+y&c=x%20y&d=2"
    assert str(cls.parse(start).discard_param("a b", form=True)) == "http://h/?c=x%20y&d=2"
    assert str(cls.parse(start).discard_params("a b", "d", form=True)) == "http://h/?c=x%20y"
    assert str(cls.parse(start).discard_param_value("x y")) == "http://h/?a+b=x+y&a%20b=1&d=2"
    assert (str(cls.parse(start).discard_param_value("x y", form=True))
            == "http://h/?a%20b=1&d=2")
    assert (str(cls.parse(start).discard_param_values("x y", "1", form=True))
            == "http://h/?d=2")


@pytest.mark.parametrize("form", [False, True])
def test_get_in_a_long_query_finds_the_first_pair(form: bool) -> None:
    """``get`` finds the first pair of a decoded key among many, with its value
    decoded, and ``default`` for a key written without a value or absent."""
    uri = URI.parse("http://h/?" + "a=1&" * 50 + "&%7A+z=x+%C3%A9&flag&%7A+z=2")
    params = uri.params.form if form else uri.params
    assert params.get("z z" if form else "z+z") == ("x é" if form else "x+é")
    assert params.get("flag", "d") == "d"
    assert params.get("zz", "d") == "d"
    assert params.get("a") == "1"
