"""Playtests beside the lab: a game's playtest plays, grouped by player count and options, against seeded bot games.

For each group the lab plays `lab_games` games at the same player count and options (companion.simulate.lab.run,
bot level 1) and each figure is set side by side: win rate by seat, length in rounds, end conditions, scores; with
the difference, a p-value (companion.plays.significance) and a sentence. Plays stopped early are counted apart.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass
from typing import Any
from collections.abc import Callable

from cardgen.gamedata import GameDataError
from companion.plays import significance as sig
from companion.plays.as_results import split
from companion.plays.records import LENGTHS, Play
from companion.rules import RuleError
from companion.simulate import figures as lab_figures
from companion.simulate import lab
from companion.simulate.models import MODELS
from companion.simulate.record import GameResult, SimulationError
from companion.simulate.report import summarise

LEVELS = (1,)  # the lab's bots play at level 1
NO_MODEL = "The lab has no model of this game to compare with, so these are the real plays alone."


@dataclass(frozen=True)
class Row:
    """One figure side by side: the real one, the lab's, the p-value and its sentence (lab None: nothing to compare)."""

    label: str
    real: float
    lab: float | None = None
    p: float | None = None
    verdict: str = ""

    @property
    def difference(self) -> float | None:
        return None if self.lab is None else self.real - self.lab


@dataclass(frozen=True)
class Spread:
    """Min, median, mean and max of some scores, real and the lab's (None: none to show)."""

    label: str
    real: tuple[float, float, float, float] | None
    lab: tuple[float, float, float, float] | None
    p: float | None = None
    verdict: str = ""


@dataclass(frozen=True)
class End:
    """One way the game ended: how many real plays ended so, their share and the lab's share (both in per cent)."""

    end: str
    plays: int
    percent: float
    lab_percent: float | None


@dataclass(frozen=True)
class Group:
    """The plays of one player count and set of options, with the lab's games beside them."""

    players: int
    options: tuple[tuple[str, Any], ...]       # the options the lab plays with
    unknown: tuple[str, ...]                   # options the lab does not take: listed, not compared
    plays: int                                 # plays compared
    apart: int                                 # plays stopped early (or of unknown length), left out
    lab_games: int                             # 0: no lab games beside them
    lab_players: int
    note: str                                  # why there are no lab figures ("" when there are)
    seats: tuple[Row, ...]
    length: Row | None
    ends: tuple[End, ...]
    ends_p: float | None
    ends_verdict: str
    scores: tuple[Spread, ...]
    results: tuple[GameResult, ...]            # the real plays as results (for figures)
    title: str = ""


