"""A simulation's results summed up: win rates by seat and level, scores, game length, end conditions, as text.

A shared victory counts as a share (two winners get half a win each), so win rates always add up to 100%.
Every number is formatted the same way on every run, so the same seed prints the same report, byte for byte.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass

from companion.simulate.record import GameResult


@dataclass(frozen=True)
class Spread:
    """Min, median, mean and max of a list of numbers."""

    low: float
    median: float
    mean: float
    high: float

    @staticmethod
    def of(values: list[float]) -> Spread:
        return Spread(min(values), statistics.median(values), statistics.fmean(values), max(values))

    def row(self) -> str:
        return f"{self.low:>8g} {self.median:>8g} {self.mean:>8.1f} {self.high:>8g}"


@dataclass(frozen=True)
class Summary:
    """The figures of a run of games."""

    title: str
    games: int
    players: int
    levels: tuple[int, ...]
    seed: int
    seat_wins: tuple[float, ...]                 # win shares by seat
    level_wins: tuple[tuple[int, float, int], ...]  # (level, win shares, seats played)
    level_scores: tuple[tuple[int, tuple[int, ...]], ...]  # every score of each level
    turns: tuple[int, ...]
    rounds: tuple[int, ...]
    phases: tuple[int, ...]
    ends: tuple[tuple[str, int], ...]


def summarise(title: str, results: list[GameResult], players: int, levels: tuple[int, ...], seed: int) -> Summary:
    seat_wins = [0.0] * players
    wins: dict[int, float] = defaultdict(float)  # win shares by level
    played: Counter = Counter()
    scores: dict[int, list[int]] = {}
    ends: Counter = Counter()
    for r in results:
        for seat, level in enumerate(r.levels):
            played[level] += 1
            scores.setdefault(level, []).append(r.scores[seat])
        for seat in r.winners:
            seat_wins[seat] += 1 / len(r.winners)
            wins[r.levels[seat]] += 1 / len(r.winners)
        ends.update(r.ends)
    return Summary(title, len(results), players, levels, seed, tuple(seat_wins),
                   tuple((lv, wins[lv], played[lv]) for lv in sorted(played)),
                   tuple((lv, tuple(scores[lv])) for lv in sorted(scores)),
                   tuple(r.turns for r in results), tuple(r.rounds for r in results),
                   tuple(r.phases for r in results), tuple(sorted(ends.items())))


def text(s: Summary, minutes_per_turn: float | None = None) -> str:
    """The report as a table for the terminal."""
    games = s.games
    lines = [f"{s.title}: {games} games, {s.players} players, bot levels {' '.join(map(str, s.levels))}, "
             f"seed {s.seed}", ""]
    if any(s.seat_wins):
        lines += ["Wins by seat"]
        lines += [f"  seat {seat + 1}: {100 * w / games:6.1f}%" for seat, w in enumerate(s.seat_wins)]
    else:  # a solo opponent's games: the bot's own score is the result
        lines += ["No winners scored: each game reports the bot's own score."]
    lines += ["", "By bot level      seats   win share   per seat       min   median     mean      max"]
    scores = dict(s.level_scores)
    for level, w, played in s.level_wins:
        per_game = played / games  # seats of this level in a game
        lines.append(f"  level {level:<10} {played:>5} {100 * w / games:10.1f}% {100 * w / games / per_game:9.1f}%"
                     f"  {Spread.of(list(scores[level])).row()}")
    lines += ["", "Game length            min   median     mean      max",
              f"  turns (all seats) {Spread.of(list(s.turns)).row()}",
              f"  full rounds       {Spread.of(list(s.rounds)).row()}"]
    if any(p != 1 for p in s.phases):
        lines.append(f"  scored rounds     {Spread.of(list(s.phases)).row()}")
    if minutes_per_turn:
        lines.append(f"  minutes (at {60 * minutes_per_turn:g} s a turn) "
                     f"{Spread.of([t * minutes_per_turn for t in s.turns]).row()}")
    total = sum(n for _, n in s.ends)
    lines += ["", "End conditions"]
    lines += [f"  {end:<22} {n:>6}  {100 * n / total:5.1f}%" for end, n in s.ends]
    return "\n".join(lines) + "\n"
