"""Batch throughput and memory of ``urikit normalize`` over a large input.

    python benchmarks/batch.py [--corpus FILE] [--lines N] [--rounds R] [--append FILE]

The corpus is repeated into a temporary file of at least ``--lines`` lines (default
10^6). Each case runs as its own process reading that file and writing to /dev/null,
timed on the wall clock (the best of ``--rounds``), with the peak resident memory of
its largest process (``os.wait4``): ``urikit normalize`` with 1 and 2 jobs, and, as
the base, a plain loop doing ``urlunsplit(urlsplit(line))`` on each line (urllib
checks nothing and normalizes nothing: it is the floor of reading, splitting and
writing in Python). Memory is measured again on 10^5 lines to show it does not grow
with the input. Prints a Markdown table; ``--append`` adds it to a file as the section
"## Batch throughput".
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "kasztp.txt"

URLLIB_LOOP = """
import sys
from urllib.parse import urlsplit, urlunsplit
out = sys.stdout
with open(sys.argv[1], encoding="utf-8-sig") as lines:
    for line in lines:
        try:
            out.write(urlunsplit(urlsplit(line.rstrip("\\r\\n"))) + "\\n")
        except ValueError as exc:
            sys.stderr.write(f"{exc}\\n")
"""


@dataclass(frozen=True)
class Case:
    """A command timed over the input file."""

    name: str
    argv: tuple[str, ...]


def cases(jobs: Sequence[int]) -> list[Case]:
    """urllib's loop, then urikit normalize with each number of jobs."""
    result = [Case("urllib.parse loop (urlsplit + urlunsplit)", ("-c", URLLIB_LOOP))]
    for n in jobs:
        result.append(Case(f"urikit normalize --jobs {n}",
                           ("-m", "urikit", "normalize", "-q", "--jobs", str(n), "--input")))
    return result


def run(case: Case, path: Path) -> tuple[float, int]:
    """Run a case over ``path``; return (wall seconds, peak RSS in KiB)."""
    with open(os.devnull, "wb") as null:
        t0 = time.perf_counter()
        pid = os.posix_spawn(sys.executable, [sys.executable, *case.argv, str(path)],
                             os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null.fileno(), 1),
                                                       (os.POSIX_SPAWN_DUP2, null.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        elapsed = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: some lines are invalid, as in the corpus
        raise RuntimeError(f"{case.name} exited with {code}")
    return elapsed, usage.ru_maxrss


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


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the table, append it where asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--append", type=Path, help="append the section to this file")
    args = parser.parse_args(argv)
    rows: list[str] = []
    memory: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        big, n_big = make_input(args.corpus, args.lines, tmp)
        small, n_small = make_input(args.corpus, args.lines // 10, tmp)
        base_rate = 0.0
        for case in cases(args.jobs):
            runs = [run(case, big) for _ in range(args.rounds)]
            seconds = min(t for t, _ in runs)
            peak_big = max(m for _, m in runs)
            _, peak_small = run(case, small)
            rate = n_big / seconds
            base_rate = base_rate or rate
            rows.append(f"| {case.name} | {n_big:,} | {seconds:.2f} s | {rate:,.0f} | "
                        f"{rate / base_rate:.2f} |")
            memory.append(f"| {case.name} | {peak_small / 1024:.1f} MiB | "
                          f"{peak_big / 1024:.1f} MiB | {peak_big / peak_small:.2f} |")
            print(rows[-1], file=sys.stderr)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    table = "\n".join([
        "## Batch throughput",
        "",
        f"`python benchmarks/batch.py`: {args.corpus.name} repeated to {n_big:,} lines "
        f"(341 invalid lines a copy, included), read from a file, results to /dev/null; "
        f"wall clock, best of {args.rounds}; Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load average {load:.1f} at the end.",
        "",
        "| command | lines | time | URLs/s | ratio to urllib |",
        "|---|---|---|---|---|",
        *rows,
        "",
        f"Peak resident memory of the largest process, {n_small:,} lines vs {n_big:,}:",
        "",
        f"| command | {n_small:,} lines | {n_big:,} lines | ratio |",
        "|---|---|---|---|",
        *memory,
        "",
    ])
    print(table)
    if args.append is not None:
        with open(args.append, "a", encoding="utf-8") as f:
            f.write("\n" + table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
