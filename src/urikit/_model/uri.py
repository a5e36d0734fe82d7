"""The URI classes: a mutable URI and a frozen one, the only owners of URI state."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias, TypeVar, cast

import attrs

from .._core.build import Checked, mypyc_attr
from .._core.components import EMPTY, Components, Parts
from .._core.errors import BuildError, ParseError, Rule
from .._core.grammar import URI_REFERENCE_RE, URI_REFERENCE_Z_RE
from .._core.host import HostKind, Origin, host_kind, origin, origin_key
from .._core.normalize import DEFAULT_OPTIONS, NormalizeOptions, equivalent, normalize
from .._core.parse import (
    FRAGMENT,
    QUERY,
    USERINFO,
    check_host,
    check_scheme,
    check_wire,
    diagnose,
    require_str,
    split,
)
from .._core.ports import port_number, port_text
from .._core.resolve import relative, require_base, resolve
from .._core.serialize import authority, to_text
from .._core.serialize import redacted as redacted_text
from .._whatwg.display import display
from .masking import mask_password
from .path import (
    PathSegments,
    ReadOnlyPath,
    check_segment,
    encode_segment,
    path_from,
    segment_suffix,
)
from .query import QueryParams, ReadOnlyParams, Value
from .text import ReadOnlyText, TextView, encode_text, host_from_text

if TYPE_CHECKING:
    import os
    import sys
    import urllib.parse
    from pathlib import PurePath

    if sys.version_info >= (3, 11):
        from typing import Self
    else:  # only the type checker reads this: typing_extensions comes with mypy
        from typing_extensions import Self

#: ``tuple.__new__`` typed for :class:`Components` (pyright reads it generically).
_new_tuple: Final = cast("Callable[[type[Components], Parts], Components]",
                         tuple.__new__)  # pyright: ignore[reportUnknownMemberType]
# The one parse fast path: the grammar's pattern admits exactly the URI-references.
_MATCH: Final = URI_REFERENCE_RE.fullmatch
_MATCH_Z: Final = URI_REFERENCE_Z_RE.fullmatch

#: The index of each component in :class:`Components`, by name.
_INDEX: Final = {name: i for i, name in enumerate(Components._fields)}

_USERINFO_HINT: Final = "to store plain text, use uri.text.userinfo or set_text(userinfo=...)"
_HOST_HINT: Final = "to store plain text, use uri.text.host or set_text(host=...)"
_QUERY_HINT: Final = "to store plain text, use uri.params or set_text(query=...)"
_FRAGMENT_HINT: Final = "to store plain text, use uri.text.fragment or set_text(fragment=...)"


class _Unset(enum.Enum):
    UNSET = "UNSET"

    def __repr__(self) -> str:
        return "UNSET"


#: The default of :meth:`URI.set` and :meth:`URI.set_text`: leave the component as it is.
#:
#: .. versionadded:: 0.2
UNSET: Final = _Unset.UNSET

Unset = _Unset
PathInput = str | Iterable[str]
AnyURI: TypeAlias = "URI | FrozenURI"


# --- the rules every write goes through ------------------------------------------------


def _shown_base(c: Parts) -> str:
    """A base's text as an error message shows it: a password masked where RFC 3986
    reads one and where a browser would (``///joe:***@h/``)."""
    return mask_password(redacted_text(c))[0]


def _ruled(c: Parts, before: Parts) -> Parts:
    """``c`` with RFC 3986's structural rules kept, or :class:`BuildError`.

    §3.2: userinfo and a port need a host, so such an edit is refused (removing the
    host would also drop them, a password perhaps: the caller says so). §3.3: with an
    authority the path is empty or starts with "/", so a relative path under a host
    is made absolute, the reading §5.2.3 gives it. ``before`` is the state the edit
    started from, for the message.
    """
    host = c[2]
    if host is None:
        if c[1] is not None or c[3] is not None:
            rule = Rule.USERINFO_NEEDS_HOST if c[1] is not None else Rule.PORT_NEEDS_HOST
            if before[2] is not None:
                raise BuildError(rule, "remove userinfo and port before removing the host")
            raise BuildError(rule, "set the host first")
        return c
    path = c[4]
    if path and path[0] != "/":
        # with an authority the path is absolute (§3.3)
        return (c[0], c[1], host, c[3], "/" + path, c[5], c[6])
    return c


def _port_text(port: object) -> str | None:
    """The text of a port given as an ``int`` (or ``None``)."""
    if port is None:
        return None
    if type(port) is not int:
        if isinstance(port, bool) or not isinstance(port, int):
            raise TypeError(f"port must be int or None, not {type(port).__name__}")
        port = int(port)
    if port < 0:
        raise ParseError("-", 0, "port", "invalid character '-'",
                         "a port is a non-negative integer")
    return port_text(port)


def _has_port(value: object) -> bool:
    if type(value) is not bool:
        raise TypeError(f"has_port must be bool, not {type(value).__name__}")
    return value


def _wire_components(c: Parts, allow_zone_id: bool, *, scheme: Any, userinfo: Any,
                     host: Any, port: Any, has_port: Any, path: Any, query: Any,
                     fragment: Any) -> Parts:
    """``c`` with the given wire components (``UNSET`` keeps one) validated and set,
    the structural rules kept (:func:`_ruled`)."""
    new = list(c)
    if scheme is not UNSET:
        new[0] = None if scheme is None else check_scheme(scheme)
    if userinfo is not UNSET:
        new[1] = None if userinfo is None else check_wire(userinfo, USERINFO, _USERINFO_HINT)
    if host is not UNSET:
        new[2] = None if host is None else check_host(host, allow_zone_id, _HOST_HINT)
    if port is not UNSET:
        new[3] = _port_text(port)
    if has_port is not UNSET:
        if _has_port(has_port):
            if new[3] is None:
                new[3] = ""
        elif new[3] is not None:
            if port is not UNSET and port is not None:
                raise BuildError(Rule.PORT_NEEDS_COLON,
                                 f"has_port=False contradicts port={new[3]}")
            new[3] = None
    if path is not UNSET:
        new[4] = path_from(path, text=False)
    if query is not UNSET:
        new[5] = None if query is None else check_wire(query, QUERY, _QUERY_HINT)
    if fragment is not UNSET:
        new[6] = None if fragment is None else check_wire(fragment, FRAGMENT, _FRAGMENT_HINT)
    return _ruled(tuple(new), c)  # type: ignore[arg-type]


def _text_components(c: Parts, *, userinfo: Any, host: Any, path: Any, query: Any,
                     fragment: Any, allow_zone_id: bool = False) -> Parts:
    """``c`` with the given plain-text components (``UNSET`` keeps one) encoded and
    set, the structural rules kept."""
    new = list(c)
    if userinfo is not UNSET:
        new[1] = encode_text(userinfo, "userinfo", "userinfo")
    if host is not UNSET:
        new[2] = None if host is None else host_from_text(host, allow_zone_id)
    if path is not UNSET:
        new[4] = path_from(path, text=True)
    if query is not UNSET:
        new[5] = encode_text(query, "query", "query")
    if fragment is not UNSET:
        new[6] = encode_text(fragment, "fragment", "fragment")
    return _ruled(tuple(new), c)  # type: ignore[arg-type]


def _components_of(value: object, what: str, base: Parts | None = None) -> Parts:
    """The components of a URI, a FrozenURI or URI text (parsed strictly); with
    ``base``, that the base has a scheme is checked after the type and before the
    text, as :func:`urikit.resolve` checks it."""
    if not isinstance(value, (_URIBase, str)):
        raise TypeError(f"{what} must be a URI, FrozenURI or str, not {type(value).__name__}")
    if base is not None and base[0] is None:
        require_base(base, _shown_base(base))
    if isinstance(value, _URIBase):
        return value._c  # pyright: ignore[reportPrivateUsage] (the classes' helper)
    return split(require_str(value, what))


_U = TypeVar("_U", bound="_URIBase")


def _wrap(cls: type[_U], c: Parts, text: str | None) -> _U:
    """The one factory: a new ``cls`` holding ``c`` (trusted, rules kept) and its text,
    if known. A plain function: a classmethod call costs a third more, on every
    resolve, normalize and copy."""
    uri = cls.__new__(cls)
    uri._c = c  # pyright: ignore[reportPrivateUsage] (the classes' one factory)
    uri._text = text  # pyright: ignore[reportPrivateUsage]
    return uri


#: The element model as attrs describes it, on a class attrs makes for that alone: its
#: fields (the public components, and ``is_relative``, which the constructor does not
#: take) are what URI and FrozenURI hand to ``attrs.fields``, ``attrs.evolve``,
#: ``attrs.asdict`` and ``match``. attrs decorates neither URI class: a decorated class
#: cannot be a mypyc native class, and the URI classes keep their own slots,
#: constructor, equality, repr and setters, so attrs would generate nothing for them.
_ELEMENTS: Final = ("scheme", "userinfo", "host", "port", "has_port", "path", "query",
                    "fragment")
_ATTRS_MODEL: Final[type] = attrs.make_class(
    "URI", {**{name: attrs.field() for name in _ELEMENTS},
            "is_relative": attrs.field(init=False)},
    init=False, repr=False, eq=False, order=False, slots=False)


# --- the shared read API ---------------------------------------------------------------


# Compiled, a native class's __new__ runs __init__ unless interpreted subclasses are
# allowed; so marked, __new__ only makes the object, as in Python, and the one factory
# (_wrap) skips the constructor's work ("serializable" does that too, but then no
# constructor call runs __init__), and a user's subclass works in both builds. A URI
# holds only strings, so it can be in no reference cycle ("acyclic": no GC tracking).
@mypyc_attr(allow_interpreted_subclasses=True, acyclic=True)
class _URIBase:
    """What URI and FrozenURI share: the element model read from their components,
    and the operations that read them."""

    __slots__ = ("_c", "_text")

    #: What attrs sees (``attrs.fields(URI)``, ``attrs.evolve``, ``attrs.asdict``): the
    #: fields of :data:`_ATTRS_MODEL`; attrs reads this attribute and nothing else.
    __attrs_attrs__: ClassVar[Any] = attrs.fields(_ATTRS_MODEL)
    #: The names a class pattern matches by position: the constructor's, in order.
    __match_args__: ClassVar[tuple[str, ...]] = _ELEMENTS

    #: The seven wire components. Typed with the named tuple beside the plain one so
    #: that mypyc keeps the tuple object as it is: a plain tuple type it would unbox into
    #: seven fields, to box anew on every read (and a Components would come back a tuple).
    _c: Parts | Components
    _text: str | None

    def __init__(self, *, scheme: str | Checked | None = None,
                 userinfo: str | Checked | None = None, host: str | Checked | None = None,
                 port: int | Checked | None = None, has_port: bool | Checked | None = None,
                 path: PathInput | Checked = "", query: str | Checked | None = None,
                 fragment: str | Checked | None = None, allow_zone_id: bool = False) -> None:
        """Build from wire-form components, each validated like its attribute.

        ``path`` is wire text or an iterable of wire segments; ``has_port=True`` with
        no ``port`` writes an empty port (``http://h:/``). Userinfo or a port without a
        host raises :class:`~urikit.BuildError`; a relative path under a host is made
        absolute (RFC 3986 §3.3). The text is composed once and checked with one
        match; only when that fails is each component checked, to say which is wrong.

        >>> str(URI(scheme="https", host="example.com", path="/a%20b"))
        'https://example.com/a%20b'
        """
        # read as object: compiled, a comparison of the typed argument (``is True``,
        # ``type(port) is int``) would convert it first (True to 1, "yes" refused in
        # mypyc's words) before urikit's check in _wire_components
        given_port, given_has_port = cast("object", port), cast("object", has_port)
        if given_port is None:
            port_given: str | None = "" if given_has_port is True else None
            fast = given_has_port is None or type(given_has_port) is bool
        else:
            port_given = (str(given_port) if type(given_port) is int
                          and 0 <= given_port < 65536 else None)
            fast = port_given is not None and given_has_port is not False
        if fast and type(path) is str:
            given = (scheme, userinfo, host, port_given, path, query, fragment)
            text = to_text(given)
            m = (_MATCH_Z if allow_zone_id else _MATCH)(text)
            if m is not None:
                groups: Parts = m.groups()  # type: ignore[assignment]
                if groups == given:
                    self._c = groups
                    self._text = text
                    return
        self._c = _wire_components(
            EMPTY, allow_zone_id, scheme=scheme, userinfo=userinfo, host=host, port=port,
            has_port=UNSET if has_port is None else has_port, path=path, query=query,
            fragment=fragment)
        self._text = None

    @classmethod
    def parse(cls, text: str, *, allow_zone_id: bool = False) -> Self:
        """Parse a URI-reference (RFC 3986 Appendix A).

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
        urikit.ParseError: invalid character ' ' at position 10 in path
        """
        if type(text) is not str:
            text = require_str(text)
        m = (_MATCH_Z if allow_zone_id else _MATCH)(text)
        if m is None:
            raise diagnose(text, allow_zone_id)
        uri = cls.__new__(cls)
        uri._c = m.groups()  # type: ignore[assignment]
        uri._text = text
        return uri

    @classmethod
    def parse_lenient(cls, text: str, *, base: AnyURI | str | None = None) -> Self:
        """Read text that is not yet RFC 3986, as browsers and frameworks hand it.

        The reader for browser input: it reads the host exactly as a browser does and
        changes nothing else. Each character the component does not allow is
        percent-encoded (UTF-8 outside ASCII; ``[]`` outside an IP literal, space,
        ``|``, a stray ``%`` ...), a non-ASCII host becomes its A-label (UTS 46 with
        the WHATWG parameters, as browsers: ``i❤.ws`` works), and for http(s) and the
        other WHATWG special schemes the authority is read as browsers read it: a
        backslash is "/", any run of slashes and backslashes after the scheme starts
        the authority (``http:/evil.example`` and ``http:\\\\evil.example`` are host
        ``evil.example``, as in a browser, even where the first is valid RFC 3986
        text without a host), and what a browser refuses in the authority is refused
        with :class:`~urikit.URIError` rather than encoded into the host (a port that
        is not a number up to 65535, ``http://2001::1``, a forbidden code point such
        as ``%2F`` or a space, a number that is no IPv4 address, an empty host).
        Otherwise valid ``%XX`` and every allowed character stay as they are and
        nothing is decoded. See :func:`urikit.repair` for the list of changes made
        and ``docs/security.md`` for the guarantee as measured against a browser's
        parser.

        Args:
            text: the text; ``str``.
            base: the URL the text is relative to (a web page's): a ``URI``,
                ``FrozenURI`` or ``str`` (itself read leniently). When given, the
                result is resolved against it (RFC 3986 §5.2), a reference without a
                scheme is read by the base scheme's rules, and ``http:x`` against an
                http base is relative, as browsers read it. Without it, a reference
                without a scheme is read as against a web page (a special scheme) and
                returned as a reference.

        Raises:
            EncodingError: the text holds a lone surrogate.
            IDNAError: IDNA refuses the host.
            ParseError: a browser refuses the authority.
            ResolveError: ``base`` has no scheme.
            TypeError: ``text`` is not a ``str``, or ``base`` no URI or ``str``.

        >>> str(URI.parse_lenient("/list?ids[]=1&q=a|b&page=2"))
        '/list?ids%5B%5D=1&q=a%7Cb&page=2'
        >>> str(URI.parse_lenient("https:/\\\\evil.example/a b"))
        'https://evil.example/a%20b'
        >>> str(URI.parse_lenient("///evil.example/x", base="https://shop.example/a"))
        'https://evil.example/x'

        .. versionadded:: 0.2

        .. versionchanged:: 0.3
           The authority of special schemes read as browsers read it; ``base``.
        """
        # the optional parts (lenient input, IRIs, file paths, templates) are imported
        # when first used, not with urikit
        from .._interop.lenient import browser_resolve, repaired_text
        if base is None:
            return cls.parse(repaired_text(text))
        if isinstance(base, str):
            base_c = URI.parse_lenient(base)._c
        else:
            base_c = _components_of(base, "base")
        require_base(base_c, _shown_base(base_c))
        scheme = base_c[0]
        if scheme is not None:
            scheme = scheme.lower()
        ref = split(repaired_text(text, scheme))
        return _wrap(cls, browser_resolve(base_c, ref), None)

    @classmethod
    def from_iri(cls, text: str) -> Self:
        """Read an IRI (RFC 3987 §3.1): characters outside ASCII are percent-encoded as
        UTF-8, and a registered name becomes its A-label (:func:`urikit.host_to_ascii`,
        UTS 46 as browsers read it); an ``xn--`` label must be a valid A-label, as
        :meth:`parse_lenient` requires (``xn--a`` is refused).

        Raises:
            ParseError: the result is not a URI-reference.
            IDNAError: IDNA refuses a label of the host.

        >>> str(URI.from_iri("https://bücher.example/Dürst"))
        'https://xn--bcher-kva.example/D%C3%BCrst'

        .. versionadded:: 0.2
        """
        from .._interop.iri import map_iri_to_uri
        return cls.parse(map_iri_to_uri(text))  # the parse is iri_to_uri's check

    def to_iri(self) -> str:
        """The URI as an IRI for people to read (RFC 3987 §3.2): percent-encoded UTF-8
        decoded and A-labels shown as U-labels where the spoof-resistant display
        policy allows it (the A-label stays otherwise), but what must stay encoded
        stays (reserved characters, ``%25``, invalid UTF-8, bidirectional controls).

        >>> URI.parse("https://xn--bcher-kva.example/D%C3%BCrst?q=%2F").to_iri()
        'https://bücher.example/Dürst?q=%2F'
        >>> URI.parse("https://xn--80ak6aa92e.com/").to_iri()  # аррӏе, in Cyrillic
        'https://xn--80ak6aa92e.com/'

        .. versionadded:: 0.2
        """
        from .._interop.iri import uri_to_iri
        return uri_to_iri(str(self))

    @classmethod
    def from_path(cls, path: str | os.PathLike[str] | PurePath, *,
                  windows: bool | None = None) -> Self:
        r"""The ``file:`` URI of a file path (RFC 8089), as ``Path.as_uri()`` writes it;
        a relative path gives a relative reference, never an absolute URI.

        ``windows`` chooses the path flavour for a ``str`` (the running system's by
        default); a pure path has its own.

        >>> str(URI.from_path("/tmp/a b%.txt")), str(URI.from_path("a/b"))
        ('file:///tmp/a%20b%25.txt', 'a/b')
        >>> str(URI.from_path(r"C:\Users\José", windows=True))
        'file:///C:/Users/Jos%C3%A9'

        .. versionadded:: 0.2
        """
        from .._interop.file import path_to_components
        return _wrap(cls, path_to_components(path, windows=windows), None)

    def to_path(self, *, windows: bool | None = None) -> PurePath:
        """The file path of a ``file:`` URI or relative reference, as Python 3.13's
        ``Path.from_uri()`` reads it (RFC 8089).

        Raises:
            FilePathError: the URI is not a local ``file:`` URI, or it holds what a path
                cannot (a query, a fragment, an encoded "/" or NUL).

        >>> URI.parse("file:///tmp/a%20b").to_path(windows=False)
        PurePosixPath('/tmp/a b')

        .. versionadded:: 0.2
        """
        from .._interop.file import components_to_path
        return components_to_path(self.components, windows=windows)

    @classmethod
    def from_template(cls, template: str, variables: Mapping[str, object] | None = None,
                      /, **values: object) -> Self:
        """Expand a URI Template (RFC 6570, all four levels) into a URI.

        Values come from ``variables`` and keyword arguments; a value may be text, an
        int, a list, a mapping, or a URI (written as its text).

        >>> str(URI.from_template("https://api.example/users/{name}{?page}",
        ...                       name="José", page=2))
        'https://api.example/users/Jos%C3%A9?page=2'

        .. versionadded:: 0.2
        .. versionchanged:: 0.3
           urikit expands templates itself: no extra is needed.
        """
        from .._interop.template import expand
        return cls.parse(expand(template, {**(variables or {}), **values}))

    @classmethod
    def from_split(cls, parts: tuple[str, str, str, str, str] | Checked) -> Self:
        """A URI from :func:`urllib.parse.urlsplit`'s five parts, checked strictly.

        urllib cannot tell an empty query or fragment from none, so ``""`` is read as
        undefined.

        >>> import urllib.parse
        >>> str(URI.from_split(urllib.parse.urlsplit("http://h/a?q")))
        'http://h/a?q'

        .. versionadded:: 0.2
        """
        import urllib.parse  # with its use, not with urikit (it imports ipaddress)

        given = cast(object, parts)  # checked: callers without a type checker pass anything
        if not isinstance(given, tuple):
            raise TypeError(f"parts must be a tuple of five str, not {type(given).__name__}")
        items = cast("tuple[object, ...]", given)
        if len(items) != 5:
            raise TypeError(f"parts must be a tuple of five str, not of {len(items)}")
        for part in items:
            require_str(part, "each part")
        return cls.parse(urllib.parse.urlunsplit(parts))

    def to_split(self) -> urllib.parse.SplitResult:
        """The URI as :class:`urllib.parse.SplitResult` (undefined parts become ``""``).

        >>> URI.parse("http://u@h:8/p?q#f").to_split()
        SplitResult(scheme='http', netloc='u@h:8', path='/p', query='q', fragment='f')

        .. versionadded:: 0.2
        """
        import urllib.parse

        c = self._c
        return urllib.parse.SplitResult(c[0] or "", authority(c) or "", c[4], c[5] or "",
                                        c[6] or "")

    # --- the element model (wire form) ------------------------------------------------

    @property
    def components(self) -> Components:
        """The seven wire components as one immutable :class:`~urikit.Components`.

        .. versionadded:: 0.2
        """
        c: object = self._c  # object: a Parts local would be a plain tuple compiled
        if type(c) is Components:
            return c
        named = _new_tuple(Components, self._c)  # the pattern's tuple, named on request
        self._c = named
        return named

    @property
    def scheme(self) -> str | None:
        """The scheme as written (case kept), or ``None`` for a relative reference."""
        return self._c[0]

    @property
    def userinfo(self) -> str | None:
        """The userinfo (wire form), or ``None``. Needs a host (RFC 3986 §3.2)."""
        return self._c[1]

    @property
    def host(self) -> str | None:
        """The host, exactly as the ABNF ``host`` rule reads it (RFC 3986 §3.2.2).

        An IP literal keeps its brackets (``"[::1]"``); ``""`` is an empty host, as
        in ``file:///x``; ``None`` means there is no authority. Setting a host on a
        URI whose path is relative makes the path absolute (§3.3).
        """
        return self._c[2]

    @property
    def port(self) -> int | None:
        """The port number, or ``None`` when absent or empty (``http://h:/``).

        The port's text is kept as written, so ``:0080`` reads as ``80`` and is
        written back as ``0080``. Setting ``None`` removes the ':' too.
        """
        port = self._c[3]
        return port_number(port) if port else None

    @property
    def has_port(self) -> bool:
        """Whether the ':' before the port is present (``True`` for ``http://h:/``)."""
        return self._c[3] is not None

    @property
    def path(self) -> ReadOnlyPath:
        """The path as a live list of wire-form segments (RFC 3986 §3.3).

        ``""`` is ``[]``, ``"/"`` is ``["", ""]``, ``"/a/"`` is ``["", "a", ""]``;
        ``str(uri.path)`` is the path's text. See :class:`~urikit.PathSegments`.
        """
        return PathSegments(self, None)

    @property
    def query(self) -> str | None:
        """The query (wire form), ``""`` for ``?`` alone, ``None`` without ``?``."""
        return self._c[5]

    @property
    def fragment(self) -> str | None:
        """The fragment (wire form), ``""`` for ``#`` alone, ``None`` without ``#``."""
        return self._c[6]

    @property
    def is_relative(self) -> bool:
        """Whether this is a relative reference (it has no scheme)."""
        return self._c[0] is None

    @property
    def authority(self) -> str | None:
        """The authority text, ``[userinfo "@"] host [":" port]``, or ``None``."""
        return authority(self._c)

    @property
    def text(self) -> ReadOnlyText:
        """The components as plain text: decoded on read, encoded on write."""
        return TextView(self, None)

    @property
    def params(self) -> ReadOnlyParams:
        """The query as a live list of ``key=value`` pairs of plain text."""
        return QueryParams(self, None)

    # --- text, equality ---------------------------------------------------------------

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = to_text(self._c)
        return text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.redacted()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _URIBase):
            return self._c == other._c
        return NotImplemented

    def __reduce__(self) -> tuple[Any, tuple[type[_URIBase], Parts, None]]:
        return (_wrap, (type(self), self._c, None))

    def redacted(self) -> str:
        """The URI text with any password in the userinfo replaced by ``***``.

        >>> URI.parse("ftp://joe:secret@h/").redacted()
        'ftp://joe:***@h/'
        """
        info = self._c[1]
        if info is None or ":" not in info:
            return str(self)
        return redacted_text(self._c)

    # --- builder: on a URI each edits it in place and returns it; on a FrozenURI each
    # returns a new FrozenURI (a mutable copy is edited, then frozen) --------------------

    def _edit_target(self) -> URI:
        raise NotImplementedError  # pragma: no cover - both subclasses define it

    def _result(self, target: URI) -> Self:
        """What a builder method returns: ``target`` on a URI (which is this URI), a
        new object of this one's type holding ``target``'s components otherwise."""
        return _wrap(type(self), target._c, target._text)

    def set(self, *, scheme: str | Unset | Checked | None = UNSET,
            userinfo: str | Unset | Checked | None = UNSET,
            host: str | Unset | Checked | None = UNSET,
            port: int | Unset | Checked | None = UNSET,
            has_port: bool | Unset | Checked = UNSET, path: PathInput | Unset | Checked = UNSET,
            query: str | Unset | Checked | None = UNSET,
            fragment: str | Unset | Checked | None = UNSET,
            allow_zone_id: bool = False) -> Self:
        """Set components from wire text (validated, never encoded); return the URI
        (on a FrozenURI: a new FrozenURI).

        Each keyword left out keeps its component; ``None`` removes one. All are
        checked before anything changes, so an error leaves the URI as it was.
        ``allow_zone_id`` accepts an IPv6 zone identifier in ``host`` (RFC 6874).

        >>> str(URI.parse("http://h/a").set(scheme="https", port=8443, fragment="top"))
        'https://h:8443/a#top'

        .. versionadded:: 0.2
        """
        target = self._edit_target()
        target._put(_wire_components(  # pyright: ignore[reportPrivateUsage] (a URI's)
            target._c, allow_zone_id, scheme=scheme, userinfo=userinfo, host=host,
            port=port, has_port=has_port, path=path, query=query, fragment=fragment))
        return self._result(target)

    def set_text(self, *, userinfo: str | Unset | Checked | None = UNSET,
                 host: str | Unset | Checked | None = UNSET,
                 path: PathInput | Unset | Checked = UNSET,
                 query: str | Unset | Checked | None = UNSET,
                 fragment: str | Unset | Checked | None = UNSET,
                 allow_zone_id: bool = False) -> Self:
        """Set components from plain text (encoded as data); return the URI (on a
        FrozenURI: a new FrozenURI).

        As the ``uri.text`` view writes them: a host that is a bracketed IP literal
        stays one, a name outside ASCII becomes its A-labels (UTS 46 with the WHATWG
        parameters), any other host is a registered name; a path ``str`` is split on
        "/" and an iterable gives one segment per item ("/" encoded); a query keeps
        "&", "=" and "+" (use the parameter methods for data). ``allow_zone_id``
        accepts an IPv6 zone identifier in ``host`` (``[fe80::1%25eth0]``, RFC 6874),
        which is refused otherwise, as :meth:`parse` refuses it: the URI's text must
        read back with the same option.

        >>> str(URI.parse("https://h/").set_text(path=["a b", "c/d"], fragment="§ 2"))
        'https://h/a%20b/c%2Fd#%C2%A7%202'

        .. versionadded:: 0.2
        """
        target = self._edit_target()
        target._put(_text_components(  # pyright: ignore[reportPrivateUsage] (a URI's)
            target._c, userinfo=userinfo, host=host, path=path,
                                     query=query, fragment=fragment,
                                     allow_zone_id=allow_zone_id))
        return self._result(target)

    def add_segments(self, *segments: str) -> Self:
        """Add wire segments to the path, each validated; return the URI.

        The first fills a trailing empty segment, so ``https://h/files/`` plus ``x``
        is ``https://h/files/x`` (``uri.path.append`` appends instead: ``/files//x``);
        an empty path under an authority becomes ``/x``. ``""`` adds a trailing "/".

        >>> str(URI.parse("https://h/files/").add_segments("a%20b", "c"))
        'https://h/files/a%20b/c'

        .. versionadded:: 0.2
        """
        return self._add_segments([check_segment(s) for s in segments])

    def add_segments_text(self, *segments: str) -> Self:
        """Add plain-text segments to the path, each encoded ("/" included); return
        the URI. The first fills a trailing empty segment, as :meth:`add_segments`.

        >>> str(URI.parse("http://h/docs/").add_segments_text("a/b", "José"))
        'http://h/docs/a%2Fb/Jos%C3%A9'

        .. versionadded:: 0.2
        """
        return self._add_segments([encode_segment(s) for s in segments])

    def _add_segments(self, wire: list[str]) -> Self:
        target = self._edit_target()
        if wire:
            c = target._c
            suffix = segment_suffix(c[4], wire[0], c[2] is not None)
            del c  # the append below grows the path in place when nothing else holds it
            if len(wire) > 1:
                suffix = "/".join([suffix, *wire[1:]])
            target._write("path", suffix, append=True)  # pyright: ignore[reportPrivateUsage]
        return self._result(target)

    def add_param(self, key: str | Checked, value: Value, *, form: bool = False) -> Self:
        """Append the query parameter ``key=value`` (plain text; an ``int`` is written
        with ``str()``, ``None`` writes the key alone); return the URI. ``form=True``
        writes a space as "+" (``application/x-www-form-urlencoded``).

        .. versionchanged:: 0.2
           ``int`` values and ``form=True``.
        """
        target = self._edit_target()
        (target.params.form if form else target.params).add(key, value)
        return self._result(target)

    def set_param(self, key: str | Checked, value: Value, *, form: bool = False) -> Self:
        """Give the query parameter ``key`` the single value ``value`` (plain text),
        where it first stands, removing its other pairs; return the URI. ``form=True``
        writes a space as "+".

        .. versionchanged:: 0.2
           ``int`` values and ``form=True``.
        """
        target = self._edit_target()
        (target.params.form if form else target.params).set(key, value)
        return self._result(target)

    def discard_param(self, *keys: str) -> Self:
        """Remove every query parameter named by one of ``keys``, if there is any
        (as ``set.discard``); return the URI.

        .. versionadded:: 0.2
        """
        for key in keys:
            require_str(key, "a query key")  # before the copy a FrozenURI makes
        target = self._edit_target()
        target.params.discard(*keys)
        return self._result(target)

    def __truediv__(self, segment: str) -> Self:
        """A new object of this one's type with one plain-text segment added, as
        :meth:`add_segments_text` adds it; neither operand changes (``base / "users" /
        name``), as pathlib's ``/`` returns a new path: an operator that edited its
        left operand would surprise in an expression. ``uri /= "x"`` rebinds."""
        if not isinstance(cast(object, segment), str):  # from code no checker read
            return NotImplemented
        new = _wrap(URI, self._c, self._text)
        new._add_segments([encode_segment(segment)])
        return _wrap(type(self), new._c, new._text)

    def _put(self, c: Parts) -> None:
        raise NotImplementedError  # pragma: no cover - only URI writes

    # --- RFC 3986 §5 and §6 -------------------------------------------------------------

    def resolve(self, reference: AnyURI | str | Checked, *, strict: bool = True) -> Self:
        """The target of ``reference`` resolved against this base (RFC 3986 §5.2), as
        a new object of this one's type; this one is not changed.

        The base must have a scheme (§5.1); its fragment is ignored. With
        ``strict=False`` a reference whose scheme equals the base's is read as
        relative (§5.2.2), so ``http:g`` gives ``http://a/b/c/g``.

        Raises:
            ResolveError: this URI has no scheme.
            ParseError: ``reference`` is a ``str`` that is not a URI-reference.
        """
        c = self._c
        if type(reference) is str:
            if c[0] is None:
                require_base(c, _shown_base(c))
            m = _MATCH(reference)
            if m is None:
                raise diagnose(reference)
            ref: Parts = m.groups()  # type: ignore[assignment]
        else:
            # the type first, before the base (urikit.resolve checks in this order)
            ref = _components_of(reference, "a reference", c)
        return _wrap(type(self), resolve(c, ref, strict), None)

    def relative_to(self, base: AnyURI | str) -> Self:
        """The shortest reference that ``base`` resolves to this URI, as a new object
        of this one's type: the inverse of :meth:`resolve`.

        A different scheme gives the URI itself; a different authority a network-path
        reference (``//host/path``); otherwise the shortest of a relative path (with
        ``..``), an absolute path, a network path and the URI itself (RFC 3986 §4.2).
        When the path is the base's, verbatim, the result is the empty reference (or
        ``?query``, ``#fragment``). Every result resolves back to this URI.

        >>> base = URI.parse("http://a/b/c/d;p?q")
        >>> [str(URI.parse(t).relative_to(base))
        ...  for t in ("http://a/b/c/g", "http://a/b/g", "http://a/b/c/d;p?q#f", "http://x/y")]
        ['g', '../g', '#f', '//x/y']

        Raises:
            ResolveError: ``base`` has no scheme.
            ParseError: ``base`` is a ``str`` that is not a URI-reference.

        .. versionchanged:: 0.2
           The empty reference when the path is the base's, dot segments and all.
        """
        b = _components_of(base, "base")
        if b[0] is None:
            require_base(b, _shown_base(b))
        return _wrap(type(self), relative(self._c, b), None)

    def equivalent(self, other: AnyURI | str | Checked) -> bool:
        """Whether this URI and ``other`` are equivalent: equal once both are
        normalized (RFC 3986 §6.2). Neither is changed."""
        return equivalent(self._c, _components_of(other, "other"))

    # --- host, origin and display (RFC 3986 §3.2.2, §7) ---------------------------

    @property
    def host_kind(self) -> HostKind | None:
        """What the host is (IPv4, IPv6, IPvFuture, reg-name), or ``None`` without
        a host."""
        host = self._c[2]
        return None if host is None else host_kind(host)

    def origin(self) -> Origin | None:
        """The normalized (scheme, host, port) of this URI, or ``None`` when it has
        no scheme or no host."""
        return origin(self._c)

    def same_origin(self, other: AnyURI | str | Checked) -> bool:
        """Whether ``other`` has the same origin (scheme, host and port, normalized,
        default ports filled in); ``False`` when either has no origin."""
        theirs = origin_key(_components_of(other, "other"))  # checked first, in either build
        mine = origin_key(self._c)
        return mine is not None and mine == theirs

    def display(self) -> str:
        """The URI as people should see it (RFC 3986 §7.6): the userinfo apart and
        labelled, a password never shown, an internationalized label in Unicode only
        when the spoof-resistant display policy allows it (``bücher``, not ``аррӏе``
        in Cyrillic letters), as its A-label otherwise (see the security docs).

        >>> URI.parse("http://trusted.example@evil.example/login").display()
        'http://evil.example/login (user "trusted.example")'

        >>> URI.parse("https://xn--bcher-kva.example/").display()
        'https://bücher.example/'
        >>> URI.parse("https://xn--80ak6aa92e.com/").display()
        'https://xn--80ak6aa92e.com/'

        .. versionchanged:: 0.2
           The host is read after the UTS 46 mapping.
        .. versionchanged:: 0.3
           Labels that pass the display policy are shown in Unicode.
        """
        return display(self._c)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: object, handler: object) -> object:
        """The pydantic v2 schema: strict parse from str, serialized as its text."""
        from .pydantic import core_schema_for  # pydantic is imported only here
        return core_schema_for(cls, source, handler)

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: object, handler: object) -> object:
        """The JSON schema: ``{"type": "string", "format": "uri-reference"}``."""
        from .pydantic import json_schema_for  # pydantic is imported only here
        return json_schema_for()


