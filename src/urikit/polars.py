"""urikit's batch operations as a Polars expression namespace: ``pl.col("url").uri``.

Importing this module registers the namespace ``uri`` on every Polars expression, so
a column of URLs is validated, normalized, resolved or taken apart where it lies, in
an eager or a lazy frame, streaming included::

    import polars as pl
    import urikit.polars  # registers pl.col(...).uri

    (pl.scan_parquet("links.parquet")
       .with_columns(pl.col("url").uri.try_canonicalize().alias("canonical"),
                     pl.col("url").uri.error().alias("error"))
       .sink_parquet("clean.parquet"))

The methods, each returning an expression (``base`` a URL or an expression of base
URLs, such as ``pl.col("page")``):

=================================  ==========================  ==========================
method                             dtype                       what
=================================  ==========================  ==========================
``is_valid()``                     ``Boolean``                 is it a URI-reference
``error(operation, base)``         ``Struct`` (kind,           why ``operation`` fails on
                                   position, message)          it (null when it does not)
``normalize()``                    ``String``                  :func:`urikit.normalize`
``canonicalize(options)``          ``String``                  :func:`urikit.canonicalize`
``resolve(base)``                  ``String``                  the value resolved against
                                                               ``base``
``relative(base)``                 ``String``                  the shortest reference from
                                                               ``base`` to the value
``host()``                         ``String``                  the host as written
``components()``                   ``Struct`` (7 ``String``)   the seven components
=================================  ==========================  ==========================

Since 0.6, the operations data engineers ask for most, each with its ``try_`` twin:
``decoded(charset=)`` (the seven components as plain text, decoded once),
``segments()`` and ``host_labels()`` (lists), ``query_param(key)``,
``query_values(key)`` and ``query_pairs()`` (a query's octets decoded in
``charset=``, UTF-8 by default: undecodable octets are an error, never a replacement
character), ``registrable_domain()``, ``public_suffix()`` and ``subdomain()``
(the Public Suffix List, the ``psl`` extra) and ``in_domain(domain)``; and every
one takes ``default_scheme=`` (read ``www.site.com/path`` as
``https://www.site.com/path`` with ``"https"``, leniently). The typed entry point is
``URIExpr(pl.col("url"))`` (``pl.col("url").uri`` is registered at run time,
unseen by pyright, and by mypy unless its configuration has the plugin
``plugins = ["urikit.mypy"]``, since 0.7): a type checker sees each method there.
The methods are written from the one table of operations (``tools/frontends.py``).

They are DuckDB's functions (:mod:`urikit.duckdb`) under the same names, and compute
what the command line computes for the same text: every front end asks the one batch
engine. ``components()`` gives the fields ``scheme``, ``userinfo``, ``host``,
``port``, ``path``, ``query`` and ``fragment`` in wire form, ``null`` for an
undefined component and ``""`` for an empty one (``http://a/?`` has the query ``""``,
``http://a/`` has none). ``error()`` gives ``kind`` (a short name to group by:
``invalid-host``, ``base-needs-scheme``...), ``position`` (in the value, or ``null``)
and ``message`` (the reason, without the position).

**Null and invalid values, the switch.** A null gives a null. A value that is not a
URI-reference is handled as DuckDB handles it: each method that fails on it
(``normalize``, ``canonicalize``, ``resolve``, ``relative``, ``host``,
``components``) raises :class:`urikit.URIError`, which ends the query, with the value
(its password masked) and the reason; its ``try_`` twin (``try_normalize()``...)
gives a null instead, and ``error()`` beside it says why, so a frame keeps the rows it
cannot read with their reasons as columns. ``is_valid()`` and ``error()`` never raise.
Every error message and error column masks passwords; the results are data, like the
Python functions' (a password in a URL stays in its normalized form).

Keywords of every method: ``allow_zone_id`` (accept an IPv6 zone identifier, RFC
6874) and ``lenient`` (read each value as :meth:`urikit.URI.parse_lenient` and the
command line's ``--lenient`` do). ``canonicalize`` takes a
:class:`urikit.CanonicalOptions`.

Each expression calls the engine once a non-null value, in one Python loop over the
whole column (``map_batches``: the values read from the Arrow buffer at once and the
result built from a list at once), declares its result's dtype (a lazy frame knows
its schema before it runs) and is elementwise (Polars may run it on any slice of the
column, streaming included). Python's loop holds the GIL: more threads do not make it
faster; for many cores, split the input (a process a file) or use
:mod:`urikit.distributed`.

Needs the ``polars`` extra (``pip install 'urikit[polars]'``); ``import urikit``
does not import Polars.

.. versionadded:: 0.5
"""

