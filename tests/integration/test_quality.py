"""The type check and the lint run as tests, so one pytest command checks everything."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("mypy", reason="needs mypy (the test extra)")
pytest.importorskip("ruff", reason="needs ruff (the test extra)")

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_mypy_strict_is_clean() -> None:
    """mypy --strict (configured in pyproject.toml) reports no error over src, tests,
    examples and benchmarks."""
    result = _run("mypy", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr


def test_pyright_strict_is_clean() -> None:
    """pyright in strict mode (basedpyright's wheel, configured in pyproject.toml)
    reports no error over src, tests, examples and benchmarks."""
    pytest.importorskip("basedpyright", reason="needs basedpyright (the test extra)")
    # --project: this checkout's configuration, never a pyrightconfig.json that pyright
    # would otherwise find in a folder above the checkout
    result = _run("basedpyright", "--project", str(ROOT), "--pythonpath", sys.executable)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("0 errors, "), result.stdout


def test_ruff_is_clean() -> None:
    """ruff finds nothing to report."""
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr
