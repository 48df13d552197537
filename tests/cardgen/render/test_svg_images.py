"""SVG art holding raster pictures prints them in the PDF and the PNG export, at the picture's place and size:
an Inkscape-style embedded data: URI, and a picture named by a path relative to the SVG."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest
from PIL import Image

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.cardgen import raster
from tests.cardgen.conftest import FIELD, RED

YELLOW = (240, 200, 20)
BLEED = 3.0
PNG_DPI = 300
PDF_DPI = 150
# the art box is (10, 10) to (30, 30) mm on the trim; the SVG is 40 x 40 units, its picture fills its right half
# (x 20..40), so the picture prints from x = 20 to 30 mm and y = 10 to 30 mm: red on its left, yellow on its right
PICTURE_MM = (20.0, 10.0, 30.0, 30.0)
ROW_MM = 20.0


def picture_png() -> bytes:
    """A 20 x 40 px picture: its left half red, its right half yellow."""
    image = Image.new("RGB", (20, 40), RED)
    image.paste(YELLOW, (10, 0, 20, 40))
    stream = io.BytesIO()
    image.save(stream, "PNG")
    return stream.getvalue()


def inkscape_svg(href: str) -> str:
    """An SVG as Inkscape writes one with an imported picture (namespaces, metadata, a transformed layer)."""
    return f"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:svg="http://www.w3.org/2000/svg"
   xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   width="40" height="40" viewBox="0 0 40 40" version="1.1" id="svg8" inkscape:version="0.92.4">
  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:document-units="px"/>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" transform="translate(0,0)">
    <image y="0" x="20" id="image10" preserveAspectRatio="none" height="40" width="20"
       xlink:href="{href}"/>
  </g>
</svg>
"""


def embedded_href() -> str:
    """The picture as Inkscape 0.92 embeds it: base64 wrapped in lines of 76 characters."""
    data = base64.encodebytes(picture_png()).decode("ascii")
    return "data:image/png;base64," + data.replace("\n", "&#10;")


def near(found, wanted, tolerance=8) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(found[:3], wanted, strict=True))


def printed_span(image: Image.Image, dpi: float) -> tuple[float, float, float, float]:
    """Where the picture's red and yellow print, in mm on the trim: (left, top, right, bottom)."""
    rgb = image.convert("RGB")
    scale = dpi / 25.4
    inside = [(x, y) for y in range(rgb.height) for x in range(rgb.width)
              if near(rgb.getpixel((x, y)), RED, 12) or near(rgb.getpixel((x, y)), YELLOW, 12)]
    xs, ys = [x for x, _ in inside], [y for _, y in inside]
    return (min(xs) / scale - BLEED, min(ys) / scale - BLEED, (max(xs) + 1) / scale - BLEED,
            (max(ys) + 1) / scale - BLEED)


def colour_at(image: Image.Image, x_mm: float, y_mm: float, dpi: float) -> tuple[int, ...]:
    scale = dpi / 25.4
    return image.convert("RGB").getpixel((int((x_mm + BLEED) * scale), int((y_mm + BLEED) * scale)))


def built(folder: Path, out: Path) -> Path:
    build(load_game(folder), BuildOptions(out=out, bleed=BLEED, single=True, png=True, dpi=PNG_DPI, rulebook=False))
    return out / "art"


