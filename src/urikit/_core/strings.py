"""Strings in, string out: reference resolution and normalization of URI text.

The URI classes do the same through the same functions (``parse.split``,
``resolve.resolve``, ``normalize.normalize``, ``serialize.to_text``),
so ``resolve(b, r) == str(URI.parse(b).resolve(r))`` and ``normalize(s) ==
str(URI.parse(s).normalize())``, errors included; these skip the objects, for code
that holds text and wants text back (a crawler's links, a batch of lines).
"""

from __future__ import annotations

from .normalize import DEFAULT_OPTIONS, NormalizeOptions
from .normalize import normalize as normalize_parts
from .parse import require_str, split
from .resolve import require_base
from .resolve import resolve as resolve_parts
from .serialize import redacted, to_text


def resolve(base: str, reference: str, *, strict: bool = True) -> str:
    """The text of ``reference`` resolved against ``base`` (RFC 3986 §5.2): what
    ``str(URI.parse(base).resolve(reference))`` gives, without the objects.

    Both texts are read strictly, as :meth:`URI.parse <urikit.URI.parse>` reads them;
    unlike :func:`urllib.parse.urljoin`, nothing is guessed or repaired, and the result
    is exact: the reference's dot segments are removed, and nothing else changes.
    ``strict=False`` reads a reference whose scheme is the base's as relative
    (§5.2.2), so ``http:g`` gives ``http://a/b/c/g``.

    Args:
        base: an absolute URI (a scheme is required, §5.1); its fragment is ignored.
        reference: any URI-reference.
        strict: ``False`` for the §5.2.2 backward-compatible reading.

    Raises:
        ParseError: ``base`` or ``reference`` is not a URI-reference (the base is read
            first).
        ResolveError: ``base`` has no scheme.
        TypeError: ``base`` or ``reference`` is not a ``str``.

    >>> resolve("http://a/b/c/d;p?q", "../g?y#s")
    'http://a/b/g?y#s'
    >>> resolve("http://a/b/c/d;p?q", "//x/./y")
    'http://x/y'
    >>> resolve("http://a/b/c/d;p?q", "http:g"), resolve("http://a/b/c/d;p?q", "http:g",
    ...                                                  strict=False)
    ('http:g', 'http://a/b/c/g')

    .. versionadded:: 0.3
    """
    # both types first, as the compiled build checks its arguments on entry
    if type(base) is not str:
        base = require_str(base, "base")
    if type(reference) is not str:
        reference = require_str(reference, "reference")
    b = split(base)
    if b[0] is None:
        require_base(b, redacted(b))
    return to_text(resolve_parts(b, split(reference), strict))


def normalize(text: str, options: NormalizeOptions = DEFAULT_OPTIONS, *,
              allow_zone_id: bool = False) -> str:
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
    return to_text(normalize_parts(split(text, allow_zone_id), options))
