"""urikit's SQL functions in DuckDB: on a Parquet file each test writes and DuckDB reads,
each function gives what the Python function gives, row for row; NULL gives NULL; an
invalid row ends the query with a masked message, or gives NULL in the ``try_`` twin."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("duckdb", reason="needs the duckdb extra (the test extra)")
pytest.importorskip("pyarrow", reason="needs the duckdb extra (the test extra)")

import duckdb
from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from tests.budget import examples
from urikit import URI, CanonicalOptions, URIError, strategies
from urikit._batch.engine import process_line
from urikit._batch.operations import Command, Operation
from urikit.duckdb import COMPONENTS, register

# pyarrow has no annotations: used through Any.
pa: Any = importlib.import_module("pyarrow")
pq: Any = importlib.import_module("pyarrow.parquet")

#: Rows every generated table holds beside the generated ones: invalid text (one with
#: a password), a lone surrogate's replacement, undefined and empty components.
FIXED: list[str | None] = [None, "http://joe:S3CRET@a b/", "%zz", "", "http://a/?",
                           "http://a/", "HTTP://A:80/%7e/./x?b=1&a=2#f", "http://h:/",
                           "http://[fe80::1%25eth0]/"]


def write(path: Path, **columns: list[str | None]) -> str:
    """A Parquet file of string columns, in row groups of 1,000 rows (so that DuckDB
    reads it in several pieces)."""
    pq.write_table(pa.table({name: pa.array(values, type=pa.string())
                             for name, values in columns.items()}), path, row_group_size=1000)
    return str(path)


def connect(**options: Any) -> duckdb.DuckDBPyConnection:
    """A connection with urikit's functions registered (``options`` to register)."""
    con = duckdb.connect()
    register(con, **options)
    return con


def rows(con: duckdb.DuckDBPyConnection, sql: str) -> list[tuple[Any, ...]]:
    """The rows of a query."""
    return con.execute(sql).fetchall()


def or_none(function: Callable[..., object], *args: str | None) -> object:
    """What a ``try_`` function gives: the Python function's result, ``None`` for a
    NULL argument or for text it rejects."""
    if None in args:
        return None
    try:
        return function(*args)
    except URIError:
        return None


def components(text: str) -> dict[str, str | None]:
    return dict(zip(COMPONENTS, URI.parse(text).components, strict=True))


def relative(target: str, base: str) -> str:
    return str(URI.parse(target).relative_to(base))


def cli_error(text: str) -> str | None:
    """The reason the command line gives for a line (``None``: valid)."""
    record = process_line(Operation(Command.VALIDATE), "-", 1, text)
    return None if record.error is None else str(record.error)


def cli_error_info(text: str) -> dict[str, object] | None:
    """The error the command line gives for a line, as the columns of its Parquet
    output (``None``: valid)."""
    error = process_line(Operation(Command.VALIDATE), "-", 1, text).error
    if error is None:
        return None
    return {"kind": error.kind, "position": error.position, "message": error.message}


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(strategies.uri_references(), min_size=1, max_size=400))
def test_each_function_gives_the_python_functions_results(tmp_path_factory: Any,
                                                          urls: list[str]) -> None:
    """On generated URI-references and the fixed rows (15 tables of up to 409 rows),
    read from Parquet, every function gives what the Python function gives, in row
    order, NULL for NULL and (``try_``) for invalid text."""
    path = write(tmp_path_factory.mktemp("t") / "links.parquet", url=[*FIXED, *urls])
    con = connect()
    got = rows(con, f"""SELECT url, urikit_is_valid(url), urikit_error(url),
        urikit_error_info(url),
        try_urikit_normalize(url), try_urikit_canonicalize(url), try_urikit_host(url),
        try_urikit_components(url) FROM '{path}'""")
    expected = [(url, None if url is None else urikit.is_valid(url),
                 None if url is None else cli_error(url),
                 None if url is None else cli_error_info(url),
                 or_none(urikit.normalize, url), or_none(urikit.canonicalize, url),
                 or_none(lambda u: URI.parse(u).host, url), or_none(components, url))
                for url in [*FIXED, *urls]]
    assert got == expected


