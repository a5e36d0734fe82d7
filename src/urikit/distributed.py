"""The batch commands on a Dask cluster: bags of lines in, bags of records out.

Every function takes a :class:`dask.bag.Bag` of lines, as :func:`read_lines` gives them
or any bag of ``str`` (numbered from 1 in bag order, line ends kept or not), and
returns a bag of :class:`urikit.BatchRecord`, computed by the very function the
command line uses for each line (:func:`urikit._batch.engine.process_line`), with the
command line's definition of a line (:func:`urikit._batch.lines.split_lines`): ``\n``
and ``\r\n`` end a line, a lone ``\r`` stays in it, a BOM is removed from line 1 of
each file, undecodable bytes give an error record for their line, and an empty file
has no lines. An invalid or undecodable line is an error record, kept, never dropped,
so ``lines in = results + errors`` holds on a cluster too. :func:`to_jsonl` writes
records exactly as ``urikit COMMAND --format jsonl --errors inline`` does.

:func:`normalize`, :func:`validate` and :func:`canonicalize` also take a column of a
Dask DataFrame (a :class:`dask.dataframe.Series` of ``str``, as ``read_parquet`` gives
it) and return a Series aligned with it: the same index and partitions, one value a
row, computed by the same per-line function: the command line's output for a valid
row, ``<NA>`` for an invalid or missing one (``validate``: ``True``, ``False`` or
``<NA>``). Put it beside the other columns with ``df.assign``. :func:`errors` gives
why each invalid row is invalid, as the columns ``error_kind``, ``error_position``
and ``error_message``. :func:`dedupe` on a
Series gives a ``boolean`` column aligned with it, ``True`` for the first row of each
canonical form: ``df[ud.dedupe(df.url)]`` keeps the rows the command line keeps.
:func:`dedupe_groups` takes bags only. Each of these four takes a pandas Series too
(a column of a DataFrame in memory) and gives the same column as a pandas Series, with
its index, computed at once (``.. versionadded:: 0.5``; :mod:`urikit.pandas` has the
accessor ``Series.uri`` for the other operations).

:func:`build` makes a column of URLs from a DataFrame of their parts (``.. versionadded::
0.7``).

Needs the ``dask`` extra: ``pip install 'urikit[dask]'``.
"""

from __future__ import annotations

import dataclasses
import importlib
import operator
from typing import TYPE_CHECKING, Any, Final, NamedTuple, overload

from dask.bag import Bag
from dask.delayed import Delayed

from ._batch.columns import ERROR_FIELDS, ERROR_STRUCT
from ._batch.engine import process_line
from ._batch.lines import split_lines, text_line
from ._batch.operations import BUILD_FIELDS, Command, Operation
from ._batch.records import BatchRecord
from ._batch.render import jsonl
from ._web.canonical import DEFAULT_OPTIONS, CanonicalOptions

if TYPE_CHECKING:
    from dask.dataframe import DataFrame, Series

#: A pandas Series (pandas ships no type information: ``Any`` to a type checker).
PandasSeries = Any

# dask.bag's functions and methods have no annotations: called through Any.
db: Any = importlib.import_module("dask.bag")
delayed: Any = importlib.import_module("dask").delayed
read_bytes: Any = importlib.import_module("dask.bytes").read_bytes


def _bag(value: object) -> Bag:
    assert isinstance(value, Bag)
    return value


class Line(NamedTuple):
    """A line of a file as :func:`read_lines` reads it: where it is and its bytes
    (without the line end)."""

    source: str
    number: int
    raw: bytes


def _block_lines(block: bytes, source: str, first: int) -> list[Line]:
    return [Line(source, first + k, raw) for k, raw in enumerate(split_lines(block))]


def read_lines(urlpath: str | list[str], *, blocksize: int | str | None = "64MiB",
               storage_options: dict[str, Any] | None = None) -> Bag:
    """The lines of files (local paths, or any fsspec URL such as ``s3://``; globs
    allowed) as a bag of :class:`Line`, one partition a block, each file's lines
    numbered from 1 and named by the file's path, cut as the command line cuts them.
    Blocks end at a line end (``read_bytes`` with the delimiter ``\n``); an empty
    file gives no line, and no file at all an empty bag."""
    _, blocks, paths = read_bytes(urlpath, delimiter=b"\n", blocksize=blocksize,
                                  sample=False, include_path=True,
                                  **(storage_options or {}))
    parts: list[Delayed] = []
    for path, file_blocks in zip(paths, blocks, strict=True):
        first: Any = 1
        for block in file_blocks:
            part = delayed(_block_lines)(block, path, first)
            parts.append(part)
            first = delayed(operator.add)(first, delayed(len)(part))
    if not parts:
        return _bag(db.from_sequence([], npartitions=1))
    bag = _bag(db.from_delayed(parts))
    # dask.bag.Bag.name is unannotated
    _NUMBERED.add(bag.name)  # pyright: ignore[reportUnknownMemberType, reportUnknownArgumentType]
    return bag


