"""Shared for Unyielding Universe rules tests: the game, known deals, and helpers to deal, place and pass."""

from __future__ import annotations

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig
from companion.rules.games import unyielding_universe as uu
from companion.rules.games.unyielding_universe.places import in_draw_pile
from companion.rules.games.unyielding_universe.state import evolve


GAME = load_game(card_data_dir() / "unyielding_universe")
FILLERS = tuple(f"yr-{n:03d}" for n in range(108, 92, -1))  # ages 85+, never needed by a test's lifelines
ANN_DEAL = ["yr-005", "yr-010", "yr-024", "yr-019", "yr-034"]   # 4, 9, 21, 17, 30
BO_DEAL = ["yr-002", "yr-006", "yr-009", "yr-012", "yr-013"]    # 1, 5, 8, 11, 12
CY_DEAL = ["yr-004", "yr-007", "yr-008", "yr-014", "yr-016"]    # 3, 6, 7, 13, 15
OTHER_DEAL = ["yr-020", "yr-021", "yr-025", "yr-027", "yr-030"]  # 18, 19, 22, 24, 26


def act(state, kind, **payload):
    return uu.apply(state, Event(1, kind, payload))


def refused(state, kind, match, **payload):
    with pytest.raises(RuleError, match=match):
        act(state, kind, **payload)


def new_game(players=("Ann", "Bo"), game=GAME, **options):
    return uu.setup(SetupConfig(tuple(players), options, game))


def dealt(*deals, game=GAME, **options):
    deals = deals or (ANN_DEAL, BO_DEAL)
    state = new_game(("Ann", "Bo", "Cy", "Di")[:len(deals)], game, **options)
    for player, cards in enumerate(deals):
        state = act(state, "deal", player=player, cards=list(cards))
    return state


def ran_out(state):
    """The draw pile runs out: every card still in it goes under the discard pile, then the round ends (the rules
    refuse to end it while the pile holds cards)."""
    pile = tuple(c.id for c in (*state.catalog.years, *state.catalog.life_completes, *state.catalog.universes)
                 for _ in range(in_draw_pile(state, c.id)) if c.id not in state.catalog.left_out)
    return act(evolve(state, discard=pile + state.discard), "draw_pile_ran_out")


def years(state, player):
    line = state.lifelines[player]
    return [state.catalog.year(c).year for c in line.years] + (
        [f"LC{state.catalog.life_complete(line.life_complete).age}"] if line.life_complete else [])


def pass_turn(state):
    """The player whose turn it is draws a card nobody needs and discards it."""
    card = next(c for c in FILLERS if in_draw_pile(state, c))
    return act(state, "discard_drawn", player=state.turn, card=card)


def place(state, *cards):
    """Ann places each card at the end of her lifeline; everyone else passes in between."""
    for card in cards:
        assert state.turn == 0
        state = act(state, "place_at_end", player=0, card=card)
        while state.turn != 0:
            state = pass_turn(state)
    return state


def this_round(state, player):
    return uu.score(state)["players"][player]["this_round"]


def lived_well(regretful=False):
    """The rulebook's 109-point example: ten balanced cards up to 84, no Life Complete."""
    state = dealt(["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"], BO_DEAL)  # 3, 21, 37, 44, 53
    state = place(state, "yr-062", "yr-071", "yr-074", "yr-082")  # 56, 64, 67, 74
    state = act(state, "place_at_end", player=0, card="yr-092")  # 84: ten balanced spanning 84 years
    if regretful:
        return act(state, "play_universe", player=1, card="univ-regretful")
    return pass_turn(state)
