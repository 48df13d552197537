"""CMYK black: `cardgen build --cmyk` prints black and grey text and fine lines in the black ink alone (K only),
and keeps the press profile's rich black for large type and large areas: measured on Ghostscript's CMYK render
of the converted file (one picture per ink) and on the colour operators of its content streams."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ContentStream
from reportlab.pdfgen import canvas

from cardgen.cli import main
from cardgen.export.black_ink import set_in_black

DPI = 300
BLEED = 3.0
CARD = (63.5, 88.9)
TOML = """\
[game]
title = "Ink"
players = 2

[decks.words]
title = "Words"
layout = "face"

[decks.words.columns.text]
type = "text"
required = false
"""
CSV = "id,name,text\nw-1,Crème brûlée,naïve café · déjà vu\n"
LAYOUT = """\
[boxes.paper]
kind = "rect"
x = "-bleed"
y = "-bleed"
w = "W + 2 * bleed"
h = "H + 2 * bleed"
fill = "#ffffff"

[boxes.name]
kind = "text"
x = 5
y = 5
w = "W - 10"
h = 5
text = "{{ card.name }}"
size = 7
colour = "#000000"

[boxes.hairline]
kind = "line"
x = 5
y = 14
w = "W - 10"
h = 0
colour = "#000000"
width = 0.1

[boxes.thick]
kind = "line"
x = 5
y = 20
w = "W - 10"
h = 0
colour = "#000000"
width = 1

[boxes.note]
kind = "text"
x = 5
y = 24
w = "W - 10"
h = 6
text = "{{ card.text }}"
size = 8
colour = "#555555"

[boxes.headline]
kind = "text"
x = 5
y = 32
w = "W - 10"
h = 16
text = "INK"
size = 30
colour = "#000000"

[boxes.area]
kind = "rect"
x = 5
y = 52
w = "W - 10"
h = 28
fill = "#000000"

[boxes.dot]
kind = "rect"
x = 5
y = 83
w = 4
h = 2
fill = "#000000"
"""
# where each box is on the card (x, y, w, h in mm from the trim's top-left), and what its inks must be
NAME = (5, 5, 53.5, 5)
HAIRLINE = (5, 13.5, 53.5, 1)
THICK = (5, 19, 53.5, 2)
NOTE = (5, 24, 53.5, 6)
HEADLINE = (5, 32, 53.5, 16)
AREA = (10, 57, 43.5, 18)
DOT = (5, 83, 4, 2)
GREY_K = round((1 - 0x55 / 255) * 255)  # #555555 as a tint of black: 67% K


def build(folder: Path, out: Path, *extra: str) -> Path:
    (folder / "layouts").mkdir(parents=True)
    (folder / "game.toml").write_text(TOML, encoding="utf-8")
    (folder / "words.csv").write_text(CSV, encoding="utf-8")
    (folder / "layouts" / "face.toml").write_text(LAYOUT, encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(folder), "--single", "--out", str(out), *extra],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out / "ink"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("black")
    return build(root / "ink", root / "out", "--cmyk")


def inks(pdf: Path, folder: Path) -> Image.Image:
    """The first page as Ghostscript separates it for the press: a CMYK picture, one channel per ink."""
    if shutil.which("gs") is None:
        pytest.fail("Ghostscript is missing: `make tools` installs it")
    target = folder / f"{pdf.stem}.tif"
    subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=tiff32nc", f"-r{DPI}",
                    "-dFirstPage=1", "-dLastPage=1", f"-sOutputFile={target}", str(pdf)], check=True)
    with Image.open(target) as image:
        image.load()
    return image


def region(image: Image.Image, box: tuple[float, float, float, float]) -> dict[str, int]:
    """The most of each ink (0-255) anywhere in `box` (mm on the card, the single-card page starting at the bleed)."""
    x, y, w, h = box
    pixels = [round((v + BLEED) * DPI / 25.4) for v in (x, y, x + w, y + h)]
    bands = image.crop(tuple(pixels)).split()
    return {ink: band.getextrema()[1] for ink, band in zip("CMYK", bands)}


def test_the_page_is_rendered_at_the_card_size(built, tmp_path):
    image = inks(built / "ink-words-single.pdf", tmp_path)
    assert image.mode == "CMYK"
    assert image.size == tuple(round((v + 2 * BLEED) * DPI / 25.4) for v in CARD)


@pytest.mark.parametrize("box, k", [(NAME, 255), (HAIRLINE, 255), (NOTE, GREY_K), (DOT, 255)],
                         ids=["7pt-text", "0.1mm-hairline", "grey-8pt-text", "small-fill"])
def test_small_text_and_fine_lines_print_in_black_ink_alone(built, tmp_path, box, k):
    found = region(inks(built / "ink-words-single.pdf", tmp_path), box)
    assert found["C"] == found["M"] == found["Y"] == 0, found   # nothing on the colour plates: no fringes
    assert abs(found["K"] - k) <= 2, found                     # solid black (or the grey's tint) on the K plate


@pytest.mark.parametrize("box", [THICK, HEADLINE, AREA], ids=["1mm-line", "30pt-type", "large-area"])
def test_large_type_and_areas_keep_rich_black(built, tmp_path, box):
    found = region(inks(built / "ink-words-single.pdf", tmp_path), box)
    assert min(found["C"], found["M"], found["Y"]) > 128 and found["K"] > 200, found   # four inks: rich black
    assert sum(found.values()) < 3.0 * 255                                        # within SWOP's 300% ink


def test_the_rgb_build_is_untouched(tmp_path):
    """Without --cmyk the card's black stays RGB black: the rewrite only feeds Ghostscript."""
    folder = build(tmp_path / "ink", tmp_path / "out")
    data = b"".join(page.get_contents().get_data() for page in PdfReader(folder / "ink-words-single.pdf").pages)
    assert b"0 0 0 rg" in data and b" k\n" not in data


