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

Since 0.6, the operations data engineers ask for most, each with its ``try_`` twin:
``decoded(charset=)`` (the seven components as plain text, decoded once),
``segments()`` and ``host_labels()`` (lists), ``query_param(key)``,
``query_values(key)`` and ``query_pairs()`` (a query's octets decoded in
``charset=``, UTF-8 by default: undecodable octets are an error, never a replacement
character), ``registrable_domain()``, ``public_suffix()`` and ``subdomain()``
(the Public Suffix List, the ``psl`` extra) and ``in_domain(domain)``; and every
one takes ``default_scheme=`` (read ``www.site.com/path`` as
``https://www.site.com/path`` with ``"https"``, leniently). The typed entry point is
``URIAccessor(series)`` (``series.uri`` is ``Any`` to a checker: pandas ships no
types; with ``pandas-stubs`` and mypy's plugin ``urikit.mypy``, since 0.7, it is a
``URIAccessor``): a type checker sees each method there.

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
from ._batch.operations import Operation
from ._web.canonical import DEFAULT_OPTIONS, CanonicalOptions

__all__ = ["URIAccessor", "build"]

# pandas ships no type information (and pandas-stubs is not a dependency): its objects
# are used through Any, and the accessor's methods say what they return in words.
pd: Any = importlib.import_module("pandas")

#: The operations whose errors the ``error`` method gives, by their methods' names.
OperationName = columns.Method
_COMMANDS: Final = columns.METHODS
#: The dtype of a Series of results, by the operation's shape (a list is an object).
#: The dtype of each column of :meth:`URIAccessor.error` (the error struct's fields).
_ERROR_DTYPES: Final = {field: "Int64" if kind is int else "string"
                        for field, kind in columns.ERROR_STRUCT.items()}
_DTYPES: Final = {"text": "string", "flag": "boolean", "texts": "object", "pairs": "object"}


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
            lenient: bool, argument: str = "", charset: str = "utf-8",
            default_scheme: str = "") -> Operation:
        given = cast("object", options)  # checked: callers without a type checker pass anything
        if not isinstance(given, CanonicalOptions):
            raise TypeError(f"options must be CanonicalOptions, not {type(given).__name__}")
        command = _COMMANDS[name]
        if command.pairs and base is None:
            raise TypeError(f"{name} needs a base")
        return columns.operation(command, options, allow_zone_id, lenient, argument, charset,
                                 default_scheme)

    def _column(self, method: str, dtype: str = "", *, base: object = None,
                options: CanonicalOptions = DEFAULT_OPTIONS, allow_zone_id: bool = False,
                lenient: bool = False, default_scheme: str = "", argument: str = "",
                charset: str = "utf-8") -> Any:
        name = method.removeprefix("try_")
        op = self._op(name, base, options, allow_zone_id, lenient, argument, charset,
                      default_scheme)
        results = columns.results(op, _values(self._series), self._bases(base),
                                  strict=name == method, name=f"uri.{method}")
        series = self._series
        shape = op.command.shape
        if shape == "struct":
            fields = op.command.columns
            return pd.DataFrame([dict.fromkeys(fields) if r is None else r
                                 for r in results], index=series.index,
                                columns=list(fields), dtype="string")
        return pd.Series(results, index=series.index, name=series.name,
                         dtype=dtype or _DTYPES[shape])

    def _call(self, method: str, strict: bool, *, base: object = None, argument: str = "",
              options: CanonicalOptions = DEFAULT_OPTIONS, charset: str = "utf-8",
              allow_zone_id: bool = False, lenient: bool = False,
              default_scheme: str = "") -> Any:
        """The one dispatcher of the generated methods: the column of ``method``
        (``strict``: it raises; else its ``try_`` twin)."""
        return self._column(method if strict else f"try_{method}", base=base,
                            options=options, allow_zone_id=allow_zone_id, lenient=lenient,
                            default_scheme=default_scheme, argument=argument,
                            charset=charset)

    def error(self, operation: OperationName = "is_valid", base: object = None, *,
              options: CanonicalOptions = DEFAULT_OPTIONS, allow_zone_id: bool = False,
              lenient: bool = False, default_scheme: str = "", argument: str = "",
              charset: str = "utf-8") -> Any:
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
        op = self._op(operation, base, options, allow_zone_id, lenient, argument, charset,
                      default_scheme)
        found = columns.errors(op, _values(self._series), self._bases(base))
        index = self._series.index
        return pd.DataFrame({
            field: pd.Series([None if e is None else getattr(e, field) for e in found],
                             index=index, dtype=dtype)
            for field, dtype in _ERROR_DTYPES.items()})

    # --- generated by tools/frontends.py from the Command table (edit a docstring only) ---
    def normalize(self, *, allow_zone_id: bool = False, lenient: bool = False,
                  default_scheme: str = "") -> Any:
        """Each value normalized (RFC 3986 §6, as :func:`urikit.normalize`); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_normalize` gives
        ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["HTTP://A/%7e/./b"]).uri.normalize().tolist()
        ['http://a/~/b']
        """
        return self._call("normalize", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_normalize(self, *, allow_zone_id: bool = False, lenient: bool = False,
                      default_scheme: str = "") -> Any:
        """:meth:`normalize`, ``<NA>`` for an invalid value."""
        return self._call("normalize", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def is_valid(self, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> Any:
        """Whether each value is a URI-reference (RFC 3986): a ``boolean`` Series,
        ``<NA>`` for a missing value.

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://a/", "a b", None]).uri.is_valid().tolist()
        [True, False, <NA>]
        """
        return self._call("is_valid", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def resolve(self, base: object, *, allow_zone_id: bool = False, lenient: bool = False,
                default_scheme: str = "") -> Any:
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
        return self._call("resolve", True, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_resolve(self, base: object, *, allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> Any:
        """:meth:`resolve`, ``<NA>`` for an invalid value or base."""
        return self._call("resolve", False, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def relative(self, base: object, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> Any:
        """The shortest reference from ``base`` to each value (as
        :meth:`urikit.URI.relative_to`): a URL, or a Series of one base a row (aligned
        on the index); raises :class:`urikit.URIError` for an invalid value or base
        (:meth:`try_relative` gives ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://a/b/c/d"]).uri.relative("http://a/b/x").tolist()
        ['c/d']
        """
        return self._call("relative", True, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_relative(self, base: object, *, allow_zone_id: bool = False,
                     lenient: bool = False, default_scheme: str = "") -> Any:
        """:meth:`relative`, ``<NA>`` for an invalid value or base."""
        return self._call("relative", False, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                     allow_zone_id: bool = False, lenient: bool = False,
                     default_scheme: str = "") -> Any:
        """Each value's canonical form for deduplication (:func:`urikit.canonicalize`
        with ``options``); raises :class:`urikit.URIError` for an invalid value
        (:meth:`try_canonicalize` gives ``<NA>``).
        """
        return self._call("canonicalize", True, options=options,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                         allow_zone_id: bool = False, lenient: bool = False,
                         default_scheme: str = "") -> Any:
        """:meth:`canonicalize`, ``<NA>`` for an invalid value."""
        return self._call("canonicalize", False, options=options,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def host(self, *, allow_zone_id: bool = False, lenient: bool = False,
             default_scheme: str = "") -> Any:
        """Each value's host as written (``<NA>`` without an authority); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_host` gives
        ``<NA>``).
        """
        return self._call("host", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_host(self, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> Any:
        """:meth:`host`, ``<NA>`` for an invalid value."""
        return self._call("host", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def components(self, *, allow_zone_id: bool = False, lenient: bool = False,
                   default_scheme: str = "") -> Any:
        """Each value's seven components, a DataFrame with the Series' index and a
        ``string`` column a component in wire form: ``<NA>`` for an undefined
        component, ``""`` for an empty one; raises :class:`urikit.URIError` for an
        invalid value (:meth:`try_components` gives a row of ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://h:/p?"]).uri.components().iloc[0].tolist()
        ['http', <NA>, 'h', '', '/p', '', <NA>]
        """
        return self._call("components", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_components(self, *, allow_zone_id: bool = False, lenient: bool = False,
                       default_scheme: str = "") -> Any:
        """:meth:`components`, a row of ``<NA>`` for an invalid value."""
        return self._call("components", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def decoded(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                lenient: bool = False, default_scheme: str = "") -> Any:
        """Each value's seven components as plain text, each decoded once (as
        ``uri.text`` reads them), a DataFrame of ``string`` columns; the query's octets
        as ``charset`` decodes them. Raises :class:`urikit.URIError` for an invalid
        value or undecodable octets (:meth:`try_decoded`: a row of ``<NA>``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://h/a%20b?q=%E9"]).uri.decoded(charset="latin-1")["query"][0]
        'q=é'

        .. versionadded:: 0.6
        """
        return self._call("decoded", True, charset=charset, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_decoded(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> Any:
        """:meth:`decoded`, a row of ``<NA>`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("decoded", False, charset=charset, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def segments(self, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> Any:
        """Each value's path segments, decoded once, a Series of lists (an absolute
        path starts with ``""``); raises :class:`urikit.URIError` for an invalid value
        (:meth:`try_segments`: ``None``).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://h/a%2Fb/c%20d"]).uri.segments()[0]
        ['', 'a/b', 'c d']

        .. versionadded:: 0.6
        """
        return self._call("segments", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_segments(self, *, allow_zone_id: bool = False, lenient: bool = False,
                     default_scheme: str = "") -> Any:
        """:meth:`segments`, ``None`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("segments", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def host_labels(self, *, allow_zone_id: bool = False, lenient: bool = False,
                    default_scheme: str = "") -> Any:
        """Each value's host labels, decoded, a Series of lists (``None`` for no host
        or an IP address); raises :class:`urikit.URIError` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("host_labels", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_host_labels(self, *, allow_zone_id: bool = False, lenient: bool = False,
                        default_scheme: str = "") -> Any:
        """:meth:`host_labels`, ``None`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("host_labels", False, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def query_param(self, key: str, *, charset: str = "utf-8", allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> Any:
        """The first value of the query parameter ``key``, decoded once, a ``string``
        Series (``<NA>`` when absent or without "="); raises :class:`urikit.URIError`
        for an invalid value or undecodable octets (:meth:`try_query_param`).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://h/?utm_source=news%20letter"]).uri.query_param(
        ...     "utm_source").tolist()
        ['news letter']

        .. versionadded:: 0.6
        """
        return self._call("query_param", True, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_query_param(self, key: str, *, charset: str = "utf-8",
                        allow_zone_id: bool = False, lenient: bool = False,
                        default_scheme: str = "") -> Any:
        """:meth:`query_param`, ``<NA>`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("query_param", False, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def query_values(self, key: str, *, charset: str = "utf-8", allow_zone_id: bool = False,
                     lenient: bool = False, default_scheme: str = "") -> Any:
        """Every value of the query parameter ``key``, in order, a Series of lists;
        raises :class:`urikit.URIError` for an invalid value (:meth:`try_query_values`).

        .. versionadded:: 0.6
        """
        return self._call("query_values", True, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_query_values(self, key: str, *, charset: str = "utf-8",
                         allow_zone_id: bool = False, lenient: bool = False,
                         default_scheme: str = "") -> Any:
        """:meth:`query_values`, ``None`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("query_values", False, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def query_pairs(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> Any:
        """Each value's query as a list of ``{"key": ..., "value": ...}`` dicts,
        decoded once, in order (``None`` without a query); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_query_pairs`).

        .. versionadded:: 0.6
        """
        return self._call("query_pairs", True, charset=charset, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_query_pairs(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                        lenient: bool = False, default_scheme: str = "") -> Any:
        """:meth:`query_pairs`, ``None`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("query_pairs", False, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def registrable_domain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                           default_scheme: str = "") -> Any:
        """Each host's registrable domain (:func:`urikit.registrable_domain`, the ``psl``
        extra), ``<NA>`` when it has none; raises :class:`urikit.URIError` for an
        invalid value (:meth:`try_registrable_domain`).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["https://www.Example.co.uk/"]).uri.registrable_domain().tolist()
        ['example.co.uk']

        .. versionadded:: 0.6
        """
        return self._call("registrable_domain", True, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_registrable_domain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                               default_scheme: str = "") -> Any:
        """:meth:`registrable_domain`, ``<NA>`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("registrable_domain", False, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def public_suffix(self, *, allow_zone_id: bool = False, lenient: bool = False,
                      default_scheme: str = "") -> Any:
        """Each host's public suffix (:func:`urikit.public_suffix`), ``<NA>`` when it
        has none; raises :class:`urikit.URIError` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("public_suffix", True, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_public_suffix(self, *, allow_zone_id: bool = False, lenient: bool = False,
                          default_scheme: str = "") -> Any:
        """:meth:`public_suffix`, ``<NA>`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("public_suffix", False, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def subdomain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                  default_scheme: str = "") -> Any:
        """The labels of each host before its registrable domain (``""`` for the
        registrable domain itself), ``<NA>`` when it has none; raises
        :class:`urikit.URIError` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("subdomain", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_subdomain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                      default_scheme: str = "") -> Any:
        """:meth:`subdomain`, ``<NA>`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("subdomain", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def in_domain(self, domain: str, *, allow_zone_id: bool = False, lenient: bool = False,
                  default_scheme: str = "") -> Any:
        """Whether each host is ``domain`` or a subdomain of it, label by label (as
        :meth:`urikit.URI.in_domain`), a ``boolean`` Series; raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_in_domain`).

        >>> import pandas as pd
        >>> import urikit.pandas
        >>> pd.Series(["http://a.Example.com/", "http://example.org/"]).uri.in_domain(
        ...     "example.com").tolist()
        [True, False]

        .. versionadded:: 0.6
        """
        return self._call("in_domain", True, argument=domain, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_in_domain(self, domain: str, *, allow_zone_id: bool = False,
                      lenient: bool = False, default_scheme: str = "") -> Any:
        """:meth:`in_domain`, ``<NA>`` for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("in_domain", False, argument=domain, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)
    # --- end of generated part ---


def build(scheme: object = None, host: object = None, port: object = None,
          segments: object = None, query: object = None, fragment: object = None, *,
          strict: bool = True) -> Any:
    """A URL a row from plain parts, each encoded for its place once, as
    :func:`urikit.polars.build` builds it: each part one value for every row, or a
    Series (aligned on the first Series' index; ``segments`` a Series of lists,
    ``query`` of lists of ``{"key": ..., "value": ...}`` dicts or of dicts). A
    ``string`` Series; ``<NA>`` for a row of missing parts, and, with
    ``strict=False``, for a row that builds no URL (``strict``: a
    :class:`urikit.URIError`).

    >>> import pandas as pd
    >>> from urikit.pandas import build
    >>> build("https", pd.Series(["a.example", "bücher.example"]),
    ...       segments=pd.Series([["x y"], []])).tolist()
    ['https://a.example/x%20y', 'https://xn--bcher-kva.example/']

    .. versionadded:: 0.6
    """
    given: list[Any] = [scheme, host, port, segments, query, fragment]
    index: Any = next((part.index for part in given if isinstance(part, pd.Series)), None)
    if index is None:
        raise TypeError("build needs at least one part as a Series")
    parts: list[list[object]] = []
    for part in given:
        if isinstance(part, pd.Series):
            column: Any = part.reindex(index)
            values: list[object] = column.astype(object).where(column.notna(), None).tolist()
            parts.append(values)
        else:
            parts.append([part] * len(index))
    ports = parts[2]
    parts[2] = [None if p is None else int(cast("int", p)) for p in ports]
    # a list column read from Parquet holds numpy arrays: lists to the engine
    for k in (3, 4):
        if any(isinstance(v, str) for v in parts[k]):  # list() would split it in letters
            raise TypeError(f"build: {('segments', 'query')[k - 3]} must be lists, "
                            "not str")
        parts[k] = [v if v is None or isinstance(v, (list, dict)) else list(cast("Any", v))
                    for v in parts[k]]
    return pd.Series(columns.built(parts, strict=strict, name="build"), index=index,
                     dtype="string")
