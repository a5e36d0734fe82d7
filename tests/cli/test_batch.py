"""Batch mode: references read one a line from files or stdin, one record a line out,
in order, in constant memory, nothing lost and nothing aborting the run."""

from __future__ import annotations

import contextlib
import csv
import io
import itertools
import json
import pickle
import subprocess
import sys
import textwrap
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import CanonicalOptions, canonicalize
from urikit._batch.engine import process_line
from urikit._batch.operations import Command, Operation
from urikit._batch.records import BatchError
from urikit._batch.render import Format
from urikit._cli.batch import Chunk, Job, _cut, map_chunks
from urikit._cli.command import _operation, _parser, main
from urikit._whatwg.masking import mask_secrets

from ..corpus import write as write_corpus


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: bytes = b"") -> tuple[int, str, str]:
    """Run the command line with ``stdin`` as standard input (bytes)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A file with valid and invalid lines, a BOM, a CRLF line end and no final newline."""
    path = tmp_path / "links.txt"
    path.write_bytes(b"\xef\xbb\xbfHTTP://A/./b\r\n"
                     b"http://a b\n"
                     b"\n"
                     b"http://h/%7e\xff\n"
                     b"//x/y")
    return path


def test_file_with_invalid_lines_gives_error_records(
        sample: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each line gives a result or an error record; the counts add up; status 1."""
    status, out, err = run(["normalize", "--input", str(sample)], capsys, monkeypatch)
    assert status == 1
    assert out.splitlines() == ["http://a/b", "", "//x/y"]
    lines = err.splitlines()
    assert lines[0] == f"urikit: {sample}:2: invalid character ' ' at position 8 in host"
    assert lines[1:3] == ["  http://a b", "          ^"]
    assert lines[3] == (f"urikit: {sample}:4: undecodable byte 0xff (not UTF-8) "
                        "at position 12 in encoding")
    assert lines[4:6] == ["  http://h/%7e\\xff", "  " + " " * 12 + "^"]
    assert lines[-1] == "urikit: 5 lines, 3 results, 2 errors"


def test_bom_and_crlf_are_not_part_of_the_reference(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A UTF-8 BOM on line 1 and CRLF line ends are removed before parsing."""
    path = tmp_path / "crlf.txt"
    path.write_bytes(b"\xef\xbb\xbfhttp://a/\r\nhttp://b/\r\n")
    status, out, err = run(["validate", "-i", str(path)], capsys, monkeypatch)
    assert (status, out) == (0, "http://a/\nhttp://b/\n")
    assert err == "urikit: 2 lines, 2 results, 0 errors\n"


def test_empty_file_has_no_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty input gives no output, a zero summary and status 0."""
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert run(["normalize", "-i", str(path)], capsys, monkeypatch) == (
        0, "", "urikit: 0 lines, 0 results, 0 errors\n")
    assert run(["normalize", "--format", "csv", "-"], capsys, monkeypatch)[1] == (
        '"line","input","output","error_kind","error_position","error_component","error_message"\n')


def test_undecodable_bytes_are_reported_by_line(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Bytes that are not UTF-8 give an error record for their line, not a crash."""
    status, out, _ = run(["normalize", "--format", "jsonl", "--errors", "inline", "-"],
                         capsys, monkeypatch, b"http://a/\n\xc3(x\nhttp://b/\n")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert records[1] == {"line": 2, "input": "\\xc3(x", "error": {
        "kind": "undecodable", "position": 0, "component": "encoding",
        "message": "undecodable byte 0xc3 (not UTF-8) in encoding"}}
    assert [r.get("output") for r in records] == ["http://a/", None, "http://b/"]


def test_lone_dash_reads_stdin_and_dot_slash_dash_is_the_reference(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A lone '-' argument means standard input; './-' is the reference '-'."""
    status, out, err = run(["normalize", "-"], capsys, monkeypatch, b"HTTP://A\n")
    assert (status, out) == (0, "http://a/\n")
    assert err.endswith("1 lines, 1 results, 0 errors\n")
    assert run(["normalize", "./-"], capsys, monkeypatch) == (0, "-\n", "")


def test_usage_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Mixing '-' with references, or references with --input, is a usage error (no
    input at all on a terminal too: tests/cli/test_entry.py); an unreadable file is
    fatal; all exit with status 2."""
    for argv in (["normalize", "a", "-"], ["normalize", "a", "-i", "f"],
                 ["normalize", "-j", "0", "-"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
    status, _, err = run(["normalize", "-i", str(tmp_path / "missing.txt")],
                         capsys, monkeypatch)
    assert status == 2
    assert "cannot read" in err


def test_exit_status_tells_whether_a_line_failed(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """0 when every line gave a result, 1 when some failed; arguments keep status 2."""
    assert run(["validate", "-"], capsys, monkeypatch, b"a:b\n")[0] == 0
    assert run(["validate", "-"], capsys, monkeypatch, b"a:b\na b\n")[0] == 1
    assert run(["validate", "a:b", "a b"], capsys, monkeypatch)[0] == 2


def test_corpus_counts_add_up_with_two_jobs(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a generated corpus of 30,000 lines (tests/corpus.py: a BOM, no final line
    end, the invalid lines known by construction), lines in = results + errors, and
    --jobs 2 gives the same output in the same order as one process."""
    corpus = write_corpus(tmp_path / "corpus.txt", 30_000)
    lines = len(corpus.lines)
    argv = ["normalize", "--format", "jsonl", "--errors", "inline",
            "-i", str(tmp_path / "corpus.txt")]
    status, one, err = run(argv, capsys, monkeypatch)
    assert status == 1
    assert err == (f"urikit: {lines} lines, {lines - corpus.invalid} results, "
                   f"{corpus.invalid} errors\n")
    status2, two, err2 = run([*argv, "--jobs", "2", "--chunk-size", "997"],
                             capsys, monkeypatch)
    assert (status2, err2) == (status, err)
    assert two == one
    assert [json.loads(line)["line"] for line in two.splitlines()] == list(range(1, lines + 1))


def test_jobs_keep_the_order_of_small_chunks(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """With many tiny chunks in flight, results still come in input order."""
    data = b"".join(b"http://h/%d/./x\n" % i for i in range(500))
    status, out, _ = run(["normalize", "-q", "-j", "2", "--chunk-size", "3", "-"],
                         capsys, monkeypatch, data)
    assert status == 0
    assert out.splitlines() == [f"http://h/{i}/x" for i in range(500)]


def test_parallel_map_keeps_few_chunks_in_flight() -> None:
    """The pool is fed only as results are taken: memory stays bounded."""
    pulled = itertools.count()

    def chunks() -> Iterator[Chunk]:
        for k in itertools.count():
            next(pulled)
            yield Chunk("-", k * 2 + 1, [b"a:b", b"c:d"])

    results = map_chunks(Job(Operation(Command.VALIDATE), Format()), chunks(), jobs=2,
                         in_flight=4)
    taken = [done.out[0] for done in itertools.islice(results, 10)]
    results.close()
    assert taken == ["a:b\nc:d\n"] * 10  # each chunk rendered as one string
    assert next(pulled) <= 10 + 4 + 1


def test_jsonl_and_csv_records(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """JSON Lines and CSV carry line, input, output or error; inline errors keep
    their place."""
    data = b"http://h:80/a\nx y\n"
    _, out, _ = run(["normalize", "--format", "jsonl", "-"], capsys, monkeypatch, data)
    assert [json.loads(line) for line in out.splitlines()] == [
        {"line": 1, "input": "http://h:80/a", "output": "http://h/a"}]
    _, out, _ = run(["normalize", "--format", "csv", "--errors", "inline", "-"],
                    capsys, monkeypatch, data)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert rows[0]["output"] == "http://h/a"
    assert rows[1]["error_kind"] == "invalid-path"
    assert rows[1]["error_position"] == "1"
    assert rows[1]["error_component"] == "path"
    # the --lenient advice is for people (the text format), not for a table's column
    assert rows[1]["error_message"] == "invalid character ' ' in path"


def test_several_inputs_name_their_source(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """With several --input files, records carry the source and lines restart at 1."""
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"a:1\n")
    second.write_bytes(b"b:2\n")
    _, out, err = run(["validate", "--format", "jsonl", "-i", str(first), "-i", str(second)],
                      capsys, monkeypatch)
    assert [json.loads(line) for line in out.splitlines()] == [
        {"source": str(first), "line": 1, "input": "a:1", "output": "a:1"},
        {"source": str(second), "line": 1, "input": "b:2", "output": "b:2"}]
    assert err == "urikit: 2 lines, 2 results, 0 errors\n"


def test_validate_prints_the_valid_lines(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """validate echoes each valid line and reports the others."""
    status, out, err = run(["validate", "-"], capsys, monkeypatch, b"a:b\na b\nc:d\n")
    assert (status, out) == (1, "a:b\nc:d\n")
    assert "-:2: invalid character ' '" in err


def test_explain_batch_json(capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    """explain --json prints one element model a line for each input line."""
    _, out, _ = run(["explain", "--json", "-"], capsys, monkeypatch, b"a:b\n//h\n")
    assert [json.loads(line)["host"] for line in out.splitlines()] == [None, "h"]


def test_resolve_and_relative_read_stdin(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """resolve BASE - and relative BASE - take their references from stdin."""
    data = b"../g\ng?y\n"
    assert run(["resolve", "http://a/b/c/d;p?q", "-"], capsys, monkeypatch, data)[1] == (
        "http://a/b/g\nhttp://a/b/c/g?y\n")
    assert run(["relative", "http://a/b/c/d", "-"], capsys, monkeypatch,
               b"http://a/b/e\nhttp://x/y\n")[1] == "../e\n//x/y\n"


def test_invalid_base_is_fatal(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """An invalid base stops before reading: status 2 and a caret."""
    status, out, err = run(["resolve", "http://a b/", "-"], capsys, monkeypatch, b"x\n")
    assert (status, out) == (2, "")
    assert err.splitlines()[0] == "urikit: base: invalid character ' ' at position 8 in host"


def test_dedupe_keeps_the_first_of_each_canonical_form(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """dedupe prints the first line of each canonical form, as written."""
    data = (b"http://h/p?b=1&a=2#x\nHTTP://H:80/p?a=2&b=1\nhttp://h/q\n"
            b"bad line\nhttp://h/./q?\n")
    status, out, err = run(["dedupe", "-"], capsys, monkeypatch, data)
    assert status == 1
    assert out == "http://h/p?b=1&a=2#x\nhttp://h/q\n"
    assert err.splitlines()[-1] == (
        "urikit: 5 lines, 4 results (2 unique, 2 duplicates), 1 errors")


def test_dedupe_groups(capsys: pytest.CaptureFixture[str],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    """--groups prints each canonical form with its line numbers and inputs."""
    data = b"http://h/?b&a\nhttp://h/x\nhttp://h/?a&b#f\n"
    _, out, _ = run(["dedupe", "--groups", "-q", "-"], capsys, monkeypatch, data)
    assert [json.loads(line) for line in out.splitlines()] == [
        {"canonical": "http://h/?a&b", "lines": [1, 3],
         "inputs": ["http://h/?b&a", "http://h/?a&b#f"]},
        {"canonical": "http://h/x", "lines": [2], "inputs": ["http://h/x"]}]


def test_canonicalize_options(capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """canonicalize takes the steps' switches on the command line."""
    assert run(["canonicalize", "http://h/?utm_source=x&b&a#f"], capsys, monkeypatch)[1] == (
        "http://h/?a&b&utm_source=x\n")
    assert run(["canonicalize", "--drop-tracking", "--keep-fragment", "--keep-query-order",
                "http://h/?utm_source=x&b&a#f"], capsys, monkeypatch)[1] == "http://h/?b&a#f\n"
    assert run(["canonicalize", "--drop-param", "b", "--keep-empty-query", "http://h/?b"],
               capsys, monkeypatch)[1] == "http://h/?\n"


def test_flags_build_one_options_record() -> None:
    """The canonicalize and dedupe flags build one CanonicalOptions record, which the
    operation carries whole (pickled to the worker processes)."""
    args = _parser().parse_args(["dedupe", "--keep-fragment", "--drop-tracking",
                                 "--drop-param", "a", "--drop-param", "b*", "x"])
    op = _operation(args)
    assert op.command == "canonicalize"
    assert op.options == CanonicalOptions(drop_fragment=False, drop_tracking=True,
                                          drop_params=("a", "b*"))
    assert pickle.loads(pickle.dumps(op)) == op
    assert _operation(_parser().parse_args(["normalize", "x"])).options == CanonicalOptions()


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A terminal stderr gets a progress bar (tqdm, the progress extra) before the
    summary."""
    pytest.importorskip("tqdm", reason="needs the progress extra")
    tty = _Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    assert run(["normalize", "-"], capsys, monkeypatch, b"a:b\n" * 3000)[0] == 0
    assert "urikit:" in tty.getvalue()
    assert "B/s" in tty.getvalue() or "it/s" in tty.getvalue() or "%" in tty.getvalue()


def test_no_progress_bar_without_tqdm(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Without tqdm a terminal gets only the summary, and nothing fails."""
    tty = _Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    assert run(["normalize", "-"], capsys, monkeypatch, b"a:b\n")[0] == 0
    assert tty.getvalue() == "urikit: 1 lines, 1 results, 0 errors\n"


def test_no_exception_escapes_for_any_line() -> None:
    """A port of thousands of digits (past int's digit limit) gives a record, never a
    traceback, for every command."""
    line = ("http://h:" + "9" * 5000 + "/").encode()
    for command in (Command.NORMALIZE, Command.VALIDATE, Command.EXPLAIN,
                    Command.CANONICALIZE):
        record = process_line(Operation(command), "-", 1, line)
        assert record.error is None or record.error.message, command
    record = process_line(Operation(Command.EXPLAIN), "-", 1, line)
    assert record.error is None
    assert isinstance(record.output, dict)
    assert record.output["port"] == "9" * 5000


def test_mask_password_moves_the_position() -> None:
    """Masking keeps a position after the password on the same character and one
    inside it on the mask."""
    assert mask_secrets("http://u:secret@h/x y", 18) == ("http://u:***@h/x y", 15)
    assert mask_secrets("http://u:secret@h/", 11) == ("http://u:***@h/", 9)
    assert mask_secrets("ftp://u:@h/", 3) == ("ftp://u:@h/", 3)
    # without a password, an http user name is the secret (issue 42)
    assert mask_secrets("http://u:@h/", 3) == ("http://***:@h/", 3)
    assert mask_secrets("http://user:@h/x y", 15) == ("http://***:@h/x y", 14)


def test_error_inside_a_password_does_not_show_it() -> None:
    """An invalid character inside the password is not quoted in the message."""
    record = process_line(Operation(Command.NORMALIZE), "-", 1, b"http://joe:s3 cret@h/")
    assert record.input == "http://joe:***@h/"
    assert record.error == BatchError("invalid-userinfo",
                                      "invalid character (in the password, masked)", 13,
                                      "userinfo", 11)
    shown = process_line(Operation(Command.NORMALIZE, show_password=True), "-", 1,
                         b"http://joe:s3 cret@h/")
    assert shown.error is not None
    assert shown.error.reason == "invalid character ' '"
    assert shown.error.message == "invalid character ' ' in userinfo"


MEMORY_PROBE = textwrap.dedent("""
    import resource, subprocess, sys
    n = int(sys.argv[1])
    child = subprocess.Popen([sys.executable, "-m", "urikit", "normalize", "-q", "-"],
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL)
    for start in range(0, n, 10000):
        child.stdin.write(b"".join(b"HTTP://H%d.Example:80/a/./b/../c?q=%d#f\\n" % (i, i)
                                   for i in range(start, start + 10000)))
    child.stdin.close()
    assert child.wait() == 0
    print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
""")


def _peak_kib(lines: int) -> int:
    """Peak resident memory (KiB) of ``urikit normalize -`` fed ``lines`` lines through
    a pipe, measured in a fresh process."""
    result = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(lines)],
                            capture_output=True, text=True, check=True)
    return int(result.stdout)


def test_memory_does_not_grow_with_the_input() -> None:
    """Ten times the lines (10^5 then 10^6 through a pipe) take about the same peak
    memory, and under a fixed cap."""
    small = _peak_kib(100_000)
    large = _peak_kib(1_000_000)
    assert large < 1.3 * small
    assert large < 150 * 1024


_DEDUPE_POOL = ("http://a/", "HTTP://A/", "http://a/#f", "http://b/?y=1&x=2",
                "http://b/?x=2&y=1", "http://c/%7e", "http://c/~", "bad x", "http://d/")


@settings(max_examples=examples(60), deadline=None)
@given(lines=st.lists(st.sampled_from(_DEDUPE_POOL), max_size=30),
       chunk=st.integers(min_value=1, max_value=7),
       inline=st.booleans())
def test_dedupe_keeps_each_first_line_whatever_the_chunks(
        lines: list[str], chunk: int, inline: bool) -> None:
    """dedupe writes the first line of each canonical form in input order, however the
    input is cut into chunks: chunks of only new forms, of only forms seen before and
    mixed ones (each settled differently), and inline error records in their place."""
    canonical = {text: str(canonicalize(text)) for text in _DEDUPE_POOL if text != "bad x"}
    expected: list[str] = []
    seen: set[str] = set()
    for text in lines:
        if text not in canonical:
            if inline:
                expected.append("error")
            continue
        if canonical[text] not in seen:
            seen.add(canonical[text])
            expected.append(text)
    data = "".join(f"{text}\n" for text in lines).encode()
    argv = ["dedupe", "--chunk-size", str(chunk), "--format", "jsonl", "-"]
    if inline:
        argv[1:1] = ["--errors", "inline"]
    out, err = io.StringIO(), io.StringIO()
    with _stdin(data), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(argv)
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["input"] if "output" in r else "error" for r in records] == expected
    results = sum(1 for text in lines if text in canonical)
    assert err.getvalue().splitlines()[-1] == (
        f"urikit: {len(lines)} lines, {results} results ({len(seen)} unique, "
        f"{results - len(seen)} duplicates), {len(lines) - results} errors")


@contextlib.contextmanager
def _stdin(data: bytes) -> Generator[None, None, None]:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data))
    try:
        yield
    finally:
        sys.stdin = saved


@settings(max_examples=examples(200), deadline=None)
@given(block=st.lists(st.sampled_from([b"a", b"", b"\r", b"bc\r"]), max_size=40).map(
           lambda parts: b"\n".join(parts)),
       size=st.integers(min_value=1, max_value=6))
def test_a_block_is_cut_into_whole_lines(block: bytes, size: int) -> None:
    """The chunks of a block join back into it; each holds ``size`` whole lines but the
    last, which holds the rest (its last line may lack its line end); the counts add
    up to the block's lines."""
    parts = list(_cut(block, size))
    assert b"".join(part for part, _ in parts) == block
    lines = block.count(b"\n") + (bool(block) and not block.endswith(b"\n"))
    assert sum(count for _, count in parts) == lines
    for part, count in parts[:-1]:
        assert count == size
        assert part.count(b"\n") == size
        assert part.endswith(b"\n")
    if parts:
        last, count = parts[-1]
        assert 1 <= count <= size
        assert count == last.count(b"\n") + (not last.endswith(b"\n"))
