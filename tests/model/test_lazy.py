"""What the URI classes import on first use: ``URI.parse`` and ``str`` need only the
grammar, the parser and the serializer; every other operation imports its group of
modules (the model's views and edits, normalization, the browser's host reading) the
first time it runs, through a check at its start.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Final

import pytest

import urikit

URI_SOURCE: Final = Path(urikit.__file__).resolve().parent / "_model" / "uri.py"

#: The modules of urikit that ``from urikit import URI``, a parse and ``str`` load: the
#: package, its layers' packages, and what reading and writing the text needs.
PARSE_AND_STR: Final = frozenset({
    "urikit",
    "urikit._core",
    "urikit._core.build",
    "urikit._core.components",
    "urikit._core.errors",
    "urikit._core.grammar",
    "urikit._core.parse",
    "urikit._core.serialize",
    "urikit._model",
    "urikit._model.uri",
})


def _loaded_after(code: str) -> list[str]:
    """The modules a fresh interpreter loads to run ``code`` (those it had loaded before
    are left out: site's ``.pth`` files may import some on some machines)."""
    script = ("import json, sys\n"
              "started = set(sys.modules)\n"
              f"{code}\n"
              "print(json.dumps(sorted(m for m in sys.modules if m not in started)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=os.environ.copy())
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert isinstance(loaded, list)
    return [str(m) for m in loaded]


def test_parse_and_str_load_only_what_they_need() -> None:
    """A parse (valid and invalid text), ``str`` and the components of the result
    import the grammar, the parser and the serializer, and nothing else of urikit
    (attrs and idna neither)."""
    loaded = _loaded_after(
        "from urikit import URI, ParseError\n"
        "uri = URI.parse('http://u@a:8080/b/c?q=1#f')\n"
        "assert str(uri) == 'http://u@a:8080/b/c?q=1#f'\n"
        "assert uri.components.host == 'a' and uri.query == 'q=1'\n"
        "assert str(URI(scheme='http', host='a', path='/b')) == 'http://a/b'\n"
        "try:\n"
        "    URI.parse('http://a/b c')\n"
        "except ParseError:\n"
        "    pass\n")
    # compiled, the build's docstrings of the classes mypyc leaves non-native (the
    # Components named tuple, the Rule enum) are given to them at import
    expected = PARSE_AND_STR | ({"urikit._core.docstrings"} if urikit.COMPILED else set())
    assert {m for m in loaded if m.split(".")[0] == "urikit"} == expected
    assert [m for m in ("attrs", "attr", "idna", "ipaddress") if m in loaded] == []


@pytest.mark.parametrize(("code", "wanted", "not_yet"), [
    ("uri.port", "urikit._core.ports", "urikit._core.normalize"),
    ("uri.text.path[-1] = 'x y'", "urikit._model.text", "attrs"),
    ("uri.set_param('q', 2)", "urikit._model.query", "attrs"),
    ("uri / 'x'", "urikit._model.path", "attrs"),
    ("repr(uri)", "urikit._whatwg.masking", "attrs"),
    ("uri.resolve('../x')", "urikit._core.resolve", "attrs"),
    ("uri.normalize()", "urikit._core.normalize", "urikit._whatwg.display"),
    ("uri.equivalent('HTTP://u@a:8080/b/c?q=1#f')", "attrs", "urikit._whatwg.display"),
    ("uri.origin()", "urikit._whatwg.origin", "urikit._model.path"),
    ("uri.host_kind", "urikit._core.host", "urikit._model.path"),
    ("uri.to_display()", "urikit._whatwg.display", "urikit._model.path"),
    ("__import__('attrs').evolve(uri, port=1)", "attrs", "urikit._core.normalize"),
])
def test_an_operation_imports_its_group_on_first_use(code: str, wanted: str,
                                                      not_yet: str) -> None:
    """The first operation of a group, run first thing in a fresh interpreter, works
    and imports its group's modules, and not another group's."""
    loaded = _loaded_after("from urikit import URI\n"
                           "uri = URI.parse('http://u@a:8080/b/c?q=1#f')\n"
                           f"{code}\n")
    assert wanted in loaded
    assert not_yet not in loaded


def _loaders(tree: ast.Module) -> dict[str, tuple[str, frozenset[str]]]:
    """The loader functions of uri.py (``_load_*``), each with the flag it sets and the
    names it binds (its ``global`` statements, the flag aside)."""
    found: dict[str, tuple[str, frozenset[str]]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_load_"):
            names = {name for stmt in node.body if isinstance(stmt, ast.Global)
                     for name in stmt.names}
            flags = {n for n in names if n.endswith("_loaded")}
            assert len(flags) == 1, node.name
            (flag,) = flags
            found[node.name] = (flag, frozenset(names - flags))
    return found


def _guards(fn: ast.FunctionDef) -> set[str]:
    """The loaders whose check opens ``fn`` (after its docstring):
    ``if not _x_loaded: _load_x()``."""
    body = fn.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    called: set[str] = set()
    for stmt in body:
        if not (isinstance(stmt, ast.If) and isinstance(stmt.test, ast.UnaryOp)
                and isinstance(stmt.test.op, ast.Not) and len(stmt.body) == 1):
            break
        call = stmt.body[0]
        if not (isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
                and isinstance(call.value.func, ast.Name)):
            break
        called.add(call.value.func.id)
    return called


def test_every_reader_of_a_lazy_name_checks_its_group_first() -> None:
    """Each function of uri.py that reads a name bound on first use opens with the
    check of that name's group, so the name is bound (pure Python) and its module has
    run (compiled, where mypyc calls the function directly) before it is read."""
    tree = ast.parse(URI_SOURCE.read_text(encoding="utf-8"))
    loaders = _loaders(tree)
    assert set(loaders) == {"_load_model", "_load_normalize", "_load_host"}
    owner = {name: loader for loader, (_, names) in loaders.items() for name in names}
    missing: list[str] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef) or fn.name in loaders:
            continue
        # read at run time: the body (defaults and decorators run at import: none may)
        needed = {owner[n.id] for stmt in fn.body for n in ast.walk(stmt)
                  if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
                  and n.id in owner}
        at_import = {owner[n.id] for d in (*fn.args.defaults, *fn.args.kw_defaults,
                                           *fn.decorator_list) if d is not None
                     for n in ast.walk(d) if isinstance(n, ast.Name) and n.id in owner}
        missing += [f"{fn.name} (line {fn.lineno}): {loader} at import"
                    for loader in sorted(at_import)]
        missing += [f"{fn.name} (line {fn.lineno}): {loader}"
                    for loader in sorted(needed - _guards(fn))]
    assert missing == []


def test_the_check_sees_a_missing_guard() -> None:
    """A function that reads a lazy name without its group's check is reported."""
    tree = ast.parse("def _load_model() -> None:\n"
                     "    global _model_loaded, encode\n"
                     "def f() -> str:\n"
                     "    '''Doc.'''\n"
                     "    return encode('a')\n")
    loaders = _loaders(tree)
    assert loaders == {"_load_model": ("_model_loaded", frozenset({"encode"}))}
    f = tree.body[1]
    assert isinstance(f, ast.FunctionDef)
    assert _guards(f) == set()
    guarded = ast.parse("def f() -> str:\n"
                        "    '''Doc.'''\n"
                        "    if not _model_loaded:\n"
                        "        _load_model()\n"
                        "    return encode('a')\n").body[0]
    assert isinstance(guarded, ast.FunctionDef)
    assert _guards(guarded) == {"_load_model"}


def test_what_a_first_use_hands_out_names_urikit() -> None:
    """An object of a lazy public class, handed out by the first use of its group,
    names ``urikit`` as its class's module and pickles through it; the doctest finder
    still learns where each class is defined, whichever way it was first reached."""
    script = (
        "import json, pickle, urikit\n"
        "from urikit import URI\n"
        "uri = URI.parse('http://a:8080/b')\n"
        "origin, view = uri.origin(), uri.path\n"
        "print(json.dumps([type(origin).__module__, type(view).__module__,\n"
        "    pickle.loads(pickle.dumps(origin)) == origin, b'_core' in pickle.dumps(origin),\n"
        "    urikit.PathSegments is type(view), urikit._DEFINED_IN['PathSegments'],\n"
        "    urikit._DEFINED_IN['Origin'], urikit.NormalizeOptions.__module__,\n"
        "    urikit._DEFINED_IN['NormalizeOptions'], urikit.canonicalize.__module__,\n"
        "    urikit._DEFINED_IN['canonicalize'], urikit._DEFINED_IN['CanonicalOptions']]))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, env=os.environ.copy())
    assert json.loads(done.stdout) == [
        "urikit", "urikit", True, False, True, "urikit._model.path", "urikit._core.host",
        "urikit", "urikit._core.normalize", "urikit", "urikit._web.canonical",
        "urikit._web.canonical"]
