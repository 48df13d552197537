"""Where each card of a showcase goes, in pixels: a fan, a row (tilted, with its reflection), a grid, a pile.

Each style turns the cards' pixel sizes into a picture size and one Placement per card, in drawing order (the
last drawn lies on top). A placement maps a point of the card (fractions of its width and height) to the
picture, so the drawing and the tests agree on where every card is. Angles are degrees clockwise.
"""

from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass, replace

MARGIN = 0.3          # inches of ground around the cards (room for their shadows)
FAN_RADIUS = 0.8      # the fan's pivot lies this many card heights below the cards' bottom edge
FAN_STEP = 10.0       # degrees between neighbouring cards of a fan, at most
FAN_SPREAD = 80.0     # degrees from the first card of a fan to its last, at most
ROW_SPACING = 1.1     # a row's cards each take this many (tilted) card widths: Squib's showcase offset
TILT = 0.85           # a tilted card's far edge, as a share of its near edge: Squib's showcase scale
REFLECTION = 0.25     # the share of a card's height its reflection shows: Squib's reflect_percent
REFLECTION_GAP = 0.05  # inches between a card and its reflection
GRID_GAP = 0.08       # a grid's gaps, as a share of a card's width
GRID_ASPECT = 1.5     # the shape a grid aims for, width over height
PILE_ANGLE = 14.0     # a pile's cards lie up to this many degrees off straight


@dataclass(frozen=True)
class Placement:
    """One card on the picture: `index` into the chosen cards, its centre, size (px) and angle (degrees
    clockwise); `tilt` the far edge's share of the near one for a card seen in perspective (None: seen flat)."""

    index: int
    cx: float
    cy: float
    w: int
    h: int
    angle: float = 0.0
    tilt: float | None = None

    @property
    def drawn_width(self) -> float:
        """The width the card takes on the picture before any rotation (narrower when tilted)."""
        return self.w * self.tilt if self.tilt else float(self.w)

    def point(self, u: float, v: float) -> tuple[float, float]:
        """Where the point `u` of the card's width and `v` of its height (0..1 from its top-left) lands."""
        if self.tilt:
            x, y = perspective_point(self.w, self.h, self.tilt, u * self.w, v * self.h)
            return self.cx - self.drawn_width / 2 + x, self.cy - self.h / 2 + y
        x, y = (u - 0.5) * self.w, (v - 0.5) * self.h
        a = math.radians(self.angle)
        return self.cx + x * math.cos(a) - y * math.sin(a), self.cy + x * math.sin(a) + y * math.cos(a)

    def corners(self) -> list[tuple[float, float]]:
        return [self.point(u, v) for u, v in ((0, 0), (1, 0), (1, 1), (0, 1))]


@dataclass(frozen=True)
class Arrangement:
    """A picture's size in pixels and its cards' placements, in drawing order; `reflections`: the row's."""

    size: tuple[int, int]
    placements: tuple[Placement, ...]
    reflections: bool = False


def perspective_point(w: float, h: float, tilt: float, x: float, y: float) -> tuple[float, float]:
    """Card pixel (x, y) of a `w` x `h` card seen turned away to the right: its left edge whole, its right edge
    `tilt` as tall (centred) and the card `tilt` as wide; straight lines stay straight (a homography)."""
    # the homography taking the card's corners to (0, 0), (w tilt, top), (w tilt, h - top), (0, h) keeps vertical
    # lines vertical and the middle line level: x' = x / (1 + g x), y' = (y + c x) / (1 + g x)
    g = (1 / tilt - 1) / w
    c = h * (1 - tilt) / 2 / (tilt * w)
    d = 1 + g * x
    return x / d, (y + c * x) / d


def perspective_inverse(w: float, h: float, tilt: float) -> tuple[float, ...]:
    """The 8 coefficients of Pillow's PERSPECTIVE transform taking a tilted card's picture pixel back to the card's
    own pixel (the inverse of perspective_point): x = X / (1 - g X), y = (Y - c X) / (1 - g X)."""
    g = (1 / tilt - 1) / w
    c = h * (1 - tilt) / 2 / (tilt * w)
    return (1.0, 0.0, 0.0, -c, 1.0, 0.0, -g, 0.0)


