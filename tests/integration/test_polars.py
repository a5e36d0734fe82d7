"""urikit's Polars namespace: each method gives what the Python function gives, row for
row, in an eager frame, a lazy one and the streaming engine; null gives null; an
invalid row raises a masked :class:`urikit.URIError`, or gives null in the ``try_``
twin with its error in ``error()``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("polars", reason="needs polars (the test extra)")

import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests.budget import examples
from urikit import URI, CanonicalOptions, URIError, strategies
from urikit.polars import COMPONENTS, COMPONENTS_DTYPE, ERROR, OperationName, URIExpr

from ..test_secrets import BASE, SECRET, TEXTS

#: Rows every generated table holds beside the generated ones: invalid text (one with
#: a password), undefined and empty components, a zone identifier, text outside ASCII.
FIXED: list[str | None] = [None, "http://joe:S3CRET@a b/", "%zz", "", "http://a/?",
                           "http://a/", "HTTP://A:80/%7e/./x?b=1&a=2#f", "http://h:/",
                           "http://[fe80::1%25eth0]/", "http://h/caf\u00e9"]


def or_none(function: Callable[..., object], *args: str | None) -> object:
    """What a ``try_`` method gives: the Python function's result, ``None`` for a null
    argument or for text it rejects."""
    if None in args:
        return None
    try:
        return function(*args)
    except URIError:
        return None


def components(text: str) -> dict[str, str | None]:
    return dict(zip(COMPONENTS, URI.parse(text).components, strict=True))


def host(text: str) -> str | None:
    return URI.parse(text).host


def relative(target: str, base: str) -> str:
    return str(URI.parse(target).relative_to(base))


def uri(column: str | pl.Expr) -> URIExpr:
    """The namespace of a column as ``pl.col(column).uri`` gives it (a type checker does
    not know the names Polars registers at run time)."""
    # getattr: Expr declares no "uri" (Polars adds it when urikit.polars is imported)
    namespace = getattr(pl.col(column) if isinstance(column, str) else column, "uri")  # noqa: B009
    assert isinstance(namespace, URIExpr)
    return namespace


def column(frame: pl.DataFrame | pl.LazyFrame, expr: pl.Expr) -> list[Any]:
    """The values of one expression over a frame (a lazy one through the streaming
    engine)."""
    if isinstance(frame, pl.LazyFrame):
        return frame.select(expr.alias("out")).collect(engine="streaming")["out"].to_list()
    return frame.select(expr.alias("out"))["out"].to_list()


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(strategies.uri_references(), min_size=1, max_size=300), st.booleans())
def test_each_method_gives_the_python_functions_results(urls: list[str], lazy: bool) -> None:
    """On generated URI-references and the fixed rows (15 frames of up to 310 rows,
    eager or lazy and streamed), every method gives what the Python function gives,
    in row order, null for null and (``try_``) for invalid text."""
    values = [*FIXED, *urls]
    frame: pl.DataFrame | pl.LazyFrame = pl.DataFrame({"url": values},
                                                      schema={"url": pl.String})
    if lazy:
        frame = frame.lazy()
    url = uri("url")
    assert column(frame, url.is_valid()) == [None if u is None else urikit.is_valid(u)
                                             for u in values]
    assert column(frame, url.try_normalize()) == [or_none(urikit.normalize, u)
                                                  for u in values]
    assert column(frame, url.try_canonicalize()) == [or_none(urikit.canonicalize, u)
                                                     for u in values]
    assert column(frame, url.try_host()) == [or_none(host, u) for u in values]
    assert column(frame, url.try_components()) == [or_none(components, u) for u in values]
    errors = column(frame, url.error())
    assert [e is None for e in errors] == [u is None or urikit.is_valid(u) for u in values]


@settings(max_examples=examples(10), deadline=None)
@given(st.lists(st.tuples(strategies.absolute_uris(), strategies.uri_references()),
                min_size=1, max_size=200))
def test_resolve_and_relative_against_a_column(pairs: list[tuple[str, str]]) -> None:
    """(base, reference) pairs (10 frames of up to 200 generated pairs, and pairs with
    a null, an invalid base and a base without a scheme): resolve and relative against
    a column give what :func:`urikit.resolve` and :meth:`urikit.URI.relative_to`
    give."""
    bases: list[str | None] = [None, "http://a/", "a/b", "http://a b/", *(b for b, _ in pairs)]
    refs: list[str | None] = ["x", None, "x", "x", *(r for _, r in pairs)]
    frame = pl.DataFrame({"base": bases, "ref": refs},
                         schema={"base": pl.String, "ref": pl.String})
    resolved = column(frame, uri("ref").try_resolve(pl.col("base")))
    assert resolved == [or_none(urikit.resolve, b, r) for b, r in zip(bases, refs, strict=True)]
    frame = frame.with_columns(target=pl.Series(resolved, dtype=pl.String))
    assert column(frame, uri("target").try_relative(pl.col("base"))) == [
        or_none(relative, t, b) for t, b in zip(resolved, bases, strict=True)]
    assert resolved[:2] == [None, None]
    assert resolved[4] is not None


def test_a_constant_base() -> None:
    """A base given as text applies to every row, the rows' count kept (a literal
    expression of one row would be broadcast or not, as Polars sees fit)."""
    frame = pl.DataFrame({"ref": ["../d", "e?f", None, "a b"]})
    assert column(frame, uri("ref").try_resolve("http://a/b/c")) == [
        "http://a/d", "http://a/b/e?f", None, None]
    # a pair's error as the command line's record of it: the position in base<TAB>ref
    assert column(frame, uri("ref").error("resolve", "http://a/b/c"))[3] == {
        "kind": "invalid-path", "position": 14, "message": "invalid character ' ' in path"}


def test_components_keep_undefined_apart_from_empty() -> None:
    """``http://a/?`` has an empty query, ``http://a/`` none; an empty port stays
    ``''`` and a port's digits are kept as written."""
    frame = pl.DataFrame({"url": ["http://a/?", "http://a/", "http://h:/", "http://h:0080/#"]})
    got = frame.select(uri("url").components().alias("c")).unnest("c")
    assert got.select("query", "port", "fragment").rows() == [
        ("", None, None), (None, None, None), (None, "", None), (None, "0080", "")]


