"""The events every game may share, declared once with one set of limits: a note, a new name, dice, points, the end.

A game opts into the ones it takes with `shared("note", "rename_player", ...)` and puts them beside its own
events; the limits (a note of up to 500 characters, a name of up to 40, a player numbered 0 to 99, points
from -99999 to 99999, dice as companion.rules.dice declares them) are the same in every game. A game may
word an event's description in its own terms (`described=`); the fields stay the shared ones.

`MOVES` are the shared events' moves for a state that keeps `notes`, `rolls`, `players` (names) and `finished`
as the score sheet does; a game whose state differs gives its own move for the same event.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from companion.rules import dice
from companion.rules.contract import RuleError
from companion.rules.fields import EventSpec, Field

PLAYER = Field("integer", minimum=0, maximum=99, label="Player", seat=True)
POINTS = Field("integer", minimum=-99999, maximum=99999, label="Points", description="Negative to take away.")
NOTE_LENGTH = 500
NAME_LENGTH = 40

NOTE = EventSpec("Write a note in the game's log.",
                 {"text": Field("string", max_length=NOTE_LENGTH, label="Note")})
RENAME_PLAYER = EventSpec("Change a player's name.",
                          {"player": PLAYER, "name": Field("string", max_length=NAME_LENGTH, label="Name")})
ROLL = dice.ROLL
FINISH = EventSpec("End the game now: no more changes to the scores.")

NAMES = ("note", "rename_player", "roll", "add_points", "set_points", "finish")


def points(kind: str, categories: Sequence[str]) -> EventSpec:
    """`add_points` or `set_points` with the score sheet's `categories` to choose from."""
    category = Field("string", choices=tuple(categories), label="Category")
    fields = {"player": PLAYER, "category": category, "points": POINTS}
    if kind == "add_points":
        return EventSpec("Add points to a player's category.", fields)
    return EventSpec("Correction: set a player's points in a category, replacing what was there.", fields)


def shared(*names: str, categories: Sequence[str] = (), described: Mapping[str, str] | None = None
           ) -> dict[str, EventSpec]:
    """The shared events `names` (of NAMES) as a game opts into them; `categories` are the choices of the points
    events' category; `described` gives an event a description in the game's words (its fields stay shared)."""
    unknown = sorted(set(names) - set(NAMES)) + sorted(set(described or {}) - set(names))
    if unknown:
        raise TypeError(f"not a shared event a game opted into: {', '.join(unknown)}; "
                        f"shared events: {', '.join(NAMES)}")
    fixed = {"note": NOTE, "rename_player": RENAME_PLAYER, "roll": ROLL, "finish": FINISH}
    events = {}
    for name in names:
        spec = points(name, categories) if name in ("add_points", "set_points") else fixed[name]
        if described and name in described:
            spec = replace(spec, description=described[name])
        events[name] = spec
    return events


def note(state: Any, p: dict[str, Any]) -> Any:
    return replace(state, notes=state.notes + (p["text"],))


def roll(state: Any, p: dict[str, Any]) -> Any:
    """Keeps the faces the roll recorded (RuleError for an imported roll without them)."""
    return replace(state, rolls=state.rolls + (tuple(dice.results(p)),))


def renamed(names: Sequence[str], player: int, name: str, unique: bool = False) -> tuple[str, ...]:
    """The players' names with `player` called `name` (trimmed; blank keeps the old name); `unique` refuses a name
    another player has, whatever its case."""
    name = name.strip()
    if unique:
        taken = next((n for i, n in enumerate(names) if i != player and n.casefold() == name.casefold()), None)
        if taken:
            raise RuleError(f"Another player is already called {taken}.")
    return tuple(name or old if i == player else old for i, old in enumerate(names))


def rename_player(state: Any, p: dict[str, Any]) -> Any:
    return replace(state, players=renamed(state.players, p["player"], p["name"]))


def finish(state: Any, p: dict[str, Any]) -> Any:
    return replace(state, finished=True)


MOVES: dict[str, Callable[[Any, dict[str, Any]], Any]] = {
    "note": note, "roll": roll, "rename_player": rename_player, "finish": finish}
