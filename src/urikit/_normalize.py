"""Normalization and equivalence (RFC 3986 §6.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._uri import URI


def normalize(uri: URI, *, case: bool = True, percent: bool = True,
              dot_segments: bool = True, scheme_based: bool = True,
              ipv6_canonical: bool = False) -> None:
    """Normalize ``uri`` in place (RFC 3986 §6.2.2, §6.2.3)."""
    raise NotImplementedError  # being written


def equivalent(uri: URI, other: URI | str) -> bool:
    """Whether two URIs are equivalent after normalization (RFC 3986 §6.2)."""
    raise NotImplementedError  # being written
