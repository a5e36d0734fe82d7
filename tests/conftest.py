"""Test configuration: Hypothesis profiles.

``ci`` (the default) keeps every property quick; ``thorough`` is the soak run:
``python -m pytest --hypothesis-profile=thorough tests/test_properties.py``, or set
``URIKIT_HYPOTHESIS_PROFILE=thorough``. The state machine
(``tests/test_state_machine.py``) reads the profile's name too: a few dozen runs of 25
steps under ``ci``, 20,000 runs of 80 steps under ``thorough``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=300, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=100_000, deadline=None,
                          suppress_health_check=list(HealthCheck))
settings.load_profile(os.environ.get("URIKIT_HYPOTHESIS_PROFILE", "ci"))
