"""URI Template objects (RFC 6570): parsed once, expanded, and read back from a URI."""

from __future__ import annotations

import operator
import re
import sys
from collections.abc import Callable, Mapping
from itertools import repeat
from typing import Final, TypeAlias, cast

from .._core import grammar as g
from .._core.build import Checked
from .._core.errors import BuildError, ParseError, Rule
from .._core.parse import require_bool, require_str
from .._core.percent import unquote_octets
from .._interop.template import (
    OPERATOR_TABLE,
    Expression,
    Template,
    check_reference,
    expand_parsed,
    parse,
)
from .._model.uri import URI, FrozenURI
from .linear import Program, ProgramBuilder

#: What :meth:`URITemplate.match` gives for one variable: ``str`` for a variable
#: without the explode modifier (``list[str]`` when its text holds a list's unencoded
#: ","), ``list[str]`` for an exploded list, ``dict[str, str]`` for an exploded
#: associative array.
TemplateValue: TypeAlias = "str | list[str] | dict[str, str]"

# The characters a value's text can hold after each kind of expansion (RFC 6570 §3.2.1):
# simple expansion writes unreserved characters and %XX ("U"); reserved expansion
# ("+", "#") keeps reserved characters too ("U+R").
_U: Final = g.UNRESERVED | {"%"}
_R: Final = g.UNRESERVED | g.RESERVED | {"%"}
_KEPT: Final = g.UNRESERVED | g.RESERVED  # what reserved expansion writes as it is
# reserved expansion before a "#" the template writes: no "#" (see _fragment_later)
_R_BEFORE_FRAGMENT: Final = _R - {"#"}
_END: Final = ""  # the end of the template, as a "character" that may follow a value
# the lone surrogates "surrogateescape" reads octets that are not UTF-8 as (chr():
# mypyc takes no surrogate in a string literal)
_ESCAPED_LOW: Final = chr(0xDC80)
_ESCAPED_HIGH: Final = chr(0xDCFF)


def _class(chars: frozenset[str] | set[str]) -> str:
    """A regex character class of ``chars`` (ASCII)."""
    return "[" + "".join(re.escape(c) for c in sorted(chars)) + "]"


# a value's run of characters, possessive where Python's re has it (3.11): the
# readability rule makes the longest run the only one a reading can take, so giving
# characters back could never succeed, only cost a step each
_ANY: Final = "*+" if sys.version_info >= (3, 11) else "*"
_SOME: Final = "++" if sys.version_info >= (3, 11) else "+"
_TRIPLETS_RE: Final = re.compile("(?:%[0-9A-Fa-f]{2})+")

# kinds of variables, as matching reads them
_SIMPLE: Final = 0  # a value of simple expansion: decode every %XX
_RESERVED: Final = 1  # a value of reserved expansion: decode what the expansion encoded
_NAMED: Final = 2  # "name=value" (or "name" for ";"): the value decoded as _SIMPLE
_EXPLODED: Final = 3  # items or name=value pairs joined by the separator
_NAMED_EXPLODED: Final = 4  # name=value pairs joined by the separator


class _Slot:
    """How one variable is read from the match: its group, kind, and what it needs."""

    def __init__(self, name: str, group: int, kind: int, sep: str, named_empty: str,
                 others: tuple[int, ...] | None, listy: bool, prefix: int = -1,
                 bare: int = 0) -> None:
        self.name = name
        self.group = group
        self.kind = kind
        self.sep = sep  # the separator of an exploded variable's items
        self.named_empty = named_empty  # what a named empty value is written with
        # the groups of the other variables of an expression that starts with no
        # character ("" and "+"), whose empty text is read as undefined; else None
        self.others = others
        # a variable without explode whose text may hold "," (then a list's)
        self.listy = listy
        # the prefix modifier's length ({a:3}), or -1
        self.prefix = prefix
        # the group of a bare "?" (the first variable of "{?...}" read as empty), or 0
        self.bare = bare
        # whether an exploded value's text may hold its separator (set by _program)
        self.merge = False
        # whether an exploded value's items are of reserved expansion ({+a*}, {#a*}),
        # decoded as :func:`_reserved` decodes (set by _program)
        self.reserved = False


def _refusal(parsed: Template, expression: Expression, at: int, reason: str) -> ParseError:
    text = parsed.text
    shown = text[expression[2]:expression[3]]
    return ParseError(text, at, "template", f"{shown} cannot be read back: {reason}")


def _own(operator: str, explode: bool, single: bool, fragment_later: bool = False
         ) -> frozenset[str]:
    """The characters the text of a variable may hold (after its name and "=", for
    the named operators), by its operator, its explode modifier, whether it is the
    only variable of its expression, and whether the template writes a "#" after it
    (:func:`_fragment_later`)."""
    _, sep, named, ifemp, reserved = OPERATOR_TABLE[operator]
    if reserved:
        return _R_BEFORE_FRAGMENT if fragment_later else _R
    if explode:  # items, or name=value pairs, joined by the separator
        return _U | {sep, "="}
    own = _U | {"="} if named and not ifemp else _U  # ";": "name" or "name=value"
    # a list joins its items with "," unless "," separates the expression's variables
    return own if sep == "," and not single else own | {","}


def _fragment_later(parsed: Template) -> list[bool]:
    """For each piece, whether the template writes a "#" after it (a literal "#" or a
    ``{#...}`` expression): that "#" starts the fragment (RFC 3986 §3.5: the first
    "#" of a URI does, and a fragment holds none), so the text of a reserved
    expansion before it holds no "#" (``{+path}{#part}`` reads ``/a#b`` as
    ``path="/a"``, ``part="b"``)."""
    later = [False] * len(parsed.pieces)
    seen = False
    for index in range(len(parsed.pieces) - 1, -1, -1):
        later[index] = seen
        piece = parsed.pieces[index]
        seen = seen or ("#" in piece if isinstance(piece, str) else piece[0] == "#")
    return later


