"""Processes that end: ^C, SIGTERM and a worker killed from outside stop a --jobs run
with a message and an exit status, never a hang or a traceback; closed or broken
standard streams never lose results silently.

Each test runs the command line as a subprocess fed through a pipe that stays open,
so the run is still going when the signal comes, whatever the machine's speed: no
timing is asserted, and the timeouts are only bounds that turn a hang into a failure.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

#: A bound on how long a stopped run may take to end (a hang fails the test).
BOUND: Final = 60
#: Input that fits a pipe, and whose output does too (so that nobody blocks on a full
#: pipe while the test still writes).
LINES: Final = b"".join(b"http://h/%d/./x\n" % i for i in range(3_000))


def _start(*argv: str, stdout: int = subprocess.PIPE) -> subprocess.Popen[bytes]:
    """The command line in a session of its own (so that a signal can go to its whole
    process group, as a terminal sends ^C), reading a pipe."""
    return subprocess.Popen([sys.executable, "-m", "urikit", *argv], stdin=subprocess.PIPE,
                            stdout=stdout, stderr=subprocess.PIPE, start_new_session=True)


@pytest.fixture
def running() -> Iterator[subprocess.Popen[bytes]]:
    """``urikit normalize --jobs 2 -`` that has written results and waits for more
    input (its stdin stays open)."""
    process = _start("normalize", "--jobs", "2", "--chunk-size", "100", "-")
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(LINES)
    process.stdin.flush()
    assert process.stdout.readline() == b"http://h/0/x\n"  # the workers are at work
    yield process
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _end(process: subprocess.Popen[bytes]) -> tuple[int, str]:
    """Wait (bounded) for the process; its status and stderr."""
    if process.stdin is not None and process.stdin.closed:
        process.stdin = None  # closed by the test: communicate() must not flush it
    try:
        _, err = process.communicate(timeout=BOUND)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        pytest.fail(f"still running {BOUND} s after it was told to stop")
    return process.returncode, err.decode()


def _clean(err: str) -> None:
    assert "Traceback" not in err
    assert "leaked" not in err
    assert "resource_tracker" not in err


def test_ctrl_c_stops_a_jobs_run_with_the_summary(running: subprocess.Popen[bytes]) -> None:
    """SIGINT to the process group (^C): exit status 130, the counts of what was done."""
    os.killpg(running.pid, signal.SIGINT)
    status, err = _end(running)
    assert status == 130, err
    assert "urikit: stopped: interrupted, after " in err
    _clean(err)


def test_sigterm_stops_cleanly(running: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the main process: status 143, the pool shut down, no leaked
    semaphores reported."""
    running.terminate()
    status, err = _end(running)
    assert status == 143, err
    assert "urikit: stopped: terminated, after " in err
    _clean(err)


def _workers(main: int) -> list[int]:
    """The worker processes of ``main``'s pool: the children of its forkserver (or its
    own children that are not multiprocessing's helpers)."""
    parents: dict[int, int] = {}
    commands: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        parents[int(entry)] = int(stat.rpartition(")")[2].split()[1])
        commands[int(entry)] = command.decode(errors="replace")
    children = [pid for pid, parent in parents.items() if parent == main]
    servers = [pid for pid in children if "forkserver" in commands[pid]]
    if servers:
        return [pid for pid, parent in parents.items() if parent in servers]
    return [pid for pid in children if "resource_tracker" not in commands[pid]]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_killed_worker_ends_the_run_naming_it(running: subprocess.Popen[bytes]) -> None:
    """A worker killed from outside (as the OOM killer does): status 4 and an error
    naming the process and the signal, then the counts; no hang, no traceback from
    multiprocessing's resource tracker."""
    workers = _workers(running.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)
    assert running.stdin is not None
    try:  # more work for the broken pool, then the end of the input
        running.stdin.write(LINES)
        running.stdin.close()
    except BrokenPipeError:
        pass  # it already stopped reading
    status, err = _end(running)
    assert status == 4, err
    # the status is the signal, or 255 where the fork server could not report it
    # (multiprocessing's popen_forkserver: the status pipe ended first)
    assert re.search(rf"urikit: stopped: worker process {workers[0]} "
                     r"\((killed by SIGKILL|exit status 255)\) ended unexpectedly", err), err
    _clean(err)


def _shell(command: str, data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["sh", "-c", command], input=data, capture_output=True,
                          timeout=BOUND, check=False)


URIKIT: Final = f"'{sys.executable}' -m urikit"


def test_closed_stderr_keeps_the_results_and_says_so_in_the_status() -> None:
    """2>&-: every result is written; the error records cannot be, so status 3 (not
    1), and without an error line the status is the usual one."""
    run = _shell(f"{URIKIT} normalize - 2>&-", b"http://a/\nbad x\nHTTP://B\n")
    assert (run.returncode, run.stdout) == (3, b"http://a/\nhttp://b/\n")
    run = _shell(f"{URIKIT} normalize - 2>&-", b"http://a/\n")
    assert (run.returncode, run.stdout) == (0, b"http://a/\n")


def test_closed_stdout_is_reported() -> None:
    """>&-: nothing can be written: status 3 and the reason on stderr."""
    run = _shell(f"{URIKIT} normalize - >&-", b"http://a/\n")
    assert run.returncode == 3
    assert b"urikit: stopped: could not write to standard output (closed)" in run.stderr


def test_a_broken_pipe_is_reported() -> None:
    """| head -1: the reader goes away; status 3 and the reason, no traceback."""
    process = _start("normalize", "-")
    assert process.stdin is not None
    assert process.stdout is not None
    process.stdin.write(LINES)
    process.stdin.flush()
    assert process.stdout.readline() == b"http://h/0/x\n"
    process.stdout.close()
    try:  # more input: its results find no reader
        for _ in range(20):
            process.stdin.write(LINES)
        process.stdin.close()
    except BrokenPipeError:
        pass  # it stopped reading
    status, err = _end(process)
    assert status == 3, err
    assert "could not write to standard output (Broken pipe)" in err
    _clean(err)


def test_full_disk_is_reported() -> None:
    """Writes that fail (/dev/full) stop the run with status 3."""
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    run = _shell(f"{URIKIT} normalize - > /dev/full", LINES)
    assert run.returncode == 3
    assert b"could not write to standard output (No space left on device)" in run.stderr


def test_workers_ignore_ctrl_c_from_birth() -> None:
    """The fork server starts with SIGINT ignored, so a worker it forks ignores ^C from
    birth, before any initializer: a ^C while a worker starts never kills it with a
    traceback (seen once as a lost worker under load). The main process keeps the
    handler it had (Python's own, or SIG_IGN when it was started as a background job,
    as CI's second stream is)."""
    code = textwrap.dedent("""
        import signal
        from urikit._cli.batch import _pool_context
        before = signal.getsignal(signal.SIGINT)  # ignored already in a background job
        with _pool_context().Pool(1) as pool:  # no initializer
            worker = pool.apply(signal.getsignal, (signal.SIGINT,))
        main = signal.getsignal(signal.SIGINT)
        # compared by value: the worker's answer comes back pickled, and SIG_IGN is an
        # IntEnum that may come back as the int it stands for
        print(worker == signal.SIG_IGN, main is before)
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=BOUND, check=True)
    assert result.stdout.split() == ["True", "True"], result.stderr
