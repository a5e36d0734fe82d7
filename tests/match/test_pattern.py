"""The URLPattern pattern-string engine: the standard's algorithms, the regexp subset, linearity."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import BuildError, ParseError
from urikit._core.errors import Rule
from urikit._match.pattern import (
    Component,
    Modifier,
    Options,
    Part,
    PartType,
    Token,
    TokenType,
    compare_component,
    compile_component,
    generate,
    generate_regular_expression,
    parse_pattern_string,
    tokenize,
)

DATA = Path(__file__).parent.parent / "data" / "regexp" / "js_regexp.json"
PATHNAME = Options(delimiter="/", prefix="/")
HOSTNAME = Options(delimiter=".")
DEFAULT = Options()


def same(text: str) -> str:
    """The identity encoding callback."""
    return text


def path(text: str) -> Component:
    return compile_component(text, same, PATHNAME)


T = TokenType

# §2.1.2 "tokenize": the parser's own examples (§2.1.5) and each branch
URLPATTERN_2_1_2_TOKENIZE = [
    pytest.param("/:foo(bar)?", [(T.CHAR, 0, "/"), (T.NAME, 1, "foo"), (T.REGEXP, 5, "bar"),
                                 (T.OTHER_MODIFIER, 10, "?"), (T.END, 11, "")], id="/:foo(bar)?"),
    pytest.param("{a:foo(bar)b}?", [(T.OPEN, 0, "{"), (T.CHAR, 1, "a"), (T.NAME, 2, "foo"),
                                    (T.REGEXP, 6, "bar"), (T.CHAR, 11, "b"), (T.CLOSE, 12, "}"),
                                    (T.OTHER_MODIFIER, 13, "?"), (T.END, 14, "")],
                 id="{a:foo(bar)b}?"),
    pytest.param("*+\\:", [(T.ASTERISK, 0, "*"), (T.OTHER_MODIFIER, 1, "+"),
                           (T.ESCAPED_CHAR, 2, ":"), (T.END, 4, "")], id="asterisk, escape"),
    pytest.param(":a$_1-", [(T.NAME, 0, "a$_1"), (T.CHAR, 5, "-"), (T.END, 6, "")],
                 id="name code points"),
    pytest.param(":café", [(T.NAME, 0, "café"), (T.END, 5, "")], id="non-ASCII name"),
    pytest.param("((?:a)b)", [(T.REGEXP, 0, "(?:a)b"), (T.END, 8, "")], id="nested (?:"),
    pytest.param("(\\))", [(T.REGEXP, 0, "\\)"), (T.END, 4, "")], id="escaped paren"),
]


@pytest.mark.parametrize(("text", "tokens"), URLPATTERN_2_1_2_TOKENIZE)
def test_tokenize(text: str, tokens: list[tuple[TokenType, int, str]]) -> None:
    """tokenize gives the standard's token list, the same with both policies."""
    assert tokenize(text, lenient=False) == [Token(*t) for t in tokens]
    assert tokenize(text, lenient=True) == [Token(*t) for t in tokens]


# §2.1.2 "process a tokenizing error": strict raises at the token, lenient reads on
URLPATTERN_2_1_2_ERRORS = [
    pytest.param("a\\", 1, [(T.CHAR, 0, "a"), (T.INVALID_CHAR, 1, "\\"), (T.END, 2, "")],
                 id="trailing backslash"),
    pytest.param("/:", 1, [(T.CHAR, 0, "/"), (T.INVALID_CHAR, 1, ":"), (T.END, 2, "")],
                 id="colon without name"),
    pytest.param("(", 0, [(T.INVALID_CHAR, 0, "("), (T.END, 1, "")], id="unclosed ("),
    pytest.param("()", 0, [(T.INVALID_CHAR, 0, "("), (T.CHAR, 1, ")"), (T.END, 2, "")],
                 id="empty regexp"),
    pytest.param("(?a)", 1, [(T.INVALID_CHAR, 0, "("), (T.OTHER_MODIFIER, 1, "?"),
                             (T.CHAR, 2, "a"), (T.CHAR, 3, ")"), (T.END, 4, "")],
                 id="regexp starts with ?"),
    pytest.param("(a(b))", 2, [(T.INVALID_CHAR, 0, "("), (T.CHAR, 1, "a"),
                               (T.REGEXP, 2, "b"), (T.CHAR, 5, ")"), (T.END, 6, "")],
                 id="capturing group inside"),
    pytest.param("(é)", 1, [(T.INVALID_CHAR, 0, "("), (T.CHAR, 1, "é"), (T.CHAR, 2, ")"),
                            (T.END, 3, "")], id="non-ASCII regexp"),
]


