"""Faults lose nothing (issue 28): each case runs the command line as a subprocess of
this checkout's source, as a user runs it, and each failed before the fix (a
traceback, a wrong status, an input emptied or a password printed)."""

from __future__ import annotations

import array
import fcntl
import functools
import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import Final

import pytest

SRC: Final = str(Path(__file__).resolve().parents[2] / "src")
ENV: Final = {**os.environ, "PYTHONPATH": SRC}
BOUND: Final = 60


def _run(*argv: str, data: bytes = b"", stdout: int | None = subprocess.PIPE,
         file_size: int | None = None,
         row_group: int | None = None) -> subprocess.CompletedProcess[bytes]:
    """The command line run as a user runs it; ``file_size`` limits the size of every
    file it writes (see :func:`_file_size_limit`), ``row_group`` the rows of a
    Parquet row group (see :func:`_urikit`)."""
    return subprocess.run([*_urikit(row_group), *argv], input=data,
                          stdout=stdout, stderr=subprocess.PIPE, env=ENV, timeout=BOUND,
                          check=False, preexec_fn=None if file_size is None
                          else functools.partial(_file_size_limit, file_size))


def _urikit(row_group: int | None = None) -> list[str]:
    """The command that runs the command line; with ``row_group``, Parquet row groups
    of that many rows (not 65,536), so that a small input writes many of them."""
    if row_group is None:
        return [sys.executable, "-m", "urikit"]
    return [sys.executable, "-c", "import sys; from urikit._cli import tables; "
            f"tables.ROW_GROUP = {row_group:d}; from urikit._cli.command import main; "
            "sys.exit(main())"]


def _file_size_limit(size: int) -> None:
    """In the child: a disk that is full after ``size`` bytes of any one file.

    RLIMIT_FSIZE gives what a full disk gives, without root (a small tmpfs needs a
    mount): the write that crosses the limit writes what fits and returns, the next
    one fails (EFBIG, "File too large", where a full disk says ENOSPC; Python ignores
    the SIGXFSZ that comes with it). Pipes (standard output and error) have no size."""
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE,
                       (size, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))


def test_explain_lenient_text_draws_the_repaired_text() -> None:
    """explain --lenient in the text format draws each line as it was repaired: no
    traceback on the first line that needed a repair, every line explained."""
    run = _run("explain", "--lenient", "-", data=b"http://a/b c\nHTTP:\\\\h\\x\n")
    err = run.stderr.decode()
    assert run.returncode == 0, err
    assert "Traceback" not in err
    out = run.stdout.decode()
    assert "  http://a/b%20c\n" in out
    assert "  HTTP://h/x\n" in out
    assert "urikit: 2 lines, 2 results, 0 errors" in err


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_explain_lenient_records(fmt: str) -> None:
    """explain --lenient in jsonl and csv: a record for each line, with its repairs."""
    run = _run("explain", "--lenient", "--format", fmt, "-", data=b"http://a/b c\n")
    assert run.returncode == 0, run.stderr
    assert b"%20" in run.stdout
    assert b"repairs" in run.stdout


def test_an_errors_file_that_cannot_be_written() -> None:
    """--errors /dev/full: status 3 and one line saying why, no traceback; the
    results are all written."""
    run = _run("normalize", "--errors", "/dev/full", "-", data=b"http://a/\nbad x\nHTTP://B\n")
    err = run.stderr.decode()
    assert run.returncode == 3, err
    assert "Traceback" not in err
    assert err.count("could not write the error records to /dev/full") == 1
    assert run.stdout == b"http://a/\nhttp://b/\n"


@pytest.mark.parametrize("how", ["same name", "other name", "hard link"])
def test_errors_file_that_is_an_input_is_refused(tmp_path: Path, how: str) -> None:
    """--errors naming an input (by any of its names) is refused before anything is
    opened for writing, as cp refuses: status 2 and the input as it was."""
    data = b"http://a/\nbad x\n"
    source = tmp_path / "in.txt"
    source.write_bytes(data)
    target = {"same name": str(source), "other name": f"{tmp_path}/./in.txt",
              "hard link": str(tmp_path / "link.txt")}[how]
    if how == "hard link":
        os.link(source, target)
    run = _run("normalize", "-i", str(source), "--errors", target)
    assert run.returncode == 2, run.stderr
    assert b"refusing to write over it" in run.stderr
    assert run.stdout == b""
    assert source.read_bytes() == data


