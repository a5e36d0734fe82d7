"""The table of operations: each command with its function, its output columns and its errors.

:class:`Command` is the one list of what a batch front end can do to a line or a
cell (the command line's commands, Dask's, DuckDB's, Polars' and pandas'); each
member has its :attr:`~Command.function` (text in, result out, a
:class:`~urikit.URIError` for invalid text), its :attr:`~Command.columns` (the names
of the result's fields) and its :attr:`~Command.kinds` (the kinds of error it gives,
:mod:`urikit._batch.records`). :class:`Operation` is a command with its options, as
every front end builds it once and sends it whole to its workers.
"""

from __future__ import annotations

import codecs
import enum
import functools
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple, cast

from .._core.build import mypyc_attr
from .._core.errors import ParseError, Rule, URIError
from .._core.grammar import PCT_RUN_RE, SCHEME_RE
from .._core.normalize import DEFAULT_OPTIONS as DEFAULT_NORMALIZE
from .._core.normalize import normalize as normalize_parts
from .._core.parse import split
from .._core.percent import unquote_octets
from .._core.serialize import to_text
from .._model.text import domain_matcher, host_labels
from .._model.uri import URI, FrozenURI
from .._web.canonical import CanonicalOptions, canonical_text
from .masking import masked
from .records import (
    BASE,
    ENCODING,
    IDNA,
    INTERNAL,
    NO_TAB,
    NULL,
    OTHER,
    PARSE_COMPONENTS,
    UNDECODABLE,
    parse_kind,
)

#: The fields of the ``components`` operation's result, in :class:`urikit.Components`'
#: order (wire text, ``None`` for an undefined component).
COMPONENTS: Final = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")
#: The fields of a pair of the ``query_pairs`` operation's result (a list of them).
PAIR_FIELDS: Final = ("key", "value")
#: The fields of the ``explain`` operation's result (the element model).
ELEMENT_MODEL: Final = ("scheme", "userinfo", "host", "port", "has_port", "path",
                        "query", "fragment", "is_relative")


class Command(str, enum.Enum):
    """A batch operation: what the command line's command of the same name does to
    each line (``_`` written ``-``: ``query-param``), and each data front end's method
    or function of that name (``validate``: ``is_valid``; ``explain`` is the command
    line's only). ``build`` reads each line as the parts of a URL (a JSON object of
    :data:`BUILD_FIELDS`, the row form of the command line and of Dask's lines); the
    DataFrame front ends and DuckDB build from a column a part
    (:func:`build_text` either way).

    >>> Command("normalize").columns, Command.HOST.function is not None
    (('normalize',), True)
    """

    NORMALIZE = "normalize"
    VALIDATE = "validate"
    EXPLAIN = "explain"
    RESOLVE = "resolve"
    RELATIVE = "relative"
    CANONICALIZE = "canonicalize"
    HOST = "host"
    COMPONENTS = "components"
    DECODED = "decoded"
    SEGMENTS = "segments"
    HOST_LABELS = "host_labels"
    QUERY_PARAM = "query_param"
    QUERY_VALUES = "query_values"
    QUERY_PAIRS = "query_pairs"
    REGISTRABLE_DOMAIN = "registrable_domain"
    PUBLIC_SUFFIX = "public_suffix"
    SUBDOMAIN = "subdomain"
    IN_DOMAIN = "in_domain"
    BUILD = "build"

    def __str__(self) -> str:
        """The command's name (in a message, or as a column's name)."""
        return self.value

    @property
    def function(self) -> Function:
        """The operation on one text: ``(output, key)`` (``key``: the unmasked
        canonical form, for canonicalize), or a :class:`~urikit.URIError`."""
        return _TABLE[self].function

    @property
    def columns(self) -> tuple[str, ...]:
        """The names of the result's fields: one for a text result (the command's
        name), several for a ``dict`` result (``explain``, ``components``)."""
        return _TABLE[self].columns

    @property
    def kinds(self) -> frozenset[str]:
        """The kinds of error a line can get from this operation (for a pair's base,
        each with ``base-`` before it)."""
        return _TABLE[self].kinds

    @property
    def pairs(self) -> bool:
        """Whether it reads a base with each reference (resolve, relative)."""
        return self in (Command.RESOLVE, Command.RELATIVE)

    @property
    def argument(self) -> str:
        """The name of the one text the operation takes besides each value
        (:attr:`Operation.argument`: a query key, a domain), or ``""``."""
        return _TABLE[self].argument

    @property
    def keywords(self) -> tuple[str, ...]:
        """The options the operation reads besides those of every reading
        (``allow_zone_id``, ``lenient``, ``default_scheme``): ``options`` (canonicalize's
        :class:`~urikit.CanonicalOptions`), ``charset`` (the operations that decode a
        query): the parameters ``tools/frontends.py`` gives each front end's method."""
        return _TABLE[self].keywords

    @property
    def shape(self) -> Shape:
        """What one result is: ``text`` (a ``str`` or ``None``), ``flag`` (a
        ``bool``), ``texts`` (a list of texts), ``pairs`` (a list of
        :data:`PAIR_FIELDS` dicts), or ``struct`` (a dict of :attr:`columns`); what each
        front end builds its type from."""
        return _TABLE[self].shape


