"""Text in the CMYK PDF/X files copies out: every font keeps its ToUnicode map through Ghostscript, so the
converted pages give the same characters as the RGB ones, accents and the footer's middle dot included."""

from __future__ import annotations

import re

from pypdf import PdfReader

from cardgen.export.unicode_maps import BLOCK_MOST, in_short_blocks


def fonts(reader: PdfReader):
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            yield font.get_object()


def words(text: str) -> str:
    """The characters of `text` without its spacing (Ghostscript re-spaces lines with TJ)."""
    return re.sub(r"\s+", "", text)


def test_every_font_of_a_converted_bundled_sheet_keeps_its_unicode_map(bundled_sheet):
    converted = bundled_sheet[1]
    found = list(fonts(PdfReader(converted)))
    assert found and all("/ToUnicode" in font for font in found), [str(f["/BaseFont"]) for f in found]


def test_a_converted_bundled_sheet_copies_out_as_the_rgb_one(bundled_sheet):
    rgb, converted = bundled_sheet
    before, after = PdfReader(rgb), PdfReader(converted)
    assert len(after.pages) == len(before.pages)
    for index, (old, new) in enumerate(zip(before.pages, after.pages)):
        assert words(new.extract_text()) == words(old.extract_text()), f"page {index + 1}"
    assert "·" in after.pages[0].extract_text()  # the footer's middle dot, at a code of the subset's own


def cmap(count: int) -> bytes:
    entries = b"\n".join(b"<%02X> <%04X>" % (code, 0xE0 + code if code else 0) for code in range(count))
    return b"begincmap\n%d beginbfchar\n%s\nendbfchar\nendcmap\n" % (count, entries)


def blocks(data: bytes) -> list[list[bytes]]:
    return [re.findall(rb"<[0-9A-F]+> <[0-9A-F]+>", body)
            for count, body in re.findall(rb"(\d+) beginbfchar(.*?)endbfchar", data, re.DOTALL)]


def test_a_long_block_is_split_into_blocks_of_at_most_100_keeping_every_entry():
    data = in_short_blocks(cmap(256))
    found = blocks(data)
    assert [len(block) for block in found] == [100, 100, 56]
    assert [entry for block in found for entry in block] == blocks(cmap(256))[0]
    counts = [int(n) for n in re.findall(rb"(\d+) beginbfchar", data)]
    assert counts == [100, 100, 56]
    assert data.startswith(b"begincmap\n") and data.endswith(b"endbfchar\nendcmap\n")


def test_a_short_block_is_left_as_it_is():
    assert in_short_blocks(cmap(BLOCK_MOST)) == cmap(BLOCK_MOST)
