"""The pattern strings of the WHATWG URLPattern standard: tokenizer, parser, regex, text.

One component's pattern string (``/books/:id(\\d+)?``) is tokenized, parsed into a part
list with the component's encoding callback, and compiled (URLPattern §2 "Pattern
strings", "compile a component"): the standard's regular expression, translated to
Python's :mod:`re` (see below), the group name list, and the pattern string the part list
gives back. :func:`compare_component` orders two components as
``URLPattern.compareComponent`` does, and :func:`generate` builds a component's text from
its groups (the ``generate()`` proposal).

The regular expression. The standard builds a JavaScript ``RegExp`` with the ``v`` flag
(``vi`` with ``ignoreCase``). urikit builds the same expression for Python's ``re``:

- the standard's own pieces translate exactly: ``.`` is ``[^\\n\\r\\u2028\\u2029]`` (no
  ``s`` flag), ``$`` is ``\\Z`` (Python's ``$`` also matches before a final newline),
  ``[^]`` (the segment wildcard without a delimiter) matches any character;
- a regexp group (``(\\d+)``, ``:id([a-z]+)``) is read with JavaScript's ``v``-flag grammar
  and kept to a subset where ``re`` gives JavaScript's answer: literals, ``.``, the
  escapes ``\\d \\D \\w \\W \\s \\S \\b \\B \\t \\n \\v \\f \\r \\0 \\cX \\xHH \\uHHHH \\u{H...}``
  and escaped syntax characters, character classes with ranges, ``^``/``$``, alternation,
  ``(?:...)``, named groups (numbered, as JavaScript numbers them), lookahead,
  fixed-width lookbehind, and the quantifiers ``* + ? {n} {n,}
  {n,m}`` (lazy too). ``\\d \\w \\b`` are ASCII as in JavaScript (``re.ASCII``), ``\\s`` is
  JavaScript's list of white space and line terminators. Refused, with a
  :class:`~urikit.ParseError` at the construct: backreferences (``\\1``, ``\\k<n>``),
  ``\\p{...}``, the ``v`` flag's nested classes, ``&&``, ``--`` and
  ``\\q{...}``, ``\\S`` inside a class, and what JavaScript itself refuses (a lone ``{``,
  ``}`` or ``]``, an unknown escape, a quantifier with nothing to repeat);
- case-insensitive matching is JavaScript's simple case folding, written out: every
  letter becomes its class (``s`` is ``[sS\\u017f]``, ``k`` is ``[kK\\u212a]``, as the
  folding maps ``ſ`` to ``s`` and the Kelvin sign to ``k``), ``\\w`` gains those two
  characters and ``\\b`` looks at them; ``re.IGNORECASE`` is not used, as it also matches
  ``ı`` with ``i`` and ``İ`` with ``i``, which the folding does not. A non-ASCII character
  in a regexp group, and ``\\W`` inside a class, are refused with ``ignore_case``.

Linear time. A regexp group whose repeated sub-expression itself holds a quantifier or an
alternation (``(?:a+)+``, ``(?:a|aa)*``) can match one text in exponentially many ways
and is refused; so is a repeated group (``{(...)}+``) of such a regexp. The standard's
repeated wildcards without a prefix or suffix (``{:name}+``, ``*+``) and repeated full
wildcards are written as the one wildcard they equal (the same groups, in the same
order of preference); a repeated segment wildcard whose prefix and suffix hold no
delimiter (``{:a-}+`` in a pathname) is refused as ambiguous. Two wildcards that can
take the same text (``:a-:b``, ``*-*-*``) would still cost re up to O(n^k) on an input
that fails: :func:`is_ambiguous` finds them when the component is compiled, and such a
component without regexp groups is matched by a linear-time bounded backtracker
(:mod:`urikit._match.linear`) over a program written from the part list
(:func:`linear_program`), with re's groups; every other component keeps re, which is
linear on it. An ambiguous component with regexp groups keeps re and its polynomial
bound (see ``docs/urlpattern.md`` for the measured times).
:meth:`Component.match` asks the right one.

One rule of JavaScript's that re does not have: an iteration of a quantifier with
minimum 0 that matches the empty string fails. The standard's ``(.*)?`` (an optional
full wildcard without prefix and suffix) is written ``(.+)?``, which never captures the
empty string, as in JavaScript; a regexp group that can match the empty string with
the ``?`` modifier (``:a(x*)?``) captures ``""`` here where JavaScript leaves it
undefined.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Mapping
from typing import Final, NamedTuple

import attrs

from urikit._core.errors import BuildError, ParseError, Rule
from urikit._match.linear import Program, ProgramBuilder

__all__ = [
    "Component",
    "Modifier",
    "Options",
    "Part",
    "PartType",
    "Token",
    "TokenType",
    "compare_component",
    "compile_component",
    "generate",
    "generate_pattern_string",
    "generate_regular_expression",
    "is_ambiguous",
    "linear_program",
    "parse_pattern_string",
    "tokenize",
]

#: The component name of every ParseError of this module: a pattern string.
_COMPONENT: Final = "pattern"


# ---------------------------------------------------------------------------------------
# Tokens (URLPattern §2.1.1, §2.1.2)


class TokenType(enum.Enum):
    """The "token type" of the standard (§2.1.1): each member's value is its name there."""

    OPEN = "open"
    CLOSE = "close"
    REGEXP = "regexp"
    NAME = "name"
    CHAR = "char"
    ESCAPED_CHAR = "escaped-char"
    OTHER_MODIFIER = "other-modifier"
    ASTERISK = "asterisk"
    END = "end"
    INVALID_CHAR = "invalid-char"


class Token(NamedTuple):
    """A token (§2.1.1): its type, the index of its first code point, and its value."""

    type: TokenType
    # the standard's name; it hides tuple.index, which nobody calls on a token
    index: int  # type: ignore[assignment]
    value: str


def is_valid_name_code_point(char: str, first: bool) -> bool:
    """The standard's "is a valid name code point": JavaScript's IdentifierStart
    (``first``) or IdentifierPart.

    Python's identifiers are XID_Start and XID_Continue, which differ from ID_Start and
    ID_Continue only in a few compatibility characters (U+037A, U+309B, ...), and
    Python's Unicode database may be older than a browser's: those characters are
    names in a browser and not here.
    """
    if char == "$":
        return True
    if first:
        return char.isidentifier()
    return char in "\u200c\u200d" or ("a" + char).isidentifier()


class _Tokenizer:
    """The state of "tokenize" (§2.1.2)."""

    def __init__(self, text: str, lenient: bool) -> None:
        self.input = text
        self.lenient = lenient
        self.tokens: list[Token] = []
        self.index = 0
        self.next_index = 0
        self.code_point = ""

    def get_next(self) -> None:
        self.code_point = self.input[self.next_index]
        self.next_index += 1

    def seek(self, index: int) -> None:
        self.next_index = index
        self.get_next()

    def add(self, type_: TokenType, next_position: int, value_position: int,
            value_length: int) -> None:
        value = self.input[value_position:value_position + value_length]
        self.tokens.append(Token(type_, self.index, value))
        self.index = next_position

    def add_default_length(self, type_: TokenType, next_position: int,
                           value_position: int) -> None:
        self.add(type_, next_position, value_position, next_position - value_position)

    def add_default(self, type_: TokenType) -> None:
        self.add_default_length(type_, self.next_index, self.index)

    def error(self, next_position: int, value_position: int, reason: str,
              position: int) -> None:
        if not self.lenient:
            raise ParseError(self.input, position, _COMPONENT, reason)
        self.add_default_length(TokenType.INVALID_CHAR, next_position, value_position)


