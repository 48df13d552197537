"""`--sheet fold`: each card's front beside its back, a fold line between, measured in the PDF."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.pdf_probe import probe

TOML = """\
[game]
title = "Fold"
players = [1, 4]

[decks.boss]
title = "Bosses"
"""
CARDS = "id,name\n" + "".join(f"b-{i},Boss {i}\n" for i in range(1, 6))  # 5 cards: a part-filled last page


@pytest.mark.parametrize("bleed", [3.0, 0.0])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_front_and_back_mirror_across_the_fold_line(make_game, tmp_path, paper, bleed):
    folder = make_game(toml=TOML, name="fold", boss_csv=CARDS)
    deck = load_game(folder).deck("boss")
    w, h = deck.size.width, deck.size.height
    out = tmp_path / "out"
    result = build(load_game(folder), BuildOptions(paper=paper, sheet="fold", bleed=bleed, out=out, rulebook=False))
    folder_out = out / "fold"
    assert not list(folder_out.glob("*backs*")) and not list(folder_out.glob("*duplex-test*"))
    reader = PdfReader(folder_out / f"fold-boss-{paper}.pdf")
    assert len(reader.pages) == result.pages
    seen = 0
    for index in range(len(reader.pages)):
        page = probe(reader, index)
        fronts, backs = page.clips[0::2], page.clips[1::2]
        assert len(fronts) == len(backs) == len(page.placements)  # every back (a form) beside its front
        vertical = [s for s in page.segments if abs(s[0] - s[2]) < 1e-6]
        for (fx, fy, fw, fh), (_name, bx, by_bottom) in zip(fronts, page.placements):
            front_trim = (fx + bleed, fy + bleed)
            back_trim = (bx, by_bottom - h)
            fold = front_trim[0] + w
            ticks = [s for s in vertical if abs(s[0] - fold) <= 0.001
                     and (abs(max(s[1], s[3]) - (fy - 0.5)) <= 0.001
                          or abs(min(s[1], s[3]) - (fy + fh + 0.5)) <= 0.001)]
            assert len(ticks) == 2, f"a fold tick just above and just below the pair at x = {fold:.3f}"
            # the back's trim is the front's mirrored across the fold: its left edge on the line, same rows
            assert abs((2 * fold - (front_trim[0] + w)) - back_trim[0]) <= 0.001
            assert abs(back_trim[1] - front_trim[1]) <= 0.001
            assert abs(fw - (w + bleed)) <= 0.001 and abs(fh - (h + 2 * bleed)) <= 0.001  # no bleed at the fold
        seen += len(fronts)
    assert seen == deck.total


def test_fold_pairs_fit_landscape_a4_four_up(make_game, tmp_path):
    folder = make_game(toml=TOML, name="fold", boss_csv=CARDS)
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(sheet="fold", out=out, rulebook=False))
    first = probe(PdfReader(out / "fold" / "fold-boss-a4.pdf"), 0)
    assert (round(first.width), round(first.height)) == (297, 210)
    assert len(first.placements) == 4
