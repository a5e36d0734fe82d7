"""Query pairs removed by value, filtered, sorted and deduplicated on their wire text;
list values as repeated keys; the standalone Query value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import (
    URI,
    BuildError,
    FrozenURI,
    ParseError,
    Query,
    QueryParams,
    ReadOnlyParams,
    URIError,
    encode_query,
)

from ..builds import wrong_type


def edited(query: str, edit: Callable[[QueryParams], object]) -> str | None:
    """The query of ``http://h/?<query>`` after ``edit`` on its parameter view."""
    uri = URI.parse(f"http://h/?{query}")
    edit(uri.params)
    return uri.query


#: URLSearchParams.delete(name, value) (URL Standard §6.2, the two-argument form) and
#: league/uri's withoutPairByKeyValue: every pair of that key and value goes, the other
#: pairs of the key stay where they are, each remaining pair keeps its wire text.
DISCARD_PAIR: Final = [
    pytest.param("a=1&b=2&a=3", "a", "1", "b=2&a=3", id="one pair of a repeated key"),
    pytest.param("a=1&b=2&a=1", "a", "1", "b=2", id="every equal pair"),
    pytest.param("a=%31&b=x%2Fy&a=1", "a", "1", "b=x%2Fy", id="matched decoded, kept as written"),
    pytest.param("a&a=&b", "a", None, "a=&b", id="None is the key without ="),
    pytest.param("a&a=&b", "a", "", "a&b", id="empty value is not None"),
    pytest.param("a=1&b=2", "a", "2", "a=1&b=2", id="absent pair: nothing changes"),
    pytest.param("a=1", "a", "1", None, id="last pair: query undefined"),
    pytest.param("a=1&&b=2", "b", "2", "a=1&", id="empty piece kept"),
    pytest.param("q=a+b&q=a%20b", "q", "a b", "q=a+b", id="plus is a plus by default"),
]


@pytest.mark.parametrize(("query", "key", "value", "expected"), DISCARD_PAIR)
def test_discard_pair(query: str, key: str, value: str | None, expected: str | None) -> None:
    """discard_pair removes the pairs of one key and value only."""
    assert edited(query, lambda p: p.discard_pair(key, value)) == expected
    uri = URI.parse(f"http://h/?{query}").discard_param_pair(key, value)
    assert uri.query == expected


def test_discard_pair_reads_form_where_asked() -> None:
    """The form view and ``form=True`` match "+" as a space, as the form reads it."""
    assert edited("q=a+b&q=a%20b&q=c", lambda p: p.form.discard_pair("q", "a b")) == "q=c"
    uri = URI.parse("http://h/?q=a+b&q=c").discard_param_pair("q", "a b", form=True)
    assert uri.query == "q=c"


DISCARD_VALUE: Final = [
    pytest.param("a=1&b=1&c=2", ("1",), "c=2", id="any key"),
    pytest.param("a=1&b=2&c=3", ("1", "3"), "b=2", id="several values"),
    pytest.param("a&b=&c=x", (None,), "b=&c=x", id="None"),
    pytest.param("a=1&b=2", (7,), "a=1&b=2", id="int written as text: absent"),
    pytest.param("a=7&b=%37", (7,), None, id="int matches its text"),
    pytest.param("a=1", (), "a=1", id="no value named"),
]


@pytest.mark.parametrize(("query", "values", "expected"), DISCARD_VALUE)
def test_discard_value(query: str, values: tuple[str | int | None, ...],
                       expected: str | None) -> None:
    """discard_value removes every pair whose value is named, whatever its key (league/uri
    withoutPairByValue)."""
    assert edited(query, lambda p: p.discard_value(*values)) == expected
    assert URI.parse(f"http://h/?{query}").discard_param_values(*values).query == expected


