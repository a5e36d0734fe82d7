"""The URI classes: a mutable URI and a frozen one, the only owners of URI state."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeAlias, TypeVar, cast

from .._core.build import Checked, mypyc_attr
from .._core.components import EMPTY, LINK_CLASSES, Components, Parts
from .._core.errors import BuildError, ParseError, Rule, warn_deprecated
from .._core.grammar import URI_REFERENCE_RE, URI_REFERENCE_Z_RE
from .._core.parse import (
    FLAG_FALSE,
    FLAG_TRUE,
    FRAGMENT,
    QUERY,
    USERINFO,
    check_host,
    check_scheme,
    check_wire,
    diagnose,
    require_bool,
    require_str,
    split,
)
from .._core.serialize import authority, to_text

if TYPE_CHECKING:
    import os
    import sys
    import urllib.parse
    from pathlib import PurePath

    from .._core.host import HostKind, Origin, host_kind
    from .._core.normalize import NormalizeOptions, equivalent, normalize
    from .._core.percent import encode, unquote
    from .._core.ports import port_number, port_text
    from .._core.resolve import relative, require_base, resolve
    from .._interop.data import DataContent
    from .._whatwg.display import display
    from .._whatwg.masking import mask_secrets, secret_names
    from .._whatwg.origin import origin, origin_key
    from .path import (
        PathSegments,
        ReadOnlyPath,
        check_segment,
        dot_segment_error,
        dot_segment_in,
        encode_segment,
        is_single_dot,
        path_from,
        prefix_path,
        relative_path,
        segment_suffix,
        suffix_start,
        suffixes_of,
        wire_suffix_start,
    )
    from .query import (
        Params,
        Query,
        QueryParams,
        ReadOnlyParams,
        Value,
        Values,
        encode_query,
    )
    from .text import (
        ReadOnlyText,
        TextView,
        encode_text,
        has_zone_id,
        host_from_text,
        in_domain,
    )

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


# --- what is imported on first use ---------------------------------------------------
#
# ``import urikit`` loads what ``URI.parse`` and ``str(uri)`` need, and nothing else:
# the modules of every other operation are imported by the first operation that needs
# them, a group at a time, and their names bound here, where this module's code reads
# them (type checkers see them imported above, under ``TYPE_CHECKING``). A function
# that reads one of them starts with its group's check, ``if not _model_loaded:
# _load_model()`` (a global read when loaded, where an import statement in the function
# would cost a microsecond a call), and tests/model/test_lazy.py checks that each does.
# Compiled, mypyc calls the functions and makes the classes of these modules directly;
# the check is what makes sure their module has run first.

_model_loaded = False
_normalize_loaded = False
_host_loaded = False

#: What runs after each group's first import (``urikit`` adds the naming of its public
#: classes as its own, ``urikit.PathSegments`` and not a private module's).
ON_FIRST_USE: Final[list[Callable[[], None]]] = []


def _load_model() -> None:
    """Import the element model's views and edits: the path, query and text views,
    percent-encoding, ports, resolution and the masking of secrets."""
    global _model_loaded, encode, unquote, port_number, port_text, relative, require_base
    global resolve, mask_secrets, secret_names, PathSegments, check_segment
    global dot_segment_error, dot_segment_in, encode_segment, is_single_dot, path_from, prefix_path
    global relative_path, segment_suffix, suffix_start, suffixes_of, wire_suffix_start
    global Query, QueryParams, encode_query, TextView, encode_text, has_zone_id
    global host_from_text, in_domain
    from .._core.percent import encode, unquote
    from .._core.ports import port_number, port_text
    from .._core.resolve import relative, require_base, resolve
    from .._whatwg.masking import mask_secrets, secret_names
    from .path import (
        PathSegments,
        check_segment,
        dot_segment_error,
        dot_segment_in,
        encode_segment,
        is_single_dot,
        path_from,
        prefix_path,
        relative_path,
        segment_suffix,
        suffix_start,
        suffixes_of,
        wire_suffix_start,
    )
    from .query import Query, QueryParams, encode_query
    from .text import TextView, encode_text, has_zone_id, host_from_text, in_domain

    _model_loaded = True
    for hook in ON_FIRST_USE:
        hook()


def _load_normalize() -> None:
    """Import normalization and equivalence (RFC 3986 §6), and with them attrs, which
    makes their options record."""
    global _normalize_loaded, equivalent, normalize
    from .._core.normalize import equivalent, normalize

    _normalize_loaded = True
    for hook in ON_FIRST_USE:
        hook()


def _load_host() -> None:
    """Import what reads a host as a browser does: its kind, the origin and the
    display of a URI."""
    global _host_loaded, host_kind, display, origin, origin_key
    from .._core.host import host_kind
    from .._whatwg.display import display
    from .._whatwg.origin import origin, origin_key

    _host_loaded = True
    for hook in ON_FIRST_USE:
        hook()


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
    """A base's text as an error message shows it: its secrets masked
    (:func:`~urikit._whatwg.masking.mask_secrets`: ``///joe:***@h/``)."""
    if not _model_loaded:
        _load_model()
    return mask_secrets(to_text(c))[0]


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


def _unchanged_plain(scheme: object, userinfo: object, host: object, port: object,
                     path: object, query: object, fragment: object
                     ) -> tuple[Parts, str] | None:
    """:meth:`URI.build`'s fast path, as the constructor's: the components and their
    text when every plain value is its own wire text, else ``None`` (the values are
    then encoded one by one, which raises what is wrong).

    Plain text that holds no "%" (which plain text always encodes) is its own encoding
    exactly when the grammar admits it where it stands: the encoder's safe set of each
    component is the grammar's characters of it without "%" (both derive from the same
    rules; ``tests/model/test_build.py`` checks the two paths agree). So one match of
    the composed text, its groups equal to the values, proves them all. Left to the
    encoding path: a host with an A-label (checked there), a path with a dot segment
    (refused there, data never becomes one), a port out of range, and every value of
    another type.
    """
    if not _model_loaded:
        _load_model()
    if type(path) is not str or dot_segment_in(path) is not None:
        return None
    if port is None:
        port_given: str | None = None
    elif type(port) is int and 0 <= port < 65536:
        port_given = str(port)
    else:
        return None
    # an A-label holds "--" whatever its case: only then is the host lowered to look
    if host is not None and (type(host) is not str
                             or ("--" in host and "xn--" in host.lower())):
        return None
    try:  # compiled, a value that is no str fails here; it is named on the other path
        given = (scheme, userinfo, host, port_given, path, query, fragment)
        text = to_text(given)  # type: ignore[arg-type]
    except TypeError:
        return None
    if "%" in text:
        return None
    m = _MATCH(text)
    if m is None:
        return None
    groups: Parts = m.groups()  # type: ignore[assignment]
    return (groups, text) if groups == given else None


def _port_text(port: object) -> str | None:
    """The text of a port given as an ``int`` (or ``None``)."""
    if not _model_loaded:
        _load_model()
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
    return require_bool(value, "has_port")


def _wire_components(c: Parts, allow_zone_id: bool, *, scheme: Any, userinfo: Any,
                     host: Any, port: Any, has_port: Any, path: Any, query: Any,
                     fragment: Any) -> Parts:
    """``c`` with the given wire components (``UNSET`` keeps one) validated and set,
    the structural rules kept (:func:`_ruled`)."""
    if not _model_loaded:
        _load_model()
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
    set, the structural rules kept; text that reads as the component it replaces keeps
    that component's wire text, as the text view does (``kept`` in ``text``)."""
    if not _model_loaded:
        _load_model()
    new = list(c)
    if userinfo is not UNSET:
        new[1] = encode_text(userinfo, "userinfo", "userinfo", c[1])
    if host is not UNSET:
        new[2] = None if host is None else host_from_text(host, allow_zone_id, c[2])
    if path is not UNSET:
        new[4] = path_from(path, text=True, held=c[4])
    if query is not UNSET:
        new[5] = encode_text(query, "query", "query", c[5])
    if fragment is not UNSET:
        new[6] = encode_text(fragment, "fragment", "fragment", c[6])
    return _ruled(tuple(new), c)  # type: ignore[arg-type]


def _components_of(value: object, what: str, base: Parts | None = None) -> Parts:
    """The components of a URI, a FrozenURI or URI text (parsed strictly); with
    ``base``, that the base has a scheme is checked after the type and before the
    text, as :func:`urikit.resolve` checks it."""
    if not _model_loaded:
        _load_model()
    if not isinstance(value, (_URIBase, str)):
        raise not_a_uri(what, value)
    if base is not None and base[0] is None:
        require_base(base, _shown_base(base))
    if isinstance(value, _URIBase):
        return value._c  # pyright: ignore[reportPrivateUsage] (the classes' helper)
    return split(require_str(value, what))


_U = TypeVar("_U", bound="_URIBase")


def _wrap(cls: type[_U], c: Parts | Components, text: str | None) -> _U:
    """The one factory: a new ``cls`` holding ``c`` (trusted, rules kept) and its text,
    if known. A plain function: a classmethod call costs a third more, on every
    resolve, normalize and copy. ``c`` is typed as ``_c`` is, so that compiled, a copy
    stores the tuple it is given (a plain ``Parts`` is unboxed into seven fields and
    boxed anew into a second tuple)."""
    uri = cls.__new__(cls)
    uri._c = c  # pyright: ignore[reportPrivateUsage] (the classes' one factory)
    uri._text = text  # pyright: ignore[reportPrivateUsage]
    return uri


_BASE_SLOTS: Final = frozenset({"_c", "_text", "__dict__", "__weakref__"})


def _own_state(uri: _URIBase) -> Any:
    """What a user's subclass of URI or FrozenURI holds beyond the components: its
    ``__dict__``, and its own slots as a dict, as ``copy`` and ``pickle`` write the
    state of a plain object (``(dict, slots)`` when it has slots), or ``None``."""
    cls = type(uri)
    if cls is URI or cls is FrozenURI:
        return None
    attributes: dict[str, Any] | None = getattr(uri, "__dict__", None)
    slots: dict[str, Any] = {}
    for klass in cls.__mro__:
        declared: Any = klass.__dict__.get("__slots__", ())
        for name in (declared,) if isinstance(declared, str) else declared:
            if name in _BASE_SLOTS:
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{klass.__name__.lstrip('_')}{name}"
            if name not in slots:
                try:
                    slots[name] = getattr(uri, name)
                except AttributeError:
                    continue
    if slots:
        return (attributes or None, slots)
    return attributes or None


def _set_state(uri: _URIBase, state: Any) -> None:
    """Give ``uri`` the state :func:`_own_state` read: its ``__dict__`` updated and its
    slots set, as :func:`copy.copy` and ``pickle`` do for a plain object."""
    attributes: dict[str, Any] | None
    slots: dict[str, Any] | None
    if isinstance(state, tuple):
        attributes, slots = cast("tuple[dict[str, Any] | None, dict[str, Any]]", state)
    else:
        attributes, slots = cast("dict[str, Any] | None", state), None
    if attributes:
        uri.__dict__.update(attributes)
    if slots:
        for name, value in slots.items():
            setattr(uri, name, value)


#: The element model as attrs describes it, on a class attrs makes for that alone: its
#: fields (the public components, ``is_relative``, which the constructor does not take,
#: and ``has_zone_id``, whose ``alias`` is the constructor's ``allow_zone_id``, so that
#: ``attrs.evolve`` of a URI whose host holds a zone identifier passes the constructor
#: the permission it needs to read that host back)
#: are what URI and FrozenURI hand to ``attrs.fields``, ``attrs.evolve``,
#: ``attrs.asdict`` and ``match``. attrs decorates neither URI class: a decorated class
#: cannot be a mypyc native class, and the URI classes keep their own slots,
#: constructor, equality, repr and setters, so attrs would generate nothing for them.
_ELEMENTS: Final = ("scheme", "userinfo", "host", "port", "has_port", "path", "query",
                    "fragment")



# An ordinary class in the compiled build too: a descriptor needs __get__ as Python
# defines it, which mypyc does not give a native class.
@mypyc_attr(native_class=False)
class _AttrsFields:
    """``__attrs_attrs__`` of the URI classes: the fields of the class that attrs makes
    for the element model alone (:data:`_ELEMENTS`), made on the first read, so that
    attrs is imported by the first ``attrs.fields``, ``attrs.evolve`` or
    ``attrs.asdict`` of a URI, not by ``import urikit``. attrs reads the attribute
    with ``getattr`` on the class, which calls :meth:`__get__`."""

    def __init__(self) -> None:
        self.fields: Any = None

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        fields = self.fields
        if fields is None:
            import attrs  # with its first use: attrs is not imported by import urikit

            model = attrs.make_class(
                "URI", {**{name: attrs.field() for name in _ELEMENTS},
                        "is_relative": attrs.field(init=False),
                        "has_zone_id": attrs.field(alias="allow_zone_id")},
                init=False, repr=False, eq=False, order=False, slots=False)
            fields = self.fields = attrs.fields(model)
        return fields


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
    #: fields of the element model (:class:`_AttrsFields`); attrs reads this attribute
    #: and nothing else.
    __attrs_attrs__: ClassVar[Any] = _AttrsFields()
    #: The names a class pattern matches by position: the constructor's, in order.
    __match_args__: Final = _ELEMENTS

    #: The seven wire components. Typed with the named tuple beside the plain one so
    #: that mypyc keeps the tuple object as it is: a plain tuple type it would unbox into
    #: seven fields, to box anew on every read (and a Components would come back a tuple).
    _c: Parts | Components
    _text: str | None

    def __init__(self, *, scheme: str | Checked | None = None,
                 userinfo: str | Checked | None = None, host: str | Checked | None = None,
                 port: int | Checked | None = None, has_port: bool | Checked | None = None,
                 path: PathInput | Checked = "", query: str | Checked | None = None,
                 fragment: str | Checked | None = None,
                 allow_zone_id: bool | Checked = False) -> None:
        """Build from wire-form components, each validated like its attribute.

        ``path`` is wire text or an iterable of wire segments; ``has_port=True`` with
        no ``port`` writes an empty port (``http://h:/``). Userinfo or a port without a
        host raises :class:`~urikit.BuildError`; a relative path under a host is made
        absolute (RFC 3986 §3.3). The text is composed once and checked with one
        match; only when that fails is each component checked, to say which is wrong.

        >>> str(URI(scheme="https", host="example.com", path="/a%20b"))
        'https://example.com/a%20b'
        """
        if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
            require_bool(allow_zone_id, "allow_zone_id")
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
            try:  # compiled, a component that is no str fails here: said below
                given = (scheme, userinfo, host, port_given, path, query, fragment)
                text = to_text(given)
            except TypeError:
                given, text = EMPTY, ""
            m = (_MATCH_Z if allow_zone_id else _MATCH)(text) if text else None
            if m is not None:
                groups: Parts = m.groups()  # type: ignore[assignment]
                if groups == given:
                    self._c = groups
                    self._text = text
                    return
        self._c = _wire_components(
            EMPTY, allow_zone_id, scheme=scheme, userinfo=userinfo, host=host, port=port,
            has_port=UNSET if given_has_port is None else given_has_port, path=path,
            query=query, fragment=fragment)
        self._text = None

    @classmethod
    def parse(cls, text: str | Checked, *, allow_zone_id: bool | Checked = False) -> Self:
        """Parse a URI-reference (RFC 3986 Appendix A).

        Args:
            text: the reference; a ``str`` (subclasses accepted).
            allow_zone_id: accept an IPv6 zone identifier, ``[fe80::1%25eth0]``
                (RFC 6874); rejected by default.

        Raises:
            ParseError: the text is not a URI-reference; ``.position`` tells where.
            TypeError: ``text`` is not a ``str``, or ``allow_zone_id`` not a ``bool``.

        >>> URI.parse("http://a/b c")
        Traceback (most recent call last):
        ...
        urikit.ParseError: invalid character ' ' at position 10 in path

        .. versionchanged:: 0.8
           A flag that is not a ``bool`` (``allow_zone_id=1``) is a ``TypeError`` in
           both builds, as every flag of the API is.
        """
        if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
            require_bool(allow_zone_id, "allow_zone_id")
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
    def parse_lenient(cls, text: str | Checked, *,
                      base: AnyURI | str | Checked | None = None) -> Self:
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
        if not _model_loaded:
            _load_model()
        # the optional parts (lenient input, IRIs, file paths, templates) are imported
        # when first used, not with urikit
        from .._interop.lenient import browser_resolve, repaired_text
        text = require_str(text)  # before the base: the text's type is the first error
        # compiled, a narrowed type is checked, in mypyc's words: the object is not narrowed
        given: object = base
        if base is None:
            return cls.parse(repaired_text(text))
        if isinstance(base, str):
            base_c = URI.parse_lenient(base)._c
        else:
            base_c = _components_of(given, "base")
        require_base(base_c, _shown_base(base_c))
        scheme = base_c[0]
        if scheme is not None:
            scheme = scheme.lower()
        ref = split(repaired_text(text, scheme))
        return _wrap(cls, browser_resolve(base_c, ref), None)

    @classmethod
    def from_iri(cls, text: str | Checked, *, allow_zone_id: bool | Checked = False) -> Self:
        """Read an IRI (RFC 3987 §3.1): characters outside ASCII are percent-encoded as
        UTF-8, and a registered name becomes its A-label (:func:`urikit.host_to_ascii`,
        UTS 46 as browsers read it); an ``xn--`` label must be a valid A-label, as
        :meth:`parse_lenient` requires (``xn--a`` is refused). ``allow_zone_id``
        accepts an IPv6 zone identifier (RFC 6874), as :meth:`parse` does, so the
        text :meth:`to_iri` gives of such a URI reads back.

        Raises:
            ParseError: the result is not a URI-reference.
            IDNAError: IDNA refuses a label of the host.

        >>> str(URI.from_iri("https://bücher.example/Dürst"))
        'https://xn--bcher-kva.example/D%C3%BCrst'

        .. versionadded:: 0.2

        .. versionchanged:: 0.7
           ``allow_zone_id``.
        """
        if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
            require_bool(allow_zone_id, "allow_zone_id")
        from .._interop.iri import map_iri_to_uri
        # the parse is iri_to_uri's check
        return cls.parse(map_iri_to_uri(require_str(text)), allow_zone_id=allow_zone_id)

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

        .. versionchanged:: 0.7
           A host with a zone identifier (RFC 6874) is shown as written (it raised
           :class:`ParseError`).
        """
        from .._interop.iri import components_to_iri
        return components_to_iri(self._c, str(self))

    @classmethod
    def from_path(cls, path: str | os.PathLike[str] | PurePath, *,
                  windows: bool | Checked | None = None) -> Self:
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
        given = cast("object", windows)  # as object: compiled, narrowing would check it
        if given is not None and given is not True and given is not False:
            require_bool(given, "windows", or_none=True)
        from .._interop.file import path_to_components
        return _wrap(cls, path_to_components(path, windows=windows), None)

    def to_path(self, *, windows: bool | Checked | None = None) -> PurePath:
        """The file path of a ``file:`` URI or relative reference, as Python 3.13's
        ``Path.from_uri()`` reads it (RFC 8089).

        Raises:
            FilePathError: the URI is not a local ``file:`` URI, or it holds what a path
                cannot (a query, a fragment, an encoded "/" or NUL).

        >>> URI.parse("file:///tmp/a%20b").to_path(windows=False)
        PurePosixPath('/tmp/a b')

        .. versionadded:: 0.2
        """
        given = cast("object", windows)  # as object: compiled, narrowing would check it
        if given is not None and given is not True and given is not False:
            require_bool(given, "windows", or_none=True)
        from .._interop.file import components_to_path
        return components_to_path(self.components, windows=windows)

    @classmethod
    def from_data(cls, payload: bytes | Checked, media_type: str | Checked = "", *,
                  base64: bool | Checked | None = None) -> Self:
        """The ``data:`` URI of ``payload`` (RFC 2397).

        ``media_type`` is ``type/subtype`` with ``;attribute=value`` parameters, as a
        Content-Type header writes it (``""``: omitted, which reads as
        ``text/plain;charset=US-ASCII``); ``base64=None`` writes the shorter of the
        base64 and the percent-encoded form.

        Raises:
            ParseError: ``media_type`` is no RFC 2045 type and parameters.
            TypeError: ``payload`` is not bytes.

        >>> str(URI.from_data(b"A brief note", "text/plain"))
        'data:text/plain,A%20brief%20note'

        .. versionadded:: 0.4
        """
        given = cast("object", base64)  # as object: compiled, narrowing would check it
        if given is not None and given is not True and given is not False:
            require_bool(given, "base64", or_none=True)
        from .._interop.data import data_text
        return cls.parse(data_text(payload, media_type, base64))

    def to_data(self) -> DataContent:
        """The media type, parameters, base64 flag and payload of a ``data:`` URI,
        read strictly by RFC 2397 (the fragment is not part of the data; the query
        is). Browsers (the WHATWG fetch standard's data: URL processor) are looser:
        they drop spaces before ``base64``, accept base64 without padding or with
        spaces, and read an invalid media type as ``text/plain;charset=US-ASCII``;
        this reader refuses those.

        Raises:
            ParseError: the URI is no ``data:`` URI, has an authority, or breaks
                RFC 2397 (no ",", an invalid media type or parameter, invalid base64).

        >>> URI.parse("data:,A%20brief%20note").to_data()
        DataContent(media_type='text/plain', parameters=(('charset', 'US-ASCII'),), \
base64=False, payload=b'A brief note')

        .. versionadded:: 0.4
        """
        from .._interop.data import read_data
        c = self._c
        text = str(self)
        if (c[0] or "").lower() != "data" or c[2] is not None:
            raise ParseError(text, 0, "scheme", "not a data URI without an authority",
                             "see RFC 2397")
        body = c[4] if c[5] is None else f"{c[4]}?{c[5]}"
        return read_data(body, text, len(c[0] or "") + 1)

    @classmethod
    def from_template(cls, template: str | Checked,
                      variables: Mapping[str, object] | None = None,
                      /, **values: object) -> Self:
        """Expand a URI Template (RFC 6570, all four levels) into a URI.

        Values come from ``variables`` and keyword arguments; a value may be text, an
        int, a list, a mapping, or a URI (written as its text).

        >>> str(URI.from_template("https://api.example/users/{name}{?page}",
        ...                       name="José", page=2))
        'https://api.example/users/Jos%C3%A9?page=2'

        A path the values would start with "//" is refused: without an authority, the
        next segment would be read as a host (RFC 3986 §3.3). The template's own
        "//" (``//{host}/x``), or one in a ``{+var}`` value that writes the whole
        reference, is an authority.

        >>> from urikit import BuildError
        >>> try:
        ...     URI.from_template("/{lang}/{slug}", slug="evil.example")
        ... except BuildError as error:
        ...     print(error.rule, "|", error.detail)
        Rule.AUTHORITY_FROM_VALUE | {lang} (variable 'lang') would start the path with '//'

        Raises:
            ParseError: the template is not an RFC 6570 URI Template, a prefix
                modifier is given a list or mapping, or the expansion is not a URI
                reference.
            BuildError: the values would start the path with "//"
                (``Rule.AUTHORITY_FROM_VALUE``).
            EncodingError: a value holds a lone surrogate.
            TypeError: a value is bytes or nested.

        .. versionadded:: 0.2
        .. versionchanged:: 0.3
           urikit expands templates itself: no extra is needed.
        .. versionchanged:: 0.6
           An expansion whose values would start the path with "//" is refused.
        """
        from .._interop.template import check_reference, expand
        variables = {**(variables or {}), **values}
        return cls.parse(check_reference(template, variables, expand(template, variables)))

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

    @classmethod
    def build(cls, *, scheme: str | Checked | None = None,
              userinfo: str | Checked | None = None, host: str | Checked | None = None,
              port: int | Checked | None = None, path: PathInput | Checked = "",
              query: str | Query | Params | Checked | None = None,
              fragment: str | Checked | None = None, form: bool | Checked = False,
              allow_zone_id: bool | Checked = False) -> Self:
        """Build from plain values in one call, each encoded once for its place.

        The constructor's counterpart for data: where ``URI(...)`` takes wire text,
        every component here is plain text, as :meth:`set_text` and the parameter
        methods take it. ``scheme`` is a scheme name (checked, never encoded).

        Args:
            scheme: the scheme, or ``None`` for a relative reference.
            userinfo: plain text ("@", "%", "/" encoded; ":" kept as the separator).
            host: a host name (a name outside ASCII becomes its A-labels, UTS 46), an
                IPv4 address, an IPv6 address with or without brackets (``::1``), or
                ``None`` for no authority.
            port: an ``int``, or ``None``.
            path: a plain-text path split on "/", or an iterable of plain segments
                (a "/" in a segment is encoded); under a host it is made absolute.
            query: plain text (its "&", "=" and "+" kept, as :meth:`set_text` keeps
                them), a mapping or ``(key, value)`` pairs (encoded as
                :func:`~urikit.encode_query` encodes them: none when empty), or a
                :class:`Query` (its wire text, exactly).
            fragment: plain text.
            form: encode a mapping or pairs as an HTML form ("+" for a space).
            allow_zone_id: accept an IPv6 zone identifier in ``host`` (RFC 6874).

        Returns:
            A new URI (a FrozenURI when called on FrozenURI).

        Raises:
            BuildError: a dot segment ("." or "..") in the path, which data must not
                become (write one as wire text: :meth:`add_path`), or userinfo or a
                port without a host.
            ParseError: an invalid scheme or port, or a zone identifier without
                ``allow_zone_id``.
            IDNAError: a host name that UTS 46 refuses.
            TypeError: a value of another type.

        >>> str(URI.build(scheme="https", host="::1", port=8443, path=["v2", "a/b c"],
        ...               query={"q": "fish & chips"}, fragment="part 2"))
        'https://[::1]:8443/v2/a%2Fb%20c?q=fish%20%26%20chips#part%202'
        >>> URI.build(path="/a/../b")
        Traceback (most recent call last):
        ...
        urikit.BuildError: a segment of plain text cannot be the dot segment '.' or '..' \
(RFC 3986 §3.3): '..' from plain text would climb or stay a level, as resolution \
reads it; write a dot segment as wire text (add_segments, add_path)

        .. versionadded:: 0.6
        """
        if not _model_loaded:
            _load_model()
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
            require_bool(allow_zone_id, "allow_zone_id")
        unchanged = _unchanged_plain(scheme, userinfo, host, port, path, query, fragment)
        if unchanged is not None:
            return _wrap(cls, unchanged[0], unchanged[1])
        # each value read as the object it is (an annotated local, no cast call):
        # compiled, a typed narrowing would check it in mypyc's words before urikit's
        # check names it; a component left out costs no call
        given_query: object = query
        wire_query: str | None = None
        if type(given_query) is str:
            wire_query = encode(given_query, "query")
        elif given_query is None:
            pass
        elif isinstance(given_query, Query):
            wire_query = given_query.wire
        # callers without a type checker pass anything
        elif isinstance(given_query, (str, Mapping, Iterable)):  # pyright: ignore[reportUnnecessaryIsInstance]
            wire_query = (encode_text(given_query, "query", "query")
                          if isinstance(given_query, str)
                          else encode_query(cast("Params", given_query), form=form))
        else:
            raise TypeError("query must be str, Query, a mapping or (key, value) pairs, "
                            f"not {type(given_query).__name__}")
        given_host: object = host
        given_fragment: object = fragment
        given_userinfo: object = userinfo
        given_scheme: object = scheme
        given_port: object = port
        c = _ruled((None if given_scheme is None else check_scheme(given_scheme),
                    None if given_userinfo is None
                    else encode_text(given_userinfo, "userinfo", "userinfo"),
                    None if given_host is None else host_from_text(given_host, allow_zone_id),
                    None if given_port is None else _port_text(given_port),
                    path_from(path, text=True),
                    wire_query,
                    None if given_fragment is None
                    else encode_text(given_fragment, "fragment", "fragment")), EMPTY)
        return _wrap(cls, c, None)

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

    def _component(self, index: int, /) -> str | None:
        """Component ``index`` of :attr:`components` as stored: what the views read,
        without naming the tuple (which an edit leaves unnamed) anew."""
        return self._c[index]

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
        if not _model_loaded:
            _load_model()
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
        if not _model_loaded:
            _load_model()
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
    def has_zone_id(self) -> bool:
        """Whether the host is an IPv6 literal with a zone identifier (RFC 6874): a
        fact of this URI, so rebuilding it from its components needs
        ``allow_zone_id=True`` (``attrs.evolve`` passes this on as that permission).

        >>> URI.parse("http://[fe80::1%25eth0]/", allow_zone_id=True).has_zone_id
        True

        .. versionadded:: 0.6
           The name ``allow_zone_id``, deprecated: a parameter of that name is a
           permission, this property a fact.
        """
        if not _model_loaded:
            _load_model()
        return has_zone_id(self._c[2])

    @property
    def allow_zone_id(self) -> bool:
        """Deprecated name of :attr:`has_zone_id`.

        .. versionadded:: 0.4

        .. deprecated:: 0.6
           Use :attr:`has_zone_id`.
        """
        if not _model_loaded:
            _load_model()
        warn_deprecated("the property allow_zone_id", "has_zone_id", "0.6")
        return has_zone_id(self._c[2])

    @property
    def authority(self) -> str | None:
        """The authority text, ``[userinfo "@"] host [":" port]``, or ``None``."""
        return authority(self._c)

    @property
    def text(self) -> ReadOnlyText:
        """The components as plain text: decoded on read, encoded on write."""
        if not _model_loaded:
            _load_model()
        return TextView(self, None)

    @property
    def params(self) -> ReadOnlyParams:
        """The query as a live list of ``key=value`` pairs of plain text."""
        if not _model_loaded:
            _load_model()
        return QueryParams(self, None)

    # --- text, equality ---------------------------------------------------------------

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = to_text(self._c)
        return text

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_redacted()!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, _URIBase):
            return self._c == other._c
        return NotImplemented

    def __setstate__(self, state: Any) -> None:
        # what pickle and copy give a copy of a subclass, from __reduce__ (defined here
        # because mypyc's own, compiled, would set the compiled class's slots only)
        _set_state(self, state)

    def __reduce__(self) -> tuple[Any, ...]:
        state = _own_state(self)
        if state is None:
            return (_wrap, (type(self), self._c, None))
        return (_wrap, (type(self), self._c, None), state)

    def to_redacted(self, *, secrets: Iterable[str] = ()) -> str:
        """The URI text with its secrets replaced by ``***``: the password of the
        userinfo (where RFC 3986 reads one and where a browser would:
        ``http:///joe:***@h/``), and the value of each query parameter named in
        :data:`~urikit.SECRET_QUERY_PARAMETERS` or in ``secrets`` (the key percent-decoded,
        case-insensitive); the key is kept, so a reader still sees which parameter
        was there. ``repr()``, error messages, the pydantic types' errors and the
        command line show the URI this way.

        Args:
            secrets: names of query parameters to mask besides the defaults.

        Returns:
            The masked text (not a valid URI to use: only to show).

        Raises:
            TypeError: ``secrets`` is a ``str``, or holds something else than ``str``.

        >>> URI.parse("ftp://joe:secret@h/").to_redacted()
        'ftp://joe:***@h/'
        >>> URI.parse("https://h/dl?file=a&token=abc&X-Amz-Signature=f00").to_redacted()
        'https://h/dl?file=a&token=***&X-Amz-Signature=***'
        >>> URI.parse("https://h/?file=a&ticket=t1").to_redacted(secrets=["ticket"])
        'https://h/?file=a&ticket=***'

        .. versionchanged:: 0.4
           The values of secret query parameters are masked too (``secrets``), and a
           password where a browser reads one.

        .. versionchanged:: 0.6
           Named ``to_redacted``, in the family of the text forms (:meth:`to_iri`,
           :meth:`to_display`); ``redacted`` is its deprecated old name.
        """
        if not _model_loaded:
            _load_model()
        return mask_secrets(str(self), None, secret_names(secrets))[0]

    def redacted(self, *, secrets: Iterable[str] = ()) -> str:
        """Deprecated name of :meth:`to_redacted`.

        .. deprecated:: 0.6
           Use :meth:`to_redacted`.
        """
        warn_deprecated("redacted()", "to_redacted()", "0.6")
        return self.to_redacted(secrets=secrets)

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
            query: str | Query | Unset | Checked | None = UNSET,
            fragment: str | Unset | Checked | None = UNSET,
            allow_zone_id: bool | Checked = False) -> Self:
        """Set components from wire text (validated, never encoded); return the URI
        (on a FrozenURI: a new FrozenURI).

        Each keyword left out keeps its component; ``None`` removes one. All are
        checked before anything changes, so an error leaves the URI as it was.
        ``allow_zone_id`` accepts an IPv6 zone identifier in ``host`` (RFC 6874).
        ``query`` may be a :class:`Query`: its wire text, exactly (none when it has
        none).

        >>> str(URI.parse("http://h/a").set(scheme="https", port=8443, fragment="top"))
        'https://h:8443/a#top'

        .. versionadded:: 0.2

        .. versionchanged:: 0.4
           ``query`` may be a :class:`Query`.
        """
        if not _model_loaded:
            _load_model()
        if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
            require_bool(allow_zone_id, "allow_zone_id")
        # read as the object it is: compiled, narrowing it past Query would check it in
        # mypyc's words before urikit's check names it
        given_query = cast("object", query)
        if isinstance(given_query, Query):
            given_query = given_query.wire
        target = self._edit_target()
        target._put(_wire_components(  # pyright: ignore[reportPrivateUsage] (a URI's)
            target._c, allow_zone_id, scheme=scheme, userinfo=userinfo, host=host,
            port=port, has_port=has_port, path=path, query=given_query, fragment=fragment))
        return self._result(target)

    def set_text(self, *, userinfo: str | Unset | Checked | None = UNSET,
                 host: str | Unset | Checked | None = UNSET,
                 path: PathInput | Unset | Checked = UNSET,
                 query: str | Unset | Checked | None = UNSET,
                 fragment: str | Unset | Checked | None = UNSET,
                 allow_zone_id: bool | Checked = False) -> Self:
        """Set components from plain text (encoded as data); return the URI (on a
        FrozenURI: a new FrozenURI).

        As the ``uri.text`` view writes them: a host that is a bracketed IP literal
        stays one, a name outside ASCII becomes its A-labels (UTS 46 with the WHATWG
        parameters), any other host is a registered name; a path ``str`` is split on
        "/" and an iterable gives one segment per item ("/" encoded); a query keeps
        "&", "=" and "+" (use the parameter methods for data); text that reads as the
        component it replaces keeps it, so that what ``uri.text`` reads writes back
        the same URI (the registered name ``%3A%3A1`` reads ``::1``, which written
        anew is the IP literal ``[::1]``). ``allow_zone_id``
        accepts an IPv6 zone identifier in ``host`` (``[fe80::1%25eth0]``, RFC 6874),
        which is refused otherwise, as :meth:`parse` refuses it: the URI's text must
        read back with the same option.

        >>> str(URI.parse("https://h/").set_text(path=["a b", "c/d"], fragment="§ 2"))
        'https://h/a%20b/c%2Fd#%C2%A7%202'

        .. versionadded:: 0.2
        """
        if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
            require_bool(allow_zone_id, "allow_zone_id")
        target = self._edit_target()
        target._put(_text_components(  # pyright: ignore[reportPrivateUsage] (a URI's)
            target._c, userinfo=userinfo, host=host, path=path,
                                     query=query, fragment=fragment,
                                     allow_zone_id=allow_zone_id))
        return self._result(target)

    def add_segments(self, *segments: str | Checked) -> Self:
        """Add wire segments to the path, each validated; return the URI.

        The first fills a trailing empty segment, so ``https://h/files/`` plus ``x``
        is ``https://h/files/x`` (``uri.path.append`` appends instead: ``/files//x``);
        an empty path under an authority becomes ``/x``. ``""`` adds a trailing "/".

        >>> str(URI.parse("https://h/files/").add_segments("a%20b", "c"))
        'https://h/files/a%20b/c'

        .. versionadded:: 0.2
        """
        if not _model_loaded:
            _load_model()
        return self._add_segments([check_segment(s) for s in segments])

    def add_segments_text(self, *segments: str | int | Checked) -> Self:
        """Add plain-text segments to the path, each encoded ("/" included); return
        the URI. The first fills a trailing empty segment, as :meth:`add_segments`.
        An ``int`` is written with ``str()``, as :meth:`set_param` writes one.

        >>> str(URI.parse("http://h/docs/").add_segments_text("a/b", "José", 42))
        'http://h/docs/a%2Fb/Jos%C3%A9/42'

        .. versionadded:: 0.2

        .. versionchanged:: 0.6
           An ``int`` segment.
        """
        if not _model_loaded:
            _load_model()
        return self._add_segments([encode_segment(s) for s in segments])

    def add_path(self, path: str | Checked) -> Self:
        """Add a relative path of wire text (validated, never encoded), split at "/",
        to the path; return the URI.

        As :meth:`add_segments` adds the segments ``path.split("/")``: the first fills
        a trailing empty segment, so ``https://h/api/v1`` and ``https://h/api/v1/``
        plus ``users/42/`` both give ``https://h/api/v1/users/42/``; an empty path
        under an authority becomes ``/users/42/``; ``""`` adds a trailing "/" once;
        ``a//b`` keeps its empty segment; dot segments keep their RFC 3986 meaning
        (wire text is syntax).

        Raises:
            BuildError: ``path`` starts with "/" (:attr:`~urikit.Rule.PATH_STRING_IS_RELATIVE`):
                to replace the path, :meth:`resolve` a reference.
            ParseError: ``path`` is not valid path text.

        >>> str(URI.parse("https://h.example/api/v1").add_path("users/42/"))
        'https://h.example/api/v1/users/42/'

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        return self._append_path(relative_path(path, False))

    def add_path_text(self, path: str | Checked) -> Self:
        """Add a relative path of plain text, split at "/", each piece encoded once,
        to the path; return the URI. As :meth:`add_path` for the rest.

        Raises:
            BuildError: ``path`` starts with "/", or a piece is "." or ".."
                (:attr:`~urikit.Rule.DOT_SEGMENT_FROM_TEXT`): plain text never
                becomes a dot segment.

        >>> str(URI.parse("https://h.example/files/").add_path_text("a b/c d"))
        'https://h.example/files/a%20b/c%20d'

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        return self._append_path(relative_path(path, True))

    def prepend_path(self, path: str | Checked) -> Self:
        """Put a relative path of wire text (validated), split at "/", before the
        path's segments (after the root "/"); return the URI.

        A trailing "/" of ``path`` is the separator (``v1/`` and ``v1`` are alike);
        an empty path takes ``path`` as :meth:`add_path` adds it; ``""`` changes
        nothing.

        Raises:
            BuildError: ``path`` starts with "/".
            ParseError: ``path`` is not valid path text.

        >>> str(URI.parse("https://h.example/users/42?x=1").prepend_path("api/v1"))
        'https://h.example/api/v1/users/42?x=1'

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        return self._prepend_path(relative_path(path, False))

    def prepend_path_text(self, path: str | Checked) -> Self:
        """:meth:`prepend_path` for plain text: split at "/", each piece encoded once,
        "." and ".." refused as :meth:`add_path_text` refuses them.

        >>> str(URI.parse("https://h.example/b").prepend_path_text("José/a b"))
        'https://h.example/Jos%C3%A9/a%20b/b'

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        return self._prepend_path(relative_path(path, True))

    def _append_path(self, wire: str) -> Self:
        if not _model_loaded:
            _load_model()
        target = self._edit_target()
        c = target._c
        suffix = segment_suffix(c[4], wire, c[2] is not None)
        del c  # the append below grows the path in place when nothing else holds it
        target._write("path", suffix, append=True)  # pyright: ignore[reportPrivateUsage]
        return self._result(target)

    def _prepend_path(self, wire: str) -> Self:
        if not _model_loaded:
            _load_model()
        target = self._edit_target()
        c = target._c
        path = prefix_path(c[4], wire, c[2] is not None)
        if path != c[4]:
            target._put((c[0], c[1], c[2], c[3], path, c[5], c[6]))  # pyright: ignore[reportPrivateUsage]
        return self._result(target)

    def _add_segments(self, wire: list[str]) -> Self:
        if not _model_loaded:
            _load_model()
        target = self._edit_target()
        if wire:
            c = target._c
            suffix = segment_suffix(c[4], wire[0], c[2] is not None)
            del c  # the append below grows the path in place when nothing else holds it
            if len(wire) > 1:
                suffix = "/".join([suffix, *wire[1:]])
            target._write("path", suffix, append=True)  # pyright: ignore[reportPrivateUsage]
        return self._result(target)

    def add_param(self, key: str | Checked, value: Values, *, form: bool | Checked = False) -> Self:
        """Append the query parameter ``key=value`` (plain text; an ``int`` is written
        with ``str()``, ``None`` writes the key alone, a list or tuple one pair for
        each item); return the URI. ``form=True`` writes a space as "+"
        (``application/x-www-form-urlencoded``).

        .. versionchanged:: 0.2
           ``int`` values and ``form=True``.

        .. versionchanged:: 0.4
           A list or tuple value.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).add(key, value)
        return self._result(target)

    def set_param(self, key: str | Checked, value: Values, *, form: bool | Checked = False) -> Self:
        """Give the query parameter ``key`` the single value ``value`` (plain text),
        where it first stands, removing its other pairs; return the URI. A list or
        tuple gives one pair for each item, where the first stood; an empty one
        removes the key. ``form=True`` writes a space as "+".

        >>> str(URI.parse("http://h/?q=x&page=2").set_param("q", ["a", "b"]))
        'http://h/?q=a&q=b&page=2'

        .. versionchanged:: 0.2
           ``int`` values and ``form=True``.

        .. versionchanged:: 0.4
           A list or tuple value.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).set(key, value)
        return self._result(target)

    def discard_param(self, key: str | Checked, /, *more: str | Checked,
                      form: bool | Checked = False) -> Self:
        """Remove every query parameter ``key`` (plain text), if there is any (as
        ``set.discard``); return the URI. ``form=True`` reads the keys as an HTML form
        does ("+" for a space). Several keys: :meth:`discard_params`.

        >>> str(URI.parse("http://h/?a=1&b=2&a=3").discard_param("a"))
        'http://h/?b=2'

        .. versionadded:: 0.2

        .. versionchanged:: 0.7
           One key, as the singular name says, and ``form``.

        .. deprecated:: 0.7
           More than one key: use :meth:`discard_params`.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        if more:
            warn_deprecated("discard_param() with several keys", "discard_params()", "0.7")
        return self._discard_keys((key, *more), form)

    def discard_params(self, *keys: str | Checked, form: bool | Checked = False) -> Self:
        """Remove every query parameter named by one of ``keys`` (plain text), if there
        is any, in one pass over the query; return the URI. ``form=True`` reads the
        keys as an HTML form does ("+" for a space).

        >>> str(URI.parse("http://h/?a=1&b=2&c=3&a=4").discard_params("a", "c"))
        'http://h/?b=2'

        .. versionadded:: 0.7
           The plural of :meth:`discard_param`, which took several keys before.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        return self._discard_keys(keys, form)

    def _discard_keys(self, keys: tuple[str | Checked, ...], form: bool) -> Self:
        for key in keys:
            require_str(key, "a query key")  # before the copy a FrozenURI makes
        target = self._edit_target()
        (target.params.form if form else target.params).discard(*keys)
        return self._result(target)

    def discard_param_pair(self, key: str | Checked, value: Value, *,
                           form: bool | Checked = False) -> Self:
        """Remove every query parameter ``key`` whose value is ``value`` (plain text;
        ``None``: the key without "="), if there is any, keeping the other pairs' text
        and order; return the URI. See :meth:`QueryParams.discard_pair`.

        >>> str(URI.parse("http://h/?a=1&b=2&a=3").discard_param_pair("a", "1"))
        'http://h/?b=2&a=3'

        .. versionadded:: 0.4
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).discard_pair(key, value)
        return self._result(target)

    def discard_param_value(self, value: Value, /, *more: Value,
                            form: bool | Checked = False) -> Self:
        """Remove every query parameter whose value is ``value`` (plain text; ``None``:
        a key without "="), whatever its key; return the URI. See
        :meth:`QueryParams.discard_value`. Several values: :meth:`discard_param_values`.

        >>> str(URI.parse("http://h/?a=x&b=y&c=x").discard_param_value("x"))
        'http://h/?b=y'

        .. versionadded:: 0.4

        .. versionchanged:: 0.7
           One value, as the singular name says.

        .. deprecated:: 0.7
           More than one value: use :meth:`discard_param_values`.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        if more:
            warn_deprecated("discard_param_value() with several values",
                            "discard_param_values()", "0.7")
        return self._discard_values((value, *more), form)

    def discard_param_values(self, *values: Value, form: bool | Checked = False) -> Self:
        """Remove every query parameter whose value is one of ``values`` (plain text;
        ``None``: a key without "="), whatever its key; return the URI.

        >>> str(URI.parse("http://h/?a=x&b=y&c=z").discard_param_values("x", "z"))
        'http://h/?b=y'

        .. versionadded:: 0.7
           The plural of :meth:`discard_param_value`, which took several values before.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        return self._discard_values(values, form)

    def _discard_values(self, values: tuple[Value, ...], form: bool) -> Self:
        target = self._edit_target()
        (target.params.form if form else target.params).discard_value(*values)
        return self._result(target)

    def filter_params(self, predicate: Callable[[str, str | None], bool], *,
                      form: bool | Checked = False) -> Self:
        """Keep only the query parameters for which ``predicate(key, value)`` is true;
        return the URI. See :meth:`QueryParams.filter`.

        >>> str(URI.parse("http://h/?a=1&b=&c=3").filter_params(lambda k, v: bool(v)))
        'http://h/?a=1&c=3'

        .. versionadded:: 0.4
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).filter(predicate)
        return self._result(target)

    def sort_params(self, *, form: bool | Checked = False) -> Self:
        """Order the query parameters by key, stably, each keeping its text; return the
        URI. See :meth:`QueryParams.sort`.

        >>> str(URI.parse("http://h/?b=2&a=1&b=1").sort_params())
        'http://h/?a=1&b=2&b=1'

        .. versionadded:: 0.4
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).sort()
        return self._result(target)

    def discard_empty_params(self, *, form: bool | Checked = False) -> Self:
        """Remove the empty pieces of the query (``a&&b``) and the pairs with neither
        key nor value (``=``); return the URI. See :meth:`QueryParams.discard_empty`.

        ``form`` is taken as every method editing query pairs takes it; no reading
        makes an empty piece or a lone "=" hold data, so it removes the same pairs.

        >>> str(URI.parse("http://h/?a&&=&b=").discard_empty_params())
        'http://h/?a&b='

        .. versionadded:: 0.6
           The name ``drop_empty_params``, deprecated, with ``form``.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).discard_empty()
        return self._result(target)

    def discard_duplicate_params(self, *, form: bool | Checked = False) -> Self:
        """Remove every query parameter equal (key and value) to one before it; return
        the URI. See :meth:`QueryParams.discard_duplicates`.

        >>> str(URI.parse("http://h/?a=1&b&a=1&a=%31").discard_duplicate_params())
        'http://h/?a=1&b'

        .. versionadded:: 0.6
           The name ``drop_duplicate_params``, deprecated.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        target = self._edit_target()
        (target.params.form if form else target.params).discard_duplicates()
        return self._result(target)

    def drop_empty_params(self) -> Self:
        """Deprecated name of :meth:`discard_empty_params` (one removal verb).

        .. versionadded:: 0.4

        .. deprecated:: 0.6
           Use :meth:`discard_empty_params`.
        """
        warn_deprecated("drop_empty_params()", "discard_empty_params()", "0.6")
        return self.discard_empty_params()

    def drop_duplicate_params(self, *, form: bool | Checked = False) -> Self:
        """Deprecated name of :meth:`discard_duplicate_params` (one removal verb).

        .. versionadded:: 0.4

        .. deprecated:: 0.6
           Use :meth:`discard_duplicate_params`.
        """
        if form is not FLAG_FALSE and form is not FLAG_TRUE:
            require_bool(form, "form")
        warn_deprecated("drop_duplicate_params()", "discard_duplicate_params()", "0.6")
        return self.discard_duplicate_params(form=form)

    def __truediv__(self, path: str) -> Self:
        """A new object of this one's type with a relative path of plain text added,
        as :meth:`add_path_text` adds it: split at "/", each piece encoded once; "."
        and ".." and a leading "/" raise :class:`~urikit.BuildError`, as yarl's ``/``
        refuses them. A value that must keep its "/" inside one segment goes through
        :meth:`add_segments_text`. Neither operand changes (``base / "users" / name``),
        as pathlib's ``/`` returns a new path: an operator that edited its left operand
        would surprise in an expression. ``uri /= "x"`` rebinds.

        >>> str(URI.parse("https://h.example/api/v1") / "users/42" / "a b")
        'https://h.example/api/v1/users/42/a%20b'

        .. versionchanged:: 0.4
           A "/" in the argument separates segments, as in pathlib and yarl (it was
           encoded as ``%2F``); "." and ".." are refused.
        """
        if not _model_loaded:
            _load_model()
        if not isinstance(cast(object, path), str):  # from code no checker read
            return NotImplemented
        new = _wrap(URI, self._c, self._text)
        new._append_path(relative_path(path, True))
        return _wrap(type(self), new._c, new._text)

    # --- the last segment, as pathlib reads a file name: names are plain text -----------

    @property
    def name(self) -> str:
        """The last segment as plain text (decoded once), as ``PurePath.name``;
        ``""`` for a path that ends in "/" (``/a/b/``: the URI keeps its empty last
        segment, where pathlib drops it), for a last segment ".", which names the
        directory before it (``/a/b/.`` is ``/a/b/``; pathlib's ``"."`` has no name
        either), and for the empty path. A ".." is a name, as in pathlib.

        >>> URI.parse("https://h/docs/R%C3%A9sum%C3%A9.tar.gz").name
        'Résumé.tar.gz'
        >>> URI.parse("https://h/a/b/.").name
        ''

        .. versionadded:: 0.4
        .. versionchanged:: 0.6
           A last segment "." has no name (it was ``"."``).
        """
        if not _model_loaded:
            _load_model()
        path = self._c[4]
        last = path[path.rfind("/") + 1:]
        return "" if is_single_dot(last) else unquote(last)

    @property
    def stem(self) -> str:
        """:attr:`name` without its :attr:`suffix`, as ``PurePath.stem``.

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        name = self.name
        return name[:suffix_start(name)]

    @property
    def suffix(self) -> str:
        """The last "." and what follows it in :attr:`name` (``""`` for none, a dot
        file or a name ending in "."), as ``PurePath.suffix``.

        >>> URI.parse("https://h/a.tar.gz").suffix, URI.parse("https://h/.profile").suffix
        ('.gz', '')

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        name = self.name
        return name[suffix_start(name):]

    @property
    def suffixes(self) -> list[str]:
        """Every suffix of :attr:`name`, as ``PurePath.suffixes``.

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        return suffixes_of(self.name)

    @property
    def parent(self) -> Self:
        """A new object of this one's type with the last segment removed and no query
        or fragment (they belong to the resource, not to its parent), as yarl's
        ``parent``. ``https://h/a/b`` gives ``https://h/a``, ``https://h/a/b/`` gives
        ``https://h/a/b`` (its last segment is the empty one), ``/a`` and ``/`` give
        ``/``, a relative ``a`` gives the empty path.

        >>> str(URI.parse("https://h/a/b?q=1#f").parent)
        'https://h/a'

        .. versionadded:: 0.4
        """
        c = self._c
        path = c[4]
        i = path.rfind("/")
        parent = "" if i < 0 else "/" if i == 0 else path[:i]
        return _wrap(type(self), (c[0], c[1], c[2], c[3], parent, None, None), None)

    def with_name(self, name: str | Checked) -> Self:
        """A new object of this one's type with the last segment replaced by ``name``
        (plain text, encoded once, "/" included); query and fragment are kept. The
        empty last segment of ``/a/`` is replaced too (``/a/x``); the empty path
        gains one (``/x`` under an authority).

        Raises:
            BuildError: ``name`` is empty, or the last segment is "." (the path
                names a directory: :attr:`~urikit.Rule.PATHLIB_NAME`); ``name`` is
                "." or ".." (:attr:`~urikit.Rule.DOT_SEGMENT_FROM_TEXT`).

        >>> str(URI.parse("https://h/docs/a.txt?v=2").with_name("b c.txt"))
        'https://h/docs/b%20c.txt?v=2'

        .. versionadded:: 0.4
        .. versionchanged:: 0.6
           A last segment "." is refused, as pathlib refuses ``"."``.
        """
        if not _model_loaded:
            _load_model()
        wire = encode_segment(name)
        if not wire:
            raise BuildError(Rule.PATHLIB_NAME, "give a name that is not empty")
        path = self._c[4]
        if is_single_dot(path[path.rfind("/") + 1:]):
            raise BuildError(Rule.PATHLIB_NAME, "the path has no name (its last segment "
                             "is '.')")
        return self._with_last(wire)

    def with_stem(self, stem: str | Checked) -> Self:
        """A new object of this one's type with the :attr:`stem` replaced by ``stem``
        (plain text, encoded once); the suffix keeps its wire text.

        Raises:
            BuildError: the name is empty, ``stem`` is empty (as Python 3.13's
                pathlib refuses it: ``a.gz`` would become the dot file ``.gz``), or
                the new name would be "." or "..".

        >>> str(URI.parse("https://h/a%20b.tar.gz").with_stem("c"))
        'https://h/c.gz'

        .. versionadded:: 0.4
        .. versionchanged:: 0.6
           An empty stem is refused with a suffix too, and a last segment "." has
           no name to edit.
        """
        if not _model_loaded:
            _load_model()
        given = require_str(stem, "a stem")  # the type first, in both builds
        last = self._last()
        start = wire_suffix_start(last)
        wire = encode_segment(given) if start == len(last) else encode(given, "segment")
        if not wire:
            raise BuildError(Rule.PATHLIB_NAME, "give a stem that is not empty")
        return self._with_last(wire + last[start:])

    def with_suffix(self, suffix: str | Checked) -> Self:
        """A new object of this one's type with the :attr:`suffix` replaced by
        ``suffix`` (plain text: ``""`` or "." and more, encoded once), or added if the
        name has none, as ``PurePath.with_suffix``; the stem keeps its wire text.

        Raises:
            BuildError: the name is empty, or ``suffix`` is not ``""`` and not "."
                and more, or holds "/" (:attr:`~urikit.Rule.PATHLIB_NAME`).

        >>> str(URI.parse("https://h/report.csv?x=1").with_suffix(".json"))
        'https://h/report.json?x=1'

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        suffix = require_str(suffix, "a suffix")
        if suffix and (suffix[0] != "." or suffix == "." or "/" in suffix):
            raise BuildError(Rule.PATHLIB_NAME, f"invalid suffix {suffix!r}")
        last = self._last()
        return self._with_last(last[:wire_suffix_start(last)] + encode(suffix, "segment"))

    def _last(self) -> str:
        """The wire text of a last segment that is a name (not empty, not "."), or
        :class:`BuildError`."""
        if not _model_loaded:
            _load_model()
        path = self._c[4]
        last = path[path.rfind("/") + 1:]
        if not last or is_single_dot(last):
            raise BuildError(Rule.PATHLIB_NAME, "the path has no name (its last segment "
                             f"is {'empty' if not last else repr('.')})")
        return last

    def _with_last(self, wire: str) -> Self:
        """A new object of this one's type with the last segment replaced by ``wire``;
        a name that would be a dot segment (``..a`` without its suffix is ".") is
        refused, as plain text never becomes one."""
        if not _model_loaded:
            _load_model()
        if wire.replace("%2E", ".").replace("%2e", ".") in (".", ".."):
            raise dot_segment_error(unquote(wire))
        c = self._c
        path = c[4]
        if path:
            path = path[:path.rfind("/") + 1] + wire
        else:
            path = "/" + wire if c[2] is not None else wire
        return _wrap(type(self), (c[0], c[1], c[2], c[3], path, c[5], c[6]), None)

    def _put(self, c: Parts) -> None:
        raise NotImplementedError  # pragma: no cover - only URI writes

    # --- RFC 3986 §5 and §6 -------------------------------------------------------------

    def resolve(self, reference: AnyURI | str | Checked, *, strict: bool | Checked = True) -> Self:
        """The target of ``reference`` resolved against this base (RFC 3986 §5.2), as
        a new object of this one's type; this one is not changed.

        The base must have a scheme (§5.1); its fragment is ignored. With
        ``strict=False`` a reference whose scheme equals the base's is read as
        relative (§5.2.2), so ``http:g`` gives ``http://a/b/c/g``.

        Raises:
            ResolveError: this URI has no scheme.
            ParseError: ``reference`` is a ``str`` that is not a URI-reference.
        """
        if not _model_loaded:
            _load_model()
        if strict is not FLAG_FALSE and strict is not FLAG_TRUE:
            require_bool(strict, "strict")
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

    def relative_to(self, base: AnyURI | str | Checked) -> Self:
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
        if not _model_loaded:
            _load_model()
        b = _components_of(base, "base")
        if b[0] is None:
            require_base(b, _shown_base(b))
        return _wrap(type(self), relative(self._c, b), None)

    def relative(self) -> Self:
        """The path-only form of this link: a new object of this one's type with its
        path, query and fragment, without scheme and authority (as yarl's
        ``URL.relative()``), the form of ``request.get_full_path()``.

        It names the same resource on the same origin: the empty path under a host is
        "/" (RFC 3986 §6.2.3: ``http://h`` is ``http://h/``; the empty reference would
        name the current document), and a path the text would misread gains
        a prefix (``http://h//x`` gives ``/.//x``, ``urn:a:b`` gives ``./a:b``).

        >>> str(URI.parse("https://joe@h:8443/a%20b/?q=1#top").relative())
        '/a%20b/?q=1#top'
        >>> str(FrozenURI.parse("https://h").relative())
        '/'

        .. versionadded:: 0.6
        """
        scratch = _wrap(URI, self._c, self._text)
        scratch.set(scheme=None, userinfo=None, host=None, port=None,
                    path="/" if self._c[2] is not None and not self._c[4] else UNSET)
        return _wrap(type(self), scratch._c, scratch._text)

    def equivalent(self, other: AnyURI | str | Checked) -> bool:
        """Whether this URI and ``other`` are equivalent: equal once both are
        normalized (RFC 3986 §6.2). Neither is changed."""
        if not _normalize_loaded:
            _load_normalize()
        return equivalent(self._c, _components_of(other, "other"))

    # --- host, origin and display (RFC 3986 §3.2.2, §7) ---------------------------

    @property
    def host_kind(self) -> HostKind | None:
        """What the host is (IPv4, IPv6, IPvFuture, reg-name), or ``None`` without
        a host."""
        if not _host_loaded:
            _load_host()
        host = self._c[2]
        return None if host is None else host_kind(host)

    def origin(self) -> Origin | None:
        """The normalized (scheme, host, port) of this URI, or ``None`` when it has
        no scheme or no host (an opaque origin, in the URL standard's words).

        An IP address is compared as an address: an IPv6 address in its RFC 5952
        text, and under http, https, ws, wss, ftp and file a host that a browser reads
        as an IPv4 address in dotted decimal. A ``blob:`` URL has the origin of the
        ``http``, ``https`` or ``file`` URL in its path, as browsers give it.

        >>> URI.parse("http://[0:0:0:0:0:0:0:1]:8080/").origin()
        Origin(scheme='http', host='[::1]', port=8080)
        >>> URI.parse("blob:https://a.example/9b1d").origin()
        Origin(scheme='https', host='a.example', port=443)

        .. versionchanged:: 0.6
           IP addresses compare as addresses; ``blob:`` URLs have their inner URL's
           origin.
        """
        if not _host_loaded:
            _load_host()
        return origin(self._c)

    def same_origin(self, other: AnyURI | str | Checked) -> bool:
        """Whether ``other`` has the same origin (scheme, host and port, normalized,
        default ports filled in, IP addresses compared as addresses: see
        :meth:`origin`); ``False`` when either has no origin.

        >>> URI.parse("http://[::1]/a").same_origin("http://[0:0:0:0:0:0:0:1]/b")
        True

        .. versionchanged:: 0.6
           IP addresses compare as addresses; ``blob:`` URLs have their inner URL's
           origin.
        """
        if not _host_loaded:
            _load_host()
        theirs = origin_key(_components_of(other, "other"))  # checked first, in either build
        mine = origin_key(self._c)
        return mine is not None and mine == theirs

    def in_domain(self, domain: str | Checked) -> bool:
        """Whether the host is ``domain`` or a subdomain of it, compared label by
        label (RFC 1034 §3.1), not as a suffix of text: ``a.example.com`` is in
        ``example.com``, ``badexample.com`` is not.

        ``domain`` is plain text, as ``uri.text.host`` takes it. Labels compare
        without regard to ASCII case, a U-label equal to its A-label
        (``bücher.example`` and ``xn--bcher-kva.example``); a trailing "." on
        either side is ignored. An IP address (either side) or an empty host is in
        nothing but itself. ``False`` without a host.

        Raises:
            ParseError: ``domain`` has an empty label (``.example.com``) or is no
                valid host.
            IDNAError: IDNA refuses ``domain``.

        >>> URI.parse("https://a.Example.com/").in_domain("example.com")
        True
        >>> URI.parse("https://badexample.com/").in_domain("example.com")
        False

        .. versionadded:: 0.4
        """
        if not _model_loaded:
            _load_model()
        return in_domain(self._c[2], domain)

    def to_display(self) -> str:
        """The URI as people should see it (RFC 3986 §7.6): the userinfo apart and
        labelled, a password never shown, an internationalized label in Unicode only
        when the spoof-resistant display policy allows it (``bücher``, not ``аррӏе``
        in Cyrillic letters), as its A-label otherwise (see the security docs).

        >>> URI.parse("http://trusted.example@evil.example/login").to_display()
        'http://evil.example/login (user hidden)'

        >>> URI.parse("https://xn--bcher-kva.example/").to_display()
        'https://bücher.example/'
        >>> URI.parse("https://xn--80ak6aa92e.com/").to_display()
        'https://xn--80ak6aa92e.com/'

        .. versionchanged:: 0.2
           The host is read after the UTS 46 mapping.
        .. versionchanged:: 0.3
           Labels that pass the display policy are shown in Unicode.

        .. versionchanged:: 0.6
           Named ``to_display``, in the family of the text forms (:meth:`to_iri`,
           :meth:`to_redacted`); ``display`` is its deprecated old name.
        """
        if not _host_loaded:
            _load_host()
        return display(self._c)

    def display(self) -> str:
        """Deprecated name of :meth:`to_display`.

        .. deprecated:: 0.6
           Use :meth:`to_display`.
        """
        warn_deprecated("display()", "to_display()", "0.6")
        return self.to_display()

    def get_absolute_url(self) -> str:
        """Deprecated: Django's model hook, which let ``django.shortcuts.redirect(uri)``
        take a URI; the URI's text.

        .. versionadded:: 0.4

        .. deprecated:: 0.7
           Django's protocol lives in the Django adapter: a model gets it from
           ``urikit.django.AbsoluteURLMixin``; give Django's ``redirect`` the text,
           ``redirect(str(uri))``, or use ``urikit.django.redirect`` for a user's
           ``next``.
        """
        warn_deprecated("get_absolute_url()",
                        "str(uri), or urikit.django.AbsoluteURLMixin on a model", "0.7")
        return str(self)

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
    (a port spelled ``0080`` is written ``80``). ``attrs.asdict`` and
    ``attrs.astuple`` read the same fields, and so give the path as :attr:`path` is,
    the live :class:`~urikit.PathSegments` (attrs copies only a ``list``, ``tuple`` or
    ``set``, which a view that writes through cannot be): copy it with ``list()`` for a
    plain value.

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
        if not _model_loaded:
            _load_model()
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
        if not _model_loaded:
            _load_model()
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
        if not _model_loaded:
            _load_model()
        return TextView(self, self._write)

    @property
    def params(self) -> QueryParams:
        """The query as a live, editable list of ``key=value`` pairs of plain text."""
        if not _model_loaded:
            _load_model()
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
        new: Parts
        # one tuple built for the views' two components (the path: a str, never None)
        if name == "path":
            new = (c[0], c[1], c[2], c[3], cast("str", wire), c[5], c[6])
        elif name == "query":
            new = (c[0], c[1], c[2], c[3], c[4], wire, c[6])
        else:
            changed = list(c)
            changed[_INDEX[name]] = wire
            new = tuple(changed)  # type: ignore[assignment]
        self._put(_ruled(new, c))

    def _put(self, c: Parts) -> None:
        self._c = c
        self._text = None

    def _edit_target(self) -> URI:
        return self

    def _result(self, target: URI) -> Self:
        return self  # target is self: the edit was made in place

    def copy(self) -> Self:
        """An independent copy (editing one never changes the other); a subclass's own
        attributes are copied as ``copy.copy`` copies them."""
        new = _wrap(type(self), self._c, self._text)
        state = _own_state(self)
        if state is not None:
            new.__setstate__(state)  # a subclass's own, if it has one, as copy.copy calls
        return new

    def freeze(self) -> FrozenURI:
        """A :class:`FrozenURI` with the same components; this URI is not changed.

        .. versionadded:: 0.2
        """
        return _wrap(FrozenURI, self._c, self._text)

    def normalize(self, options: NormalizeOptions | Checked | None = None) -> Self:
        """Normalize in place (RFC 3986 §6.2.2, §6.2.3); return this URI.

        Args:
            options: the steps to take (case, percent-encoding, dot segments,
                scheme-based, RFC 5952 IPv6); ``None``, the default, takes all but
                the last (``NormalizeOptions()``).

        >>> from urikit import NormalizeOptions
        >>> str(URI.parse("HTTP://[2001:DB8::01]:80/a/../b")
        ...     .normalize(NormalizeOptions(ipv6_canonical=True)))
        'http://[2001:db8::1]/b'

        .. versionchanged:: 0.3
           The steps are one :class:`~urikit.NormalizeOptions` record, not five
           keywords.

        .. versionchanged:: 0.7
           The default is written ``None`` (the default steps): the options record
           is made on first use, not by ``import urikit``.
        """
        if not _normalize_loaded:
            _load_normalize()
        # read as object: compiled, narrowing options past None would check it in
        # mypyc's words before normalize's check names it
        given = cast("object", options)
        if given is None:
            self._put(normalize(self._c))
        else:
            self._put(normalize(self._c, cast("NormalizeOptions | Checked", given)))
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

    def normalize(self, options: NormalizeOptions | Checked | None = None) -> Self:
        """A normalized copy (RFC 3986 §6.2.2, §6.2.3), with the options of
        :meth:`URI.normalize`.

        .. versionchanged:: 0.3
           The steps are one :class:`~urikit.NormalizeOptions` record, not five
           keywords.

        .. versionchanged:: 0.7
           The default is written ``None`` (the default steps), as on
           :meth:`URI.normalize`.
        """
        if not _normalize_loaded:
            _load_normalize()
        given = cast("object", options)  # as object, as URI.normalize reads it
        if given is None:
            return _wrap(type(self), normalize(self._c), None)
        return _wrap(type(self), normalize(self._c, cast("NormalizeOptions | Checked", given)),
                     None)


def as_frozen(value: object, what: str, *, lenient: bool = False) -> FrozenURI:
    """``value`` as a :class:`FrozenURI`: the same one, a :class:`URI` frozen (a copy,
    so the caller's object is never edited), or text read strictly (``parse``) or, with
    ``lenient``, as a browser reads it (``parse_lenient``).

    The one door every ``str | URI | FrozenURI`` argument goes through, with one
    wording for what it refuses.

    Raises:
        TypeError: ``value`` is none of the three (``what`` names the argument).
        URIError: the text is not a URI (its reading's error).
    """
    if isinstance(value, FrozenURI):
        return value
    if isinstance(value, URI):
        return value.freeze()
    if isinstance(value, str):
        return FrozenURI.parse_lenient(value) if lenient else FrozenURI.parse(value)
    raise not_a_uri(what, value)


def not_a_uri(what: str, value: object) -> TypeError:
    """The one wording of a ``str | URI | FrozenURI`` argument that is none of them."""
    return TypeError(f"{what} must be a URI, FrozenURI or str, not {type(value).__name__}")


LINK_CLASSES.extend((URI, FrozenURI))  # a query value may be a link: its text
