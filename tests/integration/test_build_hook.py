"""The wheel's build hook (``hatch_build.py``) falls back to the pure-Python wheel
whenever it cannot compile, and is asked for none by ``URIKIT_NO_EXTENSIONS`` or an
editable install; the compiled wheel itself is built and tested whole by the
``compiled`` nox session."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("hatchling", reason="needs hatchling (the test extra)")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import hatch_build

sys.path.remove(str(ROOT))


def _hook(target: str = "wheel") -> hatch_build.MypycBuildHook:
    unused: Any = None  # the build configuration and metadata, which the hook never reads
    return hatch_build.MypycBuildHook(str(ROOT), {}, unused, unused, str(ROOT), target)


def _build_data() -> dict[str, Any]:
    return {"force_include": {}, "pure_python": True, "infer_tag": False}


def test_the_variable_asks_for_the_pure_wheel(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """With URIKIT_NO_EXTENSIONS=1 nothing is compiled, and mypy is not even installed
    for the build."""
    monkeypatch.setenv("URIKIT_NO_EXTENSIONS", "1")
    data = _build_data()
    hook = _hook()
    assert hook.dependencies() == []
    hook.initialize("standard", data)
    assert data == _build_data()
    assert "URIKIT_NO_EXTENSIONS is set" in capsys.readouterr().err


def test_no_compiler_gives_the_pure_wheel(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("URIKIT_NO_EXTENSIONS", raising=False)
    monkeypatch.setenv("CC", "/nonexistent/cc")
    data = _build_data()
    _hook().initialize("standard", data)
    assert data == _build_data()
    err = capsys.readouterr().err
    assert err == "urikit: no C compiler found: building the pure-Python wheel\n"


def test_a_failed_compile_gives_the_pure_wheel(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever mypyc or the compiler does wrong, the build goes on, pure, saying why
    in one line."""
    monkeypatch.delenv("URIKIT_NO_EXTENSIONS", raising=False)
    monkeypatch.setattr(hatch_build, "_compiler", lambda: "/usr/bin/cc")

    def fail(argv: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
        assert "src/urikit/_core/parse.py" in argv
        assert "src/urikit/_model/uri.py" in argv  # the URI classes are compiled
        assert "src/urikit/_core/errors.py" not in argv  # kept interpreted
        return subprocess.CompletedProcess(argv, 1, "", "error: cc exploded\n")

    monkeypatch.setattr(subprocess, "run", fail)
    hook = _hook()
    data = _build_data()
    hook.initialize("standard", data)
    hook.finalize("standard", data, "")
    assert data == _build_data()
    err = capsys.readouterr().err
    assert err == "urikit: mypyc failed (error: cc exploded): building the pure-Python wheel\n"


def test_editable_and_sdist_builds_compile_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("URIKIT_NO_EXTENSIONS", raising=False)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled")

    monkeypatch.setattr(subprocess, "run", never)
    for target, version in (("wheel", "editable"), ("sdist", "standard")):
        data = _build_data()
        _hook(target).initialize(version, data)
        assert data == _build_data()


def test_every_interpreted_module_exists() -> None:
    """The list of what stays interpreted names real modules of the compiled layers."""
    package = ROOT / "src" / "urikit"
    for name in hatch_build.INTERPRETED:
        assert (package / name).is_file(), name
        assert name.split("/")[0] in hatch_build.COMPILED


def test_the_names_it_gives_exist() -> None:
    """Each ``urikit.NAME`` the hook's documentation gives the user is a public name of
    urikit (it named ``urikit.BUILD``, which is private: ``urikit.COMPILED`` says it)."""
    import urikit

    named = re.findall(r"``urikit\.(\w+)``", hatch_build.__doc__ or "")
    assert named
    for name in named:
        assert name in urikit.__all__, name
