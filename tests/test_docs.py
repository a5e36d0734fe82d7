"""The docs build cleanly, the README stays a first page that links to every docs page,
and every public name is documented.

The Sphinx build runs with warnings as errors and nitpicky cross-references, so a
docstring whose reST breaks, or a reference to a name that does not exist, fails here.
The ``>>>`` examples of the README and of the docs pages are doctests that pytest's
configuration collects (``testpaths`` and ``--doctest-glob`` in pyproject.toml); a test
here checks that each page with examples is among them.
"""

from __future__ import annotations

import ast
import doctest
import enum
import importlib
import importlib.util
import inspect
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import urikit

#: The doctests of ``src`` run in the pure sessions (the compiled session runs the
#: README's and the docs' examples): compiled, a class's methods are builtins whose
#: ``__objclass__`` names ``urikit``, which doctest's finder does not take for the
#: defining module's, so what it collects there is not what the pure build collects.
#: The docstrings themselves are kept in both builds (``hatch_build.py``), and read
#: from the objects in both.
PURE_DOCTESTS = pytest.mark.skipif(
    urikit.COMPILED, reason="the src doctests run in the pure sessions")

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


#: each framework adapter's public functions (its ``__all__``; the modules import their
#: framework, so the names are written here and checked against ``__all__`` below)
ADAPTERS: dict[str, list[str]] = {
    "flask": ["find_route", "init_app", "redirect", "request_uri", "root_uri", "url_for"],
    "starlette": ["find_route", "install", "json_response", "jsonable", "redirect",
                  "request_uri", "root_uri", "url_for"],
    "django": ["AbsoluteURLMixin", "JSONEncoder", "context_processor", "find_route",
               "prefix_middleware", "redirect", "request_uri", "reverse", "reverse_lazy",
               "root_uri", "trusted_proxies"],
}


@pytest.mark.parametrize("adapter", sorted(ADAPTERS))
def test_each_adapter_has_a_reference_page(adapter: str) -> None:
    """docs/api-<adapter>.rst documents the adapter's module by autodoc (every name of
    its ``__all__``), and is in the toctree and the README like every page."""
    module = importlib.import_module(f"urikit.{adapter}") if importlib.util.find_spec(
        adapter) is not None else None
    if module is not None:
        assert sorted(module.__all__) == sorted(ADAPTERS[adapter])
    page = (DOCS / f"api-{adapter}.rst").read_text(encoding="utf-8")
    assert f".. automodule:: urikit.{adapter}\n   :members:" in page


@pytest.mark.integration
def test_sphinx_build_has_no_warning(tmp_path: Path) -> None:
    """``sphinx -W -n`` builds the HTML reference without a warning."""
    pytest.importorskip("sphinx", reason="needs Sphinx (the test or docs extra)")
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-n", "-q",
         "-b", "html", "-d", str(tmp_path / "doctrees"), str(DOCS), str(tmp_path / "html")],
        cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    api = (tmp_path / "html" / "api.html").read_text(encoding="utf-8")
    assert 'id="urikit.URI.parse_lenient"' in api
    assert 'id="urikit.safe_redirect"' in api
    # public names only: no private base, type or module in the reference, and no
    # private module on a user's page (the changelog's history and the contributors'
    # page name them on purpose)
    assert re.findall(r"\b_URIBase\b|\b_Unset\b|urikit\._\w+", api) == []
    # the types as the type checkers read them: no mark for urikit's own checks
    # (``str | Checked``, which Sphinx evaluates to ``str | NoReturn``), and an alias
    # by its name where it stands in a union
    assert re.findall(r"\bChecked\b|\bNoReturn\b|TypeAliasForwardRef", api) == []
    decode = re.sub(r"<[^>]+>|\s", "", api[api.index('id="urikit.decode"'):][:2000])
    assert decode.startswith('id="urikit.decode">decode(text:str,component:Component)')
    for page in sorted((tmp_path / "html").glob("*.html")):
        if page.name not in ("changelog.html", "development.html"):
            text = page.read_text(encoding="utf-8")
            assert re.findall(r"urikit\._[a-z]\w*", text) == [], page.name
    # each adapter has its reference page, with an entry for each public function
    for adapter, names in ADAPTERS.items():
        text = (tmp_path / "html" / f"api-{adapter}.html").read_text(encoding="utf-8")
        assert [name for name in names if f'id="urikit.{adapter}.{name}"' not in text] == []
    # FrozenURI documents what differs and links to the members it shares with URI
    frozen = api[api.index('id="urikit.FrozenURI"'):api.index('id="urikit.UNSET"')]
    assert set(re.findall(r'id="urikit\.FrozenURI\.(\w+)"', frozen)) == {"normalize", "thaw"}
    assert 'href="#urikit.URI.parse_lenient"' in frozen
    # the theme is Furo, whose search page finds a name from Sphinx's own index
    html = tmp_path / "html"
    assert (html / "_static" / "styles" / "furo.css").is_file()
    assert "sidebar-search" in (html / "search.html").read_text(encoding="utf-8")
    assert "parse_lenient" in (html / "searchindex.js").read_text(encoding="utf-8")
    # the changelog is a page: CHANGELOG.md's newest section, as included
    changelog = (html / "changelog.html").read_text(encoding="utf-8")
    newest = re.search(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"),
                       re.MULTILINE)
    assert newest is not None
    assert f"{newest.group(1)} (" in changelog


