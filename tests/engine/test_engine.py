"""The batch engine's table of operations and its errors as data: every operation
answers from the one table, its errors are of the kinds the table lists, and an error
is its kind, position and message apart."""

from __future__ import annotations

from typing import Final

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import URI, BatchError, ParseError, Rule, URIError, canonicalize, normalize, strategies
from urikit._batch.engine import apply, apply_pair, bound, cell, process_line
from urikit._batch.operations import COMPONENTS, ELEMENT_MODEL, Command, Operation
from urikit._batch.records import KINDS, kind_of

BASE: Final = "http://a/b/c?q"

#: Text that is no URI-reference, one of each kind a line can give, with its kind.
INVALID: Final = [
    pytest.param("http://a b/", "invalid-host", 8, id="host"),
    pytest.param("http://h:8a/", "invalid-port", 10, id="port"),
    pytest.param("a b", "invalid-path", 1, id="path"),
    pytest.param("http://h/?a b", "invalid-query", 11, id="query"),
    pytest.param("http://h/#a b", "invalid-fragment", 11, id="fragment"),
    pytest.param("ht tp://h/", "invalid-scheme", 2, id="scheme"),
    pytest.param("ftp://j w@h/", "invalid-userinfo", 7, id="userinfo"),
    pytest.param("1a:b", "invalid-path", 2, id="colon-in-first-segment"),
    pytest.param("%zz", "invalid-path", 0, id="percent-encoding"),
    pytest.param(None, "null", None, id="null"),
    pytest.param(b"http://h/\xff", "undecodable", 9, id="undecodable"),
]


def test_every_command_answers_from_the_table() -> None:
    """Each command has its function, its columns (the element model's and the
    components' for the two that give several, the command's name otherwise) and
    kinds of error that are kinds the records know (``base-`` before a pair's)."""
    for command in Command:
        assert callable(command.function)
        assert str(command) == command.value
        expected = {Command.EXPLAIN: ELEMENT_MODEL, Command.COMPONENTS: COMPONENTS,
                    Command.DECODED: COMPONENTS}
        assert command.columns == expected.get(command, (command.value,))
        assert command.kinds
        assert all(k in KINDS or k.removeprefix("base-") in KINDS for k in command.kinds)
        assert Operation(command).function is command.function
        assert Command(command.value) is command


@pytest.mark.parametrize(("text", "kind", "position"), INVALID)
def test_an_error_is_its_kind_position_and_message(text: str | bytes | None, kind: str,
                                                   position: int | None) -> None:
    """A line's error: its kind, its position in the line as read, and a message
    without the position; ``str()`` is the message with it, as ParseError says it."""
    error = process_line(Operation(Command.NORMALIZE), "-", 2, text).error
    assert error is not None
    assert (error.kind, error.position) == (kind, position)
    assert "position" not in error.message
    if position is not None:
        assert str(error) == error.message.replace(
            f" in {error.component}", f" at position {position} in {error.component}", 1)
    if isinstance(text, str):
        with pytest.raises(ParseError) as raised:
            URI.parse(text)
        assert str(error) == str(raised.value)
        assert kind_of(raised.value) == kind


def test_the_kinds_of_a_pair_and_of_a_rule() -> None:
    """A pair's base error has ``base-`` before its kind, its position in
    ``base<TAB>reference``; a base without a scheme breaks a Rule, whose value is the
    kind; a line of pairs without a tab is ``no-tab``."""
    op = Operation(Command.RESOLVE)
    base_error = cell(op, "http://a b/", "x").error
    assert base_error is not None
    assert (base_error.kind, base_error.position) == ("base-invalid-host", 8)
    assert base_error.message == "invalid character ' ' in the base's host"
    ref_error = cell(op, BASE, "a b").error
    assert ref_error is not None
    assert (ref_error.kind, ref_error.position) == ("invalid-path", len(BASE) + 2)
    rule = cell(op, "/no/scheme", "x").error
    assert rule is not None
    assert rule.kind == Rule.BASE_NEEDS_SCHEME.value
    assert rule.position is None
    tab = process_line(op, "-", 1, "no tab here").error
    assert tab is not None
    assert tab.kind == "no-tab"
    for error in (base_error, ref_error, rule, tab):
        assert error.kind in Command.RESOLVE.kinds


def test_the_record_type_and_its_error_are_public() -> None:
    """A cell's record is a public type, its error a public BatchError."""
    record = cell(Operation(Command.VALIDATE), "http://joe:pw@h/")
    assert type(record).__name__ == "BatchRecord"
    assert (record.output, record.error) == ("http://joe:***@h/", None)
    error = cell(Operation(Command.VALIDATE), "a b").error
    assert isinstance(error, BatchError)


@settings(max_examples=examples(300), deadline=None)
@given(st.one_of(strategies.uri_references(), st.text(max_size=30)),
       st.sampled_from([c for c in Command if not c.pairs]), st.booleans())
def test_every_front_end_path_gives_the_same_result(text: str, command: Command,
                                                    lenient: bool) -> None:
    """For any text and operation, the record's output is what ``apply`` and ``bound``
    give (the path of DuckDB's functions), or its error is one of the operation's
    kinds and ``apply`` raises a URIError; normalize and canonicalize give the library
    functions' results."""
    op = Operation(command, show_password=True, lenient=lenient)
    record = cell(op, text)
    if record.error is None:
        assert apply(op, text) == bound(op)(text) == record.output
        if isinstance(record.output, dict):
            assert tuple(record.output) == command.columns
        if not lenient and command is Command.NORMALIZE:
            assert record.output == normalize(text)
        if not lenient and command is Command.CANONICALIZE:
            assert record.output == canonicalize(text)
    else:
        assert record.error.kind in command.kinds
        position = record.error.position
        if position is not None:
            assert f"position {position}" not in record.error.message
        with pytest.raises(URIError):
            apply(op, text)
        with pytest.raises(URIError):
            bound(op)(text)


@settings(max_examples=examples(100), deadline=None)
@given(strategies.absolute_uris(), strategies.uri_references())
def test_a_pair_gives_what_apply_pair_gives(base: str, reference: str) -> None:
    """Resolve and relative of a (base, reference) pair: the record's output is what
    ``apply_pair`` gives (DuckDB's per-row base), or both refuse."""
    for command in (Command.RESOLVE, Command.RELATIVE):
        op = Operation(command, show_password=True)
        record = cell(op, base, reference)
        if record.error is None:
            assert apply_pair(op, base, reference) == record.output
        else:
            assert record.error.kind in command.kinds
            with pytest.raises(URIError):
                apply_pair(op, base, reference)
