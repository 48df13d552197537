"""Writes a build's files atomically: all into a staging folder, then each renamed into place.

A build that fails part-way leaves the previous files untouched; readers never see a half file.
The folder holds one build's output: `manifest.json` lists the files the build owns (name -> sha256),
and a commit removes the files the previous manifest listed that the new build did not write. A file
no manifest listed (a designer's notes) is never touched, nor one changed since the build that wrote
it. SIGTERM during a commit is held until the commit is done, so the folder is never half old, half new.
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
from typing import Any
from collections.abc import Iterable, Iterator

MANIFEST = "manifest.json"


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

    def commit(self, obsolete: Iterable[str] = ()) -> list[Path]:
        """Moves every staged file into the target folder (os.replace is atomic per file), then removes the
        `obsolete` files (names relative to the target: see `obsolete_files`).

        SIGTERM arriving meanwhile is held until all of it is done, then handled as it would have been
        (a `Terminated` raised by `terminated_as_exception` says the commit was finished).
        """
        with sigterm_held():
            self.target.mkdir(parents=True, exist_ok=True)
            written = []
            for name in dict.fromkeys(self.names):
                destination = self.target / name
                destination.parent.mkdir(parents=True, exist_ok=True)
                os.replace(self.folder / name, destination)
                written.append(destination)
            _remove(self.target, obsolete)
            self.discard()
        return written

    def discard(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        self.discard()


def owned_files(target: Path) -> dict[str, str]:
    """The files the previous build in `target` wrote, from its manifest.json (name -> sha256); {} without one."""
    try:
        files = json.loads((target / MANIFEST).read_text(encoding="utf-8")).get("files", {})
    except (OSError, ValueError, AttributeError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {name: sha for name, sha in files.items() if isinstance(name, str) and isinstance(sha, str)}


def with_files(target: Path, game: str, files: dict[str, str]) -> dict:
    """The manifest of `target` with `files` (name -> sha256) added to its list: for a command that adds
    files to the last build's output (the rulebook alone), so the next build owns them too."""
    try:
        manifest = json.loads((target / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = None
    if not isinstance(manifest, dict):
        manifest = {"game": game}
    still = {name: sha for name, sha in owned_files(target).items()
             if name not in files and _unchanged(target / name, sha)}  # a file changed since is no longer ours
    manifest["files"] = dict(sorted({**still, **files}.items()))
    return manifest


def obsolete_files(target: Path, previous: dict[str, str], now: Iterable[str]) -> list[str]:
    """The files of `previous` (an earlier manifest's list) that the new build does not write and that are
    still as that build wrote them: a plain file inside `target`, with the sha256 the manifest recorded."""
    keep = set(now) | {MANIFEST}
    root = target.resolve()
    gone = []
    for name, digest in sorted(previous.items()):
        path = target / name
        if name in keep or Path(name).is_absolute() or ".." in Path(name).parts or "\\" in name:
            continue
        try:
            inside = path.parent.resolve().is_relative_to(root)
        except (OSError, RuntimeError):
            continue
        if inside and _unchanged(path, digest):
            gone.append(name)
    return gone


def _unchanged(path: Path, digest: str) -> bool:
    try:
        return path.is_file() and not path.is_symlink() and sha256(path) == digest
    except OSError:
        return False


def _remove(target: Path, names: Iterable[str]) -> None:
    """Deletes the files, then the folders under `target` that this left empty."""
    folders: set[Path] = set()
    for name in names:
        try:
            os.remove(target / name)
        except OSError:
            continue
        folders.update(parent for parent in (target / name).parents if parent != target and target in parent.parents)
    for folder in sorted(folders, key=lambda path: len(path.parts), reverse=True):
        try:
            folder.rmdir()  # only when empty
        except OSError:
            pass


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

    def __init__(self, committed: bool = False):
        super().__init__()
        self.committed = committed  # True: it arrived during a commit, which was finished first


@contextlib.contextmanager
def _sigterm(handler: Any) -> Iterator[Any]:
    """Installs `handler` for SIGTERM for the duration and yields the handler it replaced; yields None and
    changes nothing outside the main thread, where signals cannot be set."""
    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:
        yield None
        return
    try:
        yield previous
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def sigterm_held() -> Iterator[None]:
    """Holds SIGTERM for the duration (in the main thread), then acts on it as the handler before would have."""
    received: list[int] = []
    previous = None
    try:
        with _sigterm(lambda signum, frame: received.append(signum)) as previous:
            yield
    finally:
        if received:
            if callable(previous):
                try:
                    previous(signal.SIGTERM, None)
                except Terminated as stop:
                    stop.committed = True
                    raise
            elif previous == signal.SIG_DFL:
                os.kill(os.getpid(), signal.SIGTERM)


@contextlib.contextmanager
def terminated_as_exception() -> Iterator[None]:
    """For its duration SIGTERM raises Terminated (in the main thread) instead of killing the process outright."""

    def stop(signum, frame):
        raise Terminated()

    with _sigterm(stop):
        yield
