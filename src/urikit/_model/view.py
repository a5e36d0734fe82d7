"""What the live views of a URI share: how they read their owner and write back to it."""

from __future__ import annotations

from typing import Protocol

from .._core.components import Components


class Writer(Protocol):
    """How a view writes one component back to its URI (``None`` for the views of a
    frozen URI). The URI's writer keeps the RFC 3986 §3.2 and §3.3 rules."""

    def __call__(self, name: str, wire: str | None, /, append: bool = False) -> None:
        """Give component ``name`` the valid wire text ``wire``.

        With ``append=True``, ``wire`` is added after the component's current text
        (the path or the query, defined), which it must keep valid: the URI lets go of
        the old text first, so the string can grow where it lies and n appends take
        time linear in n, not quadratic.
        """
        ...


class Owner(Protocol):
    """What a view reads: its URI's components."""

    @property
    def components(self) -> Components:
        """The URI's seven wire components."""
        ...


def read_only() -> TypeError:
    """The error for an edit through a view of a frozen URI."""
    return TypeError("a FrozenURI cannot be changed: thaw() it, or use a builder method, "
                     "which returns a new FrozenURI")
