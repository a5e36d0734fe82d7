"""File paths to and from file URIs (RFC 8089): pathlib's as_uri and from_uri forms,
relative references, refusals, and the round trip."""

from __future__ import annotations

import os
import re
import sys
from pathlib import PurePath, PurePosixPath, PureWindowsPath

import hypothesis
import pytest
from hypothesis import given
from hypothesis import strategies as st

from urikit._core import grammar as g
from urikit._core.components import Components
from urikit._core.errors import EncodingError, FilePathError, ParseError
from urikit._core.parse import is_valid, split
from urikit._core.serialize import to_text
from urikit._interop.file import components_to_path, path_to_components

# pathlib's PurePath.as_uri is the reference these tests compare with; typeshed marks it
# deprecated (Python 3.14 keeps it on Path only), hence the reportDeprecated ignores


def text_of(c: Components) -> str:
    """The URI text of components, as the serializer writes it."""
    return to_text(c)


def parse(text: str) -> Components:
    """The components of URI text."""
    return Components(*split(text))


def same_octets(text: str) -> str:
    """``text`` with every %XX that stands for a character a segment allows decoded.

    pathlib's as_uri encodes every character but unreserved ones and "/"; urikit
    encodes only what a segment does not allow (RFC 3986 §3.3). For a file path the
    two spellings name the same file, and this form makes them compare equal.
    """
    def keep(m: re.Match[str]) -> str:
        ch = chr(int(m.group()[1:], 16))
        return ch if ch in g.PCHAR else m.group().upper()

    return re.sub("%[0-9A-Fa-f]{2}", keep, text)


AS_URI_PATHS: list[PurePath] = [
    PurePosixPath("/"),
    PurePosixPath("/etc/hosts"),
    PurePosixPath("/tmp/a b/c"),
    PurePosixPath("/tmp/100%/x"),
    PurePosixPath("/tmp/%41"),
    PurePosixPath("/q?/h#/s;p=1"),
    PurePosixPath("/a:b/c:d"),
    PurePosixPath("/c:/windows"),
    PurePosixPath("/user@host/!$&'()*+,;="),
    PurePosixPath("/Jos\u00e9/\u65e5\u672c/\U0001f600"),
    PurePosixPath("/raw/\udcff\udc80"),
    PurePosixPath("/back\\slash"),
    PurePosixPath("//double/root"),
    PurePosixPath("/a/../b"),
    PurePosixPath("/tab\there/new\nline"),
    PurePosixPath("/[x]/{y}/<z>/\"q\"/`b`/^c/|d"),
    PureWindowsPath("C:\\"),
    PureWindowsPath("C:\\a b\\c"),
    PureWindowsPath("c:/Windows"),
    PureWindowsPath("D:\\100%\\#1\\?x"),
    PureWindowsPath("C:\\Users\\Jos\u00e9\\\u65e5\u672c.txt"),
    PureWindowsPath("C:\\a\\b:stream"),
    PureWindowsPath("\\\\server\\share\\x"),
    PureWindowsPath("\\\\server\\share\\"),
    PureWindowsPath("//server/share/a b/c%d"),
    PureWindowsPath("\\\\s\u00e9rver\\sh@re\\x"),
    PureWindowsPath("\\\\?\\C:\\x"),
]


@pytest.mark.parametrize("path", AS_URI_PATHS, ids=str)
def test_matches_as_uri(path: PurePath) -> None:
    """An absolute path gives the URI that pathlib's as_uri gives, up to the
    characters a segment allows, which urikit leaves unencoded."""
    c = path_to_components(path)
    assert is_valid(text_of(c))
    assert same_octets(text_of(c)) == same_octets(path.as_uri())  # pyright: ignore[reportDeprecated]
    assert text_of(c) == same_octets(text_of(c))


