"""The exception tree: every error urikit raises for bad input is a URIError."""

from __future__ import annotations

import enum
import warnings
from typing import Final


class URIError(ValueError):
    """Base class of every error urikit raises for invalid URI text or a forbidden edit.

    It derives from :class:`ValueError`, so ``except ValueError`` keeps working. Each
    kind of failure has a subclass of its own, with its facts as attributes:
    :class:`ParseError`, :class:`BuildError`, :class:`ResolveError`,
    :class:`IDNAError`, :class:`FilePathError` and :class:`EncodingError`. A bare
    ``URIError`` is raised only for a component name that :func:`urikit.encode` and
    :func:`urikit.decode` do not know, a slip the type checker catches.

    .. versionadded:: 0.2
    """


class ParseError(URIError):
    """Text that does not match its ABNF rule (RFC 3986 Appendix A).

    Raised by :meth:`urikit.URI.parse` and by every setter that takes wire text. The
    facts live in attributes and the message is built from them.

    Attributes:
        text: the text that was rejected (the whole reference, or the component's text
            when a component was assigned).
        position: 0-based index in ``text`` of the first offending character; equal to
            ``len(text)`` when the text ended too early. The text is read component
            by component as RFC 3986 §3 delimits them (the scheme ends at the first
            ":" before any "/?#", the authority at the next "/?#", the userinfo at
            "@", the host at ":"), and the position is where the component read that
            way breaks its rule: ``http://h:8a/`` fails at the ``a`` in the port. A
            stray "%" is the offending character of a bad percent-encoding, and a
            malformed IPv6 address is reported at its first character.
        component: the component being read there (``"scheme"``, ``"userinfo"``,
            ``"host"``, ``"port"``, ``"path"``, ``"segment"``, ``"query"``,
            ``"fragment"``).
        reason: what is wrong, e.g. ``"invalid character ' '"``.
        hint: a suggestion for the likely mistake, or ``""``.

    .. versionadded:: 0.2
    """

    def __init__(self, text: str, position: int, component: str, reason: str,
                 hint: str = "") -> None:
        self.text = text
        self.position = position
        self.component = component
        self.reason = reason
        self.hint = hint
        message = f"{reason} at position {position} in {component}"
        if hint:
            message = f"{message} ({hint})"
        super().__init__(message)

    def __reduce__(self) -> tuple[type[ParseError], tuple[str, int, str, str, str]]:
        return (type(self), (self.text, self.position, self.component, self.reason, self.hint))


# The reason of every EncodingError for a lone surrogate.
LONE_SURROGATE: Final = "a lone surrogate stands for no character"


