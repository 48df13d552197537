"""Lays cards out on a sheet: the grid of slots, their bleed, and the crop marks around them, in the style asked.

Coordinates are millimetres from the top-left corner of the page, y downwards. The styles:

- `butted`: cards edge to edge sharing their cut lines, bleed only on the grid's outer edges, crop
  marks in the page margin on the extension of every cut line. The outer bleed shrinks where the
  margin is too narrow for bleed and marks at least BUTTED_MIN_MARK long (Letter's 6.35 mm above
  and below a 3 x 3 poker grid), so marks always stay outside the bleed and inside the printable
  area; where even without bleed there is less room than that, the marks shorten, and where no
  mark fits at all the grid loses a row or column (every cut keeps its marks); `Sheet.notes` says so.
- `gutter` (cardgen.impose.gutter): every card with its own bleed and a gap between neighbours; crop
  marks at every card corner, outside its bleed, never reaching a neighbour's bleed.
- `fold` (cardgen.impose.fold): each card's front and back side by side, a fold line between them.

`margin` is the printable area's edge: no crop mark comes closer than that to the paper's edge, its
stroke's width included (home printers cannot print the outer 4-5 mm). Cards and their bleed may reach into it, because
losing some bleed there costs nothing once the card is cut.
"""

from __future__ import annotations

import math
from dataclasses import replace

from cardgen.impose.fold import fold_sheet
from cardgen.impose.gutter import gutter_sheet
from cardgen.impose.marks import butted_marks
from cardgen.impose.papers import Paper
from cardgen.impose.sheet import (BUTTED_MIN_MARK, MARK_GAP, MARK_LENGTH, ORIENTATIONS, SHORTEST, STYLES,
                                  ImpositionError, Sheet, SheetOptions, Slot)

def impose(options: SheetOptions) -> Sheet:
    """The sheet for `options`; ImpositionError when no card fits or a value is impossible.

    With orientation "auto" the page is turned to landscape when that keeps the full bleed and crop
    marks where portrait does not (Letter's 4 x 2 poker cards instead of a 3 x 3 grid with no bleed
    above and below), or when it fits more cards and keeps them as well as portrait does. So a sheet
    has notes (something gave way to the margin) only when neither orientation avoids them: a cost of
    the paper, margin, bleed or card size asked for, not of the orientation cardgen picked.
    """
    if options.orientation not in ORIENTATIONS:
        raise ImpositionError(f"unknown orientation {options.orientation!r}: use auto, portrait or landscape")
    page = options.paper
    portrait = Paper(page.name, min(page.width, page.height), max(page.width, page.height))
    landscape = Paper(page.name, portrait.height, portrait.width)
    if options.orientation != "auto":
        chosen = portrait if options.orientation == "portrait" else landscape
        return _impose(replace(options, paper=chosen))
    try:
        upright = _impose(replace(options, paper=portrait))
    except ImpositionError:
        return _impose(replace(options, paper=landscape))
    try:
        turned = _impose(replace(options, paper=landscape))
    except ImpositionError:
        return upright
    return max((upright, turned), key=_preference)  # max keeps the first (portrait) on a tie


def _preference(sheet: Sheet) -> tuple[bool, bool, int]:
    """Sheets compare by: nothing gave way to the margin, every cut line has its crop marks, then cards
    per page."""
    return (not sheet.notes, not sheet.unmarked, sheet.per_page)


def _impose(options: SheetOptions) -> Sheet:
    _validate(options)
    if options.style == "butted":
        return _butted(options)
    if options.style == "fold":
        return fold_sheet(options)
    return gutter_sheet(options)


def _validate(o: SheetOptions) -> None:
    if o.style not in STYLES:
        raise ImpositionError(f"unknown sheet style {o.style!r}: use butted, gutter or fold")
    if o.bleed < 0:
        raise ImpositionError(f"bleed must be 0 mm or more, not {o.bleed:g} mm")
    if o.margin < 0 or o.gutter < 0:
        raise ImpositionError("margin and gutter must be 0 mm or more")
    if o.card_width <= 0 or o.card_height <= 0:
        raise ImpositionError("card width and height must be above 0 mm")
    usable_w, usable_h = o.paper.width - 2 * o.margin, o.paper.height - 2 * o.margin
    extra = 2 * o.bleed if o.style != "butted" else 0.0
    across = 2 * o.card_width if o.style == "fold" else o.card_width
    if across + extra > usable_w or o.card_height + extra > usable_h:
        raise ImpositionError(
            f"a {o.card_width:g} x {o.card_height:g} mm card"
            + (" with its back beside it" if o.style == "fold" else "")
            + (f" with {o.bleed:g} mm bleed" if extra else "")
            + f" does not fit on {o.paper.name} paper ({o.paper.width:g} x {o.paper.height:g} mm) "
            f"inside {o.margin:g} mm margins")


