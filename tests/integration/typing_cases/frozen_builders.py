"""The rule after issue 26's redesign of the URI classes (branch wt-build): every
builder method of a FrozenURI returns a new FrozenURI. Each line below is marked
``# FrozenURI after wt-build``: until that lands, the builders return a mutable URI, so
tests/integration/test_typing.py expects this file to fail (strictly: once the lines
hold, the test says so, and the expectation is removed)."""

from __future__ import annotations

from typing_extensions import assert_type

from urikit import FrozenURI


def frozen_builders(frozen: FrozenURI) -> None:
    assert_type(frozen.set(scheme="https"), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen.set_text(fragment="a b"), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen.add_segments("a"), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen.add_segments_text("a b"), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen.add_param("a", 1), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen.set_param("a", None), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen.discard_param("a"), FrozenURI)  # FrozenURI after wt-build
    assert_type(frozen / "a", FrozenURI)  # FrozenURI after wt-build
