"""The playtest report: real plays beside the lab's games, figures, text; and the table models' end_of."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.bots.seats import Seated
from companion.plays.playtest_text import text
from companion.plays.playtests import figures, lab_options, report
from companion.plays.records import Feedback, Play, Seat
from companion.simulate.models import end_of

from tests.companion.plays.playtest_fixtures import game, lab_plays, seat_one_wins

LAB_GAMES = 60


def test_plays_like_the_lab_are_within_chance():
    r = report(game(), lab_plays(10), lab_games=LAB_GAMES)
    assert r.modelled and len(r.groups) == 1
    g = r.groups[0]
    assert (g.players, g.plays, g.apart, g.lab_games) == (3, 10, 0, LAB_GAMES)
    assert [row.verdict for row in g.seats] == ["within chance at 10 plays"] * 3
    assert g.length is not None and g.length.verdict == "within chance at 10 plays"
    plays = lab_plays(10)
    assert [row.real for row in g.seats] == [10.0 * sum(p.seats[s].winner for p in plays) for s in range(3)]


def test_seat_one_winning_every_game_is_more_than_chance():
    g = report(game(), seat_one_wins(30), lab_games=LAB_GAMES).groups[0]
    assert g.seats[0].real == 100.0 and g.seats[0].verdict == "more than chance at 30 plays"
    assert g.seats[0].difference == pytest.approx(100.0 - g.seats[0].lab)
    assert g.length is not None and g.length.verdict == "more than chance at 30 plays"  # 12 rounds every game


def test_groups_by_seats_and_options_and_counts_stopped_plays_apart():
    plays = lab_plays(4) + [Play(id="s1", slug="unsettled_immigration", title="Unsettled", played_on="2026-03-01",
                                 seats=(Seat("A"), Seat("B"), Seat("C")), stopped_early=True, playtest=True)]
    plays += [Play(id="o1", slug="unsettled_immigration", title="Unsettled", played_on="2026-03-02",
                   seats=(Seat("A", score=10, winner=True), Seat("B", score=3)), rounds=9, end="vp_cap",
                   playtest=True, options={"vp_to_win": 10, "house": {"x": 1}})]
    plays.append(Play(id="n1", slug="unsettled_immigration", title="Unsettled", played_on="2026-03-03",
                      seats=(Seat("A"),), rounds=3, playtest=False))  # not a playtest: left out
    r = report(game(), plays, lab_games=10)
    by_seats = {g.players: g for g in r.groups}
    assert sorted(by_seats) == [2, 3]
    assert (by_seats[3].plays, by_seats[3].apart) == (4, 1)
    assert by_seats[2].options == (("vp_to_win", 10),) and by_seats[2].unknown == ("house",)


def test_lab_options():
    assert lab_options({"b": [1, "x"], "a": 3, "c": {"d": 1}}) == ((("a", 3), ("b", [1, "x"])), ("c",))


def test_a_game_without_a_model_shows_the_plays_alone():
    plays = [Play(id=f"e{i}", slug="emigration", title="Emigration", played_on="2026-01-01",
                  seats=(Seat("A", score=5, winner=i % 2 == 0), Seat("B", score=4, winner=i % 2 == 1)), rounds=6,
                  playtest=True, feedback=(Feedback(fun=5, clarity=2, length="just right"),
                                           Feedback(fun=3, note=" Too fiddly ")))
             for i in range(4)]
    r = report(game("emigration"), plays)
    assert not r.modelled and "no model of this game" in r.note
    g = r.groups[0]
    assert g.lab_games == 0 and [row.real for row in g.seats] == [50.0, 50.0] and g.seats[0].lab is None
    assert (r.feedback.answers, r.feedback.fun, r.feedback.clarity) == (8, 4.0, 2.0)
    assert r.feedback.lengths == (("just right", 4),) and r.feedback.notes == ("Too fiddly",) * 4
    assert r.note in text(r)


def test_text_is_deterministic_and_says_the_verdicts():
    plays = seat_one_wins(12)
    first, second = text(report(game(), plays, lab_games=20)), text(report(game(), plays, lab_games=20))
    assert first == second
    assert "more than chance at 12 plays" in first and "Loved the trains" in first and "1 answer;" in first


def test_figures_in_the_lab_format_marked_as_plays():
    data = figures(report(game(), seat_one_wins(10), lab_games=10).groups[0])
    assert data["source"] == "plays" and data["plays"] == 10 and data["games"] == 10 and "seed" not in data
    assert data["seat_win_percent"] == [100.0, 0.0, 0.0]
    assert data["rounds"]["mean"] == 12.0 and data["ends"] == {"vp_cap": {"games": 10, "percent": 100.0}}


def test_end_of_in_the_table_models_words_through_the_bots_wrappers():
    seated = Seated(world=SimpleNamespace(phase="over"), names=("A",), bots=())
    assert end_of("unsettled_immigration", seated) == "vp_cap"
    assert end_of("unsettled_immigration", SimpleNamespace(state=SimpleNamespace(phase="play"))) == "turn_limit"
    assert end_of("unfair_chko", Seated(world=SimpleNamespace(round=6), names=("A",), bots=())) == "after 6 rounds"
    rounds = (SimpleNamespace(reason="life_complete"), SimpleNamespace(reason="draw_pile_empty"))
    assert end_of("unyielding_universe", SimpleNamespace(rounds=rounds)) == "life_complete; draw_pile_empty"
    assert end_of("emigration", SimpleNamespace(phase="over")) == ""


def test_a_solo_game_against_quinn_compares_the_opponents_score():
    plays = [Play(id=f"u{i}", slug="unfair_chko", title="Unfair", played_on="2026-01-01",
                  seats=(Seat("Ana", score=40 + i, winner=i % 2 == 0),
                         Seat("Quinn", score=45, bot=True, level=1, winner=i % 2 == 1)),
                  rounds=6, end="after 6 rounds", playtest=True) for i in range(6)]
    g = report(game("unfair_chko"), plays, lab_games=10).groups[0]
    assert (g.players, g.lab_players, g.lab_games) == (2, 1, 10)  # Quinn sits beside the player, not in a lab seat
    assert "name no winner" in g.note and all(row.lab is None for row in g.seats)
    opponent = next(s for s in g.scores if s.label == "the opponent's scores")
    assert opponent.real == (45.0, 45.0, 45.0, 45.0) and opponent.lab is not None
    assert {e.end for e in g.ends} >= {"after 6 rounds"}


def test_a_cooperative_game_counts_the_crews_wins():
    plays = [Play(id=f"c{i}", slug="unsettled_survival", title="Survival", played_on="2026-01-01", cooperative=True,
                  outcome="won" if i % 3 else "lost", seats=(Seat("A", winner=bool(i % 3)), Seat("B", winner=bool(i % 3))),
                  rounds=8, playtest=True) for i in range(6)]
    g = report(game("unsettled_survival"), plays).groups[0]
    assert [(row.label, round(row.real, 1)) for row in g.seats] == [("the crew", 66.7)]
    assert g.scores == ()  # a co-op game without scores shows none (not zeros)
