"""The streaming batch engine behind the command line and the Dask functions.

One reference a line goes in, one record a line comes out, in input order and in
constant memory:

* :func:`process_line` is the one home of the per-line work: it decodes a line read as
  bytes (line end, a UTF-8 BOM on line 1, undecodable bytes), applies an
  :class:`Operation` and returns a :class:`Record`, a result or an error, never an
  exception. The command line, ``--jobs`` workers and :mod:`urikit.distributed` all
  call it.
* :func:`read_sources` reads files or standard input as bytes, line by line.
* :func:`run` maps the operation over the lines, in this process or in a pool of
  processes (``Pool.imap`` over chunks, with a bound on the chunks in flight, so the
  order is kept and memory does not grow with the input).
* :class:`Writer` writes records as text, JSON Lines or CSV.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import multiprocessing
import re
import sys
import threading
import unicodedata
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import BinaryIO, Final, NamedTuple, TextIO

from .._core.errors import ParseError, URIError
from .._model.uri import URI
from .._web.canonical import CanonicalOptions, canonical_uri

BOM: Final = b"\xef\xbb\xbf"
COMMANDS: Final = ("normalize", "validate", "explain", "resolve", "relative",
                   "canonicalize")
FORMATS: Final = ("text", "jsonl", "csv")


# --- operations and records -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Operation:
    """What to do with each line: a command and its options (picklable, so that
    worker processes and Dask tasks receive it whole)."""

    command: str
    allow_zone_id: bool = False
    show_password: bool = False
    base: str | None = None  # resolve, relative
    strict: bool = True  # resolve
    options: CanonicalOptions = field(default_factory=CanonicalOptions)  # canonicalize

    def __post_init__(self) -> None:
        if self.command not in COMMANDS:
            raise ValueError(f"unknown command {self.command!r}")
        if self.command in ("resolve", "relative") and self.base is None:
            raise ValueError(f"{self.command} needs a base")


class LineError(NamedTuple):
    """Why a line has no result."""

    message: str
    position: int | None = None  # in the line as read (characters)
    component: str | None = None
    caret: int | None = None  # the same place in ``Record.input`` as shown
    hint: str = ""


class Record(NamedTuple):
    """The outcome of one line: ``output`` (``None`` for an error) or ``error``.

    ``input`` is the line as read, without its line end, with a password masked
    (unless the operation shows passwords) and undecodable bytes written ``\\xff``.
    ``output`` is the result text, or the element model (a ``dict``) for explain.
    ``key`` is the unmasked canonical form (canonicalize only), for deduplication.
    """

    source: str
    line: int
    input: str
    output: object
    error: LineError | None = None
    key: str | None = None


def element_model(uri: URI) -> dict[str, object]:
    """The element model of ``uri`` as plain data (``None`` for undefined). A port of
    more digits than ``int`` converts to text (``sys.get_int_max_str_digits()``, 4300
    by default) is given as its digits, a ``str``, so that it prints and is written
    to JSON."""
    return {
        "scheme": uri.scheme,
        "userinfo": uri.userinfo,
        "host": uri.host,
        "port": _port(uri),
        "has_port": uri.has_port,
        "path": list(uri.path),
        "query": uri.query,
        "fragment": uri.fragment,
        "is_relative": uri.scheme is None,
    }


def _port(uri: URI) -> int | str | None:
    digits = (uri.components.port or "").lstrip("0")
    limit = getattr(sys, "get_int_max_str_digits", int)()  # 0: no limit (and before 3.11)
    return digits if limit and len(digits) > limit else uri.port


# --- passwords and display --------------------------------------------------------

_AUTHORITY_START: Final = re.compile(r"[^/?#]*//")


def password_span(text: str) -> tuple[int, int] | None:
    """Where the password of ``text``'s userinfo is, as (start, end), or ``None``.

    It works on any text, valid or not, so that an echoed invalid line is masked too:
    the authority follows the first "//" that no "/", "?" or "#" precedes and ends at
    the next one of them; the userinfo ends at its last "@" and the password runs from
    the first ":" in it (the rule of ``repr(uri)``: an empty password is not masked).

    >>> text = "http://joe:secret@h/"
    >>> start, end = password_span(text)
    >>> text[start:end]
    'secret'
    >>> password_span("http://h/a:b@c") is None
    True
    """
    m = _AUTHORITY_START.match(text)
    if m is None:
        return None
    start = m.end()
    end = len(text)
    for delimiter in "/?#":
        k = text.find(delimiter, start)
        if 0 <= k < end:
            end = k
    at = text.rfind("@", start, end)
    colon = text.find(":", start, at) if at >= 0 else -1
    if colon < 0 or colon + 1 == at:
        return None
    return colon + 1, at


def mask_password(text: str, position: int | None = None) -> tuple[str, int | None]:
    """``text`` with its password written ``***``, and ``position`` moved to the same
    place in the masked text (to the start of ``***`` when it was in the password).

    >>> mask_password("ftp://joe:pw@h/a b", 16)
    ('ftp://joe:***@h/a b', 17)
    """
    span = password_span(text)
    if span is None:
        return text, position
    start, end = span
    if position is not None and position >= start:
        position = start if position < end else position - (end - start) + 3
    return f"{text[:start]}***{text[end:]}", position


def _escape_char(ch: str) -> str:
    return ch if ch.isprintable() else repr(ch)[1:-1]


def escape(text: str) -> str:
    """``text`` with each unprintable character (tab, line ends, controls, lone
    surrogates, format characters) written as a Python escape, so one line shows as
    one line.

    >>> print(escape("a\\tb\\r\\udc80"))
    a\\tb\\r\\udc80
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(_escape_char(ch) for ch in text)


