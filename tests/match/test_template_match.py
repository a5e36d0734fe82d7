"""URI Template matching (RFC 6570 read back): the §3.2 examples read back, the
templates refused as ambiguous, the reading of undefined and empty values, and the
round-trip property on generated templates and values."""

from __future__ import annotations

import re
import time
from typing import Any, Final

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import URI, BuildError, FrozenURI, ParseError, Routes, Rule, URITemplate
from urikit._interop.template import expand, parse
from urikit._match.template import TemplateValue, _fragment_later, _program

# RFC 6570 §3.2: the variables every example of §3.2.1 to §3.2.9 is expanded with
RFC6570_3_2_VARIABLES: dict[str, object] = {
    "count": ["one", "two", "three"],
    "dom": ["example", "com"],
    "dub": "me/too",
    "hello": "Hello World!",
    "half": "50%",
    "var": "value",
    "who": "fred",
    "base": "http://example.com/home/",
    "path": "/foo/bar",
    "list": ["red", "green", "blue"],
    "keys": {"semi": ";", "dot": ".", "comma": ","},
    "v": "6",
    "x": "1024",
    "y": "768",
    "empty": "",
    "empty_keys": {},
    "undef": None,
}

_RGB = ["red", "green", "blue"]
_COUNT = ["one", "two", "three"]
_KEYS = {"semi": ";", "dot": ".", "comma": ","}
_FLAT_KEYS = ["semi", ";", "dot", ".", "comma", ","]  # {keys} without explode: a list

# RFC 6570 §3.2.1 to §3.2.9: (template, the RFC's expansion, what match reads back)
# for every example urikit reads back. The reading differs from the variables where
# the documented reading says so: an empty list or mapping is undefined (§2.3), a
# mapping without explode reads as the list of its names and values, a list or
# mapping under reserved expansion as its text, an expression that expands to nothing
# as undefined, and undefined variables leave the earliest variables defined.
RFC6570_3_2_READ: list[tuple[str, str, dict[str, TemplateValue]]] = [
    # §3.2.1 Variable Expansion
    ("{count}", "one,two,three", {"count": _COUNT}),
    ("{count*}", "one,two,three", {"count": _COUNT}),
    ("{/count}", "/one,two,three", {"count": _COUNT}),
    ("{/count*}", "/one/two/three", {"count": _COUNT}),
    ("{;count}", ";count=one,two,three", {"count": _COUNT}),
    ("{;count*}", ";count=one;count=two;count=three", {"count": _COUNT}),
    ("{?count}", "?count=one,two,three", {"count": _COUNT}),
    ("{?count*}", "?count=one&count=two&count=three", {"count": _COUNT}),
    ("{&count*}", "&count=one&count=two&count=three", {"count": _COUNT}),
    # §3.2.2 Simple String Expansion
    ("{var}", "value", {"var": "value"}),
    ("{hello}", "Hello%20World%21", {"hello": "Hello World!"}),
    ("{half}", "50%25", {"half": "50%"}),
    ("{x,y}", "1024,768", {"x": "1024", "y": "768"}),
    ("{x,hello,y}", "1024,Hello%20World%21,768",
     {"x": "1024", "hello": "Hello World!", "y": "768"}),
    ("?{x,empty}", "?1024,", {"x": "1024", "empty": ""}),
    ("?{x,undef}", "?1024", {"x": "1024"}),
    ("?{undef,y}", "?768", {"undef": "768"}),  # the earliest variable reads it
    ("{list}", "red,green,blue", {"list": _RGB}),
    ("{list*}", "red,green,blue", {"list": _RGB}),
    ("{keys}", "semi,%3B,dot,.,comma,%2C", {"keys": _FLAT_KEYS}),
    ("{keys*}", "semi=%3B,dot=.,comma=%2C", {"keys": _KEYS}),
    # §3.2.3 Reserved Expansion
    ("{+var}", "value", {"var": "value"}),
    ("{+hello}", "Hello%20World!", {"hello": "Hello World!"}),
    ("{+half}", "50%25", {"half": "50%"}),
    ("here?ref={+path}", "here?ref=/foo/bar", {"path": "/foo/bar"}),
    ("{+list}", "red,green,blue", {"list": "red,green,blue"}),
    ("{+keys}", "semi,;,dot,.,comma,,", {"keys": "semi,;,dot,.,comma,,"}),
    # §3.2.4 Fragment Expansion
    ("{#var}", "#value", {"var": "value"}),
    ("{#hello}", "#Hello%20World!", {"hello": "Hello World!"}),
    ("{#half}", "#50%25", {"half": "50%"}),
    ("foo{#empty}", "foo#", {"empty": ""}),
    ("foo{#undef}", "foo", {}),
    ("{#list}", "#red,green,blue", {"list": "red,green,blue"}),
    ("{#keys}", "#semi,;,dot,.,comma,,", {"keys": "semi,;,dot,.,comma,,"}),
    # §3.2.5 Label Expansion with Dot-Prefix
    ("{.who}", ".fred", {"who": "fred"}),
    ("X{.var}", "X.value", {"var": "value"}),
    ("X{.empty}", "X.", {"empty": ""}),
    ("X{.undef}", "X", {}),
    ("X{.list}", "X.red,green,blue", {"list": _RGB}),
    ("X{.empty_keys}", "X", {}),
    # §3.2.6 Path Segment Expansion
    ("{/who}", "/fred", {"who": "fred"}),
    ("{/half,who}", "/50%25/fred", {"half": "50%", "who": "fred"}),
    ("{/who,dub}", "/fred/me%2Ftoo", {"who": "fred", "dub": "me/too"}),
    ("{/var}", "/value", {"var": "value"}),
    ("{/var,empty}", "/value/", {"var": "value", "empty": ""}),
    ("{/var,undef}", "/value", {"var": "value"}),
    ("{/var,x}/here", "/value/1024/here", {"var": "value", "x": "1024"}),
    ("{/list}", "/red,green,blue", {"list": _RGB}),
    ("{/list*}", "/red/green/blue", {"list": _RGB}),
    ("{/keys}", "/semi,%3B,dot,.,comma,%2C", {"keys": _FLAT_KEYS}),
    ("{/keys*}", "/semi=%3B/dot=./comma=%2C", {"keys": _KEYS}),
    # §3.2.7 Path-Style Parameter Expansion
    ("{;who}", ";who=fred", {"who": "fred"}),
    ("{;half}", ";half=50%25", {"half": "50%"}),
    ("{;empty}", ";empty", {"empty": ""}),
    ("{;v,empty,who}", ";v=6;empty;who=fred", {"v": "6", "empty": "", "who": "fred"}),
    ("{;v,bar,who}", ";v=6;who=fred", {"v": "6", "who": "fred"}),
    ("{;x,y}", ";x=1024;y=768", {"x": "1024", "y": "768"}),
    ("{;x,y,empty}", ";x=1024;y=768;empty", {"x": "1024", "y": "768", "empty": ""}),
    ("{;x,y,undef}", ";x=1024;y=768", {"x": "1024", "y": "768"}),
    ("{;list}", ";list=red,green,blue", {"list": _RGB}),
    ("{;list*}", ";list=red;list=green;list=blue", {"list": _RGB}),
    ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C", {"keys": _FLAT_KEYS}),
    ("{;keys*}", ";semi=%3B;dot=.;comma=%2C", {"keys": _KEYS}),
    # §3.2.8 Form-Style Query Expansion
    ("{?who}", "?who=fred", {"who": "fred"}),
    ("{?half}", "?half=50%25", {"half": "50%"}),
    ("{?x,y}", "?x=1024&y=768", {"x": "1024", "y": "768"}),
    ("{?x,y,empty}", "?x=1024&y=768&empty=", {"x": "1024", "y": "768", "empty": ""}),
    ("{?x,y,undef}", "?x=1024&y=768", {"x": "1024", "y": "768"}),
    ("{?list}", "?list=red,green,blue", {"list": _RGB}),
    ("{?list*}", "?list=red&list=green&list=blue", {"list": _RGB}),
    ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C", {"keys": _FLAT_KEYS}),
    ("{?keys*}", "?semi=%3B&dot=.&comma=%2C", {"keys": _KEYS}),
    # §3.2.9 Form-Style Query Continuation
    ("{&who}", "&who=fred", {"who": "fred"}),
    ("{&half}", "&half=50%25", {"half": "50%"}),
    ("?fixed=yes{&x}", "?fixed=yes&x=1024", {"x": "1024"}),
    ("{&x,y,empty}", "&x=1024&y=768&empty=", {"x": "1024", "y": "768", "empty": ""}),
    ("{&x,y,undef}", "&x=1024&y=768", {"x": "1024", "y": "768"}),
    ("{&list}", "&list=red,green,blue", {"list": _RGB}),
    ("{&list*}", "&list=red&list=green&list=blue", {"list": _RGB}),
    ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C", {"keys": _FLAT_KEYS}),
    ("{&keys*}", "&semi=%3B&dot=.&comma=%2C", {"keys": _KEYS}),
]

