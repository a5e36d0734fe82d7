"""Link header fields (RFC 8288): web links read into URIs, and written back."""

from __future__ import annotations

import operator
import re
from bisect import bisect_right
from collections import deque
from collections.abc import Iterable
from itertools import accumulate, repeat
from typing import Final, cast

import attrs

from .._core.build import Checked
from .._core.errors import ParseError, URIError
from .._core.grammar import POSSESSIVE as _P
from .._core.grammar import URI_REFERENCE_RE
from .._core.parse import FLAG_FALSE, FLAG_TRUE, require_bool, require_str
from .._core.percent import encode_octets
from .._model.uri import URI, FrozenURI, as_frozen

# RFC 9110 §5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
#                          "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA;  token = 1*tchar
_TOKEN: Final = f"[!#$%&'*+\\-.^_`|~0-9A-Za-z]+{_P}"
# RFC 9110 §5.6.4: quoted-string = DQUOTE *( qdtext / quoted-pair ) DQUOTE
#   qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
#   quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text );  obs-text = %x80-FF
# (unrolled, possessive where Python has it (grammar.POSSESSIVE): runs of qdtext between
# quoted-pairs, which re reads in C; an alternation repeated per character and
# backtracking positions kept for each made a megabyte of them take 40x a parse)
_QDTEXT_RUN: Final = f"[\\t !#-\\[\\]-~\\x80-\\xff]*{_P}"
_QUOTED_STRING: Final = f'"{_QDTEXT_RUN}(?:\\\\[\\t -~\\x80-\\xff]{_QDTEXT_RUN})*{_P}"'
# RFC 9110 §5.6.3: OWS = *( SP / HTAB ); BWS = OWS
_OWS: Final = f"[ \\t]*{_P}"
# RFC 8288 §3: link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
# (the URI-Reference is read by urikit's parser: here, everything up to ">")
_TARGET_RE: Final = re.compile(r"<([^>]*)>")
#   link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
_PARAM_RE: Final = re.compile(
    f"{_OWS};{_OWS}({_TOKEN}){_OWS}(?:(=){_OWS}({_TOKEN}|{_QUOTED_STRING})?)?")
# RFC 9110 §5.6.1: a list's elements are separated by OWS "," OWS, and empty ones
# (",,") are allowed and ignored by recipients
_SEPARATOR_RE: Final = re.compile(f"{_OWS}(?:,{_OWS})*")
# a parameter's name and value alone (a link-value's whole match has no "=" without one)
_NAME_VALUE_RE: Final = re.compile(
    f"{_OWS};{_OWS}({_TOKEN}){_OWS}(?:={_OWS}({_TOKEN}|{_QUOTED_STRING}))?")
