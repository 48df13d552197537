"""Where each card is: a lifeline, the discard pile, beside the draw pile (the active Universe), or the draw
pile itself, which is every card of the deck that is nowhere else. Drawing takes a card from its place."""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unyielding_universe.cards import Card, describe
from companion.rules.games.unyielding_universe.state import State, with_lifeline, evolve as replace


def find_card(state: State, card_id: str) -> Card:
    card = state.catalog.find(card_id)
    if card is None:
        aside = state.catalog.set_aside_name(card_id)
        if aside is not None:
            raise RuleError(f"{aside} is set aside at setup and never goes into the draw pile: pick a card of the draw "
                            "pile by its name as printed.")
        raise RuleError("There is no such card in this game's deck: pick the card by its name as printed.")
    return card


def places(state: State, card_id: str) -> list[str]:
    """Each place a copy of the card is in, in words ("in Bo's lifeline", "on the discard pile")."""
    found = []
    for player, line in enumerate(state.lifelines):
        found += [f"in {state.name(player)}'s lifeline"] * (line.years.count(card_id)
                                                            + (line.life_complete == card_id))
    found += ["on the discard pile"] * state.discard.count(card_id)
    if state.universe == card_id:
        found.append("the active Universe card")
    return found


def in_draw_pile(state: State, card_id: str) -> int:
    """How many copies of the card are in the draw pile (counted without words: the legal moves ask for every card)."""
    copies = state.catalog.copies(card_id)
    if not copies:
        return 0
    used = state.discard.count(card_id) + (state.universe == card_id)
    for line in state.lifelines:
        used += line.years.count(card_id) + (line.life_complete == card_id)
    return max(0, copies - used)


def draw_pile_size(state: State) -> int:
    """The cards left in the draw pile: the deck less every card in a lifeline, the discard pile or in play."""
    out = sum(len(line.years) + (line.life_complete is not None) for line in state.lifelines)
    out += len(state.discard) + (state.universe is not None)
    return state.catalog.deck_size() - out


def take(state: State, card_id: str, source: str) -> tuple[State, Card]:
    """The state once the card is drawn from `source` ("draw_pile" or "discard"), and the card."""
    card = find_card(state, card_id)
    if source == "discard":
        if not state.discard or state.discard[-1] != card_id:
            top = describe(find_card(state, state.discard[-1])) if state.discard else "nothing: it is empty"
            raise RuleError(f"Only the top card of the discard pile may be drawn, and its top card is {top}.")
        return replace(state, discard=state.discard[:-1]), card
    if card_id in state.catalog.left_out:
        raise RuleError(f"{describe(card)} was left out of the deck before shuffling, so it cannot be drawn.")
    if not in_draw_pile(state, card_id):
        raise RuleError(f"{describe(card)} is not in the draw pile: it is {places(state, card_id)[0]}. If the table "
                        "really has it in the draw pile, put it there under More actions (Put a card where the "
                        "table has it) first.")
    return state, card


def to_discard(state: State, *card_ids: str) -> State:
    return replace(state, discard=state.discard + tuple(card_ids))


def lift(state: State, card_id: str) -> State:
    """Takes one copy of the card away from wherever it is (a hand correction); the draw pile gains it."""
    for player, line in enumerate(state.lifelines):
        if card_id in line.years:
            index = line.years.index(card_id)
            return with_lifeline(state, player, replace(line, years=line.years[:index] + line.years[index + 1:]))
        if line.life_complete == card_id:
            return with_lifeline(state, player, replace(line, life_complete=None))
    if card_id in state.discard:
        index = len(state.discard) - 1 - state.discard[::-1].index(card_id)
        return replace(state, discard=state.discard[:index] + state.discard[index + 1:])
    if state.universe == card_id:
        return replace(state, universe=None)
    return state