# RFC 6570 §3.2: the examples urikit refuses to read back, each with its reason
RFC6570_3_2_REFUSED: list[tuple[str, str]] = [
    ("O{empty}X", "'empty' may hold 'X', which may also come next, from the literal 'X'"),
    ("O{undef}X", "from the literal 'X'"),
    ("{var:3}", "the prefix modifier of 'var' keeps only the start of its value"),
    ("{var:30}", "the prefix modifier of 'var'"),
    ("{base}index", "from the literal 'index'"),
    ("{+base}index", "'base' may hold 'i', which may also come next, from the literal"),
    ("O{+empty}X", "from the literal 'X'"),
    ("{+path}/here", "'path' may hold '/', which may also come next, from the literal "
     "'/here'"),
    ("{+path:6}/here", "the prefix modifier of 'path'"),
    ("up{+path}{var}/here", "from the expression {var}"),
    ("{+x,hello,y}", "'x' may hold ',', which may also come next, from the separator"),
    ("{+path,x}/here", "from the separator of its next variable"),
    ("{+list*}", "the items of 'list' may hold ',', which also joins them"),
    ("{+keys*}", "the items of 'keys' may hold ','"),
    ("{#x,hello,y}", "from the separator of its next variable"),
    ("{#path,x}/here", "from the separator of its next variable"),
    ("{#path:6}/here", "the prefix modifier of 'path'"),
    ("{#list*}", "the items of 'list' may hold ','"),
    ("{#keys*}", "the items of 'keys' may hold ','"),
    ("{.who,who}", "'who' may hold '.', which may also come next, from the separator"),
    ("{.half,who}", "'half' may hold '.', which may also come next, from the separator"),
    ("www{.dom*}", "the items of 'dom' may hold '.', which also joins them"),
    ("X{.var:3}", "the prefix modifier of 'var'"),
    ("X{.list*}", "the items of 'list' may hold '.'"),
    ("X{.empty_keys*}", "the items of 'empty_keys' may hold '.'"),
    ("{/who,who}", "'who' appears twice in the template"),
    ("{/var:1,var}", "the prefix modifier of 'var'"),
    ("{/list*,path:4}", "'list' may hold '/', which may also come next, from the "
     "separator of its next variable, so nothing marks where its text or an item ends"),
    ("{;hello:5}", "the prefix modifier of 'hello'"),
    ("{?var:3}", "the prefix modifier of 'var'"),
    ("{&var:3}", "the prefix modifier of 'var'"),
]


@pytest.mark.parametrize(("template", "expansion", "reading"), [
    pytest.param(t, e, r, id=t) for t, e, r in RFC6570_3_2_READ])
def test_rfc6570_3_2_read_back(template: str, expansion: str,
                               reading: dict[str, TemplateValue]) -> None:
    """Each §3.2 example urikit reads back expands as the RFC says, and matching the
    expansion gives the documented reading, which expands to the same text again."""
    compiled = URITemplate(template)
    assert compiled.expand_text(RFC6570_3_2_VARIABLES) == expansion
    assert compiled.match(expansion) == reading
    assert compiled.expand_text(reading) == expansion


@pytest.mark.parametrize(("template", "reason"), [
    pytest.param(t, r, id=t) for t, r in RFC6570_3_2_REFUSED])
def test_rfc6570_3_2_refused(template: str, reason: str) -> None:
    """Each other §3.2 example is ambiguous: ``strict=True`` refuses it at
    construction, saying why; with ``match=False`` too it still expands, and its match
    raises the same refusal."""
    assert URITemplate(template).ambiguous
    with pytest.raises(ParseError, match=re.escape(reason)) as info:
        URITemplate(template, strict=True)
    assert info.value.component == "template"
    assert info.value.text == template
    expansion_only = URITemplate(template, match=False, strict=True)
    assert expansion_only.expand_text(RFC6570_3_2_VARIABLES) == expand(
        template, RFC6570_3_2_VARIABLES)
    with pytest.raises(ParseError, match=re.escape(reason)):
        expansion_only.match("")


