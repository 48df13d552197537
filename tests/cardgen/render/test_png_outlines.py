"""Outlined rectangles in PNGs: the same width on every side, and rounded corners that meet the straight edges
without standing out of them, wherever the box falls between pixels."""

from __future__ import annotations

import pytest
from PIL import Image

from cardgen.render.png_shapes import ShapePainter


def outline(box, radius: float, width: float) -> Image.Image:
    image = Image.new("L", (100, 100), 255)
    ShapePainter(image).box(box, radius, None, "#000000", width)
    return image


def dark(image: Image.Image, x: int, y: int) -> bool:
    return image.getpixel((x, y)) < 128


@pytest.mark.parametrize("box", [(10.4, 10.3, 80.6, 80.7), (10.0, 10.0, 80.0, 80.0), (9.6, 11.5, 81.5, 79.5)])
@pytest.mark.parametrize("radius", [0.0, 8.0])
@pytest.mark.parametrize("width", [1.2, 4.3, 5.0])
def test_every_side_as_wide_and_no_corner_standing_out(box, radius, width):
    image = outline(box, radius, width)
    middle = 45
    sides = [sum(dark(image, x, middle) for x in range(middle)),        # left
             sum(dark(image, x, middle) for x in range(middle, 100)),      # right
             sum(dark(image, middle, y) for y in range(middle)),        # top
             sum(dark(image, middle, y) for y in range(middle, 100))]      # bottom
    assert len(set(sides)) == 1 and sides[0] == max(1, round(width)), sides
    left = min(x for x in range(100) if dark(image, x, middle))
    top = min(y for y in range(100) if dark(image, middle, y))
    right = max(x for x in range(100) if dark(image, x, middle))
    bottom = max(y for y in range(100) if dark(image, middle, y))
    for y in range(100):
        for x in range(100):
            if dark(image, x, y):
                assert left <= x <= right and top <= y <= bottom, (x, y)
