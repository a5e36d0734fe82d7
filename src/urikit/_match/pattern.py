"""The pattern strings of the WHATWG URLPattern standard: tokenizer, parser, regex, text.

One component's pattern string (``/books/:id(\\d+)?``) is tokenized, parsed into a part
list with the component's encoding callback, and compiled (URLPattern §2 "Pattern
strings", "compile a component"): the standard's regular expression, translated to
Python's :mod:`re` (see below), the group name list, and the pattern string the part list
gives back. :func:`compare_component` orders two components as
``URLPattern.compareComponent`` does, and :func:`generate` builds a component's text from
its groups (the ``generate()`` proposal).

The jobs live apart: :mod:`urikit._match.parts` reads a pattern string into parts (and
writes it back), :mod:`urikit._match.regexp` translates a regexp group's JavaScript to
Python's re, :mod:`urikit._match.program` writes the linear matcher's program of an
ambiguous component; this module compiles a component from them, and matches it.

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
component without regexp groups is matched in linear time by the engine of
:mod:`urikit._match.linear` (big-integer steps over all positions at once; a bounded
backtracker on short texts) over a program written from the part list
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

import re
from collections.abc import Callable, Mapping

import attrs

from urikit._core.errors import BuildError, Rule
from urikit._match.linear import Program
from urikit._match.parts import (
    EMPTY_PART,
    FULL_WILDCARD_REGEXP,
    Modifier,
    Options,
    Part,
    PartType,
    Token,
    TokenType,
    compare_parts,
    empty_refused,
    escape_pattern_string,
    escape_regexp_string,
    generate_pattern_string,
    modifier_string,
    parse_pattern_string,
    segment_wildcard_regexp,
    tokenize,
)
from urikit._match.program import is_ambiguous, linear_program
from urikit._match.regexp import PY_ANY, PY_DOT, py_char, py_class, translate

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
    "escape_pattern_string",
    "generate",
    "generate_pattern_string",
    "generate_regular_expression",
    "is_ambiguous",
    "linear_program",
    "parse_pattern_string",
    "tokenize",
]



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
                           + modifier_string(part.modifier))
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
    modifier = modifier_string(part.modifier)
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
                result += "(?:" + text + ")" + modifier_string(part.modifier)
            continue
        prefix = _py_literal(part.prefix, fold)
        suffix = _py_literal(part.suffix, fold)
        repeated = part.modifier in (Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE)
        if part.type is PartType.FULL_WILDCARD:
            if repeated:
                # (?:.*)+, (?:.*)* and .*(?:SP.*)* match what .* matches, longest first
                if prefix == "" and suffix == "":
                    result += "(" + PY_DOT + "*)"
                else:
                    result += ("(?:" + prefix + "(" + PY_DOT + "*)" + suffix + ")"
                               + ("?" if part.modifier is Modifier.ZERO_OR_MORE else ""))
                continue
            # JavaScript refuses an empty iteration of an optional group, so the
            # standard's (.*)? is (.+)?: skipped (undefined), never empty
            value = PY_DOT + ("+" if empty_refused(part) else "*")
        elif part.type is PartType.SEGMENT_WILDCARD:
            if repeated and prefix == "" and suffix == "":
                # (?:[^d]+?)+ tries the longest run first, as [^d]+ does
                star = "*" if part.modifier is Modifier.ZERO_OR_MORE else "+"
                result += "(" + _py_segment_class(options) + star + ")"
                continue
            value = _py_segment_class(options) + "+?"
        else:
            value = translate(part.value, fold)
        result += _group_shape(part, value, prefix, suffix)
    return result + "\\Z"


def _py_segment_class(options: Options) -> str:
    """The segment wildcard's class ``[^<delimiter>]`` in Python's syntax."""
    if options.delimiter == "":
        return PY_ANY
    return py_class([(ord(c), ord(c)) for c in options.delimiter], [], True,
                     options.ignore_case)


def _py_literal(text: str, fold: bool) -> str:
    """Fixed text as a Python regex: each character escaped, each letter its case class
    with ``fold``."""
    out: list[str] = []
    for char in text:
        if fold and char.isascii() and char.isalpha():
            out.append(py_class([(ord(char), ord(char))], [], False, True))
        elif fold and not char.isascii() and char.lower() != char.upper():
            # the standard asserts ASCII fixed text (its callbacks percent-encode); a
            # caller's other text is matched with Python's own case rules
            out.append("(?i:" + re.escape(char) + ")")
        else:
            out.append(py_char(ord(char)))
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
# compareComponent and generate()


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
        order = compare_parts(a, b)
        if order:
            return order
    common = min(len(left.parts), len(right.parts))
    if len(left.parts) > common:
        return compare_parts(left.parts[common], EMPTY_PART)
    if len(right.parts) > common:
        return compare_parts(EMPTY_PART, right.parts[common])
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
                             f"{shown!r} has the modifier {modifier_string(part.modifier)!r}")
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


