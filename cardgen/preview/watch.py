"""Watches the folders a game is made from (watchfiles: the system's own file events) and says which files changed."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import watchfiles

# Editors' temporary files and version control are ignored (watchfiles' own list, and the lock files LibreOffice
# keeps beside an open spreadsheet), and so is a folder named output: `cardgen build` writes there, and nothing a
# game is made of is read from it.
FILTER = watchfiles.DefaultFilter(ignore_dirs=(*watchfiles.DefaultFilter.ignore_dirs, "output"),
                                  ignore_entity_patterns=(*watchfiles.DefaultFilter.ignore_entity_patterns,
                                                          r"^\.~lock\..*#$"))
WAKE_MS = 500  # how often the watcher looks up from waiting: to stop, and to follow a game's new folders


class Watcher:
    """A thread calling `changed(paths)` after files under `folders()` are saved (changes a few milliseconds
    apart come together). `folders` is asked again after each change, so a game that takes its layouts or art
    from another folder is followed there."""

    def __init__(self, folders: Callable[[], Iterable[Path]], changed: Callable[[set[Path]], None]):
        self._folders, self._changed = folders, changed
        self._stop = threading.Event()
        self.ready = threading.Event()  # set once the folders are watched: a change saved after it is seen
        self._thread = threading.Thread(target=self._run, name="cardgen-preview-watcher", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        """Stops watching (within WAKE_MS) and waits for the thread to end."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            folders = watched(self._folders())
            if not folders:  # the game's folder is gone (renamed, or being replaced): look again soon
                self._stop.wait(WAKE_MS / 1000)
                continue
            try:
                for changes in watchfiles.watch(*folders, watch_filter=FILTER, stop_event=self._stop,
                                                rust_timeout=WAKE_MS, yield_on_timeout=True, raise_interrupt=False):
                    self.ready.set()
                    if changes:
                        self._call({Path(path) for _, path in changes})
                    if watched(self._folders()) != folders:
                        break
            except (OSError, RuntimeError):  # a watched folder removed while it was watched: watch what is left
                self._call(set(folders))
                self._stop.wait(WAKE_MS / 1000)

    def _call(self, paths: set[Path]) -> None:
        """Tells of the changed files; a failure there is one line on the terminal, and the watching goes on."""
        try:
            self._changed(paths)
        except Exception as error:  # noqa: BLE001 (the watcher must outlive any one reload)
            print(f"cardgen preview: could not take in the change ({type(error).__name__}: {error})", file=sys.stderr)


def watched(folders: Iterable[Path]) -> tuple[Path, ...]:
    """The folders that exist, without those inside another (each is watched with everything in it), sorted."""
    found = sorted({Path(folder).resolve() for folder in folders if Path(folder).is_dir()})
    return tuple(folder for folder in found if not any(other in folder.parents for other in found))
