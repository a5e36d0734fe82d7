"""Policies for web code built on the model.

Safe redirects, canonical forms for deduplication, the ready-made pydantic field types
and the framework adapters' one request home (``request``) and template filters.

Layer 6 of 8: it imports only from the layers below (:mod:`urikit._core`,
:mod:`urikit._whatwg`, :mod:`urikit._interop`, :mod:`urikit._model`, :mod:`urikit._match`)
and from itself.
"""
