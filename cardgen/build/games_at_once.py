"""Builds several games at once: one forked process per game, the machine's cores shared with their image workers.

Each game's build is independent (its own output folder, its own staging folder), so `cardgen build --all`
runs them side by side, at most one game process per core, the largest game first. A game process holds
one core; its PNG and Tabletop Simulator pools borrow the cores no game is using (cardgen.export.pool),
so the machine is never asked for more processes than it has cores. Results come back over a pipe as
small objects; the caller reports them in its own order.

SIGTERM in a game process unwinds its build like a single build's (the staging folder is removed, a
commit under way is finished first); leaving `GamesAtOnce` early (SIGTERM in the parent, an error)
sends SIGTERM to every game still running and waits for each.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import traceback
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import Any
from collections.abc import Callable

from cardgen.export import pool
from cardgen.build.staging import Terminated, sigterm_held

Progress = Callable[[int], None]
Work = Callable[[int, Progress], Any]  # work(index, progress) -> the game's result (it must pickle)
POLL = 0.1  # seconds between looks at the progress counters


@dataclass
class Outcome:
    """How one game's build ended. kind "done": value is what `work` returned; "error": the message of one
    of the expected errors; "stopped": SIGTERM ended it (value True when its files had been committed);
    "crashed": anything else (value: the traceback as text)."""

    kind: str
    value: Any


def can_run_at_once(games: int) -> bool:
    """Whether building `games` games side by side can help here: more than one of each, and fork."""
    return games > 1 and pool.cores() > 1 and pool.can_fork()


class GamesAtOnce:
    """Runs `work(index, progress)` for every index of `sizes` in its own forked process, at most one per core,
    largest size first; `errors` are the exceptions reported as a game's error (by their message)."""

    def __init__(self, work: Work, sizes: list[int], errors: tuple[type[BaseException], ...]):
        self._work = work
        self._errors = errors
        self._context = multiprocessing.get_context("fork")
        self._waiting = sorted(range(len(sizes)), key=lambda index: (-sizes[index], index))
        self._slots = max(1, min(pool.cores(), len(sizes)))
        self._spare = self._context.Semaphore(pool.cores())  # a game process takes one; pools borrow the rest
        self._counters = [self._context.RawValue("q", 0) for _ in sizes]  # cards laid out, per game
        self._shown = [0] * len(sizes)
        self._running: dict[int, tuple[Any, Any, bool]] = {}  # index -> (process, pipe end, holds a core)
        self.outcomes: dict[int, Outcome] = {}

    def __enter__(self) -> GamesAtOnce:
        return self

    def __exit__(self, kind, value, trace) -> None:
        if self._running:
            self.stop()

    def wait(self, index: int, progress: Progress | None = None) -> Outcome:
        """Waits until game `index` has finished (starting others as cores come free), telling `progress`
        how many more of its cards were laid out meanwhile."""
        while index not in self.outcomes:
            self._start_more()
            self._collect(POLL)
            self._tell(index, progress)
        self._tell(index, progress)
        return self.outcomes[index]

    def stop(self) -> None:
        """Sends SIGTERM to every game still running and waits for each; games not started never start.
        A second SIGTERM meanwhile is held until they have all ended."""
        self._waiting.clear()
        with sigterm_held():
            for process, _, _ in self._running.values():
                try:
                    os.kill(process.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
            while self._running:
                self._collect(None)

    def _tell(self, index: int, progress: Progress | None) -> None:
        done = self._counters[index].value
        if progress and done > self._shown[index]:
            progress(done - self._shown[index])
        self._shown[index] = max(done, self._shown[index])

    def _start_more(self) -> None:
        while self._waiting and len(self._running) < self._slots:
            holds = self._spare.acquire(block=False)
            if not holds and self._running:
                return  # every core is busy (image workers borrowed the free ones): start it when one frees
            index = self._waiting.pop(0)
            receiver, sender = self._context.Pipe(duplex=False)
            process = self._context.Process(target=self._run, args=(index, sender), name=f"cardgen game {index}")
            blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})  # until the game has its own handler
            try:
                process.start()
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            sender.close()
            self._running[index] = (process, receiver, holds)

    def _collect(self, timeout: float | None) -> None:
        """Takes the outcomes of the games that finished within `timeout` seconds (None: the first to finish)."""
        ends = {receiver: index for index, (_, receiver, _) in self._running.items()}
        for ready in wait(list(ends), timeout):
            index = ends[ready]
            process, receiver, holds = self._running.pop(index)
            try:
                outcome = receiver.recv()
            except (EOFError, OSError):
                outcome = None
            receiver.close()
            process.join()
            if outcome is None:
                outcome = Outcome("crashed", f"its build process ended without a result (exit status {process.exitcode})")
            if holds:
                self._spare.release()
            self.outcomes[index] = outcome

    def _run(self, index: int, sender) -> None:
        """In the game's process: the build, its outcome sent back to the parent."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which stops the games with SIGTERM
        signal.signal(signal.SIGTERM, _terminated_once)
        pool.share_cores(self._spare)
        counter = self._counters[index]

        def progress(cards: int) -> None:
            counter.value += cards

        try:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # one sent since the fork arrives now
            outcome = Outcome("done", self._work(index, progress))
        except Terminated as stop:
            outcome = Outcome("stopped", stop.committed)
        except self._errors as error:
            outcome = Outcome("error", str(error))
        except BaseException:  # noqa: BLE001 - whatever ends a game's build is sent back as its outcome
            outcome = Outcome("crashed", traceback.format_exc())
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # the build is over: only the answer is left to send
        try:
            sender.send(outcome)
        except Exception:  # noqa: BLE001 - a result that does not pickle is a bug to report, not to hang on
            sender.send(Outcome("crashed", traceback.format_exc()))
        sender.close()


def _terminated_once(signum, frame) -> None:
    """SIGTERM in a game process: unwinds its build once; a second SIGTERM (the parent passing one on
    that the process group already delivered) must not interrupt the clean-up."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise Terminated()
