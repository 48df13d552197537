"""Runs image jobs on every core: forked workers that lay out, draw, encode and write a file each.

Workers inherit the game and its Composer through fork (a Game holds read-only mappings that do not
pickle, and pickling it per job would cost more than drawing); each job is a small tuple and each
result a small tuple (file name, checksum, size...). Faces are never sent back to the parent:
pickling them was measured slower than laying them out. Where fork is not available or safe, or
the jobs are too few to pay for starting workers, they run in this process.

When several games are built at once (cardgen.build.games_at_once), each game's process holds one core and
its pools borrow only the cores no other game is using (`share_cores`), so the machine is never
asked for more processes than it has cores.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from typing import Any, TypeVar
from collections.abc import Callable, Iterator

J = TypeVar("J")
R = TypeVar("R")
_STATE: Any = None
_SPARE: Any = None  # with `share_cores`: a semaphore counting the cores no process of the build is using
MIN_JOBS_PER_WORKER = 2


def state() -> Any:
    """What `run` was given as `shared`, in the worker or in this process."""
    return _STATE


def share_cores(spare: Any) -> None:
    """From now on, this process's pools take extra workers only for the cores `spare` (a multiprocessing
    semaphore shared with the other processes of the build) has free, and give them back when done;
    this process itself counts as one core."""
    global _SPARE
    _SPARE = spare


def _borrow(wanted: int) -> int:
    """How many of `wanted` spare cores were free (now taken)."""
    taken = 0
    while taken < wanted and _SPARE.acquire(block=False):
        taken += 1
    return taken


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def can_fork() -> bool:
    """Whether forking workers is safe here. macOS offers fork but its system libraries may crash in forked
    children; Windows has none. And a process running other threads (a server, a test runner's helpers) may fork
    while one of them holds a lock, which the child then waits on forever: such a process runs its jobs itself."""
    return ("fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
            and threading.active_count() == 1)


def _plain_sigterm() -> None:
    """A worker ends quietly when the pool terminates it, even if the build turned SIGTERM into an exception
    (cardgen.build.staging.terminated_as_exception) before forking it."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run(work: Callable[[J], R], jobs: list[J], shared: Any, workers: int | None = None) -> Iterator[R]:
    """`work(job)` for every job, results in any order; `work` must be a module-level function."""
    global _STATE
    workers = max(1, min(workers or cores(), len(jobs) // MIN_JOBS_PER_WORKER))
    borrowed = 0
    if _SPARE is not None and workers > 1 and can_fork():
        borrowed = _borrow(workers - 1)
        workers = 1 + borrowed  # this process waits while its workers draw: its own core is theirs
    _STATE = shared
    try:
        if workers == 1 or not can_fork():
            for job in jobs:
                yield work(job)
            return
        chunk = max(1, min(16, len(jobs) // (workers * 4)))
        with multiprocessing.get_context("fork").Pool(workers, initializer=_plain_sigterm) as pool:
            yield from pool.imap_unordered(work, jobs, chunksize=chunk)
    finally:
        _STATE = None
        for _ in range(borrowed):
            _SPARE.release()
