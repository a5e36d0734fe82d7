"""Tables in and out: a column of references from CSV or Parquet, Parquet written back.

A table input gives its reference column (or, for pairs, its base and reference
columns) to the batch engine in chunks of rows, the row number standing for the line
number; a Parquet output keeps every column of the input and adds the result columns
(:data:`RESULT_COLUMNS`), one row in for one row out (``dedupe`` drops the rows whose
canonical form came before). Both stream: Parquet is read a batch of rows at a time
(``ParquetFile.iter_batches``) and written a row group at a time (``ParquetWriter``),
so memory does not grow with the file. pyarrow (the ``parquet`` extra) is imported
only when a Parquet file is read or written.
"""

from __future__ import annotations

import array
import csv
import dataclasses
import importlib
import json
import os
import stat
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any, Final, NamedTuple, TextIO, cast

from .._batch.columns import ERROR_FIELDS
from .._batch.engine import process_line
from .._batch.lines import Line, safe, shown_text
from .._batch.render import repairs_object
from .batch import Chunk, Job
from .output import Guard, deferred, why
from .report import Summary

#: The columns a Parquet output adds to the input's: the result as the text output
#: shows it (explain: the element model as JSON), the error as data (its kind, its
#: position or null, its message without the position: see
#: :class:`urikit.BatchError`), and with ``--lenient`` the repairs (JSON, as in the
#: ``repairs`` of ``jsonl``). A row has a result or an error, never both.
RESULT_COLUMNS: Final = ("urikit_result", *(f"urikit_error_{f}" for f in ERROR_FIELDS),
                         "urikit_repairs")
#: Rows written to a Parquet output at a time (one row group each).
ROW_GROUP: Final = 1 << 16
DEFAULT_COLUMN: Final = "url"
DEFAULT_BASE_COLUMN: Final = "base"


class TableError(Exception):
    """A table cannot be read or written as asked (a usage error, status 2)."""


def arrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet, or :class:`TableError` saying how to install them
    (pyarrow has no type information: its objects are ``Any`` here, and only here)."""
    try:
        pyarrow = importlib.import_module("pyarrow")
        parquet = importlib.import_module("pyarrow.parquet")
    except ImportError as exc:
        raise TableError("Parquet needs pyarrow: python -m pip install 'urikit[parquet]'"
                         f" ({exc})") from None
    return pyarrow, parquet


#: The input formats that a file's name tells by its extension (``--input-format``
#: wins); JSON Lines is told only to be refused (no reader reads it).
INPUT_EXTENSIONS: Final = {".csv": "csv", ".parquet": "parquet", ".jsonl": "jsonl",
                           ".ndjson": "jsonl"}


def input_kind(name: str, input_format: str | None, output_format: str | None) -> str:
    """How an input is read: ``lines``, ``csv`` or ``parquet`` (or ``jsonl``, which
    the command line refuses). Given by ``--input-format``; otherwise by the name's
    extension (:data:`INPUT_EXTENSIONS`, in any case), as the output's format is
    (:func:`output_kind`); otherwise Parquet with ``--format parquet`` given, lines
    otherwise.

    >>> input_kind("a.parquet", None, None), input_kind("a.CSV", None, None)
    ('parquet', 'csv')
    >>> input_kind("a.csv", "lines", None), input_kind("-", None, "parquet")
    ('lines', 'parquet')
    """
    if input_format is not None:
        return input_format
    kind = INPUT_EXTENSIONS.get(os.path.splitext(name)[1].lower())
    if kind is not None:
        return kind
    return "parquet" if output_format == "parquet" else "lines"


class TableReader:
    """The rows of one CSV or Parquet file as chunks of references, each chunk's other
    columns kept (in :attr:`kept`, in order) when a Parquet output needs them."""

    def __init__(self, name: str, kind: str, column: str, base_column: str | None,
                 chunk_size: int, keep: bool) -> None:
        self.name = name
        self.kind = kind
        self.wanted = (column,) if base_column is None else (base_column, column)
        self.chunk_size = chunk_size
        self.keep = keep
        self.kept: deque[Any] = deque()  # Arrow record batches, or CSV columns
        self._csv: TextIO | None = None
        self._parquet: Any = None
        self.names: list[str] = []

    def open(self) -> None:
        """Open the file and find the columns, or raise :class:`TableError`."""
        name, kind, base_column = self.name, self.kind, len(self.wanted) > 1
        try:
            if kind == "parquet":
                _, parquet = arrow()
                # pre_buffer would read ahead every row group still to come: memory
                # would grow with the file
                self._parquet = parquet.ParquetFile(name, pre_buffer=False)
                self.names = list(self._parquet.schema_arrow.names)
            else:
                # utf-8-sig: a BOM before the header (Excel's "CSV UTF-8") is a BOM,
                # not a character of the first column's name
                self._csv = open(name, encoding="utf-8-sig", errors="surrogateescape",  # noqa: SIM115 (closed by close())
                                 newline="")
                self._rows = csv.reader(self._csv)
                no_header: list[str] = []  # an empty file: no columns
                self.names = next(self._rows, no_header)
        except OSError as exc:
            raise TableError(f"cannot read {name}: {exc.strerror or exc}") from None
        except (ValueError, TypeError) as exc:  # pyarrow's ArrowInvalid is a ValueError
            raise TableError(f"cannot read {name} as {kind}: {exc}") from None
        _check_names(name, self.names, self.keep)
        missing = [c for c in self.wanted if c not in self.names]
        if missing:
            # a .csv file of bare lines (read as CSV by its name) has a URL for header
            lines = "" if kind == "parquet" else (
                " (a file of one reference a line, without a header: --input-format lines)")
            raise TableError(f"{name} has no column {missing[0]!r} (its columns: "
                             f"{', '.join(map(_shown_name, self.names)) or 'none'}); "
                             "name it with --column"
                             f"{' or --base-column' if base_column else ''}{lines}")
        if self._parquet is not None:
            pa, _ = arrow()
            for column in self.wanted:
                kind = self._parquet.schema_arrow.field(column).type
                if pa.types.is_dictionary(kind):
                    kind = kind.value_type
                if not (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
                    raise TableError(f"column {column!r} of {name} holds {kind}, not text")
        if self.keep:
            taken = [c for c in RESULT_COLUMNS if c in self.names]
            if taken:
                raise TableError(f"{name} already has a column {taken[0]!r}, which the "
                                 "output adds")

    def schema(self) -> Any:
        """The input's columns as Arrow sees them (CSV: every column text)."""
        pa, _ = arrow()
        if self._parquet is not None:
            return self._parquet.schema_arrow
        return pa.schema([(n, pa.string()) for n in self.names])

    def chunks(self) -> Iterator[Chunk]:
        """The references, ``chunk_size`` rows at a time (row 1 is the first row after
        the header); a pair of values for pairs, ``None`` for a null or missing one."""
        first = 1
        if self._parquet is not None:
            for batch in self._parquet.iter_batches(batch_size=self.chunk_size,
                                                    use_threads=False):
                columns = [_values(batch.column(c)) for c in self.wanted]
                lines: Sequence[Line] = columns[0] if len(columns) == 1 else list(
                    zip(*columns, strict=True))
                if self.keep:
                    self.kept.append(batch)
                yield Chunk(self.name, first, lines)
                first += batch.num_rows
            return
        indexes = [self.names.index(c) for c in self.wanted]
        width = len(self.names)
        rows: list[list[str]] = []
        for row in self._rows:
            rows.append(row)
            if len(rows) == self.chunk_size:
                yield self._csv_chunk(first, rows, indexes, width)
                first += len(rows)
                rows = []
        if rows:
            yield self._csv_chunk(first, rows, indexes, width)

    def _csv_chunk(self, first: int, rows: list[list[str]], indexes: list[int],
                   width: int) -> Chunk:
        def cell(row: list[str], k: int) -> str | None:
            return row[k] if k < len(row) else None

        def column(k: int) -> list[str | None]:
            return [cell(row, k) for row in rows]

        if len(indexes) == 1:
            lines: Sequence[Line] = _undecoded_column(column(indexes[0]))
        else:
            b, r = indexes
            lines = list(zip(_undecoded_column(column(b)), _undecoded_column(column(r)),
                             strict=True))
        if self.keep:  # written to Parquet (UTF-8): undecodable bytes as \xff
            self.kept.append([[v if v is None else shown_text(v)
                               for v in _undecoded_column(column(k))]
                              for k in range(width)])
        return Chunk(self.name, first, lines)

    def close(self) -> None:
        """Close the file."""
        if self._csv is not None:
            self._csv.close()
        if self._parquet is not None:
            self._parquet.close()


