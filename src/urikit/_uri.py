"""The URI class: the element model, its setters and the fluent builder."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

import attrs

from . import _grammar as g
from . import _host, _normalize, _resolve
from ._errors import BuildError, ParseError
from ._host import HostKind, Origin
from ._parse import check_host, check_scheme, check_wire, diagnose, require_str
from ._path import PathSegments, check_path, join, path_from
from ._percent import encode
from ._query import QueryParams
from ._serialize import to_text
from ._text import TextView, host_from_text

if TYPE_CHECKING:
    import sys

    if sys.version_info >= (3, 11):
        from typing import Self
    else:  # only the type checker reads this: typing_extensions comes with mypy
        from typing_extensions import Self

_MATCH: Final = g.URI_REFERENCE_RE.fullmatch
_MATCH_Z: Final = g.URI_REFERENCE_Z_RE.fullmatch
_BAD_PERCENT: Final = g.BAD_PERCENT_RE.search
_new: Final = object.__new__

_SCHEME_MATCH: Final = g.SCHEME_RE.fullmatch
_HOST_MATCH: Final = g.HOST_RE.fullmatch
_PATH_MATCH: Final = g.PATH_RE.fullmatch

_USERINFO_HINT: Final = "to store plain text, use uri.text.userinfo or set_userinfo_text()"
_HOST_HINT: Final = "to store plain text, use uri.text.host or set_host_text()"
_QUERY_HINT: Final = "to store plain text, use uri.params or uri.text.query"
_FRAGMENT_HINT: Final = "to store plain text, use uri.text.fragment or set_fragment_text()"


def _checked(value: str, pattern: re.Pattern[str], allowed: frozenset[str],
             component: str, hint: str) -> str:
    """Return ``value`` (as a plain ``str``) if it is valid wire text, else raise."""
    if type(value) is str and pattern.fullmatch(value) is not None and (
            "%" not in value or _BAD_PERCENT(value) is None):
        return value
    value = require_str(value, component)
    check_wire(value, pattern, allowed, component, hint)
    return value


def _port_number(text: str) -> int:
    """The number a port's digits stand for, however many there are."""
    if len(text) < 4000:
        return int(text)
    text = text.lstrip("0") or "0"
    value = 0
    for start in range(0, len(text), 4000):  # past int()'s digit limit: in chunks
        chunk = text[start:start + 4000]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


def _mask(userinfo: str) -> str:
    user, colon, password = userinfo.partition(":")
    return f"{user}:***" if colon and password else userinfo


@attrs.define(init=False, repr=False, eq=True, order=False, slots=True,
              weakref_slot=False, on_setattr=attrs.setters.NO_OP)
