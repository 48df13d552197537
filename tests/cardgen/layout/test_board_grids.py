"""Square and hex grids: regular hexes sharing their edges exactly, protograf's offsets, coordinates in each cell;
measured from the operations and from the PDF PageDrawer writes."""

from __future__ import annotations

import itertools
import math

import pytest

from cardgen.layout.board_grids import (
    GridError, GridStyle, axial, grid_ops, hex_cells, letters, square_cells)
from cardgen.layout.ops import Path, Rect, Text
from tests.cardgen.layout.board_pdf import render, shapes, texts

SIDE = 9.0


def hex_distance(a, b):
    (qa, ra), (qb, rb) = a, b
    return (abs(qa - qb) + abs(ra - rb) + abs(qa + ra - qb - rb)) // 2


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["even", "odd"])
def test_a_hex_grid_is_regular_and_its_neighbours_share_edges_exactly(tmp_path, orientation, offset):
    cells = hex_cells(10.0, 10.0, 6, 5, SIDE, orientation, offset)
    ops = grid_ops(cells, GridStyle(coords="q,r"), "hex", orientation, offset)
    pdf = render(ops, tmp_path / "hexes.pdf", (150.0, 150.0))
    hexes = [shape.subpaths[0] for shape in shapes(pdf)]
    assert len(hexes) == 30 and all(len(corners) == 6 for corners in hexes)
    for corners in hexes:  # six equal sides, six equal angles: the corners all as far from the centre as a side
        sides = [math.dist(a, b) for a, b in zip(corners, [*corners[1:], corners[0]])]
        assert max(sides) - min(sides) < 0.01 and sides[0] == pytest.approx(SIDE, abs=0.01)
        centre = (sum(p[0] for p in corners) / 6, sum(p[1] for p in corners) / 6)
        assert all(math.dist(centre, p) == pytest.approx(SIDE, abs=0.01) for p in corners)

    coords = [tuple(int(n) for n in t.text.split(",")) for t in texts(pdf)]  # the axial q,r printed in each hex
    assert len(set(coords)) == 30
    centres = [(sum(p[0] for p in c) / 6, sum(p[1] for p in c) / 6) for c in hexes]
    neighbours = 0
    for i, j in itertools.combinations(range(30), 2):
        apart = math.dist(centres[i], centres[j])
        if hex_distance(coords[i], coords[j]) == 1:
            neighbours += 1
            assert apart == pytest.approx(SIDE * math.sqrt(3), abs=0.01)
            shared = [p for p in hexes[i] if any(math.dist(p, q) < 0.01 for q in hexes[j])]
            assert len(shared) == 2  # one whole edge in common
        else:
            assert apart > SIDE * math.sqrt(3) + 1
    assert neighbours == 3 * 6 * 5 - 2 * (6 + 5) + 1  # the shared edges of a 6 x 5 offset grid


@pytest.mark.parametrize(("orientation", "offset", "lower"), [
    ("flat", "even", "second"), ("flat", "odd", "first"), ("pointy", "even", "second"), ("pointy", "odd", "first")])
def test_offsets_follow_protograf_counting_columns_and_rows_from_one(orientation, offset, lower):
    cells = {(c.col, c.row): c.centre for c in hex_cells(0.0, 0.0, 3, 3, SIDE, orientation, offset)}
    half = SIDE * math.sqrt(3) / 2
    if orientation == "flat":  # columns offset down
        drop = cells[1, 0][1] - cells[0, 0][1]
    else:  # rows offset right
        drop = cells[0, 1][0] - cells[0, 0][0]
    assert drop == pytest.approx(half if lower == "second" else -half)


def test_a_hex_grid_starts_at_its_top_left_corner_and_has_the_size_of_its_hexes():
    flat = hex_cells(20.0, 30.0, 4, 3, SIDE, "flat")
    xs = [p[0] for c in flat for p in c.corners]
    ys = [p[1] for c in flat for p in c.corners]
    assert (min(xs), min(ys)) == pytest.approx((20.0, 30.0))
    assert max(xs) - min(xs) == pytest.approx(1.5 * SIDE * 3 + 2 * SIDE)
    assert max(ys) - min(ys) == pytest.approx(math.sqrt(3) * SIDE * 3.5)
    pointy = hex_cells(20.0, 30.0, 4, 3, SIDE, "pointy")
    xs = [p[0] for c in pointy for p in c.corners]
    ys = [p[1] for c in pointy for p in c.corners]
    assert max(xs) - min(xs) == pytest.approx(math.sqrt(3) * SIDE * 4.5)
    assert max(ys) - min(ys) == pytest.approx(1.5 * SIDE * 2 + 2 * SIDE)


def test_a_square_grid_draws_its_cells_with_a1_coordinates_row_by_row(tmp_path):
    ops = grid_ops(square_cells(10.0, 15.0, 3, 2, 20.0), GridStyle(coords="A1"))
    pdf = render(ops, tmp_path / "squares.pdf", (80.0, 60.0))
    boxes = [shape.box for shape in shapes(pdf)]
    assert boxes == [pytest.approx((10.0 + 20 * c, 15.0 + 20 * r, 20.0, 20.0), abs=0.01)
                     for r in range(2) for c in range(3)]
    shown = texts(pdf)
    assert [t.text for t in shown] == ["A1", "B1", "C1", "A2", "B2", "C2"]
    assert all(box[1] < t.y < box[1] + box[3] / 2 for t, box in zip(shown, boxes))  # in the top half of its cell


def test_coordinates_as_wargames_number_hexes_and_as_axial_pairs():
    cells = hex_cells(0.0, 0.0, 3, 2, 10.0)
    ops = grid_ops(cells, GridStyle(coords="0101", place="middle"), "hex")
    assert [op.text for op in ops if isinstance(op, Text)] == ["0101", "0201", "0301", "0102", "0202", "0302"]
    assert all(isinstance(op, Path) and op.commands[-1] == ("Z",) for op in ops if not isinstance(op, Text))
    wide = grid_ops(hex_cells(0.0, 0.0, 120, 1, 10.0), GridStyle(coords="0101"), "hex")
    assert [op.text for op in wide if isinstance(op, Text)][-1] == "120001"
    assert axial(1, 0, "flat", "even") == (1, 0) and axial(1, 1, "flat", "odd") == (1, 0)
    assert axial(0, 1, "pointy", "even") == (0, 1) and axial(0, 1, "pointy", "odd") == (-1, 1)
    squares = grid_ops(square_cells(0.0, 0.0, 2, 2, 15.0), GridStyle(coords="q,r"))
    assert [op.text for op in squares if isinstance(op, Text)] == ["0,0", "1,0", "0,1", "1,1"]
    assert all(isinstance(op, Rect) for op in grid_ops(square_cells(0.0, 0.0, 2, 2, 15.0), GridStyle()))


def test_column_letters_go_on_as_spreadsheets_do():
    assert [letters(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == \
        ["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]


def test_grids_that_cannot_be_drawn_are_errors():
    with pytest.raises(GridError, match="at least one column and one row, found 0 x 3"):
        square_cells(0.0, 0.0, 0, 3, 10.0)
    with pytest.raises(GridError, match="orientation must be one of flat, pointy, found 'sideways'"):
        hex_cells(0.0, 0.0, 2, 2, 10.0, "sideways")
    with pytest.raises(GridError, match="offset must be one of even, odd"):
        hex_cells(0.0, 0.0, 2, 2, 10.0, "flat", "both")
    with pytest.raises(GridError, match="do not fit these cells"):
        grid_ops(hex_cells(0.0, 0.0, 2, 2, 3.0), GridStyle(coords="0101"), "hex")
