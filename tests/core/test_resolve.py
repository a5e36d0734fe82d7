"""Reference resolution (RFC 3986 §5.2), remove_dot_segments (§5.2.4) and relative
references, the inverse of resolution."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import (
    URI,
    ParseError,
    ResolveError,
    Rule,
    URIError,
    remove_dot_segments,
    strategies,
)
from urikit._core.resolve import _climb, _segment_stack

BASE = "http://a/b/c/d;p?q"

# RFC 3986 §5.4.1, "Normal Examples", against the base http://a/b/c/d;p?q.
RFC3986_5_4_1_NORMAL = [
    pytest.param("g:h", "g:h", id="g:h"),
    pytest.param("g", "http://a/b/c/g", id="g"),
    pytest.param("./g", "http://a/b/c/g", id="./g"),
    pytest.param("g/", "http://a/b/c/g/", id="g/"),
    pytest.param("/g", "http://a/g", id="/g"),
    pytest.param("//g", "http://g", id="//g"),
    pytest.param("?y", "http://a/b/c/d;p?y", id="?y"),
    pytest.param("g?y", "http://a/b/c/g?y", id="g?y"),
    pytest.param("#s", "http://a/b/c/d;p?q#s", id="#s"),
    pytest.param("g#s", "http://a/b/c/g#s", id="g#s"),
    pytest.param("g?y#s", "http://a/b/c/g?y#s", id="g?y#s"),
    pytest.param(";x", "http://a/b/c/;x", id=";x"),
    pytest.param("g;x", "http://a/b/c/g;x", id="g;x"),
    pytest.param("g;x?y#s", "http://a/b/c/g;x?y#s", id="g;x?y#s"),
    pytest.param("", "http://a/b/c/d;p?q", id="empty"),
    pytest.param(".", "http://a/b/c/", id="."),
    pytest.param("./", "http://a/b/c/", id="./"),
    pytest.param("..", "http://a/b/", id=".."),
    pytest.param("../", "http://a/b/", id="../"),
    pytest.param("../g", "http://a/b/g", id="../g"),
    pytest.param("../..", "http://a/", id="../.."),
    pytest.param("../../", "http://a/", id="../../"),
    pytest.param("../../g", "http://a/g", id="../../g"),
]

# RFC 3986 §5.4.2, "Abnormal Examples", same base: (reference, target, strict). The
# last example has two results, one for strict parsers and one "for backward
# compatibility" (strict=False).
RFC3986_5_4_2_ABNORMAL = [
    pytest.param("../../../g", "http://a/g", True, id="../../../g"),
    pytest.param("../../../../g", "http://a/g", True, id="../../../../g"),
    pytest.param("/./g", "http://a/g", True, id="/./g"),
    pytest.param("/../g", "http://a/g", True, id="/../g"),
    pytest.param("g.", "http://a/b/c/g.", True, id="g."),
    pytest.param(".g", "http://a/b/c/.g", True, id=".g"),
    pytest.param("g..", "http://a/b/c/g..", True, id="g.."),
    pytest.param("..g", "http://a/b/c/..g", True, id="..g"),
    pytest.param("./../g", "http://a/b/g", True, id="./../g"),
    pytest.param("./g/.", "http://a/b/c/g/", True, id="./g/."),
    pytest.param("g/./h", "http://a/b/c/g/h", True, id="g/./h"),
    pytest.param("g/../h", "http://a/b/c/h", True, id="g/../h"),
    pytest.param("g;x=1/./y", "http://a/b/c/g;x=1/y", True, id="g;x=1/./y"),
    pytest.param("g;x=1/../y", "http://a/b/c/y", True, id="g;x=1/../y"),
    pytest.param("g?y/./x", "http://a/b/c/g?y/./x", True, id="g?y/./x"),
    pytest.param("g?y/../x", "http://a/b/c/g?y/../x", True, id="g?y/../x"),
    pytest.param("g#s/./x", "http://a/b/c/g#s/./x", True, id="g#s/./x"),
    pytest.param("g#s/../x", "http://a/b/c/g#s/../x", True, id="g#s/../x"),
    pytest.param("http:g", "http:g", True, id="http:g-strict"),
    pytest.param("http:g", "http://a/b/c/g", False, id="http:g-backward-compatible"),
]

# RFC 3986 §5.2.4: the two worked examples of remove_dot_segments.
RFC3986_5_2_4_EXAMPLES = [
    pytest.param("/a/b/c/./../../g", "/a/g", id="absolute"),
    pytest.param("mid/content=5/../6", "mid/6", id="relative"),
]

# More remove_dot_segments cases, each worked through the steps of §5.2.4 by hand.
REMOVE_DOT_SEGMENTS = [
    pytest.param("", "", id="empty"),
    pytest.param("/", "/", id="root"),
    pytest.param(".", "", id=".: 2D"),
    pytest.param("..", "", id="..: 2D"),
    pytest.param("./", "", id="./: 2A"),
    pytest.param("../", "", id="../: 2A"),
    pytest.param("/.", "/", id="/.: 2B"),
    pytest.param("/./", "/", id="/./: 2B then 2E"),
    pytest.param("/..", "/", id="/..: 2C at the root"),
    pytest.param("/../", "/", id="/../: 2C at the root then 2E"),
    pytest.param("a/..", "/", id="a/..: 2C leaves the '/'"),
    pytest.param("a/.", "a/", id="a/."),
    pytest.param("a/../b", "/b", id="a/../b"),
    pytest.param("a/b/..", "a/", id="a/b/.."),
    pytest.param("../a/b/..", "a/", id="../a/b/.."),
    pytest.param("./a", "a", id="./a"),
    pytest.param("../../a", "a", id="../../a: 2A twice"),
    pytest.param("./../a", "a", id="./../a"),
    pytest.param(".//a", "/a", id=".//a: 2A leaves '/a'"),
    pytest.param("/a/..", "/", id="/a/.."),
    pytest.param("/a/../..", "/", id="/a/../.."),
    pytest.param("/a/b/../../../c", "/c", id="never above the root"),
    pytest.param("/a/./b/", "/a/b/", id="/a/./b/"),
    pytest.param("/a/b/.", "/a/b/", id="trailing /."),
    pytest.param("/a/b/..", "/a/", id="trailing /.."),
    pytest.param("a/b/../../..", "/", id="relative, too many .."),
    pytest.param("//a/../b", "//b", id="empty first segment"),
    pytest.param("/a//../b", "/a/b", id=".. removes an empty segment"),
    pytest.param("/...", "/...", id="three dots is a segment"),
    pytest.param("/.a/a./..b/b..", "/.a/a./..b/b..", id="dots inside segments"),
    pytest.param("/%2E/%2e%2E/a", "/%2E/%2e%2E/a", id="encoded dots are not dot segments"),
    pytest.param("/a/b/c", "/a/b/c", id="nothing to remove"),
]


def _without_dots(uri: URI) -> URI:
    """A copy of ``uri`` whose path has no dot segments."""
    return uri.copy().set(path=remove_dot_segments(str(uri.path)))


def rfc_remove_dot_segments(path: str) -> str:
    """The two-buffer algorithm of RFC 3986 §5.2.4, transcribed step by step (slow)."""
    inp, out = path, ""
    while inp:
        if inp.startswith("../"):  # A
            inp = inp[3:]
        elif inp.startswith("./"):  # A
            inp = inp[2:]
        elif inp.startswith("/./"):  # B
            inp = "/" + inp[3:]
        elif inp == "/.":  # B
            inp = "/"
        elif inp.startswith("/../") or inp == "/..":  # C
            inp = "/" + inp[4:]
            out = out[:max(out.rfind("/"), 0)]
        elif inp in (".", ".."):  # D
            inp = ""
        else:  # E
            end = inp.find("/", 1)
            end = len(inp) if end < 0 else end
            out, inp = out + inp[:end], inp[end:]
    return out


@pytest.mark.parametrize(("reference", "target"), RFC3986_5_4_1_NORMAL)
def test_rfc3986_normal_examples(reference: str, target: str) -> None:
    """Each normal example of §5.4.1 resolves to the RFC's target, in both modes."""
    base = URI.parse(BASE)
    assert str(base.resolve(reference)) == target
    assert base.resolve(reference) == URI.parse(target)
    assert base.resolve(URI.parse(reference)) == URI.parse(target)
    # none of these references has the scheme "http", so strictness changes nothing
    assert base.resolve(reference, strict=False) == URI.parse(target)
    assert str(base) == BASE


