"""The showcase's card faces: the PNG export's drawing at the trim, with rounded, see-through corners."""

from __future__ import annotations

import pytest
from PIL import Image

from cardgen.gamedata import load_game
from cardgen.showcase.choose import choose
from cardgen.showcase.faces import faces, rounded
from tests.cardgen.showcase.colour_game import COLOURS, colour_game, near


def test_each_face_is_the_card_at_its_trim_with_round_corners(make_game):
    game = load_game(colour_game(make_game))
    chosen = choose(game, "fan", cards="h-1,v-1,h-1")
    images = faces(game, chosen, 100, 3.0)
    assert [image.size for image in images] == [(250, 350), (275, 475), (250, 350)]  # poker and tarot at 100 dpi
    assert images[0] is images[2]  # a card shown twice is drawn once
    card = images[0]
    assert card.mode == "RGBA"
    assert card.getpixel((0, 0))[3] == 0 and card.getpixel((249, 349))[3] == 0  # the corners are cut
    assert near(card.getpixel((125, 200)), COLOURS["h-1"]) and card.getpixel((125, 200))[3] == 255
    assert card.getpixel((125, 0))[3] == 255 and card.getpixel((0, 175))[3] == 255  # the edges are whole
    assert near(card.getpixel((12, 12)), COLOURS["h-1"]) and card.getpixel((12, 12))[3] == 255  # past the curve


@pytest.mark.parametrize("radius", [0, 10.5, 500])
def test_a_radius_of_zero_keeps_square_corners_and_a_large_one_is_capped(radius):
    image = rounded(Image.new("RGB", (40, 60), (10, 20, 30)), radius)
    alpha = image.getchannel("A")
    if radius == 0:
        assert alpha.getextrema() == (255, 255)
    else:
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((20, 30)) == 255
        # the curve is antialiased: some corner pixels are partly covered
        assert any(0 < alpha.getpixel((x, y)) < 255 for x in range(10) for y in range(10))
        # each corner the same, mirrored
        assert [alpha.getpixel(p) for p in ((2, 3), (37, 3), (2, 56), (37, 56))] == [alpha.getpixel((2, 3))] * 4