def _pages() -> list[Path]:
    """The pages of the docs, the index left out."""
    return sorted(path for path in [*DOCS.glob("*.md"), *DOCS.glob("*.rst")]
                  if path.name != "index.rst")


def test_readme_is_a_first_page() -> None:
    """The README is a first page: the pitch, one example, the two commands, the
    wire/plain table and links; everything else lives in ``docs/``."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 200


def test_readme_links_to_every_docs_page() -> None:
    """Each relative link of the README names a file of the checkout, and each docs
    page has one (by its path, so that it works on GitHub)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = [target for target in re.findall(r"\]\(([^)#\s]+)[^)]*\)", readme)
               if "://" not in target]
    assert [target for target in targets if not (ROOT / target).exists()] == []
    linked = {(ROOT / target).resolve() for target in targets}
    assert [page.name for page in _pages() if page.resolve() not in linked] == []


def test_every_docs_page_is_in_the_toctree() -> None:
    """Each page of ``docs/`` is listed in the toctree of ``docs/index.rst``."""
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    toctree = index.split(".. toctree::", 1)[1]
    entries = set(re.findall(r"^   ([\w-]+)$", toctree, re.MULTILINE))
    assert [page.name for page in _pages() if page.stem not in entries] == []


def test_every_page_with_examples_is_a_doctest(pytestconfig: pytest.Config) -> None:
    """pytest's configuration collects the README and each docs page holding ``>>>``
    examples as a doctest file: a path of ``testpaths`` and a ``--doctest-glob``."""
    testpaths = {path.resolve() for pattern in pytestconfig.getini("testpaths")
                 for path in ROOT.glob(pattern)}
    globs = pytestconfig.option.doctestglob
    pages = [page for page in [ROOT / "README.md", *_pages()]
             if ">>> " in page.read_text(encoding="utf-8")]
    assert len(pages) >= 6
    assert [page.name for page in pages if page.resolve() not in testpaths
            or not any(page.match(glob) for glob in globs)] == []


def _console_sessions(text: str) -> list[tuple[str, str]]:
    """The commands of the ``console`` blocks of a Markdown page, each with the
    output it shows."""
    sessions: list[tuple[str, str]] = []
    for block in re.findall(r"^```console\n(.*?)^```$", text, re.MULTILINE | re.DOTALL):
        for command in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            line, _, output = command.partition("\n")
            sessions.append((line, output))
    return sessions


@pytest.mark.parametrize(("command", "output"),
                         _console_sessions((DOCS / "cli.md").read_text(encoding="utf-8")))
def test_command_line_page_session(command: str, output: str) -> None:
    """Each command of the command-line page's session prints what the page shows
    (standard output, then standard error)."""
    program, *args = shlex.split(command)
    assert program == "urikit"
    result = subprocess.run([sys.executable, "-m", "urikit", *args], cwd=ROOT,
                            capture_output=True, text=True, check=False)
    assert result.stdout + result.stderr == output


