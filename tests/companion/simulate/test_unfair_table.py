"""Solo games of Unfair against Quinn in the lab: played through the rules, reproducible, and the levels in order."""

from __future__ import annotations

import statistics

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.simulate import lab
from companion.simulate.record import SimulationError
from companion.simulate.report import summarise, text

GAME = load_game(card_data_dir() / "unfair_chko")


def test_quinns_levels_score_in_order_over_many_solo_games():
    results = lab.run(GAME, 90, 1, (1, 2, 3), 3)
    means = {level: statistics.fmean(r.scores[0] for r in results if r.levels == (level,)) for level in (1, 2, 3)}
    assert means[1] + 10 < means[2] and means[2] + 10 < means[3], means
    assert all(r.rounds == 8 and r.turns == 32 and r.winners == () for r in results)


def test_the_same_seed_gives_the_same_solo_report_and_the_report_says_there_are_no_winners():
    first = text(summarise(GAME.title, lab.run(GAME, 6, 1, (1, 3), 5), 1, (1, 3), 5))
    assert first == text(summarise(GAME.title, lab.run(GAME, 6, 1, (1, 3), 5), 1, (1, 3), 5))
    assert "No winners scored" in first and "level 3" in first


def test_first_date_shortens_the_simulated_game():
    (result,) = lab.run(GAME, 1, 1, (2,), 9, (("new_players", True),))
    assert result.rounds == 6 and result.ends == ("after 6 rounds",)


def test_quinn_plays_only_solo():
    with pytest.raises(SimulationError, match="--bots gives 3 levels for 2 players"):
        lab.run(GAME, 2, 2, (1, 2, 3), 1)
    with pytest.raises(SimulationError, match="solo games against Quinn: use --players 1"):
        lab.run(GAME, 2, 2, (1,), 1)