from __future__ import annotations

import functools
import importlib
import itertools
from collections.abc import Sequence
from typing import Any, Final, cast

import polars as pl

from ._batch import columns
from ._batch.operations import COMPONENTS, PAIR_FIELDS, Command, Operation
from ._web.canonical import DEFAULT_OPTIONS, CanonicalOptions

__all__ = ["COMPONENTS", "COMPONENTS_DTYPE", "ERROR", "PAIRS_DTYPE", "URIExpr", "build",
           "dtype"]

#: The dtype of :meth:`URIExpr.components` and :meth:`URIExpr.decoded`: the seven
#: components, each ``String``.
COMPONENTS_DTYPE: Final = pl.Struct(dict.fromkeys(COMPONENTS, pl.String))
#: The dtype of :meth:`URIExpr.error`: an error as data (``columns.ERROR_FIELDS``).
ERROR: Final = pl.Struct({field: pl.Int64 if kind is int else pl.String
                          for field, kind in columns.ERROR_STRUCT.items()})
#: The dtype of :meth:`URIExpr.query_pairs`: a list of (key, value) structs.
PAIRS_DTYPE: Final = pl.List(pl.Struct(dict.fromkeys(PAIR_FIELDS, pl.String)))


def dtype(command: Command) -> pl.DataType:
    """The dtype of an operation's result column, from its shape in the table.

    >>> dtype(Command.SEGMENTS)
    List(String)

    .. versionadded:: 0.6
    """
    shape = command.shape
    if shape == "flag":
        return pl.Boolean()
    if shape == "texts":
        return pl.List(pl.String)
    if shape == "pairs":
        return PAIRS_DTYPE
    if shape == "struct":
        return pl.Struct(dict.fromkeys(command.columns, pl.String))
    return pl.String()

#: The operations whose errors the ``error`` method gives, by their methods' names.
OperationName = columns.Method
_COMMANDS: Final = columns.METHODS


def _values(series: pl.Series) -> list[str | None]:
    """A column's values as Python ``str`` (``None`` for a null), read at once; a
    column of nulls alone (dtype ``Null``) is one too."""
    if series.dtype != pl.String and series.dtype != pl.Null:
        raise TypeError(f"the uri namespace takes a String column, not {series.dtype}")
    values: list[str | None] = series.to_list()
    return values


def _results(op: Operation, method: str, dtype: pl.DataType,
             series: pl.Series | Sequence[pl.Series], base: str | None = None) -> pl.Series:
    """One batch of a column (or of a column and its bases) through the engine: the
    results of ``method`` (``try_`` ones: a null for an invalid value), or, for
    ``error``, the errors as data."""
    if isinstance(series, pl.Series):
        name, values = series.name, _values(series)
        bases: columns.Bases = base
    else:
        name, values, bases = series[0].name, _values(series[0]), _values(series[1])
    if method == "error":
        found = columns.errors(op, values, bases)
        return pl.Series(name, list(map(columns.error_data, found)), dtype=dtype)
    results = columns.results(op, values, bases, strict=not method.startswith("try_"),
                              name=f"uri.{method}")
    if dtype == pl.List(pl.String):
        return _texts(name, cast("list[list[str] | None]", results))
    return pl.Series(name, results, dtype=dtype)


def _texts(name: str, values: list[list[str] | None]) -> pl.Series:
    """A ``List(String)`` Series of ``values``: through Arrow, from the texts at once
    and their offsets, where pyarrow is installed (Polars' own constructor from a list
    of lists cost 14 us a row against 1.3 us, and made ``segments`` 1.35x the command
    line's cost per URL, benchmarks/frames.py); Polars' constructor otherwise."""
    try:
        pa: Any = importlib.import_module("pyarrow")
    except ImportError:
        return pl.Series(name, values, dtype=pl.List(pl.String))
    # pyarrow's types are unknown to the checkers: its objects through Any
    texts_series: Any = pl.Series(
        [text for texts in values if texts is not None for text in texts], dtype=pl.String)
    flat: Any = texts_series.to_arrow()
    if flat.type != pa.large_string():
        flat = flat.cast(pa.large_string())
    offsets = pa.array(list(itertools.accumulate(
        (0 if texts is None else len(texts) for texts in values), initial=0)), pa.int64())
    missing = pa.array([texts is None for texts in values])
    polars: Any = pl
    series = polars.from_arrow(pa.LargeListArray.from_arrays(offsets, flat, mask=missing))
    assert isinstance(series, pl.Series)
    return series.alias(name)


