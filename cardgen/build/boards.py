"""A build's boards, mats and aids: each side laid out at its size, tiled over the paper or at a shop's size."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.printed_faces import PrintedFaces
from cardgen.build.reuse import Inputs, Keeper
from cardgen.build.staging import Staging
from cardgen.gamedata import Game
from cardgen.gamedata.records import Board
from cardgen.impose import paper
from cardgen.impose.shop_boards import ShopBoard, ShopBoardError, shop_board
from cardgen.impose.tiles import TileError
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Face
from cardgen.layout.spec import LayoutError


SHAPE = 0.01  # a board is printed at a shop's size when its shape is the shop's within 1% (pdf_board_shop)
PICTURE_DPI = 100  # a board's picture (--png): the whole board at a glance, for the companion and a shop's page


@dataclass(frozen=True)
class BoardFiles:
    """The files a board is printed into: tiled over the board paper, at the print shop's size when asked and the
    board has its shape, and the pictures of its sides that --png draws (boards/<id>.png, boards/<id>-back.png)."""

    sheets: str
    at_shop: str | None
    pictures: tuple[str, ...]

    @property
    def names(self) -> list[str]:
        return [self.sheets, *([self.at_shop] if self.at_shop else []), *self.pictures]


def board_files(game: Game, board: Board, options: BuildOptions, shop: ShopBoard | None) -> BoardFiles:
    """The files `board` is printed into by a build with `options` (`shop`: --board-shop's size, if any)."""
    stem = f"{game.build_name}-{board.id}"
    pictures = ([f"boards/{board.id}.png"] + ([f"boards/{board.id}-back.png"] if board.back else [])
                if options.png or options.preset else [])
    return BoardFiles(f"{stem}-{paper(options.board_paper or options.paper).name}.pdf",
                      f"{stem}-{shop.name}.pdf" if shop and fits(board, shop) else None, tuple(pictures))


def fits(board: Board, shop: ShopBoard) -> bool:
    """Whether the shop's size has the board's shape (a board of another shape is left tiled)."""
    across, down = shop.width / board.width, shop.height / board.height
    return abs(across - down) <= SHAPE * max(across, down)


def shop_of(options: BuildOptions) -> ShopBoard | None:
    """The print shop's size --board-shop names (checked by `check_board_options`), None without it."""
    return shop_board(options.board_shop) if options.board_shop else None


def check_board_options(options: BuildOptions) -> None:
    """BuildError naming --board-paper or --board-shop when it names no paper or shop size."""
    try:
        paper(options.board_paper or options.paper)
    except ValueError as error:
        raise BuildError(f"--board-paper: {error}") from None
    if options.board_shop:
        try:
            shop_board(options.board_shop)
        except ShopBoardError as error:
            raise BuildError(f"--board-shop: {error}") from None


def board_faces(game: Game, options: BuildOptions) -> dict[str, tuple[Face, Face | None]]:
    """Each board's front and back laid out at the build's bleed, before anything is written; BuildError naming the
    board, or --board-shop when none of the boards has its shape."""
    shop = shop_of(options)
    if shop and game.boards and not any(fits(board, shop) for board in game.boards):
        raise BuildError(f"--board-shop {shop.name}: {shop.title} is {shop.width:g} x {shop.height:g} mm and none "
                         "of the game's boards has that shape: "
                         + ", ".join(f"{b.id} {b.width:g} x {b.height:g} mm" for b in game.boards))
    composer = Composer(game, options.bleed)  # boards keep their size whatever --card-size says
    faces = {}
    for board in game.boards:
        try:
            faces[board.id] = (composer.board(board), composer.board(board, "back") if board.back else None)
        except LayoutError as error:
            raise BuildError(f"board {board.id!r}: {error}") from None
    return faces


def write_boards(game: Game, options: BuildOptions, faces: dict[str, tuple[Face, Face | None]], staging: Staging,
                 keeper: Keeper, inputs: Inputs) -> tuple[int, list[str], list[str]]:
    """Every board of the game (its `faces`) into `staging`, kept from the last build when nothing it is made from
    changed: (pages written, what laying them out warned about, a line for the summary)."""
    if not game.boards:
        return 0, [], []
    from cardgen.render.pdf_board import write_board_pdf  # the tiler loads for a game that has boards
    from cardgen.render.pdf_board_shop import write_board_shop_pdf

    sheet = paper(options.board_paper or options.paper)
    shop = shop_of(options)
    at_shop = Composer(game, shop.bleed) if shop else None  # boards at the shop's size: laid out with its bleed
    pages, warnings = 0, []
    other = [board.id for board in game.boards if shop and not fits(board, shop)]
    notes_of_shop = [f"--board-shop {options.board_shop}: {', '.join(other)} not of its shape, printed tiled "
                     "only"] if other else []
    for board in game.boards:
        files = board_files(game, board, options, shop)
        front, back = faces[board.id]

        def make(board: Board = board, files: BoardFiles = files, front: Face = front,
                 back: Face | None = back) -> tuple[int, list[str]]:
            try:
                title = board.title + (f" (print {board.count})" if board.count > 1 else "")
                plan = write_board_pdf(front, staging.path(files.sheets), sheet, title=title, margin=options.margin,
                                       bleed=options.bleed, back=back, duplex=options.duplex if back else "long",
                                       back_offset=options.back_offset, folds=board.folds, art_dpi=options.art_dpi)
                made = len(plan.tiles) * (2 if back else 1)
                if files.at_shop and shop and at_shop:
                    made += write_board_shop_pdf(at_shop.board(board), staging.path(files.at_shop),
                                                 back=at_shop.board(board, "back") if board.back else None,
                                                 title=board.title, shop=shop, art_dpi=options.art_dpi)
                if files.pictures:  # each side whole, drawn by the PNG renderer the card images use
                    from cardgen.render.png_draw import render
                    from cardgen.render.png_encode import encode_png

                    for name, side in zip(files.pictures, (front, back)):
                        assert side is not None
                        image = render(side, PICTURE_DPI, bleed=0)
                        staging.path(name).write_bytes(encode_png(image, PICTURE_DPI))
            except (LayoutError, TileError, ShopBoardError) as error:
                raise BuildError(f"board {board.id!r}: {error}") from None
            return made, list(front.warnings)

        made, notes, _ = keeper.files(f"board {board.id}", inputs.whole, files.names, make)
        pages += made
        warnings += [f"board {board.id!r}: {note}" for note in notes]  # kept with the files: said again when kept
    summary = f"boards: {len(game.boards)} ({', '.join(board.title for board in game.boards)}) on {sheet.name} paper"
    return pages, warnings, [summary, *notes_of_shop]


def printed_boards(game: Game, faces: Mapping[str, tuple[Face, Face | None]], printed: PrintedFaces) -> dict[str, dict]:
    """What each board prints, for manifest.json: {board id: {title, count, front, back}} (fingerprints)."""
    return {board.id: {"title": board.title, "count": board.count, "front": printed.face(faces[board.id][0]),
                       "back": printed.face(back) if (back := faces[board.id][1]) is not None else ""}
            for board in game.boards}
