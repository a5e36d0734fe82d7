"""Canonical forms for deduplication: RFC 3986 normalization plus crawler steps.

Normalization (:meth:`urikit.URI.normalize`, RFC 3986 §6) only makes changes that
cannot change the resource a URI identifies. A crawler deduplicating links goes
further and treats as one some URIs that RFC 3986 calls different: it drops the
fragment (never sent to the server), the "?" of an empty query, and puts the query
parameters in one order. That is *canonicalization*, a policy for deduplication, not
an equivalence RFC 3986 grants; it lives here, apart from ``normalize``, and every
step can be switched off on its own.

Steps taken (all on by default, except the tracking parameters):

* ``case``, ``percent``, ``dot_segments``, ``scheme_based``: RFC 3986 §6.2.2 and
  §6.2.3, exactly as :meth:`~urikit.URI.normalize` does them (lowercase scheme and
  host, uppercase hex in percent-encodings, decode percent-encoded unreserved
  characters, remove dot segments, drop a default or empty port of http, https, ws,
  wss and ftp, write an empty path after an authority as "/").
* ``ipv6_canonical``: write IPv6 addresses in RFC 5952 form (the same address).
* ``drop_fragment``: ``page#top`` and ``page`` are one document (w3lib's
  ``keep_fragments=False``, Google Safe Browsing's canonicalization).
* ``sort_query``: the parameters in a stable order by their plain-text key; repeated
  keys keep their relative order (``a=2&a=1`` may mean a list in that order, so
  unlike w3lib the values are not sorted) and each pair's wire text is kept byte for
  byte (nothing is re-encoded: ``a+b`` stays ``a+b``, ``%2F`` stays ``%2F``). Empty
  pieces between "&" are no parameter at all and are left out.
* ``drop_empty_query``: ``index.cgi?`` is ``index.cgi``.
* ``drop_params`` / ``drop_tracking`` (opt-in): remove parameters whose plain-text key
  matches one of the given shell patterns; :data:`TRACKING_PARAMS` lists the usual
  analytics ones (``utm_*``, ``gclid``, ``fbclid``, ...). They carry no resource
  information on the sites that set them, but a site may use a parameter of that
  name for something else, so it is left to the caller.

Left out, because they can change the resource or need facts a URI does not hold:
stripping ``www.``, removing ``index.html``, merging ``//`` in a path, lowercasing the
path, upgrading http to https, removing a trailing dot of the host, IDNA conversion,
and decoding percent-encoded reserved characters (``%2F`` is not ``/``).
"""

from __future__ import annotations

from collections.abc import Collection
from fnmatch import fnmatchcase
from typing import Final

from .._model.uri import URI

#: Query parameters set by analytics and ad-click tracking, as shell patterns.
#:
#: .. versionadded:: 0.2
TRACKING_PARAMS: Final[tuple[str, ...]] = (
    "utm_*", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
    "mc_cid", "mc_eid", "yclid", "_ga", "_gl", "igshid",
)


def canonical_uri(uri: str | URI, *, case: bool = True, percent: bool = True,
                  dot_segments: bool = True, scheme_based: bool = True,
                  ipv6_canonical: bool = True, drop_fragment: bool = True,
                  drop_empty_query: bool = True, sort_query: bool = True,
                  drop_tracking: bool = False, drop_params: Collection[str] = (),
                  allow_zone_id: bool = False) -> URI:
    """The canonical form of ``uri`` as a new :class:`~urikit.URI` (see
    :func:`canonicalize`); a URI passed in is not changed."""
    result = (URI.parse(uri, allow_zone_id=allow_zone_id) if isinstance(uri, str)
              else uri.copy())
    if case or percent or dot_segments or scheme_based or ipv6_canonical:
        result.normalize(case=case, percent=percent, dot_segments=dot_segments,
                         scheme_based=scheme_based, ipv6_canonical=ipv6_canonical)
    if drop_fragment:
        result.fragment = None
    patterns = tuple(drop_params) + (TRACKING_PARAMS if drop_tracking else ())
    query = result.query
    if query and (sort_query or patterns):
        # the view's keys are those of the non-empty pieces, in order
        pairs = list(zip(result.params.keys(), [p for p in query.split("&") if p],
                         strict=True))
        if patterns:
            pairs = [(key, piece) for key, piece in pairs
                     if not any(fnmatchcase(key, pattern) for pattern in patterns)]
        if sort_query:
            pairs.sort(key=lambda pair: pair[0])  # stable: repeated keys keep order
        query = "&".join(piece for _, piece in pairs)
        result.query = query if query or not drop_empty_query else ""
    if drop_empty_query and result.query == "":
        result.query = None
    return result


def canonicalize(uri: str | URI, *, case: bool = True, percent: bool = True,
                 dot_segments: bool = True, scheme_based: bool = True,
                 ipv6_canonical: bool = True, drop_fragment: bool = True,
                 drop_empty_query: bool = True, sort_query: bool = True,
                 drop_tracking: bool = False, drop_params: Collection[str] = (),
                 allow_zone_id: bool = False) -> str:
    """The canonical text of ``uri`` for deduplication: RFC 3986 §6 normalization plus
    the crawler steps of this module, each a keyword that switches it off (or, for
    ``drop_tracking`` and ``drop_params``, on).

    Two URIs with the same canonical form are taken for the same page by a crawler;
    this is a policy, broader than :meth:`~urikit.URI.equivalent`. A ``URI`` passed in
    is not changed.

    Raises:
        ParseError: ``uri`` is text that is not a URI-reference.

    >>> canonicalize("HTTP://Example.COM:80/a/./b/../c?b=2&a=1&a=0#top")
    'http://example.com/a/c?a=1&a=0&b=2'
    >>> canonicalize("http://h/index.cgi?")
    'http://h/index.cgi'
    >>> canonicalize("http://h/?utm_source=x&id=7", drop_tracking=True)
    'http://h/?id=7'
    >>> canonicalize("http://h/p?b&a#f", sort_query=False, drop_fragment=False)
    'http://h/p?b&a#f'

    .. versionadded:: 0.2
    """
    return str(canonical_uri(
        uri, case=case, percent=percent, dot_segments=dot_segments,
        scheme_based=scheme_based, ipv6_canonical=ipv6_canonical,
        drop_fragment=drop_fragment, drop_empty_query=drop_empty_query,
        sort_query=sort_query, drop_tracking=drop_tracking, drop_params=drop_params,
        allow_zone_id=allow_zone_id))
