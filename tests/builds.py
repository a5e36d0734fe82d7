"""What the tests expect of each build: the words of a ``TypeError`` for an argument of
the wrong type.

The public builders and setters mark their parameters ``Checked``
(``urikit._core.build``), so mypyc leaves the type check to urikit and both builds give
urikit's words ("has_port must be bool, not str"): their tests match those words alone.
Elsewhere a compiled method's signature may still be checked by mypyc first, in its own
words ("bool object expected; got str"); a test of such a method matches
``wrong_type(words)``. The exception is a ``TypeError`` in both, as the build-parity
test checks at every entry point.
"""

from __future__ import annotations

import re

import urikit

#: mypyc's message for an argument its signature check refuses.
MYPYC_WORDS = r"object expected; got "


def wrong_type(words: str) -> str:
    """The pattern a wrongly typed argument's ``TypeError`` matches in this build:
    ``words`` (a regex of urikit's message), or mypyc's message in the compiled build."""
    return f"{words}|{re.escape(MYPYC_WORDS)}" if urikit.COMPILED else words
