"""Sheet geometry: how many cards fit, where their trim boxes are, and crop marks outside all bleed."""

from __future__ import annotations

import pytest

from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.grid import SHORTEST, ImpositionError, Sheet


def options(paper_name="a4", size="poker", **kw) -> SheetOptions:
    card = CARD_SIZES[size]
    return SheetOptions(paper(paper_name), card.width, card.height, **kw)


def inside(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    bx, by, bw, bh = box
    return bx - 1e-9 <= x <= bx + bw + 1e-9 and by - 1e-9 <= y <= by + bh + 1e-9


def assert_marks_clear(sheet: Sheet) -> None:
    page, edge = sheet.options.paper, sheet.options.margin
    for mark in sheet.marks:
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2), ((mark.x1 + mark.x2) / 2, (mark.y1 + mark.y2) / 2)):
            assert edge - 1e-9 <= x <= page.width - edge + 1e-9 and edge - 1e-9 <= y <= page.height - edge + 1e-9
            for slot in sheet.slots:
                assert not inside(x, y, slot.bleed_box()), (mark, slot)


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_nine_poker_cards_butted_on_a4_and_letter(paper_name):
    sheet = impose(options(paper_name))
    assert (sheet.cols, sheet.rows) == (3, 3)
    page = sheet.options.paper
    assert (page.width, page.height) == (paper(paper_name).width, paper(paper_name).height)
    left, top = sheet.slots[0].x, sheet.slots[0].y
    for slot in sheet.slots:  # edge to edge, sharing cut lines
        assert slot.x == pytest.approx(left + slot.col * 63.5)
        assert slot.y == pytest.approx(top + slot.row * 88.9)
    assert left == pytest.approx((page.width - 190.5) / 2)
    assert top == pytest.approx((page.height - 266.7) / 2)
    assert_marks_clear(sheet)


def test_letter_butted_outer_bleed_shrinks_to_keep_marks_printable():
    sheet = impose(options("letter"))
    assert sheet.slots[0].bleed_top < 3.0 and sheet.slots[0].bleed_left == 3.0
    assert sheet.slots[4].bleed_box() == (sheet.slots[4].x, sheet.slots[4].y, 63.5, 88.9)  # interior: no bleed
    assert_marks_clear(sheet)
    vertical = [m for m in sheet.marks if m.x1 == m.x2]
    # the 5 mm printable margin leaves 1.35 mm above and below the grid: no bleed there, short marks
    assert sheet.slots[0].bleed_top == 0.0
    assert len(vertical) == 8 and all(SHORTEST <= abs(m.y2 - m.y1) < 2.0 for m in vertical)
    assert any("bleed above and below the grid gives way" in n for n in sheet.notes)
    assert any("only 0.85 mm long" in n for n in sheet.notes)


@pytest.mark.parametrize("margin", [5.0, 8.0])
@pytest.mark.parametrize("style", ["butted", "gutter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "mini", "mini-euro", "skat", "business"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_marks_stay_inside_the_margin(paper_name, size, style, margin):
    sheet = impose(options(paper_name, size, style=style, margin=margin))
    assert sheet.marks
    assert_marks_clear(sheet)


def test_a_wide_margin_drops_marks_and_says_so():
    sheet = impose(options("letter", margin=6.35))
    assert not [m for m in sheet.marks if m.x1 == m.x2]
    assert any("no crop marks fit above and below" in n for n in sheet.notes)


def test_butted_marks_sit_on_every_cut_line():
    sheet = impose(options("a4"))
    x0, y0 = sheet.slots[0].x, sheet.slots[0].y
    xs = {round(m.x1, 6) for m in sheet.marks if m.x1 == m.x2}
    ys = {round(m.y1, 6) for m in sheet.marks if m.y1 == m.y2}
    assert xs == {round(x0 + i * 63.5, 6) for i in range(4)}
    assert ys == {round(y0 + j * 88.9, 6) for j in range(4)}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_gutter_cards_keep_full_bleed_and_marks_clear(paper_name, size):
    sheet = impose(options(paper_name, size, style="gutter"))
    assert sheet.per_page >= 1
    boxes = [slot.bleed_box() for slot in sheet.slots]
    for slot in sheet.slots:
        assert (slot.bleed_left, slot.bleed_top, slot.bleed_right, slot.bleed_bottom) == (3, 3, 3, 3)
    for i, a in enumerate(boxes):  # no two bleed areas touch
        for b in boxes[i + 1:]:
            assert a[0] + a[2] < b[0] or b[0] + b[2] < a[0] or a[1] + a[3] < b[1] or b[1] + b[3] < a[1]
    assert_marks_clear(sheet)
    assert len(sheet.marks) == 8 * sheet.per_page


def test_gutter_fits_fewer_than_butted_on_letter():
    portrait = impose(options("letter", style="gutter", orientation="portrait"))
    assert portrait.rows == 2  # 3 x (88.9 + 6) mm is more than Letter's 279.4 mm
    assert impose(options("letter", style="gutter")).per_page < 9


def test_zero_bleed_and_custom_paper():
    sheet = impose(options("210x210", "square", bleed=0))
    assert sheet.per_page == 9 and all(s.bleed_box()[2] == 63.5 for s in sheet.slots)


@pytest.mark.parametrize(
    ("kw", "message"),
    [({"bleed": -1}, "bleed must be 0 mm or more"),
     ({"style": "tiled"}, "unknown sheet style 'tiled'"),
     ({"size": "tarot", "paper_name": "100x100"}, "does not fit on 100x100mm paper")],
)
def test_impossible_sheets_are_refused_with_a_sentence(kw, message):
    with pytest.raises(ImpositionError, match=message):
        impose(options(**kw))


def test_unknown_paper_is_named():
    with pytest.raises(ValueError, match="unknown paper 'a5x'"):
        paper("a5x")