def _unset(op: Operation, text: str) -> tuple[object, str | None]:
    """The stand-in of :attr:`Operation.function` until it is set."""
    raise AssertionError("an Operation's function is set by __post_init__")


Function = Callable[["Operation", str], tuple[object, str | None]]


# an ordinary class in the compiled build too: pickled to worker processes and Dask
# tasks, and a compiled frozen dataclass refused its own unpickling (setattr)
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class Operation:
    """What to do with each line: a command and its options (picklable, so that
    worker processes and Dask tasks receive it whole). ``lenient`` reads each line as
    :meth:`urikit.URI.parse_lenient` does, and records what was repaired. Resolve and
    relative without a ``base`` read (base, reference) pairs (:attr:`pairs`).
    ``show_password`` leaves secrets in the results and inputs (the data front ends
    that return data, not output for people, set it; errors are masked always).
    ``lenient_hint``: a front end's own advice (the command line's ``--lenient``),
    given in place of the library's hint when a strict reading refuses a line that
    the lenient reading would read (the lenient reader is asked, on error lines only);
    ``""`` keeps the library's hint."""

    command: Command
    allow_zone_id: bool = False
    show_password: bool = False
    base: str | None = None  # resolve, relative
    strict: bool = True  # resolve
    options: CanonicalOptions = field(default_factory=CanonicalOptions)  # canonicalize
    lenient: bool = False
    lenient_hint: str = ""
    #: the operation's one text besides each value (:attr:`Command.argument`: the key
    #: of query_param, query_values; the domain of in_domain)
    argument: str = ""
    #: the charset of the query's percent-encoded octets, for the operations that
    #: decode it (decoded, query_param, query_values, query_pairs): a codec's name
    charset: str = "utf-8"
    #: the scheme a value the lenient reader reads without one is read with
    #: (``www.site.com/path`` as ``https://www.site.com/path``); a lenient reading
    #: (it sets ``lenient``); not for the pairs of resolve and relative
    default_scheme: str = ""
    #: whether each line is a (base, reference) pair: resolve or relative without a
    #: base (set from the others: a field, not a property, as it is asked every line)
    pairs: bool = field(init=False, default=False)
    #: the command's function (:attr:`Command.function`), looked up once, not a line
    function: Function = field(init=False, repr=False, compare=False, default=_unset)

    def __post_init__(self) -> None:
        given = cast("object", self.argument)  # callers without a type checker: anything
        if not isinstance(given, str):
            raise TypeError(f"{self.command}'s {self.command.argument or 'argument'} must "
                            f"be a str, not {type(given).__name__}")
        if self.charset != "utf-8":
            try:
                name = codecs.lookup(self.charset).name
            except LookupError:
                raise ValueError(f"unknown charset {self.charset!r}") from None
            object.__setattr__(self, "charset", "utf-8" if name == "utf-8" else name)
        if self.command is Command.BUILD:  # a line of parts is read as JSON, not as a
            # URL: the readings of a URL do not apply (a front end's option for all of
            # its operations, as DuckDB's register has them; the command line refuses
            # --lenient for build)
            object.__setattr__(self, "lenient", False)
            object.__setattr__(self, "default_scheme", "")
        if self.default_scheme:
            scheme = cast("object", self.default_scheme)
            if not isinstance(scheme, str) or SCHEME_RE.fullmatch(scheme) is None:
                raise ValueError(f"default_scheme must be a scheme, not {scheme!r}")
            if self.command.pairs:
                raise ValueError(f"{self.command} takes no default_scheme (a relative "
                                 "reference is read against its base)")
            object.__setattr__(self, "lenient", True)
        object.__setattr__(self, "pairs", self.base is None and self.command.pairs)
        object.__setattr__(self, "function", self.command.function)



