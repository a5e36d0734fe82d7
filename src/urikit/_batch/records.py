"""Records: the outcome of one line or cell, and its error as data (kind, position, message).

A :class:`BatchRecord` holds a result or a :class:`BatchError`, never both; every
front end writes an error as three columns of the error's data, so that a table
groups its errors by :attr:`BatchError.kind`: the kind (a stable short name), the
position (or ``None``) and the message without the position in it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from .._core.errors import (
    BuildError,
    EncodingError,
    FilePathError,
    IDNAError,
    ParseError,
    ResolveError,
    Rule,
)

if TYPE_CHECKING:
    from .._interop.lenient import Change

#: The kinds of error that are not a :class:`~urikit.Rule`'s value or ``invalid-``
#: and a component (a :class:`~urikit.ParseError`'s): a table's null, a line of
#: pairs without a tab, bytes that are not UTF-8, a lone surrogate
#: (:class:`~urikit.EncodingError`), a host IDNA refuses (:class:`~urikit.IDNAError`),
#: a file path (:class:`~urikit.FilePathError`), any other :class:`~urikit.URIError`,
#: and an exception that is a bug of urikit's (``internal``).
NULL: Final = "null"
NO_TAB: Final = "no-tab"
UNDECODABLE: Final = "undecodable"
ENCODING: Final = "encoding"
IDNA: Final = "idna"
FILE_PATH: Final = "file-path"
OTHER: Final = "uri-error"
INTERNAL: Final = "internal"
#: The components a :class:`~urikit.ParseError` names when it reads a reference,
#: each an error kind ``invalid-COMPONENT``.
PARSE_COMPONENTS: Final = ("scheme", "userinfo", "host", "port", "path", "segment",
                           "query", "fragment")
#: The prefix of the kind of an error in the base of a (base, reference) pair.
BASE: Final = "base-"


def parse_kind(component: str) -> str:
    """The kind of a :class:`~urikit.ParseError` in ``component``.

    >>> parse_kind("host")
    'invalid-host'
    """
    return f"invalid-{component}"


#: Every kind of error a record may have, but those of a pair's base (``base-`` and
#: a kind of this set).
KINDS: Final = frozenset({
    *(parse_kind(c) for c in PARSE_COMPONENTS), *(rule.value for rule in Rule),
    NULL, NO_TAB, UNDECODABLE, ENCODING, IDNA, FILE_PATH, OTHER, INTERNAL})


def kind_of(exc: BaseException) -> str:
    """The kind of an exception raised while processing a line (see :data:`KINDS`).

    >>> kind_of(ParseError("a b", 1, "path", "invalid character ' '"))
    'invalid-path'
    """
    if isinstance(exc, ParseError):
        return parse_kind(exc.component)
    if isinstance(exc, (BuildError, ResolveError)):
        return exc.rule.value
    if isinstance(exc, IDNAError):
        return IDNA
    if isinstance(exc, EncodingError):
        return ENCODING
    if isinstance(exc, FilePathError):
        return FILE_PATH
    return OTHER if isinstance(exc, ValueError) else INTERNAL


class BatchError(NamedTuple):
    """Why a line or a cell has no result, as data.

    Attributes:
        kind: a stable short name to group errors by: ``invalid-`` and the component
            of a :class:`~urikit.ParseError` (``invalid-host``), the value of the
            :class:`~urikit.Rule` of a :class:`~urikit.ResolveError` or
            :class:`~urikit.BuildError` (``base-needs-scheme``), or ``null``,
            ``no-tab``, ``undecodable``, ``encoding``, ``idna``, ``uri-error``,
            ``internal``; an error in the base of a (base, reference) pair has
            ``base-`` before its kind.
        reason: what is wrong, e.g. ``"invalid character ' '"``; a password's text
            never in it.
        position: the index in the line or cell as read (characters) of the first
            offending character, or ``None``.
        component: the component being read there (as
            the ``component`` of a :class:`~urikit.ParseError`), or ``None``.
        caret: the same place in :attr:`BatchRecord.input` (the input as shown, its
            secrets masked), or ``None``.
        hint: a suggestion for the likely mistake, or ``""``.

    ``str(error)`` is the message as :class:`~urikit.ParseError` words it, the
    position in it; :attr:`message` is the message without the position.

    >>> error = BatchError("invalid-path", "invalid character ' '", 10, "path", 10)
    >>> str(error)
    "invalid character ' ' at position 10 in path"
    >>> error.message
    "invalid character ' ' in path"

    .. versionadded:: 0.5
    """

    kind: str
    reason: str
    position: int | None = None
    component: str | None = None
    caret: int | None = None
    hint: str = ""

    @property
    def message(self) -> str:
        """The message without the position: the reason, the component it is in and
        the hint (``"invalid character ' ' in path"``)."""
        message = self.reason
        if self.component is not None:
            message = f"{message} in {self.component}"
        return f"{message} ({self.hint})" if self.hint else message

    def __str__(self) -> str:
        """The message with the position, as :class:`~urikit.ParseError` words it."""
        if self.position is None:
            return self.reason
        message = f"{self.reason} at position {self.position} in {self.component}"
        return f"{message} ({self.hint})" if self.hint else message


class BatchRecord(NamedTuple):
    """The outcome of one line or cell: ``output`` (``None`` for an error) or ``error``.

    Attributes:
        source: the input it comes from (a file's name, ``"-"`` for standard input).
        line: its line number (from 1), or row number in a table.
        input: the line as read, without its line end, with its secrets masked
            (unless the operation shows passwords) and undecodable bytes written
            ``\\xff``; for a (base, reference) pair, ``base<TAB>reference``.
        output: the result: text (``validate``: the input as shown), the element
            model (a ``dict``) for ``explain``; ``None`` for an error.
        error: why there is no result (a :class:`BatchError`), or ``None``.
        key: the unmasked canonical form (``canonicalize`` only), for deduplication.
        repairs: the changes the lenient reading made (positions in the input as
            shown, a password's characters masked).

    .. versionadded:: 0.5
    """

    source: str
    line: int
    input: str
    output: object
    error: BatchError | None = None
    key: str | None = None
    repairs: tuple[Change, ...] = ()
