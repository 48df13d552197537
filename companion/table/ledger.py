"""Which events of a log are in effect after its undos and redos: the log is never rewritten.

Undo and redo are events too. An undo names the event it takes out of effect; a redo puts the most
recently undone event back, and is possible until a new ordinary event is appended.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

META = ("undo", "redo")
Row = tuple[int, str, "int | None", bool]  # (seq, type, target, random) of one logged event


@dataclass(frozen=True)
class Ledger:
    head: int = 0                        # the last sequence number in the log (0 for an empty log)
    done: tuple[int, ...] = ()           # ordinary events in effect, oldest first
    redo: tuple[int, ...] = ()           # events undone and not yet redone; the last one is redone next
    drawn: frozenset[int] = frozenset()  # events that drew randomness, in effect or not
    randoms: int = 0                     # draws in effect: the index of the next draw
    draws: int = 0                       # draws ever made: one more than the highest index any event drew at

    def fingerprint(self, upto: int) -> str:
        """Names the set of events in effect up to `upto`, to tell whether a snapshot still holds."""
        return hashlib.sha256(",".join(str(s) for s in self.done if s <= upto).encode()).hexdigest()

    def undo(self, seq: int, target: int) -> Ledger:
        return Ledger(seq, tuple(s for s in self.done if s != target), self.redo + (target,), self.drawn,
                      self.randoms - (target in self.drawn), self.draws)

    def redone(self, seq: int, target: int) -> Ledger:
        redo = list(self.redo)
        redo.remove(target)
        return Ledger(seq, tuple(sorted(self.done + (target,))), tuple(redo), self.drawn,
                      self.randoms + (target in self.drawn), self.draws)

    def append(self, seq: int, random: bool) -> Ledger:
        if not random:
            return Ledger(seq, self.done + (seq,), (), self.drawn, self.randoms, self.draws)
        return Ledger(seq, self.done + (seq,), (), self.drawn | {seq}, self.randoms + 1,
                      max(self.draws, self.randoms + 1))

    def advance(self, rows: list[Row]) -> Ledger:
        """The ledger after further rows of the log; ValueError when an undo or redo names an event
        that is not undoable or redoable at that point. (Works on lists: a long log is read in one go.)"""
        head, done, redo, drawn = self.head, list(self.done), list(self.redo), set(self.drawn)
        randoms, draws = self.randoms, self.draws
        in_effect = set(done)
        for seq, kind, target, random in rows:
            head = seq
            if kind == "undo":
                if target not in in_effect:
                    raise ValueError(f"#{seq} undoes #{target}, which is not in effect")
                del done[len(done) - 1 if done[-1] == target else done.index(target)]  # mostly the last one
                in_effect.discard(target)
                redo.append(target)
                randoms -= target in drawn
            elif kind == "redo":
                if target not in redo:
                    raise ValueError(f"#{seq} redoes #{target}, which was not undone")
                del redo[len(redo) - 1 if redo[-1] == target else redo.index(target)]
                done.append(target)
                in_effect.add(target)
                randoms += target in drawn
            else:
                done.append(seq)
                in_effect.add(seq)
                redo.clear()
                if random:
                    drawn.add(seq)
                    randoms += 1
                    draws = max(draws, randoms)
        return Ledger(head, tuple(sorted(done)), tuple(redo), frozenset(drawn), randoms, draws)


def ledger(rows: list[Row]) -> Ledger:
    """The ledger of a whole log given as (seq, type, target, random) rows in order."""
    return Ledger().advance(rows)
