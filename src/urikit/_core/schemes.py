"""What urikit knows of particular schemes: default ports and the WHATWG special schemes."""

from __future__ import annotations

import enum
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

#: The schemes whose URIs should carry no userinfo at all: http and https (RFC 9110
#: §4.2.4, "a sender MUST NOT generate the userinfo subcomponent"), ws and wss (RFC
#: 6455 §3 reads them as http's). A user name there without a password is masked as a
#: secret (``https://TOKEN@h/``: the token-as-user-name of git hosts and APIs).
USERINFO_DEPRECATED: Final = frozenset({"http", "https", "ws", "wss"})



class SchemeKind(enum.Enum):
    """How browsers read a URL of a scheme (the WHATWG URL standard's "special"
    schemes; rust-url's ``SchemeType``): the one notion of a scheme's kind that the
    lenient reader, the redirect check and the CLI's masking ask.

    ``SPECIAL``: http, https, ws, wss, ftp: "\\" is "/", a host is required and
    read by the WHATWG host parser (IPv4 in any form, UTS 46). ``FILE``: the same
    host parser, an empty host allowed, no userinfo or port, drive letters kept.
    ``NOT_SPECIAL``: every other scheme: "\\" is data, the host is opaque
    (percent-encoded, never IDNA).
    """

    SPECIAL = "special"
    FILE = "file"
    NOT_SPECIAL = "not-special"


def scheme_kind(scheme: str) -> SchemeKind:
    """The :class:`SchemeKind` of a scheme, compared case-insensitively.

    >>> scheme_kind("HTTPS"), scheme_kind("file"), scheme_kind("sc")
    (<SchemeKind.SPECIAL: 'special'>, <SchemeKind.FILE: 'file'>, \
<SchemeKind.NOT_SPECIAL: 'not-special'>)
    """
    return _KINDS.get(scheme.lower(), SchemeKind.NOT_SPECIAL)


_KINDS: Final = {**dict.fromkeys(("http", "https", "ws", "wss", "ftp"), SchemeKind.SPECIAL),
                 "file": SchemeKind.FILE}

#: The WHATWG URL standard's "special" schemes, for which browsers read "\\" as "/":
#: those of kind SPECIAL or FILE.
SPECIAL_SCHEMES: Final = frozenset(_KINDS)