@pytest.mark.parametrize(("reference", "target", "strict"), RFC3986_5_4_2_ABNORMAL)
def test_rfc3986_abnormal_examples(reference: str, target: str, strict: bool) -> None:
    """Each abnormal example of §5.4.2 resolves to the RFC's target."""
    base = URI.parse(BASE)
    result = base.resolve(reference, strict=strict)
    assert str(result) == target
    assert result == URI.parse(target)
    assert str(base) == BASE


@pytest.mark.parametrize(("path", "expected"), RFC3986_5_2_4_EXAMPLES + REMOVE_DOT_SEGMENTS)
def test_remove_dot_segments(path: str, expected: str) -> None:
    """remove_dot_segments gives the result of the §5.2.4 steps."""
    assert remove_dot_segments(path) == expected
    assert rfc_remove_dot_segments(path) == expected


def test_remove_dot_segments_on_a_long_path() -> None:
    """A megabyte path with a hundred thousand ".." segments is reduced to the root, and
    one with dot segments mixed in keeps exactly its non-dot segments."""
    climb = "/a" * 100_000 + "/.." * 100_000 + "/.." * 50_000
    assert len(climb) > 500_000
    assert remove_dot_segments(climb) == "/"
    mixed = "/x/./y/../z" * 100_000
    assert len(mixed) > 1_000_000
    assert remove_dot_segments(mixed) == "/x/z" * 100_000
    relative = "../" * 100_000 + "a/" * 100_000
    assert remove_dot_segments(relative) == "a/" * 100_000


