"""Other specifications mapped onto RFC 3986 components, on plain values.

IRIs (RFC 3987), the lenient reader of browser and framework input (on the browser's
reading, :mod:`urikit._whatwg`), file paths (RFC 8089) and URI templates (RFC 6570).

Layer 3 of 8: it imports only from :mod:`urikit._core`, :mod:`urikit._whatwg` and
from itself.
"""
