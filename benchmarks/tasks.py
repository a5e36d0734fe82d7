"""The benchmark tasks (a-g): one small function per (task, library), and the corpus readers.

Each case is a function over one input (a URL, a (base, reference) pair, or a tuple of
components prepared for that library before timing). The harness runs it over the whole
input list with ``collections.deque(map(fn, items), maxlen=0)``, so a case that is one
library call (``urlsplit``, ``is_valid``) pays no per-item harness overhead, and a case
that is several calls pays one Python frame, the same for every library. The task
definitions, and what each peer does for them, are documented in ``benchmarks/README.md``.
"""

from __future__ import annotations

import importlib
import re
import urllib.parse as up
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import urikit
import urikit._core.grammar as _grammar
import urikit._core.parse as _parse
from urikit import URI, URITemplate

# Peers without type stubs are imported as modules typed Any.
yarl: Any = importlib.import_module("yarl")
yarl_url: Any = importlib.import_module("yarl._url")
yarl_parse: Any = importlib.import_module("yarl._parse")
rfc3986: Any = importlib.import_module("rfc3986")
rfc3986_builder: Any = importlib.import_module("rfc3986.builder")
rfc3986_validators: Any = importlib.import_module("rfc3986.validators")
rfc3987: Any = importlib.import_module("rfc3987")
uritools: Any = importlib.import_module("uritools")
hyperlink: Any = importlib.import_module("hyperlink")
furl_mod: Any = importlib.import_module("furl")
boltons_urlutils: Any = importlib.import_module("boltons.urlutils")
httpx: Any = importlib.import_module("httpx")
ada_url: Any = importlib.import_module("ada_url")
can_ada: Any = importlib.import_module("can_ada")
urlpattern_pkg: Any = importlib.import_module("urlpattern")

TASKS: dict[str, str] = {
    "a": "parse and read every component",
    "b": "parse and serialize (round trip)",
    "c": "build from components and serialize",
    "d": "resolve a reference against a base (strings in, string out)",
    "e": "normalize (parse, normalize, serialize)",
    "f": "validate only",
    "g": "edit the last path segment and one query parameter, serialize",
    "r": "remove one key=value pair of the query (form reading), serialize",
    "v": "give a query key a list of values (repeated keys), serialize",
    "h": "append a plain-text path string (split at '/', each piece encoded), serialize",
    "i": "replace the last segment's suffix (pathlib's with_suffix), serialize",
    "t": "match a URI against a URI Template, the variables back",
    "p": "match a URL against a compiled URLPattern (/users/:id/posts/:post on a host)",
}

# Targets: urikit's ratio to urllib.parse for the same task ("g" is checked against peers).
TARGETS: dict[str, float | None] = {
    "a": 0.40, "b": 0.45, "c": 1.5, "d": 0.35, "e": 0.60, "f": 0.25, "g": None,
    "r": None, "v": None,  # issue 33: within 1.2x of the fastest peer doing the job
    # issue 33: within 1.2x of the fastest peer doing the same job (urllib, in practice)
    "h": 1.2, "i": 1.2,
    # issue 35: within 2x of re.match of the equivalent hand-written regex (the base row)
    "t": 2.0, "p": 2.0,
}

# The URI class's targets (issue 26), each a ratio of two rows of one task in one run:
# (task, urikit's row, the row it is measured against, the target).
CLASS_TARGETS: list[tuple[str, str, str, float]] = [
    ("c", "urikit", "urllib.parse", 1.5),
    ("g", "urikit", "urllib.parse", 0.45),
    ("d", "urikit (URI class)", "ada-url", 1.0),
    ("e", "urikit (URI class)", "ada-url", 0.7),
    # issue 45: the plain-values builder against yarl's on the same values, and against
    # the keyword constructor (wire values)
    ("c", "urikit (URI.build, plain values)", "yarl (warm, plain values)", 1.2),
    ("c", "urikit (URI.build, plain values)", "urikit", 1.2),
]

NEW_SEGMENT = "new seg"  # a plain-text segment that needs encoding
PARAM, PARAM_VALUE = "utm", "x"
LIST_KEY, LIST_VALUES = "tag", ["a b", "c"]  # v: two values, one needing encoding
APPEND_PATH = "users/42/a b"  # h: a plain-text path string, one piece needing encoding
NEW_SUFFIX = ".json"  # i
# t: a template, and the regex one would write by hand for it (the base row)
MATCH_TEMPLATE = "https://api.example/users/{id}/posts{?page,per_page}"
MATCH_REGEX = re.compile(
    r"https://api\.example/users/([^/?#]+)/posts(?:\?page=([^&#]*))?(?:[?&]per_page=([^&#]*))?")

# is_valid: use the public function once the lead adds it.
_public_is_valid: Any = getattr(URI, "is_valid", None) or getattr(urikit, "is_valid", None)
is_valid: Callable[[str], bool] = _public_is_valid or _parse.is_valid
IS_VALID_NAME = ("urikit.is_valid (public)" if _public_is_valid is not None
                 else "urikit._core.parse.is_valid")

_URI_MATCH = _grammar.URI_REFERENCE_RE.fullmatch


ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus" / "kasztp.txt"
DEFAULT_PAIRS = ROOT.parent / "shared" / "corpus" / "relrefs.tsv"


