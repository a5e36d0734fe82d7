"""One definition of a line, and one set of records, whatever the command, the output
format or the number of jobs: a hostile input read every way gives the same records
(the Dask side of the same check is in tests/integration/test_distributed.py)."""

from __future__ import annotations

import csv
import io
import json
import re
import sys
from pathlib import Path

import pytest

from urikit._batch.lines import split_lines, text_line
from urikit._cli.command import main

#: Every kind of trouble a crawl file holds, one a line: a BOM on line 1, CRLF, a lone
#: CR inside a line and before a CRLF, NUL, a BOM in the middle of the file and of a
#: line, undecodable bytes, a password, an empty line, duplicates in canonical form,
#: spaces and "|" (lenient reading), and no newline at the end.
HOSTILE: bytes = (b"\xef\xbb\xbfHTTP://A/./b\r\n"
                  b"http://a/b\rc\n"
                  b"http://a/x\r\r\n"
                  b"a\x00b\n"
                  b"\xef\xbb\xbfhttp://bom.example/\n"
                  b"x\xef\xbb\xbfy\n"
                  b"http://h/%7e\xff\xfe\n"
                  b"http://joe:secret@h/a b\n"
                  b"http:\\\\joe:secret@h\\p\n"
                  b"\n"
                  b"http://a/b#frag\n"
                  b"http://A:80/b?\n"
                  b"http://h/?q=a|b&ids[]=1\n"
                  b"https://h/?b=2&a=1\r\n"
                  b"https://h/?a=1&b=2\n"
                  b"//x/y")
#: The lines of HOSTILE as the definition reads them (the BOM of line 1 aside).
HOSTILE_LINES: list[bytes] = [b"\xef\xbb\xbfHTTP://A/./b", b"http://a/b\rc", b"http://a/x\r",
                              b"a\x00b", b"\xef\xbb\xbfhttp://bom.example/",
                              b"x\xef\xbb\xbfy", b"http://h/%7e\xff\xfe",
                              b"http://joe:secret@h/a b", b"http:\\\\joe:secret@h\\p", b"",
                              b"http://a/b#frag", b"http://A:80/b?",
                              b"http://h/?q=a|b&ids[]=1", b"https://h/?b=2&a=1",
                              b"https://h/?a=1&b=2", b"//x/y"]

COMMANDS: list[list[str]] = [["normalize"], ["validate"], ["explain"], ["canonicalize"],
                             ["dedupe"], ["resolve", "http://base/a/b"],
                             ["relative", "http://a/"]]


@pytest.fixture
def hostile(tmp_path: Path) -> list[str]:
    """Three inputs: the hostile file, an empty file, and a file of a lone CRLF."""
    paths = [tmp_path / "hostile.txt", tmp_path / "empty.txt", tmp_path / "crlf.txt"]
    paths[0].write_bytes(HOSTILE)
    paths[1].write_bytes(b"")
    paths[2].write_bytes(b"\xef\xbb\xbf\r\nhttp://a/\r")
    return [str(p) for p in paths]


