"""Fills and strokes rectangles, rounded rectangles, ellipses and paths on a Pillow image, antialiased.

Coordinates are canvas pixels. Curved and slanted edges are antialiased by drawing just their
bounding box into a mask a few times finer and reducing it (drawing the whole card twice as large
and reducing it was measured three times slower); a rounded rectangle gets masks at its corners
only. Straight edges are rounded to whole pixels (1/12 mm at 300 DPI). Strokes are centred on the
outline, as in PDF.
"""

from __future__ import annotations

import functools
import math
from typing import Any
from collections.abc import Callable

from PIL import Image, ImageChops, ImageDraw

AA = 4            # how much finer masks are drawn for shapes of at most SMALL pixels ...
AA_LARGE = 2      # ... and for larger ones (placeholder art's hills), where 4 costs 4 times as much
SMALL = 40_000
CURVE_STEPS = 16

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]


def paint(canvas: Image.Image, colour: str, box: tuple[int, int, int, int], mask: Image.Image | None = None) -> None:
    """Paints `colour` (#rrggbb, or #rrggbbaa: its alpha scales the coverage `mask`) over `box`."""
    if len(colour) == 9:
        alpha = int(colour[7:], 16)
        if mask is None:
            mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), alpha)
        else:
            mask = mask.point([v * alpha // 255 for v in range(256)])
        colour = colour[:7]
    canvas.paste(colour, box, mask)


class ShapePainter:
    """Paints shapes in one colour each onto `canvas`."""

    def __init__(self, canvas: Image.Image):
        self.canvas = canvas
        self.draw = ImageDraw.Draw(canvas)

    def box(self, box: Box, radius: float | None, fill: str | None, stroke: str | None, width: float) -> None:
        """A rectangle (radius 0), rounded rectangle, or ellipse (radius None); `width` is the stroke's.

        A rectangle's straight edges are drawn on whole pixels, so its box is put on whole pixels first:
        the antialiased corners then meet the edges exactly, and an outline is as many pixels wide on
        every side (measured before: corners standing 1 px out of the edges, sides 4 and 5 px wide).
        """
        if radius is not None:
            if fill:
                self._shape(_snapped(box), radius, None, fill)
            if stroke:
                thick = max(1, round(width))
                outer = _snapped(grow(box, width / 2))
                self._shape(outer, radius + thick / 2, (grow(outer, -thick), max(0.0, radius - thick / 2)), stroke)
            return
        if fill:
            self._shape(box, radius, None, fill)
        if stroke:
            half = width / 2
            hole = (grow(box, -half), None if radius is None else max(0.0, radius - half))
            self._shape(grow(box, half), None if radius is None else radius + half, hole, stroke)

    def path(self, subpaths: list[tuple[list[Point], bool]], fill: str | None, stroke: str | None,
             width: float) -> None:
        """Subpaths of (points, closed); overlapping filled subpaths follow the even-odd rule, as reportlab's."""
        points = [p for path, _ in subpaths for p in path]
        if not points:
            return
        bounds = grow((min(p[0] for p in points), min(p[1] for p in points),
                       max(p[0] for p in points), max(p[1] for p in points)), width / 2 + 1)
        if fill:
            self._masked(bounds, fill, ("fill", tuple(tuple(path) for path, _ in subpaths if len(path) > 2)))
        if stroke:
            self._masked(bounds, stroke, ("stroke", tuple((tuple(path), closed) for path, closed in subpaths), width))

    def _shape(self, box: Box, radius: float | None, hole: tuple[Box, float | None] | None, colour: str) -> None:
        if radius == 0 and (hole is None or hole[1] == 0):
            self._plain(box, hole[0] if hole else None, colour)
            return
        spec = ("box", box, radius, *(hole or (None, None)))
        x0, y0, x1, y1 = box
        edge = math.ceil(radius) + 1 if radius else 0
        inner_x0, inner_x1 = math.floor(x0) + edge, math.ceil(x1) - edge
        inner_y0, inner_y1 = math.floor(y0) + edge, math.ceil(y1) - edge
        if radius is None or inner_x1 <= inner_x0 or inner_y1 <= inner_y0:
            self._masked(box, colour, spec)  # an ellipse, or a rounded rectangle that is all corners
            return
        for cx0, cx1 in ((x0, inner_x0), (inner_x1, x1)):
            for cy0, cy1 in ((y0, inner_y0), (inner_y1, y1)):
                self._masked((cx0, cy0, cx1, cy1), colour, spec)
        for side in ((inner_x0, y0, inner_x1, y1), (x0, inner_y0, inner_x0, inner_y1),
                     (inner_x1, inner_y0, x1, inner_y1)):
            self._plain(side, _overlap(side, hole[0]) if hole else None, colour)

    def _plain(self, box: Box, hole: Box | None, colour: str) -> None:
        """A straight-edged rectangle less a rectangular `hole`, its edges rounded to whole pixels."""
        if hole is None or hole[2] - hole[0] <= 0 or hole[3] - hole[1] <= 0:
            parts: tuple[Box, ...] = (box,)
        else:
            parts = ((box[0], box[1], box[2], hole[1]), (box[0], hole[3], box[2], box[3]),
                     (box[0], hole[1], hole[0], hole[3]), (hole[2], hole[1], box[2], hole[3]))
        for x0, y0, x1, y1 in parts:
            left, top, right, bottom = round(x0), round(y0), round(x1), round(y1)
            if hole is not None and x1 - x0 > 0 and y1 - y0 > 0:  # a thin stroke stays at least a pixel wide
                right, bottom = max(right, left + 1), max(bottom, top + 1)
            if right > left and bottom > top:
                if len(colour) == 9:  # translucent: blended over what lies beneath, as the PDF's alpha
                    paint(self.canvas, colour, (left, top, right, bottom))
                else:
                    self.draw.rectangle((left, top, right - 1, bottom - 1), fill=colour)

    def _masked(self, bounds: Box, colour: str, spec: tuple) -> None:
        """Paints `colour` through the antialiased mask of the shape `spec` over the pixels of `bounds`."""
        left, top = max(0, math.floor(bounds[0])), max(0, math.floor(bounds[1]))
        right = min(self.canvas.width, math.ceil(bounds[2]))
        bottom = min(self.canvas.height, math.ceil(bounds[3]))
        if right <= left or bottom <= top:
            return
        size = (right - left, bottom - top)
        local = _moved(spec, -left, -top)
        mask = _cached_mask(local, size) if size[0] * size[1] <= SMALL else _mask(local, size)
        paint(self.canvas, colour, (left, top, right, bottom), mask)


@functools.lru_cache(maxsize=512)
def _cached_mask(spec: tuple, size: tuple[int, int]) -> Image.Image:
    """Small masks repeat from card to card (frames' corners, badges, icons): each is drawn once."""
    return _mask(spec, size)


def _mask(spec: tuple, size: tuple[int, int]) -> Image.Image:
    """The coverage of shape `spec` (in pixels from the mask's corner) on `size` pixels, antialiased."""
    fine = AA if size[0] * size[1] <= SMALL else AA_LARGE
    mask = Image.new("L", (size[0] * fine, size[1] * fine), 0)
    draw = ImageDraw.Draw(mask)
    to = lambda x, y: (x * fine, y * fine)  # noqa: E731
    if spec[0] == "box":
        _, box, radius, hole, hole_radius = spec
        for shape, r, ink in ((box, radius, 255), (hole, hole_radius, 0)):
            if shape is None or shape[2] - shape[0] <= 0 or shape[3] - shape[1] <= 0:
                continue
            corners = (*to(shape[0], shape[1]), *(v - 1 for v in to(shape[2], shape[3])))
            if r is None:
                draw.ellipse(corners, fill=ink)
            elif r == 0:
                draw.rectangle(corners, fill=ink)
            else:
                draw.rounded_rectangle(corners, r * fine, fill=ink)
    elif spec[0] == "fill":
        for polygon in spec[1]:  # overlapping subpaths cancel out: the even-odd rule
            layer = Image.new("L", mask.size, 0) if len(spec[1]) > 1 else mask
            ImageDraw.Draw(layer).polygon([to(*p) for p in polygon], fill=255)
            if layer is not mask:
                mask.paste(ImageChops.difference(mask, layer))
    else:
        for path, closed in spec[1]:
            line = [to(*p) for p in (path + path[:1] if closed else path)]
            if len(line) > 1:
                draw.line(line, fill=255, width=max(1, round(spec[2] * fine)), joint="curve")
    return mask.reduce(fine)


def _moved(spec: Any, dx: float, dy: float) -> Any:
    """`spec` with every point moved by (dx, dy), rounded so that repeated shapes share a cached mask."""
    if isinstance(spec, tuple) and len(spec) == 2 and all(isinstance(v, float) for v in spec):
        return (round(spec[0] + dx, 6), round(spec[1] + dy, 6))
    if isinstance(spec, tuple) and len(spec) == 4 and all(isinstance(v, (int, float)) for v in spec):
        return (round(spec[0] + dx, 6), round(spec[1] + dy, 6), round(spec[2] + dx, 6), round(spec[3] + dy, 6))
    if isinstance(spec, tuple):
        return tuple(_moved(item, dx, dy) for item in spec)
    return spec


def _snapped(box: Box) -> Box:
    return float(round(box[0])), float(round(box[1])), float(round(box[2])), float(round(box[3]))


def grow(box: Box, by: float) -> Box:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _overlap(a: Box, b: Box) -> Box:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def flatten(commands: tuple[tuple, ...], px: Callable[[float, float], Point]) -> list[tuple[list[Point], bool]]:
    """A Path op's commands as subpaths of (pixel points, closed), cubic curves cut into short lines."""
    subpaths: list[tuple[list[Point], bool]] = []
    points: list[Point] = []
    for command in commands:
        name, *v = command
        if name == "M":
            if points:
                subpaths.append((points, False))
            points = [px(v[0], v[1])]
        elif name == "L":
            points.append(px(v[0], v[1]))
        elif name == "C" and points:
            (x0, y0), p1, p2, p3 = points[-1], px(v[0], v[1]), px(v[2], v[3]), px(v[4], v[5])
            for i in range(1, CURVE_STEPS + 1):
                t = i / CURVE_STEPS
                a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                points.append((a * x0 + b * p1[0] + c * p2[0] + d * p3[0], a * y0 + b * p1[1] + c * p2[1] + d * p3[1]))
        elif name == "Z" and points:
            subpaths.append((points, True))
            points = []
    if points:
        subpaths.append((points, False))
    return subpaths
