"""Print-shop presets: the bundled ones, the images they give, and clear errors for bad ones."""

from __future__ import annotations

import pytest
from PIL import Image

from cardgen.export.pngs import PngOptions, export_pngs
from cardgen.gamedata import load_game
from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.build.staging import Staging
from cardgen.export.presets import PresetError, load_presets, preset

EXPECTED = {"tgc": (300, 3.175, (825, 1125)), "mpc": (300, 3.048, (822, 1122)), "drivethru": (300, 3.175, (825, 1125))}


def test_bundled_presets_say_what_the_shops_ask_for():
    presets = load_presets()
    assert set(EXPECTED) <= set(presets)
    for name, (dpi, bleed, poker) in EXPECTED.items():
        shop = presets[name]
        assert (shop.dpi, shop.bleed, shop.pixels(CARD_SIZES["poker"])) == (dpi, bleed, poker)
    assert presets["tgc"].pixels(CARD_SIZES["mini"]) == (600, 825)
    # not pinned: from dpi and bleed, and tarot's exact 2.75 x 4.75 in (its rounded mm would give 898 x 1498)
    assert presets["mpc"].pixels(CARD_SIZES["tarot"]) == (897, 1497)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_exported_pngs_have_the_presets_pixels_and_dpi(name, make_game, tmp_path):
    game = load_game(make_game())
    with Staging(tmp_path / "out" / game.slug) as staging:
        report = export_pngs(game, PngOptions(preset=name, workers=1), staging)
        staging.commit()
    dpi, _bleed, poker = EXPECTED[name]
    assert report.preset == name and report.drawn == 3
    for file in report.files:
        with Image.open(tmp_path / "out" / game.slug / file) as image:
            assert image.size == poker
            assert tuple(round(v) for v in image.info["dpi"]) == (dpi, dpi)


def write(tmp_path, text):
    path = tmp_path / "presets.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, words", [
    ('[a]\ndpi = 300\n', ["[a]", "bleed is missing"]),
    ('[a]\ndpi = 20\nbleed = 3\n', ["[a]", "dpi must be", "72", "20"]),
    ('[a]\ndpi = 300\nbleed = 3\ncolour = "red"\n', ["unknown key 'colour'"]),
    ('[a]\ndpi = 300\nbleed = 3\n[a.sizes]\njumbo = [1, 2]\n', ["[a].sizes", "unknown card size 'jumbo'", "poker"]),
    ('[a]\ndpi = 300\nbleed = 3\n[a.sizes]\npoker = [825]\n', ["poker must be [width, height]"]),
    ('[a]\ndpi = 300\nbleed = 3\n[a.sizes]\npoker = [900, 1125]\n', ["far from", "821 x 1121"]),
    ('a = 3\n', ["'a' must be a table"]),
    ('[a\n', ["not valid TOML"]),
])
def test_bad_presets_are_named_with_their_file_and_key(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(PresetError) as error:
        load_presets(path)
    message = str(error.value)
    assert str(path) in message
    for word in words:
        assert word in message


def test_an_unknown_preset_lists_the_known_ones():
    with pytest.raises(PresetError, match=r"unknown print preset 'tgcc'; presets: .*mpc.*tgc"):
        preset("tgcc")


def test_export_options_are_checked(make_game, tmp_path):
    game = load_game(make_game())
    with Staging(tmp_path / "out") as staging:
        with pytest.raises(ValueError, match="--dpi must be from 72 to 1200, not 5"):
            export_pngs(game, PngOptions(dpi=5), staging)
        with pytest.raises(PresetError, match="unknown print preset"):
            export_pngs(game, PngOptions(preset="nope"), staging)
