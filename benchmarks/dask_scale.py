"""The Dask functions at scale: 10^7 lines on a local cluster of two worker processes.

    python benchmarks/dask_scale.py [--corpus FILE] [--lines N] [--workers W]
                                    [--blocksize 64MiB] [--results FILE]

The corpus is repeated into a temporary file of at least ``--lines`` lines (default
10^7, about 460 MB for the shared corpus), read with :func:`urikit.distributed.read_lines`
in blocks, and three computations run on a ``distributed.LocalCluster`` of ``--workers``
single-threaded worker processes, each timed on the wall clock (cluster start-up
excluded): normalize with its records written as JSON Lines files
(``to_jsonl(...).to_textfiles``), canonicalize counting results and errors, and dedupe
counting the distinct canonical forms. The counts are checked (lines in = results +
errors). Prints a Markdown section; ``--results`` puts it in that file in place of
its "## Dask at scale" section (or at the end). Needs the dask extra.

On a quiet 2-core machine the default run takes about 5 minutes.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from urikit import BatchRecord as Record
from urikit import distributed as ud

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch import DEFAULT_CORPUS, load_average, make_input, replace_section

SECTION = "## Dask at scale"
distributed: Any = importlib.import_module("distributed")


def _counts(partition: list[Record]) -> list[tuple[int, int]]:
    errors = sum(record.error is not None for record in partition)
    return [(len(partition) - errors, errors)]


def _total(bag: Any) -> tuple[int, int]:
    pairs = bag.map_partitions(_counts).compute()
    return sum(p[0] for p in pairs), sum(p[1] for p in pairs)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the section, put it where asked."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--blocksize", default="64MiB")
    parser.add_argument("--results", type=Path, help="put the section in this file")
    args = parser.parse_args(argv)
    load_start = load_average()
    rows: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        path, n = make_input(args.corpus, args.lines, tmp)
        size = path.stat().st_size
        with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                      processes=True, dashboard_address=":0") as cluster, \
                distributed.Client(cluster):
            lines = ud.read_lines(str(path), blocksize=args.blocksize)

            t0 = time.perf_counter()
            # to_textfiles ends each element with a newline: the records' own go
            jsonl: Any = ud.to_jsonl(ud.normalize(lines))
            jsonl.str.rstrip("\n").to_textfiles(os.path.join(tmp, "out", "*.jsonl"))
            normalize_s = time.perf_counter() - t0
            written = sum(1 for f in Path(tmp, "out").iterdir()
                          for _ in f.open(encoding="utf-8"))
            assert written == n, (written, n)
            rows.append(f"| normalize, records written as JSON Lines files | {n:,} | "
                        f"{normalize_s:.1f} s | {n / normalize_s:,.0f} |")
            print(rows[-1], file=sys.stderr)

            t0 = time.perf_counter()
            results, errors = _total(ud.canonicalize(lines))
            canonical_s = time.perf_counter() - t0
            assert results + errors == n
            rows.append(f"| canonicalize, results and errors counted ({results:,} + "
                        f"{errors:,}) | {n:,} | {canonical_s:.1f} s | "
                        f"{n / canonical_s:,.0f} |")
            print(rows[-1], file=sys.stderr)

            t0 = time.perf_counter()
            kept: Any = ud.dedupe(lines)
            unique = kept.count().compute()
            dedupe_s = time.perf_counter() - t0
            rows.append(f"| dedupe, records kept counted ({unique:,}: the distinct forms "
                        f"and the errors) | {n:,} | {dedupe_s:.1f} s | {n / dedupe_s:,.0f} |")
            print(rows[-1], file=sys.stderr)
    section = "\n".join([
        SECTION,
        "",
        f"`python benchmarks/dask_scale.py`: {args.corpus.name} repeated to {n:,} lines "
        f"({size / 2**20:,.0f} MiB), read with `read_lines` in {args.blocksize} blocks "
        f"on a `distributed.LocalCluster` of {args.workers} single-threaded worker "
        f"processes; wall clock of each computation, cluster start-up excluded; Python "
        f"{platform.python_version()}, {os.cpu_count()} CPUs; load average (1, 5, 15 "
        f"min) {load_start} at the start, {load_average()} at the end.",
        "",
        "| computation | lines | time | lines/s |",
        "|---|--:|--:|--:|",
        *rows,
        "",
    ])
    print(section)
    if args.results is not None:
        replace_section(args.results, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
