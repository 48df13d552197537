"""The games the companion can play: the bundled ones and any designer's folders it is given."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.gamedata import Game, bundled_slugs, card_data_dir, load_game
from companion.bots.seats import with_bots
from companion.errors import NotFound
from companion.rules import Rules, rules_for


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

    def describe(self) -> list[dict[str, Any]]:
        return [{"slug": slug, "title": e.game.title, "subtitle": e.game.subtitle, "players": list(e.game.players),
                 "events": sorted(e.rules.events)} for slug, e in sorted(self.entries.items())]
