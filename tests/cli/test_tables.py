"""Tables through the command line (issue 28): the reference column of a Parquet or
CSV file in, the input's columns with the result columns added out, the same records
as the text path; (base, reference) pairs as lines and as two columns.

The Parquet files are made by each test (pyarrow, the ``parquet`` extra)."""

from __future__ import annotations

import io
import json
import signal
import sys
from pathlib import Path
from typing import Any, Final

import pytest

from urikit._cli import tables
from urikit._cli.command import main

pytestmark = pytest.mark.integration
pa: Any = pytest.importorskip("pyarrow", reason="needs the parquet extra")
pq: Any = pytest.importorskip("pyarrow.parquet", reason="needs the parquet extra")

#: Valid, invalid, repairable, a password in a browser's shape, a duplicate in
#: canonical form, a null, non-ASCII and the empty reference.
URLS: Final[list[str | None]] = [
    "HTTP://Example.COM/./a?b=1&a=2#f", "http://a b/", "http://h/x y", "http:/joe:S3CRET@h/",
    "http://example.com/a?a=2&b=1", None, "https://bücher.example/é", "", "../g",
    "http://[::1]:80/", "mailto:joe@example.com", "http://h/%zz",
]
COMMANDS: Final = ["normalize", "validate", "explain", "canonicalize", "dedupe"]
#: The error's columns of a Parquet output: kind, position, message (no position in it).
ERROR_COLUMNS: Final = ("urikit_error_kind", "urikit_error_position", "urikit_error_message")


def _table(path: Path, row_group_size: int = 5) -> None:
    """URLS in a Parquet file of several row groups, with columns before and after."""
    table = pa.table({"id": list(range(len(URLS))), "url": pa.array(URLS, pa.string()),
                      "note": [f"row {k}" for k in range(len(URLS))]})
    pq.write_table(table, path, row_group_size=row_group_size)


def _stdin(monkeypatch: pytest.MonkeyPatch, data: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data.encode())))


