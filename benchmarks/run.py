"""Run the urikit benchmark suite: tasks a-g against peers, memory, scaling.

    python benchmarks/run.py [--corpus FILE] [--pairs FILE] [--quick] [--limit N]

Every (task, library) case is timed once per round over its whole input list, the
cases in a fresh random order each round, so that the machine's drift spreads over all
of them; the figure reported is the median of the rounds (the minimum is shown too).
See benchmarks/README.md for what each task and each library row does. The report
replaces RESULTS.md whole: the batch front ends' figures (batch.py, dask_scale.py,
dask_parquet.py, duckdb_cost.py, frames.py) go to docs/performance.md instead.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import math
import os
import platform
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from itertools import starmap
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import memory
import scaling
import tasks
from tasks import CLASS_TARGETS, EMPTY_CALL, TARGETS, TASKS, Case

import urikit

DEFAULT_CORPUS = tasks.DEFAULT_CORPUS
DEFAULT_PAIRS = tasks.DEFAULT_PAIRS
DEFAULT_RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


# The process's CPU time by default: on a shared machine other processes' time slices
# do not count (wall time with --clock wall).
CLOCK: list[Callable[[], int]] = [time.process_time_ns]


def run_pass(case: Case, items: Sequence[Any]) -> int:
    """Time one pass of ``case`` over ``items``; return nanoseconds."""
    if case.before is not None:
        case.before()
    gc.collect()
    fn = case.fn
    clock = CLOCK[0]
    if case.star:
        t0 = clock()
        deque(starmap(fn, items), maxlen=0)
        t1 = clock()
    else:
        t0 = clock()
        deque(map(fn, items), maxlen=0)
        t1 = clock()
    return t1 - t0


def _call(case: Case, item: Any) -> object:
    return case.fn(*item) if case.star else case.fn(item)


def stride_for(case: Case, items: Sequence[Any], max_pass: float) -> int:
    """Every how many inputs a slow case is timed, so one pass takes about ``max_pass``
    seconds; 1 (all of them) for urikit, the urllib base, reference rows and fast peers."""
    if case.kind != "peer" or not items:
        return 1
    probe = items[:: max(1, len(items) // 200)]
    t0 = time.perf_counter()
    for item in probe:
        with contextlib.suppress(Exception):  # failures are counted by prepare()
            _call(case, case.prepare(item) if case.prepare is not None else item)
    per_item = (time.perf_counter() - t0) / len(probe)
    return max(1, math.ceil(per_item * len(items) / max_pass))


def prepare(task: str, case: Case, items: Sequence[Any], reference: list[object] | None,
            stride: int = 1) -> tuple[list[Any], list[object]]:
    """Reshape the inputs for ``case`` and keep those it handles (untimed).

    With ``stride`` > 1 only every stride-th input is kept (a systematic sample). Returns
    the inputs and the outputs (``None`` where the case raised or was not sampled). Also
    records in ``case.extra`` how many outputs equal the input (b, c) or urikit's (d, e, h, i).
    """
    inputs: list[Any] = []
    outputs: list[object] = []
    same = 0
    errors: dict[str, int] = {}
    for k, item in enumerate(items):
        if k % stride:
            outputs.append(None)
            continue
        try:
            x = case.prepare(item) if case.prepare is not None else item
            out = _call(case, x)
        except Exception as exc:  # a peer rejecting a line, or NotImplementedError
            outputs.append(None)
            name = type(exc).__name__
            errors[name] = errors.get(name, 0) + 1
            continue
        inputs.append(x)
        outputs.append(out)
        expected = item if task in "bc" else reference[k] if reference is not None else None
        if expected is not None and out == expected:
            same += 1
    sampled = len(range(0, len(items), stride))
    case.used, case.failed = len(inputs), sampled - len(inputs)
    case.extra["stride"] = stride
    case.extra["errors"] = errors
    if task in "bc" or (task in "dehi" and reference is not None):
        case.extra["same"] = same
    return inputs, outputs


def _fmt_ns(ns: float) -> str:
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"


Result = dict[str, Any]


def time_tasks(cases: dict[str, list[Case]], inputs: dict[str, list[Any]], rounds: int | None,
               budget: float, max_pass: float, seed: int,
               log: Callable[[str], None]) -> list[Result]:
    """Prepare and time every case; return one result row per case."""
    prepared: dict[tuple[str, str], list[Any]] = {}
    order: list[tuple[str, Case]] = []
    first: dict[tuple[str, str], float] = {}
    for task, task_cases in cases.items():
        reference: list[object] | None = None
        for case in task_cases:
            t0 = time.perf_counter()
            stride = stride_for(case, inputs[task], max_pass)
            items, outputs = prepare(task, case, inputs[task], reference, stride)
            if case.kind == "urikit" and reference is None and case.used:
                reference = outputs
            if not items:
                log(f"  {task} {case.library}: skipped (every input raised: "
                    f"{case.extra['errors']})")
                continue
            prepared[task, case.library] = items
            log(f"  prepared {task} {case.library}: {len(items):,} inputs"
                + (f" (every {stride}th)" if stride > 1 else ""))
            order.append((task, case))
            first[task, case.library] = time.perf_counter() - t0
    empty_items = inputs["a"]
    order.append(("-", EMPTY_CALL))
    prepared["-", EMPTY_CALL.library] = empty_items
    EMPTY_CALL.used = len(empty_items)
    # one warm-up pass of everything, discarded, also sizes the rounds
    samples: dict[tuple[str, str], list[float]] = {k: [] for k in prepared}
    t0 = time.perf_counter()
    for task, case in order:
        run_pass(case, prepared[task, case.library])
    one_round = time.perf_counter() - t0
    if rounds is None:
        rounds = max(3, min(25, int(budget / max(one_round, 1e-9))))
    log(f"one round takes {one_round:.1f} s; running {rounds} rounds after the warm-up")
    rng = random.Random(seed)
    for r in range(rounds):
        rng.shuffle(order)
        for task, case in order:
            items = prepared[task, case.library]
            samples[task, case.library].append(run_pass(case, items) / len(items))
        log(f"  round {r + 1}/{rounds} done ({time.perf_counter() - t0:.0f} s)")
    results: list[Result] = []
    for task, task_cases in [*cases.items(), ("-", [EMPTY_CALL])]:
        for case in task_cases:
            key = (task, case.library)
            if key not in samples:
                results.append({"task": task, "case": case, "best": None, "median": None})
                continue
            values = samples[key]
            results.append({"task": task, "case": case, "best": min(values),
                            "median": statistics.median(values), "rounds": len(values)})
    return results


def verdicts(results: list[Result]) -> dict[str, tuple[str, str]]:
    """PASS/MISS per task: the ratio target, beating every pure-Python peer, and for g
    beating every peer."""
    out: dict[str, tuple[str, str]] = {}
    for task in TASKS:
        rows = [r for r in results if r["task"] == task]
        mine = next((r for r in rows if r["case"].kind == "urikit"), None)
        base = next((r for r in rows if r["case"].kind == "base"), None)
        if mine is None or mine["best"] is None or base is None or base["best"] is None:
            out[task] = ("n/a", "urikit cannot run this task yet")
            continue
        reasons: list[str] = []
        ratio = mine["best"] / base["best"]
        target = TARGETS[task]
        if target is not None and ratio > target:
            reasons.append(f"ratio {ratio:.2f} > target {target:.2f}")
        for r in rows:
            case = r["case"]
            if case.kind != "peer" or r["best"] is None:
                continue
            must_beat = task == "g" or case.pure_python
            if must_beat and r["best"] <= mine["best"]:
                reasons.append(f"slower than {case.library} "
                               f"({_fmt_ns(mine['best'])} vs {_fmt_ns(r['best'])} ns)")
        out[task] = ("MISS", "; ".join(reasons)) if reasons else ("PASS", "")
    return out


def table(results: list[Result], lines_info: dict[str, int]) -> str:
    """The results as Markdown, one table per task."""
    out: list[str] = []
    marks = verdicts(results)
    for task, title in TASKS.items():
        rows = [r for r in results if r["task"] == task]
        base = next((r for r in rows if r["case"].kind == "base"), None)
        base_ns = base["best"] if base is not None else None
        target = TARGETS[task]
        goal = (f"target ratio ≤ {target:.2f}" if target is not None
                else "target: faster than every peer")
        verdict, why = marks[task]
        out.append(f"### {task}. {title}\n")
        out.append(f"{lines_info[task]:,} inputs; {goal}; **{verdict}**"
                   + (f" ({why})" if why else "") + "\n")
        out.append("| library | inputs used | ns/URL (min) | median | ratio to urllib "
                   "| same as expected | note |")
        out.append("|---|--:|--:|--:|--:|--:|---|")
        for r in rows:
            case: Case = r["case"]
            note = case.note
            if case.failed:
                errs = ", ".join(f"{k} {v}" for k, v in case.extra.get("errors", {}).items())
                note = f"{note}; raised on {case.failed:,} ({errs})".lstrip("; ")
            if r["best"] is None:
                out.append(f"| {case.library} | 0 | – | – | – | – | {note} |")
                continue
            ratio = f"{r['best'] / base_ns:.2f}" if base_ns else "–"
            same = case.extra.get("same")
            same_s = f"{same / case.used:.1%}" if same is not None and case.used else "–"
            name = f"**{case.library}**" if case.kind == "urikit" else case.library
            used = f"{case.used:,}"
            if case.extra.get("stride", 1) > 1:
                used += f" (1 in {case.extra['stride']})"
            out.append(f"| {name} | {used} | {_fmt_ns(r['best'])} | "
                       f"{_fmt_ns(r['median'])} | {ratio} | {same_s} | {note} |")
        out.append("")
    empty = next(r for r in results if r["case"] is EMPTY_CALL)
    out.append(f"Harness overhead, for reference: calling an empty Python function costs "
               f"{_fmt_ns(empty['best'])} ns per item; it is included in every multi-call "
               f"row and absent from rows that are one library call (urllib in c, d, f; "
               f"urikit in d, e, f; uritools in d; ada-url in d, e, f; can-ada in f).\n")
    out.append("| task | target | urikit ratio | verdict | why |")
    out.append("|---|--:|--:|---|---|")
    for task in TASKS:
        rows = [r for r in results if r["task"] == task]
        mine = next((r for r in rows if r["case"].kind == "urikit"), None)
        base = next((r for r in rows if r["case"].kind == "base"), None)
        ratio = "–"
        if mine and base and mine["best"] is not None and base["best"]:
            ratio = f"{mine['best'] / base['best']:.2f}"
        target = TARGETS[task]
        verdict, why = marks[task]
        out.append(f"| {task} | {f'≤ {target:.2f}' if target else 'fastest'} | {ratio} "
                   f"| {verdict} | {why} |")
    out.append("")
    out.append("The URI class's targets: the ratio of two rows of one task.\n")
    out.append("| task | urikit row | against | ratio | target | verdict |")
    out.append("|---|---|---|--:|--:|---|")
    for task, mine_name, other_name, class_goal in CLASS_TARGETS:
        best = {r["case"].library: r["best"] for r in results if r["task"] == task}
        mine_ns, other_ns = best.get(mine_name), best.get(other_name)
        if not mine_ns or not other_ns:
            out.append(f"| {task} | {mine_name} | {other_name} | – | ≤ {class_goal:.2f} | n/a |")
            continue
        share = mine_ns / other_ns
        out.append(f"| {task} | {mine_name} | {other_name} | {share:.2f} | ≤ {class_goal:.2f} "
                   f"| {'PASS' if share <= class_goal else 'MISS'} |")
    out.append("")
    return "\n".join(out)


def _load() -> str:
    try:
        return ", ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{platform.platform()}; {cpu}; {os.cpu_count()} CPUs; "
            f"Python {platform.python_version()} ({platform.python_implementation()})")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS,
                        help="one URL a line (default: %(default)s)")
    parser.add_argument("--pairs", type=Path, default=DEFAULT_PAIRS,
                        help="base<TAB>reference lines (default: %(default)s)")
    parser.add_argument("--limit", type=int, default=None,
                        help="use only the first N lines and pairs")
    parser.add_argument("--quick", action="store_true",
                        help="3 rounds, scaling up to 10 KB, no RESULTS.md")
    parser.add_argument("--rounds", type=int, default=None,
                        help="rounds (default: as many as fit --budget, 3 to 25)")
    parser.add_argument("--budget", type=float, default=150.0,
                        help="seconds for the timed rounds (default: %(default)s)")
    parser.add_argument("--max-pass", type=float, default=0.4,
                        help="a peer slower than this many seconds per pass is timed on a "
                             "systematic sample (default: %(default)s)")
    parser.add_argument("--tasks", default="".join(TASKS), help="tasks to run (default: all)")
    parser.add_argument("--no-memory", action="store_true")
    parser.add_argument("--no-scaling", action="store_true")
    parser.add_argument("--results", type=Path, default=None,
                        help=f"write the Markdown report here (default: {DEFAULT_RESULTS} "
                             "on a full run, nowhere with --quick or --limit)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="time.process_time (default: other processes on the machine "
                             "do not count) or time.perf_counter")
    parser.add_argument("--seed", type=int, default=3986)
    args = parser.parse_args(argv)

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    started = time.perf_counter()
    load_start = _load()
    CLOCK[0] = time.process_time_ns if args.clock == "cpu" else time.perf_counter_ns
    scaling.CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    lines = tasks.load_lines(args.corpus, args.limit)
    pairs = tasks.load_pairs(args.pairs, args.limit)
    inputs = tasks.task_inputs(lines, pairs)
    lines_info = {t: len(v) for t, v in inputs.items()}
    log(f"corpus {args.corpus}: {len(lines):,} lines, {lines_info['a']:,} valid for urikit; "
        f"pairs {args.pairs}: {len(pairs):,}")
    all_cases = tasks.build_cases()
    cases = {t: c for t, c in all_cases.items() if t in args.tasks}
    rounds = 3 if args.quick and args.rounds is None else args.rounds
    results = time_tasks(cases, inputs, rounds, args.budget, args.max_pass, args.seed, log)

    report: list[str] = ["# urikit benchmark results\n"]
    report.append(f"- date: {datetime.date.today().isoformat()}")
    report.append(f"- machine: {machine()}")
    report.append("- urikit build: " + ("compiled by mypyc" if urikit.COMPILED
                                         else "pure Python"))
    report.append(f"- corpus: `{args.corpus.name}` ({len(lines):,} lines, "
                  f"{lines_info['a']:,} valid RFC 3986 references used by a, b, c, e; "
                  f"{lines_info['g']:,} with a path segment used by g; all lines by f); "
                  f"pairs: `{args.pairs.name}` ({len(pairs):,})")
    rounds_used = max((r.get("rounds", 0) for r in results), default=0)
    report.append(f"- {rounds_used} interleaved rounds after a warm-up; ns per input, the "
                  "minimum over rounds (the least-disturbed pass; the median is shown too)")
    report.append("- clock: " + ("CPU time of the process (time.process_time)"
                                 if args.clock == "cpu" else "wall time (time.perf_counter)"))
    report.append(f"- load average (1, 5, 15 min) at start: {load_start}; at the end of "
                  f"the timed rounds: {_load()}")
    command = " ".join(["python benchmarks/run.py",
                        *(argv if argv is not None else sys.argv[1:])])
    report.append(f"- command: `{command}`")
    report.append("\nRatios, not absolute times, are what carry across machines: compare "
                  "the ratio to urllib.parse, measured in the same run.\n")
    report.append("## Tasks\n")
    report.append(table(results, {**lines_info, "-": len(inputs["a"])}))
    if not args.no_memory:
        log("memory ...")
        report.append("## Memory: bytes per parsed URI\n")
        report.append(memory.report(inputs["a"][:: max(1, len(inputs["a"]) // 10_000)]))
    if not args.no_scaling:
        log("scaling ...")
        sizes = scaling.SIZES[:2] if args.quick else scaling.SIZES
        report.append("## Scaling with input size\n")
        report.append(scaling.report(sizes, log, quick=args.quick))
    report.append(f"Total run time: {time.perf_counter() - started:.0f} s.\n")
    text = "\n".join(report)
    print(text)
    out_path = args.results
    if out_path is None and not args.quick and args.limit is None and set(args.tasks) == set(TASKS):
        out_path = DEFAULT_RESULTS
    if out_path is not None:
        out_path.write_text(text, encoding="utf-8")
        log(f"wrote {out_path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
