"""The test matrix: the library's tests on every supported Python (``python -m nox``),
and once against the compiled build.

``python -m nox -s tests-3.12`` runs one; ``.ci/run`` runs 3.10, 3.12 and 3.13 after the
README's single-Python command (all pure Python: an editable install), then
``compiled-3.11``: the wheel mypyc makes, installed, under the same tests. The checks
of the checkout rather than of the library (type checks, lint, docs build, release,
browser tests: the ``once`` marker, conftest.py's ``ONCE``) run in the README's command
only; these sessions deselect them (:data:`NOT_ONCE`).
Interpreters are found on ``PATH`` as ``python3.X``; the ones pyenv installed
(``$PYENV_ROOT/versions/*/bin``) are put first, since pyenv's shims answer only for
the versions it has selected. A missing interpreter is an error under ``CI`` (nox's
``--error-on-missing-interpreters``), and a skip elsewhere.
"""

from __future__ import annotations

import glob
import os
import shutil
import time
from pathlib import Path

import nox

PYTHONS = ["3.10", "3.11", "3.12", "3.13"]

nox.options.sessions = ["tests"]
nox.options.error_on_missing_interpreters = bool(os.environ.get("CI"))
nox.options.reuse_existing_virtualenvs = False


def _put_pyenv_first() -> None:
    """Put each pyenv-installed CPython's ``bin`` before the rest of ``PATH``."""
    root = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found = sorted(glob.glob(os.path.join(root, "versions", "3.*", "bin")))
    if found:
        os.environ["PATH"] = os.pathsep.join([*found, os.environ.get("PATH", "")])


_put_pyenv_first()


#: What the sessions leave to the README's command on the default Python: the tests
#: marked ``once`` are deselected (not skipped: they are not the library's tests).
NOT_ONCE = ("-m", "not once")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The library's tests, integration tests included, with the test extra installed;
    the ``once`` checks are deselected."""
    session.install("-e", ".[test]")
    session.run("python", "--version")
    session.run("python", "-m", "pytest", *NOT_ONCE, *session.posargs)


#: The checkout's own copy of urikit is not on the path in the compiled session: pytest's
#: ``pythonpath`` (``src``) is emptied, and the ``src`` doctests, which pytest would
#: import from the checkout, are left to the pure sessions (doctest's finder does not
#: take a compiled class's methods for their module's; the compiled build keeps the
#: docstrings, and tests read them). The README's and the docs pages' examples run; the
#: ``once`` checks do not.
COMPILED_PYTEST_ARGS = ("-o", "pythonpath=", *NOT_ONCE, "tests", "README.md", "docs")


@nox.session(python=["3.11"])
def compiled(session: nox.Session) -> None:
    """The library's tests against the compiled build: the wheel built from this checkout
    (mypyc, so a C compiler is needed), installed as a user would install it. The
    session fails if the wheel came out pure Python, saying why."""
    session.env.pop("URIKIT_NO_EXTENSIONS", None)
    session.env["URIKIT_EXPECT_BUILD"] = "compiled"
    session.install("pip>=23")
    wheels = Path(session.create_tmp()) / "wheels"
    shutil.rmtree(wheels, ignore_errors=True)
    started = time.monotonic()
    # -v shows the build hook's one line (pip hides a backend's output otherwise)
    output = session.run("python", "-m", "pip", "wheel", "-v", "--no-deps", "-w",
                         str(wheels), ".", silent=True)
    notices = [line.strip() for line in str(output).splitlines()
               if line.strip().startswith("urikit:")]
    (wheel,) = wheels.glob("urikit-*.whl")
    session.log(f"building the wheel took {time.monotonic() - started:.0f}s: "
                f"{wheel.name}, {wheel.stat().st_size:,} bytes; {'; '.join(notices)}")
    if wheel.name.endswith("-none-any.whl"):
        session.error(f"the wheel is pure Python: {'; '.join(notices) or 'no notice'}")
    session.install(f"urikit[test] @ {wheel.resolve().as_uri()}")
    session.run("python", "-c", "import sys, urikit; print(urikit.__file__); "
                "sys.exit(0 if urikit.COMPILED else 'urikit is not the compiled build')")
    session.run("python", "-m", "pytest", *COMPILED_PYTEST_ARGS, *session.posargs)