class Rule(enum.Enum):
    """A rule of RFC 3986 that an edit or a resolution would break: the ``rule`` of a
    :class:`BuildError` or a :class:`ResolveError`.

    Compare an error's rule with the members (``error.rule is Rule.PORT_NEEDS_HOST``),
    not its message. Each member's value is a stable name for logs and JSON;
    :attr:`statement` says the rule in words and :attr:`section` where it is written.
    The set is closed: a new rule is a new member, named in the changelog.

    Two rules of RFC 3986 are never broken by an edit, so they have no member: a path
    that starts with "//" without an authority (§3.3), and a relative-path reference
    whose first segment holds ":" (§4.2), are written with a dot segment before them
    (``/.//x``, ``./a:b``), which reads back as the same path. A template's expansion
    is text, not segments: one that would start its path with "//" is refused
    (:attr:`AUTHORITY_FROM_VALUE`).

    >>> Rule.PORT_NEEDS_HOST.value, Rule.PORT_NEEDS_HOST.section
    ('port-needs-host', 'RFC 3986 §3.2')
    >>> Rule("base-needs-scheme").statement
    'a base URI must have a scheme'

    .. versionadded:: 0.3
    .. versionchanged:: 0.6
       The members ``AUTHORITY_FROM_VALUE`` and ``VALUE_IS_DATA``.
    """

    #: userinfo is part of the authority, so it needs a host (§3.2).
    USERINFO_NEEDS_HOST = "userinfo-needs-host"
    #: a port is part of the authority, so it needs a host (§3.2).
    PORT_NEEDS_HOST = "port-needs-host"
    #: a port number is written after the ":" of the authority, so it cannot be
    #: kept without that ":" (``has_port=False`` with a port, §3.2).
    PORT_NEEDS_COLON = "port-needs-colon"
    #: with an authority the path is empty or starts with "/" (§3.3): as a list of
    #: segments, a non-empty path has the root marker ``""`` at index 0.
    PATH_NEEDS_ROOT = "path-needs-root"
    #: the segments ``[""]``, the root marker alone, have no path text: "/" is
    #: ``["", ""]`` and the empty path ``[]`` (§3.3).
    ROOT_MARKER_ALONE = "root-marker-alone"
    #: a query parameter with an empty key has a value (``=`` or ``=x``): an empty
    #: piece between "&" is no pair to a form reader (WHATWG URL §5.1).
    EMPTY_KEY_NEEDS_VALUE = "empty-key-needs-value"
    #: a base URI has a scheme (§5.1; §5.2.2 reads the base's scheme).
    BASE_NEEDS_SCHEME = "base-needs-scheme"
    #: plain text is data, and "." and ".." as a whole segment are the dot segments
    #: that resolution and normalization remove (§3.3, §5.2.4): a user's ".." would
    #: climb a level, so plain text is never written as one.
    DOT_SEGMENT_FROM_TEXT = "dot-segment-from-text"
    #: a path string added to a path is a relative path (§4.2): a leading "/" would
    #: read as an absolute path that replaces it (use ``resolve`` for that).
    PATH_STRING_IS_RELATIVE = "path-string-is-relative"
    #: pathlib's rules for the last segment: a new name is not empty, a stem or a
    #: suffix needs a name, and a suffix is "" or "." and more, without "/"
    #: (``pathlib.PurePath.with_suffix``).
    PATHLIB_NAME = "pathlib-name"
    #: a URLPattern generates text (the ``generate()`` proposal) only from fixed text
    #: and named segment groups without a modifier, each given a value the group
    #: matches: a wildcard, a regexp group or a modifier has no single text.
    GENERATE_FROM_GROUPS = "generate-from-groups"
    #: a path without an authority cannot start with "//" (§3.3): a template whose
    #: values (an empty one, or one that starts with "/") would make its expansion
    #: start that way would have the next segment read as a host; a route's link
    #: takes its scheme and authority from the route's own text, never from a value.
    AUTHORITY_FROM_VALUE = "authority-from-value"
    #: a value is data (§2.2): a route's link reads back as its route with the values
    #: it was built from, so a value whose reserved expansion would write a "?" or a
    #: "#" the route does not read is refused.
    VALUE_IS_DATA = "value-is-data"

    @property
    def statement(self) -> str:
        """The rule in words, lower-case, e.g. ``"a port needs a host"``."""
        return _RULE_WORDS[self][0]

    @property
    def section(self) -> str:
        """Where the rule is written, e.g. ``"RFC 3986 §3.2"``."""
        return _RULE_WORDS[self][1]


# The words of each rule, in one place: every message of a rule is built from them.
_RULE_WORDS: Final[dict[Rule, tuple[str, str]]] = {
    Rule.USERINFO_NEEDS_HOST: ("userinfo needs a host", "RFC 3986 §3.2"),
    Rule.PORT_NEEDS_HOST: ("a port needs a host", "RFC 3986 §3.2"),
    Rule.PORT_NEEDS_COLON: ("a port number needs the ':' before it", "RFC 3986 §3.2"),
    Rule.PATH_NEEDS_ROOT: ("with an authority the path is empty or starts with the root "
                           "marker '' at index 0", "RFC 3986 §3.3"),
    Rule.ROOT_MARKER_ALONE: ("the path [''] has no text", "RFC 3986 §3.3"),
    Rule.EMPTY_KEY_NEEDS_VALUE: ("a parameter with an empty key needs a value ('' or more)",
                                 "WHATWG URL §5.1"),
    Rule.BASE_NEEDS_SCHEME: ("a base URI must have a scheme", "RFC 3986 §5.1"),
    Rule.DOT_SEGMENT_FROM_TEXT: ("a segment of plain text cannot be the dot segment '.' "
                                 "or '..'", "RFC 3986 §3.3"),
    Rule.PATH_STRING_IS_RELATIVE: ("a path string added to a path is relative: it cannot "
                                   "start with '/'", "RFC 3986 §4.2"),
    Rule.PATHLIB_NAME: ("as in pathlib, a name is a non-empty last segment and a suffix "
                        "is '' or '.' and more", "RFC 3986 §3.3"),
    Rule.GENERATE_FROM_GROUPS: ("a pattern generates text only from fixed text and named "
                                "segment groups without a modifier, each given a value "
                                "it matches", "WHATWG URLPattern generate()"),
    Rule.AUTHORITY_FROM_VALUE: ("a value cannot start a scheme or an authority: a path "
                                "without an authority does not start with '//'",
                                "RFC 3986 §3.3"),
    Rule.VALUE_IS_DATA: ("a value is data: a link reads back as its route with the same "
                         "values", "RFC 3986 §2.2"),
}


