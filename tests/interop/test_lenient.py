"""The lenient reader: repair() makes a valid URI-reference of text that is not one.

Examples come from web frameworks (bracketed query keys, "|" lists, raw UTF-8 paths),
from people (spaces, pasted line breaks) and from browsers' reading of backslashes;
the properties say that valid references are left alone, that the result is always
valid, and that repairing twice changes nothing more.
"""

from __future__ import annotations

from typing import Final

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import (
    URI,
    EncodingError,
    HostKind,
    ParseError,
    URIError,
    host_kind,
    is_ambiguous_ipv4,
    is_valid,
)
from urikit._core.errors import IDNAError
from urikit._interop.lenient import (
    Change,
    Repaired,
    _repair,
    _repairable,
    repair,
    repaired_text,
)
from urikit.strategies import uri_references

from .lenient_reference import reference_changes

FRAMEWORKS: Final = [
    pytest.param("/list?ids[]=1&ids[]=2&page=2", "/list?ids%5B%5D=1&ids%5B%5D=2&page=2",
                 id="php-array-keys"),
    pytest.param("/list?filter[name]=bob&page=2", "/list?filter%5Bname%5D=bob&page=2",
                 id="rails-nested-keys"),
    pytest.param("/list?q=a|b&page=2", "/list?q=a%7Cb&page=2", id="pipe-list"),
    pytest.param("/list/café?page=2", "/list/caf%C3%A9?page=2", id="raw-utf-8-path"),
    pytest.param("http://[::1]:8080/x", "http://[::1]:8080/x", id="ipv6-literal"),
    pytest.param("https://bücher.example/a b", "https://xn--bcher-kva.example/a%20b",
                 id="idn-and-space"),
    pytest.param("http://h/50%", "http://h/50%25", id="stray-percent"),
    pytest.param("http://h/%41", "http://h/%41", id="triplet-kept"),
    pytest.param("http://h/%4", "http://h/%254", id="short-triplet"),
    pytest.param('/a"b<c>d{e}f^g`h', "/a%22b%3Cc%3Ed%7Be%7Df%5Eg%60h", id="unsafe-ascii"),
    pytest.param("/a?b?c", "/a?b?c", id="second-question-mark-allowed"),
    pytest.param("/a#b#c", "/a#b%23c", id="second-hash"),
    pytest.param("/a\x00b\x7fc", "/a%00b%7Fc", id="controls"),
    pytest.param("http://a@b@c/", "http://a%40b@c/", id="userinfo-ends-at-last-at"),
    pytest.param("http://Jos é@h/", "http://Jos%20%C3%A9@h/", id="userinfo-encoded"),
    pytest.param("foo://[v1.x]:1/", "foo://[v1.x]:1/", id="ipvfuture-not-special"),
    pytest.param("mailto:Jörg@bücher.example", "mailto:J%C3%B6rg@b%C3%BCcher.example",
                 id="no-authority-no-idna"),
    pytest.param("?q=ü", "?q=%C3%BC", id="query-only"),
]


@pytest.mark.parametrize(("text", "repaired"), FRAMEWORKS)
def test_repair_examples(text: str, repaired: str) -> None:
    """Each character its component does not allow is percent-encoded, and nothing
    else changes."""
    result = repair(text)
    assert result.text == repaired
    assert is_valid(result.text)
    assert (result.changes == ()) is (text == repaired)


def test_changes_name_position_component_and_text() -> None:
    """Every change says where in the given text it is, in which component, what was
    there and what replaced it."""
    assert repair("https://Bücher.example/a b?x=[1]#é") == Repaired(
        "https://xn--bcher-kva.example/a%20b?x=%5B1%5D#%C3%A9",
        (
            Change(8, "host", "Bücher.example", "xn--bcher-kva.example"),
            Change(24, "path", " ", "%20"),
            Change(29, "query", "[", "%5B"),
            Change(31, "query", "]", "%5D"),
            Change(33, "fragment", "é", "%C3%A9"),
        ),
    )


