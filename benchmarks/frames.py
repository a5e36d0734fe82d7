"""The Polars namespace and the pandas accessor: CPU per URL against the command line's,
and Polars streaming a Parquet file in flat memory.

    python benchmarks/frames.py [--corpus FILE] [--lines N] [--rounds R]
                                [--commands normalize ...] [--results FILE]
    python benchmarks/frames.py --stream [ROWS ...] [--results FILE]

**Cost.** The corpus is repeated to ``--lines`` lines (default 10^6) and written twice,
with the same URLs: as a text file for the command line and as the ``url`` column of
a Parquet file for Polars and pandas. Each case runs as its own process, on one core,
and its CPU time (user + system, ``os.wait4``) is taken, the best of ``--rounds``
rounds (default 3), the cases interleaved within a round:

* the command line: ``urikit COMMAND -q -i FILE`` with one job, output to /dev/null;
* Polars (``POLARS_MAX_THREADS=1``): ``pl.scan_parquet(FILE).select(
  pl.col("url").uri.try_COMMAND()).sink_csv(OUT)``;
* pandas: ``pd.read_parquet(FILE)["url"].uri.try_COMMAND().to_csv(OUT)``.

(``validate`` is ``uri.is_valid()``.) As in ``duckdb_cost.py``, each process is also
run on the first ``BASELINE`` URLs, and that cost (start-up, imports, first calls) is
taken off; the raw figures are shown too. The target: within 1.2x of the command line.

**Streaming.** ``--stream`` writes the corpus repeated to each size (default 10^6 and
10^7 rows) as a Parquet file of ``id`` and ``url`` (in a child process, a row group at
a time), then runs, in a process of its own on one core, ``pl.scan_parquet(FILE)
.with_columns(pl.col("url").uri.try_normalize().alias("normalized"),
pl.col("url").uri.error().alias("error")).sink_parquet(OUT)`` and takes its CPU time
and peak resident memory, beside the same pipeline with Polars' own
``str.to_lowercase()`` in place of urikit's (what Polars' streaming costs alone).

Prints a Markdown section; ``--results`` puts it in that file (``docs/performance.md``)
in place of its section of the same heading, or at the end. Needs polars, pandas and
pyarrow.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch import DEFAULT_CORPUS, load_average, replace_section
from coldstart import CHILD_ENV
from duckdb_cost import BASELINE, TARGET, corpus_lines, urls, write_inputs

SECTION = "## Polars and pandas"
STREAM_SECTION = "## Polars streaming"
ONE_CORE = {**CHILD_ENV, "POLARS_MAX_THREADS": "1"}
METHOD = {"normalize": "try_normalize()", "canonicalize": "try_canonicalize()",
          "validate": "is_valid()",
          # the operations of 0.6 (issue 44): the command line's name, its options
          "query-param": "try_query_param('utm_source')",
          "query-values": "try_query_values('utm_source')",
          "query-pairs": "try_query_pairs()", "decoded": "try_decoded()",
          "host-labels": "try_host_labels()", "public-suffix": "try_public_suffix()",
          "subdomain": "try_subdomain()", "in-domain": "try_in_domain('example.com')",
          "registrable-domain": "try_registrable_domain()", "segments": "try_segments()"}
#: The commands whose result is a list or a struct (written to Parquet: CSV holds
#: neither).
LISTS = frozenset({"segments", "query-values", "query-pairs", "host-labels", "decoded"})
#: The command line's options of a command of METHOD.
CLI_OPTIONS = {"query-param": ["--key", "utm_source"],
               "query-values": ["--key", "utm_source"],
               "in-domain": ["--domain", "example.com"]}
#: The hand-written way a Polars user does the same without urikit (map_elements over
#: urllib, as polars-tldextract and others do), where there is one to compare with.
HAND_WRITTEN = {
    "query-param": "pl.col('url').map_elements(safe(lambda u: parse_qs(urlsplit(u).query)"
                   ".get('utm_source', [None])[0]), return_dtype=pl.String, "
                   "skip_nulls=True)",
    "segments": "pl.col('url').map_elements(safe(lambda u: [unquote(s) for s in "
                "urlsplit(u).path.split('/')]), return_dtype=pl.List(pl.String), "
                "skip_nulls=True)",
    "query-values": "pl.col('url').map_elements(safe(lambda u: parse_qs(urlsplit(u).query)"
                    ".get('utm_source', [])), return_dtype=pl.List(pl.String), "
                    "skip_nulls=True)",
    "query-pairs": "pl.col('url').map_elements(safe(lambda u: [{'key': k, 'value': v} for "
                   "k, v in parse_qsl(urlsplit(u).query, keep_blank_values=True)]), "
                   "return_dtype=pl.List(pl.Struct({'key': pl.String, 'value': pl.String})),"
                   " skip_nulls=True)",
    "decoded": "pl.col('url').map_elements(safe(decoded), return_dtype=pl.Struct(dict."
               "fromkeys(('scheme', 'userinfo', 'host', 'port', 'path', 'query', "
               "'fragment'), pl.String)), skip_nulls=True)",
    "host-labels": "pl.col('url').map_elements(safe(lambda u: (lambda h: None if h is None "
                   "else h.split('.'))(urlsplit(u).hostname)), "
                   "return_dtype=pl.List(pl.String), skip_nulls=True)",
    "in-domain": "pl.col('url').map_elements(safe(lambda u: (lambda h: h is not None and "
                 "(h == 'example.com' or h.endswith('.example.com')))(urlsplit(u).hostname)),"
                 " return_dtype=pl.Boolean, skip_nulls=True)",
    # the Public Suffix List by the publicsuffixlist package (the psl extra's), as a
    # Polars user would call it
    "registrable-domain": "pl.col('url').map_elements(safe(lambda u: site(u, psl."
                          "privatesuffix)), return_dtype=pl.String, skip_nulls=True)",
    "public-suffix": "pl.col('url').map_elements(safe(lambda u: site(u, psl.publicsuffix)),"
                     " return_dtype=pl.String, skip_nulls=True)",
    "subdomain": "pl.col('url').map_elements(safe(subdomain), return_dtype=pl.String, "
                 "skip_nulls=True)",
}

HAND_SCRIPT = """
import sys
from urllib.parse import parse_qs, parse_qsl, unquote, urlsplit
import polars as pl
from publicsuffixlist import PublicSuffixList
psl = PublicSuffixList()
def safe(function):
    def call(u):
        try:
            return function(u)
        except ValueError:
            return None
    return call