def test_standard_output_that_is_an_input_is_refused(tmp_path: Path) -> None:
    """Standard output appended to an input (>> in.txt) is refused: status 2, the
    input unchanged (the run would read its own results forever)."""
    data = b"http://a/\n"
    source = tmp_path / "in.txt"
    source.write_bytes(data)
    with source.open("ab") as out:
        run = _run("normalize", "-i", str(source), stdout=out.fileno())
    assert run.returncode == 2, run.stderr
    assert b"standard output is the input" in run.stderr
    assert source.read_bytes() == data


def _shapes() -> list[str]:
    """Every way of writing the start of an authority that a browser reads: a special
    scheme (any case) and any run of 0 to 3 slashes and backslashes (15 runs), or no
    scheme and a run of 2 or 3 (12 runs): 42 shapes, each with a password."""
    runs = ["".join(p) for n in range(4) for p in itertools.product("/\\", repeat=n)]
    shapes = [f"{scheme}:{run}joe:S3CRET@h/" for scheme in ("http", "HTTPS", "ws")
              for run in runs if not (scheme == "ws" and len(run) > 2)]
    shapes += [f"{run}joe:S3CRET@h/" for run in runs if len(run) >= 2]
    return shapes


SHAPES: Final = _shapes()


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("fmt", ["text", "jsonl", "csv"])
@pytest.mark.parametrize("command", ["normalize", "validate", "explain", "canonicalize"])
def test_passwords_are_masked_in_every_shape(command: str, fmt: str, lenient: bool) -> None:
    """Each shape as it is (valid or not) and followed by " x" (invalid, echoed): the
    password shows nowhere, in results, error records or echoed input."""
    assert len(SHAPES) >= 16
    lines = SHAPES + [f"{shape} x" for shape in SHAPES]
    argv = [command, "--format", fmt, "--errors", "inline", "-"]
    if lenient:
        argv.insert(1, "--lenient")
    run = _run(*argv, data="\n".join(lines).encode() + b"\n")
    assert run.returncode in (0, 1), run.stderr
    assert b"S3CRET" not in run.stdout + run.stderr
    if fmt != "text":  # every record echoes its input, masked
        assert run.stdout.count(b"***") >= len(lines)


@pytest.mark.parametrize("fmt", ["text", "jsonl", "csv"])
def test_secret_query_values_are_masked(fmt: str) -> None:
    """Secret query values are masked in results, error records and echoed input,
    their keys kept; ``--show-password`` shows them."""
    lines = [b"http://h/?q=1&token=S3CRET", b"http://h/?sig=S3CRET x",
             b"HTTP://joe:S3CRET@H/?Access_Token=S3CRET"]
    run = _run("normalize", "--format", fmt, "--errors", "inline", "-",
               data=b"\n".join(lines) + b"\n")
    assert run.returncode == 1, run.stderr
    assert b"S3CRET" not in run.stdout + run.stderr
    assert b"token=***" in run.stdout
    if fmt != "text":  # the error record echoes its input
        assert b"sig=***" in run.stdout
    assert b"in a secret query value, masked" in run.stdout
    shown = _run("normalize", "--show-password", "-", data=lines[0] + b"\n")
    assert shown.stdout == b"http://h/?q=1&token=S3CRET\n"


@pytest.mark.parametrize("shape", SHAPES[:4] + SHAPES[-4:])
def test_an_invalid_base_is_masked(shape: str) -> None:
    """resolve with a base that RFC 3986 cannot use: the error shows no password."""
    run = _run("resolve", shape, "x")
    assert b"S3CRET" not in run.stdout + run.stderr


def test_library_errors_mask_the_browser_reading() -> None:
    """ResolveError shows a base as a browser would read it, password masked."""
    from urikit import URI, ResolveError

    with pytest.raises(ResolveError) as info:
        URI.parse("///joe:S3CRET@h/").resolve("x")
    assert "S3CRET" not in str(info.value)
    assert info.value.base == "///joe:***@h/"


