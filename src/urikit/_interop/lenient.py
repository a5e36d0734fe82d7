"""The lenient reader: text that is not yet a URI-reference repaired into one.

Browsers, frameworks and people write references that RFC 3986 refuses:
``/list?ids[]=1``, ``/list/café``, ``https://bücher.example/a b``. :func:`repair`
turns such text into a valid URI-reference and lists every change it made, each at
its position in the given text. It splits the text as RFC 3986 Appendix B does, then
in each component percent-encodes (as UTF-8, uppercase hex) every character the
component does not allow, keeps every valid ``%XX`` triplet and every allowed
character as it is, and never decodes: a valid reference comes back unchanged, and
repairing twice changes nothing more. The decisions it makes where RFC 3986 has no
answer follow what browsers (the WHATWG URL standard) do, so that the repaired text
names the host a browser would have connected to:

* A registered name outside ASCII becomes its A-labels (:func:`urikit._interop.iri.host_to_ascii`,
  IDNA 2008 with UTS 46, nontransitional); a name IDNA refuses raises
  :class:`~urikit.IDNAError`.
* Backslashes. For the special schemes (``http``, ``https``, ``ws``, ``wss``,
  ``ftp``, ``file``; compared case-insensitively) browsers read ``\\`` as ``/``
  before the query, so ``https://evil.example\\@good.example/`` is host
  ``evil.example`` to them, while reading ``\\`` as data would make it
  ``good.example``. There every ``\\`` before the query becomes ``/``. A run of
  slashes and backslashes right after such a scheme (``file`` aside) becomes ``//``,
  as browsers skip any such run before the host (``http:\\\\\\evil.example``). A
  reference without a scheme is read as browsers read it against a web page's base
  (special): ``\\`` becomes ``/``, and a leading run of two or more slashes with a
  backslash becomes ``//`` (``\\\\evil.example/`` is a network-path reference to
  ``evil.example``). Elsewhere, in the query and fragment and for other schemes,
  ``\\`` is data: ``%5C``.
* Whitespace. As browsers do first of all, spaces and C0 controls at either end are
  removed, and so are tabs and line breaks (U+0009, U+000A, U+000D) anywhere: a URL
  broken across lines reads as one. Other controls and inner spaces are
  percent-encoded.
* An invalid scheme (``1http:``, ``ht tp:``, ``café:``): there is then no scheme, and
  the text is read as a relative reference, whose first segment may not hold ":"
  (RFC 3986 §4.2): each ":" there becomes ``%3A`` (``1http%3A//h/``).
* The authority: the userinfo ends at the last "@" (earlier ones become ``%40``); the
  host ends at its "]" or the first ":"; the port is ":" and digits. Anything else
  after the host stays in the host, encoded (``h%3A8a``): such text names no host a
  browser would connect to. ``[`` and ``]`` outside a valid IP literal are encoded.
* ``#`` in the fragment becomes ``%23``; a second ``?`` stays in the query (it is
  allowed); a ``%`` not followed by two hex digits becomes ``%25``.
* A lone surrogate stands for no character: the text is refused with
  :class:`~urikit.EncodingError`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from typing import Final, NamedTuple

from .._core import grammar as g
from .._core.errors import LONE_SURROGATE, EncodingError
from .._core.idna import host_to_ascii
from .._core.parse import (
    appendix_b,
    bad_char,
    is_ip_literal,
    is_valid,
    require_str,
    split_authority,
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

    .. versionadded:: 0.2
    """

    text: str
    changes: tuple[Change, ...]


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


def _removed_whitespace(text: str) -> tuple[int, int, list[int]]:
    """Where the text is kept, ``start`` to ``end`` (spaces and C0 controls at either
    end removed), and the tabs and line breaks removed inside."""
    end = len(text.rstrip(_C0_AND_SPACE))
    start = end - len(text[:end].lstrip(_C0_AND_SPACE))
    if "\t" not in text and "\n" not in text and "\r" not in text:
        return start, end, []  # three memchr scans, not a regex step per character
    return start, end, [m.start() for m in _INNER_WS_RE.finditer(text, start, end)]


def _kept(start: int, end: int, inner: list[int]) -> list[int]:
    """The indices of text[start:end] that are kept, ``inner`` left out."""
    kept: list[int] = []
    last = start
    for i in inner:
        kept.extend(range(last, i))
        last = i + 1
    kept.extend(range(last, end))
    return kept


def _unslash(s: str, min_run: int, hier_start: int, hier_end: int,
             with_edits: bool = True) -> tuple[str, list[tuple[int, int, str]]]:
    """Backslashes in s[hier_start:hier_end] read as browsers read them, and (with
    ``with_edits``) the edits made: (start, end, replacement) in ``s``. A leading run
    of slashes and backslashes at least ``min_run`` long becomes ``//`` (never when it
    is 0)."""
    edits: list[tuple[int, int, str]] = []
    if "\\" not in s[hier_start:hier_end]:
        return s, edits
    run = _LEADING_SLASHES_RE.match(s, hier_start, hier_end)
    run_end = run.end() if run else hier_start
    leading = s[hier_start:run_end]
    if "\\" in leading and 0 < min_run <= len(leading):
        head = "//"
        if with_edits:
            edits.append((hier_start, run_end, "//"))
    else:
        head = ""
        run_end = hier_start
    if with_edits:
        edits.extend((m.start(), m.end(), "/")
                     for m in _BACKSLASH_RE.finditer(s, run_end, hier_end))
    rest = s[run_end:hier_end].replace("\\", "/")
    return f"{s[:hier_start]}{head}{rest}{s[hier_end:]}", edits


