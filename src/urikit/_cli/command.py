"""The ``urikit`` command line: argument parsing, dispatch and exit codes.

Explain, validate, normalize, canonicalize, dedupe, resolve and relativize URI
references, given as arguments or one a line from files or standard input (see
``docs/cli.md``)."""

from __future__ import annotations

import argparse
import bisect
import contextlib
import dataclasses
import functools
import json
import os
import re
import signal
import stat
import sys
import threading
from collections.abc import Callable, Generator, Iterable, Sequence
from itertools import pairwise
from typing import Final, NoReturn, TextIO, cast

from .._batch.engine import process_line
from .._batch.masking import mask_passwords_in
from .._batch.operations import Command, Operation
from .._batch.operations import (
    element_model as element_model,  # the element model, also for callers of _cli
)
from .._batch.records import BatchRecord as Record
from .._batch.render import Format, caret_lines, error_text
from .._core.build import COMPILED
from .._core.errors import ParseError
from .._model.uri import URI, FrozenURI
from .._web.canonical import CanonicalOptions
from .._whatwg.masking import mask_secrets
from .batch import (
    Chunk,
    Done,
    Job,
    Source,
    WorkerLost,
    map_chunks,
    map_work,
    read_chunks,
)
from .files import overwritten_input
from .output import Stream, why
from .report import Summary
from .tables import (
    DEFAULT_BASE_COLUMN,
    DEFAULT_COLUMN,
    Cells,
    ParquetRun,
    TableError,
    TableReader,
    input_kind,
    output_kind,
    table_chunk,
)

Span = tuple[str, int, int]  # label, start, end (end exclusive)


def spans(uri: URI | FrozenURI) -> list[Span]:
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


def diagram(uri: URI | FrozenURI, indent: int = 2) -> str:
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
    return caret_lines(*mask_secrets(error.text, error.position))


def _input_line(record: Record) -> str:
    return f"{record.input}\n"


def _explain_text(allow_zone_id: bool, lenient: bool, record: Record) -> str:
    """Explain's drawing: the components under the text that was read, which under
    ``--lenient`` is the repaired text (the line as given may be no URI at all)."""
    assert isinstance(record.output, dict)
    # explain's output is the element model, a dict[str, object] (batch.py's _apply)
    model = cast("dict[str, object]", record.output)
    if lenient:
        uri = URI.parse_lenient(record.input)
    else:
        uri = URI.parse(record.input, allow_zone_id=allow_zone_id)
    return diagram(uri) + "\n\n" + table(model) + "\n"


def _renderer(command: str, allow_zone_id: bool,
              lenient: bool = False) -> Callable[[Record], str] | None:
    """How a result shows in text (a module-level function or a partial of one, so
    that it pickles to the worker processes): explain draws, dedupe prints the kept
    line as written, the others print their output."""
    if command == "dedupe":
        return _input_line
    if command == "explain":
        return functools.partial(_explain_text, allow_zone_id, lenient)
    return None


# --- arguments ---------------------------------------------------------------------