def paintings(reader: PdfReader, index: int = 0) -> dict[str, list[tuple[float, tuple[float, ...]]]]:
    """What page `index` paints, as (size on the page in pt, colour in effect): "text" (the font size) and
    "strokes" (the line width)."""
    found: dict[str, list] = {"text": [], "strokes": []}
    state = {"ctm": (1.0, 0.0, 0.0, 1.0), "fill": (0.0,), "stroke": (0.0,), "size": 0.0, "width": 1.0}
    stack, matrix = [], (1.0, 0.0, 0.0, 1.0)
    for operands, operator in ContentStream(reader.pages[index].get_contents(), reader).operations:
        values = [float(v) for v in operands if isinstance(v, (int, float))]
        a, b, c, d = state["ctm"]
        if operator == b"q":
            stack.append(dict(state))
        elif operator == b"Q":
            state = stack.pop()
        elif operator == b"cm":
            state["ctm"] = (values[0] * a + values[1] * c, values[0] * b + values[1] * d,
                            values[2] * a + values[3] * c, values[2] * b + values[3] * d)
        elif operator in (b"k", b"g", b"rg"):
            state["fill"] = tuple(values)
        elif operator in (b"K", b"G", b"RG"):
            state["stroke"] = tuple(values)
        elif operator == b"w":
            state["width"] = values[0]
        elif operator == b"Tf":
            state["size"] = values[0]
        elif operator == b"Tm":
            matrix = tuple(values[:4])
        elif operator in (b"Tj", b"TJ", b"'", b'"'):
            up = (matrix[2] * a + matrix[3] * c, matrix[2] * b + matrix[3] * d)  # the text's vertical axis on the page
            found["text"].append((round(state["size"] * (up[0] ** 2 + up[1] ** 2) ** 0.5, 2), state["fill"]))
        elif operator in (b"S", b"s"):
            found["strokes"].append((round(state["width"] * abs(a * d - b * c) ** 0.5, 2), state["stroke"]))
    return found


def k_only(colour: tuple[float, ...]) -> bool:
    return len(colour) == 4 and colour[:3] == (0, 0, 0)


