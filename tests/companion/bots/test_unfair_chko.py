"""Quinn, the solo opponent, hosted beside the player (companion/bots/unfair_chko.py over the rules' quinn.py): its
turn in each step, the table's answers, dice, kaiju, medals, score."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

from companion.bots.seats import with_bots
from companion.rules import Event, RuleError, SetupConfig, rules_for
from companion.rules.games.unfair_chko.state import Kaiju
from tests.companion.rules.unfair_chko.conftest import GAME

uc = with_bots(GAME, rules_for(GAME))  # Unfair's rules with Quinn's host around them, as the app's catalog builds them


def act(state, kind, outcome=None, seed=0, **payload):
    """Applies an event as the app does: the schema fills defaults, `prepare` draws (or `outcome` is stored)."""
    checked = uc.events[kind].check(payload)
    if uc.events[kind].random:
        checked = {**checked, **outcome} if outcome is not None else uc.prepare(state, kind, checked,
                                                                                 random.Random(seed))
    return uc.apply(state, Event(1, kind, checked))


def refused(state, kind, match, outcome=None, **payload):
    with pytest.raises(RuleError, match=match):
        act(state, kind, outcome, **payload)


def new_game(players=("Ann", "Bo"), **options):
    return uc.setup(SetupConfig(tuple(players), options, GAME))


ANN = 0


def solo(level=None, packs=("Kaiju", "Ocean")):
    options = {"solo": True, "packs": list(packs)} | ({"quinn_level": level} if level else {})
    return act(new_game(("Ann",), **options), "start_game", starting_player=ANN)


def quinn_turn(state, dice=(), **answers):
    """Quinn's turn with the given dice, answering its questions by node id from `answers`."""
    state = act(state, "quinn_turn", {"dice": list(dice)})
    while state.automa.bot.waiting:
        state = act(state, "quinn_answer", {"dice": []}, answer=str(answers[state.automa.bot.waiting]))
    return state


def to_step(state, name, section=""):
    """Advances to a step (and section), taking Quinn's turn where the game asks for it first."""
    while (state.step, state.section) != (name, section or state.consts.stages[state.stage][1]) or (
            section and state.section != section):
        if state.section == "City":
            state = act(state, "reveal_city") if state.city_round != state.round else state
            if state.market and state.rolled_round != state.round:
                state = act(state, "kaiju_roll", {"dice": [[6, 6]] * len(state.market)})
        if state.step == "Cleanup":
            while state.cleanup < len(state.consts.cleanup_steps):
                state = act(state, "cleanup")
        if state.section == "Play" and not state.automa.done_in(state):
            state = quinn_turn(state, [6])
        if state.step in ("Park", "Guests", "Cleanup") and not state.automa.done_in(state):
            state = quinn_turn(state, [1], shop_empty="no", shop_first_card="no")
        if state.section == "Play" and not state.play_over:
            state = act(state, "end_turn", player=state.turn, action="pass")
        state = act(state, "advance")
    return state


def test_quinn_joins_a_solo_game_at_the_chosen_level_and_only_there():
    assert solo().automa.bot.level == 1 and solo(3).automa.bot.get("picks") == 3
    assert act(new_game(("Ann", "Bo"), packs=["Ocean", "Pirate"]), "start_game", starting_player=0).automa is None
    view = uc.view(solo(2))["quinn"]
    assert (view["level"], view["level_name"], [lv["name"] for lv in view["levels"]]) == (
        2, "Collector", ["Day tripper", "Collector", "Tycoon"])
    assert view["turn_due"] is False and view["asking"] is None and view["turn"] == []  # the Draw section
    city = act(act(solo(2), "advance"), "reveal_city")
    assert uc.view(city)["quinn"]["turn_due"] is True


def test_an_unknown_level_is_refused_at_setup():
    with pytest.raises(RuleError, match="has no level 7; levels: 1, 2, 3"):
        new_game(("Ann",), solo=True, packs=["Ocean"], quinn_level=7)


