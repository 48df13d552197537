"""The tracker any game gets from its game.toml alone: points per category, counters, tracks, rounds, the end.

A designer's own game has no rules module; its [scoring] table is enough to play it at the table with the
same log, undo and live sync as every game: the score sheet's categories, per-player counters with bounds
(health, coins), shared tracks (a danger track), rounds, and what ends the game (the last round, a total of
points, a counter or track reaching a mark). The app defends what it tracks: a counter never leaves its
bounds, nothing changes once the game is over, and the winner follows the sheet (ties broken by a counter
when game.toml names one).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any
from collections.abc import Mapping

from companion.rules import dice, shared_events
from companion.rules.contract import Game, RuleError, Rules, SetupConfig, recent
from companion.rules.fields import EventSpec, Field
from companion.rules.legal import Choice, Move
from companion.rules.shared_events import PLAYER

STEP = Field("integer", minimum=-99999, maximum=99999, label="By how much", description="Negative to go down.")
VALUE = Field("integer", minimum=-100000, maximum=100000, label="New value")


@dataclass(frozen=True)
class Meter:
    """A counter (one value per player) or a track (one for the table): its words, start and bounds."""

    id: str
    label: str
    start: int
    low: int
    high: int | None
    ends_game_at: int | None

    def check(self, value: int, whose: str) -> None:
        if value < self.low:
            raise RuleError(f"{whose}{self.label} cannot go below {self.low}.")
        if self.high is not None and value > self.high:
            raise RuleError(f"{whose}{self.label} cannot go above {self.high}.")


@dataclass(frozen=True)
class Sheet:
    """The tracker: each player's points per category and counters, the tracks, the round, rolls and notes."""

    players: tuple[str, ...]
    categories: tuple[str, ...]
    points: tuple[tuple[int, ...], ...]  # points[player][category]
    round: int = 1
    rounds: int | None = None
    lowest_wins: bool = False
    rolls: tuple[tuple[int, ...], ...] = ()
    notes: tuple[str, ...] = ()
    finished: bool = False
    counter_specs: tuple[Meter, ...] = ()
    counters: tuple[tuple[int, ...], ...] = ()  # counters[player][counter]
    track_specs: tuple[Meter, ...] = ()
    tracks: tuple[int, ...] = ()
    end_points: int | None = None
    end_when: str = "end_of_round"
    last_round: bool = False      # the end has been reached; the game is over when this round ends
    tie_break: str | None = None  # a counter id: more of it wins a tie
    ended_by: str = ""            # why the game is over, in words


def _meters(table: Mapping[str, Any]) -> tuple[Meter, ...]:
    return tuple(Meter(mid, spec["label"], spec["start"], spec["min"], spec["max"], spec.get("ends_game_at"))
                 for mid, spec in (table or {}).items())


