"""Which build is running; mypyc's class marker; the mark that leaves a type check to us.

Which build: compiled by mypyc, or pure Python. The mark (``Checked``) leaves an
argument's type check to urikit's own code in both builds.

``@mypyc_attr(native_class=False)`` keeps a class an ordinary Python class in the
compiled build, which is the same source compiled by mypyc (``hatch_build.py`` lists
what it compiles and why the rest stays interpreted). This module is never compiled
itself, so the marker exists at run time in both builds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NoReturn, TypeAlias

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

#: Added to a parameter's annotation (``has_port: bool | Checked``), it leaves the
#: argument's type check to urikit's own code in the compiled build too, so that both
#: builds refuse a wrongly typed argument with the same ``TypeError`` and the same words
#: (which name the parameter and what it takes). Type checkers read ``T | Checked`` as
#: ``T`` (``NoReturn``, the type of no value, adds none). mypyc maps it to ``object``,
#: and a union with ``object`` in it to a value it does not check: its wrapper passes
#: the argument through
#: unconverted (``True`` stays ``True``, not the int 1; ``10**30`` is not squeezed into a
#: machine word), and the body's check (``require_str`` and its kin) is the only one.
#: Every public builder and setter marks each parameter whose type its body checks.
Checked: TypeAlias = NoReturn

__all__ = ["BUILD", "COMPILED", "Checked", "mypyc_attr"]
