"""The version lives once, in ``urikit.__version__``: the installed metadata, built by
hatchling from that line, and ``urikit --version`` say the same."""

from __future__ import annotations

import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

import urikit

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest needs tomli before 3.11, and tomllib is tomli taken into the stdlib
    import tomli as tomllib
from urikit._cli.command import main

ROOT = Path(__file__).resolve().parents[1]


def test_metadata_matches_the_package() -> None:
    """The installed distribution's version is ``urikit.__version__`` (reinstall after
    changing it: an editable install keeps the metadata it was built with)."""
    assert importlib.metadata.version("urikit") == urikit.__version__


def test_version_is_a_release_number() -> None:
    """The version is a plain PEP 440 release, major.minor.micro."""
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", urikit.__version__)


def test_pyproject_reads_the_package() -> None:
    """pyproject.toml states no version of its own: hatchling reads __init__.py."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["hatch"]["version"]["path"] == "src/urikit/__init__.py"


def test_cli_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``urikit --version`` prints the program name, the version and the build
    (compiled by mypyc, or pure Python: :data:`urikit.COMPILED`), and exits 0."""
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    build = "compiled" if urikit.COMPILED else "pure Python"
    assert capsys.readouterr().out == f"urikit {urikit.__version__} ({build})\n"