def rules(game: Any) -> Rules:
    """The tracker's rules for `game`, with its own categories, counters and tracks in the event schemas."""
    scoring = game.scoring
    categories = tuple(scoring["categories"])
    counters, tracks = _meters(scoring.get("counters")), _meters(scoring.get("tracks"))
    events = {
        **shared_events.shared("add_points", "set_points", categories=categories),
        "next_round": EventSpec("End this round and start the next (the last round ends the game)."),
        **shared_events.shared("rename_player", "note", "roll", "finish"),
    }
    if counters:
        counter = Field("string", choices=tuple(c.id for c in counters), label="Counter",
                        labels={c.id: c.label for c in counters})
        events["change_counter"] = EventSpec("Move a player's counter up or down.",
                                             {"player": PLAYER, "counter": counter, "by": STEP})
        events["set_counter"] = EventSpec("Correction: set a player's counter to a value.",
                                          {"player": PLAYER, "counter": counter, "value": VALUE})
    if tracks:
        track = Field("string", choices=tuple(t.id for t in tracks), label="Track",
                      labels={t.id: t.label for t in tracks})
        events["change_track"] = EventSpec("Move a track up or down.", {"track": track, "by": STEP})
        events["set_track"] = EventSpec("Correction: set a track to a value.", {"track": track, "value": VALUE})
    end = scoring.get("end") or {}

    def setup(config: SetupConfig) -> Sheet:
        if not config.players:
            raise RuleError("A game needs at least one player.")
        if config.options:
            raise RuleError(f"{game.title} has no setup options.")
        return Sheet(players=config.players, categories=categories,
                     points=tuple((0,) * len(categories) for _ in config.players),
                     rounds=scoring.get("rounds"), lowest_wins=bool(scoring.get("lowest_wins")),
                     counter_specs=counters, counters=tuple(tuple(c.start for c in counters) for _ in config.players),
                     track_specs=tracks, tracks=tuple(t.start for t in tracks),
                     end_points=end.get("points"), end_when=end.get("when", "end_of_round"),
                     tie_break=scoring.get("tie_break"))

    labels = {m.id: m.label for m in counters + tracks}
    sheet = Game(name=game.title, events=events, moves={kind: MOVES[kind] for kind in events}, setup=setup,
                 score=score, view=view, prepare=prepare, over=over, version="generic-2",
                 describe=lambda event, players, data: describer(labels)(event, players), legal=legal,
                 corrections=("set_points", "set_counter", "set_track", "roll", "note", "rename_player"))
    return sheet.rules(game.slug, game)


def legal(state: Sheet) -> list[Move]:
    """The sheet's moves: points for each player, each counter and track a step up or down within its bounds, a
    die as it fell (or rolled for the table), the round's end, and ending the game by agreement; setting a value
    by hand is a correction."""
    if state.finished:
        return []
    moves = []
    category = (Choice("category", "Category", "pick", tuple((c, c) for c in state.categories)),)
    for seat, name in enumerate(state.players):
        fixed = {"player": seat} if len(state.categories) > 1 else {"player": seat, "category": state.categories[0]}
        moves.append(Move("add_points", f"Points for {name}", fixed,
                          (category if len(state.categories) > 1 else ()) + (
                              Choice("points", "Points (negative to take away)", "number", low=-999, high=999),),
                          seat=seat, submit="Add the points"))
        for i, meter in enumerate(state.counter_specs):
            fixed = {"player": seat, "counter": meter.id}
            for by, sign, words in ((-1, "−", "down"), (1, "+", "up")):
                moves.append(Move("change_counter", f"{name}'s {meter.label} {words} by 1", {**fixed, "by": by},
                                  seat=seat, short=sign))
            moves.append(Move("change_counter", f"Move {name}'s {meter.label} by more", fixed,
                              (_by(state.counters[seat][i], meter),), seat=seat, submit="Move it"))
    for i, meter in enumerate(state.track_specs):
        for by, sign, words in ((-1, "−", "down"), (1, "+", "up")):
            moves.append(Move("change_track", f"{meter.label} {words} by 1", {"track": meter.id, "by": by},
                              short=sign))
        moves.append(Move("change_track", f"Move the {meter.label} track by more", {"track": meter.id},
                          (_by(state.tracks[i], meter),), submit="Move it"))
    moves.append(Move("roll", "A die roll", {"sides": 6}, (
        Choice("fell", "How the die fell", "dice", tuple((n, str(n)) for n in range(1, 7)), draw="Roll for us"),),
        group="chance", submit="Record the roll"))
    last = state.last_round or (state.rounds is not None and state.round >= state.rounds)
    moves.append(Move("next_round", f"End round {state.round}" + (": the last round, the game ends" if last else ""),
                      primary=True, group="end" if last else "turn"))
    own_end = state.rounds is not None or state.end_points is not None or any(
        m.ends_game_at is not None for m in (*state.counter_specs, *state.track_specs))
    # without an end of its own, the table's "finish" is how the game ends (a play stopped early otherwise)
    moves.append(Move("finish", "Stop the game here: the scores as they stand decide" if own_end else
                      "End the game: the scores as they stand decide", group="end", primary=not own_end))
    return moves


def _by(value: int, meter: Meter) -> Choice:
    """How far a counter or track at `value` may move and stay within its bounds (and the step's limits)."""
    most = STEP.maximum if STEP.maximum is not None else 99999
    top = meter.high if meter.high is not None else value + most
    return Choice("by", "By how much (negative to go down)", "number", low=max(meter.low - value, -most),
                  high=min(top - value, most))


def prepare(state: Sheet, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A roll the table entered is kept as it fell (checked against the dice); otherwise the app rolls."""
    return dice.settle(payload, rng) if kind == "roll" else payload


def over(state: Sheet) -> str | None:
    """Why nothing may change any more (only notes and names), or None while the game goes on."""
    if not state.finished:
        return None
    return (f"The game is over{' (' + state.ended_by + ')' if state.ended_by else ''}: undo its end on the History "
            "page to change anything.")


def _points(state: Sheet, p: dict[str, Any], add: bool) -> Sheet:
    column = state.categories.index(p["category"])
    row = list(state.points[p["player"]])
    row[column] = row[column] + p["points"] if add else p["points"]
    return _ends(replace(state, points=state.points[:p["player"]] + (tuple(row),) + state.points[p["player"] + 1:]))


def _track(state: Sheet, p: dict[str, Any]) -> Sheet:
    index = [t.id for t in state.track_specs].index(p["track"])
    meter = state.track_specs[index]
    value = state.tracks[index] + p["by"] if "by" in p else p["value"]
    meter.check(value, "The ")
    return _ends(replace(state, tracks=state.tracks[:index] + (value,) + state.tracks[index + 1:]))


def _next_round(state: Sheet, p: dict[str, Any]) -> Sheet:
    if state.last_round:
        return replace(state, finished=True, ended_by=state.ended_by or f"round {state.round} was the last")
    if state.rounds is not None and state.round >= state.rounds:
        return replace(state, finished=True, ended_by=f"round {state.round} of {state.rounds} was the last")
    return replace(state, round=state.round + 1)


MOVES: dict[str, Any] = {
    "add_points": lambda s, p: _points(s, p, add=True),
    "set_points": lambda s, p: _points(s, p, add=False),
    "change_counter": lambda s, p: _ends(_counter(s, p)),
    "set_counter": lambda s, p: _ends(_counter(s, p)),
    "change_track": _track,
    "set_track": _track,
    "next_round": _next_round,
    "rename_player": lambda s, p: replace(s, players=shared_events.renamed(s.players, p["player"], p["name"],
                                                                           unique=True)),
    "note": shared_events.note,
    "roll": shared_events.roll,
    "finish": lambda s, p: replace(s, finished=True, ended_by="ended by the table"),
}


def _counter(state: Sheet, p: Mapping[str, Any]) -> Sheet:
    index = [c.id for c in state.counter_specs].index(p["counter"])
    row = list(state.counters[p["player"]])
    value = row[index] + p["by"] if "by" in p else p["value"]
    state.counter_specs[index].check(value, f"{state.players[p['player']]}'s ")
    row[index] = value
    return replace(state, counters=state.counters[:p["player"]] + (tuple(row),) + state.counters[p["player"] + 1:])


def _ends(state: Sheet) -> Sheet:
    """The game after a change: over at once when a counter or track reaches its mark, or when a total reaches
    the points that end the game (at once, or when this round ends, as game.toml says)."""
    for i, meter in enumerate(state.counter_specs):
        for who, row in zip(state.players, state.counters):
            if meter.ends_game_at is not None and row[i] == meter.ends_game_at:
                return replace(state, finished=True, ended_by=f"{who}'s {meter.label} reached {meter.ends_game_at}")
    for meter, value in zip(state.track_specs, state.tracks):
        if meter.ends_game_at is not None and value == meter.ends_game_at:
            return replace(state, finished=True, ended_by=f"the {meter.label} track reached {value}")
    if state.end_points is not None:
        reached = [who for who, row in zip(state.players, state.points) if sum(row) >= state.end_points]
        if reached:
            why = f"{reached[0]} reached {state.end_points} points"
            if state.end_when == "at_once":
                return replace(state, finished=True, ended_by=why)
            return replace(state, last_round=True, ended_by=why)
        return replace(state, last_round=False, ended_by="")
    return state


def score(state: Sheet) -> dict[str, Any]:
    """Totals, places (tied players share a place unless game.toml names a counter that breaks ties) and the
    winners (all who share first place)."""
    totals = [sum(row) for row in state.points]
    sign = -1 if state.lowest_wins else 1
    breaker = [c.id for c in state.counter_specs].index(state.tie_break) if state.tie_break else None
    key = [(sign * t, state.counters[i][breaker] if breaker is not None else 0) for i, t in enumerate(totals)]
    places = [1 + sum(1 for k in key if k > mine) for mine in key]
    rows = []
    for i, (name, total, place, row) in enumerate(zip(state.players, totals, places, state.points)):
        entry: dict[str, Any] = {"name": name, "total": total, "place": place,
                                 "categories": dict(zip(state.categories, row))}
        if breaker is not None and any(t == total and j != i for j, t in enumerate(totals)):
            label = state.counter_specs[breaker].label
            entry["tie_break"] = (f"tied on {total} points; {label} {state.counters[i][breaker]} breaks the tie "
                                  f"(more {label} places higher)")
        rows.append(entry)
    return {"players": rows, "winners": [i for i, place in enumerate(places) if place == 1] if state.finished else [],
            "finished": state.finished}


def view(state: Sheet) -> dict[str, Any]:
    return {"players": list(state.players), "categories": list(state.categories),
            "points": [list(row) for row in state.points], "round": state.round, "rounds": state.rounds,
            "counters": [{"id": c.id, "label": c.label, "min": c.low, "max": c.high, "ends_game_at": c.ends_game_at,
                          "values": [row[i] for row in state.counters]} for i, c in enumerate(state.counter_specs)],
            "tracks": [{"id": t.id, "label": t.label, "min": t.low, "max": t.high, "ends_game_at": t.ends_game_at,
                        "value": state.tracks[i]} for i, t in enumerate(state.track_specs)],
            "end_points": state.end_points, "last_round": state.last_round, "ended_by": state.ended_by,
            "rolls": [list(r) for r in recent(state.rolls)], "notes": recent(state.notes), "finished": state.finished}


def describer(labels: Mapping[str, str]):
    """The tracker's own moves in words, counters and tracks by their labels (points, notes and the rest are
    the shared wording's)."""

    def describe(event: Mapping[str, Any], players: Any) -> str | None:
        p = event.get("payload") or {}
        who = players[p["player"]] if isinstance(p.get("player"), int) and 0 <= p["player"] < len(players) else "A player"
        name = labels.get(str(p.get("counter") or p.get("track")), "counter")
        by = p["by"] if isinstance(p.get("by"), int) else 0
        moved = f"{'goes up' if by >= 0 else 'goes down'} by {abs(by)}"
        if event["type"] == "change_counter":
            return f"{who}'s {name} {moved}."
        if event["type"] == "set_counter":
            return f"Correction: {who}'s {name} is set to {p.get('value')}."
        if event["type"] == "change_track":
            return f"The {name} track {moved}."
        if event["type"] == "set_track":
            return f"Correction: the {name} track is set to {p.get('value')}."
        if event["type"] == "next_round":
            return "The round ends."
        if event["type"] == "finish":
            return "The table ends the game."
        return None
    return describe
