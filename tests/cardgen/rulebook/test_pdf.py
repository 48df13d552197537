"""Every page of every bundled rulebook, on A4 and Letter: its text inside the margins, no two lines overlapping."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.impose import paper
from cardgen.rulebook import write_rulebook
from tests.cardgen.rulebook.pages import Page, Run, Word, pages, runs
from tests.conftest import BUNDLED

LEFT, RIGHT, TOP, BOTTOM = 18.0, 18.0, 16.0, 18.0  # mm: the rulebook's margins (RulebookDocument)
PRINTABLE = 6.35  # mm: the edge a home printer cannot print on; the running footer stays off it
TOLERANCE = 0.05  # mm
MEASURED = 0.1    # mm: runs are measured from the font file, whose kerning may differ from the PDF's spacing


def outside_margins(page: Page, words: list[Word]) -> list[str]:
    """The words of the page's body that reach into a margin, with how far they are from each edge."""
    return [f"page {page.number}: {w.text!r} at {w.left:.2f} mm from the left, {page.width - w.right:.2f} from the "
            f"right, {w.top:.2f} from the top, {page.height - w.bottom:.2f} from the bottom"
            for w in words if w.left < LEFT - TOLERANCE or w.right > page.width - RIGHT + TOLERANCE
            or w.top < TOP - TOLERANCE or w.bottom > page.height - BOTTOM + TOLERANCE]


def overlapping(page: Page, words: list[Word], drawn: list[Run]) -> list[str]:
    """Pairs of words of different lines (as poppler reads them) whose boxes overlap, and pairs of text runs (as
    each text operator draws them: poppler joins runs drawn on one another into one word) that do."""
    found = [f"page {page.number}: {a.text!r} and {b.text!r} overlap by {a.overlap(b):.2f} mm"
             for i, a in enumerate(words) for b in words[i + 1:] if a.line != b.line and a.overlap(b) > TOLERANCE]
    drawn = sorted(drawn, key=lambda run: run.top)
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if b.top > a.bottom:
                break
            if a.overlap(b) > MEASURED:
                found.append(f"page {page.number}: {a.text!r} drawn over {b.text!r} by {a.overlap(b):.2f} mm")
    return found


def problems(pdf: Path, title: str) -> list[str]:
    """What is wrong with the rulebook's pages: body text in a margin, overlapping lines, a misplaced footer.

    Text inside a card thumbnail (a gallery's clipped picture) is the card's own, checked by the card audit."""
    found = []
    reader = PdfReader(pdf)
    for page in pages(pdf):
        words = [w for w in page.words if not any(w.within(picture) for picture in page.pictures)]
        footer = [w for w in words if page.number > 1 and w.top > page.height - BOTTOM]
        body = [w for w in words if w not in footer]
        found += outside_margins(page, body) + overlapping(page, words, runs(reader, page.number - 1, page.pictures))
        if page.number > 1:
            text = " ".join(w.text for w in footer)
            if text != f"{title} · {page.number}":
                found.append(f"page {page.number}: the footer reads {text!r}")
            found += [f"page {page.number}: footer word {w.text!r} within {PRINTABLE} mm of the paper's edge"
                      for w in footer if min(w.left, w.top, page.width - w.right, page.height - w.bottom) < PRINTABLE]
    return found


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("slug", BUNDLED)
def test_every_page_keeps_its_text_inside_the_margins_without_overlaps(slug, paper_name, load_bundled, tmp_path):
    game = load_bundled(slug)
    pdf = tmp_path / "rulebook.pdf"
    count = write_rulebook(game, paper(paper_name), pdf)
    measured = pages(pdf)
    assert len(measured) == count
    assert sum(len(page.words) for page in measured) > 300 * count / 10  # the text is read, not an empty page
    assert problems(pdf, game.title) == []
