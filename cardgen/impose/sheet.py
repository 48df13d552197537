"""The records of imposition: a sheet's options, its slots and crop marks, and the measures every style keeps."""

from __future__ import annotations

from dataclasses import dataclass, replace

from cardgen.impose.papers import Paper

MARK_GAP = 0.5    # between a bleed edge and the start of a crop mark
MARK_LENGTH = 4.0  # the longest crop mark
MIN_MARK = 2.0    # gutter sheets keep room outside their outermost cards for marks at least this long
# A butted grid keeps its full bleed while the marks beside it can be at least this long: 9 poker cards
# on A4 leave 9.75 mm at the sides, which holds the 5 mm margin, 3 mm of bleed, the 0.5 mm gap and a
# 1.25 mm mark (as long as the marks between gutter cards, 1.5 mm); asking 2 mm there cost 0.75 mm of
# bleed on every A4 build. Still shorter marks are noted (BUTTED_MIN_MARK > SHORTEST).
BUTTED_MIN_MARK = 1.0
MARGIN = 5.0      # default printable margin: no mark or text closer to the paper's edge
SHORTEST = 0.5    # a mark shorter than this is not drawn
MARK_STROKE = 0.2  # the width of a crop mark's stroke: half of it lies either side of the mark's line
STYLES = ("butted", "gutter", "fold")
ORIENTATIONS = ("auto", "portrait", "landscape")


class ImpositionError(ValueError):
    """Cards that cannot be imposed as asked; the message says why in a sentence."""


@dataclass(frozen=True)
class SheetOptions:
    """How to impose: paper, card size, bleed and sheet style, all in mm."""

    paper: Paper
    card_width: float
    card_height: float
    bleed: float = 3.0
    style: str = "butted"
    margin: float = MARGIN
    gutter: float = 4.0
    orientation: str = "auto"


@dataclass(frozen=True)
class Slot:
    """Where one card's trim box sits on the page, and how much bleed is drawn on each side."""

    index: int
    row: int
    col: int
    x: float
    y: float
    width: float
    height: float
    bleed_left: float
    bleed_top: float
    bleed_right: float
    bleed_bottom: float

    def bleed_box(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the area printed for this card, bleed included."""
        return (self.x - self.bleed_left, self.y - self.bleed_top,
                self.width + self.bleed_left + self.bleed_right,
                self.height + self.bleed_top + self.bleed_bottom)


@dataclass(frozen=True)
class Mark:
    """A crop mark: a line segment from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Sheet:
    """A page's grid: its slots in reading order and its crop marks."""

    options: SheetOptions
    cols: int
    rows: int
    slots: tuple[Slot, ...]
    marks: tuple[Mark, ...]
    notes: tuple[str, ...] = ()  # what gave way to the margin (bleed, mark length), in sentences
    backs: tuple[Slot, ...] = ()  # fold sheets: each front's back beside it, on the same page
    folds: tuple[Mark, ...] = ()  # fold sheets: the ticks marking each fold line
    owners: tuple[int, ...] = ()  # gutter and fold sheets: the index of the slot each mark belongs to
    fold_owners: tuple[int, ...] = ()  # fold sheets: the index of the slot each fold tick belongs to
    unmarked: bool = False  # some cut line has no crop marks (a single row or column with no room for them)

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def filled(self, count: int) -> tuple[Slot, ...]:
        """The slots of a page holding `count` cards (fewer than `per_page` on a deck's last page). In a
        butted grid a card whose right or lower neighbour's slot is empty gets its full bleed on that side:
        the slot is paper nobody prints on, and without it that edge would be cut with no bleed at all."""
        slots = self.slots[:count]
        if self.options.style != "butted" or count >= self.per_page:
            return slots
        bleed = self.options.bleed
        return tuple(replace(slot,
                             bleed_right=bleed if slot.col < self.cols - 1 and slot.index + 1 >= count
                             else slot.bleed_right,
                             bleed_bottom=bleed if slot.row < self.rows - 1 and slot.index + self.cols >= count
                             else slot.bleed_bottom)
                     for slot in slots)

    def folds_for(self, count: int) -> tuple[Mark, ...]:
        """The fold ticks of a page holding `count` pairs (fold sheets)."""
        return tuple(tick for tick, owner in zip(self.folds, self.fold_owners) if owner < count)