class BuildError(URIError):
    """An edit that would give a URI no text can represent (RFC 3986 §3).

    For example userinfo or a port without a host (§3.2): the edit is refused and the
    URI is left as it was. The facts live in attributes and the message is built
    from them: the rule's statement, its section, then the detail.

    Attributes:
        rule: the :class:`Rule` the edit would break.
        detail: what the edit did, or what to do instead (never a password), or ``""``.

    >>> from urikit import URI
    >>> try:
    ...     URI.parse("/a").set(port=8080)
    ... except BuildError as error:
    ...     print(error.rule, "|", error)
    Rule.PORT_NEEDS_HOST | a port needs a host (RFC 3986 §3.2): set the host first

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       The ``rule`` and ``detail`` attributes; the constructor takes them.
    """

    def __init__(self, rule: Rule, detail: str = "") -> None:
        self.rule = rule
        self.detail = detail
        message = f"{rule.statement} ({rule.section})"
        super().__init__(f"{message}: {detail}" if detail else message)

    def __reduce__(self) -> tuple[type[BuildError], tuple[Rule, str]]:
        return (type(self), (self.rule, self.detail))


class ResolveError(URIError):
    """Reference resolution or relativization cannot proceed (RFC 3986 §5).

    For example a base URI without a scheme (§5.1). The facts live in attributes and
    the message is built from them.

    Attributes:
        rule: the :class:`Rule` the base breaks.
        base: the base's text as a message may show it, a password masked
            (``joe:***``).

    >>> from urikit import URI
    >>> try:
    ...     URI.parse("//joe:secret@h/").resolve("g")
    ... except ResolveError as error:
    ...     print(error.rule, error.base)
    ...     print(error)
    Rule.BASE_NEEDS_SCHEME //joe:***@h/
    cannot use '//joe:***@h/' as a base: a base URI must have a scheme (RFC 3986 §5.1)

    .. versionadded:: 0.2
    .. versionchanged:: 0.3
       The ``rule`` and ``base`` attributes; the constructor takes them.
    """

    def __init__(self, rule: Rule, base: str) -> None:
        self.rule = rule
        self.base = base
        super().__init__(f"cannot use {base!r} as a base: {rule.statement} ({rule.section})")

    def __reduce__(self) -> tuple[type[ResolveError], tuple[Rule, str]]:
        return (type(self), (self.rule, self.base))


