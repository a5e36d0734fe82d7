"""Link header fields (RFC 8288): reading into URIs, writing back, pagination."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.budget import examples
from urikit import FrozenURI, Link, Pages, ParseError, format_links, parse_links
from urikit.strategies import uri_references

BASE = "http://example.com/TheBook/chapter3"

# RFC 8288 §3.5, every example, with the base its text implies: (field value, expected
# links as (target, rel, params, anchor))
RFC8288_3_5_EXAMPLES = [
    pytest.param('<http://example.com/TheBook/chapter2>; rel="previous";\n'
                 ' title="previous chapter"'.replace("\n", ""),
                 [("http://example.com/TheBook/chapter2", {"previous"},
                   (("title", "previous chapter"),), None)], id="previous-chapter"),
    pytest.param('</>; rel="http://example.net/foo"',
                 [("http://example.com/", {"http://example.net/foo"}, (), None)],
                 id="extension-rel"),
    pytest.param('</terms>; rel="copyright"; anchor="#foo"',
                 [("http://example.com/terms", {"copyright"}, (),
                   "http://example.com/TheBook/chapter3#foo")], id="anchor"),
    pytest.param("</TheBook/chapter2>; rel=\"previous\"; title*=UTF-8'de'letztes%20Kapitel, "
                 "</TheBook/chapter4>; rel=\"next\"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel",
                 [("http://example.com/TheBook/chapter2", {"previous"},
                   (("title*", "letztes Kapitel"),), None),
                  ("http://example.com/TheBook/chapter4", {"next"},
                   (("title*", "n\u00e4chstes Kapitel"),), None)], id="title-star"),
    pytest.param('<http://example.org/>; rel="start http://example.net/relation/other"',
                 [("http://example.org/", {"start", "http://example.net/relation/other"},
                   (), None)], id="two-rels"),
    pytest.param('<https://example.org/>; rel="start", <https://example.org/index>; rel="index"',
                 [("https://example.org/", {"start"}, (), None),
                  ("https://example.org/index", {"index"}, (), None)], id="two-links"),
]


@pytest.mark.parametrize(("value", "expected"), RFC8288_3_5_EXAMPLES)
def test_rfc8288_examples(value: str,
                          expected: list[tuple[str, set[str], tuple[tuple[str, str], ...],
                                               str | None]]) -> None:
    """Each example of RFC 8288 §3.5 reads into its targets, resolved against the base,
    with its relation types and parameters."""
    links = parse_links(value, base=BASE)
    assert [(str(link.target), set(link.rel), link.params,
             None if link.anchor is None else str(link.anchor)) for link in links] == expected


def test_title_star_preferred() -> None:
    """``title*`` is the title where both are given (RFC 8288 §3.4.1)."""
    link = parse_links("</a>; rel=x; title=\"plain\"; title*=UTF-8''%C3%A9")[0]
    assert (link.title, link.get("title")) == ("\u00e9", "plain")
    assert parse_links('</a>; rel=x; title="plain"')[0].title == "plain"
    assert parse_links("</a>; rel=x")[0].title is None


# GitHub's REST API documentation ("Using pagination in the REST API") and GitLab's
# ("REST API: Pagination link header"): their headers, as documented
GITHUB = ('<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", '
          '<https://api.github.com/repositories/1300192/issues?page=4>; rel="next", '
          '<https://api.github.com/repositories/1300192/issues?page=515>; rel="last", '
          '<https://api.github.com/repositories/1300192/issues?page=1>; rel="first"')
GITLAB = ('<https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=1&per_page=3>; '
          'rel="prev", <https://gitlab.example.com/api/v4/projects/8/issues/8/notes?page=3'
          '&per_page=3>; rel="next", <https://gitlab.example.com/api/v4/projects/8/issues/8/'
          'notes?page=1&per_page=3>; rel="first", <https://gitlab.example.com/api/v4/'
          'projects/8/issues/8/notes?page=3&per_page=3>; rel="last"')


@pytest.mark.parametrize(("value", "pages"), [
    pytest.param(GITHUB, ("1", "2", "4", "515"), id="github"),
    pytest.param(GITLAB, ("1", "1", "3", "3"), id="gitlab"),
])
def test_pagination(value: str, pages: tuple[str, str, str, str]) -> None:
    """The documented pagination headers of GitHub and GitLab give their four pages."""
    found = Pages.from_links(parse_links(value))
    got = (found.first, found.prev, found.next, found.last)
    assert [None if uri is None else uri.params.get("page") for uri in got] == list(pages)


def test_pages_write_back() -> None:
    """Pages written as links and read back are the same pages; ``previous`` reads as
    ``prev``, its synonym."""
    pages = Pages.from_links(parse_links(GITHUB))
    assert Pages.from_links(parse_links(format_links(pages.links()))) == pages
    assert Pages.from_links(parse_links('</p1>; rel="previous"')).prev == FrozenURI.parse("/p1")
    assert Pages.from_links([]) == Pages()


def test_parameters_once() -> None:
    """A parameter RFC 8288 allows once counts once: later ones are ignored (§3.3,
    §3.4.1); others (``hreflang``) repeat."""
    link = parse_links('</a>; rel=next; rel=prev; type="a/b"; type="c/d"; hreflang=de; '
                       "hreflang=fr")[0]
    assert link.rel == {"next"}
    assert link.params == (("type", "a/b"), ("hreflang", "de"), ("hreflang", "fr"))


def test_lists_and_lines() -> None:
    """Empty list elements are ignored (RFC 9110 §5.6.1), several lines are one list
    (§5.3), names and relation types are case-insensitive, quoted pairs unescaped."""
    links = parse_links([' , </a>; REL="Next" ;  Title = "say \\"hi\\""', "</b>; rel=up ,,"])
    assert [(str(link.target), set(link.rel), link.params) for link in links] == [
        ("/a", {"next"}, (("title", 'say "hi"'),)), ("/b", {"up"}, ())]
    assert parse_links("") == []
    assert parse_links(" , ") == []


# (field value, position, reason): each malformed value and where it breaks
INVALID = [
    pytest.param("http://a/", 0, "expected '<' to start a link", id="no-brackets"),
    pytest.param("<http://a/>; rel=next <b>", 22, "invalid character '<' after a link",
                 id="no-comma"),
    pytest.param("<http://a/>; rel=next;", 21, "invalid character ';' after a link",
                 id="dangling-semicolon"),
    pytest.param('<http://a/>; title="x', 19, "expected a token or a quoted string",
                 id="unclosed-quote"),
    pytest.param("<http://a/ b>; rel=x", 1, "invalid target URI", id="space-in-target"),
    pytest.param("<http://a/>; title*=UTF-8''%ZZ", 20, "invalid RFC 8187 extended value",
                 id="bad-triplet"),
    pytest.param("<http://a/>; title*=UTF-8''%FF", 20, "extended value is not UTF-8",
                 id="not-utf8"),
    pytest.param("<http://a/>; title*=KOI8-R''x", 20, "invalid RFC 8187 extended value",
                 id="unknown-charset"),
]


@pytest.mark.parametrize(("value", "position", "reason"), INVALID)
def test_invalid(value: str, position: int, reason: str) -> None:
    """A malformed value is a ParseError of component ``link`` at the offending place."""
    with pytest.raises(ParseError) as caught:
        parse_links(value)
    assert (caught.value.component, caught.value.position) == ("link", position)
    assert caught.value.reason.startswith(reason)


def test_lenient_targets() -> None:
    """``lenient=True`` reads a target as a browser does; the strict reading refuses it."""
    value = "</list?ids[]=1&q=a|b>; rel=next"
    with pytest.raises(ParseError):
        parse_links(value, base="https://h.example/")
    assert str(parse_links(value, base="https://h.example/", lenient=True)[0].target) \
        == "https://h.example/list?ids%5B%5D=1&q=a%7Cb"


def test_types() -> None:
    """Bytes and other non-text values are TypeErrors, a bad base too."""
    with pytest.raises(TypeError):
        parse_links(b"</a>")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        parse_links(["</a>", 1])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        parse_links("</a>", base=1)  # type: ignore[arg-type]


def test_writing() -> None:
    """Values are quoted and escaped; text outside ASCII or under a ``*`` name is
    written as a UTF-8 RFC 8187 value; a name that is no token is refused."""
    link = Link(FrozenURI.parse("/a"), frozenset({"next", "http://e.example/r"}),
                (("title", 'a "b"'), ("title*", "\u00e9 x"), ("hreflang", "d\u00e9")),
                FrozenURI.parse("#top"))
    assert str(link) == ('</a>; rel="http://e.example/r next"; anchor="#top"; '
                         "title=\"a \\\"b\\\"\"; title*=UTF-8''%C3%A9%20x; "
                         "hreflang*=UTF-8''d%C3%A9")
    with pytest.raises(ParseError) as caught:
        str(Link(FrozenURI.parse("/a"), frozenset({"x"}), (("a b", "c"),)))
    assert (caught.value.component, caught.value.position) == ("link parameter name", 1)
    with pytest.raises(TypeError):
        format_links(["</a>"])  # type: ignore[list-item]


_NAMES = st.from_regex(r"[a-z][a-z0-9\-]{0,8}", fullmatch=True).filter(
    lambda name: name not in {"rel", "anchor"})
_ASCII_VALUES = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=12)
_ANY_VALUES = st.text(st.characters(exclude_categories=["Cs"]), max_size=12)
_PARAMS = st.one_of(st.tuples(_NAMES, _ASCII_VALUES),
                    st.tuples(_NAMES.map(lambda name: name + "*"), _ANY_VALUES))
_TARGETS = st.sampled_from(["https://h.example/a?b=c#d", "/rel/path", "", "mailto:x@y",
                            "//h/%20", "?q"]).map(FrozenURI.parse)
_LINKS = st.builds(Link, _TARGETS,
                   st.frozensets(st.from_regex(r"[a-z][a-z0-9.\-]{0,6}", fullmatch=True),
                                 min_size=1, max_size=3),
                   st.lists(_PARAMS, max_size=4).map(tuple),
                   st.none() | _TARGETS)


@given(st.lists(_LINKS, max_size=4))
def test_round_trip(links: list[Link]) -> None:
    """Links written and read back are the same links."""
    assert parse_links(format_links(links)) == _once(links)


def _once(links: list[Link]) -> list[Link]:
    """The links as a reader sees them: a parameter allowed once counts once."""
    out = []
    for link in links:
        seen: set[str] = set()
        params = []
        for name, value in link.params:
            if name in {"title", "title*", "type", "media"} and name in seen:
                continue
            seen.add(name)
            params.append((name, value))
        out.append(Link(link.target, link.rel, tuple(params), link.anchor))
    return out


# what must never reach a header field line: RFC 9110 §5.5 forbids CR, LF and NUL in a
# field value; any other control character, and U+0085 and U+2028 (which some readers
# take for line breaks), are refused or encoded as well
_LINE_BREAKERS = ("\r", "\n", "\r\n", "\x00", "\x0b", "\x7f", "\x85", "\u2028")


@pytest.mark.parametrize("breaker", _LINE_BREAKERS)
def test_a_relation_type_cannot_split_the_header(breaker: str) -> None:
    """A relation type holding CR, LF or another control character is refused when
    the link is made (it was written into the header as given: a ``Set-Cookie`` line
    of its own), with the position of the character."""
    with pytest.raises(ParseError) as caught:
        Link(FrozenURI.parse("/a"), frozenset({f"next{breaker}Set-Cookie: a=b"}))
    assert (caught.value.component, caught.value.position) == ("link relation type", 4)


@pytest.mark.parametrize("rel", ["", "a b", "a\tb", "n\u00e4chste", "\u0100"])
def test_a_relation_type_is_one_word(rel: str) -> None:
    """An empty relation type, one holding white space (which would read back as
    several types, or none) or text outside ASCII (no header can carry U+0100; a
    relation type is a registered name or a URI) is refused."""
    with pytest.raises(ParseError, match="link relation type"):
        Link(FrozenURI.parse("/a"), frozenset({rel}))


def test_a_read_relation_type_with_a_c1_control_is_refused() -> None:
    """A relation type of obs-text (a C1 control here) is refused by parse_links where
    it stands, as Link refuses it."""
    with pytest.raises(ParseError) as caught:
        parse_links('</a>; rel="a\x81b"')
    assert (caught.value.component, caught.value.position) == ("link", 10)


@pytest.mark.parametrize("name", ["rel", "Anchor"])
def test_the_links_own_fields_are_not_params(name: str) -> None:
    """A parameter named ``rel`` or ``anchor`` is refused: written out it would change
    the link's relation or its context (a reader takes the first one)."""
    with pytest.raises(ParseError) as caught:
        Link(FrozenURI.parse("/a"), params=((name, "https://evil.example/"),))
    assert caught.value.component == "link parameter name"