BACKSLASHES: Final = [
    # special schemes: "\" is "/" before the query, so the host is the browser's
    pytest.param("https://evil.example\\@good.example/", "https://evil.example/@good.example/",
                 id="backslash-ends-authority"),
    pytest.param("HTTPS://evil.example\\@good.example/", "HTTPS://evil.example/@good.example/",
                 id="scheme-case-insensitive"),
    pytest.param("http:\\\\evil.example\\a\\b", "http://evil.example/a/b", id="all-backslashes"),
    # browsers skip any run of slashes after a special scheme before the host
    pytest.param("http:\\evil.example/", "http://evil.example/", id="one-backslash"),
    pytest.param("http:/\\/evil.example/", "http://evil.example/", id="mixed-run"),
    # ... but file: reads a host only after exactly two
    pytest.param("file:\\\\\\etc\\hosts", "file:///etc/hosts", id="file"),
    pytest.param("file:\\\\h\\x", "file://h/x", id="file-host"),
    # the query and fragment keep "\" as data
    pytest.param("http://h/p?a\\b#c\\d", "http://h/p?a%5Cb#c%5Cd", id="query-fragment"),
    # other schemes: "\" is data
    pytest.param("foo://evil.example\\@good.example/", "foo://evil.example%5C@good.example/",
                 id="non-special"),
    # no scheme: read against a web page's (special) base
    pytest.param("\\\\evil.example/x", "//evil.example/x", id="network-path"),
    pytest.param("/\\evil.example/x", "//evil.example/x", id="slash-backslash"),
    pytest.param("\\/evil.example/x", "//evil.example/x", id="backslash-slash"),
    pytest.param("\\x\\y", "/x/y", id="absolute-path"),
    pytest.param("a\\b", "a/b", id="relative-path"),
]


@pytest.mark.parametrize(("text", "repaired"), BACKSLASHES)
def test_backslashes_read_as_browsers_read_them(text: str, repaired: str) -> None:
    """For special schemes and scheme-less references a backslash before the query
    is a slash, as in browsers; elsewhere it is data (%5C)."""
    assert repair(text).text == repaired


def test_backslash_change_is_reported() -> None:
    """Turning a backslash into a slash is a change like any other."""
    assert repair("https://e.example\\@g.example/").changes == (
        Change(17, "path", "\\", "/"),
    )
    assert repair("http:\\\\\\e.example").changes == (Change(5, "authority", "\\\\\\", "//"),)


WHITESPACE: Final = [
    pytest.param(" http://a/ ", "http://a/", id="ends-stripped"),
    pytest.param("\x00http://a/\x1f", "http://a/", id="c0-at-ends"),
    pytest.param("http://exa\nmple.com/", "http://example.com/", id="line-break-in-host"),
    pytest.param("java\tscript:x", "javascript:x", id="tab-in-scheme"),
    pytest.param("/a b", "/a%20b", id="inner-space-encoded"),
]


@pytest.mark.parametrize(("text", "repaired"), WHITESPACE)
def test_whitespace_read_as_browsers_read_it(text: str, repaired: str) -> None:
    """Spaces and controls at the ends and tabs and line breaks anywhere are removed,
    as browsers remove them; inner spaces are encoded."""
    assert repair(text).text == repaired


def test_removed_whitespace_is_reported() -> None:
    """A removed character is a change whose replacement is empty."""
    assert repair(" /a\nb").changes == (Change(0, "", " ", ""), Change(3, "path", "\n", ""))


SCHEMES: Final = [
    pytest.param("1http://host/", "1http%3A//host/", id="digit-first"),
    pytest.param("ht tp://host/", "ht%20tp%3A//host/", id="space"),
    pytest.param("café:x", "caf%C3%A9%3Ax", id="non-ascii"),
    pytest.param(":x", "%3Ax", id="empty"),
    pytest.param("a b:c/d:e", "a%20b%3Ac/d:e", id="only-first-segment"),
]


