"""Starts a game folder that checks and builds at once: blank (templates/new_game/) or a copy of a bundled game.

A copy carries everything the bundled game uses from elsewhere: its layouts (templates/cards/<slug>/ into
layouts/), its rulebook templates (templates/rulebooks/<slug>/ into the folder), and with its data folder its
flowcharts, art and lab records. Its game.toml gets the new slug and `rules = "<slug>"`, so the companion
plays it with the bundled game's rules (and checks its constants against their [schema]). The folder is made
beside its place under a temporary name and renamed into place when whole, so a failure leaves nothing behind.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import stat
import tomllib
from pathlib import Path

from cardgen.gamedata.bundle import bundled_slugs, game_folder, templates_dir

BLANK = "new_game"          # templates/new_game/: the blank game
BLANK_TITLE = "My Game"     # the title in its game.toml, replaced by the new game's
_HEADER = re.compile(r"^\s*\[\s*([^\[\]]+?)\s*\]\s*(#.*)?$")
_SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", ".DS_Store")


class NewGameError(ValueError):
    """A game folder that cannot be made; the message says why in a sentence."""


def new_game(target: Path, source: str | None = None, title: str | None = None) -> Path:
    """Makes `target` a game folder (blank, or a copy of the bundled game `source`) and returns it.

    `title` replaces the game's title (default: a blank game's is made from the folder's name; a copy keeps
    the bundled game's). Raises NewGameError, leaving no folder behind, when it cannot be made.
    """
    target = Path(os.path.abspath(Path(target).expanduser()))
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        what = "a folder that is not empty" if target.is_dir() else "a file"
        raise NewGameError(f"{target} is {what}: give `cardgen new` a new folder (or an empty one) to make the "
                           "game in")
    slug = slug_for(target.name)
    if source is not None and source not in bundled_slugs():
        raise NewGameError(f"--from {source}: no bundled game has that slug; bundled games: "
                           + ", ".join(bundled_slugs()))
    if slug in bundled_slugs():
        raise NewGameError(f"the folder's name {target.name!r} makes the slug {slug!r}, which a bundled or installed "
                           f"game has; name the folder otherwise (my_{slug}, for one)")
    if title is not None and not title.strip():
        raise NewGameError("--title must not be empty")
    target.parent.mkdir(parents=True, exist_ok=True)
    work = target.parent / f".{target.name}.partial-{secrets.token_hex(4)}"
    try:
        if source is None:
            shutil.copytree(templates_dir() / BLANK, work, ignore=_SKIP)
            _write_game_toml(work, slug, None, title or title_for(target.name))
        else:
            _copy_bundled(source, work)
            _write_game_toml(work, slug, source, title)
        _writable(work)
        if target.exists():
            _move_into(work, target)  # an empty folder (perhaps the shell's current one) stays the same folder
        else:
            os.rename(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target


def _move_into(work: Path, target: Path) -> None:
    """Moves the new game's files from `work` into the empty folder `target`; on failure, takes them back out."""
    moved = []
    try:
        for path in sorted(work.iterdir()):
            os.rename(path, target / path.name)
            moved.append(target / path.name)
        work.rmdir()
    except BaseException:
        for path in moved:
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        raise


def slug_for(name: str) -> str:
    """A folder's name made a slug: lower-case letters, digits and _, starting with a letter.

    "Dragon Dice" -> dragon_dice, "2024 deck" -> game_2024_deck, "!!!" -> my_game.
    """
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    if not slug:
        return "my_game"
    return slug if slug[0].isalpha() else f"game_{slug}"


def title_for(name: str) -> str:
    """A title made from a folder's name: "dragon_dice" -> "Dragon Dice"; a name with capitals is kept as it is."""
    words = re.sub(r"[_\-\s]+", " ", name).strip()
    if not words:
        return BLANK_TITLE
    return words.title() if words == words.lower() else words