#: What one result of an operation is (:attr:`Command.shape`).
Shape = Literal["text", "flag", "texts", "pairs", "struct", "model"]


class _Entry(NamedTuple):
    function: Function
    columns: tuple[str, ...]
    kinds: frozenset[str]
    shape: Shape = "text"
    argument: str = ""
    keywords: tuple[str, ...] = ()


# --- the functions -------------------------------------------------------------------


@functools.lru_cache(maxsize=64)  # a link table repeats its bases
def base_uri(text: str, allow_zone_id: bool) -> URI:
    """The base of resolve and relative, read once for the many lines that share it."""
    return URI.parse(text, allow_zone_id=allow_zone_id)


def _normalize(op: Operation, text: str) -> tuple[object, str | None]:
    result = to_text(normalize_parts(split(text, op.allow_zone_id), DEFAULT_NORMALIZE))
    return result if op.show_password else masked(result), None


def _canonicalize(op: Operation, text: str) -> tuple[object, str | None]:
    key = canonical_text(text, op.options, allow_zone_id=op.allow_zone_id)
    return key if op.show_password else masked(key), key


def _validate(op: Operation, text: str) -> tuple[object, str | None]:
    split(text, op.allow_zone_id)
    return text if op.show_password else masked(text), None


def element_model(uri: URI | FrozenURI) -> dict[str, object]:
    """The element model of ``uri`` as plain data (``None`` for undefined). A port of
    more digits than ``int`` converts to text (``sys.get_int_max_str_digits()``, 4300
    by default) is given as its digits, a ``str``, so that it prints and is written
    to JSON."""
    return {
        "scheme": uri.scheme,
        "userinfo": uri.userinfo,
        "host": uri.host,
        "port": _port(uri),
        "has_port": uri.has_port,
        "path": list(uri.path),
        "query": uri.query,
        "fragment": uri.fragment,
        "is_relative": uri.scheme is None,
    }


def _port(uri: URI | FrozenURI) -> int | str | None:
    digits = (uri.components.port or "").lstrip("0")
    limit = getattr(sys, "get_int_max_str_digits", int)()  # 0: no limit (and before 3.11)
    return digits if limit and len(digits) > limit else uri.port


def _explain(op: Operation, text: str) -> tuple[object, str | None]:
    uri = URI.parse(text, allow_zone_id=op.allow_zone_id)
    if not op.show_password:
        uri = URI.parse(masked(str(uri)), allow_zone_id=op.allow_zone_id)
    return element_model(uri), None


def _resolve(op: Operation, text: str) -> tuple[object, str | None]:
    assert op.base is not None
    return resolve_text(op, op.base, text), None


def resolve_text(op: Operation, base: str, reference: str) -> str:
    """``reference`` resolved against ``base`` (texts), as ``op`` shows it."""
    uri = URI.parse(reference, allow_zone_id=op.allow_zone_id)
    resolved = base_uri(base, op.allow_zone_id).resolve(uri, strict=op.strict)
    return masked(str(resolved), op.show_password)


def _relative(op: Operation, text: str) -> tuple[object, str | None]:
    assert op.base is not None
    return relative_text(op, op.base, text), None


def relative_text(op: Operation, base: str, target: str) -> str:
    """The reference from ``base`` to ``target`` (texts), as ``op`` shows it."""
    uri = URI.parse(target, allow_zone_id=op.allow_zone_id)
    return masked(str(uri.relative_to(base_uri(base, op.allow_zone_id))), op.show_password)


def _host(op: Operation, text: str) -> tuple[object, str | None]:
    return split(text, op.allow_zone_id)[2], None


def _components(op: Operation, text: str) -> tuple[object, str | None]:
    # the text itself read first: its masked form may be valid where it is not (a
    # space in a password), and the errors are the text's
    parts = split(text, op.allow_zone_id)
    if not op.show_password:
        shown = masked(text)
        if shown != text:
            parts = split(shown, op.allow_zone_id)
    return dict(zip(COMPONENTS, parts, strict=True)), None