def test_the_park_step_asks_the_table_and_discards_into_quinns_collection():
    state = to_step(solo(2), "Park")
    assert uc.view(state)["quinn"]["holding"] == ("Quinn takes its turn in the Park step before the game goes on.")
    state = act(state, "quinn_turn", {"dice": [4]})
    assert state.automa.bot.waiting == "shop_empty" and state.told == "Is there a park card in Market space 4?"
    refused(state, "quinn_answer", "one of yes, no, not 'maybe'", {"dice": []}, answer="maybe")
    refused(state, "advance", "Quinn is waiting for an answer first")
    state = act(state, "quinn_answer", {"dice": []}, answer="yes")
    state = act(state, "quinn_answer", {"dice": []}, answer="yes")       # an attraction
    state = act(state, "quinn_answer", {"dice": []}, answer="3")         # with 3 stars
    said = [s.text for s in state.automa.bot.turn]
    assert "Discard the attraction in Market space 4 into Quinn's collection." in said
    assert state.automa.bot.waiting == "best_left"                        # level 2 takes a second card
    state = act(state, "quinn_answer", {"dice": []}, answer="yes")
    state = act(state, "quinn_answer", {"dice": []}, answer="2")
    bot = state.automa.bot
    assert bot.waiting is None and (bot.get("cards"), bot.get("attractions"), bot.get("stars")) == (2, 2, 5)
    assert bot.turn[-1].node == "done_shopping" and bot.get("taken") == 0
    refused(state, "quinn_turn", "already taken its turn in the Park step of round 1", {"dice": [1]})
    assert uc.score(state)["automa"]["categories"]["Attractions"] == 2 * 4


def test_quinn_must_act_before_the_game_leaves_a_step_and_events_wait_for_the_city_card():
    state = solo()
    refused(state, "quinn_turn", "after this round's City card is revealed", {"dice": []})
    state = act(act(state, "advance"), "reveal_city")
    refused(act(state, "advance"), "advance", "Quinn takes its turn in the Events step before the game goes on")
    state = quinn_turn(state, [])
    assert [s.node for s in state.automa.bot.turn] == ["events", "hunt", "no_events"]


def test_a_kaiju_in_the_rolled_space_sends_quinn_to_the_next_space():
    state = to_step(solo(), "Park")
    state = replace(state, market=(Kaiju("city-kj-negantis", 3, 4),))
    state = act(state, "quinn_turn", {"dice": [3]})
    assert [s.node for s in state.automa.bot.turn] == ["events", "park", "shop_roll", "shop_blocked", "shop_next",
                                                       "shop_blocked"]
    assert state.told == "Is there a park card in Market space 4?"


def test_quinns_hunters_hit_the_lowest_kaiju_and_take_a_medal_from_the_supply():
    state = to_step(solo(3), "Events", "City")
    state = act(state, "reveal_city")
    state = act(state, "kaiju_enters", kaiju="Rarrgon")
    state = act(state, "kaiju_roll", {"dice": [[6, 6]]})
    health, supply = state.market[0].health, state.supply_silver
    state = quinn_turn(state, [4])                                        # level 3 hits on 4 or less
    assert state.market[0].health == health - 1 and state.supply_silver == supply - 1
    assert state.automa.bot.get("silver") == 1 and "Quinn gains a silver medal" in state.automa.bot.turn[-2].outcome
    missed = quinn_turn(replace(state, automa=replace(state.automa, acted=())), [5])
    assert missed.market[0].health == health - 1 and missed.automa.bot.turn[-2].node == "miss"
    empty = quinn_turn(replace(state, automa=replace(state.automa, acted=()), supply_silver=0), [1])
    assert empty.automa.bot.get("silver") == 1 and "the City's supply is empty" in empty.automa.bot.turn[-2].outcome


