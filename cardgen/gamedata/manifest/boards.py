"""Reads the [boards.<id>] tables of game.toml: boards, player mats and aids, each a layout at its own size.

```toml
[boards.main]
title = "Main board"
kind = "board"                 # board, mat (one per player, usually) or aid (a reference sheet)
size = [600, 400]              # width and height in mm, or a paper's name: "a4", "a3", "letter", "tabloid"...
layout = "main-board"          # layouts/main-board.toml: boxes as cards have, and tracks, grids and slots
back = "main-board-back"       # optional: a double-sided mat's other side
count = 4                      # optional: copies (a mat per player)
folds = { x = [300] }          # optional: fold lines, mm from the left (x) or the top (y)
```
"""

from __future__ import annotations

from typing import Any

from cardgen.gamedata.columns import MAX_COPIES
from cardgen.gamedata.manifest.table_checks import TableChecks
from cardgen.gamedata.manifest.values import SLUG, is_int, kind_of
from cardgen.gamedata.records import Board

BOARD_KEYS = {"title", "kind", "size", "layout", "back", "count", "folds", "description"}
KINDS = ("board", "mat", "aid")
# sizes a board may be named by (portrait, mm): ISO A and US papers, as printers and shops name them
NAMED_SIZES = {"a5": (148.0, 210.0), "a4": (210.0, 297.0), "a3": (297.0, 420.0), "a2": (420.0, 594.0),
               "a1": (594.0, 841.0), "letter": (215.9, 279.4), "legal": (215.9, 355.6), "tabloid": (279.4, 431.8)}
RESERVED = ("tokens", "rulebook")  # other files a build names `<game>-<word>-<paper>.pdf`
LARGEST = 2000.0  # mm: a side longer than this is a mistake, not a board


class BoardTables(TableChecks):
    """Mixin of the game.toml reader: boards, mats and aids (it provides problem, unknown_keys and text)."""

    def board(self, board_id: str, table: Any) -> Board | None:
        keys = ("boards", board_id)
        if not isinstance(table, dict):
            self.problem(keys, f"boards.{board_id} must be a table [boards.{board_id}], found {kind_of(table)}")
            return None
        if not SLUG.fullmatch(board_id):
            self.problem(keys, f"board id {board_id!r} must be lower-case letters, digits and _, starting with a letter")
        self.unknown_keys(table, BOARD_KEYS, keys)
        kind = table.get("kind", "board")
        if kind not in KINDS:
            self.problem(keys + ("kind",), f"board {board_id!r}: kind must be one of {', '.join(KINDS)}, found {kind!r}")
            kind = "board"
        count = table.get("count", 1)
        if not (is_int(count) and 1 <= count <= MAX_COPIES):
            self.problem(keys + ("count",), f"board {board_id!r}: count must be a whole number from 1 to "
                         f"{MAX_COPIES}, found {count!r}")
            count = 1
        size = self.board_size(table.get("size"), keys + ("size",), board_id)
        width, height = size or NAMED_SIZES["a4"]
        layout = self.text(table, "layout", keys, required=True, default=board_id)
        back = table.get("back")
        return Board(id=board_id, title=self.text(table, "title", keys, required=True, default=board_id), kind=kind,
                     width=width, height=height, layout=layout,
                     back=self.text(table, "back", keys) if back is not None else None, count=count,
                     folds=self.folds(table.get("folds", {}), keys + ("folds",), board_id, size),
                     description=self.text(table, "description", keys))

    def board_names(self, boards: tuple[Board, ...], decks: set[str]) -> None:
        """A board's file is named by its id, as a deck's is: an id a deck (or the tokens, the rulebook) has is
        refused, or one would overwrite the other."""
        for board in boards:
            if board.id in decks or board.id in RESERVED:
                what = f"deck {board.id!r}" if board.id in decks else f"the {board.id}"
                self.problem(("boards", board.id), f"board id {board.id!r} is {what}'s too: their PDFs would have one "
                             f"name; call the board something else, such as {board.id + '_board'!r}")

    def board_size(self, value: Any, keys: tuple[str, ...], board_id: str) -> tuple[float, float] | None:
        if isinstance(value, str) and value.lower() in NAMED_SIZES:
            return NAMED_SIZES[value.lower()]
        if isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and 0 < v <= LARGEST for v in value):
            return float(value[0]), float(value[1])
        named = ", ".join(f'"{name}"' for name in NAMED_SIZES)
        self.problem(keys, f"board {board_id!r}: size must be [width, height] in mm (each up to {LARGEST:g}) or one "
                     f"of {named}, found {value!r}")
        return None

    def folds(self, value: Any, keys: tuple[str, ...], board_id: str,
              size: tuple[float, float] | None) -> tuple[tuple[str, float], ...]:
        """The fold lines; with no size known (its own problem), only their form is checked."""
        if not isinstance(value, dict):
            self.problem(keys, f"board {board_id!r}: folds must be a table {{ x = [mm, ...], y = [mm, ...] }}, "
                         f"found {kind_of(value)}")
            return ()
        found = []
        for axis, positions in value.items():
            extent = {"x": size[0] if size else LARGEST, "y": size[1] if size else LARGEST}.get(axis)
            if extent is None:
                self.problem(keys + (axis,), f"board {board_id!r}: folds are x (from the left) or y (from the "
                             f"top), found {axis!r}")
                continue
            if not isinstance(positions, list) or not all(
                    isinstance(p, (int, float)) and not isinstance(p, bool) and 0 < p < extent for p in positions):
                self.problem(keys + (axis,), f"board {board_id!r}: folds.{axis} must be a list of mm inside the "
                             f"board (0 to {extent:g}), found {positions!r}")
                continue
            found += [(axis, float(p)) for p in sorted(positions)]
        return tuple(found)
