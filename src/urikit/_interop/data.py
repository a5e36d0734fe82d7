"""The data: URI scheme (RFC 2397): media type, parameters and payload, read and built."""

from __future__ import annotations

import base64 as b64
import binascii
import re
from typing import Final, NamedTuple, cast

from .._core import grammar as g
from .._core.build import Checked
from .._core.errors import ParseError
from .._core.parse import require_str
from .._core.percent import encode_octets, unquote, unquote_octets

#: An RFC 2045 token: any ASCII character but space, controls and tspecials.
_TOKEN_CHARS: Final = r"!#$%&'*+\-.0-9A-Z^_`a-z{|}~"
_TOKEN_RE: Final = re.compile(f"[{_TOKEN_CHARS}]+")
# RFC 2397: mediatype := [ type "/" subtype ] *( ";" parameter ); parameter :=
# attribute "=" value (RFC 2045 tokens): the characters of the list, a piece without
# "=", and once checked, its attributes and its values
_PARAMETER_CHARS_RE: Final = re.compile(f"[{_TOKEN_CHARS};=]*")
_PIECE_WITHOUT_EQUALS_RE: Final = re.compile(r";[^;=]*(?:;|\Z)")
_BASE64_RE: Final = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")
#: Payload octets written as they are: what a path segment holds, less "%".
_KEEP: Final = frozenset(g.PCHAR - {"%"}) | {"/", "?"}


class DataContent(NamedTuple):
    """What a ``data:`` URI holds (RFC 2397 §2).

    Attributes:
        media_type: ``type/subtype``, lower-case; ``text/plain`` when omitted.
        parameters: the ``(attribute, value)`` pairs in order, attributes lower-case,
            values decoded; ``(("charset", "US-ASCII"),)`` when the media type is
            omitted altogether.
        base64: whether the payload was written in base64.
        payload: the octets.

    .. versionadded:: 0.4
    """

    media_type: str
    parameters: tuple[tuple[str, str], ...]
    base64: bool
    payload: bytes


def _error(text: str, position: int, component: str, reason: str) -> ParseError:
    return ParseError(text, position, component, reason, "see RFC 2397")


def read_media_type(text: str, offset: int, whole: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The media type and parameters of the decoded text before ",", the RFC 2397
    defaults filled in; ``offset`` places ``text`` in ``whole`` for messages."""
    kind, semicolon, rest = text.partition(";")
    params: tuple[tuple[str, str], ...] = ()
    if semicolon:
        parameters = f";{rest}"
        if _is_parameter_list(parameters):
            # every parameter read at once, in C (a Python step per parameter took 18
            # times a parse on a megabyte of ";a=b", a regex match each 11 times):
            # tokens hold no ";" or "=", and are ASCII, so the lower-cased text lines
            # up with the text; ";a=b;c=d" cut at both is "", a, b, c, d
            names = parameters.lower().replace("=", ";").split(";")
            values = parameters.replace("=", ";").split(";")
            params = tuple(zip(names[1::2], values[2::2], strict=True))
        else:
            _refuse_parameters(rest.split(";"), offset + len(kind) + 1, whole)
    if not kind:
        return "text/plain", params or (("charset", "US-ASCII"),)
    top, slash, sub = kind.partition("/")
    if not slash or not _TOKEN_RE.fullmatch(top) or not _TOKEN_RE.fullmatch(sub):
        raise _error(whole, offset, "media type", f"invalid type/subtype {kind!r}")
    return kind.lower(), params


def _is_parameter_list(text: str) -> bool:
    """Whether ``text`` is ``*( ";" attribute "=" value )`` of tokens, by scans in C
    rather than one repeated group (which re matches at a Python-like pace): token
    characters, ";" and "=" only; no empty attribute or value; and as many "=" as
    ";", none of the pieces without one."""
    return (_PARAMETER_CHARS_RE.fullmatch(text) is not None
            and not text.endswith(("=", ";")) and ";;" not in text and ";=" not in text
            and "=;" not in text and "==" not in text
            and text.count("=") == text.count(";")
            and _PIECE_WITHOUT_EQUALS_RE.search(text) is None)


def _refuse_parameters(pieces: list[str], at: int, whole: str) -> None:
    """Raise the error of the first parameter of ``pieces`` that is no
    ``attribute=value`` of tokens; ``at`` places the first piece in ``whole``."""
    for piece in pieces:
        name, eq, value = piece.partition("=")
        if not eq or not _TOKEN_RE.fullmatch(name) or not _TOKEN_RE.fullmatch(value):
            raise _error(whole, at, "media type", f"invalid parameter {piece!r}")
        at += len(piece) + 1
    raise AssertionError("a parameter list the pattern refused has a bad parameter")


def read_data(body: str, whole: str, offset: int) -> DataContent:
    """The content of a data URI's wire ``body`` (the text after ``data:``, query
    included, fragment excluded): RFC 2397, strictly."""
    comma = body.find(",")
    if comma < 0:
        raise _error(whole, offset + len(body), "data", "a data URI needs ','")
    head, wire = body[:comma], body[comma + 1:]
    is_base64 = head[-7:].lower() == ";base64"
    if is_base64:
        head = head[:-7]
    media_type, params = read_media_type(unquote(head), offset, whole)
    if not is_base64:
        return DataContent(media_type, params, False, unquote_octets(wire))
    text = unquote(wire)
    if not text.isascii() or _BASE64_RE.fullmatch(text) is None:
        m = _BASE64_RE.match(text)
        end = 0 if m is None else m.end()
        raise _error(whole, offset + comma + 1 + end, "data", "invalid base64")
    try:
        return DataContent(media_type, params, True, b64.b64decode(text, validate=True))
    except binascii.Error:  # pragma: no cover - the pattern admits only valid base64
        raise _error(whole, offset + comma + 1, "data", "invalid base64") from None


def data_text(payload: bytes | Checked, media_type: str | Checked, base64: bool | None) -> str:
    """The text of the ``data:`` URI of ``payload``: ``media_type`` (``""`` for the
    RFC 2397 default) checked as the reader reads it; ``base64=None`` picks the
    shorter form."""
    given = cast(object, payload)  # checked: callers without a type checker pass anything
    if not isinstance(given, (bytes, bytearray, memoryview)):
        raise TypeError(f"payload must be bytes, not {type(payload).__name__}")
    media_type = ";".join(p.strip() for p in require_str(media_type, "media_type").split(";"))
    read_media_type(media_type, 0, media_type)  # the reader's rule checks the builder
    head = encode_octets(media_type.encode(), frozenset(g.PCHAR - {"%", ","}) | {"/"})
    data = bytes(payload)
    plain = encode_octets(data, _KEEP)
    coded = b64.b64encode(data).decode("ascii")
    if base64 is None:
        base64 = len(coded) + 7 < len(plain)
    return f"data:{head};base64,{coded}" if base64 else f"data:{head},{plain}"
