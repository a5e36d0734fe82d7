"""Records as text: for people (an error with a caret under its place), JSON Lines, CSV.

:class:`Format` renders records as the command line writes them (text, JSON Lines,
CSV, a JSON list, explain's JSON); :func:`record_object` is a record as JSON data, the
error as its data (``kind``, ``position``, ``component``, ``message`` without the
position); :data:`CSV_COLUMNS` the columns of a CSV output.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .._core.build import mypyc_attr
from .lines import safe
from .records import BatchError, BatchRecord

if TYPE_CHECKING:
    from .._interop.lenient import Change

CSV_COLUMNS: Final = ("line", "input", "output", "error_kind", "error_position",
                      "error_component", "error_message")


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


def error_object(error: BatchError) -> dict[str, object]:
    """The error of a record as JSON data: its kind, position, component and message
    (without the position)."""
    return {"kind": error.kind, "position": error.position, "component": error.component,
            "message": error.message}


def repairs_object(repairs: tuple[Change, ...]) -> list[dict[str, object]]:
    """The lenient reader's changes as JSON data."""
    return [{"position": c.position, "component": c.component, "original": c.original,
             "replacement": c.replacement} for c in repairs]


def record_object(record: BatchRecord, with_source: bool,
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


def jsonl(record: BatchRecord, with_source: bool = False, lenient: bool = False) -> str:
    """A record as one JSON Lines line (with its newline)."""
    return safe(json.dumps(record_object(record, with_source, lenient),
                           ensure_ascii=False)) + "\n"


def error_text(record: BatchRecord, where: bool = True) -> str:
    """An error record for people: ``urikit: SOURCE:LINE: message``, then the line
    with a caret under the position."""
    assert record.error is not None
    place = f"{record.source}:{record.line}: " if where else ""
    return (f"urikit: {place}{record.error}\n"
            f"{caret_lines(record.input, record.error.caret)}\n")


def csv_row(fields: Iterable[object]) -> str:
    """One CSV row, every field quoted (``csv.QUOTE_ALL``, doubled quotes, ``None`` as
    an empty field), ending with ``\\n``: a line end inside a field, a lone ``\\r``
    included, stays inside its quotes on every Python and for every reader.

    >>> csv_row([1, 'a"b', None, "x\\ry"])
    '"1","a""b","","x\\ry"\\n'
    """
    return ",".join(['""' if f is None else '"' + str(f).replace('"', '""') + '"'
                     for f in fields]) + "\n"


# an ordinary class in the compiled build too: pickled to worker processes, and a
# compiled frozen dataclass refused its own unpickling (setattr)
@mypyc_attr(native_class=False)
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
    render: Callable[[BatchRecord], str] | None = None
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

    def _row(self, record: BatchRecord) -> str:
        row: list[object] = [record.source] if self.with_source else []
        row += [record.line, safe(record.input)]
        error = record.error
        if error is None:
            output = record.output
            row += [safe(output) if isinstance(output, str)
                    else json.dumps(output, ensure_ascii=False), None, None, None, None]
        else:
            row += [None, error.kind, error.position, error.component, safe(error.message)]
        if self.lenient:
            row.append(json.dumps(repairs_object(record.repairs), ensure_ascii=False))
        return csv_row(row)

    def result(self, record: BatchRecord) -> str:
        """The text a result adds to the output."""
        fmt = self.fmt
        if fmt == "text":
            if self.render is not None:
                return safe(self.render(record))
            output = record.output  # text, or JSON for a list, a struct, a flag, none
            return safe(f"{output}\n" if type(output) is str
                        else json.dumps(output, ensure_ascii=False) + "\n")
        if fmt == "jsonl":
            return jsonl(record, self.with_source, self.lenient)
        if fmt == "csv":
            return self._row(record)
        text = safe(json.dumps(record.output, ensure_ascii=False))
        return text if fmt == "json" else text + "\n"

    def error(self, record: BatchRecord) -> str:
        """The text of an error record: in the output's format when inline, for people
        otherwise."""
        fmt = self.fmt if self.inline else self.errors_as
        if not fmt:
            return safe(error_text(record, self.where))
        if fmt == "text":
            assert record.error is not None
            return safe(f"error {record.source}:{record.line}: {record.error}\n")
        if fmt == "csv":
            return self._row(record)
        if fmt in ("json", "model"):
            text = safe(json.dumps(record_object(record, self.with_source, self.lenient),
                                   ensure_ascii=False))
            return text if fmt == "json" else text + "\n"
        return jsonl(record, self.with_source, self.lenient)
