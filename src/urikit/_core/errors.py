"""The exception tree: every error urikit raises for bad input is a URIError."""

from __future__ import annotations


class URIError(ValueError):
    """Base class of every error urikit raises for invalid URI text or a forbidden edit.

    It derives from :class:`ValueError`, so ``except ValueError`` keeps working.

    .. versionadded:: 0.1
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

    .. versionadded:: 0.1
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


class BuildError(URIError):
    """An edit that would give a URI no text can represent (RFC 3986 §3, §4.2).

    For example userinfo or a port without a host (§3.2): the edit is refused and the
    URI is left as it was.

    .. versionadded:: 0.1
    """


class ResolveError(URIError):
    """Reference resolution or relativization cannot proceed (RFC 3986 §5).

    For example a base URI without a scheme (§5.1).

    .. versionadded:: 0.1
    """


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
