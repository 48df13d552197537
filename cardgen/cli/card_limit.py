"""The limit on the cards of one build: `count` is capped per row, so the rows' total is capped here."""

from __future__ import annotations

import click

from cardgen.gamedata import Game

MAX_CARDS = 10_000  # 1,112 A4 pages of poker cards; the bundled games print 94 to 250


def max_cards_option(function):
    return click.option("--max-cards", type=click.IntRange(min=1), default=MAX_CARDS, show_default=True,
                        metavar="N", help="Refuse a game of more than N cards in all (every copy counted) before "
                                          "anything is written; raise it for a game that really has that many.")(function)


def over_limit(game: Game, limit: int) -> str | None:
    """Why `game` is too big to build (its total, the limit, its largest deck, the flag), or None when it is not."""
    total = sum(deck.total for deck in game.decks)
    if total <= limit:
        return None
    largest = max(game.decks, key=lambda deck: deck.total)
    cards = "card" if limit == 1 else "cards"
    return (f"{total:,} cards in all, more than the limit of {limit:,} {cards} a build makes (the largest deck: "
            f"{largest.id!r} in {largest.file.name}, {largest.total:,} cards in {largest.distinct:,} rows); nothing "
            f"was written. If the game really has that many, raise the limit: --max-cards {total}")
