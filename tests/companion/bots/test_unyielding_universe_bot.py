"""The Unyielding Universe bot: its flowchart loads, every move it makes is one the rules accept, it explains itself."""

from __future__ import annotations

import random

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.bots.flowrun import new_bot
from companion.bots.lifeline_sense import best_swap, extends
from companion.rules.games.unyielding_universe.state import Lifeline
from companion.simulate.record import Match
from companion.simulate.universe_table import play_game


@pytest.fixture(scope="module")
def game():
    return load_game(card_data_dir() / "unyielding_universe")


def test_the_flowchart_loads_with_two_levels(game):
    flow = next(f for f in game.flows if f.id == "bot")
    assert [level.name for level in flow.levels] == ["Drifter", "Planner"]
    assert all(node.why or node.kind == "action" for node in flow.nodes.values())
    assert {node.hook for node in flow.nodes.values() if node.hook} == {
        "draw_pile_ran_out", "claim_life_well_lived", "end_round", "place_at_end", "replace_card", "discard_drawn",
        "play_life_complete", "play_universe"}


@pytest.mark.parametrize("players, levels", [(2, (1, 2)), (3, (2, 1, 2)), (4, (1, 1, 2, 2))])
def test_bots_only_make_moves_the_rules_accept(game, players, levels):
    """Whole rounds through the rules module: a refused move would raise RuleError and fail the test."""
    flow = next(f for f in game.flows if f.id == "bot")
    for seed in range(4):
        result = play_game(Match(game, flow, levels, random.Random(seed), (("winning_score", 40),)))
        assert len(result.scores) == players and result.winners
        assert max(result.scores) >= 40 and set(result.ends) <= {"life_complete", "life_well_lived",
                                                                   "draw_pile_empty"}


def test_a_swap_that_mends_the_lifeline_is_found(game):
    from companion.rules import SetupConfig, rules_for

    state = rules_for(game).setup(SetupConfig(("A", "B"), {}, game))
    years = {c.year: c.id for c in state.catalog.years}
    line = Lifeline(years=(years[5], years[30], years[12], years[60]))  # 12 breaks the run
    swap = best_swap(state, line, state.catalog.year(years[40]))
    assert swap.replaced == years[12] and swap.gain == 2
    assert not extends(state, line, state.catalog.year(years[70]))  # the lifeline is not balanced to its end


def test_each_step_is_a_sentence_with_a_reason(game):
    from companion.bots.unyielding_universe import UniverseHost
    from companion.rules import SetupConfig, rules_for
    from companion.simulate.turns import play_turn
    from companion.simulate.universe_table import UniverseTable

    flow = next(f for f in game.flows if f.id == "bot")
    rules = rules_for(game)
    state = rules.setup(SetupConfig(("A", "B"), {}, game))
    hosts = [UniverseHost(rules, 0), UniverseHost(rules, 1)]
    table = UniverseTable(Match(game, flow, (2, 2), random.Random(5)), hosts)
    state = table.deal(state, rules)
    bot, state, asked = play_turn(flow, new_bot(flow, 2), state, hosts[0], lambda sides: 1, table)
    assert asked >= 1 and bot.waiting is None
    said = bot.turn[-1]
    assert said.kind == "action" and said.text.endswith(".") and said.why
    assert "{" not in " ".join(s.text + s.why for s in bot.turn)
    assert "no card" not in said.text  # the sentence names the card the move moved, though it has moved
    assert "balanced" in said.outcome or "scored" in said.outcome
