"""The files of a run: which input a path names, and outputs that would overwrite one."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Sequence


def _identity(name: str) -> tuple[int, int] | None:
    """(device, inode) of an input or output name (``-``: standard input), or ``None``
    when there is no such file."""
    try:
        st = os.fstat(sys.stdin.fileno()) if name == "-" else os.stat(name)
    except (OSError, ValueError, AttributeError):
        return None
    return st.st_dev, st.st_ino


def _stdout_identity() -> tuple[int, int] | None:
    """(device, inode) of standard output when it is a regular file (a pipe or a
    terminal is never an input's file)."""
    try:
        st = os.fstat(sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISREG(st.st_mode) else None


def overwritten_input(inputs: Sequence[str], outputs: Sequence[tuple[str, str]],
                      stdout: bool = True) -> str | None:
    """Why the run would write over one of its inputs, or ``None``: each output (a
    (what, path) pair) and standard output (when it is a regular file and ``stdout``)
    is compared with each input by device and inode, as ``cp`` refuses to copy a
    file onto itself (``os.path.samefile``), so that another name of the same file (a
    link, ``./x``) is caught too. Nothing has been opened for writing yet."""
    found = {ident: name for name in inputs if (ident := _identity(name)) is not None}
    if not found:
        return None
    targets = [(what, path, _identity(path)) for what, path in outputs]
    if stdout:
        targets.append(("standard output", "", _stdout_identity()))
    for what, path, ident in targets:
        if ident is not None and ident in found:
            shown = f"{what} {path}" if path else what
            return f"{shown} is the input {found[ident]}: refusing to write over it"
    return None
