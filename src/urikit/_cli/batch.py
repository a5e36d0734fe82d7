"""The command line's batch runs: chunks of lines, their reading, and the worker processes.

The engine (what a line is, the operations, records, their rendering and masking) is
:mod:`urikit._batch`; this module feeds it the command line's inputs and runs it, in
input order and in constant memory:

* :func:`read_chunks` reads each source in blocks and cuts them into :class:`Chunk`
  of lines (cut into lines by :func:`urikit._batch.lines.split_lines` in the worker).
* :func:`run_chunk` turns a chunk into a :class:`Done`: the records of
  :func:`urikit._batch.engine.process_line` rendered by a
  :class:`urikit._batch.render.Format`, and the counts, the unit of work of a
  ``--jobs`` worker (compact strings travel back, not records).
* :func:`map_chunks` runs the chunks in this process or in a pool of worker
  processes, in input order, with at most a few chunks in flight (memory does not
  grow with the input), and turns a lost worker into :class:`WorkerLost`.
"""

from __future__ import annotations

import functools
import io
import re
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, Final, NamedTuple, TypeVar

from .._batch.engine import process_line
from .._batch.lines import Line, split_lines
from .._batch.operations import Operation
from .._batch.render import Format
from .output import Guard, deferred

if TYPE_CHECKING:
    # imported where used: the process pool for --jobs 2 or more; a run without it
    # does not pay for it
    import multiprocessing.context
    from concurrent.futures import Future, ProcessPoolExecutor
    from multiprocessing.process import BaseProcess

_T = TypeVar("_T")
FORMATS: Final = ("text", "jsonl", "csv")
#: Bytes asked of an input at a time; a read returns what is there, so lines typed
#: at a terminal or written slowly into a pipe are processed as they come.
READ_SIZE: Final = 1 << 20


# --- chunks: the unit of work ------------------------------------------------------------


class Chunk(NamedTuple):
    """Consecutive lines of one source: bytes that end at a line end (or the end of
    the input), cut into lines by :func:`split_lines` in the worker (one ``bytes``
    pickles faster than many), or a list of lines (``str``: arguments, as they are)."""

    source: str
    first: int  # the line number of the first line
    lines: bytes | Sequence[Line]


class Group(NamedTuple):
    """One result for ``dedupe --groups``: its canonical form and where it was."""

    key: str
    line: int
    input: str
    shown: str


class Done(NamedTuple):
    """A chunk processed and rendered: what a worker sends back.

    ``out``: the rendered results (and inline errors) in order; ``keys``: for
    deduplication, each one's canonical form (``None`` for an inline error), the
    repeats of a form inside the chunk left out of both (``results`` counts them);
    ``err``:
    the rendered errors that do not go to the output; ``groups``: the results of
    ``dedupe --groups`` (then ``out`` holds only inline errors); ``error_at``: the
    place of each inline error among the records of ``out`` (so that a write cut
    short counts the results and errors in it).
    """

    out: list[str]
    keys: list[str | None] | None
    err: list[str]
    results: int
    errors: int
    size: int
    groups: list[Group] | None = None
    error_at: Sequence[int] = ()


@dataclass(frozen=True, slots=True)
class Job:
    """An operation, how to render its records, and what to keep for dedupe."""

    op: Operation
    format: Format
    keys: bool = False  # dedupe: send each result's canonical form back
    groups: bool = False  # dedupe --groups: send the groups' entries back


