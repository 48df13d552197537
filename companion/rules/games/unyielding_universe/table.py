"""Hand corrections for when the table and the app disagree (move a card, say whose turn it is, set points),
and the dice the table rolls (notes, names, dice and the end are the shared events). None of them is a turn."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import dice
from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.cards import LifeCompleteCard, UniverseCard, describe
from companion.rules.games.unyielding_universe.lifeline import refresh_qualifications
from companion.rules.games.unyielding_universe.places import find_card, in_draw_pile, lift, to_discard
from companion.rules.games.unyielding_universe.scoring import category_totals
from companion.rules.games.unyielding_universe.state import State, with_lifeline, evolve as replace
from companion.rules.games.unyielding_universe.turns import returned


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
    """What the app draws is drawn once, when the event is recorded: dice as the table entered them or rolled by the
    app; a deal as the table entered it, or the player's missing cards dealt by the app from the draw pile (a Year
    card at a time, one whose year the lifeline already has going back, as at the table)."""
    if kind == "roll":
        return dice.settle(payload, rng)
    if kind == "deal" and payload.get("cards") is None and isinstance(payload.get("player"), int) \
            and 0 <= payload["player"] < len(state.lifelines):
        return {**payload, "cards": deal_for_us(state, payload["player"], rng), "by_app": True}
    if kind == "deal" and payload.get("cards") and isinstance(payload.get("player"), int) \
            and 0 <= payload["player"] < len(state.lifelines):
        back = returned(state, payload["player"], [c for c in payload["cards"] if isinstance(c, str)])
        return {**payload, "returned": back} if back else payload
    return payload


def deal_for_us(state: State, player: int, rng: random.Random) -> list[str]:
    """The Year cards the app deals `player` to complete their deal: random cards of the draw pile, none of a year
    the lifeline (or this deal) already has unless the house rule allows it."""
    line = state.lifelines[player]
    wanted = state.constants.cards_dealt_at_setup - line.dealt
    pile = [card for card in state.catalog.years for _ in range(in_draw_pile(state, card.id))]
    years = {state.catalog.year(c).year for c in line.years}
    dealt: list[str] = []
    while pile and len(dealt) < wanted:
        card = pile.pop(rng.randrange(len(pile)))
        if state.constants.duplicate_years_allowed or card.year not in years:
            dealt.append(card.id)
            years.add(card.year)
    return dealt
