"""The lenient reader: text that is not yet a URI-reference repaired into one.

Browsers, frameworks and people write references that RFC 3986 refuses:
``/list?ids[]=1``, ``/list/café``, ``https://bücher.example/a b``. :func:`repair`
turns such text into a valid URI-reference and lists every change it made, each at
its position in the given text. It splits the text as RFC 3986 Appendix B does, then
in each component percent-encodes (as UTF-8, uppercase hex) every character the
component does not allow, keeps every valid ``%XX`` triplet and every allowed
character as it is, and never decodes: a valid reference comes back unchanged (but
where a browser reads its authority otherwise: see below), and repairing twice changes
nothing more. The decisions it makes where RFC 3986 has no
answer follow what browsers (the WHATWG URL standard) do, so that the repaired text
names the host a browser would have connected to (``docs/security.md`` gives the
guarantee as measured against a browser's parser):

* The authority, for the special schemes (``http``, ``https``, ``ws``, ``wss``,
  ``ftp``, ``file``; compared case-insensitively), is read as browsers read it, so
  that the host is the one a browser connects to:

  - ``\\`` is ``/`` before the query (``https://evil.example\\@good.example/`` is
    host ``evil.example`` to browsers; reading ``\\`` as data would make it
    ``good.example``);
  - any run of slashes and backslashes right after the scheme, none included,
    starts the authority (``http:\\\\evil.example``, ``http:///evil.example``,
    ``http:/evil.example`` and ``http:evil.example`` are all host ``evil.example``),
    even where the text is valid RFC 3986 without a host; ``file`` reads a host only
    after exactly two, and a Windows drive letter there is a path
    (``file://C:/x`` is ``file:///C:/x``);
  - a reference without a scheme is read as browsers read it against a web page's
    base (special): a leading run of two or more slashes or backslashes starts the
    authority (``///evil.example/`` is a network-path reference to
    ``evil.example``); with a base given (:func:`repaired_text`'s ``base_scheme``),
    by that scheme's rules, and a special scheme that is the base's without ``//``
    after it is dropped (``http:x`` is relative on an http page);
  - the userinfo ends at the last "@" (earlier ones become ``%40``), the host at the
    first ":" outside brackets; the port must be digits (at most 65535 for a special
    scheme); the host must be one the WHATWG host parser accepts
    (:func:`urikit._core.browser.browser_host`: no forbidden code point such as a
    space, ``^`` or ``%2F``, a valid IPv6 literal, a number only as a valid IPv4
    address, not empty); ``file`` has no userinfo or port. What a browser refuses
    raises :class:`~urikit.ParseError` or :class:`~urikit.IDNAError` instead of being
    encoded into the host. A host outside ASCII becomes the browser's ASCII host (UTS
    46 with the WHATWG parameters); other host text is kept as written (it means the
    browser's host: ``0x7f.1`` is 127.0.0.1 to both), characters a ``reg-name`` does
    not allow percent-encoded (``a"b`` → ``a%22b``, which the browser decodes back).

  For other schemes ``\\`` is data (``%5C``), the RFC 3986 reading of valid text is
  kept, and only a port that is not digits, an invalid IP literal, or a space,
  ``<``, ``>``, ``^`` or ``|`` in the host is refused; a host outside ASCII becomes
  A-labels (:func:`urikit.host_to_ascii`).
* Whitespace. As browsers do first of all, spaces and C0 controls at either end are
  removed, and so are tabs and line breaks (U+0009, U+000A, U+000D) anywhere: a URL
  broken across lines reads as one. Other controls and inner spaces are
  percent-encoded.
* An invalid scheme (``1http:``, ``ht tp:``, ``café:``): there is then no scheme, and
  the text is read as a relative reference, whose first segment may not hold ":"
  (RFC 3986 §4.2): each ":" there becomes ``%3A`` (``1http%3A//h/``).
* ``#`` in the fragment becomes ``%23``; a second ``?`` stays in the query (it is
  allowed); a ``%`` not followed by two hex digits becomes ``%25``.
* A lone surrogate stands for no character: the text is refused with
  :class:`~urikit.EncodingError`.
"""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Callable, Iterator, Sequence
from itertools import repeat
from typing import Final, NamedTuple, overload

