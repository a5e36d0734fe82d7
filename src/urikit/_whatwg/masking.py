"""The one masking rule: where a secret is in any text, valid or not, and the text masked.

A secret is a password of the userinfo, where RFC 3986 reads one and where a browser
would, and the value of a query parameter named in :data:`SECRET_QUERY_PARAMETERS` (or
a name the caller adds). Every text that can reach a person asks this module: the
errors, ``repr``, ``redacted()``, the pydantic messages, the command line's output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, cast

from .._core.components import Parts
from .._core.parse import appendix_b
from .._core.serialize import to_text
from .browser import authority_span

#: The query parameters whose values :meth:`URI.to_redacted() <urikit.URI.to_redacted>`,
#: ``repr()``, error messages and the command line mask by default (the key compared
#: percent-decoded and lower-cased; ``redacted(secrets=...)`` adds names): bearer and
#: OAuth tokens, signatures and credentials of signed URLs (AWS, Google Cloud),
#: passwords, API keys, client secrets and session ids.
#:
#: .. versionadded:: 0.4
SECRET_QUERY_PARAMETERS: Final = frozenset({
    "access_token", "api_key", "api-key", "apikey", "auth", "auth_token", "client_secret",
    "code_verifier", "id_token", "key", "passwd", "password", "pwd", "refresh_token",
    "secret", "session", "session_id", "sessionid", "sig", "signature", "token",
    "x-amz-credential", "x-amz-security-token", "x-amz-signature", "x-goog-credential",
    "x-goog-signature",
})

_MASK: Final = "***"
# a query pair of a secret's name: where its value starts and ends
_PAIR_RE: Final = re.compile(r"[^&;#]*")
_TRIPLET_RE: Final = re.compile("%([0-9A-Fa-f]{2})")


def _key(text: str) -> str:
    """A query key as compared with the secret names: each ``%XX`` decoded as one
    octet (the names are ASCII, so a key outside ASCII never matches), lower-cased;
    any other "%" kept (urllib.parse, which imports ipaddress, stays out of urikit)."""
    if "%" not in text:
        return text.lower()
    return _TRIPLET_RE.sub(lambda m: chr(int(m.group(1), 16)), text).lower()


def _userinfo_password(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The password in the authority text[start:end]: from the first ":" of the
    userinfo (which ends at the last "@") to that "@"; an empty one is not masked."""
    at = text.rfind("@", start, end)
    colon = text.find(":", start, at) if at >= 0 else -1
    if colon < 0 or colon + 1 == at:
        return None
    return colon + 1, at


def password_spans(text: str) -> list[tuple[int, int]]:
    """Where a password of ``text``'s userinfo is, as (start, end) spans, under RFC
    3986's reading (Appendix B) and under the browsers'
    (:func:`urikit._whatwg.browser.authority_span`: any run of ``/`` and ``\\`` after a
    special scheme, two or more without a scheme): the spans of both, merged, in order.

    It works on any text, valid or not, so that an echoed invalid line is masked too.

    >>> text = "http://joe:secret@h/"
    >>> [text[start:end] for start, end in password_spans(text)]
    ['secret']
    >>> text = "http:\\\\\\\\joe:secret@h\\\\"
    >>> [text[start:end] for start, end in password_spans(text)]
    ['secret']
    >>> text = "///joe:secret@h/"
    >>> [text[start:end] for start, end in password_spans(text)]
    ['secret']
    >>> password_spans("http://h/a:b@c")
    []
    """
    spans: list[tuple[int, int]] = []
    if "@" not in text:
        return spans  # no userinfo under any reading
    m = appendix_b(text)
    if m.group(4) is not None:
        span = _userinfo_password(text, *m.span(4))
        if span is not None:
            spans.append(span)
    browser = authority_span(text)
    if browser is not None:
        span = _userinfo_password(text, *browser)
        if span is not None and span not in spans:
            spans.append(span)
    if len(spans) < 2:
        return spans
    return _merged(sorted(spans))