def _pending(fd: int) -> int:
    """Bytes waiting in a pipe (FIONREAD)."""
    count = array.array("i", [0])
    fcntl.ioctl(fd, termios.FIONREAD, count)
    return count[0]


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["int", "term"])
@pytest.mark.parametrize("blocked", ["stdout", "stderr"])
def test_a_stop_on_a_blocked_pipe_ends_at_a_record(tmp_path: Path, blocked: str,
                                                   signum: int) -> None:
    """^C or SIGTERM while the output (results on stdout, error records on stderr) is
    a full pipe nobody reads: the output ends at a record boundary and the summary
    counts exactly the records written. The pipe is seen full before the signal, so
    the run is blocked in a write whatever the machine's speed."""
    line = b"http://h/%d/./x\n" if blocked == "stdout" else b"http://h/%d x\n"
    source = tmp_path / "in.txt"
    source.write_bytes(b"".join(line % k for k in range(100_000)))
    out, text, status = _stop_when_full(["normalize"], source, signum, blocked)
    assert status == (130 if signum == signal.SIGINT else 143)
    assert "Traceback" not in text
    summary = re.search(r"urikit: stopped: \w+, after (\d+) lines, (\d+) results, "
                        r"(\d+) errors\n\Z", text)
    assert summary is not None, text[-500:]
    if blocked == "stdout":
        assert out.endswith(b"\n")
        assert int(summary[2]) == out.count(b"\n") > 0
    else:
        records = text[:summary.start()]
        assert records.endswith("^\n")  # an error record ends with its caret line
        assert int(summary[3]) == records.count("urikit: ") > 0


def _stop_when_full(argv: list[str], source: Path, signum: int,
                    blocked: str = "stdout") -> tuple[bytes, str, int]:
    """Run the command line over ``source``, wait until its standard output (or
    standard error: ``blocked``) is a full pipe nobody reads, send ``signum``, and read
    what it wrote: its output, its standard error and its status."""
    process = subprocess.Popen([sys.executable, "-m", "urikit", *argv, "-i", str(source)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
                               start_new_session=True)
    assert process.stdout is not None
    assert process.stderr is not None
    pipe = process.stdout if blocked == "stdout" else process.stderr
    try:
        # 16 pages of whole records: full, so the run is blocked in a write
        while _pending(pipe.fileno()) < 60_000:
            assert process.poll() is None
            time.sleep(0.02)
        os.killpg(process.pid, signum)
        out, err = process.communicate(timeout=BOUND)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return out, err.decode(), process.returncode


def _stopped_summary(err: str, status: int, signum: int) -> re.Match[str]:
    assert status == (130 if signum == signal.SIGINT else 143)
    assert "Traceback" not in err
    summary = re.search(r"urikit: stopped: \w+, after (\d+) lines, (\d+) results, "
                        r"(\d+) errors\n\Z", err)
    assert summary is not None, err[-500:]
    return summary


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["int", "term"])
def test_a_stopped_explain_ends_after_a_whole_drawing(tmp_path: Path, signum: int) -> None:
    """explain's text (drawings of many lines, a blank line between two) stopped on a
    full pipe: the output is whole drawings, the last one ending with its table's last
    row, and the summary counts exactly the drawings written."""
    source = tmp_path / "in.txt"
    source.write_bytes(b"".join(b"http://h/%d/./x?q#f\n" % k for k in range(20_000)))
    out, err, status = _stop_when_full(["explain"], source, signum)
    summary = _stopped_summary(err, status, signum)
    text = out.decode()
    drawings = text.split("\n\n  ")  # a drawing starts with the text, indented
    assert text.endswith("is_relative  False\n")
    assert int(summary[2]) == len(drawings) == text.count("is_relative") > 0
    for k, drawing in enumerate(drawings):  # each whole, in line order
        assert drawing.lstrip().startswith(f"http://h/{k}/./x?q#f\n"), drawing[:80]
        assert drawing.rstrip("\n").endswith("\nis_relative  False")  # its last row


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["int", "term"])
def test_a_stopped_json_list_is_closed_after_a_whole_item(tmp_path: Path,
                                                          signum: int) -> None:
    """--json stopped on a full pipe: the list is closed with ``]`` after the last item
    written whole, so the output parses, and the summary counts exactly its items (an
    inline error record among them)."""
    source = tmp_path / "in.txt"
    lines = [b"http://h/%d/./x" % k if k % 100 else b"http://h/%d x" % k
             for k in range(100_000)]
    source.write_bytes(b"\n".join(lines) + b"\n")
    out, err, status = _stop_when_full(["normalize", "--json", "--errors", "inline"],
                                       source, signum)
    summary = _stopped_summary(err, status, signum)
    items = json.loads(out)
    assert out.endswith(b"]\n")
    assert 0 < len(items) < len(lines)
    assert int(summary[2]) + int(summary[3]) == len(items)
    for k, item in enumerate(items):
        if k % 100:
            assert item == f"http://h/{k}/x"
        else:
            assert item["line"] == k + 1
            assert item["input"] == f"http://h/{k} x"


# --- a full disk (issue 37) ----------------------------------------------------------