@dataclass(frozen=True)
class FeedbackSum:
    """The players' answers summed up: how many, mean fun and clarity, the lengths counted and the notes."""

    answers: int
    fun: float | None
    clarity: float | None
    lengths: tuple[tuple[str, int], ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Report:
    """A game's playtests against the lab."""

    slug: str
    title: str
    modelled: bool
    note: str
    groups: tuple[Group, ...]
    feedback: FeedbackSum
    lab_games: int
    seed: int


def lab_options(options: Any) -> tuple[tuple[tuple[str, Any], ...], tuple[str, ...]]:
    """The options the lab takes (`--option name=value`: whole numbers, words, lists of them), sorted; and the
    names of the others."""
    taken: list[tuple[str, Any]] = []
    unknown: list[str] = []
    for key in sorted(options or {}):
        value = options[key]
        if isinstance(value, (bool, int, str)):
            taken.append((str(key), value))
        elif isinstance(value, (list, tuple)) and all(isinstance(v, (int, str)) for v in value):
            taken.append((str(key), list(value)))
        else:
            unknown.append(str(key))
    return tuple(taken), tuple(unknown)


def _key(play: Play) -> tuple[int, str]:
    taken, unknown = lab_options(play.options)
    return len(play.seats), repr((taken, unknown))


def report(game: Any, plays: list[Play], lab_games: int = 200, seed: int = 1,
           progress: Callable[[int, int], None] | None = None, title: str = "") -> Report:
    """The playtest plays of `game` (a cardgen Game) against the lab, group by group; `title` is the game's name at
    the table (the catalog's, which tells two games of one title apart), its printed title when not given."""
    title = title or game.title
    mine = [p for p in plays if p.playtest and p.slug == game.slug]
    modelled = (game.rules or game.slug) in MODELS
    groups: dict[tuple[int, str], list[Play]] = {}
    for play in sorted(mine, key=lambda p: (p.played_on, p.id)):
        groups.setdefault(_key(play), []).append(play)
    built = tuple(_group(game, groups[key], modelled, lab_games, seed, progress, title) for key in sorted(groups))
    return Report(game.slug, title, modelled, "" if modelled else NO_MODEL, built, feedback(mine), lab_games, seed)


def _group(game: Any, plays: list[Play], modelled: bool, lab_games: int, seed: int,
           progress: Callable[[int, int], None] | None = None, title: str = "") -> Group:
    taken, unknown = lab_options(plays[0].options)
    counted, apart = split(plays)
    real = [r for _, r in counted]
    seats = len(plays[0].seats)
    persons = sum(1 for s in plays[0].seats if not s.bot)
    runs, lab_players, note = [], seats, "" if modelled else NO_MODEL
    if modelled and real:
        note = ""
        for players in dict.fromkeys((seats, persons)):  # a bot beside the players (Quinn) is no seat of the lab's
            try:
                runs = lab.run(game, lab_games, players, LEVELS, seed, taken, progress)
                lab_players, note = players, ""
                break
            except (SimulationError, RuleError, GameDataError) as error:
                note = f"The lab cannot play these games: {error}"
    elif not real:
        note = "No play of these ran to its end, so there is nothing to compare."
    if runs and not any(r.winners for r in runs):
        note = "The lab's bot games name no winner, only the automated opponent's score, so wins are not compared."
    beside = bool(runs) and lab_players < seats  # the lab's seats are the automated opponents' (Quinn's score)
    scores = [[s.score for s in p.seats if s.score is not None and (s.bot or not beside)] for p, _ in counted]
    won = [[s.score for s in p.seats if s.score is not None and s.winner] for p, _ in counted]
    rows = _crew(real, runs) if plays[0].cooperative else _seat_rows(real, runs, seats)
    return Group(seats, taken, unknown, len(real), len(apart), len(runs), lab_players, note, rows,
                 _length(real, runs), *_ends(real, runs), _scores(won, scores, runs, beside), tuple(real), title or game.title)


def _crew(real: list[GameResult], runs: list[GameResult]) -> tuple[Row, ...]:
    """A co-op game's one figure: how often the crew won."""
    if not real:
        return ()
    wins, n = sum(1 for r in real if r.winners), len(real)
    if not runs:
        return (Row("the crew", 100 * wins / n),)
    rate = sum(1 for r in runs if r.winners) / len(runs)
    p = sig.binomial(wins, n, rate)
    return (Row("the crew", 100 * wins / n, 100 * rate, p, sig.sentence(p, n)),)


def _seat_rows(real: list[GameResult], runs: list[GameResult], seats: int) -> tuple[Row, ...]:
    if not real:
        return ()
    n = len(real)
    rows = []
    lab_wins = any(r.winners for r in runs)
    for seat in range(seats):
        wins = sum(1 for r in real if seat in r.winners)
        label = f"seat {seat + 1}"
        if runs and lab_wins and seat < len(runs[0].levels):
            rate = sum(1 for r in runs if seat in r.winners) / len(runs)
            p = sig.binomial(wins, n, rate)
            rows.append(Row(label, 100 * wins / n, 100 * rate, p, sig.sentence(p, n)))
        else:
            rows.append(Row(label, 100 * wins / n))
    return tuple(rows)


def _length(real: list[GameResult], runs: list[GameResult]) -> Row | None:
    if not real:
        return None
    mean = statistics.fmean(r.rounds for r in real)
    if len(runs) < 2:
        return Row("rounds", mean)
    p = sig.mean_test([r.rounds for r in real], [r.rounds for r in runs])
    return Row("rounds", mean, statistics.fmean(r.rounds for r in runs), p, sig.sentence(p, len(real)))


def _ends(real: list[GameResult], runs: list[GameResult]) -> tuple[tuple[End, ...], float | None, str]:
    seen = Counter(end for r in real for end in r.ends)
    lab_seen = Counter(end for r in runs for end in r.ends)
    total, lab_total = sum(seen.values()), sum(lab_seen.values())
    rows = tuple(End(end, seen[end], 100 * seen[end] / total if total else 0.0,
                     100 * lab_seen[end] / lab_total if lab_total else None)
                 for end in sorted(set(seen) | set(lab_seen)))
    if not total or not lab_total:
        return rows, None, ""
    p = sig.goodness_of_fit(dict(seen), {end: n / lab_total for end, n in lab_seen.items()})
    return rows, p, sig.sentence(p, len(real))


def _four(values: list[float]) -> tuple[float, float, float, float] | None:
    if not values:
        return None
    return (min(values), float(statistics.median(values)), statistics.fmean(values), max(values))


def _scores(won: list[list[float]], scores: list[list[float]], runs: list[GameResult],
            beside: bool) -> tuple[Spread, ...]:
    """Winners' and all scores of the plays (a person's seat left out when the lab plays only the opponent)."""
    out = []
    for label, real, pick in (("winners' scores", won, lambda r: [r.scores[s] for s in r.winners]),
                              ("the opponent's scores" if beside else "all scores", scores, lambda r: list(r.scores))):
        mine = [float(v) for values in real for v in values]
        theirs = [float(v) for r in runs for v in pick(r)]
        if not mine:
            continue
        p = sig.mean_test(mine, theirs) if len(theirs) >= 2 else None
        out.append(Spread(label, _four(mine), _four(theirs), p, sig.sentence(p, len(real)) if p is not None else ""))
    return tuple(out)


def feedback(plays: list[Play]) -> FeedbackSum:
    """Every answer of the plays' feedback forms summed up."""
    answers = [f for p in plays for f in p.feedback]
    fun = [f.fun for f in answers if f.fun is not None]
    clarity = [f.clarity for f in answers if f.clarity is not None]
    counted = Counter(f.length for f in answers if f.length)
    return FeedbackSum(len(answers), statistics.fmean(fun) if fun else None,
                       statistics.fmean(clarity) if clarity else None,
                       tuple((length, counted[length]) for length in LENGTHS if counted[length]),
                       tuple(f.note.strip() for f in answers if f.note.strip()))


def figures(group: Group) -> dict[str, Any]:
    """The real plays' figures in the lab's record format (companion.simulate.figures), marked as from plays."""
    if not group.results:
        raise SimulationError("There are no finished plays to record.")
    levels = tuple(sorted({lv for r in group.results for lv in r.levels}))
    summary = summarise(group.title, list(group.results), group.players, levels, 0)
    data = lab_figures.figures(summary, dict(group.options))
    del data["seed"]
    data["source"], data["plays"] = "plays", group.plays
    return data

