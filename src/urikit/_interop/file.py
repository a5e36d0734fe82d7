"""File-system paths to and from ``file:`` URI components (RFC 8089)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import PurePath, PurePosixPath, PureWindowsPath
from typing import Final, cast

from .._core import grammar as g
from .._core.components import Components
from .._core.errors import LONE_SURROGATE, EncodingError, FilePathError
from .._core.percent import decode, encode, unquote

# A DOS drive at the start of a file URI's path: "/C:", "C:", or the legacy "/C|"
# (RFC 8089 Appendix E.2, E.2.2). The letter is ALPHA (RFC 8089 drive-letter).
_DRIVE_RE: Final = re.compile("/?([A-Za-z])([:|])")
_SURROGATE_RE: Final = re.compile(r"[\ud800-\udfff]")


def _flavour(windows: bool | None) -> bool:
    """Whether to use Windows rules: as asked, else the running system's."""
    return os.name == "nt" if windows is None else windows


def _pure(path: str | os.PathLike[str] | PurePath, windows: bool | None) -> PurePath:
    """The pure path of the flavour asked for, or of the path's own type."""
    if isinstance(path, PurePath):
        is_windows = isinstance(path, PureWindowsPath)
        if windows is not None and windows != is_windows:
            kind = type(path).__name__
            raise ValueError(f"windows={windows} contradicts the {kind} given")
        return path
    # checked: callers without a type checker pass anything (and not typed str before
    # the check: compiled, mypyc checks a call's result against its declared type, in
    # its own words, so os.fspath is called as a function of objects)
    text = cast("Callable[[object], object]", os.fspath)(path)
    if not isinstance(text, str):
        raise TypeError(f"path must be str or os.PathLike[str], not {type(text).__name__}")
    return PureWindowsPath(text) if _flavour(windows) else PurePosixPath(text)


def _name_to_segment(name: str, windows: bool) -> str:
    """One file name as one path segment's wire text."""
    if windows:
        found = _SURROGATE_RE.search(name)
        if found:
            raise EncodingError(found.group(), found.start(), f"{LONE_SURROGATE} in the "
                                f"Windows file name {name!r}, which a file URI writes as "
                                "UTF-8")
    return encode(name, "segment")


def _names_to_path(names: tuple[str, ...], windows: bool) -> str:
    """The file names as path wire text: encoded at once (no name holds "/", so each
    "/" of the joined text is a separator; an encode call per name took 15x a parse of
    the result), or, when that refuses a character, name by name to say which."""
    joined = "/".join(names)
    if not (windows and _SURROGATE_RE.search(joined)):
        try:
            return encode(joined, "path")
        except EncodingError:
            pass
    return "/".join([_name_to_segment(name, windows) for name in names])