def fan(sizes: list[tuple[int, int]], dpi: float) -> Arrangement:
    """A hand of cards: each turned about a point below the cards, the first leftmost, each over the one before."""
    n, h = len(sizes), max(height for _, height in sizes)
    step = min(FAN_STEP, FAN_SPREAD / (n - 1)) if n > 1 else 0.0
    placed = []
    for i, (w, ch) in enumerate(sizes):
        angle = (i - (n - 1) / 2) * step
        a, radius = math.radians(angle), FAN_RADIUS * h + ch / 2  # from the pivot to the card's centre: the
        placed.append(Placement(i, radius * math.sin(a), -radius * math.cos(a), w, ch, angle))  # bottoms on a circle
    return _framed(placed, dpi)


def row(sizes: list[tuple[int, int]], dpi: float, tilt: bool = True) -> Arrangement:
    """Cards side by side, each turned a little away (Squib's showcase), with their reflection beneath."""
    share = TILT if tilt else None
    x, placed, h = 0.0, [], max(height for _, height in sizes)
    for i, (w, ch) in enumerate(sizes):
        width = w * share if share else w
        placed.append(Placement(i, x + width / 2, h - ch / 2, w, ch, 0.0, share))
        x += width * ROW_SPACING
    below = REFLECTION_GAP * dpi + REFLECTION * h
    return _framed(placed, dpi, extra_bottom=below, reflections=True)


def grid(sizes: list[tuple[int, int]], dpi: float) -> Arrangement:
    """A contact sheet: the cards upright in rows, as near a 3:2 picture as the count allows."""
    n = len(sizes)
    cell_w, cell_h = max(w for w, _ in sizes), max(h for _, h in sizes)
    gap = GRID_GAP * cell_w
    columns = min(range(1, n + 1), key=lambda c: _grid_cost(n, c, (cell_w + gap) / (cell_h + gap)))
    placed = []
    for i, (w, h) in enumerate(sizes):
        row_of, column = divmod(i, columns)
        in_row = min(columns, n - row_of * columns)  # the last row's cards are centred under the others
        x = (column + (columns - in_row) / 2) * (cell_w + gap) + cell_w / 2
        placed.append(Placement(i, x, row_of * (cell_h + gap) + cell_h / 2, w, h))
    return _framed(placed, dpi)


def _grid_cost(n: int, columns: int, cell_aspect: float) -> float:
    """How far `columns` columns of `n` cards are from a GRID_ASPECT picture (in doublings), plus the share of the
    last row left empty: 5 cards go 3 + 2, not 4 + 1."""
    rows = math.ceil(n / columns)
    return abs(math.log(columns * cell_aspect / rows / GRID_ASPECT)) / math.log(2) + 1.2 * (columns * rows - n) / columns


def pile(sizes: list[tuple[int, int]], dpi: float, seed: str) -> Arrangement:
    """A loose stack spread a little sideways, each card askew by a jitter drawn from `seed` (the same cards
    give the same pile); the first card lies on top."""
    rng = random.Random(int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big"))
    n, w0 = len(sizes), max(w for w, _ in sizes)
    spread = w0 * min(0.3, 1.2 / n)
    placed = []
    for i, (w, h) in enumerate(sizes):
        dx, dy = rng.uniform(-0.05, 0.05) * w, rng.uniform(-0.05, 0.05) * h
        angle = rng.uniform(-PILE_ANGLE, PILE_ANGLE) if i else rng.uniform(-PILE_ANGLE / 3, PILE_ANGLE / 3)
        placed.append(Placement(i, (i - (n - 1) / 2) * spread + dx, dy, w, h, angle))
    return _framed(placed[::-1], dpi)


def _framed(placed: list[Placement], dpi: float, extra_bottom: float = 0.0, reflections: bool = False) -> Arrangement:
    """The placements moved so that every card lies MARGIN inches inside the picture, and the picture's size."""
    points = [p for placement in placed for p in placement.corners()]
    margin = MARGIN * dpi
    left, top = min(x for x, _ in points), min(y for _, y in points)
    right, bottom = max(x for x, _ in points), max(y for _, y in points) + extra_bottom
    dx, dy = margin - left, margin - top
    size = (math.ceil(right - left + 2 * margin), math.ceil(bottom - top + 2 * margin))
    return Arrangement(size, tuple(replace(p, cx=p.cx + dx, cy=p.cy + dy) for p in placed), reflections)
