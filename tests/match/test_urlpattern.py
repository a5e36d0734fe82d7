"""urikit.URLPattern: the browsers' tests (WPT urlpattern data), the API, the errors."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import BuildError, ParseError, URLPattern, URLPatternComponentResult, URLPatternResult
from urikit._core.errors import Rule

from .wpt_urlpattern import check, check_compare, check_generate, load

CASES: list[dict[str, Any]] = load("urlpatterntestdata.json")
GENERATE_CASES: list[dict[str, Any]] = load("urlpattern-generate-test-data.json")
COMPARE_CASES: list[dict[str, Any]] = load("urlpattern-compare-test-data.json")

# WPT urlpatterntestdata.json: the cases where urikit answers otherwise, by index, with
# the reason (docs/urlpattern.md lists them). Each is checked to still differ, so that
# a fixed difference leaves this table.
URLPATTERN_DIFFERENCES: dict[int, str] = {
    208: "the reading of an opaque path: urikit's browser reading percent-encodes the "
         "spaces of 'javascript:var x = 1;' (RFC 3986 text), the URL standard keeps them",
    279: "the reading of an opaque path: the spaces of 'data:text/javascript,let x = "
         "100/5;' are percent-encoded by urikit's browser reading, kept by the URL standard",
    344: "an unknown key ('ignoreCase') in the pattern mapping is a TypeError: a Python "
         "mapping is not a WebIDL dictionary, which drops unknown members",
    349: "the reading of a query: urikit's browser reading percent-encodes '{' and '}' "
         "(RFC 3986 text), the URL standard keeps them",
    350: "the reading of a query: urikit's browser reading percent-encodes '{' and '}' "
         "(RFC 3986 text), the URL standard keeps them",
    351: "the regexp subset: the v flag's nested class and '--' are refused",
    352: "the regexp subset: the v flag's nested class and '--' are refused",
    353: "the regexp subset: the v flag's '&&' is refused",
    354: "the regexp subset: the v flag's '&&' is refused",
}


def _case_id(index: int, entry: dict[str, Any]) -> str:
    return f"{index:03d}-" + json.dumps(entry["pattern"], ensure_ascii=True)[:60]


@pytest.mark.parametrize(
    ("index", "entry"),
    [pytest.param(i, e, id=_case_id(i, e)) for i, e in enumerate(CASES)])
def test_wpt_urlpatterntestdata(index: int, entry: dict[str, Any]) -> None:
    """Each case of WPT urlpatterntestdata.json answers as the harness expects, or
    differs as its row of the differences table says."""
    if index in URLPATTERN_DIFFERENCES:
        with pytest.raises((AssertionError, ParseError, TypeError)):
            check(entry)
    else:
        check(entry)


@pytest.mark.parametrize(
    "entry", [pytest.param(e, id=f"{i:02d}-{e['component']}")
              for i, e in enumerate(GENERATE_CASES)])
def test_wpt_generate(entry: dict[str, Any]) -> None:
    """Each case of WPT urlpattern-generate-test-data.json gives its text or raises."""
    check_generate(entry)


@pytest.mark.parametrize(
    "entry", [pytest.param(e, id=f"{i:02d}-{e['component']}")
              for i, e in enumerate(COMPARE_CASES)])
def test_wpt_compare_component(entry: dict[str, Any]) -> None:
    """Each case of WPT urlpattern-compare-test-data.json orders the two patterns as
    expected, both ways round."""
    check_compare(entry)


def test_counts() -> None:
    """The three files have the rows docs/urlpattern.md counts."""
    assert (len(CASES), len(URLPATTERN_DIFFERENCES), len(GENERATE_CASES),
            len(COMPARE_CASES)) == (369, 9, 19, 25)


# ---------------------------------------------------------------------------------------
# The API


def test_exec_result_is_frozen_and_typed() -> None:
    """exec gives a frozen URLPatternResult with one component result per component."""
    pattern = URLPattern("https://:sub.example.com/users/:id")
    result = pattern.exec("https://api.example.com/users/7?x#y")
    assert isinstance(result, URLPatternResult)
    assert result.inputs == ("https://api.example.com/users/7?x#y",)
    assert result.hostname == URLPatternComponentResult("api.example.com", {"sub": "api"})
    assert result.pathname.groups == {"id": "7"}
    assert result.search == URLPatternComponentResult("x", {"0": "x"})
    with pytest.raises(AttributeError):
        result.pathname = result.search  # type: ignore[misc]


def test_optional_group_is_none() -> None:
    """A group that takes part in no match is None, JavaScript's undefined."""
    result = URLPattern({"pathname": "/a/:b?"}).exec({"pathname": "/a"})
    assert result is not None
    assert result.pathname.groups == {"b": None}


