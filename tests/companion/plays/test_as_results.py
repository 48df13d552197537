"""A Play as the lab's GameResult."""

from __future__ import annotations

from companion.plays.as_results import as_result, split
from companion.plays.records import Play, Seat


def _play(**extra) -> Play:
    seats = (Seat("Ana", score=14, winner=True), Seat("Quinn", score=9.6, bot=True, level=3))
    return Play(**{"id": "p1", "slug": "unsettled_immigration", "title": "Unsettled", "played_on": "2026-01-01",
                   "seats": seats, "rounds": 7, "end": "vp_cap", **extra})


def test_a_play_as_a_result():
    r = as_result(_play())
    assert r is not None
    assert (r.levels, r.scores, r.winners, r.rounds, r.turns, r.ends, r.phases) == \
        ((0, 3), (14, 10), (0,), 7, 14, ("vp_cap",), 1)


def test_several_scored_rounds_split_into_ends():
    r = as_result(_play(end="life_complete; draw_pile_empty"))
    assert r is not None and r.ends == ("life_complete", "draw_pile_empty") and r.phases == 2


def test_stopped_early_and_unknown_length_are_counted_apart():
    plays = [_play(), _play(id="p2", stopped_early=True), _play(id="p3", rounds=None)]
    counted, apart = split(plays)
    assert [p.id for p, _ in counted] == ["p1"] and [p.id for p in apart] == ["p2", "p3"]