def test_guests_pay_quinn_and_cleanup_buys_medals_then_exchanges_five_for_gold():
    state = to_step(solo(), "Guests")
    state = replace(state, automa=replace(state.automa, bot=state.automa.bot.with_values(attractions=3)))
    state = quinn_turn(state)
    assert state.automa.bot.get("coins") == 2 + 3                        # level 1: 2 plus 1 per attraction
    state = to_step(state, "Cleanup")
    rich = state.automa.bot.with_values(coins=45, silver=4)
    state = quinn_turn(replace(state, automa=replace(state.automa, bot=rich)))
    bot = state.automa.bot
    assert (bot.get("coins"), bot.get("silver"), bot.get("gold")) == (5, 1, 1)
    assert (state.supply_silver, state.supply_gold) == (19 - 2 + 5, 5 - 1)
    assert [s.node for s in bot.turn] == ["events", "park", "guests", "cleanup", "rich", "buy_medal", "rich",
                                          "buy_medal", "rich", "exchange", "to_gold", "exchange", "idle"]


def test_quinns_score_sheet_takes_part_in_places_and_the_winner():
    state = to_step(solo(), "Guests")
    bot = state.automa.bot.with_values(attractions=2, stars=5, coins=7, silver=1, gold=1)
    state = replace(state, automa=replace(state.automa, bot=bot), phase="over")
    scores = uc.score(state)
    assert scores["automa"]["categories"] == {"Attractions": 8, "Stars": 5, "Coins": 3, "Medals": 60}
    assert scores["automa"]["total"] == 76 and scores["automa"]["wins"] is True and scores["winners"] == []
    richer = act(replace(state, phase="play"), "set_coins", player=ANN, coins=200)
    scores = uc.score(replace(richer, phase="over"))
    assert scores["winners"] == [ANN] and scores["automa"]["place"] == 2 and scores["automa"]["wins"] is False


def test_changing_the_level_keeps_the_collection_and_the_state_pickles():
    state = to_step(solo(), "Guests")
    state = replace(state, automa=replace(state.automa, bot=state.automa.bot.with_values(cards=4)))
    state = act(state, "quinn_level", level=3)
    assert state.automa.bot.level == 3 and state.automa.bot.get("picks") == 3 and state.automa.bot.get("cards") == 4
    again = pickle.loads(pickle.dumps(state))
    assert uc.view(again)["quinn"] == uc.view(state)["quinn"]


def test_the_stored_dice_replay_the_same_turn():
    state = to_step(solo(), "Park")
    payload = uc.prepare(state, "quinn_turn", {}, random.Random(7))
    first = act(state, "quinn_turn", payload)
    second = act(state, "quinn_turn", payload)
    assert first.automa == second.automa and len(payload["dice"]) == 1
    refused(state, "quinn_turn", "stored dice ran out", {"dice": []})


def test_quinns_events_from_an_imported_log_are_checked_like_the_games_own():
    """An imported log was never checked by the app: a bad payload is refused with a sentence, never a crash."""
    state = to_step(solo(), "Park")
    for kind, payload, match in (("quinn_answer", {"dice": []}, r"quinn_answer: payload.answer: is required\."),
                                 ("quinn_level", {"level": 12}, "quinn_level: payload.level: "),
                                 ("quinn_turn", "dice", "quinn_turn: payload: expected an object")):
        with pytest.raises(RuleError, match=match):
            uc.apply(state, Event(1, kind, payload))
    with pytest.raises(RuleError, match="Quinn plays only in a solo game"):
        uc.apply(act(new_game(("Ann", "Bo"), packs=["Ocean", "Pirate"]), "start_game", starting_player=0),
                 Event(1, "quinn_turn", {"dice": [1]}))


def test_the_rules_alone_hold_quinn_and_the_host_adds_its_events_where_they_were_listed():
    rules = rules_for(GAME)
    assert not {"quinn_turn", "quinn_answer", "quinn_level"} & set(rules.events)
    assert new_game(("Ann",), solo=True, packs=["Ocean"]).automa.bot.level == 1  # the rules' setup seats Quinn
    listed = list(uc.events)
    assert listed[listed.index("score_sheet") + 1:listed.index("end_game")] == ["quinn_turn", "quinn_answer",
                                                                                 "quinn_level"]
    assert uc.describe({"type": "quinn_answer", "payload": {"answer": "yes"}}, ["Ann"]) == \
        "The table answered Quinn: yes."
    assert uc.describe({"type": "take_loan", "payload": {"player": 0}}, ["Ann"]) == "Ann takes a loan."