def run_chunk(job: Job, chunk: Chunk) -> Done:
    """Process and render the lines of a chunk (the function a worker runs)."""
    op, fmt = job.op, job.format
    source, first = chunk.source, chunk.first
    out: list[str] = []
    err: list[str] = []
    keys: list[str | None] | None = [] if job.keys else None
    groups: list[Group] | None = [] if job.groups else None
    results = errors = size = 0
    inline = fmt.inline
    result, error = fmt.result, fmt.error
    lines = split_lines(chunk.lines) if isinstance(chunk.lines, bytes) else chunk.lines
    chunk_seen: set[str | None] = set()  # dedupe: a repeat inside the chunk is not sent
    error_at: list[int] = []
    for k, raw in enumerate(lines):
        size += len(raw) + 1 if isinstance(raw, (bytes, str)) else 1
        record = process_line(op, source, first + k, raw)
        if record.error is None:
            results += 1
            if groups is not None:
                assert record.key is not None
                groups.append(Group(record.key, record.line, record.input,
                                    str(record.output)))
                continue
            if keys is not None:
                if record.key in chunk_seen:
                    continue
                chunk_seen.add(record.key)
                keys.append(record.key)
            out.append(result(record))
        else:
            errors += 1
            if inline:
                error_at.append(len(out))
                out.append(error(record))
                if keys is not None:
                    keys.append(None)
            else:
                err.append(error(record))
    # one string pickles faster than many; but records with a separator between them
    # (explain's drawings, a JSON list's items) end at no byte the writer could find,
    # so they stay apart, for the writer to write each whole or not at all
    if keys is None and len(out) > 1 and not fmt.separator:
        out = [fmt.separator.join(out)]
    if len(err) > 1:
        err = ["".join(err)]
    return Done(out, keys, err, results, errors, size, groups, error_at)


# --- reading ---------------------------------------------------------------------------


class Source(NamedTuple):
    """An input: a file path, ``"-"`` for standard input."""

    name: str

    def open(self) -> BinaryIO:
        """The input as a binary stream (the caller closes a file, not stdin)."""
        if self.name == "-":
            stdin = sys.stdin
            if stdin is None:
                raise OSError("standard input is closed")
            buffer = getattr(stdin, "buffer", None)
            if buffer is None:  # a text stream put in place of stdin (tests)
                return io.BytesIO(stdin.read().encode("utf-8", "surrogateescape"))
            return buffer  # type: ignore[no-any-return]
        return open(self.name, "rb")  # closed by _blocks


def _blocks(src: Source, on_error: Callable[[Source, OSError], None]) -> Iterator[bytes]:
    """The bytes of one source in blocks that end after a ``\\n`` (or at the end);
    an error opening or reading it is passed to ``on_error``."""
    try:
        stream = src.open()
    except OSError as exc:
        on_error(src, exc)
        return
    read = getattr(stream, "read1", stream.read)
    rest = b""
    try:
        while data := read(READ_SIZE):
            cut = data.rfind(b"\n") + 1
            if not cut:
                rest += data
                continue
            yield rest + data[:cut] if rest else data[:cut]
            rest = data[cut:]
        if rest:
            yield rest
    except OSError as exc:
        on_error(src, exc)
    finally:
        if stream is not getattr(sys.stdin, "buffer", None):
            stream.close()


def read_chunks(sources: Iterable[Source], chunk_size: int,
                on_error: Callable[[Source, OSError], None]) -> Iterator[Chunk]:
    """The lines of each source in chunks of at most ``chunk_size`` lines (fewer when
    less input has arrived so far); a source that cannot be opened or read is passed
    to ``on_error`` and the next one is read."""
    for src in sources:
        first = 1
        for block in _blocks(src, on_error):
            for part, count in _cut(block, chunk_size):
                yield Chunk(src.name, first, part)
                first += count


@functools.lru_cache(maxsize=4)
def _lines_of(size: int) -> re.Pattern[bytes]:
    """A pattern matching ``size`` whole lines: the main process finds where a chunk
    ends in C, not line by line in Python (with ``--jobs`` it is the serial part)."""
    return re.compile(rb"(?:[^\n]*\n){%d}" % size)


def _cut(block: bytes, size: int) -> Iterator[tuple[bytes, int]]:
    """``block`` (which ends at a line end or at the end of the input) in parts of
    ``size`` lines, the last one maybe fewer, with their counts of lines."""
    match = _lines_of(size).match
    start = 0
    while (m := match(block, start)) is not None and m.end() < len(block):
        yield block[start:m.end()], size
        start = m.end()
    if start < len(block):
        rest = block[start:] if start else block
        yield rest, rest.count(b"\n") + (not rest.endswith(b"\n"))


