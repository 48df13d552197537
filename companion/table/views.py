"""What the summary and history pages read, kept per game in the process and brought up to date from the log.

A game's score steps are folded once and then extended by the events in effect appended since; an undo or redo
that changed which events are in effect folds again only from the last kept state before the change. The undos
of the log (which undo took an event back) are kept the same way. Both are least-recently-used caches bounded in
games and in steps, so a long game costs its fold once per process, not once per request.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

from companion.rules import Rules
from companion.storage.store import EventRow, GameRow
from companion.table.pacing import pause
from companion.table.progress import Step, by_moment, first_step, fold_steps
from companion.table.sessions import Current, Sessions

CHUNK = 1000          # events read at a time
FOLD = 200            # events folded at a time: the worker's other requests run between (about 30 ms of the costliest)
CHECKPOINT = 500      # a state is kept every this many events folded, to fold again from after an undo
MOST_POINTS = 250     # points of a chart (and rows of its table): a longer game shows evenly spaced ones
MAX_GAMES = 300       # games kept per process
MAX_STEPS = 600_000   # steps kept per process, all games together (a step is about 150 bytes)


@dataclass(frozen=True)
class Mark:
    """Where a fold stands: how many of the events in effect it has folded, the state then, the round or turn the
    game is in and how many steps it has made."""

    folded: int
    state: Any
    now: int | None
    steps: int


@dataclass
class Kept:
    """A game's score steps as folded over `done` (the events in effect), with states kept along the way."""

    game: GameRow
    rules: Rules
    seats: int
    unit: str
    done: tuple[int, ...]
    steps: tuple[Step, ...]
    marks: tuple[Mark, ...]  # the start, then one every CHECKPOINT events or so, then the end
    charts: dict[tuple[str, ...], Markup] = field(default_factory=dict)

    @functools.cached_property
    def rounds(self) -> list[Step]:
        """The scores at the end of each round (or turn; every move for a game with neither), at most MOST_POINTS
        of them (evenly spaced in a longer game)."""
        return by_moment(self.unit, list(self.steps), MOST_POINTS)

    @functools.cached_property
    def whole(self) -> int:
        """How many points the chart would have without a limit: the start and each round (turn, move)."""
        return len(self.steps) if self.unit == "move" else len(by_moment(self.unit, list(self.steps)))

    @property
    def every(self) -> int:
        """How many rounds (turns, moves) apart the points are: 1, or more in a game with over MOST_POINTS."""
        gap = (self.rounds[1].moment or 0) - (self.rounds[0].moment or 0) if len(self.rounds) > 1 else 1
        return gap if self.whole > MOST_POINTS else 1

    def chart(self, names: list[str], draw: Callable[[list[Step], list[str], str, int], Markup]) -> Markup:
        """The chart drawn by `draw` (the points, the seat names, the unit, how many rounds the game has had) for
        these seat names, drawn once."""
        key = tuple(names)
        if key not in self.charts:
            self.charts[key] = draw(self.rounds, names, self.unit, self.whole - 1)
        return self.charts[key]


def views_of(extensions: dict[str, Any], sessions: Sessions) -> Views:
    """The app's Views (one per app and its sessions, made when first asked for)."""
    views = extensions.get("companion.views")
    if not isinstance(views, Views) or views.sessions is not sessions:
        views = extensions["companion.views"] = Views(sessions)
    return views


@dataclass(frozen=True)
class Undos:
    """Which undo last took each event back, as far as the log was read (`head`)."""

    head: int
    by_target: dict[int, EventRow]


def rows_of(sessions: Sessions, game_id: str, after: int, head: int) -> Iterator[list[EventRow]]:
    """The log's rows after `after` up to `head`, CHUNK at a time, pausing between chunks."""
    while after < head:
        rows = sessions.events(game_id, after, min(CHUNK, head - after))
        if not rows:
            return
        yield rows
        after = rows[-1].seq
        pause()


