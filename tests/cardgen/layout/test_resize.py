"""A layout printed at another card size (`--card-size`): boxes scaled to the new card, text fitted again."""

from __future__ import annotations

import pytest

from cardgen.gamedata import CardSize
from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.layout import fonts
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Text
from cardgen.layout.resize import Resize

POKER, MINI, TAROT = CARD_SIZES["poker"], CARD_SIZES["mini"], CARD_SIZES["tarot"]
BLEED = 3.0


def close(a, b, tolerance=1e-6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("printed", (MINI, TAROT, CardSize("63x88", 63.0, 88.0)))
def test_the_trim_lands_on_the_trim_and_the_bleed_on_the_bleed(printed):
    resize = Resize(POKER, printed)
    W, H = printed.width, printed.height
    full_bleed = (-BLEED, -BLEED, POKER.width + 2 * BLEED, POKER.height + 2 * BLEED)
    assert close(resize.rect("rect", full_bleed), (-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED))
    band = (-BLEED, -BLEED, POKER.width + 2 * BLEED, BLEED + 25)  # a title band from the bleed to 25 mm down
    assert close(resize.rect("rect", band), (-BLEED, -BLEED, W + 2 * BLEED, BLEED + 25 * H / POKER.height))
    sx, sy = W / POKER.width, H / POKER.height
    assert close(resize.rect("text", (5, 14, 53.5, 27)), (5 * sx, 14 * sy, 53.5 * sx, 27 * sy))


def test_a_circle_stays_round_in_the_middle_of_its_scaled_box():
    x, y, w, h = Resize(POKER, TAROT).rect("ellipse", (4, 4.5, 12, 12))
    sx, sy = TAROT.width / POKER.width, TAROT.height / POKER.height
    assert w == h == pytest.approx(12 * min(sx, sy))
    assert (x + w / 2, y + h / 2) == pytest.approx((10 * sx, 10.5 * sy))


def text_width(op: Text) -> float:
    return fonts.width_mm(op.text, op.font, op.size)


@pytest.mark.parametrize("printed", (MINI, TAROT))
def test_every_card_of_every_game_is_laid_out_inside_the_card_printed(bundled_game, printed):
    """Each face is the printed card's size, no string runs past its edge and text fitting reports no
    overflow that the layout's own size does not report too."""
    own, resized = Composer(bundled_game, BLEED), Composer(bundled_game, BLEED, card_size=printed)
    for deck in bundled_game.decks:
        for index, card in enumerate(deck.cards, start=1):
            face = resized.front(deck, card, index)
            assert (face.width, face.height) == (printed.width, printed.height)
            for op in face.ops:
                if isinstance(op, Text) and op.text.strip():
                    assert op.x >= -BLEED and op.x + text_width(op) <= printed.width + BLEED + 1e-6, (card.id, op)
            overflow = {note.box.name for note in face.notes if "does not fit" in note.message}
            designed = {note.box.name for note in own.front(deck, card, index).notes if "does not fit" in note.message}
            assert overflow <= designed, f"{deck.id} {card.id}: {sorted(overflow - designed)} no longer fit"
