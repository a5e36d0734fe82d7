"""The browser's reading: what a browser makes of a host, and which names it shows in Unicode.

Owns the WHATWG URL standard's host parser (IPv4 in every form, IPv6, forbidden code
points), international domain names (UTS 46 as the URL standard applies it, and IDNA
2008), the spoof-resistant IDN display policy (UTS 39) with its generated Unicode data,
and the display of hosts and URIs built on it. It works on plain values, as
:mod:`urikit._core` does; RFC 3986 itself stays there.

Layer 2 of 8: it imports only from :mod:`urikit._core` and from itself.
"""