def test_filter_keeps_pairs_the_predicate_accepts() -> None:
    """filter calls the predicate with decoded text and keeps the accepted pairs' wire
    text in order; empty pieces are no pairs and stay."""
    seen: list[tuple[str, str | None]] = []

    def keep(key: str, value: str | None) -> bool:
        seen.append((key, value))
        return not key.startswith("utm_")

    assert edited("utm_source=x&id=%37&&utm_medium=y&flag", lambda p: p.filter(keep)) \
        == "id=%37&&flag"
    assert seen == [("utm_source", "x"), ("id", "7"), ("utm_medium", "y"), ("flag", None)]
    uri = URI.parse("http://h/?a=1&b=&c=3").filter_params(lambda k, v: bool(v))
    assert uri.query == "a=1&c=3"


def test_filter_refuses_what_cannot_be_called() -> None:
    """A predicate that is not callable is a TypeError and the URI is unchanged."""
    uri = URI.parse("http://h/?a=1")
    with pytest.raises(TypeError, match="callable"):
        uri.filter_params("a")  # type: ignore[arg-type]
    assert uri.query == "a=1"


#: URLSearchParams.sort (URL Standard §6.2): a stable sort by name; league/uri sort.
SORT: Final = [
    pytest.param("b=2&a=1&b=1&a=0", "a=1&a=0&b=2&b=1", id="stable for repeated keys"),
    pytest.param("%62=1&a=x+y", "a=x+y&%62=1", id="decoded key, wire text kept"),
    pytest.param("b&&a", "a&&b", id="empty piece keeps its place"),
    pytest.param("a=1&b=2", "a=1&b=2", id="sorted already"),
    pytest.param("z&=1&A", "=1&A&z", id="code point order"),
]


@pytest.mark.parametrize(("query", "expected"), SORT)
def test_sort(query: str, expected: str) -> None:
    """sort orders the pairs by decoded key, stably, each keeping its wire text."""
    assert edited(query, lambda p: p.sort()) == expected
    assert URI.parse(f"http://h/?{query}").sort_params().query == expected


def test_sort_of_a_frozen_uri_that_is_sorted_needs_no_write() -> None:
    """A sort that changes nothing writes nothing, so it works on a frozen view."""
    frozen = FrozenURI.parse("http://h/?a=1&b=2")
    assert frozen.sort_params() == frozen
    with pytest.raises(TypeError, match="FrozenURI"):
        QueryParams(FrozenURI.parse("http://h/?b&a"), None).sort()


DROP_EMPTY: Final = [
    pytest.param("a=1&&b=2&", "a=1&b=2", id="empty pieces"),
    pytest.param("=&a=&=v&b", "a=&=v&b", id="neither key nor value"),
    pytest.param("&&=", None, id="nothing left: undefined"),
    pytest.param("a", "a", id="nothing to drop"),
]


@pytest.mark.parametrize(("query", "expected"), DROP_EMPTY)
def test_discard_empty(query: str, expected: str | None) -> None:
    """discard_empty removes the pieces that carry no data (league/uri withoutEmptyPairs)."""
    assert edited(query, lambda p: p.discard_empty()) == expected
    assert URI.parse(f"http://h/?{query}").discard_empty_params().query == expected


DROP_DUPLICATES: Final = [
    pytest.param("a=1&b=2&a=1&a=2", "a=1&b=2&a=2", id="later equal pair"),
    pytest.param("a=%31&a=1", "a=%31", id="equal decoded: the first text stays"),
    pytest.param("a&a=&a", "a&a=", id="None and empty differ"),
    pytest.param("a=1&&a=1&&", "a=1&&&", id="empty pieces are no pairs"),
]


@pytest.mark.parametrize(("query", "expected"), DROP_DUPLICATES)
def test_discard_duplicates(query: str, expected: str) -> None:
    """discard_duplicates keeps the first of equal pairs (league/uri withoutDuplicates)."""
    assert edited(query, lambda p: p.discard_duplicates()) == expected
    assert URI.parse(f"http://h/?{query}").discard_duplicate_params().query == expected


def test_form_duplicates_read_plus_as_space() -> None:
    """Under the form reading, ``x+y`` and ``x%20y`` are the same value."""
    assert edited("a=x+y&a=x%20y", lambda p: p.form.discard_duplicates()) == "a=x+y"
    assert edited("a=x+y&a=x%20y", lambda p: p.discard_duplicates()) == "a=x+y&a=x%20y"


