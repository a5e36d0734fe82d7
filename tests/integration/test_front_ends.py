"""The five front ends of the batch engine agree row by row on one generated table.

The command line (a Parquet file in, a Parquet file out), Dask (a DataFrame column and
its error columns), DuckDB (the ``try_`` functions and
``urikit_error_info``), Polars (the ``uri`` namespace) and pandas (the ``uri``
accessor) each run normalize, canonicalize and validate on the same table of
:data:`ROWS` rows, generated with a fixed seed: valid references, invalid ones, secrets
in passwords and query values, text outside ASCII, and nulls. Each row's result must
be the command line's (run with ``--show-password``: the data front ends return data,
secrets kept) and each row's error, kind, position and message, the command line's
(run as it is by default, secrets masked), in every front end. A null is the one place
where the front ends differ by design: the command line reports it as an error of kind
``null`` (a line in, a record out), a DataFrame keeps it a null, with no error.
Resolve and relative run on the same rows, each with a base of its own, in the front
ends that take pairs (the command line, DuckDB, Polars, pandas).
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import random
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Any, Final

import pytest

pytestmark = [
    pytest.mark.integration,
    # dask's read_parquet calls DataFrame.reset_index(inplace=True), which pandas 3.1
    # deprecates (a warning in dask's code, not in urikit's)
    pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.reset_index"),
]
for _module in ("polars", "duckdb", "pyarrow", "dask.dataframe"):
    pytest.importorskip(_module, reason="needs the test extra")

import duckdb
import polars as pl

from urikit import distributed as ud
from urikit._batch.operations import Command, Operation
from urikit.duckdb import register
from urikit.pandas import URIAccessor
from urikit.pandas import build as pandas_build
from urikit.polars import OperationName, URIExpr
from urikit.polars import build as polars_build

# dask, pandas and pyarrow have unannotated functions: used through Any.
dd: Any = importlib.import_module("dask.dataframe")
db: Any = importlib.import_module("dask.bag")
pd: Any = importlib.import_module("pandas")
pq: Any = importlib.import_module("pyarrow.parquet")
pa: Any = importlib.import_module("pyarrow")

ROWS: Final = 400
SEED: Final = 36
COMMANDS: Final = ("normalize", "canonicalize", "validate")

#: A row's outcome: the result (``None`` for an error or a null) and the error as
#: (kind, position, message), or ``None``.
Error = tuple[str, int | None, str] | None
Outcome = tuple[object, Error]


def table() -> list[str | None]:
    """:data:`ROWS` references built from parts, with a fixed seed: schemes, userinfo
    with passwords (one with a space in it), hosts (invalid, IPv6, a zone, non-ASCII),
    ports (empty, padded, invalid), paths with dot segments and bad percent-encodings,
    queries with a secret value, fragments; and nulls and fixed odd rows."""
    rng = random.Random(SEED)
    schemes = ["http", "HTTP", "https", "mailto", "ftp", None]
    # the invalid parts (a space, "%zz", "8a", a zone, text outside ASCII) a few times
    # among valid ones, so that about half the rows are valid
    userinfos = [None] * 4 + ["joe", "joe:S3CRET", "joe:S3CRET", "joe:S3 CRET", "j%41e:pw"]
    hosts = ["example.com", "Example.COM", "[::1]", "xn--nxasmq6b", "", "h", "10.0.0.1",
             "a b", "[fe80::1%25eth0]", "caf\u00e9.example"]
    ports = [None] * 5 + ["80", "0080", "", "8a"]
    paths = ["/a/./b/../c", "/%7e", "/x/%2E%2E/y", "/", "", "/a/b", "/a b", "/%zz",
             "/caf\u00e9"]
    queries = [None] * 4 + ["", "b=2&a=1", "utm_source=x&token=T0K3N", "q=%zz"]
    fragments = [None] * 4 + ["", "top", "a b"]
    rows: list[str | None] = [None, "", "%zz", "//h", "a\\b", "http://a/?", "http://a/",
                              "http://joe:S3CRET@a b/", "mailto:Joe@Example.COM"]
    while len(rows) < ROWS:
        if rng.random() < 0.05:
            rows.append(None)
            continue
        scheme = rng.choice(schemes)
        text = f"{scheme}:" if scheme else ""
        if rng.random() < 0.8:
            userinfo, port = rng.choice(userinfos), rng.choice(ports)
            text += "//" + (f"{userinfo}@" if userinfo is not None else "")
            text += rng.choice(hosts) + (f":{port}" if port is not None else "")
            path = rng.choice(paths)
            text += path if path.startswith("/") or not path else "/" + path
        else:
            text += rng.choice(paths).lstrip("/")
        query, fragment = rng.choice(queries), rng.choice(fragments)
        text += (f"?{query}" if query is not None else "")
        text += (f"#{fragment}" if fragment is not None else "")
        rows.append(text)
    return rows


def error_of(kind: object, position: object, message: object) -> Error:
    """An error's three columns as one value (``None``: no error)."""
    if kind is None:
        return None
    assert isinstance(kind, str)
    assert isinstance(message, str)
    assert position is None or isinstance(position, int)
    return kind, position, message


