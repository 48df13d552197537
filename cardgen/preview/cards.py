"""A game's cards (and boards) as the preview shows them: each card's faces laid out as `cardgen build` lays them out,
fingerprinted by what they print (cardgen.build.printed_faces), with the words they print for the search box.

Only the faces are made here (drawing operations, no pixels); cardgen.preview.images draws a face the
first time the page asks for its fingerprint, so a change redraws only the faces that print differently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.gamedata import Game
from cardgen.gamedata.sources.location import Location
from cardgen.layout.audit import Finding, grouped, note_finding, seen_on
from cardgen.layout.compose import Composer
from cardgen.layout.icons import check_glyphs
from cardgen.layout.ops import Face, Text
from cardgen.layout.spec import LayoutError
from cardgen.preview.problems import Line, finding_line, shown
from cardgen.build.printed_faces import PrintedFaces

BLEED = 3.0  # laid out with the build's default bleed; the images show the card as it is cut (the trim)


Made = dict[tuple, tuple[Face, str]]  # a face's key (what it is laid out from) -> the face and its fingerprint


@dataclass(frozen=True)
class CardView:
    """One distinct card: its name, copies, faces' fingerprints, printed words and CSV place."""

    key: str      # "<deck id>/<card id>": how the page follows a card from one update to the next (never shown)
    name: str
    copies: int
    front: str    # the fingerprint of the front face
    back: str     # of the back face (the deck's shared back when it is the same for every card)
    words: str    # every word its faces print, for the search box
    place: str    # where its row is: "heroes.csv:7", or "cards.xlsx, sheet Heroes, row 7"


@dataclass(frozen=True)
class DeckView:
    """One deck as printed: its title, how many cards, their size in mm and the cards."""

    key: str
    title: str
    total: int
    distinct: int
    width: float
    height: float
    cards: tuple[CardView, ...]
    kind: str = "deck"  # or a board's kind: board, mat, aid


@dataclass(frozen=True)
class Cards:
    """Everything the page shows of a game that lays out: decks, the faces by fingerprint, the build's warnings."""

    title: str
    decks: tuple[DeckView, ...]
    faces: Mapping[str, Face]      # fingerprint -> face, for drawing the images the page asks for
    warnings: tuple[Line, ...]
    made: Made                     # for the next `lay_out` after only data files were saved


def lay_out(game: Game, earlier: Made | None = None) -> Cards:
    """Every card of the game laid out and fingerprinted; LayoutError (naming the layout's file:line) as a
    build would stop on it: an icon that cannot be drawn, a layout naming a column the deck lacks, a template
    that fails on a card.

    `earlier` is a previous result's `made`, given when only deck data files (CSV, spreadsheets) were saved
    since: the layouts, game.toml, art and fonts are then as they were, so a face whose card, deck and place
    in the deck are as they were is the face laid out before, and is taken from there.
    """
    glyphs = check_glyphs(game.icons)
    if glyphs:
        raise LayoutError(f"{game.root / 'game.toml'}: " + "; ".join(glyphs))
    composer = Composer(game, BLEED)
    for deck in game.decks:
        composer.check(deck)
    printed = PrintedFaces()
    earlier = earlier or {}
    made: Made = {}

    def face(key: tuple, lay: Callable[..., Face], *args: Any) -> tuple[Face, str]:
        if key not in made:
            if key in earlier:
                made[key] = earlier[key]
            else:
                laid = lay(*args)
                made[key] = (laid, printed.face(laid))
        return made[key]

    found: list[Finding] = []
    decks = []
    for deck in game.decks:
        # all a face is made from that a data file can change: the deck's cards (its counts), the card, its place
        deck_key = (deck.id, deck.title, deck.total, deck.distinct, deck.layout, deck.back, repr(deck.columns))
        varies = composer.back_varies(deck)
        where = shown(game.root, str(deck.file))
        views = []
        for index, card in enumerate(deck.cards, start=1):
            card_key = (deck_key, index, card.id, card.name, card.count, card.layout, repr(tuple(card.fields.items())))
            front = face(("front", card_key), composer.front, deck, card, index)
            back = face(("back", card_key if varies else deck_key), composer.back, deck, card, index)
            found += [note_finding(note, seen_on(deck, card)) for note in front[0].notes]
            if varies or index == 1:  # a shared back's notes once
                found += [note_finding(note, seen_on(deck, card if varies else None)) for note in back[0].notes]
            views.append(CardView(f"{deck.id}/{card.id}", card.name, card.count, front[1], back[1],
                                  _words(card.name, front[0], back[0]),
                                  str(Location(Path(where), card.line, sheet=card.sheet))))
        decks.append(DeckView(deck.id, deck.title, deck.total, deck.distinct, deck.size.width, deck.size.height,
                              tuple(views)))
    for board in game.boards:  # each board, mat and aid as a deck of one, at its own size
        board_key = ("board", repr(board))
        front = face(("front", board_key), composer.board, board)
        back = face(("back", board_key), composer.board, board, "back") if board.back else front
        view = CardView(f"board:{board.id}/{board.id}:face", board.title, board.count, front[1], back[1],
                        _words(board.title, front[0], back[0]), shown(game.root, str(game.root / "game.toml")))
        decks.append(DeckView(f"board:{board.id}", board.title, board.count, 1, board.width, board.height, (view,),
                              board.kind))
    return Cards(game.title, tuple(decks), {key: laid for laid, key in made.values()},
                 tuple(finding_line(game.root, f) for f in grouped(found)), made)


def _words(name: str, *faces: Face) -> str:
    """The card's name and every piece of text its faces print, once each, in the order they are drawn."""
    words = dict.fromkeys([name] + [op.text for face in faces for op in face.ops if isinstance(op, Text)])
    return " ".join(word for word in words if word.strip())

