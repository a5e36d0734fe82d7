"""The batch engine: one operation table, records and their rendering, for every front end.

What a line or a cell is, what each operation does to it, and how its result or its
error is written as columns: the command line, Dask, DuckDB, Polars and pandas all ask
this layer.

Layer 7 of 8: it imports only from the layers below (:mod:`urikit._core` up to
:mod:`urikit._web`) and itself; never from :mod:`urikit._cli`.
"""
