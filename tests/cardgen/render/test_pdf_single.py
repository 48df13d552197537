"""One-card-per-page files for print shops: page boxes, front/back order, identical bytes on rebuild."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from cardgen.layout.compose import Composer
from cardgen.render.pdf_single import single_file_name, write_single_cards
from tests.conftest import BUNDLED
from tests.pdf_probe import PT

TOLERANCE = 0.1  # mm
INCH_BLEED = 3.175


def smallest_deck(game):
    """The deck with the fewest cards (but more than one distinct card when any has), to keep tests fast."""
    return min(game.decks, key=lambda d: (d.distinct < 2, d.total))


def box_mm(box) -> tuple[float, ...]:
    return tuple(float(v) * PT for v in (box.left, box.bottom, box.right, box.top))


def close(a, b) -> bool:
    return all(abs(x - y) <= TOLERANCE for x, y in zip(a, b, strict=True))


@pytest.fixture(scope="module")
def singles(tmp_path_factory):
    """Each bundled game's smallest deck with 1/8 in bleed, written once: {slug: (path, pages)}."""
    from tests.conftest import _load_bundled

    made = {}
    for slug in BUNDLED:
        game = _load_bundled(slug)
        deck = smallest_deck(game)
        path = tmp_path_factory.mktemp(slug) / single_file_name(slug, deck)
        made[slug] = (path, write_single_cards(Composer(game, INCH_BLEED), deck, path))
    return made


@pytest.mark.parametrize("slug", BUNDLED)
def test_every_page_is_one_card_with_its_bleed(singles, load_bundled, slug):
    path, pages = singles[slug]
    deck = smallest_deck(load_bundled(slug))
    w, h, b = deck.size.width, deck.size.height, INCH_BLEED
    reader = PdfReader(path)
    assert pages == len(reader.pages) == 2 * deck.total
    for page in reader.pages:
        assert close(box_mm(page.mediabox), (0, 0, w + 2 * b, h + 2 * b))
        assert close(box_mm(page.bleedbox), box_mm(page.mediabox))  # MediaBox = BleedBox
        assert close(box_mm(page.trimbox), (b, b, b + w, b + h))
        assert "/TrimBox" in page and "/BleedBox" in page  # set explicitly, not pypdf's fallback


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text).casefold()


@pytest.mark.parametrize("slug", BUNDLED)
def test_fronts_and_backs_alternate_card_by_card(singles, load_bundled, slug):
    path, _ = singles[slug]
    deck = smallest_deck(load_bundled(slug))
    reader = PdfReader(path)
    expected = [card.name for card in deck.cards for _ in range(card.count)]
    backs = set()
    for number, name in enumerate(expected):
        front, back = reader.pages[2 * number], reader.pages[2 * number + 1]
        assert _squash(name) in _squash(front.extract_text()), (number, name)  # layouts may set titles in capitals
        backs.add(back.get_contents().get_data())
    assert len(backs) == 1, "every back page draws the deck's one back"


def test_a_smaller_bleed_crops_and_a_larger_one_is_refused(load_bundled, tmp_path):
    game = load_bundled("unsettled_immigration")
    deck = smallest_deck(game)
    composer = Composer(game, 3.0)
    write_single_cards(composer, deck, tmp_path / "a.pdf", bleed=1.0)
    page = PdfReader(tmp_path / "a.pdf").pages[0]
    assert close(box_mm(page.mediabox), (0, 0, deck.size.width + 2, deck.size.height + 2))
    assert close(box_mm(page.trimbox), (1, 1, 1 + deck.size.width, 1 + deck.size.height))
    with pytest.raises(ValueError, match="bleed must be from 0 to the layouts' 3 mm"):
        write_single_cards(composer, deck, tmp_path / "b.pdf", bleed=3.175)


@pytest.mark.parametrize("slug", ["unfair_chko", "unyielding_universe"])
def test_single_card_files_are_byte_identical(singles, load_bundled, slug, tmp_path):
    path, _ = singles[slug]
    game = load_bundled(slug)
    again = tmp_path / path.name
    write_single_cards(Composer(game, INCH_BLEED), smallest_deck(game), again)
    assert again.read_bytes() == path.read_bytes()
