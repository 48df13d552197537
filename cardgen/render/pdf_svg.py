"""Draws SVG art into a PDF as vectors: each file once as a form XObject, placed by reference; the pictures
an SVG holds are image XObjects named by their pixels (reportlab's inline images cannot go in a form)."""

from __future__ import annotations

from reportlab.graphics import renderPDF
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardgen.layout.art_files import svg_drawing


def svg_forms(canvas: Canvas) -> SvgForms:
    """The SVG forms of this canvas (every drawer on one canvas must share them: form names are per file)."""
    forms = getattr(canvas, "_pnpkit_svg_forms", None)
    if forms is None:
        forms = canvas._pnpkit_svg_forms = SvgForms(canvas)
    return forms


class SvgForms:
    """The SVG files drawn on one canvas so far, each a form named art1, art2... in the order first drawn."""

    def __init__(self, canvas: Canvas):
        self.canvas = canvas
        self.names: dict[str, tuple[str, float, float]] = {}  # path -> (form name, width, height in pt)

    def draw(self, path: str, x: float, y: float, w: float, h: float) -> None:
        """Draws the SVG file at `path` stretched into (x, y, w, h), in points with y up."""
        name, width, height = self._form(path)
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        c.scale(w / width, h / height)
        c.doForm(name)
        c.restoreState()

    def _form(self, path: str) -> tuple[str, float, float]:
        if path not in self.names:
            drawing = svg_drawing(path)
            name = f"art{len(self.names) + 1}"
            self.canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
            _Renderer().draw(renderPDF.renderScaledDrawing(drawing), self.canvas, 0, 0)
            self.canvas.endForm()
            self.names[path] = (name, drawing.width, drawing.height)
        return self.names[path]


class _Renderer(renderPDF._PDFRenderer):
    """reportlab's PDF renderer, drawing an SVG's pictures (Pillow images, its data: URIs) as image XObjects."""

    def drawImage(self, image) -> None:
        picture = image.path
        if not hasattr(picture, "mode"):
            return  # svg_images inlines every picture an SVG names: a path here was not read, and is not drawn
        transparent = picture.mode in ("RGBA", "LA", "PA", "RGBa", "La") or "transparency" in picture.info
        picture = picture.convert("RGBA" if transparent else "RGB")
        self._canvas.drawImage(ImageReader(picture), image.x, image.y, image.width, image.height,
                               mask="auto" if transparent else None)
