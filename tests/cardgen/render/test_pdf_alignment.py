"""The duplex test page: its rulers carry signed numbers that read straight into --back-offset."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.duplex import back_slot
from cardgen.layout import fonts
from cardgen.render.pdf_alignment import LABEL_SIZE, write_alignment_test

PT = 25.4 / 72


def labels(reader, index, height):
    """(text, left x, baseline y) in mm from the top-left, of every string on the page."""
    found = []

    def visit(text, cm, tm, _font, _size):
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x * PT, height - y * PT))

    reader.pages[index].extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("edge", ["long", "short"])
def test_ruler_numbers_are_the_back_offset_to_pass(tmp_path, edge):
    card = CARD_SIZES["poker"]
    sheet = impose(SheetOptions(paper("a4"), card.width, card.height))
    page = sheet.options.paper
    path = tmp_path / "test.pdf"
    write_alignment_test(path, sheet, edge, (0.0, 0.0), "T")
    found = labels(PdfReader(path), 1, page.height)
    for slot in sheet.slots:
        back = back_slot(slot, page, edge)
        cx, cy = back.x + back.width / 2, back.y + back.height / 2
        for value in (-5, -3, -1, 1, 3, 5):
            text = f"{value:+d}"
            half = fonts.width_mm(text, "regular", LABEL_SIZE) / 2
            along_x = [(x, y) for t, x, y in found if t == text and abs(x + half - (cx + value)) <= 0.01
                       and abs(y - (cy - 1.3)) <= 0.01]
            along_y = [(x, y) for t, x, y in found if t == text and abs(x - (cx + 1.2)) <= 0.01
                       and abs(y - (cy + value + 0.45)) <= 0.01]
            assert along_x and along_y, (text, cx, cy)
        # a printer that puts the back d mm right/down shows the bullseye at -d on the ruler; that
        # number, passed as --back-offset, moves the back by -d: exactly back into place
        for d in (-3, 1, 5):
            reading = -d
            shifted = back_slot(slot, page, edge, (reading, reading))
            assert (shifted.x + d - back.x, shifted.y + d - back.y) == pytest.approx((0.0, 0.0))
