"""Flowcharts of automated opponents: loaded with the game, and every mistake named with its line."""

from __future__ import annotations

import pytest

from cardgen.gamedata import GameDataError, load_game

FLOW = """\
[flow]
title = "Bot turn"
start = "market"

[nodes.market]
kind = "question"
text = "Is there a card costing 3 or less in the Market?"
answers = { yes = "take", no = "roll" }

[nodes.roll]
kind = "roll"
text = "Roll a die."
sides = 6
faces = { "1-2" = "coins", "3-6" = "take" }

[nodes.take]
kind = "action"
text = "Take the cheapest card from the Market."
why = "The bot builds cheap and early."

[nodes.coins]
kind = "action"
text = "The bot gains 2 coins."
"""


def test_a_valid_flowchart_loads_with_the_game(make_game):
    folder = make_game()
    (folder / "bot.flow.toml").write_text(FLOW)
    game = load_game(folder)
    (flow,) = game.flows
    assert (flow.id, flow.title, flow.start) == ("bot", "Bot turn", "market")
    assert flow.nodes["roll"].branches == {"1-2": "coins", "3-6": "take"} and flow.nodes["roll"].sides == 6
    assert flow.nodes["take"].why.startswith("The bot builds")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('no = "roll"', 'no = "nowhere"'), "bot.flow.toml:5: node 'market': no leads to 'nowhere'"),
        (('"3-6" = "take"', '"4-6" = "take"'), "bot.flow.toml:10: roll 'roll': faces must cover 1 to 6 exactly once"),
        (('answers = { yes = "take", no = "roll" }', 'answers = { yes = "take" }'), "question 'market' needs answers"),
        (('start = "market"', 'start = "roll"'), "node 'market' cannot be reached from the start"),
        (('kind = "action"\ntext = "The bot gains 2 coins."', 'kind = "question"\ntext = "Again?"\n'
          'answers = { yes = "coins", no = "market" }'), "node 'coins': not every branch reaches an action"),
    ],
)
def test_flowchart_mistakes_are_named(make_game, change, message):
    folder = make_game()
    (folder / "bot.flow.toml").write_text(FLOW.replace(*change))
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    assert any(message in str(p) for p in caught.value.problems), [str(p) for p in caught.value.problems]


AUTOMA = """\
[flow]
title = "Bot"
start = "rich"
facts = ["round"]

[flow.vars]
coins = 0
cards = 0
found = 0
greed = 1

[flow.levels.1]
name = "Easy"
vars = { greed = 1 }

[flow.levels.2]
name = "Hard"
vars = { greed = 3 }

[flow.score]
Cards = "cards * 2"
Coins = "coins // 2"

[nodes.rich]
kind = "check"
text = "Does the bot have 5 coins?"
test = "coins >= 5"
answers = { yes = "spend", no = "count" }

[nodes.count]
kind = "count"
text = "How many cards are in the Market?"
store = "found"
most = 6
answers = { "0" = "earn", "1-2" = "take", "3+" = "take" }

[nodes.take]
kind = "action"
text = "Take {greed} card(s); the bot has {cards}."
do = { cards = "cards + min(greed, found)" }

[nodes.earn]
kind = "action"
text = "The bot gains 2 coins."
do = { coins = "coins + 2" }

[nodes.spend]
kind = "action"
text = "The bot spends 5 coins."
do = { coins = "coins - 5" }
hook = "buy"
"""


def test_checks_counts_levels_and_a_score_sheet_load(make_game):
    folder = make_game()
    (folder / "bot.flow.toml").write_text(AUTOMA)
    (flow,) = load_game(folder).flows
    assert flow.tracked == (("coins", 0), ("cards", 0), ("found", 0), ("greed", 1)) and flow.facts == ("round",)
    assert [(lv.number, lv.name, lv.values) for lv in flow.levels] == [(1, "Easy", (("greed", 1),)),
                                                                       (2, "Hard", (("greed", 3),))]
    count = flow.nodes["count"]
    assert (count.most, count.store, count.ranges) == (6, "found", ((0, 0, "earn"), (1, 2, "take"), (3, 6, "take")))
    assert [count.target(n) for n in (0, 2, 6)] == ["earn", "take", "take"]
    assert flow.nodes["rich"].test({"coins": 7}) is True and flow.nodes["spend"].hook == "buy"
    assert [(label, e({"cards": 3, "coins": 5})) for label, e in flow.score] == [("Cards", 6), ("Coins", 2)]


def test_a_flowchart_survives_pickling_with_its_compiled_expressions(make_game):
    import pickle

    folder = make_game()
    (folder / "bot.flow.toml").write_text(AUTOMA)
    (flow,) = load_game(folder).flows
    again = pickle.loads(pickle.dumps(flow))
    assert again.nodes["rich"].test({"coins": 4}) is False and dict(again.nodes["count"].branches) == {
        "0": "earn", "1-2": "take", "3+": "take"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('test = "coins >= 5"', 'test = "coins >= "'), "is not an expression"),
        (('test = "coins >= 5"', 'test = "wealth >= 5"'), "unknown name 'wealth'"),
        (('test = "coins >= 5"', 'test = "coins.real"'), "attribute is not allowed"),
        (('test = "coins >= 5"', 'test = "open(1)"'), "the only functions are min, max, abs"),
        (('answers = { yes = "spend", no = "count" }', 'answers = { yes = "spend" }'), "a test needs answers"),
        (('"3+" = "take"', '"4+" = "take"'), "count 'count': answers must cover 0 to 6 exactly once"),
        (('store = "found"', 'store = "gold"'), "store = 'gold' must name a tracked number"),
        (('vars = { greed = 3 }', 'vars = { greed = 3, luck = 1 }'), "[flow.levels.2] vars: luck"),
        (('text = "Take {greed} card(s)', 'text = "Take {appetite} card(s)'), "text names {appetite}"),
        (('do = { coins = "coins + 2" }', 'do = { round = "2" }'), "may only set tracked numbers"),
        (('Coins = "coins // 2"', 'Coins = "coins ** 2"'), "pow is not allowed"),
    ],
)
def test_automa_mistakes_are_named_with_their_line(make_game, change, message):
    folder = make_game()
    assert change[0] in AUTOMA
    (folder / "bot.flow.toml").write_text(AUTOMA.replace(*change))
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    problems = [str(p) for p in caught.value.problems]
    assert any(message in p and "bot.flow.toml:" in p for p in problems), problems


def test_actions_that_lead_to_each_other_forever_are_refused(make_game):
    folder = make_game()
    looping = AUTOMA.replace('do = { coins = "coins + 2" }', 'do = { coins = "coins + 2" }\nnext = "spend"').replace(
        'hook = "buy"', 'hook = "buy"\nnext = "earn"')
    (folder / "bot.flow.toml").write_text(looping)
    with pytest.raises(GameDataError, match="never end"):
        load_game(folder)


def test_quinn_is_checked_on_load_and_every_question_covers_its_answers(load_bundled):
    (quinn,) = load_bundled("unfair_chko").flows
    assert quinn.id == "quinn" and [lv.name for lv in quinn.levels] == ["Day tripper", "Collector", "Tycoon"]
    for node in quinn.nodes.values():
        if node.kind == "question":
            assert set(node.branches) == {"yes", "no"}, node.id
        if node.kind in ("count", "roll"):
            low = 0 if node.kind == "count" else 1
            high = node.most if node.kind == "count" else node.sides
            assert [node.target(n) for n in range(low, high + 1)], node.id
    assert {node.group for node in quinn.nodes.values()} == {"Events step", "Park step", "Guests step", "Cleanup step"}
