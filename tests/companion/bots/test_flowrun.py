"""The flowchart runner: checks and actions by itself, questions to the table, dice from the caller, hooks."""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from cardgen.gamedata import load_game
from companion.bots import flowrun
from companion.bots.flowrun import FlowError
from tests.cardgen.gamedata.flows.test_charts import AUTOMA

ROLLING = AUTOMA.replace('start = "rich"', 'start = "dice"') + """
[nodes.dice]
kind = "roll"
text = "Roll for the bot."
store = "found"
faces = { "1-3" = "rich", "4-6" = "earn" }
"""


@dataclass(frozen=True)
class World:
    round: int = 1
    bought: int = 0


class Host:
    def facts(self, world, bot):
        return {"round": world.round}

    def hook(self, name, world, bot):
        assert name == "buy"
        return replace(world, bought=world.bought + 1), bot, "The market sells it."


def flow_of(make_game, text):
    folder = make_game()
    (folder / "bot.flow.toml").write_text(text)
    (flow,) = load_game(folder).flows
    return flow


def no_dice(sides):
    raise AssertionError("no die was expected")


def test_a_turn_runs_checks_by_itself_and_waits_for_the_table(make_game):
    flow = flow_of(make_game, AUTOMA)
    bot = flowrun.new_bot(flow, 2)
    assert bot.level == 2 and bot.get("greed") == 3
    bot, world = flowrun.begin(flow, bot, World(), Host(), no_dice)
    assert bot.waiting == "count" and [s.node for s in bot.turn] == ["rich"] and bot.turn[0].outcome == "no"
    asked = flowrun.asking(flow, bot, world, Host())
    assert asked == {"node": "count", "kind": "count", "text": "How many cards are in the Market?", "answers": None,
                     "most": 6, "why": ""}
    bot, world = flowrun.answer(flow, bot, world, Host(), no_dice, "2")
    assert bot.waiting is None and bot.get("cards") == 2 and bot.get("found") == 2
    assert bot.turn[-1].text == "Take 3 card(s); the bot has 2."   # filled in after the action's changes
    assert flowrun.score(flow, bot, world, Host()) == {"Cards": 4, "Coins": 0}


def test_answers_out_of_range_or_unasked_are_refused_with_a_sentence(make_game):
    flow = flow_of(make_game, AUTOMA)
    bot, world = flowrun.begin(flow, flowrun.new_bot(flow), World(), Host(), no_dice)
    with pytest.raises(FlowError, match=r"is a whole number from 0 to 6, not '7'"):
        flowrun.answer(flow, bot, world, Host(), no_dice, "7")
    with pytest.raises(FlowError, match="still waiting for an answer: How many cards"):
        flowrun.begin(flow, bot, world, Host(), no_dice)
    done, _ = flowrun.answer(flow, bot, world, Host(), no_dice, "0")
    with pytest.raises(FlowError, match="has asked nothing"):
        flowrun.answer(flow, done, world, Host(), no_dice, "yes")


def test_hooks_change_the_world_and_rolls_take_the_callers_dice(make_game):
    flow = flow_of(make_game, ROLLING)
    bot = flowrun.new_bot(flow).with_values(coins=6)
    faces = iter([2])
    bot, world = flowrun.begin(flow, bot, World(), Host(), lambda sides: next(faces))
    assert [s.node for s in bot.turn] == ["dice", "rich", "spend"] and bot.turn[0].outcome == "rolled 2"
    assert world.bought == 1 and bot.get("coins") == 1 and bot.turn[-1].outcome == "The market sells it."
    bot, _ = flowrun.begin(flow, bot, world, Host(), lambda sides: 5)
    assert [s.node for s in bot.turn] == ["dice", "earn"] and bot.get("coins") == 3 and bot.turns == 2


def test_a_die_outside_its_sides_is_refused(make_game):
    flow = flow_of(make_game, ROLLING)
    with pytest.raises(FlowError, match="A 6-sided die cannot show 9"):
        flowrun.begin(flow, flowrun.new_bot(flow), World(), Host(), lambda sides: 9)


def test_a_check_loop_that_never_asks_the_table_stops_with_a_sentence(make_game):
    looping = AUTOMA.replace('answers = { yes = "spend", no = "count" }', 'answers = { yes = "spend", no = "earn" }')
    looping = looping.replace('do = { coins = "coins + 2" }', 'do = { coins = "coins + 0" }\nnext = "rich"')
    looping = looping.replace('[nodes.count]', '[nodes.count_unused]').replace('"3+" = "take"', '"3+" = "take"')
    looping = looping.replace('start = "rich"', 'start = "entry"') + """
[nodes.entry]
kind = "question"
text = "Go?"
answers = { yes = "rich", no = "count_unused" }
"""
    flow = flow_of(make_game, looping)
    bot, world = flowrun.begin(flow, flowrun.new_bot(flow), World(), Host(), no_dice)
    with pytest.raises(FlowError, match="went round 500 steps"):
        flowrun.answer(flow, bot, world, Host(), no_dice, "yes")
