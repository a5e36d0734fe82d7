"""URI Template expansion (RFC 6570): the §1.2 examples of all four levels, the
corrections to uritemplate, and template syntax errors."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

import pytest

from urikit import URI
from urikit._core.errors import ParseError
from urikit._core.parse import is_valid
from urikit._interop.template import expand


def _uritemplate() -> Any:
    """uritemplate, the reference these tests compare with (the test extra)."""
    return pytest.importorskip("uritemplate", reason="needs uritemplate (the test extra)")

# RFC 6570 §1.2: the variables each level's table is expanded with. "keys" is the
# RFC's ordered list of pairs [("semi",";"),("dot","."),("comma",",")]; a dict keeps
# that order.
RFC6570_1_2_VARIABLES: Mapping[str, object] = {
    "var": "value",
    "hello": "Hello World!",
    "empty": "",
    "path": "/foo/bar",
    "x": "1024",
    "y": "768",
    "list": ["red", "green", "blue"],
    "keys": {"semi": ";", "dot": ".", "comma": ","},
}

# RFC 6570 §1.2, Level 1 examples: (template, expansion)
RFC6570_1_2_LEVEL1: list[tuple[str, str]] = [
    ("{var}", "value"),
    ("{hello}", "Hello%20World%21"),
]

# RFC 6570 §1.2, Level 2 examples
RFC6570_1_2_LEVEL2: list[tuple[str, str]] = [
    ("{+var}", "value"),
    ("{+hello}", "Hello%20World!"),
    ("{+path}/here", "/foo/bar/here"),
    ("here?ref={+path}", "here?ref=/foo/bar"),
    ("X{#var}", "X#value"),
    ("X{#hello}", "X#Hello%20World!"),
]

# RFC 6570 §1.2, Level 3 examples
RFC6570_1_2_LEVEL3: list[tuple[str, str]] = [
    ("map?{x,y}", "map?1024,768"),
    ("{x,hello,y}", "1024,Hello%20World%21,768"),
    ("{+x,hello,y}", "1024,Hello%20World!,768"),
    ("{+path,x}/here", "/foo/bar,1024/here"),
    ("{#x,hello,y}", "#1024,Hello%20World!,768"),
    ("{#path,x}/here", "#/foo/bar,1024/here"),
    ("X{.var}", "X.value"),
    ("X{.x,y}", "X.1024.768"),
    ("{/var}", "/value"),
    ("{/var,x}/here", "/value/1024/here"),
    ("{;x,y}", ";x=1024;y=768"),
    ("{;x,y,empty}", ";x=1024;y=768;empty"),
    ("{?x,y}", "?x=1024&y=768"),
    ("{?x,y,empty}", "?x=1024&y=768&empty="),
    ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
    ("{&x,y,empty}", "&x=1024&y=768&empty="),
]

# RFC 6570 §1.2, Level 4 examples
RFC6570_1_2_LEVEL4: list[tuple[str, str]] = [
    ("{var:3}", "val"),
    ("{var:30}", "value"),
    ("{list}", "red,green,blue"),
    ("{list*}", "red,green,blue"),
    ("{keys}", "semi,%3B,dot,.,comma,%2C"),
    ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
    ("{+path:6}/here", "/foo/b/here"),
    ("{+list}", "red,green,blue"),
    ("{+list*}", "red,green,blue"),
    ("{+keys}", "semi,;,dot,.,comma,,"),
    ("{+keys*}", "semi=;,dot=.,comma=,"),
    ("{#path:6}/here", "#/foo/b/here"),
    ("{#list}", "#red,green,blue"),
    ("{#list*}", "#red,green,blue"),
    ("{#keys}", "#semi,;,dot,.,comma,,"),
    ("{#keys*}", "#semi=;,dot=.,comma=,"),
    ("X{.var:3}", "X.val"),
    ("X{.list}", "X.red,green,blue"),
    ("X{.list*}", "X.red.green.blue"),
    ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"),
    ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
    ("{/var:1,var}", "/v/value"),
    ("{/list}", "/red,green,blue"),
    ("{/list*}", "/red/green/blue"),
    ("{/list*,path:4}", "/red/green/blue/%2Ffoo"),
    ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
    ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
    ("{;hello:5}", ";hello=Hello"),
    ("{;list}", ";list=red,green,blue"),
    ("{;list*}", ";list=red;list=green;list=blue"),
    ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"),
    ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
    ("{?var:3}", "?var=val"),
    ("{?list}", "?list=red,green,blue"),
    ("{?list*}", "?list=red&list=green&list=blue"),
    ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"),
    ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
    ("{&var:3}", "&var=val"),
    ("{&list}", "&list=red,green,blue"),
    ("{&list*}", "&list=red&list=green&list=blue"),
    ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
    ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
]

RFC6570_1_2 = [
    pytest.param(template, expected, id=f"level {level}: {template}")
    for level, table in enumerate(
        [RFC6570_1_2_LEVEL1, RFC6570_1_2_LEVEL2, RFC6570_1_2_LEVEL3, RFC6570_1_2_LEVEL4],
        start=1)
    for template, expected in table
]


@pytest.mark.parametrize(("template", "expected"), RFC6570_1_2)
def test_rfc6570_examples(template: str, expected: str) -> None:
    """Each §1.2 example expands as the RFC says, and to a URI-reference whenever the
    RFC's expansion is one."""
    result = expand(template, RFC6570_1_2_VARIABLES)
    assert result == expected
    assert is_valid(result) == is_valid(expected)


