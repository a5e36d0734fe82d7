"""Matching, the inverse of building: URLPattern and URI Template matching, route tables.

A pattern or a template reads a URI back into its groups or variables, and builds the
URI of given values.

Layer 5 of 8: it imports only from :mod:`urikit._core`, :mod:`urikit._whatwg`,
:mod:`urikit._interop`, :mod:`urikit._model` and itself.
"""