def test_base_url_argument() -> None:
    """A relative pattern string and a relative input take a base URL."""
    pattern = URLPattern("/books/:id", "https://example.com")
    assert (pattern.protocol, pattern.hostname, pattern.pathname) == (
        "https", "example.com", "/books/:id")
    assert pattern.test("/books/1", "https://example.com/shelf/")
    assert not pattern.test("/books/1", "https://other.example/")
    result = pattern.exec("/books/1", "https://example.com")
    assert result is not None
    assert result.inputs == ("/books/1", "https://example.com")


def test_canonicalization_of_inputs() -> None:
    """Inputs are read as a browser reads them: the default port, IDNA, dot segments."""
    pattern = URLPattern({"hostname": "xn--caf-dma.com", "port": "", "pathname": "/a/c"})
    assert pattern.test("https://CAFÉ.com:443/a/b/../c")
    assert pattern.test({"hostname": "café.com", "pathname": "/a/./c"})


def test_ignore_case() -> None:
    """ignore_case matches the pathname whatever its case."""
    assert URLPattern({"pathname": "/foo"}, ignore_case=True).test({"pathname": "/FOO"})
    assert not URLPattern({"pathname": "/foo"}).test({"pathname": "/FOO"})


def test_has_regexp_groups() -> None:
    """has_regexp_groups says whether a component has a regexp group."""
    assert URLPattern({"pathname": "/(\\d+)"}).has_regexp_groups
    assert not URLPattern({"pathname": "/:id"}).has_regexp_groups


def test_repr() -> None:
    """The repr shows the components that are not '*'."""
    assert repr(URLPattern({"pathname": "/a"})) == "URLPattern({'pathname': '/a'})"


def test_generate_refusal_is_build_error() -> None:
    """generate raises BuildError with the generate-from-groups rule."""
    with pytest.raises(BuildError) as info:
        URLPattern({"pathname": "/:a/*"}).generate("pathname", {"a": "x"})
    assert info.value.rule is Rule.GENERATE_FROM_GROUPS


# ---------------------------------------------------------------------------------------
# Errors: the standard's TypeError for a bad pattern is urikit's ParseError here; a
# wrong argument type is TypeError


INVALID_PATTERNS = [
    pytest.param("/no/protocol", None, id="relative-without-base"),
    pytest.param({"pathname": "/:id("}, None, id="unclosed-regexp"),
    pytest.param({"protocol": "ht tp"}, None, id="bad-protocol"),
    pytest.param({"port": "x"}, None, id="bad-port"),
    pytest.param({"hostname": "a b"}, None, id="forbidden-host-code-point"),
    pytest.param({"pathname": "/(\\1)"}, None, id="backreference"),
    pytest.param({"pathname": "/", "baseURL": "no-scheme"}, None, id="bad-base"),
]


@pytest.mark.parametrize(("pattern", "base"), INVALID_PATTERNS)
def test_invalid_pattern_is_parse_error(pattern: str | dict[str, str],
                                        base: str | None) -> None:
    """An invalid pattern raises ParseError naming its component."""
    with pytest.raises(ParseError) as info:
        URLPattern(pattern, base)
    assert info.value.component in ("pattern", "protocol", "port", "hostname", "pathname",
                                    "baseURL")


