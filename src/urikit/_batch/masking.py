"""Secrets in batch output, in one place: every record, cell and message asks this module.

On the way from a line or a cell to an output cell a secret (a password, a secret
query value: :mod:`urikit._whatwg.masking` says where) is masked here and nowhere
else: the input as a record shows it, a result, the position and caret of an error in
the masked input, the reason of an error found inside a secret, the lenient reader's
changes, a table's input column, and a message that quotes URIs (an argparse usage
error, a :class:`~urikit.URIError`'s text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._whatwg.masking import mask_secrets, may_hold_secrets, moved_positions, secret_spans

if TYPE_CHECKING:
    from .._interop.lenient import Change

__all__ = ["in_spans", "mask_passwords_in", "masked", "masked_changes", "masked_column",
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


def masked_column(values: list[str | None]) -> bool:
    """Mask the secrets of a table's column in place; whether any value changed (found
    by :func:`~urikit._whatwg.masking.may_hold_secrets` of the column's text, in C,
    before any value's)."""
    joined = "\n".join(filter(None, values))
    if not may_hold_secrets(joined):
        return False
    found = False
    for k, value in enumerate(values):
        if value is not None and may_hold_secrets(value):
            hidden = mask_secrets(value)[0]
            if hidden != value:
                values[k] = hidden
                found = True
    return found