def _merged(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted ``spans`` with those that overlap made one."""
    merged = [spans[0]]
    for start, end in spans[1:]:
        if start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def query_secret_spans(text: str,
                       secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> list[tuple[int, int]]:
    """Where the values of the secret query parameters of ``text`` are, as (start,
    end) spans: the query is what follows the first ``?`` up to a ``#`` (RFC 3986 and
    browsers alike), its pairs are cut at ``&`` and ``;``, and a pair whose key,
    percent-decoded and lower-cased, is in ``secrets`` has its non-empty value there.

    >>> text = "https://h/?q=1&Token=abc&sig=x%2Fy#f"
    >>> [text[start:end] for start, end in query_secret_spans(text)]
    ['abc', 'x%2Fy']
    """
    spans: list[tuple[int, int]] = []
    start = text.find("?")
    if start < 0:
        return spans
    if secrets.isdisjoint(_KEYS_RE.findall(text.lower(), start)) \
            and text.find("%", start) < 0:
        # no key after the "?" (cut at every "?", "&" and ";", so at least at those
        # of the query) is a secret's name, none percent-encoded: C passes alone
        return spans
    end = text.find("#", start)
    if end < 0:
        end = len(text)
    position = start + 1
    while position <= end:
        m = _PAIR_RE.match(text, position, end)
        pair_end = end if m is None else m.end()
        equals = text.find("=", position, pair_end)
        if equals > position and equals + 1 < pair_end \
                and _key(text[position:equals]) in secrets:
            spans.append((equals + 1, pair_end))
        position = pair_end + 1
    return spans


# a key of a pair: after a "?", "&" or ";", up to "=" (more than the query's keys
# when a value holds a "?": only a first test)
_KEYS_RE: Final = re.compile(r"[?&;]([^?&;=]*)=")


def secret_names(added: Iterable[str] = ()) -> frozenset[str]:
    """The names of the secret query parameters: the defaults and ``added``, each
    lower-cased (the comparison is case-insensitive).

    Raises:
        TypeError: a name is not a ``str``, or ``added`` is a ``str`` itself.
    """
    if isinstance(added, str):
        raise TypeError("secrets must be an iterable of names, not a str")
    names = list(added)
    if not names:
        return SECRET_QUERY_PARAMETERS
    for name in names:
        if not isinstance(cast("object", name), str):  # checked at run time
            raise TypeError(f"secrets must hold str names, not {type(name).__name__}")
    return SECRET_QUERY_PARAMETERS | {name.lower() for name in names}


def secret_spans(text: str,
                 secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> list[tuple[int, int]]:
    """Every secret of ``text``: its passwords (:func:`password_spans`) and the values
    of its secret query parameters (:func:`query_secret_spans`), in order."""
    spans = password_spans(text) if "@" in text else []
    if "?" in text:
        query = query_secret_spans(text, secrets)
        if query:
            # a "?" inside a password is the browser's reading only: spans may overlap
            spans = _merged(sorted(spans + query))
    return spans


def mask_secrets(text: str, position: int | None = None,
                 secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> tuple[str, int | None]:
    """``text`` with each secret (:func:`secret_spans`) written ``***``, and
    ``position`` moved to the same place in the masked text (to the start of ``***``
    when it was in a secret). The key of a secret query parameter is kept, so the
    text keeps its shape (``?token=***``).

    >>> mask_secrets("ftp://joe:pw@h/a b", 16)
    ('ftp://joe:***@h/a b', 17)
    >>> mask_secrets("http:\\\\\\\\joe:secret@h\\\\x y", 22)
    ('http:\\\\\\\\joe:***@h\\\\x y', 19)
    >>> mask_secrets("https://h/?token=abc&q=1")[0]
    'https://h/?token=***&q=1'
    """
    if "@" not in text and "?" not in text:
        return text, position
    spans = secret_spans(text, secrets)
    if not spans:
        return text, position
    pieces: list[str] = []
    last = 0
    for start, end in spans:
        pieces += [text[last:start], _MASK]
        last = end
    pieces.append(text[last:])
    return "".join(pieces), None if position is None else _moved(position, spans)


def masked_path(c: Parts) -> str:
    """The path of the URI ``c`` as its masked text shows it: a password a browser
    reads there (``http:joe:pw@h/`` has the path ``joe:pw@h/`` to RFC 3986) written
    ``***``. What the path and text views' ``repr()`` show.

    >>> masked_path(("http", None, None, None, "joe:pw@h/", None, None))
    'joe:***@h/'
    """
    path = c[4]
    if "@" not in path:
        return path
    text = to_text(c)
    start = len(to_text((c[0], c[1], c[2], c[3], "", None, None)))
    spans = password_spans(text)
    if not spans:
        return path
    masked = mask_secrets(text, None, frozenset())[0]
    return masked[_moved(start, spans):_moved(start + len(path), spans)]


def masked_pairs(pairs: list[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """Decoded query pairs with the value of each secret parameter
    (:data:`SECRET_QUERY_PARAMETERS`) written ``***``: what ``repr()`` of the query
    views shows.

    >>> masked_pairs([("q", "a"), ("Token", "t"), ("token", None)])
    [('q', 'a'), ('Token', '***'), ('token', None)]
    """
    return [(k, _MASK if v and k.lower() in SECRET_QUERY_PARAMETERS else v)
            for k, v in pairs]


def masked_query(query: str | None) -> str | None:
    """A query's text with the value of each secret parameter written ``***``.

    >>> masked_query("a=1&sig=x")
    'a=1&sig=***'
    """
    if query is None or "=" not in query:
        return query
    return mask_secrets(f"?{query}")[0][1:]


def _moved(position: int, spans: list[tuple[int, int]]) -> int:
    """``position`` in the text with ``spans`` written ``***``."""
    delta = 0
    for start, end in spans:
        if position < start:
            break
        if position < end:
            return start + delta
        delta += 3 - (end - start)
    return position + delta
