"""Unsettled's legal moves (companion/rules/games/unsettled_survival/legal.py): random playthroughs over them as the
contract's property test, and issue #26's cases for survival, each a test that failed before the legal list."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.rules import Event
from companion.rules.games.unsettled_survival.task import CALIBRATE, RELAY, RESTORE_POWER, TRANSMIT
from companion.simulate.random_play import play as random_game
from companion.table.catalog import Catalog

from .conftest import GAME, RULES, at, new, place, play, refused

# The bound on a game's length, from the rulebook: a conscious explorer's turn always puts a cube on REST, and REST
# always advances Time 1; past the Timeline's last of 12 spaces every explorer loses 1 of their 6 Endurance, so
# after 6 x 12 = 72 turns the whole crew is unconscious (the game is lost) unless a card heals or turns Time back
# (a handful do, once each). A turn is at most 3 cubes, 1 + 2 + 3 nodes of movement, LUNA's move and scans and her
# Primary Function, the Breakthroughs held and a few free actions: about 20 moves. 72 turns x 20 moves < 1,500.
LIMIT = 1500
NAMES = ("Ann", "Bo", "Cy", "Di")
ENTRY = Catalog().get("unsettled_survival")
CASES = [(count, {}, seed) for count in (1, 2, 3, 4) for seed in (0, 1, 2)] + [
    (2, {"difficulty": "easy"}, 2), (3, {"difficulty": "hard"}, 3),
    (2, {"traits": ["trait-keen-eye", "trait-pathfinder"], "first_player": 1}, 4)]


@pytest.mark.parametrize(("count", "options", "seed"), CASES)
def test_random_playthroughs_end_and_every_offered_move_is_accepted(count, options, seed):
    done = random_game(ENTRY.rules, ENTRY.game, NAMES[:count], options, seed=seed, limit=LIMIT)
    assert done.finished and len(done.moves) < LIMIT
    assert RULES.score(done.state)["outcome"] in ("won", "lost")
    assert {"take_action", "end_turn", "move"} <= done.offered


def kinds(state, event=None):
    return [m for m in RULES.legal(state) if event is None or m.event == event]


def test_ending_the_game_is_an_ordinary_move_and_the_crew_wins_or_loses_together():
    state = new()
    ends = [m for m in RULES.legal(state) if m.group == "end"]
    assert [m.event for m in ends] == ["give_up"] and "gives up" in ends[0].label   # Lift off is not offered yet
    lost = play(state, "give_up")
    score = RULES.score(lost)
    assert score["finished"] and score["outcome"] == "lost" and score["winners"] == []
    assert score["result"] == "The crew lost: it gave up, and Wenora has won."
    assert all("place" not in p for p in score["players"]) and RULES.legal(lost) == []
    refused(lost, "take_action", "The game is over", cube="wonder", action="rest")


def test_lift_off_is_offered_only_when_the_rules_accept_it():
    state = new()
    assert not kinds(state, "lift_off")
    refused(state, "lift_off", "only once the Survival Task is complete")
    done = replace(state, done=(RESTORE_POWER, CALIBRATE, RELAY, TRANSMIT), page=4)
    away = place(done, "env-rootvault", 0, 1)
    away = at(away, 1, "env-rootvault")
    lift = kinds(away, "lift_off")
    assert len(lift) == 1 and lift[0].group == "end" and lift[0].primary and "hollow victory: Bo" in lift[0].label
    over = play(away, "lift_off")
    assert RULES.score(over)["outcome"] == "won" and RULES.score(over)["ending"] == "hollow_victory"
    started = play(away, "take_action", cube="wonder", action="rest")   # mid-turn: lifting off waits for the turn's end
    assert not kinds(started, "lift_off")


def test_focus_offers_each_cube_only_the_actions_it_can_take_now():
    state = new()
    offered = {(m.payload["cube"], m.payload["action"]) for m in kinds(state, "take_action")}
    assert ("awareness", "investigate") in offered and ("energy", "charge") in offered
    assert ("energy", "investigate") not in offered and ("wonder", "charge") not in offered
    assert ("wonder", "build") not in offered            # the Scarab has no build site
    assert ("wonder", "support") not in offered          # nobody has Distress to remove
    state = play(state, "take_action", cube="energy", action="charge")
    offered = {(m.payload["cube"], m.payload["action"]) for m in kinds(state, "take_action")}
    assert not {pair for pair in offered if pair[0] == "energy" or pair[1] == "charge"}
    for move in kinds(state, "take_action"):               # every offered placement is accepted
        play(state, move.event, **move.fill({c.field: c.first() for c in move.choices}))


def test_the_turn_ends_early_only_when_no_action_space_is_left_and_says_so():
    state = play(play(new(), "take_action", cube="wonder", action="rest"), "take_action", cube="energy",
                 action="charge")
    assert not kinds(state, "end_turn")                    # INVESTIGATE is open for the Awareness cube
    refused(state, "end_turn", "INVESTIGATE is still open for your Awareness cube")
    stuck = replace(state, investigated=("scarab",), luna="env-rootvault")
    stuck = place(stuck, "env-rootvault", 0, 1)           # LUNA away (no ANALYZE), the Scarab investigated
    (end,) = kinds(stuck, "end_turn")
    assert end.label == "End the turn: no action space is left for your Awareness cube" and end.primary
    assert play(stuck, "end_turn").turn.player == 1


def test_program_luna_is_offered_only_from_her_node():
    state = place(replace(new(), triggers=()), "env-rootvault", 0, 1)
    assert kinds(state, "program_luna")
    moved = play(state, "move", direction="n")
    assert moved.explorers[0].node == "env-rootvault" and moved.luna == "scarab"
    assert not kinds(moved, "program_luna")
    refused(moved, "program_luna", "only from her node", scan="data")


def test_a_move_into_an_empty_space_asks_which_environment_card_came_up():
    state = new()
    move = next(m for m in kinds(state, "move") if m.payload == {"direction": "n"})
    (card,) = move.choices
    assert card.kind == "card" and card.draw == "Draw for us" and card.field == "card"
    assert ("env-rootvault", "Rootvault") in card.options and len(card.options) == len(state.environment)
    revealed = play(state, "move", direction="n", card="env-rootvault")
    assert ("env-rootvault", 0, 1) in revealed.nodes
    drawn = RULES.prepare(state, "move", {"direction": "n", "card": None}, random.Random(3))
    assert drawn["card"] in state.environment and drawn["to"] == drawn["card"]   # the app's draw is in the log


def test_history_says_who_moved_where_and_which_card_was_revealed():
    state = new()
    payload = RULES.prepare(state, "move", {"direction": "n", "card": "env-rootvault"}, random.Random(1))
    line = RULES.describe({"type": "move", "payload": payload}, ["Ann", "Bo"])
    assert line == "Ann moves north, revealing *Rootvault*."
    there = play(state, "move", direction="n", card="env-rootvault")
    back = RULES.prepare(replace(there, turn=replace(there.turn, moves_left=1, moving="no")), "move",
                         {"direction": "s"}, random.Random(1))
    assert RULES.describe({"type": "move", "payload": back}, ["Ann", "Bo"]) == "Ann moves south to the Scarab."
    rest = RULES.prepare(state, "take_action", {"cube": "wonder", "action": "rest"}, random.Random(1))
    assert RULES.describe({"type": "take_action", "payload": rest}, ["Ann", "Bo"]).startswith("Ann sets Focus: the Wonder")


def test_refusals_are_sentences_not_field_names():
    state = new()
    refused(state, "take_action", "TRAVERSE does not ask for a Structure", cube="energy", action="traverse",
            structure="laboratory")
    refused(state, "program_luna", "rolled only for a scan", direction="n", roll=3)
    refused(state, "consume_discovery", "holds no Discovery on that Anomaly", player=0, card="an-ghost-signal")
    state = at(replace(state, materials=1, data=1, power=1), 0, "scarab", breakthroughs=("bt-che-field-stimulant",))
    refused(state, "use_breakthrough", "needs a choice: choose a Focus cube", player=0, card="bt-che-field-stimulant")


def test_corrections_are_offered_apart_and_a_pending_choice_comes_first():
    assert {"set_time", "trust", "effect", "note"} <= set(RULES.corrections)
    state = play(new(), "effect", kind="lose_focus", player=1)
    assert {m.event for m in RULES.legal(state)} <= {"resolve", "give_up", "move_distress"}
    answers = kinds(state, "resolve")
    assert [m.payload["cube"] for m in answers] == ["awareness", "wonder", "energy"] and answers[0].seat == 1
    assert RULES.apply(state, Event(1, "resolve", answers[1].fill({}))).explorers[1].focus[1] == 1


def test_every_label_is_in_the_players_words():
    state = place(new(), "env-rootvault", 0, 1)
    for move in RULES.legal(state):
        for text in [move.label] + [label for c in move.choices for _, label in c.options if isinstance(label, str)]:
            assert "_" not in text and "env-" not in text and "op-" not in text, text
    assert GAME.title == "Unsettled"


def test_every_card_move_offered_is_accepted_with_any_of_its_values():
    """Discoveries and Breakthroughs are rare in random games: here an explorer holds every one of them, with the
    Comprehension and resources to use them, and every value of every offered move is accepted."""
    from companion.rules.contract import RuleError
    from companion.simulate.random_play import applied

    state = new(("Ann", "Bo", "Cy"))
    for card, x, y in (("env-rootvault", 0, 1), ("env-lumen-thicket", 1, 0), ("env-mosswood-canopy", 1, 1)):
        state = place(state, card, x, y)
    state = replace(state, data=5, materials=5, power=5, triggers=(),
                    structures=(("laboratory", "env-mosswood-canopy", "active"),))
    book = state.book
    state = at(state, 0, "scarab", breakthroughs=tuple(c.id for c in book.deck("breakthrough")),
               anomalies=tuple(c.id for c in book.deck("anomaly")), comprehension=("robotics", "chemistry", "engineering"))
    state = at(at(state, 1, "scarab", distress=(("analyze", "ds-panic"),)), 2, "env-rootvault")
    rng = random.Random(1)
    cards = set()
    for move in RULES.legal(state):
        cards.add(move.payload.get("card"))
        for _ in range(6):
            payload = move.sample(rng)
            try:
                applied(RULES, state, move.event, payload, 1, rng)
            except RuleError as error:
                raise AssertionError(f"{move.label} with {payload}: {error}") from None
    assert {c.id for c in book.deck("breakthrough")} | {c.id for c in book.deck("anomaly")} <= cards


def test_luna_s_primary_function_asks_how_each_discovery_die_fell():
    state = place(replace(new(), power=2, triggers=()), "env-rootvault", 0, 1)
    move = next(m for m in kinds(state, "luna_function") if m.payload == {"resource": "data"})
    (dice,) = move.choices
    assert dice.kind == "dice" and dice.count == 2 and dice.draw == "Roll for us"   # the Scarab and Rootvault
    scanned = play(state, "luna_function", resource="data", rolls=[8, 1])
    assert {n: d for n, d, _ in scanned.cubes} == {"scarab": 3}                     # an 8 finds 3, a 1 finds none
    refused(state, "luna_function", "once for each node it scans: 2 here", resource="data", rolls=[8])
