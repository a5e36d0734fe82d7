"""What the live views of a URI share: how they read their owner and write back to it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeGuard

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

    def _component(self, index: int, /) -> str | None:
        """Component ``index`` (0 to 6, in :class:`Components` order) as stored."""
        ...


def read_only() -> TypeError:
    """The error for an edit through a view of a frozen URI."""
    return TypeError("a FrozenURI cannot be changed: thaw() it, or use a builder method, "
                     "which returns a new FrozenURI")


def kept(held: str | None, text: str, read: Callable[[str], str]) -> TypeGuard[str]:
    """Whether writing plain ``text`` keeps the wire text ``held`` as it is: ``text`` is
    what ``held`` reads as (``read``, the view's own reading). The one rule that makes
    writing back what a text view reads the identity: decoding loses the difference
    between a delimiter and its encoded form (``a%3Ab`` and ``a:b`` both read
    ``a:b``), between a name and the address it spells (the reg-name ``%3A%3A1`` reads
    ``::1``, which written anew is the IP literal ``[::1]``), and between ``%7e`` and
    ``~``, so encoding the text again could give another component; the text of the
    component it came from is that component.
    """
    # a decoded text is never longer than its wire text: most writes stop at the length
    return held is not None and len(text) <= len(held) and read(held) == text