# --- corpus ------------------------------------------------------------------------


def load_lines(path: Path, limit: int | None = None) -> list[str]:
    """The corpus lines (UTF-8, BOM tolerated), without line ends."""
    lines = path.read_text(encoding="utf-8-sig").splitlines()
    return lines[:limit] if limit else lines


def load_pairs(path: Path, limit: int | None = None) -> list[tuple[str, str]]:
    """The ``base<TAB>ref`` pairs of a TSV file."""
    pairs: list[tuple[str, str]] = []
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        base, tab, ref = line.partition("\t")
        if tab:
            pairs.append((base, ref))
    return pairs[:limit] if limit else pairs


# --- cases -------------------------------------------------------------------------


@dataclass
class Case:
    """One library doing one task."""

    library: str
    fn: Callable[..., object]
    kind: str = "peer"  # "urikit", "base" (urllib), "peer", "reference"
    pure_python: bool = True  # a third-party peer without compiled accelerators
    star: bool = False  # items are argument tuples
    prepare: Callable[[Any], Any] | None = None  # item -> this case's input (untimed)
    before: Callable[[], None] | None = None  # run before every timed pass
    note: str = ""
    used: int = 0  # filled in by the harness
    failed: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


def _clear_yarl() -> None:
    """Empty every yarl cache, whole-URL ones included (``yarl.cache_clear`` leaves those)."""
    yarl.cache_clear()
    for mod, name in ((yarl_url, "encode_url"), (yarl_url, "pre_encoded_url"),
                      (yarl_url, "build_pre_encoded_url"), (yarl_url, "from_parts"),
                      (yarl_parse, "split_url"), (yarl_parse, "split_netloc")):
        func = getattr(mod, name, None)
        if func is not None and hasattr(func, "cache_clear"):
            func.cache_clear()


def _clear_urllib() -> None:
    clear = getattr(up.urlsplit, "cache_clear", None)  # lru_cache since Python 3.11
    if clear is not None:
        clear()


def yarl_cold() -> None:
    """Before a cold yarl pass: host caches sized 0, every cache emptied."""
    yarl.cache_configure(idna_encode_size=0, idna_decode_size=0, encode_host_size=0)
    _clear_yarl()


def yarl_warm() -> None:
    """Before a warm yarl pass: yarl's default cache sizes, caches kept between passes."""
    info = yarl.cache_info()
    if info["encode_host"].maxsize != 512:
        yarl.cache_configure()  # back to the defaults; the caches start empty once


YARL_COLD = "yarl (cold)"
YARL_WARM = "yarl (warm)"


# a. parse and read every component ------------------------------------------------


def a_urikit(s: str) -> object:
    u = URI.parse(s)
    c = u.components  # every wire component at once; the port as an int
    return (c.scheme, c.userinfo, c.host, u.port, c.path, c.query, c.fragment)


def a_urllib(s: str) -> object:
    r = up.urlsplit(s)
    return (r.scheme, r.username, r.password, r.hostname, r.port, r.path, r.query,
            r.fragment)


def a_yarl(s: str) -> object:
    u = yarl.URL(s)
    return (u.scheme, u.raw_user, u.raw_password, u.raw_host, u.explicit_port, u.raw_path,
            u.raw_query_string, u.raw_fragment)


def a_rfc3986(s: str) -> object:
    u = rfc3986.uri_reference(s)
    info: dict[str, str | None] = u.authority_info() if u.authority is not None else {}
    return (u.scheme, info.get("userinfo"), info.get("host"), info.get("port"), u.path,
            u.query, u.fragment)


def a_uritools(s: str) -> object:
    u = uritools.urisplit(s)
    return (u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment)


def a_hyperlink(s: str) -> object:
    u = hyperlink.URL.from_text(s)
    return (u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment)


def a_furl(s: str) -> object:
    f = furl_mod.furl(s)
    return (f.scheme, f.username, f.password, f.host, f.port, f.path, f.query, f.fragment)


def a_boltons(s: str) -> object:
    u = boltons_urlutils.URL(s)
    return (u.scheme, u.username, u.password, u.host, u.port, u.path, u.query_params,
            u.fragment)


def a_httpx(s: str) -> object:
    u = httpx.URL(s)
    return (u.scheme, u.userinfo, u.host, u.port, u.raw_path, u.query, u.fragment)


def a_ref_regex(s: str) -> object:
    m = _URI_MATCH(s)
    return m.groups() if m is not None else None


# b. parse and serialize -----------------------------------------------------------


def b_urikit(s: str) -> str:
    return str(URI.parse(s))


def b_urllib(s: str) -> str:
    return up.urlunsplit(up.urlsplit(s))


def b_yarl(s: str) -> str:
    return str(yarl.URL(s))


def b_rfc3986(s: str) -> str:
    return str(rfc3986.uri_reference(s).unsplit())


def b_uritools(s: str) -> str:
    return str(uritools.urisplit(s).geturi())


def b_hyperlink(s: str) -> str:
    return str(hyperlink.URL.from_text(s).to_text())


def b_furl(s: str) -> str:
    return str(furl_mod.furl(s).tostr())


def b_boltons(s: str) -> str:
    return str(boltons_urlutils.URL(s).to_text())


def b_httpx(s: str) -> str:
    return str(httpx.URL(s))


