"""The command line as a person meets it (issue 36): bare ``urikit``, standard input
read without ``-``, an input's format told by its extension, and ``--lenient``
suggested where it would read a refused line. Each case runs the command as a user
does, a subprocess of the urikit these tests import, with its standard input a pipe,
a file or a terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

import pytest

import urikit
from urikit import URI, ParseError

#: The urikit under test (the checkout's source, or an installed build) for the
#: subprocesses.
ENV: Final = {**os.environ, "PYTHONPATH": str(Path(urikit.__file__).resolve().parents[1])}
BOUND: Final = 60
HINT: Final = "(--lenient reads it as a browser does)"


def urikit_run(*argv: str, data: bytes | None = b"",
               cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``urikit ARGV`` with ``data`` piped to its standard input (``None``: the
    null device, a file)."""
    stdin = subprocess.DEVNULL if data is None else None
    return subprocess.run([sys.executable, "-m", "urikit", *argv], stdin=stdin,
                          input=None if data is None else data.decode(),
                          capture_output=True, text=True, env=ENV, cwd=cwd,
                          timeout=BOUND, check=False)


def test_bare_urikit_prints_the_help() -> None:
    """No command: the help on standard output, status 0, nothing on standard error."""
    done = urikit_run()
    assert done.returncode == 0
    assert done.stdout.startswith("usage: urikit")
    assert "normalize" in done.stdout
    assert "Exit status" in done.stdout
    assert done.stderr == ""


@pytest.mark.parametrize(("argv", "data", "out"), [
    pytest.param(["normalize"], b"HTTP://A/./b\n", "http://a/b\n", id="normalize"),
    pytest.param(["validate"], b"a:b\n", "a:b\n", id="validate"),
    pytest.param(["resolve", "http://a/b/c/d;p?q"], b"../g\n", "http://a/b/g\n",
                 id="resolve-against-BASE"),
    pytest.param(["resolve"], b"http://a/b/c/d;p?q\t../g\n", "http://a/b/g\n",
                 id="resolve-pairs"),
    pytest.param(["relative", "http://a/b/c"], b"http://a/b/d\n", "d\n",
                 id="relative-against-BASE"),
])
def test_a_pipe_is_read_without_a_dash(argv: list[str], data: bytes, out: str) -> None:
    """No reference and no --input, standard input a pipe: read as '-' reads it."""
    done = urikit_run(*argv, data=data)
    dash = urikit_run(*argv, "-", data=data)
    assert (done.returncode, done.stdout, done.stderr) == (
        dash.returncode, dash.stdout, dash.stderr)
    assert done.returncode == 0
    assert done.stdout == out
    assert done.stderr == "urikit: 1 lines, 1 results, 0 errors\n"


def test_a_file_on_standard_input_is_read() -> None:
    """Standard input a file (the null device here): read, an empty input."""
    done = urikit_run("normalize", data=None)
    assert (done.returncode, done.stdout) == (0, "")
    assert done.stderr == "urikit: 0 lines, 0 results, 0 errors\n"


def test_a_terminal_is_not_waited_on() -> None:
    """No reference, standard input a terminal: a usage error at once, saying how to
    give references, not a silent wait for typing."""
    leader, follower = os.openpty()
    try:
        done = subprocess.run([sys.executable, "-m", "urikit", "normalize"],
                              stdin=follower, capture_output=True, text=True, env=ENV,
                              timeout=BOUND, check=False)
    finally:
        os.close(follower)
        os.close(leader)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines()[-1] == (
        "urikit: error: no reference given: give references, pipe them in (or '-' "
        "reads them from the terminal), or --input FILE")


URLS_CSV: Final = "url,id\nHTTP://Example.com/./a,1\nhttp://a b,2\n"