from .._core import grammar as g
from .._core.browser import FORBIDDEN_HOST_RE, browser_host
from .._core.errors import LONE_SURROGATE, EncodingError, ParseError
from .._core.idna import host_to_ascii
from .._core.parse import (
    appendix_b,
    bad_char,
    is_ip_literal,
    is_valid,
    require_str,
)
from .._core.percent import encode_octets
from .._core.schemes import SPECIAL_SCHEMES


class Change(NamedTuple):
    """One change :func:`repair` made.

    Attributes:
        position: index in the given text of the first character changed.
        component: the component it is in (``"scheme"``, ``"authority"`` for the
            ``//`` before a host, ``"userinfo"``, ``"host"``, ``"port"``, ``"path"``,
            ``"query"``, ``"fragment"``), or ``""`` for spaces and controls removed
            from either end of the text.
        original: the text that was there. A tab or line break that is removed
            inside it is also reported as a change of its own.
        replacement: what stands there now (``""`` for a removed character).

    .. versionadded:: 0.2
    """

    position: int
    component: str
    original: str
    replacement: str


class Repaired(NamedTuple):
    """The result of :func:`repair`: a valid URI-reference and the changes made.

    ``changes`` is a sequence of :class:`Change` that compares, hashes and prints as
    the tuple of them; it is listed when first read (text with a million characters
    to encode has a million changes, which cost more to list than the repair).

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       ``changes`` is listed when first read.
    """

    text: str
    changes: Sequence[Change]


class _Listed(Sequence[Change]):
    """The changes of a repair, listed by ``make`` when first read; a tuple in all
    but type (equality, hash, repr and the sequence methods are the tuple's)."""

    __slots__ = ("_make", "_tuple")

    def __init__(self, make: Callable[[], tuple[Change, ...]]) -> None:
        self._make: Callable[[], tuple[Change, ...]] | None = make
        self._tuple: tuple[Change, ...] = ()

    def _listed(self) -> tuple[Change, ...]:
        if self._make is not None:
            self._tuple, self._make = self._make(), None
        return self._tuple

    @overload
    def __getitem__(self, index: int) -> Change: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Change, ...]: ...
    def __getitem__(self, index: int | slice) -> Change | tuple[Change, ...]:
        return self._listed()[index]

    def __len__(self) -> int:
        return len(self._listed())

    def __iter__(self) -> Iterator[Change]:
        return iter(self._listed())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Listed):
            other = other._listed()
        return self._listed() == other

    def __hash__(self) -> int:
        return hash(self._listed())

    def __repr__(self) -> str:
        return repr(self._listed())


_SURROGATE_RE: Final = re.compile(r"[\ud800-\udfff]")
_LEADING_SLASHES_RE: Final = re.compile(r"[/\\]*")
_BACKSLASH_RE: Final = re.compile(r"\\")
_C0_AND_SPACE: Final = "".join(map(chr, range(0x21)))
_INNER_WS_RE: Final = re.compile("[\t\n\r]")
_BAD_RUN_RE: dict[frozenset[str], re.Pattern[str]] = {}


def _bad_runs(s: str, start: int, end: int, allowed: frozenset[str]) -> Iterator[re.Match[str]]:
    """The runs of characters in s[start:end] to encode: each character not allowed
    and each "%" that starts no triplet (inside the span), to list the changes."""
    pattern = _BAD_RUN_RE.get(allowed)
    if pattern is None:
        pattern = re.compile(f"(?:[^{g.char_class(allowed, '%')}]|{g.BAD_PERCENT})+")
        _BAD_RUN_RE[allowed] = pattern
    return pattern.finditer(s, start, end)


def _encode_span(text: str, allowed: frozenset[str]) -> str:
    """``text`` with every character that ``allowed`` lacks percent-encoded (UTF-8
    outside ASCII) and every "%" that starts no triplet written ``%25``; valid
    triplets and allowed characters are kept (``text`` holds no lone surrogate:
    :func:`repair` refuses those first)."""
    return encode_octets(text.encode("utf-8"), allowed, triplets=True)


