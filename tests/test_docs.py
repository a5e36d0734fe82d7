"""The API reference builds cleanly, its guide runs, and every public name is documented.

The Sphinx build runs with warnings as errors and nitpicky cross-references, so a
docstring whose reST breaks, or a reference to a name that does not exist, fails here.
"""

from __future__ import annotations

import doctest
import enum
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import urikit

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


@pytest.mark.integration
def test_sphinx_build_has_no_warning(tmp_path: Path) -> None:
    """``sphinx -W -n`` builds the HTML reference without a warning."""
    pytest.importorskip("sphinx", reason="needs Sphinx (the test or docs extra)")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-n", "-q",
         "-b", "html", "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    api = (tmp_path / "html" / "api.html").read_text(encoding="utf-8")
    assert 'id="urikit.URI.parse_lenient"' in api
    assert 'id="urikit.safe_redirect"' in api


def test_getting_started_examples_run() -> None:
    """Every ``>>>`` example of the guide gives the output it shows."""
    failed, attempted = doctest.testfile(str(DOCS / "getting-started.rst"),
                                         module_relative=False, encoding="utf-8")
    assert attempted > 20
    assert failed == 0


def test_api_reference_names_every_public_name() -> None:
    """docs/api.rst has an entry for each name urikit exports, so a new export
    without a reference entry fails."""
    api = (DOCS / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. (?:auto\w+|py:\w+):: (?:urikit\.\w+\.)?(\w+)", api,
                                re.MULTILINE))
    assert set(urikit.__all__) - documented == set()


def _public_classes() -> list[tuple[str, type]]:
    objects = {name: getattr(urikit, name) for name in urikit.__all__}
    return [(name, obj) for name, obj in objects.items() if isinstance(obj, type)]


def _own_members(cls: type) -> list[tuple[str, object]]:
    """The public methods, properties and slots that urikit's own classes define on
    ``cls`` (inherited ones included; those of builtins and enum members left out)."""
    members: list[tuple[str, object]] = []
    for attr in dir(cls):
        if attr.startswith("_"):
            continue
        owner = next((k for k in cls.__mro__ if attr in vars(k)), None)
        if owner is None or not owner.__module__.startswith("urikit"):
            continue
        member = vars(owner)[attr]
        if issubclass(cls, enum.Enum) and isinstance(member, cls):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            member = member.__func__
        if inspect.isfunction(member) or inspect.isdatadescriptor(member):
            members.append((attr, member))
    return members


@pytest.mark.parametrize(("name", "cls"), _public_classes(),
                         ids=[name for name, _ in _public_classes()])
def test_every_public_member_has_a_docstring(name: str, cls: type) -> None:
    """Each public method and property of an exported class says what it does."""
    assert cls.__doc__, name
    missing = [attr for attr, member in _own_members(cls) if not member.__doc__]
    assert missing == []


def test_every_public_function_has_a_docstring() -> None:
    """Each exported function says what it does."""
    objects = {name: getattr(urikit, name) for name in urikit.__all__}
    missing = [name for name, obj in objects.items()
               if inspect.isfunction(obj) and not obj.__doc__]
    assert missing == []
