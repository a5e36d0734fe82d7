"""Normalization and equivalence (RFC 3986 §6.2)."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from itertools import chain
from operator import itemgetter
from typing import Any, ClassVar, Final, cast

import attrs

from . import grammar as g
from .build import Checked, mypyc_attr
from .components import Parts
from .resolve import remove_dot_segments
from .schemes import DEFAULT_PORT_TEXT
from .serialize import guard_path

_HEX: Final = "0123456789abcdefABCDEF"


def _pct_table(case: bool, decode: bool, lower: bool) -> dict[str, str]:
    """What each of the 22 * 22 spellings of a pct-encoded triplet becomes.

    ``case`` uppercases the hex digits (§6.2.2.1); ``decode`` writes an unreserved
    character as itself (§6.2.2.2), lowercased when ``lower`` (in a host).
    """
    table: dict[str, str] = {}
    for hi in _HEX:
        for lo in _HEX:
            triplet = f"%{hi}{lo}"
            char = chr(int(hi + lo, 16))
            if decode and char in g.UNRESERVED:
                table[triplet] = char.lower() if lower else char
            else:
                table[triplet] = triplet.upper() if case else triplet
    return table


def _alternatives(triplets: list[str]) -> str:
    """A pattern matching any of ``triplets`` (``%`` and two hex digits), grouped by
    their first hex digit."""
    by_first: dict[str, str] = {}
    for triplet in triplets:
        by_first[triplet[1]] = by_first.get(triplet[1], "") + triplet[2]
    return "%(?:" + "|".join(f"{hi}[{lows}]" for hi, lows in sorted(by_first.items())) + ")"


def _replacer(case: bool, decode: bool, lower: bool) -> Callable[[str], str]:
    """A function rewriting the pct-encoded triplets of a text as :func:`_pct_table`
    says.

    Only the triplets whose text changes are matched (grouped by their first hex
    digit), so a text whose encodings are already normal is read once, in C, and no
    callback runs for it. A changing triplet and the run of triplets after it are
    matched at once, and each triplet of the run is looked up in the table; with
    ``case``, a run of more than three is instead rewritten with a constant number of
    calls, each in C: uppercased, then, if it holds a triplet of an unreserved
    character (``decode``), turned into its octets, each written through a table of
    256.
    """
    table = _pct_table(case, decode, lower)
    changing = _alternatives([t for t, replacement in table.items() if replacement != t])
    # a changing triplet and the run of triplets after it (each triplet spelled out
    # rather than g.PCT_ENCODED's "{2}": two classes match faster than one repeated)
    runs = re.compile(f"{changing}(?:%[0-9A-Fa-f][0-9A-Fa-f])*")
    sub = runs.sub
    unreserved = re.compile(_alternatives([t for t, replacement in table.items()
                                           if len(replacement) == 1])) if decode else None
    octets = [table[f"%{octet:02X}"] for octet in range(256)]  # used with ``case``

    def rewrite_run(match: re.Match[str]) -> str:
        run = match.group()
        size = len(run)
        if size == 3:
            return table[run]
        if size == 6:
            return table[run[:3]] + table[run[3:]]
        if size == 9:
            return table[run[:3]] + table[run[3:6]] + table[run[6:]]
        if not case:  # the triplets that stay keep their spelling
            return "".join([table[run[i:i + 3]] for i in range(0, size, 3)])
        run = run.upper()
        if unreserved is None or unreserved.search(run) is None:
            return run
        return bytes.fromhex(run.replace("%", "")).decode("latin-1").translate(octets)

    rewrite = partial(sub, rewrite_run)
    # with ``case`` every triplet's spelling is decided by its octet alone
    private = {0xE000 + octet: octets[octet] for octet in range(256)} if case else None
    by_digits = {triplet[1:]: replacement for triplet, replacement in table.items()}

    def rewrite_many(text: str) -> str:
        # many short runs (a path of "%2e%2e/" is a callback every 7 characters, 10x
        # a parse of it): every triplet rewritten in C passes instead; long runs stay
        # with rewrite_run, a constant number of C calls each
        if text.count("%") <= _MANY_TRIPLETS:
            return rewrite(text)
        # which way is faster, judged on a sample (either is linear): the lookups when
        # most triplets there end their run
        sample = text[:_SAMPLE].split("%")[1:]
        if list(map(len, sample)).count(2) * 2 > len(sample):
            return rewrite(text)
        if private is not None and text.isascii() and "\\" not in text:
            # each triplet read as one private-use character (its escape, \uE0XX, in
            # either case of hex digit; wire text is ASCII and has no backslash), then
            # each of those written through a table of 256: three C passes
            try:
                private_text = text.replace("%", "\\uE0").encode("ascii").decode(
                    "unicode_escape")
            except UnicodeDecodeError:  # a "%" that starts no triplet (no stored text)
                return rewrite(text)
            return private_text.translate(private)
        # the text split at "%": each piece after the first starts with the triplet's
        # two digits, looked up
        pieces = text.split("%")
        rest = pieces[1:]
        try:
            heads = list(map(by_digits.__getitem__, map(_DIGITS, rest)))
        except KeyError:  # a "%" that starts no triplet (no stored text has one)
            return rewrite(text)
        return pieces[0] + "".join(chain.from_iterable(
            zip(heads, map(_AFTER_DIGITS, rest), strict=True)))

    return rewrite_many


_MANY_TRIPLETS: Final = 64  # above this, _replacer's rewrite may look every triplet up
_SAMPLE: Final = 768  # characters read to choose
_DIGITS: Final = itemgetter(slice(None, 2))
_AFTER_DIGITS: Final = itemgetter(slice(2, None))


_Rewrite = tuple[Callable[[str], str], Callable[[str], str]]

# The triplet rewriters of the default steps (case and percent): the one for userinfo,
# path, query and fragment, and the one for a reg-name (lowercased after decoding).
_DEFAULT_REWRITE: Final[_Rewrite] = (_replacer(True, True, False), _replacer(True, True, True))
# (case, percent) -> the same for the other steps, built when first asked for: each
# compiles its patterns, which ``import urikit`` need not pay for.
_REWRITE: Final[dict[tuple[bool, bool], _Rewrite]] = {(True, True): _DEFAULT_REWRITE}


def _rewriter(case: bool, percent: bool) -> _Rewrite | None:
    """The triplet rewriters for the steps ``case`` and ``percent``; ``None`` when
    neither is taken."""
    if not (case or percent):
        return None
    rewrite = _REWRITE.get((case, percent))
    if rewrite is None:
        rewrite = _REWRITE[case, percent] = (_replacer(case, percent, False),
                                             _replacer(case, percent, case))
    return rewrite


def _ipv6_canonical(address: str) -> str:
    """The RFC 5952 text of an IPv6 address (lowercase, zeros compressed, §4), with
    an IPv4-mapped address in mixed notation (§5)."""
    import ipaddress  # the RFC 5952 step only: not imported with urikit

    ip = ipaddress.IPv6Address(address)
    mapped = ip.ipv4_mapped
    if mapped is not None:
        return f"::ffff:{mapped}"
    return ip.compressed


def _ip_literal(host: str, case: bool, canonical: bool) -> str:
    """Normalize an IP-literal host, brackets included; a zone identifier (RFC 6874)
    is kept exactly as written."""
    inner = host[1:-1]
    if inner[0] in "vV":
        # IPvFuture: the host is case-insensitive (§3.2.2) and an IPvFuture holds
        # no pct-encoding, so case normalization lowercases all of it.
        return host.lower() if case else host
    address, percent, zone = inner.partition("%")
    if canonical:
        address = _ipv6_canonical(address)
    elif case:
        address = address.lower()
    return f"[{address}{percent}{zone}]"


def _relative_dots(path: str) -> str:
    """Remove the dot segments of a relative-path reference that can go without
    changing its target against any base.

    "." segments go and ".." removes the segment before it, as in §5.2.4, with two
    exceptions that keep the target the same. A ".." with nothing before it is kept
    (``../a`` stays, where §5.2.4 gives ``a``). And a ".." never removes the first
    segment that is not "..": against a base whose path has no "/" (``foo:x``), that
    segment starts the merged path, and removing it leaves a "/" behind (§5.2.4 step
    2C turns ``a/../b`` into ``/b``, not ``b``), so ``a/../b`` stays as it is. The
    path also stays relative: ``.`` stands for an empty result, and ``./`` goes before
    a first segment that is empty.
    """
    segments = path.split("/")
    last = len(segments) - 1
    out: list[str] = []
    leading = 0  # the ".." segments at the start of ``out``
    directory = False  # the path ends at a "." or removed "..", so it ends with "/"
    for k, segment in enumerate(segments):
        if segment == ".":
            directory = k == last
        elif segment == "..":
            if len(out) > leading + 1 and out[-1] != "..":
                out.pop()
                directory = k == last
            else:
                if len(out) == leading:
                    leading += 1
                out.append("..")
                directory = False
        else:
            out.append(segment)
            directory = False
    if directory:
        out.append("")
    text = "/".join(out)
    if not text:
        return "."
    if not out[0]:
        return "./" + text
    return text


def step(default: bool) -> Any:
    """A field of an options record (here and in :mod:`urikit._web.canonical`): one
    step, on or off (a ``bool``, checked). Typed ``Any``, as ``attrs.field`` is: it
    returns the field's description, which stands in for a ``bool`` until attrs makes
    the class. attrs' stubs type the call as its default's type (a ``bool``), which
    the compiled build would check: the call goes through ``Any``."""
    field: Any = attrs.field
    return field(default=default, validator=attrs.validators.instance_of(bool))


# an ordinary class in the compiled build too: attrs makes it, and __attrs_post_init__
# sets an attribute that is no field
@mypyc_attr(native_class=False)
@attrs.frozen(kw_only=True, slots=False)  # no slots: a slot has no docstring
class NormalizeOptions:
    """Which steps of RFC 3986 §6.2.2 and §6.2.3 normalization to take: a frozen
    record with defaults, taken by :meth:`URI.normalize <urikit.URI.normalize>` and
    :meth:`FrozenURI.normalize <urikit.FrozenURI.normalize>`, and held by
    :class:`CanonicalOptions <urikit.CanonicalOptions>`. Every step is on by default
    but ``ipv6_canonical``; ``attrs.evolve`` makes a variant. Records compare,
    hash and pickle by their fields.

    Attributes:
        case: case normalization (§6.2.2.1): lowercase the scheme and the host (a
            reg-name, the hex digits of an IPv6 address, a whole IPvFuture: the host
            is case-insensitive, §3.2.2); uppercase the hex digits of every
            pct-encoding, the host's included. It also writes the port without
            leading zeros (``:08080`` is ``:8080``): the port is a decimal number
            (§3.2.3), so this is the same kind of spelling change.
        percent: percent-encoding normalization (§6.2.2.2): decode the pct-encodings
            of unreserved characters in the userinfo, host, path, query and
            fragment. A reserved character is never decoded and nothing is ever
            encoded.
        dot_segments: path segment normalization (§6.2.2.3): remove the dot segments
            from the path with :func:`~urikit.remove_dot_segments`, after decoding
            (``%2E`` is ``.``, §2.3). With a scheme or an authority the path becomes
            what resolution would give it (§5.2.2), so ``foo:a/../b`` gives
            ``foo:/b`` as the algorithm says. A relative-path reference only loses
            the dot segments whose removal cannot change its target against any
            base: a leading ``..`` stays (``../a`` is not ``a``), the path stays
            relative, and a ``..`` never removes the first segment (``a/../b``
            stays; ``a/b/../c`` gives ``a/c``).
        scheme_based: scheme-based normalization (§6.2.3): for every scheme, drop an
            empty port (``foo://h:/`` is ``foo://h/``: "URI producers and
            normalizers should omit the port component and its ':' delimiter if
            port is empty", §3.2.3); for http, https, ws, wss and ftp (the scheme
            compared case-insensitively), drop the default port too (80, 443, 80,
            443, 21, leading zeros allowed: ``:0080`` is port 80) and write an empty
            path after an authority as ``/``.
        ipv6_canonical: write an IPv6 address in the RFC 5952 form (lowercase, no
            leading zeros, the longest run of two or more zero groups as ``::``, the
            first on a tie, an IPv4-mapped address as ``::ffff:a.b.c.d``). Off by
            default.

    >>> from urikit import URI
    >>> uri = URI.parse("HTTP://h/a/./b/%7e")
    >>> str(uri.copy().normalize(NormalizeOptions(dot_segments=False)))
    'http://h/a/./b/~'
    >>> str(uri.normalize())  # the defaults: NormalizeOptions()
    'http://h/a/b/~'
    >>> NormalizeOptions(case=False)  # doctest: +NORMALIZE_WHITESPACE
    NormalizeOptions(case=False, percent=True, dot_segments=True, scheme_based=True,
                     ipv6_canonical=False)

    .. versionadded:: 0.3
    """

    case: bool = step(True)
    percent: bool = step(True)
    dot_segments: bool = step(True)
    scheme_based: bool = step(True)
    ipv6_canonical: bool = step(False)

    # set by __attrs_post_init__, not a field: attrs leaves a ClassVar alone, and the
    # quotes keep the annotation's text for attrs to read in the compiled build too
    _steps: "ClassVar[tuple[bool, bool, bool, bool, bool]]"  # noqa: UP037

    def __attrs_post_init__(self) -> None:
        # The fields as one tuple, read by normalize() with one attribute load: each
        # field read of a frozen record costs about as much as a short step.
        object.__setattr__(self, "_steps", (self.case, self.percent, self.dot_segments,
                                            self.scheme_based, self.ipv6_canonical))


#: The default steps (:class:`NormalizeOptions`' defaults).
DEFAULT_OPTIONS: Final = NormalizeOptions()


def normalize_host(host: str, options: NormalizeOptions = DEFAULT_OPTIONS) -> str:
    """Wire host text as :func:`normalize` writes it with ``options`` (its host
    step is the one host normalizer; origins use it through this function): the
    steps that touch a host are case, percent-encoding and RFC 5952 IPv6.

    A reg-name is lowercased, its pct-encodings of unreserved characters decoded
    (and lowercased) and its other pct-encodings written with uppercase hex digits.
    An IPv6 address is lowercased (or, with ``ipv6_canonical``, written in the RFC
    5952 form) and an IPvFuture lowercased whole; a zone identifier (RFC 6874) is
    kept exactly as written.

    >>> normalize_host("WWW.%45x%41mple.COM%2f"), normalize_host("[FE80::A%25Eth0]")
    ('www.example.com%2F', '[fe80::a%25Eth0]')
    """
    # normalize()'s host step, the only one: a URI of nothing but this host
    normal = normalize((None, None, host, None, "", None, None), options)[2]
    assert normal is not None
    return normal


def normalize(c: Parts, options: NormalizeOptions | Checked = DEFAULT_OPTIONS) -> Parts:
    """Normalize ``c`` (RFC 3986 §6.2.2, §6.2.3) with the steps that ``options``
    switches on (see :class:`NormalizeOptions`).

    A zone identifier (RFC 6874, ``%25eth0``) is kept exactly as written. The path is
    stored as its text is written: without an authority, a path starting with "//"
    keeps a "/." prefix, and a relative reference's first segment holding ":" a "./"
    prefix, so a normalized URI reads back equal. Normalizing twice changes nothing.

    Ports are compared as text, so a port of any length costs time linear in its
    digits.

    Args:
        c: the components to normalize.
        options: the steps to take.

    Returns:
        The normalized components.

    >>> from urikit import URI
    >>> from urikit._core.serialize import to_text
    >>> c = URI.parse("HTTP://User@www.EXAMPLE.com:0080/a/./b/../%7euser/%3a?%41#%2f")
    >>> to_text(normalize(c.components))
    'http://User@www.example.com/a/~user/%3A?A#%2F'

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       The steps are one :class:`NormalizeOptions` record, not five keywords.
    """
    # checked: callers without a type checker pass anything
    if not isinstance(cast("object", options), NormalizeOptions):
        raise TypeError(f"options must be NormalizeOptions, not {type(options).__name__}")
    # the record's cached steps, read by this module only (one attribute load)
    case, percent, dot_segments, scheme_based, ipv6_canonical = \
        options._steps  # pyright: ignore[reportPrivateUsage]
    scheme, userinfo, host, port, path, query, fragment = c
    rewrite = _DEFAULT_REWRITE if case and percent else _rewriter(case, percent)
    default_port = None  # the scheme's default port, when scheme-based normalization knows it
    if scheme is not None:
        # the usual schemes, already lowercase, are recognised without making (and
        # hashing, in the port table) a lowered copy
        lowered = scheme if scheme == "https" or scheme == "http" else scheme.lower()
        if case:
            scheme = lowered
        if scheme_based:
            default_port = DEFAULT_PORT_TEXT.get(lowered)
    if host is not None:
        if host[:1] == "[":
            host = _ip_literal(host, case, ipv6_canonical)
        else:
            if case:
                # the triplets too: the rewriter then writes each one's hex digits in
                # uppercase (or decodes it), whatever their case was
                host = host.lower()
            if rewrite is not None and "%" in host:
                host = rewrite[1](host)
        if rewrite is not None and userinfo is not None and "%" in userinfo:
            userinfo = rewrite[0](userinfo)
        if port is not None:
            digits = port.lstrip("0") or ("0" if port else "")
            if case:
                port = digits
            if scheme_based and (not port or digits == default_port):
                port = None
        if not path and default_port is not None:
            path = "/"
    if rewrite is not None:
        if "%" in path:
            path = rewrite[0](path)
        if query is not None and "%" in query:
            query = rewrite[0](query)
        if fragment is not None and "%" in fragment:
            fragment = rewrite[0](fragment)
    if path and dot_segments and (path[0] == "." or "/." in path):
        if scheme is None and host is None and path[0] != "/":
            path = _relative_dots(path)
        else:
            path = remove_dot_segments(path)
    if host is None:
        path = guard_path(scheme, None, path)
    return (scheme, userinfo, host, port, path, query, fragment)


def equivalent(a: Parts, b: Parts) -> bool:
    """Whether two references are equivalent: equal once both are normalized with
    :func:`normalize`'s defaults (RFC 3986 §6.2).

    >>> from urikit import URI
    >>> equivalent(URI.parse("example://a/b/c/%7Bfoo%7D").components,
    ...            URI.parse("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").components)
    True

    .. versionadded:: 0.2
    """
    return normalize(a) == normalize(b)
