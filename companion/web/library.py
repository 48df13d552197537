"""A game's printed material for the table: its rulebook page and its cards, from its data or cardgen's output.

The rulebook page is rendered from the game's own rulebook template and data by `cardgen.rulebook.html`
(Markdown and Jinja2, no reportlab), once per process. The card gallery shows the PNGs of
`cardgen build --png` (`output/<slug>/png/<deck>/<card>.png`) where they exist and, otherwise, the words each
card prints (its layout's text boxes filled from the game data, as cardgen.layout.printed_text reads them);
then the game's boards, mats and aids, with the pictures the same build drew (`output/<slug>/boards/<id>.png`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from cardgen.gamedata import Game
from cardgen.layout.printed_text import PrintedText

BODY = re.compile(r"<body[^>]*>(.*)</body>", re.S | re.I)
STYLE = re.compile(r"<style[^>]*>.*?</style>", re.S | re.I)
SCRIPT = re.compile(r"<script\b.*?</script\s*>", re.S | re.I)
TABLE = re.compile(r"<table\b", re.I)


@dataclass(frozen=True)
class GalleryCard:
    """One distinct card: its name, copies, text and the path of its picture (relative to output/<slug>/) if built."""

    id: str
    name: str
    count: int
    lines: tuple[str, ...]  # the texts its face prints, markup and icons left for the page
    image: str | None


@dataclass(frozen=True)
class GalleryDeck:
    id: str
    title: str
    description: str
    cards: tuple[GalleryCard, ...]


@dataclass(frozen=True)
class GalleryBoard:
    """A board, mat or aid: its title, kind in words, copies, and its picture (relative to output/<slug>/) if built."""

    id: str
    title: str
    kind: str
    count: int
    image: str | None


KINDS = {"board": "board", "mat": "player mat", "aid": "player aid"}  # a board's kind, as a player says it

_cache: dict[str, tuple[str | None, str | None]] = {}


def rulebook_body(game: Game) -> tuple[str | None, str | None]:
    """(the rulebook page's body, or None when the game has no rulebook template; the template's error, if any),
    rendered from the game's data once per process. The page's own style sheet and any script are dropped."""
    if game.slug not in _cache:
        from cardgen.rulebook.html import render_html
        from cardgen.rulebook.source import RulebookError, markdown, template_path

        if template_path(game) is None:
            _cache[game.slug] = (None, None)
        else:
            try:
                page = STYLE.sub("", render_html(game, markdown(game)))
            except RulebookError as error:
                _cache[game.slug] = (None, str(error))
            else:
                found = BODY.search(page)
                body = SCRIPT.sub("", found.group(1) if found else page)
                # a wide table scrolls sideways on a phone: focusable, so a keyboard can scroll it too
                _cache[game.slug] = (TABLE.sub('<table tabindex="0"', body), None)
    return _cache[game.slug]


def gallery(game: Game, output: Path) -> list[GalleryDeck]:
    """Every deck of the game with its distinct cards, the words each prints, and the pictures that have been built."""
    printed = PrintedText(game)
    decks = []
    for deck in game.decks:
        cards = []
        for index, card in enumerate(deck.cards, start=1):
            image = f"png/{deck.id}/{card.id}.png"
            cards.append(GalleryCard(card.id, card.name, card.count, printed.lines(deck, card, index),
                                     image if (output / game.slug / image).is_file() else None))
        decks.append(GalleryDeck(deck.id, deck.title, deck.description, tuple(cards)))
    return decks


def gallery_boards(game: Game, output: Path) -> list[GalleryBoard]:
    """The game's boards, mats and aids, each with the picture `cardgen build --png` drew of it, where it has."""
    return [GalleryBoard(board.id, board.title, KINDS.get(board.kind, board.kind), board.count,
                         image if (output / game.slug / (image := f"boards/{board.id}.png")).is_file() else None)
            for board in game.boards]
