"""A rulebook page's text as poppler reads it (each word's box, by line) and its card thumbnails (pypdf)."""

from __future__ import annotations

import functools
import html
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import ImageFont
from pypdf import PdfReader
from pypdf.generic import ContentStream

from tests.pdf_probe import multiply

PT = 25.4 / 72  # mm per point
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
LINE = re.compile(r"<line [^>]*>(.*?)</line>", re.S)
WORD = re.compile(r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)</word>')


@dataclass(frozen=True)
class Word:
    """A word's box in mm from the page's top-left corner, and the number of its line on the page."""

    left: float
    top: float
    right: float
    bottom: float
    text: str
    line: int

    def overlap(self, other: Word) -> float:
        """How far the two boxes overlap in the direction they overlap least (0 when apart)."""
        across = min(self.right, other.right) - max(self.left, other.left)
        down = min(self.bottom, other.bottom) - max(self.top, other.top)
        return max(0.0, min(across, down))

    def within(self, rect: tuple[float, float, float, float]) -> bool:
        x, y = (self.left + self.right) / 2, (self.top + self.bottom) / 2
        return rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]


@dataclass(frozen=True)
class Page:
    number: int
    width: float   # mm
    height: float  # mm
    words: tuple[Word, ...]
    pictures: tuple[tuple[float, float, float, float], ...]  # clipped areas (card thumbnails): left, top, right, bottom


def pages(pdf: Path) -> list[Page]:
    """Every page of the PDF: its size, its words and the areas drawn clipped (the card thumbnails)."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: `make test` installs poppler-utils")
    layout = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], check=True, capture_output=True,
                            text=True).stdout
    reader = PdfReader(pdf)
    out = []
    for number, (width, height, body) in enumerate(PAGE.findall(layout), start=1):
        words = tuple(Word(float(a) * PT, float(b) * PT, float(c) * PT, float(d) * PT, html.unescape(text), index)
                      for index, line in enumerate(LINE.findall(body)) for a, b, c, d, text in WORD.findall(line))
        out.append(Page(number, float(width) * PT, float(height) * PT, words,
                        _clips(reader, number - 1, float(height))))
    return out


def _clips(reader: PdfReader, index: int, height: float) -> tuple[tuple[float, float, float, float], ...]:
    """The rectangles the page's content clips to (`re W n`), in mm from the top-left, following `cm`."""
    page = reader.pages[index]
    stream = ContentStream(page.get_contents(), reader)
    ctm, stack, rect, clips = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], [], None, []
    for operands, operator in stream.operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            ctm = list(multiply(tuple(float(v) for v in operands), ctm))
        elif operator == b"re":
            rect = [float(v) for v in operands]
        elif operator in (b"W", b"W*") and rect is not None:
            x, y, w, h = rect
            corners = [(px * ctm[0] + py * ctm[2] + ctm[4], px * ctm[1] + py * ctm[3] + ctm[5])
                       for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            clips.append((min(xs) * PT, (height - max(ys)) * PT, max(xs) * PT, (height - min(ys)) * PT))
        elif operator not in (b"n",):
            rect = None if operator in (b"S", b"f", b"B", b"f*", b"b") else rect
    return tuple(clips)


FONTS = Path(__file__).resolve().parents[3] / "cardgen" / "fonts"


@dataclass(frozen=True)
class Run:
    """A piece of text drawn by one text operator: its box in mm from the page's top-left corner."""

    left: float
    top: float
    right: float
    bottom: float
    text: str

    def overlap(self, other: Run) -> float:
        """How far the two boxes overlap in the direction they overlap least (0 when apart)."""
        across = min(self.right, other.right) - max(self.left, other.left)
        down = min(self.bottom, other.bottom) - max(self.top, other.top)
        return max(0.0, min(across, down))


@functools.cache
def _face(base_font: str) -> ImageFont.FreeTypeFont:
    """The font file a PDF font (`/AAAAAA+DejaVuSans-Bold`) was embedded from, at 1000 units."""
    path = FONTS / f"{base_font.split('+')[-1]}.ttf"
    if not path.is_file():
        pytest.fail(f"the rulebook uses the font {base_font}, which this test cannot measure")
    return ImageFont.truetype(str(path), 1000, layout_engine=ImageFont.Layout.BASIC)


def runs(reader: PdfReader, index: int, outside: tuple[tuple[float, float, float, float], ...] = ()) -> list[Run]:
    """The text runs of page `index` (from 0) as pypdf finds them, measured with Pillow from the embedded font's
    file (its advance widths, ascent and descent); runs starting inside one of the `outside` areas are left out."""
    height = float(reader.pages[index].mediabox.height)
    found: list[Run] = []

    def visit(text, cm, tm, font, size) -> None:
        if not text.strip() or font is None:
            return
        a, b, _c, _d, e, f = tm
        A, B, C, D, E, F = cm
        x, y = e * A + f * C + E, e * B + f * D + F
        scale = size * (a * A + b * C)  # text is drawn upright here: the horizontal scale is the size's
        left, base = x * PT, (height - y) * PT
        if any(r[0] <= left <= r[2] and r[1] <= base <= r[3] for r in outside):
            return
        face = _face(str(font.get("/BaseFont")))
        ascent, descent = face.getmetrics()
        width = face.getlength(text.rstrip("\n")) / 1000 * scale * PT
        found.append(Run(left, base - ascent / 1000 * scale * PT, left + width, base + descent / 1000 * scale * PT,
                         text.strip()))

    reader.pages[index].extract_text(visitor_text=visit)
    return found