# c. build from components -------------------------------------------------------------
# Components come from urikit's split of the corpus (wire form), reshaped untimed into
# each library's own input form (prepare_*).

Parts = tuple[str | None, str | None, str | None, int | None, str, str | None, str | None]


def parts_of(s: str) -> Parts:
    u = URI.parse(s)
    return (u.scheme, u.userinfo, u.host, u.port, u.components.path, u.query, u.fragment)


def c_urikit(scheme: str | None, userinfo: str | None, host: str | None,
             port: int | None, path: str, query: str | None,
             fragment: str | None) -> str:
    # The keyword constructor: every component validated (one composed match).
    return str(URI(scheme=scheme, userinfo=userinfo, host=host, port=port, path=path,
                   query=query, fragment=fragment))


def c_urikit_set(scheme: str | None, userinfo: str | None, host: str | None,
                 port: int | None, path: str, query: str | None,
                 fragment: str | None) -> str:
    # The fluent builder: one set() call, each component checked against its rule.
    return str(URI().set(scheme=scheme, userinfo=userinfo, host=host, port=port,
                         path=path, query=query, fragment=fragment))


def prepare_urllib(s: str) -> tuple[str, str, str, str, str]:
    return tuple(up.urlsplit(s))  # type: ignore[return-value]


def _user_password(userinfo: str | None) -> tuple[str | None, str | None]:
    if userinfo is None:
        return None, None
    user, colon, password = userinfo.partition(":")
    return user, (password if colon else None)


def prepare_yarl(s: str) -> tuple[Any, ...]:
    scheme, userinfo, host, port, path, query, fragment = parts_of(s)
    user, password = _user_password(userinfo)
    if host is not None and host.startswith("["):
        host = host[1:-1]
    return (scheme or "", user, password, host or "", port, path, query or "",
            fragment or "")


def c_yarl(scheme: str, user: str | None, password: str | None, host: str,
           port: int | None, path: str, query: str, fragment: str) -> str:
    return str(yarl.URL.build(scheme=scheme, user=user, password=password, host=host,
                              port=port, path=path, query_string=query, fragment=fragment,
                              encoded=True))


def c_yarl_encode(scheme: str, user: str | None, password: str | None, host: str,
                  port: int | None, path: str, query: str, fragment: str) -> str:
    return str(yarl.URL.build(scheme=scheme, user=user, password=password, host=host,
                              port=port, path=path, query_string=query, fragment=fragment))


PlainParts = tuple[str | None, str | None, str | None, int | None, str, str | None,
                   str | None]


def prepare_plain(s: str) -> PlainParts:
    """The plain values of a corpus line (each component decoded), for the plain-values
    builders; a line whose values ``URI.build`` refuses (a decoded dot segment, a host
    it cannot read as text) is left out of both plain rows alike."""
    t = URI.parse(s).text
    host = t.host
    if host is not None and host.startswith("["):
        if not host[1:2].isdigit() and host[1:2] not in ":abcdefABCDEF":
            raise ValueError("an IPvFuture literal has no plain form")
        host = host[1:-1]
    parts = (URI.parse(s).scheme, t.userinfo, host, URI.parse(s).port,
             "/".join(t.path), t.query, t.fragment)
    URI.build(scheme=parts[0], userinfo=parts[1], host=parts[2], port=parts[3],
              path=parts[4], query=parts[5], fragment=parts[6])  # raises where it cannot
    return parts


def c_urikit_build(scheme: str | None, userinfo: str | None, host: str | None,
                   port: int | None, path: str, query: str | None,
                   fragment: str | None) -> str:
    # The plain-values builder: each component encoded once for its place.
    return str(URI.build(scheme=scheme, userinfo=userinfo, host=host, port=port, path=path,
                         query=query, fragment=fragment))


def prepare_yarl_plain(s: str) -> tuple[Any, ...]:
    scheme, userinfo, host, port, path, query, fragment = prepare_plain(s)
    user, password = _user_password(userinfo)
    return (scheme or "", user, password, host or "", port, path, query or "",
            fragment or "")


def c_rfc3986(scheme: str | None, userinfo: str | None, host: str | None, port: int | None,
              path: str, query: str | None, fragment: str | None) -> str:
    b = rfc3986_builder.URIBuilder()
    if scheme is not None:
        b = b.add_scheme(scheme)
    if userinfo is not None:
        user, password = _user_password(userinfo)
        b = b.add_credentials(user, password)
    if host is not None:
        b = b.add_host(host)
    if port is not None:
        b = b.add_port(port)
    b = b.add_path(path)
    if query is not None:
        b = b.add_query(query)
    if fragment is not None:
        b = b.add_fragment(fragment)
    return str(b.finalize().unsplit())


def c_uritools(scheme: str | None, userinfo: str | None, host: str | None,
               port: int | None, path: str, query: str | None,
               fragment: str | None) -> str:
    return str(uritools.uricompose(scheme=scheme, userinfo=userinfo, host=host, port=port,
                                   path=path, query=query, fragment=fragment))


def _pairs(query: str | None) -> tuple[tuple[str, str | None], ...]:
    if not query:
        return ()
    out: list[tuple[str, str | None]] = []
    for piece in query.split("&"):
        key, eq, value = piece.partition("=")
        out.append((key, value if eq else None))
    return tuple(out)


