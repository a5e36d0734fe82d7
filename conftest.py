"""Collection for the whole checkout: the doctests of ``src``, ``README.md`` and the
pages of ``docs``, and ``tests``.

The core suite runs with attrs, idna, pytest and hypothesis alone: every test that
needs more passes where that is installed and skips, saying which, where it is missing
(``tests/test_minimal_install.py`` checks it, with the optional packages hidden). The
modules of ``src`` that import an extra when imported are collected only where it is
installed (:data:`_NEEDS`): ``urikit.distributed`` imports Dask (it holds no ``>>>``
example; ``tests/integration/test_distributed.py`` tests it), ``urikit.duckdb``,
``urikit.polars`` and ``urikit.pandas`` theirs, ``urikit.django`` Django (its
serializers, the REST framework). The doctests that show an extra at work
(:data:`_DOCTESTS_NEEDING`: the README's Flask example, the Public Suffix List's
functions, ``docs/pydantic.md``, ``docs/dask.md``, ``docs/sql.md``, ``docs/flask.md``,
``docs/starlette.md``, ``docs/django.md``...) are skipped, with the reason, where it is
missing; ``docs/conf.py`` is Sphinx's configuration, not a module with examples.

Public classes and functions name ``urikit`` as their module (tracebacks and the docs
show ``urikit.ParseError``), so the standard doctest finder, which reads a module's
examples only from objects that name it, would skip them in the module that defines
them; :func:`_from_defining_module` points it there (``tests/test_docs.py`` checks that
every docstring with an example in ``src`` is collected).
"""

from __future__ import annotations

import doctest
import importlib.util
import types
from collections.abc import Callable
from typing import Final

import pytest

import urikit

_NEEDS: dict[str, str] = {
    "src/urikit/distributed.py": "dask",
    "src/urikit/duckdb.py": "duckdb",
    "src/urikit/polars.py": "polars",
    "src/urikit/pandas.py": "pandas",
    "src/urikit/mypy.py": "mypy",
    "src/urikit/django": "django",
    "src/urikit/django/serializers.py": "rest_framework",
}
collect_ignore = [path for path, module in _NEEDS.items()
                  if importlib.util.find_spec(module) is None]
collect_ignore.append("docs/conf.py")
# files that mypy reads in tests/integration/test_typing.py, never imported or run
collect_ignore.append("tests/integration/typing_cases")

#: Doctests (by item name: a text file's name, a docstring's qualified name, or a
#: module's name for every docstring in it) that show an optional package at work, and
#: that package. A clone with only attrs, idna, pytest and hypothesis skips them,
#: saying which (tests/test_minimal_install.py keeps it so).
_DOCTESTS_NEEDING: dict[str, str] = {
    # the first example puts Flask to work; the rest of the page needs nothing more
    "README.md": "flask",
    # registrable domains and same-site ask the Public Suffix List (the psl extra)
    "urikit._web.site": "publicsuffixlist",
    "pydantic.md": "pydantic",
    "dask.md": "dask",
    "sql.md": "duckdb",
    "dataframes.md": "polars",
    "django.md": "django",
    "flask.md": "flask",
    "starlette.md": "starlette",
}


def doctest_needs(name: str) -> str | None:
    """The optional package the doctest item ``name`` needs, or ``None``: its own entry
    in :data:`_DOCTESTS_NEEDING`, or its module's (``urikit._web.site.same_site`` is in
    ``urikit._web.site``)."""
    while True:
        module = _DOCTESTS_NEEDING.get(name)
        if module is not None or "." not in name or name.endswith((".md", ".rst")):
            return module
        name = name.rpartition(".")[0]


@pytest.fixture(scope="session")
def source_needs() -> dict[str, str]:
    """The modules of ``src`` that import an optional package when imported (a path
    under ``src/urikit``, a file or a package folder), and that package: the table the
    collection itself uses (:data:`_NEEDS`), for the tests that import every module."""
    return dict(_NEEDS)


