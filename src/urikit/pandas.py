"""urikit's batch operations as a pandas Series accessor: ``df["url"].uri``.

Importing this module registers the accessor ``uri`` on every :class:`pandas.Series`,
with the methods of the Polars namespace (:mod:`urikit.polars`) and of DuckDB's
functions (:mod:`urikit.duckdb`), under the same names::

    import pandas as pd
    import urikit.pandas  # registers Series.uri

    links = pd.read_parquet("links.parquet")
    links["canonical"] = links["url"].uri.try_canonicalize()
    links = links.join(links["url"].uri.error())  # kind, position, message

Each method returns a Series with the index of the Series it was called on (named
after it), or a DataFrame of a column a field for ``components()`` and ``error()``:

=================================  ============================  =========================
method                             result                        what
=================================  ============================  =========================
``is_valid()``                     ``boolean`` Series            is it a URI-reference
``error(operation, base)``         DataFrame: ``kind``,          why ``operation`` fails
                                   ``position`` (``Int64``),     on it (``<NA>`` where it
                                   ``message``                   does not)
``normalize()``                    ``string`` Series             :func:`urikit.normalize`
``canonicalize(options)``          ``string`` Series             :func:`urikit.canonicalize`
``resolve(base)``                  ``string`` Series             resolved against ``base``
``relative(base)``                 ``string`` Series             relative to ``base``
``host()``                         ``string`` Series             the host as written
``components()``                   DataFrame, seven ``string``   the seven components
                                   columns
=================================  ============================  =========================

``base`` is a URL, or a Series of one base a row, aligned on the index as pandas
aligns two Series. The nullable dtypes keep a missing value apart from an empty
one: ``<NA>`` for a missing row (``None``, ``NaN`` or ``<NA>`` in) and for an
undefined component, ``""`` for an empty one.

**Missing and invalid values, the switch.** As in Polars and DuckDB: a missing value
gives ``<NA>``; each method that fails on invalid text (``normalize``,
``canonicalize``, ``resolve``, ``relative``, ``host``, ``components``) raises
:class:`urikit.URIError` naming the value (its password masked) and the reason, and
its ``try_`` twin gives ``<NA>`` instead, with ``error()`` beside it saying why.
Every error masks passwords; the results are data (a password stays in a normalized
URL). Keywords of every method: ``allow_zone_id`` and ``lenient``, as in
:mod:`urikit.polars`.

Each method reads the column's values at once, calls the one batch engine a
non-missing value in one Python loop, and builds its result from a list at once.
For a Dask DataFrame, :mod:`urikit.distributed` takes its columns (and a pandas
Series too).

Needs pandas (the ``pandas`` extra: ``pip install 'urikit[pandas]'``); ``import
urikit`` does not import it.

.. versionadded:: 0.5
"""

from __future__ import annotations

import importlib
from typing import Any, Final, cast

from ._batch import columns
from ._batch.operations import COMPONENTS, Operation
from ._web.canonical import DEFAULT_OPTIONS, CanonicalOptions

__all__ = ["URIAccessor"]

# pandas ships no type information (and pandas-stubs is not a dependency): its objects
# are used through Any, and the accessor's methods say what they return in words.
pd: Any = importlib.import_module("pandas")

#: The operations whose errors the ``error`` method gives, by their methods' names.
OperationName = columns.Method
_COMMANDS: Final = columns.METHODS


def _values(series: Any) -> list[str | None]:
    """A Series' values as ``str``, ``None`` for a missing one (``None``, ``NaN``,
    ``<NA>``), read at once (the types checked in C: one set of them); any other type
    is refused."""
    values: list[Any] = series.tolist()
    if series.hasnans:
        values = [None if missing else value
                  for value, missing in zip(values, series.isna().tolist(), strict=True)]
    types = set(map(type, values))
    types.discard(str)
    types.discard(type(None))
    if types:
        name = min(t.__name__ for t in types)
        raise TypeError(f"the uri accessor takes a column of str, not {name}")
    return values