class FilePathError(URIError):
    """A URI that names no file-system path, or a path that no URI names (RFC 8089).

    Raised by :meth:`urikit.URI.to_path` and :meth:`urikit.URI.from_path`: a scheme
    other than ``file``, userinfo, a port, a query or a fragment (which a path would
    lose), a host other than this machine on POSIX, a segment holding what no file
    name holds (``%2F``, ``%00``, on Windows ``%5C`` or octets that are not UTF-8), a
    URI whose path names no absolute path, or a Windows drive that is neither a
    letter nor a UNC share. The facts live in attributes and the message is built
    from them.

    Attributes:
        component: what blocks the conversion: a component of the URI
            (``"scheme"``, ``"userinfo"``, ``"port"``, ``"host"``, ``"path"``,
            ``"segment"``, ``"query"``, ``"fragment"``) or ``"drive"``, the drive of
            a Windows path.
        text: the text of that component or drive, or ``None`` where the message
            does not show it (userinfo may hold a password; a query or fragment is
            only in the way).
        reason: what is wrong, e.g. ``"is not 'file': only a file URI names a local
            path"``.

    >>> from urikit import URI
    >>> try:
    ...     URI.parse("https://h/x").to_path()
    ... except FilePathError as error:
    ...     print(error.component, error.text, "|", error)
    scheme https | scheme 'https' is not 'file': only a file URI names a local path

    .. versionadded:: 0.3
    """

    def __init__(self, component: str, text: str | None, reason: str) -> None:
        self.component = component
        self.text = text
        self.reason = reason
        shown = component if text is None else f"{component} {text!r}"
        super().__init__(f"{shown} {reason}")

    def __reduce__(self) -> tuple[type[FilePathError], tuple[str, str | None, str]]:
        return (type(self), (self.component, self.text, self.reason))


class EncodingError(URIError):
    """Text that has no UTF-8 octets to percent-encode (RFC 3986 §2.5).

    A lone surrogate (``U+D800`` to ``U+DFFF``) stands for no character, so
    :func:`urikit.encode`, the text views (``uri.text``, ``set_text``, the ``*_text``
    methods), :meth:`urikit.URI.from_iri`, :func:`urikit.iri_to_uri`, the lenient
    reader (:func:`urikit.repair`, :meth:`urikit.URI.parse_lenient`) and
    :meth:`urikit.URI.from_path` refuse it. The surrogate escapes ``U+DC80`` to
    ``U+DCFF`` stand for octets that are not UTF-8 and are written as those octets,
    except a run of them whose octets are the UTF-8 of a character, which would read
    back as that character. Only the offending characters are kept, never the whole
    text, which may hold a password.

    Attributes:
        text: the characters that cannot be encoded: one lone surrogate, or the run
            of surrogate escapes that joins into UTF-8.
        position: 0-based index of ``text`` in the text given (the component's text,
            or the file name's).
        reason: why, e.g. ``"a lone surrogate stands for no character"``.

    >>> from urikit import encode
    >>> try:
    ...     encode("a\\ud800", "path")
    ... except EncodingError as error:
    ...     print(error.position, "|", error)
    1 | cannot encode '\\ud800' at position 1: a lone surrogate stands for no character

    .. versionadded:: 0.3
    """

    def __init__(self, text: str, position: int, reason: str) -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(f"cannot encode {text!r} at position {position}: {reason}")

    def __reduce__(self) -> tuple[type[EncodingError], tuple[str, int, str]]:
        return (type(self), (self.text, self.position, self.reason))


class IDNAError(URIError):
    """A registered name that IDNA (IDNA 2008 with UTS 46 mapping) cannot convert.

    Raised when a host given as Unicode, or with percent-encoded UTF-8, has a label
    that cannot become an A-label (RFC 5891 §4, UTS 46 §4): an empty label, a code
    point IDNA 2008 disallows, a right-to-left label that breaks the Bidi rule, a
    joiner out of context, or a malformed ``xn--`` label.

    Attributes:
        text: the host text that was given.
        label: the label that was refused (after UTS 46 mapping, as IDNA saw it).
        reason: what is wrong, e.g. ``"empty label"``.

    >>> str(IDNAError("a..b", "", "empty label"))
    "cannot convert 'a..b' to an ASCII host: empty label"

    .. versionadded:: 0.2
    """

    def __init__(self, text: str, label: str, reason: str) -> None:
        self.text = text
        self.label = label
        self.reason = reason
        super().__init__(f"cannot convert {text!r} to an ASCII host: {reason}")

    def __reduce__(self) -> tuple[type[IDNAError], tuple[str, str, str]]:
        return (type(self), (self.text, self.label, self.reason))


def warn_deprecated(old: str, new: str, since: str) -> None:
    """Warn that ``old``, a name (or a use of one) kept one release, is deprecated since
    urikit ``since`` for ``new``: the one wording of every deprecated alias, beside the
    errors as the other thing urikit says about a caller's use."""
    warnings.warn(f"{old} is deprecated since urikit {since}: use {new}", DeprecationWarning,
                  stacklevel=3)