# The §1.2 examples uritemplate 4.2 expands differently when given the variables as a
# dict: it sorts an associative array's names, and the RFC keeps them in order.
UNSORTED_BY_URITEMPLATE = [
    pytest.param(template, expected, id=template)
    for template, expected in RFC6570_1_2_LEVEL4 if "keys" in template
]


@pytest.mark.parametrize(("template", "expected"), UNSORTED_BY_URITEMPLATE)
def test_uritemplate_sorts_keys(template: str, expected: str) -> None:
    """uritemplate alone sorts a dict's names ("comma" first), so these §1.2 examples
    fail there; expand passes the pairs in order and gets the RFC's expansion."""
    variables: dict[str, Any] = dict(RFC6570_1_2_VARIABLES)
    assert _uritemplate().expand(template, variables) != expected
    assert expand(template, variables) == expected


@pytest.mark.parametrize(
    ("template", "value", "expected", "uritemplate_gives"),
    [
        pytest.param("{+v}", "a b%20c", "a%20b%20c", "a b%20c", id="raw space kept"),
        pytest.param("{#v}", "%41 %", "#%41%20%25", "#%41 %", id="fragment raw"),
        pytest.param("{+v:2}", "%20abc", "%20a", "%252", id="prefix cuts a triplet"),
        pytest.param("{+v}", "\u00e9%2F", "%C3%A9%2F", "\u00e9%2F", id="non-ascii kept raw"),
    ],
)
def test_reserved_expansion_triplets(template: str, value: str, expected: str,
                                     uritemplate_gives: str) -> None:
    """Reserved expansion keeps pct-encoded triplets and encodes everything else it
    does not allow (§3.2.3), and a prefix counts a triplet as one character (§2.4.1);
    uritemplate passes the whole value through raw once it holds a triplet."""
    assert _uritemplate().expand(template, {"v": value}) == uritemplate_gives
    assert expand(template, {"v": value}) == expected
    assert is_valid(expected)


def test_non_ascii_literal_encoded() -> None:
    """Literal text outside ASCII is written as UTF-8 %XX (§3.1); uritemplate leaves
    it raw."""
    assert _uritemplate().expand("/caf\u00e9/{v}", {"v": "x"}) == "/caf\u00e9/x"
    assert expand("/caf\u00e9/{v}", {"v": "x"}) == "/caf%C3%A9/x"


def test_literal_triplet_kept() -> None:
    """A pct-encoded triplet in literal text is copied as it is."""
    assert expand("/a%20b{/v}", {"v": "c d"}) == "/a%20b/c%20d"


