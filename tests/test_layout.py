"""The shape of the package: layers as folders, imports that only point down, private
names kept private, and the public names exported and documented.

The layers, bottom up, are declared once in :data:`LAYERS`; each package's
``__init__`` docstring states the same order.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Final, get_origin

import pytest

import urikit

SRC: Final = Path(urikit.__file__).resolve().parent

#: The private sub-packages, lowest first. A module may import from its own layer or a
#: lower one; the public modules (``urikit``, ``urikit.strategies``,
#: ``urikit.distributed``, ``urikit.duckdb``, ``urikit.polars``, ``urikit.pandas``,
#: ``urikit.flask``, ``urikit.starlette``, ``urikit.__main__``) stand above them all.
LAYERS: Final = ("_core", "_whatwg", "_interop", "_model", "_match", "_web", "_batch",
                  "_cli")
PUBLIC_LEVEL: Final = len(LAYERS)


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(("urikit", *parts))


def _level(module: str) -> int:
    """The layer of a module of urikit (its index in LAYERS), or PUBLIC_LEVEL."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else PUBLIC_LEVEL


def _imports(path: Path, source: str | None = None) -> set[str]:
    """The modules of urikit that ``path`` (with ``source`` as its text, if given)
    imports, absolute or relative, at any depth of its code."""
    module = _module_name(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    tree = ast.parse(source if source is not None else path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = [*base, *(node.module.split(".") if node.module else [])]
            else:
                target = (node.module or "").split(".")
            if target[0] != "urikit":
                continue
            dotted = ".".join(target)
            found.add(dotted)
            found.update(f"{dotted}.{alias.name}" for alias in node.names
                         if (SRC.parent / f"{dotted}.{alias.name}".replace(".", "/")).is_dir()
                         or (SRC.parent / (f"{dotted}.{alias.name}".replace(".", "/") + ".py"))
                         .is_file())
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names
                         if alias.name.split(".")[0] == "urikit")
    found.discard(module)
    return found


def _upward(path: Path, source: str | None = None) -> list[str]:
    """The imports of ``path`` that point to a higher layer than its own."""
    own = _level(_module_name(path))
    return sorted(f"{_module_name(path)} imports {target}"
                  for target in _imports(path, source) if _level(target) > own)


MODULES: Final = sorted(SRC.rglob("*.py"))


def test_the_layers_are_folders() -> None:
    """Every private module lives in one of the declared layer packages, and every
    layer package says in its docstring where it stands."""
    loose = [p.name for p in SRC.glob("_*.py") if p.name not in ("__init__.py", "__main__.py")]
    assert loose == []
    assert sorted(p.name for p in SRC.iterdir() if p.is_dir() and p.name.startswith("_")
                  and p.name != "__pycache__") == sorted(LAYERS)
    for index, layer in enumerate(LAYERS, start=1):
        doc = ast.get_docstring(ast.parse((SRC / layer / "__init__.py").read_text("utf-8")))
        assert doc is not None
        assert f"Layer {index} of {len(LAYERS)}" in doc, layer


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_imports_point_only_down(path: Path) -> None:
    """A module imports only from its own layer or a lower one."""
    assert _upward(path) == []


def test_an_upward_import_fails_the_layering_check() -> None:
    """The check sees an upward import, relative or absolute, at module level or inside
    a function (the lazy kind)."""
    host = SRC / "_core" / "host.py"
    source = host.read_text(encoding="utf-8")
    assert _upward(host, source + "\nfrom .._interop.iri import uri_to_iri\n") == [
        "urikit._core.host imports urikit._interop.iri"]
    assert _upward(host, source + "\ndef f() -> None:\n    import urikit._model.uri\n") == [
        "urikit._core.host imports urikit._model.uri"]
    assert _upward(host, source + "\nfrom .. import _cli\n") == [
        "urikit._core.host imports urikit", "urikit._core.host imports urikit._cli"]
    assert _upward(host, source + "\nfrom urikit import URI\n") == [
        "urikit._core.host imports urikit"]


#: The public modules that are a front end of the batch engine (all but the command
#: line's entry point): they ask :mod:`urikit._batch`, never :mod:`urikit._cli`.
FRONT_ENDS: Final = sorted(p for p in SRC.glob("*.py") if p.name != "__main__.py")


@pytest.mark.parametrize("path", FRONT_ENDS, ids=lambda p: p.name)
def test_the_public_modules_import_nothing_from_the_command_line(path: Path) -> None:
    """``urikit.distributed``, ``urikit.duckdb`` (and every public module but
    ``__main__``) import nothing from ``_cli``: the engine they share is ``_batch``."""
    cli = LAYERS.index("_cli")
    assert sorted(t for t in _imports(path) if _level(t) == cli) == []


def test_the_data_front_ends_ask_the_batch_engine() -> None:
    """The Dask and DuckDB front ends run the batch engine's per-line function; the
    check above sees an import of the command line."""
    for name in ("distributed.py", "duckdb.py"):
        assert "urikit._batch.engine" in _imports(SRC / name), name
    source = (SRC / "duckdb.py").read_text(encoding="utf-8")
    assert "urikit._cli.batch" in _imports(SRC / "duckdb.py",
                                           source + "\nfrom ._cli.batch import Job\n")


def test_each_layer_has_no_import_cycle() -> None:
    """Within a layer, no module imports itself through others."""
    graph = {_module_name(p): {t for t in _imports(p) if _level(t) == _level(_module_name(p))}
             for p in MODULES}

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for nxt in graph.get(todo.pop(), set()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    # a package's __init__ re-exporting its modules is no cycle of code
    cycles = sorted(m for m in graph if m in reach(m) and not m.endswith(LAYERS))
    assert cycles == []


def test_every_module_opens_with_a_one_line_summary() -> None:
    """Each module's docstring starts with a one-line summary of what it owns."""
    for path in MODULES:
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        assert doc, path
        assert not doc.split("\n\n")[0].count("\n"), path


# NamedTuple's public methods carry an underscore only to keep clear of field names.
NAMEDTUPLE_API = frozenset({"_replace", "_make", "_asdict", "_fields"})
#: The private method of the live views' owner protocol (``_model/view.py``'s ``Owner``):
#: the path, query and text views read their URI's stored components through it, a
#: method the URI classes keep out of their public names.
OWNER_PROTOCOL = frozenset({"_component"})


def test_no_module_reaches_into_another_modules_private_names() -> None:
    """No module imports a private name from another package module (the modules
    themselves are private and imported whole), and none reads or writes a private
    attribute of an object other than its own ``self``/``cls``, unless the name is
    defined in the same module (the URI classes use each other's ``_c``)."""
    offences: list[str] = []
    for path in MODULES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = {node.name for node in ast.walk(tree)
               if isinstance(node, (ast.ClassDef, ast.FunctionDef))}
        own_attrs = {t.attr for node in ast.walk(tree) if isinstance(node, ast.Assign)
                     for t in node.targets if isinstance(t, ast.Attribute)}
        own_attrs |= {elt.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
                      for t in node.targets if isinstance(t, ast.Name) and t.id == "__slots__"
                      for elt in getattr(node.value, "elts", [])
                      if isinstance(elt, ast.Constant) and isinstance(elt.value, str)}
        # set on a frozen object: object.__setattr__(self, "_name", value)
        own_attrs |= {node.args[1].value for node in ast.walk(tree)
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                      and node.func.attr == "__setattr__" and len(node.args) > 1
                      and isinstance(node.args[1], ast.Constant)
                      and isinstance(node.args[1].value, str)}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level:
                offences += [f"{path.name}: imports {alias.name} from .{node.module}"
                             for alias in node.names
                             if alias.name.startswith("_") and not alias.name.startswith("__")
                             and alias.name not in LAYERS]
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                    and not node.attr.startswith("__"):
                base = node.value
                if isinstance(base, ast.Name) and base.id in ("self", "cls", "g"):
                    continue
                if (node.attr in own or node.attr in own_attrs or node.attr in NAMEDTUPLE_API
                        or node.attr in OWNER_PROTOCOL):
                    continue
                offences.append(f"{path.name}:{node.lineno}: .{node.attr}")
    assert offences == []


def test_package_ships_py_typed() -> None:
    """The package carries the PEP 561 marker."""
    assert (SRC / "py.typed").is_file()


def test_all_lists_exactly_the_public_names() -> None:
    """__all__ is unique and names every public attribute of the package."""
    public = {name for name in dir(urikit) if not name.startswith("_")}
    # public submodules, imported on demand
    modules = {"strategies", "distributed", "duckdb", "polars", "pandas", "django", "flask",
               "starlette", "mypy"}
    assert set(urikit.__all__) == public - modules - {"annotations"}
    assert len(urikit.__all__) == len(set(urikit.__all__))


def test_every_public_name_has_a_docstring() -> None:
    """Every exported class and function says what it does, in both builds (the
    compiled build keeps the docstrings: ``hatch_build.py``)."""
    for name in urikit.__all__:
        obj = getattr(urikit, name)
        if callable(obj) and get_origin(obj) is None:  # not a typing alias (Component)
            assert obj.__doc__, name


def test_public_names_report_the_public_module() -> None:
    """Each exported class and function says it lives in ``urikit``, so a traceback
    reads ``urikit.ParseError``, not the private module that defines it."""
    private = [name for name in urikit.__all__
               if isinstance(obj := getattr(urikit, name), type) or inspect.isfunction(obj)
               if obj.__module__ != "urikit"]
    assert private == []
    with pytest.raises(urikit.ParseError) as info:
        urikit.URI.parse("a b")
    assert info.type.__module__ + "." + info.type.__qualname__ == "urikit.ParseError"


def test_core_holds_no_browser_or_unicode_rules() -> None:
    """``_core`` is RFC 3986 on plain values: the browser's reading (the WHATWG host
    parser, UTS 46, the IDN display policy and its Unicode data) lives in
    ``_whatwg``, so no module of ``_core`` imports ``idna`` or ``unicodedata``."""
    offenders = []
    for path in sorted((SRC / "_core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] in ("idna", "unicodedata")]
    assert offenders == []
    assert {p.stem for p in (SRC / "_whatwg").glob("*.py")} >= {
        "browser", "idna", "spoof", "uts39data", "display"}