@pytest.mark.parametrize(("text", "position", "tokens"), URLPATTERN_2_1_2_ERRORS)
def test_tokenize_errors(text: str, position: int,
                         tokens: list[tuple[TokenType, int, str]]) -> None:
    """The strict policy raises ParseError at the error; lenient makes an invalid-char."""
    with pytest.raises(ParseError) as info:
        tokenize(text, lenient=False)
    assert info.value.position == position
    assert info.value.component == "pattern"
    assert tokenize(text, lenient=True) == [Token(*t) for t in tokens]


F, R = PartType.FIXED_TEXT, PartType.REGEXP
S, W = PartType.SEGMENT_WILDCARD, PartType.FULL_WILDCARD
NONE, OPT = Modifier.NONE, Modifier.OPTIONAL
STAR, PLUS = Modifier.ZERO_OR_MORE, Modifier.ONE_OR_MORE

# §2.1.5 "parse a pattern string" with the pathname options
URLPATTERN_2_1_5_PARSE = [
    pytest.param("/books/:id", [Part(F, "/books", NONE), Part(S, "", NONE, "id", "/")],
                 id="named group takes the / prefix"),
    pytest.param("/:id(\\d+)?", [Part(R, "\\d+", OPT, "id", "/")], id="regexp, optional"),
    pytest.param("/([^\\/]+?)", [Part(S, "", NONE, "0", "/")], id="regexp equal to wildcard"),
    pytest.param("/(.*)", [Part(W, "", NONE, "0", "/")], id="regexp equal to *"),
    pytest.param("a{b}c", [Part(F, "abc", NONE)], id="{} without modifier joins text"),
    pytest.param("{ab}?", [Part(F, "ab", OPT)], id="optional text"),
    pytest.param("-:a", [Part(F, "-", NONE), Part(S, "", NONE, "a")], id="other prefix"),
    pytest.param("{x:a(b)y}*", [Part(R, "b", STAR, "a", "x", "y")], id="prefix and suffix"),
    pytest.param("*/*+", [Part(W, "", NONE, "0"), Part(W, "", PLUS, "1", "/")],
                 id="numbered wildcards"),
]


@pytest.mark.parametrize(("text", "parts"), URLPATTERN_2_1_5_PARSE)
def test_parse(text: str, parts: list[Part]) -> None:
    """parse_pattern_string gives the standard's part list."""
    assert parse_pattern_string(text, PATHNAME, same) == parts


def test_parse_encodes_fixed_text_prefix_and_suffix() -> None:
    """The encoding callback sees each piece of fixed text, prefix and suffix."""
    seen: list[str] = []

    def encode(text: str) -> str:
        seen.append(text)
        return text.upper()

    parts = parse_pattern_string("ab{c:x(y)d}e", DEFAULT, encode)
    assert parts == [Part(F, "AB", NONE), Part(R, "y", NONE, "x", "C", "D"), Part(F, "E", NONE)]
    assert seen == ["ab", "c", "d", "e"]


URLPATTERN_2_1_5_INVALID = [
    pytest.param("{a", 2, "expected '}', found the end", id="unclosed {"),
    pytest.param("a}", 1, "expected the end of the pattern, found '}'", id="lone }"),
    pytest.param("/:a/:a", 4, "duplicate group name 'a'", id="duplicate name"),
    pytest.param("{:a{", 3, "expected '}', found '{'", id="nested {"),
]


@pytest.mark.parametrize(("text", "position", "reason"), URLPATTERN_2_1_5_INVALID)
def test_parse_invalid(text: str, position: int, reason: str) -> None:
    """An ill-formed pattern string raises ParseError at its token."""
    with pytest.raises(ParseError) as info:
        path(text)
    assert (info.value.position, info.value.reason) == (position, reason)
    assert str(info.value) == f"{reason} at position {position} in pattern"


