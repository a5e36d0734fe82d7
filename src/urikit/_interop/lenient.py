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
    (:func:`urikit._whatwg.browser.browser_host`: no forbidden code point such as a
    space, ``^`` or ``%2F``, a valid IPv6 literal, a number only as a valid IPv4
    address, not empty); ``file`` has no userinfo or port. What a browser refuses
    raises :class:`~urikit.ParseError` or :class:`~urikit.IDNAError` instead of being
    encoded into the host. A host outside ASCII becomes the browser's ASCII host (UTS
    46 with the WHATWG parameters); a host the browser reads as an IPv4 address in
    any form (``0x7f.1``, ``2130706433``, ``127.1``, ``0177.0.0.1``,
    ``127.0.0.1.``) becomes its dotted decimal (``127.0.0.1``), a change listed for
    the host; other host text is kept as written, characters a ``reg-name`` does
    not allow percent-encoded (``a"b`` → ``a%22b``, which the browser decodes back).
    An error for a refused authority gives the fault's position in the given text
    (``http://f:b/c``: the port, at 9).

  For other schemes (:class:`~urikit._core.schemes.SchemeKind`) ``\\`` is data
  (``%5C``), the RFC 3986 reading of valid text is kept, and, as browsers refuse
  them, a port that is not digits or past 65535, an empty host after userinfo or
  before a port, an invalid IP literal, or a space, ``<``, ``>``, ``^`` or ``|`` in
  the host is refused; the host is opaque, as the URL standard has it: outside
  ASCII it is percent-encoded as UTF-8 (``sc://ñ`` → ``sc://%C3%B1``), never IDNA.
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
from itertools import accumulate, chain, islice, repeat
from typing import Final, NamedTuple, cast, overload

from .._core import grammar as g
from .._core.build import Checked
from .._core.components import Parts
from .._core.errors import LONE_SURROGATE, EncodingError, ParseError
from .._core.parse import (
    appendix_b,
    bad_char,
    is_ip_literal,
    is_valid,
    require_str,
)
from .._core.percent import encode_octets
from .._core.resolve import resolve
from .._core.schemes import SchemeKind, scheme_kind
from .._core.serialize import to_text
from .._whatwg.browser import (
    C0_AND_SPACE,
    FORBIDDEN_HOST_RE,
    browser_host,
    browser_path,
    plain_dot_segments,
    slash_run_end,
)
from .._whatwg.masking import mask_secrets


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

    def __repr__(self) -> str:
        # a change in the userinfo may be a character of a password: not shown (the
        # fields read as objects: a record made by hand may hold any, and its repr
        # works in both builds)
        position, component, original, replacement = cast(
            "tuple[object, object, object, object]", tuple(self))
        secret = component == "userinfo"
        return (f"Change(position={position!r}, component={component!r}, "
                f"original={'***' if secret else original!r}, "
                f"replacement={'***' if secret else replacement!r})")


#: ``tuple.__new__`` typed for :class:`Change`: one built in C from a zipped 4-tuple
#: (what :class:`_ChangeList` maps over its columns), with no Python frame per change.
#: pyright reads ``tuple.__new__`` generically (its item type unknown), hence the cast.
_new_change: Final = cast(
    "Callable[[type[Change], tuple[int, str, str, str]], Change]",
    tuple.__new__)  # pyright: ignore[reportUnknownMemberType] (see the cast)


class Repaired(NamedTuple):
    """The result of :func:`repair`: a valid URI-reference and the changes made.

    ``changes`` is a sequence of :class:`Change` that compares, hashes and prints as
    the tuple of them; it is listed when first read (text with a million characters
    to encode has a million changes, which cost more to list than the repair), and
    each change is built as it is read, so that going through them holds one at a
    time (a change read twice is two equal objects, not one).

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       ``changes`` is listed when first read, each change built as it is read.
    """

    text: str
    changes: Sequence[Change]

    def __repr__(self) -> str:
        # a record made by hand may hold any object: read as one (a field's read is
        # checked against its type in the compiled build)
        text = cast("tuple[object, object]", tuple(self))[0]
        shown = mask_secrets(text)[0] if isinstance(text, str) else text
        return f"Repaired(text={shown!r}, changes={self.changes!r})"


_Columns = tuple[list[int], list[str], list[str], list[str]]


class _Listed(Sequence[Change]):
    """The changes of a repair, listed by ``make`` when first read as four columns
    (positions, components, originals, replacements); each :class:`Change` is built
    when it is read, so that reading a million of them one by one keeps no million
    objects alive. A tuple in all but type and identity (equality, hash, repr and the
    sequence methods are the tuple's; a change read twice is two equal objects)."""

    __slots__ = ("_columns", "_make")

    def __init__(self, make: Callable[[], _Columns]) -> None:
        self._make: Callable[[], _Columns] | None = make
        self._columns: _Columns = ([], [], [], [])

    def _listed(self) -> _Columns:
        if self._make is not None:
            self._columns, self._make = self._make(), None
        return self._columns

    @overload
    def __getitem__(self, index: int) -> Change: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Change, ...]: ...
    def __getitem__(self, index: int | slice) -> Change | tuple[Change, ...]:
        p, c, o, r = self._listed()
        if isinstance(index, slice):
            return tuple(map(_new_change, repeat(Change),
                             zip(p[index], c[index], o[index], r[index], strict=True)))
        return Change(p[index], c[index], o[index], r[index])

    def __len__(self) -> int:
        return len(self._listed()[0])

    def __iter__(self) -> Iterator[Change]:
        # one Change at a time, from the tuple zip reuses: built in C, freed when dropped
        return map(_new_change, repeat(Change), zip(*self._listed(), strict=True))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _Listed):
            return self._listed() == other._listed()
        return tuple(self) == other

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


_SURROGATE_RE: Final = re.compile(r"[\ud800-\udfff]")
_BACKSLASHES_RE: Final = re.compile(r"\\+")
_INNER_WS_RE: Final = re.compile("([\t\n\r]+)")  # a group: re.split keeps the runs
_BAD_RUN_RE: dict[frozenset[str], re.Pattern[str]] = {}


def _bad_runs(s: str, start: int, end: int,
              allowed: frozenset[str]) -> tuple[list[int], list[int], str]:
    """The runs of characters in s[start:end] to encode (each character not allowed
    and each "%" that starts no triplet, inside the span), as the start and end of
    each run and their characters joined (each of them one change): C passes
    (``re.split`` on a capturing group, running sums of the lengths), no match object
    for each run."""
    pattern = _BAD_RUN_RE.get(allowed)
    if pattern is None:
        # a run of characters not allowed is one repeat of one class (a step of C's
        # loop each), not an iteration of the group per character
        pattern = re.compile(f"((?:[^{g.char_class(allowed, '%')}]+|{g.BAD_PERCENT})+)")
        _BAD_RUN_RE[allowed] = pattern
    parts = pattern.split(s[start:end])  # kept, run, kept, run, ..., kept
    bounds = list(accumulate(map(len, parts), initial=start))
    return bounds[1:-1:2], bounds[2::2], "".join(parts[1::2])


def _encode_span(text: str, allowed: frozenset[str]) -> str:
    """``text`` with every character that ``allowed`` lacks percent-encoded (UTF-8
    outside ASCII) and every "%" that starts no triplet written ``%25``; valid
    triplets and allowed characters are kept (``text`` holds no lone surrogate:
    :func:`repair` refuses those first)."""
    return encode_octets(text.encode("utf-8"), allowed, triplets=True)


def _removed_whitespace(text: str) -> tuple[int, int, bool]:
    """Where the text is kept, ``start`` to ``end`` (spaces and C0 controls at either
    end removed), and whether a tab or line break is removed inside (three memchr
    scans: where they are is found only to list the changes)."""
    end = len(text.rstrip(C0_AND_SPACE))
    start = end - len(text[:end].lstrip(C0_AND_SPACE))
    return start, end, "\t" in text or "\n" in text or "\r" in text


def _unslash(s: str, mode: str, hier_start: int,
             hier_end: int) -> tuple[str, tuple[int, int] | None]:
    """Slashes and backslashes in s[hier_start:hier_end] read as browsers read them,
    and the leading run replaced by ``//`` as (start, end) in ``s``, or ``None``.
    Every backslash after that run is a slash. The leading run of slashes and
    backslashes becomes ``//``, the start of the authority: in ``mode``
    ``"authority"`` (after a special scheme other than file) whatever its length, none
    included; in ``"relative"`` (a reference without a scheme, against a special base)
    when it is two or more long; in ``"file"`` never (file reads a host only after
    exactly two)."""
    run_end = slash_run_end(s, hier_start, hier_end)
    leading = s[hier_start:run_end]
    replaced: tuple[int, int] | None = None
    if leading != "//" and (mode == "authority" or (mode == "relative" and len(leading) >= 2)):
        head = "//"
        replaced = (hier_start, run_end)
    else:
        head = ""
        run_end = hier_start
    if "\\" not in s[run_end:hier_end]:
        if not head:
            return s, replaced
        return f"{s[:hier_start]}{head}{s[run_end:]}", replaced
    rest = s[run_end:hier_end].replace("\\", "/")
    return f"{s[:hier_start]}{head}{rest}{s[hier_end:]}", replaced


def _port_number(s: str, p0: int, p1: int) -> None:
    """Refuse the port s[p0:p1] unless browsers read it: decimal digits (or none), at
    most 65535 for every scheme (RFC 3986 sets no bound; the URL standard does). The
    error's position is in ``s``."""
    port = s[p0:p1]
    bad = _NOT_DIGIT_RE.search(port)
    if bad is not None:
        raise ParseError(s, p0 + bad.start(), "port", f"invalid character {bad.group()!r}",
                         "browsers refuse a port that is not a number")
    number = port.lstrip("0")  # browsers read a zero-padded port as its number
    if number and (len(number) > 5 or int(number) > 65535):
        raise ParseError(s, p0, "port", "a port is at most 65535",
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


def _authority(s: str, a0: int, a1: int, marks: list[tuple[int, int, str]] | None,
               spans: list[tuple[int, int, frozenset[str], str]],
               kind: SchemeKind) -> tuple[int, int, str] | None:
    """Read the authority s[a0:a1] as browsers read it, or raise :class:`URIError` for
    one they refuse (the error's position in ``s``, at the fault); mark its parts in
    ``marks`` (if given: (start, end, component)) and the runs to encode in ``spans``;
    return the edit of the host as (start, end, ASCII host) when the browser reads
    it as other text (the A-labels of a name outside ASCII, the dotted decimal of an
    IPv4 address in any other form: ``0x7f.1`` is ``127.0.0.1``), or ``None``.

    ``kind`` is the scheme's: SPECIAL (the WHATWG host parser, a host required), FILE
    (the same parser; an empty host allowed, no userinfo or port) or NOT_SPECIAL (an
    opaque host: no forbidden host code point, an IP literal valid)."""
    at = s.rfind("@", a0, a1)
    h0 = a0
    if at >= 0:
        h0 = at + 1
        spans.append((a0, at, g.USERINFO, "userinfo"))
    h1 = _host_end(s, h0, a1)
    if marks is not None:  # only to name the component of a change
        marks += [(a0, h0, "userinfo"), (h0, h1, "host"), (h1, a1, "port")]
    host = s[h0:h1]
    if kind is SchemeKind.FILE and (at >= 0 or h1 < a1):
        raise ParseError(s, a0 if at >= 0 else h1, "userinfo" if at >= 0 else "port",
                         "a file URL's authority is a host alone",
                         "browsers refuse userinfo and a port in a file URL")
    if kind is SchemeKind.NOT_SPECIAL and not host and (at >= 0 or h1 < a1):
        raise ParseError(s, h0, "host", "the host is empty",
                         "browsers refuse an empty host after userinfo or before a port")
    read: str | None = None
    if kind is SchemeKind.SPECIAL or (kind is SchemeKind.FILE and host):
        try:
            read = browser_host(host)  # raises for a host the browser refuses
        except ParseError as error:
            raise ParseError(s, h0 + error.position, "host", error.reason,
                             error.hint) from None
    elif host.startswith("["):
        if not g.IP_LITERAL_RE.fullmatch(host):
            raise ParseError(s, h0, "host", "not a valid IP literal",
                             "an IP literal is an IPv6 address or an IPvFuture")
    elif (bad := FORBIDDEN_HOST_RE.search(host)) is not None:
        raise ParseError(s, h0 + bad.start(), "host", f"invalid character {bad.group()!r}",
                         "browsers refuse this host")
    if h1 < a1:  # after the host: the first fault in the text is the one named
        _port_number(s, h1 + 1, a1)
    if is_ip_literal(host):
        return None
    if read is not None and read != host and g.IPV4ADDRESS_RE.fullmatch(read):
        # an IPv4 address in another form (0x7f.1, 2130706433, 127.1, 0177.0.0.1,
        # 127.0.0.1.): written as the browser reads it, in dotted decimal
        return (h0, h1, read)
    if host.isascii() or kind is SchemeKind.NOT_SPECIAL:
        # an opaque host outside ASCII is percent-encoded, as browsers do, not IDNA
        spans.append((h0, h1, g.REG_NAME, "host"))
        return None
    # the browser's ASCII host (its A-labels, or the IPv4 address full-width digits
    # spell), with what a reg-name does not allow ("{", '"') percent-encoded, which
    # the browser decodes back
    assert read is not None  # special or file: read by the host parser
    return (h0, h1, encode_octets(read.encode("ascii"), g.REG_NAME, triplets=False))


def repair(text: str | Checked) -> Repaired:
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


_SCHEME_COLON_RE: Final = re.compile(f"{g.SCHEME_P}:")


def with_default_scheme(text: str, scheme: str) -> str:
    """``text`` with ``scheme`` before it when a browser would read it without one
    (``www.site.com/path``, as web logs and spreadsheets hold URLs): the text to
    repair, which then reads with ``scheme`` and a host. A text with a scheme (any
    letters, digits, "+", "-" or "." before a ":", as browsers read one:
    ``localhost:8080`` has the scheme ``localhost``), and one that has no host to give
    (``/path``, ``?q``, ``#f``, empty), are given back as they are; ``//h/p`` gets
    the scheme alone.

    >>> with_default_scheme("www.site.com/a b", "https")
    'https://www.site.com/a b'
    >>> with_default_scheme("//h/p", "https"), with_default_scheme("/p", "https")
    ('https://h/p', '/p')
    >>> with_default_scheme("ftp://h/", "https")
    'ftp://h/'
    """
    kept = text.strip(C0_AND_SPACE)
    if not kept or _SCHEME_COLON_RE.match(kept) or kept[0] in "?#":
        return text
    if kept[:2] in ("//", "\\\\", "/\\", "\\/"):
        return f"{scheme}:{kept}"
    if kept[0] in "/\\":
        return text
    return f"{scheme}://{kept}"


_DRIVE_PATH_RE: Final = re.compile("/[A-Za-z]:(?=/|$)")


def browser_resolve(base: Parts, ref: Parts) -> Parts:
    """``ref`` (a repaired reference) resolved against ``base`` as browsers resolve it:
    RFC 3986 §5.2 with two readings of the URL standard. A segment ``%2e`` or
    ``%2E`` (alone or beside another dot: ``.%2e``, ``%2e%2e``) is a dot segment, so
    ``a/.%2e/../../admin`` against ``https://h/public/`` is ``/admin``; the base is
    the URL the browser has read, so its path keeps no dot segment, plain or ``%2e``
    (``?q`` against ``https://h/a/%2e%2e/b`` is ``https://h/b?q``); against a
    ``file`` base whose path starts with a Windows drive letter (``/C:/``), the drive
    is kept: a path-absolute reference, or ``..`` past the top, stays on it
    (``/x`` against ``file:///C:/a`` is ``file:///C:/x``). Against a base with an
    opaque path (no authority, a path without "/" first: ``sc:sd``), only a fragment
    resolves, as in browsers: any other relative reference raises
    :class:`~urikit.ParseError`.

    >>> from urikit import URI
    >>> base = URI.parse("https://h.example/public/").components
    >>> browser_resolve(base, URI.parse("a/.%2e/../../admin").components)[4]
    '/admin'
    >>> file = URI.parse("file:///C:/dir/f").components
    >>> [browser_resolve(file, URI.parse(r).components)[4] for r in ("/x", "../../../y")]
    ['/C:/x', '/C:/y']
    """
    if base[2] is None and base[4][:1] != "/" and ref[0] is None and (
            ref[4] or ref[5] is not None or ref[2] is not None):
        # a base with an opaque path (sc:sd, mailto:x) takes a fragment alone
        raise ParseError(to_text(ref), 0, "path",
                         "only a fragment can be resolved against a base with an opaque path",
                         "browsers refuse any other relative reference there")
    path = ref[4]
    if "%2" in path:  # the browser's dot segments (WHATWG URL, path state)
        ref = (*ref[:4], plain_dot_segments(path), *ref[5:])
    base = _read_base(base)
    drive = _DRIVE_PATH_RE.match(base[4])
    if (base[0] or "").lower() != "file" or drive is None or ref[0] is not None \
            or ref[2] is not None or _DRIVE_PATH_RE.match(ref[4]) \
            or _DRIVE_LETTER_RE.match(ref[4]):
        return resolve(base, ref, True)
    # the drive taken out of the base, the reference resolved, the drive put back
    if not ref[4]:  # no path: the base's, drive and all
        return resolve(base, ref, True)
    rest = base[4][drive.end():] or "/"
    target = resolve((*base[:4], rest, *base[5:]), ref, True)
    return (*target[:4], drive.group() + target[4], *target[5:])


def _read_base(base: Parts) -> Parts:
    """``base`` as the browser holds it: the browser resolves against a URL it has
    read, whose path keeps no dot segment, plain or ``%2e`` (``/%2e%2e/x/`` is
    ``/x/``), so a reference with no path or a relative one does not bring them back;
    a ``file`` base keeps its drive letter (``/C:/../x`` is ``/C:/x``). An opaque
    path (no "/" first) is left as it is."""
    path = base[4]
    if path[:1] != "/":
        return base
    drive = _DRIVE_PATH_RE.match(path) if (base[0] or "").lower() == "file" else None
    if drive is None:
        read = browser_path(path)
    elif drive.end() < len(path):
        read = drive.group() + browser_path(path[drive.end():])
    else:
        return base
    return base if read == path else (*base[:4], read, *base[5:])


def _reading(s: str, m: re.Match[str],
             base_scheme: str | None) -> tuple[bool, bool, str, SchemeKind]:
    """How browsers read the reference ``s`` (``m``: its Appendix B match) against a base
    with ``base_scheme``: (whether it has a valid scheme, whether that scheme is dropped
    as the base's, the :func:`_unslash` mode or ``""`` when a backslash is data, the
    :func:`_authority` kind).

    A special scheme that is the base's, without ``//`` after it, is dropped: the
    rest is read relative to the base (``http:x`` against an http page)."""
    scheme = m.group(2)
    has_scheme = scheme is not None and g.SCHEME_RE.fullmatch(scheme) is not None
    effective = (scheme or "").lower()
    dropped = has_scheme and effective == base_scheme \
        and scheme_kind(effective) is not SchemeKind.NOT_SPECIAL \
        and not s.startswith("//", m.end(1))
    if not has_scheme or dropped:
        effective = base_scheme or "http"  # without a base: as against a web page
    kind = scheme_kind(effective)
    if kind is SchemeKind.FILE:
        return has_scheme, dropped, "file", kind
    if kind is SchemeKind.SPECIAL:
        return has_scheme, dropped, "authority" if has_scheme and not dropped else "relative", \
            kind
    return has_scheme, dropped, "", kind


def _reads_as_is(text: str, base_scheme: str | None) -> bool:
    """Whether browsers read valid ``text`` as RFC 3986 does (so it is kept as it is);
    :class:`URIError` for an authority they refuse."""
    m = appendix_b(text)
    _, dropped, mode, kind = _reading(text, m, base_scheme)
    if dropped:
        return False
    after_scheme = m.end(1) if m.group(1) else 0
    leading = slash_run_end(text, after_scheme) - after_scheme
    if (mode == "authority" and leading != 2) or (mode == "relative" and leading > 2):
        return False
    authority = m.group(4)
    if authority is None:
        return True
    if kind is SchemeKind.FILE and _DRIVE_LETTER_RE.fullmatch(authority):
        return False
    return _authority(text, m.start(4), m.end(4), None, [], kind) is None


def _repairable(text: object) -> str:
    """``text`` as a ``str`` without lone surrogates, or the error :func:`repair` raises."""
    text = require_str(text)
    bad = _SURROGATE_RE.search(text)
    if bad:
        # not the text itself in the message: it may hold a password, and be long
        raise EncodingError(bad.group(), bad.start(), LONE_SURROGATE)
    return text


class _Trace:
    """Where each character of a repair comes from in the given text, and the
    component it is in: what listing the changes needs, kept as a few offsets and
    the component boundaries rather than a list entry per character, so that a
    repair lists nothing until its changes are read.

    The repair rewrites the text in whole-string passes, each of which moves
    characters by a known offset: the kept text is the given one without the spaces
    and controls at either end and the runs of tabs and line breaks inside
    (``ws_runs``); a scheme that is the base's is dropped (``drop`` characters); a
    leading run of slashes is replaced by ``//`` (``leading``: its start and end);
    ``/`` is added before a Windows drive letter (at ``drive``, or -1). Backslashes
    become slashes in place."""

    __slots__ = ("drive", "drop", "kept_end", "kept_len", "kept_start", "labels",
                 "leading", "points", "removed", "text", "us", "ws_runs")

    def __init__(self, text: str, kept_start: int, kept_end: int, inner: bool, drop: int,
                 leading: tuple[int, int] | None, drive: int,
                 marks: list[tuple[int, int, str]]) -> None:
        self.text, self.kept_start, self.kept_end = text, kept_start, kept_end
        self.drop, self.leading, self.drive = drop, leading, drive
        # the runs of tabs and line breaks removed, found by C passes (re.split on a
        # capturing group, running sums of the lengths); us[r]: the index in the kept
        # text of the character after run r; removed[r]: how many were removed before
        # it (removed[0] = 0)
        parts = _INNER_WS_RE.split(text[kept_start:kept_end]) if inner else [""]
        bounds = list(accumulate(map(len, parts), initial=kept_start))
        firsts, lasts = bounds[1:-1:2], bounds[2::2]
        self.ws_runs = list(zip(firsts, lasts, strict=True))
        self.removed: list[int] = list(accumulate(map(operator.sub, lasts, firsts), initial=0))
        after = map(operator.sub, firsts, repeat(kept_start))
        self.us: list[int] = list(map(operator.sub, after, self.removed[:-1]))
        self.kept_len = kept_end - kept_start - self.removed[-1]
        # the component of character j is labels[bisect_right(points, j)]: the
        # components' bounds cut the text into intervals, each in one component or none
        self.points = sorted({x for a, b, _ in marks for x in (a, b)})
        self.labels = [""] * (len(self.points) + 1)
        for a, b, name in marks:
            for k in range(bisect.bisect_right(self.points, a),
                           bisect.bisect_right(self.points, b)):
                self.labels[k] = name

    def given(self, k: int) -> int:
        """The index in the given text of kept character ``k`` (past the last one: the
        end of the kept text)."""
        if k >= self.kept_len:
            return self.kept_end
        return k + self.kept_start + self.removed[bisect.bisect_right(self.us, k)]

    def kept(self, j: int) -> int:
        """The index in the kept text of the repair's character ``j``, one that was not
        added (an added character is not in a run the repair encodes)."""
        if self.drive >= 0 and j > self.drive:
            j -= 1
        if self.leading is not None and j >= self.leading[0] + 2:
            j += self.leading[1] - self.leading[0] - 2
        return j + self.drop

    def after_removed(self, k: int) -> int:
        """The index in the repair of the first character whose place in the given text
        is past a removed character followed by kept character ``k``."""
        j = max(0, k - self.drop)
        if self.leading is not None:
            start, end = self.leading
            if end - start != 2:  # "//" replaced a run of another length
                if j > end:
                    j += 2 - (end - start)
                elif j > start:
                    j = start + 2
        if self.drive >= 0 and j > self.drive:
            j += 1
        return j

    def name(self, j: int) -> str:
        """The component of the repair's character ``j``."""
        return self.labels[bisect.bisect_right(self.points, j)]

    def names(self, js: list[int], offset: int = 0) -> Iterator[str]:
        """The component of each of the repair's characters ``js`` plus ``offset``
        (``js`` ascending): a C loop for each component, ``js`` cut where its bounds
        fall."""
        cuts = [0, *(bisect.bisect_left(js, point - offset) for point in self.points), len(js)]
        return chain.from_iterable(map(repeat, self.labels, map(operator.sub, cuts[1:], cuts)))

    def after_removed_all(self) -> list[int]:
        """:meth:`after_removed` of each of ``us``: ``us`` itself when nothing was
        dropped, replaced or added before the text's end (the usual case)."""
        if self.drop or self.drive >= 0 or (
                self.leading is not None and self.leading[1] - self.leading[0] != 2):
            return list(map(self.after_removed, self.us))
        return self.us

    def givens(self, ks: list[int]) -> Iterator[int]:
        """The index in the given text of each kept character of ``ks`` (a C loop)."""
        if not self.us:
            return map(operator.add, ks, repeat(self.kept_start))
        return map(operator.add, map(operator.add, ks, repeat(self.kept_start)),
                   map(self.removed.__getitem__, map(bisect.bisect_right, repeat(self.us), ks)))


def _columns(trace: _Trace, s: str, unslashed: str, slashes: tuple[int, int] | None,
             host_edit: tuple[int, int, str] | None,
             encoded: list[tuple[int, int, frozenset[str], str]]) -> _Columns:
    """The changes of a repair as columns (positions, components, originals,
    replacements), in the order of their positions: the host converted, the leading
    slashes replaced and each backslash made a slash (in ``unslashed``, the text before
    that pass, ``slashes``: where it did), a slash before a drive letter, each
    character encoded (``encoded``: the spans of ``s``, the repair before encoding,
    with characters to encode), and each character removed. One Python step per run of
    changed characters; a run is listed by C loops."""
    text, given, kept = trace.text, trace.given, trace.kept
    p: list[int] = []
    c: list[str] = []
    o: list[str] = []
    r: list[str] = []
    if host_edit:  # the host as given, with any tab or line break removed from it
        h0, h1, ascii_host = host_edit
        start = given(kept(h0))
        p.append(start)
        c.append("host")
        o.append(text[start:given(kept(h1 - 1)) + 1])
        r.append(ascii_host)
    lengths = [len(p)]  # how many changes of each kind
    if trace.leading is not None:
        hs, he = trace.leading
        start = given(hs + trace.drop)
        p.append(start)
        c.append(trace.name(hs))
        o.append(text[start:given(he - 1 + trace.drop) + 1] if he > hs else "")
        r.append("//")
    lengths.append(len(p) - sum(lengths))
    if slashes is not None:
        # each backslash, by C loops: its index in the kept text, then in the repair
        runs = [m.span() for m in _BACKSLASHES_RE.finditer(unslashed, *slashes)]
        found = list(chain.from_iterable(map(range, *zip(*runs, strict=True)))) if runs else []
        p.extend(trace.givens(list(map(operator.add, found, repeat(trace.drop))))
                 if trace.us else map(operator.add, found, repeat(trace.drop + trace.kept_start)))
        # in the repair: moved by the "//" that replaced the leading run, and one more
        # from the "/" added before a drive letter on
        moved = 2 - (trace.leading[1] - trace.leading[0]) if trace.leading else 0
        cut = bisect.bisect_left(found, trace.drive - moved) if trace.drive >= 0 else len(found)
        c.extend(trace.names(found[:cut], moved))
        c.extend(trace.names(found[cut:], moved + 1))
        o.extend(repeat("\\", len(found)))
        r.extend(repeat("/", len(found)))
    lengths.append(len(p) - sum(lengths))
    if trace.drive >= 0:
        p.append(given(kept(trace.drive + 1)))
        c.append(trace.name(trace.drive))
        o.append("")
        r.append("/")
    lengths.append(len(p) - sum(lengths))
    for start, end, allowed, name in encoded:
        firsts, lasts, bad = _bad_runs(s, start, end, allowed)
        if trace.us:  # tabs or line breaks removed: each character by C loops
            shift = kept(firsts[0]) - firsts[0]
            p.extend(trace.givens(list(chain.from_iterable(map(
                range, map(operator.add, firsts, repeat(shift)),
                map(operator.add, lasts, repeat(shift)))))))
        else:  # one offset for the span: every run listed by C loops
            shift = kept(firsts[0]) - firsts[0] + trace.kept_start
            p.extend(chain.from_iterable(map(range, map(operator.add, firsts, repeat(shift)),
                                             map(operator.add, lasts, repeat(shift)))))
        chars = list(bad)
        each = {char: _encode_span(char, allowed) for char in set(chars)}
        c.extend(repeat(name, len(chars)))
        o.extend(chars)
        r.extend(map(each.__getitem__, chars))
    lengths.append(len(p) - sum(lengths))
    if trace.ws_runs:  # each run of tabs and line breaks in the component after it
        firsts, lasts = map(list, zip(*trace.ws_runs, strict=True))
        p.extend(chain.from_iterable(map(range, firsts, lasts)))
        names = trace.names(trace.after_removed_all())
        c.extend(chain.from_iterable(map(repeat, names, map(operator.sub, lasts, firsts))))
        o.extend("".join(map(text.__getitem__, map(slice, firsts, lasts))))
        r.extend(repeat("", len(p) - len(r)))
    lengths.append(len(p) - sum(lengths))
    # each kind of change comes in the order of positions: only a mix of kinds is sorted
    if sum(map(bool, lengths)) > 1 and not all(map(operator.le, p, islice(p, 1, None))):
        order = sorted(range(len(p)), key=p.__getitem__)  # stable: ties keep this order
        p = list(map(p.__getitem__, order))
        c, o, r = (list(map(column.__getitem__, order)) for column in (c, o, r))
    ends = len(text) - trace.kept_end
    if not trace.kept_start and not ends:
        return p, c, o, r
    return ([*range(trace.kept_start), *p, *range(trace.kept_end, len(text))],
            [*repeat("", trace.kept_start), *c, *repeat("", ends)],
            [*text[:trace.kept_start], *o, *text[trace.kept_end:]],
            [*repeat("", trace.kept_start), *r, *repeat("", ends)])


def _repair(text: str, with_changes: bool = True,
            base_scheme: str | None = None) -> Repaired:
    """:func:`repair` without the check for valid text (which it leaves unchanged);
    without ``with_changes`` the changes are not listed (the result has none). The
    text is rewritten by whole-string passes in either case; with ``with_changes``, a
    :class:`_Trace` of the passes is kept, from which the changes are listed when
    first read."""
    kept_start, kept_end, inner = _removed_whitespace(text)
    s = text[kept_start:kept_end]
    if inner:  # three C passes, where a regex substitution steps once per character
        s = s.replace("\t", "").replace("\n", "").replace("\r", "")

    m = appendix_b(s)
    has_scheme, dropped, mode, kind = _reading(s, m, base_scheme)
    drop = 0
    if dropped:  # the base's special scheme: the rest is relative to the base
        drop = m.end(1)
        s, has_scheme = s[drop:], False
        m = appendix_b(s)
    hier_start = m.end(1) if has_scheme else 0
    unslashed = s
    slashes: tuple[int, int] | None = None  # where backslashes became slashes
    leading: tuple[int, int] | None = None  # the run of slashes "//" replaced
    if mode:
        # after a special scheme other than file, browsers skip any run of slashes
        # before the host; without a scheme, a run of two or more; file reads a host
        # only after exactly two
        s, leading = _unslash(s, mode, hier_start, m.end(5))
        slashes = (hier_start if leading is None else leading[1], m.end(5))
        if s is not unslashed:
            m = appendix_b(s)
    drive = -1
    if kind is SchemeKind.FILE and m.group(4) is not None \
            and _DRIVE_LETTER_RE.fullmatch(m.group(4)):
        # file://C:/x is a path to browsers (a Windows drive letter), not host "C"
        drive = m.start(4)
        s = f"{s[:drive]}/{s[drive:]}"
        m = appendix_b(s)

    # (start, end, component) of each component in s (only to name those of changes)
    marks: list[tuple[int, int, str]] | None = [] if with_changes else None
    # (start, end, allowed characters, component) of each run to encode
    spans: list[tuple[int, int, frozenset[str], str]] = []
    host_edit: tuple[int, int, str] | None = None
    if has_scheme and marks is not None:
        marks.append((0, m.end(1), "scheme"))
    has_authority = False
    if m.group(2) is not None and not has_scheme:
        # an invalid scheme: the whole text before the query is a relative path
        p0, p1 = 0, m.end(5)
    else:
        p0, p1 = m.span(5)
        if m.group(4) is not None:
            has_authority = True
            if marks is not None:
                marks.append((m.start(3), m.start(4), "authority"))
            try:
                host_edit = _authority(s, m.start(4), m.end(4), marks, spans, kind)
            except ParseError as error:  # at the fault's position in the given text
                trace = _Trace(text, kept_start, kept_end, inner, drop, leading, drive, [])
                raise ParseError(text, trace.given(trace.kept(error.position)),
                                 error.component, error.reason, error.hint) from None
    if marks is not None:
        marks.append((p0, p1, "path"))
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
        if marks is not None:
            marks.append((q0 - 1, q1, "query"))
        spans.append((q0, q1, g.QUERY, "query"))
    if m.group(9) is not None:
        f0, f1 = m.span(9)
        if marks is not None:
            marks.append((f0 - 1, f1, "fragment"))
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
        replaced.append(host_edit)
    replaced.sort()
    out: list[str] = []
    last = 0
    for start, end, replacement in replaced:
        out += [s[last:start], replacement]
        last = end
    out.append(s[last:])
    result = "".join(out)

    if marks is None:
        return Repaired(result, ())
    if not is_valid(result):  # pragma: no cover - each component is repaired above
        raise AssertionError(f"repair of {text!r} gave invalid {result!r}")
    return Repaired(result, _Listed(lambda: _columns(
        _Trace(text, kept_start, kept_end, inner, drop, leading, drive, marks),
        s, unslashed, slashes, host_edit, encoded)))
