"""Phase 1 actions on Documents, Connections and college: BUY, DISCARD, SELL, GO TO COLLEGE, GRADUATE, forfeit.

Any card taken from someone else's Card Layout costs its owner's fee, paid to that player.
"""

from __future__ import annotations

from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.emigration.layout import available_card, take
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.state import (State, check_player, check_turn, gain, name, pay, replace, salary,
                                                    say, update)
from companion.rules.games.emigration.turns import (can_go_to_college, end_turn, finish_action,
                                                    required_action, stash)

PAPERS = ("document", "connection")


def _layout_paper(state: State, p: dict[str, Any], action: str, rule: str):
    check_turn(state, p["player"], "preparation")
    check_player(state, p["owner"], "Card Layout owner")
    card = available_card(state, p["owner"], p["slot"], action)
    if card.kind not in PAPERS:
        raise RuleError(f"The {card.name} is a {card.kind} card: only Documents and Connections can be {action}; "
                        f"Life cards and Paydays are ACTIVATED (Required Action: {rule}).")
    fee = state.data.owner_fee if p["owner"] != p["player"] else 0
    return card, fee


def _owner_fee(state: State, p: int, owner: int, fee: int) -> State:
    if not fee:
        return state
    state, paid = pay(state, p, fee, to=owner)
    return say(state, f"{name(state, p)} pays {name(state, owner)} {paid} money: the card was in "
                      f"{name(state, owner)}'s Card Layout.")


def buy(state: State, p: dict[str, Any], source: Source) -> State:
    card, fee = _layout_paper(state, p, "bought", "BUY")
    me, owner = p["player"], p["owner"]
    money = state.players[me].money
    if money < card.price + fee:
        extra = f" plus {fee} for {name(state, owner)}, whose Card Layout it is" if fee else ""
        raise RuleError(f"{name(state, me)} has {money} money, but the {card.name} costs {card.price}{extra} "
                        "(Required Action: BUY).")
    state = take(state, owner, p["slot"])
    state, _ = pay(state, me, card.price)
    state = say(state, f"{name(state, me)} buys the {card.name} for {card.price} money.")
    state = _owner_fee(state, me, owner, fee)
    return finish_action(stash(state, me, card.id), source)


def discard(state: State, p: dict[str, Any], source: Source) -> State:
    card, fee = _layout_paper(state, p, "discarded", "DISCARD")
    me, owner = p["player"], p["owner"]
    state = replace(take(state, owner, p["slot"]), discard=state.discard + (card.id,))
    state = gain(state, me, state.data.discard_money)
    state = say(state, f"{name(state, me)} discards the {card.name} and takes {state.data.discard_money} money.")
    return finish_action(_owner_fee(state, me, owner, fee), source)


def sell(state: State, p: dict[str, Any], source: Source) -> State:
    me, card_id = p["player"], p["card"]
    check_turn(state, me, "preparation")
    card = state.data.card(card_id)
    if card.kind not in PAPERS:
        raise RuleError(f"Only Documents and Connections can be sold, not the {card.name} (Optional Action: SELL).")
    stashed = list(state.players[me].stash)
    if card_id not in stashed:
        raise RuleError(f"{name(state, me)} has not bought the {card.name}: you may only SELL a Document or "
                        "Connection from your own Card Stash (Optional Action: SELL).")
    stashed.remove(card_id)
    state = replace(update(state, me, stash=tuple(stashed)), discard=state.discard + (card_id,))
    state = gain(state, me, state.data.sell_money)
    return say(state, f"{name(state, me)} sells the {card.name} for {state.data.sell_money} money and carries on.")


def go_to_college(state: State, p: dict[str, Any], source: Source) -> State:
    me = p["player"]
    check_turn(state, me, "preparation")
    d, player = state.data, state.players[me]
    home = d.card(player.nationality).money
    if player.in_college:
        raise RuleError(f"{player.name} is in college already: GRADUATE FROM COLLEGE first.")
    if len(player.raises) >= d.card(player.career).slots:
        raise RuleError(f"{player.name}'s Career card has no free Pay Raise slot, so GO TO COLLEGE is not possible.")
    if not can_go_to_college(state, me):
        raise RuleError(f"To GO TO COLLEGE {player.name} needs at least {home + d.college_over} money, "
                        f"{d.college_over} more than the Nationality card's {home}, and has {player.money}.")
    roll = source.roll(d.die)
    tuition = roll + home
    if tuition > player.money:
        state = say(state, f"{player.name} rolls {roll}: the tuition of {tuition} is more than their "
                           f"{player.money} money, so they forfeit the turn and pay nothing.")
        return end_turn(state)
    state, _ = pay(state, me, tuition)
    state = update(state, me, in_college=True)
    state = say(state, f"{player.name} rolls {roll}, pays a tuition of {tuition} and goes to college: "
                       "no salary on Paydays until they graduate.")
    return end_turn(state)


def graduated(state: State, p: int) -> State:
    """`p` leaves college with the graduation assurance and the next Pay Raise token."""
    d, player = state.data, state.players[p]
    raise_ = d.pay_raises[min(len(player.raises), len(d.pay_raises) - 1)]
    state = update(state, p, in_college=False, assurance=player.assurance + d.graduation_assurance,
                   raises=player.raises + (raise_,))
    return say(state, f"{player.name} graduates: {d.graduation_assurance} assurance, and a Pay Raise of "
                      f"{raise_} on the Career card (salary now {salary(state, p)}).")


def graduate(state: State, p: dict[str, Any], source: Source) -> State:
    me = p["player"]
    check_turn(state, me, "preparation")
    if not state.players[me].in_college:
        raise RuleError(f"{name(state, me)} is not in college: only a student can GRADUATE FROM COLLEGE.")
    if state.graduation_tried:
        raise RuleError(f"{name(state, me)} has tried to graduate this turn already: one try per turn.")
    roll = source.roll(state.data.die)
    state = replace(state, graduation_tried=True)
    if roll in state.data.graduation_rolls:
        state = say(state, f"{name(state, me)} rolls {roll}.")
        return graduated(state, me)
    return say(state, f"{name(state, me)} rolls {roll} and stays in college; now the Required Action.")


def forfeit(state: State, p: dict[str, Any], source: Source) -> State:
    me = p["player"]
    check_turn(state, me, "preparation")
    action = required_action(state, me)
    if action is not None:
        raise RuleError(f"{name(state, me)} can still {action}: if you can do a Required Action, you must "
                        "(Exceptions).")
    state = say(state, f"{name(state, me)} can do no Required Action and forfeits the turn.")
    if all(required_action(state, q) is None for q in range(len(state.players))):
        money = state.data.stalemate_money
        for q in range(len(state.players)):
            state = gain(state, q, money)
        state = say(state, f"No player can do a Required Action, so every player takes {money} money.")
    return end_turn(state)