def test_a_parameter_name_is_checked_when_the_link_is_made() -> None:
    """A parameter name that is no token is refused by the constructor, not first when
    the link is written."""
    with pytest.raises(ParseError) as caught:
        Link(FrozenURI.parse("/a"), frozenset({"x"}), (("a\r\nb", "c"),))
    assert (caught.value.component, caught.value.position) == ("link parameter name", 1)


@pytest.mark.parametrize("fields", [
    pytest.param({"target": "/a>\r\nSet-Cookie: a=b"}, id="target-str"),
    pytest.param({"anchor": '#a"\r\nX: y'}, id="anchor-str"),
    pytest.param({"rel": ["next"]}, id="rel-list"),
    pytest.param({"rel": frozenset({1})}, id="rel-int"),
    pytest.param({"params": [("title", "t")]}, id="params-list"),
    pytest.param({"params": (("title",),)}, id="params-single"),
    pytest.param({"params": (("title", 1),)}, id="params-int"),
])
def test_fields_of_the_wrong_type_are_refused(fields: dict[str, object]) -> None:
    """Fields of the wrong type (a str target, written into the header as it was) are a
    TypeError when the link is made."""
    given: dict[str, object] = {"target": FrozenURI.parse("/a")} | fields
    with pytest.raises(TypeError, match=r"^a link's|^a relation type"):  # both builds
        Link(**given)  # type: ignore[arg-type]