def _writable(folder: Path) -> None:
    """Every file and folder of the new game writable by its owner (an installed pnpkit's files may not be)."""
    for path in (folder, *folder.rglob("*")):
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IWUSR | (stat.S_IXUSR if path.is_dir() else 0))


def _copy_bundled(source: str, work: Path) -> None:
    """The bundled game's data folder, with its layouts in layouts/ and its rulebook templates beside game.toml."""
    shutil.copytree(game_folder(source), work, ignore=_SKIP)
    layouts = templates_dir() / "cards" / source
    if layouts.is_dir():
        (work / "layouts").mkdir(exist_ok=True)
        for path in sorted(layouts.glob("*.toml")):
            if not (work / "layouts" / path.name).exists():  # the data folder's own layout wins, as it does in a build
                shutil.copy2(path, work / "layouts" / path.name)
    rulebooks = templates_dir() / "rulebooks" / source
    if rulebooks.is_dir():
        for path in sorted(rulebooks.iterdir()):
            if (work / path.name).exists():
                continue
            if path.is_dir():
                shutil.copytree(path, work / path.name, ignore=_SKIP)
            else:
                shutil.copy2(path, work / path.name)


def _write_game_toml(work: Path, slug: str, rules: str | None, title: str | None) -> None:
    path = work / "game.toml"
    text = path.read_text(encoding="utf-8-sig")
    original = tomllib.loads(text)
    if rules is not None:
        rules = original.get("game", {}).get("rules") or rules  # a copy of a copy keeps the rules it is played with
    changed = with_game_keys(text, slug, rules, title)
    if rules is not None:
        changed = without_schema(changed, rules)
    doc = tomllib.loads(changed)  # what was written must say what was meant, and nothing else changed
    expected = {**original, "game": {**original.get("game", {}), "slug": slug,
                                     **({"rules": rules} if rules is not None else {}),
                                     **({"title": title} if title is not None else {})}}
    if rules is not None:
        expected.pop("schema", None)
    if doc != expected:
        raise NewGameError(f"{path}: could not rewrite its [game] table; the bundled game.toml has a shape this "
                           "command does not edit")
    path.write_text(changed, encoding="utf-8")


def with_game_keys(text: str, slug: str, rules: str | None, title: str | None) -> str:
    """game.toml's text with [game]'s slug (and rules, and title when given) set, every other line as it was."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if _table(line) == "game"), None)
    if start is None:
        raise NewGameError("game.toml has no [game] table to write the new slug in")
    end = next((i for i in range(start + 1, len(lines)) if _table(lines[i]) is not None), len(lines))
    values = {"slug": slug, "rules": rules, "title": title}
    missing = []
    for key, value in values.items():
        if value is None:
            continue
        found = [i for i in range(start + 1, end) if re.match(rf"\s*{key}\s*=", lines[i])]
        if found:
            lines[found[0]] = f"{key} = {json.dumps(value, ensure_ascii=False)}"
        else:
            missing.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
    lines[start + 1:start + 1] = missing
    return "\n".join(lines)


def without_schema(text: str, rules: str) -> str:
    """game.toml's text without its [schema] table (a copy's constants are checked against its rules' schema),
    a comment in its place; the comments after its last entry (the next table's) stay."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if _table(line) == "schema"), None)
    if start is None:
        return text
    end = next((i for i in range(start + 1, len(lines)) if _table(lines[i]) is not None), len(lines))
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")):
        end -= 1
    note = [(f"# [constants] is checked against the [schema] of the rules this game is played with (rules = "
            f"{json.dumps(rules)}"), "# in [game]): `cardgen check` reports a missing or wrong constant at its line."]
    return "\n".join(lines[:start] + note + lines[end:])


def _table(line: str) -> str | None:
    """The name of the table a header line opens ("decks.cards"), or None for any other line."""
    match = _HEADER.match(line)
    return match.group(1).replace(" ", "") if match else None