def tokenize(text: str, lenient: bool) -> list[Token]:
    """The standard's "tokenize" (§2.1.2) with policy "lenient" (``True``) or "strict".

    Args:
        text: the pattern string.
        lenient: ``True`` for the "lenient" policy, which turns each error into an
            "invalid-char" token; ``False`` for "strict".

    Returns:
        The token list, ending with an "end" token.

    Raises:
        ParseError: with the "strict" policy, at the first tokenizing error.
    """
    t = _Tokenizer(text, lenient)
    length = len(text)
    while t.index < length:
        t.seek(t.index)
        char = t.code_point
        if char == "*":
            t.add_default(TokenType.ASTERISK)
            continue
        if char in "+?":
            t.add_default(TokenType.OTHER_MODIFIER)
            continue
        if char == "\\":
            if t.index == length - 1:
                t.error(t.next_index, t.index, "'\\' at the end escapes nothing", t.index)
                continue
            escaped_index = t.next_index
            t.get_next()
            t.add_default_length(TokenType.ESCAPED_CHAR, t.next_index, escaped_index)
            continue
        if char == "{":
            t.add_default(TokenType.OPEN)
            continue
        if char == "}":
            t.add_default(TokenType.CLOSE)
            continue
        if char == ":":
            name_position = t.next_index
            name_start = name_position
            while name_position < length:
                t.seek(name_position)
                if not is_valid_name_code_point(t.code_point, name_position == name_start):
                    break
                name_position = t.next_index
            if name_position <= name_start:
                t.error(name_start, t.index, "':' is not followed by a group name", t.index)
                continue
            t.add_default_length(TokenType.NAME, name_position, name_start)
            continue
        if char == "(":
            _tokenize_regexp(t)
            continue
        t.add_default(TokenType.CHAR)
    t.add_default_length(TokenType.END, t.index, t.index)
    return t.tokens


def _tokenize_regexp(t: _Tokenizer) -> None:
    """The "(" branch of "tokenize": a regexp token, or a tokenizing error."""
    length = len(t.input)
    depth = 1
    regexp_position = t.next_index
    regexp_start = regexp_position
    while regexp_position < length:
        t.seek(regexp_position)
        char = t.code_point
        if not char.isascii():
            t.error(regexp_start, t.index,
                    f"non-ASCII character {char!r} in a regexp group", regexp_position)
            return
        if regexp_position == regexp_start and char == "?":
            t.error(regexp_start, t.index, "a regexp group starts with '?'", regexp_position)
            return
        if char == "\\":
            if regexp_position == length - 1:
                t.error(regexp_start, t.index, "'\\' at the end escapes nothing",
                        regexp_position)
                return
            t.get_next()
            if not t.code_point.isascii():
                t.error(regexp_start, t.index,
                        f"non-ASCII character {t.code_point!r} in a regexp group",
                        regexp_position + 1)
                return
            regexp_position = t.next_index
            continue
        if char == ")":
            depth -= 1
            if depth == 0:
                regexp_position = t.next_index
                break
        elif char == "(":
            depth += 1
            if regexp_position == length - 1:
                t.error(regexp_start, t.index, "unclosed '(' in a regexp group",
                        regexp_position)
                return
            temporary_position = t.next_index
            t.get_next()
            if t.code_point != "?":
                t.error(regexp_start, t.index,
                        "a group inside a regexp group must start with '(?' "
                        "(capturing groups are not allowed)", regexp_position)
                return
            t.next_index = temporary_position
        regexp_position = t.next_index
    if depth != 0:
        t.error(regexp_start, t.index, "unclosed '(' of a regexp group", t.index)
        return
    regexp_length = regexp_position - regexp_start - 1
    if regexp_length == 0:
        t.error(regexp_start, t.index, "empty regexp group '()'", t.index)
        return
    t.add(TokenType.REGEXP, regexp_position, regexp_start, regexp_length)


# ---------------------------------------------------------------------------------------
# Parts, options, parsing (§2.1.3 to §2.1.5)


class PartType(enum.Enum):
    """A part's type (§2.1.3), in the order ``compareComponent`` ranks them."""

    FULL_WILDCARD = "full-wildcard"
    REGEXP = "regexp"
    SEGMENT_WILDCARD = "segment-wildcard"
    FIXED_TEXT = "fixed-text"


class Modifier(enum.Enum):
    """A part's modifier (§2.1.3), in the order ``compareComponent`` ranks them."""

    ZERO_OR_MORE = "zero-or-more"
    OPTIONAL = "optional"
    ONE_OR_MORE = "one-or-more"
    NONE = "none"


_RANK: Final[dict[enum.Enum, int]] = {
    PartType.FULL_WILDCARD: 0, PartType.REGEXP: 1, PartType.SEGMENT_WILDCARD: 2,
    PartType.FIXED_TEXT: 3,
    Modifier.ZERO_OR_MORE: 0, Modifier.OPTIONAL: 1, Modifier.ONE_OR_MORE: 2,
    Modifier.NONE: 3,
}


@attrs.frozen
class Part:
    """A part (§2.1.3): fixed text, or one matching group with its prefix and suffix."""

    type: PartType
    value: str
    modifier: Modifier
    name: str = ""
    prefix: str = ""
    suffix: str = ""


@attrs.frozen
class Options:
    """The standard's options (§2.1.4): the delimiter and prefix code points, ignore case.

    ``Options()`` is the standard's "default options"; ``Options(delimiter=".")`` its
    hostname options; ``Options(delimiter="/", prefix="/")`` its pathname options.
    """

    delimiter: str = ""
    prefix: str = ""
    ignore_case: bool = False


#: The standard's "full wildcard regexp value".
FULL_WILDCARD_REGEXP: Final = ".*"

_REGEXP_SPECIAL: Final = frozenset(".+*?^${}()[]|/\\")
_PATTERN_SPECIAL: Final = frozenset("+*?:{}()\\")


def escape_regexp_string(text: str) -> str:
    """The standard's "escape a regexp string" (§2.2): a backslash before each of
    ``. + * ? ^ $ { } ( ) [ ] | / \\``."""
    return "".join("\\" + c if c in _REGEXP_SPECIAL else c for c in text)


def escape_pattern_string(text: str) -> str:
    """The standard's "escape a pattern string" (§2.3)."""
    return "".join("\\" + c if c in _PATTERN_SPECIAL else c for c in text)


def segment_wildcard_regexp(options: Options) -> str:
    """The standard's "generate a segment wildcard regexp" (JavaScript syntax)."""
    return "[^" + escape_regexp_string(options.delimiter) + "]+?"


def _modifier_string(modifier: Modifier) -> str:
    """The standard's "convert a modifier to a string"."""
    if modifier is Modifier.ZERO_OR_MORE:
        return "*"
    if modifier is Modifier.OPTIONAL:
        return "?"
    if modifier is Modifier.ONE_OR_MORE:
        return "+"
    return ""


