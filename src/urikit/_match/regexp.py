"""JavaScript's regexp (``v`` flag) read into Python's :mod:`re`: the subset.

A regexp group's source is translated, or refused at the construct (see
:mod:`urikit._match.pattern` for the subset and why).
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

# ---------------------------------------------------------------------------------------
# JavaScript's regexp (v flag) read into Python's re: the subset


class Refused(Exception):
    """A construct outside the subset, at ``offset`` in the regexp's source."""

    def __init__(self, offset: int, reason: str, hint: str = "") -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason
        self.hint = hint


#: JavaScript's "." without the s flag: anything but a line terminator.
PY_DOT: Final = "[^\\n\\r\\u2028\\u2029]"
#: Any character ("[^]" in JavaScript).
PY_ANY: Final = "[\\x00-\\U0010ffff]"
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


def py_char(cp: int) -> str:
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


def fold_ranges(ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
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


def py_class(ranges: list[tuple[int, int]], escapes: list[str], negated: bool,
              fold: bool) -> str:
    """A Python character class of code point ranges and class escapes."""
    if fold:
        ranges = fold_ranges(ranges)
    if not ranges and not escapes:
        return PY_ANY if negated else "(?!)"
    body = "".join(py_char(lo) if lo == hi else py_char(lo) + "-" + py_char(hi)
                   for lo, hi in sorted(set(ranges)))
    return "[" + ("^" if negated else "") + body + "".join(escapes) + "]"


class _Node(NamedTuple):
    """A translated piece: its Python text and what the linear-time rule asks of it."""

    text: str
    quantified: bool  # holds a quantifier
    alternation: bool  # holds "|"
    assertion: bool  # an assertion: nothing to repeat


class Reader:
    """A recursive-descent reader of JavaScript's regexp grammar with the v flag
    (ECMA-262 §22.2.1), writing Python's re; it raises Refused outside the subset."""

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

    def refuse(self, reason: str, hint: str = "", at: int = -1) -> Refused:
        return Refused(self.pos if at < 0 else at, reason, hint)

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
            raise Refused(start, "a repeated sub-expression that holds " + inner
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
            self.consumers.append(PY_DOT)
            return _Node(PY_DOT, False, False, False)
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
                return py_class([(cp, cp)], [], False, True)
        return py_char(cp)

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
            word = py_class(list(_JS_WORD_FOLDED), [], False, False)
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
            return py_class(list(_JS_WORD_FOLDED), [], char == "W", False)
        return py_class(list(_JS_SPACE), [], char == "S", False)

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
        self.consumers.append(py_class(ranges, escapes, negated, self.fold))
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


def translate(source: str, fold: bool) -> str:
    """A regexp group's JavaScript source as Python's re, or Refused."""
    reader = Reader(source, fold)
    node = reader.disjunction()
    if reader.pos != len(source):
        raise reader.refuse("unmatched ')'")
    return "(?:" + node.text + ")" if node.alternation else node.text
