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

from typing import Any, Callable

from companion.rules.contract import Event, RuleError
from companion.rules.fields import FieldError
from companion.rules.games.unsettled_immigration import actions, attacks, corrections, moves, turns
from companion.rules.games.unsettled_immigration.events import EVENTS
from companion.rules.games.unsettled_immigration.state import State
from companion.rules.games.unsettled_immigration.turns import OPTIONS, setup
from companion.rules.games.unsettled_immigration.views import score, view
from companion.rules.games.unsettled_immigration.words import describe

__all__ = ["EVENTS", "OPTIONS", "VERSION", "apply", "describe", "score", "setup", "view"]

VERSION = "unsettled-1"

SETUP = {"mulligan": turns.mulligan, "place_starting_milestone": turns.place_starting, "start_game": turns.start_game}
PLAY = {"buy_milestone": moves.buy_milestone, "play_attack": attacks.play_attack,
        "play_action": actions.play_action, "pay_off_attack": moves.pay_off_attack,
        "use_ability": moves.use_ability, "end_turn": turns.end_turn}
ANY_TIME = {"reshuffle_op_discard": corrections.reshuffle_ops, "note": corrections.note,
            "set_hand": corrections.set_hand, "place_milestone": corrections.place_milestone,
            "remove_milestone": corrections.remove_milestone, "remove_attack": corrections.remove_attack,
            "set_actions": corrections.set_actions}
HANDLERS: dict[str, Callable[[State, dict], State]] = {**SETUP, **PLAY, **ANY_TIME}


def apply(state: State, event: Event) -> State:
    """The game after `event`; RuleError naming the rule when the event is not allowed now."""
    handler = HANDLERS.get(event.type)
    if handler is None:
        raise RuleError(f"Unknown event {event.type!r}.")
    if state.phase == "over" and event.type != "note":
        who = " and ".join(state.players[i].name for i in state.winners)
        raise RuleError(f"The game is over: {who} reached {state.vp_to_win} VP. Undo the last event to change it.")
    if event.type in SETUP and state.phase != "setup":
        raise RuleError(f"{event.type.replace('_', ' ').capitalize()} belongs to setup, and the game has started.")
    if event.type in PLAY and state.phase != "play":
        raise RuleError("The game has not started: place starting Milestones, then start_game decides who goes "
                        "first.")
    try:  # the app checked the payload already; an imported log was not
        payload: dict[str, Any] = EVENTS[event.type].check(dict(event.payload))
    except FieldError as error:
        raise RuleError(f"{event.type}: {error}.") from None
    return turns.check_winner(handler(state, payload))
