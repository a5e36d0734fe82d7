"""What urikit knows of particular schemes: default ports and the WHATWG special schemes."""

from __future__ import annotations

from typing import Final

#: The default port of each scheme whose scheme-based normalization (RFC 3986 §6.2.3)
#: and origin urikit knows: http and https (RFC 9110 §4.2), ws and wss (RFC 6455 §3),
#: ftp (RFC 1738 §3.2). The one table every module reads.
DEFAULT_PORTS: Final[dict[str, int]] = {
    "http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21,
}

#: The same ports as the decimal text a port holds without leading zeros, so that a
#: port of any length is compared without converting it to an int.
DEFAULT_PORT_TEXT: Final[dict[str, str]] = {k: str(v) for k, v in DEFAULT_PORTS.items()}

#: The WHATWG URL standard's "special" schemes, for which browsers read "\\" as "/".
SPECIAL_SCHEMES: Final = frozenset({"http", "https", "ws", "wss", "ftp", "file"})
