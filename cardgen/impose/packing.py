"""Packs pieces of mixed sizes (tokens) densely onto pages: shelves of columns, first fit.

Coordinates are millimetres from the page's top-left corner, y down, as in `grid`. Each piece gets
its own bleed all round and a small gap to its neighbours, like the `gutter` sheet style, because
tokens are cut one by one. Pieces are taken tallest first (first-fit decreasing height): each opens
a shelf as tall as itself, and shorter pieces later stack in columns inside the shelves already
open, on any page, so little paper is left between rows of big and small pieces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Hashable, Sequence

from cardgen.impose.sheet import ImpositionError, Slot
from cardgen.impose.papers import Paper

MARGIN = 6.35  # mm: a quarter inch, the unprintable edge of most home printers
GAP = 1.0      # mm between neighbouring bleed boxes


@dataclass(frozen=True)
class Piece:
    """What to pack: a key naming the kind, its trimmed size, and how many copies."""

    key: Hashable
    width: float
    height: float
    count: int


@dataclass
class _Column:
    x: float
    width: float
    used: float = 0.0


@dataclass
class _Shelf:
    y: float
    height: float
    used: float = 0.0
    columns: list[_Column] = field(default_factory=list)


@dataclass
class _Page:
    used: float = 0.0
    shelves: list[_Shelf] = field(default_factory=list)
    placed: list[tuple[Hashable, Slot]] = field(default_factory=list)


def pack(groups: Sequence[Sequence[Piece]], paper: Paper, bleed: float, margin: float = MARGIN,
         gap: float = GAP) -> list[list[tuple[Hashable, Slot]]]:
    """Pages of (key, slot), every copy of every piece placed once.

    Groups are packed one after the other, so the first group's pieces take the first pages (tokens
    put their double-sided pieces first, on the pages that get backs); a later group fills the room
    the earlier ones left before it opens new pages. ImpositionError when a piece is larger than
    the printable area.
    """
    width, height = paper.width - 2 * margin, paper.height - 2 * margin
    pages: list[_Page] = []
    for group in groups:
        for piece in sorted(group, key=lambda p: -(p.height + 2 * bleed)):  # stable: file order within a size
            w, h = piece.width + 2 * bleed, piece.height + 2 * bleed
            if w > width + 1e-9 or h > height + 1e-9:
                raise ImpositionError(
                    f"{piece.key}: a {piece.width:g} x {piece.height:g} mm piece with {bleed:g} mm bleed does not "
                    f"fit on {paper.name} paper ({paper.width:g} x {paper.height:g} mm) inside {margin:g} mm margins")
            for _ in range(piece.count):
                page, row, col = _place(pages, w, h, width, height, gap)
                shelf = page.shelves[row]
                column = shelf.columns[col]
                y = shelf.y + column.used - h - gap  # the column's top piece is the one just placed
                slot = Slot(len(page.placed), row, col, margin + column.x + bleed, margin + y + bleed,
                            piece.width, piece.height, bleed, bleed, bleed, bleed)
                page.placed.append((piece.key, slot))
    return [page.placed for page in pages]


def _place(pages: list[_Page], w: float, h: float, width: float, height: float,
           gap: float) -> tuple[_Page, int, int]:
    """Takes room for the next w x h bleed box: under a column's last piece, a new column, a new
    shelf or a new page, the first that fits; returns the page and the shelf's and column's index."""
    for page in pages:
        for row, shelf in enumerate(page.shelves):
            for col, column in enumerate(shelf.columns):
                if w <= column.width + 1e-9 and column.used + h <= shelf.height + 1e-9:
                    column.used += h + gap
                    return page, row, col
            if shelf.used + w <= width + 1e-9 and h <= shelf.height + 1e-9:
                shelf.columns.append(_Column(shelf.used, w, h + gap))
                shelf.used += w + gap
                return page, row, len(shelf.columns) - 1
    free = next((p for p in pages if p.used + h <= height + 1e-9), None)
    if free is None:
        free = _Page()
        pages.append(free)
    free.shelves.append(_Shelf(free.used, h, w + gap, [_Column(0.0, w, h + gap)]))
    free.used += h + gap
    return free, len(free.shelves) - 1, 0
