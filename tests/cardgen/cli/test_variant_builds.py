"""`cardgen build --variant` and `--set`: each variant into its own folder, and a changed constant never kept as built."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cardgen.gamedata.manifest.test_variants import VARIANTS

LAYOUT = """
[boxes.start]
x = 5
y = 5
w = "W - 10"
h = 10
text = "Start with {{ game.constants.start }}{% if game.variant %} ({{ game.variant }}){% endif %}"
size = 10
"""


@pytest.fixture
def game(make_game) -> Path:
    folder = make_game(VARIANTS.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "start"'))
    (folder / "art-bw").mkdir()
    (folder / "layouts").mkdir()
    (folder / "layouts" / "start.toml").write_text(LAYOUT, encoding="utf-8")
    return folder


def front_text(pdf: Path) -> str:
    return PdfReader(pdf).pages[0].extract_text()


def test_a_variant_builds_into_its_own_folder_beside_the_game(cli, game, tmp_path):
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--no-rulebook").exit_code == 0
    result = cli("build", game, "--variant", "bw", "--out", out, "--no-rulebook")
    assert result.exit_code == 0, result.output
    assert "Start with 4 (bw)" in front_text(out / "tiny-bw" / "tiny-bw-heroes-a4.pdf")
    assert "Start with 4" in front_text(out / "tiny" / "tiny-heroes-a4.pdf")  # the game's own build stays
    manifest = json.loads((out / "tiny-bw" / "manifest.json").read_text())
    assert manifest["game"] == "tiny" and manifest["variant"] == {"name": "bw", "title": "Black and white"}
    assert "tiny-bw-heroes-a4.pdf" in manifest["files"]


def test_variant_all_builds_every_variant(cli, game, tmp_path):
    toml = (game / "game.toml").read_text() + '\n[variants.big]\nconstants = { start = 9 }\n'
    (game / "game.toml").write_text(toml)
    result = cli("build", game, "--variant", "all", "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["tiny-big", "tiny-bw"]
    assert "Start with 9 (big)" in front_text(tmp_path / "out" / "tiny-big" / "tiny-big-heroes-a4.pdf")


def test_a_set_constant_is_never_taken_for_the_last_build(cli, game, tmp_path):
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--no-rulebook").exit_code == 0
    again = cli("build", game, "--out", out, "--no-rulebook", "--set", "start=7")
    assert again.exit_code == 0, again.output
    assert "nothing changed" not in again.output
    assert "Start with 7" in front_text(out / "tiny" / "tiny-heroes-a4.pdf")
    assert json.loads((out / "tiny" / "manifest.json").read_text())["set"] == ["start=7"]
    back = cli("build", game, "--out", out, "--no-rulebook")  # and without it, the game as game.toml has it again
    assert "nothing changed" not in back.output and "Start with 4" in front_text(out / "tiny" / "tiny-heroes-a4.pdf")


def test_a_bad_setting_is_one_line_naming_it_and_nothing_is_written(cli, game, tmp_path):
    result = cli("build", game, "--out", tmp_path / "out", "--set", "start=12")
    assert result.exit_code == 2
    assert "--set start=12: the rules expect a whole number from 1 to 9" in result.output
    assert not (tmp_path / "out").exists()


def test_check_takes_the_variant_too(cli, game):
    assert cli("check", game, "--variant", "bw").exit_code == 0
    result = cli("check", game, "--variant", "colour")
    assert result.exit_code == 2 and "--variant colour: game.toml has no [variants.colour]" in result.output


def test_variant_and_set_are_one_games(cli):
    result = cli("build", "--all", "--variant", "bw")
    assert result.exit_code == 2 and "--variant and --set are one game's" in result.output
