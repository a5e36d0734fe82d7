"""What the tests expect of each build: the words of a ``TypeError`` for an argument of
the wrong type.

In the pure build urikit's own check says what is wrong ("has_port must be bool, not
str"). In the compiled build a method's signature is checked by mypyc before the body
runs, so where the signature names the type, mypyc's words come first ("bool object
expected; got str"); the exception is a ``TypeError`` in both, as the build-parity test
checks at every entry point.
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