def _starts(parsed: Template, index: int) -> list[tuple[frozenset[str], str]]:
    """The characters the expansion after piece ``index`` may start with, each set
    with the piece it comes from (``_END`` stands for the end of the template)."""
    starts: list[tuple[frozenset[str], str]] = []
    later = _fragment_later(parsed)
    for at in range(index + 1, len(parsed.pieces)):
        piece = parsed.pieces[at]
        if isinstance(piece, str):
            starts.append((frozenset(piece[0]), f"the literal {piece!r}"))
            return starts
        operator, varspecs, start, end = piece
        shown = parsed.text[start:end]
        first = OPERATOR_TABLE[operator][0]
        # "" and "+" start with the text of a value; the others with their character
        chars: frozenset[str] = frozenset(first)
        if not first:
            for _, _, explode, _ in varspecs:
                chars |= _own(operator, explode, len(varspecs) == 1, later[at])
        starts.append((chars, f"the expression {shown}"))
    starts.append((frozenset(_END), "the end"))
    return starts


def _shown(chars: set[str] | frozenset[str]) -> str:
    """One of ``chars`` to show in a message: a digit when there is one."""
    return min(chars, key=lambda c: (not c.isdigit(), not c.isalnum(), c))


def _check(parsed: Template) -> None:
    """Refuse a template whose expansions cannot be read back (see
    :class:`URITemplate`): a variable's text must end where the next character cannot
    be one of its own."""
    seen: set[str] = set()
    later = _fragment_later(parsed)
    for index, piece in enumerate(parsed.pieces):
        if isinstance(piece, str):
            continue
        operator, varspecs, _, _ = piece
        sep, reserved = OPERATOR_TABLE[operator][1], OPERATOR_TABLE[operator][4]
        after = _starts(parsed, index)
        last = len(varspecs) - 1
        for i, (name, prefix, explode, at) in enumerate(varspecs):
            if name in seen:
                raise _refusal(parsed, piece, at, f"{name!r} appears twice in the template, "
                               "and its two texts could disagree")
            seen.add(name)
            if prefix is not None:
                raise _refusal(parsed, piece, at, f"the prefix modifier of {name!r} keeps "
                               "only the start of its value (RFC 6570 §2.4.1)")
            if explode and (reserved or sep in _U):
                raise _refusal(parsed, piece, at, f"the items of {name!r} may hold "
                               f"{sep!r}, which also joins them")
            own = _own(operator, explode, last == 0, later[index])
            follows = list(after)
            if i < last:
                follows.insert(0, (frozenset(sep), "the separator of its next variable"))
            for chars, source in follows:
                common = own & chars
                if common:
                    ends = "its text or an item ends" if explode else "its text ends"
                    raise _refusal(
                        parsed, piece, at, f"{name!r} may hold {_shown(common)!r}, which "
                        f"may also come next, from {source}, so nothing marks where {ends}")


def _compile(parsed: Template, bare: bool = False, dropped: frozenset[int] = frozenset()
             ) -> tuple[re.Pattern[str], tuple[_Slot, ...], bool]:
    """The regex that reads ``parsed`` back, each variable's slot, and whether every
    group is a variable's text as it is (one group a variable, in order) when the
    text holds no "%" and no ","; ``bare``: with a "?" alone for each "{?...}" (a
    group each, after its variables'), or ``None`` for the regex when there is none;
    ``dropped``: the groups of the variables read as undefined (their group kept,
    never taken: the next reading, once their text was no value)."""
    out: list[str] = []
    slots: list[_Slot] = []
    group = 0
    plain = True
    later = _fragment_later(parsed)
    for index, piece in enumerate(parsed.pieces):
        if isinstance(piece, str):
            out.append(re.escape(piece))
            continue
        operator, varspecs, _, _ = piece
        first, sep, named, ifemp, reserved = OPERATOR_TABLE[operator]
        single = len(varspecs) == 1
        earlier: list[int] = []
        groups = group + 1  # the group of the expression's first variable
        for name, _, explode, _ in varspecs:
            group += 1
            # the operator's first character before the first defined variable, the
            # separator before the others
            lead = re.escape(first)
            for before in earlier:
                lead = f"(?({before}){re.escape(sep)}|{lead})"
            earlier.append(group)
            own = _own(operator, explode, single, later[index])
            run = _class(own)
            plain = plain and not reserved
            kind = _RESERVED if reserved else _SIMPLE
            if explode:
                kind = _NAMED_EXPLODED if named else _EXPLODED
                body = f"({run}{_SOME if not first and single else _ANY})"
                plain = False
            elif named and ifemp:  # "?" and "&": name=value, the group is the value
                body = f"{re.escape(name)}=({run}{_ANY})"
            elif named:  # ";": name, or name=value for a value not empty
                kind = _NAMED
                body = f"({re.escape(name)}(?:={_class(own - {'='})}{_SOME})?)"
                plain = False
            elif not first and single:  # {a}, {+a}: empty text is undefined
                body = f"({run}{_SOME})"
            else:
                body = f"({run}{_ANY})"
            others = None
            if not first and not single:
                # "" and "+": an empty text with no other text of the expression is
                # the expression expanding to nothing, all its variables undefined
                others = tuple(g for g in range(groups, groups + len(varspecs))
                               if g != group)
                plain = False
            listy = "," in own and not reserved and not explode
            slots.append(_Slot(name, group, kind, sep, ifemp, others, listy))
            never = "(?!)" if group in dropped else ""
            out.append(f"(?:{never}{lead}{body})?")
        if bare and first == "?" and not varspecs[0][2]:
            # "?" alone: the first variable read as empty, when no variable was read
            group += 1
            slots[-len(varspecs)].bare = group
            # followed by the end or the fragment: a "?" before other text is no
            # expansion of the expression ("?v2=" is not "{?v1}" then "v2=")
            alone = "\\?()(?=#|$)"
            for taken in reversed(earlier):
                alone = f"(?({taken})|{alone})"
            out.append(f"(?:{alone})?")
    return re.compile("".join(out)), tuple(slots), plain


#: The longest prefix modifier whose characters the program counts (``{a:16}``); a
#: longer one takes a run of any length, its value's length checked after the match.
_COUNTED_PREFIX: Final = 16
_HEX: Final = frozenset("0123456789ABCDEFabcdef")
_PERCENT: Final = frozenset("%")
_QUESTION: Final = frozenset("?")


