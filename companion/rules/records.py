"""A copy of a frozen rules record with some fields changed, fast: the legal moves apply every candidate value."""

from __future__ import annotations

from typing import Any, TypeVar

Record = TypeVar("Record")


def evolve(record: Record, **changes: Any) -> Record:
    """`dataclasses.replace` without running `__init__` again: the rules make thousands of these for each list of
    legal moves (companion.rules.legal tries every value of every choice with `apply`). Only for frozen dataclasses
    without `__post_init__`, slots or cached properties (their copies would carry stale values); an unknown field
    is refused as `dataclasses.replace` refuses it."""
    fields = getattr(type(record), "__dataclass_fields__", None)
    if fields is None:
        raise TypeError(f"{type(record).__name__} is not a dataclass")
    for name in changes:
        if name not in fields:
            raise TypeError(f"{type(record).__name__} has no field {name!r}")
    copy = object.__new__(type(record))
    copy.__dict__.update(record.__dict__)
    copy.__dict__.update(changes)
    return copy