#: Every format's output to a file, with a way to count the records in what was
#: written: (options, count); errors inline where the format holds them.
FULL_DISK_FORMATS: Final = [
    pytest.param(["normalize"], "lines", id="text"),
    pytest.param(["normalize", "--format", "jsonl", "--errors", "inline"], "lines",
                 id="jsonl"),
    pytest.param(["normalize", "--format", "csv", "--errors", "inline"], "csv", id="csv"),
    pytest.param(["normalize", "--json", "--errors", "inline"], "json", id="json"),
    pytest.param(["explain"], "drawings", id="explain"),
]
#: Trials of each format, each with a limit drawn (a fixed seed) below the output's size.
FULL_DISK_TRIALS: Final = 3


def _written(out: bytes, count: str) -> int:
    """The records in an output, which ends after a whole record."""
    text = out.decode()
    if count == "json":  # a list cut after an item: closed, it parses
        return len(json.loads(text + "]")) if text else 0
    if count == "drawings":
        assert not text or text.endswith("is_relative  False\n")
        return text.count("is_relative")
    assert not text or text.endswith("\n")
    return text.count("\n") - (count == "csv" and bool(text))  # the header


@pytest.mark.parametrize(("argv", "count"), FULL_DISK_FORMATS)
def test_a_full_disk_counts_what_was_written(tmp_path: Path, argv: list[str],
                                             count: str) -> None:
    """A disk that fills during the run (a file-size limit, see _file_size_limit):
    status 3, the reason, and a summary that counts exactly the records in the file,
    which ends after a whole record (a record cut by the full disk is taken off).
    Each format at limits drawn with a fixed seed."""
    lines = [b"http://h/%d/./x" % k if k % 10 else b"http://h/%d x" % k
             for k in range(2_000)]
    source, target = tmp_path / "in.txt", tmp_path / "out"
    source.write_bytes(b"\n".join(lines) + b"\n")
    full = _run(*argv, "-i", str(source), "-o", str(target), "--chunk-size", "50")
    assert full.returncode == 1, full.stderr
    size = target.stat().st_size
    draw = random.Random(f"{argv} {count}")
    for _ in range(FULL_DISK_TRIALS):
        limit = draw.randrange(1, size)
        run = _run(*argv, "-i", str(source), "-o", str(target), "--chunk-size", "50",
                   file_size=limit)
        err = run.stderr.decode()
        assert run.returncode == 3, err
        assert "Traceback" not in err
        summary = re.search(rf"urikit: stopped: could not write to {re.escape(str(target))}"
                            r" \(File too large\), after (\d+) lines, (\d+) results, "
                            r"(\d+) errors\n\Z", err)
        assert summary is not None, (limit, err[-500:])
        out = target.read_bytes()
        assert len(out) <= limit
        if "inline" in argv:
            assert _written(out, count) == int(summary[1]), limit
        else:  # the errors on standard error, each counted once written
            assert _written(out, count) == int(summary[2]), limit
            assert err.count("urikit: " + str(source)) == int(summary[3])


