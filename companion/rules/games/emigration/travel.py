"""Passports and Tickets: BUY one from the middle, SKIP YOUR TURN to take one, or buy a spare one (scalping)."""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.emigration.data import CardInfo
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.state import (State, check_player, check_turn, holding, name, pay, replace, say,
                                                    update)
from companion.rules.games.emigration.turns import end_turn, stash

TRAVEL = ("passport", "ticket")


def _from_middle(state: State, p: dict[str, Any], how: str) -> tuple[State, CardInfo]:
    """The Passport or Ticket `p["card"]` taken out of the middle of the table."""
    check_turn(state, p["player"], "preparation")
    card = state.data.card(p["card"])
    if card.kind not in TRAVEL:
        raise RuleError(f"The {card.name} is not a Passport or a Ticket (Passports & Tickets).")
    row = state.passports if card.kind == "passport" else state.tickets
    if card.id not in row:
        where = ", ".join(state.data.card(c).name for c in row) or "none"
        extra = " A spare one in another player's stash can only be bought (scalping), never taken by skipping." \
            if how == "take" else ""
        raise RuleError(f"There is no {card.name} in the middle of the table to {how} (there: {where}).{extra}")
    left = list(row)
    left.remove(card.id)
    if card.kind == "passport":
        return replace(state, passports=tuple(left)), card
    return replace(state, tickets=tuple(left)), card


def buy_travel(state: State, p: dict[str, Any], source: Source) -> State:
    me = p["player"]
    state, card = _from_middle(state, p, "buy")
    if state.players[me].money < card.price:
        raise RuleError(f"{name(state, me)} has {state.players[me].money} money, but the {card.name} costs "
                        f"{card.price} (Required Action: BUY); you may SKIP YOUR TURN to take it instead.")
    state, _ = pay(state, me, card.price)
    state = say(state, f"{name(state, me)} buys the {card.name} for {card.price} money.")
    return end_turn(stash(state, me, card.id))


def take_by_skipping(state: State, p: dict[str, Any], source: Source) -> State:
    me = p["player"]
    state, card = _from_middle(state, p, "take")
    state = update(state, me, pending=card.id)
    state = say(state, f"{name(state, me)} turns the {card.name} upside down in front of them: on their next turn "
                       "they put it in their Card Stash instead of taking a turn.")
    return end_turn(state)


def scalp(state: State, p: dict[str, Any], source: Source) -> State:
    me, seller = p["player"], p["seller"]
    check_turn(state, me, "preparation")
    check_player(state, seller, "seller")
    card = state.data.card(p["card"])
    if seller == me:
        raise RuleError("You cannot buy a card from your own stash (Scalping Passports & Tickets).")
    if card.kind not in TRAVEL:
        raise RuleError(f"Only Passports and Tickets can be scalped, not the {card.name}.")
    spare = holding(state, seller, card.kind)
    if card.id not in spare:
        raise RuleError(f"{name(state, seller)} has no {card.name} in their Card Stash.")
    if len(spare) < 2:
        raise RuleError(f"{name(state, seller)} has only one {card.kind}: you may only SCALP an extra Passport "
                        "or Ticket (Scalping Passports & Tickets).")
    cost = card.price + state.data.scalping_fee
    if state.players[me].money < cost:
        raise RuleError(f"{name(state, me)} has {state.players[me].money} money, but a scalped {card.name} costs "
                        f"its price {card.price} plus {state.data.scalping_fee}, paid to {name(state, seller)}.")
    kept = list(state.players[seller].stash)
    kept.remove(card.id)
    state = update(state, seller, stash=tuple(kept))
    state, _ = pay(state, me, cost, to=seller)
    state = say(state, f"{name(state, me)} buys {name(state, seller)}'s spare {card.name} and pays "
                       f"{name(state, seller)} {cost} money ({card.price} + {state.data.scalping_fee}).")
    return end_turn(stash(state, me, card.id))