def prepare_hyperlink(s: str) -> tuple[Any, ...]:
    scheme, userinfo, host, port, path, query, fragment = parts_of(s)
    segments = tuple(path.split("/")[1:]) if path.startswith("/") else tuple(
        path.split("/")) if path else ()
    return (scheme, userinfo or "", host, port, segments, _pairs(query), fragment or "")


def c_hyperlink(scheme: str | None, userinfo: str, host: str | None, port: int | None,
                path: tuple[str, ...], query: tuple[tuple[str, str | None], ...],
                fragment: str) -> str:
    return str(hyperlink.URL(scheme=scheme, userinfo=userinfo, host=host, port=port,
                             path=path, query=query, fragment=fragment).to_text())


def prepare_furl(s: str) -> tuple[Any, ...]:
    scheme, userinfo, host, port, path, query, fragment = parts_of(s)
    user, password = _user_password(userinfo)
    return (scheme, user, password, host, port, path, query or "", fragment or "")


def c_furl(scheme: str | None, user: str | None, password: str | None, host: str | None,
           port: int | None, path: str, query: str, fragment: str) -> str:
    return str(furl_mod.furl().set(scheme=scheme, username=user, password=password,
                                   host=host, port=port, path=path, query=query,
                                   fragment=fragment).tostr())


def prepare_boltons(s: str) -> tuple[Any, ...]:
    scheme, userinfo, host, port, path, query, fragment = parts_of(s)
    user, password = _user_password(userinfo)
    return (scheme, host, tuple(path.split("/")) if path else (), list(_pairs(query)),
            fragment or "", port, user, password)


def c_boltons(scheme: str | None, host: str | None, path_parts: tuple[str, ...],
              query: list[tuple[str, str | None]], fragment: str, port: int | None,
              user: str | None, password: str | None) -> str:
    return str(boltons_urlutils.URL.from_parts(scheme, host, path_parts, query, fragment,
                                               port, user, password).to_text())


def prepare_httpx(s: str) -> dict[str, Any]:
    scheme, userinfo, host, port, path, query, fragment = parts_of(s)
    kwargs: dict[str, Any] = {"scheme": scheme or "", "host": host or "", "path": path}
    if userinfo is not None:
        kwargs["userinfo"] = userinfo.encode("ascii")
    if port is not None:
        kwargs["port"] = port
    if query is not None:
        kwargs["query"] = query.encode("ascii")
    if fragment is not None:
        kwargs["fragment"] = fragment
    return kwargs


def c_httpx(parts: dict[str, Any]) -> str:
    return str(httpx.URL(**parts))


def a_ada(s: str) -> object:
    return ada_url.parse_url(s)


def b_ada(s: str) -> str:
    href: str = ada_url.URL(s).href
    return href


def a_can_ada(s: str) -> object:
    u = can_ada.parse(s)
    return (u.protocol, u.username, u.password, u.hostname, u.port, u.pathname, u.search,
            u.hash)


def b_can_ada(s: str) -> str:
    href: str = can_ada.parse(s).href
    return href


# d. resolve ---------------------------------------------------------------------------


def d_urikit_class(base: str, ref: str) -> str:
    # The same resolution through the URI class: two objects built, one serialized.
    return str(URI.parse(base).resolve(ref))


def d_yarl(base: str, ref: str) -> str:
    return str(yarl.URL(base).join(yarl.URL(ref)))


def d_rfc3986(base: str, ref: str) -> str:
    return str(rfc3986.uri_reference(ref).resolve_with(base).unsplit())


def d_hyperlink(base: str, ref: str) -> str:
    return str(hyperlink.URL.from_text(base).click(ref).to_text())


def d_furl(base: str, ref: str) -> str:
    return str(furl_mod.furl(base).join(ref).tostr())


def d_boltons(base: str, ref: str) -> str:
    return str(boltons_urlutils.URL(base).navigate(ref).to_text())


def d_httpx(base: str, ref: str) -> str:
    return str(httpx.URL(base).join(ref))


# e. normalize -----------------------------------------------------------------------


def e_urikit_class(s: str) -> str:
    # The same normalization through the URI class: an object built, then serialized.
    return str(URI.parse(s).normalize())


def e_rfc3986(s: str) -> str:
    return str(rfc3986.uri_reference(s).normalize().unsplit())


def e_hyperlink(s: str) -> str:
    return str(hyperlink.URL.from_text(s).normalize().to_text())


def e_boltons(s: str) -> str:
    u = boltons_urlutils.URL(s)
    u.normalize()
    return str(u.to_text())


# f. validate ---------------------------------------------------------------------------


def f_rfc3987(s: str) -> bool:
    return rfc3987.match(s, rule="URI_reference") is not None


_RFC3986_VALIDATOR: Any = rfc3986_validators.Validator().check_validity_of(
    "scheme", "userinfo", "host", "port", "path", "query", "fragment")


def f_rfc3986(s: str) -> bool:
    try:
        _RFC3986_VALIDATOR.validate(rfc3986.uri_reference(s))
    except rfc3986.exceptions.RFC3986Exception:
        return False
    return True


def f_ref_regex(s: str) -> bool:
    return _URI_MATCH(s) is not None


# g. edit a segment and a parameter ---------------------------------------------------------


