"""The type check and the lint run as tests, so one pytest command checks everything."""

from __future__ import annotations

import ast
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
    modules = {"strategies", "distributed"}  # public submodules, imported on demand
    assert set(urikit.__all__) == public - modules - {"annotations"}
    assert len(urikit.__all__) == len(set(urikit.__all__))


def test_every_public_name_has_a_docstring() -> None:
    """Every exported class and function says what it does."""
    for name in urikit.__all__:
        obj = getattr(urikit, name)
        if callable(obj) and not isinstance(obj, type(urikit.Component)):
            assert obj.__doc__, name


# --- the shape of the package: a tree of modules, each owning its state -----------------

SRC = ROOT / "src" / "urikit"


def _module_imports() -> dict[str, set[str]]:
    """For each module of the package, the package modules it imports (any kind)."""
    modules = {p.stem for p in SRC.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in SRC.glob("*.py"):
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module.split(".")[0]] if node.module else \
                    [alias.name for alias in node.names]
                imported.update(n for n in names if n in modules and n != path.stem)
        graph[path.stem] = imported
    return graph


def test_import_graph_has_no_cycle() -> None:
    """No module of src/urikit imports, directly or through others, a module that
    imports it: the graph is a tree with _grammar at the bottom and _uri near the top."""
    graph = _module_imports()

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    cycles = sorted(m for m in graph if m in reach(m))
    assert cycles == []


# NamedTuple's public methods carry an underscore only to keep clear of field names.
NAMEDTUPLE_API = frozenset({"_replace", "_make", "_asdict", "_fields"})


def test_no_module_reaches_into_another_modules_private_names() -> None:
    """No module imports a private name from another package module (sibling modules
    themselves are private and imported whole), and none reads or writes a private
    attribute of an object other than its own ``self``/``cls``, unless the name is
    defined in the same module (the URI classes use each other's ``_c``)."""
    offences: list[str] = []
    for path in SRC.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = {node.name for node in ast.walk(tree)
               if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
        own_attrs = {t.attr for node in ast.walk(tree) if isinstance(node, ast.Assign)
                     for t in node.targets if isinstance(t, ast.Attribute)}
        own_attrs |= {elt.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                      for t in node.targets if isinstance(t, ast.Name) and t.id == "__slots__"
                      for elt in getattr(node.value, "elts", [])
                      if isinstance(elt, ast.Constant) and isinstance(elt.value, str)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module:
                offences += [f"{path.name}: imports {alias.name} from .{node.module}"
                             for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")]
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                base = node.value
                if isinstance(base, ast.Name) and base.id in ("self", "cls", "g"):
                    continue
                if node.attr in own or node.attr in own_attrs or node.attr in NAMEDTUPLE_API:
                    continue
                offences.append(f"{path.name}:{node.lineno}: .{node.attr}")
    assert offences == []