def plain(values: list[Any]) -> list[Any]:
    """pandas' missing values (``<NA>``, ``NaN``) as ``None``."""
    return [None if value is pd.NA or (isinstance(value, float) and value != value)
            else value for value in values]


def command_line(command: str, path: Path, show_password: bool) -> list[Outcome]:
    """Each row's outcome from ``urikit COMMAND -i table.parquet -o out.parquet`` (for
    resolve and relative, each row's base from the ``base`` column)."""
    out = path.with_name(f"{command}-{show_password}.parquet")
    argv = [sys.executable, "-m", "urikit", command, "-q", "-i", str(path), "-o", str(out)]
    result = subprocess.run([*argv, *(["--show-password"] if show_password else [])],
                            capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1), result.stderr
    columns = pq.read_table(out).to_pydict()
    return [(output, error_of(kind, position, message)) for output, kind, position, message
            in zip(columns["urikit_result"], columns["urikit_error_kind"],
                   columns["urikit_error_position"], columns["urikit_error_message"],
                   strict=True)]


def expected(path: Path, rows: list[str | None], command: str) -> list[Outcome]:
    """The command line's outcomes as a DataFrame gives them: the result and the error
    of the run as it is by default (a table's results are data, secrets kept; its
    errors masked), and a null for a null (validate: whether the row is valid)."""
    outcomes: list[Outcome] = []
    for row, (output, error) in zip(rows, command_line(command, path, False), strict=True):
        if row is None:
            assert error is not None
            assert error[0] == "null"
            outcomes.append((None, None))
        elif command == "validate":
            outcomes.append((error is None, error))
        else:
            outcomes.append((output, error))
    return outcomes


def operation_of(command: str) -> OperationName:
    """The operation whose errors a front end's ``error`` method gives for a command."""
    return "is_valid" if command == "validate" else (
        "normalize" if command == "normalize" else "canonicalize")


def polars_outcomes(path: Path, command: str) -> list[Outcome]:
    """Each row's outcome from the Polars namespace, streamed from the Parquet file."""
    url: URIExpr = getattr(pl.col("url"), "uri")  # noqa: B009 (registered at run time)
    method = "is_valid" if command == "validate" else f"try_{command}"
    frame = pl.scan_parquet(path).select(
        getattr(url, method)().alias("result"), url.error(operation_of(command)).alias("error"),
    ).collect(engine="streaming")
    return [(result, None if error is None else error_of(**error))
            for result, error in frame.iter_rows()]


def pandas_outcomes(path: Path, command: str) -> list[Outcome]:
    """Each row's outcome from the pandas accessor, on the column pandas reads."""
    series = pd.read_parquet(path)["url"]
    assert isinstance(series.uri, URIAccessor)
    method = "is_valid" if command == "validate" else f"try_{command}"
    results = plain(getattr(series.uri, method)().tolist())
    errors = series.uri.error(operation_of(command))
    fields = [plain(errors[name].tolist()) for name in ("kind", "position", "message")]
    return [(result, error_of(*error))
            for result, error in zip(results, zip(*fields, strict=True), strict=True)]


def duckdb_outcomes(path: Path, command: str) -> list[Outcome]:
    """Each row's outcome from DuckDB's functions, reading the Parquet file."""
    con = duckdb.connect()
    register(con)
    function = "urikit_is_valid" if command == "validate" else f"try_urikit_{command}"
    got = con.execute(f"SELECT {function}(url), urikit_error_info(url) FROM read_parquet("
                      f"'{path}', file_row_number = true) ORDER BY file_row_number").fetchall()
    return [(result, None if error is None else error_of(**error)) for result, error in got]


