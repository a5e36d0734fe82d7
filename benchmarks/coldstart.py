"""Cold start: the CPU time of whole processes that import urikit or run its command line.

    python benchmarks/coldstart.py [--runs 7] [--python PYTHON ...] [--results FILE]

Each command runs as its own process, ``--runs`` times, the commands interleaved (one
run of each, then the next round), so a burst of load on a shared machine spreads over
all of them. The figure is the median of the process's CPU time, user and system, read
from ``os.wait4``: what a cold start costs whatever else runs beside it. Commands, for
each ``--python`` given (default: this one): ``python -c pass`` (the interpreter's own
start), ``import yarl``, ``import urikit`` and the command line's ``explain`` of one
URI (the console script beside that Python, or ``python -m urikit`` without it). Each
Python reports which urikit build it runs; ``URIKIT_NO_EXTENSIONS`` is not read here,
the install decides. A warm-up run of each command comes first, which also writes
the bytecode caches of an editable install. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

# The children write and read bytecode caches, as an installed package's are: a
# setting that forbids writing them (``PYTHONDONTWRITEBYTECODE``, which some CI and
# container setups set) would time compiling an editable checkout's source instead.
CHILD_ENV: Final = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cpu_ms(argv: Sequence[str]) -> float:
    """The CPU time (user + system, ms) of one run of ``argv``, output discarded."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               env=CHILD_ENV)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited with {process.returncode}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def commands(python: str) -> dict[str, list[str]]:
    """The timed commands for one interpreter, by name."""
    script = Path(python).with_name("urikit")
    cli = [str(script)] if script.exists() else [python, "-m", "urikit"]
    return {
        "python -c pass": [python, "-c", "pass"],
        "import yarl": [python, "-c", "import yarl"],
        "import urikit": [python, "-c", "import urikit"],
        "urikit explain http://a/b": [*cli, "explain", "http://a/b"],
    }


def build_of(python: str) -> str:
    """Which urikit build ``python`` imports."""
    return subprocess.run(
        [python, "-c", "import urikit; print('compiled' if urikit.COMPILED else 'pure')"],
        capture_output=True, text=True, check=True, env=CHILD_ENV).stdout.strip()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--runs", type=int, default=7, help="runs of each command")
    parser.add_argument("--python", nargs="+", default=[sys.executable],
                        help="interpreters to time (each with urikit and yarl installed)")
    parser.add_argument("--results", type=Path, default=None,
                        help="also write the Markdown table to this file")
    args = parser.parse_args(argv)
    plans = {(python, name): cmd for python in args.python
             for name, cmd in commands(python).items()}
    builds = {python: build_of(python) for python in args.python}
    load_start = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    samples: dict[tuple[str, str], list[float]] = {key: [] for key in plans}
    for cmd in plans.values():  # a warm-up run each: bytecode caches, page cache
        _cpu_ms(cmd)
    for _ in range(args.runs):
        for key, cmd in plans.items():
            samples[key].append(_cpu_ms(cmd))
    load_end = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    lines = [f"CPU time of the whole process, ms: median of {args.runs} interleaved runs "
             f"(min-max); load average (1, 5, 15 min) {load_start} at the start, "
             f"{load_end} at the end.", "",
             "| command | " + " | ".join(f"{builds[p]} ({p})" for p in args.python) + " |",
             "|---|" + "--:|" * len(args.python)]
    for name in commands(sys.executable):
        cells: list[str] = []
        for python in args.python:
            times = samples[python, name]
            cells.append(f"{statistics.median(times):.0f} ({min(times):.0f}-{max(times):.0f})")
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.results is not None:
        args.results.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
