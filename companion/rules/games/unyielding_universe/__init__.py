"""Unyielding Universe at the table: lifelines, Life Complete and Universe cards, rounds scored up to the target.

The rules as our rulebook (templates/rulebooks/unyielding_universe) states them, with every number and
"Our choice" read from card_data/unyielding_universe/game.toml. The table shuffles and deals; players
tell the app each card they are dealt and draw by its id, so the app knows where every card is.
Modules: cards (the decks), state, start (setup, next round), lifeline (balanced, caps, Annoyed cards),
places (where cards are), turns, universe, rounds (end of round), scoring, table (corrections),
events (schemas), public (view and score). The score sheet's own events (add_points, set_points, note,
rename_player, roll, finish) are kept, so the game page and the API work as for every other game.
"""

from __future__ import annotations

from typing import Any, Callable

from companion.rules import dice
from companion.rules.contract import Event, RuleError
from companion.rules.fields import FieldError
from companion.rules.games.unyielding_universe import rounds, table, turns
from companion.rules.games.unyielding_universe.events import EVENTS
from companion.rules.games.unyielding_universe.public import score, view
from companion.rules.games.unyielding_universe.start import OPTIONS, options_for, setup
from companion.rules.games.unyielding_universe.words import describe
from companion.rules.games.unyielding_universe.state import State
from companion.rules.games.unyielding_universe.table import prepare

__all__ = ["EVENTS", "OPTIONS", "VERSION", "apply", "describe", "options_for", "prepare", "score", "setup", "view"]

VERSION = "1"

AFTER_THE_GAME = {"note", "rename_player", "roll"}

MOVES: dict[str, Callable[[State, dict[str, Any]], State]] = {
    "deal": lambda s, p: turns.deal(s, p["player"], p["cards"]),
    "choose_first_player": lambda s, p: turns.choose_first_player(s, p["player"]),
    "place_at_end": lambda s, p: turns.place_at_end(s, p["player"], p["card"], p["source"]),
    "replace_card": lambda s, p: turns.replace_card(s, p["player"], p["card"], p["source"], p["replaced"]),
    "discard_drawn": lambda s, p: turns.discard_drawn(s, p["player"], p["card"], p["source"]),
    "play_life_complete": lambda s, p: turns.play_life_complete(s, p["player"], p["card"], p["source"]),
    "play_universe": lambda s, p: turns.play_universe_card(s, p["player"], p["card"], p["source"]),
    "end_round": lambda s, p: rounds.end_round(s, p["player"]),
    "claim_life_well_lived": lambda s, p: rounds.claim_life_well_lived(s, p["player"]),
    "draw_pile_ran_out": lambda s, p: rounds.draw_pile_ran_out(s),
    "correct_card": lambda s, p: table.correct_card(s, p["card"], p["to"], p["player"], p["position"]),
    "set_turn": lambda s, p: table.set_turn(s, p["player"]),
    "add_points": lambda s, p: table.add_points(s, p["player"], p["category"], p["points"], set_to=False),
    "set_points": lambda s, p: table.add_points(s, p["player"], p["category"], p["points"], set_to=True),
    "rename_player": lambda s, p: table.rename_player(s, p["player"], p["name"]),
    "note": lambda s, p: table.note(s, p["text"]),
    "roll": lambda s, p: table.roll(s, p["results"]),
    "finish": lambda s, p: table.finish(s),
}


def apply(state: State, event: Event) -> State:
    """The state after `event`; RuleError (a sentence naming the rule) when the rules forbid it."""
    spec = EVENTS.get(event.type)
    if spec is None:
        raise RuleError(f"Unknown event {event.type!r}.")
    raw = dict(event.payload)
    settled = {key: raw.pop(key) for key in ("results", "entered") if key in raw} if event.type == "roll" else {}
    try:  # a log imported from elsewhere reaches here unchecked
        payload = spec.check(raw)
    except FieldError as error:
        raise RuleError(f"The {event.type} event does not fit: {error}.") from None
    if event.type == "roll":
        payload["results"] = dice.results(settled)
    if payload.get("player") is not None and not 0 <= payload["player"] < len(state.players):
        raise RuleError(f"This game has {len(state.players)} players; choose one of them.")
    if state.finished and event.type not in AFTER_THE_GAME:
        raise RuleError("The game is over: undo the event that ended it to change anything.")
    return MOVES[event.type](state, payload)