def dask_outcomes(path: Path, rows: list[str | None], command: str) -> list[Outcome]:
    """Each row's outcome from Dask's DataFrame functions on the column read from the
    Parquet file: the result column and the error columns (:func:`ud.errors`, which
    gives a null the command line's ``null`` error: here a null has none)."""
    frame = dd.read_parquet(str(path))
    function = getattr(ud, command)
    results = plain(function(frame.url, show_password=True).compute(
        scheduler="sync").tolist())
    found = ud.errors(frame.url).compute(scheduler="sync")
    fields = [plain(found[name].tolist()) for name in ud.ERROR_COLUMNS]
    return [(result, None if row is None else error_of(*error)) for result, row, error
            in zip(results, rows, zip(*fields, strict=True), strict=True)]


@pytest.mark.parametrize("command", COMMANDS)
def test_the_five_front_ends_agree_row_by_row(tmp_path: Path, command: str) -> None:
    """On :data:`ROWS` generated rows (seed :data:`SEED`), the command line, Dask,
    DuckDB, Polars and pandas give each row the same result and the same error (kind,
    position, message), passwords masked in every error."""
    rows = table()
    path = tmp_path / "table.parquet"
    pq.write_table(pa.table({"url": pa.array(rows, type=pa.string())}), path,
                   row_group_size=100)
    want = expected(path, rows, command)
    assert sum(error is not None for _, error in want) > ROWS // 10  # invalid rows there
    assert sum(row is None for row in rows) > 5  # and nulls
    fronts = {"polars": polars_outcomes(path, command),
              "pandas": pandas_outcomes(path, command),
              "dask": dask_outcomes(path, rows, command),
              "duckdb": duckdb_outcomes(path, command)}
    for name, got in fronts.items():
        disagreements = [(k, rows[k], g, w) for k, (g, w) in enumerate(zip(got, want,
                                                                           strict=True))
                         if g != w]
        assert disagreements == [], name
    for _, error in want:
        assert error is None or ("S3CRET" not in error[2] and "T0K3N" not in error[2])


PAIRS: Final[tuple[OperationName, ...]] = ("resolve", "relative")


@pytest.mark.parametrize("command", PAIRS)
def test_the_pairs_agree_row_by_row(tmp_path: Path, command: OperationName) -> None:
    """On the generated table as references (and targets), each row with its own base
    (valid, with a password, without a scheme, invalid, null, in turn): the command
    line, DuckDB, Polars and pandas give each row the same result, and Polars and
    pandas the command line's error (DuckDB's error functions read one value, Dask's
    column functions take no pairs: its bags of ``base<TAB>reference`` lines give the
    command line's results)."""
    rows = table()
    cycle = ["http://a/b/c/d;p?q", "https://joe:S3CRET@h.example/x/", "//h/no-scheme",
             "HTTP://Example.COM/a/./b", "http://a b/", None, "http://a/b?token=T0K3N"]
    bases = [cycle[k % len(cycle)] for k in range(len(rows))]
    path = tmp_path / "pairs.parquet"
    pq.write_table(pa.table({"base": pa.array(bases, type=pa.string()),
                             "url": pa.array(rows, type=pa.string())}), path)
    want = [(None, None) if row is None or base is None else outcome
            for row, base, outcome
            in zip(rows, bases, command_line(command, path, False), strict=True)]
    assert sum(output is not None for output, _ in want) > ROWS // 10  # results there
    assert sum(error is not None for _, error in want) > ROWS // 10  # and errors
    url: URIExpr = getattr(pl.col("url"), "uri")  # noqa: B009 (registered at run time)
    frame = pl.read_parquet(path).select(
        getattr(url, f"try_{command}")(pl.col("base")).alias("result"),
        url.error(command, pl.col("base")).alias("error"))
    polars = [(result, None if error is None else error_of(**error))
              for result, error in frame.iter_rows()]
    table_ = pd.read_parquet(path)
    accessor = table_["url"].uri
    results = plain(getattr(accessor, f"try_{command}")(table_["base"]).tolist())
    errors = accessor.error(command, table_["base"])
    fields = [plain(errors[name].tolist()) for name in ("kind", "position", "message")]
    pandas = [(result, error_of(*error))
              for result, error in zip(results, zip(*fields, strict=True), strict=True)]
    con = duckdb.connect()
    register(con)
    args = "base, url" if command == "resolve" else "url, base"
    duck = con.execute(f"SELECT try_urikit_{command}({args}) FROM read_parquet('{path}', "
                       "file_row_number = true) ORDER BY file_row_number").fetchall()
    assert [r for (r,) in duck] == [output for output, _ in want]
    # Dask: its bags read (base, reference) lines, as the command line's lines do
    both = [k for k, (row, base) in enumerate(zip(rows, bases, strict=True))
            if row is not None and base is not None]
    lines = db.from_sequence([f"{bases[k]}\t{rows[k]}" for k in both], npartitions=3)
    bag: Any = ud.records(lines, Operation(Command(command), show_password=True))
    found = bag.compute(scheduler="sync")
    assert [r.output for r in found] == [want[k][0] for k in both]
    for name, got in {"polars": polars, "pandas": pandas}.items():
        disagreements = [(k, rows[k], bases[k], g, w)
                         for k, (g, w) in enumerate(zip(got, want, strict=True)) if g != w]
        assert disagreements == [], name


