"""The rule book as data: every constant and card the rules need, read once from card_data at setup.

Nothing here is a number typed into the code: each field comes from game.toml's [constants] or a CSV,
so a table that edits the data plays by the edited rules. Kept in the state (plain tuples, picklable).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.rules.contract import RuleError

DIRECTIONS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
SCARAB = "scarab"


@dataclass(frozen=True)
class Card:
    """One distinct card: its id, name, deck and columns (as name/value pairs)."""

    id: str
    name: str
    deck: str
    fields: tuple[tuple[str, Any], ...]

    def get(self, column: str, default: Any = None) -> Any:
        for name, value in self.fields:
            if name == column:
                return default if value is None else value
        return default


def pairs(mapping: Any) -> tuple[tuple[str, Any], ...]:
    """A TOML table as sorted-by-file-order (key, value) pairs, nested tables and arrays made tuples."""
    return tuple((str(k), pairs(v) if hasattr(v, "items") else tuple(v) if isinstance(v, (list, tuple)) else v)
                 for k, v in mapping.items())


def lookup(table: tuple[tuple[str, Any], ...], key: str, default: Any = None) -> Any:
    for name, value in table:
        if name == key:
            return value
    return default


@dataclass(frozen=True)
class Book:
    """The constants of [constants] (as pairs) and the cards of every deck."""

    constants: tuple[tuple[str, Any], ...]
    cards: tuple[Card, ...]
    categories: tuple[str, ...] = ()  # the score sheet's line ([scoring] categories)

    @cached_property
    def _constants(self) -> dict[str, Any]:
        return dict(self.constants)

    @cached_property
    def _cards(self) -> dict[str, Card]:
        return {card.id: card for card in self.cards}

    def __getitem__(self, key: str) -> Any:
        value = self._constants.get(key, KeyError)
        if value is KeyError:
            raise RuleError(f"The game's data has no constant {key!r}: add it to game.toml's [constants].")
        return value

    def table(self, key: str, entry: str, default: Any = None) -> Any:
        """One entry of a constant that is a table, e.g. table('actions', 'rest')."""
        return lookup(self[key], entry, default)

    def card(self, card_id: str) -> Card:
        card = self._cards.get(card_id)
        if card is not None:
            return card
        raise RuleError("There is no such card in this game: choose a card by its printed name.")

    def deck(self, deck: str) -> tuple[Card, ...]:
        return tuple(card for card in self.cards if card.deck == deck)

    def action(self, name: str) -> tuple[str, str]:
        """The Focus cube an action takes ('any' for every cube) and which way it turns it."""
        spec = self.table("actions", name)
        if spec is None:
            raise RuleError("That is not an action of the dashboard.")
        focus, direction = spec.split(":")
        return focus, direction

    def dashboard(self) -> tuple[str, ...]:
        """The dashboard actions, REST first."""
        return tuple(name for name, _ in self["actions"])

    def pages(self) -> tuple[Card, ...]:
        return tuple(sorted(self.deck("survival_task"), key=lambda c: c.get("page")))

    def objectives(self) -> tuple[str, ...]:
        """Every objective of the Survival Task, page by page."""
        return tuple(o for page in self.pages() for o in page.get("objectives", ()))

    def page_of(self, objective: str) -> int:
        for page in self.pages():
            if objective in page.get("objectives", ()):
                return page.get("page")
        raise RuleError("That is not an objective of this Survival Task.")


def read_book(game: Any) -> Book:
    """The Book of a loaded game (cardgen.gamedata.Game)."""
    cards = tuple(Card(c.id, c.name, c.deck, tuple((k, tuple(v) if isinstance(v, list) else v)
                                                      for k, v in c.fields.items()))
                  for c in game.cards())
    return Book(pairs(game.constants), cards, tuple(game.scoring.get("categories", ())))
