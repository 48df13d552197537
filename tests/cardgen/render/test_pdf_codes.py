"""The PDF code a canvas keeps and writes again (cardgen.render.pdf_draw.Codes, the fast text runs) is byte for
byte what reportlab writes when asked every time: shapes, clips, paths, raster and SVG art, translucent colours,
text in several fonts and sizes, characters beyond the first font subset, a no-break space, and the footer."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.textobject import PDFTextObject
from pypdf import PdfReader

from cardgen.layout import fonts
from cardgen.layout.ops import Ellipse, Face, Image as ImageOp, Path as PathOp, Rect, Text
from cardgen.render import pdf_draw
from cardgen.render.pdf_draw import PageDrawer
from cardgen.render.pdf_sheets import _Canvas, draw_footer
from cardgen.impose.papers import paper
from tests.cardgen.conftest import HALF_SVG, corner_png

# more distinct characters than one font subset holds (256 codes), so later lines need a second subset
MANY = "".join(chr(c) for c in range(0x100, 0x100 + 300) if fonts.covers(chr(c)))


def faces(art: Path) -> list[Face]:
    """Cards that repeat their frames, badges, art and lines the way a deck does, with a few that differ."""
    out = []
    for n in range(14):
        ops = (
            Rect(1, 1, 61.5, 86.9, None, "#333333", 0.5, 2.0),
            Rect(3, 3, 9, 9, "#c9a22780", None, 0.3, 0.0),  # translucent
            Ellipse(3, 3, 9, 9, "#c9a227", "#1f1f1f", 0.2),
            PathOp((("M", 5, 80), ("L", 20, 82), ("C", 22, 84, 25, 84, 30, 80), ("Z",)), "#35577d", None, 0.3),
            ImageOp(str(art / ("corner.png" if n % 3 else "half.svg")), 5, 14, 53.5, 40, (5, 14, 53.5, 38),
                    vector=n % 3 == 0),
            Text(14, 9, f"Card {n}", "bold", 11, "#1f1f1f"),
            Text(6, 10, str(n % 4), "bold", 11, "#ffffff"),
            Text(5, 60, "Gain 2 coins (then) \\ draw", "regular", 8.5, "#1f1f1f"),
            Text(5, 64, "a\u00a0card · ½ — “quoted” ✓", "italic", 8.5, "#1f1f1f"),
            Text(5, 68, MANY[(n * 37) % 250:(n * 37) % 250 + 40], "regular", 8.5 if n % 2 else 7, "#ff000080"),
            Text(5, 72, f"score {n} points.", "bolditalic", 8.5, "#1f1f1f"),
        )
        out.append(Face(63.5, 88.9, 3.0, ops))
    return out


def written(path: Path, cards: list[Face], back: Face) -> bytes:
    fonts.register()
    a4 = paper("a4")
    canvas = _Canvas(str(path), pagesize=(a4.width * mm, a4.height * mm), invariant=1, pageCompression=0,
                     initialFontName=fonts.PDF_NAMES["regular"], initialFontSize=6.5)
    drawer = PageDrawer(canvas, a4.height)
    for page in range(0, len(cards), 9):
        for slot, face in enumerate(cards[page:page + 9]):
            x, y = 10 + (slot % 3) * 63.5, 15 + (slot // 3) * 88.9
            drawer.face(face, x, y, (x - 3, y - 3, 69.5, 94.9), reuse=page == 9 and slot == 0)
        draw_footer(canvas, a4, 5.0, [], f"Bench · fronts, page {page // 9 + 1}/2 · Print at 100% (actual size)")
        canvas.showPage()
        for slot in range(9):
            drawer.face(back, 10 + (slot % 3) * 63.5, 15 + (slot // 3) * 88.9, (0, 0, 210, 297), reuse=True)
        canvas.showPage()
    canvas.save()
    return path.read_bytes()


@pytest.fixture
def art(tmp_path: Path) -> Path:
    folder = tmp_path / "art"
    folder.mkdir()
    corner_png(folder / "corner.png")
    (folder / "half.svg").write_text(HALF_SVG, encoding="utf-8")
    return folder


def asked_every_time(monkeypatch) -> None:
    """reportlab asked for every shape, image and run of text, as before the code was kept."""
    monkeypatch.setattr(pdf_draw.Codes, "draw", lambda self, key, draw: draw())
    monkeypatch.setattr(pdf_draw.Codes, "image", lambda self, key, draw: draw())
    monkeypatch.setattr(pdf_draw._Text, "_formatText", PDFTextObject._formatText)
    monkeypatch.setattr(pdf_draw._Text, "textOut", PDFTextObject.textOut)
    monkeypatch.setattr(pdf_draw, "centred_string", lambda canvas, text: canvas.drawCentredString(0, 0, text))
    monkeypatch.setattr("cardgen.render.pdf_sheets.centred_string",
                        lambda canvas, text: canvas.drawCentredString(0, 0, text))


def test_kept_code_is_what_reportlab_writes(tmp_path, art, monkeypatch):
    back = Face(63.5, 88.9, 3.0, (Rect(-3, -3, 69.5, 94.9, "#35577d"), Text(20, 44, "Bench", "bold", 14, "#ffffff")))
    kept = written(tmp_path / "kept.pdf", faces(art), back)
    with monkeypatch.context() as patched:
        asked_every_time(patched)
        asked = written(tmp_path / "asked.pdf", faces(art), back)
    assert kept == asked
    assert written(tmp_path / "again.pdf", faces(art), back) == kept  # and the same on every run
    pages = PdfReader(io.BytesIO(kept)).pages
    assert len(pages) == 4
    text = pages[0].extract_text()
    assert "Card 0" in text and "Gain 2 coins (then) \\ draw" in text and "score 8 points." in text


def test_the_fast_text_runs_are_used_and_a_second_subset_is_still_named(tmp_path, art, monkeypatch):
    """Most runs skip reportlab's character loop; one needing another subset still switches font and back."""
    slow = []
    original = PDFTextObject._formatText
    monkeypatch.setattr(PDFTextObject, "_formatText", lambda self, text: slow.append(text) or original(self, text))
    data = written(tmp_path / "cards.pdf", faces(art), Face(63.5, 88.9, 3.0, ()))
    runs = 14 * 6
    assert 0 < len(slow) < runs / 2  # only runs with characters the document had not numbered yet
    page = PdfReader(io.BytesIO(data)).pages[0].get_contents().get_data().decode("latin-1")
    second = set(re.findall(r"/(F\d+)\+1 ", page))
    assert second and all(f"/{font}+0 " in page for font in second)  # a font's first two subsets, on one page
    image = Image.open(io.BytesIO(PdfReader(io.BytesIO(data)).pages[0].images[0].data))
    assert image.size == (40, 40)
