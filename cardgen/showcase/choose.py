"""Which cards a showcase shows: `--deck` and `--cards` checked against the game, with a did-you-mean."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from cardgen.gamedata import Card, Deck, Game

DEFAULT_COUNT = 5  # without --cards: the first five cards of the deck
LIMITS = {"fan": 15, "row": 10, "grid": 100, "pile": 30}  # the most cards each style can show legibly


class ShowcaseError(ValueError):
    """A showcase that cannot be made as asked; its message is one line naming the option and value."""


def _did_you_mean(value: str, names: Iterable[str]) -> str:
    close = difflib.get_close_matches(value, list(names), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def find_deck(game: Game, deck_id: str) -> Deck:
    """The deck `--deck` names; ShowcaseError naming the game's decks otherwise."""
    for deck in game.decks:
        if deck.id == deck_id:
            return deck
    names = [deck.id for deck in game.decks]
    raise ShowcaseError(f"--deck {deck_id!r}: {game.slug} has no such deck (its decks: {', '.join(names)})"
                        + _did_you_mean(deck_id, names))


def card_ids(text: str) -> list[str]:
    """`--cards a,b, c` as ids; ShowcaseError for an empty one (`a,,b`)."""
    ids = [part.strip() for part in text.split(",")]
    if any(not part for part in ids):
        raise ShowcaseError(f"--cards {text!r}: an empty card id; give ids separated by commas, e.g. h-1,h-2")
    return ids


def choose(game: Game, style: str, deck_id: str | None = None,
           cards: str | None = None) -> list[tuple[Deck, Card]]:
    """The (deck, card) pairs to show, in order: the ids `cards` names (in `deck_id`, else in any deck), or the
    first DEFAULT_COUNT cards of the deck (the game's first deck by default)."""
    if style not in LIMITS:
        raise ShowcaseError(f"--style {style!r}: not a style (fan, row, grid, pile)" + _did_you_mean(style, LIMITS))
    decks = [find_deck(game, deck_id)] if deck_id is not None else list(game.decks)
    if cards is None:
        deck = next((deck for deck in decks if deck.cards), None)
        if deck is None:
            raise ShowcaseError(f"{game.slug}: {'deck ' + repr(deck_id) if deck_id else 'the game'} has no cards")
        chosen = [(deck, card) for card in deck.cards[:min(DEFAULT_COUNT, LIMITS[style])]]
    else:
        chosen = [_card(game, decks, deck_id, card_id) for card_id in card_ids(cards)]
    if len(chosen) > LIMITS[style]:
        roomier = [name for name, most in LIMITS.items() if most >= len(chosen)]
        raise ShowcaseError(f"--cards: {len(chosen)} cards are too many for --style {style}, which shows at most "
                            f"{LIMITS[style]}" + (f"; --style {roomier[0]} shows up to {LIMITS[roomier[0]]}"
                                                  if roomier else ""))
    return chosen


def _card(game: Game, decks: list[Deck], deck_id: str | None, card_id: str) -> tuple[Deck, Card]:
    """The card of id `card_id` in `decks` (ids are unique within a game); ShowcaseError naming where it is not."""
    for deck in decks:
        for card in deck.cards:
            if card.id == card_id:
                return deck, card
    elsewhere = [deck.id for deck in game.decks if any(card.id == card_id for card in deck.cards)]
    if elsewhere:
        raise ShowcaseError(f"--cards {card_id!r}: that card is in deck {elsewhere[0]!r}, not {deck_id!r}; "
                            f"name its deck with --deck {elsewhere[0]}, or leave --deck out")
    where = f"deck {deck_id!r}" if deck_id is not None else game.slug
    names = [card.id for deck in decks for card in deck.cards]
    raise ShowcaseError(f"--cards {card_id!r}: {where} has no card of that id" + _did_you_mean(card_id, names))