def test_api_reference_names_every_public_name() -> None:
    """docs/api.rst has an entry for each name urikit exports, so a new export
    without a reference entry fails."""
    api = (DOCS / "api.rst").read_text(encoding="utf-8")
    documented = set(re.findall(r"^\.\. (?:auto\w+|py:\w+):: (?:urikit\.\w+\.)?(\w+)", api,
                                re.MULTILINE))
    assert set(urikit.__all__) - documented == set()


def _public_classes() -> list[tuple[str, type]]:
    objects = {name: getattr(urikit, name) for name in urikit.__all__}
    return [(name, obj) for name, obj in objects.items() if isinstance(obj, type)]


def _own_members(cls: type) -> list[tuple[str, object]]:
    """The public methods, properties and slots that urikit's own classes define on
    ``cls`` (inherited ones included; those of builtins and enum members left out)."""
    members: list[tuple[str, object]] = []
    for attr in dir(cls):
        if attr.startswith("_"):
            continue
        owner = next((k for k in cls.__mro__ if attr in vars(k)), None)
        if owner is None or not owner.__module__.startswith("urikit"):
            continue
        member = vars(owner)[attr]
        if issubclass(cls, enum.Enum) and isinstance(member, cls):
            continue
        if isinstance(member, (classmethod, staticmethod)):
            member = member.__func__
        if inspect.isfunction(member) or inspect.isdatadescriptor(member):
            members.append((attr, member))
    return members


@pytest.mark.parametrize(("name", "cls"), _public_classes(),
                         ids=[name for name, _ in _public_classes()])
def test_every_public_member_has_a_docstring(name: str, cls: type) -> None:
    """Each public method and property of an exported class says what it does; a
    member of a read-only view type (a protocol for annotations, nothing at run time)
    is its live view's member, whose docstring says it."""
    assert cls.__doc__, name
    view = READ_ONLY_VIEWS.get(name)
    missing = [attr for attr, member in _own_members(cls)
               if not (member.__doc__ or (view and getattr(view, attr).__doc__))]
    assert missing == []


#: The read-only view types and the live view whose reading members they declare.
READ_ONLY_VIEWS: dict[str, type] = {
    "ReadOnlyPath": urikit.PathSegments,
    "ReadOnlyParams": urikit.QueryParams,
    "ReadOnlyText": urikit.TextView,
}


def test_every_public_function_has_a_docstring() -> None:
    """Each exported function says what it does."""
    objects = {name: getattr(urikit, name) for name in urikit.__all__}
    missing = [name for name, obj in objects.items()
               if inspect.isfunction(obj) and not obj.__doc__]
    assert missing == []


def _docstrings_with_examples(path: Path, module: str) -> set[str]:
    """The qualified names of the module, classes and functions in ``path`` whose
    docstring holds a ``>>>`` example (what doctest should collect)."""
    found: set[str] = set()

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}.{child.name}"
                if ">>>" in (ast.get_docstring(child) or ""):
                    found.add(name)
                if isinstance(child, ast.ClassDef):
                    walk(child, name)

    tree = ast.parse(path.read_text(encoding="utf-8"))
    if ">>>" in (ast.get_docstring(tree) or ""):
        found.add(module)
    walk(tree, module)
    return found


SRC_MODULES = sorted((ROOT / "src" / "urikit").rglob("*.py"))


@PURE_DOCTESTS
@pytest.mark.parametrize("path", SRC_MODULES,
                         ids=[str(p.relative_to(ROOT / "src")) for p in SRC_MODULES])
def test_every_example_in_src_is_collected(path: Path, source_needs: dict[str, str]) -> None:
    """Every docstring in ``src`` with a ``>>>`` example is found by the doctest finder
    pytest uses, in the module that defines it, including those of the public names
    whose ``__module__`` is ``urikit``; a module that imports an extra when imported
    (conftest.py's table) is checked where that extra is installed."""
    parts = path.relative_to(ROOT / "src").with_suffix("").parts
    module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    expected = _docstrings_with_examples(path, module)
    if not expected:
        return
    where = path.relative_to(ROOT).as_posix()
    for needing, package in source_needs.items():
        if where == needing or where.startswith(f"{needing}/"):
            pytest.importorskip(package, reason=f"needs {package} (an extra)")
    found = {test.name for test in doctest.DocTestFinder().find(importlib.import_module(module))
             if test.examples}
    assert expected - found == set()