class _Parser:
    """The "pattern parser" struct (§2.1.5)."""

    def __init__(self, text: str, encode: Callable[[str], str], options: Options) -> None:
        self.text = text
        self.encode = encode
        self.options = options
        self.segment_wildcard = segment_wildcard_regexp(options)
        self.tokens = tokenize(text, lenient=False)
        self.parts: list[Part] = []
        self.pending = ""
        self.index = 0
        self.next_numeric_name = 0
        self.regexp_names: tuple[str, ...] = ()

    def try_consume(self, type_: TokenType) -> Token | None:
        token = self.tokens[self.index]
        if token.type is not type_:
            return None
        self.index += 1
        return token

    def try_consume_modifier(self) -> Token | None:
        token = self.try_consume(TokenType.OTHER_MODIFIER)
        if token is not None:
            return token
        return self.try_consume(TokenType.ASTERISK)

    def try_consume_regexp_or_wildcard(self, name: Token | None) -> Token | None:
        token = self.try_consume(TokenType.REGEXP)
        if name is None and token is None:
            token = self.try_consume(TokenType.ASTERISK)
        return token

    def consume_required(self, type_: TokenType) -> Token:
        token = self.try_consume(type_)
        if token is None:
            found = self.tokens[self.index]
            what = "the end" if found.type is TokenType.END else repr(found.value)
            expected = "'}'" if type_ is TokenType.CLOSE else "the end of the pattern"
            raise ParseError(self.text, found.index, _COMPONENT,
                             f"expected {expected}, found {what}")
        return token

    def consume_text(self) -> str:
        result = ""
        while True:
            token = self.try_consume(TokenType.CHAR)
            if token is None:
                token = self.try_consume(TokenType.ESCAPED_CHAR)
            if token is None:
                return result
            result += token.value

    def maybe_add_pending(self) -> None:
        if self.pending == "":
            return
        value = self.encode(self.pending)
        self.pending = ""
        self.parts.append(Part(PartType.FIXED_TEXT, value, Modifier.NONE))

    def add_part(self, prefix: str, name_token: Token | None, regexp_token: Token | None,
                 suffix: str, modifier_token: Token | None, position: int) -> None:
        modifier = Modifier.NONE
        if modifier_token is not None:
            modifier = {"?": Modifier.OPTIONAL, "*": Modifier.ZERO_OR_MORE,
                        "+": Modifier.ONE_OR_MORE}[modifier_token.value]
        if name_token is None and regexp_token is None and modifier is Modifier.NONE:
            self.pending += prefix
            return
        self.maybe_add_pending()
        if name_token is None and regexp_token is None:
            if prefix == "":
                return
            self.parts.append(Part(PartType.FIXED_TEXT, self.encode(prefix), modifier))
            return
        if regexp_token is None:
            regexp_value = self.segment_wildcard
        elif regexp_token.type is TokenType.ASTERISK:
            regexp_value = FULL_WILDCARD_REGEXP
        else:
            regexp_value = regexp_token.value
        type_ = PartType.REGEXP
        if regexp_value == self.segment_wildcard:
            type_ = PartType.SEGMENT_WILDCARD
            regexp_value = ""
        elif regexp_value == FULL_WILDCARD_REGEXP:
            type_ = PartType.FULL_WILDCARD
            regexp_value = ""
        if name_token is not None:
            name = name_token.value
        else:
            name = str(self.next_numeric_name)
            self.next_numeric_name += 1
        if any(part.name == name for part in self.parts):
            where = name_token.index if name_token is not None else position
            raise ParseError(self.text, where, _COMPONENT,
                             f"duplicate group name {name!r}")
        part = Part(type_, regexp_value, modifier, name, self.encode(prefix),
                    self.encode(suffix))
        # the regexp is read now, as the standard's RegExpCreate runs in "compile a
        # component": a refusal points into the regexp group, or at the part
        start = regexp_token.index + 1 if regexp_token is not None else position
        try:
            self.regexp_names = _check_part(part, self.options, self.regexp_names)
        except _Refused as refused:
            raise ParseError(self.text, start + refused.offset, _COMPONENT,
                             refused.reason, refused.hint) from None
        self.parts.append(part)


def parse_pattern_string(text: str, options: Options,
                         encode: Callable[[str], str]) -> list[Part]:
    """The standard's "parse a pattern string" (§2.1.5).

    Args:
        text: the pattern string.
        options: the component's options.
        encode: the encoding callback, called on each piece of fixed text; what it
            raises passes through.

    Returns:
        The part list.

    Raises:
        ParseError: the pattern string is not well formed, or a regexp group is
            outside urikit's subset (see the module's docstring).
    """
    p = _Parser(text, encode, options)
    while p.index < len(p.tokens):
        start = p.tokens[p.index].index
        char_token = p.try_consume(TokenType.CHAR)
        name_token = p.try_consume(TokenType.NAME)
        regexp_token = p.try_consume_regexp_or_wildcard(name_token)
        if name_token is not None or regexp_token is not None:
            prefix = char_token.value if char_token is not None else ""
            if prefix not in ("", options.prefix):
                p.pending += prefix
                prefix = ""
            p.maybe_add_pending()
            modifier_token = p.try_consume_modifier()
            p.add_part(prefix, name_token, regexp_token, "", modifier_token, start)
            continue
        fixed_token = char_token
        if fixed_token is None:
            fixed_token = p.try_consume(TokenType.ESCAPED_CHAR)
        if fixed_token is not None:
            p.pending += fixed_token.value
            continue
        open_token = p.try_consume(TokenType.OPEN)
        if open_token is not None:
            prefix = p.consume_text()
            name_token = p.try_consume(TokenType.NAME)
            regexp_token = p.try_consume_regexp_or_wildcard(name_token)
            suffix = p.consume_text()
            p.consume_required(TokenType.CLOSE)
            modifier_token = p.try_consume_modifier()
            p.add_part(prefix, name_token, regexp_token, suffix, modifier_token, start)
            continue
        p.maybe_add_pending()
        p.consume_required(TokenType.END)
    return p.parts


# ---------------------------------------------------------------------------------------
# The regular expression (§2.2), in the standard's JavaScript and in Python's re


def generate_regular_expression(parts: list[Part] | tuple[Part, ...],
                                options: Options) -> tuple[str, list[str]]:
    """The standard's "generate a regular expression and name list" (§2.2), verbatim:
    the JavaScript source (``v`` flag) and the name list."""
    result = "^"
    names: list[str] = []
    for part in parts:
        if part.type is PartType.FIXED_TEXT:
            if part.modifier is Modifier.NONE:
                result += escape_regexp_string(part.value)
            else:
                result += ("(?:" + escape_regexp_string(part.value) + ")"
                           + _modifier_string(part.modifier))
            continue
        names.append(part.name)
        if part.type is PartType.SEGMENT_WILDCARD:
            value = segment_wildcard_regexp(options)
        elif part.type is PartType.FULL_WILDCARD:
            value = FULL_WILDCARD_REGEXP
        else:
            value = part.value
        result += _group_shape(part, value, escape_regexp_string(part.prefix),
                               escape_regexp_string(part.suffix))
    return result + "$", names


def _group_shape(part: Part, value: str, prefix: str, suffix: str) -> str:
    """The standard's form of one group part, around its regexp value (§2.2)."""
    modifier = _modifier_string(part.modifier)
    repeated = part.modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
    if prefix == "" and suffix == "":
        if not repeated:
            return "(" + value + ")" + modifier
        return "((?:" + value + ")" + modifier + ")"
    if not repeated:
        return "(?:" + prefix + "(" + value + ")" + suffix + ")" + modifier
    shape = ("(?:" + prefix + "((?:" + value + ")(?:" + suffix + prefix + "(?:" + value
             + "))*)" + suffix + ")")
    return shape + "?" if part.modifier is Modifier.ZERO_OR_MORE else shape


def _python_regular_expression(parts: tuple[Part, ...], options: Options) -> str:
    """The standard's expression in Python's re syntax, with the same groups in the same
    order; a repeated full wildcard, and a repeated segment wildcard without prefix and
    suffix, written as the single wildcard they equal (no nested quantifier)."""
    fold = options.ignore_case
    result = "^"
    for part in parts:
        if part.type is PartType.FIXED_TEXT:
            text = _py_literal(part.value, fold)
            if part.modifier is Modifier.NONE:
                result += text
            else:
                result += "(?:" + text + ")" + _modifier_string(part.modifier)
            continue
        prefix = _py_literal(part.prefix, fold)
        suffix = _py_literal(part.suffix, fold)
        repeated = part.modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
        if part.type is PartType.FULL_WILDCARD:
            if repeated:
                # (?:.*)+, (?:.*)* and .*(?:SP.*)* match what .* matches, longest first
                if prefix == "" and suffix == "":
                    result += "(" + _PY_DOT + "*)"
                else:
                    result += ("(?:" + prefix + "(" + _PY_DOT + "*)" + suffix + ")"
                               + ("?" if part.modifier is Modifier.ZERO_OR_MORE else ""))
                continue
            # JavaScript refuses an empty iteration of an optional group, so the
            # standard's (.*)? is (.+)?: skipped (undefined), never empty
            value = _PY_DOT + ("+" if _empty_refused(part) else "*")
        elif part.type is PartType.SEGMENT_WILDCARD:
            if repeated and prefix == "" and suffix == "":
                # (?:[^d]+?)+ tries the longest run first, as [^d]+ does
                star = "*" if part.modifier is Modifier.ZERO_OR_MORE else "+"
                result += "(" + _py_segment_class(options) + star + ")"
                continue
            value = _py_segment_class(options) + "+?"
        else:
            value = _translate(part.value, fold)
        result += _group_shape(part, value, prefix, suffix)
    return result + "\\Z"


