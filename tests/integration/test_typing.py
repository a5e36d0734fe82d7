"""The types tell the truth: mypy --strict, with the project's configuration, rejects
every edit of a FrozenURI (attribute assignment, path, parameters and text views)
with the expected error code, and accepts the reads, and the same edits on a URI.

The cases are lines of ``typing_cases/*.py``; a line ending in ``# E: code[, code]``
must give exactly those error codes, every other line none.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("mypy", reason="needs mypy (the test extra)")

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted((Path(__file__).parent / "typing_cases").glob("*.py"))
EXPECTED_RE = re.compile(r"#\s*E:\s*([a-z-]+(?:\s*,\s*[a-z-]+)*)\s*$")
REPORTED_RE = re.compile(r"^(?P<path>[^:]+):(?P<line>[0-9]+): error: .*\[(?P<code>[a-z-]+)\]$")


def _expected(path: Path) -> set[tuple[int, str]]:
    found: set[tuple[int, str]] = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = EXPECTED_RE.search(line)
        if m:
            found.update((number, code.strip()) for code in m.group(1).split(","))
    return found


def _reported(path: Path) -> set[tuple[int, str]]:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "pyproject.toml",
         "--no-error-summary", "--hide-error-context", "--no-pretty",
         "--show-error-codes", str(path.relative_to(ROOT))],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    reported: set[tuple[int, str]] = set()
    for line in result.stdout.splitlines():
        if ": note: " in line:
            continue
        m = REPORTED_RE.match(line)
        assert m is not None, f"unexpected mypy output: {line}\n{result.stdout}"
        assert Path(m.group("path")) == path.relative_to(ROOT), line
        reported.add((int(m.group("line")), m.group("code")))
    return reported


def test_there_are_cases() -> None:
    """The case files exist and hold expected errors."""
    assert CASES
    assert all(_expected(path) for path in CASES)


@pytest.mark.parametrize("path", CASES, ids=[p.name for p in CASES])
def test_mypy_reports_exactly_the_expected_errors(path: Path) -> None:
    """Each marked line gives its error codes, and no other line gives any."""
    expected, reported = _expected(path), _reported(path)
    assert sorted(reported - expected) == [], "errors not expected"
    assert sorted(expected - reported) == [], "expected errors mypy did not report"


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
