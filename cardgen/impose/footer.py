"""Where a page's footer can go: stretches of the margin band free of cards, bleed and crop marks.

The band is the strip just inside the printable margin along each side of the page, as tall as the
footer's type. Crop marks cross it at every cut line, so the free stretches are the gaps between
them; the footer goes in the bottom band when it fits there, else in the longest stretch of the top
or sides, or split in two when no single stretch holds all of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Iterable

from cardgen.impose.papers import Paper

CLEARANCE = 0.5  # mm between the footer and anything else on the page
SIDES = ("bottom", "top", "left", "right")  # in order of preference


@dataclass(frozen=True)
class Run:
    """A free stretch of the band along `side`, from `start` to `end` mm along that edge (x for top
    and bottom, y for left and right, from the page's top-left corner)."""

    side: str
    start: float
    end: float

    @property
    def length(self) -> float:
        return self.end - self.start


Box = tuple[float, float, float, float]  # x, y, width, height in mm from the top-left, y down


def free_runs(paper: Paper, margin: float, band: float, boxes: Iterable[Box]) -> list[Run]:
    """Every free stretch of the band `band` mm deep inside `margin`, longest first (bottom first
    among equals). `boxes` are what the footer must keep clear of: bleed boxes and marks' extents."""
    w, h = paper.width, paper.height
    lo, hi = margin, margin + band
    strips = {"bottom": (0.0, w, h - hi, h - lo), "top": (0.0, w, lo, hi),
              "left": (lo, hi, 0.0, h), "right": (w - hi, w - lo, 0.0, h)}
    boxes = list(boxes)
    runs: list[Run] = []
    for side in SIDES:
        x0, x1, y0, y1 = strips[side]
        along_x = side in ("bottom", "top")
        blocked = []
        for bx, by, bw, bh in boxes:
            if bx - CLEARANCE < x1 and bx + bw + CLEARANCE > x0 and by - CLEARANCE < y1 and by + bh + CLEARANCE > y0:
                blocked.append((bx - CLEARANCE, bx + bw + CLEARANCE) if along_x
                               else (by - CLEARANCE, by + bh + CLEARANCE))
        start, limit = margin, (w if along_x else h) - margin
        for a, b in sorted(blocked):
            if a > start:
                runs.append(Run(side, start, min(a, limit)))
            start = max(start, b)
        if limit > start:
            runs.append(Run(side, start, limit))
    runs = [r for r in runs if r.length > 0]
    return sorted(runs, key=lambda r: (-round(r.length, 6), SIDES.index(r.side), r.start))
