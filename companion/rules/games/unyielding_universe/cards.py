"""The cards of Unyielding Universe as the rules need them, read from the game's decks (config.game).

Players name cards by their id (`yr-011`, `lc-44`, `univ-joyless`); a copy count above one lets the
same id sit in several places at once, as a deck with duplicates would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class YearCard:
    id: str
    name: str
    year: int
    colour: str
    feeling: str
    character: str
    count: int = 1

    def shows(self, target: str | None) -> bool:
        """True when the card's colour, feeling or character is `target` (what a Universe card names)."""
        return target is not None and target in (self.colour, self.feeling, self.character)


@dataclass(frozen=True)
class LifeCompleteCard:
    id: str
    name: str
    age: int
    count: int = 1


@dataclass(frozen=True)
class UniverseCard:
    id: str
    name: str
    effect: str
    target: str | None
    modifier: int
    one_time: bool
    text: str
    count: int = 1

    @property
    def removes(self) -> bool:
        return self.effect.startswith("remove_")

    def hits(self, card: YearCard) -> bool:
        """True when this card's effect names `card` (a remove_* card matches only its own attribute)."""
        attribute = {"remove_character": "character", "remove_feeling": "feeling", "remove_colour": "colour"}
        if self.effect in attribute:
            return getattr(card, attribute[self.effect]) == self.target
        return card.shows(self.target)


Card = YearCard | LifeCompleteCard | UniverseCard


@dataclass(frozen=True)
class Catalog:
    """Every card that can be in the draw pile, by deck; `left_out` ids were taken out before shuffling."""

    years: tuple[YearCard, ...]
    life_completes: tuple[LifeCompleteCard, ...]
    universes: tuple[UniverseCard, ...]
    left_out: tuple[str, ...] = ()
    set_aside: tuple[tuple[str, str], ...] = ()  # (id, printed name) of the cards kept out of the draw pile at setup
    _index: dict[str, Card] = field(init=False, repr=False, compare=False)  # set once, below
    _size: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # look-ups by id from a dict built once (a simulated game makes millions)
        index: dict[str, Card] = {}
        for group in (self.years, self.life_completes, self.universes):
            for card in group:
                index.setdefault(card.id, card)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_size", sum(0 if card_id in self.left_out else card.count
                                              for card_id, card in index.items()))

    def find(self, card_id: str) -> Card | None:
        return self._index.get(card_id)

    def set_aside_name(self, card_id: str) -> str | None:
        """The printed name of a card kept out of the draw pile at setup (Life Begins, A Life Well Lived), if it is one."""
        return next((name for aside, name in self.set_aside if aside == card_id), None)

    def year(self, card_id: str) -> YearCard:
        card = self._index.get(card_id)
        assert type(card) is YearCard, card_id  # the exact class: the fastest check (called millions of times)
        return card

    def life_complete(self, card_id: str) -> LifeCompleteCard:
        card = self.find(card_id)
        assert isinstance(card, LifeCompleteCard), card_id
        return card

    def universe(self, card_id: str) -> UniverseCard:
        card = self.find(card_id)
        assert isinstance(card, UniverseCard), card_id
        return card

    def copies(self, card_id: str) -> int:
        """How many copies of the card the draw pile started with (0 if it was left out)."""
        card = self._index.get(card_id)
        return 0 if card is None or card_id in self.left_out else card.count

    def deck_size(self) -> int:
        return self._size


def load_catalog(game: Any, shuffled_decks: tuple[str, ...], left_out: tuple[str, ...]) -> Catalog:
    """The catalog of the decks shuffled into the draw pile (game.toml's setup_shuffled_decks)."""
    years: list[YearCard] = []
    completes: list[LifeCompleteCard] = []
    universes: list[UniverseCard] = []
    for deck_id in shuffled_decks:
        for c in game.deck(deck_id).cards:
            if "year" in c.fields:
                years.append(YearCard(c.id, c.name, c["year"], c["colour"], c["feeling"], c["character"], c.count))
            elif "age" in c.fields:
                completes.append(LifeCompleteCard(c.id, c.name, c["age"], c.count))
            elif "effect" in c.fields:
                universes.append(UniverseCard(c.id, c.name, c["effect"], c.get("target") or None,
                                              c.get("modifier") or 0, bool(c.get("one_time")), c.get("text") or "",
                                              c.count))
    aside = tuple((c.id, c.name) for deck in game.decks if deck.id not in shuffled_decks for c in deck.cards)
    return Catalog(tuple(years), tuple(completes), tuple(universes), left_out, aside)


def describe(card: Card) -> str:
    """The card as players read it: 'Best Friends Forever (10, green)', 'Life Complete 44'."""
    if isinstance(card, YearCard):
        return f"{card.name} ({card.year}, {card.colour})"
    if isinstance(card, LifeCompleteCard):
        return f"{card.name} {card.age}"
    return card.name
