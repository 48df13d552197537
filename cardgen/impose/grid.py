"""Lays cards out on a sheet: the grid of slots, their bleed, and the crop marks around them.

Coordinates are millimetres from the top-left corner of the page, y downwards. Two styles:

- `butted`: cards edge to edge sharing their cut lines, bleed only on the grid's outer edges, crop
  marks in the page margin on the extension of every cut line. The outer bleed shrinks where the
  margin is too narrow for bleed and marks at least BUTTED_MIN_MARK long (Letter's 6.35 mm above
  and below a 3 x 3 poker grid), so marks always stay outside the bleed and inside the printable
  area; where even without bleed there is less room than that, the marks shorten, and where no
  mark fits at all the grid loses a row or column (every cut keeps its marks); `Sheet.notes` says so.
- `gutter`: every card with its own bleed and a gap between neighbours; crop marks at every card
  corner, outside its bleed, never reaching a neighbour's bleed.

`margin` is the printable area's edge: no crop mark comes closer than that to the paper's edge, its
stroke's width included (home printers cannot print the outer 4-5 mm). Cards and their bleed may reach into it, because
losing some bleed there costs nothing once the card is cut.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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

    def marks_for(self, count: int) -> tuple[Mark, ...]:
        """The crop marks of a page holding `count` cards: only those of the cards present, so a deck's
        last page has no marks around its empty slots. A butted grid marks the cut lines of its cards,
        each beyond the bleed its cards get from `filled`."""
        if count >= self.per_page:
            return self.marks
        if self.options.style == "butted":
            return _butted_marks(self.options, self.filled(count))
        return tuple(mark for mark, owner in zip(self.marks, self.owners) if owner < count)

    def folds_for(self, count: int) -> tuple[Mark, ...]:
        """The fold ticks of a page holding `count` pairs (fold sheets)."""
        return tuple(tick for tick, owner in zip(self.folds, self.fold_owners) if owner < count)


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
        from cardgen.impose.fold import fold_sheet  # fold builds on this module's gutter layout
        return fold_sheet(options)
    return _gutter(options)


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
    marks = _butted_marks(o, slots)
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


def _butted_marks(o: SheetOptions, slots: Sequence[Slot]) -> tuple[Mark, ...]:
    """The crop marks of a butted grid's cards `slots`: on both extensions of every cut line those
    cards have, beyond the bleed of the cards on that line (a part-filled page's last cards get
    theirs from `Sheet.filled`), as long as the room to the margin allows."""
    if not slots:
        return ()
    w, h, page = o.card_width, o.card_height, o.paper
    x0, y0 = slots[0].x - slots[0].col * w, slots[0].y - slots[0].row * h
    marks: list[Mark] = []
    for i in range(max(s.col for s in slots) + 2):
        on = [s for s in slots if s.col in (i - 1, i)]
        top = min(s.y - s.bleed_top for s in on) - MARK_GAP
        bottom = max(s.y + h + s.bleed_bottom for s in on) + MARK_GAP
        marks += _printable(o, _outward(x0 + i * w, top, 0, -1, top - o.margin)
                            + _outward(x0 + i * w, bottom, 0, 1, page.height - bottom - o.margin))
    for j in range(max(s.row for s in slots) + 2):
        on = [s for s in slots if s.row in (j - 1, j)]
        left = min(s.x - s.bleed_left for s in on) - MARK_GAP
        right = max(s.x + w + s.bleed_right for s in on) + MARK_GAP
        marks += _printable(o, _outward(left, y0 + j * h, -1, 0, left - o.margin)
                            + _outward(right, y0 + j * h, 1, 0, page.width - right - o.margin))
    return tuple(marks)


def _printable(o: SheetOptions, marks: list[Mark]) -> list[Mark]:
    """The marks whose whole stroke lies inside the printable area: their ends (butt caps) at the margin
    at most, and a mark along a line less than half a MARK_STROKE inside the margin left out."""
    page, edge = o.paper, o.margin - 1e-9
    kept = []
    for m in marks:
        xs, ys = (m.x1, m.x2), (m.y1, m.y2)
        side_x = MARK_STROKE / 2 if m.x1 == m.x2 else 0.0  # a vertical stroke is as wide as the stroke
        side_y = MARK_STROKE / 2 if m.y1 == m.y2 else 0.0
        if (edge <= min(xs) - side_x and max(xs) + side_x <= page.width - edge
                and edge <= min(ys) - side_y and max(ys) + side_y <= page.height - edge):
            kept.append(m)
    return kept


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


def _gutter(o: SheetOptions) -> Sheet:
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
            marks += _outward(x, s.y - b - MARK_GAP, 0, -1, above)
            marks += _outward(x, s.y + h + b + MARK_GAP, 0, 1, below)
        for y in (s.y, s.y + h):
            marks += _outward(s.x - b - MARK_GAP, y, -1, 0, before)
            marks += _outward(s.x + w + b + MARK_GAP, y, 1, 0, after)
        owners += [s.index] * (len(marks) - len(owners))
    return Sheet(o, cols, rows, slots, tuple(marks), owners=tuple(owners))


def _outward(x: float, y: float, dx: int, dy: int, room: float) -> list[Mark]:
    """A mark starting at (x, y) going (dx, dy) as far as MARK_LENGTH or the room allows."""
    length = min(MARK_LENGTH, room)
    if length < SHORTEST:
        return []
    return [Mark(x, y, x + dx * length, y + dy * length)]
