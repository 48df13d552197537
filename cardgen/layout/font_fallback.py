"""Glyph fallback: one TrueType font holding a font's glyphs and, for the characters it lacks, those of the next.

A fallback list (game.toml's [fonts]) sets text in its first font; a character that font has no glyph
for is drawn from the next font of the list that has one, and DejaVu Sans is the last resort. Every
font here is a TrueType file (cardgen.layout.cff_fonts converts the others first). Rather
than split every line into runs per font, the fonts are merged once: the first font's file is copied
with the missing glyphs of the others added (scaled to its units per em, their advance widths kept in
proportion) and mapped from their characters, under a PostScript name of its own. The PDF and the PNG
then measure and draw one font, as for any other family. The merged file is kept in pnpkit's cache folder under the hash of its sources,
and written without a new timestamp: the same fonts give the same bytes.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from pathlib import Path

import fontTools
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._g_l_y_f import Glyph, GlyphCoordinates, flagOnCurve
from fontTools.ttLib.tables.ttProgram import Program
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

from cardgen.layout.cff_fonts import fonts_folder, save

# part of each merged file's name: change it when the merging changes (fontTools' version is part of it too)
VERSION = f"glyph-fallback 3 fontTools {fontTools.version}\0".encode()
MAX_GLYPHS = 65535  # a TrueType font numbers its glyphs with 16 bits
DROPPED = ("hdmx", "LTSH", "DSIG", "VDMX")  # tables that list every glyph, or sign the file: wrong once merged


class FallbackError(ValueError):
    """The fonts of a list cannot be merged into one (too many glyphs together)."""


def merged(first: Path, others: Sequence[Path]) -> Path:
    """A TrueType file with the glyphs of `first` and, for each character it has none for, the glyph of the first
    of `others` that has one; all of them TrueType files. From the cache when they were merged before."""
    hasher = hashlib.sha256(VERSION)
    for path in (first, *others):
        hasher.update(hashlib.sha256(path.read_bytes()).digest())
    target = fonts_folder() / f"{hasher.hexdigest()[:32]}.ttf"
    if not target.is_file():
        with TTFont(first, recalcTimestamp=False) as font:
            for number, path in enumerate(others):
                with TTFont(path, lazy=True) as other:
                    add_missing(font, other, f"fb{number + 1}.")
            for tag in DROPPED:
                if tag in font:
                    del font[tag]
            rename(font, hasher.hexdigest()[:8])
            save(font, target)
    return target


def rename(font: TTFont, tag: str) -> None:
    """Gives `font` a PostScript name of its own, its first font's with `tag` (from its sources' hash) added.

    It is the name the PDF embeds the font under, and the name reportlab knows a font by: two different
    merges of one font (another fallback list, another game) must not share it, or the second would be
    measured with the first's widths and a printer's RIP might draw one with the other's glyphs."""
    names = font["name"]
    postscript = re.sub(r"[^A-Za-z0-9_-]", "", names.getDebugName(6) or "Font")[:54]
    records = [record for record in names.names if record.nameID == 6]
    for record in records:
        record.string = f"{postscript}-{tag}"
    if not records:
        names.setName(f"{postscript}-{tag}", 6, 3, 1, 0x409)


def add_missing(font: TTFont, other: TTFont, prefix: str) -> int:
    """Adds to `font` the glyphs of `other` for the characters `font` has none for; how many were added."""
    have = font.getBestCmap() or {}
    wanted = sorted((code, name) for code, name in (other.getBestCmap() or {}).items() if code not in have)
    if not wanted:
        return 0
    order = list(font.getGlyphOrder())
    glyf, hmtx = font["glyf"], font["hmtx"]
    scale = font["head"].unitsPerEm / other["head"].unitsPerEm
    outlines, widths = other["glyf"], other["hmtx"]
    added: dict[str, str] = {}  # the other font's glyph name -> its name in `font`
    mapping: dict[int, str] = {}
    for code, name in wanted:
        if name not in added:
            if len(order) >= MAX_GLYPHS:
                raise FallbackError(f"the fonts together have more than {MAX_GLYPHS} glyphs, the most one font "
                                    "may hold; put a smaller font earlier in the list")
            glyph = scaled(outlines, name, scale)
            new = added[name] = prefix + name
            glyf.glyphs[new] = glyph
            order.append(new)
            glyph.recalcBounds(glyf)
            hmtx.metrics[new] = (round(widths[name][0] * scale), getattr(glyph, "xMin", 0))
        mapping[code] = added[name]
    font.setGlyphOrder(order)
    glyf.glyphOrder = order
    if "post" in font and font["post"].formatType == 2.0:
        font["post"].glyphOrder = order
    _map(font, mapping)
    return len(added)


def scaled(glyf, name: str, scale: float) -> Glyph:
    """A copy of the glyph `name` of the glyf table `glyf` with its points scaled by `scale` and rounded, its
    components (a composite's parts, which are not copied) drawn in, its hinting left out."""
    coordinates, ends, flags = glyf[name].getCoordinates(glyf)
    glyph = Glyph()
    if not ends:
        glyph.numberOfContours = 0  # a space, or another glyph with no ink
        return glyph
    points = GlyphCoordinates(coordinates)
    points.scale((scale, scale))
    points.toInt()
    glyph.coordinates, glyph.endPtsOfContours = points, list(ends)
    glyph.flags = bytearray(flag & flagOnCurve for flag in flags)
    glyph.numberOfContours = len(ends)
    glyph.program = Program()
    glyph.program.fromBytecode(b"")
    return glyph


def _map(font: TTFont, mapping: dict[int, str]) -> None:
    """Adds `mapping` (character -> glyph name) to each Unicode table of the font's cmap, and a full table
    (format 12) when a character lies beyond the Basic Multilingual Plane and none can hold it."""
    cmap = font["cmap"]
    unicode_tables = [table for table in cmap.tables if table.isUnicode()]
    wide = {code: name for code, name in mapping.items() if code > 0xFFFF}
    if wide and not any(table.format in (12, 13) for table in unicode_tables):
        table = CmapSubtable.newSubtable(12)
        table.platformID, table.platEncID, table.language = 3, 10, 0
        table.cmap = dict(font.getBestCmap())
        cmap.tables.append(table)
        unicode_tables.append(table)
    for table in unicode_tables:
        if table.format in (12, 13):
            table.cmap.update(mapping)
        elif table.format == 4:
            table.cmap.update({code: name for code, name in mapping.items() if code <= 0xFFFF})
