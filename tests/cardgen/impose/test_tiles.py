"""Tiling a board over sheets: windows that overlap exactly, cover the board, keep inside the printable area."""

from __future__ import annotations

import itertools

import pytest

from cardgen.impose.papers import paper
from cardgen.impose.tiles import BAND, TileError, row_name, tile_plan

EXACT = 0.01  # mm


@pytest.mark.parametrize("name", ["a4", "letter"])
@pytest.mark.parametrize("size", [(600.0, 450.0), (457.2, 457.2), (230.0, 900.0)])
def test_neighbours_share_exactly_the_overlap_and_the_windows_glue_into_the_board(name, size):
    plan = tile_plan(*size, paper(name), margin=5.0, overlap=10.0, bleed=3.0)
    assert len(plan.tiles) > 1
    for r in range(plan.rows):
        row = [plan.tile(r, c) for c in range(plan.cols)]
        for left, right in itertools.pairwise(row):
            assert abs(left.x + left.width - right.x - 10.0) <= EXACT
        glued = sum(t.width for t in row) - 10.0 * (plan.cols - 1)
        assert abs(glued - size[0]) <= EXACT
        assert row[0].x == 0 and abs(row[-1].x + row[-1].width - size[0]) <= EXACT
    for c in range(plan.cols):
        col = [plan.tile(r, c) for r in range(plan.rows)]
        for upper, lower in itertools.pairwise(col):
            assert abs(upper.y + upper.height - lower.y - 10.0) <= EXACT
        assert abs(sum(t.height for t in col) - 10.0 * (plan.rows - 1) - size[1]) <= EXACT


@pytest.mark.parametrize("name", ["a4", "letter", "a3", "tabloid"])
def test_every_sheet_keeps_its_board_bleed_and_marks_inside_the_margin_and_above_the_band(name):
    plan = tile_plan(700.0, 500.0, paper(name), margin=6.35, overlap=10.0, bleed=3.175)
    page = plan.paper
    for tile in plan.tiles:
        x, y, w, h = plan.clip(tile)
        wx, wy = tile.page(tile.x, tile.y)
        assert x >= 6.35 + 4.5 - 1e-9 and x + w <= page.width - 6.35 - 4.5 + 1e-9
        assert y >= 6.35 + 4.5 - 1e-9 and y + h <= page.height - 6.35 - BAND - 4.5 + 1e-9
        assert wx - x == pytest.approx(plan.bleeds(tile)[0]) and wy - y == pytest.approx(plan.bleeds(tile)[1])


def test_a_board_that_fits_is_one_sheet_centred_on_the_page():
    plan = tile_plan(150.0, 100.0, paper("a4"), bleed=3.0)
    assert (plan.rows, plan.cols) == (1, 1)
    tile = plan.tiles[0]
    assert (tile.x, tile.y, tile.width, tile.height) == (0, 0, 150.0, 100.0)
    x, y = tile.page(0, 0)
    assert abs(x - (plan.paper.width - 150.0) / 2) <= EXACT and abs(y - (plan.paper.height - 100.0) / 2) <= EXACT
    assert plan.bleeds(tile) == (3.0, 3.0, 3.0, 3.0)


def test_the_paper_is_turned_the_way_that_needs_fewer_sheets():
    wide = tile_plan(260.0, 150.0, paper("a4"))  # fits across a landscape A4, needs two portrait ones
    assert (wide.paper.width, wide.paper.height, len(wide.tiles)) == (297.0, 210.0, 1)
    tall = tile_plan(150.0, 260.0, paper("a4"))
    assert (tall.paper.width, tall.paper.height, len(tall.tiles)) == (210.0, 297.0, 1)


def test_larger_paper_takes_fewer_sheets_and_a_board_prints_whole_on_tabloid():
    counts = {name: len(tile_plan(600.0, 450.0, paper(name), bleed=3.0).tiles) for name in ("a4", "a3", "tabloid")}
    assert counts["a4"] > counts["a3"] >= counts["tabloid"]
    assert len(tile_plan(380.0, 230.0, paper("tabloid")).tiles) == 1
    assert len(tile_plan(380.0, 230.0, paper("a4")).tiles) > 1


def test_sheets_are_named_by_row_letter_and_column_number():
    plan = tile_plan(600.0, 450.0, paper("a4"))
    assert [t.name for t in plan.tiles[:plan.cols + 1]] == [f"A{c + 1}" for c in range(plan.cols)] + ["B1"]
    assert (row_name(0), row_name(25), row_name(26), row_name(27)) == ("A", "Z", "AA", "AB")


@pytest.mark.parametrize("args, words", [
    ((0.0, 100.0), "board width"), ((100.0, -5.0), "board height"), ((100.0, float("nan")), "board height"),
])
def test_a_board_without_a_size_is_refused_by_name(args, words):
    with pytest.raises(TileError, match=words):
        tile_plan(*args, paper("a4"))


def test_an_overlap_as_wide_as_the_sheet_or_negative_is_refused():
    with pytest.raises(TileError, match="overlap 300 mm leaves no room"):
        tile_plan(900.0, 900.0, paper("a4"), overlap=300.0)
    with pytest.raises(TileError, match="overlap must be zero or a positive"):
        tile_plan(900.0, 900.0, paper("a4"), overlap=-1.0)
    with pytest.raises(TileError, match="has no room for a board"):
        tile_plan(900.0, 900.0, paper("60x60"), margin=20.0)
