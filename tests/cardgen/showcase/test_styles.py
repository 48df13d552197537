"""The styles' geometry: every card inside the picture, fans symmetric, grids near 3:2, piles seeded."""

from __future__ import annotations

import math

import pytest

from cardgen.showcase import styles
from cardgen.showcase.styles import MARGIN, perspective_inverse, perspective_point

POKER = (375, 525)  # a poker card at 150 dpi
DPI = 150


def inside(arrangement) -> bool:
    """Every card's corners at least MARGIN inches inside the picture (less a pixel of rounding)."""
    width, height = arrangement.size
    margin = MARGIN * DPI - 1
    return all(margin <= x <= width - margin and margin <= y <= height - margin
               for placement in arrangement.placements for x, y in placement.corners())


@pytest.mark.parametrize("make", [styles.fan, styles.grid, styles.row,
                                  lambda s, d: styles.row(s, d, tilt=False), lambda s, d: styles.pile(s, d, "x")])
@pytest.mark.parametrize("count", [1, 2, 5, 9])
def test_every_card_lies_inside_the_picture(make, count):
    arrangement = make([POKER] * count, DPI)
    assert len(arrangement.placements) == count
    assert sorted(p.index for p in arrangement.placements) == list(range(count))
    assert inside(arrangement)


def test_a_fan_turns_its_cards_evenly_about_a_point_below_them():
    arrangement = styles.fan([POKER] * 5, DPI)
    angles = [p.angle for p in arrangement.placements]
    assert angles == [-20.0, -10.0, 0.0, 10.0, 20.0]
    middle = arrangement.placements[2]
    assert middle.cx == pytest.approx(arrangement.size[0] / 2, abs=1)  # the fan is symmetric
    # each card's centre line, extended downwards, meets the others at the pivot
    pivots = []
    for p in arrangement.placements:
        a = math.radians(p.angle)
        distance = styles.FAN_RADIUS * POKER[1] + POKER[1] / 2
        pivots.append((p.cx - distance * math.sin(a), p.cy + distance * math.cos(a)))
    assert all(x == pytest.approx(pivots[0][0]) and y == pytest.approx(pivots[0][1]) for x, y in pivots)
    assert styles.fan([POKER] * 15, DPI).placements[-1].angle == pytest.approx(styles.FAN_SPREAD / 2)


@pytest.mark.parametrize(("count", "columns"), [(1, 1), (4, 4), (5, 3), (6, 3), (9, 5), (100, 15)])
def test_a_grid_picks_rows_near_three_by_two(count, columns):
    placements = styles.grid([POKER] * count, DPI).placements
    assert len({round(p.cy) for p in placements}) == math.ceil(count / columns)
    assert len({round(p.cx) for p in placements[:columns]}) == columns


def test_a_grid_centres_its_last_row():
    placements = styles.grid([POKER] * 5, DPI).placements
    first_row = [p.cx for p in placements[:3]]
    last_row = [p.cx for p in placements[3:]]
    assert sum(last_row) / 2 == pytest.approx(sum(first_row) / 3)


def test_a_pile_is_the_same_for_the_same_cards_and_another_for_others():
    one = styles.pile([POKER] * 6, DPI, "heroes/h-1,heroes/h-2")
    assert one == styles.pile([POKER] * 6, DPI, "heroes/h-1,heroes/h-2")
    other = styles.pile([POKER] * 6, DPI, "heroes/h-2,heroes/h-1")
    assert [p.angle for p in one.placements] != [p.angle for p in other.placements]
    assert one.placements[-1].index == 0  # the first card is drawn last: on top
    assert all(abs(p.angle) <= styles.PILE_ANGLE for p in one.placements)


def test_a_row_is_side_by_side_with_room_for_the_reflections():
    arrangement = styles.row([POKER] * 3, DPI)
    xs = [p.cx for p in arrangement.placements]
    step = POKER[0] * styles.TILT * styles.ROW_SPACING
    assert xs[1] - xs[0] == pytest.approx(step) and xs[2] - xs[1] == pytest.approx(step)
    bottom = max(y for p in arrangement.placements for _, y in p.corners())
    below = styles.REFLECTION * POKER[1] + styles.REFLECTION_GAP * DPI
    assert arrangement.size[1] - bottom == pytest.approx(below + MARGIN * DPI, abs=1)
    assert arrangement.reflections


def test_the_tilt_keeps_the_near_edge_and_shrinks_the_far_one():
    w, h, tilt = 300.0, 420.0, 0.85
    assert perspective_point(w, h, tilt, 0, 0) == (0, 0)
    assert perspective_point(w, h, tilt, 0, h) == (0, h)
    far_top, far_bottom = perspective_point(w, h, tilt, w, 0), perspective_point(w, h, tilt, w, h)
    assert far_top[0] == pytest.approx(w * tilt) and far_bottom[0] == pytest.approx(w * tilt)
    assert far_bottom[1] - far_top[1] == pytest.approx(h * tilt)
    a, b, c, d, e, f, g, k = perspective_inverse(w, h, tilt)
    for x, y in [(10.0, 20.0), (150.0, 210.0), (299.0, 419.0)]:
        px, py = perspective_point(w, h, tilt, x, y)
        den = g * px + k * py + 1
        assert ((a * px + b * py + c) / den, (d * px + e * py + f) / den) == pytest.approx((x, y))


def test_a_fan_of_two_sizes_keeps_every_bottom_edge_on_one_circle():
    tarot = (412, 712)
    arrangement = styles.fan([POKER, tarot, POKER], DPI)
    first, middle, last = arrangement.placements
    assert (middle.w, middle.h) == tarot
    pivot = middle.point(0.5, 1.0)[0], middle.point(0.5, 1.0)[1] + styles.FAN_RADIUS * tarot[1]
    for placement in arrangement.placements:
        x, y = placement.point(0.5, 1.0)
        assert math.hypot(x - pivot[0], y - pivot[1]) == pytest.approx(styles.FAN_RADIUS * tarot[1])
    assert first.angle == -last.angle != 0
