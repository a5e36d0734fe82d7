"""Strings in, string out: normalization of URI text (resolution: ``_model/strings.py``).

The URI classes do the same through the same functions (``parse.split``,
``normalize.normalize``, ``serialize.to_text``), so ``normalize(s) ==
str(URI.parse(s).normalize())``, errors included; this skips the objects, for code
that holds text and wants text back (a batch of lines).
"""

from __future__ import annotations

from .build import Checked
from .normalize import DEFAULT_OPTIONS, NormalizeOptions
from .normalize import normalize as normalize_parts
from .parse import FLAG_FALSE, FLAG_TRUE, require_bool, require_str, split
from .serialize import to_text


def normalize(text: str | Checked, options: NormalizeOptions | Checked = DEFAULT_OPTIONS, *,
              allow_zone_id: bool | Checked = False) -> str:
    """The normalized text of ``text`` (RFC 3986 §6.2.2, §6.2.3): what
    ``str(URI.parse(text).normalize(options))`` gives, without the objects.

    Args:
        text: a URI-reference, read strictly.
        options: the steps to take (:class:`~urikit.NormalizeOptions`; all but RFC 5952
            IPv6 by default).
        allow_zone_id: accept an IPv6 zone identifier, ``[fe80::1%25eth0]`` (RFC 6874).

    Raises:
        ParseError: ``text`` is not a URI-reference.
        TypeError: ``text`` is not a ``str``.

    >>> normalize("HTTP://Example.COM:80/a/./b/../%7euser?%3d#F")
    'http://example.com/a/~user?%3D#F'

    .. versionadded:: 0.3
    """
    if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
        require_bool(allow_zone_id, "allow_zone_id")
    if type(text) is not str:  # in urikit's words, before the typed helpers ask
        text = require_str(text)
    return to_text(normalize_parts(split(text, allow_zone_id), options))
