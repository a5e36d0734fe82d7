"""Reference resolution (RFC 3986 §5.2) and its inverse, the relative reference."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._uri import URI


def remove_dot_segments(path: str) -> str:
    """Remove "." and ".." segments from path text (RFC 3986 §5.2.4)."""
    raise NotImplementedError  # being written


def resolve(base: URI, reference: URI | str, strict: bool = True) -> URI:
    """Resolve ``reference`` against ``base`` (RFC 3986 §5.2.2)."""
    raise NotImplementedError  # being written


def relative_to(target: URI, base: URI | str) -> URI:
    """The shortest reference that resolves against ``base`` to ``target``."""
    raise NotImplementedError  # being written
