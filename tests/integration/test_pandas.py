"""urikit's pandas accessor: each method gives what the Python function gives, row for
row, with the Series' index; a missing value gives ``<NA>``; an invalid row raises a
masked :class:`urikit.URIError`, or gives ``<NA>`` in the ``try_`` twin with its error
in ``error()``."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("pandas", reason="needs pandas (the test extra, through dask)")

from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests.budget import examples
from urikit import URI, CanonicalOptions, URIError, strategies
from urikit.pandas import URIAccessor

from ..test_secrets import BASE, SECRET, TEXTS

# pandas has no annotations: used through Any.
pd: Any = importlib.import_module("pandas")

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
FIXED: list[str | None] = [None, "http://joe:S3CRET@a b/", "%zz", "", "http://a/?",
                           "http://a/", "HTTP://A:80/%7e/./x?b=1&a=2#f", "http://h:/",
                           "http://[fe80::1%25eth0]/", "http://h/caf\u00e9"]


def or_none(function: Callable[..., object], *args: str | None) -> object:
    """What a ``try_`` method gives: the Python function's result, ``None`` for a
    missing argument or for text it rejects."""
    if None in args:
        return None
    try:
        return function(*args)
    except URIError:
        return None


def plain(values: Any) -> list[object]:
    """A Series' values with ``<NA>`` as ``None``."""
    return [None if value is pd.NA else value for value in values.tolist()]


def host(text: str) -> str | None:
    return URI.parse(text).host


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(strategies.uri_references(), min_size=1, max_size=300))
def test_each_method_gives_the_python_functions_results(urls: list[str]) -> None:
    """On generated URI-references and the fixed rows (15 Series of up to 310 rows,
    indexed from 100 down), every method gives what the Python function gives, on
    the Series' index, ``<NA>`` for a missing value and (``try_``) for invalid text."""
    values = [*FIXED, *urls]
    index = pd.Index(range(100 + len(values), 100, -1))
    series = pd.Series(values, index=index, name="url", dtype="object")
    assert isinstance(series.uri, URIAccessor)
    valid = series.uri.is_valid()
    assert valid.dtype == "boolean"
    assert valid.index.equals(index)
    assert valid.name == "url"
    assert plain(valid) == [None if u is None else urikit.is_valid(u) for u in values]
    assert plain(series.uri.try_normalize()) == [or_none(urikit.normalize, u) for u in values]
    assert plain(series.uri.try_canonicalize()) == [or_none(urikit.canonicalize, u)
                                                    for u in values]
    assert plain(series.uri.try_host()) == [or_none(host, u) for u in values]
    parts = series.uri.try_components()
    assert list(parts.columns) == list(COMPONENTS)
    assert parts.index.equals(index)
    assert [tuple(None if v is pd.NA else v for v in row) for row in parts.itertuples(False)] \
        == [tuple(URI.parse(u).components) if u is not None and urikit.is_valid(u)
            else (None,) * 7 for u in values]
    errors = series.uri.error()
    assert list(errors.columns) == ["kind", "position", "message"]
    assert [k is pd.NA for k in errors["kind"]] == [u is None or urikit.is_valid(u)
                                                    for u in values]


def test_resolve_against_a_series_aligns_on_the_index() -> None:
    """A Series of bases is aligned on the index as pandas aligns two Series; a row
    without a base gives ``<NA>``."""
    refs = pd.Series(["../d", "e?f", "g"], index=[1, 2, 3])
    bases = pd.Series(["http://x/", "http://a/b/c"], index=[2, 1])
    assert plain(refs.uri.try_resolve(bases)) == ["http://a/d", "http://x/e?f", None]
    targets = pd.Series(["http://a/d", "http://a/b/e?f", None])
    assert plain(targets.uri.relative("http://a/b/c")) == ["/d", "e?f", None]
    assert plain(pd.Series(["http://a/b/c/d"]).uri.try_relative(bases)) == [None]


def test_missing_values_of_every_kind_give_na() -> None:
    """``None``, ``NaN`` and ``<NA>`` are missing values, in an object column and in
    pandas' string dtypes; another type is refused."""
    for dtype in ("object", "string", "str"):
        series = pd.Series(["http://A/", None], dtype=dtype)
        assert plain(series.uri.try_normalize()) == ["http://a/", None]
    assert plain(pd.Series(["http://A/", float("nan")]).uri.normalize()) == ["http://a/", None]
    with pytest.raises(TypeError, match="column of str"):
        pd.Series([1, 2]).uri.normalize()


