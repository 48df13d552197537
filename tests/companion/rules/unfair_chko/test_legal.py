"""Unfair's legal moves (legal.py): random playthroughs over them as the contract's property test, and issue #26's
cases for Unfair, each a test that failed before the rules defended what they track."""

from __future__ import annotations

import functools
import random

import pytest

from companion.rules import Event, RuleError, SetupConfig
from companion.simulate.random_play import play
from companion.table.catalog import Catalog

from .conftest import ANN, BO, CY, GAME, act, refused, started, step, to_stage

# The bound on a game's length, from the rulebook: at most 8 rounds (6 with First Date) of 6 stages (Events: Draw,
# City, Play; Park; Guests; Cleanup), a Cleanup of 6 steps, Quinn's 4 turns a round, and a final scoring of a few
# entries a player. What the rulebook does not bound is the Play section: it ends only when every player has passed
# in a row (an event played resets the passes), and the cards in hand that limit it at the table are not tracked.
# The random player picks among the 10 to 40 moves on offer, so a stage lasts about as many moves as are offered,
# and a Play section with n players about 2^n turns (each a pass or an event with even odds): 8 rounds x (5 stages x
# 40 + 2^5 x 40 moves) is about 12,000 for five players, 8 x (5 x 15 + 4 x 15) about 1,100 for two. Random games
# also stop early by agreement (1 in 100 of a move's weight), so five-player games end well before: the longest of
# 35 seeded games over these options took 2,775 moves (five players, round 6). 6,000 keeps a margin.
LIMIT = 6000
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


@functools.cache
def entry():
    return Catalog().get("unfair_chko")


CASES = [
    (1, {}, range(1)),                                                   # solo against Quinn (1 player = Solo Mode)
    (1, {"solo": True, "quinn_level": 3}, range(1)),
    (2, {}, range(1, 3)),
    (3, {}, range(1)),
    (2, {"game_changers": ["Hard Pass"]}, range(1)),
    (3, {"new_players": True}, range(1)),                                # First Date: 6 rounds, recommended packs
    (4, {"packs": ["Kaiju", "Ocean", "Hacker", "Comicbook"]}, range(1)),  # the Kaiju City deck kept by the app
    (5, {"everyone_knows_the_game": True}, range(2, 3)),  # one seed: five players are slow (see the report)
]


@pytest.mark.parametrize("players,options,seeds", CASES, ids=[f"{n}-{'-'.join(o) or 'plain'}" for n, o, _ in CASES])
def test_random_games_over_the_legal_moves_end_and_every_offered_move_is_accepted(players, options, seeds):
    e = entry()
    for seed in seeds:
        done = play(e.rules, e.game, NAMES[:players], options, seed=seed, limit=LIMIT)
        assert done.finished and done.moves and done.state.phase == "over"


def legal(state, seat=None):
    return entry().rules.legal(state, seat)


def events(state):
    return {m.event for m in legal(state)}


# -- Unfair, 3 players, round 2, Events: Play: after one player passes, "Next step" skipped the others -------------
def test_the_play_section_goes_on_until_everyone_has_passed():
    state = to_stage(started(players=("Ann", "Bo", "Cy"), packs=("Ocean", "Hacker", "Pirate")), 2, 2)
    first = state.turn
    state = act(state, "end_turn", player=first, action="pass")
    refused(state, "advance", "The Play section goes on until everyone has passed")
    assert "advance" not in events(state)
    turn = [m for m in legal(state) if m.event == "end_turn"]
    assert turn and all(m.seat == state.turn != first for m in turn)
    while not state.play_over:
        state = act(state, "end_turn", player=state.turn, action="pass")
    assert "advance" in events(state)


def test_a_step_that_skips_players_or_a_move_after_the_end_is_refused_however_long_the_game_is():
    for changers, rounds in (((), 8), (("First Date",), 6)):
        state = started(changers=changers)
        assert state.rounds == rounds
        state = step(to_stage(state, rounds, 5))
        assert state.phase == "scoring"
        refused(state, "advance", "The rounds are over")
        refused(state, "end_turn", "The rounds are over", player=ANN, action="pass")
        refused(state, "gain_coins", "The rounds are over", player=ANN, coins=3)
        refused(state, "award_medals", "The rounds are over", player=ANN)
        state = act(state, "end_game")
        assert state.phase == "over" and legal(state) == []
        for kind, payload in (("advance", {}), ("cleanup", {}), ("take_loan", {"player": BO}),
                              ("add_attraction", {"player": ANN, "icons": 3}), ("end_game", {})):
            with pytest.raises(RuleError):
                act(state, kind, **payload)