def test_resolve_a_long_climb() -> None:
    """A reference climbing fifty thousand levels of a deep base, and one made of a
    hundred thousand "./" segments, resolve to what the §5.2.4 steps give."""
    base = URI.parse("http://h/" + "d/" * 100_000)
    target = base.resolve("../" * 50_000 + "x")
    assert str(target) == "http://h/" + "d/" * 50_000 + "x"
    assert str(base.resolve("./" * 100_000)) == str(base)
    assert str(base.resolve("../" * 200_000 + "x")) == "http://h/x"


def test_reference_of_another_type_is_a_type_error() -> None:
    """A reference is a URI or a str (a str subclass is read as text)."""

    class Text(str):
        pass

    base = URI.parse(BASE)
    assert str(base.resolve(Text("g"))) == "http://a/b/c/g"
    with pytest.raises(TypeError, match="must be a URI, FrozenURI or str, not int"):
        base.resolve(3)  # type: ignore[arg-type]


def test_non_strict_compares_schemes_case_insensitively() -> None:
    """With strict=False a reference scheme equal to the base's but for case is read
    as relative (schemes are case-insensitive, §3.1); the base's spelling is kept."""
    base = URI.parse(BASE)
    assert str(base.resolve("HTTP:g", strict=False)) == "http://a/b/c/g"
    assert str(base.resolve("HTTP:g")) == "HTTP:g"
    assert str(URI.parse("HTTP://a/b").resolve("http:g", strict=False)) == "HTTP://a/g"
    assert str(base.resolve("https:g", strict=False)) == "https:g"
    assert str(base.resolve("http://x/./y", strict=False)) == "http://x/y"