#: The checks of the checkout rather than of the library, marked ``once``: CI runs them
#: in the README's command on the default Python, and the other Pythons and the compiled
#: build deselect them (``-m "not once"``, noxfile.py). A file, or a file's test by name.
ONCE: Final = (
    "tests/integration/test_quality.py",  # the type checkers and the lint
    "tests/integration/test_typing.py",  # mypy on the cases that must fail
    "tests/integration/test_mypy_plugin.py",  # mypy with urikit's plugin
    "tests/test_docs.py::test_sphinx_build_has_no_warning",  # the docs build
    "tests/integration/test_release.py",  # sdist, wheel, twine, towncrier
    "tests/integration/test_chromium.py",  # the examples driven by Chromium
    # urikit.django under gunicorn (a server process)
    "tests/integration/test_adapter_django.py::test_under_gunicorn_raw_target_and_forged_chain",
    # the examples under gunicorn and uvicorn, asked with curl (server processes)
    "tests/integration/test_served_examples.py",
    "tests/integration/test_browser.py",  # the differentials against ada-url
    # the five batch front ends on one table (the command line's runs are processes)
    "tests/integration/test_front_ends.py",
    # the source's annotations (a compiled function keeps none to read): a static check
    # like the type checks; the run-time half of that file runs in every build
    "tests/test_frozen_accepted.py::test_the_audit_sees_the_entry_points",
    "tests/test_frozen_accepted.py::test_a_parameter_that_takes_a_uri_takes_a_frozen_uri",
    # the doctests and the optional tests again, the extras hidden (a child pytest)
    "tests/test_minimal_install.py",
    # a property's examples alone and after the collection of every module (child pytests)
    "tests/test_determinism.py",
)


#: The tests that compare the compiled build with the pure one: they run where urikit is
#: the compiled build (nox's compiled session) and are deselected, not skipped, where it
#: is pure (there is no second build to compare with).
COMPILED_ONLY: Final = ("tests/test_build_parity.py",)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip the doctests whose optional package is missing, saying which it is, mark
    the tests listed in :data:`ONCE` (a listed file that is gone is an error), and
    deselect the :data:`COMPILED_ONLY` tests in the pure build."""
    root = config.rootpath
    gone = [entry for entry in (*ONCE, *COMPILED_ONLY)
            if not (root / entry.split("::")[0]).is_file()]
    if gone:
        raise pytest.UsageError(f"conftest.py ONCE or COMPILED_ONLY names missing files: {gone}")
    if not urikit.COMPILED:
        deselected = [item for item in items if item.nodeid.startswith(COMPILED_ONLY)]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = [item for item in items if not item.nodeid.startswith(COMPILED_ONLY)]
    for item in items:
        module = doctest_needs(item.name)
        if module is not None and importlib.util.find_spec(module) is None:
            item.add_marker(pytest.mark.skip(reason=f"needs {module} (an extra)"))
        if any(item.nodeid == entry or item.nodeid.startswith((f"{entry}::", f"{entry}["))
               for entry in ONCE):
            item.add_marker(pytest.mark.once)


# the finder's private rule (typeshed does not declare it)
_stock_from_module: Callable[[doctest.DocTestFinder, types.ModuleType | None, object], bool] = \
    vars(doctest.DocTestFinder)["_from_module"]


def _from_defining_module(self: doctest.DocTestFinder, module: types.ModuleType | None,
                          obj: object) -> bool:
    """Whether doctest should read ``obj``'s examples as part of ``module``: for a public
    name of urikit, the module that defines it; otherwise the standard rule."""
    name = getattr(obj, "__name__", None)
    # urikit keeps where each public name is defined for this hook (and for nothing else)
    defined_in = urikit._DEFINED_IN  # pyright: ignore[reportPrivateUsage]
    if module is not None and isinstance(name, str) and name in defined_in \
            and getattr(urikit, name) is obj:
        return module.__name__ == defined_in[name]
    return _stock_from_module(self, module, obj)


setattr(doctest.DocTestFinder, "_from_module", _from_defining_module)  # noqa: B010
