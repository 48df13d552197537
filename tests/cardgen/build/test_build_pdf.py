"""The print sheets of every bundled game, opened and measured: pages, trim, marks, duplex, text, fonts."""

from __future__ import annotations

import re
import shutil
import subprocess
from itertools import pairwise

import pytest
from PIL import Image, ImageStat  # Pillow: a core dependency of cardgen, never skipped
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from tests.conftest import BUNDLED
from tests.pdf_probe import probe

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
VARIANTS = {"a4-butted-long": ("a4", "butted", "long"), "letter-gutter-short": ("letter", "gutter", "short")}
TOLERANCE = 0.1


@pytest.fixture(scope="session")
def builds(tmp_path_factory):
    """Every bundled game built in both variants, once per test session."""
    from tests.conftest import _load_bundled

    made = {}
    for slug in BUNDLED:
        for name, (paper, sheet, duplex) in VARIANTS.items():
            out = tmp_path_factory.mktemp(f"{slug}-{name}")
            result = build(_load_bundled(slug), BuildOptions(paper=paper, sheet=sheet, duplex=duplex, out=out))
            made[(slug, name)] = (out / slug, result)
    return made


def deck_pdfs(folder, slug, game, paper):
    return {deck.id: folder / f"{slug}-{deck.id}-{paper}.pdf" for deck in game.decks}


def trims_from_marks(page, card_w, card_h):
    """Cut lines read off the crop marks: the x of vertical marks and y of horizontal ones."""
    xs = sorted({round(s[0], 3) for s in page.segments if abs(s[0] - s[2]) < 1e-6})
    ys = sorted({round(s[1], 3) for s in page.segments if abs(s[1] - s[3]) < 1e-6})
    return xs, ys


def inside(x, y, box):
    bx, by, bw, bh = box
    return bx + 1e-6 < x < bx + bw - 1e-6 and by + 1e-6 < y < by + bh - 1e-6


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("slug", BUNDLED)
def test_pages_trim_and_marks(builds, load_bundled, slug, variant):
    folder, _ = builds[(slug, variant)]
    paper, sheet, _duplex = VARIANTS[variant]
    game = load_bundled(slug)
    for deck in game.decks:
        reader = PdfReader(folder / f"{slug}-{deck.id}-{paper}.pdf")
        front = probe(reader, 0)
        assert sorted((round(front.width, 1), round(front.height, 1))) == sorted(PAPERS[paper])
        w, h = deck.size.width, deck.size.height
        assert front.clips, "each card is drawn clipped to its bleed box"
        xs, ys = trims_from_marks(front, w, h)
        if sheet == "butted":
            # neighbouring cut lines are one card apart; every card's trim sits on them
            assert all(abs((b - a) - w) <= TOLERANCE for a, b in pairwise(xs)), xs
            assert all(abs((b - a) - h) <= TOLERANCE for a, b in pairwise(ys)), ys
            for cx, cy, _, _ in front.clips:
                assert any(abs(x - cx) <= 3.0 + TOLERANCE for x in xs)
                assert any(abs(y - cy) <= 3.0 + TOLERANCE for y in ys)
        else:
            for cx, cy, cw, ch in front.clips:  # gutter: each card has its full bleed around the trim
                assert abs(cw - (w + 6)) <= TOLERANCE and abs(ch - (h + 6)) <= TOLERANCE
                assert any(abs(x - (cx + 3)) <= TOLERANCE for x in xs)
                assert any(abs(x - (cx + 3 + w)) <= TOLERANCE for x in xs)
                assert any(abs(y - (cy + 3)) <= TOLERANCE for y in ys)
                assert any(abs(y - (cy + 3 + h)) <= TOLERANCE for y in ys)
        for segment in front.segments:  # crop marks outside every card's bleed, on the paper
            x1, y1, x2, y2 = segment
            for px, py in ((x1, y1), (x2, y2), ((x1 + x2) / 2, (y1 + y2) / 2)):
                assert 0 < px < front.width and 0 < py < front.height
                assert not any(inside(px, py, clip) for clip in front.clips), (deck.id, segment)