def _width(text: str) -> int:
    """Terminal columns of ``text``: wide characters take two, combining marks none."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in "WF" else 1
    return width


def caret_lines(text: str, position: int | None, indent: str = "  ") -> str:
    """``text`` escaped, then a caret under ``position`` (counted in ``text``).

    >>> print(caret_lines("a\\tb c", 3))
      a\\tb c
          ^
    """
    shown = escape(text)
    if position is None:
        return indent + shown
    column = _width(escape(text[:position]))
    return f"{indent}{shown}\n{indent}{' ' * column}^"


def _masked_reason(reason: str) -> str:
    """The reason of an error inside a password, without the offending text."""
    for quote in (" '", ' "'):
        k = reason.find(quote)
        if k >= 0:
            reason = reason[:k]
    return f"{reason} (in the password, masked)"


# --- the per-line function ----------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _base(text: str, allow_zone_id: bool) -> URI:
    return URI.parse(text, allow_zone_id=allow_zone_id)


def _shown(uri: URI, show_password: bool) -> str:
    return str(uri) if show_password else uri.redacted()


def _apply(op: Operation, text: str) -> tuple[object, str | None]:
    """The result of ``op`` on valid or invalid ``text``: (output, key); raises for
    invalid text."""
    command = op.command
    zone = op.allow_zone_id
    if command == "normalize":
        return _shown(URI.parse(text, allow_zone_id=zone).normalize(), op.show_password), None
    if command == "canonicalize":
        uri = canonical_uri(text, op.options, allow_zone_id=zone)
        key = str(uri)
        return (key if op.show_password else uri.redacted()), key
    if command == "validate":
        URI.parse(text, allow_zone_id=zone)
        return None, None  # the output is the input as shown
    if command == "explain":
        uri = URI.parse(text, allow_zone_id=zone)
        if not op.show_password:
            uri = URI.parse(uri.redacted(), allow_zone_id=zone)
        return element_model(uri), None
    assert op.base is not None
    base = _base(op.base, zone)
    uri = URI.parse(text, allow_zone_id=zone)
    if command == "resolve":
        return _shown(base.resolve(uri, strict=op.strict), op.show_password), None
    return _shown(uri.relative_to(base), op.show_password), None


def _decode(raw: bytes, line: int) -> tuple[str, int | None, str]:
    """The text of a line read as bytes: line end removed, a BOM removed on line 1;
    with the character position of the first undecodable byte and why, or None."""
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if line == 1 and raw.startswith(BOM):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None, ""
    except UnicodeDecodeError as exc:
        position = len(raw[:exc.start].decode("utf-8"))
        return (raw.decode("utf-8", "backslashreplace"), position,
                f"undecodable byte 0x{raw[exc.start]:02x} (not UTF-8)")


def process_line(op: Operation, source: str, line: int, raw: bytes | str) -> Record:
    """Apply ``op`` to one line and return its record; never raises for bad input.

    ``raw`` is a line read as bytes (its line end, CRLF or LF, and a UTF-8 BOM on line
    1 are removed; undecodable bytes give an error record) or a ``str`` taken as is
    (a command-line argument). A :class:`~urikit.ParseError` gives an error record
    with the position and component; any other exception gives one with its message.

    >>> process_line(Operation("normalize"), "-", 1, b"HTTP://A/./b\\r\\n").output
    'http://a/b'
    >>> process_line(Operation("normalize"), "-", 2, b"http://a/b c\\n").error
    LineError(message="invalid character ' '", position=10, component='path', caret=10, hint='')
    """
    if isinstance(raw, bytes):
        text, bad, why = _decode(raw, line)
        if bad is not None:
            shown, caret = (text, bad) if op.show_password else mask_password(text, bad)
            return Record(source, line, shown, None, LineError(why, bad, "encoding", caret))
    else:
        text = raw
    try:
        output, key = _apply(op, text)
    except ParseError as exc:
        reason = exc.reason
        if op.show_password:
            return Record(source, line, text, None, LineError(
                reason, exc.position, exc.component, exc.position, exc.hint))
        shown, caret = mask_password(text, exc.position)
        span = password_span(text)
        if span is not None and span[0] <= exc.position < span[1]:
            reason = _masked_reason(reason)
        return Record(source, line, shown, None,
                      LineError(reason, exc.position, exc.component, caret, exc.hint))
    except URIError as exc:
        shown = text if op.show_password else mask_password(text)[0]
        return Record(source, line, shown, None, LineError(str(exc)))
    except Exception as exc:  # one bad line must not end the batch: report it
        shown = text if op.show_password else mask_password(text)[0]
        return Record(source, line, shown, None, LineError(f"{type(exc).__name__}: {exc}"))
    shown = text if op.show_password else mask_password(text)[0]
    return Record(source, line, shown, shown if output is None else output, None, key)


def error_message(error: LineError) -> str:
    """The one-line message of an error record, as ``ParseError`` words it."""
    if error.position is None:
        return error.message
    message = f"{error.message} at position {error.position} in {error.component}"
    return f"{message} ({error.hint})" if error.hint else message


# --- reading ---------------------------------------------------------------------------


class Source(NamedTuple):
    """An input: a file path, ``"-"`` for standard input."""

    name: str

    def open(self) -> BinaryIO:
        """The input as a binary stream (the caller closes a file, not stdin)."""
        if self.name == "-":
            stdin = sys.stdin
            buffer = getattr(stdin, "buffer", None)
            if buffer is None:  # a text stream put in place of stdin (tests)
                return io.BytesIO(stdin.read().encode("utf-8", "surrogateescape"))
            return buffer  # type: ignore[no-any-return]
        return open(self.name, "rb")  # closed by _lines


class Chunk(NamedTuple):
    """Consecutive lines of one source, the unit of work of a worker process."""

    source: str
    first: int  # the line number of lines[0]
    lines: list[bytes]

    @property
    def size(self) -> int:
        """Bytes in the chunk (for the progress bar)."""
        return sum(map(len, self.lines))


def read_chunks(sources: Iterable[Source], chunk_size: int,
                on_error: Callable[[Source, OSError], None]) -> Iterator[Chunk]:
    """The lines of each source in chunks of ``chunk_size``; a source that cannot be
    opened or read is passed to ``on_error`` and the next one is read."""
    for src in sources:
        lines = _lines(src, on_error)
        first = 1
        while chunk := list(islice(lines, chunk_size)):
            yield Chunk(src.name, first, chunk)
            first += len(chunk)


def run_chunk(op: Operation, chunk: Chunk) -> list[Record]:
    """The records of a chunk (the function a worker process runs)."""
    source, first = chunk.source, chunk.first
    return [process_line(op, source, first + k, raw) for k, raw in enumerate(chunk.lines)]


def _pool_context() -> multiprocessing.context.BaseContext:
    """Forkserver where there is one (no fork of a process with threads), else spawn."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def map_chunks(op: Operation, chunks: Iterable[Chunk], jobs: int,
               in_flight: int = 0) -> Generator[tuple[Chunk, list[Record]], None, None]:
    """Each chunk with its records, in order; with ``jobs`` > 1 in worker processes.

    ``Pool.imap`` keeps the order but reads its input as fast as it can, so a feeder
    that waits on a semaphore keeps at most ``in_flight`` chunks (default ``4 * jobs``)
    between the reader and the writer: memory is bounded whatever the input size.
    """
    if jobs <= 1:
        for chunk in chunks:
            yield chunk, run_chunk(op, chunk)
        return
    slots = threading.Semaphore(in_flight or 4 * jobs)
    stop = threading.Event()
    pending: list[Chunk] = []  # the chunks sent, oldest first (at most in_flight)
    lock = threading.Lock()

    def feed() -> Iterator[Chunk]:
        for chunk in chunks:
            while not slots.acquire(timeout=0.1):
                if stop.is_set():
                    return
            with lock:
                pending.append(chunk)
            yield chunk

    with _pool_context().Pool(jobs) as pool:
        try:
            for records in pool.imap(functools.partial(run_chunk, op), feed(), chunksize=1):
                with lock:
                    chunk = pending.pop(0)
                slots.release()
                yield chunk, records
        finally:
            stop.set()


