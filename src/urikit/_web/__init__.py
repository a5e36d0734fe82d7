"""Policies for web code built on the model.

Safe redirects, canonical forms for deduplication and the ready-made pydantic field types.

Layer 4 of 5: it imports only from the layers below (:mod:`urikit._core`,
:mod:`urikit._interop`, :mod:`urikit._model`) and from itself.
"""