#: The operations of the table but those above (issue 44): the method, its argument
#: (a key, a domain) and the command line's options for it.
OPERATIONS: Final[list[tuple[OperationName, str, tuple[str, ...]]]] = [
    ("query_param", "token", ("--key", "token")),
    ("query_values", "b", ("--key", "b")),
    ("query_pairs", "", ()),
    ("decoded", "", ()),
    ("segments", "", ()),
    ("host_labels", "", ()),
    ("registrable_domain", "", ()),
    ("public_suffix", "", ()),
    ("subdomain", "", ()),
    ("in_domain", "example.com", ("--domain", "example.com")),
    ("host", "", ()),
    ("components", "", ()),
]
#: The operations whose result is a struct (a DataFrame in pandas; in Dask, from the
#: records of a bag: its Series functions give one value a row).
STRUCTS: Final = ("decoded", "components")


def as_cell(value: object) -> object:
    """A result as the command line's table cell holds it: text as it is, a null a
    null, anything else (a list, a struct, a flag) its JSON."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, pl.Series):  # a Polars list
        value = value.to_list()
    return json.dumps(value, ensure_ascii=False)


@pytest.mark.parametrize(("method", "argument", "options"), OPERATIONS,
                         ids=[name for name, _, _ in OPERATIONS])
def test_the_operations_of_the_table_agree_row_by_row(
        tmp_path: Path, method: OperationName, argument: str,
        options: tuple[str, ...]) -> None:
    """Each operation of 0.6 on the generated table (seed :data:`SEED`, secrets in
    passwords and query values, non-ASCII, nulls): the command line's Parquet output
    (as it is by default: its results data, its errors masked), Polars, pandas, DuckDB
    and Dask (operations of one value a row) give each row the same result, and
    Polars and pandas the command line's error (kind, position, message)."""
    pytest.importorskip("publicsuffixlist")
    rows = table()
    path = tmp_path / "table.parquet"
    pq.write_table(pa.table({"url": pa.array(rows, type=pa.string())}), path,
                   row_group_size=100)
    cli = command_line_with(method.replace("_", "-"), path, options)
    want = [(None, None) if row is None else outcome for row, outcome in zip(rows, cli,
                                                                             strict=True)]
    assert sum(output is not None for output, _ in want) > 10  # results there
    assert sum(error is not None for _, error in want) > ROWS // 10  # and errors
    args = (argument,) if argument else ()
    url: URIExpr = getattr(pl.col("url"), "uri")  # noqa: B009 (registered at run time)
    frame = pl.read_parquet(path).select(
        getattr(url, f"try_{method}")(*args).alias("result"),
        url.error(method, argument=argument).alias("error"))
    polars = [(as_cell(result), None if error is None else error_of(**error))
              for result, error in frame.iter_rows()]
    series = pd.read_parquet(path)["url"]
    results = getattr(series.uri, f"try_{method}")(*args)
    if method in STRUCTS:  # a DataFrame of a column a component
        results = [None if all(v is None for v in row) else dict(zip(results.columns, row,
                                                                     strict=True))
                   for row in (plain(list(r)) for r in results.itertuples(index=False))]
    else:
        results = plain(results.tolist())
    errors = series.uri.error(method, argument=argument)
    fields = [plain(errors[name].tolist()) for name in ("kind", "position", "message")]
    pandas = [(as_cell(result), error_of(*error))
              for result, error in zip(results, zip(*fields, strict=True), strict=True)]
    con = duckdb.connect()
    register(con)
    call = f"try_urikit_{method}(url, '{argument}')" if argument else f"try_urikit_{method}(url)"
    duck = [as_cell(r) for (r,) in con.execute(
        f"SELECT {call} FROM read_parquet('{path}', file_row_number = true) "
        "ORDER BY file_row_number").fetchall()]
    fronts = {"polars": polars, "pandas": pandas,
              "duckdb": [(r, w[1]) for r, w in zip(duck, want, strict=True)]}
    op = Operation(Command(method), argument=argument)
    if method not in STRUCTS:
        dask = plain(ud.column(dd.read_parquet(str(path)).url, op).compute(
            scheduler="sync").tolist())
    else:  # a Series takes one value a row: a struct comes from the records of a bag
        present = [row for row in rows if row is not None]
        bag: Any = ud.records(db.from_sequence(present, npartitions=3),
                              dataclasses.replace(op, show_password=True))
        found = iter(bag.compute(scheduler="sync"))
        dask = [None if row is None else next(found).output for row in rows]
    fronts["dask"] = [(as_cell(r), w[1]) for r, w in zip(dask, want, strict=True)]
    for name, got in fronts.items():
        disagreements = [(k, rows[k], g, w) for k, (g, w) in enumerate(zip(got, want,
                                                                           strict=True))
                         if g != w]
        assert disagreements == [], name
    for _, error in want:
        assert error is None or ("S3CRET" not in error[2] and "T0K3N" not in error[2])