@pytest.mark.parametrize(
    ("template", "variables", "expected"),
    [
        pytest.param("{?a,b}", {"a": [], "b": 1}, "?b=1", id="empty list undefined"),
        pytest.param("{?a,b}", {"a": {}, "b": 1}, "?b=1", id="empty mapping undefined"),
        pytest.param("{?a,b}", {"a": None, "b": 1}, "?b=1", id="none undefined"),
        pytest.param("{?a}", {"a": {"k": None}}, "", id="mapping of undefined values"),
        pytest.param("{/a}", {"a": ["x", None, "y"]}, "/x,y", id="none member dropped"),
        pytest.param("{?n}", {"n": 0}, "?n=0", id="zero is defined"),
        pytest.param("{/n*}", {"n": (1, 2)}, "/1/2", id="tuple of ints"),
        pytest.param("{?m*}", {"m": MappingProxyType({"b": 1, "a": 2})}, "?b=1&a=2",
                     id="read-only mapping in order"),
        pytest.param("{?k*}", {"k": {"a&b": "c=d"}}, "?a%26b=c%3Dd", id="mapping names encoded"),
        pytest.param("{+var:3,var}", {"var": "a%20bc"}, "a%20b,a%20bc", id="one variable twice"),
        pytest.param("{+u}{x}{+u}", {"u": "/p", "x": None}, "/p/p", id="undefined between"),
        pytest.param("{x}", {}, "", id="missing"),
        pytest.param("/{half.x}{%41}", {"half.x": "1", "%41": "2"}, "/12", id="dotted names"),
        pytest.param("", {}, "", id="empty template"),
        pytest.param("http://h/{v}", {"v": "\U0001f600"}, "http://h/%F0%9F%98%80", id="astral"),
    ],
)
def test_values(template: str, variables: Mapping[str, object], expected: str) -> None:
    """None, an empty list and an empty mapping are undefined (§2.3); other values
    expand as text, in the order given."""
    assert expand(template, variables) == expected


def test_str_of_other_objects() -> None:
    """A value of any other type is written as its str(), such as a URI's text."""

    class Link:
        def __str__(self) -> str:
            return "http://example.com/a%20b"

    assert expand("{+u}", {"u": Link()}) == "http://example.com/a%20b"
    assert expand("{?u}", {"u": Link()}) == "?u=http%3A%2F%2Fexample.com%2Fa%2520b"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param(b"x", "decode bytes", id="bytes"),
        pytest.param([["a"]], "no nested values", id="nested list"),
        pytest.param({"k": ["a"]}, "no nested values", id="list in mapping"),
        pytest.param([("k", "v")], "use a dict", id="list of pairs"),
    ],
)
def test_bad_values(value: object, message: str) -> None:
    """Bytes and nested values are refused, saying what to pass instead."""
    with pytest.raises(TypeError, match=message):
        expand("{v}", {"v": value})


@pytest.mark.parametrize(
    ("template", "position", "reason"),
    [
        pytest.param("/a b{v}", 2, "invalid character ' '", id="space literal"),
        pytest.param("/{v", 3, "unclosed expression", id="unclosed"),
        pytest.param("/v}", 2, "invalid character '}'", id="stray close"),
        pytest.param("{}", 1, "expected a variable name", id="empty expression"),
        pytest.param("{=v}", 1, "operator '=' is reserved for future extensions",
                     id="reserved operator"),
        pytest.param("{|v}", 1, "operator '|' is reserved for future extensions",
                     id="bar operator"),
        pytest.param("{v:0}", 2, "invalid character ':'", id="zero prefix"),
        pytest.param("{v:10000}", 7, "invalid character '0'", id="prefix too long"),
        pytest.param("{v=d}", 2, "invalid character '='", id="default value"),
        pytest.param("{a,,b}", 3, "expected a variable name", id="empty varspec"),
        pytest.param("{a b}", 2, "invalid character ' '", id="space in expression"),
        pytest.param("{a..b}", 2, "invalid character '.'", id="double dot"),
        pytest.param("{a{b}", 2, "invalid character '{'", id="nested brace"),
        pytest.param("/100%", 4, "'%' that starts no pct-encoded triplet", id="percent"),
        pytest.param('/"q"', 1, "invalid character '\"'", id="quotation mark"),
    ],
)
def test_template_errors(template: str, position: int, reason: str) -> None:
    """A template that is not RFC 6570 syntax is refused at the offending position."""
    with pytest.raises(ParseError) as info:
        expand(template, {"v": "x"})
    assert (info.value.position, info.value.reason, info.value.component) == (
        position, reason, "template")


