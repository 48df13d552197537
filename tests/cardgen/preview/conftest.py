"""The preview app started in-process on a free port, and a client of its event stream."""

from __future__ import annotations

import http.client
import json
import queue
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cardgen.preview.app import Preview


class Running:
    """A Preview answering on 127.0.0.1 in a thread of the test: `url`, `get(path)`, `state()`."""

    def __init__(self, folder: Path):
        self.preview = Preview(folder)
        self.url = self.preview.bind("127.0.0.1", 0)
        self._thread = threading.Thread(target=self.preview.serve, name="preview-under-test")
        self._thread.start()
        assert self.preview.watching(), "the game's folders were not watched within 5 s"

    def get(self, path: str) -> tuple[int, str, bytes]:
        """(status, content type, body) of GET `path`."""
        try:
            with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=30) as response:
                return response.status, response.headers["Content-Type"], response.read()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, error.headers["Content-Type"], error.read()

    def state(self) -> dict:
        status, _, body = self.get("/state")
        assert status == 200
        return json.loads(body)

    def close(self) -> None:
        self.preview.close()
        self._thread.join()


@pytest.fixture
def run_preview() -> Iterator[Callable[[Path], Running]]:
    """`run_preview(folder)` starts the preview of that game folder; every one started is stopped after the test."""
    started: list[Running] = []

    def start(folder: Path) -> Running:
        started.append(Running(folder))
        return started[-1]

    yield start
    for running in started:
        running.close()


class EventStream:
    """The preview's event stream read in a thread, as a browser's EventSource reads it: each state in a queue."""

    def __init__(self, url: str):
        host_port = url.split("//", 1)[1].rstrip("/")
        host, port = host_port.rsplit(":", 1)
        self._connection = http.client.HTTPConnection(host, int(port), timeout=30)
        self._connection.request("GET", "/events")
        self._socket = self._connection.sock  # the connection lets go of it once the stream's response begins
        self._response = self._connection.getresponse()
        assert self._response.status == 200
        assert self._response.headers["Content-Type"].startswith("text/event-stream")
        self.states: queue.Queue[tuple[float, dict]] = queue.Queue()
        self._thread = threading.Thread(target=self._read, name="event-stream-reader", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        event, data = "", []
        try:
            for raw in self._response:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("event: "):
                    event = line[len("event: "):]
                elif line.startswith("data: "):
                    data.append(line[len("data: "):])
                elif not line:
                    if event == "game" and data:
                        self.states.put((time.perf_counter(), json.loads("\n".join(data))))
                    event, data = "", []
        except (OSError, ValueError):  # closed by the test or the server
            pass

    def next(self, wanted: Callable[[dict], bool] = lambda state: True, timeout: float = 10.0) -> tuple[float, dict]:
        """(when it arrived, the state) of the first state from now on that `wanted` accepts."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no such state arrived within {timeout} s")
            try:
                arrived, state = self.states.get(timeout=left)
            except queue.Empty:
                continue
            if wanted(state):
                return arrived, state

    def close(self) -> None:
        try:
            self._socket.shutdown(socket.SHUT_RDWR)  # wakes the reader from its wait
        except OSError:  # the server closed it first
            pass
        self._thread.join(timeout=5)
        self._response.close()
        self._connection.close()


@pytest.fixture
def event_stream() -> Iterator[Callable[[str], EventStream]]:
    """`event_stream(url)` opens the preview's event stream; closed after the test."""
    opened: list[EventStream] = []

    def open_stream(url: str) -> EventStream:
        opened.append(EventStream(url))
        return opened[-1]

    yield open_stream
    for stream in opened:
        stream.close()