def _read(op: Operation, text: str) -> URI:
    """``text`` read, then, unless ``op.show_password``, read again with its secrets
    masked (what the command line's records show people; a data front end's results
    keep them): the errors are those of the text itself, positions included."""
    uri = URI.parse(text, allow_zone_id=op.allow_zone_id)
    if not op.show_password:
        shown = masked(text)
        if shown != text:
            uri = URI.parse(shown, allow_zone_id=op.allow_zone_id)
    return uri


def _exact(op: Operation, text: str, component: str, value: str | None,
           charset: str = "utf-8") -> str | None:
    """``value``, a component's text decoded once as UTF-8 (octets that are not UTF-8
    kept as surrogate escapes, as :func:`urikit._core.percent.unquote` keeps them), as
    ``charset`` decodes its octets; a :class:`~urikit.ParseError` at the first run of
    ``%XX`` that ``charset`` does not decode, never a replacement character."""
    if value is None:
        return None
    if charset == "utf-8":
        if value.isascii() or not _SURROGATE_ESCAPE_RE.search(value):
            return value
    else:
        try:
            return value.encode("utf-8", "surrogateescape").decode(charset)
        except UnicodeDecodeError:
            pass
    raise _undecodable(text, component, charset)


# the lone surrogates "surrogateescape" decodes undecodable octets to (written with
# chr: mypyc takes no surrogate in a string literal)
_SURROGATE_ESCAPE_RE: Final = re.compile(f"[{chr(0xDC80)}-{chr(0xDCFF)}]")


def _undecodable(text: str, component: str, charset: str) -> ParseError:
    """The error of a component whose octets ``charset`` does not decode: at the first
    run of ``%XX`` it refuses (in the component's place in ``text``)."""
    start = {"query": text.find("?") + 1, "fragment": text.find("#") + 1}.get(component, 0)
    for run in PCT_RUN_RE.finditer(text, start):
        try:
            unquote_octets(run.group()).decode(charset)
        except UnicodeDecodeError as exc:
            return ParseError(text, run.start() + 3 * exc.start, component,
                              f"percent-encoded octets that are not {charset}",
                              "give the charset the values are written in")
    return ParseError(text, start, component, f"percent-encoded octets that are not {charset}",
                      "give the charset the values are written in")


def _decoded(op: Operation, text: str) -> tuple[object, str | None]:
    uri = _read(op, text)
    plain = uri.text
    return {"scheme": uri.scheme,
            "userinfo": _exact(op, text, "userinfo", plain.userinfo),
            "host": _exact(op, text, "host", plain.host), "port": uri.components.port,
            "path": _exact(op, text, "path", str(plain.path)) if uri.path else "",
            "query": _exact(op, text, "query", plain.query, op.charset),
            "fragment": _exact(op, text, "fragment", plain.fragment)}, None


def _segments(op: Operation, text: str) -> tuple[object, str | None]:
    segments = _read(op, text).text.path
    return [_exact(op, text, "path", s) for s in segments], None


def _host_labels(op: Operation, text: str) -> tuple[object, str | None]:
    labels = host_labels(split(text, op.allow_zone_id)[2])
    return None if labels is None else [_exact(op, text, "host", s) for s in labels], None


def _pairs(op: Operation, text: str) -> list[tuple[str | None, str | None]] | None:
    """The query's (key, value) pairs of plain text, each decoded once as
    ``op.charset`` decodes it (``None`` for a value without "="), or ``None`` without
    a query."""
    uri = _read(op, text)
    if uri.query is None:
        return None
    return [(_exact(op, text, "query", k, op.charset), _exact(op, text, "query", v, op.charset))
            for k, v in uri.params.items()]


def _query_param(op: Operation, text: str) -> tuple[object, str | None]:
    return next((v for k, v in _pairs(op, text) or () if k == op.argument), None), None


def _query_values(op: Operation, text: str) -> tuple[object, str | None]:
    return [v for k, v in _pairs(op, text) or () if k == op.argument], None


def _query_pairs(op: Operation, text: str) -> tuple[object, str | None]:
    pairs = _pairs(op, text)
    return None if pairs is None else [{"key": k, "value": v} for k, v in pairs], None