@pytest.mark.parametrize("template", [pytest.param(t, id=t) for t, _ in RFC6570_3_2_REFUSED])
def test_rfc6570_3_2_ambiguous_examples_read_back(template: str) -> None:
    """Each ambiguous §3.2 example matches its expansion, and what it reads expands to
    the same text again (``{.who,who}``, whose longest reading gives the two ``who``
    different texts, by its shortest reading)."""
    compiled = URITemplate(template)
    expansion = compiled.expand_text(RFC6570_3_2_VARIABLES)
    reading = compiled.match(expansion)
    assert reading is not None
    assert compiled.expand_text(reading) == expansion


def test_every_rfc6570_3_2_example_is_read_or_refused() -> None:
    """The two tables hold each of the 112 distinct templates of the §3.2 examples once
    (uritemplate-test's spec-examples-by-section.json, which repeats two §3.2.4
    examples in §3.2.5, has 114 rows)."""
    templates = [t for t, _, _ in RFC6570_3_2_READ] + [t for t, _ in RFC6570_3_2_REFUSED]
    assert len(templates) == len(set(templates)) == 112


# Templates refused as ambiguous: (template, position, the start of the reason)
REFUSED: list[tuple[str, int, str]] = [
    ("{a}{b}", 1, "{a} cannot be read back: 'a' may hold '0', which may also come "
     "next, from the expression {b}"),
    ("/files/{name}.{ext}", 8, "{name} cannot be read back: 'name' may hold '.', which "
     "may also come next, from the literal '.'"),
    ("{a}-{b}", 1, "{a} cannot be read back: 'a' may hold '-'"),
    ("{/a}x", 2, "'a' may hold 'x', which may also come next, from the literal 'x'"),
    ("{.a,b}", 2, "from the separator of its next variable"),
    ("{+a}{/b}", 2, "'a' may hold '/', which may also come next, from the expression {/b}"),
    ("{#a}{?b}", 2, "'a' may hold '?'"),
    ("{/list*}{/a}", 2, "'list' may hold '/', which may also come next, from the "
     "expression {/a}, so nothing marks where its text or an item ends"),
    ("{?keys*}{&x}", 2, "'keys' may hold '&', which may also come next, from the "
     "expression {&x}"),
    ("{?keys*,x}", 2, "from the separator of its next variable"),
    ("{;a}=", 2, "'a' may hold '=', which may also come next, from the literal '='"),
    ("{x},{y}", 1, "'x' may hold ',', which may also come next, from the literal ','"),
    ("{a}/{b}/{a}", 9, "{a} cannot be read back: 'a' appears twice in the template"),
    ("{a}{+b}", 1, "from the expression {+b}"),
]


@pytest.mark.parametrize(("template", "position", "reason"), [
    pytest.param(t, p, r, id=t) for t, p, r in REFUSED])
def test_ambiguous_templates_refused(template: str, position: int, reason: str) -> None:
    """A template whose expansions could be read two ways is refused at construction,
    at the variable whose end nothing marks, naming the expression that follows."""
    with pytest.raises(ParseError) as info:
        URITemplate(template, strict=True)
    assert info.value.position == position
    assert info.value.reason.startswith(reason) or reason in info.value.reason


# Templates read back, with texts and what they read: (template, text, reading or None)
READ: list[tuple[str, str, dict[str, TemplateValue] | None]] = [
    # undefined is not empty
    ("{/a}", "", {}),
    ("{/a}", "/", {"a": ""}),
    ("{?a}", "?a=", {"a": ""}),
    ("{;a}", ";a", {"a": ""}),
    ("{#a}", "#", {"a": ""}),
    ("x{a}!", "x/!", None),  # "/" is no value's
    ("{a}/", "/", {}),  # {a} expands to nothing: undefined (a="" expands to it too)
    ("{a,b}", ",", {"a": "", "b": ""}),
    # the earliest variables read the text
    ("{/a}{/b}", "/x", {"a": "x"}),
    ("{/a,b}", "/x", {"a": "x"}),
    ("{a,b}", "x", {"a": "x"}),
    ("{/a}/{b}", "/x", {"b": "x"}),  # unique: b always has its "/"
    ("{/a}/{b}", "//x", {"a": "", "b": "x"}),
    # named operators read by name
    ("{?a,b}", "?b=1", {"b": "1"}),
    ("{?a,b}{&c}", "?b=1&c=2", {"b": "1", "c": "2"}),
    ("{?a,b}{&c}", "&c=2", {"c": "2"}),
    ("{?a,b}", "?b=1&a=2", None),  # the order is the template's
    ("{;a,b}", ";a;b", {"a": "", "b": ""}),
    ("{?a}", "?a", None),  # "?" writes an empty value "a="
    # decoding: every %XX of a simple expansion, only the encoded ones of a reserved one
    ("{a}", "%FF", None),  # no UTF-8: no value expands to it
    ("{a}", "50%", None),
    ("{+a}", "%2F%C3%A9%20%25", {"a": "%2Fé %"}),
    ("{#a}", "#%FF%41", {"a": "%FF%41"}),
    ("{+a}", "%", None),
    # "%25" before two hex digits: the value's "%" began a triplet, which reserved
    # expansion keeps ("%00" would expand to "%00", not "%2500")
    ("{+a}", "%2500", {"a": "%2500"}),
    ("{+a}", "%25%41", {"a": "%%41"}),
    ("{+a}", "%25G1", {"a": "%G1"}),
    ("{+a}{v,w*}", "%2500", {"a": "%2500"}),
    # exploded lists and associative arrays
    ("{/a*}", "/x/y", {"a": ["x", "y"]}),
    ("{/a*}", "/", {"a": [""]}),
    ("{/a*}", "/k=v/l=", {"a": {"k": "v", "l": ""}}),
    ("{/a*}", "/k=v/l", None),  # a list item among pairs
    ("{/a*}", "/k=v/k=w", None),  # a mapping holds each name once
    ("{?a*}", "?a=1", {"a": ["1"]}),  # the mapping {"a": "1"} reads as a list
    ("{?a*}", "?b=1", {"a": {"b": "1"}}),
    ("{?a*}", "?a=1&b=2", {"a": {"a": "1", "b": "2"}}),
    ("{;a*}", ";k;l=2", {"a": {"k": "", "l": "2"}}),
    ("{a*}", "x,y", {"a": ["x", "y"]}),
    ("{a*}", "", {}),
    ("{x,a*}", "1,2,3", {"x": "1", "a": ["2", "3"]}),
    # a list without explode: its "," unencoded, unless "," separates the variables
    ("{/x,y}", "/a,b/c", {"x": ["a", "b"], "y": "c"}),
    ("{?x}", "?x=a,%2C", {"x": ["a", ","]}),
    ("{x,y}", "a,b,c", None),
    ("{+x}", "a,b", {"x": "a,b"}),
    # non-identifier names
    ("{?a.b,%41}", "?a.b=1&%41=2", {"a.b": "1", "%41": "2"}),
    ("{/a.b*}", "/1/2", {"a.b": ["1", "2"]}),
    # literals
    ("/caf%C3%A9/{a}", "/caf%C3%A9/x", {"a": "x"}),
    ("/café/{a}", "/caf%C3%A9/x", {"a": "x"}),
    ("/café/{a}", "/café/x", None),
]


