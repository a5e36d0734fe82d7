"""The batch options of issue 17: no password on screen under either reading,
--lenient, --form-query, --errors FILE, and error lines above the progress bar."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pytest

from urikit import CanonicalOptions, canonicalize
from urikit._batch.engine import process_line
from urikit._batch.operations import Command, Operation
from urikit._cli.command import SHOWN_ERRORS, main
from urikit._whatwg.masking import mask_secrets, password_spans


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: bytes = b"") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(("text", "password"), [
    ("http://joe:secret@h/", "secret"),  # RFC 3986
    ("http:\\\\joe:secret@h\\", "secret"),  # browsers: backslashes are slashes
    ("HTTPS:/\\joe:secret@h/", "secret"),
    ("http:joe:secret@h/", "secret"),  # browsers skip no slash at all
    ("\\\\joe:secret@h\\x", "secret"),  # no scheme, against a web page
    ("http://joe:secret@h\\x@y/", "secret@h\\x"),  # the RFC reading covers more
    ("foo://joe:secret@h/", "secret"),
])
def test_passwords_are_found_under_both_readings(text: str, password: str) -> None:
    """Both readings' passwords are masked; the caret keeps its character."""
    spans = password_spans(text)
    assert "".join(text[a:b] for a, b in spans) == password
    masked, _ = mask_secrets(text)
    assert "secret" not in masked
    assert masked.count("***") == 1


def test_no_password_in_non_special_or_absent_userinfo() -> None:
    """A backslash means nothing special outside the special schemes; no "@", no
    password. An empty password is none: the user name of an http URL is then the
    secret (``https://TOKEN:@host``), that of an ftp URL is a name."""
    assert password_spans("foo:\\\\joe:secret@h\\") == []
    assert password_spans("http://h/a:b") == []
    assert password_spans("http://joe:@h/") == [(7, 10)]
    assert password_spans("ftp://joe:@h/") == []


