"""The Pillow renderer: pixel sizes and DPI, where each op lands, reproducible bytes, and agreement
with the rasterized PDF of the same card."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess

import pytest
from PIL import Image as PILImage
from PIL import ImageChops, ImageStat

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import card_data_dir, load_game
from cardgen.impose import SheetOptions, impose, paper
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Ellipse, Face, Image, Path, Rect, Text
from cardgen.render.png_draw import pixel_size, render
from cardgen.render.png_encode import encode_png
from tests.conftest import BUNDLED

DPI = 300
PX = DPI / 25.4
# Mean absolute difference per channel (0-255) between a card's PNG and the same card's PDF
# rasterized by pdftoppm at the same DPI. Measured over the first card of every deck of the five
# bundled games: at most 4.4 (glyph hinting and antialiasing differ); the same comparison with
# the PDF crop moved by 6 px (0.5 mm) gives at least 11.6.
SAME_CARD = 6.0


def face(*ops, width=20.0, height=30.0, bleed=2.0) -> Face:
    return Face(width, height, bleed, tuple(ops))


def pixel(image, x_mm, y_mm, bleed=2.0):
    return image.getpixel((int((x_mm + bleed) * PX), int((y_mm + bleed) * PX)))


def test_canvas_is_trim_plus_bleed_at_the_dpi():
    image = render(face(), DPI)
    assert image.size == pixel_size(24.0, 34.0, DPI) == (round(24 * PX), round(34 * PX))
    assert render(face(), DPI, bleed=0).size == pixel_size(20.0, 30.0, DPI)
    assert render(face(), DPI, size=(100, 150)).size == (100, 150)
    assert render(Face(63.5, 88.9, 3.175, ()), DPI).size == (825, 1125)


def test_shapes_land_where_the_pdf_puts_them():
    image = render(face(
        Rect(-2, -2, 24, 34, fill="#ff0000"),                              # full bleed
        Rect(2, 2, 6, 6, fill="#00ff00", stroke="#0000ff", stroke_width=1, radius=1),
        Ellipse(10, 2, 8, 8, fill="#0000ff"),
        Path((("M", 2, 12), ("L", 18, 12), ("L", 10, 20), ("Z",)), fill="#ffff00"),
    ), DPI)
    assert image.getpixel((0, 0)) == (255, 0, 0)
    assert pixel(image, 5, 5) == (0, 255, 0)          # inside the rounded rectangle
    assert pixel(image, 2, 5) == (0, 0, 255)          # on its stroke, centred on the outline
    assert pixel(image, 1.6, 5) == (0, 0, 255)
    assert pixel(image, 1.2, 5) == (255, 0, 0)        # outside the stroke
    assert pixel(image, 1.6, 1.6) == (255, 0, 0)      # the rounded corner is cut away
    assert pixel(image, 14, 6) == (0, 0, 255)         # the ellipse's centre
    assert pixel(image, 10.3, 2.3) == (255, 0, 0)     # outside it, in its bounding box's corner
    assert pixel(image, 10, 14) == (255, 255, 0)      # inside the triangle
    assert pixel(image, 3, 19) == (255, 0, 0)         # outside it


def test_edges_are_antialiased():
    image = render(face(Rect(-2, -2, 24, 34, fill="#ffffff"), Ellipse(2, 2, 16, 16, fill="#000000")), DPI)
    histogram = image.convert("L").histogram()
    assert sum(1 for count in histogram[1:255] if count) > 8  # intermediate greys along the curve


def test_text_sits_on_its_baseline():
    image = render(face(Text(2, 10, "HHHH", "bold", 20, "#000000")), DPI)
    grey = image.convert("L")
    baseline = round((10 + 2) * PX)
    assert grey.crop((0, baseline - 20, grey.width, baseline)).getextrema()[0] < 50   # ink just above
    assert grey.crop((0, baseline + 1, grey.width, grey.height)).getextrema()[0] > 200  # none below
    left = round((2 + 2) * PX)
    assert grey.crop((0, 0, left - 1, grey.height)).getextrema()[0] > 200  # nothing left of x


def test_images_are_scaled_and_clipped(tmp_path):
    art = tmp_path / "art.png"
    PILImage.new("RGB", (10, 10), (0, 128, 255)).save(art)
    image = render(face(Image(str(art), 0, 0, 20, 20, clip=(5, 5, 10, 10))), DPI)
    assert pixel(image, 7, 7) == (0, 128, 255)
    assert pixel(image, 3, 7) == (255, 255, 255) and pixel(image, 7, 17) == (255, 255, 255)


def test_png_bytes_are_reproducible_and_carry_the_dpi():
    image = render(face(Text(2, 10, "Ada", "regular", 12, "#123456"), Ellipse(2, 2, 8, 8, fill="#abcdef")), DPI)
    data = encode_png(image, DPI)
    assert data == encode_png(render(face(Text(2, 10, "Ada", "regular", 12, "#123456"),
                                          Ellipse(2, 2, 8, 8, fill="#abcdef")), DPI), DPI)
    assert b"tIME" not in data and b"tEXt" not in data
    decoded = PILImage.open(io.BytesIO(data))
    assert round(decoded.info["dpi"][0]) == round(decoded.info["dpi"][1]) == DPI
    assert decoded.tobytes() == image.tobytes()


def one_card_game(slug, folder):
    """A copy of a bundled game with only the first card of every deck."""
    shutil.copytree(card_data_dir() / slug, folder)
    for path in folder.glob("*.csv"):
        rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"), newline="")))
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(rows[:2])
        path.write_text(out.getvalue(), encoding="utf-8")
    return load_game(folder)


@pytest.mark.parametrize("slug", BUNDLED)
def test_png_agrees_with_the_rasterized_pdf(slug, tmp_path):
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: `make test` installs poppler-utils")
    game = one_card_game(slug, tmp_path / slug)
    build(game, BuildOptions(rulebook=False, out=tmp_path / "out", sheet="gutter", duplex="none", bleed=3.0))
    composer = Composer(game, 3.0)
    for deck in game.decks[:2]:
        png = render(composer.front(deck, deck.cards[0], 1), DPI)
        slot = impose(SheetOptions(paper("a4"), deck.size.width, deck.size.height, 3.0, "gutter")).slots[0]
        x, y = round((slot.x - 3.0) * PX), round((slot.y - 3.0) * PX)

        def crop(dx=0):
            subprocess.run(["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-x", str(x + dx), "-y", str(y + dx),  # noqa: B023 - crop is called in the iteration that defines it
                            "-W", str(png.width), "-H", str(png.height), "-png", "-singlefile",  # noqa: B023
                            str(tmp_path / "out" / slug / f"{slug}-{deck.id}-a4.pdf"), str(tmp_path / "crop")],  # noqa: B023
                           check=True)
            return PILImage.open(tmp_path / "crop.png").convert("RGB")

        difference = max(ImageStat.Stat(ImageChops.difference(crop(), png)).mean)
        assert difference <= SAME_CARD, (deck.id, difference)
        assert max(ImageStat.Stat(ImageChops.difference(crop(6), png)).mean) > SAME_CARD  # the measure sees 0.5 mm