def _empty_refused(part: Part) -> bool:
    """Whether the part is an optional full wildcard without prefix and suffix: the
    standard's ``(.*)?``, whose empty iteration JavaScript refuses (ECMA-262
    RepeatMatcher: an iteration of a quantifier with minimum 0 that matches the empty
    string fails), so it never captures the empty string."""
    return (part.type is PartType.FULL_WILDCARD and part.modifier is Modifier.OPTIONAL
            and part.prefix == "" and part.suffix == "")


def _py_segment_class(options: Options) -> str:
    """The segment wildcard's class ``[^<delimiter>]`` in Python's syntax."""
    if options.delimiter == "":
        return _PY_ANY
    return _py_class([(ord(c), ord(c)) for c in options.delimiter], [], True,
                     options.ignore_case)


def _py_literal(text: str, fold: bool) -> str:
    """Fixed text as a Python regex: each character escaped, each letter its case class
    with ``fold``."""
    out: list[str] = []
    for char in text:
        if fold and char.isascii() and char.isalpha():
            out.append(_py_class([(ord(char), ord(char))], [], False, True))
        elif fold and not char.isascii() and char.lower() != char.upper():
            # the standard asserts ASCII fixed text (its callbacks percent-encode); a
            # caller's other text is matched with Python's own case rules
            out.append("(?i:" + re.escape(char) + ")")
        else:
            out.append(_py_char(ord(char)))
    return "".join(out)


@attrs.frozen
class Component:
    """The result of the standard's "compile a component".

    Match with :meth:`match`: it asks ``regex`` where Python's re is linear on the
    component, and the linear matcher (``program``) where it is not.

    Attributes:
        pattern_string: the normalized pattern string ("generate a pattern string").
        regex: the standard's regular expression for Python's re, anchored at both
            ends; group ``i`` is ``group_names[i - 1]``. It answers as :meth:`match`
            does, but in polynomial time where ``program`` is not ``None``.
        group_names: the group name list.
        has_regexp_groups: whether a part is a regexp group.
        parts: the part list.
        options: the options it was compiled with.
        program: the linear matcher of an ambiguous component without regexp groups
            (two wildcards that can take the same text, see the module's docstring),
            or ``None``: ``regex`` is linear.
    """

    pattern_string: str
    regex: re.Pattern[str]
    group_names: tuple[str, ...]
    has_regexp_groups: bool
    parts: tuple[Part, ...]
    options: Options = Options()
    program: Program | None = None

    def match(self, text: str) -> tuple[str | None, ...] | None:
        """The group values of ``text`` in ``group_names`` order (``None`` for a
        group that took no part), or ``None`` where the component does not match.

        Linear in ``text`` for every component without regexp groups.
        """
        if self.program is not None:
            return self.program.match(text)
        found = self.regex.match(text)
        if found is None:
            return None
        groups: tuple[str | None, ...] = found.groups()
        if self.has_regexp_groups:
            # a named group inside a regexp group has a number too: drop the extra ones
            return groups[:len(self.group_names)]
        return groups


def compile_component(text: str, encode: Callable[[str], str], options: Options) -> Component:
    """The standard's "compile a component" (§1.5).

    Args:
        text: the component's pattern string.
        encode: the component's encoding callback.
        options: the component's options.

    Returns:
        The compiled component.

    Raises:
        ParseError: the pattern string is not well formed, a regexp group is outside
            urikit's subset, or a repeated group is ambiguous (see the module's
            docstring); what ``encode`` raises passes through.
    """
    parts = tuple(parse_pattern_string(text, options, encode))
    source = _python_regular_expression(parts, options)
    regex = re.compile(source, re.ASCII)
    names = tuple(part.name for part in parts if part.type is not PartType.FIXED_TEXT)
    has_regexp_groups = any(part.type is PartType.REGEXP for part in parts)
    program = None
    if not has_regexp_groups and is_ambiguous(parts, options):
        program = linear_program(parts, options)
    return Component(
        pattern_string=generate_pattern_string(parts, options),
        regex=regex,
        group_names=names,
        has_regexp_groups=has_regexp_groups,
        parts=parts,
        options=options,
        program=program,
    )


# ---------------------------------------------------------------------------------------
# Linear time: which components Python's re may take polynomial time on, and the
# linear matcher's program for them (urikit._match.linear)

#: A character set: the characters in the frozenset, or (negated) all the others.
_CharSet = tuple[frozenset[str], bool]

#: JavaScript's "." without the s flag excludes these; _PY_DOT says the same to re.
_LINE_TERMINATORS: Final = frozenset("\n\r\u2028\u2029")
_DOT_SET: Final[_CharSet] = (_LINE_TERMINATORS, True)


def _char_set(char: str, fold: bool) -> frozenset[str]:
    """The characters one character of fixed text matches, as _py_literal writes it."""
    if not fold or char.lower() == char.upper():
        return frozenset(char)
    if char.isascii():
        return frozenset(chr(lo) for pair in _fold_ranges([(ord(char), ord(char))])
                         for lo in range(pair[0], pair[1] + 1))
    # Python's own rule, as _py_literal asks re for it: under re.ASCII only the
    # character itself, but asked of re rather than assumed
    pattern = re.compile("(?i:" + re.escape(char) + ")", re.ASCII)
    candidates = {char, char.lower(), char.upper(), char.swapcase(), char.casefold(),
                  char.title()}
    return frozenset(c for c in candidates if len(c) == 1 and pattern.fullmatch(c))


def _segment_set(options: Options) -> _CharSet:
    """The segment wildcard's class ``[^<delimiter>]``, as _py_segment_class writes it."""
    excluded: set[str] = set()
    for char in options.delimiter:
        excluded |= _char_set(char, options.ignore_case)
    return frozenset(excluded), True


def _in_set(char: str, charset: _CharSet) -> bool:
    return (char in charset[0]) != charset[1]


def _joined(charset: _CharSet, text: str, fold: bool) -> _CharSet:
    """``charset`` with the characters ``text`` matches added."""
    chars: set[str] = set()
    for char in text:
        chars |= _char_set(char, fold)
    if charset[1]:
        return charset[0] - chars, True
    return charset[0] | chars, False


def _extent(part: Part, options: Options) -> tuple[_CharSet, str] | None:
    """For a part of variable length: the characters its text (after its prefix) can
    hold, and the fixed text that follows it inside the part; ``None`` for a part of
    bounded length."""
    fold = options.ignore_case
    repeated = part.modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
    if part.type is PartType.FIXED_TEXT:
        if not repeated:
            return None
        return _joined((frozenset(), False), part.value, fold), ""
    charset = _DOT_SET if part.type is PartType.FULL_WILDCARD else _segment_set(options)
    if repeated and (part.prefix or part.suffix) and part.type is PartType.SEGMENT_WILDCARD:
        # the repetitions are split by suffix and prefix: they are in its text
        charset = _joined(charset, part.suffix + part.prefix, fold)
    return charset, part.suffix


