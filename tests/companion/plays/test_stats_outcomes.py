"""What a play says for statistics: stopped plays, co-op crews, tied winners, wins by people and placing."""

from __future__ import annotations

from companion.plays.stats_outcomes import counts, crew_won, people_won, placing, tied, won
from tests.companion.plays.stats_fixtures import play, seat


def test_a_co_op_crew_wins_or_loses_together():
    lost = play("c1", "unsettled_survival", "2026-06-01", seat("Ann", winner=True), seat("Bob"), outcome="lost")
    assert not crew_won(lost) and not won(lost, lost.seats[0])  # the outcome says lost, whatever a seat says
    unsaid = play("c2", "unsettled_survival", "2026-06-01", seat("Ann", winner=True), seat("Bob"))
    assert crew_won(unsaid) and won(unsaid, unsaid.seats[1]) and people_won(unsaid) and not tied(unsaid)


def test_tied_winners_and_bots():
    both = play("t", "emigration", "2026-06-02", seat("Ann", 5, 1, True), seat("Bob", 5, 1, True))
    assert tied(both) and won(both, both.seats[0]) and won(both, both.seats[1])
    beaten = play("q", "unfair_chko", "2026-06-02", seat("Ann", 3, 2), seat("Quinn", 9, 1, True, level=2))
    assert not people_won(beaten) and won(beaten, beaten.seats[1])


def test_a_stopped_play_is_nobodys_win():
    stopped = play("s", "emigration", "2026-06-03", seat("Ann", 5, 1, True), seat("Bob", 1, 2), stopped_early=True)
    assert not counts(stopped) and not won(stopped, stopped.seats[0]) and not people_won(stopped)


def test_placing_by_places_then_by_winners():
    assert placing(seat("A", place=1), seat("B", place=2)) == 1
    assert placing(seat("A", place=3), seat("B", place=2)) == -1
    assert placing(seat("A", place=2, winner=False), seat("B", place=2)) == 0
    assert placing(seat("A"), seat("B", winner=True)) == -1
    assert placing(seat("A", winner=True), seat("B", winner=True)) == 0
    assert placing(seat("A"), seat("B")) is None
