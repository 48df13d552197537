"""Writes a deck as one card side per page, the file print shops take: front, back, front, back...

Each page is the card plus its bleed (MediaBox = BleedBox = trim + bleed all round) with the
TrimBox on the card, no marks and no footer: the shop cuts on the TrimBox. Every physical card is
a page, copies included, fronts and backs alternating, as card printers that take PDFs ask
(one page per side, each card's back right after its front).
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm

from cardgen.gamedata import Deck
from cardgen.impose.sheet import Sheet, SheetOptions, Slot
from cardgen.impose.papers import Paper
from cardgen.layout.compose import Composer
from cardgen.render.pdf_art import ART_DPI
from cardgen.render.pdf_draw import PageDrawer
from cardgen.render.pdf_sheets import new_canvas


def single_file_name(slug: str, deck: Deck) -> str:
    return f"{slug}-{deck.id}-single.pdf"


def write_single_cards(composer: Composer, deck: Deck, path: Path, bleed: float | None = None,
                       warnings: list[str] | None = None, art_dpi: float = ART_DPI) -> int:
    """Writes every card of `deck` (copies included) to `path`, front then back, and returns the page count.

    `bleed` defaults to the composer's; it may be less (the faces are cropped) but not more, since
    the layouts drew their backgrounds only as far as the composer's bleed. Text that does not fit
    is added to `warnings` (the same warnings the card sheets give, so a build collecting both
    should pass only one of them a list). LayoutError as the composer raises it.
    """
    bleed = composer.bleed if bleed is None else bleed
    if not 0 <= bleed <= composer.bleed + 1e-9:
        raise ValueError(f"bleed must be from 0 to the layouts' {composer.bleed:g} mm, not {bleed:g} mm")
    size = composer.size_of(deck)  # the deck's own, or --card-size's
    w, h = size.width, size.height
    page = Paper(f"{w:g}x{h:g}mm+{bleed:g}", w + 2 * bleed, h + 2 * bleed)
    slot = Slot(0, 0, 0, bleed, bleed, w, h, bleed, bleed, bleed, bleed)
    sheet = Sheet(SheetOptions(page, w, h, bleed), 1, 1, (slot,), ())
    title = composer.game.title
    canvas = new_canvas(path, sheet, f"{title}: {deck.title} (one card per page)",
                        f"{title} print-shop file: card fronts and backs with {bleed:g} mm bleed")
    canvas.setBleedBox((0, 0, page.width * mm, page.height * mm))
    canvas.setTrimBox((bleed * mm, bleed * mm, (bleed + w) * mm, (bleed + h) * mm))
    drawer = PageDrawer(canvas, page.height, art_dpi)
    pages = 0
    for index, card in enumerate(deck.cards, start=1):
        front, back = composer.front(deck, card, index), composer.back(deck, card, index)
        if (front.width, front.height) != (w, h):
            raise ValueError(f"{card.file.name}:{card.line} {card.name!r}: its face is {front.width:g} x "
                             f"{front.height:g} mm, the deck's cards {w:g} x {h:g} mm")
        if warnings is not None:
            warnings += [f"{card.file.name}:{card.line} {card.name!r}: {text}" for text in front.warnings]
        for _ in range(card.count):
            for face, reuse in ((front, card.count > 1), (back, True)):  # repeated faces become forms
                drawer.face(face, bleed, bleed, slot.bleed_box(), reuse=reuse)
                canvas.showPage()
                pages += 1
    canvas.save()
    return pages