# --- the pool --------------------------------------------------------------------------


class WorkerLost(Exception):
    """A worker process ended without finishing its work (killed from outside)."""


def _worker_start() -> None:
    """In each worker: ^C goes to the whole process group from a terminal; the main
    process decides what to do, the worker leaves it to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pool_context() -> multiprocessing.context.BaseContext:
    """Forkserver where there is one (no fork of a process with threads), else spawn."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    _start_forkserver()
    return multiprocessing.get_context("forkserver")


def _start_forkserver() -> None:
    """Start the fork server (if it is not running) with SIGINT ignored.

    Python's fork server gives each worker the SIGINT handler the server started
    with: the default one, which raises ``KeyboardInterrupt``, until the worker's
    initializer (:func:`_worker_start`) ignores it. A ^C sent to the process group
    while a worker starts would end it with a traceback, and the run as a lost worker.
    Started with SIGINT ignored (a disposition a new program inherits), the server
    keeps it and so do the workers from birth. The main process ignores ^C only for
    the fork and exec of the server, a few milliseconds. The server imports this
    module once, so that a worker forked from it starts without importing urikit.
    """
    from multiprocessing import forkserver

    forkserver.set_forkserver_preload([__name__])

    if threading.current_thread() is not threading.main_thread():
        forkserver.ensure_running()  # signal dispositions are the main thread's to set
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


def _lost(pool: ProcessPoolExecutor) -> str:
    """Which worker ended, and how, as the pool saw it."""
    # the pool's own record (private, so read defensively): its processes by pid
    processes: dict[int, BaseProcess] = getattr(pool, "_processes", None) or {}
    lost: list[tuple[bool, str]] = []
    for pid, process in dict(processes).items():
        code = process.exitcode
        if code is None or code == 0:
            continue
        if code < 0:
            try:
                how = f"killed by {signal.Signals(-code).name}"
            except ValueError:
                how = f"killed by signal {-code}"
        else:
            how = f"exit status {code}"
        lost.append((code == -signal.SIGTERM, f"worker process {pid} ({how})"))
    if not lost:
        return "a worker process ended unexpectedly"
    lost.sort()  # those the pool terminated itself (SIGTERM) last
    return lost[0][1] + " ended unexpectedly"


def map_chunks(job: Job, chunks: Iterable[Chunk], jobs: int, in_flight: int = 0,
               guard: Guard | None = None) -> Generator[Done, None, None]:
    """:func:`map_work` of :func:`run_chunk`: each chunk rendered, in order."""
    return map_work(run_chunk, job, chunks, jobs, in_flight, guard)


def map_work(work: Callable[[Job, Chunk], _T], job: Job, chunks: Iterable[Chunk],
             jobs: int, in_flight: int = 0,
             guard: Guard | None = None) -> Generator[_T, None, None]:
    """Each chunk processed, in order; with ``jobs`` > 1 in worker processes.

    At most ``in_flight`` chunks (default ``2 * jobs``) are read ahead of the
    writer, so memory is bounded whatever the input size. A worker killed from
    outside raises :class:`WorkerLost` naming it; on any exit (^C included) the
    pool is shut down, the chunks not yet started cancelled.

    A chunk is given to the pool with signals deferred (``guard``, the run's): the
    pool starts a worker as it takes a chunk, and ^C between a worker's start and
    the pool's note of it left a worker the shutdown did not wait for, which failed
    with a traceback once the run had ended.
    """
    if jobs <= 1:
        for chunk in chunks:
            yield work(job, chunk)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    limit = in_flight or 2 * jobs
    pool = ProcessPoolExecutor(jobs, mp_context=_pool_context(), initializer=_worker_start)
    pending: deque[Future[_T]] = deque()
    try:
        for chunk in chunks:
            with deferred(guard):
                pending.append(pool.submit(work, job, chunk))
            if guard is not None:
                guard.check()
            if len(pending) >= limit:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    except BrokenProcessPool as exc:
        raise WorkerLost(_lost(pool)) from exc
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