@pytest.mark.parametrize(
    ("template", "value"),
    [
        pytest.param("{keys:1}", {"a": "b"}, id="mapping"),
        pytest.param("{list:2}", ["red", "green"], id="list"),
        pytest.param("{?list:2}", ("red",), id="tuple, query operator"),
        pytest.param("{+keys:1}", {"a": "b"}, id="reserved expansion"),
        pytest.param("{#list:3*}", ["red"], id="fragment, as the grammar reads a prefix"),
    ],
)
def test_prefix_on_a_composite_value(template: str, value: object) -> None:
    """RFC 6570 §2.4.1: a prefix modifier does not apply to a list or mapping; it is an
    error at the prefix's ':', where a text value is cut as before."""
    if template.endswith("*}"):  # ":3*" is no varspec: a syntax error before the value
        with pytest.raises(ParseError, match="invalid character"):
            expand(template, {"list": value})
        return
    name = template.strip("{}+#?").split(":")[0]
    with pytest.raises(ParseError) as info:
        expand(template, {name: value})
    assert info.value.position == template.index(":")
    assert "§2.4.1" in info.value.reason
    assert expand(template, {name: "abcdef"}).endswith(("a", "ab", "abc"))
    assert expand(template, {name: None}) in ("", "?")  # undefined: nothing to cut


def test_lone_surrogate_in_a_value() -> None:
    """A value with a lone surrogate has no UTF-8 to encode: EncodingError, a URIError,
    at the surrogate's position in the value."""
    from urikit import EncodingError, URIError

    for value in ("\ud800", ["ok", "a\udfff"], {"k": "\udc80"}):
        with pytest.raises(EncodingError) as info:
            expand("{v}", {"v": value})
        assert isinstance(info.value, URIError)
        assert info.value.text in ("\ud800", "\udfff", "\udc80")


@pytest.mark.parametrize("template", [None, ["x"], b"{x}", 1])
def test_template_must_be_text(template: object) -> None:
    """A template that is not a str is a TypeError, not an AttributeError."""
    with pytest.raises(TypeError, match="template must be str"):
        expand(template, {})  # type: ignore[arg-type]


def test_variables_must_be_a_mapping() -> None:
    with pytest.raises(TypeError, match="variables must be a mapping"):
        expand("{x}", [("x", "1")])  # type: ignore[arg-type]


# --- against uritemplate, on generated values -------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.budget import examples  # noqa: E402

# values where uritemplate follows RFC 6570 too: no "%" (it keeps any text holding a
# triplet raw in reserved expansion), mappings with their names in sorted order (it
# sorts them), and no empty list or mapping given to it; any other character, outside
# ASCII included
_TEXT = st.text(st.characters(exclude_characters="%", exclude_categories=["Cs"]),
                max_size=6)
_MEMBER = _TEXT.filter(bool)  # uritemplate writes "name=" for an empty exploded member
_VALUES = st.one_of(
    _TEXT,
    st.lists(_MEMBER, max_size=4),
    st.dictionaries(st.text("abcxyz", min_size=1, max_size=3), _MEMBER, max_size=3).map(
        lambda d: dict(sorted(d.items()))),
)


@settings(max_examples=examples(1500), deadline=None)
@given(operator=st.sampled_from(["", "+", "#", ".", "/", ";", "?", "&"]),
       values=st.lists(_VALUES, min_size=1, max_size=3),
       explode=st.lists(st.booleans(), min_size=3, max_size=3),
       prefix=st.lists(st.sampled_from([None, 1, 2, 5]), min_size=3, max_size=3))
