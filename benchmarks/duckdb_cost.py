"""The DuckDB functions' CPU cost per URL against the command line's, on one core.

    python benchmarks/duckdb_cost.py [--corpus FILE] [--lines N] [--rounds R]
                                     [--commands normalize ...] [--results FILE]

The corpus is repeated to ``--lines`` lines (default 10^6) and written twice, with the
same URLs: as a text file for the command line, and as the ``url`` column of a Parquet
file for DuckDB. Each case runs as its own process, and its CPU time (user + system,
``os.wait4``) is taken, the best of ``--rounds`` rounds, the cases interleaved within
a round so that the load of a shared machine falls on each alike:

* the command line: ``urikit COMMAND -q -i FILE`` with one job, output to /dev/null;
* DuckDB: a script that registers :mod:`urikit.duckdb` in a connection limited to one
  thread (``SET threads = 1``) and runs ``COPY (SELECT try_urikit_COMMAND(url) FROM
  'FILE') TO 'out.csv'``: the Parquet file read, each URL through the function, each
  result written.

Each process is also run on the first ``BASELINE`` URLs alone, and that cost (starting,
the imports, the connection, and what the first call of a function imports or
compiles: an empty input would not call the SQL function at all) is taken off, so the
figure is the cost per URL of the work itself, over the other URLs; the raw figures
are shown too. The verdict: DuckDB within 1.2x of the command line. Prints a Markdown
section; ``--results`` puts it in that file in place of its "## DuckDB functions"
section (or at the end). Needs the duckdb extra.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch import DEFAULT_CORPUS, load_average, replace_section
from coldstart import CHILD_ENV

SECTION = "## DuckDB functions"
TARGET = 1.2
BASELINE = 100
SQL_NAME = {"normalize": "try_urikit_normalize", "canonicalize": "try_urikit_canonicalize",
            "validate": "urikit_is_valid",
            # the operations of 0.6 (issue 44), by the command line's names
            **{name: f"try_urikit_{name.replace('-', '_')}" for name in (
                "query-param", "query-values", "query-pairs", "decoded", "segments",
                "host-labels", "registrable-domain", "public-suffix", "subdomain",
                "in-domain")}}
#: The arguments after the URL, in SQL and on the command line.
SQL_ARGUMENTS = {"query-param": ", 'utm_source'", "query-values": ", 'utm_source'",
                 "in-domain": ", 'example.com'"}
CLI_OPTIONS = {"query-param": ["--key", "utm_source"],
               "query-values": ["--key", "utm_source"],
               "in-domain": ["--domain", "example.com"]}

DUCKDB_SCRIPT = """
import sys
import duckdb
from urikit.duckdb import register
con = duckdb.connect()
con.execute("SET threads = 1")
register(con)
con.execute(f"COPY (SELECT {sys.argv[1]}(url{sys.argv[4]}) FROM '{sys.argv[2]}') TO "
            f"'{sys.argv[3]}' (HEADER false)")
"""


def corpus_lines(corpus: Path) -> list[str]:
    """The corpus's lines, decoded as UTF-8 with an undecodable byte replaced (so that
    a Parquet column holds the same text as the text file written from them)."""
    text = corpus.read_bytes().removeprefix(b"\xef\xbb\xbf").decode("utf-8", "replace")
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def urls(corpus: Path, lines: int) -> list[str]:
    """The corpus's lines repeated to ``lines`` lines."""
    one = corpus_lines(corpus)
    return (one * (-(-lines // len(one))))[:lines]


def write_inputs(rows: list[str], directory: Path, name: str) -> tuple[Path, Path]:
    """The rows as a text file and as a Parquet file's ``url`` column."""
    pa: Any = importlib.import_module("pyarrow")
    pq: Any = importlib.import_module("pyarrow.parquet")
    text = directory / f"{name}.txt"
    text.write_text("".join(row + "\n" for row in rows), encoding="utf-8")
    parquet = directory / f"{name}.parquet"
    pq.write_table(pa.table({"url": pa.array(rows, type=pa.string())}), parquet,
                   row_group_size=100_000)
    return text, parquet


def cpu(argv: list[str]) -> float:
    """The CPU time (user + system) of a process run to its end, its output dropped."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=CHILD_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    assert os.waitstatus_to_exitcode(status) in (0, 1), argv  # 1: invalid lines reported
    return usage.ru_utime + usage.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the section, put it where asked."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--commands", nargs="+", default=["normalize", "canonicalize",
                                                           "validate"])
    parser.add_argument("--results", type=Path, help="put the section in this file")
    args = parser.parse_args(argv)
    load_start = load_average()
    rows_md: list[str] = []
    verdicts: list[bool] = []
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        rows = urls(args.corpus, args.lines)
        text, parquet = write_inputs(rows, directory, "urls")
        small_text, small_parquet = write_inputs(rows[:BASELINE], directory, "small")
        out = str(directory / "out.csv")

        def cli(command: str, path: Path) -> list[str]:
            return [sys.executable, "-m", "urikit", command, *CLI_OPTIONS.get(command, []),
                    "-q", "-i", str(path)]

        def sql(command: str, path: Path) -> list[str]:
            return [sys.executable, "-c", DUCKDB_SCRIPT, SQL_NAME[command], str(path), out,
                    SQL_ARGUMENTS.get(command, "")]

        for command in args.commands:
            best: dict[str, float] = {}
            for _ in range(args.rounds):
                for key, argv_ in [("cli", cli(command, text)), ("sql", sql(command, parquet)),
                                   ("cli0", cli(command, small_text)),
                                   ("sql0", sql(command, small_parquet))]:
                    best[key] = min(best.get(key, float("inf")), cpu(argv_))
            per = {key: best[key] / args.lines * 1e6 for key in ("cli", "sql")}
            work = {key: (best[key] - best[key + "0"]) / (args.lines - BASELINE) * 1e6
                    for key in ("cli", "sql")}
            ratio = work["sql"] / work["cli"]
            verdicts.append(ratio <= TARGET)
            rows_md.append(f"| {command} (`{SQL_NAME[command]}`) | {work['cli']:.2f} µs | "
                           f"{work['sql']:.2f} µs | {ratio:.2f}x | {per['cli']:.2f} / "
                           f"{per['sql']:.2f} µs | {'PASS' if ratio <= TARGET else 'MISS'} |")
            print(rows_md[-1], file=sys.stderr)
    section = "\n".join([
        SECTION,
        "",
        f"`python benchmarks/duckdb_cost.py --lines {args.lines}`: {args.corpus.name} "
        f"repeated to {args.lines:,} URLs, the same URLs as a text file (the command "
        f"line, one job) and as a Parquet column (DuckDB, `SET threads = 1`, "
        f"`COPY (SELECT fn(url) FROM file) TO csv`); each case a process of its own, CPU "
        f"time (user + system, `os.wait4`), the best of {args.rounds} interleaved rounds; "
        f"per URL after taking off each process's cost on the first {BASELINE} URLs "
        f"(start-up, imports, first calls; the raw figure, all included, after it). "
        f"Target: DuckDB within {TARGET}x of the command line. Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs; load average (1, 5, 15 "
        f"min) {load_start} at the start, {load_average()} at the end.",
        "",
        "| command (SQL function) | CLI per URL | DuckDB per URL | DuckDB / CLI | raw CLI / "
        "DuckDB | verdict |",
        "|---|--:|--:|--:|--:|---|",
        *rows_md,
        "",
    ])
    print(section)
    if args.results is not None:
        replace_section(args.results, section)
    return 0 if all(verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
