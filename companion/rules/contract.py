"""The contract every game's rules fulfil: setup, apply, score, a public view and event schemas.

Rules are pure functions over immutable state. An illegal event raises RuleError with a sentence a
player understands. Randomness is drawn once, by `prepare`, when an event is appended; its outcome
is stored in the event, so replaying a log never rolls again.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Mapping

from companion.rules.fields import EventSpec


RECENT = 10  # how many of a list that grows with the game (notes, rolls, news) a view carries


def recent(items: Any) -> list[Any]:
    """The newest RECENT items of a list that grows with the game: what a page shows of it (the history keeps them
    all), so the view of a game of 10,000 changes stays as small as one of ten."""
    return list(items[-RECENT:])


class RuleError(Exception):
    """An event the rules do not allow; the message is a sentence that says which rule forbids it."""


@dataclass(frozen=True)
class Event:
    """One entry of a game's log as the rules see it."""

    seq: int
    type: str
    payload: Mapping[str, Any]


@dataclass(frozen=True)
class SetupConfig:
    """What a new game starts from: the players' names, options, and the game's data."""

    players: tuple[str, ...]
    options: Mapping[str, Any]
    game: Any  # cardgen.gamedata.Game


@dataclass(frozen=True)
class Rules:
    """A game's rules as the app uses them, built from a rules module or from game.toml alone."""

    slug: str
    events: Mapping[str, EventSpec]
    setup: Callable[[SetupConfig], Any]
    apply: Callable[[Any, Event], Any]
    score: Callable[[Any], dict[str, Any]]
    view: Callable[[Any], dict[str, Any]]
    prepare: Callable[[Any, str, dict[str, Any], random.Random], dict[str, Any]]
    version: str = "1"
    options: Mapping[str, Any] | None = None  # EventSpec-like schema of setup options, if any
    # (event, players) -> a sentence in the players' words, card titles marked *Title*; None for the shared wording
    describe: Callable[[Mapping[str, Any], Any], str | None] | None = None


def from_module(slug: str, module: ModuleType, game: Any = None) -> Rules:
    """Rules from a module defining EVENTS, setup, apply, score, view and optionally prepare and
    `describe(event, players, game)` (its sentences name cards as printed, so it is given the game's data)."""
    own = getattr(module, "describe", None)
    return Rules(
        slug=slug, events=module.EVENTS, setup=module.setup, apply=module.apply, score=module.score,
        view=module.view, prepare=getattr(module, "prepare", lambda state, kind, payload, rng: payload),
        version=getattr(module, "VERSION", "1"), options=getattr(module, "OPTIONS", None),
        describe=(lambda event, players: own(event, players, game)) if own else None,
    )
