"""Text to components: the strict URI-reference parser and its error diagnosis.

The fast path is one ``fullmatch`` of the pattern that ``_grammar`` builds from the ABNF
(plus a search for a stray ``%`` when the text has one). Only when that fails does the
diagnosis walk the text component by component to say which character, where and in
which component, so valid input never pays for error reporting.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from . import grammar as g
from .build import Checked
from .components import Parts
from .errors import ParseError

_MATCH: Final = g.URI_REFERENCE_RE.fullmatch
_MATCH_Z: Final = g.URI_REFERENCE_Z_RE.fullmatch

_NON_ASCII_HINT: Final = "characters outside ASCII must be percent-encoded as UTF-8"
#: A host is no place for percent-encoded UTF-8 in practice (DNS, browsers): a name
#: outside ASCII is an internationalized one, which IDNA turns into ASCII.
_NON_ASCII_HOST_HINT: Final = ("a name outside ASCII needs IDNA: read the text with "
                               "URI.from_iri or URI.parse_lenient (pydantic: LenientURI, "
                               "LenientHttpURI)")
_PERCENT_HINT: Final = "a literal '%' is written '%25'"


def require_str(text: object, what: str = "text") -> str:
    """Return ``text`` as a ``str``, or raise ``TypeError`` for any other type."""
    if type(text) is str:
        return text
    if isinstance(text, str):
        return str.__str__(text)
    raise TypeError(f"{what} must be str, not {type(text).__name__}")


#: ``False`` and ``True`` as the type checkers see any object. A public flag is declared
#: ``bool | Checked``; ``flag is not FLAG_FALSE and flag is not FLAG_TRUE`` tells, with
#: no call, a value that is no bool, which then :func:`require_bool` refuses. Compared
#: with the literals, the checkers read that branch as unreachable (the flag is a bool
#: to them), and mypy, strict, refuses it.
FLAG_FALSE: Final[object] = False
FLAG_TRUE: Final[object] = True


def require_bool(value: object, what: str, *, or_none: bool = False) -> bool:
    """Return ``value`` as a ``bool``, or raise ``TypeError`` for any other type (an
    ``int`` included: ``1`` is no flag; with ``or_none``, the words say that ``None``
    is taken too, as the caller takes it). The one check of every public flag, so that
    both builds refuse alike, in these words (a flag is declared ``bool | Checked``, and
    its function asks this only when the value is neither ``True`` nor ``False``)."""
    if type(value) is bool:
        return value
    also = " or None" if or_none else ""
    raise TypeError(f"{what} must be bool{also}, not {type(value).__name__}")


def split(text: str, allow_zone_id: bool = False) -> Parts:
    """Split a URI-reference into its seven components, or raise :class:`ParseError`.

    The components come as the pattern gives them, a plain tuple in the order of
    :class:`~urikit.Components` (``Components._make(split(text))`` names them).

    >>> split("http://a/b?c")[:5]
    ('http', None, 'a', None, '/b')
    """
    if type(text) is not str:
        text = require_str(text)
    m = (_MATCH_Z if allow_zone_id else _MATCH)(text)
    if m is None:
        raise diagnose(text, allow_zone_id)
    return m.groups()  # type: ignore[return-value]


def is_valid(text: str | Checked, *, allow_zone_id: bool | Checked = False) -> bool:
    """Tell whether ``text`` is a URI-reference (RFC 3986 Appendix A), building nothing.

    The same check as :meth:`urikit.URI.parse`, for when only the answer matters.

    >>> is_valid("http://a/b?c#d"), is_valid("http://a/b c"), is_valid("%zz")
    (True, False, False)

    .. versionadded:: 0.2
    """
    if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
        require_bool(allow_zone_id, "allow_zone_id")
    if type(text) is not str:
        text = require_str(text)
    return (_MATCH_Z if allow_zone_id else _MATCH)(text) is not None


# --- diagnosis ---------------------------------------------------------------------


_RUN_RE: dict[tuple[frozenset[str], bool], re.Pattern[str]] = {}


def bad_char(text: str, start: int, end: int, allowed: frozenset[str],
              pct: bool = True) -> int:
    """Index of the first character in text[start:end] that is neither allowed nor
    (when ``pct``) a valid pct-encoded triplet, or -1.

    Two scans that the regex engine runs as tight loops, one over the run of allowed
    characters and "%", one for a "%" in it that starts no triplet, so that diagnosing a huge text
    costs about what accepting it does (an alternation of the two, or a repeated
    group, steps through the engine at every character and is ten times slower).
    """
    pattern = _RUN_RE.get((allowed, pct))
    if pattern is None:
        pattern = re.compile(f"[{g.char_class(allowed, '%') if pct else g.char_class(allowed)}]*")
        _RUN_RE[allowed, pct] = pattern
    m = pattern.match(text, start, end)
    i = end if m is None else m.end()  # never None: the pattern matches ""
    if pct:
        percent = g.BAD_PERCENT_RE.search(text, start, i)
        if percent is not None:
            return percent.start()
    return -1 if i >= end else i


def _error_at(text: str, i: int, component: str, hint: str = "") -> ParseError:
    """The error for the offending character text[i] (or the end of text)."""
    if i >= len(text):
        return ParseError(text, i, component, "unexpected end of text", hint)
    c = text[i]
    if c == "%":
        triplet = text[i:i + 3]
        return ParseError(text, i, component, f"invalid percent-encoding {triplet!r}",
                          hint or _PERCENT_HINT)
    if not hint and not c.isascii():
        hint = _NON_ASCII_HOST_HINT if component == "host" else _NON_ASCII_HINT
    return ParseError(text, i, component, f"invalid character {c!r}", hint)


def _check_run(text: str, start: int, end: int, allowed: frozenset[str],
               component: str, hint: str = "") -> ParseError | None:
    i = bad_char(text, start, end, allowed)
    return None if i < 0 else _error_at(text, i, component, hint)


def _find_any(text: str, chars: str, start: int) -> int:
    """Index of the first of ``chars`` at or after ``start``, or ``len(text)``."""
    end = len(text)
    for c in chars:
        j = text.find(c, start, end)
        if j >= 0:
            end = j
    return end


_IPV6_CHARS: Final = g.HEXDIG | frozenset(":.")


def _diagnose_ip_literal(text: str, start: int, end: int,
                         allow_zone_id: bool) -> ParseError | None:
    """Check the IP-literal text[start:end] (brackets included)."""
    inner = text[start + 1:end - 1]
    if inner[:1] in ("v", "V"):
        # IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
        i = bad_char(text, start + 2, end - 1, g.HEXDIG, pct=False)
        i = end - 1 if i < 0 else i
        if i == start + 2 or i >= end - 1 or text[i] != ".":
            return _error_at(text, i, "host", "IPvFuture is 'v', hex digits, '.' and text")
        bad = bad_char(text, i + 1, end - 1, g.IPVFUTURE_TAIL, pct=False)
        if bad >= 0:
            return _error_at(text, bad, "host", "IPvFuture text is never percent-encoded"
                             if text[bad] == "%" else "")
        if i + 1 == end - 1:
            return _error_at(text, i + 1, "host", "IPvFuture needs text after '.'")
        return None
    address, zone = inner, ""
    if allow_zone_id and "%" in inner:
        address, _, zone = inner.partition("%")
        zone = "%" + zone
    bad = bad_char(address, 0, len(address), _IPV6_CHARS, pct=False)
    if bad >= 0:
        c = address[bad]
        hint = ("an IPv6 zone identifier (RFC 6874) needs allow_zone_id=True"
                if c == "%" else "an IP literal holds an IPv6 address")
        return ParseError(text, start + 1 + bad, "host", f"invalid character {c!r}", hint)
    if not g.IPV6ADDRESS_RE.fullmatch(address):
        return ParseError(text, start + 1, "host", f"invalid IPv6 address {address!r}")
    if zone:
        zstart = start + 1 + len(address)
        if not zone.startswith("%25"):
            return _error_at(text, zstart, "host", "a zone identifier starts with '%25'")
        bad = bad_char(text, zstart + 3, end - 1, g.ZONE_ID)
        if bad >= 0:
            return _error_at(text, bad, "host")
        if zstart + 3 == end - 1:
            return _error_at(text, end - 1, "host", "the zone identifier is empty")
    return None


def _diagnose_authority(text: str, start: int, end: int,
                        allow_zone_id: bool) -> ParseError | None:
    """Check authority = [ userinfo "@" ] host [ ":" port ] in text[start:end]."""
    at = text.find("@", start, end)
    host_start = start
    if at >= 0:
        err = _check_run(text, start, at, g.USERINFO, "userinfo")
        if err:
            return err
        host_start = at + 1
    if text.startswith("[", host_start, end):
        close = text.find("]", host_start, end)
        if close < 0:
            # every character up to the end of the authority may belong to the literal
            bad = bad_char(text, host_start + 1, end, g.HEXDIG | g.IPVFUTURE_TAIL)
            if bad >= 0:
                return _error_at(text, bad, "host")
            return _error_at(text, end, "host", "an IP literal ends with ']'")
        err = _diagnose_ip_literal(text, host_start, close + 1, allow_zone_id)
        if err:
            return err
        host_end = close + 1
        if host_end < end and text[host_end] != ":":
            return _error_at(text, host_end, "host", "an IP literal is followed by ':' port")
    else:
        colon = text.find(":", host_start, end)
        host_end = end if colon < 0 else colon
        hint = "'@' may appear once, before the host" if "@" in text[host_start:host_end] \
            else ""
        err = _check_run(text, host_start, host_end, g.REG_NAME, "host", hint)
        if err:
            return err
    if host_end < end:  # text[host_end] == ":"
        digits = g.PORT_RE.match(text, host_end + 1, end)
        i = end if digits is None else digits.end()  # never None: it matches ""
        if i < end:
            return _error_at(text, i, "port", "a port is decimal digits")
    return None


def _is_scheme(text: str, end: int) -> bool:
    """Whether text[:end] is a scheme: a greedy match that never backtracks (a failing
    ``fullmatch`` would give back a character at a time)."""
    m = g.SCHEME_RE.match(text, 0, end)
    return m is not None and m.end() == end


def _diagnose_scheme(text: str, end: int) -> ParseError:
    """The error for text[:end] followed by ':' that is not a valid scheme."""
    # As a relative reference, the first segment may not hold ':' (RFC 3986 §4.2): the
    # first offending character is the first that fits neither reading.
    bad = bad_char(text, 0, end, g.SEGMENT_NZ_NC)
    i = end if bad < 0 else bad
    component = "scheme" if i and _is_scheme(text, i) else "path"
    hint = ""
    if component == "path" and i == end:
        hint = ("a scheme is a letter followed by letters, digits, '+', '-' or '.'; "
                "a relative path whose first segment holds ':' starts with './'")
    return _error_at(text, i, component, hint)


def diagnose(text: str, allow_zone_id: bool = False) -> ParseError:
    """Build the :class:`ParseError` for text that is not a URI-reference.

    The position is that of the first character that cannot continue a valid
    URI-reference, read component by component (RFC 3986 §3, Appendix A).
    """
    n = len(text)
    i = 0
    first = _find_any(text, ":/?#", 0)
    if first < n and text[first] == ":":
        if first == 0 or not _is_scheme(text, first):
            return _diagnose_scheme(text, first)
        i = first + 1
    path_end = _find_any(text, "?#", i)
    if text.startswith("//", i):
        auth_end = _find_any(text, "/?#", i + 2)
        err = _diagnose_authority(text, i + 2, auth_end, allow_zone_id)
        if err:
            return err
        i = auth_end
    err = _check_run(text, i, path_end, g.PATH, "path")
    if err:
        return err
    i = path_end
    if i < n and text[i] == "?":
        q_end = text.find("#", i)
        q_end = n if q_end < 0 else q_end
        err = _check_run(text, i + 1, q_end, g.QUERY, "query")
        if err:
            return err
        i = q_end
    if i < n:  # text[i] == "#"
        err = _check_run(text, i + 1, n, g.FRAGMENT, "fragment",
                         "a fragment cannot hold '#'; write '%23'"
                         if "#" in text[i + 1:] else "")
        if err:
            return err
    # The pattern and this walk transcribe the same grammar; reaching here is a bug.
    raise AssertionError(f"diagnosis found no error in {text!r}")  # pragma: no cover


# --- component checks ----------------------------------------------------------------


class Rule(NamedTuple):
    """A component's wire rule: its pattern (characters and "%" admitted), the
    characters it allows besides pct-encoded triplets, and the component's name."""

    pattern: re.Pattern[str]
    allowed: frozenset[str]
    component: str


