"""Which games have bots that can take a seat in the app, and how each game's bot host sees the game's state.

A bot host (companion/bots/<slug>.py) works on a `world`: the rules' state itself, or the state together
with what the bots know of their own hands. Each entry says how to make that world from the state and
back, whose turn it is, and which flowchart the bot runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

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


def _universe() -> BotKind:
    from companion.bots.unyielding_universe import UniverseHost

    return BotKind("bot", UniverseHost, lambda state, world: state, lambda world: world,
                   lambda state: None if state.finished or state.dealing() else state.turn)


def _immigration() -> BotKind:
    from companion.bots.immigration_hand import new_world
    from companion.bots.unsettled_immigration import ImmigrationHost

    def world(state: Any, previous: Any) -> Any:
        return new_world(state) if previous is None else previous.with_state(state)
    return BotKind("bot", ImmigrationHost, world, lambda w: w.state,
                   lambda state: state.turn.player if state.turn and state.phase == "play" else None)


KINDS: dict[str, Callable[[], BotKind]] = {"unyielding_universe": _universe, "unsettled_immigration": _immigration}


def bot_kind(slug: str) -> BotKind | None:
    """The game's bots, or None when it has none that can sit at the app's table."""
    make = KINDS.get(slug)
    return make() if make else None
