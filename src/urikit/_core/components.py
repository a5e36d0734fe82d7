"""The seven wire components of a URI-reference as one immutable record."""

from __future__ import annotations

from typing import Final, NamedTuple


class Components(NamedTuple):
    """The seven components of a URI-reference, in wire form (RFC 3986 §3, §5.3).

    This is what the parser produces, what the serializer writes, and what
    resolution, relative references, normalization, origins and display take and
    return: plain values, with ``None`` for an undefined component (its delimiter is
    absent) and ``""`` for an empty one. ``port`` is the port's text as written
    (``"0080"`` stays ``"0080"``; ``""`` for ``http://h:/``). ``path`` is always a
    ``str``.

    A ``Components`` value is not checked: whoever builds one vouches that each
    field is valid wire text for its rule and that the §3.2 and §3.3 rules hold
    (userinfo and port only with a host; with a host the path is empty or starts
    with "/"). The parser and the URI classes only ever build such values.

    >>> from urikit import URI
    >>> URI.parse("http://u@h:8/p?q#f").components
    Components(scheme='http', userinfo='u', host='h', port='8', path='/p', query='q', fragment='f')

    .. versionadded:: 0.2
    """

    scheme: str | None
    userinfo: str | None
    host: str | None
    port: str | None
    path: str
    query: str | None
    fragment: str | None


#: The seven components as the parser's pattern gives them and as the modules below
#: the URI classes take and return them: a plain tuple in :class:`Components`' order
#: (a ``Components`` is one too). The URI classes hold one of these.
Parts = tuple[str | None, str | None, str | None, str | None, str, str | None, str | None]

#: The components of the empty reference ``""``.
EMPTY = Components(None, None, None, None, "", None, None)


#: The classes whose objects stand for a whole URI: ``URI`` and ``FrozenURI``, which
#: the model (``_model/uri.py``) adds once it defines them. A query parameter's value
#: may be one, written as its text (``_model/query.py`` asks). It lives here, with the
#: record every layer shares, so that it is filled when the URI classes are defined,
#: whichever module is imported first.
LINK_CLASSES: Final[list[type[object]]] = []