@pytest.mark.parametrize(("template", "text", "reading"), [
    pytest.param(t, x, r, id=f"{t} {x}") for t, x, r in READ])
def test_reading(template: str, text: str, reading: dict[str, TemplateValue] | None) -> None:
    """What a template reads from a text: undefined variables absent, empty ones "",
    the earliest variables defined first, values decoded as their expansion encoded
    them; and whatever it reads expands to the same text."""
    compiled = URITemplate(template)
    assert compiled.match(text) == reading
    if reading is not None:
        assert compiled.expand_text(reading) == text


@pytest.mark.parametrize(("template", "text", "reading"), [
    pytest.param("{a}", "%C3%A9%2F%41", {"a": "é/A"}, id="unreserved-triplet"),
    pytest.param("{a}", "%c3%a9", {"a": "é"}, id="lowercase-hex"),
    pytest.param("{?a*}", "?a=%7e", {"a": ["~"]}, id="exploded"),
])
def test_equivalent_encodings_read(template: str, text: str,
                                   reading: dict[str, TemplateValue]) -> None:
    """A simple expansion's text encoded otherwise than the expansion writes it, but
    equivalently (RFC 3986 §6.2.2: lowercase hex, a triplet of an unreserved
    character), reads as the same value."""
    assert URITemplate(template).match(text) == reading


def test_match_takes_a_uri() -> None:
    """A URI or FrozenURI is matched as its text; anything else is a TypeError."""
    compiled = URITemplate("https://h/users/{id}{?q}")
    text = "https://h/users/42?q=a%20b"
    expected = {"id": "42", "q": "a b"}
    assert compiled.match(URI.parse(text)) == expected
    assert compiled.match(FrozenURI.parse(text)) == expected
    with pytest.raises(TypeError, match="uri must be a str, URI or FrozenURI, not bytes"):
        compiled.match(b"https://h/users/42")  # type: ignore[arg-type]


def test_the_object() -> None:
    """A URITemplate is its text: str, repr, equality and hash; its variables in order."""
    compiled = URITemplate("/u/{id}{?q,lang}")
    assert str(compiled) == "/u/{id}{?q,lang}"
    assert repr(compiled) == "URITemplate('/u/{id}{?q,lang}')"
    assert compiled == URITemplate("/u/{id}{?q,lang}")
    assert compiled == URITemplate("/u/{id}{?q,lang}", match=False)
    assert compiled != URITemplate("/u/{id}")
    assert compiled != "/u/{id}{?q,lang}"
    assert len({compiled, URITemplate("/u/{id}{?q,lang}")}) == 1
    assert compiled.variable_names == ("id", "q", "lang")
    assert URITemplate("{a}/{b}/{a}", match=False).variable_names == ("a", "b")


def test_expand_is_from_template() -> None:
    """expand gives what URI.from_template gives, with variables and keywords alike."""
    compiled = URITemplate("https://api.example/users/{name}{?page,tags*}")
    values: dict[str, object] = {"name": "José", "page": 2, "tags": ["a b", "c"]}
    assert compiled.expand(values) == URI.from_template(str(compiled), values)
    assert compiled.expand(values, page=3) == URI.from_template(str(compiled), values, page=3)
    assert str(compiled.expand(**values)) == compiled.expand_text(values)
    assert str(compiled.expand()) == "https://api.example/users/"


@pytest.mark.parametrize(("template", "values", "error"), [
    pytest.param("/{keys:3}", {"keys": {"a": "b"}}, ParseError, id="prefix-of-a-mapping"),
    pytest.param("{a}", {"a": b"x"}, TypeError, id="bytes"),
    pytest.param("{a}", {"a": [["x"]]}, TypeError, id="nested"),
])
def test_expand_errors_are_from_template_errors(template: str, values: dict[str, object],
                                               error: type[Exception]) -> None:
    """expand raises what URI.from_template raises, with the same message."""
    with pytest.raises(error) as expected:
        URI.from_template(template, values)
    with pytest.raises(error) as got:
        URITemplate(template, match=False).expand(values)
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("template", [None, b"{a}", 1])
def test_template_must_be_text(template: object) -> None:
    """A template that is not a str is a TypeError, in urikit's words in both builds."""
    with pytest.raises(TypeError, match=f"template must be str, not {type(template).__name__}"):
        URITemplate(template)  # type: ignore[arg-type]


def test_match_flag_must_be_bool() -> None:
    """``match`` takes a bool, in urikit's words in both builds."""
    with pytest.raises(TypeError, match="match must be bool, not int"):
        URITemplate("{a}", match=1)  # type: ignore[arg-type]


def test_variables_must_be_a_mapping() -> None:
    """Variables that are not a mapping are a TypeError."""
    with pytest.raises(TypeError, match="variables must be a mapping, not list"):
        URITemplate("{a}").expand([("a", "x")])  # type: ignore[arg-type]


def test_syntax_errors_are_the_expansions() -> None:
    """An invalid template is refused as URI.from_template refuses it."""
    for template in ("{a", "{a b}", "%4", "{=a}"):
        with pytest.raises(ParseError) as expected:
            URI.from_template(template)
        with pytest.raises(ParseError) as got:
            URITemplate(template, match=False)
        assert (got.value.position, got.value.reason) == (
            expected.value.position, expected.value.reason)


# --- the property -------------------------------------------------------------------

_OPERATORS = ["", "+", "#", ".", "/", ";", "?", "&"]
# literals: mostly delimiters, some that a value could hold (refused after one)
_LITERALS = ["/", "/a/", "?", "#", "=", "&", ";", "!", ",", "/x.json", "é/", "%2F", "-",
             "x"]
# text of any character (a lone surrogate is refused by the expansion)
_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=5)
_NAME_STYLES = ["v{}", "v.{}", "v%41{}", "V_{}"]