def _run(b: ProgramBuilder, chars: frozenset[str], least: int, lazy: bool) -> None:
    """A run of ``chars``: at least ``least`` (0 or 1) of them, as many as can be (as
    few, ``lazy``)."""
    if least:
        b.char(chars, False)
    loop = b.split()
    b.char(chars, False)
    b.jump(loop)
    if lazy:
        b.patch(loop, b.here(), loop + 1)
    else:
        b.patch(loop, loop + 1, b.here())


def _counted(b: ProgramBuilder, chars: frozenset[str], most: int, least: int) -> None:
    """At most ``most`` characters of a value (each one of ``chars`` but "%", or the
    one to four %XX of its UTF-8), at least ``least``, greedy: the text of a prefix
    modifier ``{a:most}`` (its value's length is checked again once read)."""
    plain = chars - {"%"}
    for i in range(most):
        skip = -1 if i < least else b.split()
        choice = b.split()
        b.char(plain, False)
        ends = [_jump(b)]
        b.patch(choice, choice + 1, b.here())
        for k in range(4):
            if k:
                ends.append(b.split())
            b.char(_PERCENT, False)
            b.char(_HEX, False)
            b.char(_HEX, False)
        for end in ends[1:]:
            b.patch(end, end + 1, b.here())
        b.first[ends[0]] = b.here()
        if skip >= 0:
            b.patch(skip, skip + 1, b.here())


def _jump(b: ProgramBuilder) -> int:
    """A jump whose target is set later (``b.first[at] = target``); its index."""
    at = b.here()
    b.jump(0)
    return at


def _program(parsed: Template, lazy: bool = False, alone: bool = False
             ) -> tuple[Program, tuple[_Slot, ...]]:
    """The linear matcher's program that reads ``parsed`` as a backtracking regular
    expression reads it (see :class:`URITemplate`, "Reading back"), and each
    variable occurrence's slot: group ``i`` of the program is slot ``i``'s text;
    ``alone``: with a "?" alone for each "{?...}", its first variable read as empty
    (tried only on a text where a "?" ends it or comes before the fragment)."""
    b = ProgramBuilder()
    slots: list[_Slot] = []
    later = _fragment_later(parsed)
    for at, piece in enumerate(parsed.pieces):
        if isinstance(piece, str):
            for char in piece:
                b.char(frozenset(char), False)
            continue
        operator, varspecs, _, _ = piece
        first, sep, named, ifemp, reserved = OPERATOR_TABLE[operator]
        single = len(varspecs) == 1
        base = len(slots)
        for i, (name, prefix, explode, _) in enumerate(varspecs):
            kind = _RESERVED if reserved else _SIMPLE
            if explode:
                kind = _NAMED_EXPLODED if named else _EXPLODED
            elif named and not ifemp:
                kind = _NAMED
            others = None
            if not first and not single:
                others = tuple(base + 1 + j for j in range(len(varspecs)) if j != i)
            own = _own(operator, explode, single, later[at])
            listy = "," in own and not reserved and not explode and prefix is None
            slots.append(_Slot(name, base + 1 + i, kind, sep, ifemp, others, listy,
                               -1 if prefix is None else prefix))
            slots[-1].merge = explode and (reserved or sep in _U)
            slots[-1].reserved = explode and reserved
        bare = alone and first == "?" and not varspecs[0][2]
        if bare:
            slots[base].bare = -1  # the program saves the empty text in the group
        # (?: first V1 (?:sep V2)? ... | first V2 (?:sep V3)? ... | ... | "?" )?
        skip = b.split()
        ends: list[int] = []
        count = len(varspecs)
        for start in range(count):
            choice = b.split() if start < count - 1 or bare else -1
            for i in range(start, count):
                optional = b.split() if i > start else -1
                for char in first if i == start else sep:
                    b.char(frozenset(char), False)
                _variable(b, varspecs[i], operator, single, base + i, lazy, later[at])
                if optional >= 0:
                    b.patch(optional, optional + 1, b.here())
            ends.append(_jump(b))
            if choice >= 0:
                b.patch(choice, choice + 1, b.here())
        if bare:
            b.char(_QUESTION, False)
            b.save(2 * base)
            b.save(2 * base + 1)
        for end in ends:
            b.first[end] = b.here()
        b.patch(skip, skip + 1, b.here())
    b.match()
    return b.build(len(slots)), tuple(slots)


def _variable(b: ProgramBuilder, varspec: tuple[str, int | None, bool, int],
              operator: str, single: bool, index: int, lazy: bool,
              fragment_later: bool) -> None:
    """One variable's text, saved in group ``index``, as :func:`_compile` writes it."""
    name, prefix, explode, _ = varspec
    first, _, named, ifemp, _ = OPERATOR_TABLE[operator]
    own = _own(operator, explode, single, fragment_later)
    least = 1 if (not first and single) else 0
    if named and ifemp and not explode:
        for char in name + "=":
            b.char(frozenset(char), False)
        least = 0
    b.save(2 * index)
    if named and not ifemp and not explode:  # ";": name, or name=value
        for char in name:
            b.char(frozenset(char), False)
        skip = b.split()
        b.char(frozenset("="), False)
        value = frozenset(own - {"="})
        if prefix is not None and prefix <= _COUNTED_PREFIX:
            _counted(b, value, prefix, 1)
        else:
            _run(b, value, 1, lazy)
        b.patch(skip, skip + 1, b.here())
    elif prefix is not None and prefix <= _COUNTED_PREFIX:
        _counted(b, own, prefix, least)
    else:
        _run(b, own, least, lazy)
    b.save(2 * index + 1)


def _simple(text: str) -> str | None:
    """A value of simple expansion: every %XX decoded, or ``None`` when the text is no
    expansion's (a lone "%", or octets that are not UTF-8)."""
    if "%" not in text:
        return text
    if g.BAD_PERCENT_RE.search(text) is not None:
        return None
    try:  # the text is ASCII (the regex's classes are): C passes
        return unquote_octets(text).decode("utf-8")
    except UnicodeDecodeError:
        return None


