"""URI Template expansion (RFC 6570, levels 1 to 4) through the uritemplate package."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Final, TypeAlias, cast

from .._core import grammar as g
from .._core.errors import LONE_SURROGATE, EncodingError, ParseError
from .._core.parse import require_str
from .._core.percent import encode

if TYPE_CHECKING:
    from uritemplate.variable import VariableValue

_EXTRA_HINT: Final = "URI templates need the uritemplate package: pip install 'urikit[templates]'"

# literals = %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B / %x5D / %x5F / %x61-7A
#          / %x7E / ucschar / iprivate / pct-encoded                       (RFC 6570 §2.1)
# ucschar and iprivate are RFC 3987's; a literal outside ASCII is written as UTF-8 %XX.
_LITERALS_RE: Final = re.compile(
    f"(?:[!#$&(-;=?-\\[\\]_a-z~{g.range_class(g.UCSCHAR + g.IPRIVATE)}]|{g.PCT_ENCODED})*")
_NON_ASCII_RE: Final = re.compile("[^\x00-\x7f]+")
# varchar = ALPHA / DIGIT / "_" / pct-encoded; varname = varchar *( ["."] varchar )
# varspec = varname [ prefix / explode ]; prefix = ":" max-length; max-length = %x31-39 0*3DIGIT
_VARCHAR: Final = f"(?:[A-Za-z0-9_]|{g.PCT_ENCODED})"
_VARSPEC_RE: Final = re.compile(
    f"({_VARCHAR}(?:\\.?{_VARCHAR})*)(?::([1-9][0-9]{{0,3}})|(\\*))?")
# operator = "+" / "#" / "." / "/" / ";" / "?" / "&"; "=" "," "!" "@" "|" are reserved
_OPERATORS: Final = "+#./;?&"
_RESERVED_OPERATORS: Final = "=,!@|"
# the characters reserved expansion ("+" and "#") writes as they are (RFC 6570 §3.2.3)
_U_R: Final = g.UNRESERVED | g.RESERVED
_TOKEN_RE: Final = re.compile(f"{g.PCT_ENCODED}|.", re.DOTALL)

# what uritemplate is given for one variable: text, a list of texts, or ordered pairs
_Prepared: TypeAlias = "str | list[str] | list[tuple[str, str]]"


def _load() -> Callable[[str, dict[str, VariableValue]], str]:
    """uritemplate's expand, imported on first use so urikit works without it."""
    try:
        from uritemplate import expand
    except ImportError as exc:
        raise ImportError(_EXTRA_HINT, name="uritemplate") from exc
    return expand


def _member(value: object) -> str:
    """One member of a list or associative array as text."""
    if isinstance(value, (list, tuple, Mapping)):
        raise TypeError(f"a list or mapping member must be a value, not {type(value).__name__}"
                        " (RFC 6570 has no nested values; use a dict for name/value pairs)")
    return _scalar(value)


def _scalar(value: object) -> str:
    if isinstance(value, (bytes, bytearray)):
        raise TypeError("template values are text: decode bytes first")
    text = value if isinstance(value, str) else str(value)
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:  # a lone surrogate: no octets to encode
            raise EncodingError(text[exc.start], exc.start, LONE_SURROGATE) from None
    return text


def _prepare(value: object) -> _Prepared | None:
    """The value as uritemplate takes it, or ``None`` when it is undefined (§2.3).

    ``None`` is undefined, and so is a list or mapping with no defined member.
    A mapping becomes a list of pairs in its own order: uritemplate sorts a dict's
    names, and RFC 6570 keeps them in the order given.
    """
    if value is None:
        return None
    if isinstance(value, (list, tuple)):
        return [_member(m) for m in value if m is not None] or None
    if isinstance(value, Mapping):
        pairs = [(_member(k), _member(v)) for k, v in value.items() if v is not None]
        return pairs or None
    return _scalar(value)


def _reserved_text(text: str, prefix: int | None = None) -> str:
    """``text`` as reserved expansion writes it (RFC 6570 §3.2.3), after the prefix.

    Unreserved and reserved characters and pct-encoded triplets stay; every other
    character, a lone "%" included, becomes %XX of its UTF-8 bytes. A prefix counts a
    triplet as one character, so it never cuts one (§2.4.1).
    """
    tokens = _TOKEN_RE.findall(text)
    if prefix is not None:
        tokens = tokens[:prefix]
    return "".join([t if len(t) == 3 or t in _U_R else encode(t, "segment") for t in tokens])


def _reserved(value: _Prepared) -> _Prepared:
    """A prepared value with every text already in its reserved-expansion form."""
    if isinstance(value, str):
        return _reserved_text(value)
    if value and isinstance(value[0], tuple):
        return [(_reserved_text(k), _reserved_text(v)) for k, v in value]
    return [_reserved_text(cast(str, m)) for m in value]


