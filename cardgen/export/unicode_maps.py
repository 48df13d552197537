"""Splits the long blocks of a PDF's ToUnicode maps, so that Ghostscript's CMYK conversion keeps the maps.

A font's ToUnicode map (character code -> the letters it stands for) is what copying, searching and
screen readers use. reportlab writes each font subset's map as one block of all its codes (128), while
the PDF reference allows at most 100 per block (beginbfchar); Ghostscript 10.0's interpreter then
refuses the whole map and writes the font without one, so in the converted file the characters a
subset keeps at codes of its own (accented letters, the footer's middle dot) no longer copy out.
The same entries in blocks of at most 100 are kept: measured with Ghostscript 10.00.0.
"""

from __future__ import annotations

import re

from pypdf import PdfWriter
from pypdf.generic import DictionaryObject, StreamObject

BLOCK = re.compile(rb"(\d+)\s+beginbfchar(.*?)endbfchar", re.DOTALL)
BLOCK_MOST = 100    # entries in one bfchar block: the PDF reference's limit, which Ghostscript enforces
ENTRY = re.compile(rb"<\s*([0-9A-Fa-f]+)\s*>\s*<\s*([0-9A-Fa-f]*)\s*>")


def keep_unicode_maps(writer: PdfWriter) -> int:
    """Rewrites the ToUnicode map of every font the pages of `writer` (and their forms) use; returns how many changed."""
    maps: dict[int, StreamObject] = {}
    seen: set[int] = set()
    for page in writer.pages:
        _collect(page.get("/Resources"), maps, seen)
    changed = 0
    for stream in maps.values():
        data = stream.get_data()
        cleaned = in_short_blocks(data)
        if cleaned != data:
            stream.set_data(cleaned)
            changed += 1
    return changed


def in_short_blocks(cmap: bytes) -> bytes:
    """The CMap `cmap` with every bfchar block of more than BLOCK_MOST entries split into blocks of at most that."""
    def block(match: re.Match) -> bytes:
        entries = [entry[0] for entry in ENTRY.finditer(match[2])]
        if len(entries) <= BLOCK_MOST:
            return match[0]
        return b"\n".join(b"%d beginbfchar\n%s\nendbfchar" % (len(part), b"\n".join(part))
                          for part in (entries[at:at + BLOCK_MOST] for at in range(0, len(entries), BLOCK_MOST)))
    return BLOCK.sub(block, cmap)


def _collect(resources, maps: dict[int, StreamObject], seen: set[int]) -> None:
    """The ToUnicode streams of the fonts in `resources`, and in the forms (and Type 3 fonts' resources) it names."""
    resources = resources.get_object() if resources is not None else None
    if not isinstance(resources, DictionaryObject) or id(resources) in seen:
        return
    seen.add(id(resources))
    for font in _entries(resources, "/Font"):
        unicode_map = font.get("/ToUnicode")
        unicode_map = unicode_map.get_object() if unicode_map is not None else None
        if isinstance(unicode_map, StreamObject):
            maps[id(unicode_map)] = unicode_map
        _collect(font.get("/Resources"), maps, seen)
    for xobject in _entries(resources, "/XObject"):
        if xobject.get("/Subtype") == "/Form":
            _collect(xobject.get("/Resources"), maps, seen)


def _entries(resources: DictionaryObject, kind: str) -> list[DictionaryObject]:
    """The dictionaries (fonts, XObjects) a resource dictionary lists under `kind`."""
    table = resources.get(kind)
    table = table.get_object() if table is not None else None
    if not isinstance(table, DictionaryObject):
        return []
    return [entry for entry in (value.get_object() for value in table.values()) if isinstance(entry, DictionaryObject)]