def _butted(o: SheetOptions) -> Sheet:
    w, h, page = o.card_width, o.card_height, o.paper
    fits = (math.floor((page.width - 2 * o.margin + 1e-9) / w), math.floor((page.height - 2 * o.margin + 1e-9) / h))
    cols, rows = _marked_grid(o, *fits)
    x0, y0 = (page.width - cols * w) / 2, (page.height - rows * h) / 2
    bx, by = _outer_bleed(o, x0), _outer_bleed(o, y0)
    notes = (_giving_way(o, "left and right of", x0, bx) + _giving_way(o, "above and below", y0, by)
             + _fewer(o, "columns", cols, fits[0], "across") + _fewer(o, "rows", rows, fits[1], "down"))
    slots = tuple(
        Slot(r * cols + c, r, c, x0 + c * w, y0 + r * h, w, h,
             bx if c == 0 else 0.0, by if r == 0 else 0.0,
             bx if c == cols - 1 else 0.0, by if r == rows - 1 else 0.0)
        for r in range(rows) for c in range(cols)
    )
    marks = butted_marks(o, slots)
    unmarked = _side_mark(o, x0, bx) < SHORTEST or _side_mark(o, y0, by) < SHORTEST
    return Sheet(o, cols, rows, slots, marks, notes, unmarked=unmarked)


def _outer_bleed(o: SheetOptions, outside: float) -> float:
    """The bleed drawn on a butted grid's outer edge `outside` mm from the paper's edge: as asked, less
    where the margin and marks at least BUTTED_MIN_MARK long need the room."""
    return max(0.0, min(o.bleed, outside - (MARK_GAP + BUTTED_MIN_MARK + o.margin)))


def _side_mark(o: SheetOptions, outside: float, bleed: float) -> float:
    """How long the crop marks beyond a butted grid's edge `outside` mm from the paper's edge can be."""
    return min(MARK_LENGTH, outside - bleed - MARK_GAP - o.margin)


def _marked_grid(o: SheetOptions, cols: int, rows: int) -> tuple[int, int]:
    """The largest butted grid up to `cols` x `rows` whose every cut line keeps crop marks inside the
    margin: a column (row) fewer while the marks beside (above and below) the grid find no room, down
    to one."""
    page = o.paper

    def room(length: float, count: int, size: float) -> float:
        outside = (length - count * size) / 2
        return _side_mark(o, outside, _outer_bleed(o, outside))

    while cols > 1 and room(page.width, cols, o.card_width) < SHORTEST:
        cols -= 1
    while rows > 1 and room(page.height, rows, o.card_height) < SHORTEST:
        rows -= 1
    return cols, rows


def _fewer(o: SheetOptions, what: str, count: int, fits: int, way: str) -> tuple[str, ...]:
    """A sentence when the grid has fewer columns or rows than fit, to keep its crop marks."""
    if count == fits:
        return ()
    return (f"{o.paper.name} paper, {o.card_width:g} x {o.card_height:g} mm cards: {count} {what} {way} "
            f"instead of {fits}, so that every cut line keeps its crop marks inside the {o.margin:g} mm margin "
            "(--margin)",)


def _giving_way(o: SheetOptions, sides: str, outside: float, bleed: float) -> tuple[str, ...]:
    """Sentences for what the margin took on two opposite sides: `outside` mm from the paper's edge
    to the grid, of which `bleed` is printed."""
    where = f"{o.paper.name} paper, {o.card_width:g} x {o.card_height:g} mm cards"
    notes = []
    if bleed < o.bleed - 1e-9:
        notes.append(f"{where}: the bleed {sides} the grid gives way to the {o.margin:g} mm margin "
                     f"(--margin): {bleed:.2f} mm instead of {o.bleed:g} mm")
    length = min(MARK_LENGTH, outside - bleed - MARK_GAP - o.margin)
    if length < SHORTEST:
        notes.append(f"{where}: no crop marks fit {sides} the grid inside the {o.margin:g} mm margin; "
                     "cut along the other marks' lines")
    elif length < BUTTED_MIN_MARK - 1e-9:
        notes.append(f"{where}: crop marks {sides} the grid are only {length:.2f} mm long "
                     f"to stay {o.margin:g} mm from the paper's edge")
    return tuple(notes)