def _guarded(charset: _CharSet, following: str, parts: tuple[Part, ...], index: int,
             fold: bool) -> bool:
    """Whether every text that can follow a variable part of characters ``charset``
    (``following``, then ``parts[index:]``) holds, before any wildcard's text, a
    character outside ``charset`` (a barrier), or ends."""

    def barrier(text: str) -> bool:
        return any(not any(_in_set(c, charset) for c in _char_set(char, fold))
                   for char in text)

    if barrier(following):
        return True
    for part in parts[index:]:
        if part.type is PartType.FIXED_TEXT:
            if part.modifier is Modifier.OPTIONAL:
                continue  # it may be absent: it guards nothing
            guards = barrier(part.value)
            if part.modifier is Modifier.NONE:
                if guards:
                    return True
                continue
            # a repeated text is of variable length too: present, its text must hold
            # a barrier; one that may be absent (*) must also have one after it
            if part.modifier is Modifier.ONE_OR_MORE or not guards:
                return guards
            continue
        # a group: present, its prefix must hold a barrier (its value may not)
        if not barrier(part.prefix):
            return False
        if part.modifier in (Modifier.NONE, Modifier.ONE_OR_MORE):
            return True
    return True


def is_ambiguous(parts: tuple[Part, ...], options: Options) -> bool:
    """Whether Python's re may take more than linear time on the component.

    A part of variable length (a wildcard, a repeated text) whose text is always
    followed, before the next wildcard, by a character it cannot hold (``:a/:b``: the
    segment wildcard cannot hold ``/``) or by the end of the text, ends where that
    character says: one place for each choice of the optional parts that follow, so
    a backtracking engine tries a bounded number of places for each and takes linear
    time. A component with a variable part not so guarded (``:a-:b``, ``*/*``) is
    ambiguous: the engine may try every split of the text between two wildcards.
    The test is conservative: ``/*/:b`` is ambiguous although re happens to be linear
    on it.
    """
    for index, part in enumerate(parts):
        extent = _extent(part, options)
        if extent is None:
            continue
        charset, following = extent
        if not _guarded(charset, following, parts, index + 1, options.ignore_case):
            return True
    return False


class _Emitter:
    """Writes a part list as a linear matcher's program, instruction for instruction
    the expression _python_regular_expression writes for re."""

    def __init__(self, options: Options) -> None:
        self.builder = ProgramBuilder()
        self.fold = options.ignore_case
        self.segment = _segment_set(options)

    def literal(self, text: str) -> None:
        for char in text:
            self.builder.char(_char_set(char, self.fold), False)

    def repeat(self, charset: _CharSet, minimum: int, greedy: bool) -> None:
        """``charset`` repeated: ``*`` (minimum 0) or ``+`` (1), greedy or lazy."""
        b = self.builder
        if minimum:
            b.char(*charset)
        top = b.split()
        b.char(*charset)
        b.jump(top)
        out = b.here()
        if greedy:
            b.patch(top, top + 1, out)
        else:
            b.patch(top, out, top + 1)

    def begin(self, modifier: Modifier) -> int:
        """Open ``(?:...)`` with a greedy ``?``, ``*`` or ``+`` (or none); the mark
        :meth:`end` takes."""
        if modifier in (Modifier.OPTIONAL, Modifier.ZERO_OR_MORE):
            return self.builder.split()
        return self.builder.here()

    def end(self, modifier: Modifier, mark: int) -> None:
        b = self.builder
        if modifier is Modifier.ONE_OR_MORE:
            split = b.split()
            b.patch(split, mark, b.here())
        elif modifier is not Modifier.NONE:
            if modifier is Modifier.ZERO_OR_MORE:
                b.jump(mark)
            b.patch(mark, mark + 1, b.here())


def linear_program(parts: tuple[Part, ...], options: Options) -> Program:
    """The linear matcher's program of a part list without regexp groups: the
    expression of _python_regular_expression, with the same groups."""
    e = _Emitter(options)
    b = e.builder
    group = 0
    for part in parts:
        if part.type is PartType.FIXED_TEXT:
            mark = e.begin(part.modifier)
            e.literal(part.value)
            e.end(part.modifier, mark)
            continue
        if part.type is PartType.REGEXP:
            raise ValueError("a regexp group has no linear program")
        prefix = part.prefix
        suffix = part.suffix
        modifier = part.modifier
        repeated = modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
        full = part.type is PartType.FULL_WILDCARD
        charset = _DOT_SET if full else e.segment
        # the part's text: (?:p(...)s) with modifier `outer` around it
        outer = modifier
        if repeated:
            outer = (Modifier.OPTIONAL if modifier is Modifier.ZERO_OR_MORE
                     and (prefix or suffix) else Modifier.NONE)
        mark = e.begin(outer)
        e.literal(prefix)
        b.save(2 * group)
        if repeated and (full or prefix == suffix == ""):
            # the rewritten forms: (.*), (?:p(.*)s)?, ([^d]*), ([^d]+)
            minimum = 1 if not full and modifier is Modifier.ONE_OR_MORE else 0
            e.repeat(charset, minimum, True)
        elif full:
            e.repeat(charset, 1 if _empty_refused(part) else 0, True)
        else:
            e.repeat(charset, 1, False)
            if repeated:
                # ((?:[^d]+?)(?:sp(?:[^d]+?))*)
                more = e.begin(Modifier.ZERO_OR_MORE)
                e.literal(suffix + prefix)
                e.repeat(charset, 1, False)
                e.end(Modifier.ZERO_OR_MORE, more)
        b.save(2 * group + 1)
        e.literal(suffix)
        e.end(outer, mark)
        group += 1
    b.match()
    return b.build(group)


# ---------------------------------------------------------------------------------------
# The pattern string (§2.3)


def generate_pattern_string(parts: list[Part] | tuple[Part, ...], options: Options) -> str:
    """The standard's "generate a pattern string" (§2.3)."""
    result = ""
    count = len(parts)
    for index, part in enumerate(parts):
        previous = parts[index - 1] if index > 0 else None
        following = parts[index + 1] if index < count - 1 else None
        if part.type is PartType.FIXED_TEXT:
            if part.modifier is Modifier.NONE:
                result += escape_pattern_string(part.value)
                continue
            result += ("{" + escape_pattern_string(part.value) + "}"
                       + _modifier_string(part.modifier))
            continue
        custom_name = not part.name[0].isdigit() or not part.name[0].isascii()
        needs_grouping = part.suffix != "" or part.prefix not in ("", options.prefix)
        if (not needs_grouping and custom_name and part.type is PartType.SEGMENT_WILDCARD
                and part.modifier is Modifier.NONE and following is not None
                and following.prefix == "" and following.suffix == ""):
            if following.type is PartType.FIXED_TEXT:
                needs_grouping = following.value != "" and is_valid_name_code_point(
                    following.value[0], False)
            else:
                needs_grouping = following.name[0].isdigit() and following.name[0].isascii()
        if (not needs_grouping and part.prefix == "" and previous is not None
                and previous.type is PartType.FIXED_TEXT and previous.value != ""
                and previous.value[-1] == options.prefix):
            needs_grouping = True
        if needs_grouping:
            result += "{"
        result += escape_pattern_string(part.prefix)
        if custom_name:
            result += ":" + part.name
        if part.type is PartType.REGEXP:
            result += "(" + part.value + ")"
        elif part.type is PartType.SEGMENT_WILDCARD and not custom_name:
            result += "(" + segment_wildcard_regexp(options) + ")"
        elif part.type is PartType.FULL_WILDCARD:
            if not custom_name and (
                    previous is None or previous.type is PartType.FIXED_TEXT
                    or previous.modifier is not Modifier.NONE or needs_grouping
                    or part.prefix != ""):
                result += "*"
            else:
                result += "(" + FULL_WILDCARD_REGEXP + ")"
        if (part.type is PartType.SEGMENT_WILDCARD and custom_name and part.suffix != ""
                and is_valid_name_code_point(part.suffix[0], False)):
            result += "\\"
        result += escape_pattern_string(part.suffix)
        if needs_grouping:
            result += "}"
        result += _modifier_string(part.modifier)
    return result