@pytest.mark.parametrize(("old", "new"), [("drop_empty", "discard_empty"),
                                          ("drop_duplicates", "discard_duplicates")])
def test_the_drop_names_are_deprecated(old: str, new: str) -> None:
    """The view's old removal names still edit for one release, as their new names do,
    with a DeprecationWarning that names the new one (one removal verb: discard)."""
    query = "a=1&&=&a=1&b"
    with pytest.warns(DeprecationWarning,
                      match=rf"^{old}\(\) is deprecated since urikit 0\.7: use {new}\(\)$"):
        result = edited(query, lambda p: getattr(p, old)())
    assert result == edited(query, lambda p: getattr(p, new)())


# --- list values: requests' params={"k": [..]}, httpx's QueryParams, yarl's with_query ---

LIST_VALUES: Final = [
    pytest.param("q=x&page=2", lambda p: p.set("q", ["a", "b"]), "q=a&q=b&page=2",
                 id="set: in place of the first"),
    pytest.param("q=x&page=2&q=y", lambda p: p.set("q", ("a", 1)), "q=a&q=1&page=2",
                 id="set: tuple, other pairs removed"),
    pytest.param("page=2", lambda p: p.set("q", ["a", None]), "page=2&q=a&q",
                 id="set: new key appended"),
    pytest.param("q=x&page=2", lambda p: p.set("q", []), "page=2", id="set: empty removes"),
    pytest.param("q=x", lambda p: p.set("q", []), None, id="set: empty removes the last"),
    pytest.param("page=2", lambda p: p.set("q", []), "page=2", id="set: empty, absent"),
    pytest.param("a=1&r=0", lambda p: p.update({"r": ["x", "y"], "a": "2"}), "a=2&r=x&r=y",
                 id="update"),
    pytest.param("a=1&r=0", lambda p: p.update([("r", [])]), "a=1", id="update: empty removes"),
    pytest.param("a=1", lambda p: p.extend({"r": ["x", "y"], "s": []}), "a=1&r=x&r=y",
                 id="extend"),
    pytest.param("a=1", lambda p: p.add("r", ["x y", "z"]), "a=1&r=x%20y&r=z", id="add"),
    pytest.param("a=1", lambda p: p.add("r", []), "a=1", id="add: empty adds nothing"),
    pytest.param("a=1", lambda p: p.form.set("r", ["x y"]), "a=1&r=x+y", id="form"),
]


@pytest.mark.parametrize(("query", "edit", "expected"), LIST_VALUES)
def test_list_values_are_repeated_keys(query: str, edit: Callable[[QueryParams], object],
                                       expected: str | None) -> None:
    """A list or tuple value gives one pair of its key per item; an empty one none."""
    assert edited(query, edit) == expected


def test_builders_take_list_values() -> None:
    """set_param and add_param take lists as the view does, on both classes (a
    ``list[str]`` as a list of values: the annotation accepts it)."""
    tags: list[str] = ["a", "b"]
    assert URI.parse("http://h/").set_param("t", tags).query == "t=a&t=b"
    assert URI.parse("http://h/?q=x").set_param("q", ["a", "b"]).query == "q=a&q=b"
    frozen = FrozenURI.parse("http://h/?q=x")
    assert frozen.add_param("q", ("y",)).query == "q=x&q=y"
    assert frozen.set_param("q", []).query is None
    assert frozen.query == "q=x"


def test_encode_query_takes_list_values() -> None:
    """encode_query writes a list or tuple value as repeated keys, none for an empty one."""
    assert encode_query({"tag": ["x", "y"], "none": [], "n": (1, None)}) \
        == "tag=x&tag=y&n=1&n"
    assert encode_query({"none": []}) is None


@pytest.mark.parametrize("value", [[1.5], (True,), [b"x"], [["a"]], {"a"}])
def test_list_items_are_values(value: object) -> None:
    """Each item of a list is checked as a value; the URI is left as it was."""
    uri = URI.parse("http://h/?q=x")
    with pytest.raises(TypeError, match=wrong_type("str, int or None")):
        uri.set_param("q", value)  # type: ignore[arg-type]
    assert uri.query == "q=x"


