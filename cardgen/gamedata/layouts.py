"""Finds the card layouts a game may name: shared ones, the game's own, and its folder's."""

from __future__ import annotations

from pathlib import Path


def find_layouts(folder: Path, slug: str, templates: Path) -> dict[str, Path]:
    """Layout name -> file; a game's own layout of the same name hides a shared one.

    The shared layouts are also known as `common/<name>`, so a game's own `standard` can extend
    `common/standard`.
    """
    found: dict[str, Path] = {}
    common = templates / "cards" / "common"
    for directory in (common, templates / "cards" / slug, folder / "layouts"):
        if directory.is_dir():
            for path in sorted(directory.glob("*.toml")):
                found[path.stem] = path
                if directory == common:
                    found[f"common/{path.stem}"] = path
    return found
