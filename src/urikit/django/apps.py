"""The Django application of urikit: ``"urikit.django"`` in ``INSTALLED_APPS``."""

from __future__ import annotations

from django.apps import AppConfig


class URIKitConfig(AppConfig):
    """urikit as a Django app: its template library (``{% load urikit %}``), under the
    label ``urikit``.

    .. versionadded:: 0.4
    """

    name = "urikit.django"
    label = "urikit"
    verbose_name = "urikit"