# §2.2 "generate a regular expression and name list" (pathname options)
URLPATTERN_2_2_REGEX = [
    pytest.param("/foo", "^\\/foo$", [], id="fixed"),
    pytest.param("/:a", "^(?:\\/([^\\/]+?))$", ["a"], id="segment"),
    pytest.param("/:a?", "^(?:\\/([^\\/]+?))?$", ["a"], id="optional"),
    pytest.param("/:a+", "^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))$", ["a"], id="repeated"),
    pytest.param("/:a*", "^(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))?$", ["a"], id="zero or more"),
    pytest.param("{:a}+", "^((?:[^\\/]+?)+)$", ["a"], id="repeated, no prefix"),
    pytest.param("*", "^(.*)$", ["0"], id="full wildcard"),
    pytest.param("{a}?(b)", "^(?:a)?(b)$", ["0"], id="optional text, regexp"),
    pytest.param("{x:n(y)z}", "^(?:x(y)z)$", ["n"], id="prefix and suffix"),
]


@pytest.mark.parametrize(("text", "source", "names"), URLPATTERN_2_2_REGEX)
def test_generate_regular_expression(text: str, source: str, names: list[str]) -> None:
    """The standard's JavaScript source and name list, verbatim."""
    parts = parse_pattern_string(text, PATHNAME, same)
    assert generate_regular_expression(parts, PATHNAME) == (source, names)
    assert path(text).group_names == tuple(names)


# §2.3 "generate a pattern string"
URLPATTERN_2_3_PATTERN_STRING = [
    pytest.param("/foo/:bar?/baz", PATHNAME, "/foo/:bar?/baz", id="optional"),
    pytest.param("/([^\\/]+?)", PATHNAME, "/([^\\/]+?)", id="unnamed segment"),
    pytest.param("/(.*)", PATHNAME, "/*", id="unnamed full wildcard"),
    pytest.param("/:a(.*)", PATHNAME, "/:a(.*)", id="named full wildcard"),
    pytest.param("{/:a/}?", PATHNAME, "{/:a/}?", id="suffix groups"),
    pytest.param("{:a}b", PATHNAME, "{:a}b", id="name code point after"),
    pytest.param("{:a}\\-b", PATHNAME, ":a-b", id="no grouping needed"),
    pytest.param("/{foo}", PATHNAME, "/foo", id="{} without modifier"),
    pytest.param("{a}+", PATHNAME, "{a}+", id="text with modifier"),
    pytest.param("a\\:b\\*", PATHNAME, "a\\:b\\*", id="escapes"),
    pytest.param("/{:a}", PATHNAME, "/{:a}", id="text ending in the prefix"),
    pytest.param("/{x:a}", PATHNAME, "/{x:a}", id="other prefix"),
    pytest.param(":a.:b", HOSTNAME, ":a.:b", id="hostname"),
    pytest.param("{:a}(\\d)", DEFAULT, "{:a}(\\d)", id="next numbered"),
    pytest.param("a*", DEFAULT, "a*", id="after text"),
    pytest.param(":a(x)*", DEFAULT, ":a(x)*", id="regexp then asterisk"),
]


@pytest.mark.parametrize(("text", "options", "expected"), URLPATTERN_2_3_PATTERN_STRING)
def test_pattern_string(text: str, options: Options, expected: str) -> None:
    """The pattern string is the standard's, and it compiles to the same parts."""
    component = compile_component(text, same, options)
    assert component.pattern_string == expected
    again = compile_component(expected, same, options)
    assert again.parts == component.parts


def _js_cases() -> list[object]:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    params: list[object] = []
    for case in data["cases"]:
        for text, answer in case["answers"]:
            params.append(pytest.param(case["source"], case["ignoreCase"], text, answer,
                                       id=f"{case['source']}|{case['ignoreCase']}|{text!r}"))
    return params


@pytest.mark.parametrize(("source", "ignore_case", "text", "answer"), _js_cases())
def test_regexp_subset_answers_as_javascript(source: str, ignore_case: bool, text: str,
                                             answer: str | None) -> None:
    """Each construct of the subset gives JavaScript's answer (Node.js, v flag)."""
    component = compile_component(f"({source})", same, Options(ignore_case=ignore_case))
    match = component.regex.match(text)
    assert (None if match is None else match.group(1)) == answer