def _removed_whitespace(text: str, with_positions: bool = True) -> tuple[int, int, list[int]]:
    """Where the text is kept, ``start`` to ``end`` (spaces and C0 controls at either
    end removed), and the tabs and line breaks removed inside: their positions with
    ``with_positions`` (to list the changes), else ``[end]`` when there is any (a step
    per character found is what listing costs; reading the text needs only whether)."""
    end = len(text.rstrip(_C0_AND_SPACE))
    start = end - len(text[:end].lstrip(_C0_AND_SPACE))
    if "\t" not in text and "\n" not in text and "\r" not in text:
        return start, end, []  # three memchr scans, not a regex step per character
    if not with_positions:
        return start, end, [end]
    return start, end, [m.start() for m in _INNER_WS_RE.finditer(text, start, end)]


def _changes(s: str, pos: list[int], start: int, end: int, allowed: frozenset[str],
             name: str) -> Iterator[Change]:
    """A change for each character of s[start:end] to encode, made in C loops but
    for one step per character found (a megabyte of spaces is a million changes):
    each distinct character is encoded once, and the changes are built by
    ``tuple.__new__``, as ``Change._make`` builds them."""
    pattern = _BAD_CHAR_RE.get(allowed)
    if pattern is None:  # one character a match: the runs of _bad_runs, unrolled
        pattern = re.compile(f"[^{g.char_class(allowed, '%')}]|{g.BAD_PERCENT}")
        _BAD_CHAR_RE[allowed] = pattern
    found = [m.start() for m in pattern.finditer(s, start, end)]
    chars = list(map(s.__getitem__, found))
    each = {c: _encode_span(c, allowed) for c in set(chars)}
    return map(tuple.__new__, repeat(Change),
               zip(map(pos.__getitem__, found), repeat(name), chars,
                   map(each.__getitem__, chars)))


_BAD_CHAR_RE: dict[frozenset[str], re.Pattern[str]] = {}


_POSITION: Final = operator.itemgetter(0)  # a Change's position, read in C


def _kept(start: int, end: int, inner: list[int]) -> list[int]:
    """The indices of text[start:end] that are kept, ``inner`` left out."""
    kept: list[int] = []
    last = start
    for i in inner:
        kept.extend(range(last, i))
        last = i + 1
    kept.extend(range(last, end))
    return kept


def _unslash(s: str, mode: str, hier_start: int, hier_end: int,
             with_edits: bool = True) -> tuple[str, list[tuple[int, int, str]]]:
    """Slashes and backslashes in s[hier_start:hier_end] read as browsers read them,
    and (with ``with_edits``) the edits made: (start, end, replacement) in ``s``.
    Every backslash is a slash. The leading run of slashes and backslashes becomes
    ``//``, the start of the authority: in ``mode`` ``"authority"`` (after a special
    scheme other than file) whatever its length, none included; in ``"relative"`` (a
    reference without a scheme, against a special base) when it is two or more long;
    in ``"file"`` never (file reads a host only after exactly two)."""
    edits: list[tuple[int, int, str]] = []
    run = _LEADING_SLASHES_RE.match(s, hier_start, hier_end)
    run_end = run.end() if run else hier_start
    leading = s[hier_start:run_end]
    if leading != "//" and (mode == "authority" or (mode == "relative" and len(leading) >= 2)):
        head = "//"
        if with_edits:
            edits.append((hier_start, run_end, "//"))
    else:
        head = ""
        run_end = hier_start
    if "\\" not in s[run_end:hier_end]:
        if not head:
            return s, edits
        return f"{s[:hier_start]}{head}{s[run_end:]}", edits
    if with_edits:
        edits.extend((m.start(), m.end(), "/")
                     for m in _BACKSLASH_RE.finditer(s, run_end, hier_end))
    rest = s[run_end:hier_end].replace("\\", "/")
    return f"{s[:hier_start]}{head}{rest}{s[hier_end:]}", edits


