"""Redirect targets taken from user input (a ``next`` parameter): the open-redirect check."""

from __future__ import annotations

from typing import Final

from .._core.errors import URIError
from .._core.host import is_ambiguous_ipv4
from .._core.percent import decode
from .._core.resolve import remove_dot_segments, require_base
from .._model.uri import URI, FrozenURI

# C0 controls, DEL and the backslash: browsers strip, skip or read them as "/" (WHATWG)
_UNSAFE_DECODED: Final = frozenset(map(chr, range(0x20))) | {"\x7f", "\\"}


def safe_redirect(target: str | None, base: URI | FrozenURI | str) -> URI | None:
    """The absolute URI to redirect to for ``target``, or ``None`` when it is unsafe.

    ``target`` is the text a person or another site controls (a ``next`` or
    ``return_to`` parameter, as the framework decoded it from the query); ``base`` is
    the URL of the current request, whose origin the redirect must keep. The target
    is accepted only when all of these hold:

    * it is a URI-reference by the strict parser (RFC 3986): so no tab, newline,
      space, backslash or other character that browsers strip or read as "/", and
      nothing that a lenient reader would have to repair (``/\\evil``, ``/\\t/evil``);
    * resolved against ``base`` (RFC 3986 §5.2), it has the same origin as ``base``
      (scheme, host and port, normalized): ``//evil``, ``https://evil``,
      ``https:evil`` (no host), ``javascript:...`` and ``data:...`` fail here;
    * it has no userinfo (``https://good@evil``, ``//user@good``), whose only use in
      a redirect is to make a person misread the host;
    * its host, if it names one, is not an ambiguous IPv4 address
      (:func:`~urikit.is_ambiguous_ipv4`);
    * its path, percent-decoded once, still reads as a path on this origin: it does
      not start with ``//``, holds no control character or backslash, and its first
      segment holds no ":" (so ``%2F%2Fevil``, ``/%2F%2Fevil``, ``/%5Cevil`` and
      ``javascript%3Aalert(1)`` are refused: a server or proxy that decodes once
      more would read them as another host or scheme);
    * the resolved path, decoded once and without dot segments, does not start with
      ``//`` (``/..//evil``, ``/%2e%2e//evil``): the host is still this one, but a
      later step that keeps only the path would write a network-path reference.

    Args:
        target: the requested target; ``None`` or ``""`` (no target) gives ``None``.
        base: the absolute URL of the current request.

    Returns:
        The resolved target as a new absolute :class:`~urikit.URI`, to write in the
        ``Location`` header as ``str(...)``; ``None`` when the target is refused (the
        caller then redirects to a default page).

    Raises:
        ResolveError: ``base`` has no scheme.
        ParseError: ``base`` is a ``str`` that is not a URI-reference.

    >>> str(safe_redirect("/cart?step=2", "https://shop.example/login"))
    'https://shop.example/cart?step=2'
    >>> tricks = ("//evil.example", "/\\\\evil.example", "https://shop.example@evil.example")
    >>> [safe_redirect(t, "https://shop.example/login") for t in tricks]
    [None, None, None]

    .. versionadded:: 0.2
    """
    base_uri = URI.parse(base) if isinstance(base, str) else base
    require_base(base_uri.components, base_uri.redacted())
    if not target:
        return None
    try:
        ref = URI.parse(target)
    except URIError:
        return None
    resolved = base_uri.resolve(ref)
    if resolved.userinfo is not None:  # the target's, or the base's when it has none
        return None
    if not resolved.same_origin(base_uri):
        return None
    if resolved.host is not None and is_ambiguous_ipv4(resolved.host):
        return None
    path = decode(str(ref.path), "path")
    if path.startswith("//") or not _UNSAFE_DECODED.isdisjoint(path):
        return None
    if not path.startswith("/") and ":" in path.partition("/")[0]:
        return None
    if remove_dot_segments(decode(str(resolved.path), "path")).startswith("//"):
        return None
    return resolved if isinstance(resolved, URI) else resolved.thaw()
