"""Unyielding Universe at the table: lifelines, Life Complete and Universe cards, rounds scored up to the target.

The rules as our rulebook (templates/rulebooks/unyielding_universe) states them, with every number and
"Our choice" read from card_data/unyielding_universe/game.toml. The table shuffles and deals; players
tell the app each card they are dealt and draw by its name as printed (or the app deals for them), so the app
knows where every card is. `legal` (legal.py) lists the moves the rules accept now, which pages, bots and the
random playthroughs use; the corrections (CORRECTIONS) are offered apart, under More actions.
Modules: cards (the decks), state, start (setup, next round), lifeline (balanced, caps, Annoyed cards),
places (where cards are), turns, universe, rounds (end of round), scoring, table (corrections, the app's deal),
events (schemas), public (view and score), legal (the legal moves), words (history sentences). It opts
into the shared events (add_points, set_points, note, rename_player, roll, finish; companion.rules.shared_events),
so the game page and the API work as for every other game; `GAME` declares it to the rules contract (companion.rules.contract).
"""

from __future__ import annotations

from typing import Any
from collections.abc import Callable

from companion.rules import shared_events
from companion.rules.contract import Game
from companion.rules.games.unyielding_universe import rounds, table, turns
from companion.rules.games.unyielding_universe.events import EVENTS
from companion.rules.games.unyielding_universe.legal import CORRECTIONS, legal
from companion.rules.games.unyielding_universe.public import score, view
from companion.rules.games.unyielding_universe.start import OPTIONS, options_for, setup
from companion.rules.games.unyielding_universe.words import describe
from companion.rules.games.unyielding_universe.state import State
from companion.rules.games.unyielding_universe.table import prepare

__all__ = ["EVENTS", "GAME", "OPTIONS", "VERSION", "apply", "describe", "options_for", "prepare", "score", "setup",
           "view"]

VERSION = "1"

AFTER_THE_GAME = ("note", "rename_player", "roll")

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
    "rename_player": shared_events.rename_player,
    "note": shared_events.note,
    "roll": shared_events.roll,
    "finish": shared_events.finish,
}


def over(state: State) -> str | None:
    return "The game is over: undo the event that ended it to change anything." if state.finished else None


GAME = Game(name="Unyielding Universe", events=EVENTS, moves=MOVES, setup=setup, score=score, view=view,
            prepare=prepare, over=over, after_over=tuple(AFTER_THE_GAME), turn=lambda state: state.turn,
            version=VERSION, options=OPTIONS, describe=describe, legal=legal, corrections=CORRECTIONS)
apply = GAME.apply
