"""IRIs (RFC 3987): the mapping between IRI text and URI text, on plain strings.

Text people write and read (``https://bücher.example/Dürst``) against URI text
(``https://xn--bcher-kva.example/D%C3%BCrst``); domain names go through
:mod:`urikit._whatwg.idna`.
"""

from __future__ import annotations

import re
from typing import Final

from .._core import grammar as g
from .._core.build import Checked
from .._core.components import Parts
from .._core.errors import IDNAError
from .._core.parse import (
    FLAG_FALSE,
    FLAG_TRUE,
    appendix_b,
    diagnose,
    is_valid,
    require_bool,
    require_str,
    split,
    split_authority,
)
from .._core.percent import pct_utf8
from .._whatwg.idna import check_alabels, host_to_ascii, host_to_unicode
from .._whatwg.spoof import choose_labels

# Bidirectional formatting characters (the Unicode Bidi_Control property), which
# RFC 3987 §4.1 says must not appear in an IRI: the marks U+061C, U+200E and U+200F,
# the embeddings and overrides U+202A to U+202E, and the isolates U+2066 to U+2069.
_BIDI_CONTROLS: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                  "\u2066\u2067\u2068\u2069")



# --- IRIs --------------------------------------------------------------------------------


def iri_to_uri(text: str | Checked, *, allow_zone_id: bool | Checked = False) -> str:
    """Map an IRI to a URI (RFC 3987 §3.1): every character outside ASCII
    percent-encoded as UTF-8, and a registered name outside ASCII converted to
    A-labels by :func:`host_to_ascii` (the IDNA conversion of §3.1 step 2).

    ASCII text is left exactly as it is: nothing is decoded, re-encoded or
    normalized. The text is split into components by the RFC 3986 Appendix B
    expression; an IP literal with characters outside ASCII is percent-encoded like
    any other component (and so fails as a host). The characters outside ASCII are
    not checked against the ``ucschar`` ranges: each is encoded.

    Args:
        text: an IRI reference.
        allow_zone_id: accept an IPv6 zone identifier (RFC 6874) in the result, as
            :meth:`urikit.URI.parse` does.

    Returns:
        The URI reference.

    Raises:
        ParseError: the result is not a URI-reference (the text was not an IRI); the
            error's ``text`` and ``position`` refer to the mapped text.
        IDNAError: the registered name cannot be converted to A-labels.
        EncodingError: the text holds a lone surrogate.

    >>> iri_to_uri("http://résumé.example.org/Dürst?q=ü#ß")
    'http://xn--rsum-bpad.example.org/D%C3%BCrst?q=%C3%BC#%C3%9F'
    >>> from urikit import ParseError
    >>> try:
    ...     iri_to_uri("http://é/%zz")
    ... except ParseError as error:
    ...     print(error.text, error.position, error.reason)
    http://xn--9ca/%zz 15 invalid percent-encoding '%zz'

    .. versionadded:: 0.2

    .. versionchanged:: 0.7
       ``allow_zone_id``.
    """
    if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
        require_bool(allow_zone_id, "allow_zone_id")
    if type(text) is not str:  # in urikit's words, before the typed helpers ask
        text = require_str(text)
    out = map_iri_to_uri(text)
    if not is_valid(out, allow_zone_id=allow_zone_id):
        raise diagnose(out, allow_zone_id)
    return out


