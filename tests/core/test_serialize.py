"""Writing a URI as text (RFC 3986 §5.3) and the disambiguation rules (§3.3, §4.2):
every URI the builder can make is written as text that reads back the same way."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit import URI, BuildError, IDNAError, Rule, URIError, encode, strategies


def without_guard(segments: list[str]) -> list[str]:
    """``segments`` without the "." segment that a "./" or "/." guard adds."""
    if segments[:1] == ["."]:
        return segments[1:]
    if segments[:2] == ["", "."]:
        return ["", *segments[2:]]
    raise AssertionError(f"no guard segment in {segments!r}")


def assert_reads_back(uri: URI) -> None:
    """``str(uri)`` parses to ``uri`` itself or, where a guard was written, to a URI
    whose path differs only by the guard's leading "." segment."""
    text = str(uri)
    back = URI.parse(text)
    if back == uri:
        return
    assert uri.host is None, text
    assert back.components.path in ("./" + uri.components.path, "/." + uri.components.path), text
    assert without_guard(list(back.path)) == list(uri.path), text
    assert (back.scheme, back.userinfo, back.host, back.has_port, back.query,
            back.fragment) == (uri.scheme, None, None, False, uri.query, uri.fragment)


# --- recomposition (§5.3) ----------------------------------------------------------

RFC3986_5_3_RECOMPOSITION = [
    pytest.param(URI(scheme="s", userinfo=None, host="h", port=1, path="/p", query="q",
                     fragment="f"), "s://h:1/p?q#f", id="all"),
    pytest.param(URI(path="p"), "p", id="path only"),
    pytest.param(URI(), "", id="empty"),
    pytest.param(URI(query=""), "?", id="empty query"),
    pytest.param(URI(fragment=""), "#", id="empty fragment"),
    pytest.param(URI(host=""), "//", id="empty host"),
    pytest.param(URI(scheme="file", host="", path="/x"), "file:///x", id="file"),
    pytest.param(URI(scheme="a"), "a:", id="scheme only"),
    pytest.param(URI(scheme="a", query="", fragment=""), "a:?#", id="scheme, empty q and f"),
    pytest.param(URI(host="[::1]", port=0), "//[::1]:0", id="ipv6 port 0"),
]


@pytest.mark.parametrize(("uri", "text"), RFC3986_5_3_RECOMPOSITION)
def test_components_are_recomposed(uri: URI, text: str) -> None:
    """Defined components are written with their delimiters, undefined ones without."""
    assert str(uri) == text
    assert URI.parse(text) == uri


def test_userinfo_and_empty_port_are_written() -> None:
    """Userinfo is written before '@' and an empty port as a bare ':'."""
    uri = URI(host="h", userinfo="u:p")
    uri.has_port = True
    assert str(uri) == "//u:p@h:"


# --- path-abempty: with an authority the path is empty or starts with "/" (§3.3) -----

def _host_on_relative_path() -> URI:
    return URI.parse("a/b").set(host="h")


def _host_text_on_relative_path() -> URI:
    return URI.parse("a/b").set_text(host="h")


def _host_view_on_relative_path() -> URI:
    uri = URI.parse("a/b")
    uri.text.host = "h"
    return uri


def _host_attribute_on_relative_path() -> URI:
    uri = URI.parse("a/b")
    uri.host = "h"
    return uri


def _constructor_relative_path() -> URI:
    return URI(host="h", path="a/b")


def _path_str_under_host() -> URI:
    uri = URI.parse("//h")
    uri.path = "a/b"
    return uri


def _path_list_under_host() -> URI:
    uri = URI.parse("//h")
    uri.path = ["a", "b"]
    return uri


def _append_under_empty_path() -> URI:
    return URI.parse("//h").add_segments("a").add_segments("b")


def _extend_under_empty_path() -> URI:
    return URI.parse("//h").add_segments("a", "b")


def _text_path_under_host() -> URI:
    return URI.parse("//h").set_text(path="a/b")


def _segments_under_empty_path() -> URI:
    return URI.parse("//h").set(path=["a", "b"])


def _joinpath_text_under_empty_path() -> URI:
    return URI.parse("//h").add_segments_text("a", "b")


def _replace_first_segment() -> URI:
    uri = URI.parse("//h/x/b")
    uri.path[1] = "a"
    return uri


