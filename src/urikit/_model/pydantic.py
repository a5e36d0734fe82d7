"""URI and FrozenURI as pydantic v2 field types; pydantic is imported only when used.

A field annotated ``URI`` or ``FrozenURI`` is validated from ``str`` with the strict
parser (RFC 3986), accepts a URI or FrozenURI object (converted to the annotated
class), and is written as its text in JSON; its JSON schema is a string in the
``uri-reference`` format. An ``Annotated`` marker, :class:`URIOptions`, asks for the
lenient reader or for a scheme; :mod:`urikit._web.fields` names the usual combinations
(``LenientURI``, ``AbsoluteURI`` ...).

The URI classes call :func:`core_schema_for` from their
``__get_pydantic_core_schema__``, so this module does not import them (the import
graph stays a tree) and works on the class it is given. Importing it, or urikit,
does not import pydantic: the schema functions import ``pydantic_core`` when pydantic
asks for a schema.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .._core.errors import ParseError, URIError
from .._core.parse import require_bool

if TYPE_CHECKING:
    from pydantic_core import CoreSchema
    from pydantic_core.core_schema import SerializationInfo
    from typing_extensions import LiteralString

# a URI or a FrozenURI: this module does not import them (they import it)
AnyURI = Any

_REQUIRED: Final = "a URI with a scheme is required (RFC 3986 §4.3), not the relative reference"
_HTTP_SCHEMES: Final = frozenset({"http", "https"})
_MAX_PORT: Final = 65535  # a TCP port (RFC 9293 §3.1): 16 bits


class URIOptions:
    """How a pydantic field of type :class:`~urikit.URI` or :class:`~urikit.FrozenURI`
    is read: an ``Annotated`` marker, ``Annotated[URI, URIOptions(lenient=True)]``.

    Args:
        lenient: read the text with :meth:`URI.parse_lenient
            <urikit.URI.parse_lenient>` (the repairs of :func:`urikit.repair`: spaces,
            ``[]``, ``|``, non-ASCII ...) instead of the strict parser.
        absolute: require a scheme (RFC 3986 §4.3); the JSON schema format is then
            ``"uri"`` instead of ``"uri-reference"``.
        http: require an http(s) URL, as a web client can fetch it: the scheme
            ``http`` or ``https`` (in any case), a non-empty host, and a port, if
            given, of at most 65535 (``absolute`` follows; JSON schema format
            ``"uri"``).

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       The ``http`` option.
    """

    __slots__ = ("_absolute", "_http", "_lenient")

    def __init__(self, *, lenient: bool = False, absolute: bool = False,
                 http: bool = False) -> None:
        self._lenient = require_bool(lenient, "lenient")
        self._http = require_bool(http, "http")
        self._absolute = require_bool(absolute, "absolute") or http

    @property
    def lenient(self) -> bool:
        """Whether text is read with ``parse_lenient`` rather than ``parse``."""
        return self._lenient

    @property
    def absolute(self) -> bool:
        """Whether a scheme is required."""
        return self._absolute

    @property
    def http(self) -> bool:
        """Whether an http(s) URL with a host and a TCP port is required.

        .. versionadded:: 0.3
        """
        return self._http

    def __repr__(self) -> str:
        return (f"URIOptions(lenient={self.lenient}, absolute={self.absolute}, "
                f"http={self.http})")

    def _key(self) -> tuple[bool, bool, bool]:
        return self.lenient, self.absolute, self.http

    def __eq__(self, other: object) -> bool:
        if isinstance(other, URIOptions):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> CoreSchema:
        """The schema of the annotated class, read with these options."""
        if not (isinstance(source, type) and callable(getattr(source, "parse_lenient", None))):
            raise TypeError(f"URIOptions annotates URI or FrozenURI, not {source!r}")
        return core_schema_for(source, options=self)

    def __get_pydantic_json_schema__(self, schema: Any, handler: Any) -> dict[str, Any]:
        """A string whose format is ``uri`` (absolute) or ``uri-reference``."""
        return json_schema_for(self)


STRICT: Final = URIOptions()


def json_schema_for(options: URIOptions = STRICT) -> dict[str, Any]:
    """The JSON schema of a URI field: a string in the ``uri`` or ``uri-reference``
    format (JSON Schema 2020-12 §7.3.5)."""
    return {"type": "string", "format": "uri" if options.absolute else "uri-reference"}


def refusal(uri: AnyURI, options: URIOptions
            ) -> tuple[LiteralString, LiteralString, dict[str, Any]] | None:
    """Why the options' scheme, host or port rules refuse ``uri``, or ``None`` when
    they accept it: the error type, its message template (``str.format`` fields) and
    the context, the URI's text with any password masked (``uri.to_redacted()``). The
    one home of these rules: the pydantic types and the Django fields
    (:mod:`urikit.django.fields`) ask it."""
    if not options.absolute:
        return None
    if uri.scheme is None:
        return "uri_scheme_required", _REQUIRED + " '{text}'", {"text": uri.to_redacted()}
    if not options.http:
        return None
    if uri.scheme.lower() not in _HTTP_SCHEMES:
        return ("uri_http_scheme", "an http or https URL is required, not scheme '{scheme}'",
                {"scheme": uri.scheme, "text": uri.to_redacted()})
    if not uri.host:
        return ("uri_host_required", "an http(s) URL needs a host: '{text}'",
                {"text": uri.to_redacted()})
    port = (uri.components.port or "").lstrip("0")
    if len(port) > len(str(_MAX_PORT)) or (port and int(port) > _MAX_PORT):
        return ("uri_port_range", "a port is at most {max_port}: '{text}'",
                {"max_port": _MAX_PORT, "text": uri.to_redacted()})
    return None


def _check(uri: AnyURI, options: URIOptions) -> None:
    """Refuse, as a pydantic error, a URI that the options' scheme, host or port
    rules refuse (:func:`refusal`)."""
    refused = refusal(uri, options)
    if refused is None:
        return
    from pydantic_core import PydanticCustomError

    raise PydanticCustomError(*refused)


def _convert(cls: type[AnyURI], value: object) -> AnyURI | None:
    """A URI or FrozenURI object as an instance of ``cls``, or ``None``: a URI is
    copied (a model never shares a mutable value); the other class is frozen or
    thawed through its public methods."""
    mutable = hasattr(cls, "freeze")
    if isinstance(value, cls):
        same: AnyURI = value  # what the class is (a URI has copy()), not what isinstance says
        return same.copy() if mutable else same
    convert = getattr(value, "thaw" if mutable else "freeze", None)
    converted = convert() if callable(convert) else None
    return converted if isinstance(converted, cls) else None


def core_schema_for(cls: type[AnyURI], source: object = None, handler: object = None,
                    options: URIOptions | None = None) -> CoreSchema:
    """The pydantic-core schema for a field of type ``cls`` (URI or FrozenURI).

    Text is parsed with ``cls.parse`` (or ``cls.parse_lenient``); a
    :class:`~urikit.ParseError` becomes a pydantic error of type ``uri_parsing`` with
    urikit's message, whose context keeps ``position``, ``component``, ``reason`` and
    ``hint``; another :class:`~urikit.URIError` becomes ``uri_error``; a URI that the
    options refuse is ``uri_scheme_required``, ``uri_http_scheme``,
    ``uri_host_required`` or ``uri_port_range``, its text (any password masked) in
    the context. A URI or
    FrozenURI object is taken as it is, converted to ``cls`` (a mutable URI is copied,
    so the model never shares it). In JSON the value is written as its text; in
    ``model_dump()`` it stays the object.

    ``source`` and ``handler`` are what pydantic passes to
    ``__get_pydantic_core_schema__`` (unused: the schema depends on ``cls`` alone);
    ``options`` come from a :class:`URIOptions` marker.
    """
    from pydantic_core import PydanticCustomError, core_schema

    opts = options or STRICT
    read: Callable[[str], AnyURI] = cls.parse_lenient if opts.lenient else cls.parse

    def from_text(text: str) -> AnyURI:
        try:
            uri = read(text)
        except ParseError as e:
            raise PydanticCustomError(
                "uri_parsing", "{message}",
                {"message": str(e), "reason": e.reason, "position": e.position,
                 "component": e.component, "hint": e.hint}) from None
        except URIError as e:
            raise PydanticCustomError("uri_error", "{message}", {"message": str(e)}) from None
        _check(uri, opts)
        return uri

    def from_object(value: object) -> AnyURI:
        if isinstance(value, str):
            return from_text(value)
        uri = _convert(cls, value)
        if uri is not None:
            _check(uri, opts)
            return uri
        raise PydanticCustomError("uri_type", "a str, URI or FrozenURI is required", {})

    def to_text(value: AnyURI, info: SerializationInfo) -> str | AnyURI:
        return str(value) if info.mode_is_json() else value

    return core_schema.json_or_python_schema(
        json_schema=core_schema.no_info_after_validator_function(
            from_text, core_schema.str_schema()),
        python_schema=core_schema.no_info_plain_validator_function(from_object),
        serialization=core_schema.plain_serializer_function_ser_schema(
            to_text, info_arg=True),
    )
