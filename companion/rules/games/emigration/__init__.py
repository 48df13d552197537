"""Emigration's rules for the table companion: setup, every action of both phases, winners, corrections.

Each event is resolved by one function `(state, payload, source) -> state`. `prepare` resolves a
random event once with a Recorder (the app's seeded dice, card draws and border tokens) and stores
the outcomes in the payload; `apply` resolves it with a Replayer reading them back, so replaying a
log never draws again and undo cannot re-roll.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable

from companion.rules.contract import Event, RuleError
from companion.rules.fields import FieldError
from companion.rules.games.emigration import border, corrections, deal, life, preparation, travel
from companion.rules.games.emigration.deal import setup
from companion.rules.games.emigration.events import EVENTS
from companion.rules.games.emigration.words import describe
from companion.rules.games.emigration.outcomes import OUTCOME_KEYS, EnteredError, Recorder, Replayer, Source
from companion.rules.games.emigration.scoring import score, view
from companion.rules.games.emigration.state import State

__all__ = ["EVENTS", "VERSION", "apply", "describe", "prepare", "score", "setup", "view"]

VERSION = "emigration-1"

RESOLVE: dict[str, Callable[[State, dict[str, Any], Source], State]] = {
    "deal": lambda state, payload, source: deal.apply(state, payload, source),
    "buy": preparation.buy, "discard": preparation.discard, "sell": preparation.sell,
    "go_to_college": preparation.go_to_college, "graduate": preparation.graduate, "forfeit": preparation.forfeit,
    "activate": life.activate,
    "buy_travel": travel.buy_travel, "take_by_skipping": travel.take_by_skipping, "scalp": travel.scalp,
    "withdraw": border.withdraw, "cross_border": border.cross,
    "set_money": corrections.set_money, "set_assurance": corrections.set_assurance,
    "set_turn": corrections.set_turn, "set_card": corrections.set_card, "set_identity": corrections.set_identity,
    "note": corrections.note, "rename_player": corrections.rename_player,
}
assert set(RESOLVE) == set(EVENTS)

AFTER_THE_GAME = ("note", "rename_player")


def _checked(kind: str, payload: Any) -> dict[str, Any]:
    """The payload's own fields checked against the event's schema (an imported log is not checked otherwise)."""
    spec = EVENTS.get(kind)
    if spec is None:
        raise RuleError(f"Emigration has no event {kind!r}.")
    if not isinstance(payload, dict):
        raise RuleError(f"The payload of {kind!r} must be an object.")
    try:
        return {**payload, **spec.check({k: v for k, v in payload.items() if k not in OUTCOME_KEYS})}
    except FieldError as error:
        raise RuleError(f"{kind}: {error}") from None


def _resolve(state: State, kind: str, payload: dict[str, Any], source: Source) -> State:
    if state.phase == "over" and kind not in AFTER_THE_GAME:
        raise RuleError("The game is over: every player has tried to cross the border.")
    if kind not in AFTER_THE_GAME:
        state = replace(state, news=())
    return RESOLVE[kind](state, payload, source)


def prepare(state: State, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The payload with the outcome of its dice, face-down cards and border token drawn from `rng`."""
    payload = {k: v for k, v in payload.items() if k not in OUTCOME_KEYS}  # outcomes are never the client's
    try:
        if kind == "deal":
            return deal.prepare(state, payload, rng)
        recorder = Recorder(rng, payload.get("fell"), payload.get("drawn"))
        _resolve(state, kind, _checked(kind, payload), recorder)
        return {**payload, **recorder.outcome()}
    except EnteredError:
        raise
    except RuleError:
        return payload  # apply refuses the event with the same sentence


def apply(state: State, event: Event) -> State:
    payload = _checked(event.type, event.payload)
    return _resolve(state, event.type, payload, Replayer(payload))
