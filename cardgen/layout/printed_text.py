"""The words a card face prints, box by box, without drawing it: for pages that show a card as text.

It reads the same layout as the printer and fills its text boxes from the same card record, so a card
shown as text says what the printed card says (markup and `:icon:` tokens left for the page to render).
Importing it does not import reportlab or Pillow.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import jinja2

from cardgen.gamedata import Card, Deck, Game, thaw
from cardgen.layout.spec import Layout, LayoutError, load_layout


def face_context(game: Game, deck: Deck, card: Card | None, index: int, side: str) -> dict[str, Any]:
    """What a layout's templates see for one face: the card, its deck, the game, its number."""
    return {
        "card": SimpleNamespace(**card.fields) if card else SimpleNamespace(),
        "deck": {"id": deck.id, "title": deck.title, "total": deck.total, "distinct": deck.distinct},
        "game": {"title": game.title, "slug": game.slug, "variant": game.variant.name, "subtitle": game.subtitle,
                 "constants": thaw(game.constants),
                 "flows": {}},
        "number": f"{index}/{deck.distinct}" if card else "",
        "body": "\n".join(str(card.get(c.name)) for c in deck.columns if c.type == "text" and card and card.get(c.name)),
        "index": index,
        "side": side,
    }


class PrintedText:
    """Reads each layout of a game once; `lines(deck, card, index)` gives the text its front prints."""

    def __init__(self, game: Game):
        self.game = game
        self._layouts: dict[str, Layout | None] = {}

    def layout(self, name: str) -> Layout | None:
        if name not in self._layouts:
            try:
                self._layouts[name] = load_layout(name, self.game.layouts)
            except LayoutError:
                self._layouts[name] = None  # `cardgen check` reports it; a page shows the card's name alone
        return self._layouts[name]

    def lines(self, deck: Deck, card: Card, index: int = 1) -> tuple[str, ...]:
        """The non-empty texts of the front's text boxes, in drawing order."""
        layout = self.layout(card.layout)
        if layout is None:
            return ()
        context = face_context(self.game, deck, card, index, "front")
        out = []
        for box in layout.boxes:
            if box.kind != "text" or "text" not in box.templates:
                continue
            try:
                if box.when is not None and not box.when(**context):
                    continue
                text = box.templates["text"].render(**context).strip()
            except (jinja2.TemplateError, TypeError, ValueError, AttributeError):
                continue
            if text and text.casefold() != card.name.casefold():
                out.append(text)
        return tuple(out)
