"""Columns through the engine: a table column's values in, its results or its errors out.

What a DataFrame front end (Polars' namespace, pandas' accessor) asks for a whole
column at once: :func:`results` runs one Python loop over the values, each
non-null value through the table's function (:func:`~urikit._batch.engine.bound`,
the command line's own), a null giving a null and an invalid value a null or, strict,
a :class:`~urikit.URIError` whose message :func:`why` words (DuckDB's functions word
theirs with it too); :func:`errors` gives each row's error as data, the record the
command line writes for the same cell (:func:`~urikit._batch.engine.cell`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Final, Literal, cast

from .._core.errors import URIError
from .._web.canonical import CanonicalOptions
from .engine import apply_pair, bound, cell
from .masking import mask_passwords_in
from .operations import Command, Operation, build_text
from .records import BatchError

#: The fields of an error as data, as every table writes them (without the
#: ``urikit_error_`` of the command line's columns).
ERROR_FIELDS: Final = ("kind", "position", "message")

#: The name of a DataFrame method's operation (DuckDB's function's, without its prefix):
#: each command of the table's (:class:`~urikit._batch.operations.Command`) but
#: ``explain`` (the command line's drawing), ``validate`` being ``is_valid``.
Method = Literal["normalize", "is_valid", "resolve", "relative", "canonicalize", "host",
                 "components", "decoded", "segments", "host_labels", "query_param",
                 "query_values", "query_pairs", "registrable_domain", "public_suffix",
                 "subdomain", "in_domain"]
#: Each method's operation in the engine's table (``is_valid``: validate), in the
#: table's order: the one list every DataFrame front end and DuckDB register.
METHODS: Final[dict[str, Command]] = {
    ("is_valid" if command is Command.VALIDATE else command.value): command
    for command in Command if command is not Command.EXPLAIN}
#: The methods with a ``try_`` twin: those that fail on invalid text (all but
#: ``is_valid``, which answers ``False``).
FAILING: Final = tuple(name for name in METHODS if name != "is_valid")

#: A column's bases: none, one for every row, or one a row.
Bases = Sequence[str | None] | str | None


def operation(command: Command, options: CanonicalOptions, allow_zone_id: bool,
              lenient: bool, argument: str = "", charset: str = "utf-8",
              default_scheme: str = "") -> Operation:
    """The operation of a DataFrame method: its results are data, a password kept
    (``show_password``); its errors are masked all the same (:func:`errors`).

    Raises:
        TypeError: ``argument`` (a query key, a domain) is not a ``str``.
        ValueError: ``charset`` names no codec, or ``default_scheme`` is no scheme.
    """
    return Operation(command, allow_zone_id=allow_zone_id, show_password=True,
                     options=options, lenient=lenient, argument=argument, charset=charset,
                     default_scheme=default_scheme)


def _checking(op: Operation) -> Operation:
    """The operation whose records give ``op``'s errors as the command line reports
    them: the same, its secrets masked."""
    return dataclasses.replace(op, show_password=False, base=None)


def why(name: str, op: Operation, args: Sequence[tuple[str, str]], exc: URIError) -> str:
    """The message of a strict function's error: ``name``, then the argument that is
    not a URI-reference (by its name in ``args``, ``(name, text)`` pairs), its text
    and the reason, passwords masked; or, when each argument is one, the error's own
    message (a base without a scheme).

    >>> op = Operation(Command.NORMALIZE)
    >>> why("uri.normalize", op, [("url", "http://joe:pw@a b/")], URIError("x"))
    "uri.normalize: url 'http://joe:***@a b/': invalid character ' ' at position 15 in host"
    """
    checking = Operation(Command.VALIDATE, allow_zone_id=op.allow_zone_id,
                         lenient=op.lenient)
    for arg_name, arg in args:
        record = cell(checking, arg)
        if record.error is not None:
            return f"{name}: {arg_name} {record.input!r}: {record.error}"
    return f"{name}: {mask_passwords_in(str(exc))}"


def _base(bases: Bases, k: int) -> str | None:
    return bases if bases is None or isinstance(bases, str) else bases[k]


def results(op: Operation, values: Sequence[str | None], bases: Bases = None, *,
            strict: bool, name: str = "") -> list[object]:
    """The result of ``op`` on each value (against its base for resolve and relative):
    ``None`` for a null value or base and, unless ``strict``, for an invalid one;
    ``strict`` raises :class:`~urikit.URIError` for the first invalid row, its message
    worded by :func:`why` for the method ``name``. ``validate`` gives ``True`` or
    ``False``."""
    command = op.command
    out: list[object] = []
    append = out.append
    if command.pairs:
        if bases is None:
            raise TypeError(f"{command} needs a base")
        arguments = ("reference", "base") if command is Command.RESOLVE else ("url", "base")
        for k, value in enumerate(values):
            base = _base(bases, k)
            if value is None or base is None:
                append(None)
                continue
            try:
                append(apply_pair(op, base, value))
            except URIError as exc:
                if strict:
                    raise URIError(why(name, op, list(zip(arguments, (value, base),
                                                          strict=True)), exc)) from None
                append(None)
        return out
    validate = command is Command.VALIDATE
    function = bound(op)
    for value in values:
        if value is None:
            append(None)
            continue
        try:
            output = function(value)
        except URIError as exc:
            if validate:
                append(False)
            elif strict:
                raise URIError(why(name, op, [("url", value)], exc)) from None
            else:
                append(None)
            continue
        append(True if validate else output)
    return out


def errors(op: Operation, values: Sequence[str | None],
           bases: Bases = None) -> list[BatchError | None]:
    """The error of ``op`` on each row as data, as the command line's record of the
    same cell (or base and reference cells) has it, secrets masked: ``None`` for a
    row it succeeds on, or with a null value or base (a DataFrame's null is no
    error)."""
    checking = _checking(op)
    function = bound(op)
    out: list[BatchError | None] = []
    append = out.append
    for k, value in enumerate(values):
        base = _base(bases, k)
        if value is None or (checking.pairs and base is None):
            append(None)
        else:
            try:  # the fast path: a valid row needs no record
                if checking.pairs:
                    assert base is not None
                    apply_pair(op, base, value)
                else:
                    function(value)
            except Exception:
                append(cell(checking, base, value).error if checking.pairs
                       else cell(checking, value).error)
            else:
                append(None)
    return out


def built(parts: Sequence[Sequence[object]], *, strict: bool, name: str) -> list[str | None]:
    """The URL of each row of ``parts`` (a column a field of
    :data:`~urikit._batch.operations.BUILD_FIELDS`, in its order), each part encoded
    for its place once (:func:`~urikit._batch.operations.build_text`): ``None`` for a
    row whose parts are all null and, unless ``strict``, for a row that builds no URL;
    ``strict`` raises :class:`~urikit.URIError` for the first, its message from
    ``name`` and the error (passwords masked)."""
    out: list[str | None] = []
    append = out.append
    for row in zip(*parts, strict=True):
        if all(part is None for part in row):
            append(None)
            continue
        scheme, host, port, segments, query, fragment = row
        try:
            append(build_text(cast("str | None", scheme), cast("str | None", host),
                              cast("int | None", port), cast("list[str] | None", segments),
                              cast("list[dict[str, str | None]] | None", query),
                              cast("str | None", fragment)))
        except URIError as exc:
            if strict:
                raise URIError(f"{name}: {mask_passwords_in(str(exc))}") from None
            append(None)
        except (TypeError, ValueError) as exc:  # a part of another type
            raise TypeError(f"{name}: {exc}") from None
    return out
