"""The linear matcher of URLPattern components: which components take it, and its answers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import ParseError
from urikit._match.pattern import (
    Component,
    Options,
    compile_component,
    is_ambiguous,
    linear_program,
)

P = Options(delimiter="/", prefix="/")
PI = Options(delimiter="/", prefix="/", ignore_case=True)
H = Options(delimiter=".")
HI = Options(delimiter=".", ignore_case=True)
D = Options()


def same(text: str) -> str:
    """The identity encoding callback."""
    return text


def _re_groups(component: Component, text: str) -> tuple[str | None, ...] | None:
    found = component.regex.match(text)
    return None if found is None else found.groups()


# which components re may take polynomial time on (module docstring of pattern.py):
# a wildcard whose text can run into the next wildcard's
AMBIGUITY = [
    pytest.param("/users/:id/posts/:post", P, False, id="segments split by /"),
    pytest.param("/*", P, False, id="one wildcard"),
    pytest.param("/*/x", P, False, id="a wildcard, then text to the end"),
    pytest.param("/:a/:b?/:c*", P, False, id="optional segments split by /"),
    pytest.param("{/:a}+", P, False, id="repeated segment"),
    pytest.param("/:a+/x", P, False, id="repeated segment, then text to the end"),
    pytest.param(":sub.example.com", H, False, id="hostname label"),
    pytest.param("*.:b", H, True, id="hostname wildcard then label"),
    pytest.param(":a-:b", P, True, id="two segments split by -"),
    pytest.param("*a*b", P, True, id="two wildcards"),
    pytest.param(":a-:b-:c", P, True, id="three segments"),
    pytest.param("*-*-*", P, True, id="three wildcards"),
    pytest.param("/:a.:b", P, True, id="segments split by ."),
    pytest.param("/*/:b", P, True, id="wildcard then segment (conservative)"),
    pytest.param("/:a{-:b}?", P, True, id="optional segment after -"),
    pytest.param("/:a{x}?/:b", P, False, id="optional text, then /"),
    pytest.param("{ab}*{ab}*", D, True, id="repeated texts"),
    pytest.param("{ab}*c{ab}*", D, False, id="repeated texts split by c"),
    pytest.param("/:a-:b", PI, True, id="ignore case"),
    pytest.param("/{:a}X:b", Options(delimiter="x", prefix="/", ignore_case=True), False,
                 id="ignore case: X is the delimiter x"),
]


@pytest.mark.parametrize(("text", "options", "ambiguous"), AMBIGUITY)
def test_ambiguous_components_take_the_linear_matcher(text: str, options: Options,
                                                      ambiguous: bool) -> None:
    """An ambiguous component has a program; any other keeps re alone."""
    component = compile_component(text, same, options)
    assert is_ambiguous(component.parts, options) is ambiguous
    assert (component.program is not None) is ambiguous


def test_regexp_groups_keep_re() -> None:
    """A component with a regexp group is matched by re, even where ambiguous."""
    component = compile_component("(.+)-(.+)", same, D)
    assert component.program is None
    assert component.match("a-b-c") == ("a-b", "c")


def test_match_gives_one_value_per_name() -> None:
    """match gives a value per group name: a named group inside a regexp group shifts
    the later values, as the standard reads the groups by number."""
    component = compile_component("/:foo((?<x>a))/:bar", same, P)
    assert component.match("/a/b") == ("a", "a")
    assert component.match("/b/b") is None


# the groups of the standard's expression, as Node.js 20's RegExp (v flag, vi with
# ignore case) gives them (the ambiguous shapes and the wildcard forms around them)
JAVASCRIPT_GROUPS = [
    pytest.param(":a-:b", P, "x-y-z", ("x", "y-z"), id=":a-:b on 'x-y-z'"),
    pytest.param(":a-:b", P, "a-a-a/", None, id=":a-:b on 'a-a-a/'"),
    pytest.param("*a*b", P, "xaab", ("xa", ""), id="*a*b on 'xaab'"),
    pytest.param("*a*b", P, "aaaa", None, id="*a*b on 'aaaa'"),
    pytest.param(":a-:b-:c", P, "a-b-c-d", ("a", "b", "c-d"), id=":a-:b-:c on 'a-b-c-d'"),
    pytest.param("*-*-*", P, "a-b-c-d", ("a-b", "c", "d"), id="*-*-* on 'a-b-c-d'"),
    pytest.param("*-*-*", P, "---", ("-", "", ""), id="*-*-* on '---'"),
    pytest.param("/:a.:b", P, "/x.tar.gz", ("x", "tar.gz"), id="/:a.:b on '/x.tar.gz'"),
    pytest.param("/:a{-:b}?", P, "/a-b-c", ("a", "b-c"), id="/:a{-:b}? on '/a-b-c'"),
    pytest.param("{/:a}+/:b", P, "/a/b/c", ("a/b", "c"), id="{/:a}+/:b on '/a/b/c'"),
    pytest.param("/*/:b", P, "/a/b/c", ("a/b", "c"), id="/*/:b on '/a/b/c'"),
    pytest.param("/*/*", P, "/a/b/c", ("a/b", "c"), id="/*/* on '/a/b/c'"),
    pytest.param("*", D, "\n", None, id="* on a line feed"),
    pytest.param("a*?", P, "a", (None,), id="a*? on 'a' (no empty iteration)"),
    pytest.param("a*?", P, "ab", ("b",), id="a*? on 'ab'"),
    pytest.param("*?", P, "", (None,), id="*? on '' (no empty iteration)"),
    pytest.param(":a{.:b}*", H, "x.y.z", ("x", "y.z"), id=":a{.:b}* on 'x.y.z'"),
    pytest.param("*:b", D, "abc", ("ab", "c"), id="*:b on 'abc'"),
    pytest.param("{a}*:b{a}+", D, "aaaa", ("a",), id="{a}*:b{a}+ on 'aaaa'"),
    pytest.param("/:a-:b", PI, "/K-\u212a-k", ("K", "\u212a-k"), id="/:a-:b ignore case"),
    pytest.param("/*K*", PI, "/k\u212ak", ("k\u212a", ""), id="/*K* ignore case"),
    pytest.param("/:a-{x}?:b", P, "/a-xb-c", ("a", "b-c"), id="/:a-{x}?:b on '/a-xb-c'"),
    pytest.param("{-*-}?*", P, "-a-b-", ("a-b", ""), id="{-*-}?* on '-a-b-'"),
    pytest.param("/:a+-:b*", P, "/x/y-z/w", None, id="/:a+-:b* on '/x/y-z/w'"),
]


@pytest.mark.parametrize(("text", "options", "value", "groups"), JAVASCRIPT_GROUPS)
def test_groups_are_javascripts(text: str, options: Options, value: str,
                                groups: tuple[str | None, ...] | None) -> None:
    """match, the linear program and re give JavaScript's groups."""
    component = compile_component(text, same, options)
    assert component.match(value) == groups
    assert linear_program(component.parts, options).match(value) == groups
    assert _re_groups(component, value) == groups