# ---------------------------------------------------------------------------------------
# compareComponent and generate()


def _part_key(part: Part) -> tuple[int, int, str, str, str]:
    return (_RANK[part.type], _RANK[part.modifier], part.prefix, part.value, part.suffix)


_EMPTY_PART: Final = Part(PartType.FIXED_TEXT, "", Modifier.NONE)


def _compare_parts(left: Part, right: Part) -> int:
    a = _part_key(left)
    b = _part_key(right)
    return (a > b) - (a < b)


def compare_component(left: Component, right: Component) -> int:
    """``URLPattern.compareComponent`` on two compiled components: -1, 0 or 1.

    Part by part: first the type (full wildcard < regexp < segment wildcard < fixed
    text), then the modifier (``*`` < ``?`` < ``+`` < none), then prefix, value and
    suffix as strings (code point order); group names do not count. When one list is
    a prefix of the other, the next part of the longer list is compared with an empty
    fixed-text part.

    Args:
        left: a compiled component.
        right: the other, of the same component name.

    Returns:
        -1, 0 or 1.
    """
    for a, b in zip(left.parts, right.parts, strict=False):
        order = _compare_parts(a, b)
        if order:
            return order
    common = min(len(left.parts), len(right.parts))
    if len(left.parts) > common:
        return _compare_parts(left.parts[common], _EMPTY_PART)
    if len(right.parts) > common:
        return _compare_parts(_EMPTY_PART, right.parts[common])
    return 0


def generate(component: Component, groups: Mapping[str, str],
             encode: Callable[[str], str]) -> str:
    """The ``generate()`` proposal for one component: the text its pattern makes of
    ``groups``.

    Fixed text is copied; each named segment wildcard takes its group's value, run
    through ``encode`` (the component's encoding callback), with the part's prefix
    and suffix. The value must match the group: not empty, and without the delimiter
    (``"bar/baz"`` for ``/:foo``). A regexp group, a full wildcard or a modifier has no
    single text, so a pattern with one generates nothing.

    Args:
        component: the compiled component.
        groups: the values by group name; names the pattern does not have are ignored.
        encode: the encoding callback of the component.

    Returns:
        The component's text.

    Raises:
        BuildError: with ``Rule.GENERATE_FROM_GROUPS`` where the proposal throws: a
            part that has no single text, a group without a value, or a value the
            group does not match.
    """
    result = ""
    for part in component.parts:
        if part.modifier is not Modifier.NONE:
            shown = generate_pattern_string([part], component.options)
            raise BuildError(Rule.GENERATE_FROM_GROUPS,
                             f"{shown!r} has the modifier {_modifier_string(part.modifier)!r}")
        if part.type is PartType.FIXED_TEXT:
            result += part.value
            continue
        if part.type is not PartType.SEGMENT_WILDCARD:
            shown = generate_pattern_string([part], component.options)
            kind = "a full wildcard" if part.type is PartType.FULL_WILDCARD else "a regexp group"
            raise BuildError(Rule.GENERATE_FROM_GROUPS, f"{shown!r} is {kind}")
        if part.name not in groups:
            raise BuildError(Rule.GENERATE_FROM_GROUPS, f"group {part.name!r} has no value")
        value = encode(groups[part.name])
        delimiter = component.options.delimiter
        if value == "" or (delimiter != "" and delimiter in value):
            what = "is empty" if value == "" else f"holds the delimiter {delimiter!r}"
            raise BuildError(Rule.GENERATE_FROM_GROUPS,
                             f"the value of group {part.name!r} {what}")
        result += part.prefix + value + part.suffix
    return result


# ---------------------------------------------------------------------------------------
# JavaScript's regexp (v flag) read into Python's re: the subset


class _Refused(Exception):
    """A construct outside the subset, at ``offset`` in the regexp's source."""

    def __init__(self, offset: int, reason: str, hint: str = "") -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason
        self.hint = hint