def rich(colour: tuple[float, ...]) -> bool:
    return len(colour) == 4 and min(colour) > 0.5


def test_every_text_below_24pt_is_painted_in_k_alone(built):
    found = paintings(PdfReader(built / "ink-words-single.pdf"))["text"]
    assert {size for size, _ in found} >= {7, 8, 30}, found
    assert (7, (0, 0, 0, 1)) in found, found                                   # black: 0/0/0/100
    assert [colour[3] for size, colour in found if size == 8] == [pytest.approx(1 - 0x55 / 255, abs=0.002)]
    assert all(k_only(colour) for size, colour in found if size < 24), found
    assert all(rich(colour) for size, colour in found if size >= 24), found   # large type: rich, on purpose


@pytest.mark.parametrize("name", ["ink-words-single.pdf", "ink-words-a4.pdf"])
def test_lines_under_2pt_are_stroked_in_k_alone(built, name):
    """The hairline and, on the sheet, the crop marks: 0 0 0 1 K; the 1 mm (2.83 pt) line stays rich."""
    found = paintings(PdfReader(built / name))["strokes"]
    thin = [colour for width, colour in found if width < 2]
    assert thin and all(colour == (0, 0, 0, 1) for colour in thin), found
    assert [width for width, colour in found if width >= 2] == [2.83], found
    assert all(rich(colour) for width, colour in found if width >= 2), found


def test_the_converted_card_copies_out_with_its_accents(built):
    text = PdfReader(built / "ink-words-single.pdf").pages[0].extract_text()
    assert "Crème brûlée" in text and "naïve café · déjà vu" in text and "INK" in text, text


RICH_BLACK = (0.722, 0.675, 0.671, 0.882)  # what the SWOP profile makes of RGB black


def test_a_converted_bundled_sheet_has_no_four_ink_black_detail(bundled_sheet):
    """Every bundled game: crop marks in K alone, and no text below 24 pt or line under 2 pt in four-ink black."""
    converted = bundled_sheet[1]
    reader = PdfReader(converted)
    for index in range(len(reader.pages)):
        found = paintings(reader, index)
        assert not [colour for size, colour in found["text"] if size < 24 and colour == RICH_BLACK], index + 1
        assert not [colour for width, colour in found["strokes"] if width < 2 and colour == RICH_BLACK], index + 1
    assert (0, 0, 0, 1) in {colour for width, colour in paintings(reader, 0)["strokes"]}  # the crop marks


def test_the_black_ink_is_set_before_a_path_begins_and_rgb_black_comes_back_for_an_area(tmp_path):
    """PDF allows no colour operator inside a path (between m and S): the K goes before the path starts."""
    path = tmp_path / "lines.pdf"
    page = canvas.Canvas(str(path), pagesize=(200, 200))
    page.setStrokeColorRGB(0, 0, 0)
    page.setFillColorRGB(0, 0, 0)
    page.setLineWidth(0.5)
    page.line(10, 10, 190, 10)
    page.setFont("Helvetica", 8)
    page.drawString(10, 20, "small")
    page.rect(10, 40, 100, 100, fill=1, stroke=0)
    page.save()
    writer = PdfWriter(clone_from=path)
    assert set_in_black(writer) == 2
    ops = [(op, [float(v) for v in operands if isinstance(v, (int, float))])
           for operands, op in ContentStream(writer.pages[0].get_contents(), writer).operations]
    names = [op for op, _ in ops]
    assert names.index(b"K") < names.index(b"m") < names.index(b"l") < names.index(b"S")
    assert ops[names.index(b"K")][1] == [0, 0, 0, 1]
    assert names.index(b"k") < names.index(b"Tj")
    assert b"RG" not in names[names.index(b"S"):]  # the text only fills: its stroke colour is left alone
    last_fill = [values for op, values in ops[:names.index(b"f*")] if op in (b"k", b"rg")][-1]
    assert last_fill == [0, 0, 0] and names.index(b"rg", names.index(b"Tj")) < names.index(b"re")  # RGB again, first