# --- the standalone Query ----------------------------------------------------------------

def test_query_from_text_mapping_and_pairs() -> None:
    """A Query is made from wire text as it is, or from plain text encoded once."""
    assert Query("a=1&b=x%20y").items() == [("a", "1"), ("b", "x y")]
    assert Query({"b": "x y", "t": ["1", "2"]}).wire == "b=x%20y&t=1&t=2"
    assert Query([("a", None), ("a", "&")]).wire == "a&a=%26"
    assert Query({"q": "a b"}, form=True).wire == "q=a+b"
    assert Query("q=a+b").form["q"] == "a b"
    assert Query("q=a+b")["q"] == "a+b"
    assert Query(Query("a=1")).wire == "a=1"


def test_query_undefined_is_not_empty() -> None:
    """Query() and Query({}) have no query; Query("") is the empty query."""
    assert Query().wire is None
    assert Query({}).wire is None
    assert Query("").wire == ""
    assert Query() != Query("")
    assert str(Query()) == str(Query("")) == ""
    assert len(Query()) == len(Query("")) == 0


def test_query_refuses_invalid_text_and_types() -> None:
    """Wire text is validated as URI.set validates a query; other types are TypeErrors."""
    with pytest.raises(ParseError):
        Query("a=1#f")
    with pytest.raises(ParseError):
        Query("a=%zz")
    with pytest.raises(TypeError):
        Query(b"a=1")  # type: ignore[arg-type]
    with pytest.raises(BuildError):
        Query({"": None})


def test_query_is_a_frozen_hashable_value() -> None:
    """Equal wire text is an equal Query (form is a reading, not a value); it hashes,
    and it equals a live view holding the same pairs."""
    assert Query("a=1") == Query({"a": "1"})
    assert Query("a=1") == Query("a=1", form=True)
    assert Query("a=%31") != Query("a=1")
    assert len({Query("a=1"), Query([("a", "1")]), Query("b")}) == 2
    assert Query("a=%31") == URI.parse("http://h/?a=1").params
    assert URI.parse("http://h/?a=1").params == Query("a=1")
    assert repr(Query("a=1")) == "Query('a=1')"
    q = Query("a=1")
    with pytest.raises(AttributeError):
        q.x = 1  # type: ignore[attr-defined]
    assert not hasattr(q, "set")


def test_query_is_assigned_to_a_uri() -> None:
    """uri.set(query=q) stores the Query's wire text exactly; a Query with none removes
    the query; str(q) serves where wire text is wanted."""
    q = Query({"q": "a b"})
    uri = URI.parse("http://h/p?old#f")
    assert uri.set(query=q) is uri
    assert str(uri) == "http://h/p?q=a%20b#f"
    assert uri.set(query=Query()).query is None
    uri.query = str(Query(""))
    assert str(uri) == "http://h/p?#f"
    frozen = FrozenURI.parse("http://h/")
    assert frozen.set(query=Query("x=1")).query == "x=1"
    assert frozen.query is None


QUERY_PIECES: Final = st.lists(
    st.sampled_from(["a", "b", "=", "+", "%41", "%20", "%3D", "1", "%C3%A9"]), max_size=4,
).map("".join)
#: Wire queries with repeated keys, encoded and unencoded spellings of one text, "+",
#: empty pieces and pairs with neither key nor value.
WIRE_QUERIES: Final = st.lists(QUERY_PIECES, max_size=6).map("&".join)


@given(WIRE_QUERIES)
def test_query_reads_as_the_view_reads(query: str) -> None:
    """Query and the live view share their reading methods: same answers, both forms
    (and a Query is a ReadOnlyParams to the type checkers)."""
    view = URI.parse(f"http://h/?{query}").params
    value: ReadOnlyParams = Query(query)
    for a, b in ((view, value), (view.form, value.form)):
        assert a.items() == b.items()
        assert a.keys() == b.keys() == list(b)
        assert a.values() == b.values()
        assert len(a) == len(b)
        for key in [*a.keys(), "absent"]:
            assert a.get(key) == b.get(key)
            assert a.get_all(key) == b.get_all(key)
            assert (key in a) == (key in b)


