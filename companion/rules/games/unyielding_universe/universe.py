"""Universe cards: one is active beside the draw pile until the next replaces it; starred ones happen once.

What each effect does is game.toml's `effect` column: remove_* cards take every card they name out of
every lifeline when played (and, while active, forbid playing such cards); vengeful, annoying and
score_modifier act during play and scoring (see lifeline.py and scoring.py); one_time_discard_last and
one_time_reshuffle are the starred one-time events.
"""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.cards import UniverseCard, YearCard
from companion.rules.games.unyielding_universe.lifeline import remove_years
from companion.rules.games.unyielding_universe.places import to_discard
from companion.rules.games.unyielding_universe.state import State, with_lifeline, evolve as replace


def play_universe(state: State, card: UniverseCard) -> State:
    """The drawn Universe card played beside the draw pile; the card it replaces goes to the discard pile,
    then the cards it removes (seating order, left to right)."""
    if card.one_time:
        state = happen_once(state, card)
        if state.universe and state.constants.one_time_replaces_active_universe:
            state = replace(to_discard(state, state.universe), universe=None)
        return to_discard(state, card.id)
    if state.universe:
        state = to_discard(state, state.universe)
    state = replace(state, universe=card.id)
    if card.removes:
        state, removed = remove_years(state, lambda player, year: card.hits(year))
        state = to_discard(state, *removed)
    return state


def happen_once(state: State, card: UniverseCard) -> State:
    """A starred card's one-time event."""
    if card.effect == "one_time_discard_last":
        for player, line in enumerate(state.lifelines):
            if line.years:
                state = with_lifeline(state, player, replace(line, years=line.years[:-1]))
                state = to_discard(state, line.years[-1])
        return state
    if card.effect == "one_time_reshuffle":
        return replace(state, discard=())
    if card.removes:
        state, removed = remove_years(state, lambda player, year: card.hits(year))
        return to_discard(state, *removed)
    return state


def check_not_forbidden(state: State, card: YearCard) -> None:
    """While a removing Universe card is active, the cards it names cannot be played."""
    if not state.universe or not state.constants.remove_blocks_play:
        return
    universe = state.catalog.universe(state.universe)
    if universe.removes and universe.hits(card):
        raise RuleError(f"{universe.name} is active: no card with {(universe.target or '').replace('_', ' ')} may be played "
                        "while it is active (a Universe card that removes cards also forbids playing them).")