def g_urikit(s: str) -> str:
    u = URI.parse(s)
    u.text.path[-1] = NEW_SEGMENT
    return str(u.set_param(PARAM, PARAM_VALUE))


def g_urllib(s: str) -> str:
    r = up.urlsplit(s)
    path = r.path.rpartition("/")[0] + "/" + up.quote(NEW_SEGMENT, safe="")
    pairs = [(k, v) for k, v in up.parse_qsl(r.query, keep_blank_values=True) if k != PARAM]
    pairs.append((PARAM, PARAM_VALUE))
    return up.urlunsplit((r.scheme, r.netloc, path, up.urlencode(pairs), r.fragment))


def g_yarl(s: str) -> str:
    u = yarl.URL(s)
    return str(u.with_path(u.path.rpartition("/")[0] + "/" + NEW_SEGMENT,
                           keep_query=True, keep_fragment=True)
               .update_query({PARAM: PARAM_VALUE}))


def g_rfc3986(s: str) -> str:
    u = rfc3986.uri_reference(s)
    pairs = [(k, v) for k, v in up.parse_qsl(u.query or "", keep_blank_values=True)
             if k != PARAM]
    pairs.append((PARAM, PARAM_VALUE))
    b = rfc3986_builder.URIBuilder.from_uri(u.copy_with(query=None))
    path = (u.path or "").rpartition("/")[0] + "/" + NEW_SEGMENT
    return str(b.add_path(path).add_query_from(pairs).finalize().unsplit())


def g_uritools(s: str) -> str:
    u = uritools.urisplit(s)
    pairs = [(k, v) for k, v in u.getquerylist() if k != PARAM]
    pairs.append((PARAM, PARAM_VALUE))
    path = u.getpath().rpartition("/")[0] + "/" + NEW_SEGMENT
    return str(uritools.uricompose(scheme=u.scheme, authority=u.authority, path=path,
                                   query=pairs, fragment=u.getfragment()))


def g_hyperlink(s: str) -> str:
    u = hyperlink.URL.from_text(s)
    return str(u.replace(path=(*u.path[:-1], NEW_SEGMENT)).set(PARAM, PARAM_VALUE).to_text())


def g_furl(s: str) -> str:
    f = furl_mod.furl(s)
    f.path.segments[-1] = NEW_SEGMENT
    f.args[PARAM] = PARAM_VALUE
    return str(f.tostr())


def g_boltons(s: str) -> str:
    u = boltons_urlutils.URL(s)
    u.path_parts = (*u.path_parts[:-1], NEW_SEGMENT)
    u.query_params[PARAM] = PARAM_VALUE
    return str(u.to_text())


def g_httpx(s: str) -> str:
    u = httpx.URL(s)
    path = u.path.rpartition("/")[0] + "/" + NEW_SEGMENT
    return str(u.copy_with(path=path).copy_set_param(PARAM, PARAM_VALUE))


# r. remove one key=value pair ------------------------------------------------------------
# Every peer reads the query as a form ("+" is a space), as parse_qsl and yarl do. urikit
# keeps the other pairs' wire text; urllib and yarl decode and re-encode the whole query.


def r_urikit(s: str, key: str, value: str | None) -> str:
    return str(URI.parse(s).discard_param_pair(key, value, form=True))


def r_urllib(s: str, key: str, value: str | None) -> str:
    r = up.urlsplit(s)
    want = (key, value or "")
    pairs = [p for p in up.parse_qsl(r.query, keep_blank_values=True) if p != want]
    return up.urlunsplit((r.scheme, r.netloc, r.path, up.urlencode(pairs), r.fragment))


def r_yarl(s: str, key: str, value: str | None) -> str:
    u = yarl.URL(s)
    want = (key, value or "")
    return str(u.with_query([p for p in u.query.items() if p != want]))


# v. a list value ------------------------------------------------------------------------


def v_urikit(s: str) -> str:
    return str(URI.parse(s).set_param(LIST_KEY, LIST_VALUES))


def v_urllib(s: str) -> str:
    r = up.urlsplit(s)
    pairs = [p for p in up.parse_qsl(r.query, keep_blank_values=True) if p[0] != LIST_KEY]
    pairs += [(LIST_KEY, v) for v in LIST_VALUES]
    return up.urlunsplit((r.scheme, r.netloc, r.path, up.urlencode(pairs, quote_via=up.quote),
                          r.fragment))


def v_yarl(s: str) -> str:
    return str(yarl.URL(s).update_query({LIST_KEY: LIST_VALUES}))
# h. append a path string ---------------------------------------------------------------


def h_urikit(s: str) -> str:
    return str(URI.parse(s) / APPEND_PATH)


def _no_dot_pieces(path: str) -> str:
    if "." in path and any(p in (".", "..") for p in path.split("/")):
        raise ValueError(path)  # the job: plain text never becomes a dot segment
    return path


def h_urllib(s: str) -> str:
    r = up.urlsplit(s)
    path = r.path if r.path.endswith("/") else r.path + "/"
    path += up.quote(_no_dot_pieces(APPEND_PATH), safe="/")
    return up.urlunsplit((r.scheme, r.netloc, path, r.query, r.fragment))


def h_yarl(s: str) -> str:
    return str(yarl.URL(s) / APPEND_PATH)