def _reserved(text: str) -> str | None:
    """A value of reserved expansion: the %XX of characters the expansion encodes
    (neither unreserved nor reserved, UTF-8 sequences included) decoded, every other
    triplet kept as it is (it was in the value: the expansion keeps triplets)."""
    if "%" not in text:
        return text
    if g.BAD_PERCENT_RE.search(text) is not None:
        return None
    return _TRIPLETS_RE.sub(_reserved_run, text)


def _reserved_run(match: re.Match[str]) -> str:
    run = match.group()
    octets = bytes.fromhex(run.replace("%", ""))
    decoded = octets.decode("utf-8", "surrogateescape")
    out: list[str] = []
    at = 0
    for char in decoded:
        escaped = _ESCAPED_LOW <= char <= _ESCAPED_HIGH  # an octet that is not UTF-8
        size = 1 if escaped else len(char.encode("utf-8"))
        triplets = run[3 * at:3 * (at + size)]
        at += size
        out.append(triplets if escaped or char in _KEPT else char)
    # a "%" before two hex digits would be a triplet, which reserved expansion keeps
    # as it is: the value holds "%25" there ({+a} reads "%2541" as "%2541", not "%41")
    after = match.string[match.end():match.end() + 2]
    if out[-1] == "%" and len(after) == 2 and after[0] in _HEX and after[1] in _HEX:
        out[-1] = "%25"
    return "".join(out)


def _list(items: list[str], reserved: bool = False) -> list[str] | None:
    """Items of simple expansion (of reserved expansion, with ``reserved``), each
    decoded (:func:`_simple`, :func:`_reserved`), or ``None`` if one is no expansion's.
    Simple expansion's are decoded all at once, in C passes, joined by NUL where no item
    holds ``%00`` (the text holds no NUL, so an item ends where a NUL is decoded, and a
    NUL ends any UTF-8 sequence: the whole is UTF-8 only where each item is). A Python
    step per item made 1 MB of ``/%41`` items 30x a parse."""
    joined = "\x00".join(items)
    if "%" not in joined:
        return items
    if reserved or "%00" in joined:
        decode = _reserved if reserved else _simple
        values = [decode(item) for item in items]
        return None if None in values else [v for v in values if v is not None]
    decoded = _simple(joined)
    return None if decoded is None else decoded.split("\x00")


def _read(slot: _Slot, text: str) -> TemplateValue | None:
    """The value of one defined variable from its text, or ``None`` for no value that
    expands to it."""
    kind = slot.kind
    if kind == _RESERVED:
        return _reserved(text)
    if kind in (_SIMPLE, _NAMED):
        if kind == _NAMED:
            text = text[len(slot.name) + 1:]
        if slot.listy and "," in text:
            return _list(text.split(","))
        return _simple(text)
    items = text.split(slot.sep)
    # the items of {+a*} and {#a*} keep what reserved expansion keeps
    if kind == _EXPLODED and "=" not in text:  # no item holds one (the separator is none)
        return _list(items, slot.reserved)
    if slot.merge and "=" in items[0] and not all("=" in item for item in items):
        # pairs whose values may hold the separator ({+keys*}): an item without "="
        # is the end of the value before it
        merged: list[str] = []
        for item in items:
            if "=" in item or not merged:
                merged.append(item)
            else:
                merged[-1] += slot.sep + item
        items = merged
    # each item cut at its first "=" and every name and value decoded, in C passes (a
    # Python step per item made 1 MB of "k%41=v%41" pairs 25x a parse)
    parts = list(map(str.partition, items, repeat("=")))
    if (kind == _EXPLODED or slot.named_empty) and not all(map(_EQUALS, parts)):
        return None  # a list item among pairs, or "name" where "name=" is written
    raw = list(map(_NAME, parts))  # the names as written: a list's are the variable's own
    values = list(map(_VALUE, parts))
    if not slot.reserved and "=" in "".join(values):
        return None  # simple expansion writes a value's "=" as %3D
    if kind == _NAMED_EXPLODED and not slot.named_empty and any(
            part[1] and not part[2] for part in parts):
        return None  # ";" writes an empty value as "name", never "name="
    names = raw
    if "%" in text:
        read = _list(raw + values, slot.reserved)
        if read is None:
            return None
        names, values = read[:len(raw)], read[len(raw):]
    if kind == _NAMED_EXPLODED and raw[0] == slot.name and raw.count(slot.name) == len(raw):
        return values
    decoded = dict(zip(names, values, strict=True))
    return decoded if len(decoded) == len(raw) else None


_NAME: Final = operator.itemgetter(0)
_EQUALS: Final = operator.itemgetter(1)
_VALUE: Final = operator.itemgetter(2)