def command_line_with(command: str, path: Path, options: tuple[str, ...]) -> list[Outcome]:
    """Each row's outcome from ``urikit COMMAND OPTIONS -i table.parquet -o
    out.parquet``."""
    out = path.with_name(f"{command}.parquet")
    result = subprocess.run([sys.executable, "-m", "urikit", command, *options, "-q", "-i",
                             str(path), "-o", str(out)],
                            capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1), result.stderr
    columns = pq.read_table(out).to_pydict()
    return [(output, error_of(kind, position, message)) for output, kind, position, message
            in zip(columns["urikit_result"], columns["urikit_error_kind"],
                   columns["urikit_error_position"], columns["urikit_error_message"],
                   strict=True)]


#: Values as web logs and spreadsheets hold them: without a scheme, and a few with one.
SCHEMELESS: Final[list[str | None]] = [
    "www.Site.com/path", "site.com", "Site.com/a b?utm_source=x&token=T0K3N#f",
    "//cdn.example/x.js", "bücher.example/é", "  www.example.org  ", "/relative/only",
    "?q=1", "", "ftp://files.example/a", "http://a b/", "a b.example/", None,
    "joe:S3CRET@h.example/", "example.com:8080/x",
]


def test_a_default_scheme_reads_scheme_less_values_alike(tmp_path: Path) -> None:
    """With a default scheme (``https``), the command line (``--default-scheme``),
    Polars, pandas, DuckDB and Dask read each value without a scheme as the browser
    reads ``https://`` and the value (ada-url, the URL Standard's reader: the same
    URL, when it reads one), and give each row the same result and error."""
    ada_url = pytest.importorskip("ada_url")
    path = tmp_path / "logs.parquet"
    pq.write_table(pa.table({"url": pa.array(SCHEMELESS, type=pa.string())}), path)
    cli = command_line_with("normalize", path, ("--default-scheme", "https"))
    want = [(None, None) if row is None else outcome
            for row, outcome in zip(SCHEMELESS, cli, strict=True)]
    url: URIExpr = getattr(pl.col("url"), "uri")  # noqa: B009 (registered at run time)
    frame = pl.read_parquet(path).select(
        url.try_normalize(default_scheme="https").alias("result"),
        url.error("normalize", default_scheme="https").alias("error"))
    polars = [(result, None if error is None else error_of(**error))
              for result, error in frame.iter_rows()]
    series = pd.read_parquet(path)["url"]
    errors = series.uri.error("normalize", default_scheme="https")
    fields = [plain(errors[name].tolist()) for name in ("kind", "position", "message")]
    pandas = list(zip(plain(series.uri.try_normalize(default_scheme="https").tolist()),
                      [error_of(*e) for e in zip(*fields, strict=True)], strict=True))
    con = duckdb.connect()
    register(con, default_scheme="https")
    duck = [r for (r,) in con.execute(
        f"SELECT try_urikit_normalize(url) FROM read_parquet('{path}', "
        "file_row_number = true) ORDER BY file_row_number").fetchall()]
    op = Operation(Command.NORMALIZE, default_scheme="https")
    dask = plain(ud.column(dd.read_parquet(str(path)).url, op).compute(
        scheduler="sync").tolist())
    fronts = {"polars": polars, "pandas": pandas,
              "duckdb": [(r, w[1]) for r, w in zip(duck, want, strict=True)],
              "dask": [(r, w[1]) for r, w in zip(dask, want, strict=True)]}
    for name, got in fronts.items():
        assert got == want, name
    results = [output for output, _ in want]
    assert results[:3] == ["https://www.site.com/path", "https://site.com/",
                           "https://site.com/a%20b?utm_source=x&token=T0K3N#f"]
    assert results[6:10] == ["/relative/only", "?q=1", "", "ftp://files.example/a"]
    compared = 0
    for value, output in zip(SCHEMELESS, results, strict=True):
        # a value with a scheme (as a browser reads one: "joe:", "example.com:") keeps it
        if value is None or output is None or value.strip()[:1] in ("/", "?", "") \
                or re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", value.strip()):
            continue
        browser = ada_url.URL("https://" + value.strip())
        assert output == browser.href, value
        compared += 1
    assert compared == 5


