"""A game made of data alone is played with the tracker its game.toml declares: counters and tracks within their
bounds, rounds, the end of the game (last round, a points total, a counter or track reaching its mark), and the
winner, with ties broken by the counter game.toml names."""

from __future__ import annotations

import pytest

from cardgen.gamedata import GameDataError, load_game
from companion.rules import Event, RuleError, SetupConfig, rules_for

TRACKER = """\
[game]
title = "Dragon Dash"
players = [2, 4]

[scoring]
categories = ["Gold", "Fame"]
rounds = 3
tie_break = "health"

[scoring.counters.health]
label = "Health"
start = 3
min = 0
max = 5
ends_game_at = 0

[scoring.tracks.danger]
label = "Danger"
max = 4
ends_game_at = 4

[scoring.end]
points = 10
when = "end_of_round"

[decks.heroes]
title = "Heroes"
"""


@pytest.fixture
def tracker(make_game):
    game = load_game(make_game(TRACKER, name="dragon_dash", heroes_csv="id,name\nh-1,Ada\n"))
    rules = rules_for(game)
    state = rules.setup(SetupConfig(("Ann", "Bo"), {}, game))
    seq = iter(range(1, 1000))

    def play(state, kind, **payload):
        checked = rules.events[kind].check(payload)
        return rules.apply(state, Event(next(seq), kind, checked))
    return rules, state, play


def test_counters_and_tracks_start_where_game_toml_says_and_keep_within_their_bounds(tracker):
    rules, state, play = tracker
    view = rules.view(state)
    assert view["counters"][0]["values"] == [3, 3] and view["tracks"][0]["value"] == 0
    state = play(state, "change_counter", player=0, counter="health", by=2)
    with pytest.raises(RuleError, match=r"Ann's Health cannot go above 5\."):
        play(state, "change_counter", player=0, counter="health", by=1)
    with pytest.raises(RuleError, match=r"The Danger cannot go below 0\."):
        play(state, "change_track", track="danger", by=-1)
    assert rules.view(state)["counters"][0]["values"] == [5, 3]


def test_the_last_round_ends_the_game_and_nothing_changes_after_it(tracker):
    rules, state, play = tracker
    state = play(state, "add_points", player=1, category="Gold", points=4)
    for _ in range(3):
        state = play(state, "next_round")
    assert rules.view(state)["finished"] and rules.view(state)["ended_by"] == "round 3 of 3 was the last"
    assert rules.score(state)["winners"] == [1]
    with pytest.raises(RuleError, match=r"The game is over \(round 3 of 3 was the last\): undo its end"):
        play(state, "add_points", player=0, category="Gold", points=1)


def test_a_points_total_ends_the_game_when_its_round_ends(tracker):
    rules, state, play = tracker
    state = play(state, "add_points", player=0, category="Fame", points=10)
    assert rules.view(state)["last_round"] and not rules.view(state)["finished"]
    state = play(state, "add_points", player=1, category="Gold", points=12)  # the round is played out
    state = play(state, "next_round")
    assert rules.view(state)["finished"] and rules.view(state)["ended_by"] == "Ann reached 10 points"
    assert rules.score(state)["winners"] == [1]


def test_a_counter_or_a_track_reaching_its_mark_ends_the_game_at_once(tracker):
    rules, state, play = tracker
    over = play(state, "change_counter", player=1, counter="health", by=-3)
    assert rules.view(over)["ended_by"] == "Bo's Health reached 0"
    danger = state
    for _ in range(4):
        danger = play(danger, "change_track", track="danger", by=1)
    assert rules.view(danger)["ended_by"] == "the Danger track reached 4"


def test_a_tie_on_points_is_broken_by_the_named_counter_and_said(tracker):
    rules, state, play = tracker
    state = play(state, "add_points", player=0, category="Gold", points=5)
    state = play(state, "add_points", player=1, category="Gold", points=5)
    state = play(state, "change_counter", player=1, counter="health", by=1)
    state = play(state, "finish")
    scores = rules.score(state)
    assert [p["place"] for p in scores["players"]] == [2, 1] and scores["winners"] == [1]
    assert scores["players"][0]["tie_break"] == ("tied on 5 points; Health 3 breaks the tie (more Health places "
                                                 "higher)")


def test_renaming_to_another_players_name_is_refused(tracker):
    _, state, play = tracker
    with pytest.raises(RuleError, match=r"Another player is already called Ann\."):
        play(state, "rename_player", player=1, name="ann")


@pytest.mark.parametrize("scoring, message", [
    ('[scoring.counters.health]\nstart = 9\nmax = 5', "counter 'health': start (9) must lie from 0 to 5"),
    ('[scoring.tracks.danger]\nmin = 3\nmax = 1', "track 'danger': max (1) is below min (3)"),
    ('[scoring]\ntie_break = "luck"', "tie_break must name one of the counters (there are none), found 'luck'"),
    ('[scoring.end]\nwhen = "soon"', "when must be one of at_once, end_of_round, found 'soon'"),
])
def test_a_tracker_that_cannot_work_is_refused_with_its_line(make_game, scoring, message):
    toml = '[game]\ntitle = "T"\nplayers = [1, 4]\n\n[decks.cards]\ntitle = "Cards"\n\n' + scoring + "\n"
    with pytest.raises(GameDataError) as error:
        load_game(make_game(toml, name="tracker_game", cards_csv="id,name\nc-1,One\n"))
    assert message in str(error.value) and "game.toml:" in str(error.value)
