"""The command line: explain (diagram, table, JSON), errors with a caret, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from urikit._cli.command import main

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
    assert err[0] == ("urikit: invalid character ' ' at position 10 in path"
                      " (--lenient reads it as a browser does)")
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


def test_explain_the_empty_reference(capsys: pytest.CaptureFixture[str]) -> None:
    """"" is a valid relative reference: explain marks its empty path."""
    assert main(["explain", ""]) == 0
    out = capsys.readouterr().out
    assert "path" in out.split("\n\n")[0]
    assert "path         []" in out


def test_caret_is_aligned_under_escaped_characters(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A tab, a line feed or a lone surrogate in the input is shown escaped, on one
    line, with the caret under the escape."""
    assert main(["explain", "http://h/a\tb\nc"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("urikit: invalid character '\\t' at position 10 in path"
                      " (--lenient reads it as a browser does)")
    assert err[1:] == ["  http://h/a\\tb\\nc", "  " + " " * len("http://h/a") + "^"]
    assert main(["normalize", "x\ny"]) == 2
    assert capsys.readouterr().err.splitlines()[1:] == ["  x\\ny", "   ^"]
    assert main(["validate", "http://h/a\udc80b c"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[1:] == ["  http://h/a\\udc80b c", "  " + " " * len("http://h/a") + "^"]


def test_non_ascii_shows_as_is_and_an_invalid_password_is_masked(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A printable non-ASCII character is echoed as itself under its caret, and the
    password of an invalid reference is masked up to the last '@'."""
    assert main(["validate", "http://h/\u4e2d"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[1:] == ["  http://h/\u4e2d", "  " + " " * len("http://h/") + "^"]
    assert main(["validate", "http://joe:p@ss@h/\u4e2d"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[1] == "  http://joe:***@h/\u4e2d"


def test_zone_id_option_on_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    """resolve, relative and normalize take --allow-zone-id like explain."""
    zoned = "http://[fe80::1%25eth0]/a"
    assert main(["normalize", zoned]) == 2
    assert main(["normalize", "--allow-zone-id", zoned]) == 0
    assert main(["resolve", "--allow-zone-id", zoned, "b"]) == 0
    assert main(["relative", "--allow-zone-id", zoned, zoned + "/c"]) == 0
    assert capsys.readouterr().out.splitlines()[-3:] == [
        zoned, "http://[fe80::1%25eth0]/b", "a/c"]


def test_passwords_are_masked_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    """No output or message shows a password unless --show-password is given."""
    secret = "http://joe:s3cret@h/p"
    for argv in (["explain", secret], ["explain", "--json", secret], ["normalize", secret],
                 ["resolve", secret, "q"], ["relative", "http://h/", secret],
                 ["canonicalize", secret], ["validate", secret], ["dedupe", secret],
                 ["explain", secret + " x"], ["normalize", "--format", "jsonl", secret]):
        main(argv)
        out, err = capsys.readouterr()
        assert "s3cret" not in out + err, argv
        assert "joe:***" in out + err, argv
    assert main(["explain", "--json", secret]) == 0
    assert json.loads(capsys.readouterr().out)["userinfo"] == "joe:***"
    assert main(["normalize", "--show-password", secret]) == 0
    assert capsys.readouterr().out == secret + "\n"


def test_caret_of_a_masked_input_points_at_the_same_character(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The echoed input hides the password and the caret still marks the offending
    character."""
    assert main(["normalize", "http://joe:longpassword@h/a b"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == ("urikit: invalid character ' ' at position 27 in path"
                      " (--lenient reads it as a browser does)")
    assert err[1] == "  http://joe:***@h/a b"
    assert err[2].index("^") == err[1].index(" ", 2)


def test_huge_ports_are_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """A valid URI with a port of thousands of digits (past int's str limit) is
    explained, its port shown as its digits, in the table and in JSON."""
    digits = "1" * 5000
    text = f"http://h:0{digits}/"
    assert main(["explain", text]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert f"port         '{digits}'" in out.splitlines()
    assert main(["explain", "--json", text]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out)["port"] == digits
    assert main(["normalize", text]) == 0
    assert capsys.readouterr().out == f"http://h:{digits}/\n"


def test_arguments_are_all_processed(capsys: pytest.CaptureFixture[str]) -> None:
    """An invalid argument is reported and the others still give their result."""
    assert main(["normalize", "HTTP://A", "a b", "HTTP://B"]) == 2
    out, err = capsys.readouterr()
    assert out == "http://a/\nhttp://b/\n"
    assert err.startswith("urikit: invalid character ' ' at position 1 in path"
                          " (--lenient reads it as a browser does)\n")


@pytest.mark.parametrize(("text", "shown", "position"), [
    pytest.param("http://f:b/c", "http://f:b/c", 9, id="port"),
    pytest.param("http://u:secret@f:b/c", "http://u:***@f:b/c", 15, id="after-a-password"),
])
def test_a_refused_lenient_authority_is_marked_at_the_fault(
        capsys: pytest.CaptureFixture[str], text: str, shown: str, position: int) -> None:
    """With --lenient, a refused authority's caret stands under the fault (the port),
    not under the first character, the password masked."""
    assert main(["validate", "--lenient", text]) == 2
    err = capsys.readouterr().err.splitlines()
    assert "in port" in err[0]
    assert err[1] == f"  {shown}"
    assert err[2] == "  " + " " * position + "^"
    assert "secret" not in "\n".join(err)