def _authority(s: str, a0: int, a1: int, comp: list[str] | None,
               spans: list[tuple[int, int, frozenset[str], str]]) -> tuple[int, int, str] | None:
    """Mark the authority s[a0:a1] in ``comp`` (if given) and ``spans``; return the IDNA edit of
    a registered name outside ASCII as (start, end, ASCII host), or ``None``."""
    userinfo, host, _ = split_authority(s[a0:a1])
    h0 = a0
    if userinfo is not None:
        h0 = a0 + len(userinfo) + 1
        spans.append((a0, h0 - 1, g.USERINFO, "userinfo"))
    h1 = h0 + len(host)
    if comp is not None:  # only to name the component of a change
        comp[a0:h0] = ["userinfo"] * (h0 - a0)
        comp[h0:h1] = ["host"] * len(host)
        comp[h1:a1] = ["port"] * (a1 - h1)
    if is_ip_literal(host):
        return None
    if host.isascii() or host.startswith("["):
        spans.append((h0, h1, g.REG_NAME, "host"))
        return None
    return (h0, h1, host_to_ascii(host))


def repair(text: str) -> Repaired:
    """Repair text that is not yet a URI-reference into one, listing each change.

    See the module documentation for what is changed and why; in short, every
    character a component does not allow is percent-encoded as UTF-8, valid
    ``%XX`` triplets are kept, nothing is decoded, a registered name outside ASCII
    becomes A-labels, and backslashes, whitespace and invalid schemes are read as
    browsers read them. A valid URI-reference is returned as it is, with no
    changes, so ``repair(repair(x).text).text == repair(x).text``.

    Args:
        text: any text.

    Returns:
        The repaired reference and the changes, in the order of their positions.

    Raises:
        EncodingError: the text holds a lone surrogate.
        IDNAError: the registered name is outside ASCII and IDNA refuses it.

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
    if is_valid(text):
        return Repaired(text, ())
    return _repair(text)


def repaired_text(text: str) -> str:
    """``repair(text).text``, without listing the changes (one per character encoded,
    which on a long text costs more than the repair): what
    :meth:`urikit.URI.parse_lenient` needs.

    >>> repaired_text("/list?ids[]=1&q=a|b")
    '/list?ids%5B%5D=1&q=a%7Cb'
    """
    text = _repairable(text)
    return text if is_valid(text) else _repair(text, with_changes=False).text


def _repairable(text: object) -> str:
    """``text`` as a ``str`` without lone surrogates, or the error :func:`repair` raises."""
    text = require_str(text)
    bad = _SURROGATE_RE.search(text)
    if bad:
        # not the text itself in the message: it may hold a password, and be long
        raise EncodingError(bad.group(), bad.start(), LONE_SURROGATE)
    return text


def _repair(text: str, with_changes: bool = True) -> Repaired:
    """:func:`repair` without the check for valid text (which it leaves unchanged);
    without ``with_changes`` the changes are not listed (the result has none)."""
    kept_start, kept_end, inner = _removed_whitespace(text)
    s = text[kept_start:kept_end]
    if inner:
        s = _INNER_WS_RE.sub("", s)
    # pos[j]: the index in ``text`` of s[j], to place each change (only to list them)
    pos = _kept(kept_start, kept_end, inner) if with_changes else []

    m = appendix_b(s)
    scheme = m.group(2)
    has_scheme = scheme is not None and g.SCHEME_RE.fullmatch(scheme) is not None
    special = not has_scheme or (scheme or "").lower() in SPECIAL_SCHEMES
    hier_start = m.end(1) if has_scheme else 0
    changes: list[Change] = []
    if special:
        # after a special scheme other than file, browsers skip any run of slashes
        # before the host; without a scheme, a run of two or more; file reads a host
        # only after exactly two
        min_run = 2 if not has_scheme else 0 if (scheme or "").lower() == "file" else 1
        s2, edits = _unslash(s, min_run, hier_start, m.end(5), with_changes)
        backslash_edits: list[tuple[int, str, str]] = []
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
                    new_pos += [pos[start]] * len(replacement)
                last = end
            new_pos += pos[last:]
            # the text as given (with any tab or line break in it: reported apart)
            backslash_edits = [(pos[start], text[pos[start]:pos[end - 1] + 1], r)
                               for start, end, r in edits]
            s, pos = s2, new_pos
            m = appendix_b(s)
    else:
        backslash_edits = []

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
            host_edit = _authority(s, m.start(4), m.end(4), comp, spans)
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
    for start, end, allowed, name in spans:
        if bad_char(s, start, end, allowed) < 0:
            continue  # nothing to encode
        replaced.append((start, end, _encode_span(s[start:end], allowed)))
        if with_changes:
            each: dict[str, str] = {}  # a character's encoding, once per character
            changes.extend(
                Change(pos[j], name, s[j],
                       each.get(s[j]) or each.setdefault(s[j], _encode_span(s[j], allowed)))
                for run in _bad_runs(s, start, end, allowed)
                for j in range(run.start(), run.end()))
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
    ends = [*range(kept_start), *range(kept_end, len(text))]
    for position, original, replacement in backslash_edits:
        k = bisect.bisect_left(pos, position)
        changes.append(Change(position, comp[k] if k < n else "", original, replacement))
    for i in ends:
        changes.append(Change(i, "", text[i], ""))
    for i in inner:
        k = bisect.bisect_left(pos, i)
        changes.append(Change(i, comp[k] if k < n else "", text[i], ""))
    changes.sort(key=lambda c: c.position)
    if not is_valid(result):  # pragma: no cover - each component is repaired above
        raise AssertionError(f"repair of {text!r} gave invalid {result!r}")
    return Repaired(result, tuple(changes))
