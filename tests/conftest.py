"""Test configuration: Hypothesis profiles, and the package path for child processes.

``ci`` (the default) keeps every property quick; ``thorough`` is the soak run:
``python -m pytest --hypothesis-profile=thorough tests/test_properties.py``, or set
``URIKIT_HYPOTHESIS_PROFILE=thorough``. ``sweep`` runs every property derandomized with a
larger budget (``URIKIT_HYPOTHESIS_EXAMPLES``), the same examples on every Python. The state machine
(``tests/test_state_machine.py``) reads the profile's name too: a few dozen runs of 25
steps under ``ci``, 20,000 runs of 80 steps under ``thorough``.

pytest puts ``src`` on ``sys.path`` (pyproject's ``pythonpath``); the tests that run
``python -m urikit`` or ``python -c`` in a child process get it through ``PYTHONPATH``,
so they test the same checkout without an install.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings

import urikit

settings.register_profile("ci", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=100_000, deadline=None,
                          suppress_health_check=list(HealthCheck))
# the sweep for tests that pass by the draw: every property with a larger budget, the same
# examples on every run and every Python (URIKIT_HYPOTHESIS_PROFILE=sweep; the budget
# from URIKIT_HYPOTHESIS_EXAMPLES, 5,000 by default)
settings.register_profile("sweep", max_examples=int(os.environ.get(
                              "URIKIT_HYPOTHESIS_EXAMPLES", "5000")),
                          derandomize=True, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("URIKIT_HYPOTHESIS_PROFILE", "ci"))

_SOURCE = str(Path(urikit.__file__).resolve().parents[1])
os.environ["PYTHONPATH"] = os.pathsep.join(
    [_SOURCE, *filter(None, [os.environ.get("PYTHONPATH")])])
