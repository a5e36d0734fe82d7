"""What a browser makes of a host: numbers it reads as IPv4, and safe display (RFC 3986 §7)."""

from __future__ import annotations

import re
from typing import Final

from .._core import grammar as g
from .._core.build import Checked
from .._core.components import Parts
from .._core.host import HostKind, host_kind
from .._core.normalize import normalize_host
from .._core.percent import pct_utf8, unquote_octets
from .._core.serialize import to_text
from .browser import ipv4_number
from .masking import is_secret_user, mask_secrets
from .spoof import choose_labels

_LDH: Final = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-")
# A label longer than this is shown percent-encoded without the UTS 46 mapping (the
# idna package's input limit, which the mapping used to meet and fail at).
_LONGEST_MAPPED: Final = 1024
# A domain name has at most 127 labels (253 characters, each label one at least, and
# the dots between them, RFC 1035 §2.3.4).
_MAX_LABELS: Final = 127
# What display keeps percent-encoded of a decoded run: ASCII (but unreserved
# characters) and the surrogate escapes of octets that are not UTF-8.
_KEPT_ENCODED_RE: Final = re.compile(r"[\x00-\x7f\udc80-\udcff]")


def _whatwg_domain(host: str) -> str | None:
    """The domain the WHATWG host parser checks for IPv4, as far as it matters here:
    percent-decoded, then mapped by UTS 46 as its "domain to ASCII" step does
    (full-width digits and dots become ASCII, the ideographic full stop "。" becomes
    ".", letters are lowercased, and ignored code points such as U+00AD soft hyphen
    or U+200B zero-width space are dropped); ``None`` when the octets are not UTF-8
    or UTS 46 disallows a code point, for the parser then fails before any IPv4
    check."""
    try:
        # the whole host at once: octets are UTF-8 together exactly when each run of
        # them is, as ASCII characters separate the runs
        text = unquote_octets(host).decode("utf-8")
    except UnicodeDecodeError:
        return None
    from .idna import uts46_map  # imports idna: on first use, not with urikit
    return uts46_map(text)


def is_ambiguous_ipv4(host: str | Checked) -> bool:
    """Whether a registered name is one that other parsers read as an IPv4 address.

    RFC 3986 admits only dotted-decimal IPv4 addresses (§3.2.2); everything else is a
    registered name. But ``inet_aton()`` and the WHATWG URL standard, which browsers
    and many HTTP clients follow, read numeric names as addresses (§7.4): ``0x7f.1``,
    ``2130706433``, ``0177.0.0.1``, ``127.1`` and ``127.0.0.1.`` all mean 127.0.0.1
    to them. A filter that compares host text would let those past.

    This returns ``True`` for a reg-name that the WHATWG host parser treats as an
    IPv4 address (its "ends in a number" check): after percent-decoding and the UTS 46
    mapping the parser applies (full-width digits and dots mapped; invisible
    "ignored" code points such as ``%C2%AD``, a soft hyphen, dropped, so that
    ``127.0.0.1%C2%AD`` is 127.0.0.1 to a browser), the last dot-separated part (a
    single trailing dot ignored) is all digits, or a valid decimal, ``0x`` hex or
    leading-``0`` octal number. The WHATWG parser then either reads an address or
    rejects the URL (``1.2.3.4.5``, ``256.0.0.1``); either way it does not look the
    name up, so the two readings disagree.

    It returns ``False`` for an ``IPv4address`` (``127.0.0.1`` is an address to every
    parser, so nothing is ambiguous), for IP literals, and for names that end in a
    label that is not a number (``example.com``, ``1.2.3.example``).

    Args:
        host: wire host text.

    Raises:
        ParseError: ``host`` is not valid host text.

    >>> [is_ambiguous_ipv4(h) for h in ("0x7f.1", "2130706433", "0177.0.0.1", "1.2.3")]
    [True, True, True, True]
    >>> is_ambiguous_ipv4("127.0.0.1%C2%AD")
    True
    >>> [is_ambiguous_ipv4(h) for h in ("127.0.0.1", "example.com", "[::1]", "")]
    [False, False, False, False]

    .. versionadded:: 0.2

    .. versionchanged:: 0.2
       Applies the UTS 46 mapping that browsers apply first.
    """
    if host_kind(host) is not HostKind.REG_NAME:
        return False
    domain = _whatwg_domain(host)
    if domain is None:
        return False
    parts = domain.split(".")
    if parts[-1] == "":
        if len(parts) == 1:
            return False
        parts.pop()
    last = parts[-1]
    if last and all(c in g.DIGIT for c in last):
        return True
    return bool(last) and ipv4_number(last) is not None