# the site's parts import IDNA and the Public Suffix List on first use, not with the
# command line (tests/test_imports.py); each reads the host alone, as host does (the
# components, not a URI: a URI's host is the same text)
def _registrable_domain(op: Operation, text: str) -> tuple[object, str | None]:
    from .._web.site import registrable_domain

    host = split(text, op.allow_zone_id)[2]
    return None if host is None else registrable_domain(host), None


def _public_suffix(op: Operation, text: str) -> tuple[object, str | None]:
    from .._web.site import public_suffix

    host = split(text, op.allow_zone_id)[2]
    return None if host is None else public_suffix(host), None


def _subdomain(op: Operation, text: str) -> tuple[object, str | None]:
    from .._web.site import subdomain

    host = split(text, op.allow_zone_id)[2]
    return None if host is None else subdomain(host), None


def _in_domain(op: Operation, text: str) -> tuple[object, str | None]:
    return _matcher(op.argument)(split(text, op.allow_zone_id)[2]), None


@functools.lru_cache(maxsize=64)  # one domain for a column: read once, not a row
def _matcher(domain: str) -> Callable[[str | None], bool]:
    return domain_matcher(domain)


#: The fields of a row that :func:`build_text` builds a URL from, in its order.
BUILD_FIELDS: Final = ("scheme", "host", "port", "segments", "query", "fragment")


def build_text(scheme: str | None, host: str | None, port: int | None,
               segments: Sequence[str] | None,
               query: Mapping[str, str | None] | Sequence[Mapping[str, str | None]]
               | Sequence[tuple[str, str | None]] | None,
               fragment: str | None) -> str:
    """The URL of plain parts, each encoded for its place once (as ``uri.text`` and
    ``uri.params`` write them: a "/" in a segment is ``%2F``, a "&" in a value
    ``%26``), ``None`` for a part left out: ``segments`` the path's segments after the
    host (an absolute path; ``[]`` the root, ``/``), ``query`` a map of keys to values or a list of
    ``{key, value}`` structs or pairs (a value ``None``: a key without "=").

    Raises:
        URIError: a part that has no place there (a scheme that is none, a host IDNA
            refuses, a port out of range...).

    >>> build_text("https", "bücher.example", 8080, ["a/b", "c d"],
    ...            [{"key": "q", "value": "x&y"}], "top")
    'https://xn--bcher-kva.example:8080/a%2Fb/c%20d?q=x%26y#top'
    """
    uri = URI(scheme=scheme)
    if host is not None:
        uri.text.host = host
    if port is not None:
        uri.port = port
    if segments is not None:
        # [] is the root; set_text, not uri.text.path = ...: compiled, an assignment
        # to the property is checked against its getter's type (the view), not the
        # setter's (a list is refused in mypyc's words)
        uri.set_text(path=["", *segments] if segments else ["", ""])
    if query is not None:
        pairs: list[tuple[str | None, str | None]]
        if isinstance(query, Mapping):
            pairs = list(query.items())
        else:
            pairs = [(q["key"], q["value"]) if isinstance(q, Mapping) else q for q in query]
        uri.query = ""
        uri.params.extend([(k, v) for k, v in pairs if k is not None])
    if fragment is not None:
        uri.text.fragment = fragment
    return str(uri)


def parts_of(text: str) -> dict[str, object]:
    """The parts of a URL that a line of ``build`` holds: a JSON object of
    :data:`BUILD_FIELDS`, each optional (``null``: the part left out), each of its
    type (``scheme``, ``host``, ``fragment`` strings, ``port`` an integer,
    ``segments`` a list of strings, ``query`` a list of ``{"key", "value"}`` objects
    or an object of keys to values).

    Raises:
        URIError: the line is no such object (a line is the parts, not a URL: the
            error has no position in it).

    >>> parts_of('{"scheme": "https", "host": "a.example", "segments": ["x y"]}')
    {'scheme': 'https', 'host': 'a.example', 'segments': ['x y']}
    """
    try:
        parts = json.loads(text)
    except ValueError as exc:  # json.JSONDecodeError, and a lone surrogate
        raise URIError(f"build: not a JSON object of parts ({exc})") from None
    if not isinstance(parts, dict):
        raise URIError(f"build: not a JSON object of parts, a {_json_type(parts)}")
    for name, value in cast("dict[str, object]", parts).items():
        if name not in _PART_TYPES:
            raise URIError(f"build: unknown part {name!r} (the parts: "
                           f"{', '.join(BUILD_FIELDS)})")
        if value is not None and (not isinstance(value, _PART_TYPES[name])
                                  or isinstance(value, bool)):
            raise URIError(f"build: {name} must not be a {_json_type(value)}")
    return cast("dict[str, object]", parts)


