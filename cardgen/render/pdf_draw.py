"""Draws a card face's operations onto a reportlab canvas at a place on the page.

A deck repeats itself: every card has the same frame, badge and art boxes, nine slots of a sheet
come round on every page, and most lines of text recur. So the PDF code reportlab writes for a
shape, a clip or an image at a place, and for a run of text in a font, is kept per canvas the first
time and written again as it was (`Codes`): the same bytes, without working them out again.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from cardgen.layout import fonts
from cardgen.layout.ops import Ellipse, Face, Image, Op, Path, Rect, Text
from cardgen.render.pdf_art import ART_DPI, NamedByContent, art_for_pdf


@functools.lru_cache(maxsize=1024)
def colour(hex_colour: str) -> HexColor:
    """#rrggbb, or #rrggbbaa: reportlab then sets the fill or stroke alpha with the colour."""
    return HexColor(hex_colour, hasAlpha=len(hex_colour) == 9)


class Codes:
    """The PDF code already written on one canvas, by what drew it: written again, it comes out the same.

    A shape's or a clip's code depends only on its place and the fill rule; an image's also on its file,
    which stays registered with the document once drawn; a run of text's on its font, size, leading,
    the font subset in force before it and the text, once the font has numbered its characters for the
    document (the first time it is set). What else reportlab notes while drawing (the forms a page
    uses) is noted again on every use.
    """

    def __init__(self, canvas: Canvas):
        self.canvas = canvas
        self.drawn: dict[tuple, tuple[str, ...]] = {}
        self.images: dict[tuple, tuple[tuple[str, ...], str]] = {}
        self.texts: dict[tuple, tuple[str, int]] = {}
        # TrueType font name -> (characters numbered, {character: its code}, those characters) for the
        # characters the font has numbered in the document's first subset so far
        self.numbered: dict[str, tuple[int, dict[int, int], frozenset[str]]] = {}
        self.art: dict[tuple, str] = {}  # (path, w, h, dpi) -> the file pdf_art embeds for it

    def draw(self, key: tuple, draw: Callable[[], object]) -> None:
        """Runs `draw` the first time `key` is drawn on the canvas, and writes the code it wrote after that."""
        code = self.canvas._code
        known = self.drawn.get(key)
        if known is None:
            start = len(code)
            draw()
            self.drawn[key] = tuple(self.canvas._code[start:])
        else:
            code.extend(known)

    def image(self, key: tuple, draw: Callable[[], object]) -> None:
        """`draw` for an image: the page also notes the image as used each time."""
        c = self.canvas
        known = self.images.get(key)
        if known is None:
            start, used = len(c._code), len(c._formsinuse)
            draw()
            if len(c._formsinuse) != used + 1:  # not one plain image: nothing to repeat safely
                return
            self.images[key] = (tuple(c._code[start:]), c._formsinuse[-1])
        else:
            c._code.extend(known[0])
            c._currentPageHasImages = 1
            c._formsinuse.append(known[1])


def centred_string(canvas: Canvas, text: str) -> None:
    """`canvas.drawCentredString(0, 0, text)` in the canvas's font, the text formatted as `_Text` does."""
    width = pdfmetrics.stringWidth(text, canvas._fontname, canvas._fontsize)
    line = _Text(canvas, codes(canvas), 0 - 0.5 * width, 0)
    line.textLine(text)
    canvas.drawText(line)


def codes(canvas: Canvas) -> Codes:
    """The code kept for this canvas (every drawer on one canvas shares it)."""
    kept = getattr(canvas, "_pnpkit_codes", None)
    if kept is None:
        kept = canvas._pnpkit_codes = Codes(canvas)
    return kept


class _Text(PDFTextObject):
    """reportlab's text object, each run of text formatted once per canvas (`Codes.texts`), and a new run
    whose characters the font has all numbered in its first subset already written without reportlab's
    character-by-character loop (the same bytes: that subset's font name when it changes, then the
    characters' codes as one string)."""

    _curSubset: int  # reportlab's: the font subset the text object last switched to (-1 before any)

    def __init__(self, canvas: Canvas, kept: Codes, x: float = 0, y: float = 0):
        super().__init__(canvas, x, y)
        self._kept = kept

    def textOut(self, text):
        """Writes `text` where the text origin was last set; reportlab's also measures it to move an
        invisible cursor, which a drawer never reads (each run sets its own origin)."""
        self._code.append(self._formatText(text))

    def _formatText(self, text):
        if type(text) is not str:  # bytes, or a shaped string (which carries more than its text)
            return super()._formatText(text)
        key = (self._fontname, self._fontsize, self._leading, self._curSubset, text)
        known = self._kept.texts.get(key)
        if known is None:
            formatted = self._numbered(text)
            if formatted is None:
                formatted = super()._formatText(text)
            self._kept.texts[key] = (formatted, self._curSubset)
            return formatted
        self._curSubset = known[1]
        return known[0]

    def _numbered(self, text: str) -> str | None:
        """`text` formatted as reportlab would, when every character of it is numbered in the first subset of
        its TrueType font for this document; None otherwise."""
        font = pdfmetrics.getFont(self._fontname)
        if not text or not getattr(font, "_dynamicFont", False):
            return None
        state = font.state.get(self._doc)
        if state is None:
            return None
        known = self._kept.numbered.get(self._fontname)
        if known is None or known[0] != len(state.assignments):  # new characters numbered since: look again
            codes = {char: n for char, n in state.assignments.items() if n < 256}
            codes.pop(0xA0, None)  # reportlab sets a no-break space as a space
            if 32 in codes:
                codes[0xA0] = codes[32]
            known = self._kept.numbered[self._fontname] = (len(state.assignments), codes,
                                                           frozenset(map(chr, codes)))
        if not known[2].issuperset(text):
            return None
        run = f"({self._canvas._escape(text.translate(known[1]).encode('latin-1'))}) Tj"
        if self._curSubset == 0:
            return run
        self._curSubset = 0
        return (f"{font.getSubsetInternalName(0, self._doc)} {fp_str(self._fontsize)} Tf "
                f"{fp_str(self._leading)} TL {run}")