def _at(pos: list[int], j: int, end: int) -> int:
    """The index in the given text of s[j] (``end`` past the last character)."""
    return pos[j] if j < len(pos) else end


def _port_number(s: str, p0: int, p1: int, special: bool) -> None:
    """Refuse the port s[p0:p1] unless browsers read it: decimal digits (or none),
    and for a special scheme at most 65535 (RFC 3986 sets no bound, which the text of
    other schemes keeps)."""
    port = s[p0:p1]
    bad = _NOT_DIGIT_RE.search(port)
    if bad is not None:
        raise ParseError(port, bad.start(), "port", f"invalid character {bad.group()!r}",
                         "browsers refuse a port that is not a number")
    if special and port.lstrip("0") and (len(port.lstrip("0")) > 5 or int(port) > 65535):
        raise ParseError(port, 0, "port", "a port is at most 65535",
                         "browsers refuse a port that is not a 16-bit number")


def _host_end(s: str, h0: int, a1: int) -> int:
    """Where the host that starts at ``h0`` ends, as browsers read it: at the first
    ":" outside brackets, or at the end of the authority ``a1`` (one regex step, no
    Python step per character)."""
    if "[" not in s[h0:a1]:
        colon = s.find(":", h0, a1)
        return a1 if colon < 0 else colon
    m = _HOST_RE.match(s, h0, a1)
    return m.end() if m else h0  # the pattern matches the empty text: m is never None


# the host as the WHATWG host state reads it: ":" ends it outside brackets; each
# iteration of the group starts with "[", so the match is linear
_HOST_RE: Final = re.compile(r"[^:\[]*(?:\[[^\]]*\]?[^:\[]*)*")


_DRIVE_LETTER_RE: Final = re.compile("[A-Za-z][:|]")
_NOT_DIGIT_RE: Final = re.compile("[^0-9]")


def _authority(s: str, a0: int, a1: int, comp: list[str] | None,
               spans: list[tuple[int, int, frozenset[str], str]],
               kind: str) -> tuple[int, int, str] | None:
    """Read the authority s[a0:a1] as browsers read it, or raise :class:`URIError` for
    one they refuse; mark it in ``comp`` (if given) and ``spans``; return the IDNA edit
    of a registered name outside ASCII as (start, end, ASCII host), or ``None``.

    ``kind`` is ``"special"`` (a special scheme other than file: the WHATWG host
    parser, a host required), ``"file"`` (the same parser; an empty host allowed, no
    userinfo or port) or ``"other"`` (an opaque host: no forbidden host code point,
    an IP literal valid)."""
    at = s.rfind("@", a0, a1)
    h0 = a0
    if at >= 0:
        h0 = at + 1
        spans.append((a0, at, g.USERINFO, "userinfo"))
    h1 = _host_end(s, h0, a1)
    if comp is not None:  # only to name the component of a change
        comp[a0:h0] = ["userinfo"] * (h0 - a0)
        comp[h0:h1] = ["host"] * (h1 - h0)
        comp[h1:a1] = ["port"] * (a1 - h1)
    host = s[h0:h1]
    if h1 < a1:
        _port_number(s, h1 + 1, a1, kind != "other")
    if kind == "file" and (at >= 0 or h1 < a1):
        raise ParseError(s[a0:a1] if at < 0 else s[h0:a1], 0, "host",
                         "a file URL's authority is a host alone",
                         "browsers refuse userinfo and a port in a file URL")
    read: str | None = None
    if kind == "special" or (kind == "file" and host):
        read = browser_host(host)  # raises for a host the browser refuses
    elif host.startswith("["):
        if not g.IP_LITERAL_RE.fullmatch(host):
            raise ParseError(host, 0, "host", "not a valid IP literal",
                             "an IP literal is an IPv6 address or an IPvFuture")
    elif (bad := FORBIDDEN_HOST_RE.search(host)) is not None:
        raise ParseError(host, bad.start(), "host", f"invalid character {bad.group()!r}",
                         "browsers refuse this host")
    if is_ip_literal(host):
        return None
    if host.isascii():
        spans.append((h0, h1, g.REG_NAME, "host"))
        return None
    if read is not None:
        # the browser's ASCII host (its A-labels, or the IPv4 address full-width digits
        # spell), with what a reg-name does not allow ("{", '"') percent-encoded, which
        # the browser decodes back
        return (h0, h1, encode_octets(read.encode("ascii"), g.REG_NAME, triplets=False))
    return (h0, h1, host_to_ascii(host))


