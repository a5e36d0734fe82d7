"""The query as ``key=value`` parameters: a live view that edits only what it must."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import compress
from operator import attrgetter, itemgetter
from typing import Final, Protocol, TypeVar, cast, overload

from .._core.build import Checked
from .._core.components import LINK_CLASSES, Components
from .._core.errors import BuildError, Rule, URIError, warn_deprecated
from .._core.parse import FLAG_FALSE, FLAG_TRUE, QUERY, check_wire, require_bool, require_str
from .._core.percent import encode, unquote
from .._whatwg.masking import masked_pairs, masked_query
from .view import Owner, Writer, read_only

T = TypeVar("T")


class LinkValue(Protocol):
    """A URI or FrozenURI as a parameter value (uri.py imports this module, which so
    names them by what they have; :data:`LINK_CLASSES` is the run-time check)."""

    @property
    def components(self) -> Components:
        """The URI's seven wire components."""
        ...


#: What a parameter value may be: text, an ``int`` (written with ``str()``), a
#: ``URI`` or ``FrozenURI`` (its text), or ``None`` for a key without "=".
Value = str | int | LinkValue | Checked | None
#: A value, or a sequence of values (a list, a tuple): one pair of the key for each, in
#: order (an empty one gives no pair). A ``str`` is one value; ``bytes``, which the
#: checkers take for a sequence of ints, is refused at run time as a value is.
Values = Value | Sequence[Value]
#: Parameters given as a mapping or as (key, value) pairs.
Params = Mapping[str, Values] | Iterable[tuple[str, Values]]

_MISSING: Final = object()


def _decode(wire: str, form: bool) -> str:
    if form and "+" in wire:
        wire = wire.replace("+", " ")
    return unquote(wire)


def _pair(wire: str, form: bool) -> tuple[str, str | None]:
    key, eq, value = wire.partition("=")
    return _decode(key, form), (_decode(value, form) if eq else None)


def _key(wire: str, form: bool) -> str:
    return _decode(wire.partition("=")[0], form)


def value_text(value: object) -> str | None:
    """The text a parameter value is written as: a ``str`` as it is, an ``int`` with
    ``str()``, a ``URI`` or ``FrozenURI`` as its text, ``None`` as no value. ``bool``
    and ``float`` are refused: ``True`` has no one spelling (``true``, ``1``, ``on``),
    nor has ``0.1 + 0.2``; convert them.

    Raises:
        TypeError: any other type.
    """
    if value is None or type(value) is str:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__repr__(value)
    if isinstance(value, tuple(LINK_CLASSES)):  # a link as a value: its text, encoded once
        return str(value)
    raise TypeError(f"a query value must be str, int or None (or a URI), not {type(value).__name__}"
                    + ("; write it as the text you mean" if isinstance(value, (bool, float))
                       else ""))


def wire_pair(key: object, value: object, form: bool = False) -> str:
    """The wire text of one ``key=value`` pair of plain text (``key`` alone for None).

    "+" is always encoded (``%2B``), so the pair reads the same to both kinds of
    reader; ``form`` writes a space as "+" instead of ``%20``.

    Raises:
        BuildError: an empty key without a value, which has no text ("&&" is no pair).
    """
    key = encode(require_str(key, "a query key"), "query_key")
    text = value_text(value)
    if text is None:
        if not key:
            raise BuildError(Rule.EMPTY_KEY_NEEDS_VALUE,
                             "an empty piece between '&' is no pair")
        return key.replace("%20", "+") if form else key
    pair = f"{key}={encode(text, 'query_value')}"
    return pair.replace("%20", "+") if form else pair


def wire_pairs(key: object, value: object, form: bool = False) -> list[str]:
    """The wire text of the pairs of ``key`` for a value or a sequence of values (a
    list, a tuple; no pair for an empty one), as :func:`wire_pair` writes each.

    Raises:
        TypeError: a value (or an item) that is not str, int, a URI or None.
        BuildError: as :func:`wire_pair`.
    """
    key = require_str(key, "a query key")  # checked first: an empty list adds no pair
    if isinstance(value, (list, tuple)) or not (
            value is None or isinstance(value, (str, int, bytes, bytearray))
            or not isinstance(value, Sequence)):  # the ABC check last: it is the slow one
        return [wire_pair(key, v, form) for v in cast("Sequence[object]", value)]
    return [wire_pair(key, value, form)]


