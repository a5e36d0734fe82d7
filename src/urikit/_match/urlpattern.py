"""URLPattern as the WHATWG URLPattern standard defines it, on urikit's browser reading."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, NamedTuple, TypeAlias, cast

from .._core.build import Checked
from .._core.errors import BuildError, ParseError, Rule, URIError
from .._core.grammar import POSSESSIVE
from .._core.parse import FLAG_FALSE, FLAG_TRUE, require_bool, split
from .._core.ports import port_number, port_text
from .._core.schemes import DEFAULT_PORT_TEXT, SPECIAL_SCHEMES
from .._interop.lenient import browser_resolve, repaired_text
from .._whatwg.browser import FORBIDDEN_HOST_RE, browser_host, percent_encode
from .pattern import (
    Component,
    Modifier,
    Options,
    PartType,
    TokenType,
    compile_component,
    escape_pattern_string,
    tokenize,
)
from .pattern import compare_component as _compare
from .pattern import generate as _generate

__all__ = [
    "ComponentName",
    "URLPattern",
    "URLPatternComponentResult",
    "URLPatternInit",
    "URLPatternInput",
    "URLPatternResult",
]

#: The name of a URL component as URLPattern names it.
ComponentName: TypeAlias = Literal[
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"]
#: The standard's ``URLPatternInit``: a dictionary of component strings and ``baseURL``.
URLPatternInit: TypeAlias = Mapping[str, str]
#: What ``test`` and ``exec`` take: a URL string or a ``URLPatternInit``.
URLPatternInput: TypeAlias = "str | URLPatternInit"

#: The components, in the standard's order.
COMPONENTS: Final[tuple[ComponentName, ...]] = (
    "protocol", "username", "password", "hostname", "port", "pathname", "search", "hash")
_INIT_KEYS: Final = frozenset((*COMPONENTS, "baseURL"))
_DEFAULT_OPTIONS: Final = Options()
_HOSTNAME_OPTIONS: Final = Options(delimiter=".")
_SCHEME_RE: Final = re.compile("[A-Za-z][A-Za-z0-9+.-]*")
_TAB_NEWLINE_RE: Final = re.compile("[\t\n\r]")
_IPV6_HOSTNAME_CHARS: Final = frozenset("0123456789abcdefABCDEF[]:")
_EMPTY_INIT: Final[Mapping[str, str]] = {}
_Canonicalize: TypeAlias = Callable[[str], str]


def _refuse(component: str, value: str, reason: str) -> ParseError:
    return ParseError(value, 0, component, reason)


# ---------------------------------------------------------------------------------------
# Canonicalization (URLPattern §4.5): what the URL parser makes of one component's text.
# The dummy URL of the standard is https://dummy.invalid/, a special URL.


def _remove_tab_newline(value: str) -> str:
    # the basic URL parser first removes every ASCII tab or newline
    return _TAB_NEWLINE_RE.sub("", value) if "\t" in value or "\n" in value \
        or "\r" in value else value


def canonicalize_protocol(value: str) -> str:
    """The standard's "canonicalize a protocol": the scheme, lowercase."""
    if value == "":
        return value
    if _SCHEME_RE.fullmatch(value) is None:
        raise _refuse("protocol", value, f"{value!r} is not a scheme")
    return value.lower()


def canonicalize_username(value: str) -> str:
    """The standard's "canonicalize a username": the userinfo percent-encode set."""
    return percent_encode(value, "userinfo") if value else value


def canonicalize_password(value: str) -> str:
    """The standard's "canonicalize a password": the userinfo percent-encode set."""
    return percent_encode(value, "userinfo") if value else value


def _plain_host_ahead(end: str) -> str:
    """A lookahead: a plain host starts here, followed by ``end``. A plain host is a
    domain the WHATWG host parser gives back unchanged: lowercase ASCII labels, none
    empty or an A-label to check (``xn--``), the last starting with a letter (so no
    IPv4 reading). Each test scans one character class, which ``re`` runs in C (a
    group repeated per label took 12x a parse on a host of a megabyte of labels)."""
    char = "[a-z0-9.\\-]"
    return (f"(?!\\.|xn--|{char}*\\.(?:\\.|xn--))"  # no empty label, none "xn--"
            f"(?=(?:{char}*\\.)?[a-z][a-z0-9-]*(?:{end}))")  # the last label's start


_PLAIN_HOST_RE: Final = re.compile(_plain_host_ahead("\\Z") + "[a-z0-9.\\-]*")


def canonicalize_hostname(value: str, protocol: str | None = None) -> str:
    """The standard's "canonicalize a hostname": the URL parser's hostname state with a
    state override, on a URL of scheme ``protocol`` (``https`` when not given).

    A special scheme's host is read by the WHATWG host parser
    (:func:`urikit._whatwg.browser.browser_host`: IDNA, IPv4 forms, IPv6); another
    scheme's is an opaque host (no forbidden host code point, the C0 control set
    percent-encoded).
    """
    if value == "":
        return value
    special = protocol is None or protocol in SPECIAL_SCHEMES
    if special and _PLAIN_HOST_RE.fullmatch(value) is not None:
        return value  # what the host parser gives back as it is
    text = _remove_tab_newline(value)
    end = len(text)
    inside_brackets = False
    for index, char in enumerate(text):
        if char == ":" and not inside_brackets:
            raise _refuse("hostname", value, f"{value!r} holds a port")
        if char in "/?#" or (special and char == "\\"):
            end = index
            break
        if char == "[":
            inside_brackets = True
        elif char == "]":
            inside_brackets = False
    buffer = text[:end]
    if buffer == "":
        if special:
            raise _refuse("hostname", value, "the host is empty")
        return ""
    try:
        if special or buffer.startswith("["):
            return browser_host(buffer)
    except URIError as exc:
        raise _refuse("hostname", value, f"{value!r} is no host: {exc}") from None
    bad = FORBIDDEN_HOST_RE.search(buffer)
    if bad is not None:
        raise _refuse("hostname", value, f"forbidden host code point {bad.group()!r}")
    return percent_encode(buffer, "c0-control")


def canonicalize_ipv6_hostname(value: str) -> str:
    """The standard's "canonicalize an IPv6 hostname": hex digits, "[", "]" and ":",
    lowercase."""
    for char in value:
        if char not in _IPV6_HOSTNAME_CHARS:
            raise _refuse("hostname", value, f"{char!r} in an IPv6 hostname")
    return value.lower()


