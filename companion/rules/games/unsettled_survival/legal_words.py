"""The words Unsettled's legal moves are labelled with: cards, nodes, cubes and actions as the crew names them, and
the choices both the turn and the free actions ask (Focus cubes, the Discovery die)."""

from __future__ import annotations

import re
from itertools import combinations_with_replacement
from typing import Any

from companion.rules.games.unsettled_survival.book import SCARAB, Book
from companion.rules.games.unsettled_survival.events import ACTIONS
from companion.rules.legal import Choice
from companion.rules.games.unsettled_survival.state import Game


DIRECTIONS = (("n", "north"), ("e", "east"), ("s", "south"), ("w", "west"))
DIRECTION_WORDS = dict(DIRECTIONS)
HINTS = {"rest": "+1 Focus; Time advances 1", "traverse": "move further this turn", "investigate": "reveal an Opportunity",
         "analyze": "collect the Data here", "unearth": "collect the Materials here", "charge": "charge Power",
         "research": "gain Insight", "build": "build a Structure here", "destroy": "destroy the Structure here",
         "support": "remove another explorer's Distress"}
RESOURCE_WORDS = {"data": "Data", "materials": "Materials"}
DRAW = "Draw for us"
ROLL = "Roll for us"


def words(text: Any) -> str:
    """A card's text as plain words: icons (":power:") by their name, no Markdown markers."""
    return re.sub(r":([a-z_]+):", lambda m: m.group(1).replace("_", " "), str(text or "")).replace("*", "").strip()


def card_label(book: Book, card_id: str) -> str:
    """A card by its printed name (a name printed on two decks' cards says which deck, as the pages do)."""
    labels = _LABELS.get(id(book))
    if labels is None or labels[0] is not book:
        decks: dict[str, set[str]] = {}
        for c in book.cards:
            decks.setdefault(c.name.casefold(), set()).add(c.deck)
        labels = _LABELS[id(book)] = (book, {c.id: c.name if len(decks[c.name.casefold()]) == 1 else
                                             f"{c.name} ({c.deck.replace('_', ' ')})" for c in book.cards})
    return labels[1].get(card_id) or book.card(card_id).name


_LABELS: dict[int, tuple[Book, dict[str, str]]] = {}


def node_label(game: Game, node: str) -> str:
    return "the Scarab" if node == SCARAB else game.book.card(node).name


def cube_label(cube: str) -> str:
    return cube.capitalize()


def action_label(action: str) -> str:
    return ACTIONS.get(action, action.upper())

def focus_choice(game: Game, count: int, label: str, optional: bool = False) -> Choice:
    """The crew's Focus distribution as one choice: `count` cubes (the same cube twice allowed), in any order."""
    items = [(p, cube) for p in range(len(game.explorers)) for cube in game.book["focus_types"]]
    options = []
    for combo in combinations_with_replacement(items, count):
        value = {"focus": [f"{p}:{cube}" for p, cube in combo]}
        text = " and ".join(f"{game.explorers[p].name}'s {cube_label(cube)}" for p, cube in combo)
        options.append((value, text))
    return Choice("", label, "pick", tuple(options), optional=optional)


def die_choice(game: Game) -> Choice:
    sides = game.book["discovery_die_sides"]
    return Choice("roll", "The Discovery die as it fell", "die", tuple((n, str(n)) for n in range(1, sides + 1)),
                  draw=ROLL)