def test_the_definition_of_a_line() -> None:
    """\\n and \\r\\n end a line; a lone \\r stays in it; the last line needs no newline;
    str lines are cut alike and go back to their bytes."""
    assert split_lines(HOSTILE) == HOSTILE_LINES
    assert split_lines(b"a\r\r\nb\n") == [b"a\r", b"b"]
    assert split_lines(b"a\r") == [b"a\r"]
    assert split_lines(b"\n") == [b""]
    text = HOSTILE.decode("utf-8", "surrogateescape")
    pieces = [p + "\n" for p in text.split("\n")]
    assert [text_line(p) for p in pieces] == HOSTILE_LINES
    assert text_line("\ud800\r\n") == "\ud800"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def _jsonl(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    status, out, _ = run([*argv, "--format", "jsonl", "--errors", "inline", "-q"], capsys)
    assert status == 1
    return [json.loads(line) for line in out.splitlines()]


def _for_people(error: dict[str, object]) -> str:
    """An error record's message as people read it: the position in it, before the
    component (``invalid character ' ' at position 3 in path``)."""
    message, component = str(error["message"]), error["component"]
    if error["position"] is None:
        return message
    where = f" in {component}"
    assert where in message
    return message.replace(where, f" at position {error['position']}{where}", 1)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_every_format_and_job_count_gives_the_same_records(
        command: list[str], hostile: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """JSON Lines (with errors inline or apart), CSV (read back by the csv module) and
    text (results on stdout, errors on stderr) hold the same records, and --jobs 2 in
    chunks of 2 lines writes byte for byte what one process writes."""
    inputs = [arg for path in hostile for arg in ("-i", path)]
    argv = [*command, *inputs]
    records = _jsonl(argv, capsys)
    assert len(records) == len(HOSTILE_LINES) + 2 or command[0] == "dedupe"
    lines = {(r["source"], r["line"]) for r in records}
    assert (hostile[0], 1) in lines
    assert (hostile[2], 2) in lines
    assert not any(r["source"] == hostile[1] for r in records)  # the empty file
    results = [r for r in records if "output" in r]
    errors = [r for r in records if "error" in r]
    assert errors
    assert results

    # errors apart: results in the output, error records for people on stderr
    status, out, err = run([*argv, "--format", "jsonl"], capsys)
    assert status == 1
    assert [json.loads(line) for line in out.splitlines()] == results
    told = re.findall(r"^urikit: (.+):(\d+): (.*)$", err, re.MULTILINE)
    assert [(s, int(n), m) for s, n, m in told] == [
        (r["source"], r["line"], _for_people(r["error"])) for r in errors]  # type: ignore[arg-type]
    assert err.splitlines()[-1].startswith(f"urikit: {len(records)} lines") or \
        command[0] == "dedupe"

    # CSV, every field quoted: one row a record, whatever the line held
    status, out, _ = run([*argv, "--format", "csv", "--errors", "inline", "-q"], capsys)
    rows = _read_csv(out)
    assert len(rows) == len(records)
    for row, record in zip(rows, records, strict=True):
        assert (row["source"], int(row["line"]), row["input"]) == (
            record["source"], record["line"], record["input"])
        if "output" in record:
            expected = record["output"]
            assert row["output"] == (expected if isinstance(expected, str)
                                     else json.dumps(expected, ensure_ascii=False))
        else:
            assert row["error_message"] == record["error"]["message"]  # type: ignore[index]

    # text: the results one a line (explain draws them; dedupe echoes the input)
    if command[0] != "explain":
        status, out, _ = run([*argv, "-q"], capsys)
        shown = [r["input"] if command[0] in ("validate", "dedupe") else r["output"]
                 for r in results]
        assert out.splitlines() == shown

    # --jobs 2 in chunks of 2 lines: the same bytes
    for fmt in ("jsonl", "csv"):
        _, one, _ = run([*argv, "--format", fmt, "--errors", "inline", "-q"], capsys)
        _, two, _ = run([*argv, "--format", fmt, "--errors", "inline", "-q", "-j", "2",
                         "--chunk-size", "2"], capsys)
        assert two == one


def _read_csv(text: str) -> list[dict[str, str]]:
    """The rows of ``text`` as the csv module reads them. Python 3.10's reader refuses
    a NUL anywhere ("line contains NUL"), where 3.11 and later read it as a character
    of its quoted field: it is read as a private-use stand-in and put back."""
    assert "\ue000" not in text
    rows = csv.DictReader(io.StringIO(text.replace("\0", "\ue000"), newline=""))
    return [{k: v.replace("\ue000", "\0") for k, v in row.items()} for row in rows]


def test_a_lone_cr_stays_in_its_quoted_csv_field(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A lone CR in an input gives one CSV row (every Python's csv module reads it
    back as one), not two."""
    path = tmp_path / "cr.txt"
    path.write_bytes(b"http://a/\rb\n" * 3)
    _, out, _ = run(["validate", "--format", "csv", "--errors", "inline", "-q", "-i",
                     str(path)], capsys)
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert len(rows) == 4
    assert rows[1][1] == "http://a/\rb"
    assert out.count("\n") == 4  # the CR is inside quotes, never a row end


def test_the_same_records_from_stdin_and_a_file(hostile: list[str],
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input read in whatever pieces the pipe gives cuts the same lines."""
    from_file = _jsonl(["normalize", "-i", hostile[0]], capsys)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(HOSTILE)))
    from_stdin = _jsonl(["normalize", "-"], capsys)
    assert from_stdin == from_file


@pytest.mark.parametrize(("argv", "summary"), [
    (["dedupe"], "5 lines, 4 results (2 unique, 2 duplicates), 1 errors"),
    (["dedupe", "--groups"], "5 lines, 4 results (2 unique, 2 duplicates), 1 errors"),
    (["dedupe", "-j", "2", "--chunk-size", "1"],
     "5 lines, 4 results (2 unique, 2 duplicates), 1 errors"),
    (["canonicalize"], "5 lines, 4 results, 1 errors"),
    (["normalize", "-j", "2", "--chunk-size", "2"], "5 lines, 4 results, 1 errors"),
    (["validate"], "5 lines, 4 results, 1 errors"),
])
def test_summaries_add_up(argv: list[str], summary: str,
                          capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """lines in = results + errors and unique + duplicates = results, for every
    command (the example of issue 17: --groups said 3 lines, 0 unique)."""
    data = b"http://a/\nhttp://A/\nhttp://b/\nbad x\nhttp://a/#f\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, err = run([*argv, "-"], capsys)
    assert status == 1
    assert err.splitlines()[-1] == f"urikit: {summary}"
    if "--groups" in argv:
        groups = [json.loads(line) for line in out.splitlines()]
        assert [g["lines"] for g in groups] == [[1, 2, 5], [3]]