# a variable of a generated template: its name, its expression's operator, whether it
# is exploded, and its expression's index
_Spec = tuple[str, str, bool, int]


@st.composite
def _templates(draw: st.DrawFn, readable: bool = True) -> tuple[str, list[_Spec]]:
    """A template (literals, expressions of every operator, one to three variables
    each, explode or not; no prefix, which is refused) and its varspecs; ``readable``
    draws mostly templates urikit reads back (reserved expansion last, no exploded
    variable before another of its expression, a literal between two expressions
    when the second starts with a value), for the properties to reject few."""
    pieces: list[str] = []
    specs: list[_Spec] = []
    count = draw(st.integers(1, 4))
    for expression in range(count):
        operator = draw(st.sampled_from(_OPERATORS))
        if readable and operator in ("+", "#") and expression < count - 1:
            operator = "/"
        if draw(st.booleans()) or (readable and pieces and operator in ("", "+")):
            pieces.append(draw(st.sampled_from(_LITERALS)))
        size = draw(st.integers(1, 3))
        if readable and operator in (".", "+", "#"):
            size = 1
        names = []
        for i in range(size):
            style = draw(st.sampled_from(_NAME_STYLES))
            name = style.format(len(specs))
            explode = draw(st.booleans())
            if readable and (i < size - 1 or operator in (".", "+", "#")):
                explode = False
            specs.append((name, operator, explode, expression))
            names.append(name + ("*" if explode else ""))
        pieces.append("{" + operator + ",".join(names) + "}")
    if draw(st.booleans()):
        pieces.append(draw(st.sampled_from(_LITERALS)))
    return "".join(pieces), specs


def _value(explode: bool) -> st.SearchStrategy[Any]:
    if explode:
        return st.one_of(st.lists(_TEXT, min_size=1, max_size=3),
                         st.dictionaries(_TEXT, _TEXT, min_size=1, max_size=3))
    return _TEXT


_TRIPLET = re.compile("%[0-9A-Fa-f]{2}")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def _pct_normal(text: str) -> str:
    """``text`` with its percent-encoding normalized (RFC 3986 §6.2.2.1, §6.2.2.2):
    a triplet of an unreserved character decoded, the others in uppercase."""
    def one(match: re.Match[str]) -> str:
        char = chr(int(match.group()[1:], 16))
        return char if char in _UNRESERVED else match.group().upper()
    return _TRIPLET.sub(one, text)


def _expected(specs: list[_Spec], values: dict[str, Any]) -> dict[str, Any] | None:
    """What matching the expansion of ``values`` (every variable defined) reads back,
    by the documented reading; ``None`` where a reserved value holds a triplet (the
    expansion keeps it, and the reading cannot tell it from an encoded character)."""
    expected: dict[str, Any] = {}
    for name, operator, explode, expression in specs:
        value = values[name]
        if operator in ("+", "#") and _TRIPLET.search(str(value)):
            return None
        group = [(n + "*" if x else n) for n, _, x, e in specs if e == expression]
        if operator in ("", "+") and expand("{" + operator + ",".join(group) + "}",
                                            values) == "":
            continue  # an expression that expands to nothing reads as undefined
        if explode and operator in (";", "?", "&") and isinstance(value, dict) \
                and all(key == name for key in value):
            value = list(value.values())  # {"a": "x"} under {?a*} reads as ["x"]
        expected[name] = value
    return expected


def _readable(template: str) -> URITemplate:
    """The template, or the example rejected when one of its texts could be read two
    ways (``strict=True`` refuses it)."""
    try:
        return URITemplate(template, strict=True)
    except ParseError:
        assume(False)
        raise


def _hash_before_fragment(template: str, values: dict[str, Any]) -> bool:
    """Whether a reserved expansion's value holds a "#" where the template writes a
    "#" after it: the expansion is then no URI (a second "#"; a fragment holds none,
    RFC 3986 §3.5) and reads the first "#" as the fragment's start, by the documented
    rule, so such values do not read back though the template is not ambiguous."""
    def holds(value: object) -> bool:
        if isinstance(value, dict):
            return any(holds(k) or holds(v) for k, v in value.items())  # pyright: ignore[reportUnknownVariableType]
        if isinstance(value, list):
            return any(holds(item) for item in value)  # pyright: ignore[reportUnknownVariableType]
        return isinstance(value, str) and "#" in value

    parsed = parse(template)
    for piece, later in zip(parsed.pieces, _fragment_later(parsed), strict=True):
        if not isinstance(piece, str) and later and piece[0] in ("+", "#") and any(
                holds(values.get(name)) for name, _, _, _ in piece[1]):
            return True
    return False


@settings(max_examples=examples(700), deadline=None)
@given(data=st.data(), generated=_templates())
def test_match_reads_back_every_expansion(data: st.DataObject,
                                          generated: tuple[str, list[_Spec]]) -> None:
    """For every generated template urikit reads back and every value it expands
    (each variable defined), matching the expansion gives the values back, as the
    documented reading says; and the reading expands to the same text."""
    template, specs = generated
    compiled = _readable(template)
    values = {name: data.draw(_value(explode), label=name) for name, _, explode, _ in specs}
    assume(not _hash_before_fragment(template, values))
    text = compiled.expand_text(values)
    reading = compiled.match(text)
    assert reading is not None
    assert compiled.expand_text(reading) == text
    expected = _expected(specs, values)
    if expected is not None:
        assert reading == expected


@settings(max_examples=examples(500), deadline=None)
@given(data=st.data(), generated=_templates())
def test_match_reads_back_with_undefined_variables(
        data: st.DataObject, generated: tuple[str, list[_Spec]]) -> None:
    """With any variables undefined, matching the expansion reads values that expand
    to the same text, up to equivalent percent-encoding (the earliest variables
    defined first), never a variable the template lacks; where every variable is
    named (";", "?", "&") and none exploded, exactly the defined ones."""
    template, specs = generated
    compiled = _readable(template)
    values = {name: data.draw(st.none() | _value(explode), label=name)
              for name, _, explode, _ in specs}
    assume(not _hash_before_fragment(template, values))
    text = compiled.expand_text(values)
    reading = compiled.match(text)
    assert reading is not None
    assert set(reading) <= set(compiled.variable_names)
    # the same text, up to equivalent percent-encoding: an earlier exploded mapping
    # may read a later variable's name, "v%41" (as written), as its name "vA"
    assert _pct_normal(compiled.expand_text(reading)) == _pct_normal(text)
    if all(op in (";", "?", "&") and not explode for _, op, explode, _ in specs):
        defined = {name for name, value in values.items() if value is not None}
        assert set(reading) == defined


