"""Which files of the last build in a folder can stay: each is kept when what it was made from is unchanged.

A build reads its game folder, the templates, the `--assets` folders, cardgen's own code and fonts, and
its options. `Inputs` fingerprints all of them by content (a file whose size and time are as recorded
is not read again), once as a whole and once per deck without the other decks' cards. The record,
kept in pnpkit's cache folder (`$PNPKIT_CACHE/builds/`, named after the output folder's path, so the
output folder holds only what was built), says which fingerprint made each file and what each file was
when written (size, time). A later build keeps a file whose fingerprint is the same and which is still
as written; everything else is made again. With nothing changed the build only checks. Without the
record (a moved folder, a cleared cache) everything is made again.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from collections.abc import Callable, Iterable

import cardgen
from cardgen import __version__
from cardgen.gamedata import Deck, Game
from cardgen.gamedata.bundle import templates_dir
from cardgen.build.staging import sha256
from cardgen.layout.cache_folders import cache_folder

VERSION = 1
_PACKAGE = Path(cardgen.__file__).resolve().parent


def _digest(*parts: Any) -> str:
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass
class Made:
    """How one group of files was made: its fingerprint, the files' (size, time) when written, its pages."""

    key: str
    files: dict[str, list[int]]
    pages: int = 0
    notes: list[str] = field(default_factory=list)


class Inputs:
    """The fingerprints of one build: of everything it reads (`whole`), and of each deck (`deck`)."""

    def __init__(self, game: Game, options: dict, out: Path, known: dict[str, list]):
        self.files: dict[str, list] = {}  # path -> [size, mtime_ns, sha256]: the stat cache for the next build
        skip = out.resolve()
        code = self._hash_all(sorted(p for p in _PACKAGE.rglob("*") if p.suffix in (".py", ".ttf")), known)
        data = self._hash_all(_files(game.root, skip), known, relative_to=game.root)
        rest = self._hash_all([*_files(templates_dir(), skip), *(f for folder in game.assets for f in _files(folder, skip)),
                               *(Path(p) for p in game.layouts.values())], known)
        rows = {_inside(deck.file, game.root) for deck in game.decks}  # the decks' CSV or spreadsheet files
        tables = {name: sha for name, sha in data.items() if name not in rows}
        loaded = (game.variant.name, game.variant.art, repr(game.constants), repr(game.icons))  # --variant, --set
        self.common = _digest(VERSION, __version__, options, code, rest, tables, loaded)  # all but the cards' rows
        self.whole = _digest(self.common, data)

    def deck(self, deck: Deck) -> str:
        """The fingerprint of a deck's own files (sheets, single cards): the common inputs and its cards."""
        return _digest(self.common, "deck", repr(deck))

    def _hash_all(self, paths: Iterable[Path], known: dict[str, list], relative_to: Path | None = None) -> dict[str, str]:
        found = {}
        for path in paths:
            try:
                stat = path.stat()
            except OSError:
                continue
            name = str(path)
            earlier = known.get(name)
            if earlier and earlier[:2] == [stat.st_size, stat.st_mtime_ns]:
                sha = earlier[2]
            else:
                sha = sha256(path)
            self.files[name] = [stat.st_size, stat.st_mtime_ns, sha]
            found[str(path.relative_to(relative_to)) if relative_to else name] = sha
        return found


def _inside(path: Path, root: Path) -> str:
    """`path` as the name `Inputs` gives it among the game folder's files (relative to `root`)."""
    try:
        return str(Path(path).relative_to(root))
    except ValueError:
        return str(path)


def _files(folder: Path, skip: Path) -> list[Path]:
    """The files under `folder`, sorted, leaving out hidden ones and the build's own output folder."""
    found = []
    for directory, folders, names in os.walk(folder, followlinks=True):
        here = Path(directory)
        folders[:] = sorted(f for f in folders if not f.startswith(".") and (here / f).resolve() != skip
                            and f != "__pycache__")
        found += [here / name for name in sorted(names) if not name.startswith(".")]
    return found


