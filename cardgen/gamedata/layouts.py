"""Finds the card layouts a game may name: shared ones, the game's own, and its folder's."""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Iterable
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


def bundled_owner(name: str, slug: str, templates: Path, known: Iterable[str] = (), title: str | None = None) -> str:
    """What to say after "unknown layout `name`": the closest of the game's own layouts (`known`), and the bundled
    game whose layout it is (its layouts in templates/cards/<slug>/ are found for that game alone) with how to copy
    just that layout's files; `cardgen new --from` is suggested only to a game that may be a copy of that game (its
    `title` is the bundled game's, or not given). "" when there is nothing to say."""
    close = difflib.get_close_matches(name or "", [k for k in known if not k.startswith("common/")], n=1, cutoff=0.75)
    said = f"; did you mean {close[0]!r}?" if close else ""
    cards = templates / "cards"
    if not re.fullmatch(r"[\w-]+", name or "") or not cards.is_dir():
        return said
    owners = sorted(folder.name for folder in cards.iterdir()
                    if folder.name not in ("common", slug) and (folder / f"{name}.toml").is_file())
    if not owners:
        return said
    owner = owners[0]
    owner_title = _title(templates, owner)
    files = _chain(cards / owner, name)
    names = [path.name for path in files]
    copy = (f"copy {', '.join(names[:-1]) + ' and ' if names[1:] else ''}{names[-1]} from {files[0].parent} into "
            "the game's layouts/ folder" + (f" ({' extends '.join(repr(path.stem) for path in files)})"
                                            if files[1:] else "")
            + " and declare the columns, icons and fonts it uses")
    if title is None or title == owner_title:
        return (f"{said}; {name!r} is one of the layouts of the bundled game {owner_title}, in templates/cards/{owner}/, "
                f"which only that game finds: `cardgen new DIR --from {owner}` copies a game with its layouts; to "
                f"use only this layout, {copy}")
    return (f"{said}; the bundled game {owner_title} has a layout named {name!r}, which only that game finds: to use "
            f"it here, {copy}")


def _chain(folder: Path, name: str) -> list[Path]:
    """The layout file `name` of a bundled game's folder and those of the same folder it extends, in that order."""
    files: list[Path] = []
    current: object = name
    while isinstance(current, str) and (folder / f"{current}.toml").is_file() \
            and folder / f"{current}.toml" not in files:
        files.append(folder / f"{current}.toml")
        try:
            current = tomllib.loads(files[-1].read_text("utf-8")).get("extends")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            break
    return files


def _title(templates: Path, slug: str) -> str:
    """The title in card_data/<slug>/game.toml beside the templates, else the slug."""
    try:
        manifest = templates.parent / "card_data" / slug / "game.toml"
        title = tomllib.loads(manifest.read_text("utf-8-sig"))["game"]["title"]
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError):
        return slug
    return title if isinstance(title, str) else slug
