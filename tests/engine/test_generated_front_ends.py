"""The front ends' generated methods are the ``Command`` table's (tools/frontends.py)."""

from __future__ import annotations

import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from urikit._batch import columns

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_frontends", ROOT / "tools" / "frontends.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_the_generated_parts_are_up_to_date() -> None:
    """Each generated part (the Polars namespace's methods, the pandas accessor's, the
    ``Method`` names) is what the table gives now: a command added to the table and not
    written out fails here (regenerate with ``python tools/frontends.py``)."""
    stale = [path.relative_to(ROOT).as_posix()
             for path, text in _generator().targets().items()
             if path.read_text(encoding="utf-8") != text]
    assert stale == []


def test_a_new_command_would_be_written_out() -> None:
    """The generator writes a method and its twin for every entry of the table it is
    given, with the parameters the table's entry names (the check above is not vacuous:
    the output follows the table, not the files)."""
    generator = _generator()
    front = generator.FRONT_ENDS["polars"]
    text = "\n".join(generator.methods(front, {}))
    for method in columns.METHODS:
        assert f"    def {method}(self" in text
        assert ("    def try_" + method + "(self" in text) == (method in columns.FAILING)
    assert "def query_param(self, key: str, *, charset: str" in text
    assert "def canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *," in text
    assert "The ``host`` operation of each value" in text  # a stand-in docstring


@pytest.mark.parametrize("front_end", ["polars", "pandas"])
def test_each_method_takes_what_its_operation_reads(front_end: str) -> None:
    """Each method's parameters follow its command: a base for resolve and relative, the
    argument by its name (``key``, ``domain``), ``options`` and ``charset`` where the
    command reads them, and the reading's three keywords."""
    module: Any = pytest.importorskip(f"urikit.{front_end}")
    cls = module.URIExpr if front_end == "polars" else module.URIAccessor
    for method, command in columns.METHODS.items():
        for name in (method, f"try_{method}") if method in columns.FAILING else (method,):
            params = list(inspect.signature(getattr(cls, name)).parameters)
            expected = ["self", *(["base"] if command.pairs else []),
                        *([command.argument] if command.argument else []),
                        *(["options"] if "options" in command.keywords else []),
                        *(["charset"] if "charset" in command.keywords else []),
                        "allow_zone_id", "lenient", "default_scheme"]
            assert params == expected, name
