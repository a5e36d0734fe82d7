"""The Dask DataFrame path: a column of a DataFrame read from Parquet goes through
normalize, validate and canonicalize and comes back as a Series aligned with it, each
row what the command line's text path gives for the same line."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest

pytestmark = [
    pytest.mark.integration,
    # dask's read_parquet calls DataFrame.reset_index(inplace=True), which pandas 3.1
    # deprecates (a warning in dask's code, not in urikit's)
    pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.reset_index"),
]
pytest.importorskip("dask.dataframe", reason="needs the dask extra (the test extra)")
pytest.importorskip("pyarrow", reason="needs pyarrow (the test extra)")

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import CanonicalOptions, strategies
from urikit import distributed as ud
from urikit._batch.operations import Command, Operation
from urikit._whatwg.masking import mask_secrets

# dask, pandas and pyarrow have unannotated functions: called through Any.
db: Any = importlib.import_module("dask.bag")
dd: Any = importlib.import_module("dask.dataframe")
pd: Any = importlib.import_module("pandas")
pa: Any = importlib.import_module("pyarrow")
pq: Any = importlib.import_module("pyarrow.parquet")

SRC: Final = Path(__file__).resolve().parents[2] / "src"

#: Lines every generated file holds: invalid ones (a password in one, a space in the
#: host, a backslash, a bad percent-encoding), passwords to mask, a zone identifier,
#: text outside ASCII, empty components and the empty reference.
FIXED: Final = ["HTTP://Example.COM:80/a/./b/../c?b=2&a=1#top", "http://joe:S3CRET@a b/",
                "http://joe:S3CRET@h/p?x=1", "https://\"www.h.com/0", "http://h/a\\b", "%zz",
                "http://[fe80::1%25eth0]/", "http://h/caf\u00e9", "http://a/?", "",
                "//h", "HTTP://A/%7e?utm_source=x&a=1", "mailto:Joe@Example.COM"]


def write_parquet(directory: Path, urls: list[str], parts: int = 3) -> str:
    """The URLs as the ``url`` column of ``parts`` Parquet files (one partition each),
    beside an ``id`` column, in a directory."""
    directory.mkdir()
    size = -(-len(urls) // parts)
    for k in range(parts):
        chunk = urls[k * size:(k + 1) * size]
        pq.write_table(pa.table({"id": list(range(k * size, k * size + len(chunk))),
                                 "url": pa.array(chunk, type=pa.string())}),
                       directory / f"part-{k}.parquet")
    return str(directory)


def cli_text(command: str, path: Path, *options: str) -> tuple[list[str], list[int]]:
    """The command line's text path over a file: the lines it writes, and the line
    numbers of the errors it reports (``python -m urikit`` with this checkout's
    source)."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    run = subprocess.run([sys.executable, "-m", "urikit", command, *options, "-q",
                          "-i", str(path)], capture_output=True, text=True, env=env,
                         check=False)
    assert run.returncode in (0, 1), run.stderr
    errors = [int(n) for n in re.findall(rf"^urikit: {re.escape(str(path))}:(\d+): ",
                                         run.stderr, re.MULTILINE)]
    return run.stdout.splitlines(), errors


def check_against_the_cli(tmp: Path, urls: list[str]) -> None:
    """Each function's column, computed from a DataFrame read from Parquet, against
    the command line's text path on the same lines."""
    text = tmp / "urls.txt"
    text.write_text("".join(url + "\n" for url in urls), encoding="utf-8")
    df = dd.read_parquet(write_parquet(tmp / "parquet", urls))
    assert df.npartitions == 3
    drop = CanonicalOptions(drop_tracking=True)
    columns = {"normalize": ud.normalize(df.url),
               "canonicalize": ud.canonicalize(df.url, drop),
               "validate": ud.validate(df.url)}
    for name, series in columns.items():
        assert series.name == name
        assert series.npartitions == df.npartitions
    got = df.assign(**columns).compute(scheduler="sync")
    assert got.id.tolist() == list(range(len(urls)))
    # the text output is for people (masked); a column is data: its secrets shown
    for command, options in [("normalize", ()), ("canonicalize", ("--drop-tracking",))]:
        written, errors = cli_text(command, text, "--show-password", *options)
        values = got[command].tolist()
        assert [v for v in values if v is not pd.NA] == written, command
        assert [k + 1 for k, v in enumerate(values) if v is pd.NA] == errors, command
    written, errors = cli_text("validate", text)
    assert [mask_secrets(url)[0] for url, ok in zip(urls, got.validate, strict=True)
            if ok] == written  # the command line writes the valid lines, masked
    assert [k + 1 for k, ok in enumerate(got.validate) if not ok] == errors
    check_errors(text, df)
    check_dedupe(text, urls, df)


def check_errors(text: Path, df: Any) -> None:
    """The error columns against the command line's JSON Lines records of the same
    lines: each invalid row's kind, position and message, ``<NA>`` for a valid one."""
    frame: Any = ud.errors(df.url)
    assert list(frame.columns) == list(ud.ERROR_COLUMNS)
    assert frame.divisions == df.divisions
    got = frame.compute(scheduler="sync")
    assert [str(t) for t in got.dtypes] == ["string", "Int64", "string"]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    run = subprocess.run([sys.executable, "-m", "urikit", "validate", "--format", "jsonl",
                          "--errors", "inline", "-q", "-i", str(text)],
                         capture_output=True, text=True, env=env, check=False)
    records = [json.loads(line) for line in run.stdout.splitlines()]
    expected = [tuple(r["error"][f] for f in ("kind", "position", "message"))
                if "error" in r else (None, None, None) for r in records]
    assert [tuple(None if v is pd.NA else v for v in row)
            for row in got.itertuples(index=False)] == expected