class URI:
    """A URI or relative reference (RFC 3986), mutable, held as its components.

    Components are kept in wire form (percent-encoded, exactly as written), ``None``
    when undefined (the delimiter is absent) and ``""`` when present but empty:

    ============== ===================== =============================================
    attribute      type                  examples
    ============== ===================== =============================================
    scheme         ``str | None``        ``"http"``; ``None`` for a relative reference
    userinfo       ``str | None``        ``"user:pass"`` in ``//user:pass@h``
    host           ``str | None``        ``"example.com"``, ``"[::1]"``, ``""`` in
                                         ``file:///x``; ``None`` without authority
    port           ``int | None``        ``8042``; ``None`` when absent or empty
    has_port       ``bool``              ``True`` for ``http://h:/``
    path           list-like of ``str``  ``"/a/"`` is ``["", "a", ""]``, ``""`` is ``[]``
    query          ``str | None``        ``""`` for ``http://a/?``
    fragment       ``str | None``        ``""`` for ``http://a/#``
    is_relative    ``bool``              ``True`` for ``//a/b``, ``../x``, ``?q``
    ============== ===================== =============================================

    Assigning a component validates it against its ABNF rule and raises
    :class:`~urikit.ParseError` for invalid text, which is never stored; the
    ``uri.text`` view and the ``*_text`` methods take plain text and encode it.
    ``str(uri)`` always succeeds and is lossless for parsed text; two states that
    would read back differently are written with a guard (see ``str``). Equality
    compares the components as written; a URI is mutable and so not hashable.

    >>> uri = URI.parse("foo://example.com:8042/over/there?name=ferret#nose")
    >>> uri.scheme, uri.host, uri.port, uri.path, uri.query, uri.fragment
    ('foo', 'example.com', 8042, PathSegments(['', 'over', 'there']), 'name=ferret', 'nose')

    .. versionadded:: 0.1
    """

    _scheme: str | None
    _userinfo: str | None
    _host: str | None
    _port: str | None
    _path: str
    _query: str | None
    _fragment: str | None

    def __init__(self, *, scheme: str | None = None, userinfo: str | None = None,
                 host: str | None = None, port: int | None = None,
                 path: str | Iterable[str] = "", query: str | None = None,
                 fragment: str | None = None) -> None:
        """Build a URI from wire-form components, each validated like its attribute.

        ``path`` is wire text or an iterable of wire segments. Userinfo or a port
        without a host raises :class:`~urikit.BuildError`.

        >>> str(URI(scheme="https", host="example.com", path="/a%20b"))
        'https://example.com/a%20b'
        """
        self._scheme = self._userinfo = self._host = self._port = None
        self._query = self._fragment = None
        self._path = ""
        if scheme is not None:
            self.set_scheme(scheme)
        if host is not None:
            self.set_host(host)
        if userinfo is not None:
            self.set_userinfo(userinfo)
        if port is not None:
            self.set_port(port)
        if path != "":
            self.set_path(path)
        if query is not None:
            self.set_query(query)
        if fragment is not None:
            self.set_fragment(fragment)

    # --- parsing, copying, text ---------------------------------------------------

    @classmethod
    def parse(cls, text: str, *, allow_zone_id: bool = False) -> Self:
        """Parse a URI-reference (RFC 3986 Appendix A) into a new URI.

        Args:
            text: the reference; a ``str`` (subclasses accepted).
            allow_zone_id: accept an IPv6 zone identifier, ``[fe80::1%25eth0]``
                (RFC 6874); rejected by default.

        Raises:
            ParseError: the text is not a URI-reference; ``.position`` tells where.
            TypeError: ``text`` is not a ``str``.

        >>> URI.parse("http://a/b c")
        Traceback (most recent call last):
        ...
        urikit._errors.ParseError: invalid character ' ' at position 10 in path
        """
        if type(text) is not str:
            text = require_str(text)
        m = (_MATCH_Z if allow_zone_id else _MATCH)(text)
        if m is None or ("%" in text and _BAD_PERCENT(text)):
            raise diagnose(text, allow_zone_id)
        uri = _new(cls)
        (uri._scheme, uri._userinfo, uri._host, uri._port,
         uri._path, uri._query, uri._fragment) = m.groups()
        return uri

    def copy(self) -> Self:
        """Return an independent copy (editing one never changes the other)."""
        uri = _new(type(self))
        uri._scheme = self._scheme
        uri._userinfo = self._userinfo
        uri._host = self._host
        uri._port = self._port
        uri._path = self._path
        uri._query = self._query
        uri._fragment = self._fragment
        return uri

    __str__ = to_text

    def __repr__(self) -> str:
        info = self._userinfo
        if info is not None and ":" in info:
            return f"{type(self).__name__}({self.redacted()!r})"
        return f"{type(self).__name__}({str(self)!r})"

    def redacted(self) -> str:
        """The URI text with any password in the userinfo replaced by ``***``.

        >>> URI.parse("ftp://joe:secret@h/").redacted()
        'ftp://joe:***@h/'
        """
        info = self._userinfo
        if info is None:
            return to_text(self)
        masked = self.copy()
        masked._userinfo = _mask(info)
        return to_text(masked)

    # --- components -----------------------------------------------------------------

    @property
    def scheme(self) -> str | None:
        """The scheme as written (case kept), or ``None`` for a relative reference."""
        return self._scheme

    @scheme.setter
    def scheme(self, value: str | None) -> None:
        self.set_scheme(value)

    @property
    def userinfo(self) -> str | None:
        """The userinfo (wire form), or ``None``. Needs a host (RFC 3986 §3.2)."""
        return self._userinfo

    @userinfo.setter
    def userinfo(self, value: str | None) -> None:
        self.set_userinfo(value)

    def _assign_userinfo(self, value: str | None) -> None:
        if value is not None and self._host is None:
            raise BuildError("userinfo needs a host: set the host first (RFC 3986 §3.2)")
        self._userinfo = value

    @property
    def host(self) -> str | None:
        """The host, exactly as the ABNF ``host`` rule reads it (RFC 3986 §3.2.2).

        An IP literal keeps its brackets (``"[::1]"``); ``""`` is an empty host, as
        in ``file:///x``; ``None`` means there is no authority. Setting a host on a
        URI whose path is relative makes the path absolute (§3.3).
        """
        return self._host

    @host.setter
    def host(self, value: str | None) -> None:
        self.set_host(value)

    def _assign_host(self, value: str | None) -> None:
        if value is None:
            if self._userinfo is not None or self._port is not None:
                raise BuildError("userinfo and port need a host: remove them before "
                                 "removing the host (RFC 3986 §3.2)")
        else:
            path = self._path
            if path and path[0] != "/":
                self._path = "/" + path
        self._host = value

    @property
    def authority(self) -> str | None:
        """The authority text, ``[userinfo "@"] host [":" port]``, or ``None``."""
        host = self._host
        if host is None:
            return None
        if self._userinfo is not None:
            host = f"{self._userinfo}@{host}"
        return host if self._port is None else f"{host}:{self._port}"

    @property
    def port(self) -> int | None:
        """The port number, or ``None`` when absent or empty (``http://h:/``).

        The port's text is kept as written, so ``:0080`` reads as ``80`` and is
        written back as ``0080``. Assigning ``None`` removes the ':' too.
        """
        port = self._port
        return _port_number(port) if port else None

    @port.setter
    def port(self, value: int | None) -> None:
        self.set_port(value)

    @property
    def has_port(self) -> bool:
        """Whether the ':' before the port is present (``True`` for ``http://h:/``)."""
        return self._port is not None

    @has_port.setter
    def has_port(self, value: bool) -> None:
        if not value:
            self._port = None
        elif self._port is None:
            if self._host is None:
                raise BuildError("a port needs a host: set the host first (RFC 3986 §3.2)")
            self._port = ""

    @property
    def path(self) -> PathSegments:
        """The path as a live list of wire-form segments (RFC 3986 §3.3).

        ``""`` is ``[]``, ``"/"`` is ``[""]``, ``"/a/"`` is ``["", "a", ""]``. Assign a
        wire path ``str`` or an iterable of wire segments.
        """
        return PathSegments(self)

    @path.setter
    def path(self, value: str | Iterable[str]) -> None:
        self.set_path(value)

    def _assign_path(self, path: str) -> None:
        if self._host is not None and path and path[0] != "/":
            path = "/" + path
        self._path = path

    @property
    def path_text(self) -> str:
        """The path as one wire-form string, as it appears in the URI."""
        return self._path

    @property
    def query(self) -> str | None:
        """The query (wire form), ``""`` for ``?`` alone, ``None`` without ``?``."""
        return self._query

    @query.setter
    def query(self, value: str | None) -> None:
        self.set_query(value)

    @property
    def fragment(self) -> str | None:
        """The fragment (wire form), ``""`` for ``#`` alone, ``None`` without ``#``."""
        return self._fragment

    @fragment.setter
    def fragment(self, value: str | None) -> None:
        self.set_fragment(value)

    @property
    def is_relative(self) -> bool:
        """Whether this is a relative reference (it has no scheme)."""
        return self._scheme is None

    @property
    def text(self) -> TextView:
        """The components as plain text: decoded on read, encoded on write."""
        return TextView(self)

    @property
    def params(self) -> QueryParams:
        """The query as a live list of ``key=value`` pairs of plain text."""
        return QueryParams(self)

    # --- fluent builder: each edits this URI in place and returns it --------------

    def set_scheme(self, scheme: str | None) -> Self:
        """Set the scheme (validated) in place; return this URI."""
        if scheme is not None and (type(scheme) is not str or _SCHEME_MATCH(scheme) is None):
            scheme = require_str(scheme, "scheme")
            check_scheme(scheme)
        self._scheme = scheme
        return self

    def set_userinfo(self, userinfo: str | None) -> Self:
        """Set the userinfo from wire text (validated) in place; return this URI."""
        if userinfo is not None:
            userinfo = _checked(userinfo, g.USERINFO_RE, g.USERINFO, "userinfo",
                                _USERINFO_HINT)
        self._assign_userinfo(userinfo)
        return self

    def set_userinfo_text(self, userinfo: str | None) -> Self:
        """Set the userinfo from plain text (encoded) in place; return this URI."""
        self.text.userinfo = userinfo
        return self

    def set_host(self, host: str | None, *, allow_zone_id: bool = False) -> Self:
        """Set the host from wire text (validated) in place; return this URI.

        ``allow_zone_id`` accepts an IPv6 zone identifier (RFC 6874).
        """
        if host is None:
            self._assign_host(None)
            return self
        if type(host) is not str or _HOST_MATCH(host) is None or (
                "%" in host and _BAD_PERCENT(host) is not None):
            host = require_str(host, "host")
            check_host(host, allow_zone_id, _HOST_HINT)
        path = self._path
        if path and path[0] != "/":
            self._path = "/" + path  # with an authority the path is absolute (§3.3)
        self._host = host
        return self

    def set_host_text(self, host: str | None) -> Self:
        """Set the host from plain text in place (an IPv6 address is bracketed, a
        name percent-encoded); return this URI."""
        self._assign_host(None if host is None else host_from_text(host))
        return self

    def set_port(self, port: int | None) -> Self:
        """Set the port in place (``None`` removes it, ':' included); return this URI.

        Raises:
            TypeError: ``port`` is not an ``int`` (``bool`` included).
            ParseError: ``port`` is negative.
            BuildError: there is no host, or ``port`` has too many digits to write.
        """
        if port is None:
            self._port = None
            return self
        if type(port) is not int:
            if isinstance(port, bool) or not isinstance(port, int):
                raise TypeError(f"port must be int or None, not {type(port).__name__}")
            port = int(port)
        if port < 0:
            raise ParseError(str(port), 0, "port", "invalid character '-'",
                             "a port is a non-negative integer")
        if self._host is None:
            raise BuildError("a port needs a host: set the host first (RFC 3986 §3.2)")
        try:
            self._port = str(port)
        except ValueError:
            raise BuildError("a port this large cannot be written as text") from None
        return self

    def set_path(self, path: str | Iterable[str]) -> Self:
        """Set the path from a wire ``str`` or wire segments in place; return this URI."""
        if type(path) is not str or _PATH_MATCH(path) is None or (
                "%" in path and _BAD_PERCENT(path) is not None):
            path = path_from(path, text=False)
        if self._host is not None and path and path[0] != "/":
            path = "/" + path  # with an authority the path is absolute (§3.3)
        self._path = path
        return self

    def set_path_text(self, path: str | Iterable[str]) -> Self:
        """Set the path from plain text in place; return this URI.

        A ``str`` is split on "/" and each segment encoded; an iterable gives the
        segments themselves, each encoded ("/" included).
        """
        self.text.path = path
        return self

    def append_segment(self, segment: str) -> Self:
        """Append one wire segment (validated) in place; return this URI."""
        self.path.append(segment)
        return self

    def append_segment_text(self, segment: str) -> Self:
        """Append one plain-text segment (encoded) in place; return this URI."""
        self.text.path.append(segment)
        return self

    def extend_segments(self, segments: Iterable[str]) -> Self:
        """Append wire segments (validated) in place; return this URI."""
        self.path.extend(segments)
        return self

    def extend_segments_text(self, segments: Iterable[str]) -> Self:
        """Append plain-text segments (encoded) in place; return this URI."""
        self.text.path.extend(segments)
        return self

    def insert_segment(self, index: int, segment: str) -> Self:
        """Insert one wire segment before ``index`` in place; return this URI."""
        self.path.insert(index, segment)
        return self

    def insert_segment_text(self, index: int, segment: str) -> Self:
        """Insert one plain-text segment before ``index`` in place; return this URI."""
        self.text.path.insert(index, segment)
        return self

    def replace_segment(self, index: int, segment: str) -> Self:
        """Replace the segment at ``index`` with wire text in place; return this URI."""
        self.path[index] = segment
        return self

    def replace_segment_text(self, index: int, segment: str) -> Self:
        """Replace the segment at ``index`` with plain text in place; return this URI."""
        self.text.path[index] = segment
        return self

    def remove_segment(self, index: int = -1) -> Self:
        """Remove the segment at ``index`` (the last by default) in place; return
        this URI."""
        del self.path[index]
        return self

    def joinpath(self, *parts: str) -> Self:
        """Join wire relative paths onto the path in place, pathlib-style; return
        this URI.

        A path ending in "/" is a directory: ``http://h/a/`` joined with ``b`` is
        ``http://h/a/b``, and ``http://h/a`` joined with ``b`` is ``http://h/a/b``
        too. A part may hold several segments (``"b/c"``); an absolute part (``"/x"``)
        replaces the path; ``""`` adds a trailing "/". Dot segments are kept as they
        are (resolution is :meth:`resolve`'s job).

        >>> str(URI.parse("http://h/a/").joinpath("b", "c/"))
        'http://h/a/b/c/'
        """
        path = self._path
        for part in parts:
            path = join(path, check_path(part))
        self._assign_path(path)
        return self

    def joinpath_text(self, *segments: str) -> Self:
        """Join plain-text segments onto the path in place, pathlib-style; return
        this URI. Each argument is one segment: "/" in it is encoded.

        >>> str(URI.parse("http://h/docs/").joinpath_text("a/b", "José"))
        'http://h/docs/a%2Fb/Jos%C3%A9'
        """
        path = self._path
        for segment in segments:
            path = join(path, encode(require_str(segment, "a segment"), "segment"))
        self._assign_path(path)
        return self

    def set_query(self, query: str | None) -> Self:
        """Set the query from wire text (validated) in place; return this URI."""
        if query is not None:
            query = _checked(query, g.QUERY_RE, g.QUERY, "query", _QUERY_HINT)
        self._query = query
        return self

    def set_query_text(self, query: str | None) -> Self:
        """Set the whole query from plain text in place; return this URI.

        See :attr:`TextView.query` for what is encoded; for key=value data use
        :meth:`set_param`.
        """
        self.text.query = query
        return self

    def add_param(self, key: str, value: str | None) -> Self:
        """Append the query parameter ``key=value`` (plain text) in place; return this
        URI."""
        self.params.add(key, value)
        return self

    def set_param(self, key: str, value: str | None) -> Self:
        """Give the query parameter ``key`` the single value ``value`` (plain text) in
        place; return this URI."""
        self.params.set(key, value)
        return self

    def remove_param(self, key: str) -> Self:
        """Remove every query parameter named ``key`` in place; return this URI."""
        self.params.remove(key)
        return self

    def set_fragment(self, fragment: str | None) -> Self:
        """Set the fragment from wire text (validated) in place; return this URI."""
        if fragment is not None:
            fragment = _checked(fragment, g.FRAGMENT_RE, g.FRAGMENT, "fragment",
                                _FRAGMENT_HINT)
        self._fragment = fragment
        return self

    def set_fragment_text(self, fragment: str | None) -> Self:
        """Set the fragment from plain text (encoded) in place; return this URI."""
        self.text.fragment = fragment
        return self

    # --- resolution, relative references, normalization (RFC 3986 §5, §6) ---------

    def resolve(self, reference: URI | str, *, strict: bool = True) -> URI:
        """Return the target of ``reference`` resolved against this base (RFC 3986
        §5.2); this URI is not changed.

        The base must have a scheme (§5.1); its fragment is ignored. With
        ``strict=False`` a reference whose scheme equals the base's is read as
        relative (§5.2.2), so ``http:g`` gives ``http://a/b/c/g``.

        Raises:
            ResolveError: this URI has no scheme.
            ParseError: ``reference`` is a ``str`` that is not a URI-reference.
        """
        return _resolve.resolve(self, reference, strict)

    def relative_to(self, base: URI | str) -> URI:
        """Return the shortest reference that ``base`` resolves to this URI.

        Raises:
            ResolveError: ``base`` has no scheme.
        """
        return _resolve.relative_to(self, base)

    def remove_dot_segments(self) -> Self:
        """Remove "." and ".." segments from the path in place (RFC 3986 §5.2.4);
        return this URI."""
        self._assign_path(_resolve.remove_dot_segments(self._path))
        return self

    def normalize(self, *, case: bool = True, percent: bool = True,
                  dot_segments: bool = True, scheme_based: bool = True,
                  ipv6_canonical: bool = False) -> Self:
        """Normalize in place (RFC 3986 §6.2.2, §6.2.3); return this URI.

        Args:
            case: lowercase the scheme and a reg-name or IP-literal host, and
                uppercase the hex digits of percent-encodings (§6.2.2.1).
            percent: decode percent-encoded unreserved characters (§6.2.2.2).
            dot_segments: remove dot segments from the path (§6.2.2.3).
            scheme_based: for http, https, ws, wss and ftp, drop an empty or default
                port and write an empty path after an authority as "/" (§6.2.3).
            ipv6_canonical: write IPv6 addresses in the RFC 5952 canonical form.
        """
        if case and percent and dot_segments and scheme_based and not ipv6_canonical:
            _normalize.normalize(self)  # the common call, without passing keywords
        else:
            _normalize.normalize(self, case=case, percent=percent,
                                 dot_segments=dot_segments, scheme_based=scheme_based,
                                 ipv6_canonical=ipv6_canonical)
        return self

    def equivalent(self, other: URI | str) -> bool:
        """Whether this URI and ``other`` are equivalent: equal once both are
        normalized (RFC 3986 §6.2). Neither is changed."""
        return _normalize.equivalent(self, other)

    # --- host, origin and display (RFC 3986 §3.2.2, §7) ---------------------------

    @property
    def host_kind(self) -> HostKind | None:
        """What the host is (IPv4, IPv6, IPvFuture, reg-name), or ``None`` without
        a host."""
        host = self._host
        return None if host is None else _host.host_kind(host)

    def origin(self) -> Origin | None:
        """The normalized (scheme, host, port) of this URI, or ``None`` when it has
        no scheme or no host."""
        return _host.origin(self)

    def same_origin(self, other: URI | str) -> bool:
        """Whether ``other`` has the same origin (scheme, host and port, normalized,
        default ports filled in); ``False`` when either has no origin."""
        other_uri = other if isinstance(other, URI) else URI.parse(other)
        mine = self.origin()
        return mine is not None and mine == other_uri.origin()

    def display(self) -> str:
        """The URI as people should see it (RFC 3986 §7.6): see :func:`_host.display`."""
        return _host.display(self)
