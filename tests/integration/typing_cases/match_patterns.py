"""Class and sequence patterns on the URI classes, as both checkers see them: a path is
a ``Sequence[str]`` (a FrozenURI's ``ReadOnlyPath`` too), so a sequence pattern on it
captures strings and is reachable, and the classes match by position in the order of
their constructor's keywords."""

from __future__ import annotations

from collections.abc import Sequence

from typing_extensions import assert_type

from urikit import URI, FrozenURI, ReadOnlyPath


def under_root(frozen: FrozenURI) -> list[str]:
    match frozen:
        case FrozenURI(path=["", *rest]):
            assert_type(rest, list[str])
            return rest
        case FrozenURI(path=[]):
            return []
        case _:
            return ["relative"]


def version(frozen: FrozenURI) -> str | None:
    match frozen.path:
        case ["", "api", number, *_]:
            assert_type(number, str)
            return number
        case _:
            return None


def first_segment(uri: URI) -> str | None:
    match uri:
        case URI(path=["", first, *_]):
            assert_type(first, str)
            return first
        case _:
            return None


def secure_host(frozen: FrozenURI) -> str | None:
    match frozen:
        case FrozenURI("https", None, str() as host):
            assert_type(host, str)
            return host
        case _:
            return None


def as_sequence(path: ReadOnlyPath) -> Sequence[str]:
    return path


def mistakes(frozen: FrozenURI) -> None:
    match frozen:
        case FrozenURI(path=["", *rest]):
            rest.append(1)  # E: arg-type | reportArgumentType
        case _:
            pass
