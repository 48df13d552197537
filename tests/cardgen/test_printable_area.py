"""Every crop mark, ruler and line of text stays inside the printable area (5 mm, or --margin).

Measured in the PDFs themselves: every stroke drawn outside a card (crop marks, fold lines, the
duplex test's rulers and outlines) and every string set on the page (footers, labels), with the
font's ascent, descent and widths, for each bundled game's card sizes on A4 and Letter.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildError, BuildOptions
from cardgen.build.run import build
from tests.conftest import BUNDLED
from tests.pdf_probe import probe

PAPERS = ("a4", "letter")


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Every bundled game on both papers (sheets, tokens, duplex test), and one with a 10 mm margin."""
    from tests.conftest import _load_bundled

    made = {}
    for slug in BUNDLED:
        for paper in PAPERS:
            out = tmp_path_factory.mktemp(f"{slug}-{paper}")
            result = build(_load_bundled(slug), BuildOptions(paper=paper, out=out, rulebook=False, tokens=True))
            made[(slug, paper, 5.0)] = (out / slug, result)
    out = tmp_path_factory.mktemp("wide-margin")
    made[(BUNDLED[0], "letter", 10.0)] = (out / BUNDLED[0], build(_load_bundled(BUNDLED[0]), BuildOptions(
        paper="letter", margin=10.0, out=out, rulebook=False, tokens=True)))
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
    """10 mm is the designer's choice: Letter leaves 12.7 mm beside 4 poker cards across (and beside 3), so the
    bleed there is 1.2 mm, and the build says so. (8 mm no longer costs bleed: the page is turned, 4 x 2.)"""
    folder, result = printed[(BUNDLED[0], "letter", 10.0)]
    for pdf in folder.glob("*.pdf"):
        marks, texts = closest_to_edge(pdf)
        assert marks >= 10.0 - 1e-3 and texts >= 10.0 - 1e-3, pdf.name
    assert any("gives way to the 10 mm margin (--margin): 1.20 mm instead of 3 mm" in note
               for note in result.notes), result.notes


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("slug", BUNDLED)
def test_a_default_build_keeps_its_bleed_and_says_nothing_of_it(printed, slug, paper):
    """Each bundled game's cards get the full 3 mm on A4 and on Letter: nothing gave way, nothing to say."""
    _, result = printed[(slug, paper, 5.0)]
    assert not [note for note in result.notes if "bleed" in note or "crop marks" in note], result.notes
    assert not [warning for warning in result.warnings if "bleed" in warning], result.warnings


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
