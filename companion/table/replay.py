"""An imported log checked event by event in memory, in time that grows with its length, never with its square.

Each event is checked as a live write is (table/checking.py), against the state the events in effect fold to.
The state after every prefix of the events in effect is kept, so an undo of the last change costs nothing and an
undo of an earlier one re-folds only the changes after it; a redo brings back the states its undo set aside
(between an undo and its redo, every other undo was redone: the events in effect are the same), and an undo
repeated right after its redo takes back what it made the first time. What re-folding
remains is counted against a budget that grows with the log, so no import, however it is built, keeps a server
busy for long; and the work pauses every few milliseconds so the server's other requests are answered meanwhile.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import Any

from companion.rules import Event, RuleError, Rules
from companion.storage.store import EventRow, GameRow
from companion.table.checking import ordinary
from companion.table.errors import Invalid
from companion.table.ledger import Ledger
from companion.table.pacing import Pacer

BUDGET_BASE, BUDGET_PER_EVENT = 50_000, 10  # rule applications an import may take: base + per event of its log


class Budget(Pacer):
    """Counts rule applications against a budget, pausing now and then (table/pacing.py)."""

    def __init__(self, budget: int):
        super().__init__()
        self.budget, self.used = budget, 0

    def step(self, where: str) -> None:
        """One application of the rules; Invalid (naming `where`) once the budget is spent."""
        self.used += 1
        if self.used > self.budget:
            raise Invalid(f"this log undoes and redoes early changes so often that checking it would take more than "
                          f"{self.budget:,} steps of the rules; it was not imported", field=where)
        if self.used % 64 == 0:
            self.tick()


class Replay:
    """A game's log checked one event at a time: `add` each event in order, then `ledger()` and `state`."""

    def __init__(self, rules: Rules, game: GameRow, start: Any, seed_for: Callable[[int], str | None], pacer: Budget):
        self.rules, self.game, self.seed_for, self.pacer = rules, game, seed_for, pacer
        self.rows: dict[int, EventRow] = {}
        self.done: list[int] = []        # events in effect, in order
        self.states: list[Any] = [start]  # states[i]: the state after done[:i]
        self.redo: list[tuple[int, int, list[int], list[Any]]] = []  # (target, position, done and states set aside)
        self.redone: tuple[int, list[int], list[Any]] | None = None   # the last redo's target, and what its undo made
        self.drawn: set[int] = set()
        self.randoms = self.draws = 0
        self.head = 0

    @property
    def state(self) -> Any:
        return self.states[-1]

    def ledger(self) -> Ledger:
        return Ledger(self.head, tuple(self.done), tuple(target for target, *_ in self.redo), frozenset(self.drawn),
                      self.randoms, self.draws)

    def add(self, event: EventRow, where: str) -> EventRow:
        """Checks the next event of the log and takes it in; returns the row to store (as validated). Invalid
        names the field (under `where`) and what is wrong."""
        if event.seq != self.head + 1:
            raise Invalid(f"expected event #{self.head + 1} (events are numbered from 1 without gaps), found "
                          f"#{event.seq}", field=f"{where}.seq")
        if event.type in ("undo", "redo"):
            redone, self.redone = self.redone, None
            row = self._undo(event, where, redone) if event.type == "undo" else self._redo(event, where)
        else:
            if event.target is not None:
                raise Invalid("only an undo or a redo names a target", field=f"{where}.target")
            index = self.randoms
            try:
                row, state = ordinary(self.rules, self.game.slug, self.state, event.seq, event.type, event.payload,
                                      event.author, self.seed_for(index), event.created_at, stored=event)
            except Invalid as error:
                raise Invalid(error.message, field=f"{where}.{error.field or 'payload'}") from None
            self.pacer.step(where)
            self.done.append(event.seq)
            self.states.append(state)
            self.redo.clear()
            self.redone = None
            if row.random:
                self.drawn.add(row.seq)
                self.randoms += 1
                self.draws = max(self.draws, self.randoms)
        self.rows[row.seq] = row
        self.head = row.seq
        self.pacer.tick()
        return row

    def _undo(self, event: EventRow, where: str, redone: tuple[int, list[int], list[Any]] | None) -> EventRow:
        self._plain(event, where)
        target = event.target if event.target is not None else (self.done[-1] if self.done else None)
        if target is None:
            raise Invalid("There is nothing to undo.", field=f"{where}.target")
        at = bisect.bisect_left(self.done, target)
        if at == len(self.done) or self.done[at] != target:
            raise Invalid("That change is not in effect (it was undone already, or never made), so it cannot be "
                          "undone.", field=f"{where}.target")
        kept_done, kept_states = self.done[at:], self.states[at + 1:]
        state, states = self.states[at], []
        if redone is not None and redone[0] == target:  # undone, redone, undone again: as the first time
            states = redone[2]
        for seq in kept_done[1 + len(states):]:  # the changes after the one undone, folded again without it
            row = self.rows[seq]
            try:
                state = self.rules.apply(state, Event(seq, row.type, row.payload))
            except RuleError as error:
                raise Invalid(f"That change cannot be undone: {error}", field=f"{where}.target") from None
            self.pacer.step(where)
            states.append(state)
        del self.done[at:], self.states[at + 1:]
        self.done.extend(kept_done[1:])
        self.states.extend(states)
        self.redo.append((target, at, kept_done, kept_states))
        self.randoms -= target in self.drawn
        return EventRow(event.seq, "undo", {}, target, False, event.created_at, event.author)

    def _redo(self, event: EventRow, where: str) -> EventRow:
        self._plain(event, where)
        if not self.redo:
            raise Invalid("There is nothing to redo.", field=f"{where}.type")
        target, at, kept_done, kept_states = self.redo[-1]
        if event.target is not None and event.target != target:
            raise Invalid("Redo brings back the change undone last, not another.", field=f"{where}.target")
        self.redo.pop()
        self.redone = (target, self.done[at:], self.states[at + 1:])
        del self.done[at:], self.states[at + 1:]  # the events in effect are those before its undo, less it
        self.done.extend(kept_done)
        self.states.extend(kept_states)
        self.randoms += target in self.drawn
        return EventRow(event.seq, "redo", {}, target, False, event.created_at, event.author)

    @staticmethod
    def _plain(event: EventRow, where: str) -> None:
        """An undo or redo carries no payload and draws nothing."""
        if event.payload:
            raise Invalid(f"an {event.type} carries no payload", field=f"{where}.payload")
        if event.random:
            raise Invalid("expected false: an undo or redo draws nothing", field=f"{where}.random")

