"""How each game's bot host sees the game's state, and which games have bots that can take a seat in the app.

A bot host (companion/bots/<slug>.py, or a game package's own module) works on a `world`: the rules' state
itself, or the state together with what the bots know of their own hands. A BotKind says how to make that world
from the state and back, whose turn it is, and which flowchart the bot runs. A game's registration names the
function making its BotKind (`bots = "module:function"`, see cardgen.gamedata.registry).
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardgen.gamedata.registry import RegistryError, registration, source_of
from companion.bots.flowrun import Host
from companion.rules.contract import Rules


@dataclass(frozen=True)
class BotKind:
    """How a game's bots take a seat: their flowchart, their host, the world they see, and whose turn it is."""

    flow: str
    host: Callable[[Rules, int], Host]
    world: Callable[[Any, Any], Any]            # (the rules' state, the previous world or None) -> world
    state: Callable[[Any], Any]                 # world -> the rules' state
    whose_turn: Callable[[Any], int | None]     # the rules' state -> the seat to play, if the game says


def universe() -> BotKind:
    """Unyielding Universe's bots: they play on the rules' state."""
    from companion.bots.unyielding_universe import UniverseHost

    return BotKind("bot", UniverseHost, lambda state, world: state, lambda world: world,
                   lambda state: None if state.finished or state.dealing() else state.turn)


def immigration() -> BotKind:
    """Unsettled's bots: the state with what each bot knows of its own hand."""
    from companion.bots.immigration_hand import new_world
    from companion.bots.unsettled_immigration import ImmigrationHost

    def world(state: Any, previous: Any) -> Any:
        return new_world(state) if previous is None else previous.with_state(state)
    return BotKind("bot", ImmigrationHost, world, lambda w: w.state,
                   lambda state: state.turn.player if state.turn and state.phase == "play" else None)


def bot_kind(game: Any) -> Any:
    """The bots of `game` (a cardgen.gamedata.Game, or a slug): a BotKind for bots in the players' seats, an
    Automa (companion/bots/automa.py) for an automated opponent beside the players, or None when it has neither.

    A game is played with the bots of the registration its rules come from: its own, or the one game.toml's
    `rules = "slug"` names.
    """
    name = game if isinstance(game, str) else (game.rules or game.slug)
    found = registration(name)
    if found is None or not found.bots:
        return None
    return make_kind(found.bots, f"the bots of {found.slug} ({found.bots}, registered by {source_of(found.slug)})")


@functools.cache
def make_kind(dotted: str, what: str) -> Any:
    """The BotKind (or Automa) made by the function `dotted` ("module:function") names; RegistryError saying
    `what` failed."""
    from companion.bots.automa import Automa

    module, _, function = dotted.partition(":")
    try:
        made = getattr(importlib.import_module(module), function)()
    except (ImportError, AttributeError) as error:
        raise RegistryError(f"{what} cannot be loaded: {error}") from None
    if not isinstance(made, (BotKind, Automa)):
        raise RegistryError(f"{what} must make a companion.bots.kinds.BotKind or a companion.bots.automa.Automa, "
                            f"found {type(made).__name__}")
    return made