def _common(p: argparse.ArgumentParser, refs: str) -> None:
    p.add_argument("refs", nargs="*", metavar=refs,
                   help="references; a lone '-' reads them from standard input, one a "
                   "line, as does no reference with standard input a pipe or a file")
    p.add_argument("-i", "--input", action="append", default=[], metavar="FILE",
                   help="read references from FILE, one a line ('-': standard input); "
                   "repeatable")
    p.add_argument("--format", choices=("text", "jsonl", "csv", "parquet"), default=None,
                   help="output format (default: parquet when --output ends with "
                   ".parquet, text otherwise); parquet also reads the input as Parquet")
    p.add_argument("-o", "--output", metavar="FILE",
                   help="write the output to FILE instead of standard output")
    p.add_argument("--input-format", choices=("lines", "csv", "parquet"), default=None,
                   help="how the input files are read: one reference a line, a CSV "
                   "file with a header, or Parquet (default: by the name's extension, "
                   ".csv or .parquet; else parquet with --format parquet, lines "
                   "otherwise)")
    p.add_argument("--column", metavar="NAME", default=None,
                   help="the column of a CSV or Parquet input holding the references "
                   "(default: url)")
    p.add_argument("--errors", default="stderr", metavar="stderr|inline|FILE",
                   help="where error records go: stderr (default, for people), inline "
                   "in the output in their place, or into FILE (in the output's format; "
                   "write ./inline for a file of that name)")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N",
                   help="worker processes for input read from files or stdin (default 1)")
    p.add_argument("--chunk-size", type=int, default=4000, metavar="LINES",
                   help="lines sent to a worker at a time with --jobs (default 4000)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="no summary line and no progress bar")
    p.add_argument("--allow-zone-id", action="store_true",
                   help="accept IPv6 zone identifiers (RFC 6874)")
    p.add_argument("--show-password", action="store_true",
                   help="print passwords and secret query values as they are in "
                        "what people read: records and error messages (masked as "
                        "user:*** and token=*** by default; a Parquet output's data "
                        "columns keep them always)")
    p.add_argument("--lenient", action="store_true",
                   help="read each reference as URI.parse_lenient does (as browsers "
                   "read it); jsonl and csv records list what was repaired")
    if refs == "URI":  # a relative reference of a pair is read against its base
        p.add_argument("--default-scheme", metavar="SCHEME", default="",
                       help="read a reference without a scheme (www.site.com/path, as "
                       "web logs hold them) with SCHEME://, leniently (implies "
                       "--lenient)")


def _base_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("base", metavar="BASE", nargs="?",
                   help="the base; without it (or with '-' alone: standard input) each "
                   "line is a pair, base<TAB>reference, or --base-column and --column "
                   "name two columns of a CSV or Parquet input")
    p.add_argument("--base-column", metavar="NAME", default=None,
                   help="the column of a CSV or Parquet input holding each row's base "
                   "(default: base), when no BASE is given")


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
    p.add_argument("--form-query", action="store_true",
                   help="read the query as a form (application/x-www-form-urlencoded): "
                   "'+' and '%%20' are one, written '+'")


def _version() -> str:
    """The installed distribution's version (built from ``urikit.__version__``, which
    this layer may not import), or a note that urikit runs from a checkout."""
    import importlib.metadata  # about 30 ms of imports: only for --version

    try:
        return importlib.metadata.version("urikit")
    except importlib.metadata.PackageNotFoundError:
        return "(not installed: run from a source checkout)"


class _VersionAction(argparse.Action):
    """``--version``: print the version and the build, and exit. argparse's own action
    takes the text when the parser is made, which would read the installed metadata on
    every run; this one reads it only when ``--version`` is given."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: str = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=default, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> NoReturn:
        build = "compiled" if COMPILED else "pure Python"
        sys.stdout.write(f"{parser.prog} {_version()} ({build})\n")  # as argparse's does
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse, with every password in a usage error masked (the message may quote
    any argument)."""

    def error(self, message: str) -> NoReturn:
        super().error(mask_passwords_in(message))


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="urikit", description="Strict RFC 3986 URI references, given as arguments "
        "or one a line from files or standard input: explain, validate, normalize, "
        "canonicalize, dedupe, resolve, relativize. Exit status: 0 all good, 1 some "
        "input lines failed, 2 usage error, invalid argument (with a caret under the "
        "error) or unreadable input, 3 could not write results or error records, 4 a "
        "worker process was lost, 130 interrupted (^C), 143 terminated (SIGTERM).")
    parser.add_argument("--version", action=_VersionAction,
                        help="print the installed urikit's version and build (compiled "
                        "by mypyc, or pure Python) and exit")
    sub = parser.add_subparsers(dest="command")  # none: the help (see main)
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
    _base_argument(p)
    _common(p, "REF")
    p.add_argument("--non-strict", action="store_true",
                   help="read a reference with the base's scheme as relative (§5.2.2)")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="print a JSON list")
    p = sub.add_parser("relative", help="the shortest reference from BASE to each TARGET")
    _base_argument(p)
    _common(p, "TARGET")
    p.add_argument("--json", action="store_const", const="json", dest="format",
                   help="print a JSON list")
    for command, what in _DATA_COMMANDS.items():  # the table's, as every front end has
        p = sub.add_parser(command.value.replace("_", "-"), help=what)
        _common(p, "PARTS" if command is Command.BUILD else "URI")
        if command.argument:
            p.add_argument(f"--{command.argument}", required=True, dest="argument",
                           metavar=command.argument.upper(),
                           help=f"the {command.argument} ({what})")
        if command in _CHARSET_COMMANDS:
            p.add_argument("--charset", default="utf-8", metavar="NAME",
                           help="the charset of the query's percent-encoded octets "
                           "(default utf-8; windows-1251, shift_jis, gbk...): octets it "
                           "does not decode are an error")
    return parser


#: The operations of the table that are data (one value a line: text, or JSON for a
#: list, a struct or a flag), each a command of its name with "-" for "_".
_DATA_COMMANDS: Final = {
    Command.HOST: "the host of each reference, as written",
    Command.COMPONENTS: "the seven components, wire text (JSON)",
    Command.DECODED: "the seven components as plain text, decoded once (JSON)",
    Command.SEGMENTS: "the path segments, decoded once (JSON list)",
    Command.HOST_LABELS: "the host's labels, decoded (JSON list)",
    Command.QUERY_PARAM: "the first value of the query parameter KEY",
    Command.QUERY_VALUES: "every value of the query parameter KEY (JSON list)",
    Command.QUERY_PAIRS: "the query's key/value pairs (JSON list)",
    Command.REGISTRABLE_DOMAIN: "the host's registrable domain (the Public Suffix List)",
    Command.PUBLIC_SUFFIX: "the host's public suffix (the Public Suffix List)",
    Command.SUBDOMAIN: "the host's labels before its registrable domain",
    Command.IN_DOMAIN: "whether the host is DOMAIN or a subdomain of it (true, false)",
    Command.BUILD: "a URL from the parts of each line, a JSON object: scheme, host, "
                   "port, segments, query, fragment, each encoded for its place once",
}
#: The operations that decode a query, and take its charset.
_CHARSET_COMMANDS: Final = frozenset({Command.DECODED, Command.QUERY_PARAM,
                                      Command.QUERY_VALUES, Command.QUERY_PAIRS})


