"""URLPattern pattern strings read into parts: tokenizer, parser, the pattern string.

The standard's §2.1 (tokens, parts, options, "parse a pattern string") and §2.3
("generate a pattern string"), and the order ``compareComponent`` gives two parts.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable
from typing import Final, NamedTuple

import attrs

from urikit._core.errors import ParseError
from urikit._match.regexp import Reader, Refused

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


def modifier_string(modifier: Modifier) -> str:
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
            self.regexp_names = check_part(part, self.options, self.regexp_names)
        except Refused as refused:
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
                       + modifier_string(part.modifier))
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
        result += modifier_string(part.modifier)
    return result


def _part_key(part: Part) -> tuple[int, int, str, str, str]:
    return (_RANK[part.type], _RANK[part.modifier], part.prefix, part.value, part.suffix)


EMPTY_PART: Final = Part(PartType.FIXED_TEXT, "", Modifier.NONE)


def compare_parts(left: Part, right: Part) -> int:
    a = _part_key(left)
    b = _part_key(right)
    return (a > b) - (a < b)


def check_part(part: Part, options: Options, names: tuple[str, ...]) -> tuple[str, ...]:
    """Refuse (Refused) a group part outside the subset or not linear (see the
    module's docstring); the named groups of the expression so far, with the part's."""
    repeated = part.modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
    if part.type is PartType.REGEXP:
        reader = Reader(part.value, options.ignore_case, names)
        node = reader.disjunction()
        if reader.pos != len(part.value):
            raise reader.refuse("unmatched ')'")
        found = tuple(reader.group_names)
        if repeated and (part.prefix or part.suffix) and len(found) > len(names):
            # the standard's repeated form writes the regexp twice
            raise Refused(0, f"duplicate named group {found[len(names)]!r} (a repeated "
                           "group with a prefix or suffix writes its regexp twice)")
        if not repeated or not (node.quantified or node.alternation):
            return found  # a fixed length: each repetition's place is known
        for char in part.suffix + part.prefix:
            if options.ignore_case and char.isalpha():
                continue
            if not any(re.fullmatch(atom, char, re.ASCII) for atom in reader.consumers):
                return found  # a separator character the group cannot match splits them
        raise Refused(0, "a repeated regexp group of variable length without a "
                       "separator it cannot match is ambiguous",
                       "urikit keeps matching linear: give the group a prefix or "
                       "suffix it cannot match")
    if part.type is PartType.SEGMENT_WILDCARD and repeated:
        separator = part.suffix + part.prefix
        if separator == "" or (options.delimiter != "" and options.delimiter in separator):
            return names
        raise Refused(0, "a repeated group whose prefix and suffix hold no delimiter "
                       "is ambiguous",
                       "urikit keeps matching linear: put the delimiter "
                       f"{options.delimiter!r} in its prefix or suffix"
                       if options.delimiter else
                       "urikit keeps matching linear: a repeated group without a "
                       "delimiter needs no prefix or suffix")
    return names


def empty_refused(part: Part) -> bool:
    """Whether the part is an optional full wildcard without prefix and suffix: the
    standard's ``(.*)?``, whose empty iteration JavaScript refuses (ECMA-262
    RepeatMatcher: an iteration of a quantifier with minimum 0 that matches the empty
    string fails), so it never captures the empty string."""
    return (part.type is PartType.FULL_WILDCARD and part.modifier is Modifier.OPTIONAL
            and part.prefix == "" and part.suffix == "")