def _records(capsys: pytest.CaptureFixture[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def _expected(command: str, capsys: pytest.CaptureFixture[str],
              monkeypatch: pytest.MonkeyPatch, *options: str,
              data: bool = True) -> list[tuple[Any, ...]]:
    """The (result, error kind, error position, error message) of each row by the
    text path: the non-null URLs as lines, in JSON Lines with the errors inline (a
    null is the error "null", "no reference (null)"). With ``data``, as a table
    output holds them: a result is data (its secrets kept, as ``--show-password``
    shows them), an error masked; otherwise as the records show them (masked)."""
    lines = [u for u in URLS if u is not None]
    _stdin(monkeypatch, "".join(f"{u}\n" for u in lines))
    main([command, "--format", "jsonl", "--errors", "inline", "-q", *options, "-"])
    by_line = {r["line"]: r for r in _records(capsys)}
    if data:
        _stdin(monkeypatch, "".join(f"{u}\n" for u in lines))
        main([command, "--format", "jsonl", "--errors", "inline", "-q", "--show-password",
              *options, "-"])
        for shown in _records(capsys):
            if "output" in shown:
                by_line[shown["line"]]["output"] = shown["output"]
    expected: list[tuple[Any, ...]] = []
    k = 0
    for url in URLS:
        if url is None:
            expected.append((None, "null", None, "no reference (null)"))
            continue
        k += 1
        record = by_line.get(k)
        if record is None:  # dedupe: a later duplicate
            expected.append(("dropped", None, None, None))
        elif "error" in record:
            error = record["error"]
            expected.append((None, error["kind"], error["position"], error["message"]))
        else:
            output = record["output"]
            expected.append((output if isinstance(output, str)
                             else json.dumps(output, ensure_ascii=False), None, None, None))
    return expected


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("command", COMMANDS)
def test_parquet_rows_hold_the_text_paths_records(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, command: str, lenient: bool) -> None:
    """Each row of the output is its input row, every column kept in order, with the
    result or the error the text path gives for its URL; dedupe drops the later rows
    of a canonical form; the summary counts the rows."""
    options = ("--lenient",) if lenient else ()
    expected = _expected(command, capsys, monkeypatch, *options)
    source, target = tmp_path / "in.parquet", tmp_path / "out.parquet"
    _table(source)
    status = main([command, "-i", str(source), "-o", str(target), *options])
    err = capsys.readouterr().err
    assert status == 1, err  # some rows are invalid
    out = pq.read_table(target)
    added = ["urikit_result", *ERROR_COLUMNS] + (["urikit_repairs"] if lenient else [])
    assert out.column_names == ["id", "url", "note", *added]
    kept = [k for k, (result, *_) in enumerate(expected) if result != "dropped"]
    assert out.column("id").to_pylist() == kept
    assert out.column("note").to_pylist() == [f"row {k}" for k in kept]
    rows = list(zip(*(out.column(c).to_pylist() for c in ("urikit_result", *ERROR_COLUMNS)),
                    strict=True))
    assert rows == [expected[k] for k in kept]
    assert out.schema.field("urikit_error_position").type == pa.int64()
    # the data columns keep a password as read; the error columns never show one
    assert out.column("url").to_pylist() == [URLS[k] for k in kept]
    assert "S3CRET" not in str([out.column(c).to_pylist() for c in ERROR_COLUMNS])
    errors = sum(1 for row in rows if row[1] is not None)
    assert f"{len(URLS)} lines" in err
    assert f"{errors} errors" in err
    if lenient:
        repairs = [json.loads(r) for r in out.column("urikit_repairs").to_pylist()]
        assert any(repairs)


def test_parquet_with_jobs_is_the_same(tmp_path: Path) -> None:
    """--jobs 2 (chunks of 3 rows to two worker processes) writes the same file."""
    source = tmp_path / "in.parquet"
    _table(source)
    outputs = []
    for jobs in ("1", "2"):
        target = tmp_path / f"out{jobs}.parquet"
        main(["canonicalize", "-i", str(source), "-o", str(target), "-j", jobs,
              "--chunk-size", "3", "-q"])
        outputs.append(pq.read_table(target))
    assert outputs[0].equals(outputs[1])


def test_parquet_to_text_formats(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A Parquet input written as JSON Lines: the records of the text path, the row
    number as the line number."""
    expected = _expected("normalize", capsys, monkeypatch, data=False)
    source = tmp_path / "in.parquet"
    _table(source)
    main(["normalize", "-i", str(source), "--format", "jsonl", "--errors", "inline", "-q"])
    records = _records(capsys)
    assert [r["line"] for r in records] == list(range(1, len(URLS) + 1))
    assert [(r.get("output"), *(r.get("error", {}).get(f) for f in ("kind", "position",
                                                                     "message")))
            for r in records] == expected


def test_csv_column(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A CSV file with a header: --column names the references; the records are the
    text path's (an empty field is the empty reference); to Parquet, every column is
    kept as text."""
    rows = [u for u in URLS if u is not None]
    source = tmp_path / "links.csv"
    source.write_text("page,url\n" + "".join(
        f'p{k},"{u}"\n' for k, u in enumerate(rows)), encoding="utf-8")
    _stdin(monkeypatch, "".join(f"{u}\n" for u in rows))
    main(["normalize", "--format", "jsonl", "--errors", "inline", "-q", "-"])
    expected = [(r.get("output"), r.get("error")) for r in _records(capsys)]
    main(["normalize", "-i", str(source), "--column", "url", "--format", "jsonl",
          "--errors", "inline", "-q"])
    assert [(r.get("output"), r.get("error")) for r in _records(capsys)] == expected
    _stdin(monkeypatch, "".join(f"{u}\n" for u in rows))
    main(["normalize", "--format", "jsonl", "--errors", "inline", "-q", "--show-password",
          "-"])
    shown = [r.get("output") for r in _records(capsys)]  # a table's results are data
    target = tmp_path / "out.parquet"
    main(["normalize", "-i", str(source), "--column", "url", "-o", str(target), "-q"])
    out = pq.read_table(target)
    assert out.column_names == ["page", "url", "urikit_result", *ERROR_COLUMNS]
    assert out.column("page").to_pylist() == [f"p{k}" for k in range(len(rows))]
    assert out.column("url").to_pylist() == rows
    assert out.column("urikit_result").to_pylist() == shown


@pytest.mark.parametrize(("argv", "message"), [
    (["--column", "link"], "has no column 'link' (its columns: id, url, note)"),
    (["--column", "id"], "column 'id' of"),
    (["-o", "{source}"], "is the input"),
])
def test_table_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            argv: list[str], message: str) -> None:
    """A missing or non-text column, or an output that is the input: status 2, a
    message, the input untouched."""
    source = tmp_path / "in.parquet"
    _table(source)
    before = source.read_bytes()
    argv = [a.replace("{source}", str(source)) for a in argv]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "out.parquet")]
    assert main(["normalize", "-i", str(source), *argv]) == 2
    assert message in capsys.readouterr().err
    assert source.read_bytes() == before