@pytest.mark.parametrize("slug", BUNDLED)
def test_cards_are_nine_up_butted_on_a4(builds, load_bundled, slug):
    folder, _ = builds[(slug, "a4-butted-long")]
    game = load_bundled(slug)
    poker = [d for d in game.decks if d.size.name == "poker" and d.total >= 9]
    for deck in poker:
        front = probe(PdfReader(folder / f"{slug}-{deck.id}-a4.pdf"), 0)
        assert len(front.clips) == 9
        xs, ys = trims_from_marks(front, 63.5, 88.9)
        assert len(xs) == 4 and len(ys) == 4
        assert abs(xs[0] - (210 - 190.5) / 2) <= TOLERANCE and abs(ys[0] - (297 - 266.7) / 2) <= TOLERANCE


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("slug", BUNDLED)
def test_backs_lie_behind_fronts(builds, load_bundled, slug, variant):
    folder, _ = builds[(slug, variant)]
    paper, _sheet, duplex = VARIANTS[variant]
    deck = load_bundled(slug).decks[0]
    reader = PdfReader(folder / f"{slug}-{deck.id}-{paper}.pdf")
    front, back = probe(reader, 0), probe(reader, 1)
    portrait = front.width <= front.height
    mirror_x = (duplex == "long") == portrait
    assert len(back.clips) == len(front.clips)
    for x, y, w, h in front.clips:
        expected = (front.width - x - w, y) if mirror_x else (x, front.height - y - h)
        assert any(abs(bx - expected[0]) <= TOLERANCE and abs(by - expected[1]) <= TOLERANCE
                   and abs(bw - w) <= TOLERANCE and abs(bh - h) <= TOLERANCE for bx, by, bw, bh in back.clips)


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize("slug", BUNDLED)
def test_every_title_is_on_a_page_and_fonts_are_embedded(builds, load_bundled, slug):
    folder, _ = builds[(slug, "a4-butted-long")]
    game = load_bundled(slug)
    for deck in game.decks:
        reader = PdfReader(folder / f"{slug}-{deck.id}-a4.pdf")
        text = _words(" ".join(page.extract_text() for page in reader.pages)).replace(" ", "").casefold()
        for card in deck.cards:  # layouts may set titles in capitals
            assert card.name.replace(" ", "").casefold() in text, (deck.id, card.name)
        for page in reader.pages[:2]:
            fonts = page["/Resources"]["/Font"]
            for ref in fonts.values():
                font = ref.get_object()
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                    if "/DescendantFonts" in font else font["/FontDescriptor"]
                assert "/FontFile2" in descriptor.get_object(), font


@pytest.mark.parametrize("slug", BUNDLED)
def test_builds_are_byte_identical(builds, load_bundled, slug, tmp_path):
    folder, _ = builds[(slug, "a4-butted-long")]
    build(load_bundled(slug), BuildOptions(out=tmp_path))
    for path in sorted(folder.iterdir()):
        assert (tmp_path / slug / path.name).read_bytes() == path.read_bytes(), path.name


@pytest.mark.parametrize("slug", BUNDLED)
def test_a_rasterized_page_is_not_blank(builds, load_bundled, slug, tmp_path):
    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: `make test` installs poppler-utils")
    folder, _ = builds[(slug, "a4-butted-long")]
    deck = load_bundled(slug).decks[0]
    subprocess.run(["pdftoppm", "-r", "40", "-f", "1", "-l", "1", "-png",
                    str(folder / f"{slug}-{deck.id}-a4.pdf"), str(tmp_path / "page")], check=True)
    with Image.open(next(tmp_path.glob("page*.png"))) as page:
        image = page.convert("L")
    stats = ImageStat.Stat(image)
    assert stats.stddev[0] > 20, "the page is (nearly) one flat colour"
    assert image.getextrema()[0] < 100, "nothing dark was drawn"


def test_manifest_lists_what_was_built(builds):
    import json

    folder, result = builds[("unfair_chko", "a4-butted-long")]
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["game"] == "unfair_chko"
    assert set(manifest["files"]) == {p.name for p in result.files if p.name != "manifest.json"}
    assert manifest["decks"]["park"]["cards"] == 108 and manifest["decks"]["park"]["per_page"] == 9


def test_text_keeps_its_font_and_size(make_game, tmp_path):
    """Titles in the bold face at the layout's size, body text in the regular face."""
    from cardgen.gamedata import load_game

    build(load_game(make_game()), BuildOptions(out=tmp_path))
    reader = PdfReader(tmp_path / "tiny" / "tiny-heroes-a4.pdf")
    runs: list[tuple[str, str, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip() and font is not None:
            runs.append((text.strip(), str(font["/BaseFont"]), size * tm[0]))

    reader.pages[0].extract_text(visitor_text=visit)
    faces = {text: (font, round(size, 2)) for text, font, size in runs}
    assert faces["Ada"] == ("/AAAAAA+DejaVuSans-Bold", 11)             # the title box: bold, 11 pt
    assert faces["Bold"][0] == "/AAAAAA+DejaVuSans-Bold"                 # **Bold** in the body text
    assert faces["move"][0] == "/AAAAAA+DejaVuSans"                      # plain body text
    assert faces["Bold"][1] == faces["move"][1] <= 8.5