def path_to_components(path: str | os.PathLike[str] | PurePath, *,
                       windows: bool | None = None) -> Components:
    """The components of the ``file:`` URI (or relative reference) naming ``path``.

    A ``PureWindowsPath`` follows Windows rules and a ``PurePosixPath`` POSIX rules;
    for a ``str`` or other path-like, ``windows`` chooses, and ``None`` means the
    running system's rules. Each file name becomes one segment with every character a
    segment does not allow percent-encoded as UTF-8, ``%`` included (RFC 3986 §2.1);
    on POSIX the lone surrogates ``U+DC80`` to ``U+DCFF`` that :func:`os.fsdecode`
    makes of undecodable bytes become those bytes again.

    An absolute path gives scheme ``file`` and the empty host (RFC 8089 §2, the
    ``file:///path`` form of :meth:`pathlib.PurePath.as_uri`): a drive letter is the
    first segment (``file:///C:/x``) and a UNC share ``\\\\server\\share`` gives host
    ``server`` (``file://server/share``), except a UNC server named ``localhost``,
    which is written in the four-slash form ``file:////localhost/share`` because
    ``file://localhost/`` means this machine. A relative path gives a relative
    reference (no scheme, no host) whose segments are the path's names, never an
    absolute URI; on Windows a drive-relative ``C:x`` keeps its drive as the first
    segment and a rooted ``\\x`` gives ``/x``. A ``str`` (or path-like other than a
    pure path) that ends in a separator after a name keeps it: ``/srv/www/`` gives
    ``file:///srv/www/``, so that ``img/a.png`` resolves inside the directory.

    Args:
        path: the path.
        windows: ``True`` for Windows rules, ``False`` for POSIX, ``None`` for the
            path's type, or for a ``str`` the running system's.

    Returns:
        The components: ``scheme``, ``host`` and ``path`` set, the rest ``None``.

    Raises:
        EncodingError: a name cannot be written as UTF-8 (a lone surrogate; on Windows
            any surrogate).
        FilePathError: the Windows drive is neither a letter nor a UNC share.
        ValueError: ``windows`` contradicts the type of a pure path.
        TypeError: ``path`` is a bytes path.

    >>> path_to_components(PurePosixPath("/tmp/a b%.txt"))[:5]
    ('file', None, '', None, '/tmp/a%20b%25.txt')
    >>> path_to_components("C:\\\\Users\\\\José", windows=True).path
    '/C:/Users/Jos%C3%A9'
    >>> path_to_components(r"\\\\server\\share\\x", windows=True)[:5]
    ('file', None, 'server', None, '/share/x')
    >>> path_to_components("docs/read me", windows=False)[:5]
    (None, None, None, None, 'docs/read%20me')
    >>> path_to_components("/srv/www/", windows=False).path
    '/srv/www/'

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       A trailing separator is kept.
    """
    pure = _pure(path, windows)
    is_windows = isinstance(pure, PureWindowsPath)
    drive, root = pure.drive, pure.root
    names = pure.parts[1:] if drive or root else pure.parts
    rest = _names_to_path(names, is_windows)
    if rest and not isinstance(path, PurePath):
        # a directory given with a trailing separator keeps it, so that a reference
        # resolves inside it (RFC 3986 §5.2.3), as "/" joins onto a pure path; a pure
        # path has already dropped it
        text = os.fspath(path)
        if text.endswith(("\\", "/") if is_windows else "/"):
            rest += "/"
    if not pure.is_absolute():
        anchor = _name_to_segment(drive, is_windows) if drive else ""
        return Components(None, None, None, None, anchor + ("/" if root else "") + rest,
                          None, None)
    if not is_windows:
        return Components("file", None, "", None, root + rest, None, None)
    if len(drive) == 2 and drive[0] in g.ALPHA and drive[1] == ":":
        return Components("file", None, "", None, f"/{drive}/{rest}", None, None)
    if drive[:2] != "\\\\":
        raise FilePathError("drive", drive, "is neither a drive letter nor a UNC share")
    server, _, share = drive[2:].partition("\\")
    path_text = f"/{_name_to_segment(share, True)}/{rest}"
    if server.lower() == "localhost":
        # file://localhost/ is this machine (RFC 8089 §2): keep the server in the path
        return Components("file", None, "", None, f"//{_name_to_segment(server, True)}"
                          + path_text, None, None)
    _name_to_segment(server, True)  # the same surrogate check as for every other name
    return Components("file", None, encode(server, "host"), None, path_text, None, None)


def _names(path: str, windows: bool) -> str:
    """Decode a path's wire text to the file-system path text, segment by segment.

    Each segment is decoded once; a segment whose decoded text would not stay one file
    name (an encoded ``/``, or ``\\`` on Windows) or that holds a NUL is refused, as is
    text that is not UTF-8 on Windows. ``.`` segments are dropped, as pathlib drops
    them, so that the ``./`` a serializer puts before a first segment holding ``:``
    does not change how that segment reads.
    """
    if g.PATH_RE.fullmatch(path) is not None:
        # valid wire text: checked and decoded at once, in C passes (a Python step per
        # segment took 25x a parse of the same text); with no "%2F" each decoded "/" is
        # a separator, and ASCII never continues a UTF-8 sequence, so this is decoding
        # each segment. Anything to refuse is found again below, segment by segment,
        # to say which.
        wire = path.lower() if "%" in path else ""
        if "%2f" not in wire and "%00" not in wire and not (windows and "%5c" in wire):
            text = unquote(path)
            if not (windows and _SURROGATE_RE.search(text)):
                return "/".join([name for name in text.split("/") if name != "."])
    names: list[str] = []
    for segment in path.split("/"):
        name = decode(segment, "segment")
        if "/" in name:
            raise FilePathError("segment", segment, "holds an encoded '/' (%2F): no file "
                                "name holds '/', and decoding it would split the name in two")
        if "\x00" in name:
            raise FilePathError("segment", segment, "holds an encoded NUL (%00): no file "
                                "name holds one")
        if windows:
            if "\\" in name:
                raise FilePathError("segment", segment, "holds an encoded '\\' (%5C), which "
                                    "separates names on Windows")
            if _SURROGATE_RE.search(name):
                raise FilePathError("segment", segment, "is not UTF-8: a Windows file name "
                                    "is Unicode text, so its bytes must be UTF-8 (RFC 8089 §4)")
        if name != ".":
            names.append(name)
    return "/".join(names)