class Views:
    """The kept steps and undos of the games this process has shown, least recently used dropped first."""

    def __init__(self, sessions: Sessions, max_games: int = MAX_GAMES, max_steps: int = MAX_STEPS):
        self.sessions, self.max_games, self.max_steps = sessions, max_games, max_steps
        self._steps: OrderedDict[str, Kept] = OrderedDict()
        self._undos: OrderedDict[str, Undos] = OrderedDict()
        self._lock = threading.Lock()

    def steps(self, current: Current, game_data: Any) -> Kept:
        """The game's score steps over the events in effect now: kept ones, extended or folded again as needed."""
        game_id = current.game.id
        with self._lock:
            kept = self._steps.get(game_id)
            if kept is not None:
                self._steps.move_to_end(game_id)
        done = current.ledger.done
        if kept is not None and kept.done == done and kept.rules is current.rules and kept.game == current.game:
            return kept
        unit, seats, state, start = first_step(current, game_data)
        if kept is None or kept.rules is not current.rules or kept.game != current.game or kept.seats != seats:
            mark, steps = Mark(0, state, start.moment, 1), [start]
            marks = [mark]
        else:
            same = _common(kept.done, done)
            marks = [m for m in kept.marks if m.folded <= same]
            mark = marks[-1]
            steps = list(kept.steps[:mark.steps])
        wanted = done[mark.folded:]
        state, now, folded = mark.state, mark.now, mark.folded
        if wanted:
            in_effect = set(wanted)
            for rows in rows_of(self.sessions, game_id, wanted[0] - 1, current.ledger.head):
                chunk = [row for row in rows if row.seq in in_effect]
                # folded FOLD events at a time, the last event alone: the state before it is kept, so undoing the
                # last change folds nothing
                ends = [*range(FOLD, len(chunk), FOLD), len(chunk) - 1 if folded + len(chunk) == len(done) else 0,
                        len(chunk)]
                begin = 0
                for end in sorted(set(ends)):
                    if end <= begin:
                        continue
                    if begin:
                        pause()
                    state, now, made = fold_steps(current.rules, unit, seats, state, now, chunk[begin:end])
                    steps += made
                    folded += end - begin
                    marks.append(Mark(folded, state, now, len(steps)))
                    begin = end
        fresh = Kept(current.game, current.rules, seats, unit, done, tuple(steps), _thin(marks))
        with self._lock:
            self._steps[game_id] = fresh
            self._steps.move_to_end(game_id)
            self._trim()
        return fresh

    def undos(self, game_id: str, head: int) -> dict[int, EventRow]:
        """Which undo last took each event back, over the log up to `head`."""
        with self._lock:
            kept = self._undos.get(game_id)
            if kept is not None:
                self._undos.move_to_end(game_id)
        if kept is not None and kept.head >= head:  # a request that read the game before a newer one did
            return kept.by_target if kept.head == head else {t: r for t, r in kept.by_target.items() if r.seq <= head}
        start, found = (kept.head, dict(kept.by_target)) if kept is not None else (0, {})
        for rows in rows_of(self.sessions, game_id, start, head):
            found.update((row.target, row) for row in rows if row.type == "undo" and row.target is not None)
        with self._lock:
            self._undos[game_id] = Undos(head, found)
            self._undos.move_to_end(game_id)
            while len(self._undos) > self.max_games:
                self._undos.popitem(last=False)
        return found

    def _trim(self) -> None:
        """Drops the least recently used games while more than max_games, or max_steps steps, are kept."""
        total = sum(len(kept.steps) for kept in self._steps.values())
        while len(self._steps) > 1 and (len(self._steps) > self.max_games or total > self.max_steps):
            _, dropped = self._steps.popitem(last=False)
            total -= len(dropped.steps)


def _thin(marks: list[Mark]) -> tuple[Mark, ...]:
    """The marks worth keeping: the start, one every CHECKPOINT events or so, and the last two (the end, and the
    state before the last change, which an undo of it returns to)."""
    thinned: list[Mark] = []
    for index, mark in enumerate(marks):
        if thinned and mark.folded <= thinned[-1].folded:
            continue
        if not thinned or index >= len(marks) - 2 or mark.folded - thinned[-1].folded >= CHECKPOINT:
            thinned.append(mark)
    return tuple(thinned)


def _common(kept: tuple[int, ...], now: tuple[int, ...]) -> int:
    """How many events in effect the two share from the start (the fold of those still holds)."""
    shortest = min(len(kept), len(now))
    if kept[:shortest] == now[:shortest]:
        return shortest
    low, high = 0, shortest  # the first difference, by halves: tuples of thousands compare quickly
    while low < high:
        middle = (low + high) // 2
        if kept[:middle + 1] == now[:middle + 1]:
            low = middle + 1
        else:
            high = middle
    return low
