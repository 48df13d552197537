"""Decks that share print sheets (`--pack-decks`): the decks of one card size, one after another.

Each deck's cards continue in the next free slot after the previous deck's, so a deck of one card
no longer takes a sheet of its own. Decks are grouped by the sheet they are imposed on (decks of the
same printed size share one), in the game's order of decks; a group makes one file.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from cardgen.impose.sheet import Sheet


@dataclass(frozen=True)
class Section:
    """One deck's run of cards on shared sheets: `count` cards from slot `start`, counting the slots
    of every sheet in turn from 0."""

    key: str
    title: str
    start: int
    count: int

    def sheets(self, per_page: int) -> range:
        """The numbers (from 1) of the sheets holding this deck's cards."""
        return range(self.start // per_page + 1, (self.start + self.count - 1) // per_page + 2)


@dataclass(frozen=True)
class SharedSheets:
    """The sheets that decks of one card size share, and where each deck's cards are on them."""

    sheet: Sheet
    sections: tuple[Section, ...]

    @property
    def total(self) -> int:
        return sum(section.count for section in self.sections)

    @property
    def count(self) -> int:
        """How many sheets the decks fill."""
        return -(-self.total // self.sheet.per_page)

    def size_name(self) -> str:
        """The card size as a file name shows it: 63.5x88.9."""
        return f"{self.sheet.options.card_width:g}x{self.sheet.options.card_height:g}"


def share_sheets(decks: Iterable[tuple[str, str, int, Sheet]]) -> list[SharedSheets]:
    """Groups (key, title, card count, sheet) by the card size of the sheet, in first-seen order,
    each deck's cards starting in the slot after the previous deck's."""
    groups: dict[tuple[float, float], tuple[Sheet, list[Section]]] = {}
    for key, title, count, sheet in decks:
        size = (sheet.options.card_width, sheet.options.card_height)
        _, sections = groups.setdefault(size, (sheet, []))
        start = sections[-1].start + sections[-1].count if sections else 0
        sections.append(Section(key, title, start, count))
    return [SharedSheets(sheet, tuple(sections)) for sheet, sections in groups.values()]
