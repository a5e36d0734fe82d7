"""Other specifications mapped onto RFC 3986 components, on plain values.

IRIs (RFC 3987), the lenient reader of browser and framework input (the WHATWG URL
standard's host reading), file paths (RFC 8089) and URI templates (RFC 6570).

Layer 2 of 5: it imports only from :mod:`urikit._core` and from itself.
"""
