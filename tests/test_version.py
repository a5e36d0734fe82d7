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


#: A version mark in a docstring or a page: reST's ``.. versionadded:: 0.3`` (also
#: ``versionchanged`` and ``deprecated``) or MyST's ``{versionadded} 0.3``.
VERSION_MARK = re.compile(r"(?:\.\. |\{)(?:versionadded|versionchanged|deprecated)"
                          r"(?:::|\})\s*([0-9][0-9.]*)")
#: A released section of CHANGELOG.md, as towncrier's ``title_format`` writes it.
RELEASE_HEADING = re.compile(r"^## ([0-9]+\.[0-9]+\.[0-9]+) \(\d{4}-\d{2}-\d{2}\)$",
                             re.MULTILINE)


def _releases() -> list[str]:
    """The versions of CHANGELOG.md's released sections, newest first."""
    return RELEASE_HEADING.findall((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"))


def _marks() -> list[tuple[str, str]]:
    """Each version mark of ``src`` and of the docs pages, with where it is."""
    files = [*sorted((ROOT / "src").rglob("*.py")), *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "docs").glob("*.rst")), ROOT / "README.md"]
    return [(f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}",
             match.group(1))
            for path in files for text in [path.read_text(encoding="utf-8")]
            for match in VERSION_MARK.finditer(text)]


def test_newest_changelog_section_is_this_version() -> None:
    """CHANGELOG.md's newest released section is ``__version__``: the release's
    changelog is built (``towncrier build --version X.Y.Z``) before it ships."""
    releases = _releases()
    assert releases, "CHANGELOG.md has no released section"
    assert releases[0] == urikit.__version__


def test_every_version_mark_is_a_release() -> None:
    """Each ``versionadded``/``versionchanged``/``deprecated`` mark in ``src`` and the
    docs names a released section of CHANGELOG.md (``0.3`` is ``0.3.0``), so no mark
    promises a version the changelog does not have."""
    released = set(_releases())
    marks = _marks()
    assert len(marks) > 10
    unreleased = [(where, version) for where, version in marks
                  if not {version, f"{version}.0"} & released]
    assert unreleased == []


@pytest.mark.parametrize(("text", "version"), [
    ("    .. versionadded:: 0.2\n", "0.2"),
    ("   .. versionchanged:: 0.3\n      Follows the browsers.\n", "0.3"),
    ("```{versionchanged} 0.3.1\nsaid so\n```\n", "0.3.1"),
])
def test_version_marks_are_found(text: str, version: str) -> None:
    """The mark pattern reads both reST's and MyST's spellings."""
    assert VERSION_MARK.findall(text) == [version]