def _lines(src: Source, on_error: Callable[[Source, OSError], None]) -> Iterator[bytes]:
    """The lines of one source as bytes (line ends kept); an error opening or reading
    it is passed to ``on_error``."""
    try:
        stream = src.open()
    except OSError as exc:
        on_error(src, exc)
        return
    try:
        yield from stream
    except OSError as exc:
        on_error(src, exc)
    finally:
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()


def iter_records(op: Operation, sources: Iterable[Source], *, jobs: int = 1,
                 chunk_size: int = 1000,
                 on_error: Callable[[Source, OSError], None],
                 progress: Callable[[int], None] | None = None) -> Iterator[Record]:
    """The record of every line of every source, in order.

    With ``jobs`` <= 1 each line is processed as soon as it is read (so results come
    as the lines do); otherwise in chunks of ``chunk_size`` lines by ``jobs`` worker
    processes. ``progress`` is called now and then with the bytes read since.
    """
    if jobs > 1:
        for chunk, records in map_chunks(op, read_chunks(sources, chunk_size, on_error),
                                         jobs):
            yield from records
            if progress is not None:
                progress(chunk.size)
        return
    for src in sources:
        name = src.name
        size = 0
        for line, raw in enumerate(_lines(src, on_error), 1):
            yield process_line(op, name, line, raw)
            if progress is not None:
                size += len(raw)
                if not line % 1024:
                    progress(size)
                    size = 0
        if progress is not None and size:
            progress(size)


