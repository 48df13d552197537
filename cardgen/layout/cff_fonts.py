"""OpenType fonts with PostScript (CFF) outlines made TrueType, as reportlab embeds and Pillow draws them.

reportlab embeds only TrueType (glyf) outlines. An .otf with CFF outlines (Montserrat, Source Sans, most
Google Fonts OTFs) is converted once with fontTools: each cubic outline becomes quadratic curves within
one font unit (cu2qu, as fontTools' otf2ttf recipe does), the other tables are kept. The TrueType copy
is kept in pnpkit's cache folder ($PNPKIT_CACHE/fonts/) under the sha256 of the source's bytes, and
written without a new timestamp, so the same .otf always gives the same .ttf bytes and the same PDFs.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import fontTools
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont, newTable

from cardgen.layout.cache_folders import cache_folder

MAX_ERR = 1.0  # font units a quadratic curve may stray from the cubic it replaces (otf2ttf's default)
# part of each cached file's name: change it when the conversion changes (fontTools' version is part of it too)
VERSION = f"cff-to-glyf 1 fontTools {fontTools.version}\0".encode()


def fonts_folder() -> Path:
    """Where converted and merged fonts are kept: $PNPKIT_CACHE/fonts/ (beside the scaled art)."""
    folder = cache_folder("fonts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def is_cff(path: Path) -> bool:
    """Whether the file is an OpenType font with PostScript (CFF) outlines."""
    with open(path, "rb") as stream:
        return stream.read(4) == b"OTTO"


def truetype(path: Path) -> Path:
    """The TrueType version of the font file `path`: itself when it has TrueType outlines, else its conversion,
    from the cache when it was converted before."""
    if not is_cff(path):
        return path
    data = path.read_bytes()
    target = fonts_folder() / f"{hashlib.sha256(VERSION + data).hexdigest()[:32]}.ttf"
    if not target.is_file():
        with TTFont(path, recalcTimestamp=False) as font:
            to_truetype(font)
            save(font, target)
    return target


def save(font: TTFont, target: Path) -> None:
    """Writes `font` to `target` whole or not at all (a build running beside may read it)."""
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=".part")
    os.close(handle)
    try:
        font.save(temporary, reorderTables=True)
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)


def to_truetype(font: TTFont) -> None:
    """Replaces the CFF outlines of `font` by TrueType ones (fontTools' otf2ttf snippet)."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    quadratic = {}
    for name in order:
        pen = TTGlyphPen(None)
        glyphs[name].draw(Cu2QuPen(pen, MAX_ERR, reverse_direction=True))
        quadratic[name] = pen.glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = quadratic
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    hmtx = font["hmtx"]
    for name, glyph in glyf.glyphs.items():
        hmtx[name] = (hmtx[name][0], getattr(glyph, "xMin", 0))
    font["maxp"] = maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    maxp.maxZones = 1
    for key in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs", "maxStackElements",
                "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, key, 0)
    maxp.compile(font)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\x00\x01\x00\x00"