USERINFO: Final = Rule(g.USERINFO_RE, g.USERINFO, "userinfo")
REG_NAME: Final = Rule(g.REG_NAME_RE, g.REG_NAME, "host")
SEGMENT: Final = Rule(g.SEGMENT_RE, g.PCHAR, "segment")
PATH: Final = Rule(g.PATH_RE, g.PATH, "path")
QUERY: Final = Rule(g.QUERY_RE, g.QUERY, "query")
FRAGMENT: Final = Rule(g.FRAGMENT_RE, g.FRAGMENT, "fragment")


def check_wire(text: object, rule: Rule, hint: str = "") -> str:
    """Return ``text`` if it is valid wire text for ``rule``, else raise.

    Raises:
        TypeError: ``text`` is not a ``str``.
        ParseError: ``text`` breaks the rule; the position is its first bad character.
    """
    if type(text) is str:
        if rule.pattern.fullmatch(text) is not None:
            return text
    else:  # a str subclass is checked as a str; another type is a TypeError
        text = require_str(text, rule.component)
        if rule.pattern.fullmatch(text) is not None:
            return text
    err = _check_run(text, 0, len(text), rule.allowed, rule.component, hint)
    if err is None:  # pragma: no cover - pattern and set transcribe the same rule
        err = ParseError(text, 0, rule.component, "invalid text", hint)
    raise err


