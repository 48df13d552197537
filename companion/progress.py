"""Each player's score after every event in effect: the game's rules folded over its log, one step at a time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules import Event, RuleError, SetupConfig
from companion.sessions import Current


@dataclass(frozen=True)
class Step:
    """The scores after one event in effect (or at the start, with seq 0)."""

    seq: int
    label: str
    totals: tuple[float, ...]


def totals(scores: dict[str, Any], players: int) -> tuple[float, ...]:
    """Each player's total from a rules module's `score()`, 0 where it has none."""
    rows = scores.get("players") or []
    values = [row.get("total", 0) if isinstance(row, dict) else 0 for row in rows[:players]]
    values += [0] * (players - len(values))
    return tuple(v if isinstance(v, (int, float)) and not isinstance(v, bool) else 0 for v in values)


def score_steps(current: Current, game_data: Any, rows: list[Any]) -> list[Step]:
    """The start and then one Step per event in effect, in log order; `rows` are the game's stored events."""
    rules, game = current.rules, current.game
    players = len(game.players)
    state = rules.setup(SetupConfig(game.players, game.options, game_data))
    steps = [Step(0, "start", totals(rules.score(state), players))]
    in_effect = set(current.ledger.done)
    for row in rows:
        if row.seq not in in_effect:
            continue
        try:
            state = rules.apply(state, Event(row.seq, row.type, row.payload))
        except RuleError:  # cannot happen for a log the app accepted; skip rather than fail the page
            continue
        steps.append(Step(row.seq, row.type.replace("_", " "), totals(rules.score(state), players)))
    return steps
