"""Manual corrections for when the table and the app disagree, each one logged like any move.

They set what the table shows (a hand count, a Milestone, an Attack, the actions left) without
the rules' costs and conditions, and say so in what they tell the table.
"""

from __future__ import annotations


from companion.rules.plural import plural
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_immigration import board
from companion.rules.games.unsettled_immigration.state import replace, State, Stack, card, check_player, discard_ops, \
    with_player


def set_hand(state: State, p: dict) -> State:
    pl = check_player(state, p["player"])
    ops = pl.ops if p["ops"] is None else p["ops"]
    resources = pl.resources if p["resources"] is None else p["resources"]
    state = with_player(state, p["player"], ops=ops, resources=resources)
    return replace(state, told=f"Correction: {pl.name} holds {ops} Op and {resources} Resource cards.")


def place_milestone(state: State, p: dict) -> State:
    pl, c = check_player(state, p["player"]), card(state, p["card"])
    if c.kind != "milestone":
        raise RuleError(f"{c.name} is not a Milestone: only Milestones go on a board.")
    state = with_player(state, p["player"], stacks=board.add_milestone(pl.stacks, c))
    return replace(state, told=f"Correction: {c.name} is on {pl.name}'s board (nothing paid).")


def _stack(state: State, player: int, index: int | None) -> Stack:
    stacks = state.players[player].stacks
    if index is None or not 0 <= index < len(stacks):
        raise RuleError(f"{state.players[player].name} has no such stack: choose one of the {len(stacks)} on their "
                        "board." if stacks else f"{state.players[player].name} has no stacks.")
    return stacks[index]


def remove_milestone(state: State, p: dict) -> State:
    pl = check_player(state, p["player"])
    s, c = _stack(state, p["player"], p["stack"]), card(state, p["card"])
    if c.id not in s.cards:
        raise RuleError(f"That {s.type.replace('_', ' ').title()} stack of {pl.name}'s holds no {c.name}.")
    cards = list(s.cards)
    cards.remove(c.id)
    k = p["stack"]
    rest = (replace(s, cards=tuple(cards)),) if cards else ()
    state = with_player(state, p["player"], stacks=pl.stacks[:k] + rest + pl.stacks[k + 1:])
    state = discard_ops(state, c.id, None if cards else s.attack)
    return replace(state, told=f"Correction: {c.name} leaves {pl.name}'s board for the discard pile.")


def remove_attack(state: State, p: dict) -> State:
    pl = check_player(state, p["player"])
    if p["deport"]:
        if not pl.deport:
            raise RuleError(f"{pl.name} is not Deported.")
        state = discard_ops(with_player(state, p["player"], deport=None), pl.deport)
        return replace(state, told=f"Correction: {pl.name}'s Deport is discarded.")
    s = _stack(state, p["player"], p["stack"])
    if s.attack is None:
        raise RuleError(f"{pl.name}'s {s.type.replace('_', ' ').title()} stack is not covered by an Attack.")
    stacks, attack = board.uncover(pl.stacks, p["stack"])
    state = discard_ops(with_player(state, p["player"], stacks=stacks), attack)
    return replace(state, told=f"Correction: {card(state, attack).name} is discarded; the stack splays out.")


def set_actions(state: State, p: dict) -> State:
    if state.turn is None:
        raise RuleError("No turn is in progress: the game has not started.")
    state = replace(state, turn=replace(state.turn, actions=p["actions"]))
    return replace(state, told=f"Correction: {plural(p['actions'], 'action')} left this turn.")


def reshuffle_ops(state: State, p: dict) -> State:
    if not state.op_discard:
        raise RuleError("The Op discard pile is empty, so there is nothing to shuffle back into the draw pile.")
    return replace(state, op_discard=(), told="Shuffle the Op discard pile into the Op draw pile.")


def note(state: State, p: dict) -> State:
    return replace(state, notes=state.notes + (p["text"],), told="")
