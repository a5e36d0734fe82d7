"""Plain-text views of the components: decode once on read, encode as data on write."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from operator import attrgetter
from typing import Final, Protocol

from .._core import grammar as g
from .._core.errors import ParseError
from .._core.parse import check_host, require_str
from .._core.percent import Component, encode, encode_octets, unquote
from .._whatwg.masking import is_secret_user, masked_fragment, masked_query
from .path import PathSegments, ReadOnlyPath, path_from
from .view import Owner, Writer, kept, read_only


def encode_text(text: object, component: Component, what: str,
                held: str | None = None) -> str | None:
    """The wire text of plain ``text`` for ``component`` (``None`` stays ``None``):
    the one plain-text encoder of the URI classes and their text view; ``what``
    names the argument in the ``TypeError`` for text that is not a ``str``.

    ``held`` is the component's wire text now: text that reads as it keeps it as it
    is (``view.kept``), so that ``uri.text.X = uri.text.X`` changes nothing.
    """
    if text is None:
        return None
    text = require_str(text, what)
    if held is not None and kept(held, text, unquote):  # no call without a held text
        return held
    return encode(text, component)


def _opt_decode(wire: str | None) -> str | None:
    return None if wire is None else unquote(wire)


def host_to_text(host: str) -> str:
    """The plain text of a host: a reg-name decoded; an IP literal as it is, brackets
    included, so that it never reads as a name (``::1`` would be a reg-name's text).
    A zone identifier's pct-encoding is kept too (``[fe80::1%25eth0]``).
    """
    return host if host[:1] == "[" else unquote(host)


def host_from_text(text: object, allow_zone_id: bool = False,
                   held: str | None = None) -> str:
    """The wire host for plain text: ``held``, the URI's host now, when ``text`` is what
    it reads as (``view.kept``: the reg-name ``%3A%3A1`` stays one, where ``::1``
    written anew is an IPv6 address; a zone identifier still only with
    ``allow_zone_id``); a bracketed IP literal as it is (one with an IPv6 zone
    identifier only with ``allow_zone_id``, as :meth:`~urikit.URI.parse` reads it),
    an IPv6 address without brackets as its IP literal (``::1`` is ``[::1]``;
    ``fe80::1%eth0`` is ``[fe80::1%25eth0]`` with ``allow_zone_id``, RFC 6874), a
    name outside ASCII as its A-labels (UTS 46 with the WHATWG parameters, as
    browsers: never percent-encoded), any other text a registered name,
    percent-encoded. The inverse of :func:`host_to_text` but for the IDNA
    conversion.

    Raises:
        ParseError: a zone identifier without ``allow_zone_id``.
        IDNAError: a name outside ASCII that UTS 46 refuses, or an ``xn--`` label
            that is no valid A-label (``xn--a``).
    """
    text = require_str(text, "a host")
    # a zone identifier only with allow_zone_id, kept or not, as URI.set asks each time
    # (no call without a held host: URI.build has none)
    if (held is not None and kept(held, text, host_to_text)
            and (allow_zone_id or not has_zone_id(held))):
        return held
    if text[:1] == "[" and (g.IP_LITERAL_Z_RE.fullmatch(text) is not None):
        if not allow_zone_id:
            check_host(text, False, _ZONE_HINT)
        return text
    if ":" in text and text[:1] != "[":
        literal = _ipv6_literal(text, allow_zone_id)
        if literal is not None:
            return literal
    if text.isascii() or _SURROGATE_RE.search(text):
        host = encode(text, "host")  # a lone surrogate: the EncodingError every view gives
        if "xn--" in host.lower():  # an A-label must be one, as from_iri and browsers read it
            from .._whatwg.idna import check_alabels

            check_alabels(host)
        return host
    from .._whatwg.idna import name_to_ascii  # IDNA: on first use, not with urikit

    return name_to_ascii(text)


def _ipv6_literal(text: str, allow_zone_id: bool) -> str | None:
    """The IP literal of plain IPv6 text (``::1`` is ``[::1]``; with a zone identifier,
    ``fe80::1%eth0`` is ``[fe80::1%25eth0]``, RFC 6874 §2, the zone encoded as data),
    or ``None`` when ``text`` is no IPv6 address. A zone identifier is refused
    without ``allow_zone_id`` and when it is empty."""
    address, percent, zone = text.partition("%")
    if g.IPV6ADDRESS_RE.fullmatch(address) is None:
        return None
    if not percent:
        return f"[{address}]"
    if _SURROGATE_RE.search(zone):
        encode(zone, "host")  # the EncodingError every view gives
    literal = f"[{address}%25{encode_octets(zone.encode(), g.UNRESERVED)}]"
    # an empty zone, or one without allow_zone_id, fails with the parser's own message
    check_host(literal, allow_zone_id, "" if allow_zone_id else _ZONE_HINT)
    return literal


def host_labels(host: str | None) -> tuple[str, ...] | None:
    """The labels of a registered name, plain text (decoded once, then split at "."),
    A-labels as stored; ``()`` for an empty host; ``None`` without a host or for an
    IP address, which has no labels."""
    if host is None or host[:1] == "[" or g.IPV4ADDRESS_RE.fullmatch(host):
        return None
    return tuple(unquote(host).split(".")) if host else ()


def _label_key(label: str) -> str:
    """A label as DNS compares it: ASCII case folded, a U-label as its A-label."""
    if label.isascii():
        return label.lower()
    from .._whatwg.idna import uts46_label_forms

    forms = uts46_label_forms(label)
    return label if forms is None else forms[0]


def in_domain(host: str | None, domain: object) -> bool:
    """Whether wire ``host`` is plain-text ``domain`` or a subdomain of it, label by
    label (RFC 1034 §3.1); an IP address is within nothing but itself."""
    return domain_matcher(domain)(host)


def domain_matcher(domain: object) -> Callable[[str | None], bool]:
    """:func:`in_domain` with ``domain`` read once: a function of each wire host (a
    column of hosts asks one domain many times).

    Raises:
        TypeError: ``domain`` is not a ``str``.
        ParseError: ``domain`` is no host.
    """
    wire = host_from_text(require_str(domain, "domain"), allow_zone_id=True)
    lowered = wire.lower()
    theirs = host_labels(wire)
    whole = theirs is None or not theirs  # an IP address, an empty host: as a whole
    empty = theirs is not None and "" in theirs[:-1]
    if theirs and theirs[-1] == "":
        theirs = theirs[:-1]
    keys = [] if theirs is None else [_label_key(b) for b in theirs]
    n = len(keys)

    def matches(host: str | None) -> bool:
        if host is None:
            return False
        mine = host_labels(host)
        if mine is None or whole:
            return host.lower() == lowered
        if empty:
            raise _empty_label(wire)
        if mine and mine[-1] == "":
            mine = mine[:-1]
        return len(mine) >= n and all(
            _label_key(a) == b for a, b in zip(mine[len(mine) - n:], keys, strict=True))
    return matches


def _empty_label(wire: str) -> ParseError:
    return ParseError(wire, wire.find(".") if wire[:1] == "." else wire.find(".."),
                      "host", "empty label", "a domain has no empty label")


def has_zone_id(host: str | None) -> bool:
    """Whether wire host text is an IP literal with a zone identifier (RFC 6874)."""
    return host is not None and host[:1] == "[" and "%" in host


_SURROGATE_RE: Final = re.compile(r"[\ud800-\udfff]")


_ZONE_HINT: Final = "to store a zone identifier, use set_text(host=..., allow_zone_id=True)"


class ReadOnlyText(Protocol):
    """The plain-text view as type checkers see it on a :class:`~urikit.FrozenURI`:
    every component readable, none assignable (``frozen.text.path = "x"`` is a type
    error, as it is an error at run time). This type exists only for annotations and
    adds nothing at run time.

    .. versionadded:: 0.2
    """

    @property
    def userinfo(self) -> str | None: ...
    @property
    def user(self) -> str | None: ...
    @property
    def password(self) -> str | None: ...
    @property
    def host(self) -> str | None: ...
    @property
    def labels(self) -> tuple[str, ...] | None: ...
    @property
    def parent_domain(self) -> str | None: ...
    @property
    def path(self) -> ReadOnlyPath: ...
    @property
    def query(self) -> str | None: ...
    @property
    def fragment(self) -> str | None: ...


class TextView:
    """The components of a URI as plain text, read and written through to the URI.

    ``uri.text.fragment = "a#b"`` stores ``a%23b``: text is data, and every character
    the component does not allow, or that would act as a delimiter there, is
    percent-encoded (UTF-8 for non-ASCII). Reading decodes exactly once. ``None``
    stands for an undefined component, as on the URI itself. For every component,
    writing a text and reading it back gives the same text, but for a host name
    outside ASCII, which is stored as its A-labels (``bücher.example`` reads back as
    ``xn--bcher-kva.example``; :meth:`~urikit.URI.to_iri` shows it), and a plain-text
    IPv6 address, stored as its IP literal (``::1`` reads back as ``[::1]``).

    Reading a component and writing it back changes nothing: text that reads as the
    component it replaces keeps that component's wire text (here, in
    :meth:`~urikit.URI.set_text` and in the segments of ``text.path``). Decoding loses
    what tells ``%3A`` from the userinfo's ":", ``%26`` from the query's "&", ``%2E``
    from a dot segment, and the registered name ``%3A%3A1`` from the IPv6 address
    ``::1``; encoding the text anew would make another component of it.

    >>> from urikit import URI
    >>> uri = URI.parse("http://%3A%3A1/?a%26b=1")
    >>> uri.text.host, uri.text.query
    ('::1', 'a&b=1')
    >>> uri.text.host = uri.text.host
    >>> uri.text.query = uri.text.query
    >>> str(uri)
    'http://%3A%3A1/?a%26b=1'

    >>> from urikit import URI
    >>> uri = URI.parse("http://h/docs/")
    >>> uri.text.path.append("a/b c")
    >>> uri.text.fragment = "50%"
    >>> str(uri), uri.text.path[-1]
    ('http://h/docs//a%2Fb%20c#50%25', 'a/b c')

    .. versionadded:: 0.2

    .. versionchanged:: 0.2
       ``text.host`` keeps the brackets of an IP literal (``[::1]``), so that it never
       reads as a registered name.
    """

    __slots__ = ("_owner", "_write")

    def __init__(self, owner: Owner, write: Writer | None) -> None:
        self._owner = owner
        self._write = write

    def __reduce__(self) -> tuple[Callable[[Owner], object], tuple[Owner]]:
        # the view its URI hands out, asked of the URI (see PathSegments)
        return (attrgetter("text"), (self._owner,))

    def _put(self, name: str, wire: str | None) -> None:
        if self._write is None:
            raise read_only()
        self._write(name, wire)

    @property
    def userinfo(self) -> str | None:
        """The userinfo, decoded; ":" is kept as it is on write."""
        return _opt_decode(self._owner.components.userinfo)

    @userinfo.setter
    def userinfo(self, text: str | None) -> None:
        self._put("userinfo", encode_text(text, "userinfo", "userinfo",
                                          self._owner.components.userinfo))

    @property
    def user(self) -> str | None:
        """The part of the userinfo before the first ":", decoded."""
        info = self._owner.components.userinfo
        return None if info is None else unquote(info.partition(":")[0])

    @user.setter
    def user(self, text: str | None) -> None:
        if text is None:
            self._put("userinfo", None)
            return
        info = self._owner.components.userinfo
        user = encode_text(text, "user", "a user",
                           None if info is None else info.partition(":")[0])
        if info is not None and ":" in info:
            user = f"{user}:{info.partition(':')[2]}"
        self._put("userinfo", user)

    @property
    def password(self) -> str | None:
        """The part of the userinfo after the first ":", decoded; ``None`` without ":".

        RFC 3986 §3.2.1 deprecates passwords in URIs; urikit masks them in ``repr``.
        """
        info = self._owner.components.userinfo
        if info is None or ":" not in info:
            return None
        return unquote(info.partition(":")[2])

    @password.setter
    def password(self, text: str | None) -> None:
        info = self._owner.components.userinfo
        user = "" if info is None else info.partition(":")[0]
        if text is None:
            self._put("userinfo", user if info is not None else None)
            return
        held = None if info is None or ":" not in info else info.partition(":")[2]
        self._put("userinfo", f"{user}:{encode_text(text, 'password', 'a password', held)}")

    @property
    def host(self) -> str | None:
        """The host: a reg-name decoded; an IP literal as it is, brackets included.

        Writing a bracketed IP literal (``[::1]``, ``[v7.x]``) stores it as one (a zone
        identifier is refused: see :meth:`~urikit.URI.set_text`), and so does an IPv6
        address without brackets (``::1`` is ``[::1]``); a name outside ASCII is stored
        as its A-labels (UTS 46 with the WHATWG parameters: ``bücher.example`` is
        ``xn--bcher-kva.example``, never percent-encoded, which nothing resolves); any
        other text is a registered name, percent-encoded (RFC 3986 §3.2.2). The text
        the host reads as keeps the host: the registered name ``%3A%3A1`` reads
        ``::1``, and ``::1`` written back leaves it a registered name.
        """
        host = self._owner.components.host
        return None if host is None else host_to_text(host)

    @host.setter
    def host(self, text: str | None) -> None:
        # a URI that holds a zone identifier was read or built with allow_zone_id
        held = self._owner.components.host
        self._put("host", None if text is None else host_from_text(
            text, has_zone_id(held), held))

    @property
    def labels(self) -> tuple[str, ...] | None:
        """The host's labels, plain text: a registered name decoded once and split
        at "." (A-labels as stored: :meth:`~urikit.URI.to_iri` shows U-labels; a
        trailing "." gives a last ``""``), ``()`` for an empty host, ``None`` without
        a host or for an IP address. Read-only.

        >>> from urikit import URI
        >>> URI.parse("http://www.Example.com/").text.labels
        ('www', 'Example', 'com')

        .. versionadded:: 0.4
        """
        return host_labels(self._owner.components.host)

    @property
    def parent_domain(self) -> str | None:
        """The host without its first label, plain text (``www.example.com`` gives
        ``example.com``); ``None`` for a single label (the root is no host), an IP
        address, an empty host or none. Read-only.

        >>> from urikit import URI
        >>> URI.parse("http://www.example.com/").text.parent_domain
        'example.com'

        .. versionadded:: 0.4
        """
        labels = host_labels(self._owner.components.host)
        if labels is None or len(labels) < 2 or labels[1:] == ("",):
            return None
        return ".".join(labels[1:])

    @property
    def path(self) -> PathSegments:
        """The path segments as plain text (a live view); a segment ``"a/b"`` is
        stored as ``a%2Fb``. Assign a list of segments, or a ``str`` in which "/"
        separates segments."""
        return PathSegments(self._owner, self._write, text=True)

    @path.setter
    def path(self, value: str | Iterable[str]) -> None:
        self._put("path", path_from(value, text=True, held=self._owner.components.path))

    @property
    def query(self) -> str | None:
        """The whole query, decoded ("+" is kept: see ``uri.params`` for key=value).

        Writing encodes "#", "%" and what the query does not allow, and keeps "&", "="
        and "+": use ``uri.params`` to write keys and values as data.
        """
        return _opt_decode(self._owner.components.query)

    @query.setter
    def query(self, text: str | None) -> None:
        self._put("query", encode_text(text, "query", "a query", self._owner.components.query))

    @property
    def fragment(self) -> str | None:
        """The fragment, decoded."""
        return _opt_decode(self._owner.components.fragment)

    @fragment.setter
    def fragment(self, text: str | None) -> None:
        self._put("fragment", encode_text(text, "fragment", "a fragment",
                                          self._owner.components.fragment))

    def __repr__(self) -> str:
        # the secrets masked: a password a browser reads in the path, secret values in
        # the query and the fragment, a user name that stands for a token
        c = self._owner.components
        query = masked_query(c.query)
        fragment = masked_fragment(c.fragment)
        user = "***" if is_secret_user(c.scheme, c.userinfo) else self.user
        return (f"TextView(user={user!r}, host={self.host!r}, "
                f"path={self.path.shown()!r}, query={_opt_decode(query)!r}, "
                f"fragment={_opt_decode(fragment)!r})")
