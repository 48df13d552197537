"""`cardgen showcase`: a PNG by default where the docs say, the same bytes every run, each mistake one line."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from tests.cardgen.cli.test_lazy_imports import loaded, unwanted
from tests.cardgen.showcase.colour_game import COLOURS, colour_game, near

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def game(make_game) -> Path:
    return colour_game(make_game)


def test_the_default_is_a_fan_of_the_first_five_cards(cli, game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("showcase", game)
    assert result.exit_code == 0, result.output
    written = Path("output/swatches/swatches-showcase-fan.png")
    assert result.output == f"swatches: {written} (fan, 150 dpi)\n"
    with Image.open(written) as image:
        assert image.mode == "RGB" and image.info["dpi"] == pytest.approx((150, 150), rel=1e-3)  # pHYs counts dots per metre
        colours = {colour for _, colour in image.getcolors(image.width * image.height)}
    for card in ("h-1", "h-2", "h-3", "h-4", "h-5"):
        assert any(near(colour, COLOURS[card], 2) for colour in colours), card
    assert not any(near(colour, COLOURS["h-6"], 30) for colour in colours)  # the sixth card is not shown


def test_options_choose_the_cards_style_and_file(cli, game, tmp_path):
    out = tmp_path / "shop" / "villains.png"
    result = cli("showcase", game, "--deck", "villains", "--style", "row", "--dpi", "80", "--background",
                 "transparent", "--no-shadow", "--out", out)
    assert result.exit_code == 0, result.output
    with Image.open(out) as image:
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0
        assert image.info["dpi"] == pytest.approx((80, 80), rel=1e-3)  # pHYs counts dots per metre


def test_two_runs_in_two_processes_write_the_same_bytes(game, tmp_path):
    digests = set()
    for seed in ("1", "2"):
        out = tmp_path / f"pile-{seed}.png"
        subprocess.run([sys.executable, "-m", "cardgen", "showcase", str(game), "--style", "pile", "--cards",
                        "h-3,h-1,h-7,h-2", "--out", str(out)], cwd=ROOT, check=True, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": seed})
        digests.add(hashlib.sha256(out.read_bytes()).hexdigest())
    assert len(digests) == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--deck", "heros"], "error: swatches: --deck 'heros': swatches has no such deck (its decks: heroes, "
                          "villains); did you mean 'heroes'?"),
    (["--cards", "h-1,h-22"], "error: swatches: --cards 'h-22': swatches has no card of that id; did you mean "
                              "'h-2'?"),
    (["--style", "row", "--cards", ",".join(["h-1"] * 11)],
     "error: swatches: --cards: 11 cards are too many for --style row, which shows at most 10; --style fan shows "
     "up to 15"),
    (["--background", "blu"], "error: swatches: --background 'blu': not a colour; give a name (white, black, "
                              "navy...), #rrggbb or transparent; did you mean 'blue'?"),
    (["--dpi", "1000"], "error: swatches: --dpi 1000: give a value from 36 to 600"),
    (["--out", "fan.jpg"], "error: --out 'fan.jpg': a showcase is a PNG; name the file .png"),
])
def test_each_mistake_is_one_line_exit_2_and_nothing_written(cli, game, tmp_path, monkeypatch, args, message):
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    result = cli("showcase", game, *args)
    assert result.exit_code == 2
    assert result.output == message + "\n"
    assert list(here.rglob("*")) == []


def test_an_unknown_game_exits_2(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("showcase", "no-such-game")
    assert result.exit_code == 2 and result.output.startswith("error: ")
    assert not (tmp_path / "output").exists()


def test_its_help_loads_no_image_code():
    modules = loaded("showcase", "--help")
    assert unwanted(modules, ("cardgen.showcase", "PIL", "cardgen.render", "cardgen.layout")) == []
