"""Field types for URIs that come from the web: pydantic aliases of URI and FrozenURI.

==================== ======================================================= ==============
type                 reads                                                   JSON schema
==================== ======================================================= ==============
``URI``              a URI-reference, strictly (RFC 3986)                    uri-reference
``AbsoluteURI``      a URI with a scheme, strictly                           uri
``LenientURI``       text as browsers and frameworks send it, repaired first uri-reference
``LenientFrozenURI`` the same, as a FrozenURI
``HttpURI``          an http(s) URL with a host and a port ≤ 65535, strictly uri
``LenientHttpURI``   the same, read as ``LenientURI`` reads                  uri
==================== ======================================================= ==============

(``FrozenURI``, ``AbsoluteFrozenURI``, ``HttpFrozenURI`` and ``LenientHttpFrozenURI``
likewise.) Each alias is ``Annotated`` with a
:class:`~urikit._model.pydantic.URIOptions` marker; importing them imports no pydantic.
They live here, not in :mod:`urikit._model.pydantic`, because the URI classes import that
module and it must not import them back.
"""

from __future__ import annotations

from typing import Annotated

from .._model.pydantic import URIOptions
from .._model.uri import URI, FrozenURI

LenientURI = Annotated[URI, URIOptions(lenient=True)]
LenientFrozenURI = Annotated[FrozenURI, URIOptions(lenient=True)]
AbsoluteURI = Annotated[URI, URIOptions(absolute=True)]
AbsoluteFrozenURI = Annotated[FrozenURI, URIOptions(absolute=True)]
HttpURI = Annotated[URI, URIOptions(http=True)]
HttpFrozenURI = Annotated[FrozenURI, URIOptions(http=True)]
LenientHttpURI = Annotated[URI, URIOptions(lenient=True, http=True)]
LenientHttpFrozenURI = Annotated[FrozenURI, URIOptions(lenient=True, http=True)]
