"""urikit against the browsers' own tests: the web-platform-tests URL and IDNA data.

The data (``tests/data/wpt/``, with its source and licence in the README there) are the
URL standard's expectations for a browser's URL parser. urikit reads input as browsers
do (:meth:`URI.parse_lenient`) but writes RFC 3986 text, so the host and port are
compared by meaning (our host read by the browser's host parser is the browser's host)
and each other difference is counted by its kind. The counts are pinned here and
written in ``docs/browsers.md``: a new kind, or a count that moves, fails the test.
"""

from __future__ import annotations

import collections
import ipaddress
import json
import re
import unicodedata
from pathlib import Path
from typing import Any, Final
from urllib.parse import unquote

from urikit import URI, URIError
from urikit._core.resolve import remove_dot_segments
from urikit._core.schemes import DEFAULT_PORT_TEXT, SchemeKind, scheme_kind
from urikit._whatwg.browser import browser_host

from .hostname import browser_hostname

DATA: Final = Path(__file__).resolve().parent.parent / "data" / "wpt"


def _rows(name: str) -> list[dict[str, Any]]:
    """The test rows of a WPT file (the strings among them are comments)."""
    rows = json.loads((DATA / name).read_text(encoding="utf-8"))
    return [row for row in rows if isinstance(row, dict)]


def _read(row: dict[str, Any]) -> URI:
    base = row.get("base")
    return URI.parse_lenient(row["input"], base=base) if base is not None \
        else URI.parse_lenient(row["input"])


# --- urltestdata.json: host and port ----------------------------------------------------

#: What each of the 891 rows of urltestdata.json gives, by kind.
URL_HOST_KINDS: Final = {
    # the browser reads the input; our host and port mean the browser's
    "same host and port": 611,
    # the browser refuses the input; so does urikit
    "refused, as by the browser": 259,
    # a non-special (opaque) host: urikit percent-encodes what a reg-name forbids
    # ('%' as %25, '"' as %22); the browser keeps it; decoded, the two are equal
    "opaque host in RFC 3986 encoding": 3,
    # a non-special scheme's IPv6 literal: kept as written, the browser compresses it
    "IPv6 literal of a non-special scheme as written": 2,
    # an xn-- label that is no valid A-label (UTS 46 CheckPunycode, 15.1): urikit
    # refuses it, the URL standard keeps it (see the toascii and IDNA rows below)
    "xn-- label refused": 8,
    # no base: the browser has no URL to give; urikit returns the relative reference
    "relative reference without a base": 8,
}


def _host_kind(row: dict[str, Any]) -> str:
    """The kind of what urikit gives for one row of urltestdata.json."""
    try:
        uri = _read(row)
    except URIError as error:
        if row.get("failure"):
            return "refused, as by the browser"
        if "xn--" in row["input"].lower():
            return "xn-- label refused"
        return f"refused, the browser reads it: {error}"
    if row.get("failure"):
        if row.get("base") is None and uri.scheme is None:
            return "relative reference without a base"
        return "accepted, the browser refuses it"
    scheme = row["protocol"][:-1]
    kind = scheme_kind(scheme)
    ours = browser_hostname(scheme, uri.host)
    theirs = row["hostname"]
    port = None if uri.port is None or str(uri.port) == DEFAULT_PORT_TEXT.get(scheme) \
        else str(uri.port)
    if (port or "") != row["port"] or (uri.scheme or "").lower() != scheme:
        return "other scheme or port"
    if ours == theirs:
        return "same host and port"
    if kind is SchemeKind.NOT_SPECIAL and ours.startswith("[") and theirs.startswith("[") \
            and ipaddress.ip_address(ours[1:-1]) == ipaddress.ip_address(theirs[1:-1]):
        return "IPv6 literal of a non-special scheme as written"
    if kind is SchemeKind.NOT_SPECIAL and unquote(ours) == unquote(theirs):
        return "opaque host in RFC 3986 encoding"
    return "other host"


def test_urltestdata_host_and_port_are_the_browsers() -> None:
    """On every row of urltestdata.json the browser reads, urikit's host and port mean
    the browser's, special and non-special schemes alike, or differ by a named kind;
    every row the browser refuses, urikit refuses, but relative references read
    without a base."""
    counts = collections.Counter(_host_kind(row) for row in _rows("urltestdata.json"))
    assert dict(counts) == URL_HOST_KINDS
    assert sum(counts.values()) == 891


# --- urltestdata.json: the other components --------------------------------------------