# (base, reference, target) for bases the §5.4 examples do not cover, worked out with
# the §5.2.2 pseudocode.
OTHER_BASES = [
    # no authority: merge keeps everything up to the last "/" of the base path
    pytest.param("mailto:x", "y", "mailto:y", id="mailto-path"),
    pytest.param("mailto:x", "", "mailto:x", id="mailto-empty"),
    pytest.param("mailto:x", "?s", "mailto:x?s", id="mailto-query"),
    pytest.param("mailto:x", "#f", "mailto:x#f", id="mailto-fragment"),
    pytest.param("mailto:x", "/y", "mailto:/y", id="mailto-absolute-path"),
    pytest.param("mailto:x", "//h/y", "mailto://h/y", id="mailto-network-path"),
    pytest.param("mailto:x", "..", "mailto:", id="mailto-dotdot"),
    pytest.param("urn:a:b", "c", "urn:c", id="urn-path"),
    pytest.param("urn:a:b", "./c:d", "urn:c:d", id="urn-colon"),
    pytest.param("urn:a:b", "", "urn:a:b", id="urn-empty"),
    pytest.param("foo:a/b", "c", "foo:a/c", id="rootless-path"),
    pytest.param("foo:a/b", "..", "foo:/", id="rootless-dotdot-leaves-slash"),
    pytest.param("foo:/x", ".//g", "foo:/.//g", id="double-slash-path-is-guarded"),
    # an authority and an empty path: merge puts "/" before the reference's path
    pytest.param("http://a", "g", "http://a/g", id="empty-path-g"),
    pytest.param("http://a", "", "http://a", id="empty-path-empty"),
    pytest.param("http://a", "?y", "http://a?y", id="empty-path-query"),
    pytest.param("http://a", "#s", "http://a#s", id="empty-path-fragment"),
    pytest.param("http://a", "..", "http://a/", id="empty-path-dotdot"),
    pytest.param("http://a", ".", "http://a/", id="empty-path-dot"),
    # a trailing slash: the whole base path is the directory
    pytest.param("http://a/b/", "g", "http://a/b/g", id="slash-g"),
    pytest.param("http://a/b/", ".", "http://a/b/", id="slash-dot"),
    pytest.param("http://a/b/", "..", "http://a/", id="slash-dotdot"),
    pytest.param("http://a/b/", "", "http://a/b/", id="slash-empty"),
    # the base's query is kept only by an empty reference; its fragment never
    pytest.param("http://a/b?q#f", "", "http://a/b?q", id="fragment-dropped"),
    pytest.param("http://a/b?q#f", "#g", "http://a/b?q#g", id="fragment-replaced"),
    pytest.param("http://a/b?q#f", "?", "http://a/b?", id="empty-query"),
    pytest.param("http://a/b?q#f", "c", "http://a/c", id="query-dropped"),
    pytest.param("http://a/b?q#f", "#", "http://a/b?q#", id="empty-fragment"),
    # the base's own dot segments: kept by an empty path, removed after a merge
    pytest.param("http://a/b/../c", "", "http://a/b/../c", id="base-dots-kept"),
    pytest.param("http://a/b/../c", "g", "http://a/g", id="base-dots-merged"),
    # a reference with an authority keeps it and loses its dot segments
    pytest.param("http://a/b", "//u@h:8/./x/../y", "http://u@h:8/y", id="network-path"),
    pytest.param("http://a/b", "ftp:/./x", "ftp:/x", id="other-scheme-dots"),
    pytest.param("http://a/b", "foo:../x", "foo:x", id="rootless-reference-dots"),
    pytest.param("http://a/b/c", "..//x", "http://a//x", id="empty-segment"),
]


@pytest.mark.parametrize(("base", "reference", "target"), OTHER_BASES)
def test_resolve_other_bases(base: str, reference: str, target: str) -> None:
    """Bases without authority, with an empty path, a trailing slash, a query or a
    fragment resolve as §5.2.2 says."""
    result = URI.parse(base).resolve(reference)
    assert str(result) == target


def test_resolve_keeps_a_double_slash_path_unguarded() -> None:
    """A target path "//g" without an authority is stored as "//g" and written with the
    "/." guard; the written text resolves to the same target."""
    base = URI.parse("foo:/x")
    result = base.resolve(".//g")
    assert result.components.path == "//g"
    assert result.host is None
    assert str(result) == "foo:/.//g"
    assert base.resolve(str(result)) == result
    assert URI.parse("http://h/a").resolve(str(result)) == result


def test_resolve_returns_a_new_uri() -> None:
    """The base and a URI reference are left as they were; the target is a new URI."""
    base = URI.parse(BASE + "#frag")
    reference = URI.parse("../g")
    result = base.resolve(reference)
    assert result is not base
    assert result is not reference
    assert str(base) == BASE + "#frag"
    assert str(reference) == "../g"
    result.path = "/changed"
    empty = base.resolve("")
    empty.query = "changed"
    assert str(base) == BASE + "#frag"


@pytest.mark.parametrize("base", ["//a/b", "/a/b", "a", "", "?q", "#f"])
def test_relative_base_is_an_error(base: str) -> None:
    """A base without a scheme cannot be resolved against (§5.1): ResolveError, a
    URIError and ValueError, says so."""
    with pytest.raises(ResolveError, match="must have a scheme") as info:
        URI.parse(base).resolve("g")
    assert isinstance(info.value, URIError)
    assert isinstance(info.value, ValueError)
    assert info.value.rule is Rule.BASE_NEEDS_SCHEME
    assert info.value.base == base
    with pytest.raises(ResolveError, match="must have a scheme") as info:
        URI.parse("http://a/b").relative_to(URI.parse(base))
    assert info.value.rule is Rule.BASE_NEEDS_SCHEME
    with pytest.raises(ResolveError, match="must have a scheme") as info:
        URI.parse("http://a/b").relative_to(base)
    assert info.value.rule is Rule.BASE_NEEDS_SCHEME