PIECES = st.sampled_from([
    "a", "-", "/", ".", "K", "x", ":p", ":q", "*", "{-:r}", "{/:s}", "{.:t}", "{a:u-}",
    "{b}", "{-*-}", "{/*}"])
MODIFIERS = st.sampled_from(["", "", "", "?", "+", "*"])
OPTIONS = st.sampled_from([P, PI, H, HI, D, Options(ignore_case=True)])
FILLER = "a-/.kK\u212a\u017fsS\nbx"


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, Options, str]:
    """A pattern string without regexp groups (distinct names), its options, and an
    input made of the pattern's characters, delimiters and case variants."""
    pieces = draw(st.lists(st.tuples(PIECES, MODIFIERS), min_size=1, max_size=5))
    text = ""
    count = 0
    for piece, modifier in pieces:
        if ":" in piece:
            piece = piece.replace(piece[piece.index(":") + 1], "n" + str(count))
            count += 1
        text += piece + (modifier if piece not in ("a", "-", "/", ".", "K", "x") else "")
    options = draw(OPTIONS)
    alphabet = sorted(set(text.replace(":", "").replace("{", "").replace("}", "") + FILLER))
    value = "".join(draw(st.lists(st.sampled_from(alphabet), max_size=12)))
    return text, options, value


@given(cases())
def test_linear_program_answers_as_re(case: tuple[str, Options, str]) -> None:
    """For any component without regexp groups, ambiguous or not, the linear program
    gives re's answer: match or not, and every group."""
    text, options, value = case
    try:
        component = compile_component(text, same, options)
    except ParseError:
        return
    expected = _re_groups(component, value)
    assert linear_program(component.parts, options).match(value) == expected
    assert component.match(value) == expected


