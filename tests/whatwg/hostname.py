"""The hostname a browser reads from a URI's host, as the WPT comparisons need it."""

from __future__ import annotations

from urikit._core.schemes import SchemeKind, scheme_kind
from urikit._whatwg.browser import browser_host


def browser_hostname(scheme: str, host: str | None) -> str:
    """The hostname a browser gives for ``host`` under ``scheme``: the browser's host
    reading for the special schemes (none for a local ``file:`` host), the host as
    written for the others.

    Raises:
        URIError: the browser's host reading refuses the host.
    """
    kind = scheme_kind(scheme)
    if kind is SchemeKind.FILE:
        return "" if host in (None, "", "localhost") else browser_host(host or "")
    if kind is SchemeKind.SPECIAL:
        return browser_host(host or "")
    return host or ""