class URITemplate:
    """A URI Template (RFC 6570), read once: it expands into URIs, and reads a URI
    back into its variables.

    Every RFC 6570 template matches. Reading back (:meth:`match`): a text is read as
    a backtracking regular expression reads it, left to right, each variable taking
    the longest text that lets the rest of the template match, an optional
    expression taken when it can be. A variable that appears twice reads as two whose
    values must agree (when they do not, or a text is no value, the shortest reading
    is tried once more); a
    prefix ``{a:n}`` takes at most ``n`` characters; ``{?q}`` against a lone ``?``
    (one that ends the text or comes before the fragment) reads ``q`` as empty; a
    "#" the template writes after a reserved expansion starts the fragment (RFC 3986
    §3.5), so the value before it holds no "#". A
    template is :attr:`ambiguous` when one of its texts could
    be read two ways: a variable's text may end where the next character could be
    one of its own (``{a}{b}``, ``/files/{name}.{ext}``, ``{+path}/here``, a
    prefix, a variable used twice); then some values do not read back
    (:meth:`reads_back`), and ``URITemplate(text, strict=True)`` refuses it with a
    :class:`~urikit.ParseError` naming the expression, the variable and the
    character (``match=False`` too: for expansion only, its :meth:`match` raises).

    Where variables may be undefined, a text can still come from several sets of
    defined variables (``/x`` from ``{/a}{/b}`` is ``a`` or ``b``): the match reads
    the earliest variables as defined (``{"a": "x"}``), but one that cannot hold its
    text as undefined (``{?a*}{?b*}`` reads ``?b=1&b=2`` as ``b``: a mapping's names
    do not repeat). An expression that expands to
    nothing reads as all its variables undefined (``{a}`` matching ``""`` gives
    ``{}``, though ``a=""`` expands to the same). What a match reads expands to the
    text it read, up to equivalent percent-encoding.

    Matching a template that is not ambiguous is one ``fullmatch`` of a regular
    expression compiled here, whose runs of a variable's characters never need to
    give one back, then a pass over the variables; an ambiguous one is read by a
    linear matcher (``docs/templates.md`` describes it): linear in the URI either way.

    >>> from urikit import URITemplate
    >>> t = URITemplate("https://api.example/users/{id}/posts{?page,per_page}")
    >>> str(t.expand(id="José", page=2))
    'https://api.example/users/Jos%C3%A9/posts?page=2'
    >>> t.match("https://api.example/users/Jos%C3%A9/posts?page=2")
    {'id': 'José', 'page': '2'}
    >>> t.match("https://api.example/users/42/comments") is None
    True

    .. versionadded:: 0.5
    .. versionchanged:: 0.6
       Every template matches (0.5 refused the ambiguous ones, as ``strict=True``
       does).
    .. versionchanged:: 0.7
       A reserved expansion before a "#" of the template takes no "#".
    """

    __slots__ = ("_alone", "_bare", "_fullmatch", "_lazy", "_lone", "_names", "_parsed",
                 "_plain", "_program", "_slots")

    def __init__(self, template: str | Checked, /, *, match: bool | Checked = True,
                 strict: bool | Checked = False) -> None:
        """Read ``template`` once.

        Args:
            template: the URI Template (RFC 6570).
            match: with ``strict``, ``False`` accepts a template whose texts could be
                read more than one way, for expansion only (its :meth:`match` raises
                the refusal); without ``strict`` every template matches.
            strict: refuse a template whose texts could be read more than one way
                (see "Reading back"), with a :class:`~urikit.ParseError` naming the
                variable and the character that makes the reading ambiguous.

        Raises:
            ParseError: ``template`` is not an RFC 6570 URI Template, or (with
                ``strict`` and ``match``) its texts could be read more than one way.
            TypeError: ``template`` is not a ``str``, or ``match`` or ``strict`` is
                not a ``bool``.

        .. versionchanged:: 0.6
           Every template matches; ``strict`` refuses the ambiguous ones, as 0.5 did.
        """
        for label, given in (("match", cast("object", match)),
                             ("strict", cast("object", strict))):
            if type(given) is not bool:  # checked here: mypyc's check has other words
                require_bool(given, label)
        self._parsed = parse(require_str(template, "template"))
        self._names = tuple(dict.fromkeys(
            v[0] for piece in self._parsed.pieces if not isinstance(piece, str)
            for v in piece[1]))
        self._slots: tuple[_Slot, ...] = ()
        self._bare: tuple[re.Pattern[str], tuple[_Slot, ...]] | None = None
        self._plain = False
        self._program: Program | None = None
        self._lazy: Program | None = None
        self._lone: Program | None = None
        self._alone: tuple[tuple[str, Template], ...] | None = None
        try:
            _check(self._parsed)
        except ParseError as exc:
            if strict:
                if match:
                    raise
                self._fullmatch: Callable[[str], re.Match[str] | None] = _Refused(exc)
                return
            self._program, self._slots = _program(self._parsed)
            if len(self._slots) > len(self._names):  # a variable appears twice
                self._lazy = _program(self._parsed, lazy=True)[0]
            self._fullmatch = _NEVER.fullmatch
            return
        regex, self._slots, self._plain = _compile(self._parsed)
        self._fullmatch = regex.fullmatch
        if any(not isinstance(piece, str) and piece[0] == "?"
               for piece in self._parsed.pieces):
            bare, slots, _ = _compile(self._parsed, bare=True)
            self._bare = (bare, slots)

    @property
    def ambiguous(self) -> bool:
        """Whether a text of the template could be read more than one way, so that
        some values do not read back (``/files/{name}.{ext}``: ``name="a",
        ext="tar.gz"`` reads back as ``name="a.tar"``); :meth:`reads_back` says which.

        >>> URITemplate("/files/{name}.{ext}").ambiguous
        True
        >>> URITemplate("/files/{name}").ambiguous
        False

        .. versionadded:: 0.6
        """
        return self._program is not None or isinstance(self._fullmatch, _Refused)

    @property
    def variable_names(self) -> tuple[str, ...]:
        """The names of the template's variables, in the order they first appear.

        >>> URITemplate("{/path*}{?q,lang}").variable_names
        ('path', 'q', 'lang')
        """
        return self._names

    def expand_text(self, variables: Mapping[str, object] | None = None, /,
                    **values: object) -> str:
        """The expansion's text (RFC 6570): :meth:`expand` without the URI parse.

        >>> URITemplate("/search{?q}").expand_text(q="a b")
        '/search?q=a%20b'

        Raises:
            ParseError: a prefix modifier is given a list or mapping.
            EncodingError: a value holds a lone surrogate.
            TypeError: ``variables`` is not a mapping, or a value is bytes or nested.
        """
        if variables is None:
            return expand_parsed(self._parsed, values)
        given = cast("object", variables)  # checked: callers without a type checker
        if not isinstance(given, Mapping):
            raise TypeError(f"variables must be a mapping, not {type(given).__name__}")
        return expand_parsed(self._parsed, {**variables, **values} if values else variables)

    def expand(self, variables: Mapping[str, object] | None = None, /,
               **values: object) -> URI:
        """Expand the template into a URI: the same URI and errors as
        :meth:`URI.from_template <urikit.URI.from_template>`.

        Values come from ``variables`` and keyword arguments; a value may be text, an
        int, a list, a mapping, or a URI (written as its text); ``None`` is undefined.

        >>> str(URITemplate("https://h/{+base}{/path*}", match=False)
        ...     .expand(base="a/b", path=["c d"]))
        'https://h/a/b/c%20d'

        Raises:
            ParseError: a prefix modifier is given a list or mapping, or the
                expansion is not a URI reference.
            BuildError: the values would start the path with "//", which would read
                as an authority (``Rule.AUTHORITY_FROM_VALUE``).
            EncodingError: a value holds a lone surrogate.
            TypeError: ``variables`` is not a mapping, or a value is bytes or nested.

        .. versionchanged:: 0.6
           An expansion whose values would start the path with "//" is refused.
        """
        return URI.parse(reference_text(self, variables, **values))

    def match(self, uri: str | URI | FrozenURI | Checked, /
              ) -> dict[str, TemplateValue] | None:
        """The variables ``uri`` was expanded with, or ``None`` when it is no
        expansion of the template that this reading gives back.

        A defined variable is in the result, an undefined one is not. A variable
        without the explode modifier reads as ``str``, its %XX decoded as its
        expansion encoded them (all of them for simple expansion, as UTF-8, with
        ``%7e`` read as ``~`` too; for ``{+a}`` and ``{#a}``, those of characters that
        are neither unreserved nor reserved, the others kept as they are), or as
        ``list[str]`` when its text holds a "," the expansion did not encode (a list's
        items; a mapping without explode reads as its names and values in a list;
        not in ``{a,b}``, where "," separates the variables, nor under ``+`` and
        ``#``, which keep ","). An exploded variable reads as ``list[str]``, or as
        ``dict[str, str]`` when its items are ``name=value`` pairs (for ``{?a*}``,
        ``{;a*}`` and ``{&a*}``: when a pair is named other than ``a``, so the
        mapping ``{"a": "x"}`` reads back as the list ``["x"]``).

        >>> URITemplate("/files{/path*}{?q}").match("/files/a%20b/c?q=x")
        {'path': ['a b', 'c'], 'q': 'x'}
        >>> URITemplate("{/a}{/b}").match("/x")
        {'a': 'x'}

        Raises:
            ParseError: the template cannot be read back (``match=False``).
            TypeError: ``uri`` is not a ``str``, ``URI`` or ``FrozenURI``.
        """
        text = uri if type(uri) is str else _text(uri)
        found = self._fullmatch(text)
        if found is None:
            return self._other(text)
        if self._plain and "%" not in text and "," not in text:
            # each group is a variable's value as it is, or None: undefined
            groups = found.groups()
            names = self._names
            result: dict[str, TemplateValue] = {}
            for i in range(len(names)):
                got: str | None = groups[i]
                if got is not None:
                    result[names[i]] = got
            return result
        return self._next(text, found.groups(), self._slots, False)

    def _taken(self, text: str) -> tuple[str | None, ...] | None:
        """The texts the program of an ambiguous template reads, or ``None``; a "?"
        alone for a ``{?...}`` only where a "?" ends the text or comes before its
        fragment (a "?" before other text is never an expression expanding to it)."""
        assert self._program is not None
        taken = self._program.match(text)
        if taken is None and (text.endswith("?") or "?#" in text):
            if self._lone is None:
                self._lone = _program(self._parsed, alone=True)[0]
            taken = self._lone.match(text)
        return taken

    def _other(self, text: str) -> dict[str, TemplateValue] | None:
        """:meth:`match` where the regex does not match: the program of an ambiguous
        template, or the regex with a lone "?" for each ``{?...}``."""
        if self._program is not None:
            taken = self._taken(text)
            read = None if taken is None else self._read(taken, self._slots)
            if read is None and taken is not None:
                # the values disagree, or a text is no value ({;a*}{;b*} reading
                # ";b=1;b=2": a mapping's names repeat): the shortest reading
                if self._lazy is None:
                    self._lazy = _program(self._parsed, lazy=True)[0]
                taken = self._lazy.match(text)
                read = None if taken is None else self._read(taken, self._slots)
            return read
        if self._bare is None:
            return None
        regex, slots = self._bare
        found = regex.fullmatch(text)
        return None if found is None else self._next(text, found.groups(), slots, True)

    def _next(self, text: str, groups: tuple[str | None, ...], slots: tuple[_Slot, ...],
              bare: bool) -> dict[str, TemplateValue] | None:
        """:meth:`_read` of the regex's reading, or, when a variable's text is no
        value (``{?a*}`` reading ``?b=1&b=2``: a mapping's names repeat), the next
        reading, as a backtracking reader would give it: that variable undefined.
        The template is not ambiguous, so each variable's text is the one its start
        allows and only whether it is taken can change: at most one more regex match
        for each variable, each linear in the text."""
        dropped: set[int] = set()
        failed: set[tuple[str, int, str, str, bool, bool]] = set()
        while True:
            read, failing = self._reading(groups, slots, failed)
            if read is not None or failing < 0 or failing in dropped:
                return read
            dropped.add(failing)
            regex = _compile(self._parsed, bare, frozenset(dropped))[0]
            found = regex.fullmatch(text)
            if found is None:
                return None
            groups = found.groups()

    def _read(self, groups: tuple[str | None, ...], slots: tuple[_Slot, ...]
              ) -> dict[str, TemplateValue] | None:
        """The variables of a match's groups (see :meth:`match`), or ``None``."""
        return self._reading(groups, slots)[0]

    def _reading(self, groups: tuple[str | None, ...], slots: tuple[_Slot, ...],
                 failed: set[tuple[str, int, str, str, bool, bool]] | None = None
                 ) -> tuple[dict[str, TemplateValue] | None, int]:
        """:meth:`_read`, and when it is ``None``, the group of the variable whose
        text is no value's (-1 when the values disagree); ``failed``: the texts
        already found to be no value's, by how they are read, so that the next
        reading does not read a long text again (and where one is found)."""
        read: dict[str, TemplateValue] = {}
        seen: dict[str, tuple[TemplateValue | None, int]] = {}
        for slot in slots:
            piece: str | None = groups[slot.group - 1]
            value: TemplateValue | None = None
            if piece is None:
                if slot.bare > 0 and groups[slot.bare - 1] is not None:
                    value = ""
            elif not piece and slot.others is not None \
                    and all(groups[o - 1] is None for o in slot.others):
                pass  # an expression that expands to nothing: undefined
            else:
                known = (piece, slot.kind, slot.sep, slot.named_empty, slot.merge,
                         slot.listy)
                if failed is not None and known in failed and not (
                        slot.kind == _NAMED_EXPLODED
                        and piece.split(slot.sep, 1)[0].partition("=")[0] == slot.name):
                    # the same text read the same way fails again: only the variable's
                    # name can change the reading, of a list named as it is
                    return None, slot.group
                value = _read(slot, piece)
                if value is None:
                    if failed is not None:
                        failed.add(known)
                    return None, slot.group
                if slot.prefix >= 0 and not (isinstance(value, str)
                                             and len(value) <= slot.prefix):
                    return None, slot.group  # more than the prefix keeps
            name = slot.name
            if name in seen:
                earlier, cut = seen[name]
                if not _agree(earlier, cut, value, slot.prefix):
                    return None, -1
                if cut < 0 or slot.prefix >= 0:
                    continue  # the earlier value is the whole one, or as long
            seen[name] = (value, slot.prefix)
            if value is not None:
                read[name] = value
        return read, -1

    def _unread(self, text: str) -> tuple[str, str]:
        """Why :meth:`match` of ``text`` is ``None``: the variable whose text, in the
        reading the rule gives, is no value of it or disagrees with its other
        occurrence, and the reason, a phrase after the template's text; ``""`` for
        the name where the text does not match the template at all.

        Raises:
            ParseError: the template cannot be read back (``match=False``).
        """
        if self._program is not None:
            slots = self._slots
            taken = self._taken(text)
        else:
            found = self._fullmatch(text)
            slots = self._slots
            if found is None and self._bare is not None:
                found = self._bare[0].fullmatch(text)
                slots = self._bare[1]
            taken = None if found is None else found.groups()
        if taken is None:
            return "", "would not match the expansion of these values"
        read, failing = self._reading(taken, slots)
        for slot in slots:
            if slot.group == failing:
                return slot.name, "reads a text for it that " + _no_value(
                    slot, cast("str", taken[failing - 1]))
        if read is None:  # two occurrences of a variable disagree
            seen: dict[str, tuple[TemplateValue | None, int]] = {}
            for slot in slots:
                piece = taken[slot.group - 1]
                value = None if piece is None else _read(slot, piece)
                if slot.name in seen and not _agree(*seen[slot.name], value, slot.prefix):
                    return slot.name, ("reads two texts for it, one for each place it "
                                       "appears, that disagree")
                seen.setdefault(slot.name, (value, slot.prefix))
        return "", "would not match the expansion of these values"

    def reads_back(self, variables: Mapping[str, object] | None = None, /,
                   **values: object) -> bool:
        """Whether the expansion of these values matches back to the same values.

        Each variable is compared as its expression writes it (``a=""`` and an
        undefined ``a`` both write nothing in ``{a}``; the list ``["x"]`` and the text
        ``"x"`` write the same ``x``). Every value reads back from a template that
        is not :attr:`ambiguous` with every variable defined, with one exception: a
        ``#`` in the value of a reserved expansion (``{+a}``, ``{#a}``) that the
        template writes a ``#`` after (``{+a}{#b}`` with ``a="x#y"``) makes text that
        is no URI (a fragment holds no ``#``), which reads its first ``#`` as the
        fragment's start; others may not read back.

        >>> t = URITemplate("/files/{name}.{ext}")
        >>> t.reads_back(name="report", ext="pdf")
        True
        >>> t.reads_back(name="a", ext="tar.gz")  # reads as name="a.tar", ext="gz"
        False

        Raises:
            as :meth:`expand_text`.

        .. versionadded:: 0.6
        """
        given = _given(variables, values)
        return self.misread(given, self.match(self.expand_text(given))) is None

    def expand_exact(self, variables: Mapping[str, object] | None = None, /,
                     **values: object) -> URI:
        """:meth:`expand`, refused where the URI would not match back to the same
        values (:meth:`reads_back`).

        >>> str(URITemplate("/files/{name}.{ext}").expand_exact(name="a", ext="pdf"))
        '/files/a.pdf'
        >>> URITemplate("/files/{name}.{ext}").expand_exact(name="a", ext="tar.gz")
        Traceback (most recent call last):
        ...
        urikit.BuildError: a value is data: ... the value of 'name' would not read back: ...

        Raises:
            BuildError: ``Rule.VALUE_IS_DATA`` naming the first variable that would
                not read back and why; the errors of :meth:`expand`.

        .. versionadded:: 0.6
        .. versionchanged:: 0.7
           The refusal says why the variable would not read back.
        """
        given = _given(variables, values)
        uri = self.expand(given)
        text = str(uri)
        read = self.match(text)
        if self.misread(given, read) is not None:
            raise _misread_error(self, *misread_reason(self, given, read, text))
        return uri

    def misread(self, given: Mapping[str, object],
                read: Mapping[str, object] | None) -> str | None:
        """The first variable whose value in ``read`` differs from its value in
        ``given``, each compared as its expressions write it (see :meth:`reads_back`).

        Args:
            given: the values a text was expanded from.
            read: what :meth:`match` (or a route) read from that text, or ``None``.

        Returns:
            The variable's name; ``""`` when ``read`` is ``None``; ``None`` when
            every variable agrees.

        Raises:
            as :meth:`expand_text`.

        >>> t = URITemplate("/files/{name}.{ext}")
        >>> t.misread({"name": "a", "ext": "tar.gz"}, t.match("/files/a.tar.gz"))
        'name'
        >>> t.misread({"name": "a", "ext": "gz"}, t.match("/files/a.gz")) is None
        True

        .. versionadded:: 0.6
        """
        if read is None:
            return ""
        alone = self._alone
        if alone is None:
            alone = self._alone = tuple(
                (name, parse("{" + piece[0] + name + ("" if prefix is None else f":{prefix}")
                             + ("*" if explode else "") + "}"))
                for piece in self._parsed.pieces if not isinstance(piece, str)
                for name, prefix, explode, _ in piece[1])
        for name, single in alone:
            if _TRIPLET_CASE_RE.sub(_upper, expand_parsed(single, given)) != \
                    _TRIPLET_CASE_RE.sub(_upper, expand_parsed(single, read)):
                return name
        return None

    def __str__(self) -> str:
        return self._parsed.text

    def __repr__(self) -> str:
        return f"URITemplate({self._parsed.text!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, URITemplate):
            return NotImplemented
        return self._parsed.text == other._parsed.text

    def __hash__(self) -> int:
        return hash(self._parsed.text)

    def __reduce__(self) -> tuple[Callable[[str, bool], URITemplate], tuple[str, bool]]:
        # rebuilt from its text (a compiled class is rebuilt through its constructor);
        # a template accepted for expansion only stays so
        return (_rebuilt, (self._parsed.text, not isinstance(self._fullmatch, _Refused)))


