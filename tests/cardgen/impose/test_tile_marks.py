"""A tiled board's marks: targets shared by neighbours, glue on the sheet underneath, cuts, fold ticks."""

from __future__ import annotations

import pytest

from cardgen.impose.papers import paper
from cardgen.impose.tile_marks import check_folds, crop_marks, cut_lines, fold_ticks, glue_strips, targets
from cardgen.impose.tiles import TileError, tile_plan

EXACT = 0.01  # mm


def test_targets_of_two_neighbours_are_the_same_board_points_at_the_overlaps_corners():
    plan = tile_plan(600.0, 450.0, paper("letter"), bleed=3.0)
    a1, a2, b1 = plan.tile(0, 0), plan.tile(0, 1), plan.tile(1, 0)
    shared = {(round(x, 6), round(y, 6)) for x, y in targets(plan, a1)} & \
        {(round(x, 6), round(y, 6)) for x, y in targets(plan, a2)}
    seam = {(round(x, 6), round(y, 6)) for x in (a2.x, a1.x + a1.width) for y in (a1.y, a1.y + a1.height)}
    assert seam <= shared
    assert {(round(x, 6), round(y, 6)) for x in (a1.x, a1.x + a1.width)
            for y in (b1.y, a1.y + a1.height)} <= {(round(x, 6), round(y, 6)) for x, y in targets(plan, b1)}


def test_the_glue_strip_is_on_the_sheet_underneath_and_the_cut_line_on_the_sheet_over_it():
    plan = tile_plan(600.0, 450.0, paper("a4"))
    a1, a2, b2 = plan.tile(0, 0), plan.tile(0, 1), plan.tile(1, 1)
    strips = glue_strips(plan, a1)
    assert [s.side for s in strips] == ["right", "bottom"]
    assert abs(strips[0].width - 10.0) <= EXACT and abs(strips[1].height - 10.0) <= EXACT
    assert abs(strips[0].x - a1.page(a2.x, 0)[0]) <= EXACT
    assert cut_lines(plan, a1) == []
    (line,) = cut_lines(plan, a2)
    assert line.x1 == line.x2 == a2.page(a2.x, 0)[0] and (line.y1, line.y2) == (5.0, plan.paper.height - 5.0)
    assert len(cut_lines(plan, b2)) == 2
    last = plan.tiles[-1]
    assert glue_strips(plan, last) == []


def test_fold_ticks_fall_outside_the_trim_on_the_sheets_the_fold_crosses():
    plan = tile_plan(600.0, 450.0, paper("a4"), bleed=3.0)
    folds = [("x", 300.0), ("y", 225.0)]
    check_folds(plan, folds)
    for tile in plan.tiles:
        ticks = fold_ticks(plan, tile, folds)
        crosses_x = tile.x <= 300.0 <= tile.x + tile.width
        vertical = [t for t in ticks if t.x1 == t.x2]
        assert bool(vertical) == crosses_x
        for tick in vertical:
            assert abs(tick.x1 - tile.page(300.0, 0)[0]) <= EXACT
            top, bottom = tile.page(0, 0)[1], tile.page(0, 450.0)[1]
            assert max(tick.y1, tick.y2) <= top - 3.0 or min(tick.y1, tick.y2) >= bottom + 3.0


@pytest.mark.parametrize("folds, words", [
    ([("z", 10.0)], "fold 1"), ([("x", 0.0)], "x = 0 mm is not inside"), ([("x", 10.0), ("y", 451.0)], "fold 2"),
])
def test_a_fold_off_the_board_is_refused_by_number(folds, words):
    with pytest.raises(TileError, match=words):
        check_folds(tile_plan(600.0, 450.0, paper("a4")), folds)


def test_crop_marks_extend_the_outer_trim_beyond_the_bleed_and_only_the_outer_trim():
    plan = tile_plan(600.0, 450.0, paper("a4"), bleed=3.0)
    a1 = plan.tile(0, 0)
    marks = crop_marks(plan, a1)
    left, top = a1.page(0, 0)
    horizontal_top = [m for m in marks if m.y1 == m.y2 == top]
    assert len(horizontal_top) == 2  # the board's top edge, past both ends of A1's window
    assert min(min(m.x1, m.x2) for m in horizontal_top) == pytest.approx(left - 3.0 - 0.5 - 4.0)
    vertical_left = [m for m in marks if m.x1 == m.x2 == left]
    assert len(vertical_left) == 2
    assert all(m.y1 == m.y2 or m.x1 == m.x2 for m in marks)
    nine = tile_plan(520.0, 700.0, paper("a4"), bleed=3.0)
    assert (nine.rows, nine.cols) == (3, 3)
    assert crop_marks(nine, nine.tile(1, 1)) == []  # the middle sheet has no outer edge
    assert len(crop_marks(nine, nine.tile(0, 1))) == 2 and len(crop_marks(nine, nine.tile(2, 2))) == 4
