"""urikit's functions in SQL: registered in a DuckDB connection, vectorized over Arrow.

:func:`register` adds scalar functions to a :class:`duckdb.DuckDBPyConnection`, each
named with a prefix (``urikit_`` unless the caller chooses another), so that a query
reads URLs from a Parquet file, a CSV file or a table and works on them where they
are::

    SELECT urikit_host(urikit_canonicalize(url)) AS host, count(*) AS links
    FROM 'links.parquet' GROUP BY host ORDER BY links DESC

The functions, ``url``, ``base``, ``reference`` and ``target`` being ``VARCHAR``:

========================================  ===========  ==============================
function                                  returns      what
========================================  ===========  ==============================
``urikit_is_valid(url)``                  ``BOOLEAN``  is it a URI-reference (RFC 3986)
``urikit_error(url)``                     ``VARCHAR``  why not (``NULL`` when valid)
``urikit_error_info(url)``                ``STRUCT``   why not, as data (see below)
``urikit_normalize(url)``                 ``VARCHAR``  :func:`urikit.normalize`
``urikit_canonicalize(url)``              ``VARCHAR``  :func:`urikit.canonicalize`
``urikit_resolve(base, reference)``       ``VARCHAR``  :func:`urikit.resolve`
``urikit_relative(target, base)``         ``VARCHAR``  :meth:`urikit.URI.relative_to`
``urikit_host(url)``                      ``VARCHAR``  the host as written
``urikit_components(url)``                ``STRUCT``   the seven components
========================================  ===========  ==============================

Since 0.6, each operation of the Polars namespace is a function here too, with its
``try_`` twin: ``urikit_decoded(url)``, ``urikit_segments(url)``,
``urikit_host_labels(url)``, ``urikit_query_param(url, key)``,
``urikit_query_values(url, key)``, ``urikit_query_pairs(url)``,
``urikit_registrable_domain(url)``, ``urikit_public_suffix(url)``,
``urikit_subdomain(url)`` and ``urikit_in_domain(url, domain)``, registered from the
batch engine's one table (:mod:`urikit.polars` says what each gives).

``urikit_components`` gives ``STRUCT(scheme, userinfo, host, port, path, query,
fragment)``, every field ``VARCHAR`` in wire form as :class:`urikit.Components` holds
it: ``NULL`` for an undefined component, ``''`` for an empty one (``http://a/?`` has
the query ``''``, ``http://a/`` has none), the port as written (``'0080'``, or ``''``
for ``http://h:/``).

**NULL and invalid input.** A ``NULL`` argument gives ``NULL``. Text that is not a
URI-reference is handled as DuckDB handles a cast: each function but ``is_valid``
and ``error`` raises DuckDB's ``InvalidInputException``, which ends the query
(``urikit_normalize('a b')``, as ``CAST('x' AS INTEGER)`` does), and its ``try_``
twin (``try_urikit_normalize``, as ``TRY_CAST``) gives ``NULL`` instead. The error
names the function, the argument and the rule, with the text's password masked:
``urikit_normalize: url 'http://a b': invalid character ' ' at position 8 in
host``. ``urikit_error(url)`` gives that reason for any row, so a query can keep the
rows it cannot read and say why. ``urikit_error_info(url)`` gives the same error as
data, ``STRUCT(kind VARCHAR, position BIGINT, message VARCHAR)`` (``NULL`` when
valid), the columns the command line's Parquet output has: the kind to group by
(``invalid-host``, ``invalid-path``, ...: :attr:`urikit.BatchError.kind`), the
position (or ``NULL``) and the message without the position::

    SELECT urikit_error_info(url).kind AS kind, count(*) AS rows
    FROM 'links.parquet' WHERE NOT urikit_is_valid(url) GROUP BY kind

The results are data, like those of the Python functions: a password in a URL stays
in the result (mask it in SQL, or leave the userinfo out, where it must not show);
only the error messages mask it, as every error of urikit does.

Needs the ``duckdb`` extra (``pip install 'urikit[duckdb]'``: DuckDB and pyarrow);
``import urikit`` does not import DuckDB, and this module imports it when
:func:`register` is called.

.. versionadded:: 0.3
.. versionchanged:: 0.5
   ``urikit_error_info``: the error as data (kind, position, message).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, cast

from ._batch import columns, operations
from ._batch.engine import apply_pair, bound, process_line
from ._batch.operations import BUILD_FIELDS, PAIR_FIELDS, Command, Operation
from ._core.errors import URIError
from ._web.canonical import DEFAULT_OPTIONS, CanonicalOptions

if TYPE_CHECKING:
    import duckdb

__all__ = ["COMPONENTS", "register"]

#: The fields of ``urikit_components``' ``STRUCT``, in :class:`urikit.Components`' order
#: (the ``components`` operation's, :mod:`urikit._batch.operations`).
COMPONENTS: Final = operations.COMPONENTS
#: The fields of ``urikit_error_info``'s ``STRUCT``: the error as data.
ERROR_FIELDS: Final = columns.ERROR_FIELDS

#: The names of each function's arguments, as its error messages name them (only
#: those that are URI-references: a query key or a domain is no URL).
_ARGUMENTS: Final = {"resolve": ("base", "reference"), "relative": ("target", "base")}


def _pyarrow() -> Any:
    """pyarrow, imported when first used (it has no type annotations: used as Any)."""
    return importlib.import_module("pyarrow")


class _Reader:
    """The per-row functions of one registration: text in, a value out, ``URIError``
    for invalid text, each asking the batch engine (:mod:`urikit._batch`) with the
    registration's options. Results are data: passwords stay in them
    (``show_password``); the error messages mask them."""

    def __init__(self, options: CanonicalOptions, allow_zone_id: bool, lenient: bool,
                 charset: str = "utf-8", default_scheme: str = ""):
        self._options, self._allow_zone_id, self._lenient = options, allow_zone_id, lenient
        self._charset, self._default_scheme = charset, default_scheme
        self.ops = {command: self.operation(command) for command in Command}
        # the error of a row, as the command line reports it (its secrets masked)
        self.checking = Operation(Command.VALIDATE, allow_zone_id=allow_zone_id,
                                  lenient=lenient, default_scheme=default_scheme)
        self._validate = bound(self.ops[Command.VALIDATE])
        self._bound: dict[tuple[Command, str], Callable[[str], object]] = {}

    def operation(self, command: Command, argument: str = "") -> Operation:
        return columns.operation(command, self._options, self._allow_zone_id,
                                 self._lenient, argument, self._charset,
                                 "" if command.pairs else self._default_scheme)

    def function(self, name: str) -> Callable[..., object]:
        """The function of a row of the method ``name``'s arguments."""
        if name == "is_valid":
            return self.is_valid
        if name in ("error", "error_info"):
            return getattr(self, name)  # type: ignore[no-any-return]
        command = columns.METHODS[name]
        if command is Command.RESOLVE:
            return functools.partial(apply_pair, self.ops[command])
        if command is Command.RELATIVE:
            return self.relative
        if command.argument:
            return functools.partial(self.with_argument, command)
        return bound(self.ops[command])

    def with_argument(self, command: Command, text: str, argument: str) -> object:
        """The result of an operation that takes an argument a row (a key, a domain):
        its function bound once for each argument seen."""
        key = (command, argument)
        function = self._bound.get(key)
        if function is None:
            if len(self._bound) > 256:
                self._bound.clear()
            function = self._bound[key] = bound(self.operation(command, argument))
        return function(text)

    def is_valid(self, text: str) -> bool:
        try:
            self._validate(text)
        except URIError:
            return False
        return True

    def error(self, text: str) -> str | None:
        found = process_line(self.checking, "sql", 1, text).error
        return None if found is None else str(found)

    def error_info(self, text: str) -> dict[str, object] | None:
        return columns.error_data(process_line(self.checking, "sql", 1, text).error)

    def relative(self, target: str, base: str) -> str:
        return apply_pair(self.ops[Command.RELATIVE], base, target)

    def why(self, name: str, function: str, args: Sequence[str | None],
            exc: URIError) -> str:
        """The message of a strict function's error: the argument that is not a
        URI-reference, its text and the reason (passwords masked), or, when each
        argument is one, the error's own message (a base without a scheme)."""
        names = _ARGUMENTS.get(function, ("url",))
        named = [(arg_name, arg) for arg_name, arg in zip(names, args, strict=False)
                 if arg is not None]  # a NULL row gives NULL, never an error
        return columns.why(name, self.checking, named, exc)