@pytest.mark.parametrize(("text", "repaired"), SCHEMES)
def test_invalid_scheme_reads_as_relative_reference(text: str, repaired: str) -> None:
    """Text before ':' that is no scheme makes a relative reference, whose first
    segment holds ':' only encoded."""
    assert repair(text).text == repaired


def test_lone_surrogate_is_refused() -> None:
    """A lone surrogate stands for no character, so there is nothing to encode."""
    with pytest.raises(EncodingError, match="position 3"):
        repair("/a/\udc80")


def test_host_idna_refuses() -> None:
    """A non-ASCII name IDNA refuses raises IDNAError, a URIError."""
    with pytest.raises(IDNAError) as info:
        repair("http://a\u200dbü/")
    assert "joiner" in info.value.reason


def test_not_a_str_is_refused() -> None:
    """repair takes text only."""
    with pytest.raises(TypeError):
        repair(b"/a")  # type: ignore[arg-type]


# --- properties --------------------------------------------------------------------


@given(uri_references())
def test_valid_references_are_unchanged(text: str) -> None:
    """A valid reference comes back as it is, with no changes, also through the full
    repair (without the validity shortcut); unless a browser reads its authority
    otherwise: then it is refused (a host or port a browser refuses), or the only
    changes are the slashes that start the authority (``http:/h``, ``///h``), a
    Windows drive letter that is a path to a browser (``file://C:/``), or a host the
    browser reads as an IPv4 address, written in dotted decimal (``//0x7f.1``)."""
    try:
        result: Repaired | None = repair(text)
        refusal: URIError | None = None
    except URIError as error:
        result, refusal = None, error
    if result is None:
        assert isinstance(refusal, IDNAError) or getattr(refusal, "component", "") in (
            "host", "port", "userinfo")
        with pytest.raises(URIError):
            _repair(text)
        return
    assert _repair(text) == result
    if result.text != text:
        assert result.changes
        assert all((c.replacement in ("//", "/") and c.original in ("", "/", "///", "////"))
                   or c.component == "authority"
                   or (c.component == "host" and is_ambiguous_ipv4(c.original)
                       and host_kind(c.replacement) is HostKind.IPV4)
                   for c in result.changes), result
    else:
        assert result.changes == ()


@given(uri_references().filter(lambda t: ":" in t.partition("/")[0]))
def test_valid_references_of_other_schemes_are_unchanged(text: str) -> None:
    """With a scheme that is not special, valid text is kept whatever its authority,
    but for a host character browsers refuse (none is valid RFC 3986 host text but
    ``[`` ``]`` of an IP literal), and, as browsers, a port past 65535 and an empty
    host after userinfo or before a port."""
    from urikit._core.schemes import SPECIAL_SCHEMES
    if text.partition(":")[0].lower() in SPECIAL_SCHEMES:
        return
    uri = URI.parse(text)
    if (uri.port is not None and uri.port > 65535) or (
            uri.host == "" and (uri.userinfo is not None or uri.components[3] is not None)):
        with pytest.raises(ParseError):
            repair(text)
        return
    assert repair(text) == Repaired(text, ())


REFUSED: Final = [
    # what browsers refuse in the authority is refused, not encoded into the host
    pytest.param("http://f:b/c", id="port-not-a-number"),
    pytest.param("http://h:8a/", id="port-not-digits"),
    pytest.param("http://f: 21/", id="port-with-space"),
    pytest.param("http://h:65536/", id="port-too-big"),
    pytest.param("http://2001::1/", id="unbracketed-ipv6"),
    pytest.param("http://[1::2]:3:4/", id="ipv6-then-two-ports"),
    pytest.param("http://[::1/", id="unclosed-literal"),
    pytest.param("http://[v1.x]:1/", id="ipvfuture-special"),
    pytest.param("http://a%2Fb/", id="encoded-slash-in-host"),
    pytest.param("http://a b/", id="space-in-host"),
    pytest.param("http://a^b/", id="caret-in-host"),
    pytest.param("http://1.2.3.4.5/", id="five-part-ipv4"),
    pytest.param("http://256.0.0.1/", id="ipv4-out-of-range"),
    pytest.param("http:", id="no-host"),
    pytest.param("http:///", id="empty-host"),
    pytest.param("//", id="empty-network-path"),
    pytest.param("http://u@/", id="userinfo-no-host"),
    pytest.param("file://u@h/", id="file-userinfo"),
    pytest.param("file://h:1/", id="file-port"),
    pytest.param("foo://a b/", id="space-in-opaque-host"),
]