def canonicalize_port(value: str, protocol: str | None = None) -> str:
    """The standard's "canonicalize a port": the port state with a state override:
    leading digits, up to 65535, ``""`` for the default port of ``protocol``."""
    if value == "":
        return value
    text = _remove_tab_newline(value)
    end = 0
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    if end == 0:
        raise _refuse("port", value, f"{value!r} is not a port number")
    number = port_number(text[:end])
    if number > 65535:
        raise _refuse("port", value, f"port {number} is past 65535")
    digits = port_text(number)
    if protocol is not None and DEFAULT_PORT_TEXT.get(protocol) == digits:
        return ""
    return digits


def _path_segments(path: str) -> str:
    # the path state on a special URL: "\" is "/", the path percent-encode set, the
    # browser's dot segments removed (the reading every URL of urikit's lenient
    # reader gets from browser_resolve)
    path = percent_encode(path.replace("\\", "/"), "path")
    if "/." not in path and "%2" not in path:  # no dot segment
        return path
    parts = ("https", None, "dummy.invalid", None, path, None, None)
    return browser_resolve(parts, parts)[4]


def canonicalize_pathname(value: str) -> str:
    """The standard's "canonicalize a pathname" (a special URL's path): ``/-`` put
    before a value without a leading "/" and taken off again."""
    if value == "":
        return value
    text = _remove_tab_newline(value)
    leading_slash = text[:1] in ("/", "\\")
    result = _path_segments(text if leading_slash else "/-" + text)
    return result if leading_slash else result[2:]


def canonicalize_opaque_pathname(value: str) -> str:
    """The standard's "canonicalize an opaque pathname": the C0 control percent-encode
    set."""
    return percent_encode(_remove_tab_newline(value), "c0-control") if value else value


def canonicalize_search(value: str) -> str:
    """The standard's "canonicalize a search": the special-query percent-encode set."""
    return percent_encode(_remove_tab_newline(value), "special-query") if value else value


def canonicalize_hash(value: str) -> str:
    """The standard's "canonicalize a hash": the fragment percent-encode set."""
    return percent_encode(_remove_tab_newline(value), "fragment") if value else value


# ---------------------------------------------------------------------------------------
# Reading a URL: urikit's lenient reader (the browser's reading), as 8 component strings


# The fast path: an absolute URL of a special scheme (but file) that both urikit's
# browser reading and the URL standard's serializer give back as it is: lowercase scheme
# and host (no "xn--" label, the last label no number, so no IDNA or IPv4 reading), no
# userinfo, a port without leading zeros, characters each component allows as they are
# (no "'" in the query: the special-query set encodes it), "%" only in triplets. Its
# components are sliced out of the text; what it does not match (or holds a dot
# segment, or a default or too large port) is read by the lenient reader.
_PCHAR: Final = "A-Za-z0-9\\-._~!$&'()*+,;=:@"
_QCHAR: Final = _PCHAR.replace("'", "")
# (each run unrolled and possessive where Python has it, as the grammar's: an
# alternation repeated per character took 23x a parse on a query of a megabyte)
_P: Final = POSSESSIVE


def _pct_run(chars: str) -> str:
    """``*( [chars] / "%" HEXDIG HEXDIG )``, unrolled (see ``grammar.pct_star``)."""
    return f"[{chars}]*{_P}(?:%[0-9A-Fa-f]{{2}}[{chars}]*{_P})*{_P}"


_FAST_URL_RE: Final = re.compile(
    "(https?|wss?|ftp)://" + _plain_host_ahead("[:/?#]|\\Z") + f"([a-z0-9.\\-]*{_P})"
    "(?::([1-9][0-9]{0,4}))?"
    f"(/{_pct_run(_PCHAR + '/')})?"
    f"(?:\\?({_pct_run(_QCHAR + '/?')}))?"
    f"(?:#({_pct_run(_PCHAR + '/?')}))?")


def _fast_components(text: str) -> tuple[str, ...] | None:
    found = _FAST_URL_RE.fullmatch(text)
    if found is None:
        return None
    scheme, host, port, path, query, fragment = found.groups()
    if port is not None and ((len(port) == 5 and int(port) > 65535)
                             or DEFAULT_PORT_TEXT[scheme] == port):
        return None
    if path is None:
        path = "/"
    elif "/." in path or "%2" in path:
        return None
    return (scheme, "", "", host, port or "", path, query or "", fragment or "")


def _url_components(text: str, base: str | None) -> tuple[str, ...] | None:
    """The components of the URL ``text`` (against ``base``) as the browser reads them,
    as URLPattern matches them, or ``None`` where the URL parser fails."""
    if base is None:
        fast = _fast_components(text)
        if fast is not None:
            return fast
    try:
        if base is None:
            parts = split(repaired_text(text))
            if parts[0] is None:
                return None
        else:
            base_parts = split(repaired_text(base))
            if base_parts[0] is None:
                return None
            ref = split(repaired_text(text, base_parts[0].lower()))
            parts = browser_resolve(base_parts, ref)
    except URIError:
        return None
    return _whatwg_components(parts)


def _whatwg_components(parts: tuple[str | None, str | None, str | None, str | None,
                                    str, str | None, str | None]) -> tuple[str, ...]:
    scheme_text, userinfo, host, port, path, query, fragment = parts
    scheme = (scheme_text or "").lower()
    special = scheme in SPECIAL_SCHEMES
    username = password = ""
    if userinfo:
        username, _, password = userinfo.partition(":")
    hostname = host or ""
    if hostname and (special or hostname.startswith("[")):
        hostname = browser_host(hostname)
    if port:
        port = port_text(port_number(port))
        if DEFAULT_PORT_TEXT.get(scheme) == port:
            port = ""
    if path[:1] == "/" and ("." in path or "%2" in path):
        path = browser_resolve(parts, parts)[4]
    elif special and path == "":
        path = "/"
    return (scheme, username, password, hostname, port or "", path, query or "",
            fragment or "")


def _base_url(text: str) -> tuple[tuple[str, ...], bool]:
    """A base URL read, and whether its path is opaque; ParseError if it is none."""
    try:
        parts = split(repaired_text(text))
    except URIError as exc:
        raise _refuse("baseURL", text, f"the base URL is invalid: {exc}") from None
    if parts[0] is None:
        raise _refuse("baseURL", text, "the base URL has no scheme")
    opaque = parts[2] is None and parts[4][:1] != "/"
    return _whatwg_components(parts), opaque


