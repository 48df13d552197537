"""Whether a file a game names stays inside the game folder (or a shared folder the designer passed
with --assets) once its symlinks are resolved, where an art file of a given name is, and which
references inside a file (an SVG's <image href>) may be followed."""

from __future__ import annotations

import re
import urllib.parse
from pathlib import Path
from collections.abc import Iterable


def contained(folder: Path | str, path: Path | str, also: Iterable[Path | str] = ()) -> bool:
    """True when `path` (relative to `folder`, or absolute) resolves to a place inside `folder`, or inside
    one of the folders `also` (the designer's --assets folders)."""
    try:
        place = (Path(folder) / path).resolve()
        return any(place.is_relative_to(Path(root).resolve()) for root in (folder, *also))
    except (OSError, RuntimeError):  # a symlink loop
        return False


def art_path(root: Path, name: str, assets: Iterable[Path] = (), first: str = "") -> Path:
    """The file an art column or box names: `<first>/<name>` when the variant's art folder `first` has it, else
    `art/<name>` in the game folder `root` (resolved), else `<folder>/<name>` in the first --assets folder that
    has it, else `art/<name>` (missing: the caller says so). Whether the file found may be used is `contained`'s
    question."""
    if first:
        variant = (root / first / name).resolve()
        if variant.exists():
            return variant
    own = root / "art" / name
    try:
        found = own.resolve()  # `..` taken lexically where art/ itself is missing
    except (OSError, RuntimeError):  # a symlink loop
        return own
    if found.exists():
        return found
    for folder in assets:
        shared = Path(folder) / name
        if shared.exists():
            return shared
    return own


_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DRIVE = re.compile(r"^[a-zA-Z]:")


def referenced(source: Path | str, written: str) -> tuple[Path | None, str]:
    """The file a reference written in the file `source` names (as an SVG's <image href> is read), or None and
    why it may not be followed: a URL (http:, file:...), an absolute path, or a path that leaves the folders
    `source` may draw from (`reach`)."""
    if _SCHEME.match(written) and not _DRIVE.match(written):
        return None, "a URL: the build fetches nothing and reads no file outside the game folder"
    relative = urllib.parse.unquote(written.split("#", 1)[0].split("?", 1)[0])
    if relative.startswith(("/", "\\")) or _DRIVE.match(relative) or Path(relative).is_absolute():
        return None, "an absolute path, outside the game folder (and on no other machine)"
    folder = Path(source).resolve().parent
    roots = reach(source)
    if not contained(folder, relative, roots):
        return None, f"a path that leads outside the game folder {roots[0]}"
    return (folder / relative).resolve(), ""


def reach(source: Path | str) -> tuple[Path, ...]:
    """The folders a file in a game may name files in: the game folder holding it (the nearest folder up with a
    game.toml), and its own folder (an --assets folder has no game.toml)."""
    own = Path(source).resolve().parent
    game = next((folder for folder in (own, *own.parents) if (folder / "game.toml").is_file()), own)
    return (game, own)