def components_to_path(c: Components, *, windows: bool | None = None) -> PurePath:
    """The file-system path a ``file:`` URI or a relative reference names.

    The inverse of :func:`path_to_components`, and a transcription of Python 3.13's
    ``Path.from_uri`` on components: the host must be empty, absent or
    ``localhost`` (any case) except on Windows, where another host is a UNC server
    (``file://server/share`` is ``\\\\server\\share``); the legacy forms
    ``file:////server/share``, ``file://///server/share``, ``file:/C:/x``,
    ``file:C:/x`` and a ``|`` drive (``/C|/x``) are read on Windows. Each segment is
    percent-decoded exactly once as UTF-8; on POSIX, bytes that are not UTF-8 become
    the lone surrogates ``U+DC80`` to ``U+DCFF`` (``os.fsdecode``'s
    ``surrogateescape``), so every POSIX file name round-trips. With a ``file``
    scheme the result is absolute; a relative reference (no scheme, no host) gives a
    relative path.

    POSIX has no drives: ``file:///c:/x`` is the absolute path ``/c:/x`` there (where
    ``from_uri`` raises), so that every POSIX path comes back from its URI.

    Args:
        c: the components of a ``file:`` URI or of a relative reference.
        windows: ``True`` for a ``PureWindowsPath``, ``False`` for a
            ``PurePosixPath``, ``None`` for the running system's kind.

    Returns:
        The pure path.

    Raises:
        FilePathError: what no path of the flavour can hold, or what would be lost: a
            scheme other than ``file``, userinfo, a port, a query or a fragment, a
            network-path reference (``//host/x`` without a scheme), a host other than
            this machine on POSIX, a segment holding ``%2F``, ``%00`` (or on Windows
            ``%5C``, or bytes that are not UTF-8), a ``file`` URI that names no
            absolute path, or a relative reference that reads as an absolute path.
        ParseError: a segment is not valid wire text.

    >>> components_to_path(Components("file", None, "", None, "/etc/hosts", None, None),
    ...                    windows=False)
    PurePosixPath('/etc/hosts')
    >>> components_to_path(Components("file", None, "", None, "/c:/windows", None, None),
    ...                    windows=True)
    PureWindowsPath('c:/windows')
    >>> components_to_path(Components("file", None, "server", None, "/share", None, None),
    ...                    windows=True)
    PureWindowsPath('//server/share/')

    .. versionadded:: 0.2
    """
    is_windows = _flavour(windows)
    kind: type[PurePath] = PureWindowsPath if is_windows else PurePosixPath
    scheme, userinfo, host, port, path, query, fragment = c
    if scheme is not None and scheme.lower() != "file":
        raise FilePathError("scheme", scheme, "is not 'file': only a file URI names a "
                            "local path")
    if query is not None:
        raise FilePathError("query", None, "would be lost: a file URI with a query names "
                            "no path")
    if fragment is not None:
        raise FilePathError("fragment", None, "would be lost: a file URI with a fragment "
                            "names no path")
    if userinfo is not None or port is not None:
        # not the userinfo itself in the message: it may hold a password
        raise FilePathError("userinfo" if userinfo is not None else "port", None,
                            "cannot stand in a file URI, which has no userinfo and no "
                            "port (RFC 8089 §2)")
    if scheme is None:
        if host is not None:
            raise FilePathError("host", host, "makes a network-path reference, which names "
                                "no local path without a scheme; resolve it against a file "
                                "URI first")
        relative = kind(_names(path, is_windows))
        if relative.is_absolute():
            raise FilePathError("path", path, "has no scheme, so it gives a relative path, "
                                "but it reads as an absolute one")
        return relative
    prefix = ""
    if host is not None and host != "" and host.lower() != "localhost":
        if not is_windows:
            raise FilePathError("host", host, "is not this machine: a POSIX path names no "
                                "file on another host (only an empty host or 'localhost' is "
                                "local)")
        server = unquote(host)
        if any(ch in server for ch in "/\\\x00") or _SURROGATE_RE.search(server):
            raise FilePathError("host", host, "is not a UNC server name")
        prefix = "//" + server
    else:
        if path[:3] == "///":
            # file://///server/share: a UNC path after an empty authority
            path = path[1:]
        drive = _DRIVE_RE.match(path)
        if drive is not None and is_windows:
            path = f"{drive.group(1)}:{path[drive.end():]}"
        elif drive is not None and drive.group(2) == "|":
            raise FilePathError("path", path, "starts with a legacy '|' drive, which names "
                                "a Windows drive; pass windows=True")
    text = prefix + _names(path, is_windows)
    if is_windows and text[:2] == "//":
        # pathlib's reading of an incomplete UNC path changed across versions (3.13 takes
        # //server alone as absolute; 3.12 refuses //server/, which 3.11 takes): the rule
        # is decided here, once, so every Python gives the same answer; \\.\ and \\?\
        # are Win32 device paths, not network shares (3.12 and 3.13 differ on them too)
        server, _, rest = text[2:].partition("/")
        share = rest.partition("/")[0]
        if not server or not share or server in (".", "?"):
            raise FilePathError("path", text, "of a file URI names no absolute Windows "
                                "path: a UNC path needs a server and a share "
                                "(\\\\server\\share, RFC 8089 Appendix E.3)")
    result = kind(text)
    if not result.is_absolute():
        raise FilePathError("path", path, "of a file URI names no absolute "
                            f"{'Windows' if is_windows else 'POSIX'} path")
    return result
