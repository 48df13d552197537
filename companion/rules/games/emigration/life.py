"""ACTIVATE a Life card or a Payday: the card's effect (the life deck's `effect` column), then the discard pile.

"You" is the player who activates the card. Money a card makes you pay or lose is paid as far as the
player has it (never below zero); Pay Raise tokens are never used to pay. The owner's fee for a card
from someone else's layout is a cost of the action, like a price: a player who cannot pay it cannot
activate that card (which is what makes the seed's Exceptions, forfeiting a turn, possible at all).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from companion.rules.contract import RuleError
from companion.rules.games.emigration.data import CardInfo
from companion.rules.games.emigration.layout import available_card, face_up_card, take
from companion.rules.games.emigration.outcomes import Source
from companion.rules.games.emigration.preparation import PAPERS, graduated
from companion.rules.games.emigration.state import (State, check_player, check_turn, gain, name, pay, replace, salary,
                                                    say, update)
from companion.rules.games.emigration.turns import finish_action


def activate(state: State, p: dict[str, Any], source: Source) -> State:
    me, owner, slot = p["player"], p["owner"], p["slot"]
    check_turn(state, me, "preparation")
    check_player(state, owner, "Card Layout owner")
    card = available_card(state, owner, slot, "activated")
    if card.kind not in ("life", "payday"):
        raise RuleError(f"The {card.name} is a {card.kind}: only Life cards and Paydays are ACTIVATED; "
                        "Documents and Connections are bought or discarded.")
    effect = "payday" if card.kind == "payday" else card.effect
    _asks(state, card, effect, p)
    fee = state.data.owner_fee if owner != me else 0
    if state.players[me].money < fee:
        raise RuleError(f"{name(state, me)} cannot pay {name(state, owner)} the {fee} money for a card from "
                        f"{name(state, owner)}'s Card Layout (Required Action: ACTIVATE).")
    state = take(state, owner, slot)
    if fee:
        state, _ = pay(state, me, fee, to=owner)
        state = say(state, f"{name(state, me)} pays {name(state, owner)} {fee} money: the card was in "
                           f"{name(state, owner)}'s Card Layout.")
    state = say(state, f"{name(state, me)} activates the {card.name}.")
    state = EFFECTS[effect](state, me, card, p, source)
    state = replace(state, discard=state.discard + (card.id,))
    return finish_action(state, source)


ROLLS = ("roll_gain_money", "roll_lose_money", "twin_roll")       # effects that roll the die
NAMES_A_PLAYER = ("take_from_player",)                              # effects that name another player
DISCARDS = ("discard_life_card", "discard_available_card")          # effects that discard a card they name


def _asks(state: State, card: CardInfo, effect: str, p: dict[str, Any]) -> None:
    """Refuses what the card does not ask for: a die for a card that rolls none, a player or a card it does not
    name (so a tap means what it says)."""
    if p.get("fell") is not None and effect not in ROLLS:
        raise RuleError(f"The {card.name} rolls no die: activate it without entering a die.")
    if p.get("target_slot") is not None and effect not in DISCARDS:
        raise RuleError(f"The {card.name} discards no other card: activate it without choosing one.")
    if p.get("target") is not None and effect not in NAMES_A_PLAYER + DISCARDS:
        raise RuleError(f"The {card.name} names no player: activate it without choosing one.")
    if effect in DISCARDS and p.get("target") is not None and p.get("target_slot") is None:
        raise RuleError(f"Say which card the {card.name} discards, not only whose Card Layout it is in.")
    if effect in DISCARDS and p.get("target_slot") is not None and p.get("target") is None:
        raise RuleError(f"Say whose Card Layout holds the card the {card.name} discards.")


def _payday(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    for q, player in enumerate(state.players):
        if player.in_college:
            state = say(state, f"{player.name} is in college and takes no salary.")
        else:
            state = say(gain(state, q, salary(state, q)), f"{player.name} takes a salary of {salary(state, q)}.")
    return state


def _money(sign: int, rolled: bool = False, everyone: bool = False) -> Callable[..., State]:
    def effect(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
        amount = source.roll(state.data.die) if rolled else card.amount
        if rolled:
            state = say(state, f"The die shows {amount}.")
        for q in (range(len(state.players)) if everyone else (me,)):
            state = _change(state, q, sign * amount)
        return state
    return effect


def _change(state: State, q: int, amount: int) -> State:
    if amount >= 0:
        return say(gain(state, q, amount), f"{name(state, q)} takes {amount} money.")
    state, paid = pay(state, q, -amount)
    return say(state, f"{name(state, q)} pays the bank {paid} money.")


def _twin_roll(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    roll = source.roll(state.data.die)
    first = state.shocks == 0  # the first one activated takes, the second gives
    state = say(replace(state, shocks=state.shocks + 1), f"The die shows {roll}: the {'first' if first else 'second'} "
                f"{card.name} makes every player {'lose' if first else 'gain'} it.")
    for q in range(len(state.players)):
        state = _change(state, q, -roll if first else roll)
    return state


def _half_of_richest(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    richest = max(player.money for player in state.players)
    return _change(state, me, richest // 2)


def _target_card(state: State, me: int, p: dict[str, Any]) -> tuple[int, int] | None:
    if p.get("target_slot") is None:
        return None
    owner = me if p.get("target") is None else p["target"]
    check_player(state, owner, "target")
    return owner, p["target_slot"]


def _discard_life(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    target = _target_card(state, me, p)
    if target is None:
        return say(state, f"{name(state, me)} discards no Life card.")
    gone = face_up_card(state, *target, "discarded by " + card.name)
    if gone.kind != "life":
        raise RuleError(f"The {gone.name} is not a Life card: {card.name} discards a face-up Life card only.")
    state = replace(take(state, *target), discard=state.discard + (gone.id,))
    return say(state, f"{name(state, me)} discards the {gone.name} from {name(state, target[0])}'s Card Layout.")


def _discard_available(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    target = _target_card(state, me, p)
    if target is None:
        return say(state, f"{name(state, me)} discards no card.")
    gone = available_card(state, *target, "discarded by " + card.name)
    if gone.kind not in PAPERS:
        raise RuleError(f"The {gone.name} is not a Document or Connection: {card.name} discards one of those.")
    state = replace(take(state, *target), discard=state.discard + (gone.id,))
    return say(state, f"{name(state, me)} discards the {gone.name} from {name(state, target[0])}'s Card Layout; "
                      "nobody takes or pays money for it.")


def _gain_assurance(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    state = update(state, me, assurance=state.players[me].assurance + card.amount)
    return say(state, f"{name(state, me)} takes {card.amount} assurance.")


def _from_others(state: State, me: int, card: CardInfo, payers: list[int]) -> State:
    for q in payers:
        state, paid = pay(state, q, card.amount, to=me)
        state = say(state, f"{name(state, q)} pays {name(state, me)} {paid} money.")
    return state


def _clockwise_others(state: State, me: int) -> list[int]:
    n = len(state.players)
    return [(me + k) % n for k in range(1, n)]


def _collect_each(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    return _from_others(state, me, card, _clockwise_others(state, me))


def _collect_richer(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    mine = state.players[me].money
    return _from_others(state, me, card, [q for q in _clockwise_others(state, me) if state.players[q].money > mine])


def _pay_each(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    for q in _clockwise_others(state, me):  # starting on the left, while the money lasts
        state, paid = pay(state, me, card.amount, to=q)
        state = say(state, f"{name(state, me)} pays {name(state, q)} {paid} money.")
    return state


def _take_from_player(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    victim = p.get("target")
    if victim is None or victim == me:
        raise RuleError(f"The {card.name} takes money from another player: choose which player.")
    check_player(state, victim, "target")
    return _from_others(state, me, card, [victim])


def _collect_salary(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    if state.players[me].in_college:
        return say(state, f"{name(state, me)} is in college and takes no salary.")
    return _change(state, me, salary(state, me))


def _graduate_now(state: State, me: int, card: CardInfo, p: dict[str, Any], source: Source) -> State:
    if not state.players[me].in_college:
        return say(state, f"{name(state, me)} is not in college, so nothing happens.")
    return graduated(state, me)


EFFECTS: dict[str, Callable[..., State]] = {
    "payday": _payday, "gain_money": _money(1), "lose_money": _money(-1), "roll_gain_money": _money(1, True),
    "roll_lose_money": _money(-1, True), "all_gain_money": _money(1, everyone=True),
    "all_lose_money": _money(-1, everyone=True), "twin_roll": _twin_roll, "take_half_of_richest": _half_of_richest,
    "discard_life_card": _discard_life, "discard_available_card": _discard_available,
    "gain_assurance": _gain_assurance, "collect_from_each_player": _collect_each, "pay_each_player": _pay_each,
    "collect_from_richer": _collect_richer, "take_from_player": _take_from_player,
    "collect_salary": _collect_salary, "graduate_now": _graduate_now,
}
