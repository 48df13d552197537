"""Statistics checked against numbers counted by hand from tests/companion/plays/stats_fixtures.py's evenings.

The eight plays: p1 Emigration Ann wins (Ann 50, Bob 40, Cy 30; 40 min, 8 rounds); p2 Emigration Ann and Bob tie
for first (45, 45, Cy 20; 55 min, 9 rounds); p3 Unfair Quinn level 2 beats Ann (35 to 30; 20 min); p4 Unfair Ann beats
Quinn level 3 (40 to 30; 25 min); p5 Unsettled co-op Ann and Bob lose (30 min); p6 Unsettled co-op Annie and BOB win
(35 min); p7 Emigration stopped early (Ann 90, Bob 10; 5 min); p8 Emigration Bob then Annie, Annie wins (50, 60;
45 min, 8 rounds).
"""

from __future__ import annotations

import random

import pytest

from companion.plays.stats import group_stats, head_to_head, level_rates, player_stats, seat_rates, streak_of
from companion.plays.stats_records import HeadToHead, Rate, Streak, Tally, percent
from tests.companion.plays.stats_fixtures import ANN, BOB, CY, QUINN, evenings, play, seat


@pytest.fixture
def ann():
    return player_stats(evenings(), ANN)


def test_a_players_headline(ann):
    assert (ann.name, ann.plays, ann.counted, ann.stopped) == ("Annie", 8, 7, 1)  # p7 stopped
    # wins: p1, p2 (shared with Bob), p4, p6 (the crew's) and p8; p3 and p5 lost, p7 stopped
    assert (ann.wins, ann.shared, ann.percent) == (5, 1, 71)  # 5 of 7 = 71.4 %
    assert (ann.best.value, ann.best.play, ann.best.slug) == (60, "p8", "emigration")  # p7's 90 was stopped


def test_a_players_games(ann):
    emigration, unfair, unsettled = ann.games  # most played first; Unfair before Unsettled by title
    # Emigration p1 p2 p7 p8: 3 counted, all won, p2 shared; scores 50 45 60 (p7 stopped)
    assert (emigration.slug, emigration.plays, emigration.counted, emigration.wins, emigration.shared) == (
        "emigration", 4, 3, 3, 1)
    assert (emigration.best.value, emigration.best.play, emigration.scores) == (60, "p8", 3)
    assert emigration.average == pytest.approx(155 / 3)
    assert (unfair.slug, unfair.plays, unfair.wins, unfair.best.value, unfair.average) == ("unfair_chko", 2, 1, 40, 35)
    # co-op: lost p5, won p6; no scores kept
    assert (unsettled.title, unsettled.plays, unsettled.wins, unsettled.shared, unsettled.best) == (
        "Unsettled", 2, 1, 0, None)
    assert (emigration.longest.value, emigration.longest.play) == (55, "p2")
    assert (emigration.shortest.value, emigration.shortest.play) == (40, "p1")  # p7's 5 minutes: stopped
    assert (emigration.most_rounds.value, emigration.fewest_rounds.play) == (9, "p1")  # p1 and p8 had 8: the first


def test_a_players_seats_levels_and_streaks(ann):
    # competitive, counted: seat 1 in p1 W, p2 W, p3 L, p4 W; seat 2 in p8 W (co-op p5 p6 and stopped p7 left out)
    assert ann.seats == (Rate(1, 4, 3), Rate(2, 1, 1))
    assert ann.levels == (Rate(2, 1, 0), Rate(3, 1, 1))  # lost to Quinn at level 2 (p3), beat level 3 (p4)
    # in date order: W W L W L W (p7 skipped) W -> longest 2, current 2 (a stopped play neither ends nor extends)
    assert ann.streak == Streak(ANN, "", "", 2, 2)
    # Emigration alone: p1 W, p2 W, p8 W -> 3; the loss at Unfair (p3) between them breaks only the overall run
    assert ann.game_streaks == (Streak(ANN, "emigration", "Emigration", 3, 3),
                                Streak(ANN, "unfair_chko", "Unfair: CHKO Expansion", 1, 1),
                                Streak(ANN, "unsettled_survival", "Unsettled", 1, 1))