def test_a_csv_file_is_read_as_a_table(tmp_path: Path) -> None:
    """A name ending with .csv is a CSV file (its header no reference), as a name
    ending with .parquet is Parquet; --input-format lines still reads its lines."""
    (tmp_path / "urls.CSV").write_text(URLS_CSV, encoding="utf-8")
    done = urikit_run("normalize", "-i", "urls.CSV", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == "http://example.com/a\n"
    assert done.stderr.splitlines()[0] == (
        "urikit: urls.CSV:2: invalid character ' ' at position 8 in host")
    assert done.stderr.splitlines()[-1] == "urikit: 2 lines, 1 results, 1 errors"
    lines = urikit_run("normalize", "-i", "urls.CSV", "--input-format", "lines",
                       cwd=tmp_path)
    assert lines.stdout == "url,id\nhttp://example.com/a,1\n"  # the header, a path
    assert lines.stderr.splitlines()[-1] == "urikit: 3 lines, 2 results, 1 errors"


def test_a_csv_file_of_bare_lines_says_how_to_read_it(tmp_path: Path) -> None:
    """A .csv file of one URL a line, without a header, is refused before anything is
    written, saying that --input-format lines reads it (which it does)."""
    (tmp_path / "bare.csv").write_text("http://a/\nHTTP://B/\n", encoding="utf-8")
    done = urikit_run("normalize", "-i", "bare.csv", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "urikit: bare.csv has no column 'url' (its columns: http://a/); name it with "
        "--column (a file of one reference a line, without a header: --input-format "
        "lines)\n")
    lines = urikit_run("normalize", "-i", "bare.csv", "--input-format", "lines",
                       cwd=tmp_path)
    assert (lines.returncode, lines.stdout) == (0, "http://a/\nhttp://b/\n")


def test_a_csv_file_becomes_parquet(tmp_path: Path) -> None:
    """-i urls.csv -o out.parquet: both formats told by the names, every column kept."""
    pq: Any = pytest.importorskip("pyarrow.parquet", reason="needs the parquet extra")
    (tmp_path / "urls.csv").write_text(URLS_CSV, encoding="utf-8")
    done = urikit_run("normalize", "-i", "urls.csv", "-o", "out.parquet", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stderr == "urikit: 2 lines, 1 results, 1 errors\n"
    rows = pq.read_table(tmp_path / "out.parquet").to_pylist()
    assert [(r["url"], r["id"], r["urikit_result"]) for r in rows] == [
        ("HTTP://Example.com/./a", "1", "http://example.com/a"),
        ("http://a b", "2", None)]
    assert (rows[1]["urikit_error_kind"], rows[1]["urikit_error_position"]) == (
        "invalid-host", 8)
    assert rows[1]["urikit_error_message"].startswith("invalid character ' ' in host")


@pytest.mark.parametrize("name", ["urls.jsonl", "urls.NDJSON"])
def test_json_lines_input_is_refused_by_name(tmp_path: Path, name: str) -> None:
    """No reader of JSON Lines: a name saying JSON Lines is a usage error naming the
    formats read, before anything is read; --input-format lines reads it as lines."""
    (tmp_path / name).write_text('{"url": "http://a/"}\n', encoding="utf-8")
    done = urikit_run("normalize", "-i", name, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == (
        f"urikit: error: cannot read {name} as JSON Lines: the input formats are lines, "
        "csv and parquet (--input-format lines reads each line as a reference)")
    lines = urikit_run("validate", "-i", name, "--input-format", "lines", cwd=tmp_path)
    assert lines.returncode == 1  # the JSON text is no URI reference


@pytest.mark.parametrize(("text", "hinted"), [
    pytest.param("https://bücher.example/", True, id="IDNA-host"),
    pytest.param("http://a/b c", True, id="space-in-path"),
    pytest.param("http://a/100%", True, id="stray-percent"),
    pytest.param("http://a b/", False, id="space-in-host-browsers-refuse"),
    pytest.param("http://bü cher/", False, id="IDNA-host-and-a-space"),
    pytest.param("http://[fe80::1%25eth0]/", False, id="zone-id"),
])
def test_lenient_is_suggested_where_it_reads(text: str, hinted: bool) -> None:
    """A strict refusal says --lenient where the lenient reading gives a result (and
    that reading does), never naming Python calls then; elsewhere the library's hint
    stays as it is."""
    done = urikit_run("normalize", data=f"{text}\n".encode())
    assert done.returncode == 1
    first = done.stderr.splitlines()[0]
    assert first.endswith(HINT) is hinted
    if hinted:
        assert "from_iri" not in done.stderr
        assert "LenientURI" not in done.stderr
        lenient = urikit_run("normalize", "--lenient", data=f"{text}\n".encode())
        assert lenient.returncode == 0
    else:
        with pytest.raises(ParseError) as info:
            URI.parse(text)
        assert first == f"urikit: -:1: {info.value}"


def test_the_library_keeps_its_python_advice() -> None:
    """URI.parse still names the Python calls that read a name outside ASCII."""
    with pytest.raises(ParseError) as info:
        URI.parse("https://bücher.example/")
    assert "URI.from_iri" in info.value.hint


def test_a_pair_and_a_base_argument_get_the_hint() -> None:
    """The hint is given for a base (argument or a pair's) as for a reference."""
    done = urikit_run("resolve", "http://a/b c", "d")
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == (
        f"urikit: base: invalid character ' ' at position 10 in path {HINT}")
    pairs = urikit_run("resolve", data=b"http://a/b c\td\n")
    assert pairs.stderr.splitlines()[0] == (
        f"urikit: -:1: invalid character ' ' at position 10 in the base's path {HINT}")
