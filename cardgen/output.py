"""Writes a build's files atomically: all into a staging folder, then each renamed into place.

A build that fails part-way leaves the previous files untouched; readers never see a half file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any, Iterator


class Staging:
    """A folder of new files that replaces its counterparts in `target` only on `commit()`."""

    def __init__(self, target: Path):
        self.target = target
        target.parent.mkdir(parents=True, exist_ok=True)
        self.folder = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
        self.names: list[str] = []

    def path(self, name: str) -> Path:
        """Where to write the file `name` (relative to the target folder) while staging."""
        self.names.append(name)
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    def write_json(self, name: str, data: Any) -> Path:
        path = self.path(name)
        path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        return path

    def commit(self) -> list[Path]:
        """Moves every staged file into the target folder (os.replace is atomic per file)."""
        self.target.mkdir(parents=True, exist_ok=True)
        written = []
        for name in self.names:
            destination = self.target / name
            destination.parent.mkdir(parents=True, exist_ok=True)
            os.replace(self.folder / name, destination)
            written.append(destination)
        self.discard()
        return written

    def discard(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> "Staging":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        self.discard()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


class Terminated(BaseException):
    """SIGTERM arrived while files were being written: unwinds like an error, so staging folders are removed.

    A BaseException, so no `except Exception` on the way swallows it.
    """

    status = 128 + signal.SIGTERM


@contextlib.contextmanager
def terminated_as_exception() -> Iterator[None]:
    """For its duration SIGTERM raises Terminated (in the main thread) instead of killing the process outright."""

    def stop(signum, frame):
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: leave the signal alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