#: The names of the bags read_lines made: their lines are numbered already, so that
#: records() maps them partition by partition, without the pass that counts the lines
#: of every partition (which would move whole partitions between workers).
_NUMBERED: set[str] = set()


Numbered = tuple[str | None, int, bytes | str]  # source, line number, line


def _numbered(partition: list[str | Line], first: int) -> list[Numbered]:
    return [item if isinstance(item, Line) else (None, first + k, text_line(item))
            for k, item in enumerate(partition)]


def number_lines(lines: Bag) -> Bag:
    """A bag of ``(source, line number, line)``: a :class:`Line` as it is, a ``str``
    numbered from 1 in bag order (its source ``None``) and cut as the command line
    cuts lines (:func:`urikit._batch.lines.text_line`)."""
    bag: Any = lines
    parts = bag.to_delayed(optimize_graph=False)
    numbered: list[Delayed] = []
    first: Any = 1
    for part in parts:
        numbered.append(delayed(_numbered)(part, first))
        first = delayed(operator.add)(first, delayed(len)(part))
    return _bag(db.from_delayed(numbered))


def _records(partition: list[Numbered], op: Operation,
             source: str | None) -> list[BatchRecord]:
    return [process_line(op, source or name or "-", line, raw)
            for name, line, raw in partition]


def records(lines: Bag, op: Operation, source: str | None = None) -> Bag:
    """The record of every line for ``op`` (any command of the command line), in line
    order; ``source`` names the input in the records (by default the file a
    :class:`Line` comes from, ``"-"`` for a ``str``)."""
    numbered = lines.name in _NUMBERED  # pyright: ignore[reportUnknownMemberType] (unannotated)
    bag: Any = lines if numbered else number_lines(lines)
    return _bag(bag.map_partitions(_records, op, source))


def _column_values(partition: Any, op: Operation, name: str) -> Any:
    """One partition of a Series through :func:`process_line`: the output of each
    valid row (``validate``: whether it is valid), ``<NA>`` for an invalid or missing
    one, with the partition's index."""
    pandas: Any = importlib.import_module("pandas")
    values: list[object] = []
    append = values.append
    validate = op.command is Command.VALIDATE
    for text in partition.tolist():
        if not isinstance(text, str):  # None, <NA> or NaN: a missing row
            append(None)
            continue
        record = process_line(op, "-", 0, text)
        if validate:
            append(record.error is None)
        else:
            append(None if record.error is not None else record.output)
    shape = op.command.shape
    dtype = {"flag": "boolean", "text": "string"}.get(shape, "object")
    return pandas.Series(values, index=partition.index, name=name, dtype=dtype)


def _is_series(value: object) -> bool:
    dataframe: Any = importlib.import_module("dask.dataframe")
    return isinstance(value, dataframe.Series)


def _is_pandas(value: object) -> bool:
    """Whether ``value`` is a pandas Series (pandas comes with Dask's DataFrames)."""
    pandas: Any = importlib.import_module("pandas")
    return isinstance(value, pandas.Series)


def column(urls: Series | PandasSeries, op: Operation,
           name: str | None = None) -> Series | PandasSeries:
    """The result of ``op`` (``normalize``, ``validate``, ``canonicalize``, or an
    operation of 0.6 of one value a row: ``Operation(Command.QUERY_PARAM,
    argument="utm_source")``, ``registrable_domain``, ``segments``...; a list is an
    ``object`` value) on each row
    of a Dask Series of ``str``, as a Series aligned with it (the same index and
    partitions) named ``name`` (by default the command: ``"normalize"``, ...): the
    command line's output for a valid row, ``<NA>`` for an invalid or missing row
    (``validate``: ``True``, ``False`` or ``<NA>``). A pandas Series gives a pandas
    Series, computed at once, with its index. The column is data, as every data front
    end's is: a password or a secret query value stays in a result as it was
    (``op.show_password`` is for records, which people read; :func:`errors` masks).

    .. versionadded:: 0.3
    .. versionchanged:: 0.5
       Takes a pandas Series too.
    .. versionchanged:: 0.6
       The results keep their secrets (they were masked unless ``show_password``);
       the operations of 0.6 of one value a row.
    """
    if op.command.pairs or op.command is Command.EXPLAIN or op.command.shape == "struct":
        raise ValueError(f"a Series takes an operation of one value a row (normalize, "
                         f"validate, canonicalize, query_param...), not {op.command}")
    op = dataclasses.replace(op, show_password=True)
    if _is_pandas(urls):
        return _column_values(urls, op, name or op.command.value)
    if not _is_series(urls):
        raise TypeError(f"urls must be a dask.dataframe.Series or a pandas.Series, "
                        f"not {type(urls).__name__}")
    series: Any = urls
    result: Series = series.map_partitions(_column_values, op, name or op.command.value)
    return result


