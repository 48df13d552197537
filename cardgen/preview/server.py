"""The preview's small web app on the standard library: the page, the card images, and a live event stream.

One thread per connection (ThreadingHTTPServer), HTTP/1.0: every request gets its own connection, closed
after the answer, except the event stream (server-sent events), which stays open and sends the game's state
each time it changes. The browser's EventSource reconnects by itself when the stream drops.
"""

from __future__ import annotations

import errno
import json
import socket
import sys
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

STATIC = Path(__file__).resolve().parent / "static"
PAGES = {"": "index.html", "preview.css": "preview.css", "preview.js": "preview.js"}
TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8"}
KEEP_ALIVE = 15.0  # seconds between the stream's comments when nothing changes, so a closed page is noticed
RETRY_MS = 1000    # how soon a page reconnects after the stream dropped


class PortError(OSError):
    """The address cannot be listened on; the message is a sentence naming --host or --port."""


class Channel:
    """The game's latest state as JSON, numbered; the streams wait here for the next one."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._version = 0
        self._data = b"{}"
        self._closed = False

    def publish(self, state: dict) -> int:
        """Makes `state` the current one (it gets the next version number) and wakes every stream."""
        with self._changed:
            self._version += 1
            self._data = json.dumps({**state, "version": self._version}, ensure_ascii=False,
                                    separators=(",", ":")).encode("utf-8")
            self._changed.notify_all()
            return self._version

    def current(self) -> tuple[int, bytes]:
        with self._changed:
            return self._version, self._data

    def wait(self, seen: int, timeout: float) -> tuple[int, bytes] | None:
        """The current state once its version is not `seen` (or after `timeout` s); None once closed."""
        with self._changed:
            self._changed.wait_for(lambda: self._closed or self._version != seen, timeout)
            return None if self._closed else (self._version, self._data)

    def close(self) -> None:
        with self._changed:
            self._closed = True
            self._changed.notify_all()


class PreviewServer(ThreadingHTTPServer):
    """Serves the page, `/state` (the current state as JSON), `/events` (the stream of states) and
    `/card/<fingerprint>.png` (a face's image, from `image(fingerprint)`)."""

    daemon_threads = True
    block_on_close = True  # server_close waits for the connections' threads (streams end when the channel closes)

    def __init__(self, address: tuple[str, int], channel: Channel, image: Callable[[str], bytes | None]):
        self.channel, self.image = channel, image
        try:
            super().__init__(address, _Handler)
        except socket.gaierror as error:
            raise PortError(f"--host {address[0]}: not an address of this machine ({error.strerror})") from None
        except OSError as error:
            raise PortError(_bind_failure(address, error)) from None

    def handle_error(self, request, client_address) -> None:
        """A page closed while it was being answered is ordinary; anything else is one line, not a traceback."""
        error = sys.exc_info()[1]
        if not isinstance(error, (ConnectionError, TimeoutError)):
            print(f"cardgen preview: a request from {client_address[0]} failed: {type(error).__name__}: {error}",
                  file=sys.stderr)


def _bind_failure(address: tuple[str, int], error: OSError) -> str:
    host, port = address
    if error.errno == errno.EADDRINUSE:
        return (f"port {port} is in use on {host} (another preview, or another program); choose another with "
                f"--port, e.g. --port {port + 1 if port < 65535 else 8766}")
    if error.errno == errno.EACCES:
        return f"port {port} on {host} needs administrator rights; choose one from 1024 up with --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"--host {host}: not an address of this machine; 127.0.0.1 is this machine only"
    return f"cannot listen on {host} port {port} ({error.strerror}); choose another with --host or --port"


class _Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    timeout = 20  # a connection that sends no request (or stops reading) for this long is closed
    server_version = "cardgen-preview"

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path == "/" or path.startswith("/static/"):
            name = PAGES.get(path.removeprefix("/static/").strip("/"))
            if name is None:
                return self._send(404, "text/plain; charset=utf-8", b"No such page.\n")
            return self._send(200, TYPES[Path(name).suffix], (STATIC / name).read_bytes(), "no-cache")
        if path == "/state":
            return self._send(200, "application/json", self.server.channel.current()[1], "no-store")
        if path == "/events":
            return self._events()
        if path.startswith("/card/") and path.endswith(".png"):
            try:
                data = self.server.image(path[len("/card/"):-len(".png")])
            except Exception as error:  # noqa: BLE001 (an art file gone since the layout read it: one card fails)
                print(f"cardgen preview: a card could not be drawn: {error}", file=sys.stderr)
                return self._send(500, "text/plain; charset=utf-8", f"This card could not be drawn: {error}\n"
                                  .encode())
            if data is None:
                return self._send(404, "text/plain; charset=utf-8", b"This card is no longer in the game.\n")
            return self._send(200, "image/png", data, "max-age=31536000, immutable")  # its address is its content
        self._send(404, "text/plain; charset=utf-8", b"No such page.\n")

    def _send(self, status: int, kind: str, body: bytes, cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.end_headers()
        self.wfile.write(body)

    def _events(self) -> None:
        """Server-sent events: the current state at once, then each new one (comments in between)."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(f"retry: {RETRY_MS}\n\n".encode())
        seen = 0
        while True:
            news = self.server.channel.wait(seen, KEEP_ALIVE)
            if news is None:  # the preview is stopping
                return
            version, data = news
            if version == seen:
                self.wfile.write(b": nothing new\n\n")
            else:
                self.wfile.write(b"id: %d\nevent: game\ndata: %s\n\n" % (version, data))
                seen = version

    def log_message(self, format: str, *args) -> None:
        """Requests are not logged: the terminal says what changed, not every image fetched."""
