"""Secrets in batch output, in one place: every record, cell and message asks this module.

On the way from a line or a cell to an output cell a secret (a password, a secret
query value: :mod:`urikit._whatwg.masking` says where) is masked here and nowhere
else: the input as a record shows it, a result, the position and caret of an error in
the masked input, the reason of an error found inside a secret, the lenient reader's
changes, and a message that quotes URIs (an argparse usage error, a
:class:`~urikit.URIError`'s text). A table's columns are data and keep their secrets
(since 0.6): nothing here masks a whole column.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, cast

from .._whatwg.masking import (
    mask_secrets,
    masked_fragment,
    masked_pairs,
    may_hold_secrets,
    moved_positions,
    secret_spans,
)

if TYPE_CHECKING:
    from .._interop.lenient import Change

__all__ = ["in_spans", "mask_passwords_in", "masked", "masked_changes", "masked_parts",
           "masked_reason", "secret_spans"]


def masked(text: str, show_password: bool = False) -> str:
    """``text`` as output shows it: its secrets masked (as :meth:`~urikit.URI.to_redacted`:
    a password where RFC 3986 reads one and where a browser would, ``http:/joe:***@h/``
    being a path to RFC 3986 and userinfo to a browser, a user name that stands for a
    token, and secret values in the query and the fragment),
    unless ``show_password``.

    >>> masked("http://joe:pw@h/?token=t&q=1")
    'http://joe:***@h/?token=***&q=1'
    """
    if show_password or not may_hold_secrets(text):
        return text
    return mask_secrets(text)[0]


def mask_passwords_in(message: str) -> str:
    """``message`` (an argparse usage error, say) with the password of every word in
    it that looks like a URI masked: words are cut at spaces and stripped of quotes
    and commas.

    >>> mask_passwords_in("unrecognized arguments: 'http://joe:secret@h/', http:\\\\\\\\a:b@c")
    "unrecognized arguments: 'http://joe:***@h/', http:\\\\\\\\a:***@c"
    """
    if not may_hold_secrets(message):
        return message
    words: list[str] = []
    for word in message.split(" "):
        core = word.strip("'\",")
        if may_hold_secrets(core):
            hidden = mask_secrets(core)[0]
            if hidden != core:
                word = word.replace(core, hidden)
        words.append(word)
    return " ".join(words)


def masked_reason(reason: str, component: str) -> str:
    """The reason of an error inside a secret (a password, or a secret query value
    when the error is in the query), without the offending text.

    >>> masked_reason("invalid character ' '", "userinfo")
    'invalid character (in the password, masked)'
    """
    for quote in (" '", ' "'):
        k = reason.find(quote)
        if k >= 0:
            reason = reason[:k]
    secret = "a secret query value" if component == "query" else "the password"
    return f"{reason} (in {secret}, masked)"


def in_spans(position: int, spans: list[tuple[int, int]]) -> bool:
    """Whether ``position`` is inside one of ``spans`` (a secret's)."""
    return any(start <= position < end for start, end in spans)


def masked_position(text: str, position: int | None) -> int | None:
    """``position`` in ``text`` moved to the same place in the masked text."""
    return mask_secrets(text, position)[1]


def masked_changes(changes: tuple[Change, ...], text: str,
                   spans: list[tuple[int, int]]) -> tuple[Change, ...]:
    """The lenient reader's changes as a record shows them: positions in the masked
    input, a change inside a password written ``***``."""
    if not spans:
        return changes
    from .._interop.lenient import Change

    shown: list[Change] = []
    # every position moved at once, against the spans found once (each change masked
    # the whole text again: a line of 100 kB of repairs took 27 s)
    moved = moved_positions([change.position for change in changes], spans)
    for change, position in zip(changes, moved, strict=True):
        if in_spans(change.position, spans):
            change = Change(position, change.component, "***", "***")
        else:
            change = change._replace(position=position)
        shown.append(change)
    return tuple(shown)


def masked_parts(text: str) -> str:
    """A line of ``build`` (a JSON object of a URL's parts) as a record shows it: the
    value of each secret query parameter and a secret in the fragment written ``***``
    (the one rule of :mod:`urikit._whatwg.masking`), the object written again when one
    was; a line that is no such object as :func:`masked` shows any text.

    >>> masked_parts('{"host": "h", "query": {"token": "T0K3N", "q": "1"}}')
    '{"host": "h", "query": {"token": "***", "q": "1"}}'
    """
    try:
        read: object = json.loads(text)
    except ValueError:
        return masked(text)
    if not isinstance(read, dict):
        return masked(text)
    parts = cast("dict[str, object]", read)
    changed = False
    query = parts.get("query")
    if isinstance(query, dict):
        given = cast("dict[str, object]", query)
        values = [(k, v if isinstance(v, str) else None) for k, v in given.items()]
        hidden = dict(masked_pairs(values))
        if hidden != dict(values):
            parts["query"] = {k: hidden[k] if hidden[k] == "***" else v
                              for k, v in given.items()}
            changed = True
    elif isinstance(query, list):
        items = [cast("dict[str, object]", q) for q in cast("list[object]", query)
                 if isinstance(q, dict)]
        pairs = [(k, v if isinstance(v, str) else None) for k, v in
                 ((q.get("key"), q.get("value")) for q in items) if isinstance(k, str)]
        keyed = [q for q in items if isinstance(q.get("key"), str)]
        for q, (_, value) in zip(keyed, masked_pairs(pairs), strict=True):
            if value == "***" and q.get("value") != "***":
                q["value"] = "***"
                changed = True
    fragment = parts.get("fragment")
    if isinstance(fragment, str):
        shown = masked_fragment(fragment)
        if shown != fragment:
            parts["fragment"] = shown
            changed = True
    return json.dumps(parts, ensure_ascii=False) if changed else text