BAD_TYPES = [
    pytest.param(lambda: URLPattern(3), id="input-int"),  # type: ignore[arg-type]
    pytest.param(lambda: URLPattern({"pathname": 3}), id="value-int"),  # type: ignore[dict-item]
    pytest.param(lambda: URLPattern({"path": "/"}), id="unknown-key"),
    pytest.param(lambda: URLPattern({"pathname": "/"}, "https://a"), id="mapping-with-base"),
    pytest.param(lambda: URLPattern("https://a", b"x"), id="base-bytes"),  # type: ignore[arg-type]
    pytest.param(lambda: URLPattern("https://a/").test(b"x"), id="test-bytes"),  # type: ignore[arg-type]
    pytest.param(lambda: URLPattern("https://a/").exec({"pathname": "/"}, "https://a"),
                 id="exec-mapping-with-base"),
    pytest.param(lambda: URLPattern.compare_component(
        "path", URLPattern("https://a/"), URLPattern("https://a/")),  # type: ignore[arg-type]
        id="compare-bad-component"),
    pytest.param(lambda: URLPattern("https://a/").generate("pathname", {"a": 1}),  # type: ignore[dict-item]
                 id="generate-bad-group"),
]


@pytest.mark.parametrize("call", BAD_TYPES)
def test_wrong_argument_type_is_type_error(call: Any) -> None:
    """A wrong argument type raises TypeError."""
    with pytest.raises(TypeError):
        call()


def test_refused_url_does_not_match() -> None:
    """A URL string the browser refuses matches nothing (exec gives None)."""
    pattern = URLPattern({})
    assert pattern.exec("https://a b/") is None
    assert not pattern.test("no scheme")


def test_public_names_report_urikit() -> None:
    """The public classes name urikit as their module, and the result pickles."""
    assert URLPattern.__module__ == "urikit"
    assert URLPatternResult.__module__ == "urikit"
    result = URLPattern({"pathname": "/:a"}).exec({"pathname": "/x"})
    assert pickle.loads(pickle.dumps(result)) == result


@given(st.tuples(st.sampled_from(["https://", "http://", "ftp://", "wss://"]),
                 st.sampled_from(["h", "a.b.example", "xn--a.b", "a1.2", "h:8080", "h:0443",
                                  "a..b", ".a", "a.", "a.xn--b", "a.1", "a.b1", "-a.b-"]),
                 st.lists(st.sampled_from(["/", "a", "%41", "%zz", "%", ".", "%2e", "?", "#",
                                           "'", "=", "&", " ", "é"]), max_size=10)
                 .map("".join)).map("".join))
def test_the_fast_reading_of_a_url_is_the_browsers(text: str) -> None:
    """The components sliced out of a URL by the fast pattern (unrolled, so that a
    megabyte of query is read in C) are those of the browser's reading of it."""
    from urikit._core.parse import split
    from urikit._interop.lenient import repaired_text
    from urikit._match.urlpattern import _fast_components, _whatwg_components

    fast = _fast_components(text)
    if fast is not None:
        assert fast == _whatwg_components(split(repaired_text(text)))


def _plain_host(host: str) -> bool:
    """A host the WHATWG host parser gives back unchanged, read label by label:
    lowercase ASCII letters, digits and "-", no label empty or starting "xn--", the
    last starting with a letter."""
    labels = host.split(".")
    return (all(label and set(label) <= set("abcdefghijklmnopqrstuvwxyz0123456789-")
                and not label.startswith("xn--") for label in labels)
            and labels[-1][0].isalpha())


@given(st.lists(st.sampled_from(["a", "x", "n", "-", "xn--", ".", "..", "0", "1", "A",
                                 "_", "\u00e9"]), max_size=12).map("".join))