def check_scheme(text: object) -> str:
    """Return ``text`` if it matches the scheme rule (RFC 3986 §3.1), else raise."""
    if type(text) is str and g.SCHEME_RE.fullmatch(text):
        return text
    text = require_str(text, "scheme")
    if _is_scheme(text, len(text)):
        return text
    if not text:
        raise ParseError(text, 0, "scheme", "empty scheme", "use None for no scheme")
    if text[0] not in g.ALPHA:
        raise _error_at(text, 0, "scheme", "a scheme starts with a letter")
    raise _error_at(text, bad_char(text, 1, len(text), g.SCHEME, pct=False), "scheme")


def check_host(text: object, allow_zone_id: bool = False, hint: str = "") -> str:
    """Return ``text`` if it matches the host rule (RFC 3986 §3.2.2), else raise.

    An IP literal holds no pct-encoded triplet but a zone identifier's, which its own
    pattern checks; a reg-name goes through the shared wire check.
    """
    text = require_str(text, "host")
    if text[:1] != "[":
        return check_wire(text, REG_NAME, hint)
    if (g.IP_LITERAL_Z_RE if allow_zone_id else g.IP_LITERAL_RE).fullmatch(text):
        return text
    close = text.find("]")
    if close < 0:
        bad = bad_char(text, 1, len(text), g.HEXDIG | g.IPVFUTURE_TAIL)
        raise _error_at(text, len(text) if bad < 0 else bad, "host",
                        "an IP literal ends with ']'")
    err = _diagnose_ip_literal(text, 0, close + 1, allow_zone_id)
    if err:
        raise err
    raise _error_at(text, close + 1, "host", "nothing may follow an IP literal")