def _rebuilt(text: str, match: bool) -> URITemplate:
    """The template that pickle and copy rebuild (:meth:`URITemplate.__reduce__`): one
    accepted for expansion only was made ``strict`` with ``match=False``, the only way
    to make one now."""
    return URITemplate(text, match=match, strict=not match)


def _given(variables: Mapping[str, object] | None, values: Mapping[str, object]
           ) -> Mapping[str, object]:
    if variables is None:
        return values
    given = cast("object", variables)  # checked: callers without a type checker
    if not isinstance(given, Mapping):
        raise TypeError(f"variables must be a mapping, not {type(given).__name__}")
    return {**variables, **values} if values else variables


_TRIPLET_CASE_RE: Final = re.compile("%[0-9a-f]{2}|%[0-9A-F][a-f]|%[a-f][0-9A-F]")


def _upper(match: re.Match[str]) -> str:
    return match.group().upper()


def _misread_error(template: URITemplate, name: str, reason: str) -> BuildError:
    """The refusal of values whose expansion would not read back (``name``: the first
    variable that would not, ``reason``: why; ``""``: the expansion would not match
    at all)."""
    if not name:
        return BuildError(Rule.VALUE_IS_DATA, f"{template} would not match the "
                          "expansion of these values")
    return BuildError(Rule.VALUE_IS_DATA, f"the value of {name!r} would not read back: "
                      f"{template} {reason}")


