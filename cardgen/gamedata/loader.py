"""Loads a game folder (game.toml and its CSV or spreadsheet files) into a validated, immutable Game."""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from collections.abc import Callable, Iterable

from cardgen.gamedata.bundle import templates_dir
from cardgen.gamedata.cards import RowId, read_cards, required_header
from cardgen.gamedata.containment import art_path, contained
from cardgen.gamedata.sources.csvfile import read_table
from cardgen.gamedata.errors import Collector, GameDataError, Problem
from cardgen.gamedata.flows.charts import load_flows
from cardgen.gamedata.lab import load_lab
from cardgen.gamedata.sources.location import Location
from cardgen.gamedata.layouts import bundled_owner, find_layouts
from cardgen.gamedata.manifest.game_toml import OTHER_SPREADSHEETS, read_manifest
from cardgen.gamedata.manifest.variants import NO_SETTINGS, Settings
from cardgen.gamedata.records import Board, Deck, Game
from cardgen.gamedata.sources.spreadsheet import is_spreadsheet, read_sheet
from cardgen.gamedata.tomlplaces import TomlPlaces


def load_game(folder: Path | str, templates: Path | None = None, assets: Iterable[Path | str] = (),
              settings: Settings = NO_SETTINGS) -> Game:
    """The game in `folder`; raises GameDataError listing every problem found, all at once.

    `assets` are shared folders (the designer's --assets) whose files art may use besides the game
    folder's own: an art name not in art/ is looked up in them, and a path that leads into them is allowed.
    `settings` are the command line's --variant and --set (cardgen.gamedata.manifest.variants).
    """
    game, problems = read_game(folder, templates, assets, settings)
    if problems:
        raise GameDataError(problems)
    assert game is not None
    return game


def read_game(folder: Path | str, templates: Path | None = None, assets: Iterable[Path | str] = (),
              settings: Settings = NO_SETTINGS) -> tuple[Game | None, tuple[Problem, ...]]:
    """The game in `folder` as far as it could be read, and every problem found (none: it loads whole).

    With problems, the game's decks may hold cards with bad values left out (cardgen.gamedata.sound tells
    which decks no problem is about); the game is None when game.toml itself cannot be read.
    """
    folder = Path(folder)
    if not folder.is_dir():
        return None, (Problem(folder, "not a folder: a game is a folder with game.toml and CSV files"),)
    problems = Collector()
    shared = tuple(Path(path).resolve() for path in assets)
    for path in shared:
        if not path.is_dir():
            problems.add(path, "--assets must name a folder of shared files, and this is not one")
    manifest = read_manifest(folder / "game.toml", folder_slug(folder), problems, settings)
    if manifest is None:
        return None, tuple(problems.problems)
    slug = manifest.info["slug"]
    layouts = find_layouts(folder, slug, templates or templates_dir())
    for name, path in list(layouts.items()):
        if path.parent == folder / "layouts" and not contained(folder, path):
            problems.add(path, f"layout {name!r} is a link to {path.resolve()}, outside the game folder; copy the "
                         "file into layouts/")
            del layouts[name]
    decks: list[Deck] = []
    ids: list[RowId] = []
    for deck in manifest.decks:
        if deck.file.parent != folder or not contained(folder, deck.file) \
                or deck.file.suffix.lower() in OTHER_SPREADSHEETS:
            decks.append(deck)  # game.toml's problem says why; a file outside the folder is never read
            continue
        if is_spreadsheet(deck.file):  # the sheet it names, or finds, is the one its cards come from
            table, sheet = read_sheet(deck, problems, required_header(deck.columns), folder / "game.toml")
            deck = replace(deck, sheet=sheet)
        else:
            table = read_table(deck.file, problems, required_header(deck.columns))
        decks.append(replace(deck, cards=read_cards(deck, table, problems, ids) if table else ()))
    _check_ids(ids, problems)
    _check_layouts(folder / "game.toml", decks, set(layouts), problems,
                   functools.cache(lambda name: bundled_owner(name, slug, templates or templates_dir(), layouts,
                                                              manifest.info["title"])))
    _check_art(folder, shared, decks, problems, manifest.variant.art)
    _check_board_layouts(folder / "game.toml", manifest.boards, set(layouts), problems)
    _check_icons(decks, set(manifest.icons), problems)
    flows = load_flows(folder, problems)
    lab = load_lab(folder, problems)
    return Game(
        slug=slug, title=manifest.info["title"], root=folder, players=manifest.info["players"],
        minutes=manifest.info["minutes"], ages=manifest.info["ages"], designer=manifest.info["designer"],
        version=manifest.info["version"], bgg_id=manifest.info["bgg_id"], subtitle=manifest.info["subtitle"],
        description=manifest.info["description"], card_size=manifest.card_size, icons=manifest.icons,
        constants=manifest.constants, decks=tuple(decks), tokens=manifest.tokens, scoring=manifest.scoring,
        layouts=MappingProxyType(layouts), flows=flows, lab=lab, fonts=manifest.fonts,
        assets=shared, rules=manifest.info["rules"], variant=manifest.variant, boards=manifest.boards,
    ), tuple(problems.problems)


