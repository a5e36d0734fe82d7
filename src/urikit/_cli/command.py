"""The ``urikit`` command line: argument parsing, dispatch and exit codes.

Explain, validate, normalize, canonicalize, dedupe, resolve and relativize URI
references, given as arguments or one a line from files or standard input (see
``docs/cli.md``)."""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.metadata
import json
import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from itertools import pairwise
from typing import TextIO

from .._core.build import COMPILED
from .._core.errors import ParseError
from .._model.uri import URI
from .._web.canonical import CanonicalOptions
from .batch import (
    Operation,
    Record,
    Source,
    Writer,
    caret_lines,
    error_text,
    iter_records,
    mask_password,
    process_line,
)
from .batch import (
    element_model as element_model,  # the element model, also for callers of _cli
)

Span = tuple[str, int, int]  # label, start, end (end exclusive)


def spans(uri: URI) -> list[Span]:
    """The place of each defined top-level component in ``str(uri)``.

    >>> for span in spans(URI.parse("foo://example.com:8042/over/there?name=ferret#nose")):
    ...     print(*span)
    scheme 0 3
    authority 6 22
    path 22 33
    query 34 45
    fragment 46 50
    """
    text = str(uri)
    result: list[Span] = []
    i = 0
    if uri.scheme is not None:
        result.append(("scheme", 0, len(uri.scheme)))
        i = len(uri.scheme) + 1
    if uri.host is not None:
        i += 2
        end = len(text)
        for delimiter in "/?#":
            k = text.find(delimiter, i)
            if 0 <= k < end:
                end = k
        result.append(("authority", i, end))
        i = end
    end = len(text)
    if uri.fragment is not None:
        end -= len(uri.fragment) + 1
    if uri.query is not None:
        end -= len(uri.query) + 1
    result.append(("path", i, end))
    i = end
    if uri.query is not None:
        result.append(("query", i + 1, i + 1 + len(uri.query)))
        i += 1 + len(uri.query)
    if uri.fragment is not None:
        result.append(("fragment", i + 1, i + 1 + len(uri.fragment)))
    return result


def _underline(start: int, end: int) -> str:
    width = end - start
    if width <= 1:
        return "|"
    return "\\" + "_" * (width - 2) + "/"


def _bars(cols: list[int]) -> str:
    line = [" "] * (max(cols, default=-1) + 1)
    for col in cols:
        line[col] = "|"
    return "".join(line)