#: How the other components of the rows with the browser's host and port compare.
URL_COMPONENT_KINDS: Final = {
    "equal": 2919,
    # RFC 3986 percent-encodes what WHATWG keeps (":" in a first segment, "#" in the
    # fragment, "[" in a path, a space in an opaque path ...); decoded, equal
    "RFC 3986 percent-encoding": 66,
    # valid text is kept exactly: without a base nothing resolves "." and ".."
    "dot segments kept as written": 41,
    # file URLs: a Windows drive letter ("C|", "c:") or a path without "//" kept as
    # RFC 3986 text, where WHATWG makes it an absolute path
    "file URL path": 29,
}

_COMPONENTS: Final = ("username", "password", "pathname", "search", "hash")
_DOT_RE: Final = re.compile(r"(?:(?<=/)|^)(?:\.|%2[eE])(?:\.|%2[eE])?(?=/|$)")


def _browser_dots(path: str) -> str:
    return remove_dot_segments(_DOT_RE.sub(
        lambda m: "." * (len(m.group()) - 2 * m.group().count("%")), path))


def _ours(uri: URI, scheme: str) -> dict[str, str]:
    user, _, password = (uri.userinfo or "").partition(":")
    special = scheme_kind(scheme) is not SchemeKind.NOT_SPECIAL
    return {"username": user, "password": password,
            "pathname": str(uri.path) or ("/" if special and uri.host is not None else ""),
            "search": f"?{uri.query}" if uri.query else "",
            "hash": f"#{uri.fragment}" if uri.fragment else ""}


def _component_kind(name: str, ours: str, theirs: str, scheme: str) -> str:
    if ours == theirs:
        return "equal"
    if unquote(ours) == unquote(theirs):
        return "RFC 3986 percent-encoding"
    if name == "pathname" and _browser_dots(ours) == _browser_dots(theirs):
        return "dot segments kept as written"
    if name == "pathname" and scheme == "file":
        return "file URL path"
    return f"other {name}"


def test_urltestdata_other_components_equal_or_differ_by_a_named_kind() -> None:
    """Userinfo, path, query and fragment of the rows where the host and port are the
    browser's: equal, or differing by a kind named and counted here."""
    counts: collections.Counter[str] = collections.Counter()
    for row in _rows("urltestdata.json"):
        if _host_kind(row) != "same host and port":
            continue
        scheme = row["protocol"][:-1]
        ours = _ours(_read(row), scheme)
        counts.update(_component_kind(name, ours[name], row[name], scheme)
                      for name in _COMPONENTS)
    assert dict(counts) == URL_COMPONENT_KINDS


# --- toascii.json and IdnaTestV2.json ---------------------------------------------------

#: toascii.json (87 rows) and IdnaTestV2.json (2,671 rows), by kind.
TOASCII_KINDS: Final = {"pass": 80, "xn-- label refused": 7}
IDNA_KINDS: Final = {"pass": 1904, "xn-- label refused": 763, "empty host refused": 1,
                     # CJK Extension J (Unicode 17), which the idna package's tables
                     # know and no supported Python's unicodedata does yet
                     "newer than this Python's Unicode data": 3}


def _newer_than_this_python(text: str) -> bool:
    """Whether ``text`` (its A-labels decoded) holds a code point that this Python's
    Unicode data does not know: urikit refuses those rather than check a code point by
    one Unicode version and map it by another (docs/security.md)."""
    labels = []
    for label in text.split("."):
        if label[:4].lower() == "xn--" and label.isascii():
            try:
                label = label[4:].encode("ascii").decode("punycode")
            except UnicodeError:
                continue
        labels.append(label)
    return any(unicodedata.category(c) == "Cn" for c in "".join(labels))


def _idna_kind(row: dict[str, Any]) -> str:
    try:
        got: str | None = browser_host(row["input"])
    except URIError:
        got = None
    if got == row["output"]:
        return "pass"
    if got is None and "xn--" not in row["input"].lower() \
            and _newer_than_this_python(row["input"]):
        return "newer than this Python's Unicode data"
    if got is None and "xn--" in row["input"].lower():
        # urikit checks an A-label as UTS 46 15.1 does (valid Punycode decoding to a
        # label outside ASCII that passes the label checks); the URL standard keeps it
        return "xn-- label refused"
    if got is None and row["input"] == "":
        return "empty host refused"  # a URL's host parser never sees an empty domain
    return "other"


def test_toascii_rows_pass_or_are_a_named_choice() -> None:
    """Every row of toascii.json gives the browser's ASCII host or failure, or is an
    A-label urikit refuses (the documented choice)."""
    counts = collections.Counter(map(_idna_kind, _rows("toascii.json")))
    assert dict(counts) == TOASCII_KINDS


def test_idna_test_v2_rows_pass_or_are_a_named_choice() -> None:
    """Every row of IdnaTestV2.json gives the browser's ASCII host or failure, or is a
    named, documented choice."""
    counts = collections.Counter(map(_idna_kind, _rows("IdnaTestV2.json")))
    assert dict(counts) == IDNA_KINDS
