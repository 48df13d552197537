"""Each seat's score over the game: the game's rules folded over its log, read at the end of each round.

A game whose view names its `round` is charted by rounds; one with only a turn number (`turn.number`) by
turns; any other by moves. An automated opponent on the scoreboard (`automa`) is charted as a seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.rules import Event, RuleError, Rules, SetupConfig
from companion.table.sessions import Current


@dataclass(frozen=True, slots=True)
class Step:
    """The scores after one event in effect (or at the start, with seq 0), and the round or turn it fell in (the one
    the game was in when the event was made)."""

    seq: int
    label: str
    totals: tuple[float, ...]
    moment: int | None = None


def seat_names(scores: dict[str, Any], players: list[str]) -> list[str]:
    """The players, and the automated opponent when the scoreboard has one."""
    automa = scores.get("automa")
    return players + ([str(automa.get("name", "Automa"))] if isinstance(automa, dict) else [])


def totals(scores: dict[str, Any], seats: int) -> tuple[float, ...]:
    """Each seat's total from a rules module's `score()` (players, then the automa), 0 where it has none."""
    rows = list(scores.get("players") or [])
    if isinstance(scores.get("automa"), dict):
        rows = rows[:seats - 1] + [{}] * (seats - 1 - len(rows[:seats - 1])) + [scores["automa"]]
    values = [row.get("total", 0) if isinstance(row, dict) else 0 for row in rows[:seats]]
    values += [0] * (seats - len(values))
    return tuple(v if isinstance(v, (int, float)) and not isinstance(v, bool) else 0 for v in values)


def unit_of(view: dict[str, Any]) -> str:
    """What the chart counts for this game: "round", "turn" or "move"."""
    if isinstance(view.get("round"), int):
        return "round"
    turn = view.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("number"), int):
        return "turn"
    return "move"


def moment(view: dict[str, Any], unit: str) -> int | None:
    """The round or turn the game is in, by its view; None for a game charted by moves."""
    if unit == "round":
        return view.get("round") if isinstance(view.get("round"), int) else None
    if unit == "turn":
        turn = view.get("turn")
        return turn.get("number") if isinstance(turn, dict) and isinstance(turn.get("number"), int) else None
    return None


def first_step(current: Current, game_data: Any) -> tuple[str, int, Any, Step]:
    """What the steps count, how many seats they score, the state at the start and the start's Step."""
    rules, game = current.rules, current.game
    state = rules.setup(SetupConfig(game.players, game.options, game_data))
    seats = len(seat_names(rules.score(current.state), list(game.players)))
    unit = unit_of(rules.view(state))
    return unit, seats, state, Step(0, "start", totals(rules.score(state), seats), moment(rules.view(state), unit))


def fold_steps(rules: Rules, unit: str, seats: int, state: Any, now: int | None,
               rows: Iterable[Any]) -> tuple[Any, int | None, list[Step]]:
    """The rules folded over `rows` (events in effect, in order) from `state` in round or turn `now`: the state
    after them, the round or turn it is in, and one Step per event the rules applied."""
    steps = []
    for row in rows:
        try:
            state = rules.apply(state, Event(row.seq, row.type, row.payload))
        except RuleError:  # cannot happen for a log the app accepted; skip rather than fail the page
            continue
        # an event falls in the round (or turn) it was made in: the one that ends round 1 and scores it moves the
        # view on to round 2, yet its scores are round 1's
        steps.append(Step(row.seq, "", totals(rules.score(state), seats), now))
        now = moment(rules.view(state), unit) if unit != "move" else None
    return state, now, steps


def score_steps(current: Current, game_data: Any, rows: list[Any]) -> tuple[str, list[Step]]:
    """What the steps count ("round", "turn" or "move") and the start plus one Step per event in effect, folded
    from scratch over the whole log `rows` (companion.table.views keeps them per game instead)."""
    unit, seats, state, start = first_step(current, game_data)
    in_effect = set(current.ledger.done)
    _, _, steps = fold_steps(current.rules, unit, seats, state, start.moment, (r for r in rows if r.seq in in_effect))
    return unit, [start] + steps


def by_moment(unit: str, steps: list[Step], most: int | None = None) -> list[Step]:
    """The scores as they stood at the end of each round (or turn); every move for a game with neither. With
    `most`, no more than that many: evenly spaced ones, the start and the last always among them."""
    if unit == "move":
        return [Step(steps[i].seq, "start" if i == 0 else f"move {i}", steps[i].totals, i)
                for i in spaced(len(steps), most)]
    last: dict[int, Step] = {}
    for step in steps[1:]:
        if step.moment is not None and (unit != "round" or step.moment >= 1):  # a round 0 is the setup: the start
            last[step.moment] = step
    start = Step(0, "start", steps[0].totals, 0)
    rounds = [start] + [Step(s.seq, f"{unit} {m}", s.totals, m) for m, s in sorted(last.items())]
    return [rounds[i] for i in spaced(len(rounds), most)]


def spaced(count: int, most: int | None) -> list[int]:
    """Indices of `count` items, all of them, or at most `most` evenly spaced ones with the first and the last."""
    if most is None or count <= most:
        return list(range(count))
    every = -(-(count - 1) // (most - 1))  # the gap that keeps the points within `most`
    return [*range(0, count - 1, every), count - 1]
