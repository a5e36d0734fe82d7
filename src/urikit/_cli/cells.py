"""Columns of cells through the batch engine: a list of values in, a list of results out.

The kernel of the DataFrame front ends (:mod:`urikit.polars`, :mod:`urikit.pandas`):
one Python loop over a column's values, each non-null value through the per-line
engine (:func:`~urikit._cli.batch.process_line`, the command line's), the results
gathered in a list that the front end turns into its column at once. A null gives a
null; an invalid value gives a null (``strict=False``) or raises :class:`URIError`
with the error's message, its password masked (``strict=True``); :func:`errors`
gives each row's error as data (kind, position, message).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

from .._core.errors import URIError
from .._core.parse import split
from .._web.canonical import DEFAULT_OPTIONS, CanonicalOptions
from .batch import Operation, Record, error_message, process_line

#: The operations of a column, by their name in every front end (DuckDB's, less its
#: ``urikit_`` prefix): each with the command of the engine that computes it.
COMMANDS: Final = {"is_valid": "validate", "error": "validate", "normalize": "normalize",
                   "canonicalize": "canonicalize", "resolve": "resolve",
                   "relative": "relative", "host": "validate", "components": "validate"}
#: The operations that fail on invalid text: each has a ``try_`` twin.
FAILING: Final = ("normalize", "canonicalize", "resolve", "relative", "host", "components")
#: The fields of a URI's components, in :class:`urikit.Components`' order.
COMPONENTS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
#: The fields of an error as data.
ERROR_FIELDS: Final = ("kind", "position", "message")


class CellError(NamedTuple):
    """An invalid cell's error as data: its kind (to group by), the position in the
    value (or ``None``) and the message without the position, passwords masked."""

    kind: str
    position: int | None
    message: str


class ColumnOp(NamedTuple):
    """An operation on a column and its options (hashable: its engine operation is
    made once)."""

    name: str
    options: CanonicalOptions = DEFAULT_OPTIONS
    allow_zone_id: bool = False
    lenient: bool = False
    #: for ``error``: the operation whose errors it gives
    of: str = "is_valid"


@functools.lru_cache(maxsize=64)
def _engine(op: ColumnOp, base: str | None, show_password: bool) -> Operation:
    command = COMMANDS[op.of if op.name == "error" else op.name]
    return Operation(command, allow_zone_id=op.allow_zone_id, show_password=show_password,
                     base=base if command in ("resolve", "relative") else None,
                     options=op.options, lenient=op.lenient)


def _record(op: ColumnOp, value: str, base: str | None, show: bool) -> Record:
    return process_line(_engine(op, base, show), "-", 0, value)


def error_of(op: ColumnOp, value: str, base: str | None = None) -> CellError | None:
    """The error of one value (and base), passwords masked; ``None`` when valid."""
    error = _record(op, value, base, False).error
    if error is None:
        return None
    kind = "uri-error" if error.component is None else f"invalid-{error.component}"
    message = error.message if error.component is None else f"{error.message} in {error.component}"
    return CellError(kind, error.position, message)


def _result(op: ColumnOp, record: Record, value: str) -> object:
    name = op.name
    if name == "is_valid":
        return True
    if name in ("host", "components"):
        parts = split(str(record.output), op.allow_zone_id)
        return parts[2] if name == "host" else dict(zip(COMPONENTS, parts, strict=True))
    return record.output


def _raise(op: ColumnOp, front: str, value: str, base: str | None) -> None:
    record = _record(op, value, base, False)
    assert record.error is not None
    raise URIError(f"{front}{op.name}: {record.input!r}: {error_message(record.error)}")


def column(op: ColumnOp, values: Sequence[str | None], bases: Sequence[str | None] | str
           | None = None, *, strict: bool, front: str = "") -> list[object]:
    """The result of ``op`` on each value: ``None`` for a null (a value or a base) and,
    unless ``strict``, for an invalid value; ``strict`` raises :class:`URIError` for
    the first invalid value (its message names ``front`` and ``op``)."""
    out: list[object] = []
    append = out.append
    name = op.name
    for k, value in enumerate(values):
        base = bases if bases is None or isinstance(bases, str) else bases[k]
        if value is None or (base is None and name in ("resolve", "relative")):
            append(None)
            continue
        record = _record(op, value, base, True)
        if record.error is None:
            append(_result(op, record, value))
        elif name == "is_valid":
            append(False)
        elif strict and name != "error":
            _raise(op, front, value, base)
        else:
            append(None)
    return out


def errors(op: ColumnOp, values: Sequence[str | None],
           bases: Sequence[str | None] | str | None = None) -> list[CellError | None]:
    """Each row's error as data: ``None`` for a valid row or a null."""
    out: list[CellError | None] = []
    for k, value in enumerate(values):
        base = bases if bases is None or isinstance(bases, str) else bases[k]
        if value is None or (base is None and op.of in ("resolve", "relative")):
            out.append(None)
        else:
            out.append(error_of(op, value, base))
    return out


Kernel = Callable[..., list[object]]
