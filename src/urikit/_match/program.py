"""Which URLPattern components Python's re may take polynomial time on, and their programs.

:func:`is_ambiguous` finds two wildcards that can take the same text; :func:`linear_program`
writes the part list as a program of the linear matcher (:mod:`urikit._match.linear`).
"""

from __future__ import annotations

import re
from typing import Final

from urikit._match.linear import Program, ProgramBuilder
from urikit._match.parts import Modifier, Options, Part, PartType, empty_refused
from urikit._match.regexp import fold_ranges

# ---------------------------------------------------------------------------------------
# Linear time: which components Python's re may take polynomial time on, and the
# linear matcher's program for them (urikit._match.linear)

#: A character set: the characters in the frozenset, or (negated) all the others.
_CharSet = tuple[frozenset[str], bool]

#: JavaScript's "." without the s flag excludes these; PY_DOT says the same to re.
_LINE_TERMINATORS: Final = frozenset("\n\r\u2028\u2029")
_DOT_SET: Final[_CharSet] = (_LINE_TERMINATORS, True)


def _char_set(char: str, fold: bool) -> frozenset[str]:
    """The characters one character of fixed text matches, as _py_literal writes it."""
    if not fold or char.lower() == char.upper():
        return frozenset(char)
    if char.isascii():
        return frozenset(chr(lo) for pair in fold_ranges([(ord(char), ord(char))])
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
            e.repeat(charset, 1 if empty_refused(part) else 0, True)
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


