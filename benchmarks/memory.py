"""Memory per parsed URI: tracemalloc over the corpus, urikit next to its peers.

Every valid line is parsed and the objects are kept in a list allocated beforehand; the
bytes reported are the traced allocations made by parsing, divided by the number of
URIs: the object, its component strings and whatever else it keeps alive (caches
included). The input strings themselves are not counted.

    python benchmarks/memory.py [--corpus FILE] [--limit N]

Over a large corpus a systematic sample of about 10,000 lines is used (furl under
tracemalloc is slow); bytes per URI do not depend on the sample size.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
import urllib.parse as up
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tasks

from urikit import URI

PARSERS: dict[str, tuple[Callable[[str], object], str]] = {
    "urikit": (URI.parse, "URI.parse: the pattern's 7-tuple of wire str, the text"),
    "urllib.parse": (up.urlsplit, "urlsplit: SplitResult (5-tuple)"),
    "yarl": (tasks.yarl.URL, "URL, caches emptied before and sized 0 for hosts"),
    "rfc3986": (tasks.rfc3986.uri_reference, "URIReference (5-tuple + encoding)"),
    "uritools": (tasks.uritools.urisplit, "SplitResult (5-tuple)"),
    "hyperlink": (tasks.hyperlink.URL.from_text, "URL, path and query as tuples"),
    "furl": (tasks.furl_mod.furl, "furl with Path, Query, Fragment objects"),
    "boltons": (tasks.boltons_urlutils.URL, "URL with QueryParamDict"),
    "httpx": (tasks.httpx.URL, "URL wrapping a ParseResult"),
}


def measure(parse: Callable[[str], object], lines: Sequence[str]) -> tuple[float, int]:
    """Bytes per object for ``parse`` over ``lines`` (those it accepts), and the count."""
    ok: list[str] = []
    for s in lines:
        try:
            parse(s)
        except Exception:  # a peer rejecting a line: leave it out
            continue
        ok.append(s)
    keep: list[object] = [None] * len(ok)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for i, s in enumerate(ok):
        keep[i] = parse(s)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del keep
    return (after - before) / max(len(ok), 1), len(ok)


def report(lines: Sequence[str]) -> str:
    """A Markdown table of bytes per parsed URI."""
    input_bytes = sum(sys.getsizeof(s) for s in lines) / max(len(lines), 1)
    rows = ["| library | URIs | bytes per URI | ratio to urllib | what is kept |",
            "|---|--:|--:|--:|---|"]
    results: dict[str, tuple[float, int]] = {}
    for name, (parse, _) in PARSERS.items():
        if name == "yarl":
            tasks.yarl_cold()
        results[name] = measure(parse, lines)
    tasks.yarl_warm()
    base = results["urllib.parse"][0]
    for name, (per, count) in results.items():
        what = PARSERS[name][1]
        label = f"**{name}**" if name == "urikit" else name
        rows.append(f"| {label} | {count:,} | {per:,.0f} | {per / base:.2f} | {what} |")
    rows.append("")
    rows.append(f"For scale: the input strings average {input_bytes:,.0f} bytes each "
                f"(`sys.getsizeof`), not counted above.\n")
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="bytes per parsed URI")
    parser.add_argument("--corpus", type=Path, default=tasks.DEFAULT_CORPUS)
    parser.add_argument("--limit", type=int, default=None)
    args = parser.parse_args(argv)
    lines = [s for s in tasks.load_lines(args.corpus, args.limit) if tasks.is_valid(s)]
    lines = lines[:: max(1, len(lines) // 10_000)]
    print(report(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
