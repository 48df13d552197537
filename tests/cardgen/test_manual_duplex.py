"""`--duplex none`: backs in their own PDF for turning the printed fronts over by hand.

Measured in the PDFs: on a part-filled page, each back's trim box, turned over with the sheet on the
edge the designer chose, lies exactly on its own front's trim box.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.pdf_probe import probe

TOML = """\
[game]
title = "Flip"
players = [1, 4]

[decks.boss]
title = "Bosses"
"""


def trims(page, width, height):
    """Trim boxes (x, y, w, h) of the faces placed as forms, in drawing order (slot order)."""
    return [(x, y - height, width, height) for _name, x, y in page.placements]


def turned_over(box, page, flip):
    """Where a box on the backs sheet ends up, seen through the fronts, once the sheet is turned
    over on its long or short edge by hand."""
    x, y, w, h = box
    mirror_x = (flip == "long") == (page.width <= page.height)
    return (page.width - x - w, y, w, h) if mirror_x else (x, page.height - y - h, w, h)


@pytest.mark.parametrize("cards", ["b-1,Ogre,2\n", "b-1,Ogre,2\nb-2,Troll,3\n"])  # copies: fronts placed as forms
@pytest.mark.parametrize("sheet", ["butted", "gutter"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_land_behind_their_fronts_after_a_hand_flip(make_game, tmp_path, flip, paper, sheet, cards):
    folder = make_game(toml=TOML, name="flip", boss_csv="id,name,qty\n" + cards)
    deck = load_game(folder).deck("boss")
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(paper=paper, sheet=sheet, duplex="none", flip=flip, out=out, rulebook=False))
    fronts = PdfReader(out / "flip" / f"flip-boss-{paper}.pdf")
    backs = PdfReader(out / "flip" / f"flip-boss-{paper}-backs.pdf")
    assert len(fronts.pages) == len(backs.pages) == 1
    front, back = probe(fronts, 0), probe(backs, 0)
    w, h = deck.size.width, deck.size.height
    placed_fronts, placed_backs = trims(front, w, h), trims(back, w, h)
    assert len(placed_fronts) == len(placed_backs) == deck.total
    for front_box, back_box in zip(placed_fronts, placed_backs):
        landed = turned_over(back_box, back, flip)
        assert all(abs(a - b) <= 0.001 for a, b in zip(landed, front_box)), (front_box, landed)


def test_a_one_card_deck_back_is_behind_it_not_127_mm_off(make_game, tmp_path):
    """The issue's case: before, the single back sat unmirrored in the first slot."""
    folder = make_game(toml=TOML, name="flip", boss_csv="id,name,qty\nb-1,Ogre,1\n")
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(duplex="none", out=out, rulebook=False))
    front = probe(PdfReader(out / "flip" / "flip-boss-a4.pdf"), 0)
    back = probe(PdfReader(out / "flip" / "flip-boss-a4-backs.pdf"), 0)
    (fx, fy, _, _), (bx, by, bw, _) = front.clips[0], back.clips[0]
    assert abs((front.width - bx - bw) - fx) <= 0.001 and abs(by - fy) <= 0.001
    assert abs(bx - fx) > 100  # the back is in the mirrored (third) column, not behind the first slot


def test_an_unknown_flip_is_refused(make_game, tmp_path):
    folder = make_game(toml=TOML, name="flip", boss_csv="id,name,qty\nb-1,Ogre,1\n")
    with pytest.raises(BuildError, match="--flip must be long or short"):
        build(load_game(folder), BuildOptions(duplex="none", flip="sideways", out=tmp_path, rulebook=False))
