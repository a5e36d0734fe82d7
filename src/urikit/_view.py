"""What the live views of a URI share: how they read their owner and write back to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ._components import Components

#: How a view writes one component back to its URI: ``write(name, wire_text)``. The
#: URI's writer for that component keeps the RFC 3986 §3.2 and §3.3 rules; the text
#: is already valid wire text. ``None`` for the views of a frozen URI.
Writer = Callable[[str, "str | None"], None]


class Owner(Protocol):
    """What a view reads: its URI's components."""

    @property
    def components(self) -> Components:
        """The URI's seven wire components."""
        ...


def read_only() -> TypeError:
    """The error for an edit through a view of a frozen URI."""
    return TypeError("a FrozenURI cannot be changed: thaw() it, or use a builder method, "
                     "which returns a new URI")