@pytest.mark.parametrize("kind", ["embedded", "beside", "up"])
def test_svg_pictures_print_in_the_pdf_and_the_png_at_their_box(art_game, tmp_path: Path, kind: str):
    if kind == "embedded":
        folder = art_game(rows="c-svg,SVG card,pic.svg\n", pic_svg=inkscape_svg(embedded_href()))
    else:  # a relative path: beside the SVG, or up and into another folder of the game
        href = "pictures/two%20tone.png" if kind == "beside" else "../pictures/two%20tone.png"
        folder = art_game(rows="c-svg,SVG card,pic.svg\n", pic_svg=inkscape_svg(href))
        pictures = folder / ("art" if kind == "beside" else "") / "pictures"
        pictures.mkdir()
        (pictures / "two tone.png").write_bytes(picture_png())
    out = built(folder, tmp_path / "out")
    pdf_page = raster.rasterise(out / "art-art-single.pdf", 1, tmp_path, PDF_DPI)
    with Image.open(out / "png" / "art" / "c-svg.png") as png:
        png_card = png.convert("RGB")
    for image, dpi in ((pdf_page, PDF_DPI), (png_card, PNG_DPI)):
        assert near(colour_at(image, 15.0, ROW_MM, dpi), FIELD)   # the SVG's transparent left half
        assert near(colour_at(image, 22.5, ROW_MM, dpi), RED)     # the picture's left half
        assert near(colour_at(image, 27.5, ROW_MM, dpi), YELLOW)  # and its right half
        span = printed_span(image, dpi)
        assert all(abs(found - wanted) <= 0.3 for found, wanted in zip(span, PICTURE_MM, strict=True)), span


def test_a_picture_keeps_its_proportions_in_a_box_of_others(art_game, tmp_path: Path):
    """No preserveAspectRatio (the default, xMidYMid meet): the 1:2 picture in the SVG's whole 40 x 40 box
    prints 10 x 20 mm, centred, in the PDF as in the PNG."""
    svg = inkscape_svg(embedded_href()).replace(' preserveAspectRatio="none"', "")
    svg = svg.replace('x="20"', 'x="0"').replace('width="20"', 'width="40"')
    out = built(art_game(rows="c-svg,SVG card,pic.svg\n", pic_svg=svg), tmp_path / "out")
    pdf_page = raster.rasterise(out / "art-art-single.pdf", 1, tmp_path, PDF_DPI)
    with Image.open(out / "png" / "art" / "c-svg.png") as png:
        png_card = png.convert("RGB")
    for image, dpi in ((pdf_page, PDF_DPI), (png_card, PNG_DPI)):
        span = printed_span(image, dpi)
        assert all(abs(found - wanted) <= 0.3 for found, wanted in zip(span, (15.0, 10.0, 25.0, 30.0), strict=True)), span


def test_svg_pictures_build_to_the_same_bytes(art_game, tmp_path: Path):
    folder = art_game(rows="c-svg,SVG card,pic.svg\n", pic_svg=inkscape_svg(embedded_href()))
    first, second = built(folder, tmp_path / "one"), built(folder, tmp_path / "two")
    for name in ("art-art-single.pdf", "png/art/c-svg.png"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_a_picture_in_an_svg_is_one_image_in_the_pdf(art_game, tmp_path: Path):
    """Cards sharing the SVG share its form, and the form's picture is an image XObject (not inline)."""
    from tests.cardgen.render.test_pdf_art import images

    rows = "".join(f"c{i},Card {i},pic.svg\n" for i in range(4))
    folder = art_game(rows=rows, pic_svg=inkscape_svg(embedded_href()))
    out = built(folder, tmp_path / "out")
    found = [(x["/Width"], x["/Height"]) for x in images(out / "art-art-single.pdf")]
    assert found.count((20, 40)) == 1, found


def test_editing_a_picture_an_svg_links_redraws_the_card_image(art_game, tmp_path: Path):
    folder = art_game(rows="c-svg,SVG card,pic.svg\n", pic_svg=inkscape_svg("pictures/p.png"))
    (folder / "art" / "pictures").mkdir()
    (folder / "art" / "pictures" / "p.png").write_bytes(picture_png())
    out = built(folder, tmp_path / "out")
    Image.new("RGB", (20, 40), (10, 10, 240)).save(folder / "art" / "pictures" / "p.png")  # only the picture edited
    out = built(folder, tmp_path / "out")
    with Image.open(out / "png" / "art" / "c-svg.png") as png:
        assert near(colour_at(png, 22.5, 20.0, PNG_DPI), (10, 10, 240))
