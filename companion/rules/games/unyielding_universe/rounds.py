"""The end of a round, three ways: a player with enough balanced Year cards and a Life Complete card ends it;
a player whose lifeline has lived well claims A Life Well Lived on a following turn; the draw pile runs out.
The round is scored, added to the totals, and the next round starts unless someone reached the winning score."""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.lifeline import counted, ends_with_life_complete, lives_well, span
from companion.rules.games.unyielding_universe.places import draw_pile_size
from companion.rules.games.unyielding_universe.scoring import reached, round_points
from companion.rules.games.unyielding_universe.start import next_round
from companion.rules.games.unyielding_universe.state import RoundResult, State, evolve as replace
from companion.rules.games.unyielding_universe.turns import check_turn


def end_round(state: State, player: int) -> State:
    """'My life is complete': on their turn, or right after the turn that got them there."""
    c, line, name = state.constants, state.lifelines[player], state.name(player)
    if state.dealing():
        check_turn(state, player)
    if player not in (state.turn, state.last_mover):
        raise RuleError(f"It is {state.name(state.turn)}'s turn: {name} may end the round only on their own turn, "
                        "or right after the turn that completed their lifeline.")
    if not ends_with_life_complete(state, line):
        have = len(counted(state, line))
        what = "no Life Complete card" if line.life_complete is None else f"{have} balanced Year cards"
        raise RuleError(f"{name} cannot end the round: it takes {c.balanced_to_end_round} balanced Year cards and "
                        f"a Life Complete card, and {name} has {what}.")
    return close_round(state, "life_complete", player)


def claim_life_well_lived(state: State, player: int) -> State:
    """'A Life Well Lived!': on the player's turn following the one in which their lifeline qualified."""
    c, line, name = state.constants, state.lifelines[player], state.name(player)
    check_turn(state, player)
    if line.life_complete is not None and c.life_well_lived_forbidden_with_life_complete:
        raise RuleError(f"{name} has a Life Complete card, and A Life Well Lived may only be claimed without one.")
    if not lives_well(state, line):
        raise RuleError(f"{name}'s lifeline does not qualify for A Life Well Lived: it takes "
                        f"{c.balanced_to_end_round} balanced Year cards spanning at least "
                        f"{c.life_well_lived_min_span} years, and it has {len(counted(state, line))} spanning "
                        f"{span(state, line)}.")
    if c.life_well_lived_on_following_turn and not (line.qualified_since is not None
                                                     and line.qualified_since < state.turn_number):
        raise RuleError(f"{name} may say \"A Life Well Lived\" only on their following turn, not on the turn "
                        "their lifeline first qualified.")
    return close_round(state, "life_well_lived", player)


def draw_pile_ran_out(state: State) -> State:
    """The Universe was unyielding: the draw deck is empty, everyone scores their balanced cards."""
    if state.dealing():
        raise RuleError("The round is still being dealt: the draw pile runs out only during play.")
    left = draw_pile_size(state)
    if left > 0:
        raise RuleError(f"The draw pile still holds {left} card{'s' if left != 1 else ''} by the app's count, so the "
                        "round goes on. If the table's pile really is empty, put the missing cards where the table has "
                        "them under More actions first.")
    return close_round(state, "draw_pile_empty", None)


def close_round(state: State, reason: str, by: int | None) -> State:
    """Scores the round as the lifelines stand (with the active Universe card), then starts the next one."""
    points = tuple(round_points(state, p, life_well_lived=(reason == "life_well_lived" and p == by))
                   for p in range(len(state.players)))
    result = RoundResult(state.round, reason, by, points, state.lifelines, state.universe)
    state = replace(state, rounds=state.rounds + (result,))
    if reached(state):
        return replace(state, finished=True)
    return next_round(state)