def test_expansion_agrees_with_uritemplate(operator: str, values: list[object],
                                           explode: list[bool],
                                           prefix: list[int | None]) -> None:
    """urikit's own expansion gives uritemplate's result wherever uritemplate follows
    RFC 6570 (see above), on every operator, explode and prefix: 1,500 generated cases."""
    specs = []
    variables: dict[str, object] = {}
    for i, value in enumerate(values):
        name = f"v{i}"
        variables[name] = value
        if isinstance(value, str) and prefix[i]:
            specs.append(f"{name}:{prefix[i]}")
        else:
            specs.append(name + ("*" if explode[i] else ""))
    template = "/x{" + operator + ",".join(specs) + "}"
    # an empty list or mapping is undefined (§2.3); uritemplate writes a separator for
    # it, so it is given only the defined values
    defined = {k: v for k, v in variables.items() if v not in ([], {})}
    assert expand(template, variables) == _uritemplate().expand(template, defined)


def test_empty_members_of_named_explode() -> None:
    """RFC 6570 Appendix A: an empty member of an exploded list or mapping under a
    named operator is its name followed by the operator's ifemp ("" for ";", "=" for
    "?" and "&"), as an empty string is (uritemplate writes "name=" for ";")."""
    assert expand("{;list*}", {"list": ["", "a"]}) == ";list;list=a"
    assert expand("{?list*}", {"list": ["", "a"]}) == "?list=&list=a"
    assert expand("{;keys*}", {"keys": {"k": "", "j": "v"}}) == ";k;j=v"
    assert expand("{&keys*}", {"keys": {"k": ""}}) == "&k="
    assert expand("{;v}", {"v": ""}) == ";v"


def test_a_long_list_expands_at_once() -> None:
    """A list of many items (the scaling table times a million) expands to the text of
    each item joined, encoded as one item would be, even where an item spells the
    joining mark's encoding in reserved expansion."""
    items = ["a b", "é", "x/y", "", "%ED%A0%80"] * 2000
    assert expand("{/v*}", {"v": items}) == "".join(
        "/" + expand("{v}", {"v": item}) for item in items)
    assert expand("{+v}", {"v": items}) == ",".join(
        expand("{+v}", {"v": item}) for item in items)
    assert expand("{?v*}", {"v": items}) == "?" + "&".join(
        "v=" + expand("{v}", {"v": item}) if item else "v=" for item in items)


@pytest.mark.parametrize(("template", "expected"), [
    pytest.param("'{var}'", "'value'", id="around an expression"),
    pytest.param("/a'b/{var}", "/a'b/value", id="in a path"),
    pytest.param("{?var}&x='y'", "?var=value&x='y'", id="in a query"),
])
def test_an_apostrophe_is_a_literal(template: str, expected: str) -> None:
    """RFC 6570 Errata 6937 (verified): "'" (%x27) is a literal, as every other
    sub-delim is; §2.1's ABNF left it out."""
    assert expand(template, {"var": "value"}) == expected
    assert str(URI.from_template(template, var="value")) == expected


@pytest.mark.parametrize("piece", [
    "/{a}", "{?a,b}&x=1", "{+path}/é{#frag}", "%41{/list*}", "{;keys*}{.a:1}", "'{a}'",
    # more distinct expressions than are replaced pass by pass: the pieces' way
    "{a}{b}{c}{d}{e}{f}{g}{h}{/a}", "{a}{b}{c}{d}{e}{f}{g}{/a}",
])
def test_many_expressions_expand_as_few_do(piece: str) -> None:
    """A template of many expressions (expanded by C passes, each distinct expression
    once) gives what its pieces give one by one."""
    variables = {"a": "x y", "b": "", "path": "/p q", "frag": "f", "list": ["1", "2"],
                 "keys": {"k": "v"}}
    assert expand(piece * 40, variables) == expand(piece, variables) * 40


