"""The type check and the lint run as tests, so one pytest command checks everything."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import urikit

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def test_mypy_strict_is_clean() -> None:
    """mypy --strict (configured in pyproject.toml) reports no error over src, tests,
    examples and benchmarks."""
    result = _run("mypy", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_is_clean() -> None:
    """ruff finds nothing to report."""
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_package_ships_py_typed() -> None:
    """The package carries the PEP 561 marker."""
    assert (Path(urikit.__file__).parent / "py.typed").is_file()


def test_all_lists_exactly_the_public_names() -> None:
    """__all__ is sorted-unique and names every public attribute of the package."""
    public = {name for name in dir(urikit) if not name.startswith("_")}
    modules = {"strategies"}
    assert set(urikit.__all__) == public - modules - {"annotations"}
    assert len(urikit.__all__) == len(set(urikit.__all__))


def test_every_public_name_has_a_docstring() -> None:
    """Every exported class and function says what it does."""
    for name in urikit.__all__:
        obj = getattr(urikit, name)
        if callable(obj) and not isinstance(obj, type(urikit.Component)):
            assert obj.__doc__, name
