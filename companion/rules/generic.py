"""The score sheet any game gets from its game.toml alone: points per category, rounds, dice, notes.

A designer's own game has no rules module; its [scoring] table (categories, lowest_wins, rounds)
is enough to keep score at the table, with the same log, undo and live sync as every game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from companion.rules.contract import Event, RuleError, Rules, SetupConfig
from companion.rules.fields import EventSpec, Field

POINTS = Field("integer", minimum=-99999, maximum=99999, description="Points (negative to take away).")
PLAYER = Field("integer", minimum=0, maximum=99, description="The player's position, counting from 0.")


@dataclass(frozen=True)
class Sheet:
    """The score sheet: each player's points per category, the round, rolls and notes."""

    players: tuple[str, ...]
    categories: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]  # points[player][category]
    round: int = 1
    rounds: int | None = None
    lowest_wins: bool = False
    rolls: tuple[tuple[int, ...], ...] = ()
    notes: tuple[str, ...] = ()
    finished: bool = False


def rules(game: Any) -> Rules:
    """The generic rules for `game`, with its own categories in the event schemas."""
    categories = tuple(game.scoring["categories"])
    category = Field("string", choices=categories, description="A score category of this game.")
    events = {
        "add_points": EventSpec("Add points to a player's category.",
                                {"player": PLAYER, "category": category, "points": POINTS}),
        "set_points": EventSpec("Set a player's points in a category, replacing what was there.",
                                {"player": PLAYER, "category": category, "points": POINTS}),
        "next_round": EventSpec("Start the next round."),
        "rename_player": EventSpec("Change a player's name.", {"player": PLAYER,
                                                                "name": Field("string", max_length=40)}),
        "note": EventSpec("Write a note in the game's log.", {"text": Field("string", max_length=500)}),
        "roll": EventSpec("Dice rolled at the table (enter how they fell), or rolled by the app for the table.",
                          {"dice": Field("integer", minimum=1, maximum=10, required=False, default=1,
                                         label="How many dice"),
                           "sides": Field("integer", minimum=2, maximum=100, required=False, default=6,
                                          label="Sides of each die"),
                           "fell": Field("array", items=Field("integer", minimum=1, maximum=100), max_items=10,
                                         required=False, label="How they fell",
                                         description="Leave empty for the app to roll.")},
                          random=True),
        "finish": EventSpec("End the game: no more points can be added."),
    }

    def setup(config: SetupConfig) -> Sheet:
        if not config.players:
            raise RuleError("A game needs at least one player.")
        return Sheet(players=config.players, categories=categories,
                     points=tuple((0,) * len(categories) for _ in config.players),
                     rounds=game.scoring.get("rounds"), lowest_wins=bool(game.scoring.get("lowest_wins")))

    return Rules(slug=game.slug, events=events, setup=setup, apply=apply, score=score, view=view, prepare=prepare,
                 version="generic-1")


def prepare(state: Sheet, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A roll the table entered is kept as it fell (checked against the dice); otherwise the app rolls."""
    if kind != "roll":
        return payload
    fell = payload.get("fell")
    if fell:
        if any(face > payload["sides"] for face in fell):
            raise RuleError(f"A die with {payload['sides']} sides shows 1 to {payload['sides']}, not "
                            f"{max(fell)}.")
        return {**payload, "dice": len(fell), "results": list(fell), "entered": True}
    return {**payload, "results": [rng.randint(1, payload["sides"]) for _ in range(payload["dice"])]}


def apply(state: Sheet, event: Event) -> Sheet:
    p = event.payload
    if state.finished and event.type not in ("note", "rename_player"):
        raise RuleError("The game is over: undo its end (on the History page) to change the scores.")
    if "player" in p and not 0 <= p["player"] < len(state.players):
        raise RuleError(f"This game has {len(state.players)} players; choose one of them.")
    if event.type in ("add_points", "set_points"):
        column = state.categories.index(p["category"])
        row = list(state.points[p["player"]])
        row[column] = row[column] + p["points"] if event.type == "add_points" else p["points"]
        points = state.points[:p["player"]] + (tuple(row),) + state.points[p["player"] + 1:]
        return replace(state, points=points)
    if event.type == "next_round":
        if state.rounds is not None and state.round >= state.rounds:
            raise RuleError(f"This game has {state.rounds} rounds and round {state.round} is the last.")
        return replace(state, round=state.round + 1)
    if event.type == "rename_player":
        players = list(state.players)
        players[p["player"]] = p["name"].strip() or players[p["player"]]
        return replace(state, players=tuple(players))
    if event.type == "note":
        return replace(state, notes=state.notes + (p["text"],))
    if event.type == "roll":
        return replace(state, rolls=state.rolls + (tuple(p["results"]),))
    if event.type == "finish":
        return replace(state, finished=True)
    raise RuleError(f"Unknown event {event.type!r}.")


def score(state: Sheet) -> dict[str, Any]:
    """Totals, places (tied players share a place) and the winners (all who share first place)."""
    totals = [sum(row) for row in state.points]
    ahead = (lambda t, total: t < total) if state.lowest_wins else (lambda t, total: t > total)
    places = [1 + sum(1 for t in totals if ahead(t, total)) for total in totals]  # ties share: 1, 2, 2, 4
    return {
        "players": [{"name": name, "total": total, "place": place,
                     "categories": dict(zip(state.categories, row))}
                    for name, total, place, row in zip(state.players, totals, places, state.points)],
        "winners": [i for i, place in enumerate(places) if place == 1] if state.finished else [],
        "finished": state.finished,
    }


def view(state: Sheet) -> dict[str, Any]:
    return {"players": list(state.players), "categories": list(state.categories),
            "points": [list(row) for row in state.points], "round": state.round, "rounds": state.rounds,
            "rolls": [list(r) for r in state.rolls], "notes": list(state.notes), "finished": state.finished}