def test_invalid_reference_text_is_a_parse_error() -> None:
    """A reference given as text is parsed strictly."""
    with pytest.raises(ParseError) as info:
        URI.parse(BASE).resolve("a b")
    assert info.value.position == 1


# relative_to: (base, target, the expected reference), each worked out by hand; every
# row is also checked by resolving the result.
RELATIVE_TO = [
    # a different scheme: nothing relative reaches it
    pytest.param(BASE, "https://a/b/c/g", "https://a/b/c/g", id="other-scheme"),
    # a relative reference takes the base's spelling of the scheme, so a scheme that
    # differs only in case needs the target itself to come back exactly
    pytest.param(BASE, "HTTP://a/b/c/g", "HTTP://a/b/c/g", id="scheme-case"),
    # a different authority: a network-path reference
    pytest.param(BASE, "http://g/x", "//g/x", id="other-host"),
    pytest.param(BASE, "http://u@a/b/c/g", "//u@a/b/c/g", id="other-userinfo"),
    pytest.param(BASE, "http://a:80/b/c/g", "//a:80/b/c/g", id="other-port"),
    pytest.param(BASE, "http://g", "//g", id="other-host-empty-path"),
    pytest.param("foo:/x/y", "foo://h/z", "//h/z", id="base-without-authority"),
    # no authority in the target but one in the base: only the target reaches it
    pytest.param(BASE, "http:/b/c/g", "http:/b/c/g", id="target-without-authority"),
    # the same URI: the empty reference, whose fragment is the target's
    pytest.param(BASE, BASE, "", id="equal"),
    pytest.param(BASE + "#f", BASE, "", id="base-fragment-ignored"),
    pytest.param(BASE, BASE + "#s", "#s", id="fragment-only"),
    pytest.param(BASE, BASE + "#", "#", id="empty-fragment"),
    # only the query differs: a query-only reference ...
    pytest.param(BASE, "http://a/b/c/d;p?y", "?y", id="query-only"),
    pytest.param(BASE, "http://a/b/c/d;p?y#s", "?y#s", id="query-and-fragment"),
    pytest.param(BASE, "http://a/b/c/d;p?", "?", id="empty-query"),
    pytest.param("http://a/b/c/d;p", "http://a/b/c/d;p?q", "?q", id="query-added"),
    # ... but an empty path keeps the base's query, so removing it needs a path
    pytest.param(BASE, "http://a/b/c/d;p", "d;p", id="query-removed"),
    pytest.param(BASE, "http://a/b/c/d;p#s", "d;p#s", id="query-removed-fragment"),
    # relative paths
    pytest.param(BASE, "http://a/b/c/g", "g", id="sibling"),
    pytest.param(BASE, "http://a/b/c/g?y#s", "g?y#s", id="sibling-query-fragment"),
    pytest.param(BASE, "http://a/b/c/g/", "g/", id="sibling-directory"),
    pytest.param(BASE, "http://a/b/c/", ".", id="directory"),
    pytest.param(BASE, "http://a/b/", "..", id="parent"),
    pytest.param(BASE, "http://a/b/g", "../g", id="parent-sibling"),
    pytest.param(BASE, "http://a/b/c/d;p/x", "d;p/x", id="below-the-last-segment"),
    # an absolute path where it is shorter than the ".." form
    pytest.param(BASE, "http://a/", "/", id="root"),
    pytest.param(BASE, "http://a/g", "/g", id="absolute-shorter"),
    pytest.param("http://a/b/c/d/e/f", "http://a/b/c/x", "/b/c/x", id="absolute-shorter-2"),
    # a tie goes to the relative path
    pytest.param("http://a/b/c/d", "http://a/b/x", "../x", id="tie"),
    # trailing slashes
    pytest.param("http://a/b/c/", "http://a/b/c/", "", id="slash-equal"),
    pytest.param("http://a/b/c/", "http://a/b/c/g/", "g/", id="slash-sibling"),
    pytest.param("http://a/b/c/", "http://a/b/c", "../c", id="slash-removed"),
    # dot segments in the target or in the base
    pytest.param(BASE, "http://a/b/c/./g/../h", "h", id="target-dots"),
    pytest.param("http://a/b/../c/d", "http://a/c/x", "x", id="base-dots"),
    # the empty reference keeps the base's path verbatim, dot segments and all (§5.2.2)
    pytest.param("http://a/b/../c/d", "http://a/b/../c/d", "", id="base-dots-equal"),
    pytest.param("http://a/b/../c", "http://a/b/../c", "", id="base-dots-itself"),
    pytest.param("http://a/..", "http://a/..", "", id="base-dotdot-itself"),
    pytest.param("s:/.//x", "s:/.//x", "", id="guarded-base-itself"),
    pytest.param("http://a/b/../c/d", "http://a/b/../c/d?y", "?y", id="base-dots-query"),
    pytest.param("http://a/b/c", "http://a/b/./c", "", id="target-dots-to-base"),
    # a first segment holding ":" would read as a scheme: "./" keeps it a path
    pytest.param(BASE, "http://a/b/c/g:h", "./g:h", id="colon"),
    # an empty first segment would make the path absolute: "./" keeps it relative
    pytest.param(BASE, "http://a/b/c//x", ".//x", id="empty-segment"),
    pytest.param("http://a/b", "http://a//x", ".//x", id="empty-segment-at-root"),
    pytest.param("http://a/b/c", "http://a//x", "..//x", id="empty-segment-up"),
    # empty paths with an authority
    pytest.param("http://a", "http://a", "", id="empty-path-equal"),
    pytest.param("http://a", "http://a/g", "g", id="empty-path-base"),
    pytest.param("http://a", "http://a/", ".", id="empty-path-base-root"),
    pytest.param("http://a/b", "http://a", "//a", id="empty-path-target"),
    pytest.param("http://a/b?q", "http://a?q", "//a?q", id="empty-path-target-query"),
    pytest.param("file:///a/b", "file:///a/c", "c", id="empty-host"),
    # bases without authority
    pytest.param("mailto:x", "mailto:y", "y", id="mailto"),
    pytest.param("mailto:x?s", "mailto:x", "x", id="mailto-query-removed"),
    pytest.param("mailto:x", "mailto:x?s", "?s", id="mailto-query-added"),
    pytest.param("mailto:x", "mailto:", ".", id="mailto-empty-path"),
    pytest.param("urn:a:b", "urn:a:b", "", id="urn-equal"),
    pytest.param("urn:a:b", "urn:a:c", "./a:c", id="urn-colon"),
    pytest.param("foo:a/b", "foo:a/c", "c", id="rootless"),
    pytest.param("foo:a/b/c", "foo:a/x", "../x", id="rootless-up"),
    # ".." cannot remove a rootless base's first segment without leaving a "/", and
    # no relative reference gives an empty path here
    pytest.param("foo:a/b", "foo:c", "foo:c", id="rootless-unreachable"),
    pytest.param("foo:a/b", "foo:", "foo:", id="rootless-empty-unreachable"),
    # a path starting with "//" and no authority
    pytest.param("foo:/x", "foo:/.//g", ".//g", id="double-slash-relative"),
    pytest.param("foo:/x/y/z", "foo:/.//g", "/.//g", id="double-slash-absolute"),
    pytest.param("bar:/x", "foo:/.//g", "foo:/.//g", id="double-slash-other-scheme"),
]