@pytest.mark.parametrize("text", REFUSED)
def test_authority_browsers_refuse_is_refused(text: str) -> None:
    with pytest.raises(URIError):
        repair(text)
    with pytest.raises(URIError):
        URI.parse_lenient(text)


BROWSER_AUTHORITY: Final = [
    # any run of slashes and backslashes after a special scheme starts the authority
    pytest.param("http:///evil.example/a b", "http://evil.example/a%20b", id="three-slashes"),
    pytest.param("https:/evil.example\\x", "https://evil.example/x", id="one-slash"),
    pytest.param("https:////evil.example\\@good.example/", "https://evil.example/@good.example/",
                 id="four-slashes-backslash"),
    pytest.param("http:evil.example/", "http://evil.example/", id="no-slash"),
    # valid RFC 3986 text without a host, which browsers read with one
    pytest.param("http:/evil.example", "http://evil.example", id="valid-rfc-no-authority"),
    # without a scheme: two or more slashes start the authority
    pytest.param("///evil.example/a b", "//evil.example/a%20b", id="scheme-less-three"),
    pytest.param("/evil.example/a", "/evil.example/a", id="scheme-less-one"),
    # file: exactly two; a drive letter is a path
    pytest.param("file:///x", "file:///x", id="file-three"),
    pytest.param("file://C:/x", "file:///C:/x", id="file-drive-letter"),
    # browser-grade IDNA
    pytest.param("https://i❤.ws/", "https://xn--i-7iq.ws/", id="heart"),
    pytest.param("http://☃.example/", "http://xn--n3h.example/", id="snowman"),
    pytest.param("http://💩.la/", "http://xn--ls8h.la/", id="poo"),
    # an IPv4 address in any form the browser reads becomes its dotted decimal
    pytest.param("http://0x7f.1/", "http://127.0.0.1/", id="hex-ipv4"),
    pytest.param("http://2130706433/", "http://127.0.0.1/", id="one-number-ipv4"),
    pytest.param("http://127.1/", "http://127.0.0.1/", id="two-part-ipv4"),
    pytest.param("http://0177.0.0.1/", "http://127.0.0.1/", id="octal-ipv4"),
    pytest.param("http://127.0.0.1./", "http://127.0.0.1/", id="trailing-dot-ipv4"),
    pytest.param("file://0x7f.1/x", "file://127.0.0.1/x", id="file-hex-ipv4"),
    pytest.param("sc://0x7f.1/", "sc://0x7f.1/", id="opaque-host-not-ipv4"),
    # the host is kept as written when it means the browser's host
    pytest.param("http://Example.COM:080/", "http://Example.COM:080/", id="case-and-port-kept"),
    pytest.param('http://a"b/', "http://a%22b/", id="quote-encoded-same-host"),
]


@pytest.mark.parametrize(("text", "expected"), BROWSER_AUTHORITY)
def test_authority_read_as_browsers_read_it(text: str, expected: str) -> None:
    assert repair(text).text == expected
    assert str(URI.parse_lenient(text)) == expected