# the regexp groups urikit refuses: (source, ignore case, position in "(source)", reason)
REFUSED = [
    ("a\\1", False, 2, "backreference '\\1'"),
    ("\\k<x>(?<x>a)", False, 1, "backreference '\\k'"),
    ("\\p{L}", False, 1, "property escape '\\p{...}'"),
    ("\\P{L}", False, 1, "property escape '\\P{...}'"),
    ("[[a-z]--a]", False, 2, "a nested class (the v flag's set notation)"),
    ("[\\d&&[0-1]]", False, 4, "the v flag's set operation '&&'"),
    ("[\\q{abc}]", False, 2, "the v flag's string literal '\\q{...}'"),
    ("[\\S]", False, 2, "'\\S' inside a class"),
    ("[\\W]", True, 2, "'\\W' inside a class with ignore case"),
    ("é", True, 1, "non-ASCII character 'é' in a regexp group"),
    ("\\u00e9", True, 1, "non-ASCII character 'é' with ignore case"),
    ("[\\u00e0-\\u00ff]", True, 2, "a non-ASCII character in a class with ignore case"),
    ("(?:a+)+", False, 1, "a repeated sub-expression that holds a quantifier can match one "
     "text in exponentially many ways"),
    ("(?:a|aa)*", False, 1, "a repeated sub-expression that holds an alternation can match "
     "one text in exponentially many ways"),
    ("(?:a?)*", False, 1, "a repeated sub-expression that holds a quantifier can match one "
     "text in exponentially many ways"),
    ("(?:a+){2}", False, 1, "a repeated sub-expression that holds a quantifier can match "
     "one text in exponentially many ways"),
    ("a{", False, 2, "lone '{' (JavaScript's u and v flags refuse it)"),
    ("a}", False, 2, "lone '}' (JavaScript's u and v flags refuse it)"),
    ("]", False, 1, "lone ']' (JavaScript's u and v flags refuse it)"),
    ("\\-", False, 1, "unknown escape '\\-'"),
    ("\\a", False, 1, "unknown escape '\\a'"),
    ("a**", False, 3, "quantifier '*' with nothing to repeat"),
    ("[/]", False, 2, "unescaped '/' in a class (the v flag refuses it)"),
    ("[a-]", False, 4, "a lone '-' in a class (the v flag refuses it)"),
    ("a{3,2}", False, 2, "numbers out of order in quantifier '{3,2}'"),
    ("(?=a)*", False, 6, "a quantifier after an assertion has nothing to repeat"),
    ("\\ud83c", False, 1, "a surrogate escape"),
    ("(?<=a+)b", False, 1, "a lookbehind of variable length"),
    ("(?i:a)", False, 1, "group '(?i' outside urikit's regexp subset"),
    ("[a&&b]", False, 3, "the v flag's set operation '&&'"),
    ("[(]", False, 2, "a group inside a regexp group must start with '(?' (capturing "
     "groups are not allowed)"),
]


@pytest.mark.parametrize(("source", "ignore_case", "position", "reason"),
                         [pytest.param(*row, id=f"{row[0]}|{row[1]}") for row in REFUSED])
def test_regexp_outside_the_subset_is_refused(source: str, ignore_case: bool, position: int,
                                              reason: str) -> None:
    """A construct outside the subset raises ParseError at the construct, naming it."""
    with pytest.raises(ParseError) as info:
        compile_component(f"({source})", same, Options(ignore_case=ignore_case))
    assert (info.value.position, info.value.reason) == (position, reason)
    assert info.value.text == f"({source})"


def test_refused_table_is_the_generated_one() -> None:
    """The table of refusals is the one whose JavaScript answers are committed."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assert [(r["source"], r["ignoreCase"]) for r in data["refused"]] == [
        (row[0], row[1]) for row in REFUSED]


def test_named_group_takes_a_number_as_in_javascript() -> None:
    """A named group inside a regexp group is numbered, so a later group's value is
    the named group's, as the standard reads groups by number."""
    component = path("/:foo((?<x>a))/:bar")
    match = component.regex.match("/a/b")
    assert match is not None
    assert dict(zip(component.group_names, match.groups(), strict=False)) == {
        "foo": "a", "bar": "a"}