@pytest.mark.parametrize(("template", "values"), [
    # found by a full run (Hypothesis mixes the loaded modules' constants into its
    # examples, so a run of other files drew it)
    ("{v0,v1}{/v2,v3,v4}{/v5}{#v6}#", {"v6": "#"}),
    ("{+a}{#b}", {"a": "x#y", "b": "z"}),
])
def test_a_hash_before_the_fragment_does_not_read_back(template: str,
                                                       values: dict[str, Any]) -> None:
    """A "#" in a reserved value that the template writes a "#" after makes an
    expansion that is no URI (a fragment holds no "#"): it does not read back, though
    the template is not ambiguous, and ``expand_exact`` refuses it."""
    compiled = URITemplate(template, strict=True)
    assert _hash_before_fragment(template, values)
    assert not compiled.reads_back(values)
    with pytest.raises(ParseError, match="fragment"):
        compiled.expand_exact(values)


@pytest.mark.parametrize(("template", "text", "reading"), [
    # found by a full run: "{?v1}" read the "?" of "?v2=" alone, as if it ended the
    # query, and "{v3*}" the rest, a reading that expands to "?v1=v2="
    ("{v0}{?v1}{?v2}{v3*}", "?v2=", {"v2": ""}),
    ("{?v1}{/x}", "?/a", None),
    ("{v0}{?v1}{?v2}{v3*}", "?", {"v1": ""}),
    ("{a}{?q}{#f}", "x?#y", {"a": "x", "q": "", "f": "y"}),
    ("/search{?q}", "/search?", {"q": ""}),
])
def test_a_lone_question_mark_ends_the_text_or_comes_before_the_fragment(
        template: str, text: str, reading: dict[str, Any] | None) -> None:
    """``{?q}`` reads a "?" alone (``q`` empty) only where it ends the text or comes
    before the fragment: a "?" before other text is no expansion of the expression."""
    assert URITemplate(template).match(text) == reading


@pytest.mark.parametrize(("template", "text", "reading"), [
    # found by the sweep on 3.10: "%2500" read as "%00", which expands to "%00"
    ("{+v0,v1}{v2,v3,v4*}", "%2500", {"v0": "%2500"}),
    ("{+v0}", "%2541", {"v0": "%2541"}),
    ("{+v0}", "a%25ab", {"v0": "a%25ab"}),
    ("{+list*}", "%2541,%25,x", {"list": ["%2541", "%", "x"]}),
    ("{#v0}", "#%25%41", {"v0": "%%41"}),
    ("{+v0}", "100%25", {"v0": "100%"}),
    ("{+v0}", "%25a", {"v0": "%a"}),
    ("{+v0}", "%25%34%31", {"v0": "%%34%31"}),
])
def test_a_percent_sign_before_two_hex_digits_is_the_values_own_triplet(
        template: str, text: str, reading: dict[str, Any]) -> None:
    """Reserved expansion keeps a value's triplets and writes any other "%" as
    ``%25``: so a ``%25`` that two hex digits follow was the value's own (``%2541``
    is the expansion of ``%2541``, never of ``%41``), and is read as it is; any other
    ``%25`` is a "%" of the value. Each reading expands to the text it was read from."""
    compiled = URITemplate(template)
    assert compiled.match(text) == reading
    assert compiled.expand_text(reading) == text


def _names_of(specs: list[_Spec]) -> set[str]:
    return {name for name, _, _, _ in specs}


@settings(max_examples=examples(1500), deadline=None)
@given(data=st.data(), generated=_templates(readable=False))
def test_values_read_back_or_are_refused_on_every_template(
        data: st.DataObject, generated: tuple[str, list[_Spec]]) -> None:
    """On generated templates, ambiguous ones included (every operator, one to three
    variables an expression, explode or not, ``{?a*,b}``, ``{/a*,b}``, ``{;a*,b}``
    among them) and values with any of them undefined (1,500 cases): any values that
    ``expand_exact`` accepts match back to themselves, and so does the route link of
    ``Routes.link``; any it refuses, with ``Rule.VALUE_IS_DATA``, would not (the match
    of their expansion is ``None`` or other values), and the refusal names the
    variable and why. A match of any expansion reads values that expand to its text."""
    template, specs = generated
    compiled = URITemplate(template)
    values = {name: data.draw(st.none() | _value(explode), label=name)
              for name, _, explode, _ in specs}
    text = compiled.expand_text(values)
    read = compiled.match(text)
    if read is not None:
        assert _pct_normal(compiled.expand_text(read)) == _pct_normal(text)
    try:
        uri = compiled.expand_exact(values)
    except BuildError as refused:
        if refused.rule is not Rule.VALUE_IS_DATA:
            return  # no URI (#42's refusals: a path that starts with "//")
        assert read is None or compiled.misread(values, read) is not None
        named = re.search(r"the value of '([^']*)' would not read back: (.+)", str(refused))
        assert named is not None
        assert named.group(1) in _names_of(specs)
        assert named.group(2).startswith(template)
        return
    except ParseError:
        return  # an expansion that is no URI reference
    assert str(uri) == text
    assert read is not None
    assert compiled.misread(values, read) is None
    assert compiled.reads_back(values)
    routes = Routes().add("r", compiled)
    try:
        link = routes.link("r", **values)
    except BuildError as refused:
        refusal: Rule | None = refused.rule
    else:
        refusal = None
        found = routes.find(link)
        assert found is not None
        assert compiled.misread(values, found.values) is None
    # the route reads a URI's components: "?" or "#" in a reserved value writes a
    # query or a fragment its route does not read back as the same values
    assert refusal in (None, Rule.VALUE_IS_DATA, Rule.DOT_SEGMENT_FROM_TEXT,
                       Rule.AUTHORITY_FROM_VALUE)


