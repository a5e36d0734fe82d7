"""Test configuration: Hypothesis profiles, and the package path for child processes.

``ci`` (the default) keeps every property quick and the same on every run: it is
derandomized (each property draws the examples its own name seeds, on every run and
every machine) and keeps no example database, so the README's command gives one result
and a failure in CI is a failure on every clone. The random search is a profile of its
own: ``explore``, which ``.ci/run`` runs over every Hypothesis test with a seed it
prints (``python -m pytest -m hypothesis --hypothesis-profile=explore
--hypothesis-seed=N tests`` replays it). Hypothesis's pytest plugin marks each
``@given`` test ``hypothesis``; a parametrized test that runs an inner ``@given``, and
the state machine, carry the mark themselves. ``thorough`` is the soak run:
``python -m pytest --hypothesis-profile=thorough tests/model/test_properties.py``, or set
``URIKIT_HYPOTHESIS_PROFILE=thorough``. ``sweep`` runs every property derandomized with a
larger budget (``URIKIT_HYPOTHESIS_EXAMPLES``), the same examples on every Python.

A property that wants more or fewer examples than the profile's ``max_examples`` says so
with ``tests.budget.examples(n)``, ``n`` its count under ``ci``, which scales ``n`` by the
loaded profile (a bare ``max_examples=n`` would ignore every profile's budget;
tests/test_budget.py refuses one), so every property runs with the profile's budget. The
state machine (``tests/model/test_state_machine.py``) reads the profile's name too for
its steps: 40 runs of 25 steps under ``ci``, about 13,000 runs of 80 steps under
``thorough``.

Derandomized, the examples can still differ between Pythons: a strategy that reads
character categories asks the running Python's Unicode database (Unicode 13 in 3.10,
15.1 in 3.13), and so does the code under test (IDNA, the IDN display policy); a newer
Hypothesis may draw otherwise too. Each Python's ``ci`` examples are fixed, and every
supported Python must pass its own (nox runs 3.10 to 3.13).

Derandomized is not enough on its own: Hypothesis (6.131 on) now and then draws a
literal of the code under test, from a pool it reads out of every module of the
checkout in ``sys.modules`` when a test draws, so a property's examples changed with
what was imported before it (the full run's collection imports all of ``src`` for its
doctests; a property run alone imports a few modules) and with the build (an installed
or compiled urikit adds nothing).
:func:`_fix_the_constants` gives that pool the literals of every module of
``src/urikit`` read from the files, once, whatever ran or was imported before, in every
build; ``tests/test_determinism.py`` checks that a property draws the same examples
alone and after every module is loaded.

pytest puts ``src`` on ``sys.path`` (pyproject's ``pythonpath``); the tests that run
``python -m urikit`` or ``python -c`` in a child process get it through ``PYTHONPATH``,
so they test the same checkout without an install.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Final

from hypothesis import HealthCheck, settings

import urikit

if TYPE_CHECKING:
    from hypothesis.internal.constants_ast import Constants

# the README's command: the same examples on every run (no database: a failure found by
# one run is not replayed first by the next, which would make two runs differ)
settings.register_profile("ci", max_examples=300, deadline=None, derandomize=True,
                          database=None, suppress_health_check=[HealthCheck.too_slow])
# the random search, with the seed given (--hypothesis-seed) and printed by .ci/run; no
# database either, so the seed alone says what ran. Its budget fits about two minutes of
# one core in CI: the 272 Hypothesis tests took 270 CPU seconds at 300 examples each
# (2026-11-29), so 100 each, beside the ci profile's 300 fixed ones
settings.register_profile("explore", max_examples=100, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=100_000, deadline=None,
                          suppress_health_check=list(HealthCheck))
# the sweep for tests that pass by the draw: every property with a larger budget, the same
# examples on every run and every Python (URIKIT_HYPOTHESIS_PROFILE=sweep; the budget
# from URIKIT_HYPOTHESIS_EXAMPLES, 5,000 by default; tests.budget.examples scales the
# properties that state their own count). Run 2026-11-29 at 600 (twice ci) on 3.11:
# the 295 properties outside the once checks passed, in 41 minutes of a shared machine
settings.register_profile("sweep", max_examples=int(os.environ.get(
                              "URIKIT_HYPOTHESIS_EXAMPLES", "5000")),
                          derandomize=True, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("URIKIT_HYPOTHESIS_PROFILE", "ci"))

#: The package's source in this checkout (the compiled build is made from it too).
PACKAGE_SOURCE: Final = Path(__file__).resolve().parents[1] / "src" / "urikit"


def _fix_the_constants() -> None:
    """Make Hypothesis's pool of local constants the literals of ``src/urikit``'s files.

    Hypothesis draws a constant of the code under test for about one draw in twenty, from
    the literals of the "local" modules (outside site-packages, the stdlib and test
    files) in ``sys.modules``, rescanned when the length of ``sys.modules`` changes. Which modules
    are loaded depends on what was collected and what ran before (urikit loads groups
    lazily), and on the build (an installed or compiled urikit is not local), so a
    derandomized property drew other examples in a full run than alone: #42's
    ``{v0}{?v1}{?v2}{v3*}`` failure. Here the pool is read from the files of
    ``src/urikit``, in one order, the first time a test asks for it. Hypothesis before
    6.131 has no pool: nothing to fix."""
    from hypothesis.version import __version_info__

    if (int(__version_info__[0]), int(__version_info__[1])) < (6, 131):
        return
    # private names: a Hypothesis that renames them fails here, loudly, rather than
    # letting the examples follow the imports again
    from hypothesis.internal.conjecture import providers
    from hypothesis.internal.constants_ast import _constants_from_source

    if not hasattr(providers, "_get_local_constants"):
        raise RuntimeError("Hypothesis no longer has providers._get_local_constants: "
                           "tests/conftest.py's _fix_the_constants needs a new hook")
    # Hypothesis's own (empty) pool, with its sorted sets: every run iterates it in
    # the same order, whatever PYTHONHASHSEED
    pool = providers._local_constants
    read = False

    def fixed() -> Constants:
        nonlocal read
        if not read:
            for kind in (pool.integers, pool.floats, pool.bytes, pool.strings):
                kind.clear()
            for path in sorted(PACKAGE_SOURCE.rglob("*.py")):
                for constant in _constants_from_source(path.read_bytes(), limit=True):
                    pool.add(constant)
            providers.CONSTANTS_CACHE.cache.clear()
            read = True
        return pool

    providers._get_local_constants = fixed


_fix_the_constants()

_SOURCE = str(Path(urikit.__file__).resolve().parents[1])
os.environ["PYTHONPATH"] = os.pathsep.join(
    [_SOURCE, *filter(None, [os.environ.get("PYTHONPATH")])])