#: The columns of :func:`errors`: the error as data, as the command line's Parquet
#: output has it (without its ``urikit_`` prefix).
ERROR_COLUMNS: Final = tuple(f"error_{field}" for field in ERROR_FIELDS)


def _error_frame(partition: Any, op: Operation) -> Any:
    """One partition of :func:`errors`: each row's error as three columns."""
    pandas: Any = importlib.import_module("pandas")
    # None, <NA> or NaN is a missing row: the command line's null cell
    found = [process_line(op, "-", 0, text if isinstance(text, str) else None).error
             for text in partition.tolist()]
    index = partition.index
    return pandas.DataFrame({
        column: pandas.Series([None if e is None else getattr(e, field) for e in found],
                              index=index, dtype=dtype)
        for column, (field, dtype) in zip(ERROR_COLUMNS, _ERROR_DTYPES.items(),
                                          strict=True)}, index=index)


#: The dtype of each error column, from the error struct's types (``int``: ``Int64``).
_ERROR_DTYPES: Final = {field: "Int64" if kind is int else "string"
                        for field, kind in ERROR_STRUCT.items()}


def errors(urls: Series | PandasSeries, *, allow_zone_id: bool = False,
           lenient: bool = False) -> DataFrame | PandasSeries:
    """Why each row of a Dask Series of ``str`` is not a URI-reference, as data: a Dask
    DataFrame aligned with it (the same index and partitions) of three columns, the
    error's kind (``string``: a short name to group by, ``invalid-host``,
    ``invalid-path``, ...: :attr:`urikit.BatchError.kind`), its position (``Int64``,
    ``<NA>`` when the error has none) and its message (``string``, without the
    position), each ``<NA>`` for a valid row; a missing row has the error ``null``
    (``no reference (null)``), as a null cell has in the command line's Parquet
    output, whose ``urikit_error_kind``, ``urikit_error_position`` and
    ``urikit_error_message`` columns these are. Passwords are masked in the messages.
    Put them beside the other columns with ``df.join(ud.errors(df.url))``, and group
    by ``error_kind``. A pandas Series gives a pandas DataFrame, computed at once.

    Args:
        urls: a column of a Dask DataFrame, or a pandas Series.
        allow_zone_id: accept an IPv6 zone identifier (RFC 6874).
        lenient: read each row as :meth:`urikit.URI.parse_lenient` does (the error is
            then one the repaired text still has).

    Raises:
        TypeError: ``urls`` is not a Dask or pandas Series.

    .. versionadded:: 0.5
    """
    op = Operation(Command.VALIDATE, allow_zone_id=allow_zone_id, lenient=lenient)
    if _is_pandas(urls):
        return _error_frame(urls, op)
    if not _is_series(urls):
        raise TypeError(f"urls must be a dask.dataframe.Series or a pandas.Series, "
                        f"not {type(urls).__name__}")
    pandas: Any = importlib.import_module("pandas")
    meta = pandas.DataFrame({
        column: pandas.Series([], dtype=dtype)
        for column, dtype in zip(ERROR_COLUMNS, _ERROR_DTYPES.values(), strict=True)})
    series: Any = urls
    result: DataFrame = series.map_partitions(_error_frame, op, meta=meta)
    return result


def _built(partition: Any, strict: bool) -> Any:
    """One partition of :func:`build`: pandas' build over its part columns."""
    from .pandas import build as pandas_build

    return pandas_build(*(partition[field] if field in partition.columns else None
                          for field in BUILD_FIELDS), strict=strict).rename("url")