def _pairs(params: Params) -> Iterable[tuple[str, Values]]:
    """The (key, value) pairs of a mapping or of an iterable of 2-tuples; anything else
    is a ``TypeError`` (a 2-character string would otherwise unpack as a pair)."""
    if isinstance(params, Mapping):
        return cast("Mapping[str, Values]", params).items()
    if isinstance(params, (str, bytes)):  # type: ignore[unreachable]
        raise TypeError("give parameters as a mapping or (key, value) pairs, not a str")
    items = list(cast("Iterable[object]", params))
    if set(map(type, items)) <= {tuple} and set(map(len, cast("list[tuple[object, ...]]",
                                                            items))) <= {2}:
        return cast("list[tuple[str, Values]]", items)  # checked at once, in C
    return [_pair_of(item) for item in items]


def _pair_of(item: object) -> tuple[str, Values]:
    if not isinstance(item, tuple):
        raise TypeError(f"a parameter must be a (key, value) tuple, not {type(item).__name__}")
    pair = cast("tuple[object, ...]", item)
    if len(pair) != 2:
        raise TypeError(f"a parameter must be a (key, value) tuple, not one of {len(pair)}")
    return cast("tuple[str, Values]", pair)


def encode_query(params: Params, *, form: bool | Checked = False) -> str | None:
    """The wire query for parameters of plain text given as a mapping or as pairs
    (``None`` when there are none), encoded as :class:`QueryParams` writes them. A
    list or tuple value gives one pair of its key for each item (none when empty).

    >>> encode_query({"q": "a&b c", "page": 2}), encode_query({"q": "a b"}, form=True)
    ('q=a%26b%20c&page=2', 'q=a+b')
    >>> encode_query([("a", None), ("a", "1")]), encode_query({})
    ('a&a=1', None)
    >>> encode_query({"tag": ["x", "y"], "none": [], "n": 1})
    'tag=x&tag=y&n=1'

    .. versionadded:: 0.2

    .. versionchanged:: 0.4
       A list or tuple value gives repeated keys.
    """
    if form is not FLAG_FALSE and form is not FLAG_TRUE:
        require_bool(form, "form")
    pairs = _pairs(params)
    plain = _plain_query(pairs, form)
    if plain is not None:
        return plain
    pieces = [p for k, v in pairs for p in wire_pairs(k, v, form)]
    return "&".join(pieces) if pieces else None


def _plain_query(pairs: Iterable[tuple[str, Values]], form: bool) -> str | None:
    """:func:`encode_query` of pairs whose keys and values are all exactly ``str``,
    without NUL, at once: the keys joined by NUL and encoded in one call, the values
    likewise (a NUL is always ``%00``, so the encoded texts split back there), then
    joined in C (a Python step per pair made 250,000 pairs 26x the slowest valid
    1 MB parse); ``None`` for any other (no pairs, another type, a NUL, an encoding
    error: :func:`wire_pairs` reads those one by one and says what is wrong)."""
    items = list(pairs)
    if not items or set(map(type, items)) != {tuple} or set(map(len, items)) != {2}:
        return None
    keys = list(map(_KEY, items))
    values = list(map(_VALUE, items))
    if set(map(type, keys)) != {str} or set(map(type, values)) != {str}:
        return None
    joined_keys, joined_values = "\x00".join(keys), "\x00".join(values)
    if joined_keys.count("\x00") + joined_values.count("\x00") != 2 * (len(items) - 1):
        return None
    try:
        encoded_keys = encode(joined_keys, "query_key").split("%00")
        encoded_values = encode(joined_values, "query_value").split("%00")
    except URIError:
        return None
    query = "&".join(map("=".join, zip(encoded_keys, encoded_values, strict=True)))
    return query.replace("%20", "+") if form else query


