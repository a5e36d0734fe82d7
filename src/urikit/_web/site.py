"""Sites: public suffixes and registrable domains (the Public Suffix List), same-site.

The list comes from the ``publicsuffixlist`` package (the ``psl`` extra), imported on
first use. The readings are the URL Standard's ("host's public suffix", "host's
registrable domain") and the HTML Standard's ("same site", "schemelessly same site"),
which use the whole list, its private section included, as browsers do: to a browser
``alice.github.io`` and ``bob.github.io`` are two sites.
"""

from __future__ import annotations

import functools
import importlib
from typing import Protocol, cast

from .._core.build import Checked
from .._core.errors import URIError
from .._core.host import HostKind, host_kind
from .._core.parse import FLAG_FALSE, FLAG_TRUE, require_bool
from .._model.uri import URI, FrozenURI, as_frozen
from .._whatwg.display import is_ambiguous_ipv4
from .._whatwg.idna import host_to_ascii


class _List(Protocol):
    """What urikit asks of ``publicsuffixlist.PublicSuffixList``."""

    def publicsuffix(self, domain: str, *, accept_unknown: bool | None = None) -> str | None:
        ...

    def privatesuffix(self, domain: str, *, accept_unknown: bool | None = None) -> str | None:
        ...


@functools.cache
def _list() -> tuple[_List, str]:
    """The Public Suffix List, read once, and its version."""
    try:
        module = importlib.import_module("publicsuffixlist")
    except ImportError:
        raise ImportError("the Public Suffix List needs the publicsuffixlist package: "
                          "pip install 'urikit[psl]'") from None
    source = module.__file__.rsplit("/", 1)[0] if module.__file__ else ""
    version = ""
    try:
        with open(f"{source}/public_suffix_list.dat", encoding="utf-8") as data:
            for line in data:
                if line.startswith("// VERSION: "):
                    version = line[len("// VERSION: "):].strip()
                    break
    except OSError:
        version = ""
    psl = cast("_List", module.PublicSuffixList())
    return psl, version


@functools.cache
def _optional_list() -> _List | None:
    """The Public Suffix List, or ``None`` without the ``publicsuffixlist`` package
    (asked once: a missing package is not looked for again on every call)."""
    try:
        return _list()[0]
    except ImportError:
        return None


def is_public_suffix(domain: str) -> bool | None:
    """Whether the ASCII, lower-case ``domain`` (no trailing dot) is itself a public
    suffix, by the whole list as browsers read it (``co.uk``, ``github.io``; a
    top-level domain the list does not name is one); ``None`` when the
    ``publicsuffixlist`` package is not installed."""
    psl = _optional_list()
    if psl is None:
        return None
    return psl.publicsuffix(domain, accept_unknown=True) == domain


def public_suffix_list_version() -> str:
    """The version of the Public Suffix List in use (the list's own ``VERSION`` line,
    a UTC time stamp), or ``""`` when the package does not say.

    .. versionadded:: 0.4
    """
    return _list()[1]


def _domain(host: str | URI | FrozenURI) -> tuple[str, str] | None:
    """The host as an ASCII domain without its trailing dot, and the dot; ``None`` when
    it is no domain (an IP address, an empty host, no host)."""
    given = cast("object", host)  # checked: callers without a type checker pass anything
    if isinstance(given, URI | FrozenURI):
        text = given.host
        if text is None:
            return None
    elif isinstance(given, str):
        text = given
    else:
        raise TypeError(f"host must be a str, a URI or a FrozenURI, not {type(given).__name__}")
    return _text_domain(text)


# a column of URLs names few hosts many times: each host's reading (IDNA, the IPv4
# checks) is done once for the many rows that share it (benchmarks/frames.py)
@functools.lru_cache(maxsize=4096)
def _text_domain(text: str) -> tuple[str, str] | None:
    """:func:`_domain` of a host's text."""
    if text.startswith("[") or not text:
        return None
    try:
        ascii_host = host_to_ascii(text)
    except URIError:
        return None
    dot = "." if ascii_host.endswith(".") else ""
    # the URL Standard reads a host that ends in a number as an IPv4 address; a number
    # starts with a digit ("0x1f" too), so an ASCII host whose last label does not (and
    # which no percent-decoding could change) is none: the usual domain skips the checks
    last = ascii_host[:len(ascii_host) - len(dot)].rpartition(".")[2]
    if (last[:1].isdigit() or "%" in ascii_host) and (
            host_kind(ascii_host) is HostKind.IPV4 or is_ambiguous_ipv4(ascii_host)):
        return None
    return ascii_host[:len(ascii_host) - len(dot)], dot


@functools.lru_cache(maxsize=4096)  # as _text_domain: a host asked for many rows
def _suffix(domain: str, private: bool) -> str | None:
    """The list's public suffix of ``domain`` (an ASCII domain without a trailing dot),
    or, ``private``, its public suffix and one label before it."""
    found = _list()[0]
    if private:
        return found.privatesuffix(domain, accept_unknown=True)
    return found.publicsuffix(domain, accept_unknown=True)