# i. with_suffix ------------------------------------------------------------------------


def i_urikit(s: str) -> str:
    return str(URI.parse(s).with_suffix(NEW_SUFFIX))


def i_urllib(s: str) -> str:
    r = up.urlsplit(s)
    head, _, name = r.path.rpartition("/")
    k = name.rfind(".")
    stem = name[:k] if 0 < k < len(name) - 1 else name
    return up.urlunsplit((r.scheme, r.netloc, f"{head}/{stem}{NEW_SUFFIX}", r.query,
                          r.fragment))


def i_yarl(s: str) -> str:
    return str(yarl.URL(s).with_suffix(NEW_SUFFIX))


# t. match a template ---------------------------------------------------------------


def t_inputs(valid: Sequence[str]) -> list[str]:
    """The template's expansions, one per valid corpus line: the line's last segment
    (plain text, so outside ASCII it is %XX again) as the id, a page on two lines in
    three, a per_page on every other line."""
    template = URITemplate(MATCH_TEMPLATE)
    out: list[str] = []
    for k, s in enumerate(valid):
        name = URI.parse(s).name or str(k)
        out.append(template.expand_text(id=name, page=k % 9 if k % 3 else None,
                                        per_page=20 if k % 2 else None))
    return out


# p. URLPattern match --------------------------------------------------------------------

P_PATTERN = "https://api.example.com/users/:id/posts/:post"
_P_COMPILED = urikit.URLPattern(P_PATTERN)
_P_PEER: Any = urlpattern_pkg.URLPattern(P_PATTERN)
# the regex a programmer writes for the same URLs: the groups are path segments
_P_REGEX = re.compile(r"https://api\.example\.com/users/([^/?#]+)/posts/([^/?#]+)\Z")


def p_inputs(valid: Sequence[str]) -> list[str]:
    """URLs the pattern matches, their two groups path segments of the corpus's lines."""
    out: list[str] = []
    for s in valid:
        segments = [x for x in URI.parse(s).components.path.split("/")
                    if x and not x.startswith(".") and "%2" not in x.lower()]
        if len(segments) >= 2:
            out.append(f"https://api.example.com/users/{segments[0]}/posts/{segments[-1]}")
    return out


def p_components(s: str) -> dict[str, str]:
    """The input as a URLPatternInit of the components a router has already read."""
    r = up.urlsplit(s)
    return {"protocol": r.scheme, "hostname": r.netloc, "pathname": r.path}


def p_urikit_exec(s: str) -> object:
    return _P_COMPILED.exec(s)


def p_urikit_test(s: str) -> object:
    return _P_COMPILED.test(s)


def p_regex(s: str) -> object:
    return _P_REGEX.match(s)


def p_peer(s: str) -> object:
    return _P_PEER.exec(s)


# --- the table of cases ---------------------------------------------------------------


def _identity(s: object) -> object:
    return s


