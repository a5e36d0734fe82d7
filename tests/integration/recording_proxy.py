"""An HTTP proxy for the browser tests that records every request a browser makes.

Chromium started with ``--proxy-server`` sends every request to it, whatever the host
and port: an ``http`` request in absolute form (``GET http://host:port/path?query``),
an ``https`` one as ``CONNECT host:port``. The proxy forwards requests for one origin,
the app's (``http://shop.example``), to the server running the app on loopback, byte
for byte, and answers every other host itself with a page naming that host; it tunnels
nothing. Nothing leaves the machine, and the log says exactly which host, port and
request target the browser asked for.
"""

from __future__ import annotations

import http.client
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

#: Headers that belong to one connection, not to the request (RFC 9110, section 7.6.1).
HOP_BY_HOP = frozenset({"connection", "keep-alive", "proxy-connection", "proxy-authorization",
                        "te", "trailer", "transfer-encoding", "upgrade"})


@dataclass(frozen=True)
class Request:
    """One request the browser made through the proxy.

    ``authority`` is ``host:port`` as the browser wrote it (lower case; the port is
    added when the browser left out the scheme's default, so ``shop.example:80``);
    ``target`` is the request target after the authority, exactly as sent (``None``
    for a ``CONNECT``, whose path the proxy never sees); ``navigation`` says whether
    the browser fetched a document for its window (``Sec-Fetch-Mode: navigate``, or
    an ``Accept`` of HTML; a ``CONNECT`` counts, its purpose unseen).
    """

    method: str
    authority: str
    target: str | None
    navigation: bool
    status: int = 0
    location: str | None = None
    #: The path the app's server handed the application, as the served app reports it.
    served_path: str | None = None
    body: bytes = b""


@dataclass
class RecordingProxy:
    """The proxy's state: where the app runs, and every request seen so far."""

    origin: str
    upstream: tuple[str, int] | None = None
    log: list[Request] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, request: Request) -> None:
        """Append ``request`` to the log (the proxy serves requests on many threads)."""
        with self.lock:
            self.log.append(request)

    def mark(self) -> int:
        """The position in the log from which :meth:`since` reads."""
        with self.lock:
            return len(self.log)

    def since(self, mark: int) -> list[Request]:
        """The requests recorded after :meth:`mark` gave ``mark``."""
        with self.lock:
            return self.log[mark:]


def _split_absolute(url: str) -> tuple[str, str]:
    """``http://Host:port/p?q`` -> (``host:port``, ``/p?q``), the target byte for byte."""
    scheme, _, rest = url.partition("://")
    end = min((i for i in (rest.find("/"), rest.find("?")) if i >= 0), default=len(rest))
    authority, target = rest[:end].lower(), rest[end:] or "/"
    if ":" not in authority.rpartition("]")[2]:
        authority += ":443" if scheme.lower() == "https" else ":80"
    return authority, target


class _Handler(BaseHTTPRequestHandler):
    """Answers one connection from the browser."""

    protocol_version = "HTTP/1.1"
    # always a _Server (socketserver hands each handler the server that made it);
    # the base class declares the wider socketserver.BaseServer
    server: _Server  # pyright: ignore[reportIncompatibleVariableOverride]

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the proxy's log is its record, not stderr."""

    def do_CONNECT(self) -> None:
        """An https request: record the host and port, tunnel nothing."""
        proxy = self.server.proxy
        proxy.record(Request("CONNECT", self.path.lower(), None, navigation=True, status=502))
        self._answer(502, [("Content-Type", "text/plain")], b"no tunnels here\n")
        self.close_connection = True

    def do_GET(self) -> None:
        """Forward to the app, or answer for a foreign host."""
        self._handle()

    do_POST = do_HEAD = do_PUT = do_DELETE = do_OPTIONS = do_GET

    def _handle(self) -> None:
        proxy = self.server.proxy
        authority, target = _split_absolute(self.path)
        # Chromium sends Sec-Fetch-* to https origins only; a document asks for HTML
        navigation = self.headers.get("Sec-Fetch-Mode", "") == "navigate" \
            or "text/html" in self.headers.get("Accept", "")
        length = int(self.headers.get("Content-Length", "0") or "0")
        body = self.rfile.read(length) if length else b""
        if authority != proxy.origin or proxy.upstream is None:
            page = f"<!doctype html><title>foreign host {authority}</title>" \
                   f"<p>foreign host {authority}</p>\n".encode()
            proxy.record(Request(self.command, authority, target, navigation, 200, body=page))
            self._answer(200, [("Content-Type", "text/html; charset=utf-8")], page)
            return
        connection = http.client.HTTPConnection(*proxy.upstream, timeout=30)
        try:
            connection.putrequest(self.command, target, skip_host=True,
                                  skip_accept_encoding=True)
            for name, value in self.headers.items():
                if name.lower() not in HOP_BY_HOP and name.lower() != "content-length":
                    connection.putheader(name, value)
            if body or self.command in {"POST", "PUT"}:
                connection.putheader("Content-Length", str(len(body)))
            connection.putheader("Connection", "close")
            connection.endheaders(body or None)
            response = connection.getresponse()
            content = response.read()
            headers = [(k, v) for k, v in response.getheaders()
                       if k.lower() not in HOP_BY_HOP and k.lower() != "content-length"]
            status = response.status
        finally:
            connection.close()
        served = response.getheader("X-Served-Path")
        proxy.record(Request(self.command, authority, target, navigation, status,
                             response.getheader("Location"),
                             None if served is None else _unescape(served), content))
        self._answer(status, headers, content)

    def _answer(self, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def _unescape(header: str) -> str:
    """The served app sends the decoded path as a JSON string (ASCII, ``\\uXXXX``)."""
    path: str = json.loads(header)
    return path


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    proxy: RecordingProxy


def start(proxy: RecordingProxy) -> tuple[ThreadingHTTPServer, int]:
    """Serve ``proxy`` on a free port of 127.0.0.1 in a daemon thread; return the
    server (``shutdown()`` and ``server_close()`` stop it) and its port."""
    server = _Server(("127.0.0.1", 0), _Handler)
    server.proxy = proxy
    threading.Thread(target=server.serve_forever, name="recording-proxy", daemon=True).start()
    return server, server.server_address[1]