def diagram(uri: URI, indent: int = 2) -> str:
    """Draw the components under the URI text, as RFC 3986 §3 does.

    Empty components (``?`` alone) are marked with ``|`` where they stand; when the
    labels do not fit on one line, they go down a staircase, the rightmost first.

    >>> print(diagram(URI.parse("foo://example.com:8042/over/there?name=ferret#nose")))
      foo://example.com:8042/over/there?name=ferret#nose
      \\_/   \\______________/\\_________/ \\_________/ \\__/
       |            |            |           |        |
    scheme      authority      path        query  fragment
    """
    text = str(uri)
    marks = [s for s in spans(uri) if s[2] > s[1] or s[0] != "path"]
    if not marks:  # the empty reference: mark its empty path
        marks = [("path", 0, 0)]
    under = [" "] * (len(text) + indent + 2)
    centres: list[tuple[str, int]] = []
    for label, start, end in marks:
        line = _underline(start, end)
        for k, ch in enumerate(line):
            under[indent + start + k] = ch
        centres.append((label, indent + start + max(end - start - 1, 0) // 2 + (
            1 if end - start >= 3 and (end - start) % 2 == 0 else 0)))
    lines = [" " * indent + text, "".join(under).rstrip()]
    cols = [col for _, col in centres]
    placed = [(max(col - len(label) // 2, 0), label) for label, col in centres]
    fits = all(left + len(label) < next_left
               for (left, label), (next_left, _) in pairwise(placed))
    fits = fits and not any(left <= other < left + len(label) and other != col
                            for (left, label), col in zip(placed, cols, strict=True)
                            for other in cols)
    if fits:
        # One line of labels, each centred under its bar (RFC 3986 §3 style).
        lines.append(_bars(cols))
        row = [" "] * (max(left + len(label) for left, label in placed) + 1)
        for left, label in placed:
            row[left:left + len(label)] = label
        lines.append("".join(row).rstrip())
    else:
        # A staircase: the rightmost label on the first line, each label starting at
        # its own bar, so no label ever covers a bar still running down.
        lines.append(_bars(cols))
        for k in range(len(centres) - 1, -1, -1):
            label, col = centres[k]
            lines.append((_bars(cols[:k]).ljust(col) + label).rstrip())
    return "\n".join(lines)




def _show(value: object) -> str:
    if value is None:
        return "(undefined)"
    return repr(value)


def table(model: dict[str, object]) -> str:
    """The element model as a two-column table; undefined shows as ``(undefined)``,
    empty as ``''``."""
    width = max(len(k) for k in model)
    return "\n".join(f"{k:<{width}}  {_show(v)}" for k, v in model.items())


def caret(error: ParseError, show_password: bool = False) -> str:
    """The rejected text, escaped (a tab shows as ``\\t``), with a caret under the
    offending position; a password is masked unless ``show_password``."""
    if show_password:
        return caret_lines(error.text, error.position)
    return caret_lines(*mask_password(error.text, error.position))


def _input_line(record: Record) -> str:
    return f"{record.input}\n"


def _renderer(command: str, allow_zone_id: bool) -> Callable[[Record], str] | None:
    """How a result shows in text: explain draws, dedupe prints the kept line as
    written, the others print their output."""
    if command == "dedupe":
        return _input_line
    if command != "explain":
        return None
    first = [True]

    def render(record: Record) -> str:
        assert isinstance(record.output, dict)
        uri = URI.parse(record.input, allow_zone_id=allow_zone_id)
        block = diagram(uri) + "\n\n" + table(record.output) + "\n"
        if first[0]:
            first[0] = False
            return block
        return "\n" + block

    return render


# --- arguments ---------------------------------------------------------------------


def _common(p: argparse.ArgumentParser, refs: str) -> None:
    p.add_argument("refs", nargs="*", metavar=refs,
                   help="references; a lone '-' reads them from standard input, one a line")
    p.add_argument("-i", "--input", action="append", default=[], metavar="FILE",
                   help="read references from FILE, one a line ('-': standard input); "
                   "repeatable")
    p.add_argument("--format", choices=("text", "jsonl", "csv"), default="text",
                   help="output format (default: text)")
    p.add_argument("--errors", choices=("stderr", "inline"), default="stderr",
                   help="where error records go: stderr (default), or inline in the "
                   "output in their place")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                   help="worker processes for input read from files or stdin (default 1)")
    p.add_argument("--chunk-size", type=int, default=1000, metavar="LINES",
                   help="lines sent to a worker at a time with --jobs (default 1000)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no summary line and no progress bar")
    p.add_argument("--allow-zone-id", action="store_true",
                   help="accept IPv6 zone identifiers (RFC 6874)")
    p.add_argument("--show-password", action="store_true",
                   help="print passwords as they are (masked as user:*** by default)")


def _canonical_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--keep-fragment", action="store_true", help="keep the fragment")
    p.add_argument("--keep-empty-query", action="store_true",
                   help="keep a '?' with nothing after it")
    p.add_argument("--keep-query-order", action="store_true",
                   help="do not sort the query parameters by key")
    p.add_argument("--drop-tracking", action="store_true",
                   help="remove tracking parameters (utm_*, gclid, fbclid, ...)")
    p.add_argument("--drop-param", action="append", default=[], metavar="PATTERN",
                   help="remove query parameters whose key matches PATTERN (shell "
                   "pattern, e.g. 'sessionid' or 'ref_*'); repeatable")


def _version() -> str:
    """The installed distribution's version (built from ``urikit.__version__``, which
    this layer may not import), or a note that urikit runs from a checkout."""
    try:
        return importlib.metadata.version("urikit")
    except importlib.metadata.PackageNotFoundError:
        return "(not installed: run from a source checkout)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="urikit", description="Strict RFC 3986 URI references, given as arguments "
        "or one a line from files or standard input: explain, validate, normalize, "
        "canonicalize, dedupe, resolve, relativize. Exit status: 0 all good, 1 some "
        "input lines failed, 2 usage error or invalid argument (with a caret under "
        "the error).")
    build = "compiled" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version",
                        version=f"%(prog)s {_version()} ({build})",
                        help="print the installed urikit's version and build (compiled "
                        "by mypyc, or pure Python) and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("explain", help="show the components of URI references")
    _common(p, "URI")
    p.add_argument("--json", action="store_const", const="model", dest="format",
                   help="print each element model as one JSON object a line")
    p = sub.add_parser("validate", help="check URI references; print the valid ones")
    _common(p, "URI")
    p = sub.add_parser("normalize", help="normalize URI references (RFC 3986 §6.2)")
    _common(p, "URI")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="print a JSON list")
    p = sub.add_parser("canonicalize",
                       help="canonical forms for deduplication (normalize + crawler steps)")
    _common(p, "URI")
    _canonical_options(p)
    p = sub.add_parser("dedupe", help="keep the first reference of each canonical form")
    _common(p, "URI")
    _canonical_options(p)
    p.add_argument("--groups", action="store_true",
                   help="print every group instead, as JSON Lines: canonical form, "
                   "line numbers and inputs (memory grows with the input)")
    p = sub.add_parser("resolve", help="resolve references against a base (RFC 3986 §5)")
    p.add_argument("base", metavar="BASE")
    _common(p, "REF")
    p.add_argument("--non-strict", action="store_true",
                   help="read a reference with the base's scheme as relative (§5.2.2)")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="print a JSON list")
    p = sub.add_parser("relative", help="the shortest reference from BASE to each TARGET")
    p.add_argument("base", metavar="BASE")
    _common(p, "TARGET")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="print a JSON list")
    return parser


