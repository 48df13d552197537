"""The Jinja2 filters the pages use: events in words, and value/label pairs for select boxes."""

from __future__ import annotations

import json
from typing import Any, Iterable

from flask import Flask

from companion.wording import describe


def pairs(values: Iterable[Any]) -> list[tuple[int, Any]]:
    """(index, value) pairs: a select of players whose value is the seat number."""
    return list(enumerate(values))


def choices(values: Iterable[Any]) -> list[tuple[str, Any]]:
    """(JSON, value) pairs: a select whose value the page sends as it is (text stays text, numbers numbers)."""
    return [(json.dumps(v), v) for v in values]


def named(ids: Iterable[str], names: dict[str, str]) -> list[tuple[str, str]]:
    """(card id, card name) pairs for a select of cards."""
    return [(i, names.get(i, i)) for i in ids]


def priced(items: Iterable[tuple[str, Any]], names: dict[str, str]) -> list[tuple[str, str]]:
    """(card id, "name: price") pairs for a select of cards to buy."""
    return [(i, f"{names.get(i, i)}: {price}") for i, price in items]


def install(app: Flask) -> None:
    app.jinja_env.filters.update(describe=describe, pairs=pairs, choices=choices, named=named, priced=priced)
