"""Properties that hold for every input: no entry point fails with anything but a
URIError, text round-trips, resolution and normalization keep their promises.

Hypothesis settings come from the profiles in ``conftest.py``; the soak run is
``python -m pytest --hypothesis-profile=thorough tests/test_properties.py``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Final, get_args

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

import urikit
from urikit import (
    URI,
    BuildError,
    Component,
    NormalizeOptions,
    Rule,
    URIError,
    decode,
    encode,
    remove_dot_segments,
)
from urikit import strategies as us

from .host_text import host_read_back, host_refusal_expected, refusal

# --- inputs ----------------------------------------------------------------------

#: Any str: every plane, control characters, NUL, lone surrogates.
ANY_TEXT: Final = st.text(st.characters())

#: Characters that steer the parser down its deeper paths: every delimiter, "%" and
#: hex digits, blanks and controls, "\", and look-alikes from outside ASCII.
URI_ISH: Final = st.text(
    st.sampled_from(list(":/?#[]@!$&'()*+,;=%-._~aAfFvVxZ0129 \t\n\r\x00\\\"<>{}|^`"
                         "é\uff03\uff0f\u3002\u2100\u202e\ud800\udc80\U0001f600")),
    max_size=40,
)


def _mutate(drawn: tuple[str, int, str, int]) -> str:
    """Insert (0), delete (1) or replace (2) one character of ``text`` at ``i``."""
    text, i, c, how = drawn
    i %= len(text) + 1
    if how == 0:
        return text[:i] + c + text[i:]
    if how == 1:
        return text[:i] + text[i + 1:]
    return text[:i] + c + text[i + 1:]


#: A valid URI-reference with one character inserted, deleted or replaced.
MUTATED_REFERENCES: Final = st.tuples(
    us.uri_references(), st.integers(0, 1000),
    st.one_of(st.sampled_from(list(":/?#[]@%\\ .")), st.characters()), st.integers(0, 2),
).map(_mutate)

TEXT: Final = st.one_of(ANY_TEXT, URI_ISH, MUTATED_REFERENCES, us.uri_references())

#: Bases for the entry points: with and without scheme, authority, userinfo, port,
#: path, query and fragment.
BASES: Final = [
    "http://a/b/c/d;p?q#f",
    "https://user:pw@example.com:8080/a/?x=1&y=2#top",
    "foo:a:b",
    "urn:isbn:0451450523",
    "file:///etc/hosts",
    "//h",
    "//u@[::1]:/",
    "../x/./y",
    "?q",
    "#f",
    "",
    "/a//b/",
    "mailto:a@b?subject=hi",
]


def _swallow(op: Callable[[], object]) -> None:
    """Run ``op``; a URIError is an answer, any other exception fails the test."""
    with contextlib.suppress(URIError):
        op()


def _set(attr: str) -> Callable[[URI, str], object]:
    return lambda u, t: setattr(u, attr, t)


def _set_text(attr: str) -> Callable[[URI, str], object]:
    return lambda u, t: setattr(u.text, attr, t)


def _replace_segment(u: URI, t: str) -> object:
    if len(u.path):
        u.path[-1] = t
    else:
        u.path.append(t)
    return u


def _replace_segment_text(u: URI, t: str) -> object:
    if len(u.path):
        u.text.path[-1] = t
    else:
        u.text.path.append(t)
    return u


ENTRY_POINTS: Final[dict[str, Callable[[URI, str], object]]] = {
    "parse": lambda u, t: URI.parse(t),
    "parse-zone-id": lambda u, t: URI.parse(t, allow_zone_id=True),
    "constructor": lambda u, t: URI(scheme="s", host=t, path=t, query=t, fragment=t),
    "scheme": _set("scheme"),
    "userinfo": _set("userinfo"),
    "host": _set("host"),
    "path-str": _set("path"),
    "path-list": lambda u, t: setattr(u, "path", t.split("/")),
    "path-one-segment": lambda u, t: setattr(u, "path", [t]),
    "query": _set("query"),
    "fragment": _set("fragment"),
    "text.userinfo": _set_text("userinfo"),
    "text.user": _set_text("user"),
    "text.password": _set_text("password"),
    "text.host": _set_text("host"),
    "text.path-str": _set_text("path"),
    "text.path-list": lambda u, t: setattr(u.text, "path", t.split("/")),
    "text.query": _set_text("query"),
    "text.fragment": _set_text("fragment"),
    "set_scheme": lambda u, t: u.set(scheme=t),
    "set_host-zone-id": lambda u, t: u.set(host=t, allow_zone_id=True),
    "set_userinfo_text": lambda u, t: u.set_text(userinfo=t),
    "set_host_text": lambda u, t: u.set_text(host=t),
    "set_path_text": lambda u, t: u.set_text(path=t),
    "set_path_text-list": lambda u, t: u.set_text(path=[t, t]),
    "set_query_text": lambda u, t: u.set_text(query=t),
    "set_fragment_text": lambda u, t: u.set_text(fragment=t),
    "path.append": lambda u, t: u.path.append(t),
    "text.path.append": lambda u, t: u.text.path.append(t),
    "path.extend": lambda u, t: u.path.extend([t, t]),
    "text.path.extend": lambda u, t: u.text.path.extend([t, t]),
    "path.insert": lambda u, t: u.path.insert(0, t),
    "text.path.insert": lambda u, t: u.text.path.insert(0, t),
    "path[-1]": _replace_segment,
    "text.path[-1]": _replace_segment_text,
    "add_segments": lambda u, t: u.add_segments(t, t),
    "add_segments_text": lambda u, t: u.add_segments_text(t, t),
    "params.add": lambda u, t: u.params.add(t, t),
    "params.add-no-value": lambda u, t: u.params.add(t, None),
    "params.set": lambda u, t: u.params.set(t, t),
    "params.pop": lambda u, t: u.params.pop(t, None),
    "params.update": lambda u, t: u.params.update({t: t}),
    "params.read": lambda u, t: (u.params.items(), u.params.get(t), t in u.params),
    "set_param": lambda u, t: u.set_param(t, t),
    "resolve-reference": lambda u, t: u.resolve(t),
    "resolve-reference-nonstrict": lambda u, t: u.resolve(t, strict=False),
    "resolve-base": lambda u, t: URI.parse(t).resolve(u),
    "relative_to-base": lambda u, t: u.relative_to(t),
    "relative_to-target": lambda u, t: URI.parse(t).relative_to(u),
    "normalize": lambda u, t: URI.parse(t).normalize(),
    "normalize-ipv6": lambda u, t: URI.parse(t).normalize(NormalizeOptions(ipv6_canonical=True)),
    "equivalent": lambda u, t: u.equivalent(t),
    "same_origin": lambda u, t: u.same_origin(t),
    "remove_dot_segments": lambda u, t: remove_dot_segments(t),
    "host_kind": lambda u, t: urikit.host_kind(t),
    "is_ambiguous_ipv4": lambda u, t: urikit.is_ambiguous_ipv4(t),
    "views": lambda u, t: (str(URI.parse(t)), repr(URI.parse(t)), URI.parse(t).to_display(),
                           URI.parse(t).to_redacted(), URI.parse(t).origin(),
                           URI.parse(t).host_kind, repr(URI.parse(t).text)),
}


def _encode_all(uri: URI, text: str) -> None:
    """encode() for every component name (a lone surrogate fails them all alike)."""
    for name in get_args(Component):
        encode(text, name)


def _decode_all(uri: URI, text: str) -> None:
    """decode() for every component name, each failing or not on its own."""
    for name in get_args(Component):
        with contextlib.suppress(URIError):
            decode(text, name)


ENTRY_POINTS.update({"encode": _encode_all, "decode": _decode_all})


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_entry_point_returns_or_raises_uri_error(name: str) -> None:
    """Given any str, the entry point returns normally or raises a URIError subclass,
    never another exception."""
    op = ENTRY_POINTS[name]

    @given(st.sampled_from(BASES), TEXT)
    def run(base: str, text: str) -> None:
        uri = URI.parse(base)
        _swallow(lambda: op(uri, text))
        # whatever happened, the URI still writes text that parses
        URI.parse(str(uri))

    run()


@given(st.sampled_from(BASES), st.integers(-(2**70), 2**70))
def test_port_setter_takes_any_int(base: str, port: int) -> None:
    """Any int given as a port is stored or refused with a URIError."""
    uri = URI.parse(base)
    _swallow(lambda: setattr(uri, "port", port))
    assert str(URI.parse(str(uri))) == str(uri)


# --- round trips -----------------------------------------------------------------


@given(us.uri_references())
def test_parse_of_str_is_identity(text: str) -> None:
    """``URI.parse(str(u)) == u`` and ``str(URI.parse(t)) == t`` for every
    URI-reference: parsing is lossless."""
    uri = URI.parse(text)
    assert str(uri) == text
    assert URI.parse(str(uri)) == uri


@given(us.uri_references())
def test_copy_is_equal_and_independent(text: str) -> None:
    """A copy compares equal, and editing it leaves the original unchanged."""
    uri = URI.parse(text)
    other = uri.copy()
    assert other == uri
    other.fragment = "changed"
    assert str(uri) == text


def _assert_reads_back(uri: URI, *, allow_zone_id: bool = False) -> None:
    """``str(uri)`` parses back to ``uri`` (with the URI's own options), or, where the
    serializer wrote a "./" or "/." guard (RFC 3986 §4.2, §3.3), to a URI whose path
    has that one extra "."."""
    text = str(uri)
    back = URI.parse(text, allow_zone_id=allow_zone_id)
    if back == uri:
        return
    segments, back_segments = list(uri.path), list(back.path)
    if text.startswith("./", len(f"{uri.scheme}:") if uri.scheme is not None else 0):
        assert back_segments == [".", *segments]
    else:
        assert back_segments == ["", ".", *segments[1:]], text
    back.path = segments
    assert back == uri


def _pop_last(u: URI) -> object:
    return u.path.pop() if len(u.path) else None  # an empty list has nothing to pop


def _remove_dots(u: URI) -> object:
    u.path = remove_dot_segments(str(u.path))
    return u


# (step name, strategy of its argument tuple): builder steps with valid wire text
# or any text for the plain-text methods.
BUILD_FNS: Final[dict[str, Callable[..., object]]] = {
    "set scheme": lambda u, v: u.set(scheme=v),
    "set host": lambda u, v: u.set(host=v),
    "set userinfo": lambda u, v: u.set(userinfo=v),
    "set port": lambda u, v: u.set(port=v),
    "set has_port": lambda u, v: u.set(has_port=v),
    "set path": lambda u, v: u.set(path=v),
    "set query": lambda u, v: u.set(query=v),
    "set fragment": lambda u, v: u.set(fragment=v),
    "path.append": lambda u, v: u.path.append(v),
    "add_segments": lambda u, *v: u.add_segments(*v),
    "path.pop": _pop_last,
    "set_text userinfo": lambda u, v: u.set_text(userinfo=v),
    "set_text host": lambda u, v: u.set_text(host=v),
    "set_text path": lambda u, v: u.set_text(path=v),
    "text.path.append": lambda u, v: u.text.path.append(v),
    "add_segments_text": lambda u, v: u.add_segments_text(v),
    "set_text query": lambda u, v: u.set_text(query=v),
    "set_text fragment": lambda u, v: u.set_text(fragment=v),
    "add_param": lambda u, k, v: u.add_param(k, v),
    "set_param": lambda u, k, v: u.set_param(k, v),
    "discard_param": lambda u, k: u.discard_param(k),
    "remove_dot_segments": _remove_dots,
    "add_path": lambda u, v: u.add_path(v),
    "add_path_text": lambda u, v: u.add_path_text(v),
    "prepend_path": lambda u, v: u.prepend_path(v),
    "prepend_path_text": lambda u, v: u.prepend_path_text(v),
}

#: Path strings for add_path and prepend_path: valid relative wire paths, and some
#: that are not (a leading "/", a space).
WIRE_PATH_STRINGS: Final = st.one_of(us.paths_noscheme(), us.paths_rootless(),
                                     us.paths_absolute(), st.just("a//b/"), st.just(""),
                                     st.just("../a"), st.just("a b"))

BUILD_STEPS: Final = st.one_of(
    st.tuples(st.just("set scheme"), st.one_of(st.none(), us.schemes()).map(lambda x: (x,))),
    st.tuples(st.just("set host"), st.one_of(st.none(), us.hosts()).map(lambda x: (x,))),
    st.tuples(st.just("set userinfo"), us.userinfos().map(lambda x: (x,))),
    st.tuples(st.just("set port"), st.one_of(st.none(), st.integers(0, 99999)).map(
        lambda x: (x,))),
    st.tuples(st.just("set has_port"), st.booleans().map(lambda x: (x,))),
    st.tuples(st.just("set path"), st.one_of(us.paths_abempty(), us.paths_absolute(),
                                             us.paths_noscheme(), us.paths_rootless(),
                                             st.lists(us.segments(), max_size=4),
                                             st.just("//x"), st.just("a:b/c"),
                                             st.just(["", "", "x"]), st.just(["a:b"])
                                             ).map(lambda x: (x,))),
    st.tuples(st.just("set query"), st.one_of(st.none(), us.queries()).map(lambda x: (x,))),
    st.tuples(st.just("set fragment"), st.one_of(st.none(), us.fragments()).map(
        lambda x: (x,))),
    st.tuples(st.just("path.append"), us.segments().map(lambda x: (x,))),
    st.tuples(st.just("add_segments"), st.lists(us.segments(), max_size=3).map(tuple)),
    st.tuples(st.just("path.pop"), st.just(())),
    st.tuples(st.just("set_text userinfo"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("set_text host"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("set_text path"), st.one_of(ANY_TEXT, st.lists(ANY_TEXT, max_size=3))
              .map(lambda x: (x,))),
    st.tuples(st.just("text.path.append"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("add_segments_text"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("set_text query"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("set_text fragment"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("add_param"), st.tuples(ANY_TEXT, st.one_of(st.none(), ANY_TEXT))),
    st.tuples(st.just("set_param"), st.tuples(ANY_TEXT, st.one_of(st.none(), ANY_TEXT))),
    st.tuples(st.just("discard_param"), ANY_TEXT.map(lambda x: (x,))),
    st.tuples(st.just("remove_dot_segments"), st.just(())),
    st.tuples(st.sampled_from(["add_path", "prepend_path"]),
              WIRE_PATH_STRINGS.map(lambda x: (x,))),
    st.tuples(st.sampled_from(["add_path_text", "prepend_path_text"]),
              st.one_of(ANY_TEXT, URI_ISH).map(lambda x: (x,))),
)


@given(st.one_of(st.just(""), us.uri_references()), st.lists(BUILD_STEPS, max_size=8))
def test_built_uris_read_back(start: str, steps: list[tuple[str, tuple[object, ...]]]) -> None:
    """Every URI built through the API writes text that parses back to it, up to the
    "./" or "/." guard the serializer adds before an ambiguous path. A step refused
    with a URIError changes nothing."""
    uri = URI.parse(start)
    for name, args in steps:
        before = uri.copy()
        try:
            BUILD_FNS[name](uri, *args)
        except URIError:
            assert uri == before
        _assert_reads_back(uri)


# --- resolution (RFC 3986 §5.2) -----------------------------------------------------


def _no_dot_segments(path: str) -> bool:
    return not any(s in (".", "..") for s in path.split("/"))


@given(us.absolute_uris(), us.uri_references())
def test_resolution_result_reads_back(base: str, reference: str) -> None:
    """The target of any reference against any base is a URI whose text parses back."""
    target = URI.parse(base).resolve(reference)
    assert target.scheme is not None
    _assert_reads_back(target)


@given(us.absolute_uris(), us.uri_references())
def test_resolution_changes_authority_only_through_the_reference(base: str,
                                                                 reference: str) -> None:
    """The target's authority is the reference's when it has a scheme or an authority
    (§5.2.2), otherwise the base's."""
    b, r = URI.parse(base), URI.parse(reference)
    target = b.resolve(r)
    expected = r.authority if r.scheme is not None or r.host is not None else b.authority
    assert target.authority == expected


@given(us.absolute_uris(), us.uri_references())
def test_resolution_removes_dot_segments(base: str, reference: str) -> None:
    """Whenever the reference has a path, the target's path holds no "." or ".."
    segment (§5.2.2 runs remove_dot_segments); with an empty one it is the base's."""
    b, r = URI.parse(base), URI.parse(reference)
    target = b.resolve(r)
    if r.components.path or r.scheme is not None or r.host is not None:
        assert _no_dot_segments(target.components.path), str(target)
    else:
        assert target.components.path == b.components.path


@given(st.one_of(us.paths_absolute(), us.paths_abempty(), us.paths_noscheme(),
                 us.paths_rootless(), st.lists(st.sampled_from(["", ".", "..", "a", "%2e"]),
                                               max_size=8).map("/".join)))
def test_remove_dot_segments(path: str) -> None:
    """remove_dot_segments leaves no "." or ".." segment, never climbs above the root
    (an absolute path stays absolute), never adds a segment, and is idempotent."""
    out = remove_dot_segments(path)
    assert _no_dot_segments(out)
    if path.startswith("/"):
        assert out.startswith("/")
    kept = [s for s in path.split("/") if s not in (".", "..")]
    assert all(s in kept for s in out.split("/") if s)
    assert remove_dot_segments(out) == out


# --- normalization (RFC 3986 §6.2) -----------------------------------------------------


@given(us.uri_references())
def test_normalization_is_idempotent(text: str) -> None:
    """Normalizing a normalized URI changes nothing, and its text reads back."""
    once = URI.parse(text).normalize()
    twice = once.copy().normalize()
    assert twice == once
    _assert_reads_back(once)


@given(us.uri_references())
def test_uri_is_equivalent_to_its_normal_form(text: str) -> None:
    """A URI is equivalent to its normal form, both ways round and as text."""
    uri = URI.parse(text)
    normal = uri.copy().normalize()
    assert uri.equivalent(normal)
    assert normal.equivalent(uri)
    assert uri.equivalent(text)
    assert str(uri) == text  # neither was changed


# --- text views: encode, then decode, is the identity -------------------------------

#: Plain text with no lone surrogates: every code point encode() accepts as text.
PLAIN: Final = st.text(st.characters(codec="utf-8"))


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("component", get_args(Component))
def test_decode_after_encode_is_identity(component: Component) -> None:
    """``decode(encode(t, c), c) == t`` for every component name, and the encoded text
    is valid wire text for the component."""

    @given(PLAIN)
    def run(text: str) -> None:
        wire = encode(text, component)
        assert decode(wire, component) == text

    run()


@given(st.binary())
def test_encode_after_decode_keeps_every_octet(data: bytes) -> None:
    """Octets that are not UTF-8 decode to surrogate escapes that encode back to the
    same octets: decoding loses nothing."""
    wire = "".join(f"%{b:02X}" for b in data)
    assert encode(decode(wire, "fragment"), "fragment").encode() == _unreserved_decoded(data)


def _unreserved_decoded(data: bytes) -> bytes:
    """The octets as encode() writes them: fragment characters raw, others as %XX."""
    safe = frozenset(map(ord, ":@/?!$&'()*+,;=-._~")) | frozenset(range(48, 58)) \
        | frozenset(range(65, 91)) | frozenset(range(97, 123))
    return b"".join(bytes([b]) if b in safe else f"%{b:02X}".encode() for b in data)


TEXT_ATTRIBUTES: Final = ["userinfo", "user", "password", "host", "query", "fragment"]


@pytest.mark.hypothesis  # an inner @given: conftest's random search selects it
@pytest.mark.parametrize("attribute", TEXT_ATTRIBUTES)
def test_text_view_write_then_read(attribute: str) -> None:
    """Writing plain text to ``uri.text.X`` and reading it back gives the same text, but
    for the host's readings (``host_read_back``: a plain-text IPv6 address becomes its IP
    literal, a name outside ASCII its A-labels, and UTS 46 may refuse one)."""

    @given(st.sampled_from(["http://h/", "//u:p@h:1/a?q#f", "s://u@[::1]"]), PLAIN)
    @example("http://h/", "::")  # drawn on two fresh clones: it reads back as "[::]"
    @example("http://h/", "xn--a")  # no A-label: UTS 46 refuses it
    def run(base: str, text: str) -> None:
        uri = URI.parse(base)
        expected = text
        if attribute == "host":
            error = refusal(lambda: setattr(uri.text, "host", text))
            if error is not None:
                assert host_refusal_expected(text, error), error
                assert str(uri) == base
                return
            expected = host_read_back(text)
            if not text.isascii():
                assert uri.host is not None
                assert "%" not in uri.host
        else:
            setattr(uri.text, attribute, text)
        assert getattr(uri.text, attribute) == expected
        assert getattr(URI.parse(str(uri)).text, attribute) == expected

    run()


@given(st.sampled_from(["", "s:", "s:/x", "?q"]), PLAIN)
def test_text_path_write_then_read(base: str, text: str) -> None:
    """A plain-text path written as a str reads back, segment by segment, as itself,
    or, when a piece is "." or "..", raises BuildError and leaves the URI as it was."""
    uri = URI.parse(base)
    if {".", ".."} & set(text.split("/")):
        with pytest.raises(BuildError) as info:
            uri.text.path = text
        assert info.value.rule is Rule.DOT_SEGMENT_FROM_TEXT
        assert str(uri) == base
        return
    uri.text.path = text
    assert "/".join(uri.text.path) == text


@given(st.sampled_from(["", "s:", "//h"]), st.lists(PLAIN, max_size=5))
def test_text_segments_write_then_read(base: str, segments: list[str]) -> None:
    """Plain-text segments written as a list read back as the same list (but ``[""]``,
    the root marker alone, which has no text; with an authority a relative path gets
    a leading ``""``)."""
    assume(segments != [""])
    uri = URI.parse(base)
    if {".", ".."} & set(segments):
        with pytest.raises(BuildError) as info:
            uri.text.path = segments
        assert info.value.rule is Rule.DOT_SEGMENT_FROM_TEXT
        assert str(uri) == base
        return
    uri.text.path = segments
    expected = segments
    if uri.host is not None and segments and segments[0] != "":
        expected = ["", *segments]
    assert list(uri.text.path) == expected
    assert list(URI.parse(str(uri)).text.path) in (expected, [".", *expected],
                                                    ["", ".", *expected[1:]])


@given(st.sampled_from(["http://h/", "http://h/?a=1&b", "?"]), PLAIN,
       st.one_of(st.none(), PLAIN))
def test_params_add_then_read(base: str, key: str, value: str | None) -> None:
    """A parameter added as plain text reads back as the last pair, unchanged."""
    assume(key or value is not None)  # an empty key without value writes nothing
    uri = URI.parse(base)
    uri.params.add(key, value)
    assert uri.params.items()[-1] == (key, value)
    assert URI.parse(str(uri)).params.items()[-1] == (key, value)