def repair(text: str) -> Repaired:
    """Repair text that is not yet a URI-reference into one, listing each change.

    See the module documentation for what is changed and why; in short, every
    character a component does not allow is percent-encoded as UTF-8, valid
    ``%XX`` triplets are kept, nothing is decoded, a registered name outside ASCII
    becomes A-labels, and backslashes, whitespace and invalid schemes are read as
    browsers read them, the authority of the special schemes exactly as browsers
    read it. A valid URI-reference is returned as it is, with no changes (unless a
    browser reads its authority otherwise: ``http:/h`` is ``http://h``, and
    ``http://a%2Fb/`` is refused), so ``repair(repair(x).text).text ==
    repair(x).text``.

    Args:
        text: any text.

    Returns:
        The repaired reference and the changes, in the order of their positions.

    Raises:
        EncodingError: the text holds a lone surrogate.
        IDNAError: the registered name is outside ASCII and IDNA refuses it.
        ParseError: a browser refuses the authority (a port that is no number, a
            forbidden code point in the host ...).

    >>> repair("/list?ids[]=1&q=a|b").text
    '/list?ids%5B%5D=1&q=a%7Cb'
    >>> repair("https://bücher.example/a b")
    Repaired(text='https://xn--bcher-kva.example/a%20b', changes=(Change(position=8, \
component='host', original='bücher.example', replacement='xn--bcher-kva.example'), \
Change(position=24, component='path', original=' ', replacement='%20')))
    >>> repair("https://evil.example\\\\@good.example/").text
    'https://evil.example/@good.example/'

    .. versionadded:: 0.2
    """
    text = _repairable(text)
    if is_valid(text) and _reads_as_is(text, None):
        return Repaired(text, ())
    return _repair(text)


def repaired_text(text: str, base_scheme: str | None = None) -> str:
    """``repair(text).text``, without listing the changes (one per character encoded,
    which on a long text costs more than the repair): what
    :meth:`urikit.URI.parse_lenient` needs. ``base_scheme``: the scheme (lowercase) of
    the base the reference is to be resolved against, which says how a reference
    without a scheme is read (``None``: as against a web page, a special scheme).

    >>> repaired_text("/list?ids[]=1&q=a|b")
    '/list?ids%5B%5D=1&q=a%7Cb'
    >>> repaired_text("http:evil.example"), repaired_text("http:x", "http")
    ('http://evil.example', 'x')
    """
    text = _repairable(text)
    if is_valid(text) and _reads_as_is(text, base_scheme):
        return text
    return _repair(text, with_changes=False, base_scheme=base_scheme).text


def _reading(s: str, m: re.Match[str], base_scheme: str | None) -> tuple[bool, bool, str, str]:
    """How browsers read the reference ``s`` (``m``: its Appendix B match) against a base
    with ``base_scheme``: (whether it has a valid scheme, whether that scheme is dropped
    as the base's, the :func:`_unslash` mode or ``""`` when a backslash is data, the
    :func:`_authority` kind).

    A special scheme that is the base's, without ``//`` after it, is dropped: the
    rest is read relative to the base (``http:x`` against an http page)."""
    scheme = m.group(2)
    has_scheme = scheme is not None and g.SCHEME_RE.fullmatch(scheme) is not None
    dropped = False
    if has_scheme:
        effective = (scheme or "").lower()
        if effective == base_scheme and effective in SPECIAL_SCHEMES \
                and not s.startswith("//", m.end(1)):
            dropped = True
    if not has_scheme or dropped:
        effective = base_scheme or "http"  # without a base: as against a web page
    if effective == "file":
        return has_scheme, dropped, "file", "file"
    if effective in SPECIAL_SCHEMES:
        return has_scheme, dropped, "authority" if has_scheme and not dropped else "relative", \
            "special"
    return has_scheme, dropped, "", "other"


