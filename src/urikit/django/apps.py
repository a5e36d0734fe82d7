"""The Django application of urikit: ``"urikit.django"`` in ``INSTALLED_APPS``."""

from __future__ import annotations

import importlib
import importlib.util

from django.apps import AppConfig


class URIKitConfig(AppConfig):
    """urikit as a Django app: its template library (``{% load urikit %}``), under the
    label ``urikit``; when the REST framework is installed, ``ModelSerializer``'s
    field for :class:`~urikit.django.fields.URIField` (:mod:`urikit.django.serializers`).

    .. versionadded:: 0.4

    .. versionchanged:: 0.6
       Registers the REST framework field when ready.
    """

    name = "urikit.django"
    label = "urikit"
    verbose_name = "urikit"

    def ready(self) -> None:
        """Register the REST framework's field for ``URIField``, if it is installed."""
        if importlib.util.find_spec("rest_framework") is not None:
            importlib.import_module("urikit.django.serializers")
