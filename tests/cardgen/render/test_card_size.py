"""`--card-size`: the faces are laid out at the size printed, on the sheets and one card per page (issue #29, 1).

Measured from the PDFs the build's own steps write: every string's box on the page (tests.pdf_probe) lies
inside its card's printed area, and rasterised, no card holds a blank strip of unprinted paper.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from pypdf import PdfReader

from cardgen.gamedata import CardSize
from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.build.checks import composer_for, sheets_for
from cardgen.build.faces import in_print_order
from cardgen.build.options import BuildError, BuildOptions
from cardgen.render.pdf_sheets import SheetJob, write_sheets
from cardgen.render.pdf_single import write_single_cards
from tests.cardgen.raster import rasterise
from tests.conftest import BUNDLED
from tests.pdf_probe import PT, probe

SIZES = ("mini", "tarot", "63x88")
DPI = 50
MM = DPI / 25.4  # pixels per mm
TOLERANCE = 0.1  # mm


def smallest_deck(game):
    """The deck with the fewest cards (more than one distinct card when any deck has), to keep tests fast, each
    card once: a card with copies is drawn as a form, whose strings tests.pdf_probe does not read."""
    deck = min(game.decks, key=lambda d: (d.distinct < 2, d.total))
    return replace(deck, cards=tuple(replace(card, count=1) for card in deck.cards))


def inside(box, area, slack=TOLERANCE) -> bool:
    x, y, w, h = box
    ax, ay, aw, ah = area
    return x >= ax - slack and y >= ay - slack and x + w <= ax + aw + slack and y + h <= ay + ah + slack


def overlap(box, area) -> bool:
    x, y, w, h = box
    ax, ay, aw, ah = area
    return x < ax + aw and ax < x + w and y < ay + ah and ay < y + h


def blank_strips(image, area) -> list[str]:
    """The rows and columns of `area` (x, y, w, h mm, 0.5 mm in from each side) that are all unprinted paper."""
    x, y, w, h = area
    left, top = round((x + 0.5) * MM), round((y + 0.5) * MM)
    right, bottom = round((x + w - 0.5) * MM), round((y + h - 0.5) * MM)
    pixels = image.convert("RGB").load()
    white = lambda px, py: min(pixels[px, py]) >= 254  # noqa: E731
    rows = [f"row at {py / MM:.1f} mm" for py in range(top, bottom) if all(white(px, py) for px in range(left, right))]
    cols = [f"column at {px / MM:.1f} mm" for px in range(left, right) if all(white(px, py) for py in range(top, bottom))]
    return rows + cols


def sheets_at(game, size: str | None, folder):
    """The smallest deck's sheets written as a build writes them, at `size`: (deck, sheet, findings, pdf)."""
    options = BuildOptions(card_size=size, out=folder)
    sheet_for = sheets_for(game, options)
    composer = composer_for(game, options)
    deck = smallest_deck(game)
    job = SheetJob(deck.title, "test", sheet_for(deck), options.duplex)
    found: list = []
    path = folder / "sheets.pdf"
    write_sheets(job, in_print_order(composer, deck, found, None), deck.total, path)
    return deck, job.sheet, found, path


@pytest.mark.parametrize("size", (None, *SIZES))
@pytest.mark.parametrize("slug", BUNDLED)
def test_faces_are_laid_out_at_the_size_printed(load_bundled, tmp_path, slug, size):
    deck, sheet, found, path = sheets_at(load_bundled(slug), size, tmp_path)
    filled = sheet.filled(min(deck.total, sheet.per_page))  # page 1: the first sheet's fronts
    areas = [slot.bleed_box() for slot in filled]
    texts = probe(PdfReader(path), 0).texts
    assert texts, "page 1 shows no text to measure"
    on_cards = [box for box in texts if any(overlap(box, area) for area in areas)]  # not the sheet's own footer
    assert on_cards, "page 1 shows no card text to measure"
    outside = [box for box in on_cards if not any(inside(box, area) for area in areas)]
    assert not outside, f"{len(outside)} of {len(on_cards)} strings run out of their card (clipped), first {outside[0]}"
    image = rasterise(path, 1, tmp_path, DPI)
    for slot in filled:
        strips = blank_strips(image, (slot.x, slot.y, slot.width, slot.height))
        assert not strips, f"card {slot.index + 1} has blank paper inside its cut: {strips[0]} ({len(strips)} in all)"
    overflow = [finding.text() for finding in found if "does not fit" in finding.message]
    assert not overflow, overflow[0]


def test_a_face_is_centred_on_a_card_close_to_its_size(load_bundled, tmp_path):
    """63 x 88 against poker's 63.5 x 88.9: the layout is scaled, so the centred footer sits on the card's centre."""
    deck, sheet, _, path = sheets_at(load_bundled("unyielding_universe"), "63x88", tmp_path)
    texts = probe(PdfReader(path), 0).texts
    for slot in sheet.filled(min(deck.total, sheet.per_page)):
        own = [box for box in texts if inside(box, slot.bleed_box())]
        footer = max(own, key=lambda box: box[1])  # the lowest string: "Unyielding Universe · Year cards · n/108"
        assert abs(footer[0] + footer[2] / 2 - (slot.x + slot.width / 2)) <= TOLERANCE


def test_another_shape_warns_once_per_deck_naming_the_setting(load_bundled, tmp_path):
    deck, _, found, _ = sheets_at(load_bundled("unyielding_universe"), "mini", tmp_path)
    said = [finding.text() for finding in found if "--card-size" in finding.message]
    assert len(said) == 1
    assert f'set card_size = "mini" in [decks.{deck.id}]' in said[0] and "designed for poker cards" in said[0]
    _, _, found, _ = sheets_at(load_bundled("unyielding_universe"), "63x88", tmp_path)
    assert not [finding for finding in found if "--card-size" in finding.message]  # close: scaled, nothing to say


def test_a_card_turned_the_other_way_is_refused(load_bundled):
    with pytest.raises(BuildError, match=r"deck '\w+': its layouts are portrait .* turned the other way"):
        sheets_for(load_bundled("unyielding_universe"), BuildOptions(card_size="business"))


@pytest.mark.parametrize("size", SIZES)
def test_one_card_per_page_is_printed_at_the_size_asked_for(load_bundled, tmp_path, size):
    game = load_bundled("unyielding_universe")
    options = BuildOptions(card_size=size)
    composer = composer_for(game, options)
    deck = smallest_deck(game)
    path = tmp_path / "single.pdf"
    write_single_cards(composer, deck, path)
    printed = CARD_SIZES.get(size) or CardSize(size, *(float(part) for part in size.split("x")))
    reader = PdfReader(path)
    bleed = options.bleed
    trim = tuple(float(v) * PT for v in reader.pages[0].trimbox)
    assert all(abs(a - b) <= TOLERANCE for a, b in zip(trim, (bleed, bleed, bleed + printed.width,
                                                                   bleed + printed.height), strict=True))
    page = (0, 0, printed.width + 2 * bleed, printed.height + 2 * bleed)
    texts = probe(reader, 0).texts
    assert texts and all(inside(box, page) for box in texts)
    strips = blank_strips(rasterise(path, 1, tmp_path, DPI), (bleed, bleed, printed.width, printed.height))
    assert not strips, f"blank paper inside the cut: {strips[0]} ({len(strips)} in all)"
