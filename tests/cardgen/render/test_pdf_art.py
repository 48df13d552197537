"""Raster art in a PDF is embedded at print resolution: scaled once, photographs as JPEG, flat art and
transparency lossless, small art untouched, once per PDF however many cards draw it, same bytes warm or cold."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFilter, ImageChops, ImageStat
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import load_game
from cardgen.render.pdf_art import JPEG_QUALITY, art_for_pdf
from cardgen.render.png_art import picture
from tests.cardgen.render.test_transparent_art import xobjects

BOX_MM = 20.0  # the art box of the art_game fixture is 20 x 20 mm
AT_300 = math.ceil(BOX_MM / 25.4 * 300)  # 237 px


def photograph(size: int = 2400) -> Image.Image:
    """Smooth light, edges and grain: a picture with a photograph's statistics."""
    base = Image.effect_mandelbrot((size // 8, size // 8), (-2.0, -1.2, 0.6, 1.2), 80).convert("RGB")
    base = base.resize((size, size), Image.Resampling.BICUBIC).filter(ImageFilter.GaussianBlur(4))
    grain = Image.effect_noise((size, size), 24).convert("RGB")
    return Image.blend(base, grain, 0.15)


def flat_logo(size: int = 2400) -> Image.Image:
    """Two flat colours on a transparent ground, like an exported icon."""
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((size // 8, size // 8, size * 7 // 8, size * 7 // 8), fill=(200, 30, 30, 255))
    draw.rectangle((size * 3 // 8, size * 3 // 8, size * 5 // 8, size * 5 // 8), fill=(255, 255, 255, 255))
    return image


@pytest.fixture
def big_art_game(art_game, tmp_path: Path) -> Path:
    photo, logo, small = tmp_path / "photo.jpg", tmp_path / "logo.png", tmp_path / "small.png"
    photograph().save(photo, quality=95)
    flat_logo().save(logo)
    Image.new("RGB", (100, 100), (10, 20, 30)).save(small)
    rows = "".join(f"p{i},Photo {i},photo.jpg\n" for i in range(12)) + "l,Logo,logo.png\ns,Small,small.png\n"
    return art_game(rows=rows, photo_jpg=photo.read_bytes(), logo_png=logo.read_bytes(), small_png=small.read_bytes())


def filters(image) -> str:
    """The image's filter (or the last of its chain) as a name: "/DCTDecode" for a JPEG."""
    found = image.get("/Filter")
    return str(found[-1] if isinstance(found, list) else found)


def images(pdf: Path) -> list:
    reader = PdfReader(pdf)
    seen: set = set()
    found = [x for page in reader.pages for x in xobjects(page, seen)]
    return [x for x in found if x.get("/Subtype") == "/Image"]


def test_art_is_embedded_at_print_resolution_once(big_art_game: Path, tmp_path: Path):
    build(load_game(big_art_game), BuildOptions(out=tmp_path / "out", rulebook=False))
    pdf = tmp_path / "out" / "art" / "art-art-a4.pdf"
    found = images(pdf)
    sizes = sorted((x["/Width"], x["/Height"], filters(x)) for x in found)
    # the photograph once for its 12 cards, as JPEG at 300 dpi; the logo lossless at 300 dpi with its soft mask
    # (the mask is an image too); the 100 px picture as it was
    assert (AT_300, AT_300, "/DCTDecode") in sizes
    assert sum(1 for s in sizes if s[2] == "/DCTDecode") == 1
    logo = [x for x in found if x.get("/SMask") is not None]
    assert len(logo) == 1 and (logo[0]["/Width"], logo[0]["/Height"]) == (AT_300, AT_300)
    assert filters(logo[0]) != "/DCTDecode"
    assert (100, 100) in {(x["/Width"], x["/Height"]) for x in found}
    assert pdf.stat().st_size < 400_000  # the 2400 px originals alone are larger


def test_art_dpi_is_an_option_and_zero_keeps_the_originals(big_art_game: Path, tmp_path: Path):
    build(load_game(big_art_game), BuildOptions(out=tmp_path / "150", rulebook=False, art_dpi=150))
    sizes = {(x["/Width"], x["/Height"]) for x in images(tmp_path / "150" / "art" / "art-art-a4.pdf")}
    assert (math.ceil(BOX_MM / 25.4 * 150),) * 2 in sizes
    build(load_game(big_art_game), BuildOptions(out=tmp_path / "full", rulebook=False, art_dpi=0))
    sizes = {(x["/Width"], x["/Height"]) for x in images(tmp_path / "full" / "art" / "art-art-a4.pdf")}
    assert (2400, 2400) in sizes


def test_same_bytes_with_a_cold_and_a_warm_cache(big_art_game: Path, tmp_path: Path, monkeypatch):
    outputs = []
    for run in ("cold", "warm"):
        monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
        art_for_pdf.__globals__["_scaled"].cache_clear()  # a new process: only the cache folder remains
        build(load_game(big_art_game), BuildOptions(out=tmp_path / run, rulebook=False))
        outputs.append((tmp_path / run / "art" / "art-art-a4.pdf").read_bytes())
    assert outputs[0] == outputs[1]
    assert len(list((tmp_path / "cache" / "art").iterdir())) == 2  # the photograph and the logo


def test_same_bytes_wherever_the_game_folder_and_the_art_cache_lie(big_art_game: Path, tmp_path: Path, monkeypatch):
    """A copied game folder built with another art cache (another machine, another user) gives the same PDF:
    images are named after their content, not their path (reportlab would name them after the path)."""
    import shutil

    copy = tmp_path / "elsewhere" / "deeper" / big_art_game.name
    shutil.copytree(big_art_game, copy)
    outputs = []
    for folder, cache in ((big_art_game, "cache-one"), (copy, "cache-two")):
        monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / cache))
        art_for_pdf.__globals__["_scaled"].cache_clear()
        build(load_game(folder), BuildOptions(out=tmp_path / cache / "out", rulebook=False))
        outputs.append((tmp_path / cache / "out" / "art" / "art-art-a4.pdf").read_bytes())
    assert len(images_in(outputs[0])) == 3  # the photograph and the logo scaled, the small art as it is
    assert outputs[0] == outputs[1]


def images_in(pdf: bytes) -> list:
    import io

    reader = PdfReader(io.BytesIO(pdf))
    seen: set = set()
    return [x for page in reader.pages for x in xobjects(page, seen) if x.get("/Subtype") == "/Image"]


def test_jpeg_quality_cannot_be_told_from_lossless(tmp_path: Path):
    """At JPEG_QUALITY with full colour resolution, the photograph scaled to 300 dpi stays within what a print
    shows: PSNR above 40 dB against the lossless scaling (printing itself varies far more)."""
    source = tmp_path / "photo.jpg"
    photograph().save(source, quality=95)
    lossless = picture(str(source), AT_300, AT_300, vector=False)  # the same scaling, without the JPEG step
    embedded = Path(art_for_pdf(str(source), BOX_MM, BOX_MM))
    assert embedded.suffix == ".jpg"
    with Image.open(embedded) as jpeg:
        difference = ImageChops.difference(jpeg.convert("RGB"), lossless)
    mse = sum(value ** 2 for value in ImageStat.Stat(difference).rms) / 3
    psnr = 10 * math.log10(255 ** 2 / max(mse, 1e-9))
    assert psnr > 40, f"PSNR {psnr:.1f} dB at quality {JPEG_QUALITY}"