def _slice_assignment() -> URI:
    uri = URI.parse("//h/x/y")
    uri.path[1:] = ["a", "b"]
    return uri


PATH_ABEMPTY_REPAIRS = [
    pytest.param(_host_on_relative_path, id="set_host on relative path"),
    pytest.param(_host_text_on_relative_path, id="set_host_text on relative path"),
    pytest.param(_host_view_on_relative_path, id="text.host on relative path"),
    pytest.param(_host_attribute_on_relative_path, id="host on relative path"),
    pytest.param(_constructor_relative_path, id="constructor"),
    pytest.param(_path_str_under_host, id="path str"),
    pytest.param(_path_list_under_host, id="path list"),
    pytest.param(_append_under_empty_path, id="add_segments twice"),
    pytest.param(_extend_under_empty_path, id="add_segments"),
    pytest.param(_text_path_under_host, id="set_text path"),
    pytest.param(_segments_under_empty_path, id="set path segments"),
    pytest.param(_joinpath_text_under_empty_path, id="add_segments_text"),
    pytest.param(_replace_first_segment, id="replace first segment"),
    pytest.param(_slice_assignment, id="slice assignment"),
]


@pytest.mark.parametrize("build", PATH_ABEMPTY_REPAIRS)
def test_path_under_authority_is_made_absolute(build: Callable[[], URI]) -> None:
    """An edit that would leave a relative path after an authority prepends "/" at the
    moment of the edit (RFC 3986 §3.3), so the path reads back as written."""
    uri = build()
    assert uri.components.path == "/a/b"
    assert uri.path == ["", "a", "b"]
    assert str(uri) == "//h/a/b"
    assert URI.parse(str(uri)) == uri


def test_empty_path_under_authority_stays_empty() -> None:
    """An empty path is allowed after an authority and is not repaired."""
    uri = URI.parse("http://h/a")
    uri.path = ""
    assert str(uri) == "http://h"
    uri.path = []
    assert str(uri) == "http://h"
    uri.host = "g"
    assert str(uri) == "http://g"


def test_host_on_empty_relative_path_adds_nothing() -> None:
    """Setting a host on a reference with an empty path leaves the path empty."""
    assert str(URI.parse("?q").set(host="h")) == "//h?q"


def test_host_on_absolute_path_keeps_it() -> None:
    """An absolute path needs no repair when a host is set."""
    assert str(URI.parse("/a:b").set(host="h")) == "//h/a:b"


# --- the guards: "./" before a first segment holding ':' (§4.2), "/." before "//" -----

def _scheme_removed() -> URI:
    return URI.parse("a:b:c").set(scheme=None)


def _relative_colon_path() -> URI:
    return URI(path="a:b")


def _relative_colon_segments() -> URI:
    return URI(path=["a:b", "c"])


def _relative_colon_text() -> URI:
    return URI().set_text(path="a:b/c")


def _relative_colon_append() -> URI:
    return URI().add_segments("a:b")


def _relative_colon_replace() -> URI:
    uri = URI.parse("x/y")
    uri.path[0] = "a:b"
    return uri


def _relative_colon_delete() -> URI:
    uri = URI.parse("./a:b")
    del uri.path[0]
    return uri


def _relative_colon_with_query() -> URI:
    return URI(path="a:b", query="q", fragment="f")


def _host_removed_with_double_slash() -> URI:
    return URI.parse("//h//x").set(host=None)


def _host_text_removed_with_double_slash() -> URI:
    return URI.parse("//h//x").set_text(host=None)


def _double_slash_no_authority() -> URI:
    return URI(path="//x")


def _double_slash_after_scheme() -> URI:
    return URI(scheme="s", path="//x")


def _double_slash_segments() -> URI:
    return URI(scheme="s", path=["", "", "x"])


def _double_slash_only() -> URI:
    return URI(path="//")


def _double_slash_colon() -> URI:
    return URI(path="//a:b")


def _double_slash_after_delete() -> URI:
    uri = URI.parse("/./x")
    uri.path[1] = ""
    return uri


def _double_slash_insert() -> URI:
    uri = URI.parse("s:/x")
    uri.path.insert(1, "")
    return uri


def _double_slash_text_path() -> URI:
    return URI(scheme="s").set_text(path=["", "", "x"])