#: JavaScript's "." without the s flag: anything but a line terminator.
_PY_DOT: Final = "[^\\n\\r\\u2028\\u2029]"
#: Any character ("[^]" in JavaScript).
_PY_ANY: Final = "[\\x00-\\U0010ffff]"
#: JavaScript's \s: WhiteSpace and LineTerminator (ECMA-262 §22.2.2.9).
_JS_SPACE: Final[tuple[tuple[int, int], ...]] = (
    (0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
    (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
)
#: JavaScript's \w; with the i and u/v flags also U+017F and U+212A, which fold into it.
_JS_WORD: Final[tuple[tuple[int, int], ...]] = (
    (0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
_JS_WORD_FOLDED: Final[tuple[tuple[int, int], ...]] = (
    *_JS_WORD, (0x17F, 0x17F), (0x212A, 0x212A))
_FOLD_EXTRA: Final[dict[int, int]] = {0x73: 0x17F, 0x6B: 0x212A}
_JS_SYNTAX: Final = "^$\\.*+?()[]{}|/"
#: v-flag class punctuators that may be escaped in a class (ClassSetReservedPunctuator).
_JS_CLASS_PUNCTUATOR: Final = "&-!#%,:;<=>@`~"
_JS_DOUBLE_PUNCTUATOR: Final = "&!#$%*+,.:;<=>?@^`~"
_JS_CLASS_SYNTAX: Final = "()[]{}/-\\|"


def _py_char(cp: int) -> str:
    """One code point as a Python regex (outside or inside a class)."""
    char = chr(cp)
    if char.isascii() and char.isalnum():
        return char
    if 0x20 < cp < 0x7F:
        return "\\" + char
    if cp <= 0xFF:
        return f"\\x{cp:02x}"
    if cp <= 0xFFFF:
        return f"\\u{cp:04x}"
    return f"\\U{cp:08x}"


def _fold_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The ranges with every ASCII letter's simple-case-folding partners added."""
    out = list(ranges)
    for lo, hi in ranges:
        for cp in range(max(lo, 0x41), min(hi, 0x7A) + 1):
            char = chr(cp)
            if not char.isalpha():
                continue
            other = ord(char.swapcase())
            out.append((other, other))
            extra = _FOLD_EXTRA.get(ord(char.lower()))
            if extra is not None:
                out.append((extra, extra))
    return out


def _py_class(ranges: list[tuple[int, int]], escapes: list[str], negated: bool,
              fold: bool) -> str:
    """A Python character class of code point ranges and class escapes."""
    if fold:
        ranges = _fold_ranges(ranges)
    if not ranges and not escapes:
        return _PY_ANY if negated else "(?!)"
    body = "".join(_py_char(lo) if lo == hi else _py_char(lo) + "-" + _py_char(hi)
                   for lo, hi in sorted(set(ranges)))
    return "[" + ("^" if negated else "") + body + "".join(escapes) + "]"


class _Node(NamedTuple):
    """A translated piece: its Python text and what the linear-time rule asks of it."""

    text: str
    quantified: bool  # holds a quantifier
    alternation: bool  # holds "|"
    assertion: bool  # an assertion: nothing to repeat


class _Reader:
    """A recursive-descent reader of JavaScript's regexp grammar with the v flag
    (ECMA-262 §22.2.1), writing Python's re; it raises _Refused outside the subset."""

    def __init__(self, source: str, fold: bool, names: tuple[str, ...] = ()) -> None:
        self.source = source
        self.fold = fold
        self.pos = 0
        # what each atom that consumes a character matches, for the separator test
        self.consumers: list[str] = []
        # the names of named groups: JavaScript refuses a name twice in one expression
        self.group_names: list[str] = list(names)

    def peek(self, ahead: int = 0) -> str:
        index = self.pos + ahead
        return self.source[index] if index < len(self.source) else ""

    def refuse(self, reason: str, hint: str = "", at: int = -1) -> _Refused:
        return _Refused(self.pos if at < 0 else at, reason, hint)

    def disjunction(self) -> _Node:
        alternatives = [self.alternative()]
        while self.peek() == "|":
            self.pos += 1
            alternatives.append(self.alternative())
        if len(alternatives) == 1:
            return alternatives[0]
        return _Node("|".join(a.text for a in alternatives),
                     any(a.quantified for a in alternatives), True, False)

    def alternative(self) -> _Node:
        texts: list[str] = []
        quantified = alternation = False
        while self.peek() not in ("", "|", ")"):
            node = self.term()
            texts.append(node.text)
            quantified = quantified or node.quantified
            alternation = alternation or node.alternation
        return _Node("".join(texts), quantified, alternation, False)

    def term(self) -> _Node:
        start = self.pos
        atom = self.atom()
        char = self.peek()
        if char not in ("*", "+", "?", "{"):
            return atom
        quantifier_start = self.pos
        quantifier, repeats = self.quantifier()
        if atom.assertion:
            raise self.refuse("a quantifier after an assertion has nothing to repeat", "",
                              quantifier_start)
        if repeats and (atom.quantified or atom.alternation):
            inner = "a quantifier" if atom.quantified else "an alternation"
            raise _Refused(start, "a repeated sub-expression that holds " + inner
                           + " can match one text in exponentially many ways",
                           "urikit keeps matching linear: write it without the nesting")
        if self.peek() in ("*", "+", "?", "{") and self.peek() != "":
            raise self.refuse(f"quantifier {self.peek()!r} with nothing to repeat")
        return _Node(atom.text + quantifier, True, atom.alternation, False)

    def quantifier(self) -> tuple[str, bool]:
        """The quantifier at pos and whether it repeats (a maximum above 1)."""
        char = self.peek()
        if char == "{":
            match = re.compile(r"\{([0-9]+)(,([0-9]*))?\}").match(self.source, self.pos)
            if match is None:
                raise self.refuse("lone '{' (JavaScript's u and v flags refuse it)")
            low = int(match.group(1))
            high_text = match.group(3)
            if match.group(2) is None:
                high = low
            elif high_text == "":
                high = -1
            else:
                high = int(high_text)
                if high < low:
                    raise self.refuse("numbers out of order in quantifier "
                                      + repr(match.group(0)))
            self.pos = match.end()
            text = match.group(0)
            repeats = high == -1 or high > 1
        else:
            self.pos += 1
            text = char
            repeats = char != "?"
        if self.peek() == "?":
            self.pos += 1
            text += "?"
        return text, repeats

    def atom(self) -> _Node:
        char = self.peek()
        start = self.pos
        if char == "^":
            self.pos += 1
            return _Node("^", False, False, True)
        if char == "$":
            self.pos += 1
            return _Node("\\Z", False, False, True)
        if char == ".":
            self.pos += 1
            self.consumers.append(_PY_DOT)
            return _Node(_PY_DOT, False, False, False)
        if char == "(":
            return self.group()
        if char == "[":
            return _Node(self.character_class(), False, False, False)
        if char == "\\":
            return self.atom_escape()
        if char in ("*", "+", "?"):
            raise self.refuse(f"quantifier {char!r} with nothing to repeat")
        if char in ("{", "}", "]"):
            raise self.refuse(f"lone {char!r} (JavaScript's u and v flags refuse it)")
        self.pos += 1
        return _Node(self.literal(ord(char), start), False, False, False)

    def literal(self, cp: int, at: int) -> str:
        text = self.literal_text(cp, at)
        self.consumers.append(text)
        return text

    def literal_text(self, cp: int, at: int) -> str:
        if self.fold:
            if cp > 0x7F:
                raise self.refuse(f"non-ASCII character {chr(cp)!r} with ignore case",
                                  "JavaScript folds case by Unicode's simple case "
                                  "folding, which Python's re does not have", at)
            if chr(cp).isalpha():
                return _py_class([(cp, cp)], [], False, True)
        return _py_char(cp)

    def group(self) -> _Node:
        start = self.pos
        # the tokenizer lets only "(?" open a group inside a regexp
        self.pos += 2
        kind = self.peek()
        if kind == ":":
            self.pos += 1
            opener = "(?:"
            assertion = False
        elif kind in ("=", "!"):
            self.pos += 1
            opener = "(?" + kind
            assertion = True
        elif kind == "<" and self.peek(1) in ("=", "!"):
            self.pos += 2
            opener = "(?<" + self.source[self.pos - 1]
            assertion = True
        elif kind == "<":
            # a capturing group in JavaScript too: it takes the next number, and the
            # standard reads the groups by number (a later group's value shifts)
            match = re.compile("[A-Za-z_$][A-Za-z0-9_$]*>").match(self.source, self.pos + 1)
            if match is None:
                raise self.refuse("a named group without a valid name", "", start)
            name = match.group(0)[:-1]
            if name in self.group_names:
                raise self.refuse(f"duplicate named group {name!r}", "", start)
            self.group_names.append(name)
            self.pos = match.end()
            opener = "("
            assertion = False
        else:
            raise self.refuse(f"group '(?{kind}' outside urikit's regexp subset", "", start)
        inner = self.disjunction()
        if self.peek() != ")":
            raise self.refuse("unclosed group", "", start)
        self.pos += 1
        text = opener + inner.text + ")"
        if opener.startswith("(?<"):
            try:
                re.compile(text, re.ASCII)
            except re.error:
                raise self.refuse("a lookbehind of variable length",
                                  "Python's re needs a fixed width", start) from None
        return _Node(text, inner.quantified, inner.alternation, assertion)

    def atom_escape(self) -> _Node:
        start = self.pos
        self.pos += 1
        char = self.peek()
        if char == "":
            raise self.refuse("'\\' at the end escapes nothing", "", start)
        if char in "bB":
            self.pos += 1
            if not self.fold:
                return _Node("\\" + char, False, False, True)
            word = _py_class(list(_JS_WORD_FOLDED), [], False, False)
            if char == "b":
                text = f"(?:(?<={word})(?!{word})|(?<!{word})(?={word}))"
            else:
                text = f"(?:(?<={word})(?={word})|(?<!{word})(?!{word}))"
            return _Node(text, False, False, True)
        if char in "dDwWsS":
            self.pos += 1
            self.consumers.append(self.class_escape_alone(char))
            return _Node(self.consumers[-1], False, False, False)
        if (char.isdigit() and char != "0") or char == "k":
            raise self.refuse(f"backreference '\\{char}'",
                              "a regexp group has no groups to refer to", start)
        if char in "pP":
            raise self.refuse(f"property escape '\\{char}{{...}}'",
                              "Python's re has no Unicode properties", start)
        cp = self.character_escape(start, in_class=False)
        return _Node(self.literal(cp, start), False, False, False)

    def class_escape_alone(self, char: str) -> str:
        if char in "dD":
            return "\\" + char  # ASCII digits, as re.ASCII reads them
        if char in "wW":
            if not self.fold:
                return "\\" + char
            return _py_class(list(_JS_WORD_FOLDED), [], char == "W", False)
        return _py_class(list(_JS_SPACE), [], char == "S", False)

    def character_escape(self, start: int, in_class: bool) -> int:
        """The code point of the CharacterEscape after the backslash at pos."""
        char = self.peek()
        if char == "":
            raise self.refuse("'\\' at the end escapes nothing", "", start)
        simple = {"t": 9, "n": 10, "v": 11, "f": 12, "r": 13}
        if char in simple:
            self.pos += 1
            return simple[char]
        if char == "c":
            letter = self.peek(1)
            if letter.isascii() and letter.isalpha():
                self.pos += 2
                return ord(letter) % 32
            raise self.refuse("'\\c' without a control letter", "", start)
        if char == "0" and not self.peek(1).isdigit():
            self.pos += 1
            return 0
        if char == "x":
            digits = self.source[self.pos + 1:self.pos + 3]
            if len(digits) == 2 and all(c in "0123456789abcdefABCDEF" for c in digits):
                self.pos += 3
                return int(digits, 16)
            raise self.refuse("'\\x' without two hex digits", "", start)
        if char == "u":
            return self.unicode_escape(start)
        if char in _JS_SYNTAX or (in_class and char in _JS_CLASS_PUNCTUATOR):
            self.pos += 1
            return ord(char)
        raise self.refuse(f"unknown escape '\\{char}'",
                          "JavaScript's u and v flags refuse it", start)

    def unicode_escape(self, start: int) -> int:
        if self.peek(1) == "{":
            end = self.source.find("}", self.pos + 2)
            digits = self.source[self.pos + 2:end] if end > 0 else ""
            if digits and all(c in "0123456789abcdefABCDEF" for c in digits):
                value = int(digits, 16)
                if value <= 0x10FFFF:
                    self.pos = end + 1
                    return self.not_surrogate(value, start)
            raise self.refuse("'\\u{' without a code point", "", start)
        digits = self.source[self.pos + 1:self.pos + 5]
        if len(digits) == 4 and all(c in "0123456789abcdefABCDEF" for c in digits):
            self.pos += 5
            return self.not_surrogate(int(digits, 16), start)
        raise self.refuse("'\\u' without four hex digits", "", start)

    def not_surrogate(self, value: int, start: int) -> int:
        if 0xD800 <= value <= 0xDFFF:
            raise self.refuse("a surrogate escape", "write the code point as '\\u{...}'",
                              start)
        return value

    def character_class(self) -> str:
        start = self.pos
        self.pos += 1
        negated = self.peek() == "^"
        if negated:
            self.pos += 1
        ranges: list[tuple[int, int]] = []
        escapes: list[str] = []
        while True:
            char = self.peek()
            if char == "":
                raise self.refuse("unclosed character class", "", start)
            if char == "]":
                self.pos += 1
                break
            item_start = self.pos
            low = self.class_atom(escapes, ranges)
            if low < 0:
                continue
            high = low
            if self.peek() == "-" and self.peek(1) != "-":
                self.pos += 1
                if self.peek() == "]":
                    raise self.refuse("a lone '-' in a class (the v flag refuses it)")
                high = self.class_atom(escapes, ranges)
                if high < 0:
                    raise self.refuse("a class escape as the end of a range", "", item_start)
                if high < low:
                    raise self.refuse("range out of order in character class", "",
                                      item_start)
            if self.fold and high > 0x7F:
                raise self.refuse("a non-ASCII character in a class with ignore case",
                                  "JavaScript folds case by Unicode's simple case "
                                  "folding, which Python's re does not have", item_start)
            ranges.append((low, high))
        self.consumers.append(_py_class(ranges, escapes, negated, self.fold))
        return self.consumers[-1]

    def class_atom(self, escapes: list[str], ranges: list[tuple[int, int]]) -> int:
        """One class member: its code point, or -1 for a class escape (added to
        ``escapes`` or, for ``\\s``, to ``ranges``)."""
        start = self.pos
        char = self.peek()
        if char == "[":
            raise self.refuse("a nested class (the v flag's set notation)",
                              "outside urikit's regexp subset")
        if char in ("&", "-") and self.peek(1) == char:
            raise self.refuse(f"the v flag's set operation {char * 2!r}",
                              "outside urikit's regexp subset")
        if char in _JS_DOUBLE_PUNCTUATOR and self.peek(1) == char:
            raise self.refuse(f"doubled {char!r} in a class (the v flag refuses it)")
        if char == "\\":
            self.pos += 1
            escaped = self.peek()
            if escaped == "b":
                self.pos += 1
                return 8
            if escaped in "dDwW" and escaped != "":
                self.pos += 1
                if escaped in "wW" and self.fold:
                    if escaped == "W":
                        raise self.refuse("'\\W' inside a class with ignore case",
                                          "write it outside the class", start)
                    ranges.extend(_JS_WORD_FOLDED)
                else:
                    escapes.append("\\" + escaped)
                return -1
            if escaped == "s":
                self.pos += 1
                ranges.extend(_JS_SPACE)
                return -1
            if escaped == "S":
                raise self.refuse("'\\S' inside a class",
                                  "Python's re has no class for JavaScript's \\S inside "
                                  "a class", start)
            if escaped == "q":
                raise self.refuse("the v flag's string literal '\\q{...}'",
                                  "outside urikit's regexp subset", start)
            if escaped in "pP" and escaped != "":
                raise self.refuse(f"property escape '\\{escaped}{{...}}'",
                                  "Python's re has no Unicode properties", start)
            if (escaped.isdigit() and escaped != "0") or escaped == "k":
                raise self.refuse(f"backreference '\\{escaped}'",
                                  "a regexp group has no groups to refer to", start)
            return self.character_escape(start, in_class=True)
        if char in _JS_CLASS_SYNTAX:
            raise self.refuse(f"unescaped {char!r} in a class (the v flag refuses it)")
        self.pos += 1
        return ord(char)


def _translate(source: str, fold: bool) -> str:
    """A regexp group's JavaScript source as Python's re, or _Refused."""
    reader = _Reader(source, fold)
    node = reader.disjunction()
    if reader.pos != len(source):
        raise reader.refuse("unmatched ')'")
    return "(?:" + node.text + ")" if node.alternation else node.text


def _check_part(part: Part, options: Options, names: tuple[str, ...]) -> tuple[str, ...]:
    """Refuse (_Refused) a group part outside the subset or not linear (see the
    module's docstring); the named groups of the expression so far, with the part's."""
    repeated = part.modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
    if part.type is PartType.REGEXP:
        reader = _Reader(part.value, options.ignore_case, names)
        node = reader.disjunction()
        if reader.pos != len(part.value):
            raise reader.refuse("unmatched ')'")
        found = tuple(reader.group_names)
        if repeated and (part.prefix or part.suffix) and len(found) > len(names):
            # the standard's repeated form writes the regexp twice
            raise _Refused(0, f"duplicate named group {found[len(names)]!r} (a repeated "
                           "group with a prefix or suffix writes its regexp twice)")
        if not repeated or not (node.quantified or node.alternation):
            return found  # a fixed length: each repetition's place is known
        for char in part.suffix + part.prefix:
            if options.ignore_case and char.isalpha():
                continue
            if not any(re.fullmatch(atom, char, re.ASCII) for atom in reader.consumers):
                return found  # a separator character the group cannot match splits them
        raise _Refused(0, "a repeated regexp group of variable length without a "
                       "separator it cannot match is ambiguous",
                       "urikit keeps matching linear: give the group a prefix or "
                       "suffix it cannot match")
    if part.type is PartType.SEGMENT_WILDCARD and repeated:
        separator = part.suffix + part.prefix
        if separator == "" or (options.delimiter != "" and options.delimiter in separator):
            return names
        raise _Refused(0, "a repeated group whose prefix and suffix hold no delimiter "
                       "is ambiguous",
                       "urikit keeps matching linear: put the delimiter "
                       f"{options.delimiter!r} in its prefix or suffix"
                       if options.delimiter else
                       "urikit keeps matching linear: a repeated group without a "
                       "delimiter needs no prefix or suffix")
    return names
