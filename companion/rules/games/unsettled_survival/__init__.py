"""The rules of Unsettled (co-operative survival on Wenora, Survival Task A) for the table companion.

The companion keeps the crew's Timeline, Group Trust, each explorer's dashboard, the shared resources,
the map, the Survival Task and the end of the game, and applies every rule an event sets off. When a
rule needs the players' choice (which cube loses Focus, where a Distress card goes, how the crew
distributes Focus), the game waits: a pending choice that the `resolve` event answers.

Each module has one job: book (the data), state, setup, events (schemas), timeline, effects, board,
moves, actions (Set Focus), opportunities, breakthroughs, discoveries, crew (free actions), turn,
task (objectives and the end), corrections, views, legal (the moves the rules accept now, for pages and tests).
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from companion.rules import contract
from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival import (
    actions, board, breakthroughs, corrections, crew, discoveries, legal, opportunities, task, turn, views)
from companion.rules.games.unsettled_survival.events import CORRECTIONS, EVENTS, FIXES, FREE_PLAYER_EVENTS
from companion.rules.games.unsettled_survival.book import read_book
from companion.rules.games.unsettled_survival.setup import options_spec, setup
from companion.rules.games.unsettled_survival.state import Game, conscious, explorer, replace
from companion.rules.games.unsettled_survival.words import describe

__all__ = ["EVENTS", "GAME", "VERSION", "apply", "describe", "options_for", "prepare", "score", "setup", "view"]


def options_for(game: Any):
    """The options of a new game, whose choices (difficulties, disciplines) come from the game's data."""
    return options_spec(read_book(game))

VERSION = "unsettled_survival-1"

HANDLERS: dict[str, Callable[[Game, dict[str, Any]], Game]] = {
    "take_action": actions.take_action, "move": turn.move, "program_luna": turn.program_luna,
    "luna_function": turn.luna_function, "end_turn": turn.end_turn, "resolve": corrections.resolve,
    "use_breakthrough": breakthroughs.use_breakthrough,
    "use_structure": breakthroughs.use_structure,
    "consume_discovery": discoveries.consume, "exchange": crew.exchange, "move_distress": crew.move_distress,
    "pursue": crew.pursue, "forfeit": lambda game, p: opportunities.forfeit(game, p["card"]),
    "complete_objective": task.complete_objective, "lift_off": task.lift_off, "give_up": task.give_up, "choose_trait": crew.choose_trait,
    "trust": corrections.trust, "advance_time": corrections.advance_time, "effect": corrections.effect,
    "set_time": corrections.set_time, "set_trust": corrections.set_trust, "set_explorer": corrections.set_explorer,
    "set_resources": corrections.set_resources, "set_location": corrections.set_location,
    "set_objective": corrections.set_objective, "cancel_pending": corrections.cancel_pending,
    "note": corrections.write_note,
}
ANSWERS = ("resolve", "move_distress", "give_up") + CORRECTIONS   # allowed while a choice is pending
OVER = ("note",)                                        # allowed once the game is over


def prepare(state: Game, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Random events get a seed: the cards and dice this event draws are taken from it. The history's words are
    drawn now too: whose turn it is (`by`), the Environment or Opportunity card the app draws for the table (kept
    in `card`, as if the table had named it) and the node an explorer's move arrives on (`to`)."""
    out = {**payload, "seed": rng.getrandbits(48)}
    if state.outcome != "playing" or not 0 <= state.turn.player < len(state.explorers):
        return out
    out["by"] = state.turn.player
    if kind == "move" and payload.get("direction") in ("n", "e", "s", "w"):
        try:
            x, y = board.toward(state, state.explorers[state.turn.player].node, payload["direction"])
        except RuleError:
            return out
        target = board.node_at(state, x, y)
        if target is None and not payload.get("card") and state.environment:
            out["card"] = rng.choice(sorted(state.environment))
        out["to"] = target or out.get("card")
    elif kind == "take_action" and payload.get("action") == "investigate" and not payload.get("card") \
            and state.opportunity_deck:
        out["card"] = rng.choice(sorted(state.opportunity_deck))
    return out


ENDINGS = {"victory": "the crew lifted off together with LUNA: victory",
           "hollow_victory": "the Scarab lifted off without the whole crew: a hollow victory",
           "defeat": "every explorer is unconscious: Wenora has won", "given_up": "the crew gave up"}


def over(state: Game) -> str | None:
    if state.outcome == "playing":
        return None
    return (f"The game is over ({ENDINGS.get(state.outcome, 'it has ended')}): undo its last move on the History "
            "page to play on.")


def before(state: Game, kind: str, p: dict[str, Any]) -> Game:
    """Survival's own checks: the choice the rules wait for comes first, an unconscious explorer cannot act; then
    the event's draws start from its seed."""
    seed = p.setdefault("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RuleError("The event's seed must be a whole number.")
    if state.pending and kind not in ANSWERS:
        first = state.pending[0]
        who = "The crew" if first.player < 0 else state.explorers[first.player].name
        raise RuleError(f"First the choice the rules wait for: {who}: {first.reason}. Make it where the page asks "
                        "for it.")
    if kind in FREE_PLAYER_EVENTS:
        player = p["player"]
        explorer(state, player)  # refuses a number that is no explorer
        if not conscious(state, player) and kind != "exchange":
            raise RuleError(f"{state.explorers[player].name} is unconscious and cannot act.")
    return replace(state, draw_seed=seed, draws=0)


def score(state: Game) -> dict[str, Any]:
    return views.score(state)


def view(state: Game) -> dict[str, Any]:
    return views.view(state)


GAME = contract.Game(name="Unsettled", events=EVENTS, moves=HANDLERS, setup=setup, score=score, view=view,
                     prepare=prepare, over=over, after_over=OVER, seats=lambda state: len(state.explorers),
                     turn=lambda state: state.turn.player if state.outcome == "playing" else None, before=before,
                     after=task.settle, version=VERSION, describe=describe, legal=legal.legal, corrections=FIXES)
apply = GAME.apply
