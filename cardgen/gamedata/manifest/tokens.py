"""Reads the [tokens.<id>] tables of game.toml into Token records."""

from __future__ import annotations

from typing import Any

from cardgen.gamedata.columns import MAX_COPIES
from cardgen.gamedata.records import Token
from cardgen.gamedata.manifest.table_checks import TableChecks
from cardgen.gamedata.manifest.values import COLOUR, COLOUR_LIKE, SLUG, is_int, kind_of

TOKEN_KEYS = {"title", "count", "value", "shape", "size", "front", "back", "hidden", "colour", "description"}
SHAPES = ("round", "square", "rect")


class TokenTables(TableChecks):
    """Mixin of the game.toml reader: token kinds (it provides problem, unknown_keys and text)."""

    def token(self, token_id: str, table: Any) -> Token | None:
        keys = ("tokens", token_id)
        if not isinstance(table, dict):
            self.problem(keys, f"tokens.{token_id} must be a table, found {kind_of(table)}")
            return None
        if not SLUG.fullmatch(token_id):
            self.problem(keys, f"token id {token_id!r} must be lower-case letters, digits and _")
        self.unknown_keys(table, TOKEN_KEYS, keys)
        count = table.get("count")
        if is_int(count) and count > MAX_COPIES:
            self.problem(keys + ("count",), f"token {token_id!r}: count must be at most {MAX_COPIES}, found {count!r}")
            count = 1
        elif not (is_int(count) and count >= 1):
            self.problem(keys + ("count",), f"token {token_id!r}: count must be a whole number of at least 1, "
                         f"found {count!r}")
            count = 1
        shape = table.get("shape", "round")
        if shape not in SHAPES:
            self.problem(keys + ("shape",), f"token {token_id!r}: shape must be one of {', '.join(SHAPES)}, "
                         f"found {shape!r}")
        width, height = self.token_size(table.get("size", 20), keys + ("size",), token_id)
        colour = table.get("colour")
        if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
            self.problem(keys + ("colour",), f"token {token_id!r}: colour must be {COLOUR_LIKE}, found {colour!r}")
            colour = None
        value = table.get("value")
        if value is not None and not is_int(value):
            self.problem(keys + ("value",), f"token {token_id!r}: value must be a whole number, found {value!r}")
            value = None
        title = self.text(table, "title", keys, required=True, default=token_id)
        back = table.get("back")
        return Token(
            id=token_id, title=title, count=count, value=value, shape=shape, width=width, height=height,
            front=self.text(table, "front", keys, default=title),
            back=self.text(table, "back", keys) if back is not None else None,
            hidden=bool(table.get("hidden", False)), colour=colour,
            description=self.text(table, "description", keys),
        )

    def token_size(self, value: Any, keys: tuple[str, ...], token_id: str) -> tuple[float, float]:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value <= 300:
            return (float(value), float(value))
        if isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= 300 for v in value):
            return (float(value[0]), float(value[1]))
        self.problem(keys, f"token {token_id!r}: size must be a number of mm or [width, height], found {value!r}")
        return (20.0, 20.0)
