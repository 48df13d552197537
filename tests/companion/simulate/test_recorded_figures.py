"""Figures from the lab are data: `--record` writes them into the game's lab/ folder, the rulebook reads them,
and every recorded command, played again, gives the same figures (a drift fails here and names the figure)."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from cardgen.gamedata import GameDataError, bundled_slugs, card_data_dir, load_game
from companion.cli import main
from companion.simulate import command

RECORDED = [slug for slug in bundled_slugs() if (card_data_dir() / slug / "lab").is_dir()]


def test_the_games_whose_rulebooks_quote_the_lab_have_recorded_figures():
    assert {"unfair_chko", "unsettled_immigration", "unyielding_universe"} <= set(RECORDED)


@pytest.mark.parametrize("slug", RECORDED)
def test_every_recorded_command_plays_again_to_the_same_figures(slug):
    assert command.verify(slug) == []


def test_a_figure_that_drifted_is_named(tmp_path, monkeypatch):
    folder = tmp_path / "unfair_chko"
    shutil.copytree(card_data_dir() / "unfair_chko", folder)
    record = folder / "lab" / "quinn_levels.json"
    data = json.loads(record.read_text())
    was = data["figures"]["by_level"]["2"]["score"]["mean"]
    data["figures"]["by_level"]["2"]["score"]["mean"] = was + 1
    record.write_text(json.dumps(data))
    monkeypatch.setattr(command, "game_of", lambda slug: load_game(folder))
    result = CliRunner().invoke(main, ["simulate", "unfair_chko", "--verify"])
    assert result.exit_code == 1
    assert f"drifted: quinn_levels: by_level.2.score.mean: {was + 1!r} -> {was!r}" in result.output


def test_record_writes_the_figures_the_rulebook_reads(tmp_path, monkeypatch):
    folder = tmp_path / "unfair_chko"
    shutil.copytree(card_data_dir() / "unfair_chko", folder)
    monkeypatch.setattr(command, "game_of", lambda slug: load_game(folder))
    result = CliRunner().invoke(main, ["simulate", "unfair_chko", "--games", "6", "--players", "1", "--bots", "1,2,3",
                                       "--out", str(tmp_path / "out"), "--record", "tiny_run"])
    assert result.exit_code == 0, result.output
    written = json.loads((folder / "lab" / "tiny_run.json").read_text())
    assert written["command"] == "companion simulate unfair_chko --games 6 --players 1 --bots 1,2,3 --seed 1"
    assert written["figures"]["games"] == 6 and set(written["figures"]["by_level"]) == {"1", "2", "3"}
    assert not list((folder / "lab").glob(".*"))  # no temporary file left behind
    from cardgen.rulebook.context import context
    assert context(load_game(folder))["lab"]["tiny_run"]["by_level"]["1"]["seats"] == 2
    refused = CliRunner().invoke(main, ["simulate", "unfair_chko", "--players", "1", "--out", str(tmp_path),
                                        "--record", "Bad Name"])
    assert refused.exit_code == 2 and "--record takes a name of lower-case letters" in refused.output


def test_a_broken_record_is_reported_at_its_line(tmp_path):
    folder = tmp_path / "unfair_chko"
    shutil.copytree(card_data_dir() / "unfair_chko", folder)
    (folder / "lab" / "broken.json").write_text('{\n  "command": "companion simulate unfair_chko",\n  "figures": {,}\n}\n')
    with pytest.raises(GameDataError) as error:
        load_game(folder)
    assert "broken.json:3:15: not valid JSON" in str(error.value)
