"""Emigration's rules for the table companion: setup, every action of both phases, winners, corrections.

Each event is resolved by one function `(state, payload, source) -> state`. `prepare` resolves a
random event once with a Recorder (the app's seeded dice, card draws and border tokens) and stores
the outcomes in the payload; `apply` resolves it with a Replayer reading them back, so replaying a
log never draws again and undo cannot re-roll.
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from companion.rules.contract import Event, Game, RuleError
from companion.rules.games.emigration import border, corrections, deal, layout, life, preparation, travel
from companion.rules.games.emigration.deal import setup
from companion.rules.games.emigration.events import EVENTS
from companion.rules.games.emigration.words import describe
from companion.rules.games.emigration.outcomes import OUTCOME_KEYS, EnteredError, Recorder, Replayer, Source
from companion.rules.games.emigration.scoring import score, view
from companion.rules.games.emigration.legal import legal
from companion.rules.games.emigration.state import HIDDEN, State, listed, replace, say

__all__ = ["EVENTS", "GAME", "VERSION", "apply", "describe", "prepare", "score", "setup", "view"]

VERSION = "emigration-2"


def stop(state: State, payload: dict[str, Any], source: Source) -> State:
    """The table ends the game early: the players who entered their destination win, nobody else."""
    entered = [p.name for p in state.players if p.entered]
    state = replace(state, phase="over", stopped=True)
    won = f"{listed(entered)} entered and win{'s' if len(entered) == 1 else ''}." if entered else \
        "nobody has entered their destination."
    return say(state, "The table ends the game here: " + won)


RESOLVE: dict[str, Callable[[State, dict[str, Any], Source], State]] = {
    "choose_packs": deal.choose_packs, "deal_card": deal.deal_card, "deal": deal.apply, "stop": stop,
    "turn_up": layout.turn_up,
    "buy": preparation.buy, "discard": preparation.discard, "sell": preparation.sell,
    "go_to_college": preparation.go_to_college, "graduate": preparation.graduate, "forfeit": preparation.forfeit,
    "activate": life.activate,
    "buy_travel": travel.buy_travel, "take_by_skipping": travel.take_by_skipping, "scalp": travel.scalp,
    "withdraw": border.withdraw, "cross_border": border.cross,
    "set_money": corrections.set_money, "set_assurance": corrections.set_assurance,
    "set_turn": corrections.set_turn, "set_card": corrections.set_card, "set_identity": corrections.set_identity,
    "note": corrections.note, "rename_player": corrections.rename_player,
}

AFTER_THE_GAME = ("note", "rename_player")
CORRECTIONS = ("set_money", "set_assurance", "set_turn", "set_card", "set_identity", "note", "rename_player")


def over(state: State) -> str | None:
    if state.phase != "over":
        return None
    if state.stopped:
        return "The game is over: the table ended it early. Undo its end on the History page to play on."
    return "The game is over: every player has tried to cross the border."


ACTIONS = ("buy", "discard", "activate", "buy_travel", "take_by_skipping", "scalp", "go_to_college", "graduate",
           "sell", "forfeit")


def _news_cleared(state: State, kind: str, payload: dict[str, Any]) -> State:
    """A move's news replaces the last one's; a note or a new name leaves it. No action is taken while an uncovered
    face-down card waits to be turned face up (Revealing Cards)."""
    if kind in ACTIONS and state.phase == "preparation" and (pending := layout.waiting(state)):
        raise RuleError(f"First turn face up the card uncovered at {layout.place_words(state, *pending[0])}: say "
                        "which card it is, or tap Draw for us.")
    return state if kind in AFTER_THE_GAME else replace(state, news=())


def _replayed(resolve: Callable[[State, dict[str, Any], Source], State]) -> Callable[[State, dict[str, Any]], State]:
    """The move as `apply` runs it: its dice, cards and token read back from the payload."""
    return lambda state, payload: resolve(state, payload, Replayer(payload))


def _named(state: State, payload: dict[str, Any]) -> dict[str, Any]:
    """The cards a move on a Card Layout acts on, kept beside its places so the history can name them."""
    named = {}
    for key, owner, slot in (("took", payload.get("owner"), payload.get("slot")),
                             ("target_card", payload.get("player") if payload.get("target") is None
                              else payload.get("target"), payload.get("target_slot"))):
        if isinstance(owner, int) and isinstance(slot, int) and 0 <= owner < len(state.players):
            layout = state.players[owner].layout
            if 0 <= slot < len(layout) and layout[slot] not in (None, HIDDEN):
                named[key] = layout[slot]
    return named


def prepare(state: State, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The payload with the outcome of its dice, face-down cards and border token drawn from `rng`."""
    payload = {k: v for k, v in payload.items() if k not in OUTCOME_KEYS}  # outcomes are never the client's
    try:
        if kind == "deal":
            return deal.prepare(state, payload, rng)
        if kind == "deal_card":
            return deal.prepare_card(state, payload, rng)
        if kind == "turn_up":
            return layout.prepare_turn_up(state, payload, rng)
        recorder = Recorder(rng, payload.get("fell"), payload.get("drawn"))
        checked = GAME.checked(state, Event(0, kind, payload))
        after = RESOLVE[kind](_news_cleared(state, kind, checked), checked, recorder)
        crossed = {"got_in": bool(after.players[checked["player"]].entered)} if kind == "cross_border" else {}
        return {**payload, **recorder.outcome(), **_named(state, checked), **crossed}
    except EnteredError:
        raise
    except RuleError:
        return payload  # apply refuses the event with the same sentence


GAME = Game(name="Emigration", events=EVENTS, moves={kind: _replayed(f) for kind, f in RESOLVE.items()}, setup=setup,
            score=score, view=view, prepare=prepare, over=over, after_over=AFTER_THE_GAME,
            turn=lambda state: state.turn if state.phase in ("preparation", "border") else None,
            before=_news_cleared, version=VERSION, describe=describe, legal=legal, corrections=CORRECTIONS)
apply = GAME.apply