def decoded(u):
    s = urlsplit(u)
    user, _, host = s.netloc.rpartition("@")
    return {"scheme": s.scheme or None, "userinfo": unquote(user) or None,
            "host": unquote(s.hostname or "") or None,
            "port": str(s.port) if s.port is not None else None, "path": unquote(s.path),
            "query": unquote(s.query), "fragment": unquote(s.fragment)}
def site(u, function):
    host = urlsplit(u).hostname
    return None if host is None else function(host)
def subdomain(u):
    host = urlsplit(u).hostname
    domain = None if host is None else psl.privatesuffix(host)
    return None if domain is None else host[:-len(domain)].rstrip(".")
pl.scan_parquet(sys.argv[2]).select(eval(sys.argv[1])).sink_parquet(sys.argv[3])
"""

POLARS_SCRIPT = """
import sys
import polars as pl
import urikit.polars
frame = pl.scan_parquet(sys.argv[2]).select(eval("pl.col('url').uri." + sys.argv[1]))
# CSV holds no list (segments): Parquet for those
frame.sink_parquet(sys.argv[3]) if sys.argv[3].endswith(".parquet") else frame.sink_csv(
    sys.argv[3])
"""

PANDAS_SCRIPT = """
import sys
import pandas as pd
import urikit.pandas
column = pd.read_parquet(sys.argv[2])["url"]
eval("column.uri." + sys.argv[1]).to_csv(sys.argv[3])
"""

STREAM_SCRIPT = """
import sys
import polars as pl
import urikit.polars
url = pl.col("url")
columns = ([url.uri.try_normalize().alias("normalized"), url.uri.error().alias("error")]
           if sys.argv[1] == "urikit" else [url.str.to_lowercase().alias("lower")])
pl.scan_parquet(sys.argv[2]).with_columns(*columns).sink_parquet(sys.argv[3])
"""


def usage(argv: list[str], env: dict[str, str] = ONE_CORE,
          ok: tuple[int, ...] = (0, 1)) -> tuple[float, float]:
    """The CPU time (user + system, s) and the peak resident memory (MiB) of a process
    run to its end, its output dropped (its standard error kept in a file, shown if
    it fails: a pipe would fill with the command line's error lines and block it)."""
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=errors, env=env)
        _, status, rusage = os.wait4(process.pid, 0)
        if os.waitstatus_to_exitcode(status) not in ok:  # 1: invalid lines reported
            errors.seek(0)
            raise RuntimeError(f"{argv} failed: {errors.read()[-2000:]!r}")
    return rusage.ru_utime + rusage.ru_stime, rusage.ru_maxrss / 1024