@given(st.text(max_size=12), st.text(st.characters(exclude_categories=["Cs"]), max_size=12),
       st.sampled_from(["title", "title*", "type", "x-note"]))
def test_any_link_is_one_header_line(rel: str, value: str, name: str) -> None:
    """Whatever text a relation type and a parameter value hold, the link is refused
    or written as one line of visible ASCII, spaces and tabs, every quoted string
    closed, and reads back as it was."""
    try:
        link = Link(FrozenURI.parse("/a"), frozenset({rel}), ((name, value),))
    except ParseError:
        assert not rel or not all("!" <= ch <= "~" for ch in rel)
        return
    line = format_links([link, link])
    assert all(" " <= ch <= "~" or ch == "\t" for ch in line if ch.isascii())
    assert not any(ch in line for ch in _LINE_BREAKERS)
    back = parse_links(line)
    assert len(back) == 2
    assert back[0].rel == {rel.lower()}
    assert back[0].params == ((name if value.isascii() and value.isprintable()
                               and not name.endswith("*") else name.rstrip("*") + "*",
                               value),)


@given(st.lists(st.sampled_from(["a", '"', "\\", " ", "\t", "\\\\", '\\"', "\u00e9"]),
                max_size=10).map("".join))
def test_a_quoted_value_reads_as_its_quoted_pairs_say(value: str) -> None:
    """A quoted-string's value (read in C, by splitting at escaped backslashes) is its
    text with each quoted-pair's backslash dropped, as RFC 9110 §5.6.4 reads it one
    pair at a time; a field of that link read at once (many links alike) gives the
    same links as one by one."""
    import re

    quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    assert re.sub(r"\\(.)", r"\1", quoted[1:-1], flags=re.DOTALL) == value
    field = f"</a>; rel=next; title={quoted}; x={quoted}"
    (link,) = parse_links(field)
    assert link.params == (("title", value), ("x", value))
    assert parse_links(f"{field}, {field} ,{field}") == [link] * 3


