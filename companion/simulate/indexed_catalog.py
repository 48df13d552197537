"""Unyielding Universe's card catalog with its look-ups indexed: the same answers, found by a dict, not a scan.

The rules' Catalog.find reads its card lists from the start on every call, and deck_size() calls it for
every card, so a simulated game spends most of its time there. The lab gives the rules this subclass
instead; it answers exactly as the original does (a test compares them card by card).
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from companion.rules.games.unyielding_universe.cards import Card, Catalog


@dataclass(frozen=True)
class IndexedCatalog(Catalog):
    """A Catalog whose find, copies and deck_size are answered from indexes built once."""

    def __post_init__(self) -> None:
        index: dict[str, Card] = {}
        for group in (self.years, self.life_completes, self.universes):
            for card in group:
                index.setdefault(card.id, card)
        object.__setattr__(self, "_index", index)
        object.__setattr__(self, "_size", sum(Catalog.copies(self, card_id) for card_id in index))

    def find(self, card_id: str) -> Card | None:
        return self._index.get(card_id)

    def copies(self, card_id: str) -> int:
        card = self._index.get(card_id)
        return 0 if card is None or card_id in self.left_out else card.count

    def deck_size(self) -> int:
        return self._size


def indexed(catalog: Catalog) -> IndexedCatalog:
    """The same catalog, indexed."""
    return IndexedCatalog(**{f.name: getattr(catalog, f.name) for f in fields(Catalog)})
