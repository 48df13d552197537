"""The boards of a reprint: each board whose printed sides changed since the earlier build, printed again whole."""

from __future__ import annotations

from collections.abc import Mapping

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.staging import Staging
from cardgen.gamedata import Game
from cardgen.impose import paper
from cardgen.impose.tiles import TileError
from cardgen.layout.ops import Face
from cardgen.reprint.since import Change

TITLE = "Boards, mats and aids"  # the heading of the boards in reprint.txt; their `deck` is BOARDS
BOARDS = "boards"


def board_changes(earlier: Mapping[str, dict], now: Mapping[str, dict]) -> dict[str, str]:
    """Board id -> why it prints again (a new board, a side that changed); boards gone are `boards_gone`'s."""
    changed = {}
    for board_id, entry in now.items():
        before = earlier.get(board_id)
        if before is None:
            changed[board_id] = "new board"
        else:
            sides = [side for side in ("front", "back") if before.get(side) != entry[side]]
            if sides:
                changed[board_id] = f"{' and '.join(sides)} changed"
    return changed


def boards_gone(earlier: Mapping[str, dict], now: Mapping[str, dict]) -> list[Change]:
    """The earlier build's boards the game no longer has: to put away."""
    return [Change(BOARDS, TITLE, board_id, str(entry.get("title", board_id)), "remove", int(entry.get("count", 1)),
                   "no longer in the game") for board_id, entry in earlier.items() if board_id not in now]


def write_changed_boards(game: Game, options: BuildOptions, faces: Mapping[str, tuple[Face, Face | None]],
                         changed: Mapping[str, str], staging: Staging) -> tuple[int, list[Change]]:
    """Each changed board, tiled as the build prints it, into the reprint's staging: (pages, the list's lines)."""
    from cardgen.render.pdf_board import write_board_pdf

    sheet = paper(options.board_paper or options.paper)
    pages, changes = 0, []
    for board in game.boards:
        if board.id not in changed:
            continue
        front, back = faces[board.id]
        name = f"{game.build_name}-reprint-{board.id}-{sheet.name}.pdf"
        try:
            plan = write_board_pdf(front, staging.path(name), sheet, title=board.title, margin=options.margin,
                                   bleed=options.bleed, back=back, duplex=options.duplex if back else "long",
                                   back_offset=options.back_offset, folds=board.folds, art_dpi=options.art_dpi)
        except TileError as error:
            raise BuildError(f"board {board.id!r}: {error}") from None
        pages += len(plan.tiles) * (2 if back else 1)
        changes.append(Change(BOARDS, TITLE, board.id, board.title, "print", board.count, changed[board.id], name, 1))
    return pages, changes
