"""urikit's setters against the browsers' own tests: WPT's setters_tests.json.

Each row of ``setters_tests.json`` sets one attribute of a browser's URL (``href``) to a
value (``new_value``) and gives what the browser's URL then says. For every attribute
urikit has an equivalent of, the row's href is read as a browser reads it
(:meth:`URI.parse_lenient`), the value is set the way a user of urikit would set it,
and the components the row names are compared with the browser's, read as the browser
reads them (as ``test_wpt.py`` compares urltestdata.json). urikit's setters are strict:
the wire setters (``scheme``, ``port``, ``path``, ``query``, ``fragment``) take RFC 3986
text and refuse anything else; the text view (``uri.text.user``, ``.password``,
``.host``) takes plain text and percent-encodes it as data. So each outcome is equal,
refused where the browser ignores the value too, or of a kind named here. The counts
are pinned per attribute and written in ``docs/security.md``: a new kind, or a count
that moves, fails the test.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import unquote

from urikit import URI, IDNAError, URIError
from urikit._core.schemes import DEFAULT_PORT_TEXT, SchemeKind, scheme_kind

from .hostname import browser_hostname
from .test_wpt import DATA, _browser_dots

#: What a refused host reads as, so that it never equals a browser's host.
_REFUSED: Final = "<refused by the browser's host reading>"


def _host_and_port(uri: URI, value: str) -> None:
    """Set ``host`` as a user splits the browser's ``host`` ("name:port") in two."""
    name, colon, port = value.rpartition(":")
    if not colon or "]" in port:
        uri.text.host = value
        return
    number = int(port) if port else None  # "example.com:" keeps the port, as browsers do
    uri.text.host = name
    if number is not None:
        uri.port = number


#: How a user of urikit sets each attribute of a browser's URL that urikit has.
#: The browser's API conventions are translated, not its repairs: the ``protocol``
#: value ends at ":", ``search`` and ``hash`` drop one leading "?" or "#", and ""
#: removes the port, query or fragment.
SETTERS: Final[dict[str, Callable[[URI, str], None]]] = {
    "protocol": lambda uri, v: setattr(uri, "scheme", v.partition(":")[0]),
    "username": lambda uri, v: setattr(uri.text, "user", v),
    "password": lambda uri, v: setattr(uri.text, "password", v),
    "host": _host_and_port,
    "hostname": lambda uri, v: setattr(uri.text, "host", v),
    "port": lambda uri, v: setattr(uri, "port", int(v) if v else None),
    "pathname": lambda uri, v: setattr(uri, "path", v),
    "search": lambda uri, v: setattr(uri, "query", v.removeprefix("?") if v else None),
    "hash": lambda uri, v: setattr(uri, "fragment", v.removeprefix("#") if v else None),
}

#: The attributes of setters_tests.json that urikit has no equivalent of, with their
#: row counts: a URI is replaced whole by parsing, never by setting its text.
MISSING: Final = {"href": 1}

