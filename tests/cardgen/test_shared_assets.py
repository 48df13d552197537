"""`--assets DIR`: art kept in a shared folder beside the game's is refused without the option and
drawn with it; every other file outside the game folder stays refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from tests.cardgen.conftest import ART_LAYOUT, ART_TOML, FIELD
from tests.cardgen.test_containment import STR_ART_LAYOUT, STR_ART_TOML

BLUE = (20, 60, 220)
MM = 300 / 25.4  # pixels per mm of the PNG export at its default 300 DPI


@pytest.fixture
def shared(tmp_path) -> Path:
    """../shared-art beside the game folders, with one blue picture."""
    folder = tmp_path / "shared-art"
    folder.mkdir()
    Image.new("RGB", (16, 16), BLUE).save(folder / "blue.png")
    return folder


def pixel(png: Path, x_mm: float, y_mm: float) -> tuple[int, int, int]:
    """The colour at (x, y) mm on the trimmed card of an exported PNG (3 mm bleed)."""
    with Image.open(png) as image:
        return image.convert("RGB").getpixel((round((x_mm + 3) * MM), round((y_mm + 3) * MM)))


def test_an_art_column_finds_its_file_in_an_assets_folder(make_game, cli, shared, tmp_path):
    folder = make_game(toml=ART_TOML, name="game", art_csv="id,name,picture\nc-1,Shared,blue.png\n")
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(ART_LAYOUT, encoding="utf-8")
    (folder / "art").mkdir()
    refused = cli("check", folder)
    assert refused.exit_code == 2
    assert "art.csv:2: column 'picture': art file 'blue.png' not found in" in refused.output, refused.output
    assert cli("check", folder, "--assets", shared).exit_code == 0
    out = tmp_path / "out"
    built = cli("build", folder, "--assets", shared, "--png", "--out", out, "--no-rulebook")
    assert built.exit_code == 0, built.output
    png = out / "game" / "png" / "art" / "c-1.png"
    assert pixel(png, 20, 20) == BLUE          # the art box (10 to 30 mm) shows the shared picture
    assert pixel(png, 40, 60) == FIELD         # and the card's field around it


def test_a_layout_path_into_the_assets_folder_is_drawn_only_with_the_option(make_game, cli, shared, tmp_path):
    folder = make_game(toml=STR_ART_TOML, name="game", pics_csv="id,name,pic\np-1,Pic,../../shared-art/blue.png\n")
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(STR_ART_LAYOUT, encoding="utf-8")
    out = tmp_path / "out"
    refused = cli("build", folder, "--png", "--out", out, "--no-rulebook")
    assert refused.exit_code == 2
    assert "is outside the game folder" in refused.output and "--assets" in refused.output, refused.output
    assert not (out / "game").exists()
    built = cli("build", folder, "--assets", shared, "--png", "--out", out, "--no-rulebook")
    assert built.exit_code == 0, built.output
    assert pixel(out / "game" / "png" / "pics" / "p-1.png", 15, 15) == BLUE   # the box from 5 to 25 mm


def test_the_option_allows_its_folder_and_nothing_else(make_game, cli, shared, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    Image.new("RGB", (16, 16), BLUE).save(elsewhere / "other.png")
    folder = make_game(toml=STR_ART_TOML, name="game", pics_csv="id,name,pic\np-1,Pic,../../elsewhere/other.png\n")
    (folder / "heroes.csv").unlink()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "face.toml").write_text(STR_ART_LAYOUT, encoding="utf-8")
    result = cli("build", folder, "--assets", shared, "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code == 2 and "is outside the game folder" in result.output, result.output


def test_assets_must_be_a_folder(make_game, cli, tmp_path):
    result = cli("check", make_game(), "--assets", tmp_path / "missing")
    assert result.exit_code == 2 and "--assets" in result.output and "does not exist" in result.output