def _display_forms(label: str) -> tuple[str, str | None]:
    """One decoded, lowercased label for display: (its form when not shown in Unicode,
    its U-label or ``None``). ASCII stays as it is, with an ``xn--`` label's U-label
    when it is a valid A-label under UTS 46 (the browsers' reading, as
    :func:`urikit.host_to_ascii` does by default); a label outside ASCII has its
    A-label and its U-label (its form after the UTS 46 mapping) when UTS 46 converts
    it, and is percent-encoded, without a U-label, when not."""
    from .idna import uts46_label_forms, uts46_ulabel

    if label.isascii():
        if label.startswith("xn--"):
            ulabel = uts46_ulabel(label)
            return label, ulabel if isinstance(ulabel, str) else None
        return label, None
    if len(label) > _LONGEST_MAPPED:  # as before: no A-label, and no mapping paid for
        return pct_utf8(label), None
    forms = uts46_label_forms(label)
    # UTS 46 maps some labels to plain ASCII (full-width letters, ignored code points
    # such as U+00AD or U+200B): showing that would hide what the URI holds, so those
    # are encoded.
    if forms is not None and forms[0].startswith("xn--") \
            and all(c in _LDH for c in forms[0]):
        return forms
    return pct_utf8(label), None


def _decode_for_display(m: re.Match[str]) -> str:
    """A run of percent-encodings with unreserved ASCII (lowercased) and UTF-8
    characters decoded; every other octet stays encoded, with uppercase digits."""
    decoded = bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "surrogateescape")
    if _KEPT_ENCODED_RE.search(decoded) is None:  # UTF-8 outside ASCII only: at once
        return decoded
    out: list[str] = []
    for c in decoded:
        if c in g.UNRESERVED:
            out.append(c.lower())
        elif c.isascii():
            out.append(f"%{ord(c):02X}")
        elif 0xDC80 <= ord(c) <= 0xDCFF:  # an octet that is not UTF-8
            out.append(f"%{ord(c) - 0xDC00:02X}")
        else:
            out.append(c)
    return "".join(out)


def display_host(host: str) -> str:
    """A reg-name as people should read it: internationalized labels in Unicode where
    the display policy allows it, as A-labels where it does not.

    Percent-encoded unreserved characters and UTF-8 are decoded; a label outside
    ASCII is shown as its U-label (after the UTS 46 mapping) when
    :func:`urikit._whatwg.spoof.shows_as_unicode` allows it, else as its A-label
    (``xn--``, UTS 46 with the browsers' parameters as :func:`urikit.host_to_ascii`
    reads it, nontransitional: ``faß`` is ``xn--fa-hia``), or, when it has none or
    UTS 46 maps it to plain ASCII, stays percent-encoded. A valid A-label in the wire
    text is shown in Unicode under the same policy, the one ``to_iri()`` applies.
    Other percent-encodings (``%2F``, ``%40``) stay encoded, so no delimiter appears
    that the wire text does not hold. Letters are lowercased and percent-encodings
    uppercased (§6.2.2.1). A host of more labels than a domain name
    can have (127) is no domain name, and is shown in that normal form alone, with
    neither IDNA nor Unicode.

    >>> display_host("B%C3%BCcher.Example"), display_host("%65x%2Fa")
    ('bücher.example', 'ex%2Fa')
    >>> display_host("%D0%B0pple.com"), display_host("xn--80ak6aa92e.com")
    ('xn--pple-43d.com', 'xn--80ak6aa92e.com')
    """
    if host.count(".") + host.count("%2E") + host.count("%2e") >= _MAX_LABELS:
        # No domain name has this many labels: shown in its normal form (§6.2.2.1),
        # without IDNA, a step per label, which would make display of a long host
        # cost far more than reading it.
        return normalize_host(host)
    # The wire host is ASCII: lowercasing it lowercases the letters of the name, and
    # the decoding writes every percent-encoding it keeps with uppercase digits again
    # and lowercases the unreserved letters it decodes; A-labels are lowercase.
    labels = g.PCT_RUN_RE.sub(_decode_for_display, host.lower()).split(".")
    forms = {label: _display_forms(label) for label in labels}  # each distinct one once
    pairs = list(map(forms.__getitem__, labels))
    return choose_labels([a for a, _ in pairs], [u for _, u in pairs])


