"""Where output goes: a stream that remembers a failed write, and whole records to a pipe."""

from __future__ import annotations

import bisect
import contextlib
import itertools
import os
import select
import stat
from collections.abc import Callable, Generator
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


@contextlib.contextmanager
def deferred(guard: Guard | None) -> Generator[None, None, None]:
    """Inside the block a signal only marks itself: for work that must be done whole
    and counted, or not at all (a Parquet row group). The caller asks the guard
    afterwards."""
    if guard is None:
        yield
        return
    before, guard.deferred = guard.deferred, True
    try:
        yield
    finally:
        guard.deferred = before


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

    ``records`` turns on the same whole-record writes for an output whose records no
    byte sequence marks (explain's drawings, the items of a JSON list): the caller
    gives the records themselves to :meth:`write_records`, and after an interrupted
    write :attr:`cut_records` is the number of them that went out whole.

    A regular file with ``boundary`` or ``records`` is written the same way, each
    text in one write (a write to a file is not cut by a signal): when the disk
    fills, the write puts what fits, :attr:`cut` (or :attr:`cut_records`) counts the
    whole records in it, and the file is cut back to the end of the last of them, so
    that it ends after a whole record and the caller counts exactly what it holds.
    """

    def __init__(self, stream: TextIO | None, name: str, boundary: bytes = b"",
                 keep: int = 0, *, records: bool = False) -> None:
        self.stream = stream
        self.name = name
        self.failed = "closed" if stream is None else ""
        self.boundary = boundary
        self.keep = keep
        self.cut = b""
        self.cut_records = 0
        self.fd = -1
        self.regular = False  # a regular file: no pieces, a cut record taken off
        #: what stops a run (^C, SIGTERM): set by the run once it handles signals
        self.guard: Guard | None = None
        if (boundary or records) and stream is not None:
            try:
                fd = stream.fileno()
                mode = os.fstat(fd).st_mode
            except (OSError, ValueError, AttributeError):
                return
            if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
                self.fd = fd
            elif stat.S_ISREG(mode):
                self.fd, self.regular = fd, True

    def write(self, text: str) -> bool:
        """Write ``text``; whether it was (and all before it)."""
        if self.failed:
            self.cut, self.cut_records = b"", 0  # nothing of it went out
            return False
        if not text:
            return True
        assert self.stream is not None
        try:
            if self.fd >= 0:
                data = text.encode("utf-8")
                if self.boundary:
                    self._write_records(data, self._boundary_end, self._whole_end)
                else:  # one record
                    self._write_records(data, lambda data, start: len(data),
                                        lambda data, size: size if size == len(data) else 0)
            else:
                self.stream.write(text)
        except (OSError, ValueError) as exc:
            self.failed = why(exc)
            return False
        return True

    def write_records(self, records: list[str]) -> bool:
        """Write each of ``records`` whole or not at all (see the class); whether they
        were written (and all before them)."""
        if self.fd < 0 or self.failed or self.boundary:
            return self.write("".join(records))
        encoded = [record.encode("utf-8") for record in records]
        ends = list(itertools.accumulate(map(len, encoded)))
        data = b"".join(encoded)
        self.cut_records = 0

        def end_of(data: bytes, start: int) -> int:
            """The end of the last record that ends within a piece from ``start``, or
            of the record that starts there when it is longer than a piece."""
            k = bisect.bisect_right(ends, start + PIPE_BUF) - 1
            if k < 0 or ends[k] <= start:
                return ends[bisect.bisect_right(ends, start)]
            return ends[k]

        def whole_end(data: bytes, size: int) -> int:
            """The end of the last record that ends within ``size`` bytes, or 0."""
            k = bisect.bisect_right(ends, size)
            return ends[k - 1] if k else 0

        try:
            self._write_records(data, end_of, whole_end)
        except (OSError, ValueError) as exc:
            self.failed = why(exc)
            self.cut_records = bisect.bisect_right(ends, len(self.cut))
            return False
        except BaseException:
            self.cut_records = bisect.bisect_right(ends, len(self.cut))
            raise
        return True

    def _boundary_end(self, data: bytes, start: int) -> int:
        """The end of a piece from ``start``: the last boundary whose record ends
        within :data:`PIPE_BUF` bytes, or the end of the record that starts there when
        it is longer."""
        boundary, keep = self.boundary, self.keep
        k = data.rfind(boundary, start, start + PIPE_BUF - keep + len(boundary))
        if k < 0 or k + keep <= start:  # a long record: alone
            k = data.find(boundary, start)
            return len(data) if k < 0 else k + keep
        return k + keep

    def _whole_end(self, data: bytes, size: int) -> int:
        """The end of the last record that ends within the first ``size`` bytes of
        ``data`` (which ends after a record), or 0."""
        if size >= len(data):
            return len(data)
        boundary, keep = self.boundary, self.keep
        k = data.rfind(boundary, 0, size - keep + len(boundary))
        return 0 if k < 0 else k + keep

    def _write_records(self, data: bytes, end_of: Callable[[bytes, int], int],
                       whole_end: Callable[[bytes, int], int]) -> None:
        """Write ``data`` in pieces that end at record boundaries (see the class);
        to a regular file, in one piece, and after a failed write (a full disk) the
        file cut back to the end of the last whole record (``whole_end``).

        While it writes, a signal only marks itself (``guard.deferred``): were it to
        raise as its handler returns, after a write that went out and before the
        count of it, the count would be wrong. The writer waits for room in the pipe
        (``select``, a tenth of a second at a time), so that a piece never blocks,
        and asks the guard between pieces, which raises for a signal caught."""
        self.stream.flush()  # type: ignore[union-attr]  # whatever was written before
        self.cut = b""
        view = memoryview(data)
        start, size = 0, len(data)
        guard = self.guard
        if guard is not None:
            guard.deferred = True
        regular = self.regular
        try:
            while start < size:
                if guard is not None:
                    guard.check()
                    while not regular and not select.select([], [self.fd], [], 0.1)[1]:
                        guard.check()
                end = size if regular or start + PIPE_BUF >= size else end_of(data, start)
                start += os.write(self.fd, view[start:end])
            if guard is not None:
                guard.deferred = False
                guard.check()  # a signal during the last piece: all of it went out
        except OSError:
            self.cut = data[:start]  # what went out, for the caller to count
            if regular:
                self._take_off(data, whole_end)
            raise
        except BaseException:
            self.cut = data[:start]
            raise
        finally:
            if guard is not None:
                guard.deferred = False

    def cut_count(self) -> int:
        """The whole records in :attr:`cut` (which ends after one): a boundary that
        is all of a record's end (``\\n``) ends each; one that is not (``\\nurikit:
        ``) stands between two."""
        cut, boundary = self.cut, self.boundary
        if not cut or not boundary:
            return 0
        return cut.count(boundary) + (self.keep < len(boundary))

    def _take_off(self, data: bytes, whole_end: Callable[[bytes, int], int]) -> None:
        """After a failed write to a regular file: cut the file back to the end of
        the last whole record of :attr:`cut`, and :attr:`cut` with it."""
        cut = self.cut
        whole = whole_end(data, len(cut))
        if whole < len(cut):  # something went out (so the offset is after it)
            with contextlib.suppress(OSError):
                end = os.lseek(self.fd, 0, os.SEEK_CUR)
                os.ftruncate(self.fd, end - (len(cut) - whole))
            self.cut = cut[:whole]

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
