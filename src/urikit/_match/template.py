"""URI Template objects (RFC 6570): parsed once, expanded, and read back from a URI."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from typing import Final, TypeAlias, cast

from .._core import grammar as g
from .._core.build import Checked
from .._core.errors import ParseError
from .._core.parse import require_str
from .._core.percent import unquote_octets
from .._interop.template import (
    OPERATOR_TABLE,
    Expression,
    Template,
    expand_parsed,
    parse,
)
from .._model.uri import URI, FrozenURI

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
                 others: tuple[int, ...] | None, listy: bool) -> None:
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


def _refusal(parsed: Template, expression: Expression, at: int, reason: str) -> ParseError:
    text = parsed.text
    shown = text[expression[2]:expression[3]]
    return ParseError(text, at, "template", f"{shown} cannot be read back: {reason}")


def _own(operator: str, explode: bool, single: bool) -> frozenset[str]:
    """The characters the text of a variable may hold (after its name and "=", for
    the named operators), by its operator, its explode modifier, and whether it is
    the only variable of its expression."""
    _, sep, named, ifemp, reserved = OPERATOR_TABLE[operator]
    if reserved:
        return _R
    if explode:  # items, or name=value pairs, joined by the separator
        return _U | {sep, "="}
    own = _U | {"="} if named and not ifemp else _U  # ";": "name" or "name=value"
    # a list joins its items with "," unless "," separates the expression's variables
    return own if sep == "," and not single else own | {","}


def _starts(parsed: Template, index: int) -> list[tuple[frozenset[str], str]]:
    """The characters the expansion after piece ``index`` may start with, each set
    with the piece it comes from (``_END`` stands for the end of the template)."""
    starts: list[tuple[frozenset[str], str]] = []
    for piece in parsed.pieces[index + 1:]:
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
                chars |= _own(operator, explode, len(varspecs) == 1)
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
            own = _own(operator, explode, last == 0)
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


def _compile(parsed: Template) -> tuple[re.Pattern[str], tuple[_Slot, ...], bool]:
    """The regex that reads ``parsed`` back, each variable's slot, and whether every
    group is a variable's text as it is (one group a variable, in order) when the
    text holds no "%" and no ","."""
    out: list[str] = []
    slots: list[_Slot] = []
    group = 0
    plain = True
    for piece in parsed.pieces:
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
            own = _own(operator, explode, single)
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
            out.append(f"(?:{lead}{body})?")
    return re.compile("".join(out)), tuple(slots), plain


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
    return "".join(out)


def _list(items: list[str]) -> list[str] | None:
    """Items of simple expansion, each decoded, or ``None`` if one is no expansion's."""
    values = [_simple(item) for item in items]
    return None if None in values else [v for v in values if v is not None]


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
    if kind == _EXPLODED and not any("=" in item for item in items):
        return _list(items)
    raw: list[str] = []  # the names as written: a list's are the variable's own name
    pairs: list[tuple[str, str]] = []
    for item in items:
        key, eq, value = item.partition("=")
        if not eq and (kind == _EXPLODED or slot.named_empty):
            return None  # a list item among pairs, or "name" where "name=" is written
        read_key, read_value = _simple(key), _simple(value)
        if read_key is None or read_value is None:
            return None
        raw.append(key)
        pairs.append((read_key, read_value))
    if kind == _NAMED_EXPLODED and all(key == slot.name for key in raw):
        return [value for _, value in pairs]
    mapping = dict(pairs)
    return mapping if len(mapping) == len(pairs) else None