@settings(max_examples=examples(10), deadline=None)
@given(st.lists(st.tuples(strategies.absolute_uris(), strategies.uri_references()),
                min_size=1, max_size=300))
def test_resolve_and_relative_give_the_python_results(tmp_path_factory: Any,
                                                      pairs: list[tuple[str, str]]) -> None:
    """(base, reference) pairs of a Parquet file (10 tables of up to 300 generated
    pairs, and pairs with NULL, an invalid base and a base without a scheme): resolve
    and relative give what :func:`urikit.resolve` and :meth:`urikit.URI.relative_to`
    give."""
    bases: list[str | None] = [None, "http://a/", "a/b", "http://a b/", *(b for b, _ in pairs)]
    refs: list[str | None] = ["x", None, "x", "x", *(r for _, r in pairs)]
    path = write(tmp_path_factory.mktemp("t") / "pairs.parquet", base=bases, ref=refs)
    con = connect()
    got = rows(con, f"""SELECT try_urikit_resolve(base, ref),
        try_urikit_relative(try_urikit_resolve(base, ref), base) FROM '{path}'""")
    resolved = [or_none(urikit.resolve, b, r) for b, r in zip(bases, refs, strict=True)]
    assert got == [(t, or_none(relative, t, b))  # type: ignore[arg-type]
                   for t, b in zip(resolved, bases, strict=True)]
    assert got[0] == (None, None)
    assert got[1] == (None, None)
    assert got[4][0] is not None


def test_components_keep_undefined_apart_from_empty(tmp_path: Path) -> None:
    """``http://a/?`` has an empty query, ``http://a/`` none; an empty port stays
    ``''`` and a port's digits are kept as written."""
    path = write(tmp_path / "t.parquet", url=["http://a/?", "http://a/", "http://h:/",
                                               "http://h:0080/#"])
    got = rows(connect(), f"SELECT urikit_components(url).query, urikit_components(url).port,"
                          f" urikit_components(url).fragment FROM '{path}'")
    assert got == [("", None, None), (None, None, None), (None, "", None), (None, "0080", "")]


@pytest.mark.parametrize(("sql", "message"), [
    pytest.param("urikit_normalize('http://joe:S3CRET@a b/')",
                 "urikit_normalize: url 'http://joe:***@a b/': invalid character ' ' at "
                 "position 19 in host", id="normalize"),
    pytest.param("urikit_canonicalize('http://joe:S3 CRET@a/')",
                 "urikit_canonicalize: url 'http://joe:***@a/': invalid character (in the "
                 "password, masked) at position 13 in userinfo", id="password"),
    pytest.param("urikit_resolve('http://joe:S3CRET@a/', 'b c')",
                 "urikit_resolve: reference 'b c': invalid character ' ' at position 1 in "
                 "path", id="reference"),
    pytest.param("urikit_resolve('//joe:S3CRET@a/', 'b')",
                 "urikit_resolve: cannot use '//joe:***@a/' as a base: a base URI must have "
                 "a scheme (RFC 3986 §5.1)", id="base without a scheme"),
    pytest.param("urikit_relative('http://a/', 'http://joe:S3CRET@a/%')",
                 "urikit_relative: base 'http://joe:***@a/%': invalid percent-encoding '%' "
                 "at position 20 in path (a literal '%' is written '%25')", id="base"),
    pytest.param("urikit_host('a\\b')", "urikit_host: url 'a\\\\b': invalid character "
                 "'\\\\' at position 1 in path", id="host"),
    pytest.param("urikit_components('%')", "urikit_components: url '%': invalid "
                 "percent-encoding '%' at position 0 in path (a literal '%' is written "
                 "'%25')", id="components"),
])
def test_an_invalid_row_ends_the_query_saying_why(sql: str, message: str) -> None:
    """The strict functions end the query with an error naming the function, the
    argument, its text (password masked) and the rule; the ``try_`` twin gives NULL."""
    con = connect()
    with pytest.raises(duckdb.InvalidInputException) as info:
        rows(con, f"SELECT {sql}")
    # DuckDB 1.x adds the Python traceback after the message ("At: ..."), 2.x does not
    assert f"InvalidInputException: {message}" in str(info.value)
    assert "S3CRET" not in str(info.value)
    assert rows(con, f"SELECT try_{sql}") == [(None,)]


