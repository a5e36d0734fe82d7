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
    assert rows["path"] == "['', '']"
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


def test_resolve_prints_one_target_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    """resolve prints each reference's target against the base (RFC 3986 §5.4.1)."""
    assert main(["resolve", "http://a/b/c/d;p?q", "../g", "g?y", "//g"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "http://a/b/g", "http://a/b/c/g?y", "http://g"]


def test_resolve_non_strict_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    """--non-strict reads 'http:g' as relative; --json prints a list."""
    assert main(["resolve", "--json", "http://a/b/c/d;p?q", "http:g"]) == 0
    assert json.loads(capsys.readouterr().out) == ["http:g"]
    assert main(["resolve", "--non-strict", "http://a/b/c/d;p?q", "http:g"]) == 0
    assert capsys.readouterr().out == "http://a/b/c/g\n"


def test_resolve_with_a_relative_base_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    """A base without a scheme is an error (RFC 3986 §5.1), reported with status 2."""
    assert main(["resolve", "/a/b", "c"]) == 2
    assert "scheme" in capsys.readouterr().err


def test_relative_prints_the_shortest_reference(capsys: pytest.CaptureFixture[str]) -> None:
    """relative prints the reference from BASE to TARGET."""
    assert main(["relative", "http://a/b/c/d", "http://a/b/e"]) == 0
    assert capsys.readouterr().out == "../e\n"
    assert main(["relative", "--json", "http://a/b/c/d", "http://x/y"]) == 0
    assert json.loads(capsys.readouterr().out) == ["//x/y"]


def test_normalize_prints_each_normal_form(capsys: pytest.CaptureFixture[str]) -> None:
    """normalize applies RFC 3986 §6.2.2 and §6.2.3 to each URI."""
    assert main(["normalize", "HTTP://A:80", "http://h/%7e/./a/../b?%3a"]) == 0
    assert capsys.readouterr().out.splitlines() == ["http://a/", "http://h/~/b?%3A"]
