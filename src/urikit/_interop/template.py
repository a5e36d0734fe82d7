"""URI Template expansion (RFC 6570, all four levels): urikit's own, by Appendix A."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from itertools import chain, repeat
from operator import itemgetter
from typing import Final, NamedTuple, TypeAlias, TypeGuard, cast

from .._core import grammar as g
from .._core.errors import LONE_SURROGATE, BuildError, EncodingError, ParseError, Rule, URIError
from .._core.parse import require_str
from .._core.percent import encode, encode_octets

# literals = %x21 / %x23-24 / %x26-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A
#          / %x7E / ucschar / iprivate / pct-encoded    (RFC 6570 §2.1, Errata 6937)
# The errata (verified) makes "'" (%x27, a sub-delim) a literal: §2.1 left it out.
# ucschar and iprivate are RFC 3987's; a literal outside ASCII is written as UTF-8 %XX.
_ASCII_LITERAL: Final = "!#$&-;=?-\\[\\]_a-z~"
_LITERALS_RE: Final = re.compile(
    f"(?:[{_ASCII_LITERAL}{g.range_class(g.UCSCHAR + g.IPRIVATE)}]|{g.PCT_ENCODED})*")
# the same literals when they are ASCII without "%": one character class, a C loop
# (the alternation above costs a step per character)
_ASCII_LITERALS_RE: Final = re.compile(f"[{_ASCII_LITERAL}]*")
_NON_ASCII_RE: Final = re.compile("[^\x00-\x7f]+")
# varchar = ALPHA / DIGIT / "_" / pct-encoded; varname = varchar *( ["."] varchar )
# varspec = varname [ prefix / explode ]; prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
_VARCHAR: Final = f"(?:[A-Za-z0-9_]|{g.PCT_ENCODED})"
_VARSPEC_RE: Final = re.compile(
    f"({_VARCHAR}(?:\\.?{_VARCHAR})*)(?::([1-9][0-9]{{0,3}})|(\\*))?")
# operator = "+" / "#" / "." / "/" / ";" / "?" / "&"; "=" "," "!" "@" "|" are reserved
_OPERATORS: Final = "+#./;?&"
_RESERVED_OPERATORS: Final = "=,!@|"
# the characters reserved expansion ("+" and "#") writes as they are (RFC 6570 §3.2.3)
_U_R: Final = g.UNRESERVED | g.RESERVED
_TOKEN_RE: Final = re.compile(f"{g.PCT_ENCODED}|.", re.DOTALL)

# one variable's value, prepared: text, a list of texts, or ordered (name, value) pairs
_Prepared: TypeAlias = "str | list[str] | list[tuple[str, str]]"

# RFC 6570 Appendix A: for each operator, what the expansion starts with, what joins
# its values, whether they are named, what a named empty value is written with, and
# whether reserved characters and triplets are kept (U+R) or encoded (U).
OPERATOR_TABLE: Final = {
    "": ("", ",", False, "", False), "+": ("", ",", False, "", True),
    ".": (".", ".", False, "", False), "/": ("/", "/", False, "", False),
    ";": (";", ";", True, "", False), "?": ("?", "&", True, "=", False),
    "&": ("&", "&", True, "=", False), "#": ("#", ",", False, "", True),
}
# Joins the items of a list before they are encoded at once: a lone surrogate, which no
# value holds (they are refused), so its encoding "%ED%A0%80" (surrogatepass) marks
# exactly the joins, where no UTF-8 of a value can produce it.
_JOIN: Final = "\ud800"
_JOIN_ENCODED: Final = "%ED%A0%80"
_SURROGATE_RE: Final = re.compile("[\ud800-\udfff]")
_FIRST: Final = itemgetter(0)
_SECOND: Final = itemgetter(1)


def _is_list(value: object) -> TypeGuard[list[object] | tuple[object, ...]]:
    """Whether ``value`` is a list value (RFC 6570 §2.3): a list or a tuple, of members
    of any type (each is checked as it is expanded)."""
    return isinstance(value, (list, tuple))


def _is_mapping(value: object) -> TypeGuard[Mapping[object, object]]:
    """Whether ``value`` is an associative array (RFC 6570 §2.3), with names and values
    of any type (each is checked as it is expanded)."""
    return isinstance(value, Mapping)


def _member(value: object) -> str:
    """One member of a list or associative array as text."""
    if _is_list(value) or _is_mapping(value):
        raise TypeError(f"a list or mapping member must be a value, not {type(value).__name__}"
                        " (RFC 6570 has no nested values; use a dict for name/value pairs)")
    return _scalar(value)


def _scalar(value: object) -> str:
    if isinstance(value, (bytes, bytearray)):
        raise TypeError("template values are text: decode bytes first")
    text = value if isinstance(value, str) else str(value)
    if not text.isascii():
        _check_surrogates(text)
    return text


def _check_surrogates(text: str) -> None:
    bad = _SURROGATE_RE.search(text)
    if bad is not None:  # a lone surrogate: no octets to encode
        raise EncodingError(bad.group(), bad.start(), LONE_SURROGATE)


def _items(value: list[object] | tuple[object, ...]) -> list[str]:
    """The defined members of a list as text: in C loops when they are all ``str``
    (a list of a million items costs no Python step per item), else one by one."""
    if set(map(type, value)) <= {str}:
        items = cast("list[str]", list(value))
        joined = "".join(items)
        if not joined.isascii() and _SURROGATE_RE.search(joined):
            for item in items:
                _check_surrogates(item)
        return items
    return [_member(m) for m in value if m is not None]


def _prepare(value: object) -> _Prepared | None:
    """The value as the expansion takes it, or ``None`` when it is undefined (§2.3).

    ``None`` is undefined, and so is a list or mapping with no defined member.
    A mapping becomes a list of pairs in its own order (RFC 6570 keeps the order
    given).
    """
    if value is None:
        return None
    if _is_list(value):
        return _items(value) or None
    if _is_mapping(value):
        if set(map(type, value)) | set(map(type, value.values())) <= {str}:
            names, values = _items(list(value)), _items(list(value.values()))
            return list(zip(names, values, strict=True)) or None
        pairs = [(_member(k), _member(v)) for k, v in value.items() if v is not None]
        return pairs or None
    return _scalar(value)


def _reserved_text(text: str, prefix: int | None = None) -> str:
    """``text`` as reserved expansion writes it (RFC 6570 §3.2.3), after the prefix.

    Unreserved and reserved characters and pct-encoded triplets stay; every other
    character, a lone "%" included, becomes %XX of its UTF-8 bytes. A prefix counts a
    triplet as one character, so it never cuts one (§2.4.1).
    """
    if prefix is not None:  # at most 9,999 characters, 3 each at most
        text = "".join(_TOKEN_RE.findall(text[:3 * prefix])[:prefix])
    return encode_octets(text.encode("utf-8"), _U_R, triplets=True)


def _unreserved_text(text: str, prefix: int | None = None) -> str:
    """``text`` as simple expansion writes it (RFC 6570 §3.2.2): every character but
    the unreserved ones as %XX of its UTF-8 bytes; a prefix counts characters."""
    if prefix is not None:
        text = text[:prefix]
    return encode_octets(text.encode("utf-8"), g.UNRESERVED)


def _encoded_items(items: list[str], reserved: bool) -> list[str]:
    """Each item encoded: at once, through one join, when that is safe (in U+R, a
    "%" in an item could spell the join's encoding as a kept triplet)."""
    joined = _JOIN.join(items)
    if reserved and "%" in joined:
        return [_reserved_text(item) for item in items]
    keep = _U_R if reserved else g.UNRESERVED
    return encode_octets(joined.encode("utf-8", "surrogatepass"), keep,
                         triplets=reserved).split(_JOIN_ENCODED)


def _expand(operator: str, name: str, value: _Prepared, prefix: int | None,
            explode: bool) -> str:
    """One defined variable of an expression, expanded (RFC 6570 Appendix A), without
    the operator's first character and the separator before it."""
    _, sep, named, ifemp, reserved = OPERATOR_TABLE[operator]
    if isinstance(value, str):
        text = (_reserved_text if reserved else _unreserved_text)(value, prefix)
        if not named:
            return text
        return f"{name}={text}" if text else name + ifemp
    if value and isinstance(value[0], tuple):
        pairs = value
        keys = _encoded_items(list(map(_FIRST, pairs)), reserved)
        values = _encoded_items(list(map(_SECOND, pairs)), reserved)
        if not explode:  # k,v,k,v
            joined = ",".join(chain.from_iterable(zip(keys, values, strict=True)))
            return f"{name}={joined}" if named else joined
        if named and "" in values:
            return sep.join(f"{k}={v}" if v else k + ifemp
                            for k, v in zip(keys, values, strict=True))
        # k=v, joined by sep: in C
        return "".join(chain.from_iterable(
            zip(keys, repeat("="), values, repeat(sep))))[:-len(sep)]
    encoded = _encoded_items(cast("list[str]", value), reserved)
    if not explode:
        joined = ",".join(encoded)
        return f"{name}={joined}" if named else joined
    if not named:
        return sep.join(encoded)
    if "" not in encoded:
        return name + "=" + f"{sep}{name}=".join(encoded)
    return sep.join(f"{name}={item}" if item else name + ifemp for item in encoded)


#: One varspec of an expression (RFC 6570 §2.3, §2.4): the variable's name as the
#: template writes it, its prefix length or ``None``, whether it is exploded, and the
#: position of its name in the template. (Plain tuples: a template of a million
#: expressions makes a million of them.)
Varspec: TypeAlias = "tuple[str, int | None, bool, int]"

#: One expression (RFC 6570 §2.2): its operator (``""`` for simple expansion), its
#: varspecs, and the positions of its "{" and of the character after its "}".
Expression: TypeAlias = "tuple[str, tuple[Varspec, ...], int, int]"


class Template(NamedTuple):
    """A URI Template read once (RFC 6570 §2): its text, and its pieces in order, each
    literal text (already written as URI text, §3.1) or an :class:`Expression`.

    :func:`parse` makes it; :func:`expand_parsed` expands it as many times as asked,
    and :class:`urikit.URITemplate` reads URIs back through it: the grammar lives here
    alone.
    """

    text: str
    pieces: tuple[str | Expression, ...]


def _expression(template: str, start: int, end: int) -> Expression:
    """The expression ``template[start - 1:end + 1]``: ``start`` and ``end`` delimit its
    body, between the braces."""
    body = template[start:end]
    operator = body[:1] if body[:1] in _OPERATORS else ""
    if body[:1] and body[:1] in _RESERVED_OPERATORS:
        raise ParseError(template, start, "template",
                         f"operator {body[0]!r} is reserved for future extensions")
    specs: list[Varspec] = []
    pos = start + len(operator)
    while True:
        spec = _VARSPEC_RE.match(template, pos, end)
        if spec is None:
            raise ParseError(template, pos, "template", "expected a variable name")
        name, prefix, explode = spec.groups()
        specs.append((name, int(prefix) if prefix else None, bool(explode), pos))
        pos = spec.end()
        if pos == end:
            return operator, tuple(specs), start - 1, end + 1
        if template[pos] != ",":
            raise ParseError(template, pos, "template",
                             f"invalid character {template[pos]!r}")
        pos += 1


def _literals(template: str, start: int, end: int) -> str:
    """The literal text ``template[start:end]`` as URI text (RFC 6570 §3.1)."""
    run = _LITERALS_RE.match(template, start, end)
    stop = run.end() if run is not None else start
    if stop != end:
        ch = template[stop]
        reason = (f"invalid character {ch!r}" if ch != "%"
                  else "'%' that starts no pct-encoded triplet")
        raise ParseError(template, stop, "template", reason)
    text = template[start:end]
    return _NON_ASCII_RE.sub(lambda m: encode(m.group(), "segment"), text)


def expand(template: str, variables: Mapping[str, object]) -> str:
    """Expand a URI Template (RFC 6570, all four levels) with ``variables``.

    A value is a ``str``, an ``int``, a list or tuple of those, a mapping of names to
    those (for explode, ``{keys*}``), or any other object, whose ``str()`` is used
    (a :class:`~urikit.URI` is written as its text). ``None``, an empty list and an
    empty mapping are undefined (§2.3), as is a name missing from ``variables``.
    Values are plain text: each expansion percent-encodes them as its operator
    requires, except that reserved expansion (``{+var}``, ``{#var}``) keeps
    pct-encoded triplets (§3.2.3). Literal text outside ASCII is written as UTF-8
    ``%XX`` (§3.1).

    The expansion is urikit's own, RFC 6570's Appendix A, with no other package: a
    mapping keeps its order, and every value is encoded in C passes, a list of any
    length at once (so an expansion costs time in proportion to its text).

    Args:
        template: the URI Template.
        variables: the values, by variable name.

    Returns:
        The expanded text.

    Raises:
        ParseError: the template is not an RFC 6570 URI Template (the position says
            where), or a prefix modifier (``{var:3}``) is given a list or mapping
            value, which RFC 6570 §2.4.1 does not allow.
        EncodingError: a value holds a lone surrogate.
        TypeError: the template is not a ``str``, ``variables`` is not a mapping, a
            value is bytes, or a list or mapping holds a list or mapping.

    >>> expand("http://example.com/~{user}{/path*}{?q,lang}",
    ...        {"user": "fred", "path": ["a b", "c"], "q": "x&y", "lang": None})
    'http://example.com/~fred/a%20b/c?q=x%26y'
    >>> expand("{+base}{#section}", {"base": "http://h/a%20b/", "section": "\u00e9"})
    'http://h/a%20b/#%C3%A9'

    .. versionadded:: 0.2
    """
    template = require_str(template, "template")
    given = cast("object", variables)  # checked: callers without a type checker pass anything
    if not isinstance(given, Mapping):
        raise TypeError(f"variables must be a mapping, not {type(variables).__name__}")
    if template.count("{") > _FEW_EXPRESSIONS:
        fast = _expand_repeated(template, variables)
        if fast is not None:
            return fast
    pieces = _EXPRESSIONS_RE.split(template)  # literal, expression, literal, ...
    if len(pieces) > _FEW_EXPRESSIONS:
        fast = _expand_many(template, pieces, variables)
        if fast is not None:
            return fast
    if len(template) <= _CACHED_LENGTH:
        return expand_parsed(_parse_cached(template), variables)
    return expand_parsed(parse(template), variables)


def parse(template: str) -> Template:
    """Read a URI Template once (RFC 6570 §2), for :func:`expand_parsed` to expand.

    Raises:
        ParseError: the template is not an RFC 6570 URI Template (the position says
            where).
        TypeError: the template is not a ``str``.
    """
    template = require_str(template, "template")
    pieces: list[str | Expression] = []
    pos = 0
    while pos < len(template):
        open_at = template.find("{", pos)
        if open_at < 0:
            pieces.append(_literals(template, pos, len(template)))
            break
        if open_at > pos:
            pieces.append(_literals(template, pos, open_at))
        close_at = template.find("}", open_at)
        if close_at < 0:
            raise ParseError(template, len(template), "template", "unclosed expression")
        pieces.append(_expression(template, open_at + 1, close_at))
        pos = close_at + 1
    return Template(template, tuple(pieces))


# URI.from_template is called again and again with the same few templates: the last
# ones read are kept (the short ones: a cache of long ones would hold megabytes)
_CACHED_LENGTH: Final = 2000
_parse_cached: Final = functools.lru_cache(maxsize=256)(parse)


def expand_parsed(parsed: Template, variables: Mapping[str, object]) -> str:
    """:func:`expand` of a template :func:`parse` has read: the same text and errors."""
    text = parsed.text
    return "".join([piece if isinstance(piece, str) else _expanded(text, piece, variables)
                    for piece in parsed.pieces])


def check_reference(parsed: Template | str, variables: Mapping[str, object],
                    expanded: str) -> str:
    """``expanded``, the expansion of ``parsed`` with ``variables``, to be read as a URI
    reference: refused when its path would start with "//" that the template's text
    does not write.

    A path without an authority cannot start with "//" (RFC 3986 §3.3): the next
    segment would be read as a host. The template writes an authority when "//" is
    in one literal (``//{host}/x``), or in the text of one reserved expansion, which
    writes reserved characters as they are (``{+base}`` given ``//cdn.example``);
    "//" made by values (``/{a}/{b}`` with ``a`` undefined or empty, ``/{+path}``
    given ``/evil.example``, ``{/a*}`` given an empty item) is data, not an
    authority. The check costs one look at the start of the text; only a text that
    starts its path with "//" is expanded again, piece by piece, to see who wrote it.

    Raises:
        BuildError: with ``Rule.AUTHORITY_FROM_VALUE``, naming the variables.
    """
    start = _path_start(expanded)
    if expanded[start:start + 2] != "//":
        return expanded
    if isinstance(parsed, str):
        parsed = _parse_cached(parsed) if len(parsed) <= _CACHED_LENGTH else parse(parsed)
    text = parsed.text
    ends: list[int] = []
    at = 0
    for piece in parsed.pieces:
        at += len(piece if isinstance(piece, str) else _expanded(text, piece, variables))
        ends.append(at)
    # the pieces that wrote the two "/" (an expression that expands to nothing between
    # them is among the pieces from the first to the second)
    first = next(i for i, end in enumerate(ends) if end > start)
    second = next(i for i, end in enumerate(ends) if end > start + 1)
    piece = parsed.pieces[first]
    if first == second and (isinstance(piece, str) or piece[0] == "+"):
        return expanded
    involved = [p for p in parsed.pieces[first:second + 1] if not isinstance(p, str)]
    names = [repr(spec[0]) for p in involved for spec in p[1]]
    shown = "".join(text[p[2]:p[3]] for p in involved)
    raise BuildError(Rule.AUTHORITY_FROM_VALUE,
                     f"{shown} (variable{'s' if len(names) > 1 else ''} {', '.join(names)})"
                     " would start the path with '//'")


def _path_start(text: str) -> int:
    """Where the hierarchical part of ``text`` starts: after its scheme and ":"."""
    scheme = g.SCHEME_RE.match(text)
    if scheme is not None and text[scheme.end():scheme.end() + 1] == ":":
        return scheme.end() + 1
    return 0


# an expression (no brace inside), split out with the literals between them kept
_EXPRESSIONS_RE: Final = re.compile(r"(\{[^{}]*\})")
_EXPRESSION_RE: Final = re.compile(r"\{[^{}]*\}")
_FEW_EXPRESSIONS: Final = 33  # pieces: 16 expressions and the literals around them


_FEW_DISTINCT: Final = 8  # distinct expressions _expand_repeated handles (a pass each)


def _literals_valid(literals: str) -> bool:
    """Whether ``literals`` (the literal runs of a template, joined by "/") are all
    RFC 6570 literals of ASCII, which expand to themselves."""
    if not literals.isascii():
        return False
    if "%" not in literals:
        return _ASCII_LITERALS_RE.fullmatch(literals) is not None
    return _LITERALS_RE.fullmatch(literals) is not None


def _expand_repeated(template: str, variables: Mapping[str, object]) -> str | None:
    """:func:`expand` of a template of few distinct expressions, each repeated, in a
    few C passes over the text per distinct expression: each found once, replaced
    everywhere (an expansion holds no brace, and an expression none, so no replacement
    can make or break another); ``None`` for another template, or one refused (a
    template of 333,000 "{a}" took 11x a parse of its size split into pieces)."""
    found: list[str] = []
    literals = template
    at = 0
    while True:
        match = _EXPRESSION_RE.search(literals, at)
        if match is None:
            break
        if len(found) == _FEW_DISTINCT:
            return None
        found.append(match.group())
        # "/" keeps a triplet from spanning an expression; what is before ``at`` has no
        # expression left
        literals = literals.replace(found[-1], "/")
        at = match.start()
    if "{" in literals or "}" in literals or not _literals_valid(literals):
        return None
    try:
        done = [(e, _expression_text(template, first, first + len(e) - 1, variables))
                for e in found for first in (template.find(e),)]
    except (URIError, TypeError):
        return None
    for expression, expansion in done:
        template = template.replace(expression, expansion)
    return template


def _expand_many(template: str, pieces: list[str],
                 variables: Mapping[str, object]) -> str | None:
    """:func:`expand` of a template of many expressions in C passes: the literals
    checked at once (ASCII: nothing to encode), each distinct expression expanded
    once (its expansion depends on its text and the variables alone), the pieces
    joined; ``None`` when the template or a value is refused, for :func:`expand`'s
    step-by-step reading to say where (a template of 300,000 "{a}" took 100x its
    parse that way)."""
    literals = "/".join(pieces[::2])  # "/" keeps a triplet from spanning two pieces
    if not _literals_valid(literals):
        return None
    # where each distinct expression first is, by the pieces' lengths (a find from the
    # start for each took time quadratic in a template of distinct expressions)
    first: dict[str, int] = {}
    at = 0
    for literal, expression in zip(pieces[::2], pieces[1::2], strict=False):
        at += len(literal)
        first.setdefault(expression, at)
        at += len(expression)
    try:
        done = {e: _expression_text(template, start, start + len(e) - 1, variables)
                for e, start in first.items()}
    except (URIError, TypeError):
        return None
    pieces[1::2] = map(done.__getitem__, pieces[1::2])
    return "".join(pieces)


def _expression_text(template: str, open_at: int, close_at: int,
                     variables: Mapping[str, object]) -> str:
    """The expansion of the expression ``template[open_at:close_at + 1]``."""
    return _expanded(template, _expression(template, open_at + 1, close_at), variables)


def _expanded(template: str, expression: Expression, variables: Mapping[str, object]) -> str:
    """The expansion of ``expression``, an expression of ``template``."""
    operator, varspecs, _, _ = expression
    expanded: list[str] = []
    for name, prefix, explode, at in varspecs:
        value = _prepare(variables.get(name))
        if value is None:
            continue  # undefined: nothing, not even a separator (§3.2.1)
        if prefix and not isinstance(value, str):
            raise ParseError(template, at + len(name), "template",
                             f"a prefix modifier does not apply to {name!r}, whose value "
                             "is a list or mapping (RFC 6570 §2.4.1)")
        expanded.append(_expand(operator, name, value, prefix, explode))
    if not expanded:
        return ""
    first, sep = OPERATOR_TABLE[operator][:2]
    return first + sep.join(expanded)