def misread_reason(template: URITemplate, given: Mapping[str, object],
                   read: Mapping[str, object] | None, text: str) -> tuple[str, str]:
    """Why the values ``given``, expanded to ``text``, do not read back from
    ``template`` as ``read`` (its :meth:`~URITemplate.match` of ``text``, or a
    route's reading): the variable that would not and the reason, a phrase after
    the template's text (``""`` for the name where the text does not match at all).
    The reason names no value (a value may be a secret)."""
    if read is None:
        return template._unread(text)  # pyright: ignore[reportPrivateUsage]
    name = template.misread(given, read)
    if not name:
        return "", "would not match the expansion of these values"
    single = parse(_alone_text(template, name))
    was, now = expand_parsed(single, given), expand_parsed(single, read)
    if not now:
        why = "reads its text as another variable's (an earlier one takes the text first)"
    elif not was:
        why = "would read the text of another variable as its value"
    else:
        why = ("reads another text as its value (each variable takes the longest text "
               "that lets the rest of the template match)")
    return name, why


def _alone_text(template: URITemplate, name: str) -> str:
    """``{op name...}``: the expression of the first occurrence of ``name`` alone."""
    for piece in parse(str(template)).pieces:
        if isinstance(piece, str):
            continue
        for var, prefix, explode, _ in piece[1]:
            if var == name:
                return "{" + piece[0] + var + ("" if prefix is None else f":{prefix}") + (
                    "*" if explode else "") + "}"
    raise KeyError(name)


