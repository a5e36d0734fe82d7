"""What the text view's host reads after a plain-text write: the one statement of that
rule for every property that writes ``uri.text.host`` (test_text, test_properties, the
state machine), so that a new reading of the setter is taught to them all at once.

The oracle is independent of urikit's own grammar where it can be: Python's
``ipaddress`` says which text is an IPv6 address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from urikit import IDNAError, ParseError, URIError, host_to_ascii


def is_ipv6_address(text: str) -> bool:
    """Whether Python's ``ipaddress`` reads ``text`` as an IPv6 address (no zone)."""
    if "%" in text:
        return False
    try:
        ipaddress.IPv6Address(text)
    except ValueError:
        return False
    return True


def host_read_back(text: str) -> str:
    """What ``uri.text.host`` reads after ``text`` was written (and taken) on a URI
    whose host did not already read as ``text``: the text itself, but a plain-text
    IPv6 address reads as the IP literal it became (``::`` as ``[::]``, RFC 3986 §3.2.2)
    and a name outside ASCII as its A-labels (UTS 46)."""
    if text.startswith("["):
        return text
    if is_ipv6_address(text):
        return f"[{text}]"
    if text.isascii() or any("\ud800" <= c <= "\udfff" for c in text):
        return text  # surrogate escapes stand for octets: percent-encoded, not IDNA
    return host_to_ascii(text.replace("%", "%25"))


def host_refusal_expected(text: str, error: Exception) -> bool:
    """Whether the host setter may refuse ``text`` with ``error``: UTS 46 refuses a
    name outside ASCII, or an ASCII ``xn--`` label that is no A-label; a zone
    identifier needs ``allow_zone_id``."""
    if isinstance(error, IDNAError):
        return not text.isascii() or any(
            label.lower().startswith("xn--") for label in text.split("."))
    if isinstance(error, ParseError):
        address, percent, _ = text.partition("%")
        return bool(percent) and (text.startswith("[") or is_ipv6_address(address))
    return False


def refusal(write: Callable[[], object]) -> URIError | None:
    """The URIError ``write`` raised, or ``None`` when it was taken."""
    try:
        write()
    except URIError as error:
        return error
    return None