#: What each row gives, per attribute and kind (277 rows).
SETTER_KINDS: Final = {
    "protocol": {
        "equal": 7,
        # a value the browser ignores (no valid scheme): refused with a ParseError
        "refused, as the browser ignores it": 10,
        # a special scheme for a non-special one or back, "file" with a userinfo or a
        # port, a scheme for "file" with an empty host: the URL standard forbids these
        # changes, RFC 3986 does not
        "accepted where the browser leaves the URL as it was": 16,
        # tab, CR or LF in the value, which the browser strips
        "strict setter refuses text RFC 3986 does not allow there": 2,
    },
    "username": {
        "equal": 5,
        # no host (mailto:, javascript:): a userinfo needs one (BuildError)
        "refused, as the browser ignores it": 3,
        # file: and an empty host: RFC 3986 allows a userinfo there
        "accepted where the browser leaves the URL as it was": 3,
        # the browser encodes ";" and "=" and keeps "%" as it is; the text view keeps
        # ";" and "=" and writes "%25"; decoded, the two are equal
        "RFC 3986 percent-encoding": 1,
        # "%c3%89" is text to the text view (written %25c3%2589), an escape to a browser
        "text view encodes '%' a browser keeps as an escape": 1,
    },
    "password": {
        "equal": 5,
        "refused, as the browser ignores it": 2,
        "accepted where the browser leaves the URL as it was": 3,
        "RFC 3986 percent-encoding": 1,
        "text view encodes '%' a browser keeps as an escape": 1,
    },
    "host": {
        "equal": 17,
        "refused, as the browser ignores it": 1,
        "accepted where the browser leaves the URL as it was": 20,
        # "example.com:8080/stuff", "x:invalid": int() refuses the port text; the
        # browser reads its leading digits or keeps the port
        "port text int() refuses": 10,
        # "/", "?", "#", "\\", tab, CR, LF: the browser ends the host there or strips
        # them; the text view writes them into a registered name, percent-encoded
        "text view encodes what a browser cuts or strips": 14,
        "text view encodes '%' a browser keeps as an escape": 2,
        # RFC 3986 sets no upper limit on a port
        "port past 65535 accepted": 1,
        # the text view writes a name outside ASCII as A-labels; for a non-special
        # scheme the browser percent-encodes it (sc://%C3%9F/)
        "A-labels for a non-special scheme's host": 1,
        # "xn--": refused by the text view, as by from_iri, parse_lenient and the
        # browser's host reading (UTS 46 15.1); this data's setter keeps it
        "xn-- label refused, as the browser's host reading refuses it": 1,
    },
    "hostname": {
        "equal": 7,
        "refused, as the browser ignores it": 1,
        "accepted where the browser leaves the URL as it was": 21,
        "text view encodes what a browser cuts or strips": 14,
        "text view encodes '%' a browser keeps as an escape": 2,
        "xn-- label refused, as the browser's host reading refuses it": 1,
        # the browser writes "/." before a path that starts with "//" and has no host
        "dot segments kept as written": 2,
    },
    "port": {
        "equal": 10,
        # "randomstring" (int() refuses it), a port without a host (BuildError)
        "refused, as the browser ignores it": 3,
        # a port on a file: URL or on an empty host: RFC 3986 allows both
        "accepted where the browser leaves the URL as it was": 3,
        "port text int() refuses": 9,
        "port past 65535 accepted": 2,
    },
    "pathname": {
        "equal": 5,
        "refused, as the browser ignores it": 2,
        # mailto: takes "/foo" as its path under RFC 3986; the browser keeps an opaque
        # path as it was
        "accepted where the browser leaves the URL as it was": 1,
        # a space, "?", "#", "\\", a control or non-ASCII character: the wire setter
        # refuses it (uri.text.path or the *_text methods encode it)
        "strict setter refuses text RFC 3986 does not allow there": 16,
        # a wire path is stored as written, "." and ".." included
        "dot segments kept as written": 6,
        # without an authority, a path that does not start with "/" stays relative
        # (foo:test); the browser keeps the path absolute (foo:/test)
        "relative path kept relative": 3,
    },
    "search": {
        "equal": 12,
        "strict setter refuses text RFC 3986 does not allow there": 4,
    },
    "hash": {
        "equal": 8,
        "strict setter refuses text RFC 3986 does not allow there": 16,
        # the lenient reading encodes an opaque path's trailing spaces, which the
        # browser encodes only in part once the fragment is removed
        "RFC 3986 percent-encoding": 2,
    },
}

#: The kinds in which urikit refuses the value (a URIError, or int() of a port's text).
REFUSALS: Final = frozenset({
    "refused, as the browser ignores it",
    "strict setter refuses text RFC 3986 does not allow there",
    "port text int() refuses",
    "xn-- label refused, as the browser's host reading refuses it",
})


def _setter_rows() -> dict[str, list[dict[str, Any]]]:
    """The rows of setters_tests.json by attribute (the "comment" entry left out)."""
    data = json.loads((DATA / "setters_tests.json").read_text(encoding="utf-8"))
    return {name: rows for name, rows in data.items() if name != "comment"}