def _no_value(slot: _Slot, text: str) -> str:
    """Why ``text`` is no value of ``slot``'s variable (:func:`_read` gives ``None``,
    or a value longer than its prefix): a phrase after "its text"."""
    value = _read(slot, text)
    if value is not None:
        return "would be longer than its prefix modifier keeps"
    if slot.kind in (_EXPLODED, _NAMED_EXPLODED):
        items = text.split(slot.sep)
        pairs = ["=" in item for item in items]
        if any(pairs) and not all(pairs) and not slot.merge:
            return "would mix list items and name=value pairs"
        if not slot.reserved and any(item.count("=") > 1 for item in items):
            return ("would hold a value with '=', which simple expansion writes as "
                    "%3D")
        if g.BAD_PERCENT_RE.search(text) is None and all(
                _simple(item) is not None for item in text.replace("=", slot.sep).split(
                    slot.sep)):
            return "would repeat a name among its name=value pairs"
    return "would not be UTF-8 percent-encoding"


def reference_text(template: URITemplate, variables: Mapping[str, object] | None = None,
                   /, **values: object) -> str:
    """:meth:`URITemplate.expand_text`, refused where the values would start the path
    with "//" (:func:`urikit._interop.template.check_reference`): the text of
    :meth:`URITemplate.expand` and of a route's link."""
    given: Mapping[str, object] = values if variables is None else (
        {**variables, **values} if values else variables)
    # the template's text: it is read again only for a text that starts with "//"
    return check_reference(str(template), given, template.expand_text(variables, **values))


def _agree(earlier: TemplateValue | None, cut: int, value: TemplateValue | None,
           prefix: int) -> bool:
    """Whether two occurrences of one variable read the same value: both undefined,
    or equal, where one with a prefix modifier (``cut`` or ``prefix`` not -1) gives
    only the start of the value."""
    if earlier is None or value is None:
        return earlier is None and value is None
    if not (isinstance(earlier, str) and isinstance(value, str)):
        return earlier == value
    if cut >= 0 and prefix >= 0:
        shorter = min(len(earlier), len(value))
        return earlier[:shorter] == value[:shorter]
    if cut >= 0:
        return value[:cut] == earlier
    if prefix >= 0:
        return earlier[:prefix] == value
    return earlier == value


#: The matcher of a template read by its program: never asked.
_NEVER: Final = re.compile("(?!)")


class _Refused:
    """The matcher of a template that cannot be read back: it raises the refusal."""

    def __init__(self, refusal: ParseError) -> None:
        self.refusal = refusal

    def __call__(self, text: str) -> re.Match[str] | None:
        r = self.refusal  # a new error each time: a raised one keeps its traceback
        raise ParseError(r.text, r.position, r.component, r.reason, r.hint)


def _text(uri: object) -> str:
    if isinstance(uri, (URI, FrozenURI)):
        return str(uri)
    raise TypeError(f"uri must be a str, URI or FrozenURI, not {type(uri).__name__}")