# linear time: repeated shapes the standard accepts and urikit refuses as ambiguous
AMBIGUOUS = [
    pytest.param("{-:a}+", PATHNAME, 0, "a repeated group whose prefix and suffix hold no "
                 "delimiter is ambiguous", id="segment, no delimiter"),
    pytest.param("{(a|aa)}+", PATHNAME, 2, "a repeated regexp group of variable length "
                 "without a separator it cannot match is ambiguous", id="regexp, no prefix"),
    pytest.param("/(.+)+", PATHNAME, 2, "a repeated regexp group of variable length "
                 "without a separator it cannot match is ambiguous", id="regexp matches /"),
]


@pytest.mark.parametrize(("text", "options", "position", "reason"), AMBIGUOUS)
def test_ambiguous_repetition_is_refused(text: str, options: Options, position: int,
                                         reason: str) -> None:
    """A repeated group that can split one text many ways raises ParseError."""
    with pytest.raises(ParseError) as info:
        compile_component(text, same, options)
    assert (info.value.position, info.value.reason) == (position, reason)


def test_separated_repetition_is_accepted() -> None:
    """A repeated group split by a character it cannot match is accepted."""
    component = path("/:n(\\d+)+")
    match = component.regex.match("/1/22/333")
    assert match is not None
    assert match.group(1) == "1/22/333"


# the standard's expressions, read by Python's re as written: the reference for the
# rewritten repeated wildcards (exact on inputs without line terminators), but for one
# rule of JavaScript's that re does not have: an iteration of a quantifier with minimum 0
# that matches the empty string fails, so an optional full wildcard (.*)? never captures
# the empty string, as (.+)? (test_linear.py checks it against Node.js)
def _standard(component: Component) -> re.Pattern[str]:
    source, _names = generate_regular_expression(component.parts, component.options)
    return re.compile(source[:-1].replace("(.*)?", "(.+)?") + "\\Z")


PIECES = st.sampled_from(["a", "/", "-", ":x", ":y", "*", "{-:z}", "{/:w}", "(a+)", "{b}"])
MODIFIERS = st.sampled_from(["", "", "?", "+", "*"])


@st.composite
def patterns(draw: st.DrawFn) -> str:
    """Pattern strings of named groups, wildcards, text and modifiers, distinct names."""
    pieces = draw(st.lists(st.tuples(PIECES, MODIFIERS), max_size=4))
    text = ""
    used: set[str] = set()
    for piece, modifier in pieces:
        if piece.startswith((":", "{-:", "{/:")) and piece[-1] in used:
            continue
        used.add(piece.rstrip("}")[-1])
        text += piece + (modifier if piece not in ("a", "/", "-") else "")
    return text


@given(patterns(), st.text(alphabet="a/-", max_size=8))
def test_regex_answers_as_the_standard_expression(text: str, value: str) -> None:
    """urikit's expression (its rewritten repetitions included) gives the groups the
    standard's expression gives, or both refuse, on any input."""
    try:
        component = compile_component(text, same, PATHNAME)
    except ParseError:
        return
    ours = component.regex.match(value)
    theirs = _standard(component).match(value)
    assert (ours is None) == (theirs is None)
    if ours is not None and theirs is not None:
        assert ours.groups() == theirs.groups()


@given(patterns())
def test_pattern_string_compiles_to_the_same_parts(text: str) -> None:
    """The pattern string a part list gives compiles back to that part list."""
    try:
        component = compile_component(text, same, PATHNAME)
    except ParseError:
        return
    assert compile_component(component.pattern_string, same, PATHNAME).parts == component.parts


@given(st.lists(st.sampled_from(["a", "b/", ":p%", "/:q%", "{-:r%}", "{.:s%.}"]), max_size=4),
       st.lists(st.text(alphabet="abc-.", min_size=1, max_size=3), min_size=4, max_size=4))
def test_generate_gives_back_the_input(pieces: list[str], values: list[str]) -> None:
    """For a pattern of text and named segment groups, generate() of the groups exec
    finds gives back the input."""
    text = "".join(piece.replace("%", str(index)) for index, piece in enumerate(pieces))
    component = path(text)
    groups = {name: values[i] for i, name in enumerate(component.group_names)}
    built = generate(component, groups, same)
    match = component.regex.match(built)
    assert match is not None
    found = dict(zip(component.group_names, match.groups(), strict=True))
    assert generate(component, {k: v for k, v in found.items() if v is not None}, same) == built