def test_a_declaration_that_contradicts_a_count_the_app_keeps_is_refused():
    state = to_stage(started(), 1, 2)
    refused(state, "pay_coins", "cannot pay 999", player=ANN, coins=999)
    refused(state, "gain_coins", "changes nothing", player=ANN, coins=0)
    state = act(state, "take_loan", player=BO)
    refused(state, "take_loan", "already flipped", player=BO)
    refused(state, "sell_medals", "cannot sell 1", player=ANN)
    state = act(state, "award_medals", player=ANN, silver=2)
    refused(state, "sell_medals", "sells for", player=ANN, coins_each=50)
    refused(state, "kaiju_roll", "no kaiju in the Market|City section")


# -- Ending the game was hidden among the corrections --------------------------------------------------------------
def test_ending_the_game_is_an_ordinary_move_stop_early_or_the_natural_end_after_scoring():
    e = entry()
    assert "end_game" not in e.rules.corrections
    state = started()
    stop = [m for m in legal(state) if m.event == "end_game"]
    assert len(stop) == 1 and stop[0].group == "end" and not stop[0].primary and "agreement" in stop[0].label
    state = act(state, "end_game")                                       # stopped early: the parks are scored
    assert state.phase == "scoring"
    end = [m for m in legal(state) if m.event == "end_game"]
    assert len(end) == 1 and end[0].primary and end[0].group == "end"
    assert {"add_attraction", "add_panorama", "add_blueprint", "add_park_points"} <= events(state)


# -- "Roll for us" inside the two-dice form was a dead button; pickers started on "Roll for us" ----------------
def test_dice_are_a_dice_choice_with_roll_for_us_and_no_picker_starts_on_a_value():
    state = to_stage(started(), 1, 2)
    roll = next(m for m in legal(state) if m.event == "roll_dice")
    (fell,) = roll.choices
    assert (fell.kind, fell.count, fell.draw) == ("dice", 2, "Roll for us") and not fell.optional
    assert [v for v, _ in fell.options] == [1, 2, 3, 4, 5, 6]
    refused(state, "roll_dice", "A roll in Unfair is 2 dice", fell=[])     # no empty roll taken as "roll for us"
    kaiju = to_stage(started(), 5, 1)
    kaiju = act(kaiju, "reveal_city")
    roll = next(m for m in legal(kaiju) if m.event == "kaiju_roll")
    assert roll.choices[0].kind == "dice" and roll.choices[0].draw == "Roll for us"
    assert roll.choices[0].count == 2 * len(kaiju.market)
    for move in legal(kaiju) + legal(state) + legal(solo_state()):
        for choice in move.choices:
            if choice.kind in ("die", "dice"):
                assert choice.draw == "Roll for us" and not choice.optional, (move.label, choice.label)
    start = next(m for m in legal(act(act(started(), "end_game"), "end_game")) + legal(
        entry().rules.setup(SetupConfig(("Ann", "Bo"), {"packs": ["Ocean", "Hacker"]}, GAME))) if m.event == "start_game")
    assert start.choices[0].kind == "seat" and start.choices[0].draw == "Draw for us"


# -- History: "This round's City card is revealed." did not say which card -----------------------------------------
def test_the_city_card_revealed_is_named_in_the_history():
    e = entry()
    state = to_stage(started(), 1, 1)
    reveal = next(m for m in legal(state) if m.event == "reveal_city")
    assert not reveal.choices                                            # the app keeps the deck: it knows the card
    payload = e.rules.prepare(state, "reveal_city", {}, random.Random(0))
    after = e.rules.apply(state, Event(1, "reveal_city", payload))
    said = e.rules.describe({"type": "reveal_city", "payload": payload}, ["Ann", "Bo"])
    assert said == f"This round's City card is *{GAME.card(after.city_now[0]).name}*."


