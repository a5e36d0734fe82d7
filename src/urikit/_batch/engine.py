"""The per-line function: an operation on one line or cell, a record out, never an exception.

:func:`process_line` is what every front end runs for each line or cell (the command
line, Dask, DuckDB's error functions, Polars, pandas): a result, or an error as data
(:class:`~urikit._batch.records.BatchError`), its secrets masked. :func:`apply` and
:func:`apply_pair` are the fast path of a front end that wants the result alone and
handles a :class:`~urikit.URIError` itself (DuckDB's functions): the same functions of
the same table (:mod:`urikit._batch.operations`), without a record.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from .._core.errors import ParseError, URIError
from .lines import Line, decode_line, shown_text
from .masking import (
    in_spans,
    mask_passwords_in,
    masked,
    masked_changes,
    masked_parts,
    masked_position,
    masked_reason,
    secret_spans,
)
from .operations import Command, Operation, relative_text, resolve_text
from .records import BASE, INTERNAL, NO_TAB, NULL, UNDECODABLE, BatchError, BatchRecord, kind_of

if TYPE_CHECKING:
    from .._interop.lenient import Change

NULL_REASON: Final = "no reference (null)"


def apply(op: Operation, text: str) -> object:
    """The result of ``op`` on ``text`` (read leniently with ``op.lenient``), or a
    :class:`~urikit.URIError`; what :func:`process_line` gives as a record's output.

    >>> apply(Operation(Command.NORMALIZE), "HTTP://A/./b")
    'http://a/b'
    """
    if op.lenient:
        from .._interop.lenient import repaired_text

        text = repaired_text(lenient_input(op, text))
    return op.function(op, text)[0]


def lenient_input(op: Operation, text: str) -> str:
    """The text the lenient reader repairs for ``op``: ``text``, with
    ``op.default_scheme`` before it when it has none
    (:func:`~urikit._interop.lenient.with_default_scheme`)."""
    if not op.default_scheme:
        return text
    from .._interop.lenient import with_default_scheme

    return with_default_scheme(text, op.default_scheme)


def apply_pair(op: Operation, base: str, reference: str) -> str:
    """``reference`` resolved against ``base`` (``op``'s command resolve), or made
    relative to it (relative): a base each row, as a table of links has; both read
    leniently with ``op.lenient``; or a :class:`~urikit.URIError`."""
    if op.lenient:
        base, reference = _repaired(base), _repaired(reference)
    if op.command is Command.RESOLVE:
        return resolve_text(op, base, reference)
    return relative_text(op, base, reference)


def bound(op: Operation) -> Callable[[str], object]:
    """:func:`apply` of ``op`` as a function of the text alone, the fastest there is
    (a front end calls it once a row).

    >>> bound(Operation(Command.HOST))("http://h:1/")
    'h'
    """
    if op.lenient:
        return functools.partial(apply, op)
    function = op.function

    def result(text: str) -> object:
        return function(op, text)[0]
    return result


@functools.lru_cache(maxsize=64)
def _repaired(text: str) -> str:
    from .._interop.lenient import repaired_text

    return repaired_text(text)


@functools.lru_cache(maxsize=16)
def _with_base(op: Operation, base: str) -> Operation:
    """``op`` with a base (the pairs of a file change base every few lines at most)."""
    return dataclasses.replace(op, base=base)


def _pair(op: Operation, source: str, line: int, base: bytes | str | None,
          ref: bytes | str | None) -> BatchRecord:
    """A (base, reference) pair processed: the base read as the reference is (strictly,
    or leniently with ``--lenient``), then the reference resolved against it (or made
    relative to it). The record's input is ``base<TAB>reference``, its positions and
    caret counted in that line (after the tab for the reference)."""
    show = op.show_password
    if base is None or ref is None:
        shown = "\t".join("" if t is None else masked(shown_text(t)) for t in (base, ref))
        which = "base" if base is None else "reference"
        return BatchRecord(source, line, shown, None, BatchError(NULL, f"no {which} (null)"))
    checked = process_line(Operation(Command.VALIDATE, allow_zone_id=op.allow_zone_id,
                                     show_password=show, lenient=op.lenient,
                                     lenient_hint=op.lenient_hint),
                           source, line, base)
    shown_base = checked.input
    if checked.error is not None:
        error = checked.error._replace(kind=BASE + checked.error.kind)
        if error.component is not None:  # "... at position 8 in the base's host"
            error = error._replace(component=f"the base's {error.component}")
        else:
            error = error._replace(reason=f"base: {error.reason}")
        shown_ref = masked(shown_text(ref), show)
        return BatchRecord(source, line, f"{shown_base}\t{shown_ref}", None, error, None,
                           checked.repairs)
    base = shown_text(base)  # valid: not bytes (bytes are given only when not UTF-8)
    if op.lenient:
        base = _repaired(base)
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


def process_line(op: Operation, source: str, line: int, raw: Line) -> BatchRecord:
    """Apply ``op`` to one line and return its record; never raises for bad input.

    ``raw`` is a line as :func:`~urikit._batch.lines.split_lines` cuts it (bytes
    without its line end; a UTF-8 BOM is removed on line 1; undecodable bytes give an
    error record), a ``str`` taken as is (a command-line argument, a table's cell, or
    what :func:`~urikit._batch.lines.text_line` keeps as ``str``), a pair of cells
    (resolve and relative without a base), or ``None`` (a table's null). A
    :class:`~urikit.ParseError` gives an error record with the position and component;
    any other exception gives one with its message.

    >>> process_line(Operation(Command.NORMALIZE), "-", 1, b"HTTP://A/./b").output
    'http://a/b'
    >>> error = process_line(Operation(Command.NORMALIZE), "-", 2, b"http://a/b c").error
    >>> error.kind, error.position, error.message
    ('invalid-path', 10, "invalid character ' ' in path")
    """
    show = op.show_password
    if isinstance(raw, bytes):
        text, bad, why = decode_line(raw, line)
        if bad is not None:
            caret: int | None = bad
            shown = text if show else masked(text)
            if not show:
                caret = masked_position(text, bad)
            return BatchRecord(source, line, shown, None,
                               BatchError(UNDECODABLE, why, bad, "encoding", caret))
    elif raw is None:
        return BatchRecord(source, line, "", None, BatchError(NULL, NULL_REASON))
    elif isinstance(raw, tuple):
        return _pair(op, source, line, *raw)
    else:
        text = raw
    if op.pairs:
        base, tab, ref = text.partition("\t")
        if not tab:
            return BatchRecord(source, line, masked(text, show), None, BatchError(
                NO_TAB, "no tab: a line of pairs is base<TAB>reference"))
        return _pair(op, source, line, base, ref)
    spans = [] if show else secret_spans(text)
    shown = masked(text) if spans else text  # (rare: spans found twice)
    if op.command is Command.BUILD and not show:  # a JSON object of parts, not a URL
        spans, shown = [], masked_parts(text)
    repairs: tuple[Change, ...] = ()
    shifted = False
    try:
        if op.lenient:
            from .._interop.lenient import repair

            given = lenient_input(op, text)
            shifted = given is not text  # positions in the text with its scheme
            repaired = repair(given)
            changes = tuple(repaired.changes)
            if shifted:  # each change where it is in the line read
                changes = _unshifted(changes, text, given)
            repairs = changes if show else masked_changes(changes, text, spans)
            output, key = op.function(op, repaired.text)
        else:
            output, key = op.function(op, text)
    except ParseError as exc:
        reason = exc.reason
        position: int | None = exc.position
        kind = kind_of(exc)
        if repairs or shifted:  # a position in the repaired text: no caret in the line
            return BatchRecord(source, line, shown, None, BatchError(
                kind, f"{reason} (in the repaired text)", None, exc.component, None,
                exc.hint), None, repairs)
        hint = exc.hint
        if op.lenient_hint and not op.lenient and _lenient_reads(op, text):
            hint = op.lenient_hint
        if show:
            return BatchRecord(source, line, text, None, BatchError(
                kind, reason, position, exc.component, position, hint))
        caret = masked_position(text, position) if spans else position
        if in_spans(exc.position, spans):
            reason = masked_reason(reason, exc.component)
        return BatchRecord(source, line, shown, None,
                           BatchError(kind, reason, position, exc.component, caret, hint))
    except URIError as exc:
        return BatchRecord(source, line, shown, None, BatchError(
            kind_of(exc), mask_passwords_in(str(exc)) if not show else str(exc)), None,
            repairs)
    except Exception as exc:  # one bad line must not end the batch: report it
        return BatchRecord(source, line, shown, None, BatchError(
            INTERNAL, f"{type(exc).__name__}: {exc}"), None, repairs)
    return BatchRecord(source, line, shown, output, None, key, repairs)


def _unshifted(changes: tuple[Change, ...], text: str, given: str) -> tuple[Change, ...]:
    """The lenient reader's changes of ``given`` (``text`` with a default scheme before
    it) at their positions in ``text``."""
    from .._whatwg.browser import C0_AND_SPACE

    kept = text.strip(C0_AND_SPACE)
    shift = len(given) - len(kept) - text.index(kept)
    return tuple(c._replace(position=max(c.position - shift, 0)) for c in changes)


def _lenient_reads(op: Operation, text: str) -> bool:
    """Whether ``op`` under ``--lenient`` gives ``text`` a result (a line the strict
    reading refused)."""
    from .._interop.lenient import repair

    try:
        op.function(op, repair(lenient_input(op, text)).text)
    except Exception:  # any refusal: no advice
        return False
    return True


def cell(op: Operation, value: bytes | str | None,
         reference: bytes | str | None = None) -> BatchRecord:
    """:func:`process_line` of a table's cell (or, for resolve and relative without a
    base, of a row's base and reference cells, ``value`` the base), row 0 of
    source ``""``: what a DataFrame front end runs for each row.

    >>> cell(Operation(Command.HOST), "http://Example.com:80/").output
    'Example.com'
    >>> error = cell(Operation(Command.NORMALIZE), "http://a b/").error
    >>> error.kind, error.position, error.message
    ('invalid-host', 8, "invalid character ' ' in host")
    """
    if op.pairs:
        return _pair(op, "", 0, value, reference)
    return process_line(op, "", 0, value)
