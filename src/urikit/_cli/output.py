"""Where output goes: a stream that remembers a failed write, and whole records to a pipe."""

from __future__ import annotations

import os
import select
import stat
from typing import Final, Protocol, TextIO

#: The most a write to a pipe puts in it whole or not at all (POSIX: at least 512;
#: 4096 on Linux).
PIPE_BUF: Final = getattr(select, "PIPE_BUF", 512)


class Guard(Protocol):
    """The run's signal handling, as a writer sees it: ``deferred`` makes a signal
    only mark itself; ``check`` raises for one marked."""

    deferred: bool

    def check(self) -> None:
        """Raise for a signal caught (``KeyboardInterrupt`` for ^C)."""


def why(exc: BaseException) -> str:
    """The reason of a failed write, for a message."""
    return (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)) or \
        type(exc).__name__


class Stream:
    """An output that may be closed or break: a failed write is remembered (and later
    writes dropped), never raised, so the run can say what it lost.

    ``boundary`` (bytes that end a record, e.g. ``b"\\n"`` when each record is a line;
    ``keep`` of them belong to the record before) turns on whole-record writes when
    the stream is a pipe or a socket: the text goes straight to the file descriptor
    in pieces of at most :data:`PIPE_BUF` bytes that end at a record boundary, each of
    which the system writes whole or not at all. A signal that interrupts a write
    blocked on a full pipe (^C, SIGTERM) then leaves the output at a record boundary,
    and :attr:`cut` holds the bytes of the interrupted text that went out, so the
    caller can count the records written. (A record longer than PIPE_BUF is written
    alone, and may still be cut.)
    """

    def __init__(self, stream: TextIO | None, name: str, boundary: bytes = b"",
                 keep: int = 0) -> None:
        self.stream = stream
        self.name = name
        self.failed = "closed" if stream is None else ""
        self.boundary = boundary
        self.keep = keep
        self.cut = b""
        self.fd = -1
        #: what stops a run (^C, SIGTERM): set by the run once it handles signals
        self.guard: Guard | None = None
        if boundary and stream is not None:
            try:
                fd = stream.fileno()
                mode = os.fstat(fd).st_mode
            except (OSError, ValueError, AttributeError):
                return
            if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
                self.fd = fd

    def write(self, text: str) -> bool:
        """Write ``text``; whether it was (and all before it)."""
        if self.failed:
            return False
        if not text:
            return True
        assert self.stream is not None
        try:
            if self.fd >= 0:
                self._write_records(text.encode("utf-8"))
            else:
                self.stream.write(text)
        except (OSError, ValueError) as exc:
            self.failed = why(exc)
            return False
        return True

    def _write_records(self, data: bytes) -> None:
        """Write ``data`` in pieces that end at record boundaries (see the class).

        While it writes, a signal only marks itself (``guard.deferred``): were it to
        raise as its handler returns, after a write that went out and before the
        count of it, the count would be wrong. The writer waits for room in the pipe
        (``select``, a tenth of a second at a time), so that a piece never blocks,
        and asks the guard between pieces, which raises for a signal caught."""
        self.stream.flush()  # type: ignore[union-attr]  # whatever was written before
        self.cut = b""
        view = memoryview(data)
        start, size = 0, len(data)
        boundary, keep = self.boundary, self.keep
        guard = self.guard
        if guard is not None:
            guard.deferred = True
        try:
            while start < size:
                if guard is not None:
                    guard.check()
                    while not select.select([], [self.fd], [], 0.1)[1]:
                        guard.check()
                end = start + PIPE_BUF
                if end >= size:
                    end = size
                else:  # the last boundary whose record ends within the piece
                    k = data.rfind(boundary, start, end - keep + len(boundary))
                    if k < 0 or k + keep <= start:  # a long record: alone
                        k = data.find(boundary, start)
                        end = size if k < 0 else k + keep
                    else:
                        end = k + keep
                start += os.write(self.fd, view[start:end])
        except BaseException:
            self.cut = data[:start]  # what went out, for the caller to count
            raise
        finally:
            if guard is not None:
                guard.deferred = False
        if guard is not None:
            guard.check()  # a signal during the last piece

    def flush(self) -> bool:
        """Flush; whether everything written so far went out."""
        if self.failed:
            return False
        assert self.stream is not None
        try:
            self.stream.flush()
        except (OSError, ValueError) as exc:
            self.failed = why(exc)
            return False
        return True