def cost_section(args: argparse.Namespace) -> tuple[str, bool]:
    """The cost of each command in each front end, and whether all are on target."""
    load_start = load_average()
    rows_md: list[str] = []
    verdicts: list[bool] = []
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        rows = urls(args.corpus, args.lines)
        text, parquet = write_inputs(rows, directory, "urls")
        small_text, small_parquet = write_inputs(rows[:BASELINE], directory, "small")
        out = str(directory / "out.csv")

        def argv(front: str, command: str, small: bool) -> list[str]:
            if front == "cli":
                return [sys.executable, "-m", "urikit", command, *CLI_OPTIONS.get(command, []),
                        "-q", "-i", str(small_text if small else text)]
            if front == "hand-written":
                return [sys.executable, "-c", HAND_SCRIPT, HAND_WRITTEN[command],
                        str(small_parquet if small else parquet), out + ".parquet"]
            script = POLARS_SCRIPT if front == "polars" else PANDAS_SCRIPT
            return [sys.executable, "-c", script, METHOD[command],
                    str(small_parquet if small else parquet),
                    out + ".parquet" if command in LISTS else out]

        for command in args.commands:
            fronts: tuple[str, ...] = ("cli", "polars", "pandas")
            if command in HAND_WRITTEN:
                fronts += ("hand-written",)
            best: dict[tuple[str, bool], float] = {}
            for _ in range(args.rounds):
                for front in fronts:
                    for small in (False, True):
                        # only the command line's 1 says "invalid lines": a script's is
                        # an exception
                        cpu = usage(argv(front, command, small),
                                    ok=(0, 1) if front == "cli" else (0,))[0]
                        best[front, small] = min(best.get((front, small), float("inf")), cpu)
            raw = {f: best[f, False] / args.lines * 1e6 for f in fronts}
            work = {f: (best[f, False] - best[f, True]) / (args.lines - BASELINE) * 1e6
                    for f in fronts}
            for front in fronts[1:]:
                ratio = work[front] / work["cli"]
                if front == "hand-written":  # urikit's Polars must be ahead of it
                    verdicts.append(work["polars"] < work[front])
                    rows_md.append(
                        f"| {command} | map_elements over urllib (by hand) | "
                        f"{work['cli']:.2f} µs | {work[front]:.2f} µs | {ratio:.2f}x | "
                        f"{raw['cli']:.2f} / {raw[front]:.2f} µs | "
                        f"{'PASS' if work['polars'] < work[front] else 'MISS'} (Polars ahead) |")
                    print(rows_md[-1], file=sys.stderr)
                    continue
                verdicts.append(ratio <= TARGET)
                rows_md.append(
                    f"| {command} | {front} (`uri.{METHOD[command]}`) | {work['cli']:.2f} µs "
                    f"| {work[front]:.2f} µs | {ratio:.2f}x | {raw['cli']:.2f} / "
                    f"{raw[front]:.2f} µs | {'PASS' if ratio <= TARGET else 'MISS'} |")
                print(rows_md[-1], file=sys.stderr)
    return "\n".join([
        SECTION,
        "",
        f"`python benchmarks/frames.py --lines {args.lines}`: {args.corpus.name} repeated "
        f"to {args.lines:,} URLs, the same URLs as a text file (the command line, one "
        f"job) and as a Parquet column (Polars with `POLARS_MAX_THREADS=1`: "
        f"`pl.scan_parquet(file).select(pl.col('url').uri.METHOD).sink_csv(out)`; pandas: "
        f"`pd.read_parquet(file)['url'].uri.METHOD.to_csv(out)`); each case a process of "
        f"its own, CPU time (user + system, `os.wait4`), the best of {args.rounds} "
        f"interleaved rounds; per URL after taking off each process's cost on the first "
        f"{BASELINE} URLs (start-up, imports, first calls; the raw figure, all included, "
        f"after it). Target: within {TARGET}x of the command line. Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs; load average (1, 5, 15 "
        f"min) {load_start} at the start, {load_average()} at the end.",
        "",
        "| command | front end (method) | CLI per URL | front end per URL | front end / CLI "
        "| raw CLI / front end | verdict |",
        "|---|---|--:|--:|--:|--:|---|",
        *rows_md,
        "",
    ]), all(verdicts)


