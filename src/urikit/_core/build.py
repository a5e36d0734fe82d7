"""Which build is running (compiled by mypyc, or pure Python); mypyc's class marker.

``@mypyc_attr(native_class=False)`` keeps a class an ordinary Python class in the
compiled build, which is the same source compiled by mypyc (``hatch_build.py`` lists
what it compiles and why the rest stays interpreted). This module is never compiled
itself, so the marker exists at run time in both builds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from . import grammar

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:

    def mypyc_attr(*args, **kwargs):
        """mypyc reads ``@mypyc_attr(native_class=False)`` when it compiles (a class so
        marked is compiled as an ordinary Python class); at run time it changes
        nothing, so urikit needs no mypy_extensions."""
        return lambda cls: cls


#: Whether this is the mypyc-compiled build: a compiled module is an extension module,
#: whose file is not its ``.py`` source.
COMPILED: Final[bool] = not (grammar.__file__ or "").endswith(".py")

#: ``"compiled"`` or ``"pure"``: the build's name, as ``urikit --version`` says it.
BUILD: Final[str] = "compiled" if COMPILED else "pure"

__all__ = ["BUILD", "COMPILED", "mypyc_attr"]