def _built(strict: bool, name: str, series: Sequence[pl.Series]) -> pl.Series:
    """One batch of :func:`build`: a literal part (one value) stands for every row."""
    rows = max(len(s) for s in series)
    parts = [s.to_list() * rows if len(s) == 1 else s.to_list() for s in series]
    return pl.Series(series[0].name, columns.built(parts, strict=strict, name=name),
                     dtype=pl.String)


def build(scheme: str | pl.Expr | None = None, host: str | pl.Expr | None = None,
          port: int | pl.Expr | None = None, segments: pl.Expr | None = None,
          query: pl.Expr | None = None, fragment: str | pl.Expr | None = None, *,
          strict: bool = True) -> pl.Expr:
    """A URL a row from plain parts, each encoded for its place once (a "/" in a
    segment is ``%2F``, a "&" in a query value ``%26``): ``scheme``, ``host`` (plain
    text; a name outside ASCII becomes its A-labels), ``port`` (an integer),
    ``segments`` (a ``List(String)``: the path after the host), ``query`` (a
    ``List(Struct(key, value))``, as :meth:`URIExpr.query_pairs` gives it) and
    ``fragment``, each a value for every row or an expression (a null: the part
    left out). A row of nulls gives a null; a row that builds no URL raises
    :class:`urikit.URIError` (``strict=False``: a null).

    >>> import polars as pl
    >>> from urikit.polars import build
    >>> frame = pl.DataFrame({"host": ["bücher.example"], "path": [["a/b", "c d"]],
    ...                       "q": [[{"key": "q", "value": "x&y"}]]})
    >>> frame.select(build("https", pl.col("host"), segments=pl.col("path"),
    ...                    query=pl.col("q"))).item()
    'https://xn--bcher-kva.example/a%2Fb/c%20d?q=x%26y'

    .. versionadded:: 0.6
    """
    given = [scheme, host, port, segments, query, fragment]
    exprs = [part if isinstance(part, pl.Expr) else pl.lit(part) for part in given]
    exprs[0] = exprs[0].cast(pl.String).alias("url")
    return pl.map_batches(exprs, functools.partial(_built, strict, "build"),
                          return_dtype=pl.String(), is_elementwise=True)


