"""Crop marks: each drawn outward from a cut line as far as the room allows, kept inside the printable area."""

from __future__ import annotations

from collections.abc import Sequence

from cardgen.impose.sheet import MARK_GAP, MARK_LENGTH, MARK_STROKE, SHORTEST, Mark, Sheet, SheetOptions, Slot


def marks_for(sheet: Sheet, count: int) -> tuple[Mark, ...]:
    """The crop marks of a page holding `count` cards: only those of the cards present, so a deck's
    last page has no marks around its empty slots. A butted grid marks the cut lines of its cards,
    each beyond the bleed its cards get from `filled`."""
    if count >= sheet.per_page:
        return sheet.marks
    if sheet.options.style == "butted":
        return butted_marks(sheet.options, sheet.filled(count))
    return tuple(mark for mark, owner in zip(sheet.marks, sheet.owners) if owner < count)


def butted_marks(o: SheetOptions, slots: Sequence[Slot]) -> tuple[Mark, ...]:
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
        marks += _printable(o, outward(x0 + i * w, top, 0, -1, top - o.margin)
                            + outward(x0 + i * w, bottom, 0, 1, page.height - bottom - o.margin))
    for j in range(max(s.row for s in slots) + 2):
        on = [s for s in slots if s.row in (j - 1, j)]
        left = min(s.x - s.bleed_left for s in on) - MARK_GAP
        right = max(s.x + w + s.bleed_right for s in on) + MARK_GAP
        marks += _printable(o, outward(left, y0 + j * h, -1, 0, left - o.margin)
                            + outward(right, y0 + j * h, 1, 0, page.width - right - o.margin))
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


def outward(x: float, y: float, dx: int, dy: int, room: float) -> list[Mark]:
    """A mark starting at (x, y) going (dx, dy) as far as MARK_LENGTH or the room allows."""
    length = min(MARK_LENGTH, room)
    if length < SHORTEST:
        return []
    return [Mark(x, y, x + dx * length, y + dy * length)]
