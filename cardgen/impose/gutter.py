"""The gutter sheet: each card with its own bleed, a gap between neighbours, crop marks at every corner."""

from __future__ import annotations

import math

from cardgen.impose.marks import outward
from cardgen.impose.sheet import MARK_GAP, MIN_MARK, ImpositionError, Mark, Sheet, SheetOptions, Slot


def gutter_sheet(o: SheetOptions) -> Sheet:
    """Every card with its own bleed and a gap between neighbours; crop marks at every card corner, outside its
    bleed, never reaching a neighbour's bleed; ImpositionError when not one card and its marks fit."""
    w, h, b, g, page = o.card_width, o.card_height, o.bleed, o.gutter, o.paper
    pitch_x, pitch_y = w + 2 * b + g, h + 2 * b + g
    outer = o.margin + MARK_GAP + MIN_MARK  # the outermost cards keep room for their marks
    cols = math.floor((page.width - 2 * outer + g + 1e-9) / pitch_x)
    rows = math.floor((page.height - 2 * outer + g + 1e-9) / pitch_y)
    if cols < 1 or rows < 1:
        raise ImpositionError(
            f"a {w:g} x {h:g} mm card with {b:g} mm bleed and its crop marks does not fit on {page.name} paper "
            f"({page.width:g} x {page.height:g} mm) inside {o.margin:g} mm margins; use --sheet butted, "
            "less --bleed or a smaller --margin")
    left = (page.width - (cols * pitch_x - g)) / 2 + b
    top = (page.height - (rows * pitch_y - g)) / 2 + b
    slots = tuple(
        Slot(r * cols + c, r, c, left + c * pitch_x, top + r * pitch_y, w, h, b, b, b, b)
        for r in range(rows) for c in range(cols)
    )
    between = g / 2 - MARK_GAP  # marks from two neighbours share a gutter without touching
    marks: list[Mark] = []
    owners: list[int] = []
    for s in slots:
        above = between if s.row > 0 else s.y - b - MARK_GAP - o.margin
        below = between if s.row < rows - 1 else page.height - (s.y + h + b + MARK_GAP) - o.margin
        before = between if s.col > 0 else s.x - b - MARK_GAP - o.margin
        after = between if s.col < cols - 1 else page.width - (s.x + w + b + MARK_GAP) - o.margin
        for x in (s.x, s.x + w):
            marks += outward(x, s.y - b - MARK_GAP, 0, -1, above)
            marks += outward(x, s.y + h + b + MARK_GAP, 0, 1, below)
        for y in (s.y, s.y + h):
            marks += outward(s.x - b - MARK_GAP, y, -1, 0, before)
            marks += outward(s.x + w + b + MARK_GAP, y, 1, 0, after)
        owners += [s.index] * (len(marks) - len(owners))
    return Sheet(o, cols, rows, slots, tuple(marks), owners=tuple(owners))