# --- writing ---------------------------------------------------------------------------


def _safe(text: str) -> str:
    """``text`` writable as UTF-8: a lone surrogate becomes ``\\udc80`` (which JSON
    reads back as the same character)."""
    if text.isascii():
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def error_object(error: LineError) -> dict[str, object]:
    """The error of a record as JSON data."""
    return {"position": error.position, "component": error.component,
            "message": error_message(error)}


def record_object(record: Record, with_source: bool) -> dict[str, object]:
    """A record as JSON data: line, input, then output or error (source first when
    several inputs are read)."""
    obj: dict[str, object] = {"source": record.source} if with_source else {}
    obj["line"] = record.line
    obj["input"] = record.input
    if record.error is None:
        obj["output"] = record.output
    else:
        obj["error"] = error_object(record.error)
    return obj


def jsonl(record: Record, with_source: bool = False) -> str:
    """A record as one JSON Lines line (with its newline)."""
    return _safe(json.dumps(record_object(record, with_source), ensure_ascii=False)) + "\n"


def error_text(record: Record, where: bool = True) -> str:
    """An error record for people: ``urikit: SOURCE:LINE: message``, then the line
    with a caret under the position."""
    assert record.error is not None
    place = f"{record.source}:{record.line}: " if where else ""
    return (f"urikit: {place}{error_message(record.error)}\n"
            f"{caret_lines(record.input, record.error.caret)}\n")