@pytest.mark.parametrize(("template", "values", "expected"), [
    # found by test_match_reads_back_with_undefined_variables: {?v3*} takes the text,
    # whose pairs repeat a name, so it is no mapping; v3 undefined is the next reading
    ("{v0,v1,v2}{?v3*}{?v4,v5,v6*}/{v7}", {"v6": ["a", "b"]}, {"v6": ["a", "b"]}),
    ("{v0,v1,v2}{?v3*}{?v4,v5,v6*}/{v7}", {"v6": ["", ""]}, {"v6": ["", ""]}),
    ("{?a*}{?b*}", {"b": ["1", "2"]}, {"b": ["1", "2"]}),
    ("{?a*}{?b,c*}", {"b": "x", "c": ["1", "2"]}, {"b": "x", "c": ["1", "2"]}),
    # the lone "?" regex: "?" for b, then {?c*} reads the repeated names
    ("{?a*}{?b}{?c*}", {"c": ["1", "2"]}, {"c": ["1", "2"]}),
])
def test_match_reads_the_next_reading_when_a_text_is_no_value(
        template: str, values: dict[str, Any], expected: dict[str, Any]) -> None:
    """When the variable a reading gives a text to cannot hold it (a mapping whose
    names repeat), the match is the next reading, that variable undefined, as a
    backtracking reader gives it; the reading expands to the text."""
    compiled = URITemplate(template, strict=True)
    text = compiled.expand_text(values)
    assert compiled.match(text) == expected
    assert compiled.expand_text(expected) == text


@pytest.mark.parametrize(("template", "values", "expected"), [
    # the longest text of {;a*} is ";b=1;b=2", no mapping: the shortest reading
    ("{;a*}{;b*}", {"b": ["1", "2"]}, {"a": {"b": "1"}, "b": ["2"]}),
    ("{&a*}{&b*}", {"b": ["1", "2"]}, {"a": {"b": "1"}, "b": ["2"]}),
])
def test_match_of_an_ambiguous_template_reads_the_shortest_when_a_text_is_no_value(
        template: str, values: dict[str, Any], expected: dict[str, Any]) -> None:
    """An ambiguous template whose longest reading gives a variable a text it cannot
    hold is read the shortest way (as when a variable's two texts disagree), which
    expands to the text."""
    compiled = URITemplate(template)
    assert compiled.ambiguous
    text = compiled.expand_text(values)
    assert compiled.match(text) == expected
    assert compiled.expand_text(expected) == text


@settings(max_examples=examples(300), deadline=None)
@given(data=st.data(), generated=_templates(readable=False))
def test_expansion_only_accepts_every_template(
        data: st.DataObject, generated: tuple[str, list[_Spec]]) -> None:
    """``match=False`` accepts every generated template, and expands it as
    URI.from_template's expansion does."""
    template, specs = generated
    values = {name: data.draw(st.none() | _value(explode), label=name)
              for name, _, explode, _ in specs}
    assert URITemplate(template, match=False).expand_text(values) == expand(template, values)


def _uritemplate() -> Any:
    """uritemplate, a second opinion for expansion (the test extra)."""
    return pytest.importorskip("uritemplate", reason="needs uritemplate (the test extra)")


@settings(max_examples=examples(200), deadline=None)
@given(data=st.data(), generated=_templates())
def test_expansion_agrees_with_uritemplate(
        data: st.DataObject, generated: tuple[str, list[_Spec]]) -> None:
    """The template object expands the generated templates as uritemplate does, for
    values where uritemplate follows RFC 6570 (no "%", a mapping's names in sorted
    order, no empty member of an exploded value)."""
    template, specs = generated
    assume(template.isascii())  # uritemplate writes a literal outside ASCII as it is
    text = st.text(st.characters(exclude_characters="%", exclude_categories=["Cs"]),
                   min_size=1, max_size=4)
    values: dict[str, object] = {}
    for name, _, explode, _ in specs:
        if explode:
            values[name] = data.draw(st.one_of(
                st.lists(text, min_size=1, max_size=3),
                st.dictionaries(text, text, min_size=1, max_size=3).map(
                    lambda d: dict(sorted(d.items())))), label=name)
        else:
            values[name] = data.draw(text, label=name)
    assert URITemplate(template, match=False).expand_text(values) == \
        _uritemplate().expand(template, values)


# --- every template matches (issue 43) -----------------------------------------------

# (template, text, reading): the routes people write, read as a backtracking regular
# expression reads them: left to right, each variable the longest text that lets the
# rest match, an optional expression taken when it can be
AMBIGUOUS_READ: list[tuple[str, str, dict[str, TemplateValue] | None]] = [
    ("/files/{name}.{ext}", "/files/report.pdf", {"name": "report", "ext": "pdf"}),
    ("/files/{name}.{ext}", "/files/a.tar.gz", {"name": "a.tar", "ext": "gz"}),
    ("/files/{name}.{ext}", "/files/report", None),
    ("/{slug}-{id}", "/a-b-c-12", {"slug": "a-b-c", "id": "12"}),
    ("{+base}/items", "https://h.example/a/b/items", {"base": "https://h.example/a/b"}),
    ("{/segments*}/", "/a/b/c/", {"segments": ["a", "b", "c"]}),
    ("{a}{b}", "abc", {"a": "abc"}),
    ("{?hash*,first}", "?a=1&b=2", {"hash": {"a": "1", "b": "2"}}),
    ("{+keys*}", "semi=;,dot=.", {"keys": {"semi": ";", "dot": "."}}),
    # repeated variables: their texts agree, or no match
    ("/order/{c}/{c}/{c}", "/order/x/x/x", {"c": "x"}),
    ("/order/{c}/{c}/{c}", "/order/x/y/x", None),
    ("/order/{c}/{c}/{c}", "/order/x//x", None),
    ("{.who,who}", ".fred.fred", {"who": "fred"}),  # the shortest reading agrees
    # prefixes: at most that many characters, the start of the same variable elsewhere
    ("{name:3}", "abc", {"name": "abc"}),
    ("{name:3}", "abcd", None),
    ("{name:3}", "%C3%A9t%C3%A9", {"name": "été"}),
    ("{a:2}{b}", "abcd", {"a": "ab", "b": "cd"}),
    ("{var:3}/{var}", "val/value", {"var": "value"}),
    ("{var:3}/{var}", "vax/value", None),
    ("{/var:1,var}", "/v/value", {"var": "value"}),
    # "{?q}" against "?": q is empty
    ("/search{?q}", "/search?", {"q": ""}),
    ("/search{?q,lang}", "/search?", {"q": ""}),
    ("/search{?q}", "/search?q=", {"q": ""}),
    ("/search{?q}", "/search", {}),
    ("/files{/name}.{ext}{?q}", "/files/a.b.c?", {"name": "a.b", "ext": "c", "q": ""}),
]


@pytest.mark.parametrize(("template", "text", "reading"), [
    pytest.param(t, x, r, id=f"{t} {x}") for t, x, r in AMBIGUOUS_READ])
def test_every_template_matches(template: str, text: str,
                                reading: dict[str, TemplateValue] | None) -> None:
    """The templates 0.5 refused match, by the documented rule (see docs/templates.md)."""
    assert URITemplate(template).match(text) == reading