def _check_names(name: str, names: list[str], keep: bool) -> None:
    """Refuse a header that names a column twice (which column would be read, and
    which written?), or, when the columns are written (``keep``), a name that is not
    UTF-8 (read with ``surrogateescape``): :class:`TableError`."""
    first: dict[str, int] = {}
    for k, column in enumerate(names, 1):
        if column in first:
            raise TableError(f"{name} has the column name '{_shown_name(column)}' twice "
                             f"(columns {first[column]} and {k}): rename one")
        first[column] = k
        if keep and type(_undecoded(column)) is bytes:
            raise TableError(f"{name}: column {k}'s name '{_shown_name(column)}' is not "
                             "UTF-8")


def _values(column: Any) -> list[bytes | str | None]:
    """The values of a Parquet text column: text, or bytes where a value is not
    UTF-8 (a program that wrote the file did not check), so that its row gets the
    error record a line with those bytes gets."""
    try:
        return cast("list[bytes | str | None]", column.to_pylist())
    except UnicodeDecodeError:
        pass
    pa, _ = arrow()
    if pa.types.is_dictionary(column.type):
        column = column.dictionary_decode()
    raw = column.view(pa.large_binary() if pa.types.is_large_string(column.type)
                      else pa.binary()).to_pylist()
    return [None if v is None else _decoded(v) for v in raw]


def _decoded(raw: bytes) -> bytes | str:
    """``raw`` read as UTF-8, or as it is when it is not UTF-8."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw


def _shown_name(column: str) -> str:
    """A column's name as a message shows it: bytes not UTF-8 written ``\\xff``."""
    return shown_text(_undecoded(column))


def _undecoded(value: str) -> bytes | str:
    """A CSV cell as the batch engine takes it: its text, or the bytes it was read
    from when they are not UTF-8 (read with ``surrogateescape``), so that the row
    gets the error record a line with those bytes gets."""
    if value.isascii():
        return value
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return value.encode("utf-8", "surrogateescape")
    return value


def _undecoded_column(values: list[str | None]) -> list[bytes | str | None]:
    """:func:`_undecoded` of each cell of a column (at once, in C, when all are
    ASCII, as most are)."""
    if "".join(filter(None, values)).isascii():
        return cast("list[bytes | str | None]", values)
    return [v if v is None else _undecoded(v) for v in values]


class Cells(NamedTuple):
    """A chunk of table rows processed, as the result columns hold them (what a
    worker sends back for a Parquet output)."""

    results: list[str | None]
    kinds: list[str | None]
    positions: list[int | None]
    messages: list[str | None]
    repairs: list[str | None] | None
    keys: list[str | None] | None  # dedupe: the canonical form, None for an error


def table_chunk(job: Job, chunk: Chunk) -> Cells:
    """Process the rows of a chunk into result cells (the function a worker runs).

    A table's columns are data a pipeline passes on, as every data front end's are
    (Polars, pandas, DuckDB, Dask): the results keep passwords and secret query values
    as they are, and the input's columns are written as read; only the error columns,
    which people read, mask them (unless ``--show-password``). A row is processed with
    its secrets shown, and again as ``op`` says on error only (the rare path)."""
    checking = job.op
    op = dataclasses.replace(checking, show_password=True)
    results: list[str | None] = []
    kinds: list[str | None] = []
    positions: list[int | None] = []
    messages: list[str | None] = []
    repairs: list[str | None] | None = [] if op.lenient else None
    keys: list[str | None] | None = [] if job.keys else None
    source, first = chunk.source, chunk.first
    lines = chunk.lines
    assert not isinstance(lines, bytes)
    add_result, add_kind = results.append, kinds.append
    add_position, add_message = positions.append, messages.append
    for k, raw in enumerate(lines, first):
        record = process_line(op, source, k, raw)
        error = record.error
        if error is not None and not checking.show_password:
            record = process_line(checking, source, k, raw)
            error = record.error
            assert error is not None
        if error is None:
            output = record.output
            # a result is URI text (ASCII); explain's element model becomes JSON
            add_result(output if type(output) is str or output is None else safe(
                json.dumps(output, ensure_ascii=False)))
            add_kind(None)
            add_position(None)
            add_message(None)
        else:
            add_result(None)
            add_kind(error.kind)
            add_position(error.position)
            add_message(safe(error.message))
        if repairs is not None:
            repairs.append(safe(json.dumps(repairs_object(record.repairs),
                                            ensure_ascii=False)))
        if keys is not None:
            keys.append(record.key)
    return Cells(results, kinds, positions, messages, repairs, keys)


