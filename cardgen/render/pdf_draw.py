"""Draws a card face's operations onto a reportlab canvas at a place on the page."""

from __future__ import annotations

import functools

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout import fonts
from cardgen.layout.ops import Ellipse, Face, Image, Op, Path, Rect, Text
from cardgen.render.pdf_art import ART_DPI, art_for_pdf
from cardgen.render.pdf_svg import svg_forms


@functools.lru_cache(maxsize=1024)
def colour(hex_colour: str) -> HexColor:
    """#rrggbb, or #rrggbbaa: reportlab then sets the fill or stroke alpha with the colour."""
    return HexColor(hex_colour, hasAlpha=len(hex_colour) == 9)


class PageDrawer:
    """Draws in millimetres from the page's top-left corner (y down) on a reportlab canvas."""

    def __init__(self, canvas: Canvas, page_height: float, art_dpi: float = ART_DPI):
        fonts.register()
        self.canvas, self.page_height = canvas, page_height
        self.art_dpi = art_dpi  # raster art larger than this resolution is scaled down to it (pdf_art)
        self.forms: dict[int, tuple[str, Face]] = {}  # the face is kept so its id() cannot be reused
        self._reset()

    def _reset(self) -> None:
        # what the PDF graphics state holds now: setting it again would only add bytes and time
        self._fill: str | None = None
        self._stroke: str | None = None
        self._font: tuple[str, float] | None = None
        self._width: float | None = None

    def y(self, y: float) -> float:
        return (self.page_height - y) * mm

    def face(self, face: Face, x: float, y: float, clip: tuple[float, float, float, float],
             reuse: bool = False) -> None:
        """Draws `face` with its trim box's top-left at (x, y), clipped to `clip` (x, y, w, h).

        A face drawn many times (a deck's back, a card with copies) is written once as a form
        XObject and placed by reference: smaller files, faster builds.
        """
        c = self.canvas
        c.saveState()
        self._reset()
        cx, cy, cw, ch = clip
        path = c.beginPath()
        path.rect(cx * mm, self.y(cy + ch), cw * mm, ch * mm)
        c.clipPath(path, stroke=0, fill=0)
        if reuse:
            name = self._form(face)
            c.translate(x * mm, self.y(y + face.height))
            c.doForm(name)
        else:
            self.ops(face.ops, x, y)
        c.restoreState()
        self._reset()

    def ops(self, ops: tuple[Op, ...], dx: float, dy: float) -> None:
        """Draws `ops` in order; consecutive text runs share one PDF text object."""
        text = None
        for op in ops:
            if isinstance(op, Text):
                if text is None:
                    text = self.canvas.beginText()
                    self._font = None  # a new text object starts in the canvas's font, not the last one set
                self._text(text, op, dx, dy)
                continue
            if text is not None:
                self.canvas.drawText(text)
                text = None
            self.op(op, dx, dy)
        if text is not None:
            self.canvas.drawText(text)

    def _text(self, text, op: Text, dx: float, dy: float) -> None:
        if self._fill != op.colour:
            text.setFillColor(colour(op.colour))
            self._fill = op.colour
        if self._font != (op.font, op.size):
            text.setFont(fonts.pdf_name(op.font), op.size)
            self._font = (op.font, op.size)
        text.setTextOrigin((dx + op.x) * mm, self.y(dy + op.y))
        text.textOut(op.text)

    def _form(self, face: Face) -> str:
        if id(face) not in self.forms:
            name = f"face{len(self.forms) + 1}"
            b = face.bleed
            self.canvas.beginForm(name, -b * mm, -b * mm, (face.width + b) * mm, (face.height + b) * mm)
            PageDrawer(self.canvas, face.height, self.art_dpi).ops(face.ops, 0.0, 0.0)
            self.canvas.endForm()
            self.forms[id(face)] = (name, face)
        return self.forms[id(face)][0]

    def op(self, op: Op, dx: float, dy: float) -> None:
        """Draws one shape or image (text goes through `ops`, which batches it)."""
        c = self.canvas
        if isinstance(op, Rect):
            if not self._paint(op.fill, op.stroke, op.stroke_width):
                return
            args = ((dx + op.x) * mm, self.y(dy + op.y + op.h), op.w * mm, op.h * mm)
            if op.radius:
                c.roundRect(*args, op.radius * mm, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
            else:
                c.rect(*args, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        elif isinstance(op, Ellipse):
            if self._paint(op.fill, op.stroke, op.stroke_width):
                c.ellipse((dx + op.x) * mm, self.y(dy + op.y + op.h), (dx + op.x + op.w) * mm, self.y(dy + op.y),
                          stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        elif isinstance(op, Path):
            if not self._paint(op.fill, op.stroke, op.stroke_width):
                return
            path = c.beginPath()
            for command in op.commands:
                name, *v = command
                if name == "M":
                    path.moveTo((dx + v[0]) * mm, self.y(dy + v[1]))
                elif name == "L":
                    path.lineTo((dx + v[0]) * mm, self.y(dy + v[1]))
                elif name == "C":
                    path.curveTo((dx + v[0]) * mm, self.y(dy + v[1]), (dx + v[2]) * mm, self.y(dy + v[3]),
                                 (dx + v[4]) * mm, self.y(dy + v[5]))
                else:
                    path.close()
            c.drawPath(path, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        elif isinstance(op, Image):
            c.saveState()
            cx, cy, cw, ch = op.clip
            path = c.beginPath()
            path.rect((dx + cx) * mm, self.y(dy + cy + ch), cw * mm, ch * mm)
            c.clipPath(path, stroke=0, fill=0)
            x, y, w, h = (dx + op.x) * mm, self.y(dy + op.y + op.h), op.w * mm, op.h * mm
            if op.vector:
                svg_forms(c).draw(op.path, x, y, w, h)
            else:  # mask="auto": an alpha channel becomes a soft mask, so what lies beneath shows through
                c.drawImage(art_for_pdf(op.path, op.w, op.h, self.art_dpi), x, y, w, h, mask="auto")
            c.restoreState()  # nothing tracked changes inside, so the tracked state still holds

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> bool:
        if fill:
            self._set_fill(fill)
        if stroke:
            if self._stroke != stroke:
                self.canvas.setStrokeColor(colour(stroke))
                self._stroke = stroke
            if self._width != width:
                self.canvas.setLineWidth(width * mm)
                self._width = width
        return bool(fill or stroke)

    def _set_fill(self, fill: str) -> None:
        if self._fill != fill:
            self.canvas.setFillColor(colour(fill))
            self._fill = fill
