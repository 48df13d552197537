"""Fingerprints of what each card prints: its faces' drawing operations, with the art and fonts they draw by content.

A build records them in manifest.json, per deck and card id (`cardgen build --changed-since` compares
them with an earlier build's). A fingerprint is made from the laid-out face, so it changes exactly
when what is drawn changes: a CSV column no layout prints, a file's date or the game folder's place
on disk leave it as it was; new text, a colour, a box moved, or an art or font file with other
content change it. Each file is read once per build (or not at all when the build's own record of
its inputs already knows its content).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from collections.abc import Mapping

from cardgen.gamedata import Card, Deck
from cardgen.layout import fonts
from cardgen.layout.ops import Face, Image, Text

LENGTH = 20  # hex digits: 80 bits, no two faces of a game alike by chance


class PrintedFaces:
    """The printed-face fingerprints of one build's cards: `decks[deck id][card id]` is
    {"name", "copies", "front", "back"}."""

    def __init__(self, known: Mapping[str, list] | None = None):
        # path -> [size, mtime_ns, sha256] of files this build has already read (cardgen.build.reuse.Inputs.files)
        self._known = known or {}
        self._files: dict[str, str] = {}
        self._fonts: dict[str, str] = {}
        self._last_back: tuple[Face, str] | None = None  # a deck's shared back is one Face: fingerprinted once
        self.decks: dict[str, dict[str, dict]] = {}
        self._parts: dict[object, str] = {}  # op -> its part of a fingerprint

    def add(self, deck: Deck, card: Card, front: Face, back: Face) -> dict:
        """Records the card's faces (as a build lays them out) and returns its entry."""
        if self._last_back is None or self._last_back[0] is not back:
            self._last_back = (back, self.face(back))
        entry = {"name": card.name, "copies": card.count, "front": self.face(front), "back": self._last_back[1]}
        self.decks.setdefault(deck.id, {})[card.id] = entry
        return entry

    def face(self, face: Face) -> str:
        """The fingerprint of one face: its size, bleed and every operation, art and fonts by content."""
        parts = [repr((face.width, face.height, face.bleed))]
        seen = self._parts
        for op in face.ops:  # each op's kind and field values (a dataclass's own repr is several times slower)
            values = vars(op)
            key = (op, tuple(map(type, values.values())))  # 1 and 1.0 are equal but print differently
            part = seen.get(key)  # a deck repeats most of its ops (frame, badge, art, common lines): each once
            if part is None:
                if isinstance(op, Image):
                    values = {**values, "path": self._file(op.path)}
                elif isinstance(op, Text):
                    values = {**values, "font": self._font(op.font)}
                part = type(op).__name__ + repr(tuple(values.items()))
                if len(seen) < 65536:
                    seen[key] = part
            parts.append(part)
        return hashlib.sha256("\n".join(parts).encode("utf-8")).hexdigest()[:LENGTH]

    def _font(self, key: str) -> str:
        if key not in self._fonts:
            self._fonts[key] = self._file(str(fonts.file_of(key)))
        return self._fonts[key]

    def _file(self, path: str) -> str:
        if path not in self._files:
            self._files[path] = self._known_digest(path) or _sha256(Path(path))
        return self._files[path]

    def _known_digest(self, path: str) -> str | None:
        known = self._known.get(path)
        if not known:
            return None
        try:
            stat = Path(path).stat()
        except OSError:
            return None
        return known[2] if known[:2] == [stat.st_size, stat.st_mtime_ns] else None


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    try:
        with path.open("rb") as stream:
            for block in iter(lambda: stream.read(1 << 20), b""):
                digest.update(block)
    except OSError as error:  # the layout read it a moment ago; gone since: what is printed is unknown
        return f"unreadable: {error.strerror}"
    return digest.hexdigest()
