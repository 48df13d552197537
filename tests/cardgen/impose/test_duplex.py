"""Backs land exactly behind their fronts after a long-edge or short-edge flip."""

from __future__ import annotations

import pytest

from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.duplex import back_slot


def flip(x: float, y: float, width: float, height: float, edge: str, portrait: bool) -> tuple[float, float]:
    """Where a point of the back page ends up, seen through the front, after turning the sheet over."""
    mirror_x = (edge == "long") == portrait
    return (width - x, y) if mirror_x else (x, height - y)


@pytest.mark.parametrize("edge", ["long", "short"])
@pytest.mark.parametrize("style", ["butted", "gutter"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_back_lies_behind_front(edge, style, paper_name):
    card = CARD_SIZES["poker"]
    sheet = impose(SheetOptions(paper(paper_name), card.width, card.height, style=style))
    page = sheet.options.paper
    portrait = page.width <= page.height
    for slot in sheet.slots:
        back = back_slot(slot, page, edge)
        corners = [flip(x, y, page.width, page.height, edge, portrait)
                   for x, y in ((back.x, back.y), (back.x + back.width, back.y + back.height))]
        xs, ys = sorted(c[0] for c in corners), sorted(c[1] for c in corners)
        assert xs == pytest.approx([slot.x, slot.x + slot.width])
        assert ys == pytest.approx([slot.y, slot.y + slot.height])


def test_long_edge_mirrors_columns_on_portrait():
    card = CARD_SIZES["poker"]
    sheet = impose(SheetOptions(paper("a4"), card.width, card.height))
    by_position = {(s.row, s.col): s for s in sheet.slots}
    for slot in sheet.slots:
        back = back_slot(slot, sheet.options.paper, "long")
        twin = by_position[(slot.row, sheet.cols - 1 - slot.col)]
        assert (back.x, back.y) == pytest.approx((twin.x, twin.y))
        short = back_slot(slot, sheet.options.paper, "short")
        twin = by_position[(sheet.rows - 1 - slot.row, slot.col)]
        assert (short.x, short.y) == pytest.approx((twin.x, twin.y))


def test_back_offset_shifts_the_back():
    card = CARD_SIZES["poker"]
    sheet = impose(SheetOptions(paper("a4"), card.width, card.height))
    slot = sheet.slots[0]
    plain, shifted = back_slot(slot, sheet.options.paper, "long"), back_slot(slot, sheet.options.paper, "long", (1.5, -2))
    assert (shifted.x - plain.x, shifted.y - plain.y) == pytest.approx((1.5, -2))
