"""Slots: a card's size plus its margin on each side, a token's diameter plus its margin, solid or dashed,
labelled in the middle; measured from the PDF PageDrawer writes."""

from __future__ import annotations

import itertools
import math

import pytest
from pypdf import PdfReader

from cardgen.layout.board_slots import SlotError, SlotStyle, card_slot_ops, token_slot_ops
from cardgen.layout.ops import Path
from tests.cardgen.layout.board_pdf import render, shapes, texts
from tests.pdf_probe import probe

POKER = (63.5, 88.9)


@pytest.mark.parametrize("margin", [0.0, 2.0, 5.0])
def test_a_slot_for_a_poker_card_is_the_card_plus_its_margin_on_each_side(tmp_path, margin):
    ops = card_slot_ops(20.0, 30.0, POKER, margin, "Draw pile")
    pdf = render(ops, tmp_path / "slot.pdf", (120.0, 140.0))
    (outline,) = shapes(pdf)
    assert outline.paint == "stroke" and outline.curved  # rounded corners
    assert outline.box == pytest.approx((20.0, 30.0, 63.5 + 2 * margin, 88.9 + 2 * margin), abs=0.01)
    (label,) = probe(PdfReader(pdf), 0).texts
    assert [t.text for t in texts(pdf)] == ["Draw pile"]
    assert label[0] + label[2] / 2 == pytest.approx(20.0 + 63.5 / 2 + margin, abs=0.05)
    assert label[1] + label[3] / 2 == pytest.approx(30.0 + 88.9 / 2 + margin, abs=0.05)


def on_rounded_outline(point, x, y, w, h, r):
    """How far `point` lies from the outline of the rectangle (x, y, w, h) with corners of radius r."""
    px, py = point
    cx, cy = min(max(px, x + r), x + w - r), min(max(py, y + r), y + h - r)  # nearest point of the inner box
    if (cx, cy) == (px, py):  # inside the inner box: only possible on a straight edge when r == 0
        return min(abs(px - x), abs(px - x - w), abs(py - y), abs(py - y - h))
    return abs(math.dist((px, py), (cx, cy)) - r)


def test_a_dashed_slot_draws_even_dashes_on_the_same_outline(tmp_path):
    style = SlotStyle(dashed=True, dash=3.0, gap=2.0, radius=4.0)
    ops = card_slot_ops(10.0, 10.0, POKER, 2.0, "", style)
    pdf = render(ops, tmp_path / "dashed.pdf", (100.0, 120.0))
    (outline,) = shapes(pdf)
    assert outline.paint == "stroke"
    assert outline.box == pytest.approx((10.0, 10.0, 67.5, 92.9), abs=0.01)
    dashes = outline.subpaths
    perimeter = 2 * (67.5 + 92.9) - 8 * 4.0 + 2 * math.pi * 4.0
    assert len(dashes) == round(perimeter / 5.0)
    for dash in dashes:
        assert all(on_rounded_outline(p, 10.0, 10.0, 67.5, 92.9, 4.0) < 0.01 for p in dash)
    lengths = [sum(math.dist(a, b) for a, b in itertools.pairwise(dash)) for dash in dashes]
    straight = [n for n, dash in enumerate(dashes) if len(dash) == 2]
    assert max(lengths[n] for n in straight) - min(lengths[n] for n in straight) < 0.01
    assert lengths[straight[0]] == pytest.approx(perimeter / len(dashes) * 3 / 5, abs=0.01)
    assert all(length == pytest.approx(lengths[straight[0]], abs=0.05) for length in lengths)  # arcs as polylines


def test_a_token_slot_is_a_circle_of_the_diameter_plus_its_margin(tmp_path):
    pdf = render(token_slot_ops(5.0, 5.0, 16.0, 2.0, "Cube"), tmp_path / "token.pdf", (40.0, 40.0))
    (circle,) = shapes(pdf)
    assert circle.curved and circle.box == pytest.approx((5.0, 5.0, 20.0, 20.0), abs=0.01)
    dashed = token_slot_ops(5.0, 5.0, 16.0, 2.0, "", SlotStyle(dashed=True, dash=2.0, gap=2.0))
    assert isinstance(dashed[0], Path)
    points = [(c[1], c[2]) for c in dashed[0].commands]
    assert all(math.dist(p, (15.0, 15.0)) == pytest.approx(10.0, abs=1e-9) for p in points)
    assert sum(1 for c in dashed[0].commands if c[0] == "M") == round(math.pi * 20.0 / 4.0)


def test_a_filled_dashed_slot_fills_beneath_its_dashes_and_a_landscape_card_is_just_turned():
    ops = card_slot_ops(0.0, 0.0, (88.9, 63.5), 2.0, "", SlotStyle(dashed=True, fill="#eeeeee"))
    assert ops[0].fill == "#eeeeee" and ops[0].stroke is None and isinstance(ops[1], Path)
    assert (ops[0].w, ops[0].h) == pytest.approx((92.9, 67.5))


def test_slots_that_cannot_be_drawn_are_errors():
    with pytest.raises(SlotError, match="does not fit its slot"):
        token_slot_ops(0.0, 0.0, 10.0, 1.0, "A label far too long for a small token")
    with pytest.raises(SlotError, match="margin of 0 or more"):
        card_slot_ops(0.0, 0.0, POKER, -1.0)
    with pytest.raises(SlotError, match="diameter above 0"):
        token_slot_ops(0.0, 0.0, 0.0)
    with pytest.raises(SlotError, match="dash and gap must be above 0"):
        card_slot_ops(0.0, 0.0, POKER, 2.0, "", SlotStyle(dashed=True, gap=0.0))