#: The command line's advice for a line refused that ``--lenient`` would read, in
#: place of the library's (which names Python calls: ``URI.from_iri``, ``LenientURI``).
LENIENT_HINT: Final = "--lenient reads it as a browser does"


def _operation(args: argparse.Namespace, fmt_name: str = "text") -> Operation:
    """The operation the arguments ask for. The ``--lenient`` advice goes only into
    text written for people (the text format): a table, CSV or JSON Lines holds the
    same error columns as every other front end (Dask, DuckDB, Polars, pandas)."""
    command = args.command
    if command == "build" and args.lenient:
        raise ValueError("build reads the parts of a URL, not a URL: --lenient does not "
                         "apply")
    options = CanonicalOptions()
    if command in ("canonicalize", "dedupe"):
        options = CanonicalOptions(
            drop_fragment=not args.keep_fragment,
            drop_empty_query=not args.keep_empty_query,
            sort_query=not args.keep_query_order, drop_tracking=args.drop_tracking,
            drop_params=args.drop_param, form_query=args.form_query)
        command = "canonicalize"
    return Operation(Command(command.replace("-", "_")), allow_zone_id=args.allow_zone_id,
                     show_password=args.show_password,
                     base=getattr(args, "base", None),
                     strict=not getattr(args, "non_strict", False), options=options,
                     lenient=args.lenient,
                     lenient_hint=LENIENT_HINT if fmt_name == "text" else "",
                     argument=getattr(args, "argument", ""),
                     default_scheme=getattr(args, "default_scheme", ""),
                     charset=getattr(args, "charset", "utf-8"))


# --- running -------------------------------------------------------------------------

#: Exit statuses (docs/cli.md lists them): the most serious one that happened wins.
EXIT_OK: Final = 0
EXIT_LINES_FAILED: Final = 1
EXIT_USAGE: Final = 2  # usage error, invalid argument or base, unreadable input
EXIT_WRITE: Final = 3  # results or error records could not be written
EXIT_WORKER_LOST: Final = 4
EXIT_INTERRUPTED: Final = 130  # ^C: 128 + SIGINT, as shells report it
EXIT_TERMINATED: Final = 143  # 128 + SIGTERM


class _Terminated(BaseException):
    """SIGTERM arrived: stop as ^C does."""


#: Where a record for people starts in the text of several (caret lines start with spaces).
_RECORD_START_RE: Final = re.compile("(?m)^(?=urikit: )")
#: The error records a terminal shows above a progress bar; the others are counted
#: (the summary says how many, and ``--errors FILE`` keeps every one).
SHOWN_ERRORS: Final = 10


class _AboveBar:
    """Errors for people while a progress bar is shown: the first
    :data:`SHOWN_ERRORS` printed above the bar, the others counted in
    :attr:`hidden`, so that they do not flood the screen."""

    def __init__(self, stream: Stream) -> None:
        from tqdm import tqdm

        self._write = tqdm.write
        self.stream = stream
        self.name = stream.name
        self.shown = 0
        self.hidden = 0

    def write_records(self, chunks: Sequence[str]) -> bool:
        """Print the records of ``chunks`` (a worker joins its records for people, each
        starting a line with ``urikit: ``) above the bar while fewer than
        :data:`SHOWN_ERRORS` have been; count the others."""
        room = SHOWN_ERRORS - self.shown
        if room <= 0:  # the common case of a long run: only counted
            self.hidden += sum(text.count("\nurikit: ") + text.startswith("urikit: ")
                               for text in chunks)
            return not self.stream.failed
        records = [r for text in chunks for r in _RECORD_START_RE.split(text) if r]
        self.shown += min(room, len(records))
        self.hidden += max(len(records) - room, 0)
        return self.write("".join(records[:room]))

    @property
    def failed(self) -> str:
        """Why writing failed, or ``""``."""
        return self.stream.failed

    def write(self, text: str) -> bool:
        """Print ``text`` above the bar."""
        if not text or self.stream.failed:
            return not self.stream.failed
        try:
            self._write(text.rstrip("\n"), file=self.stream.stream)
        except (OSError, ValueError) as exc:
            self.stream.failed = why(exc)
            return False
        return True

    def flush(self) -> bool:
        """Flush the stream under the bar."""
        return self.stream.flush()


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


def _stdout_is_terminal() -> bool:
    """Whether the results go to a terminal (where a bar on stderr shares their lines)."""
    try:
        return sys.stdout is not None and sys.stdout.isatty()
    except (OSError, ValueError):  # closed
        return False


