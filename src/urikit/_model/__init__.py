"""The element model: ``URI`` and ``FrozenURI``, their live views and pydantic schema.

The views are the path segments, the query parameters and the plain-text components.

Layer 4 of 8: it imports only from :mod:`urikit._core`, :mod:`urikit._whatwg`,
:mod:`urikit._interop` and itself.
"""