def build_table() -> dict[str, list[Any]]:
    """:data:`ROWS` rows of plain parts, with a fixed seed: schemes (one invalid),
    hosts (one outside ASCII, one with a space), ports, segments with "/", "%", "?"
    and spaces in them, query pairs with "&", "=", "#" and keys without a value,
    fragments; and parts left out."""
    rng = random.Random(SEED)
    texts = ["a", "a/b", "50%", "x y", "é", "?q", "", "#", "a&b=c"]
    columns: dict[str, list[Any]] = {field: [] for field in
                                     ("scheme", "host", "port", "segments", "query",
                                      "fragment")}
    for _ in range(ROWS):
        columns["scheme"].append(rng.choice(["https", "http", "ht tp", None]))
        columns["host"].append(rng.choice(["example.com", "bücher.example", "h", None]))
        columns["port"].append(rng.choice([None, None, 80, 8080]))
        columns["segments"].append(rng.choice([None, [], [rng.choice(texts)],
                                               [rng.choice(texts), rng.choice(texts)]]))
        columns["query"].append(rng.choice([None, [], [
            {"key": rng.choice([*texts[:5], "k"]), "value": rng.choice([*texts, None])}
            for _ in range(rng.randrange(1, 3))]]))
        columns["fragment"].append(rng.choice([None, "top", "a b#c"]))
    return columns


