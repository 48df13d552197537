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
