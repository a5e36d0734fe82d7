"""The one masking rule: where a secret is in any text, valid or not, and the text masked.

A secret is a password of the userinfo, where RFC 3986 reads one and where a browser
would; the user name of an ``http``, ``https``, ``ws`` or ``wss`` URL without a
password, or of a reference without a scheme (``https://TOKEN@h/``: the userinfo
those schemes deprecate carries tokens as often as names); and the value of a parameter named in
:data:`SECRET_QUERY_PARAMETERS` (or a name the caller adds), in the query or in the
fragment (``#access_token=...``, OAuth's implicit flow), the name compared
percent-decoded, lower-cased and also by each of its bracketed parts (``token[]``,
``user[password]``). Every text that can reach a person asks this module: the
errors, ``repr``, ``redacted()``, the pydantic messages, the command line's output.
"""

from __future__ import annotations

import operator
import re
from bisect import bisect_right
from collections.abc import Iterable
from itertools import compress, repeat
from typing import Final, cast

from .._core.components import Parts
from .._core.grammar import BAD_PERCENT_RE
from .._core.parse import appendix_b
from .._core.schemes import USERINFO_DEPRECATED
from .._core.serialize import to_text
from .browser import C0_AND_SPACE, authority_span

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


def is_secret_name(name: str, secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> bool:
    """Whether a parameter's decoded ``name`` is a secret's: lower-cased, the whole
    name or one of its bracketed parts is in ``secrets``. Asked for the text of a URI
    (through :func:`is_secret_key`) and for decoded pairs; :func:`secret_names_among`
    answers it for many names at once, in C passes (``tests/test_secrets.py`` checks
    that both answer alike; this one answers a single name in 0.1 µs, where the passes
    take 1.5).

    >>> [is_secret_name(n) for n in ("Token", "token[]", "user[password]", "tokens", "q")]
    [True, True, True, False, False]
    """
    lowered = name.lower()
    if lowered in secrets:
        return True
    if "[" not in lowered and "]" not in lowered:
        return False
    # the parts between brackets, cut by two str calls rather than a regex split
    return not secrets.isdisjoint(lowered.replace("]", "[").split("["))


def secret_names_among(names: Iterable[str],
                       secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> set[str]:
    """Those of ``names`` that are secrets' (the one rule of :func:`is_secret_name`),
    tested in C passes rather than a Python step per name (a megabyte of distinct
    secret keys took 10 times its parse, name by name).

    >>> sorted(secret_names_among(["Token", "a[sig]", "b[c", "q", "x[]y"]))
    ['Token', 'a[sig]']
    """
    given = list(names)
    lowered = list(map(str.lower, given))
    whole = map(secrets.__contains__, lowered)
    # the parts between brackets (the whole name where it has none), cut by str calls
    parts = map(str.split, map(str.replace, lowered, repeat("]"), repeat("[")),
                repeat("["))
    in_part = map(operator.not_, map(secrets.isdisjoint, parts))
    return set(compress(given, whole)) | set(compress(given, in_part))


def is_secret_key(key: str, secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> bool:
    """Whether a key as written in a URI's text is a secret's name
    (:func:`is_secret_name`), each ``%XX`` decoded once as one octet (the names are
    ASCII, so a key outside ASCII never matches); any other "%" kept.

    >>> [is_secret_key(k) for k in ("%74oken", "token%5B%5D", "api%5Fkey", "%2574oken")]
    [True, True, True, False]
    """
    return is_secret_name(_decoded(key) if "%" in key else key, secrets)


def _decoded(text: str) -> str:
    """``text`` with each ``%XX`` decoded as one octet, by a table rather than a regex
    callback (a megabyte of distinct encoded keys is decoded at once); any other "%"
    kept."""
    parts = text.split("%")
    return parts[0] + "".join([_OCTETS[p[:2]] + p[2:] if p[:2] in _OCTETS else "%" + p
                               for p in parts[1:]])


# "%XX" decoded as one octet, for every spelling of XX (either case of each digit)
_OCTETS: Final = {f"{a}{b}": chr(int(a + b, 16))
                  for a in "0123456789abcdefABCDEF" for b in "0123456789abcdefABCDEF"}


def _is_secret_user(text: str) -> bool:
    """Whether a user name without a password is a secret in ``text``: its scheme (the
    text before the first ":", leading C0 controls and spaces stripped, as browsers
    read it) is one of :data:`urikit._core.schemes.USERINFO_DEPRECATED`, or it has
    none and starts with a slash (``//TOKEN@h/``, which takes the scheme of its base,
    on the web an http one)."""
    start = len(text) - len(text.lstrip(C0_AND_SPACE))
    if text[start:start + 1] in ("/", "\\"):
        return True
    colon = text.find(":", start, start + 6)  # "https:" is the longest of them
    return colon > start and text[start:colon].lower() in USERINFO_DEPRECATED


def _userinfo_secret(text: str, start: int, end: int,
                     user_is_secret: bool) -> tuple[int, int] | None:
    """The secret in the authority text[start:end], whose userinfo ends at the last
    "@": the password, from the first ":" to that "@" (an empty one is not masked),
    or, where ``user_is_secret`` and there is no password, the user name."""
    at = text.rfind("@", start, end)
    if at < 0:
        return None
    colon = text.find(":", start, at)
    if colon >= 0 and colon + 1 < at:
        return colon + 1, at
    user_end = at if colon < 0 else colon
    if user_is_secret and user_end > start:
        return start, user_end
    return None


def password_spans(text: str) -> list[tuple[int, int]]:
    """Where a password of ``text``'s userinfo is, as (start, end) spans, under RFC
    3986's reading (Appendix B) and under the browsers'
    (:func:`urikit._whatwg.browser.authority_span`: any run of ``/`` and ``\\`` after a
    special scheme, two or more without a scheme): the spans of both, merged, in order.
    Where the scheme deprecates the userinfo (``http``, ``https``, ``ws``, ``wss``), or
    the reference has none (``//TOKEN@h/``), and there is no password, the user name
    is the secret (``https://TOKEN@h/``).

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
    >>> text = "https://ghp_T0KEN@github.com/o/r.git"
    >>> [text[start:end] for start, end in password_spans(text)]
    ['ghp_T0KEN']
    >>> password_spans("ftp://anonymous@h/")
    []
    """
    spans: list[tuple[int, int]] = []
    if "@" not in text:
        return spans  # no userinfo under any reading
    user_is_secret = _is_secret_user(text)
    m = appendix_b(text)
    if m.group(4) is not None:
        span = _userinfo_secret(text, *m.span(4), user_is_secret)
        if span is not None:
            spans.append(span)
    browser = authority_span(text)
    if browser is not None:
        span = _userinfo_secret(text, *browser, user_is_secret)
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
    """Where the values of the secret parameters of ``text``'s query and fragment are,
    as (start, end) spans, in order. From the first ``?`` or ``#`` on (the query's
    start, or the fragment's: RFC 3986 and browsers alike), a pair starts after each
    ``?``, ``#``, ``&`` and ``;``; its key runs to a ``=`` (and holds none of those)
    and its value from there to the next ``&``, ``;`` or ``#``. A pair whose key is a
    secret's name (:func:`is_secret_key`) has its non-empty value there. So a fragment
    of pairs (``#access_token=...``) and a route with a query in the fragment
    (``#/cb?access_token=...``) are read as a query is.

    >>> text = "https://h/?q=1&Token=abc&sig=x%2Fy#f"
    >>> [text[start:end] for start, end in query_secret_spans(text)]
    ['abc', 'x%2Fy']
    >>> text = "https://h/cb#access_token=T0K&state=s"
    >>> [text[start:end] for start, end in query_secret_spans(text)]
    ['T0K']
    """
    start = _pairs_start(text)
    if start < 0:
        return []
    return _value_spans(text, start, _secret_keys(text, start, secrets))


def _pairs_start(text: str) -> int:
    """Where the first pair can start: the first "?" or "#", or -1."""
    question, hash_ = text.find("?"), text.find("#")
    return question if hash_ < 0 or 0 <= question < hash_ else hash_


def _secret_keys(text: str, start: int, secrets: frozenset[str]) -> set[str]:
    """The distinct keys after ``start`` that are secrets' names, as written: the keys
    read in C, each distinct one tested once."""
    keys = list(set(_KEYS_RE.findall(text, start)))
    if len(keys) < _FEW:
        return {key for key in keys if is_secret_key(key, secrets)}
    names = _decoded_all(keys)
    secret = secret_names_among(names, secrets)
    return set(compress(keys, map(secret.__contains__, names)))


def _decoded_all(keys: list[str]) -> list[str]:
    """Each of ``keys`` decoded as :func:`_decoded` decodes it, in one pass over their
    text rather than key by key (a megabyte of distinct encoded keys)."""
    joined = "&".join(keys)  # no key holds "&"
    if "%" not in joined:
        return keys
    if joined.isascii() and "\\" not in joined and BAD_PERCENT_RE.search(joined) is None:
        # each "%XX" written "\xXX" and read by Python's escape decoder, in C, as
        # one octet; the keys joined by the escape of U+4E00, which no octet is
        escaped = "\\u4e00".join(keys).replace("%", "\\x")
        return escaped.encode("ascii").decode("unicode_escape").split("\u4e00")
    names = _decoded(joined).split("&")
    if len(names) == len(keys):
        return names
    return list(map(_decoded, keys))  # a key holds "%26", which decodes to "&"


def _value_spans(text: str, start: int, secret: set[str]) -> list[tuple[int, int]]:
    """The spans of the non-empty values of the keys in ``secret``, pair by pair."""
    spans: list[tuple[int, int]] = []
    if not secret:
        return spans
    stop = -1  # where the value that the last secret key starts ends
    for m in _KEY_RE.finditer(text, start):
        key = m.group(1)
        if key not in secret:
            continue
        value = m.end(1) + 1
        if value > stop:  # the ends of values only grow: each is searched for once
            after = _VALUE_END_RE.search(text, value)
            stop = len(text) if after is None else after.start()
        if value < stop and not (spans and value <= spans[-1][1]):
            # a secret key inside a secret value ("?token=a?token=b") is masked with it
            spans.append((value, stop))
    return spans


# a key: after a "?", "#", "&" or ";", up to "=" (matched as a lookahead, so that a
# key inside a value, after a "?", is found too); a value ends at "&", ";" or "#"
_KEY_RE: Final = re.compile(r"[?#&;](?=([^?#&;=]*)=)")
_KEYS_RE: Final = re.compile(r"[?#&;]([^?#&;=]*)=")
_VALUE_END_RE: Final = re.compile(r"[&;#]")


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


def may_hold_secrets(text: str) -> bool:
    """Whether ``text`` has a character every secret comes after (a userinfo's "@",
    the "?" or "#" before a parameter): the test in C that lets most texts pass
    without a search.

    >>> may_hold_secrets("https://h/a"), may_hold_secrets("https://h/#access_token=t")
    (False, True)
    """
    return "@" in text or "?" in text or "#" in text


def secret_spans(text: str,
                 secrets: frozenset[str] = SECRET_QUERY_PARAMETERS) -> list[tuple[int, int]]:
    """Every secret of ``text``: its passwords (:func:`password_spans`) and the values
    of its secret parameters (:func:`query_secret_spans`), in order."""
    spans = password_spans(text) if "@" in text else []
    if "?" in text or "#" in text:
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
    if not may_hold_secrets(text):
        return text, position
    if position is None:
        fast = _masked_by_pattern(text, secrets)
        if fast is not None:
            return fast, None
    spans = secret_spans(text, secrets)
    if not spans:
        return text, position
    return _with_masks(text, spans), None if position is None else _moved(position, spans)


# Masking a long query pair by pair costs a Python step per pair (about 1 µs: a
# megabyte of "token=1&" took 18 times its parse); where few names are secret, one
# pattern of a fixed-width lookbehind per name finds every secret value in C instead.
_FEW: Final = 8


def _masked_by_pattern(text: str, secrets: frozenset[str]) -> str | None:
    """``text`` masked as :func:`mask_secrets` masks it, its secret values found by one
    pattern in C where few names are secret (by their spans otherwise), or ``None``
    where it has no query or fragment. The keys are read once, in C, and each distinct
    one tested once. ``tests/test_secrets.py`` checks that both ways mask alike."""
    start = _pairs_start(text)
    if start < 0:
        return None
    passwords = password_spans(text) if "@" in text else []
    if passwords and passwords[-1][1] > start:
        return None  # an authority never holds "?" or "#": not reached, kept safe
    secret = _secret_keys(text, start, secrets)
    if len(secret) > _FEW:
        return (_with_masks(text[:start], passwords) + text[start]
                + _masked_values(text[start + 1:], secret))
    if not secret:
        return _with_masks(text, passwords)
    # a value after "?", "#", "&" or ";" and a secret key and "=", up to "&", ";", "#"
    # (as query_secret_spans reads it); the text between values is kept
    behind = "|".join(f"(?<=[?#&;]{re.escape(key)}=)" for key in sorted(secret))
    kept = re.compile(f"(?:{behind})[^&;#]+").split(text[start:])
    return _with_masks(text[:start], passwords) + _MASK.join(kept)


def _masked_values(pairs: str, secret: set[str]) -> str:
    """``pairs`` (what follows the first "?" or "#") with the non-empty value of each
    key in ``secret`` written ``***``, cut into pairs at every "&", ";" and "#" at
    once (many secret keys: a Python step per pair found by ``_KEY_RE`` took 6 times
    a parse of the text). A pair without "?" has one key, at its start; a pair with
    one can hold more (a key starts after each "?" too, as :func:`_value_spans` reads
    it), and is read by :func:`_value_spans` on its own: no value runs past the
    pair's end."""
    cut = _PAIR_END_RE.split(pairs)  # pair, separator, pair, ..., pair
    read = cut[0::2]
    cut[0::2] = [(_masked_pair(pair, secret) if "?" in pair
                  else f"{key}={_MASK}" if equals and value and key in secret else pair)
                 for pair, (key, equals, value)
                 in zip(read, map(str.partition, read, repeat("=")), strict=True)]
    return "".join(cut)


def _masked_pair(pair: str, secret: set[str]) -> str:
    """One pair holding "?" (and no "&", ";" or "#") masked as :func:`_value_spans`
    reads it: a key at its start and after each "?"."""
    text = "&" + pair
    return _with_masks(text, _value_spans(text, 0, secret))[1:]


_PAIR_END_RE: Final = re.compile("([&;#])")



def _with_masks(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` written ``***``."""
    if not spans:
        return text
    pieces: list[str] = []
    last = 0
    for begin, end in spans:
        pieces += [text[last:begin], _MASK]
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


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
    (:func:`is_secret_name`) written ``***``: what ``repr()`` of the query views shows.

    >>> masked_pairs([("q", "a"), ("Token", "t"), ("token", None), ("token[]", "t")])
    [('q', 'a'), ('Token', '***'), ('token', None), ('token[]', '***')]
    """
    secret = secret_names_among({k for k, _ in pairs})  # each name once
    if not secret:
        return pairs
    return [(k, _MASK) if v and k in secret else (k, v) for k, v in pairs]


def masked_query(query: str | None) -> str | None:
    """A query's text with the value of each secret parameter written ``***``.

    >>> masked_query("a=1&sig=x")
    'a=1&sig=***'
    """
    if query is None or "=" not in query:
        return query
    return mask_secrets(f"?{query}")[0][1:]


def masked_fragment(fragment: str | None) -> str | None:
    """A fragment's text with the value of each secret parameter written ``***``
    (OAuth's implicit flow returns its token there).

    >>> masked_fragment("access_token=T0K&state=s")
    'access_token=***&state=s'
    """
    if fragment is None or "=" not in fragment:
        return fragment
    return mask_secrets(f"#{fragment}")[0][1:]


def is_secret_user(scheme: str | None, userinfo: str | None) -> bool:
    """Whether the user name of ``userinfo`` is masked in a URI of ``scheme``: it has
    no password and the scheme deprecates the userinfo, or there is none (a
    reference ``//user@h/``: :func:`password_spans`).

    >>> [is_secret_user(*c) for c in [("https", "T0KEN"), ("https", "joe:pw"), ("ftp", "joe")]]
    [True, False, False]
    """
    if userinfo is None or (scheme is not None
                            and scheme.lower() not in USERINFO_DEPRECATED):
        return False
    span = _userinfo_secret(userinfo + "@", 0, len(userinfo) + 1, True)
    return span is not None and span[0] == 0


def moved_positions(positions: Iterable[int], spans: list[tuple[int, int]]) -> list[int]:
    """Each of ``positions`` moved as :func:`mask_secrets` moves one, for the same
    ``spans``, each found by a binary search (a line with many changes and a secret
    moved each through the whole text: quadratic).

    >>> text = "http://u:secret@h/x y"
    >>> moved_positions([3, 11, 18], secret_spans(text))
    [3, 9, 15]
    """
    starts = [start for start, _ in spans]
    shifts = [0]  # the shift of a position after the k-th span: 3 - its length, summed
    for start, end in spans:
        shifts.append(shifts[-1] + 3 - (end - start))
    moved: list[int] = []
    for position in positions:
        k = bisect_right(starts, position)  # the spans that start at or before it
        if k and position < spans[k - 1][1]:
            moved.append(spans[k - 1][0] + shifts[k - 1])  # inside a secret: its mask
        else:
            moved.append(position + shifts[k])
    return moved


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