@pytest.mark.parametrize("field", [
    '</a>; rel=next; rel=prev, </b>; title="t"; title=u; anchor="#x"',
    "</a>; rel=next; title*=UTF-8''%C3%A9, </a>; rel=next",
    '</a>; rel="next prev", </b>; type="text/html"; Type=x',
    '</a>;a;b=1;c="2", </a>;a;b=1;c="2"',
])
def test_links_read_at_once_are_those_read_one_by_one(field: str) -> None:
    """The links of a field cut in C and read once per distinct link-value are those
    read link by link, whatever parameters each has (read once, extended, anchors)."""
    from urikit._web.link import _read_links

    assert parse_links(field) == _read_links(field, None, False)
    assert parse_links(field, base="https://h/") == _read_links(
        field, FrozenURI.parse("https://h/"), False)


@given(st.lists(st.tuples(st.sampled_from(["/a", "/b", "https://h/c?d", "e", ""]),
                          st.sampled_from(["", "; rel=next", '; rel="next prev"; x=1',
                                           '; title="t"; type=a', ";a;b"])),
                min_size=1, max_size=6))
def test_links_made_in_c_passes_are_links_made_one_by_one(
        links: list[tuple[str, str]]) -> None:
    """A field's links, made without the constructor's checks (the targets parsed,
    the links made in C passes, distinct or repeated), equal and hash as the links
    the constructor makes of their fields, and are those read link by link."""
    from urikit._web.link import _read_links

    field = ", ".join(f"<{target}>{params}" for target, params in links)
    read = parse_links(field)
    assert read == _read_links(field, None, False)
    for link in read:
        made = Link(link.target, link.rel, link.params, link.anchor)
        assert (link, hash(link), str(link)) == (made, hash(made), str(made))
        assert type(link.target) is FrozenURI
        assert link.anchor is None


