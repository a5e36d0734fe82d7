"""The streaming batch engine behind the command line and the Dask functions.

One reference a line goes in, one record a line comes out, in input order and in
constant memory:

* **What a line is** has one home, :func:`split_lines` (bytes) and :func:`text_line`
  (``str``), with :func:`process_line`: ``\\n`` and ``\\r\\n`` end a line; a lone
  ``\\r`` stays inside it (an invalid character in any URI, so the line gets an error
  record); text after the last line end is a last line; a UTF-8 BOM is removed from
  line 1 of each input (anywhere else it is a character of its line); undecodable
  bytes give an error record for their line, shown as ``\\xff``. An empty input has
  no lines. The command line (:func:`read_chunks`) and the Dask functions both cut
  and number lines with these functions.
* :func:`process_line` applies an :class:`Operation` to one line and returns a
  :class:`Record`, a result or an error, never an exception.
* :class:`Format` renders records as text, JSON Lines or CSV; :func:`run_chunk` turns
  a :class:`Chunk` of lines into a :class:`Done`: the rendered text and the counts,
  the unit of work of a ``--jobs`` worker (compact strings travel back, not records).
* :func:`map_chunks` runs the chunks in this process or in a pool of worker
  processes, in input order, with at most a few chunks in flight (memory does not
  grow with the input), and turns a lost worker into :class:`WorkerLost`.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import json
import re
import signal
import sys
import threading
import unicodedata
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO, Final, NamedTuple, TypeVar

from .._core.errors import ParseError, URIError
from .._model.uri import URI, FrozenURI
from .._web.canonical import CanonicalOptions, canonical_text
from .._whatwg.masking import mask_secrets, secret_spans
from .output import Guard, deferred

if TYPE_CHECKING:
    # imported where used: the lenient reader (with IDNA) for --lenient, the process
    # pool for --jobs 2 or more; a run without either does not pay for them
    import multiprocessing.context
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

    from .._interop.lenient import Change

_T = TypeVar("_T")
BOM: Final = b"\xef\xbb\xbf"
COMMANDS: Final = ("normalize", "validate", "explain", "resolve", "relative",
                   "canonicalize")
FORMATS: Final = ("text", "jsonl", "csv")
#: Bytes asked of an input at a time; a read returns what is there, so lines typed
#: at a terminal or written slowly into a pipe are processed as they come.
READ_SIZE: Final = 1 << 20


# --- what a line is --------------------------------------------------------------------


def split_lines(block: bytes) -> list[bytes]:
    """The lines of ``block`` without their line ends: ``\\n`` and ``\\r\\n`` end a
    line, a lone ``\\r`` stays in its line, and text after the last ``\\n`` is a last
    line. ``block`` is a whole input or a part of it that ends after a ``\\n``.

    >>> split_lines(b"a\\r\\nb\\rc\\n\\nd")
    [b'a', b'b\\rc', b'', b'd']
    >>> split_lines(b"")
    []
    """
    lines = block.split(b"\n")
    last = lines.pop()
    if b"\r\n" in block:
        lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    if last:
        lines.append(last)
    return lines


def text_line(text: str) -> bytes | str:
    """A line given as ``str`` (an element of a Dask bag) as :func:`process_line`
    takes it: without its line end (``\\n`` or ``\\r\\n``), and as the bytes it was
    read from when it was read as UTF-8 with ``surrogateescape`` (an undecodable byte
    read as ``\\udcff`` is then reported as the command line reports it). A lone
    surrogate that no reading of bytes gives stays ``str``: its line gets an error
    record.

    >>> text_line("http://a/\\r\\n"), text_line("a\\udcff"), text_line("\\ud800")
    (b'http://a/', b'a\\xff', '\\ud800')
    """
    if text.endswith("\n"):
        text = text[:-2] if text.endswith("\r\n") else text[:-1]
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text


def decode_line(raw: bytes, line: int) -> tuple[str, int | None, str]:
    """The text of a line read as bytes (a BOM removed on line 1), with the
    character position of the first undecodable byte and why, or ``None``."""
    if line == 1 and raw.startswith(BOM):
        raw = raw[3:]
    try:
        return raw.decode("utf-8"), None, ""
    except UnicodeDecodeError as exc:
        position = len(raw[:exc.start].decode("utf-8"))
        return (raw.decode("utf-8", "backslashreplace"), position,
                f"undecodable byte 0x{raw[exc.start]:02x} (not UTF-8)")


# --- operations and records -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Operation:
    """What to do with each line: a command and its options (picklable, so that
    worker processes and Dask tasks receive it whole). ``lenient`` reads each line as
    :meth:`urikit.URI.parse_lenient` does, and records what was repaired. Resolve and
    relative without a ``base`` read (base, reference) pairs (:attr:`pairs`).
    ``lenient_hint``: a front end's own advice (the command line's ``--lenient``),
    given in place of the library's hint when a strict reading refuses a line that
    the lenient reading would read (the lenient reader is asked, on error lines only);
    ``""`` keeps the library's hint."""

    command: str
    allow_zone_id: bool = False
    show_password: bool = False
    base: str | None = None  # resolve, relative
    strict: bool = True  # resolve
    options: CanonicalOptions = field(default_factory=CanonicalOptions)  # canonicalize
    lenient: bool = False
    lenient_hint: str = ""
    #: whether each line is a (base, reference) pair: resolve or relative without a
    #: base (set from the others: a field, not a property, as it is asked every line)
    pairs: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        if self.command not in COMMANDS:
            raise ValueError(f"unknown command {self.command!r}")
        object.__setattr__(self, "pairs", self.base is None
                           and self.command in ("resolve", "relative"))


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
    ``repairs`` are the changes the lenient reading made (positions in the line as
    read, a password's characters masked).
    """

    source: str
    line: int
    input: str
    output: object
    error: LineError | None = None
    key: str | None = None
    repairs: tuple[Change, ...] = ()


def element_model(uri: URI | FrozenURI) -> dict[str, object]:
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


def _port(uri: URI | FrozenURI) -> int | str | None:
    digits = (uri.components.port or "").lstrip("0")
    limit = getattr(sys, "get_int_max_str_digits", int)()  # 0: no limit (and before 3.11)
    return digits if limit and len(digits) > limit else uri.port


# --- passwords and display --------------------------------------------------------


def mask_passwords_in(message: str) -> str:
    """``message`` (an argparse usage error, say) with the password of every word in
    it that looks like a URI masked: words are cut at spaces and stripped of quotes
    and commas.

    >>> mask_passwords_in("unrecognized arguments: 'http://joe:secret@h/', http:\\\\\\\\a:b@c")
    "unrecognized arguments: 'http://joe:***@h/', http:\\\\\\\\a:***@c"
    """
    if "@" not in message and "?" not in message:
        return message
    words: list[str] = []
    for word in message.split(" "):
        core = word.strip("'\",")
        if "@" in core or "?" in core:
            masked = mask_secrets(core)[0]
            if masked != core:
                word = word.replace(core, masked)
        words.append(word)
    return " ".join(words)


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


def _masked_reason(reason: str, component: str) -> str:
    """The reason of an error inside a secret (a password, or a secret query value
    when the error is in the query), without the offending text."""
    for quote in (" '", ' "'):
        k = reason.find(quote)
        if k >= 0:
            reason = reason[:k]
    secret = "a secret query value" if component == "query" else "the password"
    return f"{reason} (in {secret}, masked)"


def _in_spans(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)


# --- the per-line function ----------------------------------------------------------


@functools.lru_cache(maxsize=16)
def _base(text: str, allow_zone_id: bool) -> URI:
    return URI.parse(text, allow_zone_id=allow_zone_id)


def _shown(uri: URI | FrozenURI, show_password: bool) -> str:
    """A result as printed: its secrets masked (as :meth:`~urikit.URI.redacted`: a
    password where RFC 3986 reads one and where a browser would, ``http:/joe:***@h/``
    being a path to RFC 3986 and userinfo to a browser, and secret query values)."""
    return str(uri) if show_password else mask_secrets(str(uri))[0]


def _apply(op: Operation, text: str) -> tuple[object, str | None]:
    """The result of ``op`` on ``text``: (output, key); raises for invalid text."""
    command = op.command
    zone = op.allow_zone_id
    if command == "normalize":
        return _shown(URI.parse(text, allow_zone_id=zone).normalize(), op.show_password), None
    if command == "canonicalize":
        key = canonical_text(text, op.options, allow_zone_id=zone)
        if op.show_password or ("@" not in key and "?" not in key):
            return key, key
        return _shown(URI.parse(key, allow_zone_id=zone), False), key
    if command == "validate":
        uri = URI.parse(text, allow_zone_id=zone)
        if op.lenient:  # the output is the text as read
            return _shown(uri, op.show_password), None
        return None, None  # the output is the input as shown
    if command == "explain":
        uri = URI.parse(text, allow_zone_id=zone)
        if not op.show_password:
            uri = URI.parse(_shown(uri, False), allow_zone_id=zone)
        return element_model(uri), None
    assert op.base is not None
    base = _base(op.base, zone)
    uri = URI.parse(text, allow_zone_id=zone)
    if command == "resolve":
        return _shown(base.resolve(uri, strict=op.strict), op.show_password), None
    return _shown(uri.relative_to(base), op.show_password), None


def _masked_changes(changes: tuple[Change, ...], text: str,
                    spans: list[tuple[int, int]]) -> tuple[Change, ...]:
    """The lenient reader's changes as a record shows them: positions in the masked
    input, a change inside a password written ``***``."""
    if not spans:
        return changes
    from .._interop.lenient import Change

    shown: list[Change] = []
    for change in changes:
        position = mask_secrets(text, change.position)[1]
        assert position is not None
        if _in_spans(change.position, spans):
            change = Change(position, change.component, "***", "***")
        else:
            change = change._replace(position=position)
        shown.append(change)
    return tuple(shown)


#: A line as :func:`process_line` takes it: bytes read, text, a pair of a table's two
#: columns (resolve and relative without a base), or ``None`` (a table's null). A
#: table's value is text, or bytes when it is not UTF-8 (a CSV cell).
Line = bytes | str | tuple[bytes | str | None, bytes | str | None] | None
NULL_REASON: Final = "no reference (null)"


@functools.lru_cache(maxsize=16)
def _with_base(op: Operation, base: str) -> Operation:
    """``op`` with a base (the pairs of a file change base every few lines at most)."""
    return dataclasses.replace(op, base=base)


def shown_text(value: bytes | str) -> str:
    """A value as records show it: bytes that are not UTF-8 written ``\\xff`` (no BOM
    removed: a table's cell, not the first line of an input)."""
    return value if isinstance(value, str) else decode_line(value, 0)[0]


def _pair(op: Operation, source: str, line: int, base: bytes | str | None,
          ref: bytes | str | None) -> Record:
    """A (base, reference) pair processed: the base read as the reference is (strictly,
    or leniently with ``--lenient``), then the reference resolved against it (or made
    relative to it). The record's input is ``base<TAB>reference``, its positions and
    caret counted in that line (after the tab for the reference)."""
    if base is None or ref is None:
        shown = "\t".join("" if t is None else mask_secrets(shown_text(t))[0]
                           for t in (base, ref))
        which = "base" if base is None else "reference"
        return Record(source, line, shown, None, LineError(f"no {which} (null)"))
    checked = process_line(Operation("validate", allow_zone_id=op.allow_zone_id,
                                     show_password=op.show_password, lenient=op.lenient,
                                     lenient_hint=op.lenient_hint),
                           source, line, base)
    shown_base = checked.input
    if checked.error is not None:
        error = checked.error
        if error.component is not None:  # "... at position 8 in the base's host"
            error = error._replace(component=f"the base's {error.component}")
        else:
            error = error._replace(message=f"base: {error.message}")
        shown_ref = shown_text(ref)
        if not op.show_password:
            shown_ref = mask_secrets(shown_ref)[0]
        return Record(source, line, f"{shown_base}\t{shown_ref}", None, error, None,
                      checked.repairs)
    base = shown_text(base)  # valid: not bytes (bytes are given only when not UTF-8)
    if op.lenient:
        from .._interop.lenient import repair

        base = repair(base).text
    record = process_line(_with_base(op, base), source, line, ref)
    shift, shown_shift = len(base) + 1, len(shown_base) + 1
    found = record.error
    if found is not None and found.position is not None:
        found = found._replace(position=found.position + shift,
                               caret=None if found.caret is None else found.caret + shown_shift)
    repairs = checked.repairs + tuple(
        c._replace(position=c.position + shown_shift) for c in record.repairs)
    return record._replace(input=f"{shown_base}\t{record.input}", error=found,
                           repairs=repairs)


def process_line(op: Operation, source: str, line: int, raw: Line) -> Record:
    """Apply ``op`` to one line and return its record; never raises for bad input.

    ``raw`` is a line as :func:`split_lines` cuts it (bytes without its line end; a
    UTF-8 BOM is removed on line 1; undecodable bytes give an error record) or a
    ``str`` taken as is (a command-line argument, or what :func:`text_line` keeps as
    ``str``). A :class:`~urikit.ParseError` gives an error record with the position
    and component; any other exception gives one with its message.

    >>> process_line(Operation("normalize"), "-", 1, b"HTTP://A/./b").output
    'http://a/b'
    >>> process_line(Operation("normalize"), "-", 2, b"http://a/b c").error
    LineError(message="invalid character ' '", position=10, component='path', caret=10, hint='')
    """
    show = op.show_password
    if isinstance(raw, bytes):
        text, bad, why = decode_line(raw, line)
        if bad is not None:
            shown, caret = (text, bad) if show else mask_secrets(text, bad)
            return Record(source, line, shown, None, LineError(why, bad, "encoding", caret))
    elif raw is None:
        return Record(source, line, "", None, LineError(NULL_REASON))
    elif isinstance(raw, tuple):
        return _pair(op, source, line, *raw)
    else:
        text = raw
    if op.pairs:
        base, tab, ref = text.partition("\t")
        if not tab:
            shown = text if show else mask_secrets(text)[0]
            return Record(source, line, shown, None, LineError(
                "no tab: a line of pairs is base<TAB>reference"))
        return _pair(op, source, line, base, ref)
    spans = [] if show else secret_spans(text)
    shown = mask_secrets(text)[0] if spans else text  # (rare: spans found twice)
    repairs: tuple[Change, ...] = ()
    try:
        if op.lenient:
            from .._interop.lenient import repair

            repaired = repair(text)
            changes = tuple(repaired.changes)
            repairs = changes if show else _masked_changes(changes, text, spans)
            output, key = _apply(op, repaired.text)
        else:
            output, key = _apply(op, text)
    except ParseError as exc:
        reason = exc.reason
        position: int | None = exc.position
        if repairs:  # the position is in the repaired text: no caret in the line read
            return Record(source, line, shown, None, LineError(
                f"{reason} (in the repaired text)", None, exc.component, None, exc.hint),
                None, repairs)
        hint = exc.hint
        if op.lenient_hint and not op.lenient and _lenient_reads(op, text):
            hint = op.lenient_hint
        if show:
            return Record(source, line, text, None, LineError(
                reason, position, exc.component, position, hint))
        caret = mask_secrets(text, position)[1] if spans else position
        if _in_spans(exc.position, spans):
            reason = _masked_reason(reason, exc.component)
        return Record(source, line, shown, None,
                      LineError(reason, position, exc.component, caret, hint))
    except URIError as exc:
        return Record(source, line, shown, None, LineError(
            mask_passwords_in(str(exc)) if not show else str(exc)), None, repairs)
    except Exception as exc:  # one bad line must not end the batch: report it
        return Record(source, line, shown, None,
                      LineError(f"{type(exc).__name__}: {exc}"), None, repairs)
    return Record(source, line, shown, shown if output is None else output, None, key,
                  repairs)


def _lenient_reads(op: Operation, text: str) -> bool:
    """Whether ``op`` under ``--lenient`` gives ``text`` a result (a line the strict
    reading refused)."""
    from .._interop.lenient import repair

    try:
        _apply(op, repair(text).text)
    except Exception:  # any refusal: no advice
        return False
    return True


def error_message(error: LineError) -> str:
    """The one-line message of an error record, as ``ParseError`` words it."""
    if error.position is None:
        return error.message
    message = f"{error.message} at position {error.position} in {error.component}"
    return f"{message} ({error.hint})" if error.hint else message


# --- rendering ---------------------------------------------------------------------------


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


def repairs_object(repairs: tuple[Change, ...]) -> list[dict[str, object]]:
    """The lenient reader's changes as JSON data."""
    return [{"position": c.position, "component": c.component, "original": c.original,
             "replacement": c.replacement} for c in repairs]


def record_object(record: Record, with_source: bool,
                  lenient: bool = False) -> dict[str, object]:
    """A record as JSON data: line, input, then output or error (source first when
    several inputs are read; ``repairs`` last when reading leniently)."""
    obj: dict[str, object] = {"source": record.source} if with_source else {}
    obj["line"] = record.line
    obj["input"] = record.input
    if record.error is None:
        obj["output"] = record.output
    else:
        obj["error"] = error_object(record.error)
    if lenient:
        obj["repairs"] = repairs_object(record.repairs)
    return obj


def jsonl(record: Record, with_source: bool = False, lenient: bool = False) -> str:
    """A record as one JSON Lines line (with its newline)."""
    return _safe(json.dumps(record_object(record, with_source, lenient),
                            ensure_ascii=False)) + "\n"


def error_text(record: Record, where: bool = True) -> str:
    """An error record for people: ``urikit: SOURCE:LINE: message``, then the line
    with a caret under the position."""
    assert record.error is not None
    place = f"{record.source}:{record.line}: " if where else ""
    return (f"urikit: {place}{error_message(record.error)}\n"
            f"{caret_lines(record.input, record.error.caret)}\n")


CSV_COLUMNS: Final = ("line", "input", "output", "error_position", "error_component",
                      "error_message")


def csv_row(fields: Iterable[object]) -> str:
    """One CSV row, every field quoted (``csv.QUOTE_ALL``, doubled quotes, ``None`` as
    an empty field), ending with ``\\n``: a line end inside a field, a lone ``\\r``
    included, stays inside its quotes on every Python and for every reader.

    >>> csv_row([1, 'a"b', None, "x\\ry"])
    '"1","a""b","","x\\ry"\\n'
    """
    return ",".join(['""' if f is None else '"' + str(f).replace('"', '""') + '"'
                     for f in fields]) + "\n"


@dataclass(frozen=True, slots=True)
class Format:
    """How records become text (picklable: ``--jobs`` workers render their chunks).

    ``fmt`` is text, jsonl, csv, json (a JSON list) or model (explain's JSON).
    ``inline``: error records take their place in the output, as records; otherwise
    they are rendered for people (:func:`error_text`) for standard error or a file.
    ``render`` is how a result shows in text (explain's drawing, dedupe's input line).
    ``errors_as`` renders the errors that are not inline as records instead (jsonl or
    csv, for ``--errors FILE``).
    """

    fmt: str = "text"
    separator: str = ""  # between two items of the output: ", " in a JSON list
    inline: bool = False
    with_source: bool = False
    where: bool = True
    lenient: bool = False
    render: Callable[[Record], str] | None = None
    errors_as: str = ""  # not inline: "" for people's text, or "jsonl" or "csv" records

    def header(self) -> str:
        """What the output starts with."""
        if self.fmt == "csv":
            columns = ("source", *CSV_COLUMNS) if self.with_source else CSV_COLUMNS
            return csv_row((*columns, "repairs") if self.lenient else columns)
        return "[" if self.fmt == "json" else ""

    def footer(self) -> str:
        """What the output ends with."""
        return "]\n" if self.fmt == "json" else ""

    def _row(self, record: Record) -> str:
        row: list[object] = [record.source] if self.with_source else []
        row += [record.line, _safe(record.input)]
        error = record.error
        if error is None:
            output = record.output
            row += [_safe(output) if isinstance(output, str)
                    else json.dumps(output, ensure_ascii=False), None, None, None]
        else:
            row += [None, error.position, error.component, _safe(error_message(error))]
        if self.lenient:
            row.append(json.dumps(repairs_object(record.repairs), ensure_ascii=False))
        return csv_row(row)

    def result(self, record: Record) -> str:
        """The text a result adds to the output."""
        fmt = self.fmt
        if fmt == "text":
            if self.render is not None:
                return _safe(self.render(record))
            return _safe(f"{record.output}\n")
        if fmt == "jsonl":
            return jsonl(record, self.with_source, self.lenient)
        if fmt == "csv":
            return self._row(record)
        text = _safe(json.dumps(record.output, ensure_ascii=False))
        return text if fmt == "json" else text + "\n"

    def error(self, record: Record) -> str:
        """The text of an error record: in the output's format when inline, for people
        otherwise."""
        fmt = self.fmt if self.inline else self.errors_as
        if not fmt:
            return _safe(error_text(record, self.where))
        if fmt == "text":
            assert record.error is not None
            return _safe(f"error {record.source}:{record.line}: "
                         f"{error_message(record.error)}\n")
        if fmt == "csv":
            return self._row(record)
        if fmt in ("json", "model"):
            text = _safe(json.dumps(record_object(record, self.with_source, self.lenient),
                                    ensure_ascii=False))
            return text if fmt == "json" else text + "\n"
        return jsonl(record, self.with_source, self.lenient)


# --- chunks: the unit of work ------------------------------------------------------------


class Chunk(NamedTuple):
    """Consecutive lines of one source: bytes that end at a line end (or the end of
    the input), cut into lines by :func:`split_lines` in the worker (one ``bytes``
    pickles faster than many), or a list of lines (``str``: arguments, as they are)."""

    source: str
    first: int  # the line number of the first line
    lines: bytes | Sequence[Line]


class Group(NamedTuple):
    """One result for ``dedupe --groups``: its canonical form and where it was."""

    key: str
    line: int
    input: str
    shown: str


class Done(NamedTuple):
    """A chunk processed and rendered: what a worker sends back.

    ``out``: the rendered results (and inline errors) in order; ``keys``: for
    deduplication, each one's canonical form (``None`` for an inline error), the
    repeats of a form inside the chunk left out of both (``results`` counts them);
    ``err``:
    the rendered errors that do not go to the output; ``groups``: the results of
    ``dedupe --groups`` (then ``out`` holds only inline errors); ``error_at``: the
    place of each inline error among the records of ``out`` (so that a write cut
    short counts the results and errors in it).
    """

    out: list[str]
    keys: list[str | None] | None
    err: list[str]
    results: int
    errors: int
    size: int
    groups: list[Group] | None = None
    error_at: Sequence[int] = ()


@dataclass(frozen=True, slots=True)
class Job:
    """An operation, how to render its records, and what to keep for dedupe."""

    op: Operation
    format: Format
    keys: bool = False  # dedupe: send each result's canonical form back
    groups: bool = False  # dedupe --groups: send the groups' entries back


def run_chunk(job: Job, chunk: Chunk) -> Done:
    """Process and render the lines of a chunk (the function a worker runs)."""
    op, fmt = job.op, job.format
    source, first = chunk.source, chunk.first
    out: list[str] = []
    err: list[str] = []
    keys: list[str | None] | None = [] if job.keys else None
    groups: list[Group] | None = [] if job.groups else None
    results = errors = size = 0
    inline = fmt.inline
    result, error = fmt.result, fmt.error
    lines = split_lines(chunk.lines) if isinstance(chunk.lines, bytes) else chunk.lines
    chunk_seen: set[str | None] = set()  # dedupe: a repeat inside the chunk is not sent
    error_at: list[int] = []
    for k, raw in enumerate(lines):
        size += len(raw) + 1 if isinstance(raw, (bytes, str)) else 1
        record = process_line(op, source, first + k, raw)
        if record.error is None:
            results += 1
            if groups is not None:
                assert record.key is not None
                groups.append(Group(record.key, record.line, record.input,
                                    str(record.output)))
                continue
            if keys is not None:
                if record.key in chunk_seen:
                    continue
                chunk_seen.add(record.key)
                keys.append(record.key)
            out.append(result(record))
        else:
            errors += 1
            if inline:
                error_at.append(len(out))
                out.append(error(record))
                if keys is not None:
                    keys.append(None)
            else:
                err.append(error(record))
    # one string pickles faster than many; but records with a separator between them
    # (explain's drawings, a JSON list's items) end at no byte the writer could find,
    # so they stay apart, for the writer to write each whole or not at all
    if keys is None and len(out) > 1 and not fmt.separator:
        out = [fmt.separator.join(out)]
    if len(err) > 1:
        err = ["".join(err)]
    return Done(out, keys, err, results, errors, size, groups, error_at)


# --- reading ---------------------------------------------------------------------------


class Source(NamedTuple):
    """An input: a file path, ``"-"`` for standard input."""

    name: str

    def open(self) -> BinaryIO:
        """The input as a binary stream (the caller closes a file, not stdin)."""
        if self.name == "-":
            stdin = sys.stdin
            if stdin is None:
                raise OSError("standard input is closed")
            buffer = getattr(stdin, "buffer", None)
            if buffer is None:  # a text stream put in place of stdin (tests)
                return io.BytesIO(stdin.read().encode("utf-8", "surrogateescape"))
            return buffer  # type: ignore[no-any-return]
        return open(self.name, "rb")  # closed by _blocks


def _blocks(src: Source, on_error: Callable[[Source, OSError], None]) -> Iterator[bytes]:
    """The bytes of one source in blocks that end after a ``\\n`` (or at the end);
    an error opening or reading it is passed to ``on_error``."""
    try:
        stream = src.open()
    except OSError as exc:
        on_error(src, exc)
        return
    read = getattr(stream, "read1", stream.read)
    rest = b""
    try:
        while data := read(READ_SIZE):
            cut = data.rfind(b"\n") + 1
            if not cut:
                rest += data
                continue
            yield rest + data[:cut] if rest else data[:cut]
            rest = data[cut:]
        if rest:
            yield rest
    except OSError as exc:
        on_error(src, exc)
    finally:
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()


def read_chunks(sources: Iterable[Source], chunk_size: int,
                on_error: Callable[[Source, OSError], None]) -> Iterator[Chunk]:
    """The lines of each source in chunks of at most ``chunk_size`` lines (fewer when
    less input has arrived so far); a source that cannot be opened or read is passed
    to ``on_error`` and the next one is read."""
    for src in sources:
        first = 1
        for block in _blocks(src, on_error):
            for part, count in _cut(block, chunk_size):
                yield Chunk(src.name, first, part)
                first += count


@functools.lru_cache(maxsize=4)
def _lines_of(size: int) -> re.Pattern[bytes]:
    """A pattern matching ``size`` whole lines: the main process finds where a chunk
    ends in C, not line by line in Python (with ``--jobs`` it is the serial part)."""
    return re.compile(rb"(?:[^\n]*\n){%d}" % size)


def _cut(block: bytes, size: int) -> Iterator[tuple[bytes, int]]:
    """``block`` (which ends at a line end or at the end of the input) in parts of
    ``size`` lines, the last one maybe fewer, with their counts of lines."""
    match = _lines_of(size).match
    start = 0
    while (m := match(block, start)) is not None and m.end() < len(block):
        yield block[start:m.end()], size
        start = m.end()
    if start < len(block):
        rest = block[start:] if start else block
        yield rest, rest.count(b"\n") + (not rest.endswith(b"\n"))


# --- the pool --------------------------------------------------------------------------


class WorkerLost(Exception):
    """A worker process ended without finishing its work (killed from outside)."""


def _worker_start() -> None:
    """In each worker: ^C goes to the whole process group from a terminal; the main
    process decides what to do, the worker leaves it to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_context() -> multiprocessing.context.BaseContext:
    """Forkserver where there is one (no fork of a process with threads), else spawn."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    _start_forkserver()
    return multiprocessing.get_context("forkserver")


def _start_forkserver() -> None:
    """Start the fork server (if it is not running) with SIGINT ignored.

    Python's fork server gives each worker the SIGINT handler the server started
    with: the default one, which raises ``KeyboardInterrupt``, until the worker's
    initializer (:func:`_worker_start`) ignores it. A ^C sent to the process group
    while a worker starts would end it with a traceback, and the run as a lost worker.
    Started with SIGINT ignored (a disposition a new program inherits), the server
    keeps it and so do the workers from birth. The main process ignores ^C only for
    the fork and exec of the server, a few milliseconds. The server imports this
    module once, so that a worker forked from it starts without importing urikit.
    """
    from multiprocessing import forkserver

    forkserver.set_forkserver_preload([__name__])

    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()  # signal dispositions are the main thread's to set
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


def _lost(pool: ProcessPoolExecutor) -> str:
    """Which worker ended, and how, as the pool saw it."""
    # the pool's own record (private, so read defensively): its processes by pid
    processes: dict[int, BaseProcess] = getattr(pool, "_processes", None) or {}
    lost: list[tuple[bool, str]] = []
    for pid, process in dict(processes).items():
        code = process.exitcode
        if code is None or code == 0:
            continue
        if code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}"
        lost.append((code == -signal.SIGTERM, f"worker process {pid} ({how})"))
    if not lost:
        return "a worker process ended unexpectedly"
    lost.sort()  # those the pool terminated itself (SIGTERM) last
    return lost[0][1] + " ended unexpectedly"


def map_chunks(job: Job, chunks: Iterable[Chunk], jobs: int, in_flight: int = 0,
               guard: Guard | None = None) -> Generator[Done, None, None]:
    """:func:`map_work` of :func:`run_chunk`: each chunk rendered, in order."""
    return map_work(run_chunk, job, chunks, jobs, in_flight, guard)


def map_work(work: Callable[[Job, Chunk], _T], job: Job, chunks: Iterable[Chunk],
             jobs: int, in_flight: int = 0,
             guard: Guard | None = None) -> Generator[_T, None, None]:
    """Each chunk processed, in order; with ``jobs`` > 1 in worker processes.

    At most ``in_flight`` chunks (default ``2 * jobs``) are read ahead of the
    writer, so memory is bounded whatever the input size. A worker killed from
    outside raises :class:`WorkerLost` naming it; on any exit (^C included) the
    pool is shut down, the chunks not yet started cancelled.

    A chunk is given to the pool with signals deferred (``guard``, the run's): the
    pool starts a worker as it takes a chunk, and ^C between a worker's start and
    the pool's note of it left a worker the shutdown did not wait for, which failed
    with a traceback once the run had ended.
    """
    if jobs <= 1:
        for chunk in chunks:
            yield work(job, chunk)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    limit = in_flight or 2 * jobs
    pool = ProcessPoolExecutor(jobs, mp_context=_pool_context(), initializer=_worker_start)
    pending: deque[Future[_T]] = deque()
    try:
        for chunk in chunks:
            with deferred(guard):
                pending.append(pool.submit(work, job, chunk))
            if guard is not None:
                guard.check()
            if len(pending) >= limit:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    except BrokenProcessPool as exc:
        raise WorkerLost(_lost(pool)) from exc
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
