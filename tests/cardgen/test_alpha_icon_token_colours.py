"""game.toml's icon and token colours with alpha (#rrggbbaa): blended over what lies beneath in the
card PNG, the card PDF and the token sheet, measured in pixels; a malformed colour is an error at its line."""

from __future__ import annotations

import pytest
from PIL import Image
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, load_game
from tests.cardgen import raster
from tests.pdf_probe import probe

BLEED = 3.0
DPI = 200
GREEN = (34, 170, 68)
RED = (255, 0, 0)
HALF_RED_OVER_GREEN = (145, 85, 34)   # #ff000080 over #22aa44: 128/255 of red, the rest green
HALF_RED_OVER_WHITE = (255, 127, 127)  # over the paper

TOML = """\
[game]
title = "Veil"
players = 2

[icons]
half = { label = "I", colour = "#ff000080" }
full = { label = "I", colour = "#FF0000" }

[decks.marks]
title = "Marks"
layout = "face"

[decks.marks.columns.icon]
type = "text"

[tokens.veil]
title = "Veil"
front = ""
shape = "square"
size = 20
count = 1
colour = "#ff000080"

[tokens.solid]
title = "Solid"
front = ""
shape = "square"
size = 20
count = 1
colour = "#ff0000"
"""
# a green field, and the card's icon as a 20 mm badge (a disc with the label's initial) from (10, 10)
LAYOUT = """\
[boxes.field]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#22aa44"

[boxes.badge]
kind = "icon"
icon = "{{ card.icon }}"
x = 10
y = 10
w = 20
h = 20
"""
ON_DISC = (13.0, 20.0)  # inside the disc, left of the letter


def near(found, wanted, tolerance=4) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(found[:3], wanted, strict=True))


def pixel(image: Image.Image, at: tuple[float, float]) -> tuple[int, ...]:
    """The colour at (x, y) mm on a card's trim box, on an image of the card with its bleed."""
    x, y = ((v + BLEED) * DPI / 25.4 for v in at)
    return image.convert("RGB").getpixel((int(x), int(y)))


@pytest.fixture
def veil(make_game):
    def make(toml: str = TOML):
        folder = make_game(toml=toml, name="veil", marks_csv="id,name,icon\nm-1,Half,half\nm-2,Full,full\n")
        (folder / "heroes.csv").unlink()
        (folder / "layouts").mkdir()
        (folder / "layouts" / "face.toml").write_text(LAYOUT, encoding="utf-8")
        return folder
    return make


@pytest.fixture
def out(veil, tmp_path):
    build(load_game(veil()), BuildOptions(out=tmp_path / "out", bleed=BLEED, single=True, png=True, dpi=DPI,
                                          tokens=True, rulebook=False))
    return tmp_path / "out" / "veil"


def test_icon_colour_with_alpha_blends_over_the_field_in_the_png(out):
    half = Image.open(out / "png" / "marks" / "m-1.png")
    full = Image.open(out / "png" / "marks" / "m-2.png")
    assert near(pixel(half, ON_DISC), HALF_RED_OVER_GREEN), pixel(half, ON_DISC)
    assert near(pixel(full, ON_DISC), RED), "six digits (any case) stay solid"
    assert near(pixel(half, (5, 5)), GREEN)


def test_icon_colour_with_alpha_blends_over_the_field_in_the_pdf(out, tmp_path):
    pdf = out / "veil-marks-single.pdf"  # front of m-1, its back, front of m-2, its back
    half, full = raster.rasterise(pdf, 1, tmp_path, DPI), raster.rasterise(pdf, 3, tmp_path, DPI)
    assert near(pixel(half, ON_DISC), HALF_RED_OVER_GREEN), pixel(half, ON_DISC)
    assert near(pixel(full, ON_DISC), RED)


def test_icon_colour_with_alpha_blends_on_a_card_drawn_once_for_its_copies(veil, tmp_path):
    # a card with copies is written once as a form and placed for each copy: its alpha must come along
    folder = veil()
    (folder / "marks.csv").write_text("id,name,icon,count\nm-1,Half,half,2\nm-2,Full,full,1\n", encoding="utf-8")
    build(load_game(folder), BuildOptions(out=tmp_path / "out", bleed=BLEED, rulebook=False))
    pdf = tmp_path / "out" / "veil" / "veil-marks-a4.pdf"
    copies = [(x, y - 88.9) for _name, x, y in probe(PdfReader(pdf), 0).placements]  # trims' top-left
    assert len(copies) == 2
    page = raster.rasterise(pdf, 1, tmp_path, DPI).convert("RGB")
    for x, y in copies:
        found = page.getpixel((int((x + ON_DISC[0]) * DPI / 25.4), int((y + ON_DISC[1]) * DPI / 25.4)))
        assert near(found, HALF_RED_OVER_GREEN), found


def test_token_colour_with_alpha_lets_the_paper_show_through(out, tmp_path):
    pdf = out / "veil-tokens-a4.pdf"
    page = raster.rasterise(pdf, 1, tmp_path, DPI)
    placed = {name.rsplit(".", 1)[-1]: (x, y - 20) for name, x, y in probe(PdfReader(pdf), 0).placements}
    assert set(placed) == {"tk_veil_front", "tk_solid_front"}  # each at its trim's bottom-left corner

    def rim(name: str) -> tuple[int, ...]:  # the token's colour shows as a 1.4 mm rim inside its cut line
        x, y = placed[name]
        return page.convert("RGB").getpixel((int((x + 0.7) * DPI / 25.4), int((y + 10) * DPI / 25.4)))

    assert near(rim("tk_veil_front"), HALF_RED_OVER_WHITE), rim("tk_veil_front")
    assert near(rim("tk_solid_front"), RED)


@pytest.mark.parametrize("bad", ["#ff00", "#ff000080ff", "red"])
def test_a_malformed_colour_names_its_line_and_the_two_forms(veil, bad):
    folder = veil(TOML.replace('colour = "#ff000080"\n', f'colour = "{bad}"\n')
                  .replace('colour = "#ff000080" }', f'colour = "{bad}" }}'))
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    problems = [str(p) for p in caught.value.problems]
    toml = folder / "game.toml"
    assert problems == [
        f"{toml}:6: icon 'half': colour must be like \"#a1b2c3\", or \"#a1b2c380\" to let what is beneath show "
        f"through (the last two digits: 00 clear to ff solid), found {bad!r}",
        f"{toml}:22: token 'veil': colour must be like \"#a1b2c3\", or \"#a1b2c380\" to let what is beneath show "
        f"through (the last two digits: 00 clear to ff solid), found {bad!r}"], problems


@pytest.mark.parametrize("colour, ink", [("#00000020", "#1f1f1f"), ("#000000", "#ffffff"), ("#000000e6", "#ffffff")])
def test_a_translucent_token_colour_is_judged_as_it_looks_on_paper(colour, ink):
    """A nearly clear black looks light grey on paper, so a hidden token's text is dark ink, not white; its field
    is a tint of that light grey, not of black."""
    from cardgen.layout.token_face import FIELD_TINT, WHITE, contrast, on_paper
    from cardgen.layout.placeholder import mix

    assert contrast(colour) == ink
    seen = on_paper(colour)
    assert len(seen) == 7 and mix(seen, WHITE, FIELD_TINT) >= mix("#000000", WHITE, FIELD_TINT)
