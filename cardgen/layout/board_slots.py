"""Slots: where a card or a token lies on a board, its size plus a margin, outlined (solid or dashed) and labelled."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cardgen.layout.board_text import MIN_SIZE, centred, fit_size
from cardgen.layout.ops import Ellipse, Op, Path, Rect

Point = tuple[float, float]
ARC_STEP = 10.0  # degrees between the points of a dashed curve


class SlotError(ValueError):
    """A slot that cannot be drawn as asked (a size not above 0, a label that does not fit)."""


LABEL_SIZE = 14.0  # points: a slot's label, readable from across a table


@dataclass(frozen=True)
class SlotStyle:
    """How a slot looks: its outline (solid or dashed: `dash` mm drawn, `gap` mm left), corners and label."""

    stroke: str = "#000000"
    stroke_width: float = 0.4
    fill: str | None = None
    dashed: bool = False
    dash: float = 3.0
    gap: float = 2.0
    radius: float = 3.0
    font: str = "regular"
    colour: str = "#555555"
    label_size: float = LABEL_SIZE  # points, at most: a label longer than the slot is set smaller


def card_slot_ops(x: float, y: float, card: tuple[float, float], margin: float = 2.0, label: str = "",
                  style: SlotStyle = SlotStyle()) -> tuple[Op, ...]:
    """A slot for a card of `card` (w, h mm) with `margin` mm all round: its outline's top-left at (x, y)."""
    w, h = card
    if w <= 0 or h <= 0 or margin < 0:
        raise SlotError(f"a slot needs a card size above 0 and a margin of 0 or more, found {w:g} x {h:g} mm, "
                        f"margin {margin:g} mm")
    w, h = w + 2 * margin, h + 2 * margin
    radius = min(style.radius, w / 2, h / 2)
    if style.dashed:
        outline: Op = Path(dashes(_rounded_rect(x, y, w, h, radius), style.dash, style.gap), None, style.stroke,
                           style.stroke_width)
        ops: list[Op] = [Rect(x, y, w, h, style.fill, None, radius=radius)] if style.fill else []
        ops.append(outline)
    else:
        ops = [Rect(x, y, w, h, style.fill, style.stroke, style.stroke_width, radius)]
    return (*ops, *_label(label, x + w / 2, y + h / 2, w * 0.85, h * 0.85, style))


def token_slot_ops(x: float, y: float, diameter: float, margin: float = 2.0, label: str = "",
                   style: SlotStyle = SlotStyle()) -> tuple[Op, ...]:
    """A round slot for a token of `diameter` mm with `margin` mm all round: its bounding box's top-left at (x, y)."""
    if diameter <= 0 or margin < 0:
        raise SlotError(f"a token slot needs a diameter above 0 and a margin of 0 or more, found {diameter:g} mm, "
                        f"margin {margin:g} mm")
    d = diameter + 2 * margin
    cx, cy, r = x + d / 2, y + d / 2, d / 2
    if style.dashed:
        ops: list[Op] = [Ellipse(x, y, d, d, style.fill, None)] if style.fill else []
        ops.append(Path(dashes(_circle(cx, cy, r), style.dash, style.gap), None, style.stroke, style.stroke_width))
    else:
        ops = [Ellipse(x, y, d, d, style.fill, style.stroke, style.stroke_width)]
    return (*ops, *_label(label, cx, cy, d * 0.68, d * 0.68, style))


def _label(label: str, cx: float, cy: float, width: float, height: float, style: SlotStyle) -> tuple[Op, ...]:
    if not label:
        return ()
    size = fit_size([label], width, height, style.font, largest=style.label_size)
    if size < MIN_SIZE:
        raise SlotError(f"the label {label!r} does not fit its slot at {MIN_SIZE:g} pt or more; shorten it")
    return (centred(label, cx, cy, style.font, size, style.colour),)


# an outline as pieces, each (its length in mm, the point at a distance along it, its radius: 0 for a straight line)
Piece = tuple[float, Callable[[float], Point], float]


def _line(a: Point, b: Point) -> Piece:
    length = math.dist(a, b)
    return length, lambda s: (a[0] + (b[0] - a[0]) * s / length, a[1] + (b[1] - a[1]) * s / length), 0.0


def _arc(cx: float, cy: float, r: float, start: float, sweep: float) -> Piece:
    """An arc from angle `start` through `sweep` degrees, clockwise on the page (y down)."""
    def at(s: float) -> Point:
        a = math.radians(start + sweep * s / length)
        return cx + r * math.cos(a), cy + r * math.sin(a)
    length = abs(math.radians(sweep)) * r
    return length, at, r


def _rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[Piece]:
    """The outline of a rectangle with corners of radius `r`, clockwise from the top edge's left end."""
    pieces = [_line((x + r, y), (x + w - r, y)), _arc(x + w - r, y + r, r, 270, 90),
              _line((x + w, y + r), (x + w, y + h - r)), _arc(x + w - r, y + h - r, r, 0, 90),
              _line((x + w - r, y + h), (x + r, y + h)), _arc(x + r, y + h - r, r, 90, 90),
              _line((x, y + h - r), (x, y + r)), _arc(x + r, y + r, r, 180, 90)]
    return [piece for piece in pieces if piece[0] > 1e-9]


def _circle(cx: float, cy: float, r: float) -> list[Piece]:
    return [_arc(cx, cy, r, 270, 360)]


def dashes(pieces: list[Piece], dash: float, gap: float) -> tuple[tuple, ...]:
    """Path commands for the outline `pieces` drawn as dashes: as many whole dash-and-gap periods as come nearest
    to `dash` + `gap`, each dash starting a period, so the dashes meet the start evenly."""
    if dash <= 0 or gap <= 0:
        raise SlotError(f"dash and gap must be above 0 mm, found {dash:g} and {gap:g}")
    total = sum(length for length, _, _ in pieces)
    count = max(1, round(total / (dash + gap)))
    period = total / count
    drawn = period * dash / (dash + gap)
    starts = [0.0]
    for length, _, _ in pieces:
        starts.append(starts[-1] + length)
    commands: list[tuple] = []
    for n in range(count):
        s0, s1 = n * period, n * period + drawn
        begun = False
        for index, (length, at, radius) in enumerate(pieces):
            lo, hi = max(s0, starts[index]), min(s1, starts[index] + length)
            if hi <= lo:
                continue
            points = [lo]
            if radius:
                step = math.radians(ARC_STEP) * radius  # mm of arc per ARC_STEP degrees
                points += [lo + step * k for k in range(1, math.ceil((hi - lo) / step)) if lo + step * k < hi]
            points.append(hi)
            local = [at(s - starts[index]) for s in points]
            commands.append(("L" if begun else "M", *local[0]))
            commands += [("L", *p) for p in local[1:]]
            begun = True
    return tuple(commands)
