"""The rule of the URI classes: every builder method of a FrozenURI returns a new
FrozenURI, as both checkers see it (no line here is an error)."""

from __future__ import annotations

from typing_extensions import assert_type

from urikit import FrozenURI


def frozen_builders(frozen: FrozenURI) -> None:
    assert_type(frozen.set(scheme="https"), FrozenURI)
    assert_type(frozen.set_text(fragment="a b"), FrozenURI)
    assert_type(frozen.add_segments("a"), FrozenURI)
    assert_type(frozen.add_segments_text("a b"), FrozenURI)
    assert_type(frozen.add_param("a", 1), FrozenURI)
    assert_type(frozen.set_param("a", None), FrozenURI)
    assert_type(frozen.discard_param("a"), FrozenURI)
    assert_type(frozen / "a", FrozenURI)
