"""The query as ``key=value`` parameters: a live view that edits only what it must.

The query is read as pairs separated by "&", each split at its first "=". Keys and
values are plain text: reading decodes them once, with "+" read as a space as HTML
forms and web frameworks read it; writing encodes "&", "=" (in keys), "+", "#", "%" and
everything the query does not allow, so the result reads the same to a form decoder
and to a plain RFC 3986 reader. A pair written without "=" (``?flag``) has the value
``None``, and ``flag=`` has ``""``: undefined is not empty. An empty piece between
two "&" is no pair at all (so a pair with an empty key and no value cannot be
stored). Pairs that an edit does not touch keep their wire text exactly, so no edit
changes what else is encoded.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, overload

from ._parse import require_str
from ._percent import encode, unquote

if TYPE_CHECKING:
    from ._uri import URI


def _decode(wire: str) -> str:
    if "+" in wire:
        wire = wire.replace("+", " ")
    return unquote(wire)


def _pair(wire: str) -> tuple[str, str | None]:
    key, eq, value = wire.partition("=")
    return _decode(key), (_decode(value) if eq else None)


def _wire_pair(key: str, value: str | None) -> str:
    key = encode(require_str(key, "a query key"), "query_key")
    if value is None:
        return key
    return f"{key}={encode(require_str(value, 'a query value'), 'query_value')}"


class QueryParams:
    """A live view of a URI's query as an ordered list of ``(key, value)`` pairs.

    Keys may repeat. ``params[key]`` and :meth:`get` give the first value,
    :meth:`get_all` every value. Edits write through to the URI; when an edit leaves no
    pair, the query becomes undefined (``None``).

    >>> from urikit import URI
    >>> uri = URI.parse("http://h/?a=1&b=x+y&a=2&flag")
    >>> uri.params["b"], uri.params.get_all("a"), uri.params["flag"]
    ('x y', ['1', '2'], None)
    >>> uri.params["a"] = "3 & 4"
    >>> str(uri)
    'http://h/?a=3%20%26%204&b=x+y&flag'

    .. versionadded:: 0.1
    """

    __slots__ = ("_uri",)

    def __init__(self, uri: URI) -> None:
        self._uri = uri

    def _wire(self) -> list[str]:
        query = self._uri._query
        return query.split("&") if query else []

    def _store(self, pieces: list[str]) -> None:
        self._uri._query = "&".join(pieces) if any(pieces) else None

    def items(self) -> list[tuple[str, str | None]]:
        """Every pair, in order, decoded."""
        return [_pair(p) for p in self._wire() if p]

    def keys(self) -> list[str]:
        """Every key, in order, repeats included."""
        return [k for k, _ in self.items()]

    def values(self) -> list[str | None]:
        """Every value, in order."""
        return [v for _, v in self.items()]

    def get_all(self, key: str) -> list[str | None]:
        """Every value of ``key``, in order (an empty list when it is absent)."""
        return [v for k, v in self.items() if k == key]

    @overload
    def get(self, key: str) -> str | None: ...
    @overload
    def get(self, key: str, default: str) -> str | None: ...
    def get(self, key: str, default: str | None = None) -> str | None:
        """The first value of ``key``, or ``default`` when it is absent."""
        for k, v in self.items():
            if k == key:
                return v
        return default

    def __getitem__(self, key: str) -> str | None:
        for k, v in self.items():
            if k == key:
                return v
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.items())

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.items())

    def add(self, key: str, value: str | None) -> None:
        """Append the pair ``key=value`` (``value`` ``None``: just ``key``)."""
        pieces = self._wire()
        pieces.append(_wire_pair(key, value))
        self._store(pieces)

    def set(self, key: str, value: str | None) -> None:
        """Give ``key`` the single value ``value``: the first pair with that key is
        replaced where it stands and the others are removed; a new key is appended."""
        new = _wire_pair(key, value)
        pieces: list[str] = []
        done = False
        for piece in self._wire():
            if piece and _pair(piece)[0] == key:
                if not done:
                    pieces.append(new)
                    done = True
            else:
                pieces.append(piece)
        if not done:
            pieces.append(new)
        self._store(pieces)

    __setitem__ = set

    def remove(self, key: str) -> None:
        """Remove every pair with ``key``; nothing happens when there is none."""
        self._store([p for p in self._wire() if not p or _pair(p)[0] != key])

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self.remove(key)

    def update(self, pairs: Iterable[tuple[str, str | None]]) -> None:
        """Append every pair of ``pairs``, in order."""
        pieces = self._wire()
        pieces.extend(_wire_pair(k, v) for k, v in pairs)
        self._store(pieces)

    def clear(self) -> None:
        """Remove every pair: the query becomes undefined."""
        self._uri._query = None

    def __eq__(self, other: object) -> bool:
        if isinstance(other, QueryParams):
            return self.items() == other.items()
        if isinstance(other, list):
            return self.items() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"QueryParams({self.items()!r})"
