"""The Unsettled bot: its flowchart loads, it pays exactly, and every move it makes is one the rules accept."""

from __future__ import annotations

import random

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.bots.immigration_hand import payment
from companion.simulate.immigration_table import play_game
from companion.simulate.record import Match

VALUES = (1, 2, 4, 8)


@pytest.fixture(scope="module")
def game():
    return load_game(card_data_dir() / "unsettled_immigration")


def test_the_flowchart_loads_with_two_levels(game):
    flow = next(f for f in game.flows if f.id == "bot")
    assert [level.name for level in flow.levels] == ["Drifter", "Planner"]
    hooks = {node.hook for node in flow.nodes.values() if node.hook}
    assert {"buy", "pay_off", "attack", "boost", "amnesty", "end_turn", "place_start", "gain_op"} <= hooks


@pytest.mark.parametrize("held, amount, paid", [
    ((3, 2, 1, 0), 5, (1, 0, 1, 0)),   # Influence and a Time: nothing lost
    ((0, 3, 0, 1), 5, (0, 3, 0, 0)),   # three Cash lose 1 rather than a Document losing 3
    ((0, 0, 0, 1), 8, (0, 0, 0, 1)),
    ((1, 0, 0, 0), 5, None),           # not enough
])
def test_payment_loses_least_then_uses_fewest_cards(held, amount, paid):
    assert payment(held, amount, VALUES) == paid


@pytest.mark.parametrize("levels", [(1, 2), (2, 1, 2), (1, 2, 1, 2), (2, 2, 1, 1, 2)])
def test_bots_only_make_moves_the_rules_accept(game, levels):
    """Whole games through the rules module: a refused move would raise RuleError and fail the test."""
    flow = next(f for f in game.flows if f.id == "bot")
    for seed in range(6):
        result = play_game(Match(game, flow, levels, random.Random(seed)))
        assert result.ends in (("vp_cap",), ("turn_limit",))
        if result.ends == ("vp_cap",):
            assert max(result.scores) >= 10 and all(result.scores[w] == max(result.scores) for w in result.winners)


def test_each_move_is_a_sentence_that_names_its_cards(game, monkeypatch):
    import companion.simulate.immigration_table as table_model

    flow = next(f for f in game.flows if f.id == "bot")
    seen = []
    original = table_model.play_turn

    def watch(*args):
        bot, world, asked = original(*args)
        seen.extend(s for s in bot.turn if s.kind == "action")
        return bot, world, asked

    monkeypatch.setattr(table_model, "play_turn", watch)
    play_game(Match(game, flow, (2, 2), random.Random(3)))
    bought = [s.text for s in seen if s.node == "do_buy"]
    assert bought and all(t.startswith("The bot buys ") and "no card" not in t for t in bought)
    assert all("{" not in s.text and "{" not in s.why for s in seen)


def test_the_bot_chooses_among_the_legal_moves(game, monkeypatch):
    """The bot's moves are the game's legal moves: with none listed it has nothing to buy, though the rules would
    take the purchase."""
    import companion.bots.unsettled_immigration as host_module
    from companion.bots.immigration_hand import Hand, new_world
    from companion.rules.contract import Event, SetupConfig
    from companion.rules.games import unsettled_immigration as rules

    inner = rules.GAME.rules("unsettled_immigration", game)
    state = inner.setup(SetupConfig(("Bot", "Ann"), {}, game))
    state = inner.apply(state, Event(1, "start_game", {"first_player": 0}))
    state = inner.apply(state, Event(2, "set_hand", {"player": 0, "resources": 3}))
    world = new_world(state).with_hand(0, Hand(("op-job",) * 7, (1, 2, 0, 0)))
    bought = host_module.ImmigrationHost(inner, 0).buy(world, 1)
    assert bought is not None and bought[:2] == ("buy_milestone", {"card": "op-job", "time": 1, "cash": 2,
                                                                   "influence": 0, "document": 0})
    monkeypatch.setattr(host_module, "legal", lambda *args: [])
    assert host_module.ImmigrationHost(inner, 0).buy(world, 1) is None