GUARDED = [
    pytest.param(_scheme_removed, "./b:c", id="scheme removed from a:b:c"),
    pytest.param(_relative_colon_path, "./a:b", id="path a:b"),
    pytest.param(_relative_colon_segments, "./a:b/c", id="segments a:b, c"),
    pytest.param(_relative_colon_text, "./a:b/c", id="text path a:b/c"),
    pytest.param(_relative_colon_append, "./a:b", id="append a:b"),
    pytest.param(_relative_colon_replace, "./a:b/y", id="replace first with a:b"),
    pytest.param(_relative_colon_delete, "./a:b", id="delete the guard's dot"),
    pytest.param(_relative_colon_with_query, "./a:b?q#f", id="with query and fragment"),
    pytest.param(_host_removed_with_double_slash, "/.//x", id="host removed from //h//x"),
    pytest.param(_host_text_removed_with_double_slash, "/.//x", id="host text removed"),
    pytest.param(_double_slash_no_authority, "/.//x", id="path //x"),
    pytest.param(_double_slash_after_scheme, "s:/.//x", id="scheme and path //x"),
    pytest.param(_double_slash_segments, "s:/.//x", id="segments '', '', x"),
    pytest.param(_double_slash_only, "/.//", id="path //"),
    pytest.param(_double_slash_colon, "/.//a:b", id="path //a:b"),
    pytest.param(_double_slash_after_delete, "/.//x", id="dot segment emptied"),
    pytest.param(_double_slash_insert, "s:/.//x", id="empty segment inserted"),
    pytest.param(_double_slash_text_path, "s:/.//x", id="text segments '', '', x"),
]


@pytest.mark.parametrize(("build", "text"), GUARDED)
def test_guard_is_written(build: Callable[[], URI], text: str) -> None:
    """A path that would read back differently is written with a "./" or "/." guard,
    and the text reads back to the same URI but for the guard's "." segment."""
    uri = build()
    assert str(uri) == text
    back = URI.parse(text)
    assert back != uri
    assert without_guard(list(back.path)) == list(uri.path)
    assert_reads_back(uri)


def test_guard_does_not_change_the_stored_path() -> None:
    """The guard is written, not stored: the path stays as it was set."""
    uri = URI.parse("a:b:c").set(scheme=None)
    assert uri.path == ["b:c"]
    assert uri.components.path == "b:c"
    uri.scheme = "a"
    assert str(uri) == "a:b:c"


UNGUARDED = [
    pytest.param(URI(scheme="s", path="a:b"), "s:a:b", id="scheme present"),
    pytest.param(URI(host="h", path="/a:b"), "//h/a:b", id="authority present"),
    pytest.param(URI(path="a/b:c"), "a/b:c", id="colon after first segment"),
    pytest.param(URI(path="/a:b"), "/a:b", id="absolute"),
    pytest.param(URI(path="a", query="b:c"), "a?b:c", id="colon in query"),
    pytest.param(URI(host="h", path="//x"), "//h//x", id="double slash under authority"),
    pytest.param(URI(path="/x//"), "/x//", id="double slash later"),
    pytest.param(URI(path="%3A"), "%3A", id="encoded colon"),
]


@pytest.mark.parametrize(("uri", "text"), UNGUARDED)
def test_no_guard_where_none_is_needed(uri: URI, text: str) -> None:
    """Nothing is added to a path that already reads back as itself."""
    assert str(uri) == text
    assert URI.parse(text) == uri


# --- userinfo and port need a host (§3.2) ---------------------------------------------

def _userinfo(uri: URI) -> None:
    uri.userinfo = "u"


def _set_userinfo(uri: URI) -> None:
    uri.set(userinfo="u")


def _set_userinfo_text(uri: URI) -> None:
    uri.set_text(userinfo="u")


def _text_userinfo(uri: URI) -> None:
    uri.text.userinfo = "u"


def _text_user(uri: URI) -> None:
    uri.text.user = "u"


def _text_password(uri: URI) -> None:
    uri.text.password = "p"


def _port(uri: URI) -> None:
    uri.port = 80


def _set_port(uri: URI) -> None:
    uri.set(port=80)


def _has_port(uri: URI) -> None:
    uri.has_port = True


