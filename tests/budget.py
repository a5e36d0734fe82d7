"""How many examples a property runs: its own weight, scaled by the Hypothesis profile.

A property that needs more (or fewer) examples than the profile's default states its
count under the ``ci`` profile, ``examples(1500)``, never a bare ``max_examples=1500``:
that count would hold under every profile, so the ``sweep``, ``explore`` and
``thorough`` budgets would not reach it. :func:`examples` scales the count by the loaded
profile's ``max_examples`` over the ``ci`` profile's (tests/conftest.py registers both and
loads the profile before any test module is imported), so each property keeps its
weight relative to the others and runs with the budget of the profile that runs.
"""

from __future__ import annotations

from typing import Final

from hypothesis import settings

#: The ``ci`` profile's ``max_examples`` (tests/conftest.py): the unit of every weight.
CI_EXAMPLES: Final = 300


def examples(ci_count: int) -> int:
    """``ci_count``, the examples a property runs under the ``ci`` profile, scaled by
    the loaded profile's budget (``sweep`` with 3,000 examples runs ten times as many;
    ``explore`` a third), and never fewer than one.

    >>> examples(CI_EXAMPLES) == settings().max_examples
    True
    """
    budget: int = settings().max_examples
    return max(1, round(ci_count * budget / CI_EXAMPLES))
