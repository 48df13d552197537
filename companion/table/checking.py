"""One ordinary event checked as the server checks a phone's write: its schema, the rules, and a drawn outcome.

Live writes and imports take this one path: an imported event (`stored`) is checked as if a phone had sent it
now, and an outcome the server drew must be the one the game's seed for that draw draws again."""

from __future__ import annotations

import random
from typing import Any

from companion.rules import Event, RuleError, Rules
from companion.rules.fields import FieldError
from companion.storage.store import EventRow
from companion.table.errors import Invalid


def inputs(payload: dict[str, Any], spec: Any) -> dict[str, Any]:
    """What a phone sent for a stored event: its payload's fields of the event's schema (a drawn outcome, stored
    beside them, is left out; an unknown field, too, and then found missing when the check is compared)."""
    return {key: value for key, value in payload.items() if key in spec.fields}


def drawn_again(rules: Rules, state: Any, kind: str, spec: Any, payload: dict[str, Any], seed: str) -> bool:
    """Whether the draw's seed draws `payload` again for this event. A drawn value may fill a field the phone left
    empty (who starts), so the fields as stored are tried, then each one left out in turn."""
    given = inputs(payload, spec)
    for tried in [given] + [{k: v for k, v in given.items() if k != key} for key in given]:
        try:
            if rules.prepare(state, kind, spec.check(tried), random.Random(seed)) == payload:
                return True
        except (FieldError, RuleError):
            continue
    return False


def ordinary(rules: Rules, slug: str, state: Any, seq: int, kind: str, payload: dict[str, Any],
             author: str | None, seed: str | None, created_at: str, stored: EventRow | None = None
             ) -> tuple[EventRow, Any]:
    """The event to append as event `seq` and the state after it; Invalid when the schema or the rules refuse it.
    `seed` is the seed of the draw a random event makes (None: the seed is not known, so a stored outcome cannot
    be checked)."""
    spec = rules.events.get(kind)
    if spec is None:
        raise Invalid(f"{kind!r} is not an event of {slug}; events: " + ", ".join(sorted(rules.events) + ["undo", "redo"]),
                      field="type")
    if stored is not None and stored.random != spec.random:
        raise Invalid("expected " + ("true: the server draws this event's outcome" if spec.random else
                                     "false: this event has no drawn outcome"), field="random")
    try:
        checked = spec.check(payload if stored is None else inputs(stored.payload, spec))
        if stored is not None and not spec.random and checked != stored.payload:
            extra = sorted(set(stored.payload) - set(checked))
            raise FieldError(f"payload.{extra[0]}" if extra else "payload",
                             "is not a field of this event" if extra else "differs from the event's fields "
                             "as the server records them")
    except FieldError as error:
        raise Invalid(error.message, field=error.field) from None
    try:
        if spec.random:  # a rule may refuse while drawing (a bot's move that is not allowed now)
            if stored is not None:  # drawn by the app, or settled from what the table entered
                if seed is None or not drawn_again(rules, state, kind, spec, stored.payload, seed):
                    raise Invalid("the outcome recorded is not the one the server draws from the game's "
                                  "seeds (an exported game cannot be given other dice)", field="payload")
                checked = stored.payload
            else:
                assert seed is not None
                checked = rules.prepare(state, kind, checked, random.Random(seed))
        row = EventRow(seq, kind, checked, None, spec.random, created_at, author)
        return row, rules.apply(state, Event(seq, kind, checked))
    except RuleError as error:
        raise Invalid(str(error), field="type") from None
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        if stored is None:
            raise
        raise Invalid(f"the event cannot be applied as recorded ({type(error).__name__})", field="payload") from None