_KEY: Final = itemgetter(0)
_VALUE: Final = itemgetter(1)


class ReadOnlyParams(Protocol):
    """A query's parameters as type checkers see them on a :class:`~urikit.FrozenURI`:
    the reading methods of :class:`QueryParams` (``params[key]``, :meth:`get`,
    :meth:`get_all`, ``in``, iteration), and no edit (``frozen.params["a"] = "1"`` is a
    type error, as it is an error at run time). This type exists only for annotations
    and adds nothing at run time.

    .. versionadded:: 0.2
    """

    @property
    def form(self) -> ReadOnlyParams: ...
    def items(self) -> list[tuple[str, str | None]]: ...
    def keys(self) -> list[str]: ...
    def values(self) -> list[str | None]: ...
    def get_all(self, key: str) -> list[str | None]: ...
    @overload
    def get(self, key: str) -> str | None: ...
    @overload
    def get(self, key: str, default: T) -> str | T: ...
    def get(self, key: str, default: object = None) -> object: ...
    def __getitem__(self, key: str) -> str | None: ...
    def __contains__(self, key: object) -> bool: ...
    def __iter__(self) -> Iterator[str]: ...
    def __len__(self) -> int: ...


class _ParamsReader:
    """The reading methods shared by the live view (:class:`QueryParams`) and the
    standalone value (:class:`Query`): one home for how a query reads as pairs."""

    __slots__ = ("_form",)

    def __init__(self, form: bool) -> None:
        self._form = form

    def _query(self) -> str | None:
        raise NotImplementedError  # pragma: no cover - both subclasses define it

    def _wire(self) -> list[str]:
        query = self._query()
        return query.split("&") if query else []

    def items(self) -> list[tuple[str, str | None]]:
        """Every pair, in order, decoded."""
        query = self._query()
        if not query:
            return []
        if "%" in query or (self._form and "+" in query):
            return [_pair(p, self._form) for p in query.split("&") if p]
        # nothing to decode: each pair is its partition (one call of _pair per pair
        # cost as much as the rest of repr() of a long query)
        return [(k, v if eq else None)
                for k, eq, v in (p.partition("=") for p in query.split("&") if p)]

    def keys(self) -> list[str]:
        """Every key, in order, repeats included."""
        query = self._query()
        if not query:
            return []
        # one partition per pair, then each decoding step only where the query needs it
        # (a call of _key per pair costs more than the rest of canonicalize)
        keys = [p.partition("=")[0] for p in query.split("&") if p]
        if self._form and "+" in query:
            keys = [k.replace("+", " ") for k in keys]
        return list(map(unquote, keys)) if "%" in query else keys

    def values(self) -> list[str | None]:
        """Every value, in order."""
        return [v for _, v in self.items()]

    def get_all(self, key: str | Checked) -> list[str | None]:
        """Every value of ``key``, in order (an empty list when it is absent)."""
        key = require_str(key, "a query key")
        return [v for k, v in self.items() if k == key]

    @overload
    def get(self, key: str) -> str | None: ...
    @overload
    def get(self, key: str, default: T) -> str | T: ...
    def get(self, key: str | Checked, default: object = None) -> object:
        """The first value of ``key``; ``default`` when the key is absent or written
        without a value (``?page``), so ``int(params.get("page", "1"))`` type-checks."""
        key = require_str(key, "a query key")
        # the keys decoded in C passes, found by list.index, and one value decoded (a
        # decoded pair at a time took 11x a parse of a long query without the key)
        keys = self.keys()
        if key not in keys:
            return default
        value = _pair([p for p in self._wire() if p][keys.index(key)], self._form)[1]
        return default if value is None else value

    def __getitem__(self, key: str | Checked) -> str | None:
        key = require_str(key, "a query key")
        for k, v in self.items():
            if k == key:
                return v
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return any(_key(p, self._form) == key for p in self._wire() if p)

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys())

    def __len__(self) -> int:
        return sum(1 for p in self._wire() if p)


