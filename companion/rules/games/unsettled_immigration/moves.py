"""The turn player's own moves: buy a Milestone (which a Processing Delay may undo), pay off an Attack,
use a Milestone's ability.

Costs are checked with the payment rules: a working Green Card ignores the Documents of one cost a
turn, each ESL Classes / College Degree takes 1 Time off the first Milestone of the turn, each Rent
an Apartment / Buy a House takes 1 Cash off the first Attack paid off in the turn.
"""

from __future__ import annotations


from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.cards import KINDS, OpCard
from companion.rules.games.unsettled_immigration.payment import as_pay, check_payment, describe, due
from companion.rules.games.unsettled_immigration.state import replace, State, Turn, card, check_player, discard_ops, \
    name, take_ops, with_player, current_turn
from companion.rules.games.unsettled_immigration.turns import act, may_buy

AUTOMATIC = {
    "extra_resource": "works by itself: the app adds its Resource card to the draw at the start of your turn",
    "extra_op": "works by itself: the app adds its Op card to the draw at the start of your turn",
    "ignore_document_cost": "works by itself when you pay a cost with a Document in it",
    "discount_time": "works by itself when you buy a Milestone",
    "cheaper_attack_removal": "works by itself when you pay off an Attack",
    "deport_immune": "is always on: Deport cannot be played on you",
}


def by_effect(state: State, column: str, value: str) -> OpCard:
    return next(c for c in state.cards if getattr(c, column) == value)


def milestone_due(state: State, player: int, c: OpCard) -> tuple[int, Turn | None]:
    """What `c` costs `player` now in Time units, and the turn with the abilities this price uses."""
    gc = 1 if c.has_document and board.available(state, player, "ignore_document_cost") else 0
    esl = board.available(state, player, "discount_time")
    turn = state.turn.use("ignore_document_cost", gc).use("discount_time", esl) if state.turn else None
    return due(c.cost, state.consts, green_card=bool(gc), less_time=esl), turn


def payoff_due(state: State, player: int, attack: OpCard) -> tuple[int, Turn | None]:
    """What paying off `attack` costs `player` now in Time units, and the turn with the abilities used."""
    gc = 1 if attack.has_document and board.available(state, player, "ignore_document_cost") else 0
    homes = board.available(state, player, "cheaper_attack_removal")
    turn = state.turn.use("ignore_document_cost", gc).use("cheaper_attack_removal", homes) if state.turn else None
    return due(attack.cost, state.consts, green_card=bool(gc), less_cash=homes), turn


def defense_card(state: State, card_id: str | None) -> OpCard | None:
    if card_id is None:
        return None
    c = card(state, card_id)
    if c.kind != "defense":
        raise RuleError(f"{c.name} is not a Defense card: only a Lawyer or a Bureaucratic Blitz answers a card.")
    board.check_copies(state, c)
    return c


def buy_milestone(state: State, p: dict) -> State:
    i, c = current_turn(state).player, card(state, p["card"])
    who = name(state, i)
    if c.kind != "milestone":
        raise RuleError(f"{c.name} is not a Milestone: only Milestones are bought and placed on the board.")
    may_buy(state, i)
    board.check_only_one(state, i, c)
    board.check_copies(state, c)
    state = act(state, f"buying {c.name}")
    amount, turn = milestone_due(state, i, c)
    pay = as_pay({k: p[k] for k in KINDS})
    lost = check_payment(pay, amount, state.players[i].resources, c.name, state.consts)
    state = take_ops(state, i)
    state = with_player(state, i, resources=state.players[i].resources - sum(pay))
    state = replace(state, turn=turn)
    paid = f"{who} pays {describe(pay)} for {c.name} ({amount} Time units).{lost}"
    delayer, defense = p["processing_delay_by"], defense_card(state, p["defense"])
    if delayer is not None:
        check_player(state, delayer)
        if delayer == i:
            raise RuleError("Processing Delay is played on an opponent's turn, never on your own purchase.")
        delay = by_effect(state, "action", "processing_delay")
        board.check_copies(state, delay)
        state = discard_ops(take_ops(state, delayer), delay.id)
        if defense is not None and defense.defense == "redirect":
            raise RuleError("A Bureaucratic Blitz cannot stop a Processing Delay: no other player is trying to "
                            "achieve a Milestone, so there is nobody to redirect it to.")
        if defense is None:
            state = with_player(state, i, ops=state.players[i].ops + 1)
            return replace(state, told=f"{paid} {name(state, delayer)} plays Processing Delay: the Resources are "
                                       f"discarded and {c.name} returns to {who}'s hand; the action is spent.")
        state = discard_ops(take_ops(state, i), defense.id)
        paid += f" {name(state, delayer)}'s Processing Delay is stopped by {who}'s {defense.name}."
    elif defense is not None:
        raise RuleError(f"{defense.name} answers an opponent's card; nobody played one on this purchase (only a "
                        "Processing Delay answers a purchase: say who played it).")
    state = with_player(state, i, stacks=board.add_milestone(state.players[i].stacks, c))
    state = replace(state, turn=replace(current_turn(state), bought=current_turn(state).bought + (c.id,)))
    return replace(state, told=f"{paid} Place it on {who}'s {str(c.milestone_type).replace('_', ' ').title()} stack.")


