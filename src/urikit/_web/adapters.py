"""What the framework adapters share in templates: the filters on links.

The request's reading, route values and redirects live in :mod:`urikit._web.request`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from typing import Final, cast

from .._model.query import Values
from .._model.uri import URI, FrozenURI, as_frozen


def _frozen(uri: URI | FrozenURI | str) -> FrozenURI:
    """``uri`` as a new or the same :class:`FrozenURI` (a ``str`` read leniently)."""
    return as_frozen(uri, "uri", lenient=True)


def param_values(value: object) -> Values | None:
    """A template's parameter value as the query values it stands for, as Django's
    ``{% querystring %}`` reads one: ``None`` removes the key (``None`` here), a
    ``str``, an ``int`` or a URI is one value (a URI's text), any other iterable one
    value per item (a list repeats the key, a ``None`` in it left out, as Django 6
    leaves it out where 5.2 wrote ``"None"``; an empty one removes it), anything else
    its ``str()`` (``True`` is ``"True"``, as Django writes it)."""
    if value is None or (isinstance(value, str | int | URI | FrozenURI) and not isinstance(
            value, bool)):
        return cast("Values | None", value)
    if isinstance(value, Iterable):
        return [item if isinstance(item, str) else str(item)
                for item in cast("Iterable[object]", value) if item is not None]
    return str(value)


def with_param(uri: URI | FrozenURI | str, name: str, value: object) -> FrozenURI:
    """The template filter ``with_param``: a new URI with ``name`` set to ``value``
    (:meth:`urikit.FrozenURI.set_param`; a list repeats the key, ``None`` removes it,
    as :func:`param_values` reads a value); ``uri`` is unchanged."""
    values = param_values(value)
    if values is None:
        return _frozen(uri).discard_param(name)
    return _frozen(uri).set_param(name, values)


def without_param(uri: URI | FrozenURI | str, name: str) -> FrozenURI:
    """The template filter ``without_param``: a new URI without the parameter ``name``
    (:meth:`urikit.FrozenURI.discard_param`); ``uri`` is unchanged."""
    return _frozen(uri).discard_param(name)


def add_segments(uri: URI | FrozenURI | str, *segments: object) -> FrozenURI:
    """The template filter ``add_segments``: a new URI with ``segments`` appended to
    its path, each encoded as one segment (:meth:`urikit.FrozenURI.add_segments_text`;
    an ``int`` as its digits, anything else its ``str()``); ``uri`` is unchanged."""
    return _frozen(uri).add_segments_text(
        *(segment if isinstance(segment, str | int) and not isinstance(segment, bool)
          else str(segment) for segment in segments))


def with_segments(uri: URI | FrozenURI | str, *segments: object) -> FrozenURI:
    """The template filter ``with_segments``, deprecated: :func:`add_segments` under
    its old name (it appends, where every other ``with_*`` replaces)."""
    warnings.warn("the template filter with_segments is deprecated: it appends, so it "
                  "is add_segments now", DeprecationWarning, stacklevel=2)
    return add_segments(uri, *segments)


#: The Jinja filters both adapters install, by name.
FILTERS: Final[dict[str, Callable[..., FrozenURI]]] = {
    "with_param": with_param, "without_param": without_param, "add_segments": add_segments,
    "with_segments": with_segments}
