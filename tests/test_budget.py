"""Every property runs with the loaded Hypothesis profile's budget: no test states a
bare ``max_examples``, and the one scaling (tests/budget.py) follows the profile."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Final

from hypothesis import settings

from tests.budget import CI_EXAMPLES, examples

TESTS: Final = Path(__file__).resolve().parent


def _bare_budgets() -> list[str]:
    """Each ``max_examples=`` in the tests whose value is a number or an expression
    that does not ask :func:`tests.budget.examples` (a name bound to its answer is
    followed to its assignment in the same module)."""
    found: list[str] = []
    for path in sorted(TESTS.rglob("*.py")):
        if path.name in {"conftest.py", "budget.py", "test_budget.py"}:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        scaled = {target.id for node in ast.walk(tree)
                  if isinstance(node, (ast.Assign, ast.AnnAssign))
                  and isinstance(node.value, ast.Call)
                  and isinstance(node.value.func, ast.Name)
                  and node.value.func.id == "examples"
                  for target in (node.targets if isinstance(node, ast.Assign)
                                 else [node.target])
                  if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.keyword) or node.arg != "max_examples":
                continue
            value = node.value
            if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
                    and value.func.id == "examples":
                continue
            if isinstance(value, ast.Name) and value.id in scaled:
                continue
            found.append(f"{path.relative_to(TESTS)}:{node.lineno}")
    return found


def test_no_property_states_a_bare_budget() -> None:
    """A ``max_examples=1500`` holds under every profile, so the sweep and the random
    search would not reach that property: each count goes through ``examples``."""
    assert _bare_budgets() == []


def test_the_budget_follows_the_profile() -> None:
    """``examples(n)`` is ``n`` scaled by the loaded profile's budget over ``ci``'s."""
    budget = settings().max_examples
    assert examples(CI_EXAMPLES) == budget
    assert examples(3 * CI_EXAMPLES) == 3 * budget
    assert examples(1) == max(1, round(budget / CI_EXAMPLES))
    with_ten_times = settings(max_examples=10 * CI_EXAMPLES)
    settings.register_profile("tests-budget-probe", with_ten_times)
    previous = settings.get_current_profile_name()
    settings.load_profile("tests-budget-probe")
    try:
        assert examples(1500) == 15_000
        assert examples(0) == 1
    finally:
        settings.load_profile(previous)
