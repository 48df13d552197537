"""Art with transparency and SVG art, measured in what a build prints: pixels of the PNGs and of the
rasterised PDF, the PDF's soft masks and vector operators, identical bytes on rebuild, clear errors."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from pypdf.generic import ContentStream

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from tests.cardgen import raster
from tests.cardgen.conftest import BLUE, FIELD, RED

BLEED = 3.0
PNG_DPI = 300
PDF_DPI = 100
# places on the card's trim box (mm): in the PNG's transparent quarter, in its opaque part, and in
# the SVG's transparent left half and its blue right half
PNG_CLEAR, PNG_SOLID, SVG_CLEAR, SVG_SOLID = (13.0, 13.0), (25.0, 25.0), (13.0, 20.0), (25.0, 20.0)


def near(found, wanted, tolerance=6) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(found[:3], wanted, strict=True))


def pixel(image: Image.Image, at: tuple[float, float], dpi: float) -> tuple[int, ...]:
    """The colour at `at` mm on the trim box of an image that has BLEED mm around the trim."""
    x, y = ((v + BLEED) * dpi / 25.4 for v in at)
    return image.convert("RGB").getpixel((int(x), int(y)))


def built(folder: Path, out: Path) -> Path:
    build(load_game(folder), BuildOptions(out=out, bleed=BLEED, single=True, png=True, dpi=PNG_DPI, rulebook=False))
    return out / "art"


def rasterise(pdf: Path, page: int, tmp_path: Path) -> Image.Image:
    return raster.rasterise(pdf, page, tmp_path, PDF_DPI)


def xobjects(node, seen=None) -> list:
    """Every XObject reachable from a page or form, forms' own XObjects included."""
    seen = set() if seen is None else seen
    found = []
    for ref in node.get("/Resources", {}).get("/XObject", {}).values():
        if ref.idnum in seen:
            continue
        seen.add(ref.idnum)
        obj = ref.get_object()
        found.append(obj)
        if obj.get("/Subtype") == "/Form":
            found += xobjects(obj, seen)
    return found


@pytest.fixture
def out(art_game, tmp_path):
    return built(art_game(), tmp_path / "out")


def test_png_export_shows_the_field_through_transparent_art(out):
    png = Image.open(out / "png" / "art" / "c-png.png")
    assert near(pixel(png, PNG_CLEAR, PNG_DPI), FIELD), "a transparent pixel shows the field, not black or white"
    assert near(pixel(png, PNG_SOLID, PNG_DPI), RED)
    svg = Image.open(out / "png" / "art" / "c-svg.png")
    assert near(pixel(svg, SVG_CLEAR, PNG_DPI), FIELD)
    assert near(pixel(svg, SVG_SOLID, PNG_DPI), BLUE)


def test_pdf_shows_the_field_through_transparent_art(out, tmp_path):
    pdf = out / "art-art-single.pdf"  # one card side per page: PNG card front, its back, SVG card front...
    png_card, svg_card = rasterise(pdf, 1, tmp_path), rasterise(pdf, 3, tmp_path)
    assert near(pixel(png_card, PNG_CLEAR, PDF_DPI), FIELD)
    assert near(pixel(png_card, PNG_SOLID, PDF_DPI), RED)
    assert near(pixel(svg_card, SVG_CLEAR, PDF_DPI), FIELD)
    assert near(pixel(svg_card, SVG_SOLID, PDF_DPI), BLUE)


def test_png_art_has_a_soft_mask_and_svg_art_is_vectors(out):
    reader = PdfReader(out / "art-art-single.pdf")
    images = [x for x in xobjects(reader.pages[0]) if x.get("/Subtype") == "/Image"]
    assert len(images) == 1 and "/SMask" in images[0], "the PNG's alpha is the image's soft mask"
    assert images[0]["/SMask"].get_object()["/Subtype"] == "/Image"
    svg_page = xobjects(reader.pages[2])
    assert svg_page, "the SVG is placed as a form"
    assert not [x for x in svg_page if x.get("/Subtype") == "/Image"], "no picture of the SVG: vectors only"
    operators = {operator for form in svg_page for _, operator in ContentStream(form, reader).operations}
    assert b"re" in operators or b"m" in operators, operators
    assert b"f" in operators or b"f*" in operators, "the SVG's rectangle is filled as a vector path"


def test_the_sheets_pdf_shows_transparent_art_too(out, tmp_path):
    from cardgen.impose import SheetOptions, impose, paper

    sheet = rasterise(out / "art-art-a4.pdf", 1, tmp_path)
    slot = impose(SheetOptions(paper("a4"), 63.5, 88.9, BLEED, "butted")).slots[0]
    for at, colour in ((PNG_CLEAR, FIELD), (PNG_SOLID, RED)):
        x, y = ((slot.x + at[0]) * PDF_DPI / 25.4, (slot.y + at[1]) * PDF_DPI / 25.4)
        assert near(sheet.convert("RGB").getpixel((int(x), int(y))), colour)


def test_rebuilding_gives_identical_bytes(art_game, tmp_path):
    folder = art_game()
    first, second = built(folder, tmp_path / "one"), built(folder, tmp_path / "two")
    names = sorted(p.relative_to(first).as_posix() for p in first.rglob("*") if p.suffix in (".pdf", ".png"))
    assert "art-art-single.pdf" in names and "png/art/c-svg.png" in names
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def truncated_png() -> bytes:
    data = io.BytesIO()
    Image.new("RGBA", (64, 64), (1, 2, 3, 128)).save(data, "PNG")
    return data.getvalue()[:80]


@pytest.mark.parametrize("name, content, reason", [
    ("notes_png", b"this is not a picture", "not an image Pillow can read"),
    ("cut_png", truncated_png(), "cannot be read"),
    ("bad_svg", "<svg><rect", "not a readable SVG file"),
    ("empty_svg", '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>', "has no size"),
])
def test_unreadable_art_names_the_file_and_the_card_line(art_game, tmp_path, cli, name, content, reason):
    file_name = name.replace("_", ".")
    folder = art_game(rows=f"c-ok,Fine,corner.png\nc-bad,Broken,{file_name}\n", **{name: content})
    with pytest.raises(BuildError) as error:
        built(folder, tmp_path / "out")
    message = str(error.value)
    assert f"{folder / 'art.csv'}:3 (card 'c-bad'): art {folder.resolve() / 'art' / file_name}: " in message
    assert reason in message
    result = cli("build", str(folder), "--out", str(tmp_path / "cli"), "--no-rulebook")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "art.csv:3" in result.output and file_name in result.output
    assert not (tmp_path / "out" / "art").exists(), "nothing is written"


def test_svg_art_inside_a_repeated_face_draws_in_every_copy(art_game, tmp_path):
    """A card with copies is written once as a form; the SVG's own form is nested inside it."""
    from cardgen.impose import SheetOptions, impose, paper

    folder = art_game()
    (folder / "art.csv").write_text("id,name,picture,count\nc-svg,SVG card,half.svg,2\n", encoding="utf-8")
    out = built(folder, tmp_path / "out")
    sheet = rasterise(out / "art-art-a4.pdf", 1, tmp_path).convert("RGB")
    for slot in impose(SheetOptions(paper("a4"), 63.5, 88.9, BLEED, "butted")).slots[:2]:
        for at, colour in ((SVG_CLEAR, FIELD), (SVG_SOLID, BLUE)):
            x, y = ((slot.x + at[0]) * PDF_DPI / 25.4, (slot.y + at[1]) * PDF_DPI / 25.4)
            assert near(sheet.getpixel((int(x), int(y))), colour), (slot.index, at)
