"""The fonts text is set in: DejaVu Sans (Latin, Greek, Cyrillic, symbols), or a game's own font files.

DejaVu Sans ships inside the package (cardgen/fonts/, with its licence): the same files on every
machine, so the same inputs give byte-identical PDFs and PNGs. It is Bitstream Vera extended, with
Vera's advance widths, ascent and descent for every Latin-1 character, so layouts made with Vera do
not move. The same TTF files feed the PDF renderer (reportlab embeds the glyphs used) and the PNG
renderer (Pillow draws them), so both measure text alike.

A font is named by a key: "regular", "bold", "italic" or "bolditalic" for DejaVu Sans, and
"<family id>/<style>" for a family a game declares in game.toml's [fonts] (see `family`). A
family's id is made from its files' bytes and places, so two games in one process never clash. A game's
font is drawn from a TrueType file of pnpkit's cache: its CFF outlines converted (cardgen.layout.cff_fonts)
and the glyphs it lacks added from the later fonts of its fallback list and DejaVu Sans
(cardgen.layout.font_fallback).
The ids are reportlab's names for the fonts only: a PDF names a font by the PostScript name in its
file, so the output does not depend on where the game folder is.
"""

from __future__ import annotations

import functools
import hashlib
import struct
from pathlib import Path
from collections.abc import Mapping, Sequence

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from cardgen.layout.spec import LayoutError

PT = 25.4 / 72  # millimetres per point
FOLDER = Path(__file__).resolve().parent.parent / "fonts"
FILES = {
    "regular": FOLDER / "DejaVuSans.ttf",
    "bold": FOLDER / "DejaVuSans-Bold.ttf",
    "italic": FOLDER / "DejaVuSans-Oblique.ttf",
    "bolditalic": FOLDER / "DejaVuSans-BoldOblique.ttf",
}
STYLES = tuple(FILES)
PDF_NAMES = {style: f"pnpkit-{style}" for style in FILES}
# a style a family has no file for is set in the nearest one it has
FALLBACK = {"regular": (), "bold": ("regular",), "italic": ("regular",), "bolditalic": ("bold", "italic", "regular")}

_files: dict[str, Path] = dict(FILES)    # font key -> its TTF file
_pdf_names: dict[str, str] = dict(PDF_NAMES)  # font key -> the name reportlab knows it by


class FontError(LayoutError):
    """A font file that cannot be used; the message names the game.toml line that declares it."""


def style_of(bold: bool, italic: bool, family: str = "") -> str:
    """The key of the face of `family` ("" for DejaVu Sans) for bold and italic."""
    style = ("bold" if bold else "") + ("italic" if italic else "") or "regular"
    return f"{family}/{style}" if family else style


@functools.cache
def register() -> None:
    """Registers DejaVu Sans's four faces with reportlab (once per process)."""
    for style, path in FILES.items():
        pdfmetrics.registerFont(TTFont(PDF_NAMES[style], str(path)))
    pdfmetrics.registerFontFamily(PDF_NAMES["regular"], normal=PDF_NAMES["regular"], bold=PDF_NAMES["bold"],
                                  italic=PDF_NAMES["italic"], boldItalic=PDF_NAMES["bolditalic"])


def family(files: Mapping[str, str | Path], digest: str, where: str,
           fallbacks: Sequence[Mapping[str, str | Path]] = ()) -> str:
    """Registers a family of font files (style -> file; "regular" at least) and returns its id, which
    `style_of` turns into font keys. `fallbacks` are the later fonts of a fallback list (each style -> file):
    a character the family has no glyph for is drawn from the first of them that has one, then from DejaVu
    Sans. `digest` identifies the files' contents; `where` is the game.toml place that declares them, for the
    FontError raised when one cannot be read."""
    chain = (files, *fallbacks)
    places = "\1".join("\0".join(f"{style}={Path(font[style]).resolve()}" for style in STYLES if style in font)
                       for font in chain)
    family_id = "f" + hashlib.sha256(f"{digest}\0{places}".encode()).hexdigest()[:16]
    if f"{family_id}/regular" not in _files:
        register()
        names: dict[str, str] = {}
        drawn: dict[str, Path] = {}
        for style in STYLES:
            if style in files:
                names[style] = f"pnpkit-{family_id}-{style}"
                drawn[style] = _drawn_file(style, chain, where)
                pdfmetrics.registerFont(TTFont(names[style], str(drawn[style])))
        for style in STYLES:
            source = style if style in names else next(s for s in FALLBACK[style] if s in names)
            _pdf_names[f"{family_id}/{style}"] = names[source]
            _files[f"{family_id}/{style}"] = drawn[source]
    return family_id