def check_dedupe(text: Path, urls: list[str], df: Any) -> None:
    """dedupe's column against ``urikit dedupe`` on the same lines: the rows it marks
    first are the lines the command line keeps (as written, masked), its ``<NA>`` rows
    the lines it reports as errors, and the frame filtered by it keeps its other
    columns."""
    drop = CanonicalOptions(drop_tracking=True)
    for series, options in [(ud.dedupe(df.url), ()),
                            (ud.dedupe(df.url, options=drop), ("--drop-tracking",))]:
        assert series.name == "dedupe"
        assert series.npartitions == df.npartitions
        assert series.divisions == df.divisions
        column = series.compute(scheduler="sync")
        assert str(column.dtype) == "boolean"
        first = column.tolist()  # True, False or <NA>
        written, errors = cli_text("dedupe", text, *options)
        assert [mask_secrets(url)[0] for url, keep in zip(urls, first, strict=True)
                if keep is True] == written, options
        assert [k + 1 for k, keep in enumerate(first) if keep is pd.NA] == errors, options
        kept = df[series].compute(scheduler="sync")
        assert kept.id.tolist() == [k for k, keep in enumerate(first) if keep is True]


def test_the_fixed_lines_give_the_command_lines_results(tmp_path: Path) -> None:
    """The fixed lines (invalid ones, passwords, a zone, text outside ASCII), read from
    Parquet in three partitions, give the command line's text output row for row."""
    check_against_the_cli(tmp_path, FIXED * 3)


@settings(max_examples=examples(5), deadline=None)
@given(st.lists(strategies.uri_references(), min_size=3, max_size=300))
def test_generated_references_give_the_command_lines_results(tmp_path_factory: Any,
                                                             urls: list[str]) -> None:
    """Generated URI-references (5 files of up to 313 lines with the fixed ones) give
    the command line's text output row for row."""
    check_against_the_cli(tmp_path_factory.mktemp("g"), [*FIXED, *urls])


def test_the_series_is_aligned_with_its_column() -> None:
    """The result keeps the column's index (not 0 to n), its partitions and divisions;
    a missing row is ``<NA>``; the name is the caller's when given; and the work
    pickles to worker processes."""
    frame = pd.DataFrame({"url": pd.array(["HTTP://A/", None, "a b", "x"], dtype="string")},
                         index=[10, 20, 30, 40])
    df = dd.from_pandas(frame, npartitions=2)
    result: Any = ud.column(df.url, Operation(Command.NORMALIZE), name="normalized")
    assert result.name == "normalized"
    assert result.divisions == df.divisions
    got = result.compute(scheduler="processes", num_workers=2)
    assert got.index.tolist() == [10, 20, 30, 40]
    assert got.tolist() == ["http://a/", pd.NA, pd.NA, "x"]
    valid = ud.validate(df.url).compute(scheduler="sync")
    assert valid.tolist() == [True, pd.NA, False, True]
    assert str(valid.dtype) == "boolean"


def test_a_column_is_data_its_errors_masked() -> None:
    """A result column keeps a password and a secret query value as they are, as the
    command line's Parquet output and every other data front end do (issue 44); the
    error columns mask them, and a bag's records (for people) mask them too."""
    urls = ["http://joe:S3CRET@h/?token=T0K3N", "http://joe:S3CRET@a b/"]
    df = dd.from_pandas(pd.DataFrame({"url": urls}), npartitions=1)
    assert ud.normalize(df.url).compute(scheduler="sync").tolist() == [urls[0], pd.NA]
    assert ud.canonicalize(df.url).compute(scheduler="sync").tolist() == [urls[0], pd.NA]
    found = ud.errors(df.url).compute(scheduler="sync")
    assert "S3CRET" not in str(found.to_dict())
    records = ud.normalize(db.from_sequence(urls[:1])).compute(scheduler="sync")
    assert records[0].output == "http://joe:***@h/?token=***"


def test_a_series_takes_only_the_per_row_commands() -> None:
    """``column`` refuses a command that is not one value a row, and what is not a
    Series; ``dedupe_groups`` refuses a Series, saying what to do; ``dedupe`` what is
    neither a bag nor a Series."""
    df = dd.from_pandas(pd.DataFrame({"url": ["http://a/"]}), npartitions=1)
    with pytest.raises(ValueError, match="not explain"):
        ud.column(df.url, Operation(Command.EXPLAIN))
    with pytest.raises(TypeError, match="not list"):
        # a pandas Series is Any to a type checker (pandas has no types): so is a list
        ud.column(["http://a/"], Operation(Command.NORMALIZE))
    with pytest.raises(TypeError, match="group on its canonicalize"):
        ud.dedupe_groups(df.url)
    with pytest.raises(TypeError, match="not list"):
        ud.dedupe(["http://a/"])


def test_dedupe_keeps_the_first_row_of_each_form_across_partitions() -> None:
    """The first row of a form wins over later ones in its own partition and in later
    partitions (not by position in a partition); missing and invalid rows are
    ``<NA>``; the index is the column's; the work pickles to worker processes."""
    frame = pd.DataFrame({"url": pd.array(["http://x/", "http://a/?b&a", None, "a b",
                                           "HTTP://A/?a&b", "http://a/?b&a", "http://x",
                                           "http://y/"], dtype="string")},
                         index=[3, 5, 7, 9, 11, 13, 15, 17])
    df = dd.from_pandas(frame, npartitions=3)
    got = ud.dedupe(df.url).compute(scheduler="processes", num_workers=2)
    assert got.index.tolist() == [3, 5, 7, 9, 11, 13, 15, 17]
    assert got.tolist() == [True, True, pd.NA, pd.NA, False, False, False, True]
