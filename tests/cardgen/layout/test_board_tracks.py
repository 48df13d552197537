"""Tracks: spaces evenly spaced along a line, an arc or a rectangle's edge, numbered in order, every Nth marked;
measured from the operations and from the PDF PageDrawer writes."""

from __future__ import annotations

import itertools
import math

import pytest

from cardgen.layout.board_tracks import (
    TrackError, TrackStyle, arc_centres, around_centres, check_spacing, line_centres, track_ops)
from cardgen.layout.ops import Ellipse, Rect, Text
from tests.cardgen.layout.board_pdf import render, shapes, texts
from tests.cardgen.raster import rasterise
from tests.pdf_probe import probe
from pypdf import PdfReader

BOARD = (420.0, 297.0)


def gaps(points):
    return [math.dist(a, b) for a, b in itertools.pairwise(points)]


def test_a_line_track_of_0_to_50_is_evenly_spaced_numbered_in_order_and_marked_every_fifth(tmp_path):
    values = list(range(51))
    style = TrackStyle(size=7.0, mark_every=5, fill=None, mark_fill="#c0c0c0")
    ops = track_ops(values, line_centres((10.0, 20.0), (410.0, 60.0), 51), style)
    pdf = render(ops, tmp_path / "track.pdf", BOARD)

    spaces = [shape for shape in shapes(pdf) if shape.paint in ("stroke", "both")]
    assert len(spaces) == 51
    centres = [shape.centre for shape in spaces]
    assert centres[0] == pytest.approx((10.0, 20.0), abs=0.01)
    assert centres[-1] == pytest.approx((410.0, 60.0), abs=0.01)
    assert max(gaps(centres)) - min(gaps(centres)) < 0.01
    assert gaps(centres)[0] == pytest.approx(math.dist((10, 20), (410, 60)) / 50, abs=0.01)
    assert all(shape.box[2:] == pytest.approx((7.0, 7.0), abs=0.01) for shape in spaces)

    shown = texts(pdf)
    assert [t.text for t in shown] == [str(v) for v in values]
    marked = [v for v, shape in zip(values, spaces) if shape.paint == "both"]
    assert marked == list(range(0, 51, 5))
    assert {round(shape.width, 2) for v, shape in zip(values, spaces) if v % 5} == {0.3}
    assert {round(shape.width, 2) for v, shape in zip(values, spaces) if v % 5 == 0} == {0.8}
    assert {shape.fill for shape in spaces if shape.paint == "both"} == {"#c0c0c0"}


def test_numbers_are_centred_in_their_spaces_and_inside_them(tmp_path):
    values = [8, 9, 10, 11, 100]
    ops = track_ops(values, line_centres((20.0, 20.0), (100.0, 20.0), 5), TrackStyle(size=12.0, fill=None))
    pdf = render(ops, tmp_path / "centred.pdf", (140.0, 50.0))
    spaces = [shape.box for shape in shapes(pdf)]
    boxes = probe(PdfReader(pdf), 0).texts  # measured from the embedded font's own widths, ascent and descent
    assert len(boxes) == 5
    for (sx, sy, sw, sh), (tx, ty, tw, th) in zip(spaces, boxes):
        assert tx + tw / 2 == pytest.approx(sx + sw / 2, abs=0.05)
        assert ty + th / 2 == pytest.approx(sy + sh / 2, abs=0.05)
        assert sx < tx and tx + tw < sx + sw and sy < ty and ty + th < sy + sh


def test_a_marked_space_prints_grey_and_an_unmarked_one_white(tmp_path):
    style = TrackStyle(size=20.0, mark_every=5, mark_fill="#808080")
    ops = track_ops([4, 5], line_centres((20.0, 20.0), (50.0, 20.0), 2), style)
    image = rasterise(render(ops, tmp_path / "marks.pdf", (70.0, 40.0)), 1, tmp_path, 72).convert("L")
    px = 72 / 25.4  # pixels per mm
    inside = 7.0  # mm from a space's centre along its diagonal: inside the space, clear of the number
    unmarked = image.getpixel((round((20 - inside) * px), round((20 - inside) * px)))
    marked = image.getpixel((round((50 - inside) * px), round((20 - inside) * px)))
    assert unmarked > 250 and 120 < marked < 136


def test_an_arc_track_keeps_its_spaces_on_the_circle_evenly_apart(tmp_path):
    centres = arc_centres((100.0, 100.0), 60.0, 180.0, 360.0, 13)
    ops = track_ops(list(range(1, 14)), centres, TrackStyle(shape="circle", size=10.0, fill=None))
    assert all(isinstance(op, (Ellipse, Text)) for op in ops)
    drawn = [shape.centre for shape in shapes(render(ops, tmp_path / "arc.pdf", (200.0, 200.0)))]
    assert len(drawn) == 13
    assert all(math.dist(c, (100.0, 100.0)) == pytest.approx(60.0, abs=0.01) for c in drawn)
    assert max(gaps(drawn)) - min(gaps(drawn)) < 0.01
    assert drawn[0] == pytest.approx((40.0, 100.0), abs=0.01)  # 180 degrees: 9 o'clock
    assert drawn[6] == pytest.approx((100.0, 40.0), abs=0.01)  # clockwise through 12 o'clock
    assert drawn[-1] == pytest.approx((160.0, 100.0), abs=0.01)


