"""The record of images an export drew: which fingerprint made each file, so a rebuild can keep it.

The record is a JSON file in the export's folder, written through the build's Staging with the
images, so it always describes the files beside it. It holds only what the files are made from and
their contents (fingerprint, sha256, size, the art files' sha256), no times, so two clean builds
write the same record. A file is reused when its fingerprint is the same, it is still there with the
size and sha256 it was written with, and the art files it drew are unchanged (their contents are
hashed once per export). So that a rebuild need not read every image again, the size, time and
sha256 of each file when written are kept in pnpkit's cache folder (`$PNPKIT_CACHE/images/`, named
after the record's real path): a file whose size and time are as noted there is taken as unchanged,
any other is hashed. Without that note (a cleared cache) the files are hashed, never redrawn for it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.build.staging import Staging, sha256
from cardgen.layout.cache_folders import cache_folder

VERSION = 2  # 1 stored each file's time in the output folder


@dataclass
class ImageRecord:
    """What was drawn for one file: name relative to the build's folder, fingerprint, checksum."""

    key: str
    sha256: str
    bytes: int
    art: dict[str, str] = field(default_factory=dict)  # art file -> its sha256 when drawn


class ImageCache:
    """The earlier export's record (read from `target / name`) and this export's (written on `save`)."""

    def __init__(self, target: Path, name: str):
        self.target, self.name = target, name
        self.old: dict[str, ImageRecord] = {}
        self.new: dict[str, ImageRecord] = {}
        self._art: dict[str, str] = {}
        self.stats_path = stats_path(target, name)
        self.stats: dict[str, list] = {}      # file -> [size, mtime_ns, sha256] as the last export left it
        self.new_stats: dict[str, list] = {}  # the same for this export's files
        try:
            data = json.loads((target / name).read_text(encoding="utf-8"))
            if data.get("version") == VERSION:
                self.old = {file: ImageRecord(**entry) for file, entry in data["files"].items()}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            pass  # no record, or one this version cannot read: everything is drawn again
        try:
            stats = json.loads(self.stats_path.read_text(encoding="utf-8"))
            if isinstance(stats, dict):
                self.stats = {file: note for file, note in stats.items() if isinstance(note, list) and len(note) == 3}
        except (OSError, ValueError):
            pass  # no note: the files are hashed to be checked

    def reuse(self, file: str, key: str) -> bool:
        """Keeps the earlier `file` when it was drawn from `key` and nothing it used has changed."""
        record = self.old.get(file)
        if record is None or record.key != key or not self._intact(file, record):
            return False
        if any(self.art_digest(path) != sha for path, sha in record.art.items()):
            return False
        self.new[file] = record
        return True

    def _intact(self, file: str, record: ImageRecord) -> bool:
        """Whether `file` is still as it was written: its size and time as noted, else its sha256 read again."""
        path = self.target / file
        try:
            stat = path.stat()
            if stat.st_size != record.bytes:
                return False
            if self.stats.get(file) != [stat.st_size, stat.st_mtime_ns, record.sha256] and sha256(path) != record.sha256:
                return False
        except OSError:
            return False
        self.new_stats[file] = [stat.st_size, stat.st_mtime_ns, record.sha256]
        return True

    def record(self, file: str, key: str, sha256: str, size: int, mtime_ns: int, art: list[str]) -> None:
        self.new[file] = ImageRecord(key, sha256, size, {path: self.art_digest(path) for path in art})
        self.new_stats[file] = [size, mtime_ns, sha256]

    def art_digest(self, path: str) -> str:
        if path not in self._art:
            try:
                self._art[path] = hashlib.sha256(Path(path).read_bytes()).hexdigest()
            except OSError:
                self._art[path] = "missing"
        return self._art[path]

    def stale(self) -> list[str]:
        """Files the earlier export drew that this one no longer has (a removed card, say)."""
        return sorted(set(self.old) - set(self.new))

    def save(self, staging: Staging) -> None:
        """Writes the record through `staging`, and the files' sizes and times into the cache folder.

        The note may be written before the commit: a file it describes that was never committed has
        another time, so it is hashed, not trusted.
        """
        staging.write_json(self.name, {"version": VERSION,
                                       "files": {file: vars(record) for file, record in sorted(self.new.items())}})
        try:
            self.stats_path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=".stats-", dir=self.stats_path.parent)
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                json.dump(dict(sorted(self.new_stats.items())), stream)
            os.replace(temporary, self.stats_path)
        except OSError:
            pass  # a read-only cache: the next export hashes the files instead


def stats_path(target: Path, name: str) -> Path:
    """Where the sizes and times of the files recorded in `target / name` are kept: the cache folder."""
    digest = hashlib.sha256(str((target / name).resolve()).encode("utf-8")).hexdigest()[:32]
    return cache_folder("images") / f"{digest}.json"


def remove_stale(target: Path, files: list[str]) -> None:
    """Deletes files an earlier export wrote and this one no longer has; call it after the commit."""
    for file in files:
        try:
            os.remove(target / file)
        except OSError:
            pass