def test_build_agrees_and_reads_back(tmp_path: Path) -> None:
    """A URL built from :data:`ROWS` generated rows of plain parts: Polars' ``build``,
    pandas', DuckDB's ``urikit_build``, Dask's ``build`` (a DataFrame of the parts),
    and, a JSON object of the parts a line, the command line's ``urikit build`` and
    Dask's records of a bag give each row the same URL (or the same null, an error
    record, for a row that builds none), and each URL reads back, by urllib, as the parts
    it was built from: each segment, each query pair, the fragment."""
    columns = build_table()
    path = tmp_path / "parts.parquet"
    pair = pa.struct([("key", pa.string()), ("value", pa.string())])
    pq.write_table(pa.table({
        "scheme": pa.array(columns["scheme"], pa.string()),
        "host": pa.array(columns["host"], pa.string()),
        "port": pa.array(columns["port"], pa.int64()),
        "segments": pa.array(columns["segments"], pa.list_(pa.string())),
        "query": pa.array(columns["query"], pa.list_(pair)),
        "fragment": pa.array(columns["fragment"], pa.string())}), path)
    polars = pl.read_parquet(path).select(polars_build(
        *(pl.col(c) for c in ("scheme", "host", "port", "segments", "query", "fragment")),
        strict=False))["url"].to_list()
    frame = pd.read_parquet(path)
    pandas = plain(pandas_build(*(frame[c] for c in ("scheme", "host", "port", "segments",
                                                      "query", "fragment")),
                                strict=False).tolist())
    con = duckdb.connect()
    register(con)
    duck = [r for (r,) in con.execute(
        "SELECT try_urikit_build(scheme, host, port, segments, query, fragment) FROM "
        f"read_parquet('{path}', file_row_number = true) ORDER BY file_row_number"
    ).fetchall()]
    assert polars == pandas == duck
    dask = plain(ud.build(dd.read_parquet(str(path)), strict=False).compute(
        scheduler="sync").tolist())
    assert dask == polars, "dask"
    # the row form: a JSON object of the parts a line (a row of nulls, which a
    # DataFrame gives a null, is a line of its own: "{}" builds the empty reference)
    some = [k for k in range(ROWS) if any(columns[f][k] is not None for f in columns)]
    lines = [json.dumps({f: columns[f][k] for f in columns}, ensure_ascii=False)
             for k in some]
    parts = tmp_path / "parts.jsonl"
    parts.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "urikit", "build", "-q", "--format", "jsonl",
                           "--errors", "inline", "--show-password", "-i", str(parts)],
                          capture_output=True, text=True, check=False)
    assert done.returncode in (0, 1), done.stderr
    cli = [json.loads(line).get("output") for line in done.stdout.splitlines()]
    assert cli == [polars[k] for k in some], "command line"
    bag: Any = ud.records(db.from_sequence(lines, npartitions=3),
                          Operation(Command.BUILD, show_password=True))
    assert [r.output for r in bag.compute(scheduler="sync")] == [polars[k] for k in some], (
        "dask bag")
    assert sum(u is None for u in polars) > 10  # the invalid scheme: no URL
    checked = 0
    for k, built in enumerate(polars):
        if built is None:  # no scheme of that name, or a port without a host
            assert columns["scheme"][k] == "ht tp" or (
                columns["host"][k] is None and columns["port"][k] is not None)
            continue
        split = urllib.parse.urlsplit(built)
        assert split.scheme == (columns["scheme"][k] or "")
        segments = columns["segments"][k]
        if segments is not None:
            read = [urllib.parse.unquote(s) for s in split.path.split("/")[1:]]
            if not split.netloc and read[:1] == ["."]:  # "/./" keeps "//" from an authority
                read = read[1:]
            assert read == (segments or [""]), built
        pairs = columns["query"][k]
        if pairs:
            assert urllib.parse.parse_qsl(split.query, keep_blank_values=True) == [
                (p["key"], p["value"] or "") for p in pairs], built
        if columns["fragment"][k] is not None:
            assert urllib.parse.unquote(split.fragment) == columns["fragment"][k]
        checked += 1
    assert checked > ROWS // 2


#: Why a front end has no row of an operation in the tests above (each other pair of a
#: front end and a command of the table has one).
NO_ROW_FORM: Final = {
    ("polars", Command.EXPLAIN): "explain draws a reference for people (the command line's)",
    ("pandas", Command.EXPLAIN): "explain draws a reference for people (the command line's)",
    ("duckdb", Command.EXPLAIN): "explain draws a reference for people (the command line's)",
    ("dask", Command.EXPLAIN): "explain draws a reference for people (the command line's)",
    ("command line", Command.EXPLAIN): "tests/cli/ checks its drawing",
}


def test_every_operation_is_compared_in_every_front_end() -> None:
    """Every command of the table, build included, is compared row by row in each of
    the five front ends by one of the tests above (or :data:`NO_ROW_FORM` says why
    not): a command added to the table and to no test fails here."""
    fronts = ("command line", "dask", "duckdb", "polars", "pandas")
    covered = {(front, Command(name)) for front in fronts
               for name in (*COMMANDS, *PAIRS, *(m for m, _, _ in OPERATIONS), "build")}
    missing = [(front, command.value) for front in fronts for command in Command
               if (front, command) not in covered and (front, command) not in NO_ROW_FORM]
    assert missing == []