def _operation(args: argparse.Namespace) -> Operation:
    command = args.command
    options = CanonicalOptions()
    if command in ("canonicalize", "dedupe"):
        options = CanonicalOptions(
            drop_fragment=not args.keep_fragment,
            drop_empty_query=not args.keep_empty_query,
            sort_query=not args.keep_query_order, drop_tracking=args.drop_tracking,
            drop_params=args.drop_param)
        command = "canonicalize"
    return Operation(command, allow_zone_id=args.allow_zone_id,
                     show_password=args.show_password,
                     base=getattr(args, "base", None),
                     strict=not getattr(args, "non_strict", False), options=options)


# --- running -------------------------------------------------------------------------


class _Summary:
    """The counts of a run: lines in = results + errors."""

    def __init__(self) -> None:
        self.lines = self.results = self.errors = self.duplicates = 0
        self.fatal = False


def _total_bytes(names: Sequence[str]) -> int | None:
    """The size of the input, when every input is a regular file (for the ETA)."""
    total = 0
    for name in names:
        try:
            st = os.fstat(sys.stdin.fileno()) if name == "-" else os.stat(name)
        except (OSError, ValueError, AttributeError):
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        total += st.st_size
    return total


@contextlib.contextmanager
def _progress(enabled: bool, total: int | None) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr (tqdm, the ``progress`` extra) when stderr is a
    terminal; nothing otherwise, or when tqdm is not installed."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    try:
        from tqdm import tqdm
    except ImportError:
        yield None
        return
    with tqdm(total=total, unit="B", unit_scale=True, file=sys.stderr,
              desc="urikit", leave=False) as bar:

        def update(n: int) -> None:
            bar.update(n)

        yield update


class _AboveBar:
    """stderr for error records while a progress bar is shown: printed above it."""

    def __init__(self) -> None:
        from tqdm import tqdm

        self._write = tqdm.write

    def write(self, text: str) -> int:
        self._write(text.rstrip("\n"), file=sys.stderr)
        return len(text)

    def flush(self) -> None:
        sys.stderr.flush()


def _sources(args: argparse.Namespace,
             parser: argparse.ArgumentParser) -> tuple[list[str], list[str]]:
    """(references given as arguments, input names): one of them is empty."""
    refs: list[str] = list(args.refs)
    inputs: list[str] = list(args.input)
    if args.jobs < 1 or args.chunk_size < 1:
        parser.error("--jobs and --chunk-size must be at least 1")
    if refs == ["-"]:
        return [], ["-"]
    if "-" in refs:
        parser.error("'-' (standard input) must be the only reference argument; "
                     "use --input - with other inputs, ./- for the reference '-'")
    if refs and inputs:
        parser.error("give references as arguments or with --input, not both")
    if not refs and not inputs:
        parser.error("no reference given: give references, '-' for standard input, "
                     "or --input FILE")
    return refs, inputs


