"""What the framework adapters share in templates: the filters on links.

The request's reading, route values and redirects live in :mod:`urikit._web.request`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .._model.uri import URI, FrozenURI, as_frozen


def _frozen(uri: URI | FrozenURI | str) -> FrozenURI:
    """``uri`` as a new or the same :class:`FrozenURI` (a ``str`` read leniently)."""
    return as_frozen(uri, "uri", lenient=True)


def with_param(uri: URI | FrozenURI | str, name: str, value: str | int | None) -> FrozenURI:
    """The template filter ``with_param``: a new URI with ``name`` set to ``value``
    (:meth:`urikit.FrozenURI.set_param`); ``uri`` is unchanged."""
    return _frozen(uri).set_param(name, value)


def without_param(uri: URI | FrozenURI | str, name: str) -> FrozenURI:
    """The template filter ``without_param``: a new URI without the parameter ``name``
    (:meth:`urikit.FrozenURI.discard_param`); ``uri`` is unchanged."""
    return _frozen(uri).discard_param(name)


def with_segments(uri: URI | FrozenURI | str, *segments: object) -> FrozenURI:
    """The template filter ``with_segments``: a new URI with ``segments`` appended to
    its path, each encoded as one segment (:meth:`urikit.FrozenURI.add_segments_text`);
    ``uri`` is unchanged."""
    return _frozen(uri).add_segments_text(*(str(segment) for segment in segments))


#: The Jinja filters both adapters install, by name.
FILTERS: Final[dict[str, Callable[..., FrozenURI]]] = {
    "with_param": with_param, "without_param": without_param, "with_segments": with_segments}
