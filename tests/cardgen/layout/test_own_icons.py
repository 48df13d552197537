"""The designer's own icons (a PNG with transparency, an SVG) inline in card text, measured in what a
build prints: where the PDF places the image and the form against the text's baseline, the PNG
export's pixels, identical bytes on rebuild, and errors at game.toml's [icons] line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, load_game

BLEED = 3.0
PNG_DPI = 300
SIZE = 20.0  # pt: the text's size, so the height of an inline icon
PT = 25.4 / 72
RED, BLUE = (200, 30, 30), (30, 100, 200)

TOML = """\
[game]
title = "Icons"
players = 2

[icons]
trash = { label = "Trash", file = "icons/trash.png" }
bolt = { label = "Bolt", file = "icons/bolt.svg" }

[decks.spells]
title = "Spells"
layout = "face"

[decks.spells.columns.rules]
type = "text"
"""

LAYOUT = """\
[boxes.rules]
kind = "text"
x = 5
y = 10
w = 50
h = 30
size = 20
text = "{{ card.rules }}"
"""

# 20 x 40 units: a blue bar half as wide as it is tall
BOLT_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="40" viewBox="0 0 20 40">'
            '<rect width="20" height="40" fill="#1e64c8"/></svg>')


def trash_png() -> bytes:
    """40 x 40 px of red whose top quarter is transparent."""
    image = Image.new("RGBA", (40, 40), (*RED, 255))
    ImageDraw.Draw(image).rectangle((0, 0, 39, 9), fill=(0, 0, 0, 0))
    data = io.BytesIO()
    image.save(data, "PNG")
    return data.getvalue()


@pytest.fixture
def icon_game(make_game):
    def make(toml: str = TOML, png: bytes | None = None, svg: str = BOLT_SVG) -> Path:
        folder = make_game(toml=toml, name="icons", spells_csv='id,name,rules\ns-1,Spell,"Hx :trash: Hx :bolt:"\n')
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(LAYOUT, encoding="utf-8")
        (folder / "icons").mkdir()
        (folder / "icons" / "trash.png").write_bytes(trash_png() if png is None else png)
        (folder / "icons" / "bolt.svg").write_text(svg, encoding="utf-8")
        (folder / "heroes.csv").unlink()
        return folder
    return make


def built(folder: Path, out: Path) -> Path:
    build(load_game(folder), BuildOptions(out=out, bleed=BLEED, single=True, png=True, dpi=PNG_DPI, rulebook=False))
    return out / "icons"


@pytest.fixture
def out(icon_game, tmp_path):
    return built(icon_game(), tmp_path / "out")


def placed(pdf: Path) -> tuple[list[float], list[tuple[str, float, float, float, float]]]:
    """The baselines (pt, y up) of the first page's text, and each XObject drawn on it: (its subtype,
    x, y, w, h in pt), its box found from the transformation in force and its own bounding box."""
    reader = PdfReader(pdf)
    page = reader.pages[0]
    xobjects = page["/Resources"]["/XObject"]
    baselines, drawn, stack, ctm = [], [], [], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"q":
            stack.append(ctm)
        elif operator == b"Q":
            ctm = stack.pop()
        elif operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)
        elif operator == b"Tm":
            baselines.append(float(operands[5]))
        elif operator == b"Do":
            xobject = xobjects[operands[0]].get_object()
            x0, y0, x1, y1 = ([float(v) for v in xobject["/BBox"]] if xobject["/Subtype"] == "/Form" else [0, 0, 1, 1])
            a, _, _, d, e, f = ctm
            drawn.append((xobject["/Subtype"], e + a * x0, f + d * y0, a * (x1 - x0), d * (y1 - y0)))
    return [b for b in baselines if b > 0], drawn


def test_the_pdf_stands_both_icons_on_the_baseline_at_the_texts_size(out):
    baselines, drawn = placed(out / "icons-spells-single.pdf")
    assert len(set(baselines)) == 1, baselines
    baseline = baselines[0]
    assert [kind for kind, *_ in drawn] == ["/Image", "/Form"], "the PNG as an image, the SVG as vectors"
    (_, png_x, png_y, png_w, png_h), (_, svg_x, svg_y, svg_w, svg_h) = drawn
    assert png_y == pytest.approx(baseline, abs=0.01) and png_h == pytest.approx(SIZE, abs=0.01)
    assert png_w == pytest.approx(SIZE, abs=0.01)
    assert svg_y == pytest.approx(baseline, abs=0.01) and svg_h == pytest.approx(SIZE, abs=0.01)
    assert svg_w == pytest.approx(SIZE / 2, abs=0.01), "the SVG keeps its proportions"
    assert svg_x > png_x + png_w, "each icon takes its place in the line"
    reader = PdfReader(out / "icons-spells-single.pdf")
    images = [x.get_object() for x in reader.pages[0]["/Resources"]["/XObject"].values()
              if x.get_object()["/Subtype"] == "/Image"]
    assert "/SMask" in images[0], "the PNG's transparency is kept as a soft mask"


def bounds(image: Image.Image, near: tuple[int, int, int]) -> tuple[int, int, int, int]:
    mask = Image.new("L", image.size, 0)
    pixels = image.load()
    for y in range(image.height):
        for x in range(image.width):
            if all(abs(a - b) <= 12 for a, b in zip(pixels[x, y], near)):
                mask.putpixel((x, y), 255)
    return mask.getbbox()


def test_the_png_export_stands_both_icons_on_the_baseline(out):
    image = Image.open(out / "png" / "spells" / "s-1.png").convert("RGB")
    baselines, _ = placed(out / "icons-spells-single.pdf")
    page_height = (88.9 + 2 * BLEED) / PT
    baseline = (page_height - baselines[0]) * PT * PNG_DPI / 25.4  # px from the top, bleed included
    size = SIZE * PT * PNG_DPI / 25.4
    left, top, right, bottom = bounds(image, RED)
    assert abs(bottom - baseline) <= 2, (bottom, baseline)
    assert abs((bottom - top) - 0.75 * size) <= 3, "the PNG's transparent top quarter shows the white card"
    assert image.getpixel(((left + right) // 2, round(baseline - 0.9 * size))) == (255, 255, 255)
    left, top, right, bottom = bounds(image, BLUE)
    assert abs(bottom - baseline) <= 2 and abs((bottom - top) - size) <= 2
    assert abs((right - left) - size / 2) <= 2


def test_rebuilding_gives_identical_bytes(icon_game, tmp_path):
    folder = icon_game()
    first, second = built(folder, tmp_path / "one"), built(folder, tmp_path / "two")
    names = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.suffix in (".pdf", ".png"))
    assert "icons-spells-single.pdf" in names and "png/spells/s-1.png" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("file, reason", [
    ("icons/missing.png", "'icons/missing.png' is not in the game folder"),
    ("../outside.png", "is outside the game folder"),
    ("icons/trash.gif", "must be a .png (with transparency) or .svg file"),
    ("layouts/face.svg", "is not a readable SVG file"),
    ("spells.png", "is not a PNG image"),
])
def test_a_bad_icon_file_is_an_error_at_its_game_toml_line(icon_game, file, reason):
    folder = icon_game(TOML.replace("icons/bolt.svg", file))
    (folder / "layouts" / "face.svg").write_text("<svg><rect", encoding="utf-8")
    (folder / "spells.png").write_text("not a picture", encoding="utf-8")
    (folder.parent / "outside.png").write_bytes(trash_png())
    with pytest.raises(GameDataError) as error:
        load_game(folder)
    assert f"{folder / 'game.toml'}:7" in str(error.value) and "icon 'bolt'" in str(error.value)
    assert reason in str(error.value)


def test_an_icon_file_that_cannot_be_decoded_names_game_toml_and_the_icon(icon_game, tmp_path, cli):
    folder = icon_game(png=trash_png()[:60])  # a PNG signature, then the picture cut short
    with pytest.raises(BuildError) as error:
        built(folder, tmp_path / "out")
    message = str(error.value)
    assert f"{folder / 'game.toml'}: line 6: [icons] trash: file " in message and "trash.png" in message
    result = cli("check", folder)
    assert result.exit_code != 0 and "Traceback" not in result.output and "[icons] trash" in result.output