def _column(reader: _Reader, name: str, function: str, arity: int, arrow_type: Any,
            strict: bool, error: type[Exception]) -> Callable[..., Any]:
    """The Arrow function DuckDB calls with a chunk of rows: one Python call a row
    (``NULL`` for a row with a ``NULL`` argument, which DuckDB passes on: its default
    handling refuses a ``NULL`` result, which a ``try_`` function gives), one Arrow
    array back; a strict function raises ``error`` (DuckDB's ``InvalidInputException``,
    which ends the query with it) for the first invalid row. DuckDB reads the
    function's signature for its number of arguments, and evaluates its
    annotations."""
    function_of_row = reader.function(function)

    def row(*args: str | None) -> object:
        return None if None in args else function_of_row(*args)

    make = _pyarrow().array

    def rows(columns: list[list[str | None]]) -> Any:
        if strict:
            try:
                values = list(map(row, *columns))
            except URIError:  # the slow path, on error only: which row, and why
                for args in zip(*columns, strict=True):
                    try:
                        row(*args)
                    except URIError as exc:
                        raise error(reader.why(name, function, args, exc)) from None
                raise  # the same rows failed once: not reached
            return make(values, type=arrow_type)
        values = list[object]()
        append = values.append
        for args in zip(*columns, strict=True):
            try:
                append(row(*args))
            except URIError:
                append(None)
        return make(values, type=arrow_type)

    if arity == 1:
        def one(urls: Any) -> Any:
            return rows([urls.to_pylist()])
        return one

    def two(first: Any, second: Any) -> Any:
        return rows([first.to_pylist(), second.to_pylist()])
    return two