@pl.api.register_expr_namespace("uri")
class URIExpr:
    """The ``uri`` namespace of a Polars expression of URLs (``String``): see
    :mod:`urikit.polars`.

    >>> import polars as pl
    >>> import urikit.polars
    >>> df = pl.DataFrame({"url": ["HTTP://Example.COM/a/./b", "http://a b/", None]})
    >>> df.select(pl.col("url").uri.try_normalize())["url"].to_list()
    ['http://example.com/a/b', None, None]

    .. versionadded:: 0.5
    """

    def __init__(self, expr: pl.Expr) -> None:
        self._expr = expr

    def _map(self, method: str, dtype: pl.DataType, *, of: str | None = None,
             base: str | pl.Expr | None = None, options: CanonicalOptions = DEFAULT_OPTIONS,
             allow_zone_id: bool = False, lenient: bool = False, default_scheme: str = "",
             argument: str = "",
             charset: str = "utf-8") -> pl.Expr:
        """The expression of ``method`` (of ``of``'s errors for ``error``)."""
        given = cast("object", options)  # checked: callers without a type checker pass anything
        if not isinstance(given, CanonicalOptions):
            raise TypeError(f"options must be CanonicalOptions, not {type(given).__name__}")
        command = _COMMANDS[of or method.removeprefix("try_")]
        if command.pairs and base is None:
            raise TypeError(f"{method}({of!r}) needs a base" if of else f"{method} needs a base")
        op = columns.operation(command, options, allow_zone_id, lenient, argument, charset,
                               default_scheme)
        if isinstance(base, pl.Expr):
            return pl.map_batches([self._expr, base],
                                  functools.partial(_results, op, method, dtype),
                                  return_dtype=dtype, is_elementwise=True)
        given_base = cast("object", base)  # checked, as options are
        if given_base is not None and not isinstance(given_base, str):
            raise TypeError(f"base must be str or a polars Expr, "
                            f"not {type(given_base).__name__}")
        return self._expr.map_batches(functools.partial(_results, op, method, dtype,
                                                        base=base),
                                      return_dtype=dtype, is_elementwise=True)

    def _call(self, method: str, strict: bool, *, base: str | pl.Expr | None = None,
              argument: str = "", options: CanonicalOptions = DEFAULT_OPTIONS,
              charset: str = "utf-8", allow_zone_id: bool = False, lenient: bool = False,
              default_scheme: str = "") -> pl.Expr:
        """The one dispatcher of the generated methods: the expression of ``method``
        (``strict``: it raises; else its ``try_`` twin), its dtype from the table."""
        return self._map(method if strict else f"try_{method}", dtype(_COMMANDS[method]),
                         base=base, options=options, allow_zone_id=allow_zone_id,
                         lenient=lenient, default_scheme=default_scheme, argument=argument,
                         charset=charset)

    def error(self, operation: OperationName = "is_valid", base: str | pl.Expr | None = None,
              *, options: CanonicalOptions = DEFAULT_OPTIONS, allow_zone_id: bool = False,
              lenient: bool = False, default_scheme: str = "", argument: str = "",
              charset: str = "utf-8") -> pl.Expr:
        """Why ``operation`` fails on each value (against ``base`` for ``resolve`` and
        ``relative``; with ``argument``, the key or domain, and ``charset`` of the
        operations that take them): a ``Struct`` of ``kind``, ``position`` and
        ``message`` (:data:`ERROR`), null where it succeeds or a value (or its base) is
        null. Never raises for a value; the companion of the ``try_`` methods.

        >>> import polars as pl
        >>> import urikit.polars
        >>> df = pl.DataFrame({"url": ["http://joe:S3CRET@a b/", "http://a/"]})
        >>> df.select(pl.col("url").uri.error())["url"].to_list()
        [{'kind': 'invalid-host', 'position': 19, 'message': "invalid character ' ' in host"}, None]
        """
        if operation not in _COMMANDS:
            raise TypeError(f"operation must be one of {', '.join(_COMMANDS)}, "
                            f"not {operation!r}")
        return self._map("error", ERROR, base=base, options=options, of=operation,
                         allow_zone_id=allow_zone_id, lenient=lenient,
                         default_scheme=default_scheme, argument=argument,
                         charset=charset)

    # --- generated by tools/frontends.py from the Command table (edit a docstring only) ---
    def normalize(self, *, allow_zone_id: bool = False, lenient: bool = False,
                  default_scheme: str = "") -> pl.Expr:
        """Each value normalized (RFC 3986 §6, as :func:`urikit.normalize`); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_normalize` gives a
        null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["HTTP://A/%7e/./b"]}).select(
        ...     pl.col("u").uri.normalize()).item()
        'http://a/~/b'
        """
        return self._call("normalize", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_normalize(self, *, allow_zone_id: bool = False, lenient: bool = False,
                      default_scheme: str = "") -> pl.Expr:
        """:meth:`normalize`, a null for an invalid value."""
        return self._call("normalize", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def is_valid(self, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> pl.Expr:
        """Whether each value is a URI-reference (RFC 3986): ``Boolean``, null for a
        null.

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.Series(["http://a/", "a b", None]).to_frame("u").select(
        ...     pl.col("u").uri.is_valid())["u"].to_list()
        [True, False, None]
        """
        return self._call("is_valid", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def resolve(self, base: str | pl.Expr, *, allow_zone_id: bool = False,
                lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """Each value (a reference) resolved against ``base`` (RFC 3986 §5.2, as
        :func:`urikit.resolve`): a URL, or an expression of one base a row; raises
        :class:`urikit.URIError` for an invalid value or base (:meth:`try_resolve`
        gives a null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> df = pl.DataFrame({"page": ["http://a/b/c", "http://x/"], "href": ["../d", "e?f"]})
        >>> df.select(pl.col("href").uri.resolve(pl.col("page")))["href"].to_list()
        ['http://a/d', 'http://x/e?f']
        """
        return self._call("resolve", True, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_resolve(self, base: str | pl.Expr, *, allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """:meth:`resolve`, a null for an invalid value or base."""
        return self._call("resolve", False, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def relative(self, base: str | pl.Expr, *, allow_zone_id: bool = False,
                 lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """The shortest reference from ``base`` to each value (as
        :meth:`urikit.URI.relative_to`): ``base`` a URL or an expression of one base a
        row; raises :class:`urikit.URIError` for an invalid value or base
        (:meth:`try_relative` gives a null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["http://a/b/c/d"]}).select(
        ...     pl.col("u").uri.relative("http://a/b/x")).item()
        'c/d'
        """
        return self._call("relative", True, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_relative(self, base: str | pl.Expr, *, allow_zone_id: bool = False,
                     lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """:meth:`relative`, a null for an invalid value or base."""
        return self._call("relative", False, base=base, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                     allow_zone_id: bool = False, lenient: bool = False,
                     default_scheme: str = "") -> pl.Expr:
        """Each value's canonical form for deduplication (:func:`urikit.canonicalize`
        with ``options``); raises :class:`urikit.URIError` for an invalid value
        (:meth:`try_canonicalize` gives a null).
        """
        return self._call("canonicalize", True, options=options,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_canonicalize(self, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                         allow_zone_id: bool = False, lenient: bool = False,
                         default_scheme: str = "") -> pl.Expr:
        """:meth:`canonicalize`, a null for an invalid value."""
        return self._call("canonicalize", False, options=options,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def host(self, *, allow_zone_id: bool = False, lenient: bool = False,
             default_scheme: str = "") -> pl.Expr:
        """Each value's host as written (null without an authority); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_host` gives a
        null).
        """
        return self._call("host", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_host(self, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> pl.Expr:
        """:meth:`host`, a null for an invalid value."""
        return self._call("host", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def components(self, *, allow_zone_id: bool = False, lenient: bool = False,
                   default_scheme: str = "") -> pl.Expr:
        """Each value's seven components, a ``Struct`` (:data:`COMPONENTS_DTYPE`) in
        wire form: null for an undefined component, ``""`` for an empty one; raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_components` gives a
        null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> parts = pl.DataFrame({"u": ["http://h:/p?"]}).select(
        ...     pl.col("u").uri.components()).item()
        >>> parts["host"], parts["port"], parts["query"], parts["fragment"]
        ('h', '', '', None)
        """
        return self._call("components", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_components(self, *, allow_zone_id: bool = False, lenient: bool = False,
                       default_scheme: str = "") -> pl.Expr:
        """:meth:`components`, a null for an invalid value."""
        return self._call("components", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def decoded(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """Each value's seven components as plain text, each decoded once (as
        ``uri.text`` reads them: ``%2F`` in the path is a ``/``), a ``Struct``
        (:data:`COMPONENTS_DTYPE`); the query's octets as ``charset`` decodes them.
        Raises :class:`urikit.URIError` for an invalid value or octets the charset
        (UTF-8 elsewhere) does not decode (:meth:`try_decoded` gives a null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["http://h/a%20b?q=%E9"]}).select(
        ...     pl.col("u").uri.decoded(charset="latin-1")).item()["query"]
        'q=é'

        .. versionadded:: 0.6
        """
        return self._call("decoded", True, charset=charset, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_decoded(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """:meth:`decoded`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("decoded", False, charset=charset, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def segments(self, *, allow_zone_id: bool = False, lenient: bool = False,
                 default_scheme: str = "") -> pl.Expr:
        """Each value's path segments, each decoded once, a ``List(String)`` (an
        absolute path starts with ``""``, as ``uri.text.path`` lists it); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_segments`: a null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["http://h/a%2Fb/c%20d"]}).select(
        ...     pl.col("u").uri.segments()).item().to_list()
        ['', 'a/b', 'c d']

        .. versionadded:: 0.6
        """
        return self._call("segments", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_segments(self, *, allow_zone_id: bool = False, lenient: bool = False,
                     default_scheme: str = "") -> pl.Expr:
        """:meth:`segments`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("segments", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def host_labels(self, *, allow_zone_id: bool = False, lenient: bool = False,
                    default_scheme: str = "") -> pl.Expr:
        """Each value's host labels, decoded, a ``List(String)``: null for no host or
        an IP address; raises :class:`urikit.URIError` for an invalid value
        (:meth:`try_host_labels`: a null).

        .. versionadded:: 0.6
        """
        return self._call("host_labels", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_host_labels(self, *, allow_zone_id: bool = False, lenient: bool = False,
                        default_scheme: str = "") -> pl.Expr:
        """:meth:`host_labels`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("host_labels", False, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def query_param(self, key: str, *, charset: str = "utf-8", allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """The first value of the query parameter ``key`` in each value, decoded once
        (``charset``: the octets' charset): null when the key is absent or has no "=";
        raises :class:`urikit.URIError` for an invalid value or undecodable octets
        (:meth:`try_query_param`: a null).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["http://h/?utm_source=news%20letter&a=1"]}).select(
        ...     pl.col("u").uri.query_param("utm_source")).item()
        'news letter'

        .. versionadded:: 0.6
        """
        return self._call("query_param", True, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_query_param(self, key: str, *, charset: str = "utf-8",
                        allow_zone_id: bool = False, lenient: bool = False,
                        default_scheme: str = "") -> pl.Expr:
        """:meth:`query_param`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("query_param", False, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def query_values(self, key: str, *, charset: str = "utf-8", allow_zone_id: bool = False,
                     lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """Every value of the query parameter ``key``, in order, a ``List(String)``
        (empty when it is absent; null for a key without "="); raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_query_values`).

        .. versionadded:: 0.6
        """
        return self._call("query_values", True, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_query_values(self, key: str, *, charset: str = "utf-8",
                         allow_zone_id: bool = False, lenient: bool = False,
                         default_scheme: str = "") -> pl.Expr:
        """:meth:`query_values`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("query_values", False, argument=key, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def query_pairs(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                    lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """Each value's query as a list of ``{key, value}`` structs
        (:data:`PAIRS_DTYPE`), decoded once, in order (``explode`` and ``unnest`` make
        rows of them): null without a query; raises :class:`urikit.URIError` for an
        invalid value (:meth:`try_query_pairs`).

        .. versionadded:: 0.6
        """
        return self._call("query_pairs", True, charset=charset, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_query_pairs(self, *, charset: str = "utf-8", allow_zone_id: bool = False,
                        lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """:meth:`query_pairs`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("query_pairs", False, charset=charset,
                          allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def registrable_domain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                           default_scheme: str = "") -> pl.Expr:
        """Each host's registrable domain (:func:`urikit.registrable_domain`, the
        Public Suffix List: the ``psl`` extra), null when it has none; raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_registrable_domain`).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["https://www.Example.co.uk/"]}).select(
        ...     pl.col("u").uri.registrable_domain()).item()
        'example.co.uk'

        .. versionadded:: 0.6
        """
        return self._call("registrable_domain", True, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_registrable_domain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                               default_scheme: str = "") -> pl.Expr:
        """:meth:`registrable_domain`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("registrable_domain", False, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def public_suffix(self, *, allow_zone_id: bool = False, lenient: bool = False,
                      default_scheme: str = "") -> pl.Expr:
        """Each host's public suffix (:func:`urikit.public_suffix`), null when it has
        none; raises :class:`urikit.URIError` for an invalid value
        (:meth:`try_public_suffix`).

        .. versionadded:: 0.6
        """
        return self._call("public_suffix", True, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_public_suffix(self, *, allow_zone_id: bool = False, lenient: bool = False,
                          default_scheme: str = "") -> pl.Expr:
        """:meth:`public_suffix`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("public_suffix", False, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def subdomain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                  default_scheme: str = "") -> pl.Expr:
        """The labels of each host before its registrable domain (``""`` for the
        registrable domain itself), null when it has none; raises
        :class:`urikit.URIError` for an invalid value (:meth:`try_subdomain`).

        .. versionadded:: 0.6
        """
        return self._call("subdomain", True, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def try_subdomain(self, *, allow_zone_id: bool = False, lenient: bool = False,
                      default_scheme: str = "") -> pl.Expr:
        """:meth:`subdomain`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("subdomain", False, allow_zone_id=allow_zone_id, lenient=lenient,
                          default_scheme=default_scheme)

    def in_domain(self, domain: str, *, allow_zone_id: bool = False, lenient: bool = False,
                  default_scheme: str = "") -> pl.Expr:
        """Whether each host is ``domain`` or a subdomain of it, label by label (as
        :meth:`urikit.URI.in_domain`), a ``Boolean``; raises :class:`urikit.URIError`
        for an invalid value (:meth:`try_in_domain`).

        >>> import polars as pl
        >>> import urikit.polars
        >>> pl.DataFrame({"u": ["http://a.Example.com/", "http://example.org/"]}).select(
        ...     pl.col("u").uri.in_domain("example.com"))["u"].to_list()
        [True, False]

        .. versionadded:: 0.6
        """
        return self._call("in_domain", True, argument=domain, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)

    def try_in_domain(self, domain: str, *, allow_zone_id: bool = False,
                      lenient: bool = False, default_scheme: str = "") -> pl.Expr:
        """:meth:`in_domain`, a null for an invalid value.

        .. versionadded:: 0.6
        """
        return self._call("in_domain", False, argument=domain, allow_zone_id=allow_zone_id,
                          lenient=lenient, default_scheme=default_scheme)
    # --- end of generated part ---