CSV_COLUMNS: Final = ("line", "input", "output", "error_position", "error_component",
                      "error_message")


class Writer:
    """Writes records to ``out`` in a format; errors go to ``err`` (as text for
    people) unless ``inline``, when they take their place in ``out``."""

    def __init__(self, out: TextIO, err: TextIO, fmt: str, *, inline: bool = False,
                 with_source: bool = False, where: bool = True,
                 render: Callable[[Record], str] | None = None) -> None:
        self.out = out
        self.err = err
        self.fmt = fmt
        self.inline = inline
        self.with_source = with_source
        self.where = where
        self.render = render
        self._csv: csv.DictWriter[str] | None = None
        self._first = True
        if fmt == "csv":
            columns = ("source", *CSV_COLUMNS) if with_source else CSV_COLUMNS
            self._csv = csv.DictWriter(out, columns, lineterminator="\n")
            self._csv.writeheader()
        elif fmt == "json":
            out.write("[")

    def _text(self, record: Record) -> str:
        if record.error is not None:
            return f"error {record.source}:{record.line}: {error_message(record.error)}\n"
        if self.render is not None:
            return self.render(record)
        return f"{record.output}\n"

    def _json(self, record: Record) -> str:
        if record.error is not None:
            data: object = record_object(record, self.with_source)
        else:
            data = record.output
        text = json.dumps(data, ensure_ascii=False)
        if self.fmt == "json":
            text = ("" if self._first else ", ") + text
            self._first = False
            return _safe(text)
        return _safe(text) + "\n"

    def _row(self, record: Record) -> dict[str, object]:
        row: dict[str, object] = {"source": record.source} if self.with_source else {}
        row["line"] = record.line
        row["input"] = _safe(record.input)
        error = record.error
        if error is None:
            output = record.output
            row["output"] = (output if isinstance(output, str)
                             else json.dumps(output, ensure_ascii=False))
        else:
            row["error_position"] = error.position
            row["error_component"] = error.component
            row["error_message"] = _safe(error_message(error))
        return row

    def format(self, record: Record) -> str:
        """The text a record adds to the output (errors included)."""
        fmt = self.fmt
        if fmt == "jsonl":
            return jsonl(record, self.with_source)
        if fmt in ("json", "model"):
            return self._json(record)
        if fmt == "csv":
            buffer = io.StringIO()
            assert self._csv is not None
            csv.DictWriter(buffer, self._csv.fieldnames,
                           lineterminator="\n").writerow(self._row(record))
            return buffer.getvalue()
        return _safe(self._text(record))

    def write(self, record: Record) -> None:
        """Write one record (an error to ``err`` unless inline)."""
        if record.error is not None and not self.inline:
            self.err.write(_safe(error_text(record, self.where)))
            return
        if self._csv is not None:
            self._csv.writerow(self._row(record))
            return
        self.out.write(self.format(record))

    def close(self) -> None:
        """End the output (closes the JSON list)."""
        if self.fmt == "json":
            self.out.write("]\n")
        self.out.flush()
