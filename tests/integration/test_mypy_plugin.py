"""urikit's mypy plugin (``urikit.mypy``): ``pl.col("url").uri`` and ``series.uri`` typed.

mypy runs, strict, on a small user program with the plugin in its configuration, and
again on the program changed (a cached run: the attribute must survive mypy's cache);
a misspelt method is an error and the right ones are not. pandas is typed by the
``pandas-stubs`` package, which the test extra does not install: a two-line stand-in
of it (``Series`` with its ``__getattr__``, as pandas-stubs declares it) is put on
``mypy_path``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration
pytest.importorskip("mypy", reason="needs mypy (the test extra)")
pytest.importorskip("polars", reason="needs Polars (the test extra)")
pytest.importorskip("pandas", reason="needs pandas (the test extra)")

SRC = Path(__file__).resolve().parents[2] / "src"
PROGRAM = '''\
import pandas as pd
import polars as pl

import urikit.pandas
import urikit.polars

frame = pl.DataFrame({"url": ["http://a/"]})
reveal_type(pl.col("url").uri)
frame.select(pl.col("url").uri.try_normalize(), pl.col("url").uri.query_param("q"))
frame.select(pl.col("url").uri.try_normalise())  # E
pl.col("url").uri.query_param(1)  # E
s = pd.Series(["http://a/"])
reveal_type(s.uri)
s.uri.try_normalize()
s.uri.try_normalise()  # E
'''
STUB_SERIES = '''\
class Series:
    def __init__(self, data: object) -> None: ...
    def __getattr__(self, name: str, /) -> object: ...
'''


def _mypy(tmp_path: Path) -> tuple[list[int], list[str]]:
    """The lines mypy reports errors on, and the types it reveals."""
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(tmp_path / "mypy.ini"),
         "--cache-dir", str(tmp_path / "cache"), "program.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "PYTHONPATH": str(SRC)})
    errors = [int(m.group(1)) for m in re.finditer(r"^program\.py:(\d+): error:",
                                                   done.stdout, re.M)]
    revealed = re.findall(r'Revealed type is "([^"]+)"', done.stdout)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return errors, revealed


def test_the_plugin_types_the_namespaces(tmp_path: Path) -> None:
    """With ``plugins = urikit.mypy``, ``pl.col(...).uri`` is a ``URIExpr`` and a
    pandas Series' ``uri`` a ``URIAccessor``: the right calls pass, each line marked
    ``# E`` (a misspelt method, a key of the wrong type) is an error, on a first run
    and on a cached one."""
    stubs = tmp_path / "stubs" / "pandas"
    (stubs / "core").mkdir(parents=True)
    (stubs / "__init__.pyi").write_text("from pandas.core.series import Series as Series\n")
    (stubs / "core" / "__init__.pyi").write_text("")
    (stubs / "core" / "series.pyi").write_text(STUB_SERIES)
    (tmp_path / "mypy.ini").write_text(
        f"[mypy]\nstrict = True\nplugins = urikit.mypy\nmypy_path = {tmp_path / 'stubs'}\n"
        "[mypy-urikit.*]\nfollow_imports = silent\n")
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    marked = [k for k, line in enumerate(PROGRAM.splitlines(), 1) if line.endswith("# E")]
    assert len(marked) == 3
    for _ in range(2):  # the second run reads mypy's cache of the libraries
        errors, revealed = _mypy(tmp_path)
        assert revealed == ["urikit.polars.URIExpr", "urikit.pandas.URIAccessor"]
        assert errors == marked
        program.write_text(PROGRAM + "x = 1\n")


def test_without_the_plugin_the_namespace_is_unknown(tmp_path: Path) -> None:
    """What the plugin is for: without it, mypy has no ``uri`` on a Polars expression
    (registered at run time), and the typed entry point ``URIExpr(...)`` is the way."""
    (tmp_path / "mypy.ini").write_text("[mypy]\nstrict = True\n"
                                       "[mypy-urikit.*]\nfollow_imports = silent\n")
    (tmp_path / "program.py").write_text(
        "import polars as pl\n\nimport urikit.polars\nfrom urikit.polars import URIExpr\n\n"
        'pl.col("url").uri.normalize()\n'
        'URIExpr(pl.col("url")).normalize()\n'
        'URIExpr(pl.col("url")).try_normalise()\n')
    errors, _ = _mypy(tmp_path)
    assert errors == [6, 8]