BASES: Final = [
    pytest.param("///evil.example/x", "https://shop.example/a", "https://evil.example/x",
                 id="three-slashes"),
    pytest.param("http:x", "http://shop.example/a/b", "http://shop.example/a/x",
                 id="same-special-scheme-is-relative"),
    pytest.param("https:x", "http://shop.example/a/b", "https://x", id="other-scheme"),
    pytest.param("\\\\e\\x", "https://shop.example/", "https://e/x", id="backslashes"),
    pytest.param("a\\b", "foo://h/p/", "foo://h/p/a%5Cb", id="non-special-base"),
    pytest.param("//h/x", "file:///C:/", "file://h/x", id="file-base"),
    pytest.param("x y", URI.parse("https://h/d/"), "https://h/d/x%20y", id="uri-base"),
    # the browser resolves against the base it has read: no dot segment is left in its
    # path, plain or "%2e", whatever the reference brings
    pytest.param("?q", "https://h/a/%2e%2e/b", "https://h/b?q", id="base-encoded-dots"),
    pytest.param("#f", "https://h/a/..//e", "https://h//e#f", id="base-dots-fragment"),
    pytest.param("x", "https://h/%2E%2e/a/.%2e/b/", "https://h/b/x", id="base-dots-merged"),
    pytest.param("?q", "file:///C:/../x", "file:///C:/x?q", id="base-dots-file-drive"),
]


@pytest.mark.parametrize(("text", "base", "expected"), BASES)
def test_parse_lenient_with_a_base(text: str, base: str | URI, expected: str) -> None:
    assert str(URI.parse_lenient(text, base=base)) == expected


def test_parse_lenient_base_types() -> None:
    with pytest.raises(TypeError):
        URI.parse_lenient("x", base=1)  # type: ignore[arg-type]
    with pytest.raises(URIError):  # no scheme: nothing to resolve against
        URI.parse_lenient("x", base="/relative")


_PIECES: Final = st.sampled_from([
    "http:", "HTTPS:", "file:", "foo:", "1a:", "//", "/", "\\", "\\\\", "?", "#", "@", ":",
    "[", "]", "[::1]", "[v1.x]", "%", "%4", "%41", "%zz", "%C3%BC", " ", "\t", "\n", "\x00",
    '"', "<", ">", "{", "}", "|", "^", "`", "é", "ü", "ß", "\u200b", "\u00ad", "\uff0e",
    "a", "b.c", "xn--bcher-kva", "8080", "..", ".",
])
# a non-ASCII host IDNA refuses raises IDNAError; anything else must repair
_URLISH: Final = st.lists(_PIECES, max_size=12).map("".join)


def _repair_or_refuse(text: str) -> Repaired | None:
    """repair(text), or None when it raises the URIError IDNA or a surrogate calls for."""
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        with pytest.raises(EncodingError, match="surrogate"):
            repair(text)
        return None
    try:
        return repair(text)
    except IDNAError:
        return None
    except URIError as error:  # an authority browsers refuse (a file URL's userinfo too)
        component = getattr(error, "component", "")
    assert component in ("host", "port", "userinfo")
    return None


@given(st.one_of(st.text(), _URLISH))
def test_repair_is_valid_and_idempotent(text: str) -> None:
    """The repaired text is a URI-reference, and repairing it changes nothing."""
    result = _repair_or_refuse(text)
    if result is None:
        return
    assert is_valid(result.text)
    assert repair(result.text) == Repaired(result.text, ())


@given(st.one_of(st.text(), _URLISH))
def test_changes_describe_the_input(text: str) -> None:
    """Every change names text that stands at its position in the input."""
    result = _repair_or_refuse(text)
    if result is None:
        return
    for change in result.changes:
        assert text.startswith(change.original, change.position)
    assert [c.position for c in result.changes] == sorted(c.position for c in result.changes)


_LENIENT_CHARS: Final = list(":/?#[]@!$&'()*+,;=%-._~aAfF09 \t\n\r\x00\\\"<>{}|^`é\u3002")


@given(st.tuples(st.sampled_from(["http://", "HTTP:\\\\", "file:", "", "//", "1a:",
                                  "http://u@", "http://[::1]", "\\\\"]),
                 st.text(st.sampled_from(_LENIENT_CHARS), max_size=25)).map("".join))