# The whole-URL expression: for a pattern whose groups are plain named or wildcard
# groups (no regexp group, no repetition, no ignore case), one expression over the URL
# text of the fast path's shape matches every component at once. Each component's
# expression is the standard's, with each wildcard's class narrowed to the characters
# the component can hold in that shape, so that it cannot run past the delimiter after
# it: within the component it chooses as the standard's does (the same quantifiers, in
# the same order), and the component's text is where it ends. Components that are
# absent from the shape (userinfo, the port) must match "". A URL it does not match,
# or whose path holds a dot segment, is matched component by component.
_PATH_CLASS: Final = _PCHAR + "%"
_QUERY_CLASS: Final = _QCHAR + "%/?"
_FRAGMENT_CLASS: Final = _PCHAR + "%/?"
# a "%" that starts no triplet: the lenient reader encodes it (checked after a match)
_LONE_PERCENT_RE: Final = re.compile("%(?![0-9A-Fa-f]{2})")


def _narrowed(component: Component, segment: str, full: str, dotless: bool = False,
              ) -> str | None:
    """The component's expression on the fast path's shape, its segment wildcards
    within the class body ``segment`` (the characters it holds but the delimiter; with
    ``dotless``, a text that starts with no "."), its full wildcards within ``full``,
    its text in one more group first; or None."""
    if component.pattern_string == "*":  # its one group is its text
        return f"([{full}]*)"
    out = ["("]
    delimiter = component.options.delimiter
    parts = component.parts
    for index, part in enumerate(parts):
        if part.type is PartType.FIXED_TEXT:
            if part.modifier is Modifier.NONE:
                out.append(re.escape(part.value))
            elif part.modifier is Modifier.OPTIONAL:
                out.append(f"(?:{re.escape(part.value)})?")
            else:
                return None
            continue
        if part.modifier not in (Modifier.NONE, Modifier.OPTIONAL):
            return None
        if part.type is PartType.SEGMENT_WILDCARD:
            # lazy, as the standard's; greedy where both take the same text: the class
            # stops at the delimiter, and the delimiter (or the component's end) must
            # come next
            following = parts[index + 1] if index + 1 < len(parts) else None
            if following is None:
                unique = part.suffix == ""
            else:
                text = following.value if following.type is PartType.FIXED_TEXT \
                    else following.prefix
                unique = (part.suffix == "" and following.modifier is Modifier.NONE
                          and delimiter != "" and text[:1] == delimiter)
            body = f"[{segment}]+" if unique else f"[{segment}]+?"
            if dotless:
                body = "(?!\\.)" + body
        elif part.type is PartType.FULL_WILDCARD:
            body = f"[{full}]*"
        else:
            return None
        optional = "?" if part.modifier is Modifier.OPTIONAL else ""
        if part.prefix or part.suffix:
            out.append(f"(?:{re.escape(part.prefix)}({body}){re.escape(part.suffix)}){optional}")
        else:
            out.append(f"({body}){optional}")
    out.append(")")
    return "".join(out)


def _fixed_text(component: Component) -> str | None:
    """The text of a component of fixed text alone, or None."""
    if all(part.type is PartType.FIXED_TEXT and part.modifier is Modifier.NONE
           for part in component.parts):
        return "".join(part.value for part in component.parts)
    return None


#: How one component's result is read from the whole-URL match: the group of its text
#: (0: none, the component's text is the constant ``text``), the end of its groups,
#: their names, the groups of a component without a group of its text, and that text.
_Plan: TypeAlias = tuple[int, int, tuple[str, ...], dict[str, "str | None"], str]


class _WholeURL(NamedTuple):
    match: Callable[[str], re.Match[str] | None]
    plan: tuple[_Plan, ...]
    path_group: int
    # whether a match may hold a dot segment in its path ("/." is looked for), or the
    # expression refuses every path that could
    dots: bool


def _whole_url(components: tuple[Component, ...], ignore_case: bool) -> _WholeURL | None:
    # a component the engine matches with its linear matcher (two wildcards that can
    # take the same text) would cost re polynomial time here: none of those
    if ignore_case or any(c.has_regexp_groups or c.program is not None for c in components):
        return None
    # a path segment "." or ".." of a match is made of fixed text or of a segment
    # wildcard's text starting with ".": with no "." in the pathname's fixed text and
    # no full wildcard there, the expression refuses the wildcards' texts that start
    # with "." (such a URL is matched component by component), and no match need be
    # looked at for "/." (a whole scan of the text on every match)
    dots = any(part.type is PartType.FULL_WILDCARD or "." in part.value + part.prefix
               + part.suffix for part in components[5].parts
               if part.type is not PartType.REGEXP) or components[5].pattern_string == "*"
    empty: list[tuple[str | None, ...]] = [()] * len(components)
    for index in (1, 2, 4):  # username, password, port: "" in the shape
        found = components[index].match("")
        if found is None:
            return None
        empty[index] = found
    pieces = [
        _narrowed(components[0], "a-z", "a-z"),
        _narrowed(components[3], "a-z0-9\\-", "a-z0-9.\\-"),
        _narrowed(components[5], _PATH_CLASS, _PATH_CLASS + "/", not dots),
        _narrowed(components[6], _QUERY_CLASS, _QUERY_CLASS),
        _narrowed(components[7], _FRAGMENT_CLASS, _FRAGMENT_CLASS),
    ]
    if any(piece is None for piece in pieces):
        return None
    protocol, hostname, pathname, search, fragment = cast("list[str]", pieces)
    # a protocol or hostname of fixed text only is its own canonical text, so only the
    # text equal to it reads as it: the shape need not be checked there, and the text
    # needs no group (each group costs re time on every match)
    constants = [""] * len(components)
    protocol_text = _fixed_text(components[0])
    literal_protocol = protocol_text in ("http", "https", "ws", "wss", "ftp")
    host_text = _fixed_text(components[3])
    literal_host = host_text not in (None, "")
    if literal_protocol:
        constants[0] = cast(str, protocol_text)
        protocol = re.escape(constants[0])
    if literal_host:
        constants[3] = cast(str, host_text)  # pyright: ignore[reportUnnecessaryCast]
        hostname = re.escape(constants[3])
    if components[6].pattern_string == components[7].pattern_string == "*":
        # any search and hash: the end of the text first (the usual URL has neither),
        # a group that takes no part is the empty text
        tail = f"(?:\\Z|(?:\\?{search})?(?:#{fragment})?\\Z)"
    else:
        tail = f"(?:\\?|(?=#|\\Z)){search}(?:#|\\Z){fragment}\\Z"
    source = (
        ("" if literal_protocol else "(?=(?:https?|wss?|ftp)://)") + f"{protocol}://"
        + ("" if literal_host else _plain_host_ahead("[/?#]|\\Z"))
        + f"{hostname}(?=/){pathname}{tail}")
    spans: list[tuple[int, int]] = []
    group = 1
    for index, component in enumerate(components):
        count = len(component.group_names)
        if index in (1, 2, 4) or (index == 0 and literal_protocol) or (
                index == 3 and literal_host):
            spans.append((0, 0))
            continue
        if component.pattern_string == "*":  # end == first: group "0" is the text
            spans.append((group, group))
            group += 1
            continue
        spans.append((group, group + 1 + count))
        group += 1 + count
    plan = tuple(
        (first, end, c.group_names,
         {} if first else dict(zip(c.group_names, groups, strict=True)), text)
        for (first, end), c, groups, text in zip(spans, components, empty, constants,
                                                 strict=True))
    return _WholeURL(re.compile(source).match, plan, spans[5][0], dots)


