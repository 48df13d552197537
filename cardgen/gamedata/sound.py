"""Which decks of a game with data problems no problem is about, so `cardgen check` can still lay them out.

A problem is about a deck when it is in the deck's CSV or spreadsheet file (a cell, a row, an id, its
art or icons; decks that share a file share its problems), or in game.toml inside the deck's own
tables ([decks.<id>] and [decks.<id>.columns...]). A problem elsewhere in game.toml ([game], [icons],
[fonts], the shared [columns], or one with no line) may change every deck, so then no deck is sound.
Problems in other files (the flowcharts, the lab's records) touch no deck's cards.
"""

from __future__ import annotations

from pathlib import Path
from collections.abc import Iterable

from cardgen.gamedata.errors import Problem
from cardgen.gamedata.records import Deck, Game
from cardgen.gamedata.tomlplaces import TomlPlaces

MANIFEST = "game.toml"


def sound_decks(game: Game, problems: Iterable[Problem]) -> tuple[tuple[Deck, ...], bool]:
    """(the decks no problem is about, in game order; whether a problem of game.toml may be about every deck)."""
    toml = game.root / MANIFEST
    try:
        places: TomlPlaces | None = TomlPlaces(toml.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        places = None
    troubled: set[str] = set()
    for problem in problems:
        if Path(problem.file) == toml:
            owner = _owner(places, game.decks, problem.line)
            if owner is None:
                return (), True
            troubled.add(owner)
        else:
            troubled |= {deck.id for deck in game.decks if deck.file == problem.file}
    return tuple(deck for deck in game.decks if deck.id not in troubled), False


def _owner(places: TomlPlaces | None, decks: Iterable[Deck], line: int | None) -> str | None:
    """The id of the deck whose tables in game.toml hold `line` (1-based), or None."""
    if places is None or line is None:
        return None
    starts = sorted(places.headers.values())
    for keys, start in places.headers.items():
        if len(keys) >= 2 and keys[0] == "decks" and any(deck.id == keys[1] for deck in decks):
            end = next((other for other in starts if other > start), len(places.lines))
            if start < line <= end:  # the header's line (start + 1) up to the line before the next header
                return keys[1]
    return None
