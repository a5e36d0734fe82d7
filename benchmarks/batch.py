"""Batch throughput and memory of every ``urikit`` batch command over a large input.

    python benchmarks/batch.py [--corpus FILE] [--lines N] [--rounds R] [--jobs 1 2]
                               [--commands normalize ...] [--results FILE]
    python benchmarks/batch.py --parquet [ROWS ...] [--rounds R] [--results FILE]

The corpus is repeated into a temporary file of at least ``--lines`` lines (default
10^6). Each case runs as its own process reading that file and writing to /dev/null:
the wall clock (the best of ``--rounds``), the CPU time of the process and its
workers, and the peak resident memory of its largest process (``os.wait4``). Cases:
every batch command with each number of jobs, and two plain loops as the base: one
doing ``urlunsplit(urlsplit(line))`` (urllib checks nothing and normalizes nothing: the
floor of reading, splitting and writing in Python) and one calling w3lib's
``canonicalize_url`` (the crawler's canonical form, the peer of ``canonicalize``).
Memory is measured again on a tenth of the lines to show it does not grow with the
input. Prints a Markdown section; ``--results`` puts it in that file in place of its
"## Batch throughput" section (or at the end).

On a 2-core machine with nothing else running, the default run takes about 5 minutes
(15 minutes with a load average of 8 from other work).

``--parquet`` measures the Parquet path instead (``urikit normalize -i table.parquet
-o out.parquet``) against the text path on the same URLs, at 10^5, 10^6 and 10^7 rows
by default: CPU time per URL and peak resident memory (section "## Parquet columns").
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from coldstart import CHILD_ENV  # the children write bytecode caches, as an install has

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "kasztp.txt"
COMMANDS = ("normalize", "validate", "canonicalize", "dedupe", "explain", "resolve",
            "relative")
SECTION = "## Batch throughput"

URLLIB_LOOP = """
import sys
from urllib.parse import urlsplit, urlunsplit
out = sys.stdout
with open(sys.argv[1], encoding="utf-8-sig", errors="surrogateescape", newline="\\n") as lines:
    for line in lines:
        try:
            out.write(urlunsplit(urlsplit(line.rstrip("\\r\\n"))) + "\\n")
        except ValueError as exc:
            sys.stderr.write(f"{exc}\\n")
"""

W3LIB_LOOP = """
import sys
from w3lib.url import canonicalize_url
out = sys.stdout
with open(sys.argv[1], encoding="utf-8-sig", errors="surrogateescape", newline="\\n") as lines:
    for line in lines:
        try:
            out.write(canonicalize_url(line.rstrip("\\r\\n")) + "\\n")
        except ValueError as exc:
            sys.stderr.write(f"{exc}\\n")
