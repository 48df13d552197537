"""Unsettled (the immigration card game): boards, hands as counts, payments and turns, as pure rules.

The physical cards stay on the table; the app keeps each player's board (Milestone stacks by type,
the Attacks on them, a Deport), how many Op and Resource cards each holds, the turn (draws, one
action, abilities once per turn) and the VP race to the cap. Modules, one job each:

- cards: the Op cards and rule constants from card_data;  state: the frozen state records
- payment: costs in Time units, the Green Card rule, whether a hand pays;  board: stacks, Attacks, VP
- turns: setup, first player, draws and actions, the winner;  moves: buy, pay off, abilities
- attacks / actions: Op cards aimed at players, Events and their defenses;  corrections: fixes by hand
- events: payload schemas;  views: view() and score()
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.rules.contract import Game, Phases, RuleError
from companion.rules.games.unsettled_immigration import actions, attacks, corrections, moves, turns
from companion.rules.games.unsettled_immigration.events import EVENTS
from companion.rules.games.unsettled_immigration.legal import CORRECTIONS, legal
from companion.rules.games.unsettled_immigration.state import State, name
from companion.rules.games.unsettled_immigration.turns import OPTIONS, setup
from companion.rules.games.unsettled_immigration.views import score, view
from companion.rules.games.unsettled_immigration.words import describe

__all__ = ["EVENTS", "GAME", "OPTIONS", "VERSION", "apply", "describe", "score", "setup", "view"]

VERSION = "unsettled-2"

SETUP = {"mulligan": turns.mulligan, "place_starting_milestone": turns.place_starting, "start_game": turns.start_game}
PLAY = {"buy_milestone": moves.buy_milestone, "play_attack": attacks.play_attack,
        "play_action": actions.play_action, "pay_off_attack": moves.pay_off_attack,
        "use_ability": moves.use_ability, "end_turn": turns.end_turn,
        "discard_stack": actions.discard_stack}
ANY_TIME = {"reshuffle_op_discard": corrections.reshuffle_ops, "note": corrections.note,
            "set_hand": corrections.set_hand, "place_milestone": corrections.place_milestone,
            "remove_milestone": corrections.remove_milestone, "remove_attack": corrections.remove_attack,
            "set_actions": corrections.set_actions, "end_game": turns.end_game}
HANDLERS: dict[str, Callable[[State, dict], State]] = {**SETUP, **PLAY, **ANY_TIME}


def over(state: State) -> str | None:
    if state.phase != "over":
        return None
    who = " and ".join(state.players[i].name for i in state.winners)
    if state.ended_by:
        return f"The game is over: the table stopped it and {who} won. Undo its end on the History page to go on."
    return f"The game is over: {who} reached {state.vp_to_win} VP. Undo the last event to change it."


PHASES = Phases(of=lambda state: state.phase, only={"setup": tuple(SETUP), "play": tuple(PLAY)}, refusal={
    "setup": "{event} belongs to setup, and the game has started.",
    "play": "The game has not started: place the starting Milestones, then start the game (the lowest-cost "
            "starting Milestone goes first)."})


def before(state: State, kind: str, payload: dict[str, Any]) -> State:
    """While a Natural Disaster waits for stacks to be discarded, the turn waits too."""
    if state.disaster and kind in PLAY and kind != "discard_stack":
        who = ", ".join(name(state, j) for j in state.disaster)
        raise RuleError(f"Natural Disaster first: {who} must choose the Milestone stack they discard.")
    return state


def prepare(state: State, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The turn player's moves record whose turn it was and the stacks they name, so the history can say who did
    what to which stack (nothing is drawn: the event's outcome does not depend on these)."""
    if not EVENTS[kind].drawn or state.turn is None:
        return payload
    out = {**payload, "by": state.turn.player}
    p = payload
    for seat, index, key in ((p.get("target") if kind != "discard_stack" else p.get("player"), p.get("stack"),
                              "stack_type"), (p.get("redirect_to"), p.get("redirect_stack"), "redirect_type")):
        stacks = state.players[seat].stacks if isinstance(seat, int) and 0 <= seat < len(state.players) else ()
        if isinstance(index, int) and 0 <= index < len(stacks):
            out[key] = stacks[index].type
    me = state.players[state.turn.player]
    if kind == "pay_off_attack":
        index = p.get("stack")
        attack = me.deport if p.get("deport") else (me.stacks[index].attack if isinstance(index, int)
                                                    and 0 <= index < len(me.stacks) else None)
        if attack:
            out["attack"] = attack
        if isinstance(index, int) and 0 <= index < len(me.stacks) and not p.get("deport"):
            out["stack_type"] = me.stacks[index].type
    return out


GAME = Game(name="Unsettled", events=EVENTS, moves=HANDLERS, setup=setup, score=score, view=view, over=over,
            after_over=("note",), phases=PHASES, before=before, after=turns.check_winner, prepare=prepare,
            turn=lambda state: state.turn.player if state.turn is not None else None, version=VERSION, options=OPTIONS,
            describe=describe, legal=legal, corrections=CORRECTIONS)
apply = GAME.apply