@pytest.mark.parametrize(
    ("path", "text"),
    [
        pytest.param(PurePosixPath("/etc/hosts"), "file:///etc/hosts", id="posix"),
        pytest.param(PurePosixPath("/"), "file:///", id="posix root"),
        pytest.param(PurePosixPath("/a:b/@"), "file:///a:b/@", id="pchar delimiters kept"),
        pytest.param(PurePosixPath("/50%/#/?"), "file:///50%25/%23/%3F", id="delimiters"),
        pytest.param(PurePosixPath("/\u00e9"), "file:///%C3%A9", id="utf-8"),
        pytest.param(PurePosixPath("/\udcff"), "file:///%FF", id="undecodable byte"),
        pytest.param(PurePosixPath("//x"), "file:////x", id="posix double root"),
        pytest.param(PureWindowsPath("C:\\a b\\c"), "file:///C:/a%20b/c", id="drive"),
        pytest.param(PureWindowsPath("C:/"), "file:///C:/", id="drive root"),
        pytest.param(PureWindowsPath("\\\\server\\share\\x"), "file://server/share/x",
                     id="unc"),
        pytest.param(PureWindowsPath("\\\\localhost\\share\\x"),
                     "file:////localhost/share/x", id="unc on localhost"),
        pytest.param(PurePosixPath("a/b c"), "a/b%20c", id="relative"),
        pytest.param(PurePosixPath("."), "", id="current directory"),
        pytest.param(PurePosixPath("a:b/c"), "./a:b/c", id="relative colon"),
        pytest.param(PurePosixPath("../x"), "../x", id="parent"),
        pytest.param(PureWindowsPath("a\\b c"), "a/b%20c", id="windows relative"),
        pytest.param(PureWindowsPath("\\a\\b"), "/a/b", id="windows rooted"),
        pytest.param(PureWindowsPath("C:a\\b"), "./C:a/b", id="windows drive-relative"),
        pytest.param(PureWindowsPath("C:"), "./C:", id="windows bare drive"),
    ],
)
def test_path_to_text(path: PurePath, text: str) -> None:
    """Each path gives the expected URI or relative reference text, and that text
    parses back to the same components."""
    c = path_to_components(path)
    assert text_of(c) == text
    assert is_valid(text)
    assert components_to_path(parse(text), windows=isinstance(path, PureWindowsPath)) == path


def test_relative_has_no_scheme() -> None:
    """A relative path gives a relative reference: no scheme and no host."""
    assert path_to_components(PurePosixPath("a:b/c")) == Components(
        None, None, None, None, "a:b/c", None, None)


def test_unc_localhost_differs_from_as_uri() -> None:
    """A UNC share on a server named localhost is written in the four-slash form,
    where as_uri writes file://localhost/, which names this machine instead (there
    the path /share/x has no drive, so it is refused, as from_uri refuses it)."""
    path = PureWindowsPath("\\\\LocalHost\\share\\x")
    assert path.as_uri() == "file://LocalHost/share/x"  # pyright: ignore[reportDeprecated]
    assert text_of(path_to_components(path)) == "file:////LocalHost/share/x"
    with pytest.raises(FilePathError, match="names no absolute Windows path"):
        components_to_path(parse("file://LocalHost/share/x"), windows=True)


@pytest.mark.parametrize(
    ("value", "windows", "expected"),
    [
        pytest.param("/etc/hosts", False, PurePosixPath("/etc/hosts"), id="posix str"),
        pytest.param("C:\\x", True, PureWindowsPath("C:/x"), id="windows str"),
        pytest.param("C:\\x", False, PurePosixPath("C:\\x"), id="backslash is a name on posix"),
    ],
)
def test_str_flavour(value: str, windows: bool, expected: PurePath) -> None:
    """For a str, ``windows`` chooses the rules."""
    assert components_to_path(path_to_components(value, windows=windows),
                              windows=windows) == expected


def test_str_uses_running_system() -> None:
    """For a str with windows=None, the running system's rules apply."""
    kind: type[PurePath] = PureWindowsPath if os.name == "nt" else PurePosixPath
    assert path_to_components("/a b/c") == path_to_components(kind("/a b/c"))
    assert type(components_to_path(parse("a"))) is kind


def test_pathlike() -> None:
    """Any os.PathLike[str] is read through os.fspath."""

    class Like:
        def __fspath__(self) -> str:
            return "/x y"

    assert path_to_components(Like(), windows=False).path == "/x%20y"


def test_flavour_conflict() -> None:
    """Asking for the other flavour than a pure path's own is refused."""
    with pytest.raises(ValueError, match="contradicts"):
        path_to_components(PureWindowsPath("C:/x"), windows=False)


def test_bytes_path_refused() -> None:
    """A bytes path is refused: file names are text here."""

    class Raw:
        def __fspath__(self) -> bytes:
            return b"/x"

    with pytest.raises(TypeError, match="bytes"):
        path_to_components(Raw())  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(PureWindowsPath("C:/a\udcff"), id="surrogate escape"),
        pytest.param(PureWindowsPath("C:/a\ud800"), id="lone high surrogate"),
    ],
)
def test_windows_surrogates_refused(path: PurePath) -> None:
    """A Windows name holding a surrogate has no UTF-8 form and is refused."""
    with pytest.raises(EncodingError, match="surrogate"):
        path_to_components(path)