# ---------------------------------------------------------------------------------------
# Processing a URLPatternInit (URLPattern §4.4)


def _is_absolute_pathname(text: str, pattern: bool) -> bool:
    if text[:1] == "/":
        return True
    if not pattern or len(text) < 2:
        return False
    return text[:2] in ("\\/", "{/")


def _check_init(init: Mapping[Any, object]) -> dict[str, str]:
    result: dict[str, str] = {}
    for key, value in init.items():
        if not isinstance(key, str) or key not in _INIT_KEYS:
            raise TypeError(f"URLPatternInit has no key {key!r}")
        if not isinstance(value, str):
            raise TypeError(f"URLPatternInit[{key!r}] must be str, not {type(value).__name__}")
        result[key] = value
    return result


def process_init(init: Mapping[str, str], pattern: bool,
                 defaults: dict[str, str] | None = None) -> dict[str, str]:
    """The standard's "process a URLPatternInit" with type "pattern" (``pattern``) or
    "url": the components ``init`` gives, filled in from its ``baseURL``, canonicalized
    for a URL. ``defaults`` are the components before (the standard's arguments)."""
    result = dict(defaults or {})

    def from_base(value: str) -> str:
        return escape_pattern_string(value) if pattern else value

    base: tuple[str, ...] | None = None
    base_opaque = False
    if "baseURL" in init:
        base, base_opaque = _base_url(init["baseURL"])
        given = init.keys()
        if "protocol" not in given:
            result["protocol"] = from_base(base[0])
        if not pattern and given.isdisjoint(("protocol", "hostname", "port", "username")):
            result["username"] = from_base(base[1])
        if not pattern and given.isdisjoint(
                ("protocol", "hostname", "port", "username", "password")):
            result["password"] = from_base(base[2])
        earlier: list[str] = ["protocol", "hostname"]
        for index, name in ((3, "hostname"), (4, "port"), (5, "pathname"), (6, "search"),
                            (7, "hash")):
            if name != "hostname":
                earlier.append(name)
            if given.isdisjoint(earlier):
                result[name] = from_base(base[index])
    if "protocol" in init:
        value = init["protocol"]
        value = value[:-1] if value.endswith(":") else value
        result["protocol"] = value if pattern else canonicalize_protocol(value)
    protocol = result.get("protocol")
    if "username" in init:
        value = init["username"]
        result["username"] = value if pattern else canonicalize_username(value)
    if "password" in init:
        value = init["password"]
        result["password"] = value if pattern else canonicalize_password(value)
    if "hostname" in init:
        value = init["hostname"]
        # the standard's dummy URL is https: the hostname is read as a special URL's
        result["hostname"] = value if pattern else canonicalize_hostname(value)
    if "port" in init:
        value = init["port"]
        result["port"] = value if pattern else canonicalize_port(value, protocol)
    if "pathname" in init:
        value = init["pathname"]
        if base is not None and not base_opaque and not _is_absolute_pathname(value, pattern):
            base_path = from_base(base[5])
            slash = base_path.rfind("/")
            if slash >= 0:
                value = base_path[:slash + 1] + value
        if not pattern:
            if protocol in ("", None) or protocol in SPECIAL_SCHEMES:
                value = canonicalize_pathname(value)
            else:
                value = canonicalize_opaque_pathname(value)
        result["pathname"] = value
    if "search" in init:
        value = init["search"]
        value = value[1:] if value.startswith("?") else value
        result["search"] = value if pattern else canonicalize_search(value)
    if "hash" in init:
        value = init["hash"]
        value = value[1:] if value.startswith("#") else value
        result["hash"] = value if pattern else canonicalize_hash(value)
    return result


# ---------------------------------------------------------------------------------------
# The constructor string parser (URLPattern §3.1)