@pytest.mark.parametrize(("template", "position", "reason"), [
    pytest.param("{a}" * 30 + "{b c}", 92, "invalid character ' '", id="bad-expression"),
    pytest.param("{a}" * 30 + "%4{a}", 90, "'%' that starts no pct-encoded triplet",
                 id="bad-literal"),
    pytest.param("{a}" * 30 + "{k:2}", 92, "a prefix modifier does not apply to 'k', whose "
                 "value is a list or mapping (RFC 6570 §2.4.1)", id="prefix-of-a-list"),
])
def test_many_expressions_report_the_first_fault(template: str, position: int,
                                                 reason: str) -> None:
    """In a template of many expressions, an error is still at its position."""
    with pytest.raises(ParseError) as info:
        expand(template, {"a": "x", "k": ["1"]})
    assert (info.value.position, info.value.reason) == (position, reason)


# (template, values, the expression named): expansions whose values would start the
# path with "//", which a URI reference reads as an authority (RFC 3986 §3.3)
AUTHORITY_FROM_VALUES = [
    pytest.param("/{lang}/{slug}", {"slug": "evil.example"}, "{lang} (variable 'lang')",
                 id="undefined-first-variable"),
    pytest.param("/{lang}/{slug}", {"lang": "", "slug": "evil.example"},
                 "{lang} (variable 'lang')", id="empty-first-variable"),
    pytest.param("/{+path}", {"path": "/evil.example"}, "{+path} (variable 'path')",
                 id="reserved-value-after-the-literal-slash"),
    pytest.param("{/a}{/b}", {"a": "", "b": "evil.example"}, "{/a}{/b} (variables 'a', 'b')",
                 id="two-path-expressions"),
    pytest.param("{/a*}", {"a": ["", "evil.example"]}, "{/a*} (variable 'a')",
                 id="empty-first-item"),
    pytest.param("http:{/a}{/b}", {"a": "", "b": "evil.example"},
                 "{/a}{/b} (variables 'a', 'b')", id="after-a-scheme"),
]


@pytest.mark.parametrize(("template", "values", "named"), AUTHORITY_FROM_VALUES)
def test_values_never_start_an_authority(template: str, values: dict[str, object],
                                         named: str) -> None:
    """An expansion read as a URI never starts its path with a "//" that its values
    made: URI.from_template and URITemplate.expand refuse it, naming the expression
    and its variables, while the expansion's text stays RFC 6570's."""
    from urikit import BuildError, Rule, URITemplate

    builds: list[Callable[[], object]] = [
        lambda: URI.from_template(template, values),
        lambda: URITemplate(template, match=False).expand(values)]
    for build in builds:
        with pytest.raises(BuildError) as info:
            build()
        assert info.value.rule is Rule.AUTHORITY_FROM_VALUE
        assert info.value.detail == f"{named} would start the path with '//'"
    assert "//" in expand(template, values)


# (template, values, URI): a "//" the template writes, in a literal or in the text of
# one reserved expansion, is an authority; a "//" after a path's first character is not
# at the path's start
AUTHORITY_FROM_TEMPLATE = [
    pytest.param("//{host}/x", {"host": "a.example"}, "//a.example/x", id="literal"),
    pytest.param("{+base}/x", {"base": "//cdn.example"}, "//cdn.example/x",
                 id="one-reserved-value"),
    pytest.param("{+base}{/p}", {"base": "https://h", "p": "a"}, "https://h/a",
                 id="reserved-value-with-scheme"),
    pytest.param("/a{/b}{/c}", {"b": "", "c": "x"}, "/a//x", id="not-at-the-start"),
    pytest.param("/{lang}/{slug}", {"lang": "en", "slug": "x"}, "/en/x", id="defined"),
]


@pytest.mark.parametrize(("template", "values", "uri"), AUTHORITY_FROM_TEMPLATE)
def test_the_template_may_write_an_authority(template: str, values: dict[str, object],
                                             uri: str) -> None:
    """A "//" the template's text writes, or a reserved value's own text, starts an
    authority as RFC 6570 expands it."""
    assert str(URI.from_template(template, values)) == uri
