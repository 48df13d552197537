"""Draws a text run into a Pillow image glyph by glyph, at the advance widths the PDF uses.

The glyphs come from the TTF files the PDF embeds, at size * dpi / 72 px, antialiased by FreeType.
Placing each glyph at reportlab's advance width keeps the PNG's letters where the PDF's are:
FreeType's hinted advances, used when Pillow sets a whole string, drift from them by up to a pixel
every few letters, which moved the ends of long lines by several pixels. Each glyph's mask is
rendered once per size and quarter-pixel position and then only pasted, which is also faster.
"""

from __future__ import annotations

import functools
import math

from PIL import Image, ImageDraw, ImageFont

from cardgen.layout import fonts
from cardgen.layout.ops import Text
from cardgen.render.png_shapes import paint

PHASES = 4  # a glyph is drawn at quarter-pixel positions along its line


def draw_text(canvas: Image.Image, op: Text, x: float, y: float, scale: float) -> None:
    """Draws `op` with the left end of its baseline at pixel (x, y); `scale` is pixels per mm."""
    baseline = round(y)
    size = op.size * fonts.PT * scale
    for char in op.text:
        if not char.isspace():
            left = math.floor(x)
            mask, dx, dy = _glyph(op.font, size, char, round((x - left) * PHASES))
            if mask is not None:
                top = baseline + dy
                paint(canvas, op.colour, (left + dx, top, left + dx + mask.width, top + mask.height), mask)
        x += fonts.width_mm(char, op.font, op.size) * scale


@functools.lru_cache(maxsize=64)
def _font(style: str, size_px: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(fonts.file_of(style)), size_px, layout_engine=ImageFont.Layout.BASIC)


@functools.lru_cache(maxsize=16384)
def _glyph(style: str, size_px: float, char: str, phase: int) -> tuple[Image.Image | None, int, int]:
    """A character's coverage mask for a pen `phase` / PHASES px right of a whole pixel, and the
    offset of the mask's top-left corner from that whole pixel on the baseline."""
    font = _font(style, size_px)
    left, top, right, bottom = map(int, font.getbbox(char, anchor="ls"))  # whole pixels already; typed as float
    if right <= left or bottom <= top:
        return None, 0, 0
    mask = Image.new("L", (right - left + 3, bottom - top + 2), 0)
    ImageDraw.Draw(mask).text((1 - left + phase / PHASES, 1 - top), char, font=font, fill=255, anchor="ls")
    return mask, left - 1, top - 1
