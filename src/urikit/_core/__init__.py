"""RFC 3986 on plain values: strings and component tuples, never a ``URI`` object.

Owns the grammar (Appendix A) and every pattern built from it, the error classes, the
component tuple, port arithmetic, the scheme tables, parsing, serializing,
percent-encoding, resolution and relative references (§5), normalization (§6), host
classification and origins. What a browser reads and shows lives a layer up, in
:mod:`urikit._whatwg`.

Layer 1 of 8, the lowest: it imports nothing else from urikit.
"""
