"""Long work inside a request that lets the worker's other requests run: a pause every few milliseconds."""

from __future__ import annotations

import sys
import time

PAUSE_EVERY = 0.01  # seconds of work between two pauses


def pause() -> None:
    """Lets the worker's other requests run: in a gevent worker (gunicorn's) the event loop turns once, accepting
    and reading what arrived meanwhile; with threads, nothing waits."""
    if "gevent.monkey" in sys.modules and sys.modules["gevent.monkey"].is_module_patched("time"):
        time.sleep(0.0001)  # not sleep(0): that yields to greenlets already running, without polling for input


class Pacer:
    """Call `tick()` often during long work: it pauses once PAUSE_EVERY seconds went by since the last pause.
    Never tick inside a SQLite transaction: a writer waiting for its lock would stall the whole worker."""

    def __init__(self, every: float = PAUSE_EVERY):
        self.every = every
        self._since = time.monotonic()

    def tick(self) -> None:
        if time.monotonic() - self._since > self.every:
            pause()
            self._since = time.monotonic()
