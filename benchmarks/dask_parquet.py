"""A Parquet column through the Dask DataFrame functions on a local two-worker cluster.

    python benchmarks/dask_parquet.py [--corpus FILE] [--rows N] [--files F]
                                      [--workers W] [--results FILE]

The corpus is repeated to ``--rows`` rows (default 10^7) and written as ``--files``
Parquet files (default 20: one partition each) of two columns, ``id`` and ``url``,
written a slice at a time so that the writer's memory stays flat. On a
``distributed.LocalCluster`` of ``--workers`` single-threaded worker processes, each
computation is timed on the wall clock (cluster start-up excluded):

* normalize: ``df.assign(normalize=ud.normalize(df.url))`` written back as Parquet
  (every column kept, the result beside them);
* canonicalize: the canonical column's non-missing rows counted.

The rows written and counted are checked. Memory: the peak resident size of each
worker process (``getrusage`` in the worker, after the runs) and of this process, the
client. Prints a Markdown section; ``--results`` puts it in that file in place of its
"## Dask DataFrames at scale" section (or at the end). Needs the dask extra.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import resource
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from urikit import distributed as ud

if TYPE_CHECKING:
    from dask.dataframe import Series

sys.path.insert(0, str(Path(__file__).resolve().parent))
from batch import DEFAULT_CORPUS, load_average, replace_section
from duckdb_cost import corpus_lines

SECTION = "## Dask DataFrames at scale"
distributed: Any = importlib.import_module("distributed")
dd: Any = importlib.import_module("dask.dataframe")
pa: Any = importlib.import_module("pyarrow")
pq: Any = importlib.import_module("pyarrow.parquet")


def write_files(corpus: Path, rows: int, files: int, directory: Path) -> int:
    """The corpus's lines repeated to ``rows`` rows, as ``files`` Parquet files of
    ``id`` and ``url``; return their total size in bytes."""
    one = corpus_lines(corpus)
    per_file = -(-rows // files)
    size = 0
    first = 0
    for k in range(files):
        count = min(per_file, rows - first)
        path = directory / f"part-{k:03d}.parquet"
        with pq.ParquetWriter(path, pa.schema([("id", pa.int64()), ("url", pa.string())])) \
                as writer:
            for start in range(first, first + count, 100_000):
                stop = min(start + 100_000, first + count)
                piece = [one[i % len(one)] for i in range(start, stop)]
                writer.write_table(pa.table({"id": pa.array(range(start, stop), pa.int64()),
                                             "url": pa.array(piece, pa.string())}))
        first += count
        size += path.stat().st_size
    return size


def _peak_rss_mib() -> float:
    """The peak resident size of the calling process, MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the section, put it where asked."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--rows", type=int, default=10_000_000)
    parser.add_argument("--files", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--results", type=Path, help="put the section in this file")
    args = parser.parse_args(argv)
    load_start = load_average()
    table: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in")
        source.mkdir()
        size = write_files(args.corpus, args.rows, args.files, source)
        with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1,
                                      processes=True, dashboard_address=":0") as cluster, \
                distributed.Client(cluster) as client:
            df = dd.read_parquet(str(source))

            t0 = time.perf_counter()
            df.assign(normalize=ud.normalize(df.url)).to_parquet(os.path.join(tmp, "out"))
            normalize_s = time.perf_counter() - t0
            written = dd.read_parquet(os.path.join(tmp, "out"))
            assert len(written) == args.rows
            table.append(f"| normalize, every column and the result written as Parquet | "
                         f"{args.rows:,} | {normalize_s:.1f} s | "
                         f"{args.rows / normalize_s:,.0f} |")
            print(table[-1], file=sys.stderr)

            t0 = time.perf_counter()
            urls: Series = df.url  # a column of read_parquet's Any frame
            # dask's Series.count is unannotated: pyright cannot see the Scalar it returns
            valid: int = ud.canonicalize(urls).count().compute()  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]
            canonical_s = time.perf_counter() - t0
            assert 0 < valid <= args.rows
            table.append(f"| canonicalize, the canonical forms counted ({valid:,} valid) | "
                         f"{args.rows:,} | {canonical_s:.1f} s | "
                         f"{args.rows / canonical_s:,.0f} |")
            print(table[-1], file=sys.stderr)
            peaks = sorted(client.run(_peak_rss_mib).values())
    section = "\n".join([
        SECTION,
        "",
        f"`python benchmarks/dask_parquet.py --rows {args.rows}`: {args.corpus.name} "
        f"repeated to {args.rows:,} rows of `id` and `url`, {args.files} Parquet files "
        f"({size / 2**20:,.0f} MiB, one partition each), read with `dd.read_parquet` on a "
        f"`distributed.LocalCluster` of {args.workers} single-threaded worker processes; "
        f"wall clock of each computation, cluster start-up excluded. Peak resident "
        f"memory (`getrusage`): workers "
        f"{', '.join(f'{p:,.0f} MiB' for p in peaks)}; client {_peak_rss_mib():,.0f} "
        f"MiB. Python {platform.python_version()}, {os.cpu_count()} CPUs; load average "
        f"(1, 5, 15 min) {load_start} at the start, {load_average()} at the end.",
        "",
        "| computation | rows | time | rows/s |",
        "|---|--:|--:|--:|",
        *table,
        "",
    ])
    print(section)
    if args.results is not None:
        replace_section(args.results, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
