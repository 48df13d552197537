"""`cardgen build --card-size`: the whole build lays the faces out at the size printed (issue #29, 1)."""

from __future__ import annotations

from pypdf import PdfReader

from tests.cardgen.raster import rasterise
from tests.cardgen.render.test_card_size import DPI, blank_strips
from tests.pdf_probe import PT


def test_build_prints_every_deck_at_the_card_size_asked_for(cli, tmp_path):
    result = cli("build", "unyielding_universe", "--card-size", "tarot", "--single", "--no-rulebook",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert 'set card_size = "tarot" in [decks.year]' in result.output
    folder = tmp_path / "unyielding_universe"
    single = PdfReader(folder / "unyielding_universe-year-single.pdf")
    x0, y0, x1, y1 = (float(v) * PT for v in single.pages[0].trimbox)
    assert abs((x1 - x0) - 69.9) <= 0.1 and abs((y1 - y0) - 120.7) <= 0.1
    image = rasterise(folder / "unyielding_universe-year-single.pdf", 1, tmp_path, DPI)
    assert not blank_strips(image, (x0, x0, x1 - x0, y1 - y0))  # the bleed is the same all round


def test_card_images_at_another_size_are_refused_before_anything_is_written(cli, tmp_path):
    result = cli("build", "unyielding_universe", "--card-size", "mini", "--png", "--out", tmp_path)
    assert result.exit_code != 0
    assert "--card-size changes the printed sheets only; card images (--png, --preset, --tts)" in result.output
    assert not (tmp_path / "unyielding_universe").exists()