def _outcome(read: Callable[[], list[Link]]) -> object:
    """The links ``read`` gives, each with its target's components and text (the same
    links equal with other components never do, but say it), or its error's type,
    message and position."""
    try:
        links = read()
    except ParseError as error:
        return (type(error), str(error), error.position)
    return [(link, link.target.components, str(link.target)) for link in links]


# targets: valid references of every shape, and text that is not one (a space, a bare
# "%", "<", a second "[") or that a link's "<...>" cannot hold (">")
_FIELD_TARGETS = st.one_of(
    uri_references(),
    st.sampled_from(["", "/a", "a b", "%", "%4", "http://[::1", "<", ">", "a>b", "#%zz",
                     "http://h:x/", "//[v1.x]/", "?é"]))
_FIELD_PARAMS = st.sampled_from(["", "; rel=next", '; rel="next prev"; x=1', '; title="t;=,"',
                           ";a;b", '; title*=UTF-8\'\'%C3%A9', "; anchor=\"#a\"", ";",
                           "; rel=next; rel=prev", '; x="\\"; y=\\\\"'])


@given(st.lists(st.tuples(_FIELD_TARGETS, _FIELD_PARAMS, st.sampled_from([", ", ",", " , ,", " "])),
                min_size=1, max_size=6))
@settings(max_examples=examples(600))
def test_links_read_at_once_are_those_read_link_by_link_whatever_the_targets(
        links: list[tuple[str, str, str]]) -> None:
    """The field cut at once (each distinct target parsed once, the links made from
    one dict each, an error searched for from the link before the first thing the
    strict cut cannot read) gives the links, errors and positions that reading link
    by link gives, with and without a base, whatever the targets and parameters."""
    from urikit._web.link import _read_links

    field = "".join(f"<{target}>{params}{sep}" for target, params, sep in links)
    base = FrozenURI.parse("https://h/a/b")
    assert _outcome(lambda: parse_links(field)) == _outcome(
        lambda: _read_links(field, None, False))
    assert _outcome(lambda: parse_links(field, base=base)) == _outcome(
        lambda: _read_links(field, base, False))
    # repeated: each distinct link read once, the same Link for each repeat
    twice = f"{field}, {field}"
    assert _outcome(lambda: parse_links(twice)) == _outcome(
        lambda: _read_links(twice, None, False))