class PageDrawer:
    """Draws in millimetres from the page's top-left corner (y down) on a reportlab canvas."""

    def __init__(self, canvas: Canvas, page_height: float, art_dpi: float = ART_DPI):
        fonts.register()
        self.canvas, self.page_height = canvas, page_height
        self.art_dpi = art_dpi  # raster art larger than this resolution is scaled down to it (pdf_art)
        self.codes = codes(canvas)
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
        self.codes.draw(("clip", clip, self.page_height, c._fillMode), lambda: self._clip(clip))
        if reuse:
            name = self._form(face)
            c.translate(x * mm, self.y(y + face.height))
            c.doForm(name)
        else:
            self.ops(face.ops, x, y)
        c.restoreState()
        self._reset()

    def _clip(self, clip: tuple[float, float, float, float]) -> None:
        cx, cy, cw, ch = clip
        path = self.canvas.beginPath()
        path.rect(cx * mm, self.y(cy + ch), cw * mm, ch * mm)
        self.canvas.clipPath(path, stroke=0, fill=0)

    def ops(self, ops: tuple[Op, ...], dx: float, dy: float) -> None:
        """Draws `ops` in order; consecutive text runs share one PDF text object."""
        text = None
        for op in ops:
            if type(op) is Text:
                if text is None:
                    text = _Text(self.canvas, self.codes)
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
        font = self._font
        if font is None or font[0] != op.font or font[1] != op.size:
            text.setFont(fonts.pdf_name(op.font), op.size)
            self._font = (op.font, op.size)
        text.setTextOrigin((dx + op.x) * mm, (self.page_height - (dy + op.y)) * mm)
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
        if isinstance(op, (Rect, Ellipse, Path)):
            if self._paint(op.fill, op.stroke, op.stroke_width):
                self.codes.draw((op, dx, dy, self.page_height, self.canvas._fillMode), lambda: self._shape(op, dx, dy))
        elif isinstance(op, Image):
            if op.vector:
                self._image(op, dx, dy, None)
                return
            key = (op.path, op.w, op.h, self.art_dpi)
            art = self.codes.art.get(key)
            if art is None:
                art = self.codes.art[key] = NamedByContent(art_for_pdf(op.path, op.w, op.h, self.art_dpi))
            self.codes.image((op, dx, dy, self.page_height, art, self.canvas._fillMode),
                             lambda: self._image(op, dx, dy, art))

    def _shape(self, op: Rect | Ellipse | Path, dx: float, dy: float) -> None:
        c = self.canvas
        if isinstance(op, Rect):
            args = ((dx + op.x) * mm, self.y(dy + op.y + op.h), op.w * mm, op.h * mm)
            if op.radius:
                c.roundRect(*args, op.radius * mm, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
            else:
                c.rect(*args, stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        elif isinstance(op, Ellipse):
            c.ellipse((dx + op.x) * mm, self.y(dy + op.y + op.h), (dx + op.x + op.w) * mm, self.y(dy + op.y),
                      stroke=int(bool(op.stroke)), fill=int(bool(op.fill)))
        else:
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

    def _image(self, op: Image, dx: float, dy: float, art: str | None) -> None:
        """The image clipped to its box; `art` is the raster file to embed, None for vector art."""
        c = self.canvas
        c.saveState()
        cx, cy, cw, ch = op.clip
        path = c.beginPath()
        path.rect((dx + cx) * mm, self.y(dy + cy + ch), cw * mm, ch * mm)
        c.clipPath(path, stroke=0, fill=0)
        x, y, w, h = (dx + op.x) * mm, self.y(dy + op.y + op.h), op.w * mm, op.h * mm
        if art is None:
            from cardgen.render.pdf_svg import svg_forms  # reportlab.graphics only for a game with SVG art
            svg_forms(c).draw(op.path, x, y, w, h)
        else:  # mask="auto": an alpha channel becomes a soft mask, so what lies beneath shows through
            c.drawImage(art, x, y, w, h, mask="auto")
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
