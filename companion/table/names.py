"""Who may sit at a game and sign a change: player names and authors, checked alike wherever they arrive."""

from __future__ import annotations

from typing import Any

from companion.rules.fields import Field, FieldError
from companion.table.errors import Invalid

NAME = Field("string", max_length=40, min_length=1)
PLAYERS = Field("array", items=NAME, max_items=12, min_items=1, unique=True)
AUTHOR = Field("string", required=False, max_length=64)  # who made a change, as the phone says; may be empty


def player_names(value: Any, field: str) -> list[str]:
    """The names as a game keeps them (spaces around each left out); Invalid for none, more than 12, a blank
    name, or two alike (whatever their capitals)."""
    try:
        names = PLAYERS.check(field, value)
    except FieldError as error:
        raise Invalid(error.message, field=error.field) from None
    seen: set[str] = set()
    for i, name in enumerate(names):
        key = name.strip().casefold()
        if not key:
            raise Invalid("a player's name cannot be blank", field=f"{field}[{i}]")
        if key in seen:
            raise Invalid(f"two players are called {name.strip()}: give each a different name", field=field)
        seen.add(key)
    return [name.strip() for name in names]


def author(value: Any, field: str) -> str | None:
    """Who made a change: text of at most 64 characters (empty allowed, as a live write takes it), or None."""
    if value is None:
        return None
    try:
        return AUTHOR.check(field, value)
    except FieldError as error:
        raise Invalid(error.message, field=error.field) from None