def map_iri_to_uri(text: str) -> str:
    """:func:`iri_to_uri` without its last step, the check that the result is a
    URI-reference: for :meth:`urikit.URI.from_iri`, whose parse makes that check and
    raises the same :class:`ParseError`, so that a long result is matched once, not
    twice.

    >>> map_iri_to_uri("/Dürst 1")  # not a URI-reference: iri_to_uri raises
    '/D%C3%BCrst 1'
    """
    text = require_str(text, "text")
    if text.isascii():
        out = text
        if "xn--" in text.lower():  # an A-label must be one, as the browsers read it
            authority = appendix_b(text).group(4)
            if authority is not None:
                check_alabels(split_authority(authority)[1])
    else:
        scheme, authority, path, query, fragment = appendix_b(text).group(2, 4, 5, 7, 9)
        parts: list[str] = []
        if scheme is not None:
            parts += [pct_utf8(scheme), ":"]
        if authority is not None:
            userinfo, host, port = split_authority(authority)
            parts.append("//")
            if userinfo is not None:
                parts += [pct_utf8(userinfo), "@"]
            if host.startswith("["):
                parts.append(pct_utf8(host))
            elif host.isascii():
                check_alabels(host)
                parts.append(host)
            else:
                parts.append(host_to_ascii(host))
            if port is not None:
                parts += [":", port]
        parts.append(pct_utf8(path))
        if query is not None:
            parts += ["?", pct_utf8(query)]
        if fragment is not None:
            parts += ["#", pct_utf8(fragment)]
        out = "".join(parts)
    return out


