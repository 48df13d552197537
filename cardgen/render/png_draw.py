"""Draws a card face's operations into a Pillow image at a given DPI, at the places the PDF uses.

The canvas is the trim box plus `bleed` mm on every side (the face's own bleed by default), white
like the paper, with each op drawn where pdf_draw puts it: shapes by png_shapes (antialiased), text
by png_text (the PDF's TTF files and advance widths, baseline on the op's y), images scaled to
their box and clipped to their clip box, their transparency composited over what lies beneath
(png_art; SVG rasterised at the output's resolution).
"""

from __future__ import annotations

from PIL import Image as PILImage

from cardgen.layout.ops import Ellipse, Face, Image, Op, Path, Rect, Text
from cardgen.render.png_art import picture
from cardgen.render.png_shapes import ShapePainter, flatten
from cardgen.render.png_text import draw_text

RENDERER_VERSION = "png-3"  # change it whenever the same face would draw different pixels or encode to other bytes
MM_PER_INCH = 25.4


def render(face: Face, dpi: float, bleed: float | None = None, size: tuple[int, int] | None = None) -> PILImage.Image:
    """`face` as an RGB image: trim + 2 * bleed mm at `dpi`, then scaled to exactly `size` px if given.

    A `bleed` smaller than the face's crops the picture closer to the trim (0: the trimmed card).
    """
    bleed = face.bleed if bleed is None else bleed
    canvas = PILImage.new("RGB", pixel_size(face.width + 2 * bleed, face.height + 2 * bleed, dpi), "#ffffff")
    _Painter(canvas, dpi / MM_PER_INCH, bleed).ops(face.ops)
    if size is not None and canvas.size != tuple(size):
        canvas = canvas.resize(tuple(size), PILImage.Resampling.LANCZOS)
    return canvas


def pixel_size(width: float, height: float, dpi: float) -> tuple[int, int]:
    """The pixel size of `width` x `height` mm at `dpi`, rounded as `render` rounds it."""
    return (max(1, round(width * dpi / MM_PER_INCH + 1e-6)), max(1, round(height * dpi / MM_PER_INCH + 1e-6)))


class _Painter:
    """Draws ops given in millimetres from the trim box's top-left corner onto a canvas with a bleed."""

    def __init__(self, canvas: PILImage.Image, scale: float, bleed: float):
        self.canvas, self.scale, self.offset = canvas, scale, bleed
        self.shapes = ShapePainter(canvas)

    def px(self, x: float, y: float) -> tuple[float, float]:
        return (x + self.offset) * self.scale, (y + self.offset) * self.scale

    def ops(self, ops: tuple[Op, ...]) -> None:
        for op in ops:
            if isinstance(op, Text):
                draw_text(self.canvas, op, *self.px(op.x, op.y), self.scale)
            elif isinstance(op, (Rect, Ellipse)):
                box = (*self.px(op.x, op.y), *self.px(op.x + op.w, op.y + op.h))
                radius = op.radius * self.scale if isinstance(op, Rect) else None
                self.shapes.box(box, radius, op.fill, op.stroke, op.stroke_width * self.scale)
            elif isinstance(op, Path):
                self.shapes.path(flatten(op.commands, self.px), op.fill, op.stroke, op.stroke_width * self.scale)
            elif isinstance(op, Image):
                self._image(op)

    def _image(self, op: Image) -> None:
        left, top = (round(v) for v in self.px(op.x, op.y))
        right, bottom = (round(v) for v in self.px(op.x + op.w, op.y + op.h))
        if right <= left or bottom <= top:
            return
        cx, cy, cw, ch = op.clip
        (clip_left, clip_top), (clip_right, clip_bottom) = self.px(cx, cy), self.px(cx + cw, cy + ch)
        clip = (max(round(clip_left), left, 0), max(round(clip_top), top, 0),
                min(round(clip_right), right, self.canvas.width), min(round(clip_bottom), bottom, self.canvas.height))
        if clip[2] <= clip[0] or clip[3] <= clip[1]:
            return
        art = picture(op.path, right - left, bottom - top, op.vector)
        art = art.crop((clip[0] - left, clip[1] - top, clip[2] - left, clip[3] - top))
        if art.mode == "RGBA":
            beneath = self.canvas.crop(clip).convert("RGBA")
            art = PILImage.alpha_composite(beneath, art).convert("RGB")
        self.canvas.paste(art, clip[:2])
