"""The games the companion can play: the bundled ones and any designer's folders it is given."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.gamedata import Game, bundled_slugs, card_data_dir, load_game
from companion.bots.kinds import bot_kind
from companion.bots.seats import with_bots
from companion.rules import Rules, rules_for
from companion.table.errors import NotFound


@dataclass(frozen=True)
class Entry:
    game: Game
    rules: Rules


class Catalog:
    """Game data and rules by slug, loaded once when the app starts."""

    def __init__(self, extra_folders: tuple[Path, ...] = ()):
        folders = [card_data_dir() / slug for slug in bundled_slugs()] + list(extra_folders)
        self.entries: dict[str, Entry] = {}
        for folder in folders:
            game = load_game(folder)
            self.entries[game.slug] = Entry(game, with_bots(game, rules_for(game)))

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
    kind = bot_kind(game.slug)
    if kind is None or rules.options is None or "bots" not in getattr(rules.options, "fields", {}):
        return []
    flow = next((f for f in game.flows if f.id == kind.flow), None)
    return [{"level": lv.number, "name": lv.name, "text": lv.text} for lv in (flow.levels if flow else ())]
