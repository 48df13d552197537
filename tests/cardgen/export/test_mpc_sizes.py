"""MakePlayingCards' sizes: poker as pinned, tarot computed from the trim and the preset's bleed, and said so (#29)."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from cardgen.export.pngs import PngOptions, export_pngs
from cardgen.gamedata import load_game
from cardgen.build.staging import Staging
from cardgen.export.presets import preset
from tests.conftest import MINIMAL_TOML

DOC = Path(__file__).resolve().parents[3] / "docs" / "designers" / "printing.md"


def mpc_image(make_game, tmp_path, size: str) -> Image.Image:
    toml = MINIMAL_TOML.replace('title = "Heroes"\n', f'title = "Heroes"\ncard_size = "{size}"\n')
    game = load_game(make_game(toml=toml))
    with Staging(tmp_path / game.slug) as staging:
        export_pngs(game, PngOptions(preset="mpc"), staging)
        staging.commit()
    return Image.open(tmp_path / game.slug / "png" / "heroes" / "h-1.png")


def test_mpc_tarot_is_the_trim_plus_36_px_a_side_at_300_dpi(make_game, tmp_path):
    bleed_px = round(preset("mpc").bleed / 25.4 * 300)
    assert bleed_px == 36
    with mpc_image(make_game, tmp_path, "tarot") as image:
        assert image.size == (round(2.75 * 300) + 2 * bleed_px, round(4.75 * 300) + 2 * bleed_px) == (897, 1497)
        assert tuple(round(v) for v in image.info["dpi"]) == (300, 300)
    assert "tarot" not in dict(preset("mpc").sizes)  # not pinned: computed


def test_mpc_poker_is_the_pinned_size(make_game, tmp_path):
    with mpc_image(make_game, tmp_path, "poker") as image:
        assert image.size == (822, 1122)


def test_the_guide_says_the_mpc_tarot_size_is_computed_with_its_arithmetic():
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    assert "897 x 1497 px" in text
    assert "are **computed**, not taken from a published MakePlayingCards template" in text
    assert "825 px + 2 x 36 = 897 px" in text and "1425 px + 2 x 36 = 1497 px" in text
