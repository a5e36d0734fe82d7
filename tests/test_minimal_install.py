"""A clone with only the runtime dependencies (attrs, idna) plus pytest and Hypothesis
passes every test or skips it with the reason: here a child pytest runs the tests that
show an optional package at work (every doctest of ``src``, the README and the docs
pages, the Public Suffix List's tests, the collection check of ``src``) with every
optional package hidden.

Hidden are the top-level modules of every distribution an extra of pyproject.toml names
(Flask, Django, publicsuffixlist, Dask, pydantic...), but those the minimal install has:
attrs, idna, pytest, Hypothesis and what they require. A hidden module is ``None`` in
``sys.modules``, so an import of it is an ImportError and ``find_spec`` finds nothing,
as where it is not installed. conftest.py's ``_NEEDS`` and ``_DOCTESTS_NEEDING`` and
the tests' ``importorskip`` are what this keeps honest: a new example that needs an
extra and is not listed there fails here, in CI, where everything is installed.
"""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]

#: What the minimal install has: the runtime dependencies, pytest and Hypothesis.
MINIMAL = ("urikit", "attrs", "idna", "pytest", "hypothesis")


def _requirements(pyproject: str) -> set[str]:
    """The distributions the extras of pyproject.toml name, canonical names."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pytest needs tomli before 3.11
        import tomli as tomllib
    extras = tomllib.loads(pyproject)["project"]["optional-dependencies"]
    return {canonicalize_name(Requirement(line).name)
            for lines in extras.values() for line in lines
            if canonicalize_name(Requirement(line).name) != "urikit"}


def _with_dependencies(names: tuple[str, ...]) -> set[str]:
    """``names`` and every distribution they require at run time (no extra), as
    installed here."""
    seen: set[str] = set()
    todo = [canonicalize_name(name) for name in names]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        try:
            requires = importlib.metadata.requires(name) or []
        except importlib.metadata.PackageNotFoundError:
            continue
        for line in requires:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(canonicalize_name(requirement.name))
    return seen


def hidden_modules() -> list[str]:
    """The top-level modules of the optional packages, as installed here, but a name
    of the checkout's own (a distribution that ships a stray ``tests`` or ``docs``
    package must not hide the checkout's)."""
    optional = _requirements((ROOT / "pyproject.toml").read_text(encoding="utf-8")) \
        - _with_dependencies(MINIMAL)
    own = {path.name for path in ROOT.iterdir()} | {path.stem for path in ROOT.iterdir()}
    return sorted(module for module, distributions
                  in importlib.metadata.packages_distributions().items()
                  if module not in own
                  and any(canonicalize_name(d) in optional for d in distributions))


#: The child: every optional module hidden, then pytest on what needs an extra.
_CHILD = """\
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None
import pytest
raise SystemExit(pytest.main(sys.argv[2:]))
"""


def test_the_hidden_modules_are_the_optional_ones() -> None:
    """The list hides the optional packages and nothing the minimal install has."""
    hidden = hidden_modules()
    assert {"flask", "publicsuffixlist", "django", "pydantic"} <= set(hidden)
    assert not {"attrs", "idna", "pytest", "hypothesis", "urikit", "tests"} & set(hidden)


def test_without_the_extras_every_test_passes_or_says_what_it_needs() -> None:
    """With every optional package hidden, the doctests of ``src``, of the README and of
    the docs pages, the Public Suffix List's tests and the collection check of ``src``
    pass or skip, each skip naming the package it needs."""
    hidden = hidden_modules()
    pages = sorted(str(page.relative_to(ROOT)) for page in (ROOT / "docs").glob("*.md"))
    result = subprocess.run(
        [sys.executable, "-c", _CHILD, ",".join(hidden), "-q", "-p", "no:cacheprovider",
         "-m", "not once", "-rs", "src", "README.md", *pages, "tests/web/test_site.py",
         "tests/test_docs.py::test_every_example_in_src_is_collected"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=900)
    report = result.stdout[-6000:] + result.stderr[-2000:]
    assert result.returncode == 0, report
    skips = re.findall(r"^SKIPPED \[\d+\] (.*)$", result.stdout, re.MULTILINE)
    assert skips, report
    assert all(re.search(r": needs \S", skip) for skip in skips), skips
    # the hiding worked: each of these was skipped for its package, not run
    for where, package in [("README.md", "flask"), ("src/urikit/_web/site.py", "publicsuffixlist"),
                           ("tests/web/test_site.py", "publicsuffixlist")]:
        assert any(skip.startswith(where) and package in skip for skip in skips), (where, skips)
