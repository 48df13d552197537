"""A simulation's figures as data: what `--record` writes into the game's `lab/` folder and the rulebook quotes.

Every number is rounded the same way on every run (means to one decimal, win shares to one decimal of a
per cent), so the same command and seed give the same file, byte for byte, and `--verify` can compare.
"""

from __future__ import annotations

import json
import shlex
import statistics
from pathlib import Path
from typing import Any

from cardgen.build.staging import Staging
from companion.simulate.report import Summary

FORMAT = 1  # the layout of a record; a change is a new format, and old records are re-recorded


def spread(values: list[float]) -> dict[str, float]:
    """Min, the 10th percentile, median, mean, the 90th percentile and max (the middle 80% lies from p10 to p90)."""
    deciles = statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 else [values[0]] * 9
    return {"min": _number(min(values)), "p10": _number(deciles[0]), "median": _number(statistics.median(values)),
            "mean": round(statistics.fmean(values), 1), "p90": _number(deciles[8]), "max": _number(max(values))}


def figures(summary: Summary, options: dict[str, Any]) -> dict[str, Any]:
    games = summary.games
    scores = dict(summary.level_scores)
    ends_total = sum(n for _, n in summary.ends) or 1
    return {
        "format": FORMAT, "games": games, "players": summary.players, "levels": list(summary.levels),
        "seed": summary.seed, "options": options,
        "seat_win_percent": [round(100 * w / games, 1) for w in summary.seat_wins],
        "by_level": {str(level): {"seats": played, "win_percent": round(100 * wins / games, 1),
                                  "win_percent_per_seat": round(100 * wins / played, 1), "score": spread(list(scores[level]))}
                     for level, wins, played in summary.level_wins},
        "turns": spread(list(summary.turns)), "rounds": spread(list(summary.rounds)),
        "scored_rounds": spread(list(summary.phases)),
        "ends": {end: {"games": n, "percent": round(100 * n / ends_total, 1)} for end, n in summary.ends},
    }


def command_line(slug: str, games: int, players: int, levels: tuple[int, ...], seed: int,
                 options: tuple[tuple[str, Any], ...]) -> str:
    """The command that plays these games again."""
    words = ["companion", "simulate", slug, "--games", str(games), "--players", str(players),
             "--bots", ",".join(map(str, levels)), "--seed", str(seed)]
    for key, value in options:
        words += ["--option", f"{key}={','.join(map(str, value)) if isinstance(value, list) else value}"]
    return shlex.join(words)


def record(folder: Path, name: str, command: str, data: dict[str, Any]) -> Path:
    """Writes `folder/lab/<name>.json` atomically, as cardgen writes a build's files (a staging folder, then a
    rename: the file has the umask's mode, 0644 as a rule, where mkstemp would make it 0600); returns its path."""
    text = json.dumps({"command": command, "figures": data}, indent=2, sort_keys=True) + "\n"
    with Staging(folder / "lab") as staging:
        staging.path(f"{name}.json").write_text(text, encoding="utf-8")
        return staging.commit()[0]


def drift(recorded: Any, now: Any, where: str = "") -> list[str]:
    """Each figure that differs between a record and a new run, as "path: recorded -> now"."""
    if isinstance(recorded, dict) and isinstance(now, dict):
        return [line for key in sorted(set(recorded) | set(now))
                for line in drift(recorded.get(key), now.get(key), f"{where}.{key}" if where else str(key))]
    return [] if recorded == now else [f"{where}: {recorded!r} -> {now!r}"]


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 1)
