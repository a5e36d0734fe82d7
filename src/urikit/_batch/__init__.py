"""The batch engine: one operation table, records and their rendering, for every front end.

What a line or a cell is, what each operation does to it, and how its result or its
error is written as columns: the command line, Dask, DuckDB, Polars and pandas all ask
this layer. Each module owns one thing:

* :mod:`~urikit._batch.lines`: what a line or a cell is (lines cut from bytes, a BOM,
  undecodable bytes, a line given as ``str``, a table's cell, text writable as UTF-8).
* :mod:`~urikit._batch.operations`: the one table of operations, :class:`Command`
  (each member with its function, its output columns and its error kinds), and
  :class:`Operation`, a command with its options, built once by a front end.
* :mod:`~urikit._batch.records`: :class:`urikit.BatchRecord` and
  :class:`urikit.BatchError`, the outcome of a line and its error as data (a kind to
  group by, a position, a message without the position); the kinds.
* :mod:`~urikit._batch.engine`: :func:`process_line`, an operation on one line or
  cell, a record out, never an exception; :func:`cell` for a table's row;
  :func:`apply`, :func:`apply_pair` and :func:`bound` (one operation as a function of
  the text alone), the result alone (a ``URIError`` for invalid text), for a front
  end that handles errors itself (DuckDB's functions).
* :mod:`~urikit._batch.render`: records as text for people (an error with its caret),
  JSON Lines and CSV; the command line's :class:`~urikit._batch.render.Format`.
* :mod:`~urikit._batch.masking`: every secret masked on the way from a line or a cell
  to an output cell, in one place (asking :mod:`urikit._whatwg.masking`).
* :mod:`~urikit._batch.columns`: a DataFrame's column through the engine at once (the
  Polars namespace's and the pandas accessor's): results, or errors as data, and the
  words of a strict method's error (DuckDB's functions use them too).

The command line (:mod:`urikit._cli`) keeps argument parsing, files, chunks, worker
processes and output writers.

Layer 7 of 8: it imports only from the layers below (:mod:`urikit._core` up to
:mod:`urikit._web`) and itself; never from :mod:`urikit._cli`.
"""