#: Each new edit, by name, and how the test calls it on a builder's receiver.
EDITS: Final[dict[str, Callable[[Any, str, str | None], Any]]] = {
    "discard_param_pair": lambda u, k, v: u.discard_param_pair(k, v),
    "discard_param_value": lambda u, k, v: u.discard_param_value(v),
    "discard_param_values": lambda u, k, v: u.discard_param_values(v, "x y"),
    "discard_params": lambda u, k, v: u.discard_params(k, "x y"),
    "filter_params": lambda u, k, v: u.filter_params(lambda key, _: key != k),
    "sort_params": lambda u, k, v: u.sort_params(),
    "discard_empty_params": lambda u, k, v: u.discard_empty_params(),
    "discard_duplicate_params": lambda u, k, v: u.discard_duplicate_params(),
    "set_param list": lambda u, k, v: u.set_param(k, ["" if v is None else v, "x y"]),
}


@given(st.sampled_from(sorted(EDITS)), WIRE_QUERIES, st.sampled_from(["a", "A", "", "b"]),
       st.sampled_from([None, "", "1", "A", " "]), st.booleans())
def test_every_edit_reads_back_and_keeps_other_pairs(name: str, query: str, key: str,
                                                    value: str | None, form: bool) -> None:
    """Every new edit gives a URI that reads back from its own text, whose pieces are
    pieces of the original (byte for byte, in their order; sort only reorders them);
    on a FrozenURI it gives the same result and leaves the original unchanged."""
    text = f"http://h/?{query}"
    uri = URI.parse(text)
    edit = EDITS[name]
    if form and name == "discard_param_pair":
        edit = lambda u, k, v: u.discard_param_pair(k, v, form=True)  # noqa: E731
    result = edit(uri, key, value)
    assert result is uri
    assert URI.parse(str(uri)) == uri
    before = query.split("&") if query else []
    after = uri.query.split("&") if uri.query else []
    if name == "sort_params":
        assert sorted(after) == sorted(before)
        assert [p for p in after if p] == sorted(
            [p for p in before if p], key=lambda p: Query(p).keys()[0])
    elif name != "set_param list":
        rest = iter(before)
        assert all(piece in rest for piece in after)  # a subsequence, text for text
    frozen = FrozenURI.parse(text)
    assert edit(frozen, key, value) == uri
    assert str(frozen) == text


WRONG_TYPES: Final[list[Any]] = [
    pytest.param(lambda u: u.discard_param_pair(1, "x"), "a query key", id="pair key"),
    pytest.param(lambda u: u.discard_param_pair("q", 1.5), "str, int or None", id="pair value"),
    pytest.param(lambda u: u.discard_param_value(True), "str, int or None", id="value"),
    pytest.param(lambda u: u.filter_params(None), "callable", id="predicate"),
]


@pytest.mark.parametrize(("edit", "says"), WRONG_TYPES)
def test_wrong_argument_types_are_type_errors(edit: Callable[[Any], object], says: str) -> None:
    """A key, value or predicate of the wrong type is a TypeError naming what was wanted;
    neither class changes."""
    for cls in (URI, FrozenURI):
        uri = cls.parse("http://h/?q=1")
        with pytest.raises(TypeError, match=wrong_type(says)):
            edit(uri)
        assert uri.query == "q=1"


@given(st.lists(st.tuples(st.text(max_size=4), st.text(max_size=4)), max_size=5),
       st.booleans())
def test_plain_pairs_encode_at_once_as_one_by_one(pairs: list[tuple[str, str]],
                                                  form: bool) -> None:
    """Pairs of str are encoded all at once (keys and values each joined by NUL, in
    C) exactly as pair by pair: the same text, or the same error (a lone surrogate,
    a NUL inside, read one by one)."""
    from urikit._model.query import wire_pairs

    try:
        expected: object = "&".join(p for k, v in pairs for p in wire_pairs(k, v, form)) or None
    except URIError as error:
        expected = type(error)
    try:
        got: object = encode_query(pairs, form=form)
    except URIError as error:
        got = type(error)
    assert got == expected