def _in(ranges: tuple[tuple[int, int], ...], cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def _shown(c: str, in_query: bool) -> bool:
    """Whether an IRI may hold the character ``c`` (outside ASCII) decoded."""
    cp = ord(c)
    if c in _BIDI_CONTROLS:
        return False
    return _in(g.UCSCHAR, cp) or (in_query and _in(g.IPRIVATE, cp))


def _utf8_length(lead: int) -> int:
    """The length of the UTF-8 sequence a lead octet starts, 0 for no lead octet."""
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


# A character an IRI may not hold decoded (the inverse of :func:`_shown`), outside the
# query and in it: to decode a whole run of UTF-8 at once when it holds none.
_HIDDEN_RE: Final = re.compile(f"[^{g.range_class(g.UCSCHAR)}]|[{''.join(sorted(_BIDI_CONTROLS))}]")
_HIDDEN_IN_QUERY_RE: Final = re.compile(
    f"[^{g.range_class(g.UCSCHAR + g.IPRIVATE)}]|[{''.join(sorted(_BIDI_CONTROLS))}]")


def _decode_for_iri(wire: str, in_query: bool) -> str:
    """Valid wire text with the percent-encoded UTF-8 of characters an IRI may hold
    decoded; every other triplet stays exactly as written."""
    hidden = _HIDDEN_IN_QUERY_RE if in_query else _HIDDEN_RE

    def run(m: re.Match[str]) -> str:
        triplets = m.group()
        octets = bytes.fromhex(triplets.replace("%", ""))
        try:  # the common case, a run of UTF-8 that is all shown: decoded at once
            text = octets.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            if hidden.search(text) is None:
                return text
            for case in (str.upper, str.lower):
                if triplets == case(triplets):
                    # the hidden characters back as the triplets they were written
                    # as, by one C pass (str.translate), not a Python step per octet
                    table = {ord(c): case("".join(f"%{b:02X}" for b in c.encode("utf-8")))
                             for c in set(hidden.findall(text))}
                    return text.translate(table)
        out: list[str] = []
        i = 0
        while i < len(octets):
            n = _utf8_length(octets[i])
            if n:
                try:
                    c = octets[i:i + n].decode("utf-8")
                except UnicodeDecodeError:
                    pass
                else:
                    if _shown(c, in_query):
                        out.append(c)
                        i += n
                        continue
            # not shown: this octet stays as written; what follows is read anew
            out.append(triplets[3 * i:3 * i + 3])
            i += 1
        return "".join(out)

    return g.PCT_RUN_RE.sub(run, wire) if "%" in wire else wire


def _host_for_iri(host: str) -> str:
    """The host with A-labels shown as U-labels, when :func:`host_to_ascii` gives the
    same host back (the ACE prefix and ASCII letters compared in any case: a host is
    case-insensitive); else the host as it is."""
    shown = host_to_unicode(host)
    if shown == host:
        return host
    try:
        return shown if host_to_ascii(shown) == host.lower() else host
    except IDNAError:
        return host


def _host_for_people(host: str) -> str:
    """:func:`_host_for_iri`, with each label that the display policy
    (:func:`urikit._whatwg.spoof.shows_as_unicode`) refuses kept as its A-label."""
    shown = _host_for_iri(host)
    if shown == host:
        return host
    return choose_labels(host.split("."), shown.split("."))


def uri_to_iri(text: str | Checked, *, allow_zone_id: bool | Checked = False) -> str:
    """Map a URI to an IRI for people to read (RFC 3987 §3.2).

    Percent-encoded UTF-8 of characters outside ASCII is decoded, and a host whose
    labels are A-labels is shown with U-labels. Kept percent-encoded, exactly as
    written: every ASCII octet (so ``%2F``, ``%25`` and other reserved or
    unreserved characters stay encoded), octets that are not UTF-8, characters an
    IRI may not hold (outside ``ucschar`` of §2.2; ``iprivate`` is shown only in the
    query), and the bidirectional formatting characters that §4.1 forbids
    (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069). Percent-encoded
    UTF-8 in the host stays encoded, and a host is shown with U-labels only when
    converting it back gives the same text but for case (``XN--BCHER-KVA.DE`` is
    shown ``bücher.DE``).

    So :func:`iri_to_uri` gives back the same URI, ``iri_to_uri(uri_to_iri(u)) ==
    u``, whenever the percent-encodings that are decoded were written in uppercase
    hex (``%c3%bc`` comes back as ``%C3%BC``) and the A-labels in lowercase (an
    uppercase one comes back in lowercase, the same host).

    A label is shown as its U-label only when the spoof-resistant display policy
    (the security page of the docs states it) allows it: ``xn--80ak6aa92e.com``
    (``аррӏе.com`` in Cyrillic letters) stays as it is.

    Args:
        text: a URI-reference.
        allow_zone_id: accept an IPv6 zone identifier (RFC 6874), as
            :meth:`urikit.URI.parse` does; the host keeps it as written.

    Raises:
        ParseError: ``text`` is not a URI-reference.

    >>> uri_to_iri("http://www.example.org/D%C3%BCrst")
    'http://www.example.org/Dürst'
    >>> uri_to_iri("http://xn--99zt52a.example.org/%E2%80%AE%FC%2F")
    'http://納豆.example.org/%E2%80%AE%FC%2F'
    >>> uri_to_iri("http://[fe80::1%25eth0]/D%C3%BCrst", allow_zone_id=True)
    'http://[fe80::1%25eth0]/Dürst'

    .. versionadded:: 0.2

    .. versionchanged:: 0.7
       ``allow_zone_id``.
    """
    if allow_zone_id is not FLAG_FALSE and allow_zone_id is not FLAG_TRUE:
        require_bool(allow_zone_id, "allow_zone_id")
    if type(text) is not str:  # in urikit's words, before the typed helpers ask
        text = require_str(text)
    return components_to_iri(split(text, allow_zone_id), text)


def components_to_iri(c: Parts, text: str | None = None) -> str:
    """:func:`uri_to_iri` of a URI-reference already split into its components
    (trusted: valid, as a URI holds them), with its text if known: the one home of
    the mapping, for :meth:`urikit.URI.to_iri`, which reads no text anew (so a host
    with a zone identifier, which only ``allow_zone_id`` reads back, needs none).
    An IP literal is kept as written: its ``%25`` stays, as every ASCII octet does.

    >>> components_to_iri(("http", None, "[fe80::1%25eth0]", None, "/%C3%BC", None, None))
    'http://[fe80::1%25eth0]/ü'
    """
    scheme, userinfo, host, port, path, query, fragment = c
    if text is not None and "%" not in text and "xn--" not in text.lower():
        return text
    parts: list[str] = []
    if scheme is not None:
        parts += [scheme, ":"]
    if host is not None:
        parts.append("//")
        if userinfo is not None:
            parts += [_decode_for_iri(userinfo, False), "@"]
        parts.append(_host_for_people(host))
        if port is not None:
            parts += [":", port]
    parts.append(_decode_for_iri(path, False))
    if query is not None:
        parts += ["?", _decode_for_iri(query, True)]
    if fragment is not None:
        parts += ["#", _decode_for_iri(fragment, False)]
    return "".join(parts)
