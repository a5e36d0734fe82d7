"""Strings in, string out: reference resolution of URI text, its errors masked.

Its error shows a base as the classes' errors do (:mod:`urikit._whatwg.masking`):
that asks the browser's reading, so the function lives above ``_core``.

``resolve(b, r) == str(URI.parse(b).resolve(r))``, errors included, through the same
functions (``parse.split``, ``resolve.resolve``, ``serialize.to_text``), without the
objects, for code that holds text and wants text back (a crawler's links).
"""

from __future__ import annotations

from .._core.build import Checked
from .._core.parse import FLAG_FALSE, FLAG_TRUE, require_bool, require_str, split
from .._core.resolve import require_base
from .._core.resolve import resolve as resolve_parts
from .._core.serialize import to_text
from .._whatwg.masking import mask_secrets


def resolve(base: str | Checked, reference: str | Checked, *, strict: bool | Checked = True) -> str:
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
    if strict is not FLAG_FALSE and strict is not FLAG_TRUE:
        require_bool(strict, "strict")
    if type(base) is not str:
        base = require_str(base, "base")
    if type(reference) is not str:
        reference = require_str(reference, "reference")
    b = split(base)
    if b[0] is None:
        require_base(b, mask_secrets(base)[0])
    return to_text(resolve_parts(b, split(reference), strict))