class URITemplate:
    """A URI Template (RFC 6570), read once: it expands into URIs, and reads a URI
    back into its variables.

    ``URITemplate(text)`` refuses a template whose expansions cannot be read back
    (see "Reading back" below), with a :class:`~urikit.ParseError` naming the
    expression, the variable and the character that makes the reading ambiguous;
    ``URITemplate(text, match=False)`` accepts every RFC 6570 template, for expansion
    only (its :meth:`match` raises that error).

    Reading back (:meth:`match`): levels 1 to 3, and the explode modifier of level 4
    (lists and associative arrays). A variable's text must end where the next
    character cannot be one of its own: ``{a}{b}``, ``{a}.{b}``, ``{.a,b}``,
    ``{+path}/here`` are refused (a value of ``{a}`` may hold "." and a value of
    ``{+path}`` a "/"), ``{/a}{/b}``, ``{a}/{b}`` and ``{?a,b}{&c}`` are read. A
    reserved expansion (``{+a}``, ``{#a}``) is readable at the end of the template
    only. A prefix modifier (``{a:3}``), which keeps only the start of its value, and
    a variable that appears twice are refused.

    Where variables may be undefined, a text can still come from several sets of
    defined variables (``/x`` from ``{/a}{/b}`` is ``a`` or ``b``): the match reads
    the earliest variables as defined (``{"a": "x"}``). An expression that expands to
    nothing reads as all its variables undefined (``{a}`` matching ``""`` gives
    ``{}``, though ``a=""`` expands to the same). What a match reads expands to the
    text it read, up to equivalent percent-encoding.

    Matching is one ``fullmatch`` of a regular expression compiled here, whose runs
    of a variable's characters never need to give one back (the rule above), then a
    pass over the variables: linear in the URI.

    >>> from urikit import URITemplate
    >>> t = URITemplate("https://api.example/users/{id}/posts{?page,per_page}")
    >>> str(t.expand(id="José", page=2))
    'https://api.example/users/Jos%C3%A9/posts?page=2'
    >>> t.match("https://api.example/users/Jos%C3%A9/posts?page=2")
    {'id': 'José', 'page': '2'}
    >>> t.match("https://api.example/users/42/comments") is None
    True

    .. versionadded:: 0.5
    """

    __slots__ = ("_fullmatch", "_names", "_parsed", "_plain", "_slots")

    def __init__(self, template: str | Checked, /, *, match: bool | Checked = True) -> None:
        """Read ``template`` once.

        Args:
            template: the URI Template (RFC 6570).
            match: ``False`` accepts a template that cannot be read back (for
                expansion only).

        Raises:
            ParseError: ``template`` is not an RFC 6570 URI Template, or (unless
                ``match`` is ``False``) its expansions cannot be read back.
            TypeError: ``template`` is not a ``str``.
        """
        given = cast("object", match)  # checked here: mypyc's check has other words
        if type(given) is not bool:
            raise TypeError(f"match must be bool, not {type(given).__name__}")
        self._parsed = parse(require_str(template, "template"))
        self._names = tuple(dict.fromkeys(
            v[0] for piece in self._parsed.pieces if not isinstance(piece, str)
            for v in piece[1]))
        self._slots: tuple[_Slot, ...] = ()
        self._plain = False
        try:
            _check(self._parsed)
        except ParseError as exc:
            if match:
                raise
            self._fullmatch: Callable[[str], re.Match[str] | None] = _Refused(exc)
            return
        regex, self._slots, self._plain = _compile(self._parsed)
        self._fullmatch = regex.fullmatch

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
            EncodingError: a value holds a lone surrogate.
            TypeError: ``variables`` is not a mapping, or a value is bytes or nested.
        """
        return URI.parse(self.expand_text(variables, **values))

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
            return None
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
        groups = found.groups()
        read: dict[str, TemplateValue] = {}
        for slot in self._slots:
            piece: str | None = groups[slot.group - 1]
            if piece is None:
                continue
            if not piece and slot.others is not None \
                    and all(groups[o - 1] is None for o in slot.others):
                continue  # an expression that expands to nothing: undefined
            value = _read(slot, piece)
            if value is None:
                return None
            read[slot.name] = value
        return read

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
    """The template that pickle and copy rebuild (:meth:`URITemplate.__reduce__`)."""
    return URITemplate(text, match=match)


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