def test_strict_refuses_what_0_5_refused() -> None:
    """``strict=True`` keeps 0.5's refusal; ``ambiguous`` says which templates it is."""
    assert URITemplate("/files/{name}.{ext}").ambiguous
    assert not URITemplate("/files/{name}").ambiguous
    with pytest.raises(ParseError, match=re.escape("'name' may hold '.'")):
        URITemplate("/files/{name}.{ext}", strict=True)
    assert URITemplate("/files/{name}", strict=True).match("/files/a") == {"name": "a"}
    assert not URITemplate("/test/", strict=True).ambiguous
    assert URITemplate("{a}{b}", strict=True, match=False).ambiguous
    with pytest.raises(TypeError, match="strict must be bool, not int"):
        URITemplate("{a}", strict=1)  # type: ignore[arg-type]


def test_ambiguous_matching_is_linear() -> None:
    """An ambiguous template is read by the linear matcher: ten times the text costs
    about ten times the time (at most 30x here), where re's backtracking would take a
    hundred times (O(n^2)) on these failing texts."""
    template = URITemplate("/{a}-{b}-{c}")

    def cost(n: int) -> float:
        text = "/" + "-" * n + "/"
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            assert template.match(text) is None
            best = min(best, time.perf_counter() - start)
        return best

    assert cost(20_000) < 30 * cost(2_000)


_GUIDED_TEMPLATES: Final = (
    "/files/{name}.{ext}", "/{slug}-{id}", "{a}{b}{c}", "/order/{c}/{c}", "{+base}/items",
    "{name:3}{b}", "{.who,who}", "{/list*,path:4}", "{?hash*,first}", "{;a,b}{x}-{y}",
    "X{.list*}.{+rest}", "{a:2}/{a}", "{#a}{b}",
)


_PIECE: Final = st.text(alphabet="ab.-/,=&?;#", max_size=4)


@settings(max_examples=examples(600), deadline=None)
@given(template=st.sampled_from(_GUIDED_TEMPLATES), data=st.data())
def test_big_integer_reading_is_the_matchers(template: str, data: st.DataObject) -> None:
    """The big-integer steps of an ambiguous template's program (URLPattern's linear
    matcher, :mod:`urikit._match.linear`) give the bounded backtracker's groups (the
    backtracking answer) on any text, its expansions of any values included, and so
    do the lazy program's and the lone "?" program's."""
    compiled = URITemplate(template)
    values = {name: data.draw(st.none() | _PIECE | st.lists(_PIECE, max_size=3))
              for name in compiled.variable_names}
    try:
        expansion = compiled.expand_text(values)
    except ParseError:
        expansion = ""  # a prefix of a list
    text = data.draw(st.just(expansion) | st.text(alphabet="ab.-/,=&?;#%2AéX",
                                                  max_size=14))
    program = compiled._program  # pyright: ignore[reportPrivateUsage]
    assert program is not None
    lazy = compiled._lazy  # pyright: ignore[reportPrivateUsage]
    for reader in (program, lazy, _program(parse(template), alone=True)[0]):
        if reader is None:
            continue
        plan = reader._plan  # pyright: ignore[reportPrivateUsage]
        assert plan is not None  # a template's program takes the big-integer steps
        assert plan.match(reader, text) == reader.backtrack(text)


@settings(max_examples=examples(300), deadline=None)
@given(data=st.data(), generated=_templates(readable=False))
def test_every_template_program_takes_the_big_integer_steps(
        data: st.DataObject, generated: tuple[str, list[_Spec]]) -> None:
    """On generated templates (300 cases, every operator, explode or not), each of
    the three programs of a template (longest, shortest and lone "?" readings) takes
    the big-integer steps of the one linear matcher, whose groups are the bounded
    backtracker's on an expansion of drawn values, repeated to past the short-text
    crossover, and on drawn text."""
    template, specs = generated
    values = {name: data.draw(st.none() | _value(explode), label=name)
              for name, _, explode, _ in specs}
    expansion = expand(template, values)
    texts = [expansion, expansion * 3,
             data.draw(st.text(alphabet="ab.-/,=&?;#%2AéX", max_size=20), label="text")]
    parsed = parse(template)
    for reader in (_program(parsed)[0], _program(parsed, lazy=True)[0],
                   _program(parsed, alone=True)[0]):
        plan = reader._plan  # pyright: ignore[reportPrivateUsage]
        assert plan is not None
        for text in texts:
            assert plan.match(reader, text) == reader.backtrack(text)


# exploded items whose %XX decode at once as they decode one by one: a NUL ("%00")
# inside, UTF-8 cut between two items, a lone "%", an encoded separator, "=" pairs
_ITEMS: Final = ["a", "%41", "%00", "%C3", "%A9", "%C3%A9", "%", "%2F", "%3D", "%2C", "%26",
                 "~", ""]


@given(st.lists(st.lists(st.sampled_from(_ITEMS), max_size=3).map("".join), max_size=6))
def test_exploded_items_decode_at_once_as_one_by_one(items: list[str]) -> None:
    """Exploded items (and names and values) are decoded all at once, joined by NUL
    in C, exactly as each alone: the same values, or a refusal when one is none."""
    from urikit._match.template import _list, _simple

    one_by_one = [_simple(item) for item in items]
    assert _list(items) == (None if None in one_by_one else one_by_one)


@pytest.mark.parametrize(("text", "expected"), [
    ("/x/%C3/%A9", None),  # UTF-8 cut between two items: no item is UTF-8
    ("/x/%C3%A9/%00/a", {"a": ["é", "\x00", "a"]}),
    ("/x/%41/%2F/b", {"a": ["A", "/", "b"]}),
    ("/x/%41/%/b", None),
])
def test_exploded_segments_decode_item_by_item(text: str, expected: object) -> None:
    """Each exploded item is decoded alone: an encoded separator or NUL stays inside
    its item, and UTF-8 cut between two items is no value."""
    assert URITemplate("/x{/a*}").match(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("/x?k%41=%C3%A9&b=%00", {"a": {"kA": "é", "b": "\x00"}}),
    ("/x?k=%C3&b=%A9", None),
    ("/x?a=%41&a=%2F", {"a": ["A", "/"]}),
    ("/x;k%3D=v;b=%26", {"a": {"k=": "v", "b": "&"}}),
])
def test_exploded_pairs_decode_item_by_item(text: str, expected: object) -> None:
    """Each exploded name and value is decoded alone, as one by one."""
    template = URITemplate("/x{;a*}" if ";" in text else "/x{?a*}")
    assert template.match(text) == expected