# Python 3.13's Path.from_uri, transcribed from its documentation and source: the
# text, the flavour, and the path it gives.
FROM_URI: list[tuple[str, bool, PurePath]] = [
    ("file:///etc/hosts", False, PurePosixPath("/etc/hosts")),
    ("file:/etc/hosts", False, PurePosixPath("/etc/hosts")),
    ("file://localhost/etc/hosts", False, PurePosixPath("/etc/hosts")),
    ("file:////server/share", False, PurePosixPath("//server/share")),
    ("file://///server/share", False, PurePosixPath("//server/share")),
    ("file:///tmp/a%20b%25", False, PurePosixPath("/tmp/a b%")),
    ("file:///Jos%C3%A9", False, PurePosixPath("/Jos\u00e9")),
    ("file:///a%FFb", False, PurePosixPath("/a\udcffb")),
    ("file:///c:/windows", True, PureWindowsPath("c:/windows")),
    ("file:/c:/windows", True, PureWindowsPath("c:/windows")),
    ("file:c:/windows", True, PureWindowsPath("c:/windows")),
    ("file://localhost/c:/windows", True, PureWindowsPath("c:/windows")),
    ("file://server/share", True, PureWindowsPath("//server/share")),
    ("file:////server/share", True, PureWindowsPath("//server/share")),
    ("file://///server/share", True, PureWindowsPath("//server/share")),
    ("file://server/share/a%20b/Jos%C3%A9", True, PureWindowsPath("//server/share/a b/Jos\u00e9")),
    ("file:///C:/%E6%97%A5", True, PureWindowsPath("C:/\u65e5")),
]


@pytest.mark.parametrize(("text", "windows", "expected"), FROM_URI, ids=[t for t, _, _ in FROM_URI])
def test_matches_from_uri(text: str, windows: bool, expected: PurePath) -> None:
    """A file URI gives the path Python 3.13's Path.from_uri gives on that system."""
    result = components_to_path(parse(text), windows=windows)
    assert result == expected
    assert type(result) is type(expected)
    assert str(result) == str(expected)


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        pytest.param("/C|/x", PureWindowsPath("C:/x"), id="legacy bar drive"),
        pytest.param("/c|/windows", PureWindowsPath("c:/windows"), id="legacy bar lowercase"),
        pytest.param("c|/windows", PureWindowsPath("c:/windows"), id="legacy bar rootless"),
    ],
)
def test_legacy_bar_drive(path: str, expected: PurePath) -> None:
    """The legacy '|' drive (file:///C|/x, RFC 8089 Appendix E.2.2) reads on Windows.

    "|" is not a URI character, so such components come from a lenient reader, never
    from urikit's parser.
    """
    c = Components("file", None, "", None, path, None, None)
    assert components_to_path(c, windows=True) == expected


@pytest.mark.parametrize(
    ("text", "windows", "expected"),
    [
        pytest.param("file:///c:/windows", False, PurePosixPath("/c:/windows"),
                     id="drive on posix is a name"),
        pytest.param("FILE://LOCALHOST/etc", False, PurePosixPath("/etc"),
                     id="scheme and host case"),
        pytest.param("a/b%20c", False, PurePosixPath("a/b c"), id="relative"),
        pytest.param("", False, PurePosixPath("."), id="empty reference"),
        pytest.param("./a:b", False, PurePosixPath("a:b"), id="relative colon"),
        pytest.param("./C:x", True, PureWindowsPath("C:x"), id="windows drive-relative"),
        pytest.param("/a/b", True, PureWindowsPath("\\a\\b"), id="windows rooted"),
        pytest.param("../%2E%2E/x", False, PurePosixPath("../../x"), id="parent"),
    ],
)
def test_from_uri_differences(text: str, windows: bool, expected: PurePath) -> None:
    """Where from_uri raises or has no counterpart, the reading keeps the round trip:
    POSIX has no drives, scheme and host compare without case, and a relative
    reference gives a relative path."""
    assert components_to_path(parse(text), windows=windows) == expected


def test_drive_relative_keeps_drive() -> None:
    """The './' written before a first segment holding ':' does not hide a drive."""
    result = components_to_path(parse("./C:x"), windows=True)
    assert result.drive == "C:"


