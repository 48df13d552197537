"""Platypus flowables that draw with the card engine: rich text with icons, and card thumbnails."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from cardgen.gamedata import IconSpec
from cardgen.layout import fonts
from cardgen.layout import icons as icon_ops
from cardgen.layout.markup import Piece, parse
from cardgen.layout.ops import Face, Op
from cardgen.layout.textfit import TextStyle, set_lines
from cardgen.render.pdf_draw import PageDrawer


class RichText(Flowable):
    """A paragraph set by the card text engine (bold, italic, inline icons), split between lines."""

    def __init__(self, text: str, icons: Mapping[str, IconSpec], size: float = 10, bold: bool = False,
                 colour: str = "#1f1f1f", leading: float = 1.35, align: str = "left", space_before: float = 0,
                 space_after: float = 4, lines: list | None = None):
        super().__init__()
        self.text, self.icons, self.size, self.bold = text, icons, size, bold
        self.style = TextStyle(size, size, colour, align=align, leading=leading)
        self.spaceBefore, self.spaceAfter = space_before, space_after
        self._lines = lines
        self._width = 0.0

    def _set(self, width_pt: float) -> list:
        if self._lines is None or self._width != width_pt:
            pieces = parse(self.text.strip(), set(self.icons))
            if self.bold:
                pieces = tuple(Piece(p.kind, p.text, True, p.italic) for p in pieces)
            self._lines = set_lines(pieces, width_pt / mm, self.style, self._icon)
            self._width = width_pt
        return self._lines

    def _icon(self, name: str, x: float, y: float, size: float) -> list[Op]:
        return icon_ops.draw_icon(self.icons.get(name), name, x, y, size)

    @property
    def line_height(self) -> float:
        return self.size * self.style.leading * fonts.PT * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        self.height = len(self._set(available_width)) * self.line_height
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        lines = self._set(available_width)
        fits = int(available_height // self.line_height)
        if fits < 2 or fits >= len(lines):  # keep at least two lines together
            return []
        first = RichText(self.text, self.icons, self.size, self.bold, self.style.colour, self.style.leading,
                         self.style.align, self.spaceBefore, 0, lines[:fits])
        rest = RichText(self.text, self.icons, self.size, self.bold, self.style.colour, self.style.leading,
                        self.style.align, 0, self.spaceAfter, lines[fits:])
        first._width = rest._width = available_width
        return [first, rest]

    def draw(self) -> None:
        drawer = PageDrawer(self.canv, self.height / mm)
        step = self.line_height / mm
        for index, line in enumerate(self._lines or []):
            drawer.ops(line, 0.0, index * step)


class BoardFigure(Flowable):
    """A board drawn whole, as printed, scaled to the text's width (and to most of a page's height), as vectors."""

    def __init__(self, face: Face, most_of_page: float = 0.6):
        super().__init__()
        self.face, self.most_of_page = face, most_of_page

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        page = getattr(self, "_frame_height", None) or available_height
        self.scale = min(available_width / (self.face.width * mm),
                         max(page, available_height) * self.most_of_page / (self.face.height * mm))
        self.width, self.height = self.face.width * mm * self.scale, self.face.height * mm * self.scale
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        path = c.beginPath()
        path.rect(0, 0, self.face.width * mm, self.face.height * mm)
        c.clipPath(path, stroke=0, fill=0)
        PageDrawer(c, self.face.height).ops(self.face.ops, 0.0, 0.0)
        c.restoreState()
        c.setStrokeColorRGB(0.75, 0.75, 0.75)
        c.setLineWidth(0.3)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)


class CardGrid(Flowable):
    """Card faces drawn small in rows (a gallery), each exactly as printed, as vectors."""

    def __init__(self, faces: list[Face], width_mm: float = 30.0, gap_mm: float = 3.0):
        super().__init__()
        self.faces, self.card_width, self.gap = faces, width_mm, gap_mm

    def _geometry(self, available_width: float) -> tuple[int, float, float]:
        first = self.faces[0]
        scale = self.card_width / first.width
        per_row = max(1, int((available_width / mm + self.gap) // (self.card_width + self.gap)))
        return per_row, scale, first.height * scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        per_row, _, height = self._geometry(available_width)
        rows = -(-len(self.faces) // per_row)
        self.width, self.height = available_width, (rows * (height + self.gap)) * mm
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        per_row, _, height = self._geometry(available_width)
        rows = int((available_height / mm) // (height + self.gap))
        if rows < 1 or rows * per_row >= len(self.faces):
            return []
        cut = rows * per_row
        return [CardGrid(self.faces[:cut], self.card_width, self.gap), CardGrid(self.faces[cut:], self.card_width,
                                                                                 self.gap)]

    def draw(self) -> None:
        per_row, scale, height = self._geometry(self.width)
        for index, face in enumerate(self.faces):
            row, col = divmod(index, per_row)
            x = col * (self.card_width + self.gap)
            top = row * (height + self.gap)
            c = self.canv
            c.saveState()
            c.translate(x * mm, self.height - (top + height) * mm)
            c.scale(scale, scale)
            path = c.beginPath()
            path.rect(0, 0, face.width * mm, face.height * mm)
            c.clipPath(path, stroke=0, fill=0)
            PageDrawer(c, face.height).ops(face.ops, 0.0, 0.0)
            c.restoreState()
            c.setStrokeColorRGB(0.75, 0.75, 0.75)
            c.setLineWidth(0.3)
            c.rect(x * mm, self.height - (top + height) * mm, self.card_width * mm, height * mm, stroke=1, fill=0)