# one whole link-value (RFC 8288 §3), to cut a field into links and separators in C
# (groups: the target's reference, the parameters' text)
_PARAMS: Final = f"(?:{_OWS};{_OWS}{_TOKEN}{_OWS}(?:={_OWS}(?:{_TOKEN}|{_QUOTED_STRING}))?)*{_P}"
_LINK_VALUE_RE: Final = re.compile(f"<([^>]*)>({_PARAMS})")
_LIST_SEPARATORS_RE: Final = re.compile(r"[ \t,]*")
_TOKEN_RE: Final = re.compile(_TOKEN)
# RFC 5234 B.1: VCHAR = %x21-7E (what a relation type, a name or a URI, is made of)
_VISIBLE_RE: Final = re.compile(r"[!-~]+")
# RFC 8187 §3.2.1: ext-value = charset "'" [ language ] "'" value-chars
#   charset = "UTF-8" / "ISO-8859-1" / mime-charset (case-insensitive)
#   value-chars = *( pct-encoded / attr-char )
#   attr-char = ALPHA / DIGIT / "!" / "#" / "$" / "&" / "+" / "-" / "." / "^" / "_" /
#               "`" / "|" / "~"
_ATTR_CHAR: Final = frozenset(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~")
_EXT_VALUE_RE: Final = re.compile(
    r"(UTF-8|ISO-8859-1)'([A-Za-z0-9-]*)'((?:%[0-9A-Fa-f]{2}|[!#$&+\-.^_`|~0-9A-Za-z])*)",
    re.IGNORECASE)
_TRIPLET_RE: Final = re.compile(b"%([0-9A-Fa-f]{2})")
# RFC 8288 §3.3 and §3.4.1: parameters that may appear once; later ones are ignored
_ONCE: Final = frozenset({"rel", "anchor", "title", "title*", "type", "media"})
_FIRST: Final = operator.itemgetter(0)
_SECOND: Final = operator.itemgetter(1)
# the names a link reads once or keeps in its own fields
_ONCE_OR_FIELD: Final = _ONCE | {"anchor"}
# the relation types of pagination (IANA's registry: "prev" and "previous" are synonyms)
_PAGES: Final = {"first": "first", "prev": "prev", "previous": "prev", "next": "next",
                 "last": "last"}


def _rel_types(value: str) -> frozenset[str]:
    # RFC 8288 §3.3: the rel value is relation types separated by spaces; §2.1.1 and
    # §2.1.2: registered and extension types alike are compared case-insensitively
    return frozenset(value.lower().split())


@attrs.frozen(slots=False)  # no slots: a slot has no docstring
class Link:
    """One web link of a ``Link`` header field (RFC 8288 §3): a target URI, its relation
    types and its target attributes.

    Attributes:
        target: the link's target (§3.1), resolved against the base it was read with
            (relative when it was read without one).
        rel: the relation types (§3.3), lower-case: registered ones (``next``) and
            extension ones (URIs) are compared case-insensitively (§2.1).
        params: every other parameter in its order, the name lower-case, the value
            unquoted; an RFC 8187 value (``title*``) is decoded, and its name keeps
            the ``*``.
        anchor: the link's context (§3.2), resolved as the target is, or ``None``
            when the link has none (the context is then the resource itself).

    A link is checked when it is made, so that its text can never split a header field
    or leave a quoted string: the target and anchor are URIs (which hold no space,
    control character or quote), each relation type is non-empty visible ASCII (a
    registered name or a URI; the types are written separated by spaces), and each
    parameter's name is a token other than ``rel`` and ``anchor`` (the link's own
    fields). A parameter's value may hold any text: a quote or backslash is escaped
    in the quoted string, and a value with a control character (CR and LF included)
    or outside ASCII is written as an RFC 8187 value (``title*=UTF-8''a%0D%0Ab``),
    which reads back as it was.

    Raises:
        ParseError: a relation type or a parameter name breaks those rules
            (``component`` is ``"link relation type"`` or ``"link parameter name"``;
            the position is that of the first offending character).
        TypeError: a field is not of its type.

    >>> link = Link(FrozenURI.parse("https://api.example/items?page=3"), frozenset({"next"}))
    >>> str(link)
    '<https://api.example/items?page=3>; rel="next"'
    >>> Link(FrozenURI.parse("/a"), frozenset({"next\\r\\nSet-Cookie: a=b"}))
    Traceback (most recent call last):
      ...
    urikit.ParseError: a relation type is visible ASCII, without white space or control \
characters (RFC 8288 §3.3) at position 4 in link relation type

    .. versionadded:: 0.4
    .. versionchanged:: 0.6
       The fields are checked when the link is made (they were used as given when
       it was written).
    """

    target: FrozenURI
    rel: frozenset[str] = frozenset()
    params: tuple[tuple[str, str], ...] = ()
    anchor: FrozenURI | None = None

    def __attrs_post_init__(self) -> None:
        # every field checked once, here: what __str__ writes is then safe to send (read
        # through _field, so that the compiled build's own check of a field's declared
        # type does not answer first, in other words)
        given = _field(self, "target")  # checked: callers without a type checker
        if not isinstance(given, FrozenURI):
            raise TypeError(f"a link's target is a FrozenURI, not {type(given).__name__}")
        anchor = _field(self, "anchor")
        if anchor is not None and not isinstance(anchor, FrozenURI):
            raise TypeError(f"a link's anchor is a FrozenURI or None, not "
                            f"{type(anchor).__name__}")
        rel = _field(self, "rel")
        if not isinstance(rel, frozenset):
            raise TypeError(f"a link's rel is a frozenset of str, not {type(rel).__name__}")
        for item in cast("frozenset[object]", rel):
            if not isinstance(item, str):
                raise TypeError(f"a relation type is a str, not {type(item).__name__}")
            _check_rel_type(item)
        params = _field(self, "params")
        if not isinstance(params, tuple):
            raise TypeError(f"a link's params are a tuple of (name, value) pairs, not "
                            f"{type(params).__name__}")
        pairs = cast("tuple[object, ...]", params)
        if not _are_str_pairs(pairs):
            raise TypeError("a link's params are a tuple of (name, value) pairs of str")
        for name in {pair[0] for pair in cast("tuple[tuple[str, str], ...]", pairs)}:
            _check_param_name(name)  # each distinct name once

    def get(self, name: str | Checked) -> str | None:
        """The value of the first parameter called ``name`` (case-insensitive), or
        ``None``.

        >>> parse_links('</a>; rel=up; type="text/html"')[0].get("Type")
        'text/html'

        Raises:
            TypeError: ``name`` is not a ``str``.
        """
        name = require_str(name, "name").lower()
        return next((value for key, value in self.params if key == name), None)

    @property
    def title(self) -> str | None:
        """The link's title: ``title*`` (decoded) where given, else ``title`` (RFC 8288
        §3.4.1 prefers ``title*``), or ``None``.

        >>> parse_links("</2>; rel=next; title*=UTF-8'de'n%c3%a4chstes%20Kapitel")[0].title
        'nächstes Kapitel'
        """
        starred = self.get("title*")
        return starred if starred is not None else self.get("title")

    def __str__(self) -> str:
        """The link as a ``link-value`` (RFC 8288 §3): the target, ``rel``, ``anchor``
        and the other parameters in their order. A value outside ASCII, or under a
        name ending in ``*``, is written as an RFC 8187 ``ext-value`` in UTF-8
        (``title*=UTF-8''n%C3%A4chstes``)."""
        parts = [f"<{self.target}>"]
        if self.rel:
            parts.append(f"rel={_quoted(' '.join(sorted(self.rel)))}")
        if self.anchor is not None:
            parts.append(f'anchor="{self.anchor}"')
        parts.extend(_param_text(name, value) for name, value in self.params)
        return "; ".join(parts)


def _quoted(value: str) -> str:
    """``value`` as a quoted-string (RFC 9110 §5.6.4), as RFC 8288's examples write
    every value."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _field(link: Link, name: str) -> object:
    """A field of ``link`` as it was given (callers without a type checker pass anything)."""
    value: object = getattr(link, name)
    return value


def _are_str_pairs(pairs: tuple[object, ...]) -> bool:
    """Whether each item of ``pairs`` is a (str, str) tuple: first by the exact types,
    in C (a link read from a long field has as many pairs), then item by item."""
    if not pairs:
        return True
    if set(map(type, pairs)) == {tuple}:
        tuples = cast("tuple[tuple[object, ...], ...]", pairs)
        if set(map(len, tuples)) == {2} and set(map(type, map(_FIRST, tuples))) == {str} \
                and set(map(type, map(_SECOND, tuples))) == {str}:
            return True
    return all(isinstance(pair, tuple) and len(cast("tuple[object, ...]", pair)) == 2
               and all(isinstance(x, str) for x in cast("tuple[object, ...]", pair))
               for pair in pairs)


def _check_rel_type(rel: str) -> None:
    """Refuse a relation type that is empty or holds anything but visible ASCII: a
    space, CR, LF or any control character written in ``rel="..."`` would read back as
    other types or split the header field (RFC 8288 §3.3: the types are separated by
    spaces, and each is a registered name or a URI, both ASCII)."""
    if not rel:
        raise ParseError(rel, 0, "link relation type", "a relation type is not empty "
                         "(RFC 8288 §3.3)")
    visible = _VISIBLE_RE.match(rel)
    if visible is not None and visible.end() == len(rel):
        return
    raise ParseError(rel, 0 if visible is None else visible.end(), "link relation type",
                     "a relation type is visible ASCII, without white space or control "
                     "characters (RFC 8288 §3.3)")


def _check_param_name(name: str) -> None:
    """Refuse a parameter name that is not a token (RFC 8288 §3), or that names one of
    the link's own fields (``rel``, ``anchor``: written as a parameter it would change
    the link's relation or context)."""
    token = _TOKEN_RE.match(name)
    if token is None or token.end() != len(name):
        at = 0 if token is None else token.end()
        raise ParseError(name, at, "link parameter name",
                         "a parameter name is a token (RFC 8288 §3)")
    if name.lower() in ("rel", "anchor"):
        raise ParseError(name, 0, "link parameter name", f"{name.lower()!r} is a field "
                         "of the link, not one of its params (RFC 8288 §3.2, §3.3)")


def _param_text(name: str, value: str) -> str:
    if name.endswith("*") or not value.isascii() or any(
            (ch < " " and ch != "\t") or ch == "\x7f" for ch in value):
        # RFC 8187 §3.2: charset "'" [ language ] "'" value-chars, in UTF-8
        star = name if name.endswith("*") else name + "*"
        return f"{star}=UTF-8''{encode_octets(value.encode('utf-8'), _ATTR_CHAR)}"
    return f"{name}={_quoted(value)}"


def _decoded_ext_value(text: str, at: int, value: str) -> str:
    """The text of an RFC 8187 ``ext-value``; ``text`` and ``at`` say where it stands."""
    match = _EXT_VALUE_RE.fullmatch(value)
    if match is None:
        raise ParseError(text, at, "link", "invalid RFC 8187 extended value")
    charset = match.group(1).lower()
    octets = _TRIPLET_RE.sub(lambda m: bytes([int(m.group(1), 16)]),
                             match.group(3).encode("ascii"))
    try:
        return octets.decode("utf-8" if charset == "utf-8" else "latin-1")
    except UnicodeDecodeError:
        raise ParseError(text, at, "link", "extended value is not UTF-8") from None


def _target(text: str, at: int, reference: str, base: FrozenURI | None,
            lenient: bool) -> FrozenURI:
    try:
        if lenient:
            return FrozenURI.parse_lenient(reference, base=base)
        uri = FrozenURI.parse(reference)
        return base.resolve(uri) if base is not None else uri
    except URIError as error:
        raise ParseError(text, at, "link", f"invalid target URI ({error})") from None


def parse_links(value: str | Iterable[str], *, base: URI | FrozenURI | str | None = None,
                lenient: bool | Checked = False) -> list[Link]:
    """The web links of a ``Link`` header field value (RFC 8288 §3), in their order.

    Each target (and ``anchor``) is read as an RFC 3986 URI-reference and, with a
    ``base`` (the URL of the response, RFC 8288 §3.1), resolved against it; with
    ``lenient=True`` it is read as a browser reads it
    (:meth:`~urikit.URI.parse_lenient`), for servers that write ``|`` or ``[]``
    unencoded. A parameter that RFC 8288 allows once (``rel``, ``anchor``, ``title``,
    ``title*``, ``type``, ``media``) counts once: later ones are ignored, as §3.3 and
    §3.4.1 say parsers must.

    Args:
        value: the field value, or the values of several ``Link`` lines (a field sent
            on several lines is one comma-separated list, RFC 9110 §5.3).
        base: the URI the targets are relative to.
        lenient: read each target as a browser does.

    Returns:
        The links, in their order.

    Raises:
        ParseError: the value is not a list of link-values (``component`` is
            ``"link"``; the position says where), a target is not a URI-reference, or
            an RFC 8187 value is malformed.
        TypeError: ``value`` is neither text nor an iterable of text.

    >>> header = ('<https://api.github.com/repositories/1300192/issues?page=2>; rel="prev", '
    ...           '<https://api.github.com/repositories/1300192/issues?page=4>; rel="next"')
    >>> [(sorted(link.rel), str(link.target)) for link in parse_links(header)]
    [(['prev'], 'https://api.github.com/repositories/1300192/issues?page=2'), (['next'], 'https://api.github.com/repositories/1300192/issues?page=4')]

    .. versionadded:: 0.4
    """
    if lenient is not FLAG_FALSE and lenient is not FLAG_TRUE:
        require_bool(lenient, "lenient")
    text = _field_text(value)
    base_uri = None if base is None else as_frozen(base, "base")
    # the field cut into separators, targets and parameters in C; each distinct
    # parameter text read once (a field of a megabyte of "</a>; rel=next, " took 40x
    # a parse, read link by link), each distinct target parsed once, and the links made
    # in C passes (125,000 distinct links took 50x, a Python step each). Anything else
    # is read link by link, from where its error can be, for the error's position.
    # (Cutting with the grammar's own pattern between "<" and ">", and making the URIs
    # of its groups, was no quicker in either build: what 100,000 distinct links cost
    # is making their objects, and the collector's passes over them.)
    parts = _LINK_VALUE_RE.split(text)
    separators = parts[0::3]
    if _LIST_SEPARATORS_RE.fullmatch("".join(separators)) is None or not all(
            map(operator.contains, separators[1:-1], repeat(","))):
        return _read_links_to_error(text, base_uri, lenient)
    targets: list[str] = parts[1::3]
    texts: list[str] = parts[2::3]
    read = {params: _plain_params(params) for params in set(texts)}
    readings = {params: reading for params, reading in read.items() if reading is not None}
    if len(readings) != len(read):
        return _read_links(text, base_uri, lenient)
    if len(readings) == 1:  # every link has the same parameters (or none)
        (reading,) = readings.values()
        distinct = list(dict.fromkeys(targets))
        uris = _targets(distinct, base_uri, lenient)
        if uris is None:
            return _read_links_to_error(text, base_uri, lenient)
        made = _links(uris, [reading] * len(uris))
        if len(distinct) == len(targets):
            return made
        return list(map(dict(zip(distinct, made, strict=True)).__getitem__, targets))
    pairs = dict.fromkeys(zip(targets, texts, strict=True))
    if len(pairs) == len(targets):  # no link twice: each read once, in order
        uris = _targets(targets, base_uri, lenient)
        if uris is None:
            return _read_links_to_error(text, base_uri, lenient)
        return _links(uris, list(map(readings.__getitem__, texts)))
    keys = list(pairs)  # each distinct link read once
    uris = _targets([target for target, _ in keys], base_uri, lenient)
    if uris is None:
        return _read_links_to_error(text, base_uri, lenient)
    made = _links(uris, [readings[params] for _, params in keys])
    link_of = dict(zip(keys, made, strict=True))
    return list(map(link_of.__getitem__, zip(targets, texts, strict=True)))


def _targets(references: list[str], base_uri: FrozenURI | None,
             lenient: bool) -> list[FrozenURI] | None:
    """The URIs of the target ``references`` of a field, or ``None`` when one is
    refused (:func:`_read_links_to_error` then says where)."""
    try:
        if lenient:
            return [_target(reference, 1, reference, base_uri, lenient)
                    for reference in references]
        uris = list(map(FrozenURI.parse, references))
        return uris if base_uri is None else list(map(base_uri.resolve, uris))
    except URIError:
        return None


def _read_links_to_error(text: str, base_uri: FrozenURI | None, lenient: bool) -> list[Link]:
    """The error of a field the cut could not read (:func:`_read_links` raises it),
    read link by link from where it can be: after the links the strict cut
    (:func:`_strict_link_value_re`) reads, which read one by one raise nothing (a
    field of a megabyte of links with an error at its end was read twice, the second
    time link by link from its start: 94x a parse)."""
    if lenient or (base_uri is not None and base_uri.scheme is None):
        return _read_links(text, base_uri, lenient)  # any target can be the error
    parts = _strict_link_value_re().split(text)
    start = _error_search_start(parts[0::10], parts[1::10], parts[9::10])
    tail = _read_links(text, base_uri, lenient, start)  # raises where the error is
    return tail if start == 0 else _read_links(text, base_uri, lenient)


_STRICT_LINK_VALUE_RE: list[re.Pattern[str]] = []


def _strict_link_value_re() -> re.Pattern[str]:
    """``_LINK_VALUE_RE`` with the grammar's own URI-reference pattern between "<" and
    ">" (compiled on first use): it reads the link-values whose targets
    ``FrozenURI.parse`` takes (no component holds ">": the pattern ends where the
    match of the target alone would end). Its groups: the target, its seven
    components and the parameters' text."""
    if not _STRICT_LINK_VALUE_RE:
        _STRICT_LINK_VALUE_RE.append(re.compile(
            f"<({URI_REFERENCE_RE.pattern})>({_PARAMS})"))
    return _STRICT_LINK_VALUE_RE[0]


_Reading = tuple[frozenset[str], tuple[tuple[str, str], ...]]
_NO_RELATION: Final[frozenset[str]] = frozenset()


def _plain_params(params: str) -> _Reading | None:
    """The relation types and other parameters of a link whose parameter text
    (``; rel=next; type="text/html"``, a whole match of ``_LINK_VALUE_RE``'s last
    group) is plain (at most one ``rel``, no ``anchor``, no other name allowed once,
    no ``*`` name), read at once, in C (a link of a megabyte of parameters took 40x a
    parse, a Python step each); ``None`` for any other, which :func:`_read_links`
    reads."""
    if not params:
        return _NO_RELATION, ()
    split = _split_params(params)
    if split is None:
        # cut at each parameter: "", name, value, "", name, value, ..., "" (the text
        # is a run of parameters), with no pair made per parameter; the names lowered
        # at once (a token holds no NUL)
        cut = _NAME_VALUE_RE.split(params)
        lowered = "\x00".join(cut[1::3]).lower()
        raws: list[str | None] = cut[2::3]  # None: a name without a value
        if None in raws:
            raws = [raw or "" for raw in raws]
        values = _unquoted_all(cast("list[str]", raws))
    else:
        lowered, values = split
    if "*" in lowered:
        return None
    names = lowered.split("\x00")
    special = _ONCE_OR_FIELD.intersection(names)
    if special - {"rel"} or names.count("rel") > 1:
        return None
    rel = _NO_RELATION
    if special:
        at = names.index("rel")
        rel = _rel_types(values[at])
        if not all(_VISIBLE_RE.fullmatch(rel_type) for rel_type in rel):
            return None  # refused, where it stands, by _read_links
        del names[at], values[at]
    return rel, tuple(zip(names, values, strict=True))


def _split_params(params: str) -> tuple[str, list[str]] | None:
    """The names (lower-case, joined by NUL) and the values of a parameter text whose
    every parameter has a value, no quoted-pair and no ";", "=" or white space in a
    quoted string, read by str methods alone (a regular expression's match per
    parameter took 4 times a parse on a link of a megabyte of them); ``None`` for any
    other. White space is then only the OWS around ";" and "=" and quotes only
    delimit values: without them, the text is ";name=value" for each parameter."""
    if "\\" in params or _QUOTES_HOLD_NO_DELIMITER_RE.fullmatch(params) is None:
        return None
    bare = params.replace('"', "").replace(" ", "").replace("\t", "")
    if bare.count("=") != bare.count(";"):  # a name without a value
        return None
    flat = bare[1:].replace("=", ";").split(";")  # name, value, name, value, ...
    return "\x00".join(flat[0::2]).lower(), flat[1::2]


# quoted strings closed, none holding ";", "=", a space or a tab
_QUOTES_HOLD_NO_DELIMITER_RE: Final = re.compile(
    f'(?:[^"]*{_P}"[^"; \t=]*{_P}")*{_P}[^"]*{_P}')


def _links(targets: list[FrozenURI], readings: list[_Reading]) -> list[Link]:
    """A :class:`Link` of each target and its reading (:func:`_plain_params`), made
    without :class:`Link`'s checks: a target is a URI, each relation type visible ASCII
    and each name a token other than ``rel`` and ``anchor``, by the patterns that read
    them. Each link's attributes are one dict, given whole (a link is an ordinary
    object, its fields in its ``__dict__``, in both builds: setting them one at a time
    through ``object.__setattr__`` took twice as long)."""
    links: list[Link] = list(map(Link.__new__, repeat(Link, len(targets))))
    fields = [{"target": target, "rel": rel, "params": params, "anchor": None}
              for target, (rel, params) in zip(targets, readings, strict=True)]
    deque(map(object.__setattr__, links, repeat("__dict__"), fields), maxlen=0)
    return links


def _unquoted_all(raws: list[str]) -> list[str]:
    """Each parameter value of ``raws`` unquoted (:func:`_unquoted`), at once where none
    holds a backslash: a value holds no NUL (a token none, qdtext no control but HTAB),
    and without quoted-pairs the only quotes are those around quoted-strings."""
    joined = "\x00".join(raws)
    if "\\" in joined:
        return list(map(_unquoted, raws))
    return joined.replace('"', "").split("\x00")


def _unquoted(raw: str) -> str:
    """A parameter's value: a token as it is, a quoted-string's text with each
    quoted-pair's backslash dropped (RFC 9110 §5.6.4), in C."""
    if not raw.startswith('"'):
        return raw
    inner = raw[1:-1]
    if "\\" not in inner:
        return inner
    # qdtext holds no backslash, so each one starts a pair or is the one a pair
    # escapes: str.split reads the escaped backslashes left to right as the pairs
    # fall, and what is left of each backslash starts a pair of its own
    return "\\".join(map(str.replace, inner.split("\\\\"), repeat("\\"), repeat("")))


def _error_search_start(separators: list[str], targets: list[str], texts: list[str]) -> int:
    """Where reading link by link meets the first error of a field whose strict cut
    (:func:`_strict_link_value_re`) left something that is no list separator: the
    start of the link before the first such separator, when every link before that
    one is plain (:func:`_plain_params`); else 0. Those links are link-values with
    URI-reference targets and plain parameters, each followed by a separator: read
    one by one they raise nothing, and the reading arrives where this says (a field of
    a megabyte with an error at its end was read twice, the second time link by link:
    90x a parse)."""
    joined = "".join(separators)
    run = _LIST_SEPARATORS_RE.match(joined)
    ends = list(accumulate(map(len, separators)))  # where each separator ends in joined
    bad = len(separators)
    if run is not None and run.end() < len(joined):  # the separator holding that character
        bad = bisect_right(ends, run.end())
    commas = list(map(operator.contains, separators[1:-1], repeat(",")))
    if False in commas:
        bad = min(bad, commas.index(False) + 1)
    if bad <= 1 or any(_plain_params(params) is None for params in set(texts[:bad - 1])):
        return 0
    # the link before the bad separator starts after the links, and separators, before it
    return (sum(map(len, separators[:bad])) + sum(map(len, targets[:bad - 1]))
            + sum(map(len, texts[:bad - 1])) + 2 * (bad - 1))


def _read_links(text: str, base_uri: FrozenURI | None, lenient: bool,
                start: int = 0) -> list[Link]:
    """The links of a field value, read link by link from ``start`` (a link's start:
    see :func:`_error_search_start`); errors name their position."""
    links: list[Link] = []
    pos = _separator_end(text, start)
    while pos < len(text):
        target = _TARGET_RE.match(text, pos)
        if target is None:
            raise ParseError(text, pos, "link", "expected '<' to start a link")
        reference = _target(text, pos + 1, target.group(1), base_uri, lenient)
        pos = target.end()
        rel: frozenset[str] | None = None
        anchor: FrozenURI | None = None
        params: list[tuple[str, str]] = []
        seen: set[str] = set()
        while (param := _PARAM_RE.match(text, pos)) is not None:
            name, equals, raw = param.group(1).lower(), param.group(2), param.group(3) or ""
            if equals and not raw:
                raise ParseError(text, param.end(), "link",
                                 "expected a token or a quoted string after '='")
            unquoted = _unquoted(raw)
            pos = param.end()
            if name in _ONCE and name in seen:
                continue
            seen.add(name)
            if name == "rel":
                rel = _rel_types(unquoted)
                for rel_type in rel:  # obs-text (a C1 control, say) is no relation type
                    try:
                        _check_rel_type(rel_type)
                    except ParseError as error:
                        raise ParseError(text, param.start(3), "link",
                                         f"invalid relation type ({error.reason})") from None
            elif name == "anchor":
                anchor = _target(text, param.start(3), unquoted, base_uri, lenient)
            else:
                if name.endswith("*"):
                    unquoted = _decoded_ext_value(text, param.start(3), unquoted)
                params.append((name, unquoted))
        links.append(Link(reference, rel or frozenset(), tuple(params), anchor))
        after = _separator_end(text, pos)
        if after < len(text) and "," not in text[pos:after]:
            raise ParseError(text, after, "link",
                             f"invalid character {text[after]!r} after a link")
        pos = after
    return links


def _separator_end(text: str, pos: int) -> int:
    """Where the run of list separators (OWS, commas) at ``pos`` ends."""
    run = _SEPARATOR_RE.match(text, pos)
    return pos if run is None else run.end()


def _field_text(value: str | Iterable[str]) -> str:
    given = cast("object", value)  # checked: callers without a type checker pass anything
    if isinstance(given, str):
        return given
    if isinstance(given, bytes | bytearray) or not isinstance(given, Iterable):
        raise TypeError("a Link field value is text or an iterable of text, not "
                        f"{type(given).__name__} (decode bytes as latin-1 first)")
    lines = list(cast("Iterable[object]", given))
    texts = [line for line in lines if isinstance(line, str)]
    if len(texts) != len(lines):
        raise TypeError("a Link field value is text or an iterable of text")
    return ", ".join(texts)


def format_links(links: Iterable[Link]) -> str:
    """The ``Link`` header field value of ``links`` (RFC 8288 §3), comma-separated.

    >>> next_page = Link(FrozenURI.parse("/items?page=2"), frozenset({"next"}))
    >>> format_links([next_page, Link(FrozenURI.parse("/items?page=9"), frozenset({"last"}),
    ...                                (("title", "Last page"),))])
    '</items?page=2>; rel="next", </items?page=9>; rel="last"; title="Last page"'

    Every :class:`Link` was checked when it was made, so the value is one header
    field line: no CR, LF or other control character, and every quoted string closed.

    Raises:
        TypeError: an item of ``links`` is not a :class:`Link`.

    .. versionadded:: 0.4
    """
    items = list(cast("Iterable[object]", links))
    if not all(isinstance(link, Link) for link in items):
        raise TypeError("format_links takes Link records")
    return ", ".join(map(str, items))


@attrs.frozen(slots=False)  # no slots: a slot has no docstring
class Pages:
    """The pagination links of a response (``first``, ``prev``, ``next``, ``last``),
    as GitHub's, GitLab's and most REST APIs send them in a ``Link`` header; each is
    ``None`` when the response has no such link.

    >>> pages = Pages.from_links(parse_links(
    ...     '<https://gitlab.example/api/v4/projects/8/issues?page=2&per_page=3>; rel="next", '
    ...     '<https://gitlab.example/api/v4/projects/8/issues?page=1&per_page=3>; rel="first"'))
    >>> str(pages.next), pages.prev
    ('https://gitlab.example/api/v4/projects/8/issues?page=2&per_page=3', None)

    .. versionadded:: 0.4
    """

    first: FrozenURI | None = None
    prev: FrozenURI | None = None
    next: FrozenURI | None = None
    last: FrozenURI | None = None

    @classmethod
    def from_links(cls, links: Iterable[Link] | Checked) -> Pages:
        """The pagination links among ``links``: the first link of each relation
        (``previous`` is read as ``prev``, its synonym in IANA's registry).

        Raises:
            TypeError: an item of ``links`` is not a :class:`Link`.
        """
        found: dict[str, FrozenURI] = {}
        for link in cast("Iterable[object]", links):  # checked: callers without a checker
            if not isinstance(link, Link):
                raise TypeError(f"Pages.from_links takes Link records, not "
                                f"{type(link).__name__}")
            for rel in link.rel:
                page = _PAGES.get(rel)
                if page is not None and page not in found:
                    found[page] = link.target
        return cls(found.get("first"), found.get("prev"), found.get("next"),
                   found.get("last"))

    def links(self) -> list[Link]:
        """The pages as links, in the order first, prev, next, last, for
        :func:`format_links`."""
        pages = (("first", self.first), ("prev", self.prev), ("next", self.next),
                 ("last", self.last))
        return [Link(uri, frozenset({rel})) for rel, uri in pages if uri is not None]