def _json_type(value: object) -> str:
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "list"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    return "number" if isinstance(value, (int, float)) else "null"


#: The JSON type of each part of a line of ``build``.
_PART_TYPES: Final[dict[str, type | tuple[type, ...]]] = {
    "scheme": str, "host": str, "port": int, "segments": list, "query": (list, dict),
    "fragment": str}


def _build(op: Operation, text: str) -> tuple[object, str | None]:
    parts = parts_of(text)
    try:
        built = build_text(*(cast("Any", parts.get(name)) for name in BUILD_FIELDS))
    except ParseError as exc:  # a position in the part, not in the line
        raise URIError(f"build: {exc.reason} in {exc.component} "
                       f"{exc.text!r}") from None
    except (TypeError, AttributeError, KeyError, ValueError) as exc:
        if isinstance(exc, URIError):
            raise  # a BuildError (a port without a host), an IDNA error: their kinds
        raise URIError(f"build: a part of the wrong type ({exc})") from None
    return masked(built, op.show_password), None


# --- the table ---------------------------------------------------------------------------

#: What any line can give: the errors of reading it (a table's null, undecodable bytes,
#: a lone surrogate, text that is not a URI-reference, what the lenient reader refuses).
_READING: Final = frozenset({NULL, UNDECODABLE, ENCODING, IDNA, OTHER, INTERNAL,
                             *(parse_kind(c) for c in PARSE_COMPONENTS)})
#: What a (base, reference) pair adds: a line without a tab, the errors of its base.
_PAIRS: Final = frozenset({NO_TAB, *(BASE + kind for kind in _READING - {NULL})})

#: The options of the operations that decode a query's octets.
_CHARSET: Final = ("charset",)

_TABLE: Final[dict[Command, _Entry]] = {
    Command.NORMALIZE: _Entry(_normalize, ("normalize",), _READING),
    Command.VALIDATE: _Entry(_validate, ("validate",), _READING, "flag"),
    Command.EXPLAIN: _Entry(_explain, ELEMENT_MODEL, _READING, "model"),
    Command.RESOLVE: _Entry(_resolve, ("resolve",),
                            _READING | _PAIRS | {"base-needs-scheme"}),
    Command.RELATIVE: _Entry(_relative, ("relative",), _READING | _PAIRS),
    Command.CANONICALIZE: _Entry(_canonicalize, ("canonicalize",), _READING,
                                 keywords=("options",)),
    Command.HOST: _Entry(_host, ("host",), _READING),
    Command.COMPONENTS: _Entry(_components, COMPONENTS, _READING, "struct"),
    Command.DECODED: _Entry(_decoded, COMPONENTS, _READING, "struct", keywords=_CHARSET),
    Command.SEGMENTS: _Entry(_segments, ("segments",), _READING, "texts"),
    Command.HOST_LABELS: _Entry(_host_labels, ("host_labels",), _READING, "texts"),
    Command.QUERY_PARAM: _Entry(_query_param, ("query_param",), _READING, "text", "key",
                                _CHARSET),
    Command.QUERY_VALUES: _Entry(_query_values, ("query_values",), _READING, "texts",
                                 "key", _CHARSET),
    Command.QUERY_PAIRS: _Entry(_query_pairs, ("query_pairs",), _READING, "pairs",
                                keywords=_CHARSET),
    Command.REGISTRABLE_DOMAIN: _Entry(_registrable_domain, ("registrable_domain",),
                                       _READING),
    Command.PUBLIC_SUFFIX: _Entry(_public_suffix, ("public_suffix",), _READING),
    Command.SUBDOMAIN: _Entry(_subdomain, ("subdomain",), _READING),
    Command.IN_DOMAIN: _Entry(_in_domain, ("in_domain",), _READING, "flag", "domain"),
    Command.BUILD: _Entry(_build, ("build",), _READING | {rule.value for rule in Rule}),
}