"""


@dataclass(frozen=True)
class Case:
    """A command timed over the input file."""

    name: str
    argv: tuple[str, ...]


def _urikit(command: str, jobs: int) -> Case:
    extra: tuple[str, ...] = ()
    if command == "explain":
        extra = ("--json",)
    elif command == "resolve":
        extra = ("http://base.example/a/b?q",)
    elif command == "relative":
        extra = ("https://www.example.com/a/",)
    return Case(f"urikit {command} --jobs {jobs}",
                ("-m", "urikit", command, *extra, "-q", "--jobs", str(jobs), "--input"))


def cases(commands: Sequence[str], jobs: Sequence[int]) -> list[Case]:
    """urllib's loop, w3lib's loop, then each command with each number of jobs."""
    result = [Case("urllib.parse loop (urlsplit + urlunsplit)", ("-c", URLLIB_LOOP))]
    if importlib.util.find_spec("w3lib") is None:
        print("w3lib is missing (the bench extra): its loop is left out", file=sys.stderr)
    else:
        result.append(Case("w3lib canonicalize_url loop", ("-c", W3LIB_LOOP)))
    for command in commands:
        for n in jobs:
            result.append(_urikit(command, n))
    return result


@dataclass(frozen=True)
class Timing:
    """One run: wall seconds, CPU seconds (user + system, workers included), peak
    resident memory of the largest process in KiB."""

    wall: float
    cpu: float
    peak: int


def run(case: Case, path: Path) -> Timing:
    """Run a case over ``path``."""
    with open(os.devnull, "wb") as null:
        t0 = time.perf_counter()
        pid = os.posix_spawn(sys.executable, [sys.executable, *case.argv, str(path)],
                             CHILD_ENV, file_actions=[(os.POSIX_SPAWN_DUP2, null.fileno(), 1),
                                                       (os.POSIX_SPAWN_DUP2, null.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: some lines are invalid, as in the corpus
        raise RuntimeError(f"{case.name} exited with {code}")
    return Timing(elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def make_input(corpus: Path, lines: int, directory: str) -> tuple[Path, int]:
    """The corpus repeated to at least ``lines`` lines (BOM kept once, every line
    ending with a newline); return the path and its line count."""
    data = corpus.read_bytes().removeprefix(b"\xef\xbb\xbf")
    if not data.endswith(b"\n"):
        data += b"\n"
    per_copy = data.count(b"\n")
    copies = -(-lines // per_copy)
    path = Path(directory) / f"lines-{lines}.txt"
    with open(path, "wb") as f:
        f.write(b"\xef\xbb\xbf")
        for _ in range(copies):
            f.write(data)
    return path, copies * per_copy


def load_average() -> str:
    """The load average over 1, 5 and 15 minutes, or ``n/a`` where there is none."""
    if not hasattr(os, "getloadavg"):
        return "n/a"
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def replace_section(path: Path, section: str) -> None:
    """Put ``section`` in ``path`` in place of the section of the same heading (its
    first line; a section runs to the next "## " heading or the end), or at the end."""
    heading = section.partition("\n")[0]
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    start = text.find(heading + "\n")
    if start < 0:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        end = text.find("\n## ", start + len(heading))
        text = text[:start] + section + ("" if end < 0 else text[end + 1:])
    path.write_text(text, encoding="utf-8")


PARQUET_SECTION = "## Parquet columns"


def make_table(lines_file: Path, directory: str, chunk: int = 1 << 16) -> Path:
    """The lines of ``lines_file`` (the BOM removed) as the ``url`` column of a
    Parquet file, between an ``id`` and a ``note`` column, written a row group at a
    time (so that a file of 10^7 rows needs little memory here either)."""
    # pyarrow has no type information: its objects are Any (as in urikit's tables)
    pa: Any = importlib.import_module("pyarrow")
    pq: Any = importlib.import_module("pyarrow.parquet")

    path = Path(directory) / (lines_file.stem + ".parquet")
    schema = pa.schema([("id", pa.int64()), ("url", pa.string()), ("note", pa.string())])
    with open(lines_file, encoding="utf-8-sig", errors="surrogateescape",
              newline="\n") as f, pq.ParquetWriter(path, schema) as writer:
        row = 0
        while True:
            urls = [line.rstrip("\r\n") for _, line in zip(range(chunk), f, strict=False)]
            if not urls:
                break
            urls = [u.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
                    for u in urls]
            ids = list(range(row, row + len(urls)))
            writer.write_table(pa.table({"id": ids, "url": urls,
                                         "note": [f"row {k}" for k in ids]}, schema=schema))
            row += len(urls)
    return path


def parquet_section(corpus: Path, sizes: Sequence[int], rounds: int,
                    command: str = "normalize") -> str:
    """The Parquet path against the text path on the same URLs, for each size: CPU
    time per URL (best of ``rounds``; one round for 10^7 and more) and peak memory."""
    rows: list[str] = []
    load_start = load_average()
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            lines, n = make_input(corpus, size, tmp)
            # in a child: the peak memory a child reports includes this process's at
            # the spawn (Linux keeps the high-water mark across exec), so this one
            # stays small, without pyarrow
            table = Path(tmp) / (lines.stem + ".parquet")
            subprocess.run([sys.executable, __file__, "--make-table", str(lines), tmp],
                           check=True)
            out = Path(tmp) / "out.parquet"
            text = Case(f"text {command}", ("-m", "urikit", command, "-q", "--input"))
            parquet = Case(f"parquet {command}", ("-m", "urikit", command, "-q", "-o",
                                                  str(out), "--input"))
            r = rounds if size < 10_000_000 else 1
            best_text = min((run(text, lines) for _ in range(r)), key=lambda t: t.cpu)
            best_parquet = min((run(parquet, table) for _ in range(r)), key=lambda t: t.cpu)
            per_text = best_text.cpu / n * 1e6
            per_parquet = best_parquet.cpu / n * 1e6
            rows.append(f"| {n:,} | {per_text:.2f} µs | {per_parquet:.2f} µs | "
                        f"{per_parquet / per_text:.2f} | {best_text.peak / 1024:.0f} MiB | "
                        f"{best_parquet.peak / 1024:.0f} MiB |")
            print(rows[-1], file=sys.stderr)
    return "\n".join([
        PARQUET_SECTION,
        "",
        f"`python benchmarks/batch.py --parquet`: `urikit {command}` over the same URLs "
        f"({corpus.name} repeated), as lines (`--input lines.txt`, results to /dev/null) "
        "and as the `url` column of a Parquet file with an `id` and a `note` column "
        "(`-i table.parquet -o out.parquet`: every column written back with "
        "urikit_result and urikit_error). CPU time (user + system) of the process per "
        f"URL, best of {rounds} (one run at 10^7 rows), and its peak resident memory; "
        f"Python {platform.python_version()}, {os.cpu_count()} CPUs; load average "
        f"{load_start} at the start, {load_average()} at the end; "
        f"{time.perf_counter() - t_start:.0f} s in all.",
        "",
        "| URLs | text: CPU per URL | Parquet: CPU per URL | Parquet / text | "
        "text: peak memory | Parquet: peak memory |",
        "|--:|--:|--:|--:|--:|--:|",
        *rows,
        "",
    ])


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the section, put it where asked."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--commands", nargs="+", default=list(COMMANDS), choices=COMMANDS)
    parser.add_argument("--results", type=Path, help="put the section in this file")
    parser.add_argument("--parquet", type=int, nargs="*", metavar="ROWS",
                        help="measure the Parquet path against the text path instead, "
                        "at these sizes (default 10^5 10^6 10^7; needs pyarrow)")
    parser.add_argument("--make-table", nargs=2, metavar=("LINES", "DIRECTORY"),
                        help=argparse.SUPPRESS)  # the child that writes a Parquet input
    args = parser.parse_args(argv)
    if args.make_table is not None:
        make_table(Path(args.make_table[0]), args.make_table[1])
        return 0
    if args.parquet is not None:
        sizes = args.parquet or [100_000, 1_000_000, 10_000_000]
        section = parquet_section(args.corpus, sizes, args.rounds)
        print(section)
        if args.results is not None:
            replace_section(args.results, section)
        return 0
    rows: list[str] = []
    memory: list[str] = []
    load_start = load_average()
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        big, n_big = make_input(args.corpus, args.lines, tmp)
        small, n_small = make_input(args.corpus, args.lines // 10, tmp)
        base_rate = 0.0
        one_job: dict[str, float] = {}
        for case in cases(args.commands, args.jobs):
            runs = [run(case, big) for _ in range(args.rounds)]
            best = min(runs, key=lambda t: t.wall)
            peak_big = max(t.peak for t in runs)
            peak_small = run(case, small).peak
            rate = n_big / best.wall
            base_rate = base_rate or rate
            command = case.name.rsplit(" --jobs", 1)[0]
            speedup = ""
            if case.name.endswith("--jobs 1"):
                one_job[command] = rate
            elif command in one_job:
                speedup = f"{rate / one_job[command]:.2f}x"
            # the workers are the forkserver's children, not counted by wait4: the CPU
            # time of a --jobs run is that of its main process alone
            cpu = f"{n_big / best.cpu:,.0f}" + (" (main process)" if "--jobs 1" not in
                                                case.name and "--jobs" in case.name else "")
            rows.append(f"| {case.name} | {best.wall:.2f} s | {rate:,.0f} | {cpu} | "
                        f"{rate / base_rate:.2f} | {speedup} |")
            memory.append(f"| {case.name} | {peak_small / 1024:.1f} MiB | "
                          f"{peak_big / 1024:.1f} MiB | {peak_big / peak_small:.2f} |")
            print(rows[-1], file=sys.stderr)
    section = "\n".join([
        SECTION,
        "",
        f"`python benchmarks/batch.py`: {args.corpus.name} repeated to {n_big:,} lines "
        f"(its invalid lines included), read from a file, results to /dev/null; wall "
        f"clock, best of {args.rounds}; Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs; load average (1, 5, 15 min) {load_start} at the start, "
        f"{load_average()} at the end; {time.perf_counter() - t_start:.0f} s in all. "
        "Lines/s of CPU counts the CPU time (user + system) of the process: it shows "
        "the cost of a line whatever else runs on the machine (with --jobs 2, of the "
        "main process alone, which reads, deduplicates and writes: the workers are "
        "the forkserver's children, which wait4 does not count). The wall clock, and "
        "so the speedup of --jobs 2, needs a quiet machine.",
        "",
        "| command | time | lines/s | lines/s of CPU | ratio to urllib | jobs 2 / jobs 1 |",
        "|---|--:|--:|--:|--:|--:|",
        *rows,
        "",
        f"Peak resident memory of the largest process (of the main process with --jobs: "
        f"a worker holds at most two chunks), {n_small:,} lines vs {n_big:,}:",
        "",
        f"| command | {n_small:,} lines | {n_big:,} lines | ratio |",
        "|---|--:|--:|--:|",
        *memory,
        "",
    ])
    print(section)
    if args.results is not None:
        replace_section(args.results, section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