def _types(duckdb: Any, pyarrow: Any, command: Command) -> tuple[Any, Any]:
    """The SQL type and the Arrow type of an operation's result, from its shape."""
    # large_string: DuckDB reads both, but an array of pyarrow.string() built from a
    # list of str in DuckDB's calling thread cost 1.7 us a row (pyarrow 26, DuckDB 2.0;
    # 0.05 us on the main thread), large_string 0.1 us (benchmarks/duckdb_cost.py)
    string = pyarrow.large_string()
    shape = command.shape
    if shape == "flag":
        return "BOOLEAN", pyarrow.bool_()
    if shape == "texts":
        return duckdb.list_type("VARCHAR"), pyarrow.list_(string)
    if shape == "pairs":
        return (duckdb.list_type(duckdb.struct_type(dict.fromkeys(PAIR_FIELDS, "VARCHAR"))),
                pyarrow.list_(pyarrow.struct([(f, string) for f in PAIR_FIELDS])))
    if shape == "struct":
        return (duckdb.struct_type(dict.fromkeys(command.columns, "VARCHAR")),
                pyarrow.struct([(field, string) for field in command.columns]))
    return "VARCHAR", string


def register(connection: duckdb.DuckDBPyConnection, *, prefix: str = "urikit_",
             options: CanonicalOptions = DEFAULT_OPTIONS, allow_zone_id: bool = False,
             lenient: bool = False, charset: str = "utf-8",
             default_scheme: str = "") -> list[str]:
    """Register urikit's SQL functions in ``connection`` and return their names.

    Each function is a vectorized (Arrow) scalar function of DuckDB; see this module's
    documentation for the list, what ``NULL`` and invalid text give, and the ``try_``
    twins. Register again with another ``prefix`` for a second set of options in the
    same connection (``prefix="crawl_"`` gives ``crawl_canonicalize``).

    Args:
        connection: a DuckDB connection (``duckdb.connect()``).
        prefix: the start of every function's name.
        options: the steps of ``canonicalize`` (a :class:`urikit.CanonicalOptions`;
            its defaults when left out).
        allow_zone_id: accept an IPv6 zone identifier (RFC 6874).
        lenient: read each URL as :meth:`urikit.URI.parse_lenient` and the command
            line's ``--lenient`` do (spaces and other characters a browser accepts
            are encoded first; the result is what the repaired text gives).
        charset: the charset of the query's percent-encoded octets, for the
            functions that decode it (``decoded``, ``query_param``,
            ``query_values``, ``query_pairs``): octets it does not decode are an
            error, never a replacement character.
        default_scheme: the scheme a value without one is read with, leniently
            (``www.site.com/path`` as ``https://www.site.com/path`` with
            ``"https"``, as web logs hold URLs); not for resolve and relative.

    Raises:
        TypeError: ``options`` is not a :class:`urikit.CanonicalOptions`.
        ValueError: ``charset`` names no codec, or ``default_scheme`` is no scheme.

    >>> import duckdb
    >>> from urikit.duckdb import register
    >>> con = duckdb.connect()
    >>> names = register(con)
    >>> con.execute("SELECT urikit_normalize('HTTP://Example.COM/a/../b')").fetchall()
    [('http://example.com/b',)]

    .. versionadded:: 0.3
    .. versionchanged:: 0.6
       The functions of the operations of 0.6 (``urikit_query_param``...),
       ``charset`` and ``default_scheme``.
    """
    given = cast("object", options)  # checked: callers without a type checker pass anything
    if not isinstance(given, CanonicalOptions):
        raise TypeError(f"options must be CanonicalOptions, not {type(given).__name__}")
    import duckdb
    from duckdb.func import ARROW, SPECIAL

    pyarrow = _pyarrow()
    reader = _Reader(options, allow_zone_id, lenient, charset, default_scheme)
    string = pyarrow.large_string()
    error_struct = pyarrow.struct([(field, pyarrow.int64() if kind is int else string)
                                   for field, kind in columns.ERROR_STRUCT.items()])
    sql_error = duckdb.struct_type({field: "BIGINT" if kind is int else "VARCHAR"
                                    for field, kind in columns.ERROR_STRUCT.items()})
    signatures: dict[str, tuple[int, Any, Any]] = {
        "is_valid": (1, "BOOLEAN", pyarrow.bool_()),
        "error": (1, "VARCHAR", string),
        "error_info": (1, sql_error, error_struct),
    }
    for method, command in columns.METHODS.items():
        if method != "is_valid":
            arity = 2 if command.pairs or command.argument else 1
            signatures[method] = (arity, *_types(duckdb, pyarrow, command))
    names: list[str] = []
    for function, (arity, sql_type, arrow_type) in signatures.items():
        variants = [(f"{prefix}{function}", True)]
        if function in columns.FAILING:
            variants.append((f"try_{prefix}{function}", False))
        parameters: list[Any] = ["VARCHAR"] * arity  # duckdb declares list[IntoPyType]
        for name, strict in variants:
            # duckdb's stub declares one overload's function as returning Unknown
            connection.create_function(  # pyright: ignore[reportUnknownMemberType]
                name, _column(reader, name, function, arity, arrow_type, strict,
                              duckdb.InvalidInputException),
                parameters, sql_type, type=ARROW,
                null_handling=SPECIAL)  # NULL in, NULL out: done by rows()
            names.append(name)
    build_types: list[Any] = ["VARCHAR", "VARCHAR", "BIGINT", duckdb.list_type("VARCHAR"),
                   duckdb.list_type(duckdb.struct_type(dict.fromkeys(PAIR_FIELDS,
                                                                     "VARCHAR"))),
                   "VARCHAR"]
    assert len(build_types) == len(BUILD_FIELDS)
    for name, strict in ((f"{prefix}build", True), (f"try_{prefix}build", False)):
        connection.create_function(  # pyright: ignore[reportUnknownMemberType]
            name, _builder(name, strict, duckdb.InvalidInputException), build_types,
            "VARCHAR", type=ARROW, null_handling=SPECIAL)
        names.append(name)
    return names


def _builder(name: str, strict: bool, error: type[Exception]) -> Callable[..., Any]:
    """The Arrow function of ``urikit_build``: a URL a row from its plain parts
    (:func:`urikit._batch.columns.built`), ``error`` (DuckDB's) for a row that builds
    none when ``strict``."""
    make = _pyarrow().array
    string = _pyarrow().large_string()

    def build(scheme: Any, host: Any, port: Any, segments: Any, query: Any,
              fragment: Any) -> Any:
        parts = [column.to_pylist() for column in (scheme, host, port, segments, query,
                                                   fragment)]
        try:
            return make(columns.built(parts, strict=strict, name=name), type=string)
        except URIError as exc:
            raise error(str(exc)) from None
    return build
