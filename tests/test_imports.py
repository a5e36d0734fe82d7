"""What ``import urikit`` costs and gives: the optional parts are imported when first
used, every public name resolves, and :data:`urikit.COMPILED` tells the build.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import urikit
from urikit._core import build, grammar

INIT = Path(urikit.__file__).resolve()

#: What ``import urikit`` must not import: the model's views and normalization (attrs
#: with it), IDNA and IRIs, lenient input, file paths, templates, the web helpers,
#: pydantic's field types, the batch engine and the optional packages behind them
#: (``tests/model/test_lazy.py`` names all that a parse and ``str`` load).
OPTIONAL = (
    "idna",
    "attrs",
    "urikit._core.normalize",
    "urikit._core.percent",
    "urikit._model.path",
    "urikit._model.query",
    "urikit._model.text",
    "urikit._whatwg.masking",
    "urikit._whatwg.display",
    "urikit._whatwg.idna",
    "urikit._interop.iri",
    "urikit._interop.lenient",
    "urikit._interop.file",
    "urikit._interop.template",
    "urikit._model.pydantic",
    "urikit._web.canonical",
    "urikit._web.fields",
    "urikit._web.redirect",
    "urikit._batch.engine",
    "urikit._cli.batch",
    "urikit._cli.command",
    "urikit.distributed",
    "urikit.duckdb",
    "urikit.flask",
    "urikit.starlette",
    "urikit._web.adapters",
    "urikit._web.request",
    "duckdb",
    "flask",
    "werkzeug",
    "starlette",
    "jinja2",
    "pyarrow",
    "pydantic",
    "uritemplate",
    "dask",
    "pathlib",
    "ipaddress",
)


def _child(code: str) -> object:
    """What a fresh interpreter prints as JSON after running ``code`` (``PYTHONPATH``,
    set by the test configuration, finds the same urikit as this process)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=os.environ.copy())
    return json.loads(done.stdout)


def test_import_urikit_leaves_the_optional_parts_alone() -> None:
    """A fresh ``import urikit`` imports none of the optional parts, and compiles none
    of the patterns kept for IPv6 literals and zone identifiers; using one imports it."""
    loaded = _child(
        # what the interpreter loaded before (site's .pth files may import pathlib or
        # ipaddress on some machines) is not urikit's doing
        "import json, sys\n"
        "started = set(sys.modules)\n"
        "import urikit\n"
        "from urikit._core import grammar as g\n"
        "before = sorted(m for m in sys.modules if m not in started)\n"
        "lazy = [g.URI_REFERENCE_Z_RE._compiled is None, g.IP_LITERAL_RE._compiled is None,\n"
        "        g.IPV4ADDRESS_RE._compiled is None]\n"
        "urikit.iri_to_uri('http://b\\u00fccher.example/')\n"
        "print(json.dumps([before, lazy, sorted(sys.modules)]))")
    assert isinstance(loaded, list)
    before, lazy, after = loaded
    assert [m for m in OPTIONAL if m in before] == []
    assert "urikit._model.uri" in before
    assert lazy == [True, True, True]
    assert {"idna", "urikit._whatwg.idna", "urikit._interop.iri"} <= set(after)


#: What the command line imports only when asked to: the installed metadata for
#: ``--version``, the process pool for ``--jobs`` above 1, the lenient reader for
#: ``--lenient``.
CLI_ON_DEMAND = (
    "importlib.metadata",
    "multiprocessing",
    "concurrent.futures",
    "urikit._interop.lenient",
    "idna",
)


def _cli_imports(*argv: str) -> list[str]:
    """The modules a fresh interpreter imports to run ``urikit ARGV`` (what it had
    loaded before urikit is left out); the command's own output and exit status are
    set aside."""
    code = ("import json, os, sys\n"
            "started = set(sys.modules)\n"
            "from urikit.__main__ import main\n"
            "try:\n"
            f"    main({list(argv)!r})\n"
            "except SystemExit:\n"
            "    pass\n"
            "loaded = sorted(m for m in sys.modules if m not in started)\n"
            "sys.stdout.flush()\n"
            "os.write(1, b'\\n' + json.dumps(loaded).encode())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=os.environ.copy())
    loaded = json.loads(done.stdout.splitlines()[-1])
    assert isinstance(loaded, list)
    return loaded


@pytest.fixture
def lines(tmp_path: Path) -> str:
    """A file of a few references, for the commands that read input in batches."""
    path = tmp_path / "in.txt"
    path.write_text("HTTP://A/./b\nhttp://a/b c\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("argv", [["--help"], ["explain", "http://a/b"],
                                  ["normalize", "--jobs", "1", "-i", "{lines}"]])
def test_the_command_line_imports_what_it_uses(argv: list[str], tmp_path: Path) -> None:
    """``urikit --help``, a plain ``explain`` and a batch run of valid lines with one
    job import none of the parts the command line uses only on request."""
    valid = tmp_path / "valid.txt"
    valid.write_text("HTTP://A/./b\nhttp://a/b%20c\n", encoding="utf-8")
    loaded = _cli_imports(*(arg.format(lines=valid) for arg in argv))
    assert "urikit._cli.batch" in loaded
    assert [m for m in CLI_ON_DEMAND if m in loaded] == []


@pytest.mark.parametrize(("argv", "wanted"), [
    (["--version"], "importlib.metadata"),
    (["normalize", "--lenient", "http://a/b c"], "urikit._interop.lenient"),
    # a refused line: the lenient reader is asked whether --lenient would read it
    (["normalize", "http://a/b c"], "urikit._interop.lenient"),
    (["normalize", "--jobs", "2", "-i", "{lines}"], "multiprocessing"),
])
def test_the_command_line_imports_a_part_when_asked(argv: list[str], wanted: str,
                                                     lines: str) -> None:
    """``--version``, ``--lenient``, a refused line and ``--jobs 2`` import what they
    use."""
    assert wanted in _cli_imports(*(arg.format(lines=lines) for arg in argv))