def test_a_whole_circle_closes_with_the_same_step_from_last_to_first():
    centres = arc_centres((0.0, 0.0), 50.0, 0.0, 360.0, 20)
    steps = gaps([*centres, centres[0]])
    assert len(centres) == 20 and max(steps) - min(steps) < 1e-9
    with pytest.raises(TrackError, match="360"):
        arc_centres((0.0, 0.0), 50.0, 0.0, 400.0, 20)


def test_a_score_track_round_a_board_fills_the_corners_and_spaces_each_side_evenly(tmp_path):
    size = 14.0
    centres = around_centres((0.0, 0.0, 420.0, 297.0), 61, size)
    ops = track_ops(list(range(61)), centres, TrackStyle(size=size, fill=None))
    drawn = [shape.centre for shape in shapes(render(ops, tmp_path / "around.pdf", BOARD))]
    assert len(drawn) == 61
    corners = [(7.0, 7.0), (413.0, 7.0), (413.0, 290.0), (7.0, 290.0)]
    at = [next(i for i, c in enumerate(drawn) if math.dist(c, corner) < 0.01) for corner in corners]
    assert at[0] == 0 and at == sorted(at)  # clockwise from the top-left corner
    for start, end in zip(at, [*at[1:], 61]):
        side = [*drawn[start:end], drawn[end % 61]]
        assert max(gaps(side)) - min(gaps(side)) < 0.01
    pitches = [gaps([drawn[a], drawn[a + 1]])[0] for a in at]
    assert max(pitches) / min(pitches) < 1.1  # the sides' shares follow their lengths
    # no two spaces overlap: the squares' boxes are apart on one axis at least
    boxes = [shape.box for shape in shapes(render(ops, tmp_path / "again.pdf", BOARD))]
    for (ax, ay, aw, ah), (bx, by, _, _) in itertools.combinations(boxes, 2):
        assert abs(ax - bx) >= aw - 0.01 or abs(ay - by) >= ah - 0.01


@pytest.mark.parametrize(("corner", "clockwise", "first", "second_direction"), [
    ("top-left", True, (5.0, 5.0), (1, 0)),
    ("top-left", False, (5.0, 5.0), (0, 1)),
    ("bottom-right", True, (95.0, 55.0), (-1, 0)),
    ("top-right", True, (95.0, 5.0), (0, 1)),
])
def test_a_track_round_a_rectangle_starts_in_its_corner_and_turns_the_way_asked(corner, clockwise, first,
                                                                                second_direction):
    centres = around_centres((0.0, 0.0, 100.0, 60.0), 16, 10.0, corner, clockwise)
    assert centres[0] == pytest.approx(first)
    dx, dy = centres[1][0] - centres[0][0], centres[1][1] - centres[0][1]
    assert (math.copysign(1, dx) if abs(dx) > 1e-9 else 0, math.copysign(1, dy) if abs(dy) > 1e-9 else 0) \
        == second_direction


def test_labels_go_beneath_their_numbers_in_the_spaces_named():
    ops = track_ops([0, 1, 2], line_centres((10.0, 10.0), (40.0, 10.0), 3), TrackStyle(size=14.0),
                    {0: "Start", 2: "Collapse"})
    words = [op for op in ops if isinstance(op, Text)]
    assert [w.text for w in words] == ["0", "Start", "1", "2", "Collapse"]
    squares = [op for op in ops if isinstance(op, Rect)]
    for word, square in ((words[1], squares[0]), (words[4], squares[2])):
        assert square.x < word.x and word.x + 0.1 < square.x + square.w and words[0].y < word.y < square.y + square.h


def test_overlapping_spaces_and_texts_that_do_not_fit_are_errors():
    style = TrackStyle(size=12.0)
    with pytest.raises(TrackError, match=r"spaces 1 and 2 overlap: 51 spaces of 12 mm"):
        check_spacing(line_centres((0.0, 0.0), (100.0, 0.0), 51), style, closed=False)
    loop = [(0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (5.0, 5.0)]
    check_spacing(loop, TrackStyle(size=10.0), closed=False)
    with pytest.raises(TrackError, match="spaces 4 and 1 overlap"):  # the closing pair of a loop counts
        check_spacing(loop, TrackStyle(size=10.0), closed=True)
    with pytest.raises(TrackError, match="overlap"):  # circles overlap by distance, squares by the nearer axis
        check_spacing([(0.0, 0.0), (8.0, 8.0)], TrackStyle(shape="circle", size=12.0), closed=False)
    check_spacing([(0.0, 0.0), (8.0, 9.0)], TrackStyle(shape="circle", size=12.0), closed=False)
    with pytest.raises(TrackError, match="labels do not fit"):
        track_ops([0], [(10.0, 10.0)], TrackStyle(size=8.0), {0: "A very long label indeed"})
    with pytest.raises(TrackError, match="numbers do not fit"):
        track_ops([123456], [(10.0, 10.0)], TrackStyle(size=5.0))
    with pytest.raises(TrackError, match="labels name spaces the track does not have: 7"):
        track_ops([0], [(10.0, 10.0)], style, {7: "Seven"})
    with pytest.raises(TrackError, match="4 spaces or more"):
        around_centres((0.0, 0.0, 100.0, 100.0), 3, 10.0)
