"""Saddle-stitch imposition: rulebook pages two to a sheet side, padded to a multiple of four.

Sheet k (from 1) of an n-page booklet carries pages n-2k+2 and 2k-1 on its front and 2k and
n-2k+1 on its back, so the folded stack reads in order.
"""

from __future__ import annotations

from pathlib import Path

from pypdf import PageObject, PdfReader, PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, IndirectObject,
                           NameObject)


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
    returns the number of booklet pages (a multiple of 4, blank pages added at the end).

    Each rulebook page becomes a form XObject that its sheet side places, scaled, with one `cm` and `Do`:
    its content stream is copied as it is, never parsed and merged, and the fonts and images the pages
    share are written once (measured on Unfair's 64 pages: 3.1 s and 2.9 MB with page merging before,
    see the note of issue #18 for the figures after).
    """
    reader = PdfReader(source)
    width, height = float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)
    pages = -(-len(reader.pages) // 4) * 4
    sheet_w, sheet_h = height, width  # the same paper, landscape
    scale = min((sheet_w / 2) / width, sheet_h / height)
    writer = PdfWriter()
    forms: dict[int, IndirectObject] = {}
    for left, right in saddle_order(pages):
        side = PageObject.create_blank_page(width=sheet_w, height=sheet_h)
        placed, content = DictionaryObject(), []
        for slot, number in enumerate((left, right)):
            if number <= len(reader.pages):
                if number not in forms:
                    forms[number] = _page_form(writer, reader.pages[number - 1])
                x = slot * sheet_w / 2 + (sheet_w / 2 - width * scale) / 2
                y = (sheet_h - height * scale) / 2
                placed[NameObject(f"/Page{number}")] = forms[number]
                content.append(f"q {scale:.6f} 0 0 {scale:.6f} {x:.4f} {y:.4f} cm /Page{number} Do Q")
        side[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): placed})
        stream = DecodedStreamObject()
        stream.set_data("\n".join(content).encode("ascii"))
        side[NameObject("/Contents")] = writer._add_object(stream)
        writer.add_page(side)
    writer.add_metadata({"/Title": f"{reader.metadata.title} (booklet)" if reader.metadata else "booklet",
                         "/Producer": "pnpkit cardgen"})
    with path.open("wb") as file:
        writer.write(file)
    return pages


def _page_form(writer: PdfWriter, page: PageObject) -> IndirectObject:
    """`page` as a form XObject of `writer`: its content stream as it is, its resources cloned once."""
    contents = page.get_contents()
    form = DecodedStreamObject()
    form.set_data(contents.get_data() if contents is not None else b"")
    box = page.mediabox
    form.update({
        NameObject("/Type"): NameObject("/XObject"),
        NameObject("/Subtype"): NameObject("/Form"),
        NameObject("/BBox"): ArrayObject(FloatObject(float(v)) for v in (box.left, box.bottom, box.right, box.top)),
        NameObject("/Resources"): page["/Resources"].clone(writer) if "/Resources" in page else DictionaryObject(),
    })
    return writer._add_object(form.flate_encode())