def test_the_lazy_schema_is_known_before_running() -> None:
    """Each method declares its dtype: a lazy frame's schema is known without running
    any of urikit's code."""
    url = uri("url")
    lazy = pl.LazyFrame({"url": ["x"], "base": ["http://a/"]}).select(
        url.is_valid().alias("v"), url.error().alias("e"), url.normalize().alias("n"),
        url.try_canonicalize().alias("c"), url.resolve(pl.col("base")).alias("r"),
        url.try_relative("http://a/").alias("rel"), url.host().alias("h"),
        url.try_components().alias("p"))
    assert dict(lazy.collect_schema()) == {
        "v": pl.Boolean(), "e": ERROR, "n": pl.String(), "c": pl.String(),
        "r": pl.String(), "rel": pl.String(), "h": pl.String(), "p": COMPONENTS_DTYPE}


@pytest.mark.parametrize(("expr", "message"), [
    pytest.param(uri("url").normalize(),
                 "uri.normalize: url \'http://joe:***@a b/': invalid character ' ' at position "
                 "19 in host", id="normalize"),
    pytest.param(uri("url").canonicalize(),
                 "uri.canonicalize: url \'http://joe:***@a b/': invalid character ' ' at "
                 "position 19 in host", id="canonicalize"),
    pytest.param(uri("url").host(), "uri.host: url \'http://joe:***@a b/'", id="host"),
    pytest.param(uri("url").components(), "uri.components: url \'http://joe:***@a b/'",
                 id="components"),
    pytest.param(uri("url").resolve("http://a/"),
                 "uri.resolve: reference 'http://joe:***@a b/'", id="resolve"),
    pytest.param(uri("url").relative("http://a/"),
                 "uri.relative: url \'http://joe:***@a b/'", id="relative"),
])
def test_an_invalid_row_raises_a_masked_uri_error(expr: pl.Expr, message: str) -> None:
    """The strict methods end the query with a :class:`URIError` naming the method, the
    value (its password masked) and the rule; the ``try_`` twin gives null and
    ``error()`` the same error as data."""
    frame = pl.DataFrame({"url": ["http://a/", "http://joe:S3CRET@a b/"]})
    with pytest.raises(URIError) as info:
        column(frame, expr)
    assert message in str(info.value)
    assert "S3CRET" not in str(info.value)