def test_repaired_text_is_the_text_of_repair(text: str) -> None:
    """``repaired_text`` (what parse_lenient needs, without listing the changes) gives
    exactly ``repair(text).text``."""
    try:
        expected = repair(text).text
    except URIError:
        with pytest.raises(URIError):
            repaired_text(text)
        return
    assert repaired_text(text) == expected


def test_surrogate_error_does_not_repeat_the_text() -> None:
    """The error for a lone surrogate names it and its position, not the text, which
    may hold a password (and be long)."""
    with pytest.raises(EncodingError, match="position 20") as info:
        repair("http://user:secret@h\ud800/")
    assert "secret" not in str(info.value)


def test_changes_are_listed_when_first_read() -> None:
    """The changes are a sequence listed on first use, equal to, hashing and printing
    as the tuple of them; a long repair does not list them unless asked."""
    result = repair("/a b|c")
    expected = (Change(2, "path", " ", "%20"), Change(4, "path", "|", "%7C"))
    assert result.changes == expected
    assert expected == result.changes
    assert result == Repaired("/a%20b%7Cc", expected)
    assert hash(result.changes) == hash(expected)
    assert repr(result.changes) == repr(expected)
    assert list(result.changes) == list(expected)
    assert (len(result.changes), result.changes[1], result.changes[:1]) == (
        2, expected[1], expected[:1])
    assert repair("/a b").changes != repair("/a|b").changes
    big = repair("http://h/" + " a" * 100_000)
    assert big.text.count("%20") == 100_000
    assert len(big.changes) == 100_000


# texts whose repair moves characters: runs of tabs and line breaks anywhere, slashes and
# backslashes before and after the host, a drive letter, a scheme a base drops, spaces at
# the ends, and characters to encode in every component
_MOVING: Final = st.tuples(
    st.sampled_from(["", " ", "\x00\t", "\n "]),
    st.sampled_from(["http:", "HTTP:", "file:", "foo:", "1a:", "", "ht\ttp:", "https:"]),
    st.text(st.sampled_from(list("/\\\t\n")), max_size=5),
    st.lists(st.sampled_from([*"ab\t\\/@:é \"%|[]C", "C:", "C|", "\u00ad"]),
             max_size=12).map("".join),
    st.text(st.sampled_from(list("/\\a \t?#é%|\n")), max_size=12),
    st.sampled_from(["", " ", "\r\x01"]),
).map("".join)


@given(st.one_of(_MOVING, _URLISH, st.text()), st.sampled_from([None, "http", "file", "foo"]))
def test_changes_are_those_listed_a_step_per_character(text: str,
                                                       base_scheme: str | None) -> None:
    """The changes, listed from a trace of the whole-string passes, are exactly those
    the per-character listing (``lenient_reference``) gave, in order; their columns
    read alike through iteration, indexing and slicing."""
    try:
        result = _repair(_repairable(text), base_scheme=base_scheme)
    except URIError:
        return
    expected_text, expected = reference_changes(text, base_scheme)
    assert result.text == expected_text
    assert tuple(result.changes) == expected
    assert [result.changes[i] for i in range(len(expected))] == list(expected)
    assert result.changes[1:] == expected[1:]
    assert all(type(change) is Change for change in result.changes)


# (text, position, component): text both readers refuse, each at the same fault
REFUSED_AT_THE_STRICT_POSITION: Final = [
    pytest.param("http://exa mple.com/", 10, "host", id="space-in-host"),
    pytest.param("http://a^b/", 8, "host", id="caret-in-host"),
    pytest.param("https://u@a|b/", 11, "host", id="bar-after-userinfo"),
    pytest.param("http://a%zzb/", 8, "host", id="lone-percent"),
    pytest.param("http://[::g]/", 10, "host", id="ipv6-bad-character"),
    pytest.param("http://[1:2:3]/", 8, "host", id="ipv6-too-short"),
    pytest.param("http://[::1", 11, "host", id="unclosed-literal"),
    pytest.param("http://[::1%25eth0]/", 11, "host", id="zone-identifier"),
    pytest.param("http://a b:8x/", 8, "host", id="host-before-port"),
]


