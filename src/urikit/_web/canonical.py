"""Canonical forms for deduplication: RFC 3986 normalization plus crawler steps.

Normalization (:meth:`urikit.URI.normalize`, RFC 3986 §6) only makes changes that
cannot change the resource a URI identifies. A crawler deduplicating links goes
further and treats as one some URIs that RFC 3986 calls different: it drops the
fragment (never sent to the server), the "?" of an empty query, and puts the query
parameters in one order. That is *canonicalization*, a policy for deduplication, not
an equivalence RFC 3986 grants; it lives here, apart from ``normalize``, and every
step can be switched off on its own in a :class:`CanonicalOptions` record.

Steps taken (all on by default, except the tracking parameters):

* ``normalization``: RFC 3986 §6.2.2 and §6.2.3, exactly as
  :meth:`~urikit.URI.normalize` does them with the :class:`~urikit.NormalizeOptions`
  given (lowercase scheme and host, uppercase hex in percent-encodings, decode
  percent-encoded unreserved characters, remove dot segments, drop a default or empty
  port of http, https, ws, wss and ftp, write an empty path after an authority as
  "/"), and here by default IPv6 addresses in RFC 5952 form (the same address).
* ``drop_fragment``: ``page#top`` and ``page`` are one document (w3lib's
  ``keep_fragments=False``, Google Safe Browsing's canonicalization).
* ``sort_query``: the parameters in a stable order by their plain-text key; repeated
  keys keep their relative order (``a=2&a=1`` may mean a list in that order, so
  unlike w3lib the values are not sorted) and each pair's wire text is kept byte for
  byte (nothing is re-encoded: ``a+b`` stays ``a+b``, ``%2F`` stays ``%2F``). Empty
  pieces between "&" are no parameter at all and are left out.
* ``drop_empty_query``: ``index.cgi?`` is ``index.cgi``.
* ``form_query`` (opt-in): the query is read as an HTML form's
  (``application/x-www-form-urlencoded``), where ``+`` and ``%20`` both stand for a
  space: every ``%20`` in it is written ``+`` (as forms and w3lib write it), so
  ``q=a+b`` and ``q=a%20b`` meet. Off by default: RFC 3986 gives ``+`` no meaning,
  and outside forms (``/search?tags=c+c++``) it is a plus sign. ``%2B`` stays.
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

import functools
import re
from collections.abc import Callable, Iterable
from fnmatch import translate
from itertools import compress, repeat
from operator import itemgetter
from typing import Final, cast

import attrs

from .._core.build import Checked
from .._core.normalize import NormalizeOptions, step
from .._core.parse import FLAG_FALSE, FLAG_TRUE, require_bool
from .._core.percent import unquote
from .._model.uri import URI, FrozenURI, as_frozen

# a pair's key, of its partition at "="
_KEY: Final = itemgetter(0)

#: Query parameters set by analytics and ad-click tracking, as shell patterns.
#:
#: .. versionadded:: 0.2
TRACKING_PARAMS: Final[tuple[str, ...]] = (
    "utm_*", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
    "mc_cid", "mc_eid", "yclid", "_ga", "_gl", "igshid",
)


def _patterns(value: Iterable[str]) -> tuple[str, ...]:
    """``drop_params`` as a tuple of shell patterns (so the record hashes and
    pickles); a lone ``str`` is refused, since it would read as one pattern a
    character."""
    if isinstance(value, str):
        raise TypeError("drop_params takes a collection of patterns, not one str: "
                        f"write ({value!r},)")
    patterns = tuple(value)
    for pattern in patterns:
        # checked: callers without a type checker pass anything
        if not isinstance(cast("object", pattern), str):
            raise TypeError(f"a drop_params pattern must be str, not {type(pattern).__name__}")
    return patterns


@attrs.frozen(kw_only=True, slots=False)  # no slots: a slot has no docstring
class CanonicalOptions:
    """Which steps :func:`~urikit.canonicalize` takes: RFC 3986 normalization, as a
    :class:`~urikit.NormalizeOptions` record, plus the crawler steps. A frozen record
    with defaults (``attrs.evolve`` makes a variant); records compare, hash and
    pickle by their fields, so the command line's worker processes and Dask's tasks
    receive them whole.

    Attributes:
        normalization: the RFC 3986 §6.2.2 and §6.2.3 steps; by default all of them,
            IPv6 addresses in the RFC 5952 form included.
        drop_fragment: remove the fragment (``page#top`` and ``page`` are one
            document: w3lib's ``keep_fragments=False``, Google Safe Browsing's
            canonicalization).
        drop_empty_query: remove a "?" with nothing after it (``index.cgi?`` is
            ``index.cgi``).
        sort_query: put the parameters in a stable order by their plain-text key;
            repeated keys keep their relative order and each pair's wire text is
            kept byte for byte. Empty pieces between "&" are left out.
        drop_tracking: remove the parameters of :data:`~urikit.TRACKING_PARAMS`. Off
            by default.
        drop_params: remove the parameters whose plain-text key matches one of these
            shell patterns (a collection of ``str``, kept as a tuple). None by
            default.
        form_query: read the query as a form's (``application/x-www-form-urlencoded``):
            ``+`` and ``%20`` both mean a space, written ``+``. Off by default.

            .. versionadded:: 0.3

    >>> CanonicalOptions(drop_tracking=True, drop_params=["ref_*"]).drop_params
    ('ref_*',)
    >>> options = CanonicalOptions(normalization=NormalizeOptions(case=False),
    ...                            drop_fragment=False)
    >>> canonicalize("HTTP://h/b/../a?y&x#f", options)
    'HTTP://h/a?x&y#f'
    >>> import attrs
    >>> attrs.evolve(options, sort_query=False).sort_query
    False

    .. versionadded:: 0.3
    """

    normalization: NormalizeOptions = attrs.field(
        default=NormalizeOptions(ipv6_canonical=True),
        validator=attrs.validators.instance_of(NormalizeOptions))
    drop_fragment: bool = step(True)
    drop_empty_query: bool = step(True)
    sort_query: bool = step(True)
    drop_tracking: bool = step(False)
    drop_params: tuple[str, ...] = attrs.field(default=(), converter=_patterns)
    form_query: bool = step(False)


#: The default steps (:class:`CanonicalOptions`' defaults).
DEFAULT_OPTIONS: Final = CanonicalOptions()


def canonical_uri(uri: str | URI | FrozenURI, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                  allow_zone_id: bool = False) -> URI:
    """The canonical form of ``uri`` as a new :class:`~urikit.URI` (see
    :func:`canonicalize`); a URI passed in is not changed."""
    given = cast("object", uri)  # checked: callers without a type checker pass anything
    if isinstance(given, str):  # a zone identifier is the caller's choice here
        result = URI.parse(given, allow_zone_id=allow_zone_id)
    else:
        result = as_frozen(given, "uri").thaw()
    steps = cast("object", options)
    if not isinstance(steps, CanonicalOptions):
        raise TypeError(f"options must be CanonicalOptions, not {type(steps).__name__}")
    result.normalize(options.normalization)
    text = str(result)
    canonical = _crawler_steps(text, options)
    if canonical is text:
        return result
    return type(result).parse(canonical, allow_zone_id=allow_zone_id)


def canonical_text(text: str, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                   allow_zone_id: bool = False) -> str:
    """``canonicalize(text, options)`` for text, without building the result's
    :class:`~urikit.URI` (what the batch commands need, once a line)."""
    return _crawler_steps(str(URI.parse(text, allow_zone_id=allow_zone_id).normalize(
        options.normalization)), options)


def _crawler_steps(text: str, options: CanonicalOptions) -> str:
    """The crawler steps on normalized text (``text`` itself when nothing changes).

    They work on the text, whose first "#" starts the fragment and whose first "?"
    before it the query: the result is valid whenever ``text`` is (a fragment
    dropped, pieces of the query dropped or reordered), so it needs no validation
    and no component is set one by one.
    """
    hash_at = text.find("#")
    end = len(text) if hash_at < 0 else hash_at
    query_at = text.find("?", 0, end)
    query = None if query_at < 0 else text[query_at + 1:end]
    fragment = text[end:]  # "#..." or ""
    changed = False
    if options.drop_fragment and fragment:
        fragment, changed = "", True
    if query is not None:
        new = _canonical_query(query, options)
        if new != query:
            query, changed = new, True
    if not changed:
        return text
    head = text[:end] if query_at < 0 else text[:query_at]
    return head + ("" if query is None else "?" + query) + fragment


def _canonical_query(query: str, options: CanonicalOptions) -> str | None:
    """The query after the crawler steps (``None``: no query)."""
    if options.form_query and "%20" in query:
        query = query.replace("%20", "+")
    patterns = options.drop_params + (TRACKING_PARAMS if options.drop_tracking else ())
    if query and (options.sort_query or patterns):
        pieces = [p for p in query.split("&") if p]
        # the plain-text key of each piece, as the params view reads it, cut and
        # decoded in C passes (a Python step per pair took 10x a parse of a megabyte of
        # them); the steps below are C loops over them, with a Python step per
        # distinct key at most
        keys = list(map(_KEY, map(str.partition, pieces, repeat("="))))
        if "%" in query:
            # all at once: no key holds "&" (the query is cut there), so the decoded
            # keys are cut at "&" again, unless one held "%26"
            decoded = unquote("&".join(keys)).split("&")
            keys = decoded if len(decoded) == len(keys) else list(map(unquote, keys))
        if patterns:
            dropped = _matcher(patterns)
            matched = {key for key in set(keys) if dropped(key)}
            if matched:
                kept = list(map(matched.isdisjoint, zip(keys)))  # key not in matched
                keys = list(compress(keys, kept))
                pieces = list(compress(pieces, kept))
        if options.sort_query:  # stable: repeated keys keep their order
            pieces = list(map(pieces.__getitem__,
                              sorted(range(len(keys)), key=keys.__getitem__)))
        query = "&".join(pieces)
    if options.drop_empty_query and query == "":
        return None
    return query


@functools.lru_cache(maxsize=64)
def _matcher(patterns: tuple[str, ...]) -> Callable[[str], object]:
    """Whether a key matches one of the shell patterns (as ``fnmatchcase`` matches,
    case-sensitively): one compiled expression for them all, so a key costs one match,
    not one ``fnmatchcase`` call per pattern."""
    return re.compile("|".join(f"(?:{translate(p)})" for p in patterns)).match


def canonicalize(uri: str | URI | FrozenURI, options: CanonicalOptions = DEFAULT_OPTIONS, *,
                 allow_zone_id: bool | Checked = False) -> str:
    """The canonical text of ``uri`` for deduplication: RFC 3986 §6 normalization plus
    the crawler steps of this module, each switched on or off in ``options``.

    Two URIs with the same canonical form are taken for the same page by a crawler;
    this is a policy, broader than :meth:`~urikit.URI.equivalent`. A ``URI`` passed in
    is not changed.

    Args:
        uri: URI text (parsed strictly), a :class:`~urikit.URI` or a
            :class:`~urikit.FrozenURI`.
        options: the steps to take (:class:`CanonicalOptions`; its defaults when
            left out).
        allow_zone_id: accept an IPv6 zone identifier (RFC 6874) in text.

    Raises:
        ParseError: ``uri`` is text that is not a URI-reference.

    >>> canonicalize("HTTP://Example.COM:80/a/./b/../c?b=2&a=1&a=0#top")
    'http://example.com/a/c?a=1&a=0&b=2'
    >>> canonicalize("http://h/index.cgi?")
    'http://h/index.cgi'
    >>> canonicalize("http://h/?utm_source=x&id=7", CanonicalOptions(drop_tracking=True))
    'http://h/?id=7'
    >>> canonicalize("http://h/p?b&a#f",
    ...              CanonicalOptions(sort_query=False, drop_fragment=False))
    'http://h/p?b&a#f'
    >>> canonicalize("http://h/?q=a%20b", CanonicalOptions(form_query=True))
    'http://h/?q=a+b'

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       The steps are one :class:`CanonicalOptions` record, not ten keywords.
    .. versionchanged:: 0.3
       Its signature names :class:`~urikit.FrozenURI`, which it always took.
    """
    if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
        require_bool(allow_zone_id, "allow_zone_id")
    return str(canonical_uri(uri, options, allow_zone_id=allow_zone_id))
