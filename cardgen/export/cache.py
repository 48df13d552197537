"""The record of images an export drew: which fingerprint made each file, so a rebuild can keep it.

The record is a JSON file in the export's folder, written through the build's Staging with the
images, so it always describes the files beside it. A file is reused when its fingerprint is the
same, it is still there with the size and time it was written with, and the art files it drew
are unchanged (their contents are hashed once per export).
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.output import Staging

VERSION = 1


@dataclass
class ImageRecord:
    """What was drawn for one file: name relative to the build's folder, fingerprint, checksum."""

    key: str
    sha256: str
    bytes: int
    mtime_ns: int
    art: dict[str, str] = field(default_factory=dict)  # art file -> its sha256 when drawn


class ImageCache:
    """The earlier export's record (read from `target / name`) and this export's (written on `save`)."""

    def __init__(self, target: Path, name: str):
        self.target, self.name = target, name
        self.old: dict[str, ImageRecord] = {}
        self.new: dict[str, ImageRecord] = {}
        self._art: dict[str, str] = {}
        try:
            data = json.loads((target / name).read_text(encoding="utf-8"))
            if data.get("version") == VERSION:
                self.old = {file: ImageRecord(**entry) for file, entry in data["files"].items()}
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            pass  # no record, or one this version cannot read: everything is drawn again

    def reuse(self, file: str, key: str) -> bool:
        """Keeps the earlier `file` when it was drawn from `key` and nothing it used has changed."""
        record = self.old.get(file)
        if record is None or record.key != key:
            return False
        try:
            stat = (self.target / file).stat()
        except OSError:
            return False
        if stat.st_size != record.bytes or stat.st_mtime_ns != record.mtime_ns:
            return False
        if any(self.art_digest(path) != sha for path, sha in record.art.items()):
            return False
        self.new[file] = record
        return True

    def record(self, file: str, key: str, sha256: str, size: int, mtime_ns: int, art: list[str]) -> None:
        self.new[file] = ImageRecord(key, sha256, size, mtime_ns, {path: self.art_digest(path) for path in art})

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
        staging.write_json(self.name, {"version": VERSION,
                                       "files": {file: vars(record) for file, record in sorted(self.new.items())}})


def remove_stale(target: Path, files: list[str]) -> None:
    """Deletes files an earlier export wrote and this one no longer has; call it after the commit."""
    for file in files:
        try:
            os.remove(target / file)
        except OSError:
            pass