def test_linear_program_refuses_a_regexp_group() -> None:
    """A regexp group has no linear program."""
    component = compile_component("/(a+)", same, P)
    with pytest.raises(ValueError, match="regexp group"):
        linear_program(component.parts, P)


@given(cases(), st.integers(1, 4))
def test_big_integer_steps_answer_as_the_backtracker(case: tuple[str, Options, str],
                                                     repeat: int) -> None:
    """Where a program's loops are runs of one set, its big-integer steps (long texts)
    give the backtracker's answer (short texts): match or not, and every group; texts
    that are not ASCII (the Kelvin sign, the long s) included."""
    text, options, value = case
    try:
        component = compile_component(text, same, options)
    except ParseError:
        return
    program = linear_program(component.parts, options)
    plan = program._plan  # pyright: ignore[reportPrivateUsage]
    if plan is None:
        return
    value *= repeat
    assert plan.match(program, value) == program.backtrack(value)


# the ambiguous shapes of benchmarks/scaling.py and the routes people write: each takes
# the big-integer steps, whatever the length of the text
PLANNED = [":a-:b", "*a*b", ":a-:b-:c", "*-*-*", "/:a.:b", "/*/:b", "/:a{-:b}?",
           "/files/*.:ext", "/:year-:month-:day", "{-*-}?*", "*:b",
           # repeated segments split by the delimiter, then more
           "{/:a}+/:b", "/:path+/:file.:ext", "/:a+-:b*", "/:dirs*/:name"]


@pytest.mark.parametrize("text", PLANNED)
def test_ambiguous_shapes_take_big_integer_steps(text: str) -> None:
    """The usual ambiguous shapes have a plan: a long text costs a few big-integer
    operations per instruction, not an interpreted step per character."""
    component = compile_component(text, same, P)
    assert component.program is not None
    assert component.program._plan is not None  # pyright: ignore[reportPrivateUsage]


def test_long_texts_match_as_short_ones() -> None:
    """Past the short-text bound, match gives the groups re gives (here on 10,000
    characters, matching and not)."""
    component = compile_component(":a-:b-:c", same, P)
    value = "a-" * 5_000
    assert component.match(value + "b") == ("a", "a", "a-" * 4_998 + "b")
    assert component.match(value + "/") is None
    star = compile_component("*-*-*", same, P)
    assert star.match("-" * 10_000) == ("-" * 9_998, "", "")


def test_repeated_segments_on_long_texts() -> None:
    """A repeated segment wildcard split by the delimiter, then more wildcards: its
    loop's exit is found at once, with re's groups (here on 10,000 characters)."""
    component = compile_component("/:path+/:file.:ext", same, P)
    path = "/a" * 5_000
    assert component.match(path + "/b.c.d") == (path[1:], "b", "c.d")
    assert component.match(path + "/b") is None
    assert component.match(path + "//b.c") is None
