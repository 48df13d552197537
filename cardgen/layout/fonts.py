"""The fonts cards are set in: Bitstream Vera, shipped inside reportlab, embedded in every PDF.

The same TTF files feed the PDF renderer and the PNG renderer, so both measure text alike.
"""

from __future__ import annotations

import functools
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

PT = 25.4 / 72  # millimetres per point
_FOLDER = Path(reportlab.__file__).parent / "fonts"
FILES = {
    "regular": _FOLDER / "Vera.ttf",
    "bold": _FOLDER / "VeraBd.ttf",
    "italic": _FOLDER / "VeraIt.ttf",
    "bolditalic": _FOLDER / "VeraBI.ttf",
}
PDF_NAMES = {style: f"pnpkit-{style}" for style in FILES}


def style_of(bold: bool, italic: bool) -> str:
    return ("bold" if bold else "") + ("italic" if italic else "") or "regular"


@functools.cache
def register() -> None:
    """Registers the four faces with reportlab (once per process)."""
    for style, path in FILES.items():
        pdfmetrics.registerFont(TTFont(PDF_NAMES[style], str(path)))
    pdfmetrics.registerFontFamily(PDF_NAMES["regular"], normal=PDF_NAMES["regular"], bold=PDF_NAMES["bold"],
                                  italic=PDF_NAMES["italic"], boldItalic=PDF_NAMES["bolditalic"])


def width_mm(text: str, style: str, size: float) -> float:
    """The advance width of `text` set in `style` at `size` points, in millimetres."""
    return _unit_width(text, style) * size


@functools.lru_cache(maxsize=65536)
def _unit_width(text: str, style: str) -> float:
    # widths scale linearly with size, so one measurement at 1 pt serves every size a text is tried at
    register()
    return pdfmetrics.stringWidth(text, PDF_NAMES[style], 1.0) * PT


@functools.cache
def _face(style: str):
    register()
    return pdfmetrics.getFont(PDF_NAMES[style]).face


def ascent_mm(style: str, size: float) -> float:
    return _face(style).ascent / 1000 * size * PT


def descent_mm(style: str, size: float) -> float:
    """How far below the baseline the font reaches, as a positive number of mm."""
    return -_face(style).descent / 1000 * size * PT


@functools.cache
def covers(char: str) -> bool:
    """Whether the fonts have a glyph for `char`."""
    return ord(char) in _face("regular").charWidths or char in "\n\t "


@functools.lru_cache(maxsize=8192)
def missing(text: str) -> str:
    """The characters of `text` the fonts cannot draw, sorted, as one string ("" when none)."""
    return "".join(sorted({ch for ch in text if not covers(ch)}))
