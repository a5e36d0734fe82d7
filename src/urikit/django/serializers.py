"""Django REST framework fields and JSON for URIs (imports rest_framework).

Importing this module registers :class:`URIModelSerializerField` for
:class:`urikit.django.fields.URIField` in ``ModelSerializer.serializer_field_mapping``;
the ``"urikit.django"`` app imports it when it is ready, if the REST framework is
installed, so a ``ModelSerializer`` over a model with a ``URIField`` validates it.

.. versionadded:: 0.4

.. versionchanged:: 0.6
   The ``ModelSerializer`` mapping, :class:`JSONEncoder` and :class:`JSONRenderer`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import renderers, serializers
from rest_framework.utils import encoders

from .._model.pydantic import URIOptions
from .._model.uri import URI, FrozenURI
from .fields import URIField, to_uri

if TYPE_CHECKING:  # the stubs' field is generic: (value, data, representation, instance)
    _Field = serializers.Field[FrozenURI, str | URI | FrozenURI, str, Any]
    _ModelField = serializers.ModelField
else:
    _Field = serializers.Field
    _ModelField = serializers.ModelField

__all__ = ["JSONEncoder", "JSONRenderer", "URIModelSerializerField", "URISerializerField"]


def _internal(data: object, options: URIOptions) -> FrozenURI:
    """The request's value as a URI checked by ``options``; a refusal is the field's
    error (masked)."""
    try:
        uri = to_uri(data, options)
    except DjangoValidationError as e:
        raise serializers.ValidationError(e.messages, code=e.code) from None
    if uri is None:  # not reached: data is not None
        raise serializers.ValidationError("a URI is required", code="uri_type")
    return uri


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
        return _internal(data, self.uri_options)

    def to_representation(self, value: Any) -> str:
        """The URI's text."""
        return str(value)


class URIModelSerializerField(_ModelField):
    """The field a ``ModelSerializer`` gives a model's
    :class:`~urikit.django.fields.URIField`: the model field's options (``lenient``,
    ``absolute``, ``http``) and ``max_length``, checked as :class:`URISerializerField`
    checks them (an invalid value is a 400, not an error on ``save()``); the text
    out.

    .. versionadded:: 0.6
    """

    default_error_messages = {  # noqa: RUF012 (the REST framework's own class attribute)
        "max_length": "a URI of at most {max_length} characters is required"}

    def __init__(self, model_field: URIField, **kwargs: Any) -> None:
        max_length: int | None = kwargs.pop("max_length", None)
        super().__init__(model_field, **kwargs)  # pyright: ignore[reportUnknownMemberType]
        self.max_length = max_length
        self.uri_options = model_field.uri_options

    def to_internal_value(self, data: Any) -> FrozenURI:
        """The request's text as a URI, checked by the model field's options."""
        uri = _internal(data, self.uri_options)
        if self.max_length is not None and len(str(uri)) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return uri


class JSONEncoder(encoders.JSONEncoder):
    """The REST framework's JSON encoder, writing a :class:`~urikit.URI` or
    :class:`~urikit.FrozenURI` as its text (the framework's own refuses one).

    .. versionadded:: 0.6
    """

    def default(self, obj: Any) -> Any:
        """A URI's text; anything else as the framework's encoder writes it."""
        if isinstance(obj, URI | FrozenURI):
            return str(obj)
        return super().default(obj)


class JSONRenderer(renderers.JSONRenderer):
    """The REST framework's JSON renderer with :class:`JSONEncoder`, for a response
    whose data holds URIs: name it in ``REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"]``
    (``"urikit.django.serializers.JSONRenderer"``) or a view's ``renderer_classes``.

    .. versionadded:: 0.6
    """

    encoder_class = JSONEncoder


serializers.ModelSerializer.serializer_field_mapping[URIField] = (  # pyright: ignore[reportUnknownMemberType]
    URIModelSerializerField)
