"""Every crop mark, ruler and line of text stays inside the printable area (5 mm, or --margin).

Measured in the PDFs themselves: every stroke drawn outside a card (crop marks, fold lines, the
duplex test's rulers and outlines) and every string set on the page (footers, labels), with the
font's ascent, descent and widths, for each bundled game's card sizes on A4 and Letter.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build import BuildError, BuildOptions, build
from tests.conftest import BUNDLED
from tests.pdf_probe import probe

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Every bundled game on both papers (sheets, tokens, duplex test), and one with an 8 mm margin."""
    from tests.conftest import _load_bundled

    made = {}
    for slug in BUNDLED:
        for paper in PAPERS:
            out = tmp_path_factory.mktemp(f"{slug}-{paper}")
            result = build(_load_bundled(slug), BuildOptions(paper=paper, out=out, rulebook=False, tokens=True))
            made[(slug, paper, 5.0)] = (out / slug, result)
    out = tmp_path_factory.mktemp("wide-margin")
    made[(BUNDLED[0], "letter", 8.0)] = (out / BUNDLED[0], build(_load_bundled(BUNDLED[0]), BuildOptions(
        paper="letter", margin=8.0, out=out, rulebook=False, tokens=True)))
    return made


def closest_to_edge(pdf) -> tuple[float, float]:
    """The smallest distance (mm) from any page edge of a page-level stroke and of a string's box."""
    reader = PdfReader(pdf)
    marks = texts = float("inf")
    for index in range(len(reader.pages)):
        page = probe(reader, index)
        for x1, y1, x2, y2 in page.segments:
            marks = min(marks, x1, x2, y1, y2, page.width - max(x1, x2), page.height - max(y1, y2))
        for _kind, x, y, w, h in page.outlines:
            marks = min(marks, x, y, page.width - x - w, page.height - y - h)
        for x, y, w, h in page.texts:
            texts = min(texts, x, y, page.width - x - w, page.height - y - h)
    return marks, texts


@pytest.mark.parametrize("margin", [5.0])
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", BUNDLED)
def test_marks_and_text_keep_the_margin(printed, slug, paper, margin):
    folder, _ = printed[(slug, paper, margin)]
    pdfs = sorted(p for p in folder.glob("*.pdf"))
    assert any("duplex-test" in p.name for p in pdfs)
    for pdf in pdfs:
        marks, texts = closest_to_edge(pdf)
        assert texts < float("inf"), f"{pdf.name}: no footer on any page"
        assert marks >= margin - 1e-3, f"{pdf.name}: a mark {marks:.2f} mm from the paper's edge"
        assert texts >= margin - 1e-3, f"{pdf.name}: text {texts:.2f} mm from the paper's edge"


def test_a_wider_margin_is_kept_and_what_gave_way_is_said(printed):
    folder, result = printed[(BUNDLED[0], "letter", 8.0)]
    for pdf in folder.glob("*.pdf"):
        marks, texts = closest_to_edge(pdf)
        assert marks >= 8.0 - 1e-3 and texts >= 8.0 - 1e-3, pdf.name
    assert any("gives way to the 8 mm margin" in note for note in result.notes), result.notes


def test_letter_poker_says_the_bleed_gives_way(printed):
    _, result = printed[(BUNDLED[0], "letter", 5.0)]
    assert any("letter paper, 63.5 x 88.9 mm cards: the bleed above and below the grid gives way" in note
               for note in result.notes), result.notes


def test_every_page_has_its_footer(printed):
    folder, _ = printed[(BUNDLED[0], "letter", 5.0)]
    for pdf in folder.glob("*.pdf"):
        reader = PdfReader(pdf)
        for index in range(len(reader.pages)):
            assert probe(reader, index).texts, f"{pdf.name} page {index + 1} has no footer"


@pytest.mark.parametrize("margin", [-1.0, 31.0])
def test_a_margin_out_of_range_is_refused(load_bundled, tmp_path, margin):
    with pytest.raises(BuildError, match="--margin must be from 0 to 30 mm"):
        build(load_bundled(BUNDLED[0]), BuildOptions(margin=margin, out=tmp_path))