def display(c: Parts) -> str:
    """The URI as people should see it, resisting semantic attacks (RFC 3986 §7.6).

    The userinfo is taken out of the URI and shown after it, apart and labelled, so
    the host is the only name between ``//`` and the path:
    ``ftp://evil.example/ (user "trusted.example")``. A password is never shown,
    only that there is one (``password hidden``), nor is a user name without a
    password where it stands for a token (``https``, ``http``, ``wss``, ``ws``, or
    no scheme: ``user hidden``, :mod:`urikit._whatwg.masking`). The scheme and host are in
    lowercase; a label of a registered name that is an A-label or percent-encoded
    UTF-8 is shown in Unicode only when the display policy of
    :mod:`urikit._whatwg.spoof` allows it (one script or a permitted mix, no look-alike
    of a Latin letter passing for one, no invisible character): ``bücher.example``,
    but ``xn--pple-43d.com`` for ``аpple.com`` with a Cyrillic "а", and
    ``xn--80ak6aa92e.com`` for ``аррӏе.com``, all Cyrillic; a label that has no
    A-label (invisible or full-width characters, which IDNA would map to other text)
    stays percent-encoded. The path,
    query and fragment are shown exactly as written, never decoded: decoding could
    produce look-alike delimiters such as U+2215 "∕"; only their secrets are masked
    (a password a browser reads there, the value of a secret query parameter:
    :data:`~urikit.SECRET_QUERY_PARAMETERS`).

    >>> from urikit import URI
    >>> URI.parse("http://trusted.example@evil.example/login").to_display()
    'http://evil.example/login (user hidden)'
    >>> URI.parse("ftp://trusted.example@evil.example/").to_display()
    'ftp://evil.example/ (user "trusted.example")'
    >>> URI.parse("https://joe:secret@%D0%B0pple.com/").to_display()
    'https://xn--pple-43d.com/ (user "joe", password hidden)'

    .. versionadded:: 0.2
    """
    scheme, userinfo, host = c[0], c[1], c[2]
    if scheme is not None:
        scheme = scheme.lower()
    if host is not None:
        host = host.lower() if host[:1] == "[" else display_host(host)
    # the port's text as written ("0080" stays "0080")
    # a password a browser reads in the path (http:joe:pw@h/) and the values of
    # secret query parameters are masked as everywhere (masking.mask_secrets)
    text = mask_secrets(to_text((scheme, None, host, c[3], c[4], c[5], c[6])))[0]
    if userinfo is None:
        return text
    user, colon, _ = userinfo.partition(":")
    # a user name that stands for a token is masked as everywhere (masking.is_secret_user)
    shown = "user hidden" if is_secret_user(scheme, userinfo) else f'user "{user}"'
    return f"{text} ({shown}, password hidden)" if colon else f"{text} ({shown})"