def test_targets_of_a_cut_are_parsed_uris() -> None:
    """A target of a field read at once is the URI ``FrozenURI.parse`` makes of its
    text: the same components, text, hash and type, for every shape of reference."""
    references = ["", "a", "a:b", "//h", "//u@h:8/p?q#f", "/p", "?q", "#f", "a:",
                  "http://[::1]:80/", "//[v1.x]", "./a:b", "http://h?#", "s://h:/"]
    field = ", ".join(f"<{reference}>" for reference in references)
    for link, reference in zip(parse_links(field), references, strict=True):
        parsed = FrozenURI.parse(reference)
        assert type(link.target) is FrozenURI
        assert (link.target, link.target.components, str(link.target), hash(link.target)) \
            == (parsed, parsed.components, reference, hash(parsed))


@pytest.mark.parametrize("error", [
    ", </a b>", ", </z>; x=", ', </z>; x="y', " </z>", ", </z>;", ", </z> x", ", <", ",, x",
    ", </z>; rel=\"\u0080\"", ", </z>; title*=UTF-8'x'%zz", "; x=",
])
@pytest.mark.parametrize("before", [
    "</0>, </1>; rel=next, </2>", "</a>; title*=UTF-8''%C3%A9, </b>", "</a>; anchor=\"#x\"",
    "", "</a>, </a>, </a>",
])
@pytest.mark.parametrize("base_text", [None, "https://h/a/b", "/a/b"])
def test_an_error_after_many_links_is_the_one_read_link_by_link(
        before: str, error: str, base_text: str | None) -> None:
    """A field whose cut fails is read link by link from the link before the first
    thing that is no separator (the links before it read by the cut): the error, its
    message and its position are those of reading the whole field link by link."""
    from urikit._web.link import _read_links

    field = before + error
    base = None if base_text is None else FrozenURI.parse(base_text)
    outcome = _outcome(lambda: parse_links(field, base=base))
    assert outcome == _outcome(lambda: _read_links(field, base, False))
    assert isinstance(outcome, tuple) or field == " </z>"


_QUOTED_TEXT = st.lists(st.sampled_from(["a", "/", ";", "=", " ", "\t", ",", "\\\\", '\\"', "é",
                                          "\x80"]), max_size=4).map("".join)
_PARAM = st.tuples(
    st.sampled_from(["", " ", "\t "]),
    st.sampled_from(["a", "Type", "x-y", "rel", "title"]),
    st.sampled_from(["", " "]),
    st.one_of(st.none(), st.sampled_from(["b", "1.5", "UPPER"]),
              _QUOTED_TEXT.map(lambda text: f'"{text}"'))).map(
    lambda p: f"{p[0]};{p[0]}{p[1]}{p[2]}" + ("" if p[3] is None else f"={p[2]}{p[3]}"))


@given(st.lists(_PARAM, min_size=1, max_size=8).map("".join))
@settings(max_examples=examples(600))
def test_parameters_read_by_str_methods_are_those_read_one_by_one(params: str) -> None:
    """A link's parameters read at once (by str methods where no quoted string holds
    ";", "=", white space or a quoted-pair, by one regular expression split
    otherwise) are those read parameter by parameter, names, values and relation
    types, repeated or not."""
    from urikit._web.link import _read_links

    field = f"</a>{params}, </b>{params}"
    assert _outcome(lambda: parse_links(field)) == _outcome(
        lambda: _read_links(field, None, False))