def test_a_players_opponents(ann):
    bob, cy, quinn = ann.opponents  # most plays together first; Cy before Quinn by name
    # with Bob: p1 p2 p5 p6 p7 p8; counted p1 p2 p5 p6 p8: Ann wins p1 p2 p6 p8, Bob p2 (tie) and p6 (crew);
    # placed: p1 Ann above, p2 equal, p8 Ann above (co-op p5 p6 are not placed)
    assert bob == HeadToHead(ANN, BOB, 6, 4, 2, 2, 0, 1)
    assert cy == HeadToHead(ANN, CY, 2, 2, 0, 2, 0, 0)
    assert quinn == HeadToHead(ANN, QUINN, 2, 1, 1, 1, 1, 0)
    assert (ann.longest.value, ann.longest.play, ann.shortest.value, ann.shortest.play) == (55, "p2", 20, "p3")


def test_case_insensitive_names_are_one_player():
    bob = player_stats(evenings(), BOB)
    # Bob, " bob ", "BOB": p1 L, p2 W (shared), p5 L, p6 W (crew), p7 stopped, p8 L
    assert (bob.name, bob.plays, bob.counted, bob.wins, bob.shared, bob.percent) == ("Bob", 6, 5, 2, 1, 40)
    assert bob.seats == (Rate(1, 1, 0), Rate(2, 2, 1))  # seat 2 in p1 and p2 (W), seat 1 in p8
    assert bob.streak == Streak(BOB, "", "", 1, 0)


def test_a_bot_at_two_levels_is_one_opponent():
    quinn = player_stats(evenings(), QUINN)
    assert (quinn.name, quinn.plays, quinn.wins, quinn.levels) == ("Quinn", 2, 1, ())  # a bot has no opponent level
    assert quinn.opponents == (HeadToHead(QUINN, ANN, 2, 1, 1, 1, 1, 0),)


def test_a_group(ann):
    stats = group_stats(evenings())
    assert (stats.plays, stats.counted, stats.stopped) == (8, 7, 1)
    # won by a person at the table: p1 p2 p4 p6 p8 (p3 Quinn won, p5 the crew lost, p7 stopped)
    assert (stats.wins, stats.percent) == (5, 71)
    emigration, unfair, unsettled = stats.games
    # Emigration counted p1 p2 p8: scores 50 40 30 45 45 20 50 60 -> 8 scores, 340 in all; best Ann's 60 in p8
    assert (emigration.plays, emigration.counted, emigration.wins, emigration.shared) == (4, 3, 3, 1)
    assert (emigration.scores, emigration.average, emigration.best.value, emigration.best.person) == (8, 42.5, 60, ANN)
    assert emigration.winners == (Tally(ANN, 3), Tally(BOB, 1))
    # Unfair: people won p4 only; scores of people only (Ann 30, 40); Ann and Quinn one win each, by name
    assert (unfair.wins, unfair.scores, unfair.best.value) == (1, 2, 40)
    assert unfair.winners == (Tally(ANN, 1), Tally(QUINN, 1))
    assert (unsettled.wins, unsettled.winners) == (1, (Tally(ANN, 1), Tally(BOB, 1)))
    # people by wins: Ann 5, Bob 2, Quinn 1, Cy 0
    assert [(p.person, p.plays, p.counted, p.wins, p.shared) for p in stats.people] == [
        (ANN, 8, 7, 5, 1), (BOB, 6, 5, 2, 1), (QUINN, 2, 2, 1, 0), (CY, 2, 2, 0, 0)]
    # seats in p1 (W L L), p2 (W W L), p3 (L W), p4 (W L), p8 (L W)
    assert stats.seats == (Rate(1, 5, 3), Rate(2, 5, 3), Rate(3, 2, 0))
    assert stats.levels == (Rate(2, 1, 0), Rate(3, 1, 1))
    assert stats.streaks == (Streak(ANN, "", "", 2, 2), Streak(BOB, "", "", 1, 0), Streak(QUINN, "", "", 1, 0))
    # each game's longest run: Ann 3 at Emigration; Ann (current 1) over Quinn (current 0); Ann and Bob equal: by name
    assert [(s.slug, s.person, s.longest) for s in stats.game_streaks] == [
        ("emigration", ANN, 3), ("unfair_chko", ANN, 1), ("unsettled_survival", ANN, 1)]
    assert stats.pairs == (ann.opponents[0], ann.opponents[1], ann.opponents[2], HeadToHead(BOB, CY, 2, 1, 0, 2, 0, 0))
    assert (stats.longest.play, stats.shortest.play, stats.best.play) == ("p2", "p3", "p8")


