"""Saddle-stitch imposition: rulebook pages two to a sheet side, padded to a multiple of four.

Sheet k (from 1) of an n-page booklet carries pages n-2k+2 and 2k-1 on its front and 2k and
n-2k+1 on its back, so the folded stack reads in order.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter, Transformation


def saddle_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers, counting from 1, of each sheet side in print order; `pages` % 4 == 0."""
    assert pages % 4 == 0
    order = []
    for k in range(1, pages // 4 + 1):
        order.append((pages - 2 * k + 2, 2 * k - 1))
        order.append((2 * k, pages - 2 * k + 1))
    return order


def write_booklet(source: Path, path: Path) -> int:
    """Writes the booklet of `source` (portrait pages) on sheets of the same paper turned landscape;
    returns the number of booklet pages (a multiple of 4, blank pages added at the end)."""
    reader = PdfReader(source)
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    pages = -(-len(reader.pages) // 4) * 4
    sheet_w, sheet_h = height, width  # the same paper, landscape
    scale = min((sheet_w / 2) / width, sheet_h / height)
    writer = PdfWriter()
    for left, right in saddle_order(pages):
        side = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        for slot, number in enumerate((left, right)):
            if number <= len(reader.pages):
                x = slot * sheet_w / 2 + (sheet_w / 2 - width * scale) / 2
                y = (sheet_h - height * scale) / 2
                side.merge_transformed_page(reader.pages[number - 1],
                                            Transformation().scale(scale, scale).translate(x, y))
        writer.add_page(side)
    writer.add_metadata({"/Title": f"{reader.metadata.title} (booklet)" if reader.metadata else "booklet",
                         "/Producer": "pnpkit cardgen"})
    with path.open("wb") as stream:
        writer.write(stream)
    return pages