def _browser_view(uri: URI) -> dict[str, str]:
    """The attributes of a browser's URL as they read ``uri``'s components."""
    scheme = (uri.scheme or "").lower()
    kind = scheme_kind(scheme)
    try:
        name = browser_hostname(scheme, uri.host)
    except URIError:
        name = _REFUSED
    port = "" if uri.port is None or str(uri.port) == DEFAULT_PORT_TEXT.get(scheme) \
        else str(uri.port)
    user, _, password = (uri.userinfo or "").partition(":")
    path = str(uri.path)
    return {"protocol": f"{scheme}:", "username": user, "password": password,
            "hostname": name, "port": port, "host": f"{name}:{port}" if port else name,
            "pathname": path or ("/" if kind is not SchemeKind.NOT_SPECIAL
                                 and uri.host is not None else ""),
            "search": f"?{uri.query}" if uri.query else "",
            "hash": f"#{uri.fragment}" if uri.fragment else ""}


def _setter_kind(name: str, row: dict[str, Any]) -> str:
    """The kind of what urikit gives for one row of setters_tests.json."""
    uri = URI.parse_lenient(row["href"])
    expected = {key: value for key, value in row["expected"].items() if key != "href"}
    before = _browser_view(uri)
    unchanged = all(before[key] == value for key, value in expected.items())
    value = row["new_value"]
    try:
        SETTERS[name](uri, value)
    except URIError as error:
        if unchanged:
            return "refused, as the browser ignores it"
        if isinstance(error, IDNAError) and "xn--" in value.lower():
            return "xn-- label refused, as the browser's host reading refuses it"
        return "strict setter refuses text RFC 3986 does not allow there"
    except ValueError:  # int() of the port text: not urikit's error
        return "refused, as the browser ignores it" if unchanged \
            else "port text int() refuses"
    ours = _browser_view(uri)
    if all(ours[key] == theirs for key, theirs in expected.items()):
        return "equal"
    if uri.port is not None and uri.port > 65535:
        return "port past 65535 accepted"
    if unchanged:
        return "accepted where the browser leaves the URL as it was"
    if all(unquote(ours[key]) == unquote(theirs) for key, theirs in expected.items()):
        return "RFC 3986 percent-encoding"
    if name in ("username", "password", "host", "hostname") and "%" in value:
        return "text view encodes '%' a browser keeps as an escape"
    if name in ("host", "hostname") and any(c in value for c in "/?#\\\t\r\n"):
        return "text view encodes what a browser cuts or strips"
    if name in ("host", "hostname") and not value.isascii():
        return "A-labels for a non-special scheme's host"
    if "pathname" in expected and all(
            _browser_dots(ours[key]) == _browser_dots(theirs) if key == "pathname"
            else ours[key] == theirs for key, theirs in expected.items()):
        return "dot segments kept as written"
    if name == "pathname" and uri.host is None and not str(uri.path).startswith("/"):
        return "relative path kept relative"
    return f"other {name}"


def test_setters_urikit_has_are_equal_or_differ_by_a_named_kind() -> None:
    """Every row of setters_tests.json for an attribute urikit can set (277 rows):
    equal to the browser's result, refused where the browser ignores the value, or of
    a named kind, counted per attribute."""
    rows = _setter_rows()
    counts = {name: dict(collections.Counter(_setter_kind(name, row) for row in rows[name]))
              for name in SETTERS}
    assert counts == SETTER_KINDS
    assert sum(map(len, (rows[name] for name in SETTERS))) == 277


def test_every_attribute_is_compared_or_listed_as_missing() -> None:
    """The attributes of setters_tests.json are the ones compared here and the ones
    urikit lacks (with their row counts)."""
    rows = _setter_rows()
    assert set(rows) == set(SETTERS) | set(MISSING)
    assert {name: len(rows[name]) for name in MISSING} == MISSING


def test_a_refusal_leaves_the_uri_as_it_was() -> None:
    """Where a setter refuses a row's value, the URI keeps the text it had: a strict
    setter never stores half a change (79 rows, the refusal kinds pinned above)."""
    refused = 0
    for name, rows in _setter_rows().items():
        if name not in SETTERS:
            continue
        for row in rows:
            uri = URI.parse_lenient(row["href"])
            before = str(uri)
            try:
                SETTERS[name](uri, row["new_value"])
            except (URIError, ValueError):
                refused += 1
                assert str(uri) == before, (name, row)
    assert refused == sum(count for kinds in SETTER_KINDS.values()
                          for kind, count in kinds.items() if kind in REFUSALS)