WITHOUT_HOST = [
    pytest.param(_userinfo, id="userinfo"),
    pytest.param(_set_userinfo, id="set_userinfo"),
    pytest.param(_set_userinfo_text, id="set_userinfo_text"),
    pytest.param(_text_userinfo, id="text.userinfo"),
    pytest.param(_text_user, id="text.user"),
    pytest.param(_text_password, id="text.password"),
    pytest.param(_port, id="port"),
    pytest.param(_set_port, id="set_port"),
    pytest.param(_has_port, id="has_port"),
]


@pytest.mark.parametrize("edit", WITHOUT_HOST)
@pytest.mark.parametrize("text", ["a:b/c?q#f", "/x", "", "./a:b"])
def test_userinfo_or_port_without_host_is_refused(edit: Callable[[URI], None],
                                                  text: str) -> None:
    """Userinfo or a port on a URI without a host raises BuildError at the edit,
    naming the rule of §3.2 it breaks, and leaves the URI unchanged."""
    uri = URI.parse(text)
    before = uri.copy()
    with pytest.raises(BuildError) as info:
        edit(uri)
    assert info.value.rule in {Rule.USERINFO_NEEDS_HOST, Rule.PORT_NEEDS_HOST}
    assert "RFC 3986 §3.2" in str(info.value)
    assert uri == before
    assert str(uri) == text


def _host(uri: URI) -> None:
    uri.host = None


def _set_host(uri: URI) -> None:
    uri.set(host=None)


def _set_host_text(uri: URI) -> None:
    uri.set_text(host=None)


def _text_host(uri: URI) -> None:
    uri.text.host = None


HOST_REMOVALS = [
    pytest.param(_host, id="host"),
    pytest.param(_set_host, id="set_host"),
    pytest.param(_set_host_text, id="set_host_text"),
    pytest.param(_text_host, id="text.host"),
]


@pytest.mark.parametrize("edit", HOST_REMOVALS)
@pytest.mark.parametrize("text", ["//u@h", "//h:80", "//h:", "http://u:p@h:1/x", "//@",
                                  "//:"])
def test_removing_host_under_userinfo_or_port_is_refused(edit: Callable[[URI], None],
                                                         text: str) -> None:
    """Removing the host while userinfo or a port (even an empty one) is set raises
    BuildError naming the first of them in the way, and leaves the URI unchanged."""
    uri = URI.parse(text)
    before = uri.copy()
    with pytest.raises(BuildError) as info:
        edit(uri)
    has_userinfo = uri.userinfo is not None
    assert info.value.rule is (Rule.USERINFO_NEEDS_HOST if has_userinfo
                               else Rule.PORT_NEEDS_HOST)
    assert uri == before
    assert str(uri) == text


def test_constructor_refuses_userinfo_or_port_without_host() -> None:
    """The keyword constructor applies the same rule."""
    with pytest.raises(BuildError):
        URI(userinfo="u")
    with pytest.raises(BuildError):
        URI(port=80)


def test_host_can_be_removed_after_userinfo_and_port() -> None:
    """Removing userinfo and port first, then the host, leaves a reference without
    authority."""
    uri = URI.parse("http://u@h:80/x").set(userinfo=None).set(port=None).set(host=None)
    assert str(uri) == "http:/x"


def test_build_error_is_a_uri_error() -> None:
    """BuildError is a URIError and a ValueError."""
    assert issubclass(BuildError, URIError)
    assert issubclass(BuildError, ValueError)


# --- property: whatever the builder makes reads back --------------------------------

_PLAIN = st.text(max_size=8)  # the default alphabet has no surrogates
_TRICKY = st.sampled_from(["", ".", "..", ":", "a:b", "%41", "@", "x", "//", "/", "a/b"])


def _wire(component: str) -> st.SearchStrategy[str]:
    """Valid wire text for ``component``: encoded plain text or tricky literals."""
    tricky = _TRICKY.filter(lambda s: encode(s, "path") == s)
    if component == "segment":
        tricky = tricky.filter(lambda s: "/" not in s)
    elif component in ("userinfo", "host"):
        tricky = tricky.filter(lambda s: "/" not in s and "@" not in s)
        if component == "host":
            tricky = tricky.filter(lambda s: ":" not in s)
    return st.one_of(_PLAIN.map(lambda s: encode(s, component)),  # type: ignore[arg-type]
                     tricky)


_HOSTS = st.one_of(_wire("host"), strategies.hosts(),
                  st.sampled_from(["[::1]", "[v1.x]", "1.2.3.4", ""]))