def test_an_invalid_row_raises_a_masked_uri_error() -> None:
    """A strict method raises :class:`URIError` naming the method, the value (its
    password masked) and the rule; its ``try_`` twin gives ``<NA>``; ``error()`` gives
    the kind, the position and the message, the password's text never in them."""
    series = pd.Series(["http://a/", "http://joe:S3CRET@a b/", "http://joe:S3 CRET@a/"])
    with pytest.raises(URIError) as info:
        series.uri.normalize()
    assert str(info.value) == ("uri.normalize: url \'http://joe:***@a b/': invalid character "
                               "' ' at position 19 in host")
    for method in ("canonicalize", "host", "components"):
        with pytest.raises(URIError, match="url 'http://joe:\\*\\*\\*@a b/'") as info:
            getattr(series.uri, method)()
        assert "S3CRET" not in str(info.value)
    errors = series.uri.error()
    assert plain(errors["kind"]) == [None, "invalid-host", "invalid-userinfo"]
    assert plain(errors["position"]) == [None, 19, 13]
    assert "S3" not in "".join(str(m) for m in plain(errors["message"]))


def test_options_reach_the_engine() -> None:
    """``options``, ``lenient`` and ``allow_zone_id`` are those of the command line;
    options that are not a record and a base of another type are refused."""
    series = pd.Series(["HTTP://A/x y?utm_source=z&b=1#f", "http://[FE80::1%25eth0]/"])
    options = CanonicalOptions(drop_tracking=True, drop_fragment=False)
    assert series.uri.try_canonicalize(options, lenient=True)[0] == "http://a/x%20y?b=1#f"
    assert series.uri.try_normalize(allow_zone_id=True)[1] == "http://[fe80::1%25eth0]/"
    with pytest.raises(TypeError, match="options must be CanonicalOptions"):
        series.uri.canonicalize({"drop_fragment": False})
    with pytest.raises(TypeError, match="base must be"):
        series.uri.resolve(3)
    with pytest.raises(TypeError, match="needs a base"):
        series.uri.error("relative")


def test_the_dask_functions_take_a_pandas_series() -> None:
    """:mod:`urikit.distributed`'s column functions take a pandas Series and give the
    column a Dask Series of the same rows gives, with the pandas Series' index."""
    pytest.importorskip("dask.dataframe", reason="needs the dask extra (the test extra)")
    from urikit import distributed as ud

    dd: Any = importlib.import_module("dask.dataframe")
    series = pd.Series(["http://a/?b&a", "http://x/", "bad x", "HTTP://A/?a&b", None],
                       index=[10, 11, 12, 13, 14], name="url")
    lazy = dd.from_pandas(series, npartitions=2)
    for function in (ud.normalize, ud.validate, ud.canonicalize, ud.dedupe):
        got = function(series)
        assert isinstance(got, pd.Series)
        assert got.index.equals(series.index)
        expected = function(lazy).compute(scheduler="sync")
        assert plain(got) == plain(expected)
        assert got.dtype == expected.dtype
    assert plain(ud.dedupe(series)) == [True, True, None, False, None]
    with pytest.raises(TypeError, match=r"or a pandas\.Series, not list"):
        ud.normalize([1, 2])  # a pandas Series is Any to a type checker: so is a list


def test_the_dask_error_columns_take_a_pandas_series() -> None:
    """:func:`urikit.distributed.errors` on a pandas Series gives the columns it gives
    on a Dask Series of the same rows, with the pandas Series' index."""
    pytest.importorskip("dask.dataframe", reason="needs the dask extra (the test extra)")
    from urikit import distributed as ud

    dd: Any = importlib.import_module("dask.dataframe")
    series = pd.Series(["http://a/", "http://joe:S3CRET@a b/", None], index=[7, 8, 9])
    got = ud.errors(series)
    assert isinstance(got, pd.DataFrame)
    assert got.index.equals(series.index)
    expected = ud.errors(dd.from_pandas(series, npartitions=2)).compute(scheduler="sync")
    assert got.equals(expected)
    assert plain(got["error_kind"]) == [None, "invalid-host", "null"]


def test_no_error_shows_a_secret() -> None:
    """On every text of the secrets test, no strict method's error and no ``error()``
    column holds the secret, for every operation, the text alone, against a base, or
    as the base."""
    texts = pd.Series(TEXTS)
    bases = pd.Series([BASE] * len(TEXTS))
    shown = [texts.uri.error(operation).to_string()
             for operation in ("is_valid", "normalize", "canonicalize", "host", "components")]
    for operation in ("resolve", "relative"):
        shown += [texts.uri.error(operation, bases).to_string(),
                  bases.uri.error(operation, texts).to_string()]
    raised = 0
    for text in TEXTS:
        one, base = pd.Series([text]), pd.Series([BASE])
        for method, args in [("normalize", ()), ("canonicalize", ()), ("host", ()),
                             ("components", ()), ("resolve", (BASE,)), ("relative", (BASE,))]:
            for series, arguments in [(one, args), (base, (one,) if args else ())]:
                try:
                    getattr(series.uri, method)(*arguments)
                except URIError as exc:
                    raised += 1
                    shown.append(str(exc))
    assert raised > len(TEXTS)
    assert [s for s in shown if SECRET in s] == []
