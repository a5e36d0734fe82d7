"""Port arithmetic: a port's digits to its number and back, at any length (RFC 3986 §3.2.3)."""

from __future__ import annotations

import re


def port_number(text: str) -> int:
    """The number a port's decimal digits stand for, however many there are.

    RFC 3986 §3.2.3 sets no bound on the digits (``port = *DIGIT``). Short ports go
    through ``int()``. A longer one loses its leading zeros first (a port of a million
    "0" is 0, at once); what is left, if still past ``int()``'s digit limit, is cut
    into blocks of ``_INT_DIGITS << j`` digits from the right and joined with one
    multiplication by ``10 ** (_INT_DIGITS << j)`` per cut (written as a power of 5 and
    a shift, a smaller product), each power squared from the one before: exact, in the
    time of CPython's Karatsuba multiplication (about ``n ** 1.6``) instead of
    ``int()``'s quadratic time.

    >>> port_number("0080"), port_number("9" * 5000) == 10 ** 5000 - 1
    (80, True)
    >>> port_number("0" * 10 ** 6 + "1234")
    1234
    """
    if len(text) <= _INT_DIGITS:
        return int(text)
    zeros = _LEADING_ZEROS.match(text)  # in C, faster than str.lstrip
    digits = text[zeros.end():] if zeros else text
    if len(digits) <= _INT_DIGITS:
        return int(digits) if digits else 0
    fives = [5 ** _INT_DIGITS]  # fives[j] == 5 ** (_INT_DIGITS << j)
    while _INT_DIGITS << len(fives) < len(digits):
        fives.append(fives[-1] * fives[-1])
    return _blocks_value(digits, fives, len(fives) - 1)


def _blocks_value(digits: str, fives: list[int], j: int) -> int:
    """The value of ``digits``, at most ``2 * (_INT_DIGITS << j)`` of them: its low
    block is the longest ``_INT_DIGITS << i`` (``i <= j``) shorter than ``digits``."""
    if len(digits) <= _INT_DIGITS:
        return int(digits)
    while _INT_DIGITS << j >= len(digits):
        j -= 1
    low = _INT_DIGITS << j
    high: int = _blocks_value(digits[:-low], fives, j) * fives[j] << low
    return high + _blocks_value(digits[-low:], fives, j)


_INT_DIGITS = 4000  # under CPython's default int/str digit limit (4300)
_LEADING_ZEROS = re.compile("0*")


def port_text(number: int) -> str:
    """The decimal text of a port number, however many digits it has.

    >>> port_text(8080), port_text(10 ** 5000) == "1" + "0" * 5000
    ('8080', True)
    """
    if number < _STR_LIMIT:
        return str(number)
    low = 1
    while _power(2 * low) <= number:
        low *= 2
    high, rest = divmod(number, _power(low))
    return port_text(high) + port_text(rest).rjust(low, "0")


def _power(n: int) -> int:
    power: int = 10 ** n
    return power


_STR_LIMIT = 10 ** _INT_DIGITS
