"""The ``bench`` extra brings every package that ``benchmarks/run.py`` imports:
``python -m pip install '.[bench]'`` and the suite runs (issue #45: task p's peer,
urlpattern, was missing, so the suite stopped at its import)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Final

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest needs tomli before 3.11, and tomllib is tomli taken into the stdlib
    import tomli as tomllib


ROOT: Final = Path(__file__).resolve().parents[1]
BENCHMARKS: Final = ROOT / "benchmarks"
#: What ``run.py`` loads at its start: itself and the modules beside it that it imports.
SUITE: Final = ("run.py", "tasks.py", "memory.py", "scaling.py")
IMPORT: Final = re.compile(r'^(?:import|from) ([A-Za-z_]\w*)|import_module\("([A-Za-z_]\w*)',
                           re.M)
#: A module whose distribution is named otherwise (none yet; the rest: "_" written "-").
DISTRIBUTION: Final[dict[str, str]] = {}


def _requirement_name(requirement: str) -> str:
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower()


def test_the_bench_extra_has_every_peer_of_the_suite() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    offered = {_requirement_name(r) for r in (project["dependencies"]
                                              + project["optional-dependencies"]["bench"])}
    local = {path.stem for path in BENCHMARKS.glob("*.py")}
    imported: set[str] = set()
    for name in SUITE:
        for match in IMPORT.finditer((BENCHMARKS / name).read_text(encoding="utf-8")):
            imported.add(match.group(1) or match.group(2))
    third_party = {module for module in imported
                   if module not in sys.stdlib_module_names and module not in local
                   and module not in ("__future__", "urikit")}
    assert {"yarl", "ada_url", "urlpattern"} <= third_party
    missing = {module for module in third_party
               if DISTRIBUTION.get(module, module.replace("_", "-")) not in offered}
    assert missing == set()