@contextlib.contextmanager
def _progress(enabled: bool,
              total: int | None) -> Generator[Callable[[int], None] | None, None, None]:
    """A progress bar on stderr (tqdm, the ``progress`` extra) when stderr is a
    terminal; nothing otherwise, or when tqdm is not installed."""
    if not enabled or sys.stderr is None or not sys.stderr.isatty():
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
        if not _stdin_is_terminal():  # a pipe or a file: read as '-' would
            return [], ["-"]
        # a terminal: no silent wait for typing that nobody announced
        parser.error("no reference given: give references, pipe them in (or '-' "
                     "reads them from the terminal), or --input FILE")
    return refs, inputs


def _stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (or closed: nothing to read either)."""
    try:
        return sys.stdin is None or sys.stdin.isatty()
    except (OSError, ValueError):  # closed
        return True


def _check_base(op: Operation, err: Stream) -> bool:
    """Whether the base (resolve, relative) is valid; if not, say why on stderr."""
    if op.base is None:
        return True
    record = process_line(Operation(Command.VALIDATE, allow_zone_id=op.allow_zone_id,
                                    show_password=op.show_password, lenient=op.lenient,
                                    lenient_hint=LENIENT_HINT),  # said on stderr
                          "base", 1, op.base)
    if record.error is not None:
        err.write(error_text(record, where=False).replace("urikit: ", "urikit: base: ", 1))
        return False
    return True


class _Run:
    """One run of a command over its lines: writes each chunk's results where they go,
    deduplicates, counts."""

    def __init__(self, fmt: Format, out: Stream, errors: Stream | _AboveBar,
                 dedupe: bool, groups: bool) -> None:
        self.fmt = fmt
        self.out = out
        self.errors = errors
        self.summary = Summary()
        self.dedupe = dedupe
        self.seen: set[str] = set()
        self.groups: dict[str, tuple[str, list[int], list[str]]] | None = (
            {} if groups else None)
        self.first = True
        self.lost_errors = False
        self.sent_errors = False  # whether any error record was given to ``errors``

    def write_out(self, items: list[str]) -> bool:
        """Write the items; whether they were written."""
        if not items:
            return not self.out.failed
        sep = self.fmt.separator
        if self.out.boundary:  # each record a line: the stream finds their ends
            text = sep.join(items)
            if sep and not self.first:
                text = sep + text
            self.first = False
            return self.out.write(text)
        # records no byte marks (explain's drawings, a JSON list's items, each with the
        # separator before it): given one by one, each written whole or not at all
        records = [sep + item for item in items] if sep else items
        if sep and self.first:
            records[0] = items[0]
        self.first = False
        return self.out.write_records(records)

    def take(self, done: Done) -> None:
        """Deduplicate, write and count a processed chunk: the summary counts a chunk's
        records once they are written (a write that fails or is interrupted counts
        none of them)."""
        summary = Summary()
        items = done.out
        keys = done.keys
        error_at = done.error_at  # which items are inline errors
        if keys is not None:
            seen = self.seen
            before = len(seen)
            # The keys of a chunk are distinct (the worker drops its repeats): a chunk
            # of only new keys, or of only keys seen before, is settled by one set
            # operation in C; a mixed one (or one with inline errors, key None) line
            # by line.
            if done.errors and self.fmt.inline:  # an inline error's key is None
                items, error_at = self._new_items(done.out, keys)
            elif seen.isdisjoint(keys):
                seen.update(cast("list[str]", keys))  # no None: tested above
            elif seen.issuperset(keys):
                items = []
            else:
                items, error_at = self._new_items(done.out, keys)
            # the repeats inside the chunk never came; the others were just skipped
            summary.duplicates += done.results - (len(seen) - before)
        if done.groups is not None and self.groups is not None:
            found = self.groups
            for key, line, shown_input, shown in done.groups:
                group = found.get(key)
                if group is None:
                    found[key] = (shown, [line], [shown_input])
                else:
                    group[1].append(line)
                    group[2].append(shown_input)
                    summary.duplicates += 1
        try:
            written = self.write_out(items)
        except BaseException:  # ^C, SIGTERM: count the records that went out
            self._count_cut(error_at)
            raise
        if not written:  # a full disk, a broken pipe: count the records that went out
            self._count_cut(error_at)
            return
        total = self.summary
        total.results += done.results
        total.duplicates += summary.duplicates
        if done.err:
            self.sent_errors = True
            try:
                errors = self.errors
                written = (errors.write_records(done.err) if isinstance(errors, _AboveBar)
                           else errors.write("".join(done.err)))
            except BaseException:  # ^C, SIGTERM: count the error records written
                total.errors += self._errors_cut()
                raise
            if not written:  # counted: those that went out before the failed write
                self.lost_errors = True
                total.errors += self._errors_cut()
                return
        total.errors += done.errors

    def _errors_cut(self) -> int:
        """The error records of an interrupted or failed write that went out whole."""
        errors = self.errors
        return errors.cut_count() if isinstance(errors, Stream) else 0

    def _count_cut(self, error_at: Sequence[int]) -> None:
        """Count the records of an interrupted or failed write that went out whole (a
        record a line: the lines of :attr:`Stream.cut`; otherwise
        :attr:`Stream.cut_records`); ``error_at``: which of them are inline errors."""
        out = self.out
        records = out.cut_count() if out.boundary else out.cut_records
        errors = bisect.bisect_left(error_at, records)
        self.summary.results += records - errors
        self.summary.errors += errors

    def _new_items(self, out: list[str],
                   keys: list[str | None]) -> tuple[list[str], list[int]]:
        """The items whose key was not seen before (an inline error, key ``None``,
        always), each key marked seen; and which of them are inline errors."""
        seen = self.seen
        add = seen.add
        items: list[str] = []
        error_at: list[int] = []
        append = items.append
        for text, key in zip(out, keys, strict=True):
            if key in seen:  # never None
                continue
            if key is not None:
                add(key)
            else:
                error_at.append(len(items))
            append(text)
        return items, error_at

    def write_groups(self) -> None:
        """``dedupe --groups``: every group, in the order of its first line."""
        if self.groups is None:
            return
        for shown, lines, inputs in self.groups.values():
            if not self.out.write(json.dumps({"canonical": shown, "lines": lines,
                                              "inputs": inputs}, ensure_ascii=False)
                                  + "\n"):
                return


def _open_errors(target: str, parser: argparse.ArgumentParser) -> TextIO | None:
    """The file of ``--errors FILE``, or ``None`` for stderr and inline."""
    if target in ("stderr", "inline"):
        return None
    try:
        return open(target, "w", encoding="utf-8", newline="")
    except OSError as exc:
        parser.error(f"cannot write the errors to {target}: {exc.strerror or exc}")


class _Signals:
    """^C and SIGTERM during a run: each raises in the main thread, and is also
    remembered, so that one raised where Python must ignore it (in a finalizer run
    by the garbage collector, in a callback of the pool's machinery) still stops the
    run at the next chunk."""

    def __init__(self) -> None:
        self.caught = 0
        self.saved: list[tuple[int, object]] = []
        self.deferred = False  # a writer is between a write and its count

    def __enter__(self) -> _Signals:
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGINT, signal.SIGTERM):
                self.saved.append((signum, signal.getsignal(signum)))
                signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self.saved:
            signal.signal(signum, handler)  # type: ignore[arg-type]

    def _handle(self, signum: int, frame: object) -> None:
        self.caught = signum
        if not self.deferred:
            self.check()

    def check(self) -> None:
        """Raise for a signal caught."""
        if self.caught == signal.SIGINT:
            raise KeyboardInterrupt
        if self.caught == signal.SIGTERM:
            raise _Terminated


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (see ``EXIT_*``): 0 when every
    reference gave a result, 1 when some input lines failed, 2 for a usage error, an
    invalid argument or base, or an unreadable input, 3 when results or error records
    could not be written, 4 when a worker process was lost, 130 after ^C, 143 after
    SIGTERM. Bare ``urikit`` prints the help, with status 0."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:  # bare urikit: what it does, not what it lacks
        parser.print_help()
        return EXIT_OK
    plan = _plan(args, parser)
    # an error record for people starts with "urikit: ", at the start of a line
    err = Stream(sys.stderr, "standard error", b"\nurikit: ", 1)
    op = _checked_operation(plan, err)
    if op is None:
        return EXIT_USAGE
    return _run(dataclasses.replace(plan, op=op), parser, err)


@dataclasses.dataclass(frozen=True)
class _Plan:
    """What a run reads, does and writes, settled from its arguments (every usage
    check made, nothing opened yet)."""

    args: argparse.Namespace
    refs: list[str]  # references given as arguments (no inputs then)
    inputs: list[str]  # input names, '-' for standard input (no refs then)
    fmt_name: str  # the output's format
    table: TableReader | None  # the CSV or Parquet input, if the input is one
    op: Operation

    @property
    def batch(self) -> bool:
        """Whether the references are read from inputs (not arguments)."""
        return bool(self.inputs)

    @property
    def dedupe(self) -> bool:
        """Whether the command is ``dedupe``."""
        return bool(self.args.command == "dedupe")


def _plan(args: argparse.Namespace, parser: argparse.ArgumentParser) -> _Plan:
    """The run's inputs, formats and operation: a usage error (status 2, through
    ``parser``) for any that cannot go together."""
    if getattr(args, "base", None) == "-" and not args.refs:  # pairs on standard input
        args.base, args.refs = None, ["-"]
    refs, inputs = _sources(args, parser)
    fmt_name = output_kind(args.format, args.output)
    table = _table_input(args, inputs, fmt_name, parser)
    try:
        op = _operation(args, fmt_name)
    except ValueError as exc:  # an unknown --charset, a --default-scheme that is none
        parser.error(str(exc))
    return _Plan(args, refs, inputs, fmt_name, table, op)


def _checked_operation(plan: _Plan, err: Stream) -> Operation | None:
    """The operation once its base is checked (``None``: invalid, said on ``err``)
    and read as the references are, unless the run would write over one of its
    inputs (``None``, said on ``err``)."""
    op = plan.op
    if not _check_base(op, err):
        return None
    args = plan.args
    outputs = [] if args.errors in ("stderr", "inline") else [("--errors", args.errors)]
    if args.output is not None:
        outputs.append(("--output", args.output))
    clash = overwritten_input(plan.inputs, outputs, stdout=args.output is None)
    if clash is not None:
        err.write(f"urikit: {clash}\n")
        return None
    return _lenient_base(op)


def _run(plan: _Plan, parser: argparse.ArgumentParser, err: Stream) -> int:
    """Open the output and the error file, run, close them; the exit status."""
    signals = _Signals()
    with contextlib.ExitStack() as files:
        # ^C and SIGTERM are the run's from the first file it writes until it
        # returns: raised while it reads and writes, marked while it finishes (the
        # last row group and footer, the summary), so never a traceback
        files.callback(signals.__exit__)
        signals.__enter__()
        status = EXIT_USAGE
        try:
            try:
                out = _open_output(plan.args, plan.fmt_name, plan.table, plan.op, files)
            except TableError as exc:  # its column names may be URIs
                err.write(f"urikit: {mask_passwords_in(str(exc))}\n")
                return EXIT_USAGE
            error_file = _open_errors(plan.args.errors, parser)
            try:
                status = _Session(plan, out, err, error_file, signals).run()
            finally:
                signals.deferred = True
                status = _close(out, err, status)
                status = _close_errors(error_file, plan.args.errors, err, status)
        except (KeyboardInterrupt, _Terminated):  # before the run read its first line
            signals.deferred = True
            err.write(f"urikit: stopped: {_stop_reason(signals.caught)[0]}, before "
                      "the first line\n")
    if signals.caught and status < 100:  # late: the output is whole, the status says
        status = _stop_reason(signals.caught)[1]
    return status


def _close_errors(error_file: TextIO | None, name: str, err: Stream, status: int) -> int:
    """Close the ``--errors`` file; the status, 3 if its last flush failed."""
    if error_file is None:
        return status
    try:
        error_file.close()
    except (OSError, ValueError) as exc:
        # what the last flush could not write: reported (once), never a traceback
        if status != EXIT_WRITE:
            err.write(f"urikit: could not write the error records to {name} "
                      f"({why(exc)})\n")
        return max(status, EXIT_WRITE) if status < 100 else status
    return status


def _stop_reason(signum: int) -> tuple[str, int]:
    """What stopped a run, and its exit status."""
    if signum == signal.SIGTERM:
        return "terminated", EXIT_TERMINATED
    return "interrupted", EXIT_INTERRUPTED


def _table_input(args: argparse.Namespace, inputs: list[str], fmt_name: str,
                 parser: argparse.ArgumentParser) -> TableReader | None:
    """The CSV or Parquet input, if the input is one (not yet opened: see
    :func:`_open_output`), after the checks that make the rest a usage error."""
    kinds = [input_kind(name, args.input_format, args.format) for name in inputs]
    if args.command == "build":  # each line a JSON object: JSON Lines are its lines
        kinds = ["lines" if kind == "jsonl" else kind for kind in kinds]
    for name, kind in zip(inputs, kinds, strict=True):
        if kind == "jsonl":  # by its name: no reader of JSON Lines
            parser.error(f"cannot read {name} as JSON Lines: the input formats are "
                         "lines, csv and parquet (--input-format lines reads each "
                         "line as a reference)")
    pairs = args.command in ("resolve", "relative") and args.base is None
    if getattr(args, "base_column", None) is not None and not pairs:
        parser.error("--base-column names the base's column when no BASE is given")
    if all(kind == "lines" for kind in kinds):
        if args.column is not None or getattr(args, "base_column", None) is not None:
            parser.error("--column and --base-column need a CSV or Parquet input "
                         "(a .csv or .parquet file, or --input-format)")
        if fmt_name == "parquet":
            parser.error("Parquet output needs a CSV or Parquet input (a .csv or "
                         ".parquet file, or --input-format)")
        return None
    if len(inputs) > 1:
        parser.error("a CSV or Parquet input must be the only input")
    if inputs[0] == "-":
        parser.error("a CSV or Parquet input must be a file, not standard input")
    if fmt_name == "parquet":
        if args.output is None:
            parser.error("Parquet output needs --output FILE")
        if args.errors != "stderr":
            parser.error("Parquet output holds the errors in its urikit_error column: "
                         "no --errors")
        if args.command == "dedupe" and args.groups:
            parser.error("dedupe --groups writes JSON Lines, not Parquet")
    base_column = (args.base_column or DEFAULT_BASE_COLUMN) if pairs else None
    return TableReader(inputs[0], kinds[0], args.column or DEFAULT_COLUMN, base_column,
                       args.chunk_size, fmt_name == "parquet")


def _open_output(args: argparse.Namespace, fmt_name: str, table: TableReader | None,
                 op: Operation, files: contextlib.ExitStack) -> Stream | ParquetRun:
    """Open the table input and the output (after every check): standard output, the
    file of ``--output``, or a Parquet writer."""
    if table is not None:
        files.callback(table.close)  # also when open() refuses the file's columns
        table.open()
    if fmt_name == "parquet":
        assert table is not None
        run = ParquetRun(table, args.output, args.command == "dedupe")
        run.open(op.lenient)
        return run
    # each record a line: written to a pipe, record by record (output.Stream)
    lines = fmt_name in ("jsonl", "csv", "model") or (
        fmt_name == "text" and args.command != "explain")
    boundary = b"\n" if lines else b""
    if args.output is None:  # the others (explain's drawings, a JSON list) record by record
        return Stream(sys.stdout, "standard output", boundary, 1, records=not lines)
    try:
        stream: TextIO = files.enter_context(
            open(args.output, "w", encoding="utf-8", newline=""))  # noqa: SIM115
    except OSError as exc:
        raise TableError(f"cannot write {args.output}: {exc.strerror or exc}") from None
    # a regular file, a pipe: record by record, a record a full disk cut taken off
    return Stream(stream, args.output, boundary, 1, records=not lines)


def _close(out: Stream | ParquetRun, err: Stream, status: int) -> int:
    """Close a Parquet output (its footer) or flush a file; the status, 3 if that
    failed."""
    if isinstance(out, ParquetRun):
        out.close()
    elif out.name != "standard output":
        out.flush()
    if out.failed and status < EXIT_WRITE:  # not reported yet
        err.write(f"urikit: could not write to {out.name} ({out.failed})\n")
        return EXIT_WRITE
    return status


def _lenient_base(op: Operation) -> Operation:
    """With ``--lenient``, the base is read as the references are (a valid base, as
    :func:`_check_base` found, is repaired to RFC 3986 text)."""
    if not op.lenient or op.base is None:
        return op
    from .._interop.lenient import repair

    return dataclasses.replace(op, base=repair(op.base).text)


def _record_format(plan: _Plan, to_file: bool) -> Format:
    """How the records of the run are written (``to_file``: error records go to an
    ``--errors`` file)."""
    args, op, fmt_name = plan.args, plan.op, plan.fmt_name
    separator = ", " if fmt_name == "json" else (
        "\n" if fmt_name == "text" and args.command == "explain" else "")
    # errors sent to a file are records in the output's format (people's text for text)
    errors_as = fmt_name if to_file and fmt_name in ("jsonl", "csv") else ""
    return Format(fmt_name, separator, inline=args.errors == "inline",
                  with_source=len(plan.inputs) > 1, where=plan.batch,
                  lenient=op.lenient and fmt_name in ("jsonl", "csv"),
                  render=_renderer(args.command, op.allow_zone_id, op.lenient),
                  errors_as=errors_as)


def _chunks(plan: _Plan, unreadable: Callable[[Source, OSError], None]) -> Iterable[Chunk]:
    """The references in chunks: a table's rows, the inputs' lines, or the arguments."""
    if plan.table is not None:
        return plan.table.chunks()
    if plan.batch:
        return read_chunks([Source(name) for name in plan.inputs], plan.args.chunk_size,
                           unreadable)
    return [Chunk("argument", 1, plan.refs)]


class _Session:
    """One run, from its opened output to its exit status: the records written as the
    chunks come back (:meth:`pump`), the streams wound up whatever stopped it
    (:meth:`wind_up`), the summary and the status (:meth:`report`)."""

    def __init__(self, plan: _Plan, out: Stream | ParquetRun, err: Stream,
                 error_file: TextIO | None, signals: _Signals) -> None:
        self.plan = plan
        self.out = out
        self.err = err
        self.error_file = error_file
        self.signals = signals
        self.fmt = _record_format(plan, error_file is not None)
        self.errors: Stream | _AboveBar = err
        self.opened = False  # whether the header went out (a JSON list's "[")

    def run(self) -> int:
        """Process every chunk and write the records; the exit status."""
        plan, fmt, signals = self.plan, self.fmt, self.signals
        groups = plan.dedupe and plan.args.groups
        job = Job(plan.op, fmt, keys=plan.dedupe and not groups, groups=groups)
        batch = plan.batch
        # no bar when the results go to the same terminal: they would run into its line
        on_screen = plan.args.output is None and _stdout_is_terminal()
        with _progress(batch and not plan.args.quiet and not on_screen,
                       _total_bytes(plan.inputs)) as progress:
            self.errors = self._error_stream(progress is not None)
            out = self.out
            run = out if isinstance(out, ParquetRun) else _Run(
                fmt, out, self.errors, plan.dedupe, groups)
            unreadable = functools.partial(_unreadable, run.summary, self.err)
            chunks = _chunks(plan, unreadable)
            jobs = plan.args.jobs if batch else 1
            dones: Generator[Done | Cells, None, None] = (
                map_work(table_chunk, job, chunks, jobs, guard=signals)
                if isinstance(run, ParquetRun)
                else map_chunks(job, chunks, jobs, guard=signals))
            self._guard(signals)
            try:
                stopped, status = self.pump(run, dones, progress)
            finally:
                self.wind_up(run, dones)
        return self.report(run, stopped, status)

    def _error_stream(self, bar: bool) -> Stream | _AboveBar:
        """Where error records for people go: standard error (above the progress
        ``bar`` if one is shown) or the ``--errors`` file."""
        if self.error_file is None:
            return _AboveBar(self.err) if bar else self.err
        errors_as = self.fmt.errors_as
        # a record a line (jsonl, csv), or for people: each starts with "urikit: "
        errors = Stream(self.error_file, self.plan.args.errors,
                        b"\n" if errors_as else b"\nurikit: ", 1)
        if errors_as:
            errors.write(self.fmt.header())
        return errors

    def _guard(self, guard: _Signals | None) -> None:
        """Let the streams' writes raise for a signal (``guard``), or not (``None``)."""
        for stream in (self.out, self.err, self.errors):
            if isinstance(stream, (Stream, ParquetRun)):
                stream.guard = guard

    def pump(self, run: _Run | ParquetRun, dones: Iterable[Done | Cells],
             progress: Callable[[int], None] | None) -> tuple[str, int]:
        """Write the header, then each processed chunk as it comes, then the groups;
        what stopped it (``""`` for nothing) and the status so far."""
        out, signals = self.out, self.signals
        try:
            self.opened = out.write(self.fmt.header())
            for done in dones:
                signals.check()
                if isinstance(run, ParquetRun):
                    assert isinstance(done, Cells)
                    run.take(done)
                    signals.check()  # one caught while the rows were taken
                else:
                    assert isinstance(done, Done)
                    run.take(done)
                    if progress is not None:
                        progress(done.size)
                if out.failed:
                    break
            signals.check()
            run.write_groups()
        except KeyboardInterrupt:
            return "interrupted", EXIT_INTERRUPTED
        except _Terminated:
            return "terminated", EXIT_TERMINATED
        except WorkerLost as exc:
            return str(exc), EXIT_WORKER_LOST
        return "", EXIT_OK

    def wind_up(self, run: _Run | ParquetRun,
                dones: Generator[Done | Cells, None, None]) -> None:
        """Stop the workers and end the output, stopped or not: a Parquet file with
        its footer, a JSON list closed after its last whole item, everything flushed."""
        out = self.out
        try:
            dones.close()
        except (KeyboardInterrupt, _Terminated):
            dones.close()
        if isinstance(out, ParquetRun):  # its last row group and footer, a signal
            out.close()  # deferred: stopped or not, the file ends readable
        self.signals.deferred = True  # from here a signal marks itself (see main)
        self._guard(None)  # the summary is written after the stop
        if self.opened:  # stopped or not: a JSON list closed after its last whole item
            out.write(self.fmt.footer())
        out.flush()
        if not self.errors.flush() and run.sent_errors:
            run.lost_errors = True

    def report(self, run: _Run | ParquetRun, stopped: str, status: int) -> int:
        """Write the summary (or why the run stopped) on standard error; the exit
        status."""
        plan, out, err = self.plan, self.out, self.err
        if not stopped and self.signals.caught:  # during the last row group or footer
            stopped, status = _stop_reason(self.signals.caught)
        summary = run.summary
        if out.failed:
            if not stopped:
                status = EXIT_WRITE
            stopped = stopped or f"could not write to {out.name} ({out.failed})"
            if plan.args.output is None:  # standard output: no more writes or flush
                with contextlib.suppress(OSError, ValueError, AttributeError):
                    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        errors = self.errors
        if isinstance(errors, _AboveBar) and errors.hidden:
            err.write(f"urikit: {errors.hidden} more error records not shown (the first "
                      f"{SHOWN_ERRORS} are above; --errors FILE keeps every one)\n")
        if stopped:
            err.write(f"urikit: stopped: {stopped}, after {summary.text(plan.dedupe)}\n")
        elif plan.batch and not plan.args.quiet:
            err.write(f"urikit: {summary.text(plan.dedupe)}\n")
        if status:
            return status
        if run.lost_errors:
            if self.errors.name != err.name:  # a file: say so where people look
                err.write(f"urikit: could not write the error records to "
                          f"{self.errors.name} ({self.errors.failed})\n")
            return EXIT_WRITE
        if summary.fatal or (summary.errors and not plan.batch):
            return EXIT_USAGE
        return EXIT_LINES_FAILED if summary.errors else EXIT_OK


def _unreadable(summary: Summary, err: Stream, src: Source, exc: OSError) -> None:
    """An input that cannot be read: said on standard error; the run ends with 2."""
    summary.fatal = True
    err.write(f"urikit: cannot read {src.name}: {exc.strerror or exc}\n")
