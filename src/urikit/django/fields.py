"""Django model and form fields that store and validate URIs as urikit reads them.

Both read text strictly (:meth:`urikit.FrozenURI.parse`) or, with ``lenient=True``, as
browsers do (:meth:`urikit.FrozenURI.parse_lenient`), and apply the scheme rules of
urikit's pydantic types (``absolute``, ``http``: the same rules, from one home).
Values are :class:`~urikit.FrozenURI`: a
model's URI is hashable and cannot change behind the ORM's back. Messages never
show a password (``URIError`` messages and the rules' texts are masked).

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.db import models

from .._core.errors import URIError
from .._model.pydantic import URIOptions, refusal
from .._model.uri import URI, FrozenURI, as_frozen

if TYPE_CHECKING:  # the stubs' fields are generic: (what is set, what is read)
    _CharField = models.CharField[URI | FrozenURI | str | None, FrozenURI | None]
else:
    _CharField = models.CharField


def to_uri(value: object, options: URIOptions) -> FrozenURI | None:
    """``value`` (text, a URI or ``None``) as a FrozenURI checked by ``options``.

    Raises:
        django.core.exceptions.ValidationError: the text is not a URI, or the
            options' rules refuse it (its ``code`` is urikit's error type:
            ``uri_parsing``, ``uri_scheme_required`` ...).
    """
    if value is None:
        return None
    try:
        uri = as_frozen(value, "value", lenient=options.lenient)
    except URIError as e:
        raise ValidationError(str(e), code="uri_parsing") from None
    except TypeError as e:
        raise ValidationError(str(e), code="uri_type") from None
    refused = refusal(uri, options)
    if refused is not None:
        code, message, context = refused
        raise ValidationError(message.format(**context), code=code)
    return uri


class URIField(_CharField):
    """A model field holding a :class:`~urikit.FrozenURI`, stored as its text in a
    ``varchar`` column (``max_length`` 2000 unless given).

    Args:
        lenient: read text as browsers do, not strictly.
        absolute: require a scheme.
        http: require an http(s) URL with a host (and a TCP port).

    .. versionadded:: 0.4
    """

    description = "A URI (RFC 3986)"

    def __init__(self, *args: Any, lenient: bool = False, absolute: bool = False,
                 http: bool = False, **kwargs: Any) -> None:
        self.uri_options = URIOptions(lenient=lenient, absolute=absolute, http=http)
        kwargs.setdefault("max_length", 2000)
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        """The field's arguments for migrations, urikit's options included."""
        name, path, args, kwargs = super().deconstruct()
        for option in ("lenient", "absolute", "http"):
            if getattr(self.uri_options, option) and not (
                    option == "absolute" and self.uri_options.http):
                kwargs[option] = True
        return name, path, args, kwargs

    def from_db_value(self, value: str | None, expression: object,
                      connection: object) -> FrozenURI | None:
        """The stored text as a URI (read as it was checked when saved)."""
        return None if value is None else to_uri(value, self.uri_options)

    def to_python(self, value: object) -> FrozenURI | None:
        """A URI from text or a URI (``full_clean``, deserialization)."""
        return to_uri(value, self.uri_options)

    def get_prep_value(self, value: object) -> str | None:
        """The text to store: a URI's text, or text checked as a URI."""
        uri = to_uri(value, self.uri_options)
        return None if uri is None else str(uri)

    def value_to_string(self, obj: models.Model) -> str:
        """The field's text for serialization."""
        value: object = self.value_from_object(obj)
        return "" if value is None else str(value)

    def formfield(self, **kwargs: Any) -> Any:
        """A :class:`URIFormField` with the same options."""
        defaults: dict[str, Any] = {"form_class": URIFormField,
                                    "uri_options": self.uri_options}
        defaults.update(kwargs)
        return super().formfield(**defaults)


class URIFormField(forms.CharField):
    """A form field whose cleaned value is a :class:`~urikit.FrozenURI` (or ``None``
    when empty and not required).

    Args:
        lenient: read text as browsers do, not strictly.
        absolute: require a scheme.
        http: require an http(s) URL with a host.
        uri_options: the three options as one :class:`~urikit._model.pydantic.URIOptions`.

    .. versionadded:: 0.4
    """

    def __init__(self, *, lenient: bool = False, absolute: bool = False, http: bool = False,
                 uri_options: URIOptions | None = None, **kwargs: Any) -> None:
        self.uri_options = uri_options or URIOptions(lenient=lenient, absolute=absolute,
                                                     http=http)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> FrozenURI | None:  # type: ignore[override]
        """The text, stripped, as a URI; empty text is ``None``."""
        if isinstance(value, URI | FrozenURI):
            return to_uri(value, self.uri_options)
        text = super().to_python(value)
        return None if text in self.empty_values else to_uri(text, self.uri_options)

    def prepare_value(self, value: Any) -> Any:
        """A URI shown as its text."""
        return str(value) if isinstance(value, URI | FrozenURI) else value
