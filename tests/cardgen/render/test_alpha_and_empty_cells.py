"""Translucent colours (#rrggbbaa) blended over what lies beneath in the PNG and the PDF, colours
given by templates, and empty cells through Jinja filters printing nothing: measured in pixels of
the PNG export and of the rasterised PDF, and in the PDF's own text."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.cardgen import raster

BLEED = 3.0
PNG_DPI = 300
PDF_DPI = 100
BLUE = (0, 0, 255)
HALF_RED_OVER_BLUE = (128, 0, 127)  # #ff000080 over #0000ff: 128/255 of red, the rest blue

TOML = """\
[game]
title = "Alpha"
players = 2

[decks.notes]
title = "Notes"
layout = "face"

[decks.notes.columns.note]
type = "text"
required = false
"""

LAYOUT = """\
[style]
veil = "#ff000080"

[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#0000ff"

[boxes.veil]
kind = "rect"
x = 10
y = 10
w = 20
h = 20
fill = "{{ 'veil' if card.id == 'n-1' else '#00ff00' }}"

[boxes.white]
kind = "rect"
x = 5
y = 40
w = 50
h = 30
fill = "#ffffff"

[boxes.note]
kind = "text"
x = 6
y = 42
w = 48
h = 12
size = 30
colour = "#00000080"
text = "{{ card.note | upper }}{{ card.note | default('HM') }}"

[boxes.stroke]
kind = "rect"
x = 10
y = 58
w = 40
h = 10
stroke = "#00000040"
stroke_width = 3
"""


def near(found, wanted, tolerance=6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(found[:3], wanted, strict=True))


def pixel(image: Image.Image, at: tuple[float, float], dpi: float) -> tuple[int, ...]:
    x, y = ((v + BLEED) * dpi / 25.4 for v in at)
    return image.convert("RGB").getpixel((int(x), int(y)))


def region(image: Image.Image, box: tuple[float, float, float, float], dpi: float) -> Image.Image:
    x0, y0, x1, y1 = (round((v + BLEED) * dpi / 25.4) for v in box)
    return image.convert("L").crop((x0, y0, x1, y1))


def rasterise(pdf: Path, page: int, tmp_path: Path) -> Image.Image:
    return raster.rasterise(pdf, page, tmp_path, PDF_DPI)


@pytest.fixture
def alpha_game(make_game):
    def make(layout: str = LAYOUT, rows: str = "n-1,First,\nn-2,Second,ok\n") -> Path:
        folder = make_game(toml=TOML, name="alpha", notes_csv="id,name,note\n" + rows)
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(layout, encoding="utf-8")
        (folder / "heroes.csv").unlink()
        return folder
    return make


def built(folder: Path, out: Path) -> Path:
    build(load_game(folder), BuildOptions(out=out, bleed=BLEED, single=True, png=True, dpi=PNG_DPI, rulebook=False))
    return out / "alpha"


@pytest.fixture
def out(alpha_game, tmp_path):
    return built(alpha_game(), tmp_path / "out")


def test_png_blends_a_translucent_fill_text_and_stroke(out):
    first = Image.open(out / "png" / "notes" / "n-1.png")
    assert near(pixel(first, (20, 20), PNG_DPI), HALF_RED_OVER_BLUE), "the style's #ff000080 over the blue field"
    assert near(pixel(first, (5, 5), PNG_DPI), BLUE)
    second = Image.open(out / "png" / "notes" / "n-2.png")
    assert near(pixel(second, (20, 20), PNG_DPI), (0, 255, 0)), "the templated fill chose #00ff00 for this card"
    lo, hi = region(first, (6, 42, 54, 54), PNG_DPI).getextrema()
    assert hi == 255 and 120 <= lo <= 135, "half-black text over white is mid grey at its darkest, never black"
    lo, _ = region(first, (9, 57, 51, 69), PNG_DPI).getextrema()
    assert 185 <= lo <= 198, "a quarter-black stroke over white is light grey (255 * 3/4)"


def test_pdf_blends_a_translucent_fill_text_and_stroke(out, tmp_path):
    pdf = out / "alpha-notes-single.pdf"  # front of n-1, its back, front of n-2, its back
    first = rasterise(pdf, 1, tmp_path)
    assert near(pixel(first, (20, 20), PDF_DPI), HALF_RED_OVER_BLUE)
    assert near(pixel(rasterise(pdf, 3, tmp_path), (20, 20), PDF_DPI), (0, 255, 0))
    lo, hi = region(first, (6, 42, 54, 54), PDF_DPI).getextrema()
    assert hi == 255 and 118 <= lo <= 137
    lo, _ = region(first, (9, 57, 51, 69), PDF_DPI).getextrema()
    assert 185 <= lo <= 198
    states = PdfReader(pdf).pages[0]["/Resources"]["/ExtGState"]
    alphas = {(k, round(float(v), 2)) for state in states.values() for k, v in state.get_object().items()
              if k in ("/ca", "/CA")}
    assert ("/ca", 0.5) in alphas and ("/CA", 0.25) in alphas, alphas


def test_an_empty_cell_through_a_filter_prints_nothing(out):
    texts = [page.extract_text() for page in PdfReader(out / "alpha-notes-single.pdf").pages]
    assert "HM" in texts[0] and "NONE" not in texts[0].upper(), "the empty note: no NONE, the default applies"
    assert "OKok" in texts[2].replace(" ", "")


def test_rebuilding_gives_identical_bytes(alpha_game, tmp_path):
    folder = alpha_game()
    first, second = built(folder, tmp_path / "one"), built(folder, tmp_path / "two")
    names = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.suffix in (".pdf", ".png"))
    assert "alpha-notes-single.pdf" in names and "png/notes/n-1.png" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


@pytest.mark.parametrize("bad", ["#ff00008", "#ff0000800", "#gg000080"])
def test_a_malformed_colour_names_the_layout(alpha_game, tmp_path, bad):
    folder = alpha_game(LAYOUT.replace('"#00000080"', f'"{bad}"'))
    with pytest.raises(BuildError) as error:
        built(folder, tmp_path / "out")
    assert "face.toml" in str(error.value) and bad in str(error.value)