def test_the_table_names_the_city_card_it_turned_over_or_lets_the_app_draw_it():
    e = entry()
    state = to_stage(started(packs=("Ocean", "Hacker")), 1, 1)          # no Kaiju pack: the table keeps the deck
    reveal = next(m for m in legal(state) if m.event == "reveal_city")
    (card,) = reveal.choices
    assert card.kind == "card" and card.draw == "Draw for us" and card.options
    assert {label for _, label in card.options} <= {c.name for c in GAME.deck("city").cards} | {"Blueprint Closure"}
    refused(state, "reveal_city", "is not a City card left", card="Nonsense")
    named = act(state, "reveal_city", card=card.options[0][0])
    assert named.city_now == (card.options[0][0],)
    drawn = e.rules.prepare(state, "reveal_city", {}, random.Random(3))
    assert drawn["card"] in dict(card.options)
    said = e.rules.describe({"type": "reveal_city", "payload": drawn}, ["Ann", "Bo"])
    assert dict(card.options)[drawn["card"]] in said


# -- Quinn: its breakdown adds up; its turn is offered only when due -----------------------------------------------
def solo_state(seed=0):
    e = entry()
    state = e.rules.setup(SetupConfig(("Ann",), {"solo": True, "packs": ["Kaiju", "Ocean"]}, GAME))
    payload = e.rules.prepare(state, "start_game", {}, random.Random(seed))
    return e.rules.apply(state, Event(1, "start_game", payload))


def test_quinns_turn_is_offered_only_when_due_and_its_breakdown_adds_up():
    e = entry()
    state = solo_state()
    assert "quinn_turn" not in events(state)                             # the Draw section
    state = e.rules.apply(state, Event(2, "advance", {}))
    payload = e.rules.prepare(state, "reveal_city", {}, random.Random(0))
    state = e.rules.apply(state, Event(3, "reveal_city", payload))
    turn = [m for m in legal(state) if m.event == "quinn_turn"]
    assert len(turn) == 1 and turn[0].primary and "Quinn" in turn[0].label
    sheet = e.rules.score(state)["automa"]
    assert sum(sheet["categories"].values()) == sheet["total"] and "Stars" in sheet["categories"]


def test_while_quinn_waits_only_its_answers_are_offered_and_the_game_waits():
    e = entry()
    rng = random.Random(5)
    state, seq = solo_state(), 2
    for _ in range(400):                                                 # play until Quinn asks the table something
        if state.automa.bot.waiting:
            break
        moves = [m for m in legal(state) if m.event not in ("end_game",)]
        order = ("quinn_turn", "reveal_city", "kaiju_roll", "cleanup", "end_turn", "advance")
        move = min((m for m in moves if m.event in order and m.payload.get("action") in (None, "pass")),
                   key=lambda m: order.index(m.event))
        payload = move.sample(rng)
        if e.rules.events[move.event].random:
            payload = e.rules.prepare(state, move.event, e.rules.events[move.event].check(payload), rng)
        state, seq = e.rules.apply(state, Event(seq, move.event, payload)), seq + 1
    assert state.automa.bot.waiting
    assert events(state) == {"quinn_answer"}
    with pytest.raises(RuleError, match="Quinn is waiting for an answer"):
        e.rules.apply(state, Event(seq, "gain_coins", {"player": 0, "coins": 3}))


def test_one_player_plays_solo_and_can_finish_with_ordinary_moves_only():
    e = entry()
    done = play(e.rules, e.game, ["Ann"], {}, seed=11, limit=LIMIT)
    assert done.finished and not {event for event, _, _ in done.moves} & set(e.rules.corrections)
    assert any(event == "quinn_turn" for event, _, _ in done.moves) or done.state.round <= 1


def test_the_cleanup_sequence_and_hits_are_offered_to_the_right_player_only():
    state = to_stage(started(players=("Ann", "Bo", "Cy"), packs=("Ocean", "Hacker", "Pirate")), 1, 2)
    seats = {m.seat for m in legal(state) if m.event in ("end_turn",)}
    assert seats == {state.turn}
    assert CY not in {m.seat for m in legal(state) if m.event == "end_turn"} or state.turn == CY
