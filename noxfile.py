"""The test matrix: the whole suite on every supported Python (``python -m nox``).

``python -m nox -s tests-3.12`` runs one; ``.ci/run`` runs 3.10, 3.12 and 3.13 after the
README's single-Python command. Interpreters are found on ``PATH`` as ``python3.X``; the
ones pyenv installed (``$PYENV_ROOT/versions/*/bin``) are put first, since pyenv's shims
answer only for the versions it has selected. A missing interpreter is an error under
``CI`` (nox's ``--error-on-missing-interpreters``), and a skip elsewhere.
"""

from __future__ import annotations

import glob
import os

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


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The whole suite, integration tests included, with the test extra installed."""
    session.install("-e", ".[test]")
    session.run("python", "--version")
    session.run("python", "-m", "pytest", *session.posargs)
