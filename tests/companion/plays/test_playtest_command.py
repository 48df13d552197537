"""`companion playtests` end to end, on a temporary database."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from click.testing import CliRunner

from cardgen.gamedata import game_folder, load_game
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.lab import load_lab
from companion.cli import main
from companion.plays.playtest_command import PlaytestError, record
from companion.plays.playtests import report
from companion.plays.store import PlayStore
from tests.companion.plays.playtest_fixtures import seat_one_wins


@pytest.fixture
def database(make_app, tmp_path, monkeypatch):
    """A database with 12 playtest plays of Unsettled where seat 1 always wins; the URL is in DATABASE_URL."""
    url = f"sqlite:///{tmp_path / 'companion.sqlite3'}"
    monkeypatch.setenv("DATABASE_URL", url)
    app = make_app({"DATABASE_URL": url, "SECRET_KEY": "test"})
    store = app.extensions["companion"].store
    with store.transaction() as conn:
        for play in seat_one_wins(12):
            PlayStore(store).save_play(conn, play)
    return url


def test_the_report_of_real_plays(database):
    result = CliRunner().invoke(main, ["playtests", "unsettled_immigration", "--lab-games", "15"])
    assert result.exit_code == 0, result.output
    assert "12 plays compared" in result.output and "more than chance at 12 plays" in result.output
    again = CliRunner().invoke(main, ["playtests", "unsettled_immigration", "--lab-games", "15"])
    assert again.output == result.output


def test_no_playtests_says_how_to_mark_one(database):
    result = CliRunner().invoke(main, ["playtests", "emigration"])
    assert result.exit_code == 0 and "no playtest plays" in result.output and "Mark a game as a playtest" in result.output


def test_errors_are_one_sentence_and_exit_2(database):
    result = CliRunner().invoke(main, ["playtests", "nonesuch"])
    assert result.exit_code == 2 and "There is no game called 'nonesuch'" in result.output
    result = CliRunner().invoke(main, ["playtests", "unsettled_immigration", "--lab-games", "5", "--record", "real",
                                       "--min-plays", "20"])
    assert result.exit_code == 2 and "Only 12 finished playtest plays" in result.output and "--min-plays" in result.output
    assert "Traceback" not in result.output


def test_record_writes_the_figures_for_the_rulebook(tmp_path):
    game = SimpleNamespace(slug="unsettled_immigration", title="Unsettled", root=tmp_path)
    made = report(load_game(game_folder("unsettled_immigration")), seat_one_wins(12), lab_games=5)
    path = record(game, made, "real", None, 10)
    first = (tmp_path / "lab" / "real.json").read_bytes()
    assert path == str(tmp_path / "lab" / "real.json")
    entry = json.loads(first)
    assert entry["command"] == "companion playtests unsettled_immigration --players 3 --min-plays 10"
    figures = entry["figures"]
    assert figures["source"] == "plays" and figures["plays"] == 12 and figures["seat_win_percent"] == [100.0, 0.0, 0.0]
    collector = Collector()
    assert load_lab(tmp_path, collector)["real"]["figures"]["plays"] == 12  # the rulebook reads it as lab.real
    assert collector.problems == []
    record(game, made, "real", None, 10)
    assert (tmp_path / "lab" / "real.json").read_bytes() == first  # the same plays, the same bytes
    with pytest.raises(PlaytestError, match=r"lab\.Real"):
        record(game, made, "Real", None, 10)