def test_the_plain_host_pattern_reads_labels(host: str) -> None:
    """The lookaheads that find a plain host in C (each a scan of one character
    class, so that a megabyte of labels is read in linear time) take exactly the hosts
    that a reading label by label takes, alone, in a URL and in a URL's pattern."""
    from urikit._match.urlpattern import _FAST_URL_RE, _PLAIN_HOST_RE

    plain = _plain_host(host)
    assert (_PLAIN_HOST_RE.fullmatch(host) is not None) == plain
    for end in ("", "/a", ":8080/a", "?q", "#f"):
        found = _FAST_URL_RE.fullmatch(f"https://{host}{end}")
        assert (found is not None and found.group(2) == host) == plain, end
    whole = URLPattern({"pathname": "/*"})
    assert whole.test(f"https://{host}/a") == (whole.exec(f"https://{host}/a") is not None)


def test_a_host_of_many_labels_is_plain() -> None:
    """A host of 200,000 labels is a plain host, alone and in a URL the whole-URL
    expression matches (its cost is the hunt's row in benchmarks/hunt-links.md)."""
    from urikit._match.urlpattern import _PLAIN_HOST_RE

    host = "a." * 200_000 + "x"
    assert _PLAIN_HOST_RE.fullmatch(host) is not None
    assert URLPattern({"pathname": "/*"}).test(f"https://{host}/a")


# the one expression of a URL's common shape, and URLs it leaves to matching component by
# component: a wildcard's text starting with "." (a dot segment, or a name such as
# ".well-known"), "%", a search or hash absent or empty
ONE_EXPRESSION = [
    pytest.param("https://api.example.com/users/a/posts/b", {"id": "a", "post": "b"},
                 "", "", id="plain"),
    pytest.param("https://api.example.com/users/.well-known/posts/b",
                 {"id": ".well-known", "post": "b"}, "", "", id="a segment starting with ."),
    pytest.param("https://api.example.com/users/./posts/b", None, "", "", id="dot segment"),
    pytest.param("https://api.example.com/users/a/posts/..", None, "", "", id="dot-dot"),
    pytest.param("https://api.example.com/users/%2e/posts/b", None, "", "",
                 id="encoded dot segment"),
    pytest.param("https://api.example.com/users/a%20b/posts/b", {"id": "a%20b", "post": "b"},
                 "", "", id="a triplet"),
    pytest.param("https://api.example.com/users/a/posts/b?", {"id": "a", "post": "b"},
                 "", "", id="empty search"),
    pytest.param("https://api.example.com/users/a/posts/b?q=1#top",
                 {"id": "a", "post": "b"}, "q=1", "top", id="search and hash"),
    pytest.param("https://api.example.com/users/a/posts/b#", {"id": "a", "post": "b"},
                 "", "", id="empty hash"),
]


@pytest.mark.parametrize(("url", "groups", "search", "hash_"), ONE_EXPRESSION)
def test_one_expression_answers_as_the_components(url: str, groups: dict[str, str] | None,
                                                  search: str, hash_: str) -> None:
    """exec through the one expression gives the groups, search and hash that matching
    component by component gives; a URL the expression leaves (a text starting with
    ".", a dot segment) is read the long way, with the browser's answer."""
    fast = URLPattern("https://api.example.com/users/:id/posts/:post")
    slow = URLPattern("https://api.example.com/users/:id/posts/:post")
    object.__setattr__(slow, "_whole", None)
    for pattern in (fast, slow):
        found = pattern.exec(url)
        if groups is None:
            assert found is None
            continue
        assert found is not None
        assert found.pathname.groups == groups
        assert (found.search, found.hash) == (
            URLPatternComponentResult(search, {"0": search}),
            URLPatternComponentResult(hash_, {"0": hash_}))
        assert found.protocol == URLPatternComponentResult("https", {})
        assert found.hostname == URLPatternComponentResult("api.example.com", {})
        assert found.inputs == (url,)
    assert fast.exec(url) == slow.exec(url)