@pytest.mark.parametrize(("text", "position", "component"), REFUSED_AT_THE_STRICT_POSITION)
def test_an_error_names_the_fault_where_the_strict_reader_does(
        text: str, position: int, component: str) -> None:
    """Where both readers refuse a text, the lenient reader's error names the same
    position and component as the strict reader's: the first fault, in the text."""
    with pytest.raises(ParseError) as strict:
        URI.parse(text)
    with pytest.raises(ParseError) as lenient:
        URI.parse_lenient(text)
    assert (strict.value.position, strict.value.component) == (position, component)
    assert (lenient.value.position, lenient.value.component) == (position, component)
    assert f"at position {position} in {component}" in str(lenient.value)


# (text, position): a fault's position in the text given, before the browser's reading
# removes whitespace at the ends and tabs and line breaks inside, or rewrites slashes
REFUSED_IN_THE_GIVEN_TEXT: Final = [
    pytest.param("  http://exa mple.com/", 12, id="leading-spaces"),
    pytest.param("\x00\x1f http://exa mple.com/ \x01", 13, id="leading-controls"),
    pytest.param("h\tttp://exa mple.com/", 11, id="tab-in-the-scheme"),
    pytest.param("\n http://ex\ta%20mple.com/", 13, id="encoded-space-after-a-tab"),
    pytest.param("http:\\\\\\exa mple.com/", 11, id="backslash-run"),
    pytest.param("http:exa mple.com/", 8, id="no-slashes"),
    pytest.param("http://\uff45\uff58\uff1ca/", 9, id="full-width-less-than"),
    pytest.param("http://[v1.x]:1/", 8, id="ipvfuture-refused-from-its-v"),
]


@pytest.mark.parametrize(("text", "position"), REFUSED_IN_THE_GIVEN_TEXT)
def test_an_error_names_the_fault_in_the_given_text(text: str, position: int) -> None:
    """The lenient reader's error names the position of the offending character in
    the text the user gave, whatever the browser's reading removed or rewrote
    before it."""
    with pytest.raises(ParseError) as info:
        URI.parse_lenient(text)
    assert info.value.position == position
    assert info.value.text == text


_HOST_CHAR = st.sampled_from(list("abc019-."))
_BAD_HOST_CHAR = st.sampled_from(list(" <>^|"))
_WHITESPACE = st.text(st.sampled_from(["\t", "\n", "\r"]), min_size=1, max_size=2)


@given(st.lists(_HOST_CHAR, max_size=5), _BAD_HOST_CHAR,
       st.lists(_HOST_CHAR, min_size=1, max_size=5),
       st.sampled_from(["", ":8", "/p", ":8/a b"]),
       st.text(st.sampled_from(["\x00", "\x1f", " "]), max_size=3),
       st.lists(st.tuples(st.integers(0, 40), _WHITESPACE), max_size=3))
def test_an_error_position_maps_back_through_whitespace(
        before: list[str], bad: str, after: list[str], tail: str, leading: str,
        inserted: list[tuple[int, str]]) -> None:
    """A host with a character both readers refuse: the lenient reader names the
    strict reader's position, moved by the whitespace at the start and the tabs and
    line breaks inserted before it (generated; 300 examples in the CI profile)."""
    clean = f"http://{''.join(before)}{bad}{''.join(after)}{tail}"
    with pytest.raises(ParseError) as strict:
        URI.parse(clean)
    text = clean
    position = strict.value.position
    for at, run in sorted(inserted, reverse=True):
        at = min(at, len(text))
        text = text[:at] + run + text[at:]
        if at <= position:
            position += len(run)
    with pytest.raises(ParseError) as lenient:
        URI.parse_lenient(leading + text)
    assert lenient.value.position == len(leading) + position
    assert (leading + text)[lenient.value.position] == bad
