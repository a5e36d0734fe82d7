"""Where a password is in any text, valid or not, as RFC 3986 and as browsers read it."""

from __future__ import annotations

from .._core.parse import appendix_b
from .._whatwg.browser import authority_span


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
    spans.sort()
    merged = [spans[0]]
    for start, end in spans[1:]:
        if start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def mask_password(text: str, position: int | None = None) -> tuple[str, int | None]:
    """``text`` with each password (:func:`password_spans`) written ``***``, and
    ``position`` moved to the same place in the masked text (to the start of ``***``
    when it was in a password).

    >>> mask_password("ftp://joe:pw@h/a b", 16)
    ('ftp://joe:***@h/a b', 17)
    >>> mask_password("http:\\\\\\\\joe:secret@h\\\\x y", 22)
    ('http:\\\\\\\\joe:***@h\\\\x y', 19)
    """
    spans = password_spans(text)
    if not spans:
        return text, position
    pieces: list[str] = []
    last = 0
    for start, end in spans:
        pieces += [text[last:start], "***"]
        last = end
    pieces.append(text[last:])
    return "".join(pieces), None if position is None else _moved(position, spans)


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