@pytest.mark.parametrize(("base", "target", "expected"), RELATIVE_TO)
def test_relative_to(base: str, target: str, expected: str) -> None:
    """relative_to gives the shortest reference, which resolves back to the target
    (without its dot segments, unless the empty reference reaches it as it is) and
    reads back from its text unchanged."""
    base_uri, target_uri = URI.parse(base), URI.parse(target)
    result = target_uri.relative_to(base_uri)
    assert str(result) == expected
    assert base_uri.resolve(result) in (target_uri, _without_dots(target_uri))
    assert base_uri.resolve(expected) == base_uri.resolve(result)
    assert URI.parse(str(result)) == result
    assert str(target_uri) == target
    assert str(base_uri) == base
    assert target_uri.relative_to(base) == result


def test_relative_to_returns_a_new_uri() -> None:
    """relative_to never returns the target itself, even when it is the answer."""
    target = URI.parse("https://x/y")
    result = target.relative_to(BASE)
    assert result == target
    assert result is not target


def test_relative_to_with_a_relative_target() -> None:
    """A relative target is first resolved against the base."""
    assert str(URI.parse("../g").relative_to(BASE)) == "../g"
    assert str(URI.parse("../../../x").relative_to(BASE)) == "/x"
    assert str(URI.parse("#s").relative_to(BASE)) == "#s"