REFUSED: list[tuple[str, bool, str]] = [
    ("http://h/x", False, "scheme 'http' is not 'file'"),
    ("urn:x", True, "scheme 'urn' is not 'file'"),
    ("file:///x?q", False, "query"),
    ("file:///x?", False, "query"),
    ("file:///x#f", False, "fragment"),
    ("file:///x#", True, "fragment"),
    ("file://u@h/x", True, "userinfo"),
    ("file://h:1/x", True, "port"),
    ("file:///a%2Fb", False, "encoded '/'"),
    ("file:///a%2fb", True, "encoded '/'"),
    ("file:///a%00b", False, "NUL"),
    ("file:///C:/a%5Cb", True, "separates names on Windows"),
    ("file:///C:/a%FF", True, "not UTF-8"),
    ("file:///C:/a%C3", True, "not UTF-8"),
    ("file://server/share", False, "not this machine"),
    ("file://%2F/share", True, "not a UNC server name"),
    ("//server/share", True, "network-path reference"),
    ("/etc/hosts", False, "reads as an absolute one"),
    ("./C:/x", True, "reads as an absolute one"),
    ("C:/x", True, "scheme 'C' is not 'file'"),
    ("file:", False, "names no absolute"),
    ("file://", False, "names no absolute"),
    ("file:a/b", False, "names no absolute"),
    ("file:///etc/hosts", True, "names no absolute Windows path"),
    ("file:///C:", True, "names no absolute"),
    ("file://server", True, "names no absolute"),
    ("file://server/", True, "needs a server and a share"),
    ("file://server//x", True, "needs a server and a share"),
    ("file:////server", True, "needs a server and a share"),
    ("file://./x", True, "needs a server and a share"),
    ("file:////%3F/x", True, "needs a server and a share"),
]


@pytest.mark.parametrize(("text", "windows", "message"), REFUSED,
                         ids=[f"{t} {'windows' if w else 'posix'}" for t, w, _ in REFUSED])
def test_refused(text: str, windows: bool, message: str) -> None:
    """What no path can hold, or what would be lost, is refused, saying why."""
    with pytest.raises(FilePathError, match=re.escape(message)):
        components_to_path(parse(text), windows=windows)


# pathlib's Windows flavour reads an incomplete UNC path differently on each Python:
# whether it is absolute, by version (3.10 and 3.11 read the first two as a rooted
# relative path, 3.12 as a drive without a root).
PATHLIB_UNC_ABSOLUTE: list[tuple[str, dict[tuple[int, int], bool]]] = [
    ("//server", {(3, 10): False, (3, 11): False, (3, 12): False, (3, 13): True}),
    ("//server/", {(3, 10): True, (3, 11): True, (3, 12): False, (3, 13): True}),
    ("//server//x", {(3, 10): False, (3, 11): False, (3, 12): True, (3, 13): True}),
    ("//?/x", {(3, 10): False, (3, 11): False, (3, 12): False, (3, 13): True}),
]


@pytest.mark.parametrize(("text", "by_version"), PATHLIB_UNC_ABSOLUTE,
                         ids=[t for t, _ in PATHLIB_UNC_ABSOLUTE])
def test_incomplete_unc_refused_whatever_pathlib_reads(
        text: str, by_version: dict[tuple[int, int], bool]) -> None:
    """A UNC path without both a server and a share is refused on every Python, where
    pathlib's own reading of it changes with the version (the table records it, so a
    new Python that reads it yet another way shows up here)."""
    version = sys.version_info[:2]
    if version in by_version:
        assert PureWindowsPath(text).is_absolute() is by_version[version]
    c = Components("file", None, "", None, "/" + text.replace("?", "%3F"), None, None)
    with pytest.raises(FilePathError, match="needs a server and a share"):
        components_to_path(c, windows=True)


def test_legacy_bar_drive_refused_on_posix() -> None:
    """A legacy '|' drive is refused on POSIX, naming the Windows flavour."""
    c = Components("file", None, "", None, "/C|/x", None, None)
    with pytest.raises(FilePathError, match="windows=True"):
        components_to_path(c, windows=False)


def test_invalid_wire_text_refused() -> None:
    """A segment that is not wire text is not decoded (RFC 3986 §2.4)."""
    c = Components("file", None, "", None, "/a b", None, None)
    with pytest.raises(ParseError):
        components_to_path(c, windows=False)


# A first name of two characters ending in ":" is a drive to pathlib's Windows flavour
# from 3.12 on, whatever the first character; 3.10 and 3.11 read only a letter so. What
# pathlib reads, by version: (drive, absolute); urikit keeps a relative path relative and
# refuses an absolute path on a drive that is not a letter.
PATHLIB_DRIVE_LIKE: list[tuple[str, dict[tuple[int, int], tuple[str, bool]]]] = [
    ("0:\\0", {(3, 10): ("", False), (3, 11): ("", False),
                (3, 12): ("0:", True), (3, 13): ("0:", True)}),
    ("\u00e9:\\x", {(3, 10): ("", False), (3, 11): ("", False),
                     (3, 12): ("\u00e9:", True), (3, 13): ("\u00e9:", True)}),
    ("::x", {(3, 10): ("", False), (3, 11): ("", False),
             (3, 12): ("::", False), (3, 13): ("::", False)}),
]