@pd.api.extensions.register_series_accessor("uri")
class URIAccessor:
    """The ``uri`` accessor of a pandas Series of URLs: see :mod:`urikit.pandas`.

    >>> import pandas as pd
    >>> import urikit.pandas
    >>> s = pd.Series(["HTTP://Example.COM/a/./b", "http://a b/", None])
    >>> s.uri.try_normalize().tolist()
    ['http://example.com/a/b', <NA>, <NA>]

    .. versionadded:: 0.5
    """

    def __init__(self, series: Any) -> None:
        self._series: Any = series

    def _bases(self, base: object) -> columns.Bases:
        if base is None or isinstance(base, str):
            return base
        if isinstance(base, pd.Series):
            column: Any = base
            return _values(column.reindex(self._series.index))
        raise TypeError(f"base must be str or a pandas Series, not {type(base).__name__}")

    def _op(self, name: str, base: object, options: CanonicalOptions, allow_zone_id: bool,
            lenient: bool) -> Operation:
        given = cast("object", options)  # checked: callers without a type checker pass anything
        if not isinstance(given, CanonicalOptions):
            raise TypeError(f"options must be CanonicalOptions, not {type(given).__name__}")
        command = _COMMANDS[name]
        if command.pairs and base is None:
            raise TypeError(f"{name} needs a base")
        return columns.operation(command, options, allow_zone_id, lenient)

    def _column(self, method: str, dtype: str, *, base: object = None,
                options: CanonicalOptions = DEFAULT_OPTIONS, allow_zone_id: bool = False,
                lenient: bool = False) -> Any:
        name = method.removeprefix("try_")
        op = self._op(name, base, options, allow_zone_id, lenient)
        results = columns.results(op, _values(self._series), self._bases(base),
                                  strict=name == method, name=f"uri.{method}")
        series = self._series
        if name == "components":
            return pd.DataFrame([dict.fromkeys(COMPONENTS) if r is None else r
                                 for r in results], index=series.index,
                                columns=list(COMPONENTS), dtype="string")
        return pd.Series(results, index=series.index, name=series.name, dtype=dtype)

    def is_valid(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """Whether each value is a URI-reference (RFC 3986): a ``boolean`` Series,
        ``<NA>`` for a missing value.

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://a/", "a b", None]).uri.is_valid().tolist()
        [True, False, <NA>]
        """
        return self._column("is_valid", "boolean", allow_zone_id=allow_zone_id,
                            lenient=lenient)

    def error(self, operation: OperationName = "is_valid", base: object = None, *,
              options: CanonicalOptions = DEFAULT_OPTIONS, allow_zone_id: bool = False,
              lenient: bool = False) -> Any:
        """Why ``operation`` fails on each value (against ``base`` for ``resolve`` and
        ``relative``): a DataFrame with the Series' index and the columns ``kind``,
        ``position`` (``Int64``) and ``message``, ``<NA>`` where it succeeds or a
        value (or its base) is missing. Never raises for a value.

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> print(pd.Series(["http://joe:S3CRET@a b/", "http://a/"]).uri.error().to_string())
                   kind  position                        message
        0  invalid-host        19  invalid character ' ' in host
        1          <NA>      <NA>                           <NA>
        """
        if operation not in _COMMANDS:
            raise TypeError(f"operation must be one of {', '.join(_COMMANDS)}, "
                            f"not {operation!r}")
        op = self._op(operation, base, options, allow_zone_id, lenient)
        found = columns.errors(op, _values(self._series), self._bases(base))
        index = self._series.index
        frame = pd.DataFrame({
            "kind": pd.Series([None if e is None else e.kind for e in found],
                              index=index, dtype="string"),
            "position": pd.Series([None if e is None else e.position for e in found],
                                  index=index, dtype="Int64"),
            "message": pd.Series([None if e is None else e.message for e in found],
                                 index=index, dtype="string")})
        assert tuple(frame.columns) == columns.ERROR_FIELDS
        return frame

    def normalize(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """Each value normalized (RFC 3986 §6, as :func:`urikit.normalize`); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_normalize` gives
        ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["HTTP://A/%7e/./b"]).uri.normalize().tolist()
        ['http://a/~/b']
        """
        return self._column("normalize", "string", allow_zone_id=allow_zone_id,
                            lenient=lenient)

    def try_normalize(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """:meth:`normalize`, ``<NA>`` for an invalid value."""
        return self._column("try_normalize", "string",
                            allow_zone_id=allow_zone_id, lenient=lenient)

    def canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                     allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """Each value's canonical form for deduplication (:func:`urikit.canonicalize`
        with ``options``); raises :class:`urikit.URIError` for an invalid value
        (:meth:`try_canonicalize` gives ``<NA>``)."""
        return self._column("canonicalize", "string", options=options,
                            allow_zone_id=allow_zone_id, lenient=lenient)

    def try_canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                         allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """:meth:`canonicalize`, ``<NA>`` for an invalid value."""
        return self._column("try_canonicalize", "string", options=options,
                            allow_zone_id=allow_zone_id, lenient=lenient)

    def resolve(self, base: object, *, allow_zone_id: bool = False,
                lenient: bool = False) -> Any:
        """Each value (a reference) resolved against ``base`` (RFC 3986 §5.2, as
        :func:`urikit.resolve`): a URL, or a Series of one base a row (aligned on the
        index); raises :class:`urikit.URIError` for an invalid value or base
        (:meth:`try_resolve` gives ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> df = pd.DataFrame({"page": ["http://a/b/c", "http://x/"], "href": ["../d", "e?f"]})
        >>> df["href"].uri.resolve(df["page"]).tolist()
        ['http://a/d', 'http://x/e?f']
        """
        return self._column("resolve", "string", base=base, allow_zone_id=allow_zone_id,
                            lenient=lenient)

    def try_resolve(self, base: object, *, allow_zone_id: bool = False,
                    lenient: bool = False) -> Any:
        """:meth:`resolve`, ``<NA>`` for an invalid value or base."""
        return self._column("try_resolve", "string", base=base,
                            allow_zone_id=allow_zone_id, lenient=lenient)

    def relative(self, base: object, *, allow_zone_id: bool = False,
                 lenient: bool = False) -> Any:
        """The shortest reference from ``base`` to each value (as
        :meth:`urikit.URI.relative_to`): a URL, or a Series of one base a row (aligned
        on the index); raises :class:`urikit.URIError` for an invalid value or base
        (:meth:`try_relative` gives ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://a/b/c/d"]).uri.relative("http://a/b/x").tolist()
        ['c/d']
        """
        return self._column("relative", "string", base=base, allow_zone_id=allow_zone_id,
                            lenient=lenient)

    def try_relative(self, base: object, *, allow_zone_id: bool = False,
                     lenient: bool = False) -> Any:
        """:meth:`relative`, ``<NA>`` for an invalid value or base."""
        return self._column("try_relative", "string", base=base,
                            allow_zone_id=allow_zone_id, lenient=lenient)

    def host(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """Each value's host as written (``<NA>`` without an authority); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_host` gives
        ``<NA>``)."""
        return self._column("host", "string", allow_zone_id=allow_zone_id, lenient=lenient)

    def try_host(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """:meth:`host`, ``<NA>`` for an invalid value."""
        return self._column("try_host", "string", allow_zone_id=allow_zone_id,
                            lenient=lenient)

    def components(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """Each value's seven components, a DataFrame with the Series' index and a
        ``string`` column a component in wire form: ``<NA>`` for an undefined
        component, ``""`` for an empty one; raises :class:`urikit.URIError` for an
        invalid value (:meth:`try_components` gives a row of ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://h:/p?"]).uri.components().iloc[0].tolist()
        ['http', <NA>, 'h', '', '/p', '', <NA>]
        """
        return self._column("components", "string", allow_zone_id=allow_zone_id,
                            lenient=lenient)

    def try_components(self, *, allow_zone_id: bool = False, lenient: bool = False) -> Any:
        """:meth:`components`, a row of ``<NA>`` for an invalid value."""
        return self._column("try_components", "string",
                            allow_zone_id=allow_zone_id, lenient=lenient)
