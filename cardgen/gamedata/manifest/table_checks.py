"""What the parts of the game.toml reader ask of the reader that mixes them in (cardgen.gamedata.manifest.game_toml)."""

from __future__ import annotations

from typing import Protocol


class TableChecks(Protocol):
    """A problem reported at a key's line, unknown keys of a table, and a text value read with its checks."""

    def problem(self, keys: tuple[str, ...], message: str) -> None: ...

    def unknown_keys(self, table: dict, allowed: set[str], keys: tuple[str, ...]) -> None: ...

    def text(self, table: dict, key: str, keys: tuple[str, ...], required: bool = False,
             default: str = "") -> str: ...
