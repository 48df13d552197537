"""Finds the card layouts a game may name: shared ones, the game's own, and its folder's."""

from __future__ import annotations

import re
import tomllib
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


def bundled_owner(name: str, slug: str, templates: Path) -> str:
    """For a layout `name` this game cannot find: a sentence naming the bundled game whose layout it is (its
    layouts in templates/cards/<slug>/ are found for that game alone) and how to copy that game with them; ""
    when no bundled game has it."""
    cards = templates / "cards"
    if not re.fullmatch(r"[\w-]+", name or "") or not cards.is_dir():
        return ""
    owners = sorted(folder.name for folder in cards.iterdir()
                    if folder.name not in ("common", slug) and (folder / f"{name}.toml").is_file())
    if not owners:
        return ""
    owner = owners[0]
    return (f"; {name!r} is one of the layouts of the bundled game {_title(templates, owner)}, in "
            f"templates/cards/{owner}/, which only that game finds: `cardgen new DIR --from {owner}` copies a game "
            "with its layouts")


def _title(templates: Path, slug: str) -> str:
    """The title in card_data/<slug>/game.toml beside the templates, else the slug."""
    try:
        manifest = templates.parent / "card_data" / slug / "game.toml"
        title = tomllib.loads(manifest.read_text("utf-8-sig"))["game"]["title"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return slug
    return title if isinstance(title, str) else slug