class _ConstructorParser:
    """The standard's "constructor string parser": a pattern string such as
    ``https://*.example.com/:id?q#h`` cut into its components' pattern strings."""

    def __init__(self, text: str) -> None:
        self.input = text
        self.tokens = tokenize(text, True)
        self.result: dict[str, str] = {}
        self.component_start = 0
        self.token_index = 0
        self.token_increment = 1
        self.group_depth = 0
        self.bracket_depth = 0
        self.special = False
        self.state = "init"

    def parse(self) -> dict[str, str]:
        tokens = self.tokens
        while self.token_index < len(tokens):
            self.token_increment = 1
            if tokens[self.token_index].type is TokenType.END:
                if self.state == "init":
                    self.rewind()
                    if self.is_char(self.token_index, "#"):
                        self.change_state("hash", 1)
                    elif self.is_search_prefix():
                        self.change_state("search", 1)
                    else:
                        self.change_state("pathname", 0)
                    self.token_index += self.token_increment
                    continue
                if self.state == "authority":
                    self.rewind()
                    self.state = "hostname"
                    self.token_index += self.token_increment
                    continue
                self.change_state("done", 0)
                break
            if tokens[self.token_index].type is TokenType.OPEN:
                self.group_depth += 1
                self.token_index += self.token_increment
                continue
            if self.group_depth > 0:
                if tokens[self.token_index].type is TokenType.CLOSE:
                    self.group_depth -= 1
                else:
                    self.token_index += self.token_increment
                    continue
            self.step()
            self.token_index += self.token_increment
        if "hostname" in self.result and "port" not in self.result:
            self.result["port"] = ""
        return self.result

    def step(self) -> None:
        state = self.state
        index = self.token_index
        if state == "init":
            if self.is_char(index, ":"):
                self.rewind()
                self.state = "protocol"
        elif state == "protocol":
            if self.is_char(index, ":"):
                self.compute_special()
                next_state, skip = "pathname", 1
                if self.is_char(index + 1, "/") and self.is_char(index + 2, "/"):
                    next_state, skip = "authority", 3
                elif self.special:
                    next_state = "authority"
                self.change_state(next_state, skip)
        elif state == "authority":
            if self.is_char(index, "@"):
                self.rewind()
                self.state = "username"
            elif (self.is_char(index, "/") or self.is_search_prefix()
                  or self.is_char(index, "#")):
                self.rewind()
                self.state = "hostname"
        elif state == "username":
            if self.is_char(index, ":"):
                self.change_state("password", 1)
            elif self.is_char(index, "@"):
                self.change_state("hostname", 1)
        elif state == "password":
            if self.is_char(index, "@"):
                self.change_state("hostname", 1)
        elif state == "hostname":
            if self.is_char(index, "["):
                self.bracket_depth += 1
            elif self.is_char(index, "]"):
                self.bracket_depth -= 1
            elif self.is_char(index, ":") and self.bracket_depth == 0:
                self.change_state("port", 1)
            else:
                self.after_authority(index)
        elif state == "port":
            self.after_authority(index)
        elif state == "pathname":
            if self.is_search_prefix():
                self.change_state("search", 1)
            elif self.is_char(index, "#"):
                self.change_state("hash", 1)
        elif state == "search" and self.is_char(index, "#"):
            self.change_state("hash", 1)

    def after_authority(self, index: int) -> None:
        if self.is_char(index, "/"):
            self.change_state("pathname", 0)
        elif self.is_search_prefix():
            self.change_state("search", 1)
        elif self.is_char(index, "#"):
            self.change_state("hash", 1)

    def rewind(self) -> None:
        self.token_index = self.component_start
        self.token_increment = 0

    def change_state(self, new_state: str, skip: int) -> None:
        state = self.state
        result = self.result
        if state not in ("init", "authority", "done"):
            result[state] = self.component_string()
        if state != "init" and new_state != "done":
            if (state in ("protocol", "authority", "username", "password")
                    and new_state in ("port", "pathname", "search", "hash")
                    and "hostname" not in result):
                result["hostname"] = ""
            if (state in ("protocol", "authority", "username", "password", "hostname", "port")
                    and new_state in ("search", "hash") and "pathname" not in result):
                result["pathname"] = "/" if self.special else ""
            if (state in ("protocol", "authority", "username", "password", "hostname", "port",
                          "pathname")
                    and new_state == "hash" and "search" not in result):
                result["search"] = ""
        self.state = new_state
        self.token_index += skip
        self.component_start = self.token_index
        self.token_increment = 0

    def safe_token_index(self, index: int) -> int:
        return index if index < len(self.tokens) else len(self.tokens) - 1

    def is_char(self, index: int, value: str) -> bool:
        """The standard's "is a non-special pattern char"."""
        token = self.tokens[self.safe_token_index(index)]
        return token.value == value and token.type in (
            TokenType.CHAR, TokenType.ESCAPED_CHAR, TokenType.INVALID_CHAR)

    def is_search_prefix(self) -> bool:
        index = self.token_index
        if self.is_char(index, "?"):
            return True
        if self.tokens[index].value != "?":
            return False
        if index == 0:
            return True
        previous = self.tokens[self.safe_token_index(index - 1)]
        return previous.type not in (TokenType.NAME, TokenType.REGEXP, TokenType.CLOSE,
                                     TokenType.ASTERISK)

    def component_string(self) -> str:
        start = self.tokens[self.safe_token_index(self.component_start)].index
        end = self.tokens[self.token_index].index
        return self.input[start:end]

    def compute_special(self) -> None:
        component = compile_component(self.component_string(), canonicalize_protocol,
                                      _DEFAULT_OPTIONS)
        self.special = _matches_special_scheme(component)


def _matches_special_scheme(component: Component) -> bool:
    return any(component.regex.match(scheme) is not None for scheme in SPECIAL_SCHEMES)


def _is_ipv6_pattern(text: str) -> bool:
    return len(text) >= 2 and (text[0] == "[" or text[:2] in ("\\[", "{["))


# ---------------------------------------------------------------------------------------
# The results


class URLPatternComponentResult(NamedTuple):
    """What one component of a URL gave a match (the standard's
    ``URLPatternComponentResult``).

    Attributes:
        input: the component's text as matched (canonical: ``"example.com"``).
        groups: each group's text by name (``"0"``, ``"1"`` ... for unnamed groups);
            ``None`` for a group that took part in no match (JavaScript's
            ``undefined``: an optional group left out).

    .. versionadded:: 0.5
    """

    input: str
    groups: Mapping[str, str | None]


class URLPatternResult:
    """A match of a :class:`URLPattern` (the standard's ``URLPatternResult``): the
    inputs as given and one :class:`URLPatternComponentResult` per component.

    Immutable; two results are equal when their inputs and components are. The
    component results of a match on the fast path are built when first read.

    Attributes:
        inputs: what ``exec`` was given: the input, and the base URL if one was.
        protocol, username, password, hostname, port, pathname, search, hash: each
            component's :class:`URLPatternComponentResult`.

    .. versionadded:: 0.5
    """

    __slots__ = ("_inputs", "_parts")

    _inputs: tuple[str | Mapping[str, str], ...]
    _parts: tuple[URLPatternComponentResult, ...] | None

    def __init__(self, inputs: tuple[str | Mapping[str, str], ...] | Checked,
                 components: tuple[URLPatternComponentResult, ...] | Checked) -> None:
        # read as objects: the message works in both builds
        given_inputs, given_components = cast(object, inputs), cast(object, components)
        if not isinstance(given_inputs, tuple) or not isinstance(given_components, tuple):
            wrong = given_components if isinstance(given_inputs, tuple) else given_inputs
            raise TypeError(f"a URLPatternResult's inputs and components are tuples, not "
                            f"{type(wrong).__name__}")
        if len(components) != len(COMPONENTS):
            raise TypeError(f"a URLPatternResult has {len(COMPONENTS)} components")
        self._inputs = inputs
        self._parts = components

    def _components(self) -> tuple[URLPatternComponentResult, ...]:
        parts = self._parts
        if parts is None:
            parts = self._parts = tuple(self._component(i) for i in range(len(COMPONENTS)))
        return parts

    def _component(self, index: int) -> URLPatternComponentResult:
        parts = self._parts
        assert parts is not None
        return parts[index]

    @property
    def inputs(self) -> tuple[str | Mapping[str, str], ...]:
        """The input, and the base URL if one was given."""
        return self._inputs

    @property
    def protocol(self) -> URLPatternComponentResult:
        """The protocol's match."""
        return self._component(0)

    @property
    def username(self) -> URLPatternComponentResult:
        """The username's match."""
        return self._component(1)

    @property
    def password(self) -> URLPatternComponentResult:
        """The password's match."""
        return self._component(2)

    @property
    def hostname(self) -> URLPatternComponentResult:
        """The hostname's match."""
        return self._component(3)

    @property
    def port(self) -> URLPatternComponentResult:
        """The port's match."""
        return self._component(4)

    @property
    def pathname(self) -> URLPatternComponentResult:
        """The pathname's match."""
        return self._component(5)

    @property
    def search(self) -> URLPatternComponentResult:
        """The search's match."""
        return self._component(6)

    @property
    def hash(self) -> URLPatternComponentResult:
        """The hash's match."""
        return self._component(7)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLPatternResult):
            return NotImplemented
        return (self.inputs == other.inputs
                and self._components() == other._components())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}"
                          for name, value in zip(COMPONENTS, self._components(), strict=True))
        return f"URLPatternResult(inputs={self.inputs!r}, {shown})"

    def __reduce__(self) -> tuple[type[URLPatternResult], tuple[object, ...]]:
        return (URLPatternResult, (self.inputs, self._components()))