# the generate() proposal (pathname options, identity encoding)
GENERATE = [
    pytest.param("/foo", {}, "/foo", id="fixed"),
    pytest.param("/:foo", {"foo": "bar"}, "/bar", id="named"),
    pytest.param("/foo:bar", {"bar": "baz"}, "/foobaz", id="no prefix"),
    pytest.param("/:foo/:bar", {"foo": "baz", "bar": "qux", "x": "y"}, "/baz/qux", id="two"),
    pytest.param("{x:a-}", {"a": "1"}, "x1-", id="prefix and suffix"),
]


@pytest.mark.parametrize(("text", "groups", "expected"), GENERATE)
def test_generate(text: str, groups: dict[str, str], expected: str) -> None:
    """generate fills named segment groups."""
    assert generate(path(text), groups, same) == expected


GENERATE_REFUSED = [
    pytest.param("/:foo", {}, "group 'foo' has no value", id="missing"),
    pytest.param("/:foo", {"foo": "bar/baz"}, "the value of group 'foo' holds the "
                 "delimiter '/'", id="delimiter"),
    pytest.param("/:foo", {"foo": ""}, "the value of group 'foo' is empty", id="empty"),
    pytest.param("*", {}, "'*' is a full wildcard", id="wildcard"),
    pytest.param("/(a)", {"0": "a"}, "'/(a)' is a regexp group", id="regexp"),
    pytest.param("/{foo}?", {}, "'{foo}?' has the modifier '?'", id="modifier"),
    pytest.param("/:a*", {"a": "x"}, "'/:a*' has the modifier '*'", id="group modifier"),
]


@pytest.mark.parametrize(("text", "groups", "detail"), GENERATE_REFUSED)
def test_generate_refused(text: str, groups: dict[str, str], detail: str) -> None:
    """generate raises BuildError where the proposal throws."""
    with pytest.raises(BuildError) as info:
        generate(path(text), groups, same)
    assert (info.value.rule, info.value.detail) == (Rule.GENERATE_FROM_GROUPS, detail)


# compareComponent over part lists
COMPARE = [
    pytest.param("/foo/a", "/foo/b", -1, id="text"),
    pytest.param("/foo/bar", "/foo/:bar", 1, id="text over segment"),
    pytest.param("/foo/:bar", "/foo/*", 1, id="segment over full wildcard"),
    pytest.param("/foo/:bar", "/foo/(x)", 1, id="segment over regexp"),
    pytest.param("/foo/{bar}", "/foo/{bar}+", 1, id="none over +"),
    pytest.param("/foo/{bar}+", "/foo/{bar}?", 1, id="+ over ?"),
    pytest.param("/foo/{bar}?", "/foo/{bar}*", 1, id="? over *"),
    pytest.param("/foo/:b", "/foo/:a", 0, id="names do not count"),
    pytest.param("*/foo", "*", 1, id="longer list"),
    pytest.param("*", "*/foo", -1, id="shorter list"),
    pytest.param("/:a", "{-:a}", 1, id="prefix"),
]


@pytest.mark.parametrize(("left", "right", "expected"), COMPARE)
def test_compare_component(left: str, right: str, expected: int) -> None:
    """compare_component orders part lists as compareComponent does, antisymmetric."""
    assert compare_component(path(left), path(right)) == expected
    assert compare_component(path(right), path(left)) == -expected


def test_ignore_case_never_uses_python_folding() -> None:
    """With ignore case, 'i' matches neither dotless 'ı' nor 'İ' (Python's re.IGNORECASE
    would), and 's' matches 'ſ' as JavaScript's simple case folding does."""
    component = compile_component("/is", same, Options("/", "/", ignore_case=True))
    assert component.regex.match("/IS") is not None
    assert component.regex.match("/\u0131s") is None
    assert component.regex.match("/\u0130s") is None
    assert component.regex.match("/i\u017f") is not None
    assert not component.regex.flags & re.IGNORECASE


def test_dollar_and_dot_are_javascripts() -> None:
    """The expression ends at the end of the text (not before a final newline), and a
    full wildcard stops at a line terminator."""
    component = path("/*")
    assert component.regex.match("/a\n") is None
    assert component.regex.match("/a\u2028b") is None
    assert component.regex.match("/a") is not None