def pay_off_attack(state: State, p: dict) -> State:
    i = current_turn(state).player
    pl = state.players[i]
    if p["deport"]:
        if pl.deport is None:
            raise RuleError(f"{pl.name} is not Deported, so there is no Deport to pay off.")
        attack = card(state, pl.deport)
    else:
        index = p["stack"]
        if index is None or not 0 <= index < len(pl.stacks) or pl.stacks[index].attack is None:
            covered = [k for k, s in enumerate(pl.stacks) if s.attack]
            raise RuleError(f"Only an Attack affecting your board can be paid off: name a covered stack of "
                            f"{pl.name}'s ({', '.join(map(str, covered)) or 'none is covered'}) or the Deport.")
        attack = card(state, pl.stacks[index].attack)
    state = act(state, f"paying off {attack.name}")
    amount, turn = payoff_due(state, i, attack)
    pay = as_pay({k: p[k] for k in KINDS})
    lost = check_payment(pay, amount, pl.resources, f"Discarding {attack.name}", state.consts)
    if p["deport"]:
        state = with_player(state, i, deport=None)
    else:
        stacks, _ = board.uncover(pl.stacks, p["stack"])
        state = with_player(state, i, stacks=stacks)
    state = with_player(state, i, resources=pl.resources - sum(pay))
    state = discard_ops(replace(state, turn=turn), attack.id)
    return replace(state, told=f"{pl.name} pays {describe(pay)} ({amount} Time units) and discards "
                               f"{attack.name}; the stack splays out again.{lost}")


def use_ability(state: State, p: dict) -> State:
    i, c = current_turn(state).player, card(state, p["card"])
    pl = state.players[i]
    if c.kind != "milestone":
        raise RuleError(f"{c.name} is not a Milestone: only Milestones have abilities.")
    if c.ability is None:
        raise RuleError(f"{c.name} has no ability to use.")
    if c.ability in AUTOMATIC:
        raise RuleError(f"{c.name}'s ability {AUTOMATIC[c.ability]}.")
    if pl.deport:
        raise RuleError(f"{pl.name} is Deported: a Deported player cannot use any Milestone ability.")
    if not any(c.id in s.cards for s in pl.stacks):
        raise RuleError(f"{pl.name} has no {c.name} on their board.")
    if board.active(state, i, c.ability) == 0:
        if all(s.attack for s in pl.stacks if c.id in s.cards):
            raise RuleError(f"{pl.name}'s {c.name} is covered by an Attack: a covered stack gives no ability.")
        raise RuleError(f"{pl.name} bought {c.name} this turn, and in this game abilities work from the next turn.")
    if p["discard"] is not None and c.ability != "cycle_op":
        raise RuleError(f"{c.name}'s ability discards no Op card; only the Visa's does.")
    if board.available(state, i, c.ability) < 1:
        raise RuleError(f"{pl.name} already used {c.name}'s ability this turn: each ability works once per turn.")
    if c.ability == "cycle_op":
        state = discard_ops(take_ops(state, i), p["discard"] and card(state, p["discard"]).id)
        state = with_player(state, i, ops=state.players[i].ops + 1)
        told = f"{pl.name} discards 1 Op card and draws 1 Op card ({c.name})."
    elif c.ability == "cycle_resource":
        if pl.resources < 1:
            raise RuleError(f"{pl.name} holds no Resource card to discard for {c.name}.")
        told = f"{pl.name} discards 1 Resource card and draws 1 Resource card ({c.name})."
    else:  # salvage_resource
        state = with_player(state, i, resources=pl.resources + 1)
        told = f"{pl.name} takes the top Resource discard into hand ({c.name}): only a Time or a Cash."
    return replace(state, turn=current_turn(state).use(c.ability), told=told)