def test_without_pyarrow_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Without pyarrow, reading Parquet is a usage error naming the extra."""
    source = tmp_path / "in.parquet"
    _table(source)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    assert main(["normalize", "-i", str(source), "-o", str(tmp_path / "o.parquet")]) == 2
    assert "pip install 'urikit[parquet]'" in capsys.readouterr().err


# --- pairs ---------------------------------------------------------------------------

PAIRS: Final = [
    ("http://a/b/c/d;p?q", "../g"), ("http://a/b/c/d;p?q", "g?y"), ("http://x/", "//y/z"),
    ("bad base", "g"), ("//no-scheme/", "g"), ("http://a/b c/", "d"), ("http://h/", "x y"),
    ("http:\\\\joe:S3CRET@h\\p", "q"),
]


def _resolved(command: str, base: str, ref: str, *options: str) -> tuple[Any, Any]:
    """What the command gives for one reference against one BASE argument."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys, "stdout", out)
        patch.setattr(sys, "stderr", err)
        status = main([command, *options, "--format", "jsonl", "--errors", "inline",
                       base, ref])
    if not out.getvalue():  # the base itself is refused
        assert status == 2
        return None, "base"
    record = json.loads(out.getvalue())
    return record.get("output"), "error" in record


@pytest.mark.parametrize("lenient", [False, True], ids=["strict", "lenient"])
@pytest.mark.parametrize("command", ["resolve", "relative"])
def test_pairs_as_lines(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                        command: str, lenient: bool) -> None:
    """Without a BASE each line is base<TAB>reference: the output of each pair is the
    output of the command with that base (an invalid base is an error record, in
    the base, the caret in the line); --lenient reads the base leniently too."""
    options = ("--lenient",) if lenient else ()
    _stdin(monkeypatch, "".join(f"{b}\t{r}\n" for b, r in PAIRS) + "no tab\n")
    status = main([command, *options, "--format", "jsonl", "--errors", "inline", "-q", "-"])
    records = _records(capsys)
    assert status == 1
    assert len(records) == len(PAIRS) + 1
    assert "no tab" in records[-1]["error"]["message"]
    for (base, ref), record in zip(PAIRS, records, strict=False):
        output, error = _resolved(command, base, ref, *options)
        assert record.get("output") == output, (base, ref)
        assert ("error" in record) == (error is not None and error is not False)
        assert "S3CRET" not in json.dumps(record)
        if error == "base" and record["error"]["position"] is not None:
            assert record["error"]["position"] < len(base)
            assert "base" in record["error"]["message"]