def test_a_parquet_file_on_a_full_disk_is_not_written(tmp_path: Path) -> None:
    """A Parquet output that the disk cannot hold has no footer, so nothing in it can
    be read: the run says so (status 3), counts nothing, and removes it. Before, it
    was left behind and its row groups written before the disk filled were counted
    (the hunt's 68,000 results)."""
    pq = pytest.importorskip("pyarrow.parquet", reason="needs the parquet extra")
    source, target = tmp_path / "in.csv", tmp_path / "out.parquet"
    source.write_text("url\n" + "".join(f"http://h/{k}/./x\n" for k in range(3_000)))
    argv = ["normalize", "-i", str(source), "--column", "url", "-o", str(target),
            "--chunk-size", "100"]
    assert _run(*argv, row_group=300).returncode == 0
    assert pq.ParquetFile(target).num_row_groups == 10
    run = _run(*argv, file_size=target.stat().st_size // 2, row_group=300)
    err = run.stderr.decode()
    assert run.returncode == 3, err
    assert "Traceback" not in err
    assert re.search(r"File too large; not written: a Parquet file without its footer "
                     r"cannot be read; removed\), after 0 lines, 0 results, 0 errors\n\Z",
                     err), err
    assert not target.exists()


#: Trials of the random signal test: SIGINT to the process group (^C at a terminal),
#: SIGTERM to the main process (kill), alternately.
SIGNAL_TRIALS: Final = 4


def _signal_after(argv: list[str], target: Path, delay: float | None,
                  signum: int) -> tuple[int, str, float]:
    """Run ``argv``; ``delay`` seconds after it creates ``target``, send ``signum``
    (SIGINT to its process group, as a terminal sends ^C; SIGTERM to it, as kill
    does), or nothing for ``None``. Its status, its standard error, and how long it
    ran after it created ``target``."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=ENV, start_new_session=True)
    try:
        while not target.exists() and process.poll() is None:
            time.sleep(0.002)
        created = time.monotonic()
        if delay is not None:
            time.sleep(delay)
            if signum == signal.SIGINT:
                os.killpg(process.pid, signum)
            else:
                os.kill(process.pid, signum)
        _, err = process.communicate(timeout=BOUND)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return process.returncode, err.decode(), time.monotonic() - created


def test_a_parquet_run_stopped_at_random_points_is_an_exact_prefix(tmp_path: Path) -> None:
    """^C or SIGTERM at random points (a fixed seed) of a --jobs 2 run writing Parquet
    in row groups of 500 rows (40 of them): the file is readable (it has its
    footer), its rows are the first rows of the input, each once and in order, and
    the summary counts exactly them. A signal that comes as the process exits, its
    work done, leaves the whole file. (The moment the hunt's doubled runs came from,
    a signal as a row group's write returns, has its own test in test_tables.py.)"""
    pq = pytest.importorskip("pyarrow.parquet", reason="needs the parquet extra")
    source, target = tmp_path / "in.csv", tmp_path / "out.parquet"
    count = 20_000
    source.write_text("url,note\n" + "".join(f"http://h/{k}/./x,{'n' * 100}\n"
                                              for k in range(count)))
    argv = [*_urikit(500), "normalize", "-i", str(source), "--column", "url",
            "-o", str(target), "-j", "2", "--chunk-size", "125"]
    status, err, duration = _signal_after(argv, target, None, signal.SIGINT)
    assert status == 0, err
    expected = pq.read_table(target).column("urikit_result").to_pylist()
    assert expected == [f"http://h/{k}/x" for k in range(count)]
    draw = random.Random(37)
    stopped = 0
    for trial in range(SIGNAL_TRIALS):
        target.unlink()
        signum = signal.SIGINT if trial % 2 == 0 else signal.SIGTERM
        status, err, _ = _signal_after(argv, target, draw.uniform(0, 0.9 * duration),
                                       signum)
        rows = pq.read_table(target).column("urikit_result").to_pylist()
        if status in (0, -signum):  # the signal came as it exited, its work done
            assert rows == expected, (trial, status, err[-500:])
            continue
        stopped += 1
        summary = _stopped_summary(err, status, signum)
        assert rows == expected[:len(rows)], trial
        assert int(summary[1]) == int(summary[2]) == len(rows), (trial, err)
    assert stopped > 0


@pytest.mark.parametrize("fmt", ["text", "jsonl"])
def test_a_full_disk_counts_the_error_records_written(tmp_path: Path, fmt: str) -> None:
    """An --errors FILE that the disk cannot hold (a file-size limit): status 3, the
    reason, every result written to standard output, and the summary counts exactly
    the error records in the file, which ends after a whole one (for people, a record
    of three lines; in JSON Lines, one line)."""
    lines = [b"http://h/%d/./x" % k if k % 10 == 0 else b"http://h/%d x" % k
             for k in range(2_000)]
    source, errors = tmp_path / "in.txt", tmp_path / "errors"
    source.write_bytes(b"\n".join(lines) + b"\n")
    argv = ["normalize", "-i", str(source), "--errors", str(errors), "--format", fmt,
            "--chunk-size", "50"]
    assert _run(*argv).returncode == 1
    size = errors.stat().st_size
    draw = random.Random(fmt)
    for _ in range(FULL_DISK_TRIALS):
        limit = draw.randrange(1, size)
        run = _run(*argv, file_size=limit)
        err = run.stderr.decode()
        assert run.returncode == 3, err
        assert "Traceback" not in err
        assert f"could not write the error records to {errors} (File too large)" in err
        summary = re.search(r"urikit: (\d+) lines, (\d+) results, (\d+) errors\n", err)
        assert summary is not None, err[-500:]
        assert run.stdout.count(b"\n") == int(summary[2]) == 200
        written = errors.read_bytes()
        assert len(written) <= limit
        assert not written or written.endswith(b"^\n" if fmt == "text" else b"}\n")
        records = written.count(b"urikit: " if fmt == "text" else b"\n")
        assert records == int(summary[3]), (limit, err[-300:])