# --- properties ------------------------------------------------------------------------


@given(strategies.absolute_uris(), strategies.uris())
def test_relative_to_resolves_back(base_text: str, target_text: str) -> None:
    """For any pair of URIs, the base resolves the relative reference back to the
    target without its dot segments, and the reference reads back from its text."""
    base, target = URI.parse(base_text), URI.parse(target_text)
    reference = target.relative_to(base)
    assert base.resolve(reference) in (target, _without_dots(target))
    assert base.resolve(str(reference)) == base.resolve(reference)
    assert URI.parse(str(reference)) == reference


@given(strategies.absolute_uris(), strategies.uri_references())
def test_relative_to_is_never_longer_than_a_reference(base_text: str,
                                                      reference_text: str) -> None:
    """For a target reached from the base by some reference, relative_to gives a
    reference that resolves back to it and, when the target has no dot segments (an
    empty reference keeps the base's), is no longer than that one."""
    base = URI.parse(base_text)
    target = base.resolve(reference_text)
    result = target.relative_to(base)
    without_dots = _without_dots(target)
    assert base.resolve(result) in (target, without_dots)
    if target == without_dots:
        assert len(str(result)) <= len(reference_text)


@given(strategies.absolute_uris(), strategies.uri_references())
def test_resolve_matches_the_rfc_steps(base_text: str, reference_text: str) -> None:
    """The target's path is what the §5.2.4 two-buffer algorithm gives, and a target
    with a scheme is never relative."""
    base = URI.parse(base_text)
    reference = URI.parse(reference_text)
    target = base.resolve(reference)
    assert target.scheme is not None
    path = reference.components.path
    if reference.scheme is None and reference.host is None:
        if not path:
            assert target.components.path == base.components.path
            return
        if not path.startswith("/"):
            b_path = base.components.path
            if base.host is not None and not b_path:
                path = "/" + path
            else:
                path = b_path[:b_path.rfind("/") + 1] + path
    assert target.components.path == rfc_remove_dot_segments(path)
    assert base.resolve(str(target)) == target


@given(strategies.uri_references())
def test_remove_dot_segments_matches_the_rfc_steps(text: str) -> None:
    """The segment stack gives what the §5.2.4 string buffers give, on any path."""
    path = URI.parse(text).components.path
    assert remove_dot_segments(path) == rfc_remove_dot_segments(path)


@given(strategies.uri_references())
def test_remove_dot_segments_leaves_no_dot_segment(text: str) -> None:
    """No "." or ".." segment is left, removing twice changes nothing, and an
    absolute path keeps every segment that no ".." removed: it never climbs above
    the root."""
    path = URI.parse(text).components.path
    result = remove_dot_segments(path)
    assert "." not in result.split("/")
    assert ".." not in result.split("/")
    assert remove_dot_segments(result) == result
    if path.startswith("/"):
        assert result.startswith("/")
        kept = [s for s in path.split("/")[1:] if s not in (".", "..")]
        removed = path.split("/").count("..")
        assert len(result.split("/")) - 1 >= len(kept) - removed


@given(strategies.absolute_uris(), strategies.relative_references())
def test_resolution_ignores_strictness_without_a_scheme(base_text: str,
                                                        reference_text: str) -> None:
    """A reference without a scheme resolves the same in both modes."""
    base = URI.parse(base_text)
    assert base.resolve(reference_text) == base.resolve(reference_text, strict=False)


@given(strategies.absolute_uris(), strategies.uri_references())
def test_resolve_does_not_change_its_inputs(base_text: str, reference_text: str) -> None:
    """Resolution leaves the base and a URI reference unchanged."""
    base, reference = URI.parse(base_text), URI.parse(reference_text)
    base.resolve(reference)
    assert str(base) == base_text
    assert str(reference) == reference_text


def test_remove_dot_segments_agrees_with_the_rfc_steps_on_every_short_path() -> None:
    """Every absolute path of up to five segments drawn from dot segments, names and
    names that merely start with dots gives the §5.2.4 two-buffer result (this covers
    the direct climb of leading "../" as well as the general loop)."""
    kinds = ["", ".", "..", "a", ".x", "..x", "x."]
    for n in range(1, 6):
        for combo in itertools.product(kinds, repeat=n):
            path = "/" + "/".join(combo)
            assert remove_dot_segments(path) == rfc_remove_dot_segments(path), path