class _MatchResult(URLPatternResult):
    """A URLPatternResult of the one-expression path: the match and the plan to read
    it, each component's result built from them when read (two fields: this object is
    built on every match)."""

    __slots__ = ("_found", "_plan")

    _found: re.Match[str]
    _plan: tuple[_Plan, ...]

    def __init__(self, found: re.Match[str], plan: tuple[_Plan, ...]) -> None:
        self._found = found
        self._plan = plan

    @property
    def inputs(self) -> tuple[str | Mapping[str, str], ...]:
        """The input."""
        return (self._found.string,)

    def _components(self) -> tuple[URLPatternComponentResult, ...]:
        found = self._found
        return tuple(_whole_component(plan, found) for plan in self._plan)

    def _component(self, index: int) -> URLPatternComponentResult:
        return _whole_component(self._plan[index], self._found)


class _ComponentsResult(URLPatternResult):
    """A URLPatternResult of matching component by component: each component's result
    built from its match (None: the pattern is "*") when first read."""

    __slots__ = ("_matchers", "_matches", "_values")

    _values: tuple[str, ...]
    _matches: tuple[tuple[str | None, ...] | None, ...]
    _matchers: tuple[tuple[int, Component | None, tuple[str, ...]], ...]

    def __init__(self, inputs: tuple[str | Mapping[str, str], ...], values: tuple[str, ...],
                 matches: tuple[tuple[str | None, ...] | None, ...],
                 matchers: tuple[tuple[int, Component | None, tuple[str, ...]], ...],
                 ) -> None:
        self._inputs = inputs
        self._parts = None
        self._values = values
        self._matches = matches
        self._matchers = matchers

    def _component(self, index: int) -> URLPatternComponentResult:
        parts = self._parts
        if parts is not None:
            return parts[index]
        value = self._values[index]
        groups = self._matches[index]
        if groups is None:
            return _new_component(URLPatternComponentResult, (value, {"0": value}))
        return _new_component(URLPatternComponentResult, (value, dict(zip(
            self._matchers[index][2], groups, strict=True))))


# ---------------------------------------------------------------------------------------
# URLPattern


def _rebuilt(input: str | dict[str, str], base_url: str | None,
             ignore_case: bool) -> URLPattern:
    """The pattern that pickle and copy rebuild (:meth:`URLPattern.__reduce__`)."""
    return URLPattern(input, base_url, ignore_case=ignore_case)


