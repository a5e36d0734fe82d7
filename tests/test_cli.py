"""The command line: explain (diagram, table, JSON), errors with a caret, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from urikit._cli import main

RFC_EXAMPLE = "foo://example.com:8042/over/there?name=ferret#nose"


def test_explain_draws_the_rfc_diagram(capsys: pytest.CaptureFixture[str]) -> None:
    """explain underlines each component of the RFC 3986 §3 example and labels it."""
    assert main(["explain", RFC_EXAMPLE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "  " + RFC_EXAMPLE
    assert lines[1] == "  \\_/   \\______________/\\_________/ \\_________/ \\__/"
    assert lines[3].split() == ["scheme", "authority", "path", "query", "fragment"]


def test_explain_table_tells_undefined_from_empty(capsys: pytest.CaptureFixture[str]) -> None:
    """The table shows an undefined component as (undefined) and an empty one as ''."""
    assert main(["explain", "http://h:/?"]) == 0
    rows = dict(line.split(None, 1) for line in capsys.readouterr().out.split("\n\n")[1]
                .splitlines())
    assert rows["query"] == "''"
    assert rows["fragment"] == "(undefined)"
    assert rows["port"] == "(undefined)"
    assert rows["has_port"] == "True"
    assert rows["path"] == "['']"
    assert rows["userinfo"] == "(undefined)"
    assert rows["is_relative"] == "False"


def test_explain_json_is_the_element_model(capsys: pytest.CaptureFixture[str]) -> None:
    """--json prints every attribute of the element model, null for undefined."""
    assert main(["explain", "--json", RFC_EXAMPLE]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "scheme": "foo", "userinfo": None, "host": "example.com", "port": 8042,
        "has_port": True, "path": ["", "over", "there"], "query": "name=ferret",
        "fragment": "nose", "is_relative": False,
    }


def test_explain_staircase_for_crowded_labels(capsys: pytest.CaptureFixture[str]) -> None:
    """Labels that cannot share a line go down a staircase, rightmost first."""
    assert main(["explain", "http://a/?#"]) == 0
    out = capsys.readouterr().out.split("\n\n")[0].splitlines()
    assert [line.split()[-1] for line in out[3:]] == [
        "|fragment", "query", "|path", "authority", "scheme"]


def test_invalid_input_prints_a_caret_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A parse error prints the message, the text and a caret under the position."""
    assert main(["explain", "http://a/b c"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "urikit: invalid character ' ' at position 10 in path"
    assert err[1] == "  http://a/b c"
    assert err[2] == "  " + " " * 10 + "^"


def test_zone_id_needs_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    """An IPv6 zone identifier is rejected unless --allow-zone-id is given."""
    assert main(["explain", "http://[fe80::1%25eth0]/"]) == 2
    assert main(["explain", "--allow-zone-id", "--json", "http://[fe80::1%25eth0]/"]) == 0
    assert json.loads(capsys.readouterr().out)["host"] == "[fe80::1%25eth0]"


def test_python_dash_m_runs_the_cli() -> None:
    """python -m urikit is the same command line, with the same exit status."""
    ok = subprocess.run([sys.executable, "-m", "urikit", "explain", "--json", "a:b"],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0
    assert json.loads(ok.stdout)["scheme"] == "a"
    bad = subprocess.run([sys.executable, "-m", "urikit", "explain", "a b"],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2
