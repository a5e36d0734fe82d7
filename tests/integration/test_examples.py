"""Every script in examples/ runs and prints what it promises."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))
#: The framework each web example runs on; an example not listed needs only urikit.
FRAMEWORK = {"django_app.py": "django", "fastapi_app.py": "fastapi",
             "flask_app.py": "flask", "starlette_app.py": "starlette"}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The example runs as a script and prints at least one line of output."""
    if path.name in FRAMEWORK:
        pytest.importorskip(FRAMEWORK[path.name], reason="needs the framework (the test extra)")
    sys.path.insert(0, str(path.parent))
    try:
        runpy.run_path(str(path), run_name="__main__")
    finally:
        sys.path.remove(str(path.parent))
    assert capsys.readouterr().out.strip()


def test_build_links_output(capsys: pytest.CaptureFixture[str]) -> None:
    """The link-building example encodes delimiters in data and nothing else."""
    runpy.run_path(str(EXAMPLES[0].with_name("build_links.py")), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "https://search.example/search?q=fish%20%26%20chips%20%231&page=2",
        "https://people.example/u/Jos%C3%A9%2FAna",
        "https://a.example/docs/guide/#%C2%A7%202",
    ]
