"""The simulation lab: a fixed seed reproduces a report byte for byte, and each bot level beats the one below."""

from __future__ import annotations

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.simulate import chart, lab
from companion.simulate.record import SimulationError
from companion.simulate.report import summarise, text


def report(slug, games, players, levels, seed, options=()):
    game = load_game(card_data_dir() / slug)
    summary = summarise(game.title, lab.run(game, games, players, levels, seed, options), players, levels, seed)
    return text(summary, 1.0), chart.svg(summary)


@pytest.mark.parametrize("slug, options", [("unyielding_universe", (("winning_score", 30),)),
                                           ("unsettled_immigration", ())])
def test_the_same_seed_gives_the_same_report_byte_for_byte(slug, options):
    first = report(slug, 6, 3, (1, 2, 2), 11, options)
    assert first == report(slug, 6, 3, (1, 2, 2), 11, options)
    assert first != report(slug, 6, 3, (1, 2, 2), 12, options)
    assert first[1].startswith("<svg") and "Wins by seat" in first[0] and "End conditions" in first[0]


def level_share(summary, level):
    wins, played = next((w, p) for lv, w, p in summary.level_wins if lv == level)
    return wins / played


@pytest.mark.parametrize("slug, games, options", [
    ("unsettled_immigration", 300, ()),
    ("unyielding_universe", 200, (("winning_score", 1),)),  # one scored round a game keeps the test short
])
def test_each_level_beats_the_level_below(slug, games, options):
    game = load_game(card_data_dir() / slug)
    results = lab.run(game, games, 2, (1, 2), 7, options)
    summary = summarise(game.title, results, 2, (1, 2), 7)
    assert level_share(summary, 2) > 0.6 > level_share(summary, 1)


def test_seats_rotate_so_every_level_plays_every_seat():
    game = load_game(card_data_dir() / "unsettled_immigration")
    results = lab.run(game, 4, 2, (1, 2), 3)
    assert [r.levels for r in results] == [(1, 2), (2, 1), (1, 2), (2, 1)]


@pytest.mark.parametrize("slug, players, levels, message", [
    ("unsettled_immigration", 2, (3,), "has no level 3; its levels are 1, 2"),
    ("unsettled_immigration", 3, (1, 2), "gives 2 levels for 3 players"),
    ("unsettled_immigration", 9, (1,), "is played by 2 to 5 players, not 9"),
    ("emigration", 2, (1,), "emigration has no table model"),
])
def test_bad_requests_are_refused_in_a_sentence(slug, players, levels, message):
    game = load_game(card_data_dir() / slug)
    with pytest.raises(SimulationError, match=message):
        lab.run(game, 2, players, levels, 1)
