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


def assert_butted_grid(sheet: Sheet, card_width: float, card_height: float) -> None:
    page = sheet.options.paper
    left, top = sheet.slots[0].x, sheet.slots[0].y
    for slot in sheet.slots:  # edge to edge, sharing cut lines
        assert slot.x == pytest.approx(left + slot.col * card_width)
        assert slot.y == pytest.approx(top + slot.row * card_height)
    assert left == pytest.approx((page.width - sheet.cols * card_width) / 2)
    assert top == pytest.approx((page.height - sheet.rows * card_height) / 2)
    assert_marks_clear(sheet)


def outer_bleed(sheet: Sheet) -> set[float]:
    """Every bleed drawn on the grid's outer edges (inner edges have none: they are shared cut lines)."""
    last_col, last_row = sheet.cols - 1, sheet.rows - 1
    return ({s.bleed_left for s in sheet.slots if s.col == 0} | {s.bleed_right for s in sheet.slots if s.col == last_col}
            | {s.bleed_top for s in sheet.slots if s.row == 0} | {s.bleed_bottom for s in sheet.slots if s.row == last_row})


def test_nine_poker_cards_butted_on_a4_with_the_full_bleed():
    sheet = impose(options("a4"))
    assert (sheet.cols, sheet.rows) == (3, 3)
    assert (sheet.options.paper.width, sheet.options.paper.height) == (210, 297)
    assert_butted_grid(sheet, 63.5, 88.9)
    # 9.75 mm beside the grid: 5 mm margin, 3 mm bleed, 0.5 mm gap and 1.25 mm crop marks (not 2.25 mm of bleed)
    assert outer_bleed(sheet) == {3.0} and not sheet.notes
    side = [m for m in sheet.marks if m.y1 == m.y2]
    assert {round(abs(m.x2 - m.x1), 6) for m in side} == {1.25}


def test_letter_poker_turns_landscape_to_keep_the_bleed():
    """Letter leaves 6.35 mm above and below a 3 x 3 poker grid: no room for bleed and marks inside the
    5 mm margin. Turned, 4 x 2 cards keep 3 mm bleed and 4 mm marks all round."""
    sheet = impose(options("letter"))
    assert (sheet.options.paper.width, sheet.options.paper.height) == (279.4, 215.9)
    assert (sheet.cols, sheet.rows) == (4, 2)
    assert_butted_grid(sheet, 63.5, 88.9)
    assert outer_bleed(sheet) == {3.0} and not sheet.notes
    assert {round(abs(m.x2 - m.x1) + abs(m.y2 - m.y1), 6) for m in sheet.marks} == {4.0}


@pytest.mark.parametrize(("paper_name", "size"), [
    (paper_name, size) for paper_name in ("a4", "letter") for size in sorted(CARD_SIZES)
    # 4 x 4 upright or 6 x 3 turned: both leave under 3 mm above and below; the build says so (a choice of size and paper)
    if (paper_name, size) != ("letter", "mini-euro")])
def test_the_default_sheet_keeps_the_full_bleed(paper_name, size):
    """No default build says its bleed gave way: an orientation that keeps it is chosen."""
    sheet = impose(options(paper_name, size))
    assert outer_bleed(sheet) == {3.0} and not sheet.notes, sheet.notes
    assert_marks_clear(sheet)


def test_letter_butted_outer_bleed_shrinks_to_keep_marks_printable():
    sheet = impose(options("letter", orientation="portrait"))  # the designer's choice: 3 x 3 upright
    assert (sheet.cols, sheet.rows) == (3, 3)
    assert sheet.slots[0].bleed_top < 3.0 and sheet.slots[0].bleed_left == 3.0
    assert sheet.slots[4].bleed_box() == (sheet.slots[4].x, sheet.slots[4].y, 63.5, 88.9)  # interior: no bleed
    assert_marks_clear(sheet)
    vertical = [m for m in sheet.marks if m.x1 == m.x2]
    # the 5 mm printable margin leaves 1.35 mm above and below the grid: no bleed there, short marks
    assert sheet.slots[0].bleed_top == 0.0
    assert len(vertical) == 8 and all(SHORTEST <= abs(m.y2 - m.y1) < 1.0 for m in vertical)
    assert any("bleed above and below the grid gives way" in n for n in sheet.notes)
    assert any("only 0.85 mm long" in n for n in sheet.notes)


def test_a_margin_that_costs_bleed_in_both_orientations_says_so():
    sheet = impose(options("letter", margin=10))  # 12.7 mm beside 3 x 2 upright and beside 4 x 2 turned
    assert (sheet.cols, sheet.rows, sheet.options.paper.width) == (4, 2, 279.4)  # the more cards
    assert sorted(outer_bleed(sheet)) == [pytest.approx(1.2), 3.0]
    assert any("left and right of the grid gives way to the 10 mm margin (--margin): 1.20 mm" in n
               for n in sheet.notes)
    wide = impose(options("a4", margin=8))  # turned, 8 cards keep it: nothing gave way
    assert (wide.cols, wide.rows, wide.options.paper.width) == (4, 2, 297) and not wide.notes


@pytest.mark.parametrize("margin", [5.0, 8.0])
@pytest.mark.parametrize("style", ["butted", "gutter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "mini", "mini-euro", "skat", "business"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_marks_stay_inside_the_margin(paper_name, size, style, margin):
    sheet = impose(options(paper_name, size, style=style, margin=margin))
    assert sheet.marks
    assert_marks_clear(sheet)


def test_a_wide_margin_drops_marks_and_says_so():
    sheet = impose(options("letter", margin=6.35, orientation="portrait"))
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


def test_a_part_full_page_gives_bleed_beside_its_empty_slots():
    sheet = impose(options("a4"))  # 3 x 3
    slots = sheet.filled(4)  # a row of three, and one card under the first
    assert [(s.bleed_right, s.bleed_bottom) for s in slots] == [(0.0, 0.0), (0.0, 3.0), (3.0, 3.0), (3.0, 3.0)]
    assert [(s.bleed_left, s.bleed_top) for s in slots] == [(3.0, 3.0), (0.0, 3.0), (0.0, 3.0), (3.0, 0.0)]
    assert sheet.filled(9) == sheet.slots
    assert impose(options("a4", style="gutter")).filled(2) == impose(options("a4", style="gutter")).slots[:2]
