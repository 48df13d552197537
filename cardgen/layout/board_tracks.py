"""Tracks: runs of numbered spaces along a line, an arc or round a rectangle, as drawing operations in mm (y down)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardgen.layout.board_text import MIN_SIZE, centred, fit_size
from cardgen.layout.ops import Ellipse, Op, Rect

Point = tuple[float, float]
SHAPES = ("square", "circle", "rounded")
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")  # clockwise on the page


class TrackError(ValueError):
    """A track that cannot be drawn as asked: its spaces overlap, or its numbers or labels do not fit them."""


@dataclass(frozen=True)
class TrackStyle:
    """How a track's spaces look: shape and size (mm), colours, and which spaces are marked."""

    shape: str = "square"
    size: float = 12.0
    stroke: str = "#000000"
    fill: str | None = "#ffffff"
    stroke_width: float = 0.3
    mark_every: int = 0  # a space whose number is a multiple of this is marked (0: none)
    mark_fill: str | None = "#d9d9d9"
    mark_stroke_width: float = 0.8
    font: str = "bold"
    label_font: str = "regular"
    colour: str = "#000000"


def line_centres(start: Point, end: Point, count: int) -> list[Point]:
    """`count` centres evenly spaced from `start` to `end`, both included."""
    if count == 1:
        return [start]
    (x0, y0), (x1, y1) = start, end
    return [(x0 + (x1 - x0) * i / (count - 1), y0 + (y1 - y0) * i / (count - 1)) for i in range(count)]


def arc_centres(centre: Point, radius: float, start_angle: float, end_angle: float, count: int) -> list[Point]:
    """`count` centres evenly spaced on a circle's arc; angles in degrees, 0 at 3 o'clock, growing clockwise.

    A whole turn (end - start = 360) closes the track: its last space sits one step before its first.
    """
    if abs(end_angle - start_angle) > 360 + 1e-9:
        raise TrackError(f"an arc turns at most 360 degrees, found {start_angle:g} to {end_angle:g}")
    closed = math.isclose(abs(end_angle - start_angle), 360)
    steps = count if closed else max(count - 1, 1)
    cx, cy = centre
    angles = [math.radians(start_angle + (end_angle - start_angle) * i / steps) for i in range(count)]
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


def around_centres(box: tuple[float, float, float, float], count: int, size: float, corner: str = "top-left",
                   clockwise: bool = True) -> list[Point]:
    """`count` centres round the inside edge of `box` (x, y, w, h): a space in each corner, then each side's
    spaces evenly spaced between its corners, the sides given spaces in proportion to their lengths; starting in
    `corner` and going clockwise (or not)."""
    if corner not in CORNERS:
        raise TrackError(f"corner must be one of {', '.join(CORNERS)}, found {corner!r}")
    if count < 4:
        raise TrackError(f"a track round a rectangle needs a space in each corner: 4 spaces or more, found {count}")
    x, y, w, h = box
    inner_w, inner_h = w - size, h - size
    if inner_w <= 0 or inner_h <= 0:
        raise TrackError(f"spaces of {size:g} mm do not fit inside a {w:g} x {h:g} mm rectangle")
    corners = [(x + size / 2, y + size / 2), (x + w - size / 2, y + size / 2), (x + w - size / 2, y + h - size / 2),
               (x + size / 2, y + h - size / 2)]
    start = CORNERS.index(corner)
    order = [corners[(start + i) % 4] if clockwise else corners[(start - i) % 4] for i in range(4)]
    lengths = [math.dist(order[i], order[(i + 1) % 4]) for i in range(4)]
    gaps = _share(count, lengths)
    centres: list[Point] = []
    for side in range(4):
        (x0, y0), (x1, y1) = order[side], order[(side + 1) % 4]
        centres.extend((x0 + (x1 - x0) * i / gaps[side], y0 + (y1 - y0) * i / gaps[side]) for i in range(gaps[side]))
    return centres


def _share(count: int, lengths: Sequence[float]) -> list[int]:
    """`count` gaps shared among sides of `lengths` in proportion (largest remainder), at least one each."""
    total = sum(lengths)
    ideal = [count * length / total for length in lengths]
    gaps = [max(1, math.floor(value)) for value in ideal]
    while sum(gaps) < count:
        gaps[max(range(len(gaps)), key=lambda i: (ideal[i] - gaps[i], -i))] += 1
    while sum(gaps) > count:
        gaps[max((i for i in range(len(gaps)) if gaps[i] > 1), key=lambda i: (gaps[i] - ideal[i], -i))] -= 1
    return gaps


def check_spacing(centres: Sequence[Point], style: TrackStyle, closed: bool) -> None:
    """TrackError when two neighbouring spaces overlap (the last and the first too on a closed track)."""
    pairs = list(itertools.pairwise(centres))
    if closed and len(centres) > 2:
        pairs.append((centres[-1], centres[0]))
    for n, (a, b) in enumerate(pairs):
        dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
        apart = math.hypot(dx, dy) if style.shape == "circle" else max(dx, dy)
        if apart < style.size - 1e-6:
            raise TrackError(f"spaces {n + 1} and {(n + 1) % len(centres) + 1} overlap: {len(centres)} spaces of "
                             f"{style.size:g} mm need more room (their centres are {apart:.2f} mm apart); make the "
                             "track longer, the spaces smaller or fewer")


def track_ops(values: Sequence[int], centres: Sequence[Point], style: TrackStyle,
              labels: Mapping[int, str] | None = None) -> tuple[Op, ...]:
    """Each space in turn: its shape, its number centred in it, and its label (if any) beneath the number."""
    labels = dict(labels or {})
    if len(values) != len(centres):
        raise TrackError(f"{len(values)} numbers for {len(centres)} spaces")
    stray = sorted(set(labels) - set(values))
    if stray:
        raise TrackError(f"labels name spaces the track does not have: {', '.join(map(str, stray))}")
    s = style.size
    inner = s * (0.68 if style.shape == "circle" else 0.82)  # a text box inside the shape's outline
    number_h = inner * (0.5 if labels else 0.62)
    number_size = fit_size([str(v) for v in values], inner, number_h, style.font)
    label_size = fit_size(labels.values(), inner, inner * 0.34, style.label_font, largest=number_size * 0.7)
    if number_size < MIN_SIZE:
        raise TrackError(f"the numbers do not fit spaces of {s:g} mm at {MIN_SIZE:g} pt or more; make them larger")
    if labels and label_size < MIN_SIZE:
        raise TrackError(f"the labels do not fit spaces of {s:g} mm at {MIN_SIZE:g} pt or more: shorten them "
                         "or make the spaces larger")
    ops: list[Op] = []
    for value, (cx, cy) in zip(values, centres):
        marked = bool(style.mark_every) and value % style.mark_every == 0
        fill = style.mark_fill if marked else style.fill
        width = style.mark_stroke_width if marked else style.stroke_width
        if style.shape == "circle":
            ops.append(Ellipse(cx - s / 2, cy - s / 2, s, s, fill, style.stroke, width))
        else:
            radius = s * 0.18 if style.shape == "rounded" else 0.0
            ops.append(Rect(cx - s / 2, cy - s / 2, s, s, fill, style.stroke, width, radius))
        label = labels.get(value, "")
        number_y = cy - inner * 0.2 if label else cy
        ops.append(centred(str(value), cx, number_y, style.font, number_size, style.colour))
        if label:
            ops.append(centred(label, cx, cy + inner * 0.3, style.label_font, label_size, style.colour))
    return tuple(ops)