@pytest.mark.parametrize("argv", [
    ["normalize", "http://a/", "-q", "http://joe:secret@h/"],
    ["normalize", "--format", "http://joe:secret@h/", "x"],
    ["normalize", "--jobs", "http:\\\\joe:secret@h\\", "x"],
])
def test_usage_errors_mask_passwords(argv: list[str], capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse quotes arguments in its errors: the password is masked there too."""
    with pytest.raises(SystemExit) as stop:
        run(argv, capsys, monkeypatch)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "joe:***@h" in err
    assert "secret" not in err


def test_error_records_mask_the_browser_password(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The backslash form is invalid RFC 3986, echoed in the error record: masked
    in every format, in arguments and in lines."""
    ref = "http:\\\\joe:secret@h\\"
    status, out, err = run(["normalize", ref], capsys, monkeypatch)
    assert status == 2
    assert "secret" not in out + err
    assert "joe:***@h" in err
    for fmt in ("text", "jsonl", "csv"):
        status, out, err = run(["normalize", "--format", fmt, "--errors", "inline", "-"],
                               capsys, monkeypatch, ref.encode() + b"\n")
        assert status == 1
        assert "secret" not in out + err
        assert "joe:***@h" in out or fmt == "text"  # text names the line only


def test_lenient_reads_as_parse_lenient_and_lists_the_repairs(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """--lenient: a line is read as URI.parse_lenient reads it; jsonl and csv records
    list each change; a password's repair is masked."""
    data = b"http://h/a b?q=a|b\nhttp://h/ok\nhttp://joe:s cret@h/\n"
    status, out, _ = run(["normalize", "--lenient", "--format", "jsonl", "-"],
                         capsys, monkeypatch, data)
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    assert records[0]["output"] == "http://h/a%20b?q=a%7Cb"
    assert records[0]["repairs"] == [
        {"position": 10, "component": "path", "original": " ", "replacement": "%20"},
        {"position": 16, "component": "query", "original": "|", "replacement": "%7C"}]
    assert records[1]["repairs"] == []
    assert records[2]["input"] == "http://joe:***@h/"
    assert records[2]["output"] == "http://joe:***@h/"
    assert [(r["original"], r["replacement"]) for r in records[2]["repairs"]] == [
        ("***", "***")]
    assert "cret" not in out
    _, out, _ = run(["normalize", "--lenient", "--format", "csv", "-"], capsys, monkeypatch,
                    data)
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    assert json.loads(rows[0]["repairs"]) == records[0]["repairs"]
    # without --lenient the same lines are errors, and no record has repairs
    status, out, _ = run(["normalize", "--format", "jsonl", "-"], capsys, monkeypatch, data)
    assert status == 1
    assert all("repairs" not in json.loads(line) for line in out.splitlines())


def test_lenient_on_every_command(capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Each batch command takes --lenient (dedupe prints the line kept as written)."""
    for argv in (["validate"], ["explain", "--json"], ["canonicalize"], ["dedupe"],
                 ["resolve", "http://a/b/"], ["relative", "http://h/"]):
        status, out, _ = run([argv[0], "--lenient", "-q", *argv[1:], "-"], capsys, monkeypatch,
                             b"http://h/a b\n")
        assert status == 0, argv
        assert "%20" in out or (argv == ["dedupe"] and out == "http://h/a b\n"), argv
    record = process_line(Operation(Command.CANONICALIZE, lenient=True), "-", 1,
                          b"HTTP://h/?b=|&a=1#f")
    assert record.output == "http://h/?a=1&b=%7C"


def test_form_query_makes_plus_and_percent_20_meet(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Off by default; --form-query writes %20 in the query as "+" (a "%2B" stays)."""
    assert canonicalize("http://h/?q=a%20b") == "http://h/?q=a%20b"
    options = CanonicalOptions(form_query=True)
    assert canonicalize("http://h/a%20b?q=a%20b&p=%2B", options) == \
        "http://h/a%20b?p=%2B&q=a+b"
    _, out, err = run(["dedupe", "--form-query", "-"], capsys, monkeypatch,
                      b"http://h/?q=a+b\nhttp://h/?q=a%20b\n")
    assert out == "http://h/?q=a+b\n"
    assert "(1 unique, 1 duplicates)" in err


def test_errors_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """--errors FILE: the results in the output, the error records in FILE (people's
    text with text output, records in the output's format otherwise)."""
    data = b"http://a/\nbad x\n"
    target = tmp_path / "errors.txt"
    status, out, err = run(["normalize", "--errors", str(target), "-"], capsys, monkeypatch,
                           data)
    assert (status, out) == (1, "http://a/\n")
    assert err == "urikit: 2 lines, 1 results, 1 errors\n"
    assert target.read_text().startswith("urikit: -:2: invalid character ' '")
    status, out, _ = run(["normalize", "--format", "csv", "--errors", str(target), "-"],
                         capsys, monkeypatch, data)
    rows = list(csv.DictReader(io.StringIO(target.read_text(), newline="")))
    assert [row["line"] for row in rows] == ["2"]
    assert len(list(csv.DictReader(io.StringIO(out, newline="")))) == 1
    with pytest.raises(SystemExit):
        run(["normalize", "--errors", str(tmp_path / "no" / "such"), "-"], capsys,
            monkeypatch, data)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_error_lines_print_above_the_bar(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal, the first error records are written through tqdm.write (above
    the bar), whole lines, and the others counted, not flooding the screen: the
    summary says how many, and where every one is kept (issue 44)."""
    tqdm = pytest.importorskip("tqdm", reason="needs the progress extra")
    written: list[str] = []
    monkeypatch.setattr(tqdm.tqdm, "write", classmethod(
        lambda cls, text, file=None, **kw: written.append(text)))
    tty = _Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    status, _, _ = run(["normalize", "-"], capsys, monkeypatch, b"a b\nx\nc d\n" * 100)
    assert status == 1
    assert sum(w.count("urikit: -:") for w in written) == SHOWN_ERRORS
    assert all(not w.endswith("\n") for w in written)  # tqdm.write adds the line end
    assert f"urikit: {200 - SHOWN_ERRORS} more error records not shown" in tty.getvalue()
    assert "100 results, 200 errors" in tty.getvalue()


def test_no_bar_when_the_results_share_the_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Results written to the terminal the bar is on would run into its line: no bar
    then (every error shown, as without one); the bar is for results that go
    elsewhere."""
    pytest.importorskip("tqdm", reason="needs the progress extra")
    tty = _Terminal()
    monkeypatch.setattr(sys, "stderr", tty)
    monkeypatch.setattr(sys, "stdout", _Terminal())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"a b\nx\n" * 3000)))
    assert main(["normalize", "-"]) == 1
    assert "B/s" not in tty.getvalue()
    assert "it/s" not in tty.getvalue()
    assert tty.getvalue().count("urikit: -:") == 3000


def test_build_reads_a_json_object_of_parts_a_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """``urikit build`` (issue 44): each line the parts of a URL as JSON, each encoded
    for its place once; a line that is no object of parts, or whose parts make no
    URL, is an error record; a secret query value is masked in what people read;
    a ``.jsonl`` input is its lines; ``--lenient`` is refused (a line is no URL)."""
    lines = [
        '{"scheme": "https", "host": "bücher.example", "port": 8080, "segments": '
        '["a/b", "c d"], "query": [{"key": "q", "value": "x&y"}], "fragment": "top"}',
        '{"host": "h", "query": {"token": "T0K3N", "k": null}}',
        '{"scheme": "ht tp"}', '{"port": 80}', '["h"]', '{"path": "/a"}',
        '{"port": "80"}']
    parts = tmp_path / "parts.jsonl"
    parts.write_text("\n".join(lines) + "\n", encoding="utf-8")
    status, out, err = run(["build", "-q", "--format", "jsonl", "--errors", "inline",
                            "-i", str(parts)], capsys, monkeypatch)
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [r.get("output") for r in records] == [
        "https://xn--bcher-kva.example:8080/a%2Fb/c%20d?q=x%26y#top", "//h?token=***&k",
        None, None, None, None, None]
    assert [r["error"]["kind"] for r in records[2:]] == [
        "uri-error", "port-needs-host", "uri-error", "uri-error", "uri-error"]
    assert "unknown part 'path'" in records[5]["error"]["message"]
    assert "port must not be a string" in records[6]["error"]["message"]
    assert "T0K3N" not in out + err
    with pytest.raises(SystemExit):
        run(["build", "--lenient", "-i", str(parts)], capsys, monkeypatch)
    assert "--lenient does not apply" in capsys.readouterr().err
