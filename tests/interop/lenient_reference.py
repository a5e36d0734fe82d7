"""The lenient reader's changes as they were first listed: one Python step per
character (positions and components in lists as long as the text), kept as the
reference that the listing in ``urikit._interop.lenient`` (which works on runs and
maps positions through a few offsets) must equal on every input."""

from __future__ import annotations

import bisect
import operator
import re
from collections.abc import Iterator
from itertools import repeat
from typing import Final

from urikit._core import grammar as g
from urikit._core.errors import ParseError
from urikit._core.parse import appendix_b, bad_char, is_ip_literal, is_valid
from urikit._core.percent import encode_octets
from urikit._core.schemes import SchemeKind
from urikit._interop.lenient import (
    _DRIVE_LETTER_RE,
    Change,
    _host_end,
    _port_number,
    _reading,
)
from urikit._whatwg.browser import FORBIDDEN_HOST_RE, browser_host

_LEADING_SLASHES_RE: Final = re.compile(r"[/\\]*")
_BACKSLASH_RE: Final = re.compile(r"\\")
_C0_AND_SPACE: Final = "".join(map(chr, range(0x21)))
_INNER_WS_RE: Final = re.compile("[\t\n\r]")
_BAD_CHAR_RE: dict[frozenset[str], re.Pattern[str]] = {}
_POSITION: Final = operator.itemgetter(0)


def _encode_span(text: str, allowed: frozenset[str]) -> str:
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


def _authority(s: str, a0: int, a1: int, comp: list[str] | None,
               spans: list[tuple[int, int, frozenset[str], str]],
               kind: SchemeKind) -> tuple[int, int, str] | None:
    """Read the authority s[a0:a1] as browsers read it, or raise :class:`URIError` for
    one they refuse; mark it in ``comp`` (if given) and ``spans``; return the IDNA edit
    of a registered name outside ASCII as (start, end, ASCII host), or ``None``.

    ``kind`` is the scheme's: SPECIAL (the WHATWG host parser, a host required), FILE
    (the same parser; an empty host allowed, no userinfo or port) or NOT_SPECIAL (an
    opaque host: no forbidden host code point, an IP literal valid)."""
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
        _port_number(s, h1 + 1, a1)
    if kind is SchemeKind.FILE and (at >= 0 or h1 < a1):
        raise ParseError(s, a0, "host", "a file URL's authority is a host alone")
    if kind is SchemeKind.NOT_SPECIAL and not host and (at >= 0 or h1 < a1):
        raise ParseError(s, h0, "host", "the host is empty")
    read: str | None = None
    if kind is SchemeKind.SPECIAL or (kind is SchemeKind.FILE and host):
        read = browser_host(host)  # raises for a host the browser refuses
    elif host.startswith("["):
        if not g.IP_LITERAL_RE.fullmatch(host):
            raise ParseError(host, 0, "host", "not a valid IP literal")
    elif (bad := FORBIDDEN_HOST_RE.search(host)) is not None:
        raise ParseError(host, bad.start(), "host", f"invalid character {bad.group()!r}")
    if is_ip_literal(host):
        return None
    if read is not None and read != host and g.IPV4ADDRESS_RE.fullmatch(read):
        return (h0, h1, read)  # any IPv4 form: the browser's dotted decimal
    if host.isascii() or kind is SchemeKind.NOT_SPECIAL:
        spans.append((h0, h1, g.REG_NAME, "host"))  # an opaque host: percent-encoded
        return None
    # the browser's ASCII host (its A-labels, or the IPv4 address full-width digits
    # spell), with what a reg-name does not allow ("{", '"') percent-encoded, which
    # the browser decodes back
    assert read is not None
    return (h0, h1, encode_octets(read.encode("ascii"), g.REG_NAME, triplets=False))


def reference_changes(text: str, base_scheme: str | None = None
                      ) -> tuple[str, tuple[Change, ...]]:
    """What ``_repair(text)`` gave and listed, a step per character (text that is not a
    URI-reference browsers read as it is, and that the repair accepts)."""
    with_changes = True
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
    if kind is SchemeKind.FILE and m.group(4) is not None \
            and _DRIVE_LETTER_RE.fullmatch(m.group(4)):
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

    return result, listed()