class Query(_ParamsReader):
    """A query as a value of its own, with no URI: made from wire text, a mapping or
    pairs, read as :class:`QueryParams` reads (one base holds the reading methods),
    and given to a URI with ``uri.set(query=q)``.

    ``Query(text)`` takes wire text (validated, never encoded: "&", "=" and "%XX" are
    syntax); ``Query(mapping)`` and ``Query(pairs)`` take plain text, encoded as
    :func:`encode_query` encodes it (a list or tuple value gives repeated keys);
    ``Query()`` and ``Query({})`` have no query at all (``wire`` is ``None``:
    assigned, they remove a URI's query), while ``Query("")`` is the empty query
    (``?``). ``form=True`` reads and writes as an HTML form ("+" is a space).

    A ``Query`` is frozen and hashable; two are equal when their wire text is (the
    ``form`` flag is a way of reading, not part of the value). It is equal to a live
    view holding the same pairs. ``str(q)`` is its wire text (``""`` for none).

    >>> from urikit import URI
    >>> q = Query({"q": "a b", "tag": ["x", "y"]})
    >>> str(q), q["q"], q.get_all("tag"), len(q)
    ('q=a%20b&tag=x&tag=y', 'a b', ['x', 'y'], 3)
    >>> str(URI.parse("http://h/p?old").set(query=q))
    'http://h/p?q=a%20b&tag=x&tag=y'
    >>> Query("a=1&b") == Query([("a", "1"), ("b", None)])
    True

    Raises:
        ParseError: text that is not a valid query.
        TypeError: a source or a value of another type.
        BuildError: an empty key without a value.

    .. versionadded:: 0.4
    """

    __slots__ = ("_text",)
    _text: str | None

    def __init__(self, source: str | Params | Query | None = None, *,
                 form: bool | Checked = False) -> None:
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        self._form = form
        text: str | None
        if source is None:
            text = None
        elif isinstance(source, Query):
            text = source._text
        elif isinstance(source, str):
            text = check_wire(source, QUERY, "to give plain text, use a mapping or pairs")
        else:
            text = encode_query(source, form=form)
        self._text = text

    def _query(self) -> str | None:
        return self._text

    @property
    def wire(self) -> str | None:
        """The wire text, ``""`` for the empty query, ``None`` for none."""
        return self._text

    @property
    def form(self) -> Query:
        """The same query read as an HTML form: "+" is a space."""
        if self._form:
            return self
        new = Query(self)
        new._form = True
        return new

    def __str__(self) -> str:
        return self._text or ""

    def __repr__(self) -> str:
        # the secrets masked, as everywhere (urikit._whatwg.masking)
        return f"Query({masked_query(self._text)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Query):
            return self._text == other._text
        if isinstance(other, QueryParams):
            return self.items() == other.items()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)


def _require_callable(value: object, what: str) -> None:
    """The one type check of the new pair edits beyond keys and values (kept in one
    place so the builds' shared reporting can take it over)."""
    if not callable(value):
        raise TypeError(f"{what} must be callable, not {type(value).__name__}")