@mypyc_attr(allow_interpreted_subclasses=True, acyclic=True)
class URI(_URIBase):
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
    ``uri.text`` view and :meth:`set_text` take plain text and encode it.
    ``str(uri)`` always succeeds and is lossless for parsed text; two states that
    would read back differently are written with a guard. Equality compares the
    components as written (a :class:`FrozenURI` with the same components is equal);
    a URI is mutable and so not hashable: :meth:`freeze` gives a hashable copy.

    ``attrs.fields``, ``attrs.evolve`` and ``match`` see the element model:
    ``attrs.evolve(uri, fragment="x")`` is a new URI, rebuilt from the public values
    (a port spelled ``0080`` is written ``80``).

    >>> uri = URI.parse("foo://example.com:8042/over/there?name=ferret#nose")
    >>> uri.scheme, uri.host, uri.port, uri.path, uri.query, uri.fragment
    ('foo', 'example.com', 8042, PathSegments(['', 'over', 'there']), 'name=ferret', 'nose')

    .. versionadded:: 0.2
    """

    __slots__ = ()
    __hash__: ClassVar[None] = None  # type: ignore[assignment]

    # The components again, assignable: the base class's are read-only, as a FrozenURI
    # has them, so that assigning to a FrozenURI's attribute is an AttributeError at run
    # time and a type error for every checker. Each setter is set() with one keyword.

    @property
    def scheme(self) -> str | None:
        """The scheme as written (case kept), or ``None`` for a relative reference."""
        return self._c[0]

    @scheme.setter
    def scheme(self, value: str | Checked | None) -> None:
        self.set(scheme=value)

    @property
    def userinfo(self) -> str | None:
        """The userinfo (wire form), or ``None``. Needs a host (RFC 3986 §3.2)."""
        return self._c[1]

    @userinfo.setter
    def userinfo(self, value: str | Checked | None) -> None:
        self.set(userinfo=value)

    @property
    def host(self) -> str | None:
        """The host, exactly as the ABNF ``host`` rule reads it (RFC 3986 §3.2.2);
        setting one on a URI whose path is relative makes the path absolute (§3.3)."""
        return self._c[2]

    @host.setter
    def host(self, value: str | Checked | None) -> None:
        self.set(host=value)

    @property
    def port(self) -> int | None:
        """The port number, or ``None`` when absent or empty; setting ``None`` removes
        the ':' too."""
        port = self._c[3]
        return port_number(port) if port else None

    @port.setter
    def port(self, value: int | Checked | None) -> None:
        self.set(port=value)

    @property
    def has_port(self) -> bool:
        """Whether the ':' before the port is present (``True`` for ``http://h:/``)."""
        return self._c[3] is not None

    @has_port.setter
    def has_port(self, value: bool | Checked) -> None:
        self.set(has_port=value)

    @property
    def path(self) -> PathSegments:
        """The path as a live, editable list of wire-form segments (RFC 3986 §3.3)."""
        return PathSegments(self, self._write)

    @path.setter
    def path(self, value: PathInput | Checked) -> None:
        self.set(path=value)

    @property
    def query(self) -> str | None:
        """The query (wire form), ``""`` for ``?`` alone, ``None`` without ``?``."""
        return self._c[5]

    @query.setter
    def query(self, value: str | Checked | None) -> None:
        self.set(query=value)

    @property
    def fragment(self) -> str | None:
        """The fragment (wire form), ``""`` for ``#`` alone, ``None`` without ``#``."""
        return self._c[6]

    @fragment.setter
    def fragment(self, value: str | Checked | None) -> None:
        self.set(fragment=value)

    @property
    def text(self) -> TextView:
        """The components as plain text: decoded on read, encoded on write."""
        return TextView(self, self._write)

    @property
    def params(self) -> QueryParams:
        """The query as a live, editable list of ``key=value`` pairs of plain text."""
        return QueryParams(self, self._write)

    def _write(self, name: str, wire: str | None, /, append: bool = False) -> None:
        """A view's write of valid wire text; the structural rules still hold.

        ``append=True`` adds ``wire`` after the path or the defined query, which keeps
        every rule (a non-empty path keeps its first character; an empty one under an
        authority is given a suffix starting with "/"). The components tuple and the
        cached text are let go before the concatenation, so the string has one owner
        and CPython grows it in place: n single appends take linear time.
        """
        if append:
            scheme, userinfo, host, port, path, query, fragment = self._c
            self._c = EMPTY
            self._text = None
            tail = wire or ""
            if name == "path":
                path += tail
            else:
                query = (query or "") + tail
            self._c = (scheme, userinfo, host, port, path, query, fragment)
            return
        c = self._c
        new = list(c)
        new[_INDEX[name]] = wire
        self._put(_ruled(tuple(new), c))  # type: ignore[arg-type]

    def _put(self, c: Parts) -> None:
        self._c = c
        self._text = None

    def _edit_target(self) -> URI:
        return self

    def _result(self, target: URI) -> Self:
        return self  # target is self: the edit was made in place

    def copy(self) -> Self:
        """An independent copy (editing one never changes the other)."""
        return _wrap(type(self), self._c, self._text)

    def freeze(self) -> FrozenURI:
        """A :class:`FrozenURI` with the same components; this URI is not changed.

        .. versionadded:: 0.2
        """
        return _wrap(FrozenURI, self._c, self._text)

    def normalize(self, options: NormalizeOptions = DEFAULT_OPTIONS) -> Self:
        """Normalize in place (RFC 3986 §6.2.2, §6.2.3); return this URI.

        Args:
            options: the steps to take (case, percent-encoding, dot segments,
                scheme-based, RFC 5952 IPv6); all but the last by default.

        >>> str(URI.parse("HTTP://[2001:DB8::01]:80/a/../b")
        ...     .normalize(NormalizeOptions(ipv6_canonical=True)))
        'http://[2001:db8::1]/b'

        .. versionchanged:: 0.3
           The steps are one :class:`~urikit.NormalizeOptions` record, not five
           keywords.
        """
        self._put(normalize(self._c, options))
        return self


@mypyc_attr(allow_interpreted_subclasses=True, acyclic=True)
class FrozenURI(_URIBase):
    """An immutable, hashable URI: as ``frozenset`` is to ``set``, so this is to
    :class:`URI`.

    It has the URI's read API, its views refuse edits, and equality and hash are by
    components (so a FrozenURI can be a dict key, a set member or a field of a frozen
    model); it is ordered by its text, so ``sorted()`` works. Every builder method
    (:meth:`set`, :meth:`add_segments_text`, :meth:`add_param`, ``/``,
    :meth:`normalize`, :meth:`resolve`, ...) returns a new FrozenURI and leaves this
    one unchanged, so a shared base is safe:

    >>> API = FrozenURI.parse("https://api.example/v1/")
    >>> API.add_segments_text("users", "ana"), API / "users"
    (FrozenURI('https://api.example/v1/users/ana'), FrozenURI('https://api.example/v1/users'))
    >>> str(API)
    'https://api.example/v1/'

    :meth:`thaw` gives a mutable copy.

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       Every builder method returns a FrozenURI, not a mutable URI.
    """

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(self._c)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, FrozenURI):
            return str(self) < str(other)
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, FrozenURI):
            return str(self) <= str(other)
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, FrozenURI):
            return str(self) > str(other)
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, FrozenURI):
            return str(self) >= str(other)
        return NotImplemented

    def _edit_target(self) -> URI:
        return _wrap(URI, self._c, self._text)

    def thaw(self) -> URI:
        """A new mutable :class:`URI` with the same components; this FrozenURI is not changed."""
        return _wrap(URI, self._c, self._text)

    def normalize(self, options: NormalizeOptions = DEFAULT_OPTIONS) -> Self:
        """A normalized copy (RFC 3986 §6.2.2, §6.2.3), with the options of
        :meth:`URI.normalize`.

        .. versionchanged:: 0.3
           The steps are one :class:`~urikit.NormalizeOptions` record, not five
           keywords.
        """
        return _wrap(type(self), normalize(self._c, options), None)