def test_every_public_name_resolves() -> None:
    """Each name of ``__all__`` is an attribute, imports with ``from urikit import``,
    and is listed by ``dir()``, the lazy ones included."""
    for name in urikit.__all__:
        assert getattr(urikit, name) is not None, name
        namespace: dict[str, object] = {}
        exec(f"from urikit import {name}", namespace)
        assert namespace[name] is getattr(urikit, name)
    assert set(urikit.__all__) <= set(dir(urikit))


def _eager_imports() -> dict[str, str]:
    """The public names ``urikit/__init__.py`` imports at its top level, with the module
    each comes from (relative, as written)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    return {alias.asname or alias.name: "." * node.level + (node.module or "")
            for node in tree.body if isinstance(node, ast.ImportFrom) and node.level
            for alias in node.names if not (alias.asname or alias.name).startswith("_")}


def test_every_public_name_is_its_home_modules_object() -> None:
    """Each name of ``__all__`` is the very object its defining module holds, whether
    ``import urikit`` imported it or its first use did: no copy, no wrapper."""
    homes = {**_eager_imports(), **vars(urikit)["_LAZY"]}
    assert set(urikit.__all__) - set(homes) == {"COMPILED"}
    assert urikit.COMPILED is build.COMPILED
    for name, module in homes.items():
        assert getattr(urikit, name) is getattr(importlib.import_module(module, "urikit"),
                                                name), name


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = urikit.nothing


def _type_checking_imports() -> dict[str, str]:
    """The names the ``if TYPE_CHECKING:`` block of ``urikit/__init__.py`` imports, with
    the module each comes from (relative, as written)."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            for stmt in node.body:
                assert isinstance(stmt, ast.ImportFrom)
                for alias in stmt.names:
                    found[alias.name] = "." * stmt.level + (stmt.module or "")
    return found


def test_the_lazy_table_is_what_type_checkers_see() -> None:
    """Every lazy name is public, and imported for type checkers from the same module
    as the table says (a name added to one and not the other fails here)."""
    table = vars(urikit)["_LAZY"]
    assert _type_checking_imports() == table
    assert set(table) <= set(urikit.__all__)
    for name, module in table.items():
        assert hasattr(importlib.import_module(module, "urikit"), name), name


def test_lazy_names_report_the_public_module() -> None:
    """A lazy class or function names ``urikit`` as its module once resolved, and
    pickles through it; the doctest finder learns where it is defined."""
    assert urikit.CanonicalOptions.__module__ == "urikit"
    assert urikit._DEFINED_IN["CanonicalOptions"] == "urikit._web.canonical"
    options = urikit.CanonicalOptions(drop_tracking=True)
    assert pickle.loads(pickle.dumps(options)) == options
    change = urikit.repair("http://a/b c").changes[0]
    assert pickle.loads(pickle.dumps(change)) == change


def test_compiled_says_which_build_runs() -> None:
    """``COMPILED`` is true exactly when urikit's modules are extension modules (the
    mypyc build), and the CI's compiled session gets the build it asked for."""
    assert urikit.COMPILED is build.COMPILED
    assert urikit.COMPILED is not (grammar.__file__ or "").endswith(".py")
    assert ("compiled" if urikit.COMPILED else "pure") == build.BUILD
    expected = os.environ.get("URIKIT_EXPECT_BUILD")
    if expected is not None:
        assert expected == build.BUILD


def test_the_compiled_build_keeps_the_attrs_interface() -> None:
    """``attrs.evolve``, ``attrs.asdict``, ``attrs.fields`` and ``match`` see the element
    model and the options records in either build."""
    import attrs

    # URI hands attrs the fields of a class attrs made (__attrs_attrs__), which mypy's
    # attrs plugin does not follow
    untyped: Any = attrs
    uri = urikit.URI.parse("http://u@a:8080/b?q#f")
    assert str(untyped.evolve(uri, fragment="x")) == "http://u@a:8080/b?q#x"
    assert untyped.asdict(uri)["port"] == 8080
    match uri:
        case urikit.URI(scheme="http", host=host, port=port):
            assert (host, port) == ("a", 8080)
        case _:
            pytest.fail("no match")
    names = ["scheme", "userinfo", "host", "port", "has_port", "path", "query", "fragment"]
    classes: list[Any] = [urikit.URI, urikit.FrozenURI]
    for cls in classes:
        assert [f.name for f in untyped.fields(cls)] == [*names, "is_relative",
                                                         "has_zone_id"]
        assert untyped.fields(cls).has_zone_id.alias == "allow_zone_id"
        assert cls.__match_args__ == tuple(names)
    frozen = uri.freeze()
    evolved = untyped.evolve(frozen, fragment="x")
    assert type(evolved) is urikit.FrozenURI
    assert (str(evolved), str(frozen)) == ("http://u@a:8080/b?q#x", "http://u@a:8080/b?q#f")
    assert untyped.asdict(frozen)["is_relative"] is False
    match frozen:
        case urikit.FrozenURI(scheme="http", host=host, port=8080):
            assert host == "a"
        case _:
            pytest.fail("no match")
    options = attrs.evolve(urikit.NormalizeOptions(), case=False)
    assert attrs.asdict(options)["case"] is False
    assert attrs.fields(urikit.NormalizeOptions)[0].name == "case"
    with pytest.raises(TypeError):
        urikit.NormalizeOptions(case="yes")  # type: ignore[arg-type]