#: Paths made of the pieces that make dot segments, names and names that only look
#: like them: every shape of run (empty segments, "...", ".a", "a.." inside or after).
DOT_PIECE_PATHS: Final = st.lists(st.sampled_from(["/", ".", "..", "a", "/.", "/..", "..."]),
                                  max_size=24).map("".join)


@given(DOT_PIECE_PATHS, st.sampled_from(["", "/a/b", "/" + "n" * 70]))
def test_climb_matches_the_segment_stack(tail: str, prefix: str) -> None:
    """Where the climb answers (an absolute path with one run of dot segments), it
    gives what the general segment stack and the §5.2.4 steps give; with a prefix
    past the short-path length, remove_dot_segments itself takes the climb."""
    path = prefix + "/" + tail
    expected = rfc_remove_dot_segments(path)
    climbed = _climb(path)
    assert climbed is None or climbed == expected
    assert _segment_stack(path) == expected
    assert remove_dot_segments(path) == expected


@given(DOT_PIECE_PATHS)
def test_segment_stack_matches_the_rfc_steps_on_relative_paths(path: str) -> None:
    """The segment stack gives the §5.2.4 result for relative paths too: leading "."
    and ".." dropped, and a first segment removed by ".." leaving its "/"."""
    assert remove_dot_segments(path) == rfc_remove_dot_segments(path)
    if path:
        assert _segment_stack(path) == rfc_remove_dot_segments(path)


#: (path of k repeats, what §5.2.4 makes of it) for long runs of dot segments, names
#: made of dots and runs cut by an empty segment.
LONG_DOT_PATHS: Final[list[tuple[Callable[[int], str], Callable[[int], str]]]] = [
    (lambda k: "/" + "../" * k + "x", lambda k: "/x"),
    (lambda k: "/a/b/" + "../" * (k + 1) + "x", lambda k: "/x"),
    (lambda k: "/a/b/" + "../" * (k + 1), lambda k: "/"),
    (lambda k: "/" + "./" * k + "x", lambda k: "/x"),
    (lambda k: "/a" * 2 * k + "/.." * k + "/x", lambda k: "/a" * k + "/x"),
    (lambda k: "/a" * k + "/.." * 2 * k, lambda k: "/"),
    (lambda k: "/x/" + "./../" * k + "/.//y", lambda k: "///y"),
    (lambda k: "/x" + "/..." * k + "/./../z", lambda k: "/x" + "/..." * (k - 1) + "/z"),
    (lambda k: "/.a" * k, lambda k: "/.a" * k),
    (lambda k: "/..a" * k + "/..", lambda k: "/..a" * (k - 1) + "/"),
    (lambda k: "/a/" + "./" * k + "/b/../" * k + "c", lambda k: "/a" + "/" * (k + 1) + "c"),
    (lambda k: "/a" + "/b/./c/.." * k, lambda k: "/a" + "/b" * k + "/"),
]


@pytest.mark.parametrize(("build", "expected"), LONG_DOT_PATHS)
def test_long_dot_paths(build: Callable[[int], str], expected: Callable[[int], str]) -> None:
    """Each shape gives the §5.2.4 steps' result at small sizes, and the same
    result at 200,000 repeats, through the climb and through the segment stack."""
    for k in (1, 2, 3, 30):
        assert rfc_remove_dot_segments(build(k)) == expected(k)
        assert remove_dot_segments(build(k)) == expected(k)
    path = build(200_000)
    assert remove_dot_segments(path) == expected(200_000)
    assert _segment_stack(path) == expected(200_000)


@pytest.mark.parametrize("base", ["//joe:secret@h/", "/x"])
def test_resolve_errors_never_show_a_password(base: str) -> None:
    """A base without a scheme is refused with a message that masks a password, as
    repr() does, whether the base is a URI or text."""
    with pytest.raises(ResolveError) as info:
        URI.parse(base).resolve("x")
    assert "secret" not in str(info.value)
    with pytest.raises(ResolveError) as info:
        URI.parse("http://h/a").relative_to(base)
    assert "secret" not in str(info.value)
    if "secret" in base:
        assert "joe:***" in str(info.value)
