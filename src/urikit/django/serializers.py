"""A Django REST framework serializer field for URIs (imports rest_framework).

.. versionadded:: 0.4
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import serializers

from .._model.pydantic import URIOptions
from .._model.uri import URI, FrozenURI
from .fields import to_uri

if TYPE_CHECKING:  # the stubs' field is generic: (value, data, representation, instance)
    _Field = serializers.Field[FrozenURI, str | URI | FrozenURI, str, Any]
else:
    _Field = serializers.Field


class URISerializerField(_Field):
    """A serializer field: text in, a :class:`~urikit.FrozenURI` validated as
    :class:`urikit.django.fields.URIField` validates it; its text out.

    Args:
        lenient: read text as browsers do, not strictly.
        absolute: require a scheme.
        http: require an http(s) URL with a host.

    .. versionadded:: 0.4
    """

    def __init__(self, *, lenient: bool = False, absolute: bool = False, http: bool = False,
                 **kwargs: Any) -> None:
        self.uri_options = URIOptions(lenient=lenient, absolute=absolute, http=http)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> FrozenURI:
        """The request's text as a URI; a refusal is the field's error (masked)."""
        if not isinstance(data, str | URI | FrozenURI):
            raise serializers.ValidationError("a URI is required, as text", code="uri_type")
        try:
            uri = to_uri(data, self.uri_options)
        except DjangoValidationError as e:
            raise serializers.ValidationError(e.messages, code=e.code) from None
        if uri is None:  # not reached: data is not None
            raise serializers.ValidationError("a URI is required", code="uri_type")
        return uri

    def to_representation(self, value: Any) -> str:
        """The URI's text."""
        return str(value)