def build(parts: DataFrame | Any, *, strict: bool = True) -> Series | PandasSeries:
    """A URL a row of a Dask DataFrame of plain parts, each encoded for its place once,
    as :func:`urikit.polars.build` and :func:`urikit.pandas.build` build it: the
    columns named ``scheme``, ``host``, ``port``, ``segments`` (lists of texts),
    ``query`` (lists of ``{"key", "value"}`` structs, or dicts) and ``fragment`` are
    the parts (one left out: a part left out), the result a ``string`` Series named
    ``url`` aligned with the frame; ``<NA>`` for a row of missing parts and, with
    ``strict=False``, for a row that builds no URL (``strict``: a
    :class:`urikit.URIError` when it is computed). A pandas DataFrame gives a pandas
    Series, at once. Bags of lines build with ``records(lines,
    Operation(Command.BUILD))`` (both names are this module's), each line a JSON
    object of the parts, as the command line's ``urikit build`` reads them.

    Raises:
        TypeError: ``parts`` has none of the parts' columns, or is no DataFrame.

    .. versionadded:: 0.7
    """
    pandas: Any = importlib.import_module("pandas")
    dataframe: Any = importlib.import_module("dask.dataframe")
    frame: Any = parts
    if not isinstance(frame, (pandas.DataFrame, dataframe.DataFrame)):
        raise TypeError(f"parts must be a dask.dataframe.DataFrame or a pandas.DataFrame, "
                        f"not {type(frame).__name__}")
    if not set(BUILD_FIELDS) & set(frame.columns):
        raise TypeError(f"parts has none of the columns {', '.join(BUILD_FIELDS)}")
    if isinstance(frame, pandas.DataFrame):
        return _built(frame, strict)
    result: Series = frame.map_partitions(
        _built, strict, meta=pandas.Series([], dtype="string", name="url"))
    return result


def _run(lines: Bag | Series | PandasSeries, op: Operation,
         source: str | None) -> Bag | Series | PandasSeries:
    """Records of a bag, or the column of a Series."""
    if isinstance(lines, Bag):
        return records(lines, op, source)
    return column(lines, op)


@overload
def normalize(lines: Bag, *, allow_zone_id: bool = ..., show_password: bool = ...,
              lenient: bool = ..., source: str | None = ...) -> Bag: ...
@overload
def normalize(lines: Series, *, allow_zone_id: bool = ..., show_password: bool = ...,
              lenient: bool = ..., source: str | None = ...) -> Series: ...
@overload
def normalize(lines: PandasSeries, *, allow_zone_id: bool = ..., show_password: bool = ...,
              lenient: bool = ..., source: str | None = ...) -> PandasSeries: ...
def normalize(lines: Bag | Series | PandasSeries, *, allow_zone_id: bool = False,
              show_password: bool = False, lenient: bool = False,
              source: str | None = None) -> Bag | Series | PandasSeries:
    """Records of ``urikit normalize`` (``lenient``: of ``urikit normalize
    --lenient``, lines read as :meth:`urikit.URI.parse_lenient` reads them); for a
    Series, its normalized column (see :func:`column`).

    .. versionchanged:: 0.3
       Takes a Dask DataFrame column too.
    """
    return _run(lines, Operation(Command.NORMALIZE, allow_zone_id=allow_zone_id,
                                 show_password=show_password, lenient=lenient), source)


@overload
def validate(lines: Bag, *, allow_zone_id: bool = ..., show_password: bool = ...,
             lenient: bool = ..., source: str | None = ...) -> Bag: ...
@overload
def validate(lines: Series, *, allow_zone_id: bool = ..., show_password: bool = ...,
             lenient: bool = ..., source: str | None = ...) -> Series: ...
@overload
def validate(lines: PandasSeries, *, allow_zone_id: bool = ..., show_password: bool = ...,
             lenient: bool = ..., source: str | None = ...) -> PandasSeries: ...
def validate(lines: Bag | Series | PandasSeries, *, allow_zone_id: bool = False,
             show_password: bool = False, lenient: bool = False,
             source: str | None = None) -> Bag | Series | PandasSeries:
    """Records of ``urikit validate``: the valid lines as results, the others as
    errors; for a Series, a ``boolean`` column of whether each row is valid (see
    :func:`column`).

    .. versionchanged:: 0.3
       Takes a Dask DataFrame column too.
    """
    return _run(lines, Operation(Command.VALIDATE, allow_zone_id=allow_zone_id,
                                 show_password=show_password, lenient=lenient), source)


@overload
def canonicalize(lines: Bag, options: CanonicalOptions = ..., *, allow_zone_id: bool = ...,
                 show_password: bool = ..., lenient: bool = ...,
                 source: str | None = ...) -> Bag: ...
