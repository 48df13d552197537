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

from collections.abc import Callable

from companion.rules.contract import Game, Phases
from companion.rules.games.unsettled_immigration import actions, attacks, corrections, moves, turns
from companion.rules.games.unsettled_immigration.events import EVENTS
from companion.rules.games.unsettled_immigration.state import State
from companion.rules.games.unsettled_immigration.turns import OPTIONS, setup
from companion.rules.games.unsettled_immigration.views import score, view
from companion.rules.games.unsettled_immigration.words import describe

__all__ = ["EVENTS", "GAME", "OPTIONS", "VERSION", "apply", "describe", "score", "setup", "view"]

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


def over(state: State) -> str | None:
    if state.phase != "over":
        return None
    who = " and ".join(state.players[i].name for i in state.winners)
    return f"The game is over: {who} reached {state.vp_to_win} VP. Undo the last event to change it."


PHASES = Phases(of=lambda state: state.phase, only={"setup": tuple(SETUP), "play": tuple(PLAY)}, refusal={
    "setup": "{event} belongs to setup, and the game has started.",
    "play": "The game has not started: place starting Milestones, then start_game decides who goes first."})

GAME = Game(name="Unsettled", events=EVENTS, moves=HANDLERS, setup=setup, score=score, view=view, over=over,
            after_over=("note",), phases=PHASES, after=turns.check_winner,
            turn=lambda state: state.turn.player if state.turn is not None else None, version=VERSION, options=OPTIONS, describe=describe)
apply = GAME.apply