def folder_slug(folder: Path) -> str:
    """The slug a game folder gets when game.toml names none: its real name (`.` too), as a slug.

    "My Game-2" becomes "my_game_2"; a name with no letters or digits is left for game.toml's check to refuse.
    """
    name = folder.resolve().name
    slug = re.sub(r"[^a-z0-9_]+", "_", name.lower()).strip("_")
    return slug if slug[:1].isalpha() else name


def _check_ids(ids: list[RowId], problems: Collector) -> None:
    """Each id once in the game: rows with errors in other cells count too, so one run reports everything."""
    first: dict[str, RowId] = {}
    for row in ids:
        earlier = first.setdefault(row.id, row)
        if earlier is row:
            continue
        if (earlier.file, earlier.sheet, earlier.line) == (row.file, row.sheet, row.line):  # the same row, twice
            problems.add(row.file, f"decks {earlier.deck!r} and {row.deck!r} both take the row of card "
                         f"{row.id!r}; give them `where` conditions that no row meets both of, so ids "
                         "stay unique within the game", row.line, row.column, row.sheet)
            continue
        problems.add(row.file, f"column 'id': duplicate id {row.id!r}, already used at "
                     f"{Location(earlier.file, earlier.line, sheet=earlier.sheet).brief()}; ids must be unique "
                     "within the game", row.line, row.column, row.sheet)


def _check_layouts(manifest: Path, decks: list[Deck], known: set[str], problems: Collector,
                   owner: Callable[[str], str]) -> None:
    """Every layout and back the decks name is one the game finds; `owner` says whose layout a missing one is."""
    places = TomlPlaces(manifest.read_text(encoding="utf-8-sig"))
    choices = ", ".join(sorted(known)) or "none"
    for deck in decks:
        for key, name in (("layout", deck.layout), ("back", deck.back)):
            if (not deck.layout_by or key == "back") and name not in known:
                problems.add(manifest, f"deck {deck.id!r}: unknown {key} {name!r}; layouts found: {choices}"
                             f"{owner(name)}", places.line("decks", deck.id, key))
        if deck.layout_by:
            for card in deck.cards:
                if card.layout not in known:
                    problems.add(card.file, f"column {deck.layout_by!r}: unknown layout {card.layout!r}; "
                                 f"layouts found: {choices}{owner(card.layout)}", card.line, sheet=card.sheet)


def _check_board_layouts(manifest: Path, boards: Iterable[Board], known: set[str], problems: Collector) -> None:
    """Every layout a board names is one the game finds (layouts/<name>.toml)."""
    places = TomlPlaces(manifest.read_text(encoding="utf-8-sig"))
    for board in boards:
        for key, name in (("layout", board.layout), ("back", board.back)):
            if name is not None and name not in known:
                problems.add(manifest, f"board {board.id!r}: unknown {key} {name!r}; layouts found: "
                             f"{', '.join(sorted(known)) or 'none'} (a board's layout is layouts/{name}.toml)",
                             places.line("boards", board.id, key))


def _check_art(folder: Path, assets: tuple[Path, ...], decks: list[Deck], problems: Collector, first: str) -> None:
    places = ", ".join(str(place) for place in (folder / "art", *assets))
    verdicts: dict[str, tuple[bool, bool, bool]] = {}  # name -> (exists, a file, inside): many cards share art

    def verdict(name: str) -> tuple[bool, bool, bool]:
        if name not in verdicts:
            path = art_path(folder, name, assets, first)
            exists = path.exists()
            verdicts[name] = (exists, path.is_file(), exists and contained(folder, path, assets))
        return verdicts[name]

    for deck in decks:
        for column in (c for c in deck.columns if c.type == "art"):
            for card in deck.cards:
                name = card.get(column.name)
                if not name:
                    continue
                exists, is_file, inside = verdict(name)
                if exists and not inside:
                    problems.add(card.file, f"column {column.name!r}: art file {name!r} is a link to a file outside "
                                 f"the game folder {folder.resolve()}; copy the file into art/ (or pass the "
                                 "folder it is in with --assets)", card.line, sheet=card.sheet)
                elif not is_file:
                    problems.add(card.file, f"column {column.name!r}: art file {name!r} not found in {places}; "
                                 "add it or write 'placeholder'", card.line, sheet=card.sheet)


ICON = re.compile(r"(?<![\w:]):([a-z][a-z0-9_-]*):(?![\w:])")


def _check_icons(decks: list[Deck], icons: set[str], problems: Collector) -> None:
    declared = ", ".join(sorted(icons)) or "none"
    for deck in decks:
        for column in (c for c in deck.columns if c.type == "text"):
            for card in deck.cards:
                for name in ICON.findall(card.get(column.name) or ""):
                    if name not in icons:
                        problems.add(card.file, f"column {column.name!r}: unknown icon :{name}:; "
                                     f"game.toml's [icons] declares {declared}", card.line, sheet=card.sheet)
