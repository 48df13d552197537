"""The gunicorn worker of `companion serve`: gevent, with slow and idle connections dropped fast.

Gunicorn's gevent worker hands each accepted connection to a greenlet of a gevent Pool of `worker_connections`,
and reads every request head, the first one too, under the keep-alive timeout (30 s here). A connection that
never finishes its head holds a place in that pool all along; once the pool is full the accept loop stops, new
connections wait in the kernel's backlog, and a crowd of half-open connections keeps every new request waiting
(4,200 of them past a cap of 4,000 made requests wait ~10 s). This worker keeps two stages:

- waiting for a request head: a new connection gets `header_timeout` seconds to send a complete head; a
  keep-alive connection between taps waits up to the keep-alive timeout for its next one. At most `waiting` such
  connections are held (their own limit, cheap: a socket and a small greenlet); past it the one that has waited
  longest is dropped, so new connections are always accepted and answered.
- a request in progress (an open page's live stream is one, for as long as it stays open): at most
  `worker_connections` at once. A request arriving while all are taken waits for one to finish, up to
  `busy_wait` seconds, then gets a 503 with Retry-After.

No timeout applies once a head has arrived: a live stream is a finished request and lasts as long as the app says.
"""

from __future__ import annotations

import json
import socket
from collections import OrderedDict
from typing import Any

import gevent
from gevent.lock import Semaphore
from gunicorn import util
from gunicorn.workers.ggevent import GeventWorker

HEADER_TIMEOUT = 5.0  # seconds a new connection has to send its request head (any phone does it in one packet)
BUSY_WAIT = 10.0  # seconds a request waits for a place when every one is taken, before its 503


class _Head:
    """The wait for one request head on one connection: a timeout, and the way to drop the connection early."""

    def __init__(self, worker: SlowClientWorker, client: socket.socket, seconds: float):
        self.worker, self.client, self.seconds = worker, client, seconds
        self.timeout = gevent.Timeout(seconds, False)  # silent: the head read ends, gunicorn closes the connection

    def __enter__(self) -> _Head:
        self.worker._wait_for_head(self)
        self.timeout.start()
        return self

    def __exit__(self, *exc: object) -> bool | None:
        self.worker._waiting.pop(id(self), None)
        return self.timeout.__exit__(*exc)

    def drop(self) -> None:
        """Ends the wait at once: the connection reads end-of-file, and gunicorn closes it as a client gone."""
        try:
            self.client.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


class SlowClientWorker(GeventWorker):
    """Gunicorn's gevent worker with a header read timeout and half-open connections kept out of the cap."""

    header_timeout = HEADER_TIMEOUT
    busy_wait = BUSY_WAIT
    waiting: int | None = None  # connections held waiting for a head; None: as many as worker_connections

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        options = getattr(self.app, "slow_clients", {})  # set by `companion serve`
        self.header_timeout = float(options.get("header_timeout", self.header_timeout))
        self.busy_wait = float(options.get("busy_wait", self.busy_wait))
        self.requests_limit = self.cfg.worker_connections
        self.waiting_limit = int(options.get("waiting") or self.waiting or self.requests_limit)
        # gunicorn sizes the accept pool with worker_connections: room for both stages, and for the requests
        # that wait for a place (there can be as many of them as places)
        self.worker_connections = 2 * self.requests_limit + self.waiting_limit
        self._waiting: OrderedDict[int, _Head] = OrderedDict()
        self._served: dict[int, int] = {}  # id of a connection's greenlet -> requests it has made so far
        self._clients: dict[int, socket.socket] = {}  # id of a connection's greenlet -> its socket
        self._places: Semaphore | None = None

    def run(self) -> None:
        self._places = Semaphore(self.requests_limit)
        super().run()

    def handle(self, listener: Any, client: socket.socket, addr: Any) -> None:
        key = id(gevent.getcurrent())
        self._served[key] = 0
        self._clients[key] = client
        try:
            super().handle(listener, client, addr)
        finally:
            self._served.pop(key, None)
            self._clients.pop(key, None)

    def timeout_ctx(self) -> _Head:
        """The wait for the next request head of the current connection (gunicorn asks before each one)."""
        key = id(gevent.getcurrent())
        first = self._served.get(key, 0) == 0
        seconds = self.header_timeout if first else float(self.cfg.keepalive)
        return _Head(self, self._clients[key], seconds)

    def _wait_for_head(self, head: _Head) -> None:
        """Holds a connection among those waiting for a head, dropping the longest-waiting past the limit."""
        while len(self._waiting) >= self.waiting_limit:
            _, oldest = self._waiting.popitem(last=False)
            oldest.drop()
        self._waiting[id(head)] = head

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> bool:
        key = id(gevent.getcurrent())
        self._served[key] = self._served.get(key, 0) + 1
        assert self._places is not None
        if not self._places.acquire(timeout=self.busy_wait):
            self._busy(sock)
            raise StopIteration()  # gunicorn's way to close the connection after a request
        try:
            return super().handle_request(listener_name, req, sock, addr)
        finally:
            self._places.release()

    def _busy(self, sock: Any) -> None:
        """The 503 of a request that found every place taken for `busy_wait` seconds."""
        body = json.dumps({"error": f"the server is busy: {self.requests_limit} requests in progress in this "
                                    "process (open pages hold one each); try again in a few seconds"}).encode()
        head = (f"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 5\r\n"
                f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        try:
            util.write(sock, head + body)
        except OSError:
            pass
        self.log.warning("busy: %s requests in progress, a request waited %s s and got a 503",
                         self.requests_limit, self.busy_wait)