def test_a_password_never_shows_in_an_error_column() -> None:
    """An error inside a password is reported without its text, its kind and position
    kept."""
    frame = pl.DataFrame({"url": ["http://joe:S3 CRET@a/"]})
    (error,) = column(frame, uri("url").error())
    assert error["kind"] == "invalid-userinfo"
    assert error["position"] == 13
    assert "S3" not in error["message"]
    assert "masked" in error["message"]


def test_options_reach_the_engine() -> None:
    """``options``, ``lenient`` and ``allow_zone_id`` are those of the command line."""
    frame = pl.DataFrame({"url": ["HTTP://A/x y?utm_source=z&b=1#f", "http://[FE80::1%25eth0]/"]})
    url = uri("url")
    options = CanonicalOptions(drop_tracking=True, drop_fragment=False)
    assert column(frame, url.try_canonicalize(options, lenient=True))[0] == "http://a/x%20y?b=1#f"
    assert column(frame, url.try_normalize(allow_zone_id=True))[1] == "http://[fe80::1%25eth0]/"
    assert column(frame, url.is_valid()) == [False, False]


def test_wrong_arguments_are_type_errors() -> None:
    """A column that is not ``String``, options that are not a record, a base of another
    type and an unknown operation are refused with :class:`TypeError`."""
    with pytest.raises(TypeError, match="String column"):
        column(pl.DataFrame({"url": [1]}), uri("url").try_normalize())
    assert column(pl.DataFrame({"url": [None, None]}), uri("url").try_normalize()) == [
        None, None]  # a column of nulls alone has the dtype Null
    with pytest.raises(TypeError, match="options must be CanonicalOptions"):
        uri("url").canonicalize({"drop_fragment": False})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="base must be"):
        uri("url").resolve(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="operation must be"):
        uri("url").error("explain")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a base"):
        uri("url").error("resolve")


def test_streaming_from_parquet_to_parquet(tmp_path: Path) -> None:
    """A Parquet file of 30,000 rows in row groups of 1,000 streams through
    ``sink_parquet`` with the results and errors beside every column, in order."""
    urls = [f"HTTP://H/{k}/../x{k}" if k % 1000 else "bad url" for k in range(30_000)]
    pl.DataFrame({"id": range(30_000), "url": urls}).write_parquet(
        tmp_path / "in.parquet", row_group_size=1000)
    url = uri("url")
    (pl.scan_parquet(tmp_path / "in.parquet")
       .with_columns(url.try_normalize().alias("normalized"), url.error().alias("error"))
       .sink_parquet(tmp_path / "out.parquet"))
    out = pl.read_parquet(tmp_path / "out.parquet")
    assert out["id"].to_list() == list(range(30_000))
    assert out["normalized"].to_list() == [None if k % 1000 == 0 else f"http://h/x{k}"
                                           for k in range(30_000)]
    assert out["error"].struct.field("kind").drop_nulls().unique().to_list() == ["invalid-path"]


def test_no_error_shows_a_secret() -> None:
    """On every text of the secrets test (passwords and secret query values, valid and
    not), no strict method's error and no ``error()`` field holds the secret, for every
    operation, alone or against a base (the value as the base too)."""
    frame = pl.DataFrame({"url": TEXTS, "base": [BASE] * len(TEXTS)})
    url = uri("url")
    shown: list[str] = []
    raised = 0
    singles: tuple[OperationName, ...] = ("is_valid", "normalize", "canonicalize", "host",
                                          "components")
    pairs: tuple[OperationName, ...] = ("resolve", "relative")
    for operation in singles:
        shown.append(repr(column(frame, url.error(operation))))
    for operation in pairs:
        shown.append(repr(column(frame, url.error(operation, pl.col("base")))))
        shown.append(repr(column(frame, uri("base").error(operation, pl.col("url")))))
    for expr in (url.normalize(), url.canonicalize(), url.host(), url.components(),
                 url.resolve(BASE), url.relative(BASE),
                 uri("base").resolve(pl.col("url")), uri("base").relative(pl.col("url"))):
        for text in TEXTS:
            one = pl.DataFrame({"url": [text], "base": [BASE]})
            try:
                column(one, expr)
            except URIError as exc:
                raised += 1
                shown.append(str(exc))
    assert raised > len(TEXTS)
    assert [s for s in shown if SECRET in s] == []
