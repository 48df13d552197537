"""Drawing a showcase: each card's colour where its placement says, shadows, reflections, the ground."""

from __future__ import annotations

import pytest
from PIL import Image

from cardgen.gamedata import load_game
from cardgen.showcase import styles
from cardgen.showcase.choose import ShowcaseError, choose
from cardgen.showcase.draw import draw, ground
from cardgen.showcase.faces import faces
from tests.cardgen.showcase.colour_game import COLOURS, colour_game, near, visible_point

DPI = 60
WHITE = (255, 255, 255, 255)


@pytest.fixture
def swatches(make_game):
    """(the chosen cards, their face images) for the first five heroes at DPI."""
    game = load_game(colour_game(make_game))
    chosen = choose(game, "fan")
    return chosen, faces(game, chosen, DPI, 3.0)


ARRANGE = {"fan": styles.fan, "row": styles.row, "flat row": lambda sizes, dpi: styles.row(sizes, dpi, tilt=False),
           "grid": styles.grid, "pile": lambda sizes, dpi: styles.pile(sizes, dpi, "seed")}


@pytest.mark.parametrize("style", ARRANGE)
def test_each_card_shows_its_colour_where_its_placement_says(swatches, style):
    chosen, images = swatches
    arrangement = ARRANGE[style]([image.size for image in images], DPI)
    picture = draw(arrangement, images, DPI, WHITE, shadow=False)
    assert picture.mode == "RGB" and picture.size == arrangement.size
    for k, placement in enumerate(arrangement.placements):
        point = visible_point(arrangement, k)
        assert point is not None, f"{style}: card {k} is all hidden"
        card_id = chosen[placement.index][1].id
        assert near(picture.getpixel(point), COLOURS[card_id]), (style, card_id, point, picture.getpixel(point))
    assert picture.getpixel((1, 1)) == (255, 255, 255)  # the ground


def test_a_shadow_darkens_the_ground_below_right_of_a_card(swatches):
    _, images = swatches
    arrangement = styles.grid([images[0].size], DPI)
    (placement,) = arrangement.placements
    x, y = placement.point(1.0, 1.0)  # the card's bottom-right corner
    probe = (round(x) - 10, round(y) + 2)  # just below its bottom edge
    plain = draw(arrangement, images[:1], DPI, WHITE, shadow=False)
    shaded = draw(arrangement, images[:1], DPI, WHITE, shadow=True)
    assert plain.getpixel(probe) == (255, 255, 255)
    assert max(shaded.getpixel(probe)) < 230
    assert shaded.getpixel((1, 1)) == (255, 255, 255)  # the shadow stays near the card


def test_a_row_reflects_each_card_faintly_below_it(swatches):
    chosen, images = swatches
    arrangement = styles.row([image.size for image in images], DPI, tilt=False)
    picture = draw(arrangement, images, DPI, WHITE, shadow=False)
    for placement in arrangement.placements:
        x, y = placement.point(0.5, 1.0)
        below = picture.getpixel((round(x), round(y + styles.REFLECTION_GAP * DPI + 3)))
        colour = COLOURS[chosen[placement.index][1].id]
        # a quarter of the card's colour over white, fading further down
        expected = tuple(round(255 + (c - 255) * 0.25) for c in colour)
        assert near(below, expected, tolerance=10), (below, expected)
        further = picture.getpixel((round(x), round(y + styles.REFLECTION_GAP * DPI + 0.2 * placement.h)))
        assert all(abs(f - 255) < abs(b - 255) or b == 255 for f, b in zip(further, below))


def test_a_transparent_ground_keeps_the_pictures_alpha(swatches):
    _, images = swatches
    arrangement = styles.fan([image.size for image in images], DPI)
    picture = draw(arrangement, images, DPI, ground("transparent"), shadow=True)
    assert picture.mode == "RGBA"
    assert picture.getpixel((0, 0))[3] == 0
    point = visible_point(arrangement, len(images) - 1)
    assert picture.getpixel(point)[3] == 255
    assert Image.Image.getbbox(picture.getchannel("A")) is not None


@pytest.mark.parametrize(("value", "rgba"), [("white", (255, 255, 255, 255)), ("#1E64C8", (30, 100, 200, 255)),
                                             ("Navy", (0, 0, 128, 255)), ("#00000080", (0, 0, 0, 128)),
                                             ("transparent", (0, 0, 0, 0))])
def test_a_background_is_a_name_a_hex_value_or_transparent(value, rgba):
    assert ground(value) == rgba


@pytest.mark.parametrize(("value", "hint"), [("blu", "; did you mean 'blue'?"), ("#12345", ""),
                                             ("transparant", "; did you mean 'transparent'?")])
def test_a_bad_colour_is_one_line_with_a_hint(value, hint):
    with pytest.raises(ShowcaseError) as raised:
        ground(value)
    assert str(raised.value) == (f"--background {value!r}: not a colour; give a name (white, black, navy...), "
                                 f"#rrggbb or transparent{hint}")