def _strings(pa: Any, values: list[str | None]) -> Any:
    """An Arrow string array of ``values``. By pyarrow's StringBuilder, not
    ``pa.array``: that one imports pandas (half a second, a hundred MiB) to ask
    whether a list is a pandas object."""
    builder = getattr(pa.lib, "StringBuilder", None)
    if builder is None:  # pragma: no cover - a pyarrow without it
        return pa.array(values, pa.string())
    strings = builder()
    strings.append_values(values)
    return strings.finish()


def _integers(pa: Any, values: list[int | None]) -> Any:
    """An Arrow int64 array of ``values`` (``None`` a null), from its buffers, for the
    same reason as :func:`_strings`."""
    present = [v is not None for v in values]
    data = array.array("q", [v or 0 for v in values]).tobytes()
    validity = None if all(present) else _booleans(pa, present).buffers()[1]
    return pa.Array.from_buffers(pa.int64(), len(values), [validity, pa.py_buffer(data)])


def _booleans(pa: Any, values: list[bool]) -> Any:
    """An Arrow boolean array of ``values`` (no nulls), from its bitmap (least
    significant bit first, as Arrow lays it out), for the same reason as
    :func:`_strings`."""
    bitmap = bytearray((len(values) + 7) // 8)
    for k, value in enumerate(values):
        if value:
            bitmap[k >> 3] |= 1 << (k & 7)
    return pa.Array.from_buffers(pa.bool_(), len(values),
                                 [None, pa.py_buffer(bytes(bitmap))])


class ParquetRun:
    """Writes each processed chunk beside the input's columns, a row group at a time,
    and counts what was written: rows are counted in the summary once their row group
    is written, so an interrupted run counts only rows in the file (which is closed
    with its footer, readable).

    Taking a chunk, writing a row group and closing the file each run whole, a
    signal deferred (:attr:`guard`; the caller asks it after): were ^C to raise as a
    row group's write returns, before it is marked written, the row group would be
    written again when the run closes the file, and counted once. A file whose write
    failed (a full disk) has no footer, so no reader can read it: it is reported as
    not written (nothing counted) and removed.
    """

    def __init__(self, reader: TableReader, path: str, dedupe: bool) -> None:
        pa, parquet = arrow()
        self.pa = pa
        self.reader = reader
        self.name = path
        self.failed = ""
        self.summary = Summary()
        self.lost_errors = False
        self.sent_errors = False  # the errors are in the table
        self.dedupe = dedupe
        self.seen: set[str] = set()
        schema = reader.schema()
        added = [(RESULT_COLUMNS[0], pa.string()), (RESULT_COLUMNS[1], pa.string()),
                 (RESULT_COLUMNS[2], pa.int64()), (RESULT_COLUMNS[3], pa.string())]
        self.lenient = False
        self.schema = schema
        self._pending: list[object] = []
        self._rows = 0
        self._counts = Summary()
        self._added = added
        self._writer: Any = None
        self._parquet = parquet
        #: what stops a run (^C, SIGTERM): set by the run once it handles signals
        self.guard: Guard | None = None

    def open(self, lenient: bool) -> None:
        """Open the output (only once the input is known to be readable)."""
        pa = self.pa
        self.lenient = lenient
        if lenient:
            self._added.append((RESULT_COLUMNS[4], pa.string()))
        schema = self.schema
        for name, kind in self._added:
            schema = schema.append(pa.field(name, kind))
        self.schema = schema
        try:
            # the added columns are mostly distinct texts (or nulls): a dictionary or
            # min/max statistics of them cost more to write than they save
            kept = [name for name in schema.names if name not in RESULT_COLUMNS]
            self._writer = self._parquet.ParquetWriter(
                self.name, schema, use_dictionary=kept, write_statistics=kept)
        except OSError as exc:
            raise TableError(f"cannot write {self.name}: {exc.strerror or exc}") from None

    def write(self, text: str) -> bool:
        """The text formats' header and footer: nothing to write here."""
        return not self.failed

    def take(self, cells: Cells) -> None:
        """Add a chunk's rows (their kept columns come from the reader, in order),
        whole or not at all (a signal deferred)."""
        with deferred(self.guard):
            self._take(cells)

    def _take(self, cells: Cells) -> None:
        pa = self.pa
        kept = self.reader.kept.popleft()
        if isinstance(kept, list):  # CSV: columns of text, as _csv_chunk keeps them
            csv_columns = cast("list[list[str | None]]", kept)
            arrays = [_strings(pa, column) for column in csv_columns]
            batch = pa.RecordBatch.from_arrays(arrays, schema=self.reader.schema())
        else:
            batch = kept
        columns: list[Any] = [_strings(pa, cells.results), _strings(pa, cells.kinds),
                              _integers(pa, cells.positions), _strings(pa, cells.messages)]
        if self.lenient:
            assert cells.repairs is not None
            columns.append(_strings(pa, cells.repairs))
        for (name, _), values in zip(self._added, columns, strict=True):
            batch = batch.append_column(name, values)
        results = len(cells.results) - cells.results.count(None)
        counts = self._counts
        counts.results += results
        counts.errors += len(cells.results) - results
        if cells.keys is not None:
            keep = self._first_of_each(cells.keys)
            counts.duplicates += len(keep) - sum(keep)
            batch = batch.filter(_booleans(pa, keep))
        self._pending.append(batch)
        self._rows += batch.num_rows
        if self._rows >= ROW_GROUP:
            self.flush()

    def _first_of_each(self, keys: list[str | None]) -> list[bool]:
        """Which rows to keep: an error, or the first of its canonical form."""
        seen = self.seen
        keep: list[bool] = []
        for key in keys:
            if key is None:
                keep.append(True)
            elif key in seen:
                keep.append(False)
            else:
                seen.add(key)
                keep.append(True)
        return keep

    def flush(self) -> bool:
        """Write the rows taken so far as a row group and count them, whole or not at
        all (a signal deferred)."""
        if self.failed or self._writer is None:
            return not self.failed
        with deferred(self.guard):
            if self._pending:
                try:
                    self._writer.write_table(self.pa.Table.from_batches(
                        self._pending, schema=self.schema))
                except OSError as exc:
                    self.failed = why(exc)
                    return False
                self._pending, self._rows = [], 0
            summary, counts = self.summary, self._counts
            summary.results += counts.results
            summary.errors += counts.errors
            summary.duplicates += counts.duplicates
            self._counts = Summary()
        return True

    def write_groups(self) -> None:
        """(``dedupe --groups`` is refused for Parquet output.)"""

    def close(self) -> None:
        """Write the rows taken and the file's footer (a signal deferred); after a
        failed write, report the file as not written (see the class)."""
        if self._writer is None:
            return
        self.flush()
        writer, self._writer = self._writer, None
        with deferred(self.guard):
            try:
                writer.close()
            except OSError as exc:
                self.failed = self.failed or why(exc)
            if self.failed:
                self._not_written()

    def _not_written(self) -> None:
        """A file without its footer: nothing in it can be read, so nothing counts;
        removed when it is a regular file (not a device or a pipe it was written to)."""
        fatal = self.summary.fatal
        self.summary = Summary()
        self.summary.fatal = fatal
        note = "not written: a Parquet file without its footer cannot be read"
        try:
            if stat.S_ISREG(os.stat(self.name).st_mode):
                os.remove(self.name)
                note += "; removed"
        except OSError:
            pass
        self.failed = f"{self.failed}; {note}"


def output_kind(fmt: str | None, output: str | None) -> str:
    """The output format: ``--format``, else parquet for ``-o`` ending with
    ``.parquet``, else text."""
    if fmt is not None:
        return fmt
    if output is not None and os.path.splitext(output)[1].lower() == ".parquet":
        return "parquet"
    return "text"
