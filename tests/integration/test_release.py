"""The release: ``python -m build`` makes an sdist and a wheel that ``twine check``
accepts, the wheel ships ``py.typed`` and works from a fresh venv (``import urikit``
and the ``urikit`` command), and towncrier reads every changelog fragment."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("build", reason="needs build (the test extra)")
pytest.importorskip("twine", reason="needs twine (the test extra)")
pytest.importorskip("towncrier", reason="needs towncrier (the test extra)")

import urikit

ROOT = Path(__file__).resolve().parents[2]


def _run(*argv: str | Path, cwd: Path = ROOT, **env: str) -> str:
    """Run a command (with ``env`` added to the environment), failing the test with its
    output if it fails."""
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True,
                          env={**{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
                               **env})
    assert done.returncode == 0, f"{argv} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder holding the sdist and the pure-Python wheel, built from this checkout
    (the compiled wheel is built and tested whole by the ``compiled`` nox session)."""
    out = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "build", "--outdir", out, ROOT, URIKIT_NO_EXTENSIONS="1")
    return out


def _one(dist: Path, pattern: str) -> Path:
    found = sorted(dist.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def test_build_makes_an_sdist_and_a_wheel_twine_accepts(dist: Path) -> None:
    """Both artifacts carry the package's version in their names and pass twine's
    metadata check (the README renders as the long description)."""
    sdist = _one(dist, f"urikit-{urikit.__version__}.tar.gz")
    wheel = _one(dist, f"urikit-{urikit.__version__}-py3-none-any.whl")
    out = _run(sys.executable, "-m", "twine", "check", "--strict", sdist, wheel)
    assert out.count("PASSED") == 2


def test_wheel_contents(dist: Path) -> None:
    """The wheel holds the package with py.typed, the console script and the version
    in its metadata, and no tests."""
    wheel = _one(dist, "urikit-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"urikit-{urikit.__version__}.dist-info"
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
    assert "urikit/py.typed" in names
    assert "urikit/_core/grammar.py" in names
    assert not [n for n in names if n.startswith("tests/")]
    assert f"\nVersion: {urikit.__version__}\n" in metadata
    assert "urikit = urikit._cli.command:main" in entry_points


def test_wheel_installs_and_runs_in_a_fresh_venv(dist: Path, tmp_path: Path) -> None:
    """In a new venv, installing the wheel (and its runtime dependencies) gives an
    importable urikit of the right version, found in that venv, and a working
    ``urikit`` command."""
    wheel = _one(dist, "urikit-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    _run(python, "-m", "pip", "install", "-q", wheel, cwd=tmp_path)
    out = _run(python, "-c", "import urikit, importlib.metadata as m; "
               "print(urikit.__file__); print(urikit.__version__); print(m.version('urikit')); "
               "print(urikit.URI.parse('HTTP://a/b/../c').normalize())", cwd=tmp_path)
    where, version, meta, normalized = out.splitlines()
    assert Path(where).is_relative_to(env_dir)
    assert version == meta == urikit.__version__
    assert normalized == "http://a/c"
    assert _run(bin_dir / "urikit", "--version", cwd=tmp_path) \
        == f"urikit {urikit.__version__} (pure Python)\n"
    assert _run(bin_dir / "urikit", "normalize", "HTTP://A/%7e", cwd=tmp_path) == "http://a/~\n"


def test_changelog_fragments_are_read() -> None:
    """Every file in changelog.d is a fragment of a configured type, and towncrier's
    draft holds each fragment's first line."""
    # .gitkeep keeps the folder in git between releases, when it holds no fragment
    fragments = sorted(path for path in (ROOT / "changelog.d").glob("*")
                       if path.name != ".gitkeep")
    for fragment in fragments:
        # <issue>.<type>.md, or <issue>.<type>.<n>.md for a further fragment of one type,
        # either with a slug before .md (<issue>.<type>.<slug>.md), which towncrier skips
        assert re.fullmatch(r"[0-9]+\.(change|deprecation|breaking)(\.[0-9]+)?(\.[a-z0-9-]+)?\.md",
                            fragment.name), \
            fragment.name
    draft = _run(sys.executable, "-m", "towncrier", "build", "--draft", "--version", "9.9.9",
                 "--date", "2000-01-01")
    assert "## 9.9.9 (2000-01-01)" in draft
    for fragment in fragments:
        first = fragment.read_text(encoding="utf-8").splitlines()[0]
        assert first in draft, fragment.name
