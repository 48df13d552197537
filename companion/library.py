"""A game's printed material for the table: its rulebook page and its cards, from cardgen's output or its data.

`cardgen.rulebook` renders with reportlab, which the companion never imports, so the rulebook shown is the
HTML page `cardgen build` / `cardgen rulebook GAME` wrote to `output/<slug>/<slug>-rulebook.html`. The card
gallery shows the PNGs of `cardgen build --png` (`output/<slug>/png/<deck>/<card>.png`) where they exist and
the cards' own text from the game data otherwise.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardgen.gamedata import Game

BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S | re.I)
STYLE = re.compile(r"<style[^>]*>.*?</style>", re.S | re.I)
SCRIPT = re.compile(r"<script\b.*?</script\s*>", re.S | re.I)


@dataclass(frozen=True)
class GalleryCard:
    """One distinct card: its name, copies, text and the path of its picture (relative to output/<slug>/) if built."""

    id: str
    name: str
    count: int
    lines: tuple[tuple[str, str], ...]
    image: str | None


@dataclass(frozen=True)
class GalleryDeck:
    id: str
    title: str
    description: str
    cards: tuple[GalleryCard, ...]


def rulebook_file(output: Path, slug: str) -> Path | None:
    """The rulebook HTML cardgen wrote for `slug`, if it has been built."""
    path = output / slug / f"{slug}-rulebook.html"
    return path if path.is_file() else None


_cache: dict[Path, tuple[int, str]] = {}


def rulebook_body(path: Path) -> str:
    """The page's body (its own style sheet and any script dropped: the companion's styles apply), cached per
    process until the file changes."""
    mtime = path.stat().st_mtime_ns
    cached = _cache.get(path)
    if cached is None or cached[0] != mtime:
        page = STYLE.sub("", path.read_text(encoding="utf-8"))
        body = BODY.search(page)
        cached = (mtime, SCRIPT.sub("", body.group(1) if body else page))
        _cache[path] = cached
    return cached[1]


def gallery(game: Game, output: Path) -> list[GalleryDeck]:
    """Every deck of the game with its distinct cards, and the card pictures that have been built."""
    decks = []
    for deck in game.decks:
        cards = []
        for card in deck.cards:
            image = f"png/{deck.id}/{card.id}.png"
            lines = tuple((column.name.replace("_", " "), _text(card.get(column.name)))
                          for column in deck.columns
                          if column.name not in ("id", "name", "count") and card.get(column.name) not in (None, "", ()))
            cards.append(GalleryCard(card.id, card.name, card.count, lines,
                                     image if (output / game.slug / image).is_file() else None))
        decks.append(GalleryDeck(deck.id, deck.title, deck.description, tuple(cards)))
    return decks


def _text(value: object) -> str:
    if isinstance(value, (tuple, list)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