def _nearest(font: Mapping[str, str | Path], style: str) -> Path:
    """The file of `font` for `style`, or of the nearest style it has."""
    return Path(font[next(s for s in (style, *FALLBACK[style]) if s in font)])


def _drawn_file(style: str, chain: Sequence[Mapping[str, str | Path]], where: str) -> Path:
    """The TrueType file text in `style` of the fallback list `chain` is drawn from: the first font's file (its
    CFF outlines converted) with the glyphs it lacks taken from the later fonts, then from DejaVu Sans."""
    from fontTools.ttLib import TTLibError  # fontTools loads for a game with its own fonts only

    from cardgen.layout.cff_fonts import truetype
    from cardgen.layout.font_fallback import FallbackError, merged

    path = Path(chain[0][style])
    try:
        first = truetype(path)
        TTFont("pnpkit-check", str(first))  # reportlab's own reading, whose errors name what is wrong
        others = [truetype(_nearest(font, style)) for font in chain[1:]] + [FILES[style]]
        others = [other for n, other in enumerate(others) if other != first and other not in others[:n]]
        return merged(first, others)
    except (TTFError, TTLibError, FallbackError, OSError, ValueError, IndexError, KeyError, AssertionError,
            struct.error) as error:
        raise FontError(f"{where}: {style} font {path.name!r} cannot be used: {error}") from None


def pdf_name(font: str) -> str:
    """The name the font `font` (a key) is registered with reportlab by."""
    if font in PDF_NAMES:
        register()
    return _pdf_names[font]


def file_of(font: str) -> Path:
    """The TTF file of the font `font` (a key), for drawing it with Pillow."""
    return _files[font]


def width_mm(text: str, font: str, size: float) -> float:
    """The advance width of `text` set in the font `font` (a key) at `size` points, in millimetres."""
    return unit_width(text, font) * size


@functools.lru_cache(maxsize=65536)
def unit_width(text: str, font: str) -> float:
    """`width_mm` at 1 pt (each text measured once per process)."""
    # widths scale linearly with size, so one measurement at 1 pt serves every size a text is tried at
    return pdfmetrics.stringWidth(text, pdf_name(font), 1.0) * PT


@functools.lru_cache(maxsize=64)
def _face(font: str):
    return pdfmetrics.getFont(pdf_name(font)).face


def ascent_mm(font: str, size: float) -> float:
    return _face(font).ascent / 1000 * size * PT


def descent_mm(font: str, size: float) -> float:
    """How far below the baseline the font reaches, as a positive number of mm."""
    return -_face(font).descent / 1000 * size * PT


@functools.lru_cache(maxsize=65536)
def covers(char: str, font: str = "regular") -> bool:
    """Whether the font `font` (a key) has a glyph for `char` (not the empty box of a missing one)."""
    return _face(font).charToGlyph.get(ord(char), 0) != 0 or char in "\n\t "


_drawn: dict[str, set[str]] = {}  # font key -> characters found to have a glyph in it so far


def missing(text: str, font: str = "regular") -> str:
    """The characters of `text` the font `font` cannot draw, sorted, as one string ("" when none)."""
    drawn = _drawn.setdefault(font, set())
    if drawn.issuperset(text):  # every character seen before: most text, checked at C speed
        return ""
    lost: set[str] = set()
    for ch in set(text) - drawn:
        (drawn if covers(ch, font) else lost).add(ch)
    return "".join(sorted(lost))