def test_the_error_is_found_in_any_row_of_a_large_file(tmp_path: Path) -> None:
    """One invalid row among 10,000 (five DuckDB vectors) ends the query with that
    row's text; the valid rows keep their order through the vectors."""
    urls: list[str | None] = [f"HTTP://H/{k}/../x{k}" for k in range(10_000)]
    urls[7_777] = "http://h/a b"
    path = write(tmp_path / "t.parquet", url=urls)
    con = connect()
    with pytest.raises(duckdb.InvalidInputException, match="url 'http://h/a b'"):
        rows(con, f"SELECT urikit_normalize(url) FROM '{path}'")
    got = rows(con, f"SELECT try_urikit_normalize(url) FROM '{path}'")
    assert [value for (value,) in got] == [
        None if k == 7_777 else f"http://h/x{k}" for k in range(10_000)]


def test_the_caller_chooses_the_prefix_and_the_options() -> None:
    """Two registrations with different prefixes live side by side, each with its
    canonical steps; ``lenient`` reads text as the command line's ``--lenient``;
    ``allow_zone_id`` accepts a zone; options that are not a record are refused."""
    con = connect()
    names = register(con, prefix="crawl_", lenient=True,
                     options=CanonicalOptions(drop_tracking=True, drop_fragment=False))
    assert "crawl_canonicalize" in names
    assert "try_crawl_canonicalize" in names
    url = "'HTTP://A/x y?utm_source=z&b=1#f'"
    assert rows(con, f"SELECT try_urikit_canonicalize({url}), crawl_canonicalize({url})") == [
        (None, "http://a/x%20y?b=1#f")]
    register(con, prefix="zone_", allow_zone_id=True)
    assert rows(con, "SELECT urikit_is_valid('http://[fe80::1%25eth0]/'), "
                     "zone_normalize('http://[FE80::1%25eth0]/')") == [
        (False, "http://[fe80::1%25eth0]/")]
    assert rows(con, "SELECT crawl_normalize('http://a/ b'), crawl_error('http://a/ b'), "
                     "urikit_error('http://a/ b')") == [
        ("http://a/%20b", None, "invalid character ' ' at position 9 in path")]
    with pytest.raises(TypeError, match="options must be CanonicalOptions"):
        register(con, options={"drop_fragment": False})  # type: ignore[arg-type]


def test_the_documented_queries(tmp_path: Path) -> None:
    """A link table deduplicated by canonical form keeps the first row of each form,
    and grouping by host counts each host's links, invalid rows set aside."""
    path = write(tmp_path / "links.parquet",
                 url=["http://A/x?b=1&a=2#top", "http://a/x?a=2&b=1", "http://b/", "bad url",
                      None])
    con = connect()
    # a WHERE clause does not keep DuckDB from calling a function on the rows it drops
    # (DuckDB 1.x calls it first): the try_ twins give those rows NULL instead of an error
    kept = rows(con, f"""SELECT url FROM '{path}' WHERE urikit_is_valid(url)
        QUALIFY row_number() OVER (PARTITION BY try_urikit_canonicalize(url)
                                   ORDER BY url) = 1 ORDER BY url""")
    assert kept == [("http://A/x?b=1&a=2#top",), ("http://b/",)]
    hosts = rows(con, f"""SELECT try_urikit_host(try_urikit_normalize(url)) AS host, count(*)
        FROM '{path}' WHERE urikit_is_valid(url) GROUP BY host ORDER BY host""")
    assert hosts == [("a", 2), ("b", 1)]
    kinds = rows(con, f"""SELECT urikit_error_info(url).kind AS kind, count(*) FROM '{path}'
        WHERE NOT urikit_is_valid(url) GROUP BY kind""")
    assert kinds == [("invalid-path", 1)]
