"""Whose turn it is: ending a turn, skipped turns for Passports and Tickets, the end of Phase 1.

Also what a player could do as a Required Action, which decides whether they may forfeit and
whether nobody at all can act (then every player takes money from the bank).
"""

from __future__ import annotations


from companion.rules import turn_order
from companion.rules.games.emigration.layout import available_slots, empty, reveal
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.state import State, holding, replace, say, update


def stash(state: State, p: int, card_id: str) -> State:
    """Puts a card in `p`'s Card Stash; holding a Passport and a Ticket gives the assurance once."""
    state = update(state, p, stash=state.players[p].stash + (card_id,))
    player = state.players[p]
    if not player.travel_bonus and holding(state, p, "passport") and holding(state, p, "ticket"):
        state = update(state, p, travel_bonus=True, assurance=player.assurance + state.data.travel_assurance)
        state = say(state, f"{player.name} holds a Passport and a Ticket and takes "
                           f"{state.data.travel_assurance} assurance.")
    return state


def collect_pending(state: State, p: int) -> State:
    """The Passport or Ticket `p` took by skipping a turn goes into their Card Stash."""
    card = state.players[p].pending
    if card is None:
        return state
    state = update(state, p, pending=None)
    state = say(state, f"{state.players[p].name} puts the turned {state.data.card(card).name} in their Card Stash.")
    return stash(state, p, card)


def end_turn(state: State) -> State:
    """Play passes clockwise; a player with a turned card places it in their stash instead of a turn."""
    n = len(state.players)
    following = turn_order.following(state.turn, n)
    while state.players[following].pending is not None:  # ends: each pass clears one turned card
        state = say(state, f"{state.players[following].name} skips this turn to take the card they turned.")
        state = collect_pending(state, following)
        following = turn_order.following(following, n)
    return replace(state, turn=following, graduation_tried=False)


def finish_action(state: State, source: Source) -> State:
    """After a Required Action: reveal uncovered cards, then the next turn, or Phase 2 once layouts are empty."""
    state = reveal(state, source)
    if not empty(state):
        return end_turn(state)
    for p in range(len(state.players)):
        state = collect_pending(state, p)
    state = say(state, "Every Card Layout is empty: Phase 2, Crossing the Border, begins.")
    return replace(state, phase="border", turn=turn_order.following(state.turn, len(state.players)),
                   graduation_tried=False)


def can_go_to_college(state: State, p: int) -> bool:
    player, d = state.players[p], state.data
    return (not player.in_college and player.money >= d.card(player.nationality).money + d.college_over
            and len(player.raises) < d.card(player.career).slots)


def required_action(state: State, p: int) -> str | None:
    """One Required Action `p` could do now, in words, or None if there is none."""
    d, me = state.data, state.players[p]
    if state.passports or state.tickets:
        return "take a Passport or Ticket from the middle of the table by skipping a turn"
    for owner in range(len(state.players)):
        for slot in available_slots(state, owner):
            card = d.card(state.players[owner].layout[slot])
            if card.kind in ("document", "connection"):
                return f"DISCARD the {card.name}"
            if owner == p or me.money >= d.owner_fee:
                return f"ACTIVATE the {card.name}"
    for seller in range(len(state.players)):
        for kind in ("passport", "ticket"):
            spare = holding(state, seller, kind)
            if seller != p and len(spare) > 1 and any(me.money >= d.card(c).price + d.scalping_fee for c in spare):
                return f"BUY a spare {kind} from {state.players[seller].name}"
    if can_go_to_college(state, p):
        return "GO TO COLLEGE"
    return None