def _check_base(op: Operation) -> bool:
    """Whether the base (resolve, relative) is valid; if not, say why on stderr."""
    if op.base is None:
        return True
    record = process_line(Operation("validate", allow_zone_id=op.allow_zone_id,
                                    show_password=op.show_password), "base", 1, op.base)
    if record.error is not None:
        sys.stderr.write(error_text(record, where=False).replace("urikit: ",
                                                                  "urikit: base: ", 1))
        return False
    return True


def _dedupe(records: Iterator[Record], writer: Writer, summary: _Summary,
            groups: bool, out: TextIO) -> Iterator[Record]:
    """Keep the first record of each canonical form (memory: the distinct forms), or
    collect every group and write them at the end (memory: every line)."""
    if not groups:
        seen: set[str] = set()
        for record in records:
            key = record.key
            if key is not None:
                if key in seen:
                    summary.duplicates += 1
                    continue
                seen.add(key)
            yield record
        return
    found: dict[str, tuple[str, list[int], list[str]]] = {}
    for record in records:
        key = record.key
        if key is None:
            yield record  # an error: written now
            continue
        group = found.get(key)
        if group is None:
            found[key] = (str(record.output), [record.line], [record.input])
        else:
            group[1].append(record.line)
            group[2].append(record.input)
            summary.duplicates += 1
    for shown, lines, inputs in found.values():
        out.write(json.dumps({"canonical": shown, "lines": lines, "inputs": inputs},
                             ensure_ascii=False) + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status: 0 when every reference gave a
    result, 1 when some input lines failed (files, stdin), 2 for a usage error, an
    invalid argument or base, or an unreadable input."""
    parser = _parser()
    args = parser.parse_args(argv)
    refs, inputs = _sources(args, parser)
    op = _operation(args)
    if not _check_base(op):
        return 2
    out, err = sys.stdout, sys.stderr
    fmt: str = args.format
    groups = args.command == "dedupe" and args.groups
    summary = _Summary()
    batch = bool(inputs)

    def unreadable(src: Source, exc: OSError) -> None:
        summary.fatal = True
        err.write(f"urikit: cannot read {src.name}: {exc.strerror or exc}\n")

    with _progress(batch and not args.quiet, _total_bytes(inputs)) as progress:
        writer = Writer(out, _AboveBar() if progress is not None else err,  # type: ignore[arg-type]
                        fmt, inline=args.errors == "inline",
                        with_source=len(inputs) > 1, where=batch,
                        render=_renderer(args.command, op.allow_zone_id))
        if batch:
            records: Iterator[Record] = iter_records(
                op, [Source(name) for name in inputs], jobs=args.jobs,
                chunk_size=args.chunk_size, on_error=unreadable, progress=progress)
        else:
            records = (process_line(op, "argument", k, ref)
                       for k, ref in enumerate(refs, 1))
        if args.command == "dedupe":
            records = _dedupe(records, writer, summary, groups, out)
        try:
            for record in records:
                if record.error is None:
                    summary.results += 1
                else:
                    summary.errors += 1
                writer.write(record)
            writer.close()
        except BrokenPipeError:  # the reader went away (| head): stop quietly
            with contextlib.suppress(OSError, ValueError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
            return 1
    summary.lines = summary.results + summary.duplicates + summary.errors
    if batch and not args.quiet:
        if args.command == "dedupe":
            err.write(f"urikit: {summary.lines} lines, "
                      f"{summary.results + summary.duplicates} results "
                      f"({summary.results} unique, {summary.duplicates} duplicates), "
                      f"{summary.errors} errors\n")
        else:
            err.write(f"urikit: {summary.lines} lines, {summary.results} results, "
                      f"{summary.errors} errors\n")
    if summary.fatal or (summary.errors and not batch):
        return 2
    return 1 if summary.errors else 0