@overload
def canonicalize(lines: Series, options: CanonicalOptions = ..., *,
                 allow_zone_id: bool = ..., show_password: bool = ..., lenient: bool = ...,
                 source: str | None = ...) -> Series: ...
@overload
def canonicalize(lines: PandasSeries, options: CanonicalOptions = ..., *,
                 allow_zone_id: bool = ..., show_password: bool = ..., lenient: bool = ...,
                 source: str | None = ...) -> PandasSeries: ...
def canonicalize(lines: Bag | Series | PandasSeries,
                 options: CanonicalOptions = DEFAULT_OPTIONS, *,
                 allow_zone_id: bool = False, show_password: bool = False,
                 lenient: bool = False,
                 source: str | None = None) -> Bag | Series | PandasSeries:
    """Records of ``urikit canonicalize``, with the steps of ``options`` (a
    :class:`urikit.CanonicalOptions`, sent whole to every task; the command line's
    ``--keep-fragment``, ``--drop-param`` ... build the same record); for a Series, its
    canonical column (see :func:`column`).

    .. versionchanged:: 0.3
       The steps are one :class:`urikit.CanonicalOptions` record, not five keywords.
    .. versionchanged:: 0.3
       Takes a Dask DataFrame column too.
    """
    return _run(lines, Operation(Command.CANONICALIZE, allow_zone_id=allow_zone_id,
                                 show_password=show_password, options=options,
                                 lenient=lenient), source)


def _is_error(record: BatchRecord) -> bool:
    return record.error is not None


def _is_result(record: BatchRecord) -> bool:
    return record.error is None


def _key(record: BatchRecord) -> str | None:
    return record.key


def _earlier(a: BatchRecord, b: BatchRecord) -> BatchRecord:
    return a if a.line <= b.line else b


def _second(pair: tuple[str, BatchRecord]) -> BatchRecord:
    return pair[1]


def _bags_only(lines: object) -> None:
    """Refuse a DataFrame column where only a bag makes sense, saying what to do."""
    if not isinstance(lines, Bag):
        raise TypeError(f"dedupe_groups takes a dask.bag.Bag, not {type(lines).__name__}: "
                        "for a DataFrame column, group on its canonicalize() column, or "
                        "keep the first row of each form with dedupe()")


def _canonical_op(options: CanonicalOptions = DEFAULT_OPTIONS, *, allow_zone_id: bool = False,
                  show_password: bool = False, lenient: bool = False,
                  source: str | None = None) -> Operation:
    """The operation of :func:`canonicalize`'s keywords (``source`` names no row)."""
    return Operation(Command.CANONICALIZE, allow_zone_id=allow_zone_id,
                     show_password=show_password, options=options, lenient=lenient)


#: A partition's rows for dedupe: the positions of its invalid or missing rows, and
#: its distinct canonical forms with the position of the first row of each, in order.
Keyed = tuple[list[int], list[str], list[int]]


def _keyed(partition: Any, op: Operation) -> Keyed:
    invalid: list[int] = []
    keys: list[str] = []
    positions: list[int] = []
    seen: set[str] = set()
    for position, text in enumerate(partition.tolist()):
        # None, <NA> or NaN is a missing row; an invalid row has no key
        key = process_line(op, "-", 0, text).key if isinstance(text, str) else None
        if key is None:
            invalid.append(position)
        elif key not in seen:
            seen.add(key)
            keys.append(key)
            positions.append(position)
    return invalid, keys, positions


def _firsts(*parts: Keyed) -> list[tuple[list[int], list[int]]]:
    """For each partition, the positions of its invalid or missing rows and of its
    rows that are the first of their canonical form in partition order (one set of
    every distinct form, as the command line keeps)."""
    seen: set[str] = set()
    add = seen.add
    firsts: list[tuple[list[int], list[int]]] = []
    for invalid, keys, positions in parts:
        mine: list[int] = []
        for key, position in zip(keys, positions, strict=True):
            if key not in seen:
                add(key)
                mine.append(position)
        firsts.append((invalid, mine))
    return firsts


def _first_mask(partition: Any, firsts: list[tuple[list[int], list[int]]], name: str,
                partition_info: dict[str, Any] | None = None) -> Any:
    """One partition of dedupe's column, from what :func:`_firsts` found."""
    pandas: Any = importlib.import_module("pandas")
    states: list[bool | None] = [False] * len(partition)
    if partition_info is not None:  # None only for dask's empty sample of the meta
        number: int = partition_info["number"]
        invalid, mine = firsts[number]
        for position in invalid:
            states[position] = None
        for position in mine:
            states[position] = True
    return pandas.Series(states, index=partition.index, name=name, dtype="boolean")