def appendix_b(text: str) -> re.Match[str]:
    """The match of RFC 3986 Appendix B (:data:`~urikit._core.grammar.APPENDIX_B_RE`) on
    ``text``, which always matches in full.

    >>> appendix_b("http://h/p?q#f").group(2, 4, 5, 7, 9)
    ('http', 'h', '/p', 'q', 'f')
    """
    m = g.APPENDIX_B_RE.match(text)
    if m is None:  # pragma: no cover - every group is optional or matches ""
        raise AssertionError(f"Appendix B does not match {text!r}")
    return m


def split_authority(authority: str) -> tuple[str | None, str, str | None]:
    """Split authority text, valid or not, into ``(userinfo, host, port)``.

    The userinfo ends at the last "@" (as browsers read it; a valid authority has at
    most one). The host is an IP literal up to its "]", or else ends at the first
    ":". What follows the host is the port only when it is ":" and decimal digits;
    anything else there is left in the host, which then is not valid host text.

    >>> split_authority("u@h:80"), split_authority("[::1]:8"), split_authority("a@b@h:x")
    (('u', 'h', '80'), (None, '[::1]', '8'), ('a@b', 'h:x', None))
    """
    at = authority.rfind("@")
    userinfo = authority[:at] if at >= 0 else None
    rest = authority[at + 1:]
    if rest.startswith("["):
        cut = rest.find("]") + 1 or len(rest)
    else:
        cut = rest.find(":")
        if cut < 0:
            cut = len(rest)
    tail = rest[cut:]
    if not tail:
        return userinfo, rest, None
    if tail[0] == ":" and all(c in g.DIGIT for c in tail[1:]):
        return userinfo, rest[:cut], tail[1:]
    return userinfo, rest, None


def is_ip_literal(host: str) -> bool:
    """Whether ``host`` is an ``IP-literal`` (RFC 3986 §3.2.2), brackets included.

    >>> is_ip_literal("[::1]"), is_ip_literal("[v7.x]"), is_ip_literal("[x]")
    (True, True, False)
    """
    return g.IP_LITERAL_RE.fullmatch(host) is not None

