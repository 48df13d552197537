"""`cardgen check` and `cardgen games`: component lists, JSON, and bad data exiting with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import BUNDLED


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_designers_sixth_game_passes_check(make_game, cli):
    folder = make_game(name="my_sixth_game")
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    assert "Tiny (my_sixth_game): 2-4 players, data OK" in result.output
    assert "Heroes" in result.output and "3 cards  (2 distinct, 63.5 x 88.9 mm)" in result.output
    assert "Coin" in result.output

    result = cli("check", folder, "--json")
    assert json.loads(result.output) == {
        "game": "my_sixth_game",
        "decks": {"heroes": {"cards": 3, "distinct": 2}},
        "tokens": {"coin": 12},
    }


def test_bad_data_exits_2_names_the_place_and_writes_nothing(make_game, tmp_path):
    folder = make_game(heroes_csv="id,name,power,side\nh-1,Ada,3,light\nh-2,Grace,many,dark\n")
    before = snapshot(tmp_path)
    result = subprocess.run([sys.executable, "-m", "cardgen", "check", str(folder)],
                            capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "heroes.csv:3:3: column 'power': expected a whole number from 0 to 10, found 'many'" in result.stderr
    assert result.stdout == ""
    assert snapshot(tmp_path) == before


def test_unknown_game_exits_2(cli):
    result = cli("check", "no_such_game")
    assert result.exit_code == 2
    assert "no bundled game or folder named 'no_such_game'" in result.output
    assert "unyielding_universe" in result.output


def test_check_json_of_each_bundled_game_matches_its_data(bundled_game, cli):
    result = cli("check", bundled_game.slug, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == bundled_game.components()


def test_games_lists_the_five_bundled_games(cli, load_bundled):
    result = cli("games", "--json")
    assert result.exit_code == 0, result.output
    rows = {row["slug"]: row for row in json.loads(result.output)}
    assert sorted(rows) == sorted(BUNDLED)
    for slug, row in rows.items():
        game = load_bundled(slug)
        assert row["title"] == game.title
        assert row["cards"] == sum(deck.total for deck in game.decks)
    text = cli("games").output
    assert all(slug in text for slug in BUNDLED)
