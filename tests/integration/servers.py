"""The example apps under real servers: gunicorn or uvicorn on a free loopback port, in a
process group of its own that is killed at the end (test_chromium.py, through its
recording proxy, and test_served_examples.py, with curl).

Neither server believes a forwarding header: gunicorn trusts ``X-Forwarded-Proto`` (and
its other secure headers) from loopback by default (``forwarded_allow_ips``
``127.0.0.1``), and uvicorn ``X-Forwarded-*`` from loopback (``--proxy-headers``), but
no proxy here writes them (the recording proxy writes none, and curl is no proxy), so a
test's forged header reaches the example's own urikit code, which trusts none either.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The host the client names (the one the Django example allows) and its origin.
HOST = "shop.example"
ORIGIN = f"http://{HOST}"
#: How long a server has to answer on its port once started.
START_SECONDS = 60.0


def skip_or_fail(reason: str, *, module: bool = False) -> None:
    """Skip, saying why; under ``CI``, fail instead (like nox's
    ``--error-on-missing-interpreters``): CI must run the served and browser tests."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI is set, so this is a failure, not a skip", pytrace=False)
    pytest.skip(reason, allow_module_level=module)


def free_port() -> int:
    """A loopback port no one listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def command(server: str, spec: str, port: int) -> list[str]:
    """The command that runs the app ``spec`` (``served_apps.py``'s factory) under
    ``server``, ``"gunicorn"`` or ``"uvicorn"``, on ``port``, trusting no forwarding
    header."""
    if server == "gunicorn":
        return [sys.executable, "-m", "gunicorn", "--bind", f"127.0.0.1:{port}",
                "--workers", "1", "--chdir", str(HERE), "--log-level", "warning",
                "--forwarded-allow-ips", "", spec]
    if server == "uvicorn":
        return [sys.executable, "-m", "uvicorn", "--factory", "--host", "127.0.0.1",
                "--port", str(port), "--app-dir", str(HERE), "--log-level", "warning",
                "--no-access-log", "--no-proxy-headers", spec]
    raise ValueError(f"no such server: {server!r}")


@dataclass
class Running:
    """A started server: its process, port and output (a temporary file)."""

    process: subprocess.Popen[bytes]
    port: int
    output: IO[bytes]


def start(server: str, spec: str) -> Running:
    """Start ``spec`` under ``server`` on a free port, with this checkout's ``src``
    first on its path; do not wait for it (:func:`wait_until_up`)."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT / "src"), *filter(None, [os.environ.get("PYTHONPATH")])]))
    output: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 (closed by stop)
    process = subprocess.Popen(command(server, spec, port), env=env, stdout=output,
                               stderr=subprocess.STDOUT, start_new_session=True)
    return Running(process, port, output)


def wait_until_up(running: Running, deadline: float) -> None:
    """Poll the server's port until it answers; if it exits first, or ``deadline``
    (a ``time.monotonic()``) passes, stop it and raise ``RuntimeError`` with its
    output."""
    process, port = running.process, running.port
    while time.monotonic() < deadline and process.poll() is None:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.05)
    running.output.seek(0)
    text = running.output.read().decode("utf-8", "replace")
    stop(running)
    raise RuntimeError(f"the server did not start on port {port}:\n{text}")


def stop(running: Running) -> None:
    """Terminate the server's process group (its workers too), then kill it; close its
    output."""
    try:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(running.process.pid, sig)
            try:
                running.process.wait(10)
            except subprocess.TimeoutExpired:
                continue
            return
    finally:
        running.output.close()


@contextlib.contextmanager
def serve(server: str, spec: str) -> Generator[int, None, None]:
    """Run ``spec`` under ``server`` until the block ends, however it ends; give the
    port."""
    running = start(server, spec)
    try:
        wait_until_up(running, time.monotonic() + START_SECONDS)
        yield running.port
    finally:
        if not running.output.closed:
            stop(running)
