"""The ``urikit`` template library: links built from a URI without editing it.

``{% load urikit %}``, then, with ``here`` from ``urikit.django.context_processor``:

* ``{{ here|with_param:"page=2" }}``: ``here`` with the parameter ``page`` set to
  ``2`` (the text up to the first "=" is the key, the rest the value, both plain
  text), every other byte of the query kept;
* ``{{ here|without_param:"page" }}``: ``here`` without ``page``;
* ``{{ root|add_segments:"files" }}``: ``root`` with one plain-text segment added
  to its path ("/" in it encoded);
* ``{% uri_with here page=p sort="name" %}``: several parameters set at once, from
  variables (a filter takes one argument), as Django's ``{% querystring %}`` sets
  them: a list repeats the key, ``None`` removes it;
  ``{% uri_with here page=p as link %}`` stores the URI instead of writing it.

The filters give a new :class:`~urikit.FrozenURI`, the tag its text; a ``URI``
passed in is copied first, so a loop over pages never changes ``here``.

.. versionadded:: 0.4

.. versionchanged:: 0.6
   ``uri_with`` reads a value as ``{% querystring %}`` does; ``add_segments``.
"""

from __future__ import annotations

from django import template

from ..._model.uri import FrozenURI, as_frozen
from ..._web.adapters import add_segments as _add_segments
from ..._web.adapters import with_param as _with_param

register = template.Library()


def _frozen(uri: object) -> FrozenURI:
    """``uri`` as a FrozenURI: a URI is frozen (a copy), text read leniently."""
    return as_frozen(uri, "uri", lenient=True)


@register.filter
def with_param(uri: object, pair: object) -> FrozenURI:
    """``uri`` with the parameter ``key=value`` set: ``pair`` is ``"key=value"``
    (plain text, split at the first "="; ``"key"`` alone writes the key without a
    value).

    .. versionadded:: 0.4
    """
    key, equals, value = str(pair).partition("=")
    return _frozen(uri).set_param(key, value if equals else None)


@register.filter
def without_param(uri: object, key: object) -> FrozenURI:
    """``uri`` without the parameter ``key``.

    .. versionadded:: 0.4
    """
    return _frozen(uri).discard_param(str(key))


@register.filter
def add_segments(uri: object, segment: object) -> FrozenURI:
    """``uri`` with ``segment`` added to its path as one plain-text segment ("/" in
    it encoded), as the Jinja filter ``add_segments`` adds one.

    .. versionadded:: 0.6
    """
    return _add_segments(_frozen(uri), segment)


@register.simple_tag
def uri_with(uri: object, **params: object) -> str:
    """The text of ``uri`` with each keyword set as a parameter, as Django's
    ``{% querystring %}`` sets it and the Jinja filter ``with_param`` does: a list
    (any iterable but text) repeats the key, an empty one or ``None`` removes it, a
    URI is its text, anything else its ``str()``. Text, as Django joins a tag's
    output without converting it where autoescaping is off; the filters read it back.

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       A list repeats the key (it was written as its Python ``repr``).
    """
    result = _frozen(uri)
    for key, value in params.items():
        result = _with_param(result, key, value)
    return str(result)