@pytest.mark.parametrize(("text", "by_version"), PATHLIB_DRIVE_LIKE,
                         ids=[t for t, _ in PATHLIB_DRIVE_LIKE])
def test_drive_like_first_name(
        text: str, by_version: dict[tuple[int, int], tuple[str, bool]]) -> None:
    """A first name that only some Pythons read as a drive gives a relative reference
    where pathlib reads the path as relative, and is refused as not a drive letter where
    it reads an absolute path on that drive."""
    path = PureWindowsPath(text)
    version = sys.version_info[:2]
    if version in by_version:
        assert (path.drive, path.is_absolute()) == by_version[version]
    if path.is_absolute():
        with pytest.raises(FilePathError, match="neither a drive letter"):
            path_to_components(path)
    else:
        c = path_to_components(path)
        assert (c.scheme, c.host) == (None, None)
        assert not split(text_of(c))[0]
        assert components_to_path(c, windows=True) == path


# --- properties --------------------------------------------------------------------

_AWKWARD = " %#?:;@&=+$,!'()*[]{}<>\"|^`~\t\u00e9\u65e5\U0001f600"


def _names(forbidden: str) -> st.SearchStrategy[str]:
    chars = st.one_of(
        st.sampled_from(_AWKWARD),
        st.characters(exclude_categories=["Cs"], exclude_characters=forbidden),
    )
    return st.text(chars, min_size=1, max_size=8).filter(lambda n: n not in (".", ".."))


POSIX_NAMES = st.one_of(_names("/\x00"),
                        st.text(st.sampled_from("ab\udc80\udcff"), min_size=1, max_size=4))
WINDOWS_NAMES = _names("/\\\x00")
SERVERS = st.text(st.sampled_from("abcXYZ019-_.\u00e9~!"), min_size=1, max_size=8).filter(
    lambda s: s.strip(".") != "" and s.lower() != "localhost")


@st.composite
def posix_paths(draw: st.DrawFn, absolute: bool | None = None) -> PurePosixPath:
    names = draw(st.lists(POSIX_NAMES, max_size=5))
    root = draw(st.sampled_from(["/", "//", ""] if absolute is None
                                else ["/", "//"] if absolute else [""]))
    return PurePosixPath(root + "/".join(names))


@st.composite
def windows_paths(draw: st.DrawFn, absolute: bool | None = None) -> PureWindowsPath:
    names = draw(st.lists(WINDOWS_NAMES, max_size=5))
    drive = draw(st.sampled_from("CcZ"))
    anchors = [f"{drive}:\\", f"\\\\{draw(SERVERS)}\\{draw(WINDOWS_NAMES)}\\"]
    if not absolute:
        anchors = [*anchors, "", "\\", f"{drive}:"] if absolute is None else ["", "\\"]
    anchor = draw(st.sampled_from(anchors))
    path = PureWindowsPath(anchor + "\\".join(names))
    # A first name like "0:" is a drive to pathlib from 3.12 on (any character before
    # the colon; before 3.12 only a letter): a relative path is one that this Python's
    # pathlib reads without a drive (PATHLIB_DRIVE_LIKE tests those names by version).
    hypothesis.assume(absolute is not False or not path.drive)
    return path


@given(st.one_of(posix_paths(), windows_paths()))
def test_round_trip(path: PurePath) -> None:
    """A path comes back from its components, and from the text they are written as."""
    windows = isinstance(path, PureWindowsPath)
    c = path_to_components(path)
    assert components_to_path(c, windows=windows) == path
    text = text_of(c)
    assert is_valid(text)
    assert components_to_path(parse(text), windows=windows) == path


@given(st.one_of(posix_paths(absolute=True), windows_paths(absolute=True)))
def test_as_uri_property(path: PurePath) -> None:
    """For every absolute path, the URI names what as_uri's URI names."""
    c = path_to_components(path)
    assert c.scheme == "file"
    assert same_octets(text_of(c)) == same_octets(path.as_uri())  # pyright: ignore[reportDeprecated]


@given(st.one_of(posix_paths(absolute=False), windows_paths(absolute=False)))
def test_relative_property(path: PurePath) -> None:
    """A relative path, which as_uri refuses, gives a relative reference."""
    with pytest.raises(ValueError, match="relative"):
        path.as_uri()  # pyright: ignore[reportDeprecated]
    c = path_to_components(path)
    assert (c.scheme, c.host) == (None, None)
    assert not split(text_of(c))[0]