class URLPattern:
    """A URL pattern, as the WHATWG URLPattern standard defines it: a pattern per
    component (protocol, username, password, hostname, port, pathname, search, hash),
    with named groups (``:id``), regexp groups (``(\\d+)``), wildcards (``*``) and
    modifiers (``?``, ``+``, ``*``), matched against URLs as browsers read them.

    Args:
        input: a pattern string (``"https://*.example.com/books/:id"``; relative to
            ``base_url`` when given), or a ``URLPatternInit``: a mapping of component
            names (and ``"baseURL"``) to pattern strings, the standard's keys. A
            component not given is ``"*"`` (anything), but where the pattern string or
            base URL sets the components before it.
        base_url: the URL a relative pattern string is read against (only with a
            string).
        ignore_case: match the pathname, search and hash case-insensitively (the
            standard's ``ignoreCase``).

    Raises:
        ParseError: the pattern is invalid (as the standard's constructor throws), or
            a regexp group is outside the subset Python's ``re`` matches as
            JavaScript does (see ``docs/urlpattern.md``).
        TypeError: an argument of the wrong type, a key that is not a component, or
            ``base_url`` with a mapping.

    >>> pattern = URLPattern("https://example.com/books/:id")
    >>> pattern.test("https://example.com/books/42")
    True
    >>> pattern.exec("https://example.com/books/42").pathname.groups
    {'id': '42'}
    >>> URLPattern({"pathname": "/books/:id(\\\\d+)"}).pathname
    '/books/:id(\\\\d+)'

    .. versionadded:: 0.5
    """

    __slots__ = ("_components", "_given", "_matchers", "_whole")

    _components: tuple[Component, ...]
    _given: tuple[str | dict[str, str], str | None, bool]
    _matchers: tuple[tuple[int, Component | None, tuple[str, ...]], ...]
    _whole: _WholeURL | None

    def __init__(self, input: str | Mapping[str, str] | None = None,
                 base_url: str | Checked | None = None, *,
                 ignore_case: bool | Checked = False) -> None:
        # checked: callers without a type checker pass anything
        given = cast(object, base_url)  # read as an object: the message works in both builds
        if given is not None and not isinstance(given, str):
            raise TypeError(f"base_url must be str or None, not {type(given).__name__}")
        if ignore_case is not FLAG_FALSE and ignore_case is not FLAG_TRUE:
            require_bool(ignore_case, "ignore_case")
        given = cast(object, {} if input is None else input)
        if isinstance(given, str):
            input = given
            self._given = (input, base_url, ignore_case)
            init = _ConstructorParser(input).parse()
            if base_url is None and "protocol" not in init:
                raise _refuse("pattern", input,
                              "a relative pattern string needs a base URL")
            if base_url is not None:
                init["baseURL"] = base_url
        elif isinstance(given, Mapping):
            if base_url is not None:
                raise TypeError("base_url is given with the pattern's baseURL key only")
            init = _check_init(given)  # pyright: ignore[reportUnknownArgumentType] (checked there)
            self._given = (dict(init), None, ignore_case)
        else:
            raise TypeError(
                f"input must be str or a mapping, not {type(given).__name__}")
        processed = process_init(init, True)
        for name in COMPONENTS:
            processed.setdefault(name, "*")
        protocol_text = processed["protocol"]
        if DEFAULT_PORT_TEXT.get(protocol_text) == processed["port"]:
            processed["port"] = ""
        case = Options(ignore_case=ignore_case)
        compiled: dict[str, Component] = {}

        def build(name: str, encode: _Canonicalize, options: Options) -> None:
            text = processed[name]
            try:
                compiled[name] = compile_component(text, encode, options)
            except ParseError as exc:
                raise ParseError(text, exc.position, name, exc.reason, exc.hint) from None
            except URIError as exc:
                raise _refuse(name, text, str(exc)) from None

        build("protocol", canonicalize_protocol, _DEFAULT_OPTIONS)
        build("username", canonicalize_username, _DEFAULT_OPTIONS)
        build("password", canonicalize_password, _DEFAULT_OPTIONS)
        if _is_ipv6_pattern(processed["hostname"]):
            build("hostname", canonicalize_ipv6_hostname, _HOSTNAME_OPTIONS)
        else:
            build("hostname", canonicalize_hostname, _HOSTNAME_OPTIONS)
        build("port", canonicalize_port, _DEFAULT_OPTIONS)
        if _matches_special_scheme(compiled["protocol"]):
            build("pathname", canonicalize_pathname,
                  Options(delimiter="/", prefix="/", ignore_case=ignore_case))
        else:
            build("pathname", canonicalize_opaque_pathname, case)
        build("search", canonicalize_search, case)
        build("hash", canonicalize_hash, case)
        self._components = tuple(compiled[name] for name in COMPONENTS)
        self._matchers = tuple(
            (index, None if component.pattern_string == "*" else component,
             component.group_names)
            for index, component in enumerate(self._components))
        self._whole = _whole_url(self._components, ignore_case)

    # -- the component patterns ----------------------------------------------------------

    @property
    def protocol(self) -> str:
        """The protocol's pattern string, normalized (``"https"``, ``"*"``)."""
        return self._components[0].pattern_string

    @property
    def username(self) -> str:
        """The username's pattern string."""
        return self._components[1].pattern_string

    @property
    def password(self) -> str:
        """The password's pattern string."""
        return self._components[2].pattern_string

    @property
    def hostname(self) -> str:
        """The hostname's pattern string (``"*.example.com"``)."""
        return self._components[3].pattern_string

    @property
    def port(self) -> str:
        """The port's pattern string (``""`` for a special scheme's default port)."""
        return self._components[4].pattern_string

    @property
    def pathname(self) -> str:
        """The pathname's pattern string (``"/books/:id"``)."""
        return self._components[5].pattern_string

    @property
    def search(self) -> str:
        """The search's pattern string, without "?"."""
        return self._components[6].pattern_string

    @property
    def hash(self) -> str:
        """The hash's pattern string, without "#"."""
        return self._components[7].pattern_string

    @property
    def has_regexp_groups(self) -> bool:
        """Whether a component has a regexp group (the standard's ``hasRegExpGroups``)."""
        return any(component.has_regexp_groups for component in self._components)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name!r}: {component.pattern_string!r}"
                          for name, component in zip(COMPONENTS, self._components,
                                                     strict=True)
                          if component.pattern_string != "*")
        return f"URLPattern({{{shown}}})"

    def _key(self) -> tuple[tuple[str, ...], bool]:
        # what a pattern is: its component pattern strings, and whether case counts
        # (the search's options say it, as the pathname's and the hash's do)
        return (tuple(c.pattern_string for c in self._components),
                self._components[6].options.ignore_case)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URLPattern):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self) -> tuple[Callable[[str | dict[str, str], str | None, bool],
                                           URLPattern],
                                  tuple[str | dict[str, str], str | None, bool]]:
        # rebuilt from what it was given (a compiled class is rebuilt through its
        # constructor): its pattern strings do not always compile to themselves
        # (``{"protocol": "http", "port": "80 "}`` keeps the port "80", which given
        # again is the default port, "")
        return (_rebuilt, self._given)

    # -- matching ------------------------------------------------------------------------

    def _inputs(self, input: object, base_url: object) -> tuple[str, ...] | None:
        if input is None:
            input = _EMPTY_INIT
        if base_url is not None and not isinstance(base_url, str):
            raise TypeError(f"base_url must be str or None, not {type(base_url).__name__}")
        if isinstance(input, str):
            return _url_components(input, base_url)
        if isinstance(input, Mapping):
            if base_url is not None:
                raise TypeError("base_url is given with the input's baseURL key only")
            init = _check_init(input)  # pyright: ignore[reportUnknownArgumentType]
            try:
                values = process_init(init, False, dict.fromkeys(COMPONENTS, ""))
            except URIError:
                return None
            return tuple(values[name] for name in COMPONENTS)
        raise TypeError(f"input must be str or a mapping, not {type(input).__name__}")

    def test(self, input: URLPatternInput | None = None,
             base_url: str | Checked | None = None) -> bool:
        """Whether the URL (a string, read as a browser reads it, against ``base_url``;
        or a ``URLPatternInit`` of components) matches the pattern.

        Args:
            input: a URL string or a mapping of component names to text (``None``:
                the empty mapping, which only a pattern of wildcards matches).
            base_url: the base a relative URL string is read against.

        Returns:
            ``True`` on a match; ``False`` otherwise, also for a URL the browser
            refuses.

        Raises:
            TypeError: an argument of the wrong type, or ``base_url`` with a mapping.

        >>> URLPattern({"pathname": "/books/:id"}).test("/books/1", "https://a.example")
        True
        """
        whole = self._whole
        if whole is not None and base_url is None and type(input) is str:
            found = whole.match(input)
            if found is not None and (
                    ("%" not in input and not (whole.dots and "/." in input))
                    or _as_is(input, found.group(whole.path_group))):
                return True
        values = self._inputs(input, base_url)
        if values is None:
            return False
        for index, component, _ in self._matchers:
            if component is not None and component.match(values[index]) is None:
                return False
        return True

    def exec(self, input: URLPatternInput | None = None,
             base_url: str | Checked | None = None) -> URLPatternResult | None:
        """The match of the URL against the pattern, with each component's groups, or
        ``None``.

        Args:
            input: a URL string or a mapping of component names to text (``None``:
                the empty mapping, which only a pattern of wildcards matches).
            base_url: the base a relative URL string is read against.

        Returns:
            The :class:`URLPatternResult`, or ``None`` when the URL does not match (or
            the browser refuses it).

        Raises:
            TypeError: an argument of the wrong type, or ``base_url`` with a mapping.

        >>> match = URLPattern("https://:sub.example.com/*").exec("https://api.example.com/v1")
        >>> match.hostname.groups, match.pathname.groups
        ({'sub': 'api'}, {'0': 'v1'})
        """
        whole = self._whole
        if whole is not None and base_url is None and type(input) is str:
            found = whole.match(input)
            if found is not None and (
                    ("%" not in input and not (whole.dots and "/." in input))
                    or _as_is(input, found.group(whole.path_group))):
                return _MatchResult(found, whole.plan)
        values = self._inputs(input, base_url)
        if values is None:
            return None
        # Component.match: linear in the text (re, or the engine's linear matcher where
        # re could take polynomial time)
        matches: list[tuple[str | None, ...] | None] = []
        for index, component, _ in self._matchers:
            if component is None:
                matches.append(None)
                continue
            groups = component.match(values[index])
            if groups is None:
                return None
            matches.append(groups)
        shown = _EMPTY_INIT if input is None else input
        given: tuple[str | Mapping[str, str], ...] = (
            (shown,) if base_url is None else (shown, base_url))
        return _ComponentsResult(given, values, tuple(matches), self._matchers)

    # -- compareComponent and generate -----------------------------------------------------

    @staticmethod
    def compare_component(component: ComponentName, left: URLPattern,
                          right: URLPattern) -> int:
        """The order of two patterns' component (``URLPattern.compareComponent``): -1, 0
        or 1, the more specific last (fixed text after a named group after a regexp
        group after a wildcard), so that sorting routes puts the most general first.

        Args:
            component: a component name (``"pathname"``).
            left: a pattern.
            right: another.

        Returns:
            -1, 0 or 1.

        Raises:
            TypeError: ``component`` is not a component name, or a pattern is no
                :class:`URLPattern`.

        >>> URLPattern.compare_component(
        ...     "pathname", URLPattern({"pathname": "/a/:id"}), URLPattern({"pathname": "/a/b"}))
        -1
        """
        index = _component_index(component)
        # checked: callers without a type checker pass anything
        if not isinstance(cast(object, left), URLPattern) or not isinstance(
                cast(object, right), URLPattern):
            raise TypeError("compare_component compares two URLPattern objects")
        return _compare(left._components[index], right._components[index])

    def generate(self, component: ComponentName | Checked,
                 groups: Mapping[str, str] | Checked) -> str:
        """The component's text that the pattern makes of ``groups`` (the URLPattern
        ``generate()`` proposal): fixed text as it is, each named group's value
        canonicalized for the component (a pathname value percent-encoded, a hostname
        value IDNA-mapped).

        Args:
            component: a component name (``"pathname"``).
            groups: the value of each named group.

        Returns:
            The component's text.

        Raises:
            BuildError: the component has a wildcard, a regexp group or a modifier
                (no single text), a group has no value, or a value does not match its
                group (an empty value, a "/" in a pathname group's value).
            TypeError: ``component`` is not a component name, or ``groups`` no mapping
                of ``str`` to ``str``.

        >>> URLPattern({"pathname": "/books/:id"}).generate("pathname", {"id": "a b"})
        '/books/a%20b'
        """
        index = _component_index(component)
        given = cast(object, groups)  # checked: callers without a type checker pass anything
        if not isinstance(given, Mapping) or not all(
                isinstance(key, str) and isinstance(value, str)
                for key, value in given.items()):  # pyright: ignore[reportUnknownVariableType]
            raise TypeError("groups must be a mapping of str to str")
        compiled = self._components[index]
        encode = self._generate_encoder(index)
        try:
            return _generate(compiled, groups, encode)
        except BuildError:
            raise
        except URIError as exc:  # a value the component's canonicalization refuses
            raise BuildError(Rule.GENERATE_FROM_GROUPS, str(exc)) from None

    def _generate_encoder(self, index: int) -> _Canonicalize:
        if index == 5:
            if _matches_special_scheme(self._components[0]):
                return canonicalize_pathname
            return canonicalize_opaque_pathname
        if index == 3:
            return canonicalize_hostname
        return _ENCODERS[index]


