"""A showcase as PNG bytes: its size and DPI, the same bytes every time, options checked before drawing."""

from __future__ import annotations

import io
import struct

import pytest
from PIL import Image

from cardgen.gamedata import load_game
from cardgen.showcase import styles
from cardgen.showcase.choose import ShowcaseError
from cardgen.showcase.picture import ShowcaseOptions, make_showcase, write_whole
from tests.cardgen.showcase.colour_game import COLOURS, colour_game, near, visible_point


@pytest.fixture
def game(make_game):
    return load_game(colour_game(make_game))


def chunks(data: bytes) -> list[bytes]:
    """The PNG's chunk types, in order."""
    found, at = [], 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        found.append(kind)
        at += 12 + length
    return found


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("style", ["fan", "row", "grid", "pile"])
def test_the_same_options_give_the_same_bytes_with_the_dpi_recorded(game, style):
    options = ShowcaseOptions(style=style, dpi=72)
    data = make_showcase(game, options)
    assert make_showcase(game, options) == data
    assert chunks(data) == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]  # no time or text chunk
    image = opened(data)
    assert image.info["dpi"] == pytest.approx((72, 72), rel=1e-3)  # pHYs counts dots per metre
    sizes = [(180, 252)] * 5  # a poker card at 72 dpi, the first five heroes
    arrangement = {"fan": styles.fan, "row": styles.row, "grid": styles.grid,
                   "pile": lambda s, d: styles.pile(s, d, ",".join(f"heroes/h-{i}" for i in range(1, 6)))}[style](
        sizes, 72)
    assert image.size == arrangement.size
    top = arrangement.placements[-1]
    card = f"h-{top.index + 1}"
    assert near(image.getpixel(visible_point(arrangement, len(sizes) - 1)), COLOURS[card])


def test_the_dpi_scales_the_picture(game):
    small = opened(make_showcase(game, ShowcaseOptions(style="grid", cards="h-1", dpi=100)))
    large = opened(make_showcase(game, ShowcaseOptions(style="grid", cards="h-1", dpi=200)))
    # a poker card (2.5 x 3.5 in) and MARGIN inches of ground around it
    assert small.size == (round((2.5 + 2 * styles.MARGIN) * 100), round((3.5 + 2 * styles.MARGIN) * 100))
    assert large.size == (round((2.5 + 2 * styles.MARGIN) * 200), round((3.5 + 2 * styles.MARGIN) * 200))


def test_cards_of_two_sizes_are_each_drawn_at_their_own(game):
    image = opened(make_showcase(game, ShowcaseOptions(style="grid", cards="h-2,v-1", dpi=100, shadow=False)))
    arrangement = styles.grid([(250, 350), (275, 475)], 100)  # poker and tarot at 100 dpi
    assert image.size == arrangement.size
    hero, villain = arrangement.placements

    def pixel(placement, u, v, down=0):
        x, y = placement.point(u, v)
        return image.getpixel((round(x), round(y) + down))

    assert near(pixel(hero, 0.5, 0.6), COLOURS["h-2"])
    assert near(pixel(villain, 0.5, 0.6), (0x20, 0x20, 0x20))
    assert pixel(hero, 0.5, 1.0, down=20) == (255, 255, 255)  # the shorter card ends above the taller one


@pytest.mark.parametrize(("options", "message"), [
    (ShowcaseOptions(dpi=20), "--dpi 20: give a value from 36 to 600"),
    (ShowcaseOptions(radius=-1), "--radius -1: give the corners' radius from 0 to 20 mm"),
    (ShowcaseOptions(background="#zz0000"), "--background '#zz0000': not a colour"),
    (ShowcaseOptions(style="pile", cards=",".join(["h-1"] * 31)), "31 cards are too many for --style pile"),
    (ShowcaseOptions(style="grid", cards=",".join(["h-1"] * 100), dpi=600),
     "--dpi 600: the picture would be 24540 x 15780 px, more than 60 million; give --dpi 236 or less, or fewer "
     "cards"),
])
def test_bad_options_are_refused(game, options, message):
    with pytest.raises(ShowcaseError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make_showcase(game, options)


def test_a_file_is_written_whole_and_replaces_the_old_one(tmp_path):
    target = tmp_path / "shop" / "fan.png"
    write_whole(target, b"first")
    write_whole(target, b"second")
    assert target.read_bytes() == b"second"
    assert sorted(p.name for p in target.parent.iterdir()) == ["fan.png"]  # no temporary file left behind


def test_a_file_gets_the_permissions_a_plain_open_gives(tmp_path):
    target = tmp_path / "fan.png"
    write_whole(target, b"data")
    (tmp_path / "plain.png").write_bytes(b"data")
    assert target.stat().st_mode == (tmp_path / "plain.png").stat().st_mode
