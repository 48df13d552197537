"""Which events are in effect after undos and redos."""

from __future__ import annotations

import pytest

from companion.table.ledger import ledger


def test_undo_redo_and_new_events_clear_redo():
    rows = [(1, "a", None, False), (2, "roll", None, True), (3, "undo", 2, False), (4, "redo", 2, False),
            (5, "undo", 1, False), (6, "b", None, False)]
    assert ledger(rows[:3]).done == (1,) and ledger(rows[:3]).redo == (2,) and ledger(rows[:3]).randoms == 0
    assert ledger(rows[:4]).done == (1, 2) and ledger(rows[:4]).randoms == 1
    final = ledger(rows)
    assert final.done == (2, 6) and final.redo == () and final.head == 6


def test_incremental_advance_equals_reading_the_whole_log():
    rows = [(i, "undo", i - 1, False) if i % 3 == 0 else (i, "e", None, i % 2 == 0) for i in range(1, 40)]
    whole = ledger(rows)
    stepwise = ledger(rows[:10]).advance(rows[10:25]).advance(rows[25:])
    assert stepwise == whole


@pytest.mark.parametrize("rows", [[(1, "undo", 5, False)], [(1, "a", None, False), (2, "redo", 1, False)]])
def test_impossible_undo_or_redo_is_refused(rows):
    with pytest.raises(ValueError):
        ledger(rows)


def test_fingerprint_names_the_events_in_effect():
    a = ledger([(1, "a", None, False), (2, "b", None, False)])
    b = ledger([(1, "a", None, False), (2, "b", None, False), (3, "undo", 1, False)])
    assert a.fingerprint(2) != b.fingerprint(2) and a.fingerprint(0) == b.fingerprint(0)