def build_cases() -> dict[str, list[Case]]:
    """Every (task, library) case, urikit first and the urllib base second."""
    return {
        "a": [
            Case("urikit", a_urikit, kind="urikit"),
            Case("urllib.parse", a_urllib, kind="base", before=_clear_urllib,
                 note="urlsplit + username, password, hostname, port, ..."),
            Case(YARL_COLD, a_yarl, pure_python=False, note="raw_* accessors", before=yarl_cold),
            Case(YARL_WARM, a_yarl, pure_python=False, note="raw_* accessors", before=yarl_warm),
            Case("rfc3986", a_rfc3986, note="uri_reference + authority_info()"),
            Case("uritools", a_uritools, note="urisplit + raw properties"),
            Case("hyperlink", a_hyperlink, note="decodes; path and query are tuples"),
            Case("furl", a_furl, note="path and query are objects"),
            Case("boltons", a_boltons, note="boltons.urlutils.URL"),
            Case("httpx", a_httpx, note="httpx.URL; host decoded"),
            Case("ada-url", a_ada, pure_python=False, note="parse_url (C++, WHATWG)"),
            Case("can-ada", a_can_ada, pure_python=False,
                 note="parse(s) + the components (C++, WHATWG)"),
            Case("ref: urikit's regex fullmatch + groups()", a_ref_regex, kind="reference",
                 note="floor of urikit's design: no object"),
        ],
        "b": [
            Case("urikit", b_urikit, kind="urikit"),
            Case("urllib.parse", b_urllib, kind="base", before=_clear_urllib,
                 note="urlunsplit(urlsplit(s))"),
            Case(YARL_COLD, b_yarl, pure_python=False,
                 note="requotes, normalizes path", before=yarl_cold),
            Case(YARL_WARM, b_yarl, pure_python=False,
                 note="requotes, normalizes path", before=yarl_warm),
            Case("rfc3986", b_rfc3986),
            Case("uritools", b_uritools),
            Case("hyperlink", b_hyperlink),
            Case("furl", b_furl),
            Case("boltons", b_boltons),
            Case("httpx", b_httpx, note="normalizes on parse"),
            Case("ada-url", b_ada, pure_python=False, note="URL(s).href (C++, WHATWG)"),
            Case("can-ada", b_can_ada, pure_python=False, note="parse(s).href (C++, WHATWG)"),
        ],
        "c": [
            Case("urikit", c_urikit, kind="urikit", star=True, prepare=parts_of,
                 note="URI(scheme=..., ...): keyword constructor, validated"),
            Case("urikit (fluent set)", c_urikit_set, kind="urikit", star=True,
                 prepare=parts_of, note="URI().set(scheme=..., ...), validated"),
            Case("urllib.parse", up.urlunsplit, kind="base", prepare=prepare_urllib,
                 note="urlunsplit of the 5-tuple, no checks"),
            Case(YARL_COLD, c_yarl, pure_python=False, star=True, prepare=prepare_yarl,
                 note="URL.build(encoded=True), no checks", before=yarl_cold),
            Case(YARL_WARM, c_yarl, pure_python=False, star=True, prepare=prepare_yarl,
                 note="URL.build(encoded=True), no checks", before=yarl_warm),
            Case("yarl (cold, encoded=False)", c_yarl_encode, pure_python=False, star=True,
                 prepare=prepare_yarl, note="URL.build quoting each part", before=yarl_cold),
            Case("urikit (URI.build, plain values)", c_urikit_build, kind="urikit",
                 star=True, prepare=prepare_plain,
                 note="URI.build(...) from decoded values, each encoded for its place"),
            Case("yarl (warm, plain values)", c_yarl_encode, pure_python=False, star=True,
                 prepare=prepare_yarl_plain, before=yarl_warm,
                 note="URL.build(...) from the same decoded values, quoting each part"),
            Case("rfc3986", c_rfc3986, star=True, prepare=parts_of,
                 note="builder.URIBuilder add_*"),
            Case("uritools", c_uritools, star=True, prepare=parts_of,
                 note="uricompose (re-encodes '%')"),
            Case("hyperlink", c_hyperlink, star=True, prepare=prepare_hyperlink,
                 note="URL(...) from segments and pairs"),
            Case("furl", c_furl, star=True, prepare=prepare_furl, note="furl().set(...)"),
            Case("boltons", c_boltons, star=True, prepare=prepare_boltons,
                 note="URL.from_parts"),
            Case("httpx", c_httpx, prepare=prepare_httpx,
                 note="httpx.URL(**present parts)"),
        ],
        "d": [
            Case("urikit", urikit.resolve, kind="urikit", star=True,
                 note="urikit.resolve(base, ref): strings in, string out"),
            Case("urikit (URI class)", d_urikit_class, kind="urikit", star=True,
                 note="str(URI.parse(base).resolve(ref))"),
            Case("urllib.parse", up.urljoin, kind="base", star=True, before=_clear_urllib,
                 note="urljoin"),
            Case(YARL_COLD, d_yarl, pure_python=False, star=True,
                 note="URL.join", before=yarl_cold),
            Case(YARL_WARM, d_yarl, pure_python=False, star=True,
                 note="URL.join", before=yarl_warm),
            Case("rfc3986", d_rfc3986, star=True, note="resolve_with"),
            Case("uritools", uritools.urijoin, star=True, note="urijoin"),
            Case("hyperlink", d_hyperlink, star=True, note="click"),
            Case("furl", d_furl, star=True, note="join (urljoin inside)"),
            Case("boltons", d_boltons, star=True, note="navigate"),
            Case("httpx", d_httpx, star=True, note="URL.join"),
            Case("ada-url", ada_url.join_url, star=True, pure_python=False,
                 note="join_url (C++, WHATWG)"),
        ],
        "e": [
            Case("urikit", urikit.normalize, kind="urikit",
                 note="urikit.normalize(s): string in, string out"),
            Case("urikit (URI class)", e_urikit_class, kind="urikit",
                 note="str(URI.parse(s).normalize())"),
            Case("urllib.parse", b_urllib, kind="base", before=_clear_urllib,
                 note="no normalization: split + unsplit"),
            Case(YARL_COLD, b_yarl, pure_python=False,
                 note="normalizes on parse", before=yarl_cold),
            Case(YARL_WARM, b_yarl, pure_python=False,
                 note="normalizes on parse", before=yarl_warm),
            Case("rfc3986", e_rfc3986, note="normalize(): case, %-case, dot segments"),
            Case("hyperlink", e_hyperlink, note="normalize()"),
            Case("boltons", e_boltons, note="normalize()"),
            Case("httpx", b_httpx, note="normalizes on parse"),
            Case("ada-url", ada_url.normalize_url, pure_python=False,
                 note="normalize_url (C++, WHATWG)"),
        ],
        "f": [
            Case("urikit", is_valid, kind="urikit", note=IS_VALID_NAME),
            Case("urllib.parse", up.urlsplit, kind="base", before=_clear_urllib,
                 note="urlsplit: no validation (ratio base)"),
            Case("rfc3987", f_rfc3987, note="match(s, rule='URI_reference')"),
            Case("rfc3986", f_rfc3986, note="Validator over every component"),
            Case("ada-url", ada_url.check_url, pure_python=False,
                 note="check_url (C++, WHATWG rules)"),
            Case("can-ada", can_ada.can_parse, pure_python=False,
                 note="can_parse (C++, WHATWG rules)"),
            Case("ref: urikit's regex fullmatch only", f_ref_regex, kind="reference",
                 note="is_valid minus the '%' check"),
        ],
        "g": [
            Case("urikit", g_urikit, kind="urikit",
                 note="text.path[-1] = ... + set_param"),
            Case("urllib.parse", g_urllib, kind="base", before=_clear_urllib,
                 note="urlsplit, rpartition, parse_qsl/urlencode, urlunsplit"),
            Case(YARL_COLD, g_yarl, pure_python=False,
                 note="with_path + update_query", before=yarl_cold),
            Case(YARL_WARM, g_yarl, pure_python=False,
                 note="with_path + update_query", before=yarl_warm),
            Case("rfc3986", g_rfc3986, note="URIBuilder, parse_qsl"),
            Case("uritools", g_uritools, note="urisplit + uricompose"),
            Case("hyperlink", g_hyperlink, note="replace(path=) + set"),
            Case("furl", g_furl, note="path.segments, args"),
            Case("boltons", g_boltons, note="path_parts, query_params"),
            Case("httpx", g_httpx, note="copy_with + copy_set_param"),
        ],
        "r": [
            Case("urikit", r_urikit, kind="urikit", star=True,
                 note="discard_param_pair(form=True): other pairs' text kept"),
            Case("urllib.parse", r_urllib, kind="base", star=True, before=_clear_urllib,
                 note="parse_qsl, filter, urlencode: re-encodes every pair"),
            Case(YARL_COLD, r_yarl, pure_python=False, star=True, before=yarl_cold,
                 note="with_query(filtered query.items()): re-encodes every pair"),
            Case(YARL_WARM, r_yarl, pure_python=False, star=True, before=yarl_warm,
                 note="with_query(filtered query.items()): re-encodes every pair"),
        ],
        "v": [
            Case("urikit", v_urikit, kind="urikit", note="set_param(key, [a, b])"),
            Case("urllib.parse", v_urllib, kind="base", before=_clear_urllib,
                 note="parse_qsl, filter, append, urlencode: re-encodes every pair"),
            Case(YARL_COLD, v_yarl, pure_python=False, before=yarl_cold,
                 note="update_query({key: [a, b]})"),
            Case(YARL_WARM, v_yarl, pure_python=False, before=yarl_warm,
                 note="update_query({key: [a, b]})"),
        ],
        "h": [
            Case("urikit", h_urikit, kind="urikit", note="uri / 'users/42/a b'"),
            Case("urllib.parse", h_urllib, kind="base", before=_clear_urllib,
                 note="urlsplit, dot check, quote(safe='/'), urlunsplit"),
            Case(YARL_COLD, h_yarl, pure_python=False,
                 note="URL / path: drops query and fragment", before=yarl_cold),
            Case(YARL_WARM, h_yarl, pure_python=False,
                 note="URL / path: drops query and fragment", before=yarl_warm),
        ],
        "i": [
            Case("urikit", i_urikit, kind="urikit", note="with_suffix('.json')"),
            Case("urllib.parse", i_urllib, kind="base", before=_clear_urllib,
                 note="urlsplit, rpartition, rfind, urlunsplit"),
            Case(YARL_COLD, i_yarl, pure_python=False,
                 note="with_suffix: drops query and fragment", before=yarl_cold),
            Case(YARL_WARM, i_yarl, pure_python=False,
                 note="with_suffix: drops query and fragment", before=yarl_warm),
        ],
        "t": [
            Case("urikit", URITemplate(MATCH_TEMPLATE).match, kind="urikit",
                 note="URITemplate(...).match(s): the variables, decoded"),
            Case("re.match (hand-written regex)", MATCH_REGEX.match, kind="base",
                 note="compiled pattern's match: groups, nothing decoded"),
        ],
        "p": [
            Case("urikit", p_urikit_exec, kind="urikit",
                 note="URLPattern.exec(url): the browser's reading of the URL, then groups"),
            Case("urikit test()", p_urikit_test, kind="urikit", note="URLPattern.test(url)"),
            Case("urikit exec(components)", p_urikit_exec, kind="urikit",
                 prepare=p_components, note="exec of a dict of components, canonicalized"),
            Case("re.match (hand-written regex)", p_regex, kind="base",
                 note="the equivalent regex on the same text: no URL reading"),
            Case("urlpattern", p_peer, pure_python=False,
                 note="urlpattern package: URLPattern.exec (Rust, WHATWG URL parser)"),
        ],
    }


EMPTY_CALL = Case("(harness: empty Python call)", _identity, kind="reference")


def task_inputs(lines: Sequence[str], pairs: Sequence[tuple[str, str]]) -> dict[str, list[Any]]:
    """The inputs of each task: urikit-valid lines for a, b, c, e, g (g: with a path
    segment to replace), v; every line for f; the pairs for d; for r, the valid lines
    with a query pair, each with its first pair (form reading) to remove."""
    valid = [s for s in lines if is_valid(s)]
    return {
        "a": valid, "b": valid, "c": valid, "e": valid, "f": list(lines),
        "g": [s for s in valid if URI.parse(s).components.path.startswith("/")],
        "h": [s for s in valid if URI.parse(s).host is not None],
        "i": [s for s in valid if URI.parse(s).name],
        "d": list(pairs),
        "r": [(s, *URI.parse(s).params.form.items()[0]) for s in valid
              if URI.parse(s).params],
        "v": valid,
        "t": t_inputs(valid),
        "p": p_inputs(valid),
    }