class QueryParams(_ParamsReader):
    """A live view of a URI's query as an ordered list of ``(key, value)`` pairs.

    The query is read as pairs separated by "&", each split at its first "=". Keys and
    values are plain text: reading decodes them once; writing encodes "&", "=" (in
    keys), "+", "#", "%" and everything the query does not allow. By default the view
    follows RFC 3986: "+" is a plus and a space is written ``%20``. The
    ``params.form`` view follows HTML forms (``application/x-www-form-urlencoded``):
    "+" reads as a space and a space is written "+". A pair written without "=" (``?flag``)
    has the value ``None``, and ``flag=`` has ``""``: undefined is not empty. An empty
    piece between two "&" is no pair at all. Pairs that an edit does not touch keep
    their wire text exactly, and an edit that changes nothing writes nothing.

    Keys may repeat. It follows ``dict`` where a ``dict`` method fits:
    ``params[key]`` is the first value (``KeyError`` when absent), ``get(key,
    default)`` the first value or ``default`` when the key is absent or has no value,
    ``params[key] = v`` and :meth:`set` give the key one value, ``del params[key]``
    removes every pair of the key (``KeyError`` when absent), :meth:`pop` removes and
    returns, :meth:`update` replaces keys as ``dict.update`` does. Beyond ``dict``:
    :meth:`add` and :meth:`extend` append pairs, :meth:`get_all` gives every value.
    A list or tuple value (in :meth:`add`, :meth:`set`, :meth:`update`,
    :meth:`extend`) gives one pair of the key for each item, as in requests, httpx and
    yarl; an empty one gives none, so ``set(key, [])`` removes the key. Removing and
    reordering pairs: :meth:`discard_pair` (one key and value), :meth:`discard_value`,
    :meth:`filter`, :meth:`sort`, :meth:`discard_empty`, :meth:`discard_duplicates`; each
    keeps the other pairs' wire text and order. When an edit leaves no pair, the query
    becomes undefined (``None``).

    >>> from urikit import URI
    >>> uri = URI.parse("http://h/?a=1&b=x+y&a=2&flag")
    >>> uri.params["b"], uri.params.form["b"], uri.params.get_all("a"), uri.params["flag"]
    ('x+y', 'x y', ['1', '2'], None)
    >>> uri.params["a"] = "3 & 4"
    >>> str(uri)
    'http://h/?a=3%20%26%204&b=x+y&flag'

    .. versionadded:: 0.2

    .. versionchanged:: 0.4
       List and tuple values; :meth:`discard_pair`, :meth:`discard_value`,
       :meth:`filter`, :meth:`sort`, ``drop_empty`` and ``drop_duplicates`` (now
       :meth:`discard_empty`, :meth:`discard_duplicates`).

    .. versionchanged:: 0.2
       "+" reads as a plus by default (RFC 3986); :attr:`form` gives the HTML-form
       reading. :meth:`update` replaces keys as ``dict.update`` does; :meth:`extend`
       appends.
    """

    __slots__ = ("_owner", "_write")

    def __init__(self, owner: Owner, write: Writer | None, form: bool = False) -> None:
        self._owner = owner
        self._write = write
        self._form = form

    def __reduce__(self) -> tuple[Callable[[Owner], object], tuple[Owner]]:
        # the view its URI hands out, asked of the URI (see PathSegments)
        return (attrgetter("params.form" if self._form else "params"), (self._owner,))

    @property
    def form(self) -> QueryParams:
        """The same query read and written as an HTML form: "+" is a space."""
        return QueryParams(self._owner, self._write, True)

    def _query(self) -> str | None:
        return self._owner._component(5)  # pyright: ignore[reportPrivateUsage]

    def _store(self, pieces: list[str]) -> None:
        if self._write is None:
            raise read_only()
        self._write("query", "&".join(pieces) if any(pieces) else None)

    def add(self, key: str | Checked, value: Values) -> None:
        """Append the pair ``key=value`` (``value`` ``None``: just ``key``); a list or
        tuple appends one pair for each item.

        .. versionchanged:: 0.4
           A list or tuple value.
        """
        piece = "&".join(wire_pairs(key, value, self._form))
        if not piece:  # an empty list: nothing to add
            return
        if self._write is None:
            raise read_only()
        if self._owner._component(5):  # pyright: ignore[reportPrivateUsage] (appended in place: n adds, linear)
            self._write("query", "&" + piece, append=True)
        else:
            self._write("query", piece)

    def extend(self, params: Params) -> None:
        """Append every pair of a mapping or of (key, value) pairs, in order.

        .. versionadded:: 0.2
        """
        pieces = [p for k, v in _pairs(params) for p in wire_pairs(k, v, self._form)]
        if pieces:
            self._store(self._wire() + pieces)

    def set(self, key: str | Checked, value: Values) -> None:
        """Give ``key`` the single value ``value``: the first pair with that key is
        replaced where it stands and the others are removed; a new key is appended.
        A list or tuple gives the key one pair for each item, together where the first
        pair stood; an empty one removes the key (as in yarl and requests).

        .. versionchanged:: 0.4
           A list or tuple value.
        """
        self._replace({key: wire_pairs(key, value, self._form)})

    def __setitem__(self, key: str | Checked, value: Values) -> None:
        """``params[key] = value``: :meth:`set` (a method of its own, not an alias of
        ``set``, which the compiled build cannot bind in a class body)."""
        self._replace({key: wire_pairs(key, value, self._form)})

    def update(self, params: Params) -> None:
        """Give each key of a mapping or of pairs its value, as ``dict.update`` does:
        an existing key is replaced where it first stands (its other pairs removed), a
        new key is appended. A key given twice keeps the last value; use
        :meth:`extend` to append repeated keys. A list or tuple value gives the key
        one pair for each item; an empty one removes it."""
        self._replace({k: wire_pairs(k, v, self._form) for k, v in _pairs(params)})

    def _replace(self, new: dict[str, list[str]]) -> None:
        pieces: list[str] = []
        done: set[str] = set()
        old = self._wire()
        for piece in old:
            key = _key(piece, self._form) if piece else None
            if key is None or key not in new:
                pieces.append(piece)
            elif key not in done:
                pieces.extend(new[key])
                done.add(key)
        for key, wire in new.items():
            if key not in done:
                pieces.extend(wire)
        if pieces != old:
            self._store(pieces)

    @overload
    def pop(self, key: str) -> str | None: ...
    @overload
    def pop(self, key: str, default: T) -> str | T | None: ...
    def pop(self, key: str | Checked, default: object = _MISSING) -> object:
        """Remove every pair of ``key`` and return its first value, as ``dict.pop``:
        ``default`` when the key is absent, ``KeyError`` when there is no default."""
        pieces = self._wire()
        kept = [p for p in pieces if not p or _key(p, self._form) != key]
        if len(kept) == len(pieces):
            if default is _MISSING:
                raise KeyError(key)
            return default
        first = next(p for p in pieces if p and _key(p, self._form) == key)
        self._store(kept)
        return _pair(first, self._form)[1]

    def __delitem__(self, key: str | Checked) -> None:
        self.pop(key)

    def discard(self, *keys: str | Checked) -> None:
        """Remove every pair whose key is one of ``keys``, if there is any (as
        ``set.discard``), in one pass over the query.

        .. versionadded:: 0.3
        """
        names = frozenset(require_str(key, "a query key") for key in keys)
        pieces = self._wire()
        if "" in pieces:  # an empty piece ("a&&b") has no key: kept, one by one
            kept = [p for p in pieces if not p or _key(p, self._form) not in names]
        else:  # a C loop over the keys, each piece kept where its key is not named
            kept = list(compress(pieces, map(names.isdisjoint, zip(self.keys()))))
        if len(kept) != len(pieces):
            self._store(kept)

    def _keep(self, kept: list[str], pieces: list[str]) -> None:
        if len(kept) != len(pieces):
            self._store(kept)

    def discard_pair(self, key: str | Checked, value: Value) -> None:
        """Remove every pair of ``key`` with the value ``value`` (``None``: the key
        written without "="), if there is any; the other pairs of the key stay where
        they are (the two-argument ``URLSearchParams.delete``).

        >>> from urikit import URI
        >>> uri = URI.parse("http://h/?a=1&b=2&a=3")
        >>> uri.params.discard_pair("a", "1")
        >>> str(uri)
        'http://h/?b=2&a=3'

        .. versionadded:: 0.4
        """
        pair = (require_str(key, "a query key"), value_text(value))
        form = self._form
        pieces = self._wire()
        self._keep([p for p in pieces if not p or _pair(p, form) != pair], pieces)

    def discard_value(self, *values: Value) -> None:
        """Remove every pair whose value is one of ``values`` (``None``: a key written
        without "="), if there is any, whatever its key.

        .. versionadded:: 0.4
        """
        texts = {value_text(v) for v in values}
        form = self._form
        pieces = self._wire()
        self._keep([p for p in pieces if not p or _pair(p, form)[1] not in texts], pieces)

    def filter(self, predicate: Callable[[str, str | None], bool]) -> None:
        """Keep only the pairs for which ``predicate(key, value)`` is true (decoded
        text, as :meth:`items` gives them), in their order; an empty piece between two
        "&" is no pair and stays (:meth:`discard_empty` removes it).

        >>> from urikit import URI
        >>> uri = URI.parse("http://h/?utm_source=x&id=7&utm_medium=y")
        >>> uri.params.filter(lambda key, value: not key.startswith("utm_"))
        >>> str(uri)
        'http://h/?id=7'

        .. versionadded:: 0.4
        """
        _require_callable(predicate, "a predicate")
        form = self._form
        pieces = self._wire()
        self._keep([p for p in pieces if not p or predicate(*_pair(p, form))], pieces)

    def sort(self) -> None:
        """Order the pairs by key (decoded, by code point), stably: the pairs of one
        key keep their order, and each pair its wire text (``URLSearchParams.sort``,
        which orders by UTF-16 code units, differs only for keys outside the BMP
        beside U+E000-U+FFFF). An empty piece between two "&" keeps its place.

        >>> from urikit import URI
        >>> uri = URI.parse("http://h/?b=2&a=x%20y&b=1")
        >>> uri.params.sort()
        >>> str(uri)
        'http://h/?a=x%20y&b=2&b=1'

        .. versionadded:: 0.4
        """
        pieces = self._wire()
        full = [p for p in pieces if p]
        form = self._form
        ordered = sorted(full, key=lambda p: _key(p, form))
        if ordered != full:
            rest = iter(ordered)
            self._store([next(rest) if p else p for p in pieces])

    def discard_empty(self) -> None:
        """Remove the empty pieces between "&" (``a&&b``) and the pairs with neither
        key nor value (``=``), which carry no data; ``a=`` and ``=v`` stay.

        .. versionadded:: 0.7
           The name ``drop_empty``, deprecated: one removal verb, as
           :meth:`URI.discard_empty_params <urikit.URI.discard_empty_params>`.
        """
        pieces = self._wire()
        self._keep([p for p in pieces if p and p != "="], pieces)

    def drop_empty(self) -> None:
        """Deprecated name of :meth:`discard_empty`.

        .. versionadded:: 0.4

        .. deprecated:: 0.7
           Use :meth:`discard_empty`.
        """
        warn_deprecated("drop_empty()", "discard_empty()", "0.7")
        self.discard_empty()

    def drop_duplicates(self) -> None:
        """Deprecated name of :meth:`discard_duplicates`.

        .. versionadded:: 0.4

        .. deprecated:: 0.7
           Use :meth:`discard_duplicates`.
        """
        warn_deprecated("drop_duplicates()", "discard_duplicates()", "0.7")
        self.discard_duplicates()

    def discard_duplicates(self) -> None:
        """Remove every pair equal (key and value, decoded) to one before it: the
        first of each stays where it stands, with its wire text.

        .. versionadded:: 0.7
           The name ``drop_duplicates``, deprecated: one removal verb, as
           :meth:`URI.discard_duplicate_params <urikit.URI.discard_duplicate_params>`.
        """
        seen: set[tuple[str, str | None]] = set()
        kept: list[str] = []
        form = self._form
        pieces = self._wire()
        for p in pieces:
            if p:
                pair = _pair(p, form)
                if pair in seen:
                    continue
                seen.add(pair)
            kept.append(p)
        self._keep(kept, pieces)

    def clear(self) -> None:
        """Remove every pair: the query becomes undefined."""
        if self._write is None:
            raise read_only()
        self._write("query", None)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _ParamsReader):
            return self.items() == other.items()
        if isinstance(other, list):
            return self.items() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"QueryParams({masked_pairs(self.items())!r})"