def _as_is(text: str, path: str) -> bool:
    # no segment a browser reads as a dot segment ("." or "%2e" first) in the path, and
    # every "%" of the text a triplet: the shape of the fast path
    return "/." not in path and "%2" not in path and (
        "%" not in text or _LONE_PERCENT_RE.search(text) is None)


_NO_GROUPS: Final[Mapping[str, str | None]] = {}


#: ``tuple.__new__`` typed for the results: one built in C from its fields, with no
#: Python frame (a NamedTuple's own ``__new__`` is Python code). pyright reads
#: ``tuple.__new__`` generically, hence the casts.
_NewComponent: TypeAlias = Callable[
    [type["URLPatternComponentResult"], tuple[str, dict[str, str | None]]],
    "URLPatternComponentResult"]
_new_component: Final = cast(
    "_NewComponent",
    tuple.__new__)  # pyright: ignore[reportUnknownMemberType] (see the cast)


def _whole_component(plan: _Plan, found: re.Match[str]) -> URLPatternComponentResult:
    first, end, names, empty, constant = plan
    if first == 0:
        return _new_component(URLPatternComponentResult, (constant, empty.copy()))
    if end == first:
        text: str = found.group(first) or ""  # None: a search or hash left out
        return _new_component(URLPatternComponentResult, (text, {"0": text}))
    groups = found.groups()
    return _new_component(URLPatternComponentResult, (
        groups[first - 1], dict(zip(names, groups[first:end - 1], strict=True))))


def _component_index(component: object) -> int:
    if not isinstance(component, str) or component not in COMPONENTS:
        raise TypeError(f"{component!r} is not a URLPattern component name")
    return COMPONENTS.index(component)


_ENCODERS: Final[tuple[_Canonicalize, ...]] = (
    canonicalize_protocol, canonicalize_username, canonicalize_password,
    canonicalize_hostname, canonicalize_port, canonicalize_pathname, canonicalize_search,
    canonicalize_hash)
