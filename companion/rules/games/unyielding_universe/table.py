"""Hand corrections for when the table and the app disagree (move a card, say whose turn it is, set points),
and the dice the table rolls (notes, names, dice and the end are the shared events). None of them is a turn."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.rules import dice
from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.cards import LifeCompleteCard, UniverseCard, describe
from companion.rules.games.unyielding_universe.lifeline import refresh_qualifications
from companion.rules.games.unyielding_universe.places import find_card, lift, to_discard
from companion.rules.games.unyielding_universe.scoring import category_totals
from companion.rules.games.unyielding_universe.state import State, with_lifeline


def correct_card(state: State, card_id: str, to: str, player: int | None, position: int | None) -> State:
    """Puts a card where the table has it, from wherever the app had it; no rule effect is applied."""
    card = find_card(state, card_id)
    if card_id in state.catalog.left_out:
        raise RuleError(f"{describe(card)} was left out of the deck at setup.")
    if to == "lifeline":
        if player is None:
            raise RuleError("Say whose lifeline the card goes to (player).")
        if isinstance(card, UniverseCard):
            raise RuleError("A Universe card never goes into a lifeline: it is played beside the draw pile.")
        state = lift(state, card_id)
        line = state.lifelines[player]
        if isinstance(card, LifeCompleteCard):
            if line.life_complete is not None:
                raise RuleError(f"{state.name(player)}'s lifeline already ends with a Life Complete card: move it "
                                "elsewhere first.")
            state = with_lifeline(state, player, replace(line, life_complete=card_id))
        else:
            at = len(line.years) if position is None else min(position - 1, len(line.years))
            state = with_lifeline(state, player, replace(line, years=line.years[:at] + (card_id,) + line.years[at:]))
    elif to == "universe":
        if not isinstance(card, UniverseCard):
            raise RuleError(f"{describe(card)} is not a Universe card, so it cannot be the active Universe card.")
        state = lift(state, card_id)
        if state.universe:
            state = to_discard(state, state.universe)
        state = replace(state, universe=card_id)
    elif to == "discard":
        state = to_discard(lift(state, card_id), card_id)
    else:
        state = lift(state, card_id)
    return refresh_qualifications(state)


def set_turn(state: State, player: int) -> State:
    """It is `player`'s turn now (the table lost track); a new turn begins."""
    return replace(state, turn=player, turn_number=state.turn_number + 1)


def add_points(state: State, player: int, category: str, points: int, set_to: bool) -> State:
    """Points given or taken by hand, kept apart from the rounds' own scoring; `set_to` sets the total."""
    column = state.categories.index(category)
    row = list(state.adjustments[player])
    row[column] = row[column] + points if not set_to else points - (category_totals(state, player)[column]
                                                                       - row[column])
    adjustments = state.adjustments[:player] + (tuple(row),) + state.adjustments[player + 1:]
    return replace(state, adjustments=adjustments)


def prepare(state: State, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Dice are settled once, when the roll is recorded: as the table entered them, or rolled by the app."""
    return dice.settle(payload, rng) if kind == "roll" else payload
