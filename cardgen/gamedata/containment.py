"""Whether a file a game names stays inside the game folder (or a shared folder the designer passed
with --assets) once its symlinks are resolved, and where an art file of a given name is."""

from __future__ import annotations

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


def art_path(root: Path, name: str, assets: Iterable[Path] = ()) -> Path:
    """The file an art column or box names: `art/<name>` in the game folder `root` (resolved), else
    `<folder>/<name>` in the first --assets folder that has it, else `art/<name>` (missing: the caller says so).
    Whether the file found may be used is `contained`'s question."""
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