def public_suffix(host: str | URI | FrozenURI) -> str | None:
    """The public suffix of ``host`` (the URL Standard's "host's public suffix", from
    the Public Suffix List, private section included), or ``None`` when the host is
    no domain (an IP address, an empty host) or has none.

    ``host`` is a host as text (Unicode or A-labels, any case) or a URI, whose host is
    taken. The answer is in A-labels, lower-case; a trailing dot is kept. A top-level
    domain the list does not name is a public suffix (the list's ``*`` rule).

    Raises:
        ImportError: the ``publicsuffixlist`` package is not installed.
        TypeError: ``host`` is not text or a URI.

    >>> public_suffix("www.example.co.uk"), public_suffix("alice.github.io")
    ('co.uk', 'github.io')
    >>> public_suffix("192.0.2.1") is None
    True

    .. versionadded:: 0.4
    """
    domain = _domain(host)
    if domain is None:
        return None
    suffix = _suffix(domain[0], False)
    return None if suffix is None else suffix + domain[1]


def registrable_domain(host: str | URI | FrozenURI) -> str | None:
    """The registrable domain of ``host`` (the URL Standard's "host's registrable
    domain": its public suffix and one label before it), or ``None`` when the host is
    no domain or is itself a public suffix.

    ``host`` is read as :func:`public_suffix` reads it.

    Raises:
        ImportError: the ``publicsuffixlist`` package is not installed.
        TypeError: ``host`` is not text or a URI.

    >>> registrable_domain("www.Example.CO.UK"), registrable_domain("bücher.example")
    ('example.co.uk', 'xn--bcher-kva.example')
    >>> registrable_domain("alice.github.io"), registrable_domain("co.uk")
    ('alice.github.io', None)

    .. versionadded:: 0.4
    """
    domain = _domain(host)
    if domain is None:
        return None
    registrable = _suffix(domain[0], True)
    return None if registrable is None else registrable + domain[1]


def subdomain(host: str | URI | FrozenURI) -> str | None:
    """The labels of ``host`` before its registrable domain (:func:`registrable_domain`),
    in A-labels, lower-case: ``""`` for the registrable domain itself, ``None`` when
    the host has none (no domain, or a public suffix). Read as :func:`public_suffix`
    reads it.

    >>> subdomain("a.b.Example.co.uk"), subdomain("example.co.uk"), subdomain("co.uk")
    ('a.b', '', None)
    """
    domain = _domain(host)
    if domain is None:
        return None
    registrable = _suffix(domain[0], True)
    if registrable is None:
        return None
    return domain[0][:len(domain[0]) - len(registrable)].removesuffix(".")


def same_site(a: URI | FrozenURI | str, b: URI | FrozenURI | str, *,
              schemeful: bool | Checked = True) -> bool:
    """Whether ``a`` and ``b`` are the same site, as the HTML Standard defines it for
    cookies' ``SameSite`` and ``Sec-Fetch-Site``: their hosts have the same registrable
    domain (or are the same host, when it has none: an IP address, a public suffix)
    and, unless ``schemeful=False`` (the older "schemelessly same site"), the same
    scheme. Ports do not count. A URI without a scheme or host has no site: ``False``.

    A ``str`` is read with :meth:`~urikit.URI.parse_lenient`, as a browser reads it.

    Raises:
        ImportError: the ``publicsuffixlist`` package is not installed.
        TypeError: ``a`` or ``b`` is not text or a URI.

    >>> same_site("https://www.example.com/", "https://api.example.com:8443/x")
    True
    >>> same_site("https://alice.github.io/", "https://bob.github.io/")
    False
    >>> same_site("http://example.com/", "https://example.com/"), \\
    ...     same_site("http://example.com/", "https://example.com/", schemeful=False)
    (False, True)

    .. versionadded:: 0.4
    """
    if schemeful is not FLAG_FALSE and schemeful is not FLAG_TRUE:
        require_bool(schemeful, "schemeful")
    first, second = _origin(a), _origin(b)
    if first is None or second is None:
        return False
    if schemeful and first.scheme != second.scheme:
        return False
    # HTML's "schemelessly same site": the same host with no registrable domain, or the
    # same non-null registrable domain
    mine, theirs = registrable_domain(first.host), registrable_domain(second.host)
    if mine is None:
        return theirs is None and first.host == second.host
    return mine == theirs


def _origin(uri: URI | FrozenURI | str) -> _Site | None:
    try:
        given = as_frozen(uri, "uri", lenient=True)
    except URIError:  # text that is no URI has no site
        return None
    origin = given.origin()
    if origin is None:
        return None
    try:
        host = host_to_ascii(origin.host)
    except URIError:
        host = origin.host
    return _Site(origin.scheme, host)


class _Site:
    """A scheme and an ASCII host: what same-site compares."""

    __slots__ = ("host", "scheme")

    def __init__(self, scheme: str, host: str) -> None:
        self.scheme = scheme
        self.host = host
