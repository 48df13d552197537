"""Wakes a server process's live streams when a game changes, so that no open page polls the database.

One `Changes` per process. A write made in this process says so at once (`changed`); writes made by other
processes or servers arrive through one watcher per process: PostgreSQL's LISTEN/NOTIFY (every append
notifies in its own transaction, so a change is announced exactly when it is committed), or, on SQLite, one
query every `poll` seconds for the heads of the games someone is watching, however many pages are open.
Streams wait on a condition of their own game, so a change wakes only that game's pages. Under gunicorn's
gevent worker the threads and conditions here are greenlets: an open page costs a socket, not a thread.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from sqlalchemy import func, select

from companion.storage.schema import events
from companion.storage.store import CHANNEL

log = logging.getLogger(__name__)


class Changes:
    """The newest sequence number known per game, and the streams waiting for a game to pass one."""

    def __init__(self, engine, poll_seconds: float = 0.25):
        self.engine, self.poll_seconds = engine, poll_seconds
        self._lock = threading.Lock()
        self._heads: dict[str, int] = {}
        self._waiting: dict[str, tuple[threading.Condition, int]] = {}  # game -> (its condition, streams waiting)
        self._watcher: threading.Thread | None = None
        self._pid = 0
        self._closed = threading.Event()

    def changed(self, game_id: str, seq: int) -> None:
        """`game_id` has reached `seq`: wakes the streams waiting for it (a lower `seq` is old news)."""
        with self._lock:
            if seq <= self._heads.get(game_id, 0):
                return
            self._heads[game_id] = seq  # kept (a number per game) so a stream that starts waiting later knows it
            if game_id in self._waiting:
                self._waiting[game_id][0].notify_all()

    def wait(self, game_id: str, after: int, timeout: float) -> int:
        """The game's newest sequence number once it passes `after`, or `after` if `timeout` seconds pass first.
        The caller has read the game up to `after` from the database before waiting."""
        self._watch()
        deadline = time.monotonic() + timeout
        with self._lock:
            condition, count = self._waiting.get(game_id, (None, 0))
            if condition is None:
                condition = threading.Condition(self._lock)
            self._waiting[game_id] = (condition, count + 1)
            try:
                while self._heads.get(game_id, 0) <= after:
                    left = deadline - time.monotonic()
                    if left <= 0:
                        return after
                    condition.wait(left)
                return self._heads[game_id]
            finally:
                condition, count = self._waiting[game_id]
                if count == 1:
                    del self._waiting[game_id]
                else:
                    self._waiting[game_id] = (condition, count - 1)

    def watched(self) -> list[str]:
        with self._lock:
            return list(self._waiting)

    def _watch(self) -> None:
        """Starts this process's watcher on first use (after a server forks its workers, never before)."""
        if self._running() or self._closed.is_set():
            return
        with self._lock:
            if self._running() or self._closed.is_set():  # another stream started it meanwhile
                return
            target = self._listen if self.engine.dialect.name == "postgresql" else self._poll
            self._pid = os.getpid()
            self._watcher = threading.Thread(target=target, name="companion-changes", daemon=True)
            self._watcher.start()

    def close(self) -> None:
        """Stops this process's watcher: its database connection is closed and streams still waiting time out.
        The SQLite poll is awaited; PostgreSQL's listener leaves at its next wake-up, at most 5 s later."""
        self._closed.set()
        if self._watcher is not None and self._running() and self.engine.dialect.name != "postgresql":
            self._watcher.join()

    def _running(self) -> bool:
        return self._watcher is not None and self._pid == os.getpid() and self._watcher.is_alive()

    def catch_up(self) -> None:
        """Reads the heads of every watched game from the database (SQLite's poll; PostgreSQL after a reconnect,
        when notifications may have been missed)."""
        games = self.watched()
        if not games:
            return
        query = (select(events.c.game_id, func.max(events.c.seq)).where(events.c.game_id.in_(games))
                 .group_by(events.c.game_id))
        with self.engine.connect() as conn:
            heads = conn.execute(query).all()
        for game_id, head in heads:
            self.changed(game_id, int(head))

    def _poll(self) -> None:
        while not self._closed.is_set():
            try:
                self.catch_up()
            except Exception:  # a locked or restarting database: the next poll tries again
                log.warning("could not read the games' heads; trying again", exc_info=True)
            self._closed.wait(self.poll_seconds)

    def _listen(self) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not self._closed.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.catch_up()  # what changed before LISTEN took effect, or while disconnected
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=5.0):
                            game_id, _, seq = note.payload.rpartition(" ")
                            if seq.isdigit():
                                self.changed(game_id, int(seq))
            except Exception:  # the database restarted or the network dropped: listen again
                log.warning("lost the database's change notifications; listening again in 1 s", exc_info=True)
                self._closed.wait(1.0)
