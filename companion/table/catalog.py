"""The games the companion can play: the registered ones (bundled or installed) and the designers' folders given."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.gamedata import Game, GameDataError, load_game
from cardgen.gamedata.registry import RegistryError, registered
from cardgen.gamedata.registry import problems as registry_problems
from companion.bots.kinds import bot_kind
from companion.bots.seats import with_bots
from companion.rules import Rules, rules_for
from companion.table.errors import NotFound


class CatalogError(Exception):
    """Games the companion cannot offer side by side: a designer's folder taking the slug of another game. Said at
    start, and the server does not start."""


log = logging.getLogger(__name__)
_said: set[str] = set()  # the problems logged by this process (and by the server's workers, forked after it)


@dataclass(frozen=True)
class Entry:
    game: Game
    rules: Rules


class Catalog:
    """Game data and rules by slug, loaded once when the app starts.

    A game that cannot be played (its package is broken or its rules or bots cannot be imported, its data folder
    is missing or has a problem) is left out, and said in the log and in `problems`: the other games are offered
    all the same. A slug two packages register is offered by neither (cardgen.gamedata.registry). A designer's
    folder (COMPANION_GAMES) whose slug another game has is refused (CatalogError naming both places), since
    either would be the wrong game to offer under that name.
    """

    def __init__(self, extra_folders: tuple[Path, ...] = ()):
        self.entries: dict[str, Entry] = {}
        self.problems: list[str] = [f"{slug} is left out: {sentence}" for slug, sentence in registry_problems().items()]
        places: dict[str, tuple[Path, str]] = {}  # slug -> (its folder, that folder in words)
        for slug, entry in registered().items():
            folder = entry.registration.data
            where = f"the folder {folder} of the registered game {slug!r} ({entry.source})"
            try:
                game = load_game(folder)
            except GameDataError as error:
                self._left_out(slug, f"{where} cannot be loaded: {error}")
                continue
            if game.slug != slug:
                self._left_out(slug, f"{entry.source} registers the game {slug!r}, but its data folder {folder} says "
                                     f"slug = {game.slug!r} in game.toml; the two must agree")
                continue
            self._add(game, folder, where, places)
        for folder in extra_folders:
            try:
                game = load_game(folder)
            except GameDataError as error:
                self._left_out(Path(folder).name, f"the game folder {folder} cannot be loaded: {error}")
                continue
            taken = places.get(game.slug)
            if taken and taken[0].resolve() == Path(folder).resolve():
                continue  # the same folder given again: the same game, nothing replaced
            self._add(game, Path(folder), f"the game folder {folder}", places)
        for sentence in self.problems:
            if sentence not in _said:
                _said.add(sentence)
                log.warning("%s", sentence)

    def _left_out(self, name: str, sentence: str) -> None:
        self.problems.append(f"{name} is left out: {sentence}")

    def _add(self, game: Game, folder: Path, where: str, places: dict[str, tuple[Path, str]]) -> None:
        if game.slug in places:
            raise CatalogError(f"the game slug {game.slug!r} is taken twice: by {places[game.slug][1]} and by {where}; "
                               "give the designer's game another slug in its game.toml ([game] slug = \"...\")")
        places[game.slug] = (folder, where)
        try:
            self.entries[game.slug] = Entry(game, with_bots(game, rules_for(game)))
        except RegistryError as error:
            self._left_out(game.slug, f"{where}: {error}")
        except Exception as error:  # noqa: BLE001 (a package's own rules or bots failing as they load: named)
            self._left_out(game.slug, f"{where}: its rules or bots cannot be loaded: {type(error).__name__}: {error}")

    def get(self, slug: str) -> Entry:
        try:
            return self.entries[slug]
        except KeyError:
            raise NotFound(f"no game called {slug!r}; games: {', '.join(sorted(self.entries))}", field="slug") from None

    def title(self, slug: str) -> str:
        """The game's name at the table: its printed title, told apart from another game's with the same title
        by the last word of its folder name ("Unsettled: immigration", "Unsettled: survival")."""
        game = self.get(slug).game
        shared = [s for s, e in self.entries.items() if e.game.title.casefold() == game.title.casefold()]
        return game.title if len(shared) == 1 else f"{game.title}: {slug.rsplit('_', 1)[-1].replace('-', ' ')}"

    def describe(self) -> list[dict[str, Any]]:
        return [{"slug": slug, "title": self.title(slug), "subtitle": e.game.subtitle, "players": list(e.game.players),
                 "events": sorted(e.rules.events), "bots": bot_levels(e.game, e.rules)}
                for slug, e in sorted(self.entries.items(), key=lambda item: self.title(item[0]).casefold())]


def bot_levels(game: Game, rules: Rules) -> list[dict[str, Any]]:
    """The levels a bot can be seated at from the home page, when the game seats bots: number, name, text."""
    kind = bot_kind(game)
    if kind is None or rules.options is None or "bots" not in getattr(rules.options, "fields", {}):
        return []
    flow = next((f for f in game.flows if f.id == kind.flow), None)
    return [{"level": lv.number, "name": lv.name, "text": lv.text} for lv in (flow.levels if flow else ())]