class Reuse:
    """The last build's record in `target`, and this build's, written with its files."""

    def __init__(self, target: Path):
        self.target = target
        self.old: dict[str, Made] = {}
        self.new: dict[str, Made] = {}
        self.whole = ""
        self.inputs: dict[str, list] = {}   # path -> [size, mtime_ns, sha256] of every input last time
        self.outputs: dict[str, list] = {}  # name -> [size, mtime_ns] of every file the last build left
        self.pages = 0
        self.path = record_path(target)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("version") == VERSION:
                self.old = {group: Made(**made) for group, made in data["made"].items()}
                self.whole, self.inputs, self.outputs = data["whole"], data["inputs"], data["outputs"]
                self.pages = int(data["pages"])
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            pass  # no record, or one of another version: everything is made again

    def keep(self, group: str, key: str) -> Made | None:
        """The earlier files of `group` when they were made from `key` and are still as written, else None."""
        made = self.old.get(group)
        if made is None or made.key != key or not self._intact(made):
            return None
        self.new[group] = made
        return made

    def unchanged(self, whole: str) -> bool:
        """Whether every file of the last build can stay: the same inputs, and every file still as written."""
        return bool(self.outputs) and self.whole == whole and self._intact(Made("", self.outputs))

    def made(self, group: str, key: str, names: Iterable[str], folder: Path, pages: int = 0,
             notes: Iterable[str] = ()) -> None:
        """Records that `names` (staged in `folder`, moved into the target on commit with their times) were made
        from `key`."""
        files = {}
        for name in names:
            stat = (folder / name).stat()
            files[name] = [stat.st_size, stat.st_mtime_ns]
        self.new[group] = Made(key, files, pages, list(notes))

    def _intact(self, made: Made) -> bool:
        for name, (size, mtime_ns) in made.files.items():
            try:
                stat = (self.target / name).stat()
            except OSError:
                return False
            if stat.st_size != size or stat.st_mtime_ns != mtime_ns:
                return False
        return True

    def save(self, whole: str, inputs: dict[str, list], outputs: Iterable[str], pages: int) -> None:
        """Writes this build's record once its files are in place: its fingerprint, its inputs' stat cache, how
        each group of files was made, and every file it left (`outputs`, names in the target) as it is now."""
        left = {}
        for name in sorted(outputs):
            stat = (self.target / name).stat()
            left[name] = [stat.st_size, stat.st_mtime_ns]
        data = {"version": VERSION, "target": str(self.target.resolve()), "whole": whole, "inputs": inputs,
                "outputs": left, "pages": pages, "made": {group: vars(made) for group, made in sorted(self.new.items())}}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".record-", dir=self.path.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream)
        os.replace(temporary, self.path)


def record_path(target: Path) -> Path:
    """Where the record of the builds into `target` is kept: the cache folder, named by the folder's real path."""
    name = hashlib.sha256(str(target.resolve()).encode("utf-8")).hexdigest()[:32]
    return cache_folder("builds") / f"{name}.json"


class Keeper:
    """Keeps a group of the last build's files when its fingerprint is unchanged, else has them made again."""

    def __init__(self, reuse: Reuse, staged: Path, previous: dict[str, str]):
        self.reuse, self.staged, self.previous = reuse, staged, previous  # previous: the last manifest's name -> sha256
        self.kept: dict[str, str] = {}  # name -> sha256 of the files kept, for the manifest

    def files(self, group: str, key: str, names: list[str],
              make: Callable[[], tuple[int, list[str]]]) -> tuple[int, list[str], bool]:
        """(pages, notes, kept): the earlier `names` kept when made from `key`, else `make()` writes them
        into staging and returns its pages and notes."""
        made = self.reuse.keep(group, key)
        if made is not None and sorted(made.files) == sorted(names) and all(n in self.previous for n in names):
            self.kept.update({name: self.previous[name] for name in names})
            return made.pages, list(made.notes), True
        self.reuse.new.pop(group, None)
        pages, notes = make()
        self.reuse.made(group, key, [n for n in names if (self.staged / n).exists()], self.staged, pages, notes)
        return pages, notes, False