def test_tied_winners_each_win_and_the_win_is_shared():
    plays = [play("t", "emigration", "2026-03-01", seat("Ann", 10, 1, True), seat("Bob", 10, 1, True),
                  seat("Cy", 5, 3))]
    stats = group_stats(plays)
    assert [(p.person, p.wins, p.shared) for p in stats.people] == [("name:ann", 1, 1), ("name:bob", 1, 1),
                                                                    ("name:cy", 0, 0)]
    assert head_to_head(plays, "name:ann", "name:bob") == HeadToHead("name:ann", "name:bob", 1, 1, 1, 0, 0, 1)
    assert stats.seats == (Rate(1, 1, 1), Rate(2, 1, 1), Rate(3, 1, 0))


def test_places_missing_fall_back_to_the_winners():
    plays = [play("w", "emigration", "2026-03-02", seat("Ann", winner=True), seat("Bob"), seat("Cy"))]
    ann_bob, bob_cy = head_to_head(plays, "name:ann", "name:bob"), head_to_head(plays, "name:bob", "name:cy")
    assert (ann_bob.first_above, ann_bob.second_above, ann_bob.ties) == (1, 0, 0)
    assert (bob_cy.first_above, bob_cy.second_above, bob_cy.ties) == (0, 0, 0)  # neither won and no places: not counted


def test_a_stopped_play_counts_only_as_a_play():
    plays = [play("s", "emigration", "2026-03-03", seat("Ann", 10, 1, True), seat("Bob", 5, 2), stopped_early=True,
                  minutes=10)]
    stats = group_stats(plays)
    assert (stats.plays, stats.counted, stats.wins, stats.seats, stats.streaks, stats.best, stats.longest) == (
        1, 0, 0, (), (), None, None)
    assert stats.pairs == (HeadToHead("name:ann", "name:bob", 1, 0, 0, 0, 0, 0),)
    assert streak_of(plays, "name:ann") == Streak("name:ann", "", "", 0, 0)


def test_co_op_plays_stay_out_of_seats_and_levels():
    plays = [play("c", "unsettled_survival", "2026-03-04", seat("Ann", winner=True), seat("Bot", winner=True, level=2),
                  outcome="won")]
    assert (seat_rates(plays), level_rates(plays), level_rates(plays, "name:ann")) == ((), (), ())
    assert group_stats(plays).people[0].wins == 1


def test_the_same_plays_in_any_order_give_the_same_statistics():
    shuffled = evenings()
    random.Random(3).shuffle(shuffled)
    assert group_stats(shuffled) == group_stats(evenings())
    assert player_stats(shuffled, ANN) == player_stats(evenings(), ANN)


def test_nobody_and_nothing():
    empty = group_stats([])
    assert (empty.plays, empty.percent, empty.games, empty.pairs, empty.best) == (0, None, (), (), None)
    nobody = player_stats(evenings(), "player:p-zoe", name="Zoe")
    assert (nobody.name, nobody.plays, nobody.percent, nobody.streak.longest) == ("Zoe", 0, None, 0)


def test_percent_rounds_half_up():
    assert [percent(1, 8), percent(1, 3), percent(2, 3), percent(0, 0), percent(5, 7)] == [13, 33, 67, None, 71]


def test_a_person_key_of_no_known_kind_is_named_in_the_error():
    with pytest.raises(ValueError, match="'ann' is not a person's key"):
        player_stats(evenings(), "ann")
    with pytest.raises(ValueError, match="'player:' is not"):
        player_stats(evenings(), "player:")
