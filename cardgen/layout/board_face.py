"""A side of a board, mat or aid laid out: its layout's boxes, then its grids, slots and tracks over them."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from cardgen.gamedata import CardSize, Deck, Game
from cardgen.gamedata.records import Board
from cardgen.layout.board_spec import board_ops
from cardgen.layout.ops import Face
from cardgen.layout.spec import LayoutError

if TYPE_CHECKING:  # the composer calls this module; this module calls the composer back
    from cardgen.layout.compose import Composer


def board_face(composer: Composer, board: Board, side: str = "front") -> Face:
    """The board's `side` at its own size, with a composer made without --card-size; LayoutError naming the board."""
    name = board.layout if side == "front" else board.back
    if name is None:
        raise LayoutError(f"board {board.id!r} has no back layout")
    layout = composer.layout(name)
    game = composer.game
    sheet = Deck(id=board.id, title=board.title, file=game.root / "game.toml",
                 size=CardSize(board.id, board.width, board.height), layout=name, layout_by=None, back=name,
                 description=board.description, columns=(), safe_zone=0.0)
    context = composer.context(sheet, side) | {
        "board": {"id": board.id, "title": board.title, "kind": board.kind, "count": board.count},
        "decks": decks_context(game)}  # an aid may list a deck's cards: its data, never retyped
    face = composer.sheet(layout, sheet, context, f"board-{board.id}-{side}")
    drawn = board_ops(layout.board, where=str(layout.path), size=(board.width, board.height), context=context,
                      decks={deck.id: (deck.size.width, deck.size.height) for deck in game.decks})
    return replace(face, ops=face.ops + drawn)


def decks_context(game: Game) -> dict[str, Any]:
    """Every deck of the game with its cards' fields, as a board's templates see them (`decks.op.cards`)."""
    return {deck.id: {"id": deck.id, "title": deck.title, "total": deck.total, "distinct": deck.distinct,
                      "cards": [SimpleNamespace(**{**card.fields, "count": card.count}) for card in deck.cards]}
            for deck in game.decks}