def test_a_reference_error_is_placed_after_the_tab(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in the reference has its position in the whole line: after the tab."""
    _stdin(monkeypatch, "http://h/\tx y\n")
    main(["resolve", "--format", "jsonl", "-q", "--errors", "inline", "-"])
    record = _records(capsys)[0]
    assert record["error"]["position"] == len("http://h/\tx")


def test_lenient_base_argument(capsys: pytest.CaptureFixture[str]) -> None:
    """--lenient reads a BASE argument as it reads the references."""
    assert main(["resolve", "--lenient", "http://h/a b/", "c"]) == 0
    assert capsys.readouterr().out == "http://h/a%20b/c\n"
    assert main(["resolve", "http://h/a b/", "c"]) == 2


def test_pairs_as_columns(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """--base-column and --column name the pairs of a Parquet or CSV file; the rows
    are those of the same pairs as lines, the columns kept as read (the error columns
    mask passwords)."""
    _stdin(monkeypatch, "".join(f"{b}\t{r}\n" for b, r in PAIRS))
    main(["resolve", "--format", "jsonl", "--errors", "inline", "-q", "-"])
    expected = [r.get("output") for r in _records(capsys)]
    source, target = tmp_path / "pairs.parquet", tmp_path / "out.parquet"
    pq.write_table(pa.table({"page": [b for b, _ in PAIRS], "href": [r for _, r in PAIRS]}),
                   source)
    main(["resolve", "-i", str(source), "--base-column", "page", "--column", "href",
          "-o", str(target), "-q"])
    out = pq.read_table(target)
    assert out.column("urikit_result").to_pylist() == expected
    assert out.column("page").to_pylist() == [b for b, _ in PAIRS]  # data, as read
    assert "S3CRET" not in str([out.column(c).to_pylist() for c in ERROR_COLUMNS])
    csv_source = tmp_path / "pairs.csv"
    csv_source.write_text("page,href\n" + "".join(f'"{b}","{r}"\n' for b, r in PAIRS))
    main(["resolve", "-i", str(csv_source), "--base-column", "page", "--column", "href",
          "--format", "jsonl", "--errors", "inline", "-q"])
    assert [r.get("output") for r in _records(capsys)] == expected


# --- CSV as spreadsheets and other programs write it (issue 37) ---------------------

#: A CSV file with an undecodable byte in a reference (one with a password too), in a
#: kept column and nowhere else.
UNDECODABLE: Final = (b"url,note\nhttp://h/\xff,n\xfe\nhttp://joe:S3CRET@g/\xff,x\n"
                      b"http://g/,y\n")
UNDECODABLE_ERROR: Final = "undecodable byte 0xff (not UTF-8) in encoding"


def test_an_undecodable_csv_cell_is_an_error_row_in_parquet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An undecodable byte in a CSV cell is an error row, as a line's is, never a
    traceback: its cells are written as read, the byte shown ``\\xff`` (a password
    kept: the column is data), the error masked; the other rows have their results."""
    source, target = tmp_path / "bad.csv", tmp_path / "out.parquet"
    source.write_bytes(UNDECODABLE)
    assert main(["normalize", "-i", str(source), "--column", "url", "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert "urikit: 3 lines, 1 results, 2 errors" in err
    out = pq.read_table(target)
    assert out.column("url").to_pylist() == ["http://h/\\xff", "http://joe:S3CRET@g/\\xff",
                                             "http://g/"]
    assert out.column("note").to_pylist() == ["n\\xfe", "x", "y"]
    assert out.column("urikit_result").to_pylist() == [None, None, "http://g/"]
    assert out.column("urikit_error_kind").to_pylist() == ["undecodable", "undecodable", None]
    assert out.column("urikit_error_position").to_pylist() == [9, 20, None]
    assert out.column("urikit_error_message").to_pylist() == [UNDECODABLE_ERROR] * 2 + [None]
    assert "S3CRET" not in str([out.column(c).to_pylist() for c in ERROR_COLUMNS])
    assert "S3CRET" not in err


def test_an_undecodable_csv_cell_is_the_error_record_of_a_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """To JSON Lines, an undecodable cell gives the record its line gives: the input
    shown with ``\\xff``, the error in the encoding at the byte's position."""
    source = tmp_path / "bad.csv"
    source.write_bytes(UNDECODABLE)
    assert main(["normalize", "-i", str(source), "--column", "url", "--format", "jsonl",
                 "--errors", "inline", "-q"]) == 1
    records = _records(capsys)
    assert [r["input"] for r in records] == ["http://h/\\xff", "http://joe:***@g/\\xff",
                                             "http://g/"]
    assert records[0]["error"] == {"kind": "undecodable", "position": 9,
                                   "component": "encoding", "message": UNDECODABLE_ERROR}


def test_an_undecodable_pair_is_an_error_row(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """An undecodable base or reference column of pairs: an error record in that
    value, the other pairs resolved."""
    source = tmp_path / "pairs.csv"
    source.write_bytes(b"base,url\nhttp://h/\xff,x\nhttp://h/,y\xfe\nhttp://h/,z\n")
    assert main(["resolve", "-i", str(source), "--column", "url", "--format", "jsonl",
                 "--errors", "inline", "-q"]) == 1
    records = _records(capsys)
    assert records[0]["error"]["kind"] == "base-undecodable"
    assert records[0]["error"]["position"] == 9
    assert records[0]["error"]["message"] == (
        "undecodable byte 0xff (not UTF-8) in the base's encoding")
    assert records[1]["input"] == "http://h/\ty\\xfe"
    assert records[1]["error"]["position"] == len("http://h/\ty")
    assert records[2]["output"] == "http://h/z"


@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
def test_a_bom_before_the_header_is_read_as_a_bom(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  fmt: str) -> None:
    """A header that starts with a UTF-8 BOM, as Excel writes "CSV UTF-8": the first
    column is ``url``, not ``\\ufeffurl``, and keeps that name in a Parquet output."""
    source, target = tmp_path / "excel.csv", tmp_path / "out.parquet"
    source.write_bytes(b"\xef\xbb\xbfurl,note\r\nHTTP://H/./a,x\r\n")
    argv = ["-o", str(target)] if fmt == "parquet" else ["--format", "jsonl"]
    assert main(["normalize", "-i", str(source), "--column", "url", "-q", *argv]) == 0
    if fmt == "parquet":
        out = pq.read_table(target)
        assert out.column_names == ["url", "note", "urikit_result", *ERROR_COLUMNS]
        assert out.column("urikit_result").to_pylist() == ["http://h/a"]
    else:
        assert _records(capsys)[0]["output"] == "http://h/a"


@pytest.mark.parametrize(("header", "message"), [
    pytest.param(b"url,url", "has the column name 'url' twice (columns 1 and 2)",
                 id="the-reference"),
    pytest.param(b"url,note,note", "has the column name 'note' twice (columns 2 and 3)",
                 id="another"),
    pytest.param(b"url,,", "has the column name '' twice (columns 2 and 3)", id="empty"),
])
@pytest.mark.parametrize("fmt", ["jsonl", "parquet"])
def test_duplicate_column_names_are_refused(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str],
                                            header: bytes, message: str, fmt: str) -> None:
    """A header that names a column twice is refused before anything is written:
    status 2, the name and both columns in the message, no output file (a Parquet
    file of two columns of one name is one pyarrow cannot read)."""
    source, target = tmp_path / "dup.csv", tmp_path / f"out.{fmt}"
    source.write_bytes(header + b"\nhttp://h/,http://g/,x\n")
    argv = [] if fmt == "parquet" else ["--format", "jsonl"]
    assert main(["normalize", "-i", str(source), "--column", "url", "-o", str(target),
                 *argv]) == 2
    assert message in capsys.readouterr().err
    assert not target.exists()


def test_an_undecodable_header_is_refused_for_parquet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A column name with an undecodable byte cannot be a Parquet column's name: the
    run is refused before anything is written, the name shown with ``\\xff``."""
    source, target = tmp_path / "bad.csv", tmp_path / "out.parquet"
    source.write_bytes(b"url,n\xff\nhttp://h/,x\n")
    assert main(["normalize", "-i", str(source), "--column", "url",
                 "-o", str(target)]) == 2
    assert "column 2's name 'n\\xff' is not UTF-8" in capsys.readouterr().err
    assert not target.exists()


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
                         ids=["int", "term"])
def test_a_signal_as_a_row_group_is_written_writes_it_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        signum: int, status: int) -> None:
    """^C or SIGTERM arriving as a row group's write returns (the moment the hunt hit
    in 7 of 52 runs with --jobs 2): the file holds each row once, in order, with its
    footer, and the summary counts exactly its rows. Before, the row group was
    written again as the file was closed, and counted once."""
    monkeypatch.setattr(tables, "ROW_GROUP", 3)
    source, target = tmp_path / "in.csv", tmp_path / "out.parquet"
    source.write_text("url\n" + "".join(f"http://h/{k}/./x\n" for k in range(12)))
    write_table = pq.ParquetWriter.write_table
    written: list[int] = []

    def signalled(writer: Any, table: Any, *args: Any, **kwargs: Any) -> None:
        write_table(writer, table, *args, **kwargs)
        written.append(table.num_rows)
        if len(written) == 2:
            signal.raise_signal(signum)  # its handler runs as this write returns

    monkeypatch.setattr(pq.ParquetWriter, "write_table", signalled)
    assert main(["normalize", "-i", str(source), "--column", "url", "-o", str(target),
                 "--chunk-size", "3"]) == status
    rows = pq.read_table(target).column("urikit_result").to_pylist()
    assert rows == [f"http://h/{k}/x" for k in range(len(rows))]
    assert sum(written) == len(rows) >= 6
    assert f"after {len(rows)} lines, {len(rows)} results, 0 errors" in capsys.readouterr().err


@pytest.mark.parametrize(("header", "message"), [
    pytest.param(b"u\xff,link", "has no column 'url' (its columns: u\\xff, link)",
                 id="undecodable"),
    pytest.param(b"http://joe:S3CRET@h/,link",
                 "has no column 'url' (its columns: http://joe:***@h/, link)", id="password"),
    pytest.param(b"http://joe:S3CRET@h/,http://joe:S3CRET@h/",
                 "has the column name 'http://joe:***@h/' twice", id="password-twice"),
])
def test_column_names_in_messages(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  header: bytes, message: str) -> None:
    """A refused header is shown as the records show text: an undecodable byte as
    ``\\xff`` (before, the message could not be written and was lost), a password
    masked."""
    source = tmp_path / "in.csv"
    source.write_bytes(header + b"\nhttp://h/,x\n")
    assert main(["normalize", "-i", str(source), "--column", "url"]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "S3CRET" not in err


@pytest.mark.parametrize("dictionary", [False, True], ids=["plain", "dictionary"])
def test_an_undecodable_parquet_value_is_an_error_row(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str],
                                                      dictionary: bool) -> None:
    """A Parquet text value that is not UTF-8 (written by a program that did not check)
    gives its row the error record a line with those bytes gets, never a traceback;
    the other rows have their results."""
    source = tmp_path / "bad.parquet"
    binary = pa.array([b"http://h/\xff", b"http://g/"], pa.binary())
    column = pa.Array.from_buffers(pa.string(), len(binary), binary.buffers())
    if dictionary:  # read back as a dictionary column (the schema says so)
        column = column.dictionary_encode()
    pq.write_table(pa.table({"url": column}), source)
    assert main(["normalize", "-i", str(source), "--format", "jsonl", "--errors", "inline",
                 "-q"]) == 1
    records = _records(capsys)
    assert records[0]["input"] == "http://h/\\xff"
    assert records[0]["error"]["message"] == UNDECODABLE_ERROR
    assert records[1]["output"] == "http://g/"
