"""The cards of a deck laid out in print order, as the renderer asks for them; a layout problem as a BuildError."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from cardgen.build.options import BuildError, Progress
from cardgen.gamedata import Card, Deck
from cardgen.layout.audit import Finding, Seen, note_finding, seen_on
from cardgen.layout.compose import Composer
from cardgen.layout.ops import Face
from cardgen.layout.spec import LayoutError
from cardgen.render.pdf_sheets import Placed

T = TypeVar("T")


def in_print_order(composer: Composer, deck: Deck, found: list[Finding], progress: Progress | None,
            seen: Callable[[Deck, Card, Face, Face], object] | None = None) -> Iterator[Placed]:
    """Each physical card's front and back in print order, copies of a card sharing one face; what laying
    them out noticed goes into `found` (a deck's shared back once); `seen` is told each card's faces.

    Faces are laid out as the renderer asks for them, so a deck never sits in memory whole.
    (Laying out in worker processes was measured slower: pickling the faces back costs more than
    the layout itself.)
    """
    resize = composer.resize(deck)  # --card-size: the deck's layouts scaled to another card than theirs
    warning = resize.warning(deck.id, str(composer.game.root / "game.toml")) if resize else None
    if warning:
        found.append(Finding("warning", "", warning, (Seen(deck.id, f"every card of deck {deck.id!r}"),)))
    for index, card in enumerate(deck.cards, start=1):
        face = composer.front(deck, card, index)
        back = composer.back(deck, card, index)
        found += [note_finding(note, seen_on(deck, card)) for note in face.notes]
        if composer.back_varies(deck) or index == 1:
            found += [note_finding(note, seen_on(deck, card if composer.back_varies(deck) else None))
                      for note in back.notes]
        if seen:
            seen(deck, card, face, back)
        if progress:
            progress(1)
        for _ in range(card.count):
            yield face, card.count > 1, back


def laying_out(step: Callable[[], T]) -> T:
    """Runs a step that lays out cards, turning a layout problem into a BuildError."""
    try:
        return step()
    except LayoutError as error:
        raise BuildError(str(error)) from None