def _dedupe_column(urls: Series, op: Operation) -> Series:
    """The boolean column of :func:`dedupe` on a Series: each partition's distinct
    forms (a task each), the first rows of all of them (one task, in partition order),
    then the column, partition by partition, aligned with ``urls``."""
    pandas: Any = importlib.import_module("pandas")
    series: Any = urls
    firsts = delayed(_firsts)(*[delayed(_keyed)(part, op) for part in series.to_delayed()])
    meta = pandas.Series([], dtype="boolean", name="dedupe")
    result: Series = series.map_partitions(_first_mask, firsts, "dedupe", meta=meta)
    return result


@overload
def dedupe(lines: Bag, **options: Any) -> Bag: ...
@overload
def dedupe(lines: Series, **options: Any) -> Series: ...
@overload
def dedupe(lines: PandasSeries, **options: Any) -> PandasSeries: ...
def dedupe(lines: Bag | Series | PandasSeries,
           **options: Any) -> Bag | Series | PandasSeries:
    """Records of ``urikit dedupe``: the first line of each canonical form, and every
    error record. The order is the cluster's; sort by ``record.line`` to get the
    command line's. ``options`` are those of :func:`canonicalize`.

    For a Dask Series (a DataFrame column), a ``boolean`` Series aligned with it (the
    same index and partitions), named ``"dedupe"``: ``True`` for the first row of each
    canonical form in the Series' order (partition by partition, as the command line
    keeps the first line), ``False`` for a later row of a form seen before, ``<NA>``
    for an invalid or missing row. ``df[ud.dedupe(df.url)]`` keeps the rows the
    command line keeps, with every other column; ``df.url[...]`` the URLs alone. One
    task holds every distinct canonical form, as the command line does.

    .. versionchanged:: 0.3
       Takes a Dask DataFrame column too.
    .. versionchanged:: 0.5
       Takes a pandas Series too (the same column, computed at once).
    """
    if not isinstance(lines, Bag):
        if _is_pandas(lines):
            op = _canonical_op(**options)
            return _first_mask(lines, _firsts(_keyed(lines, op)), "dedupe", {"number": 0})
        if not _is_series(lines):
            raise TypeError(f"dedupe takes a dask.bag.Bag, a dask.dataframe.Series or a "
                            f"pandas.Series, not {type(lines).__name__}")
        return _dedupe_column(lines, _canonical_op(**options))
    recs: Any = canonicalize(lines, **options)
    firsts = recs.filter(_is_result).foldby(_key, _earlier, combine=_earlier).map(_second)
    return _bag(db.concat([firsts, recs.filter(_is_error)]))


Member = tuple[int, str, str]  # line, input, canonical form as shown


def _add(group: list[Member], record: BatchRecord) -> list[Member]:
    group.append((record.line, record.input, str(record.output)))  # a fresh list a key
    return group


def _extend(group: list[Member], other: list[Member]) -> list[Member]:
    group.extend(other)
    return group


def _group_object(pair: tuple[str, list[Member]]) -> dict[str, object]:
    members = sorted(pair[1])
    return {"canonical": members[0][2], "lines": [m[0] for m in members],
            "inputs": [m[1] for m in members]}


def dedupe_groups(lines: Bag, **options: Any) -> Bag:
    """Every canonical form's group as ``urikit dedupe --groups`` writes it: dicts of
    ``canonical``, ``lines`` and ``inputs``, lines in order, groups in the cluster's
    order (sort by ``lines[0]`` to get the command line's). ``options`` are those of
    :func:`canonicalize`. Time linear in the size of a group (lists are extended in
    place, each started afresh by ``list``), and ``n log n`` to sort it."""
    _bags_only(lines)
    recs: Any = canonicalize(lines, **options)
    return _bag(recs.filter(_is_result).foldby(_key, _add, list, combine=_extend,
                                                combine_initial=list).map(_group_object))


def to_jsonl(recs: Bag, *, with_source: bool = False, lenient: bool = False) -> Bag:
    """Records as JSON Lines text (each with its newline), as the command line's
    ``--format jsonl --errors inline`` writes them (``with_source``: as it writes them
    for several inputs; ``lenient``: with ``--lenient``, each record's repairs)."""
    bag: Any = recs
    return _bag(bag.map(jsonl, with_source, lenient))