def _expression(template: str, start: int, end: int) -> tuple[str, list[re.Match[str]]]:
    """The operator and varspecs of the expression ``template[start:end]`` (no braces)."""
    body = template[start:end]
    operator = body[:1] if body[:1] in _OPERATORS else ""
    if body[:1] and body[:1] in _RESERVED_OPERATORS:
        raise ParseError(template, start, "template",
                         f"operator {body[0]!r} is reserved for future extensions")
    specs: list[re.Match[str]] = []
    pos = start + len(operator)
    while True:
        spec = _VARSPEC_RE.match(template, pos, end)
        if spec is None:
            raise ParseError(template, pos, "template", "expected a variable name")
        specs.append(spec)
        pos = spec.end()
        if pos == end:
            return operator, specs
        if template[pos] != ",":
            raise ParseError(template, pos, "template",
                             f"invalid character {template[pos]!r}")
        pos += 1


def _literals(template: str, start: int, end: int) -> str:
    """The literal text ``template[start:end]`` as URI text (RFC 6570 §3.1)."""
    run = _LITERALS_RE.match(template, start, end)
    stop = run.end() if run is not None else start
    if stop != end:
        ch = template[stop]
        reason = (f"invalid character {ch!r}" if ch != "%"
                  else "'%' that starts no pct-encoded triplet")
        raise ParseError(template, stop, "template", reason)
    text = template[start:end]
    return _NON_ASCII_RE.sub(lambda m: encode(m.group(), "segment"), text)


def expand(template: str, variables: Mapping[str, object]) -> str:
    """Expand a URI Template (RFC 6570, all four levels) with ``variables``.

    A value is a ``str``, an ``int``, a list or tuple of those, a mapping of names to
    those (for explode, ``{keys*}``), or any other object, whose ``str()`` is used
    (a :class:`~urikit.URI` is written as its text). ``None``, an empty list and an
    empty mapping are undefined (§2.3), as is a name missing from ``variables``.
    Values are plain text: each expansion percent-encodes them as its operator
    requires, except that reserved expansion (``{+var}``, ``{#var}``) keeps
    pct-encoded triplets (§3.2.3). Literal text outside ASCII is written as UTF-8
    ``%XX`` (§3.1).

    The operators are uritemplate's; urikit checks the template's syntax first, keeps a
    mapping's order (uritemplate sorts a dict's names), and encodes what reserved
    expansion and literals leave raw in uritemplate.

    Args:
        template: the URI Template.
        variables: the values, by variable name.

    Returns:
        The expanded text.

    Raises:
        ParseError: the template is not an RFC 6570 URI Template (the position says
            where), or a prefix modifier (``{var:3}``) is given a list or mapping
            value, which RFC 6570 §2.4.1 does not allow.
        EncodingError: a value holds a lone surrogate.
        TypeError: the template is not a ``str``, ``variables`` is not a mapping, a
            value is bytes, or a list or mapping holds a list or mapping.
        ImportError: the ``uritemplate`` package is missing (install
            ``urikit[templates]``).

    >>> expand("http://example.com/~{user}{/path*}{?q,lang}",
    ...        {"user": "fred", "path": ["a b", "c"], "q": "x&y", "lang": None})
    'http://example.com/~fred/a%20b/c?q=x%26y'
    >>> expand("{+base}{#section}", {"base": "http://h/a%20b/", "section": "\u00e9"})
    'http://h/a%20b/#%C3%A9'

    .. versionadded:: 0.2
    """
    template = require_str(template, "template")
    if not isinstance(variables, Mapping):
        raise TypeError(f"variables must be a mapping, not {type(variables).__name__}")
    expand_with = _load()
    parts: list[str] = []
    values: dict[str, VariableValue] = {}
    serial = itertools.count()
    pos = 0
    while pos < len(template):
        open_at = template.find("{", pos)
        if open_at < 0:
            parts.append(_literals(template, pos, len(template)))
            break
        parts.append(_literals(template, pos, open_at))
        close_at = template.find("}", open_at)
        if close_at < 0:
            raise ParseError(template, len(template), "template", "unclosed expression")
        operator, specs = _expression(template, open_at + 1, close_at)
        names: list[str] = []
        for spec in specs:
            name, prefix, explode = spec.groups()
            value = _prepare(variables.get(name))
            if prefix and value is not None and not isinstance(value, str):
                raise ParseError(template, spec.start(2) - 1, "template",
                                 f"a prefix modifier does not apply to {name!r}, whose value "
                                 "is a list or mapping (RFC 6570 §2.4.1)")
            key = name
            if operator in ("+", "#"):
                # An unnamed operator: the varspec gets a name of its own, which no
                # varname can take, so it carries its own value. The value is given in
                # its reserved-expansion form, prefix applied: uritemplate would pass raw
                # text through whenever it holds a triplet, and its prefix could cut one.
                key = f"~{next(serial)}"
                if isinstance(value, str):
                    value = _reserved_text(value, int(prefix) if prefix else None)
                elif value is not None:
                    value = _reserved(value)
                prefix = None
            if value is not None:
                values[key] = cast("VariableValue", value)
            names.append(key + (f":{prefix}" if prefix else "") + ("*" if explode else ""))
        parts.append("{" + operator + ",".join(names) + "}")
        pos = close_at + 1
    return expand_with("".join(parts), values)