def make_parquet(corpus: Path, rows: int, path: Path) -> None:
    """The corpus's lines repeated to ``rows`` rows of ``id`` and ``url``, written a
    row group of 100,000 rows at a time."""
    pa: Any = importlib.import_module("pyarrow")
    pq: Any = importlib.import_module("pyarrow.parquet")
    one = corpus_lines(corpus)
    schema = pa.schema([("id", pa.int64()), ("url", pa.string())])
    with pq.ParquetWriter(path, schema) as writer:
        for start in range(0, rows, 100_000):
            stop = min(start + 100_000, rows)
            writer.write_table(pa.table({
                "id": pa.array(range(start, stop), pa.int64()),
                "url": pa.array([one[i % len(one)] for i in range(start, stop)],
                                pa.string())}, schema=schema))


def stream_section(args: argparse.Namespace, sizes: Sequence[int]) -> str:
    """Polars streaming each size from Parquet to Parquet: CPU and peak memory."""
    load_start = load_average()
    rows_md: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            path = Path(tmp) / f"urls-{size}.parquet"
            subprocess.run([sys.executable, __file__, "--make-parquet", str(args.corpus),
                            str(size), str(path)], check=True)
            out = str(Path(tmp) / "out.parquet")
            figures: dict[str, tuple[float, float]] = {}
            for which in ("urikit", "polars"):
                runs = [usage([sys.executable, "-c", STREAM_SCRIPT, which, str(path), out])
                        for _ in range(args.rounds if size < 10_000_000 else 1)]
                figures[which] = (min(r[0] for r in runs), max(r[1] for r in runs))
            path.unlink()
            cpu, peak = figures["urikit"]
            base_cpu, base_peak = figures["polars"]
            rows_md.append(f"| {size:,} | {cpu:.1f} s | {cpu / size * 1e6:.2f} µs | "
                           f"{peak:,.0f} MiB | {base_cpu:.1f} s | {base_peak:,.0f} MiB |")
            print(rows_md[-1], file=sys.stderr)
    return "\n".join([
        STREAM_SECTION,
        "",
        f"`python benchmarks/frames.py --stream {' '.join(str(s) for s in sizes)}`: "
        f"{args.corpus.name} repeated to each size as a Parquet file of `id` and `url` "
        "(row groups of 100,000 rows), streamed by Polars on one core "
        "(`POLARS_MAX_THREADS=1`): `pl.scan_parquet(file).with_columns("
        "pl.col('url').uri.try_normalize(), pl.col('url').uri.error()).sink_parquet(out)`; "
        "CPU time and peak resident memory of the process (`os.wait4`), beside the same "
        "pipeline with Polars' own `str.to_lowercase()` (what streaming costs without "
        f"urikit); best of {args.rounds} below 10^7 rows, one run at 10^7. Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs; load average (1, 5, 15 min) "
        f"{load_start} at the start, {load_average()} at the end.",
        "",
        "| rows | urikit: CPU | per row | urikit: peak memory | Polars alone: CPU | "
        "Polars alone: peak memory |",
        "|--:|--:|--:|--:|--:|--:|",
        *rows_md,
        "",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the section, put it where asked."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--commands", nargs="+", default=["normalize", "canonicalize",
                                                           "validate"], choices=list(METHOD))
    parser.add_argument("--stream", type=int, nargs="*", metavar="ROWS",
                        help="measure Polars streaming at these sizes instead (default "
                        "10^6 and 10^7 rows)")
    parser.add_argument("--results", type=Path, help="put the section in this file")
    parser.add_argument("--make-parquet", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.make_parquet is not None:
        corpus, rows, path = args.make_parquet
        make_parquet(Path(corpus), int(rows), Path(path))
        return 0
    ok = True
    t0 = time.perf_counter()
    if args.stream is not None:
        section = stream_section(args, args.stream or [1_000_000, 10_000_000])
    else:
        section, ok = cost_section(args)
    print(section)
    print(f"{time.perf_counter() - t0:.0f} s", file=sys.stderr)
    if args.results is not None:
        replace_section(args.results, section)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