def _reads_as_is(text: str, base_scheme: str | None) -> bool:
    """Whether browsers read valid ``text`` as RFC 3986 does (so it is kept as it is);
    :class:`URIError` for an authority they refuse."""
    m = appendix_b(text)
    _, dropped, mode, kind = _reading(text, m, base_scheme)
    if dropped:
        return False
    run = _LEADING_SLASHES_RE.match(text, m.end(1) if m.group(1) else 0)
    leading = run.end() - run.start() if run else 0
    if (mode == "authority" and leading != 2) or (mode == "relative" and leading > 2):
        return False
    authority = m.group(4)
    if authority is None:
        return True
    if kind == "file" and _DRIVE_LETTER_RE.fullmatch(authority):
        return False
    _authority(text, m.start(4), m.end(4), None, [], kind)
    return True


def _repairable(text: object) -> str:
    """``text`` as a ``str`` without lone surrogates, or the error :func:`repair` raises."""
    text = require_str(text)
    bad = _SURROGATE_RE.search(text)
    if bad:
        # not the text itself in the message: it may hold a password, and be long
        raise EncodingError(bad.group(), bad.start(), LONE_SURROGATE)
    return text


def _repair(text: str, with_changes: bool = True,
            base_scheme: str | None = None) -> Repaired:
    """:func:`repair` without the check for valid text (which it leaves unchanged);
    without ``with_changes`` the changes are not listed (the result has none)."""
    kept_start, kept_end, inner = _removed_whitespace(text, with_changes)
    s = text[kept_start:kept_end]
    if inner:  # three C passes, where a regex substitution steps once per character
        s = s.replace("\t", "").replace("\n", "").replace("\r", "")
    # pos[j]: the index in ``text`` of s[j], to place each change (only to list them)
    pos = _kept(kept_start, kept_end, inner) if with_changes else []

    m = appendix_b(s)
    has_scheme, dropped, mode, kind = _reading(s, m, base_scheme)
    if dropped:  # the base's special scheme: the rest is relative to the base
        s, pos, has_scheme = s[m.end(1):], pos[m.end(1):], False
        m = appendix_b(s)
    hier_start = m.end(1) if has_scheme else 0
    changes: list[Change] = []
    backslash_edits: list[tuple[int, str, str]] = []
    if mode:
        # after a special scheme other than file, browsers skip any run of slashes
        # before the host; without a scheme, a run of two or more; file reads a host
        # only after exactly two
        s2, edits = _unslash(s, mode, hier_start, m.end(5), with_changes)
        if not with_changes:
            if s2 != s:
                s = s2
                m = appendix_b(s)
        elif edits:
            # re-index: a collapsed run changes the length, so map through the edits
            new_pos: list[int] = []
            last = 0
            for start, end, replacement in edits:
                new_pos += pos[last:start]
                if len(replacement) == end - start:
                    new_pos += pos[start:end]
                else:
                    new_pos += [_at(pos, start, kept_end)] * len(replacement)
                last = end
            new_pos += pos[last:]
            # the text as given (with any tab or line break in it: reported apart)
            backslash_edits = [(_at(pos, start, kept_end),
                                text[pos[start]:pos[end - 1] + 1] if end > start else "", r)
                               for start, end, r in edits]
            s, pos = s2, new_pos
            m = appendix_b(s)
    if kind == "file" and m.group(4) is not None and _DRIVE_LETTER_RE.fullmatch(m.group(4)):
        # file://C:/x is a path to browsers (a Windows drive letter), not host "C"
        a0 = m.start(4)
        if with_changes:
            backslash_edits.append((_at(pos, a0, kept_end), "", "/"))
            pos.insert(a0, _at(pos, a0, kept_end))
        s = f"{s[:a0]}/{s[a0:]}"
        m = appendix_b(s)

    n = len(s)
    # comp[j]: the component s[j] is in (only to name the component of a change)
    comp: list[str] | None = [""] * n if with_changes else None
    # (start, end, allowed characters, component) of each run to encode
    spans: list[tuple[int, int, frozenset[str], str]] = []
    host_edit: tuple[int, int, str] | None = None
    if has_scheme and comp is not None:
        comp[:m.end(1)] = ["scheme"] * m.end(1)
    has_authority = False
    if m.group(2) is not None and not has_scheme:
        # an invalid scheme: the whole text before the query is a relative path
        p0, p1 = 0, m.end(5)
    else:
        p0, p1 = m.span(5)
        if m.group(4) is not None:
            has_authority = True
            if comp is not None:
                comp[m.start(3):m.start(4)] = ["authority"] * 2
            host_edit = _authority(s, m.start(4), m.end(4), comp, spans, kind)
    if comp is not None:
        comp[p0:p1] = ["path"] * (p1 - p0)
    if not has_scheme and not has_authority and not s.startswith("/", p0, p1):
        # path-noscheme: the first segment may not hold ":" (RFC 3986 §4.2)
        first = s.find("/", p0, p1)
        first = p1 if first < 0 else first
        spans.append((p0, first, g.SEGMENT_NZ_NC, "path"))
        spans.append((first, p1, g.PATH, "path"))
    else:
        spans.append((p0, p1, g.PATH, "path"))
    if m.group(7) is not None:
        q0, q1 = m.span(7)
        if comp is not None:
            comp[q0 - 1:q1] = ["query"] * (q1 - q0 + 1)
        spans.append((q0, q1, g.QUERY, "query"))
    if m.group(9) is not None:
        f0, f1 = m.span(9)
        if comp is not None:
            comp[f0 - 1:f1] = ["fragment"] * (f1 - f0 + 1)
        spans.append((f0, f1, g.FRAGMENT, "fragment"))

    # (start, end, replacement) in s: each span with a character to encode, and the
    # host converted to A-labels (which has no span then)
    replaced: list[tuple[int, int, str]] = []
    encoded: list[tuple[int, int, frozenset[str], str]] = []  # listed when first read
    for start, end, allowed, name in spans:
        if bad_char(s, start, end, allowed) < 0:
            continue  # nothing to encode
        replaced.append((start, end, _encode_span(s[start:end], allowed)))
        encoded.append((start, end, allowed, name))
    if host_edit:
        h0, h1, ascii_host = host_edit
        replaced.append(host_edit)
        if with_changes:  # the host as given, with any tab or line break removed from it
            changes.append(Change(pos[h0], "host", text[pos[h0]:pos[h1 - 1] + 1],
                                  ascii_host))
    replaced.sort()
    out = []
    last = 0
    for start, end, replacement in replaced:
        out += [s[last:start], replacement]
        last = end
    out.append(s[last:])
    result = "".join(out)

    if not with_changes:
        return Repaired(result, ())
    assert comp is not None
    for position, original, replacement in backslash_edits:
        k = bisect.bisect_left(pos, position)
        changes.append(Change(position, comp[k] if k < n else "", original, replacement))
    if not is_valid(result):  # pragma: no cover - each component is repaired above
        raise AssertionError(f"repair of {text!r} gave invalid {result!r}")

    def listed() -> tuple[Change, ...]:
        """The changes, one per character encoded or removed among them: listed when
        first read, as there can be one for each character of the text."""
        assert comp is not None
        found = list(changes)
        for start, end, allowed, name in encoded:
            found.extend(_changes(s, pos, start, end, allowed, name))
        ends = [*range(kept_start), *range(kept_end, len(text))]
        found.extend(map(tuple.__new__, repeat(Change),
                         zip(ends, repeat(""), map(text.__getitem__, ends), repeat(""))))
        for i in inner:
            k = bisect.bisect_left(pos, i)
            found.append(Change(i, comp[k] if k < n else "", text[i], ""))
        found.sort(key=_POSITION)
        return tuple(found)

    return Repaired(result, _Listed(listed))
