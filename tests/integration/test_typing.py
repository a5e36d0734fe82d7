"""The types tell the truth, to mypy and to pyright alike: both checkers, strict and
with the project's configuration, type a user's program as the library means (the
classes, their views, the builders and the public functions, by ``assert_type``) and
report every intended mistake in it; they reject every edit of a FrozenURI and accept
the reads, and the same edits on a URI.

The cases are the files of ``typing_cases/``; a line ending in
``# E: mypy-code[, code] | pyright-rule[, rule]`` must give exactly those mypy error
codes and those pyright rules, every other line nothing, in each checker. pyright is
basedpyright's wheel (pyright with its own node, so nothing is downloaded), in
``typeCheckingMode = "strict"``, which is pyright's strict rule set (docs/development.md).
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("mypy", reason="needs mypy (the test extra)")
pytest.importorskip("basedpyright", reason="needs basedpyright (the test extra)")

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((Path(__file__).parent / "typing_cases").glob("*.py"))
EXPECTED_RE = re.compile(
    r"#\s*E:\s*(?P<mypy>[a-z-]+(?:\s*,\s*[a-z-]+)*)\s*\|\s*(?P<pyright>[A-Za-z]+(?:\s*,\s*[A-Za-z]+)*)\s*$")
MARKER_RE = re.compile(r"#\s*E:\s*[a-z]")
REPORTED_RE = re.compile(r"^(?P<path>[^:]+):(?P<line>[0-9]+): error: .*\[(?P<code>[a-z-]+)\]$")
#: Case files whose lines are expected to fail until a change lands, with why (a strict
#: xfail: once the lines hold, the test says so and the entry is removed). None now.
PENDING: dict[str, str] = {}

Expected = set[tuple[int, str]]


def _expected(path: Path) -> tuple[Expected, Expected]:
    """The (line, code) pairs marked for mypy and for pyright."""
    mypy: Expected = set()
    pyright: Expected = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = EXPECTED_RE.search(line)
        if m:
            mypy.update((number, code.strip()) for code in m.group("mypy").split(","))
            pyright.update((number, rule.strip()) for rule in m.group("pyright").split(","))
        else:
            assert not MARKER_RE.search(line), f"{path.name}:{number}: a marker needs both parts"
    return mypy, pyright


def _mypy(path: Path) -> Expected:
    # MYPYPATH: this checkout's urikit, not the one an editable install points at
    env = {**os.environ, "MYPYPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "pyproject.toml",
         "--no-error-summary", "--hide-error-context", "--no-pretty",
         "--show-error-codes", str(path.relative_to(ROOT))],
        cwd=ROOT, capture_output=True, text=True, check=False, env=env)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    reported: Expected = set()
    for line in result.stdout.splitlines():
        if ": note: " in line:
            continue
        m = REPORTED_RE.match(line)
        assert m is not None, f"unexpected mypy output: {line}\n{result.stdout}"
        assert Path(m.group("path")) == path.relative_to(ROOT), line
        reported.add((int(m.group("line")), m.group("code")))
    return reported


def _pyright_mode() -> str:
    with (ROOT / "pyproject.toml").open("rb") as f:
        mode = tomllib.load(f)["tool"]["basedpyright"]["typeCheckingMode"]
    assert isinstance(mode, str)
    return mode


def _pyright(path: Path, tmp_path: Path) -> Expected:
    """pyright's diagnostics for the case, checked as a user's own file: a copy beside a
    configuration of the project's mode, with this checkout's src on the path (the
    project's configuration leaves the cases out, and pyright then skips them even when
    named)."""
    (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    config = {"typeCheckingMode": _pyright_mode(), "extraPaths": [str(ROOT / "src")],
              "include": [path.name]}
    (tmp_path / "pyrightconfig.json").write_text(json.dumps(config), encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "basedpyright", "--outputjson", "--pythonpath", sys.executable,
         "-p", str(tmp_path / "pyrightconfig.json")],
        cwd=tmp_path, capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    output = json.loads(result.stdout)
    assert output["summary"]["filesAnalyzed"] == 1, result.stdout
    reported: Expected = set()
    for diagnostic in output["generalDiagnostics"]:
        assert diagnostic["severity"] == "error", diagnostic
        assert Path(diagnostic["file"]).name == path.name, diagnostic
        reported.add((diagnostic["range"]["start"]["line"] + 1, diagnostic.get("rule", "")))
    return reported


def _params() -> list[object]:
    return [pytest.param(path, marks=pytest.mark.xfail(reason=PENDING[path.name], strict=True))
            if path.name in PENDING else path for path in CASES]


def test_there_are_cases() -> None:
    """The case files exist, and the user program holds at least the issue's eight
    mistakes."""
    assert [p.name for p in CASES] >= ["frozen_builders.py", "frozen_edits.py"]
    # frozen_builders.py is the one file of lines that must all type-check
    assert all(_expected(path)[0] or path.name in {*PENDING, "frozen_builders.py"}
               for path in CASES)
    user = ROOT / "tests/integration/typing_cases/user_program.py"
    assert len({line for line, _ in _expected(user)[0]}) >= 8


@pytest.mark.parametrize("path", _params(), ids=[p.name for p in CASES])
def test_mypy_reports_exactly_the_expected_errors(path: Path) -> None:
    """Each marked line gives its mypy error codes, and no other line gives any."""
    expected, reported = _expected(path)[0], _mypy(path)
    assert sorted(reported - expected) == [], "errors not expected"
    assert sorted(expected - reported) == [], "expected errors mypy did not report"


@pytest.mark.parametrize("path", _params(), ids=[p.name for p in CASES])
def test_pyright_reports_exactly_the_expected_errors(path: Path, tmp_path: Path) -> None:
    """Each marked line gives its pyright rules, and no other line gives any."""
    expected, reported = _expected(path)[1], _pyright(path, tmp_path)
    assert sorted(reported - expected) == [], "errors not expected"
    assert sorted(expected - reported) == [], "expected errors pyright did not report"


TYPINGS = ROOT / "typings"
STUBS = sorted(TYPINGS.glob("*/__init__.pyi"))


def test_there_are_stubs() -> None:
    """typings/ holds at least the stub for tqdm (the progress extra)."""
    assert [stub.parent.name for stub in STUBS] == ["tqdm"]


@pytest.mark.parametrize("stub", STUBS, ids=[s.parent.name for s in STUBS])
def test_stub_is_for_an_untyped_module_and_names_what_it_has(stub: Path) -> None:
    """A stub is only for a module that ships no types (no py.typed), and every class,
    function and method it declares exists at run time."""
    module = pytest.importorskip(stub.parent.name, reason="the stubbed package is missing")
    assert module.__file__ is not None
    assert not (Path(module.__file__).parent / "py.typed").exists()
    for node in ast.parse(stub.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            runtime = getattr(module, node.name)
            if isinstance(node, ast.ClassDef):
                for member in node.body:
                    if isinstance(member, ast.FunctionDef):
                        assert hasattr(runtime, member.name), f"{node.name}.{member.name}"