Op = Callable[[URI], object]

_OPS: st.SearchStrategy[Op] = st.one_of(
    st.one_of(st.none(), st.sampled_from(["s", "http", "A+.-1"])).map(
        lambda v: lambda u: u.set(scheme=v)),
    st.one_of(st.none(), _HOSTS).map(lambda v: lambda u: u.set(host=v)),
    st.one_of(st.none(), _PLAIN).map(lambda v: lambda u: u.set_text(host=v)),
    st.one_of(st.none(), _wire("userinfo")).map(lambda v: lambda u: u.set(userinfo=v)),
    st.one_of(st.none(), _PLAIN).map(lambda v: lambda u: u.set_text(userinfo=v)),
    _PLAIN.map(lambda v: lambda u: setattr(u.text, "password", v)),
    st.one_of(st.none(), st.integers(0, 99999)).map(lambda v: lambda u: u.set(port=v)),
    st.booleans().map(lambda v: lambda u: setattr(u, "has_port", v)),
    _wire("path").map(lambda v: lambda u: u.set(path=v)),
    st.lists(_wire("segment"), max_size=4).map(lambda v: lambda u: u.set(path=v)),
    _PLAIN.map(lambda v: lambda u: u.set_text(path=v)),
    st.lists(_PLAIN, max_size=4).map(lambda v: lambda u: u.set_text(path=v)),
    _wire("segment").map(lambda v: lambda u: u.path.append(v)),
    _PLAIN.map(lambda v: lambda u: u.text.path.append(v)),
    _wire("segment").map(lambda v: lambda u: u.path.insert(0, v)),
    _PLAIN.map(lambda v: lambda u: u.text.path.insert(0, v)),
    st.just(lambda u: u.path.pop(0) if len(u.path) else u),
    st.just(lambda u: u.path.pop() if len(u.path) else u),
    _wire("path").map(lambda v: lambda u: u.add_segments(*v.split("/"))),
    _wire("segment").map(lambda v: lambda u: u.add_segments(v)),
    _PLAIN.map(lambda v: lambda u: u.add_segments_text(v)),
    st.one_of(st.none(), _wire("query")).map(lambda v: lambda u: u.set(query=v)),
    st.one_of(st.none(), _PLAIN).map(lambda v: lambda u: u.set_text(query=v)),
    st.tuples(_PLAIN, st.one_of(st.none(), _PLAIN)).map(
        lambda kv: lambda u: u.add_param(*kv)),
    st.tuples(_PLAIN, st.one_of(st.none(), _PLAIN)).map(
        lambda kv: lambda u: u.set_param(*kv)),
    _PLAIN.map(lambda v: lambda u: u.discard_param(v)),
    st.one_of(st.none(), _wire("fragment")).map(lambda v: lambda u: u.set(fragment=v)),
    st.one_of(st.none(), _PLAIN).map(lambda v: lambda u: u.set_text(fragment=v)),
    # wire text drawn from the ABNF-driven strategies
    st.one_of(st.none(), strategies.userinfos()).map(lambda v: lambda u: u.set(userinfo=v)),
    strategies.segments().map(lambda v: lambda u: u.path.append(v)),
    st.one_of(strategies.paths_absolute(), strategies.paths_rootless(),
              strategies.paths_abempty()).map(lambda v: lambda u: u.set(path=v)),
    strategies.queries().map(lambda v: lambda u: u.set(query=v)),
    strategies.fragments().map(lambda v: lambda u: u.set(fragment=v)),
    strategies.schemes().map(lambda v: lambda u: u.set(scheme=v)),
)


@given(st.one_of(st.sampled_from(["", "http://h/a", "a:b:c", "//h//x", "./a:b"]),
                 strategies.uri_references()), st.lists(_OPS))
def test_built_uri_reads_back(start: str, ops: list[Op]) -> None:
    """A URI made by any sequence of builder operations is written as text that parses
    back to an equal URI, or, where a guard was written, to one whose path differs only
    by the guard's "." segment. An edit refused with BuildError changes nothing."""
    uri = URI.parse(start)
    for op in ops:
        before = uri.copy()
        try:
            op(uri)
        except (BuildError, IDNAError):  # IDNAError: a plain-text host UTS 46 refuses
            assert uri == before
        assert_reads_back(uri)
