"""Packing pieces of mixed sizes: every copy placed once, inside the margins, never overlapping."""

from __future__ import annotations

from collections import Counter

import pytest

from cardgen.impose import paper
from cardgen.impose.sheet import ImpositionError
from cardgen.impose.packing import MARGIN, Piece, pack


def overlap(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw - 1e-9 and bx < ax + aw - 1e-9 and ay < by + bh - 1e-9 and by < ay + ah - 1e-9


def check(pages, page, pieces):
    assert Counter(key for placed in pages for key, _ in placed) == {p.key: p.count for p in pieces}
    for placed in pages:
        boxes = [slot.bleed_box() for _, slot in placed]
        for x, y, w, h in boxes:
            assert x >= MARGIN - 1e-9 and x + w <= page.width - MARGIN + 1e-9
            assert y >= MARGIN - 1e-9 and y + h <= page.height - MARGIN + 1e-9
        assert not any(overlap(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_mixed_sizes_pack_without_overlap(load_bundled):
    game = load_bundled("unsettled_survival")
    pieces = [Piece(t.id, t.width, t.height, t.count) for t in game.tokens]
    for name in ("a4", "letter"):
        pages = pack([pieces], paper(name), 1.5)
        check(pages, paper(name), pieces)
        assert len(pages) == 1, "small tokens stack in the columns beside big ones"


def test_groups_come_first_and_later_groups_fill_their_room():
    big = [Piece("big", 80, 80, 3)]
    small = [Piece("small", 10, 10, 30)]
    pages = pack([big, small], paper("a4"), 1.0)
    check(pages, paper("a4"), big + small)
    assert [key for key, _ in pages[0]][:3] == ["big"] * 3
    assert len(pages) == 1 and "small" in {key for key, _ in pages[0]}


def test_many_pages_when_needed():
    pieces = [Piece("coin", 30, 30, 100)]
    pages = pack([pieces], paper("letter"), 3.0)
    check(pages, paper("letter"), pieces)
    per_page = len(pages[0])
    assert len(pages) == -(-100 // per_page) and per_page == 5 * 7


def test_a_piece_larger_than_the_page_is_an_error():
    with pytest.raises(ImpositionError, match="scarab: a 250 x 250 mm piece"):
        pack([[Piece("scarab", 250, 250, 1)]], paper("a4"), 1.5)
