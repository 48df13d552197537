"""The bleed a default build promises (3 mm) is the bleed printed, measured in the PDF, with no note saying
it gave way; a margin of the designer's that leaves less bleed is still said.

Each card is drawn inside a clip of its bleed box, and the crop marks sit on the extensions of the cut
lines, so the printed bleed is the distance from the outermost cut line to the edge of the clips.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from tests.pdf_probe import probe


def measured(pdf) -> dict:
    """The first page's size, grid, outer bleed on each side and shortest crop mark, in mm."""
    page = probe(PdfReader(pdf), 0)
    xs = sorted({round(x1, 3) for x1, _, x2, _ in page.segments if abs(x1 - x2) < 1e-6})  # vertical marks: cut lines
    ys = sorted({round(y1, 3) for _, y1, _, y2 in page.segments if abs(y1 - y2) < 1e-6})
    left = min(x for x, _, _, _ in page.clips)
    top = min(y for _, y, _, _ in page.clips)
    right = max(x + w for x, _, w, _ in page.clips)
    bottom = max(y + h for _, y, _, h in page.clips)
    return {"page": (round(page.width, 1), round(page.height, 1)), "cards": len(page.clips),
            "grid": (len(xs) - 1, len(ys) - 1),
            "bleed": [round(v, 2) for v in (xs[0] - left, ys[0] - top,  # the last cut lines the cards reach:
                                            right - max(x for x in xs if x <= right + 1e-3),  # a page may be
                                            bottom - max(y for y in ys if y <= bottom + 1e-3))],  # part full
            "shortest mark": round(min(abs(x2 - x1) + abs(y2 - y1) for x1, y1, x2, y2 in page.segments), 2)}


def open_edges(pdf, index: int = 0) -> list[tuple[str, float]]:
    """For each card on a page and each side of it with no card beside it: (side, its bleed in mm)."""
    page = probe(PdfReader(pdf), index)
    xs = sorted({round(x1, 3) for x1, _, x2, _ in page.segments if abs(x1 - x2) < 1e-6})
    ys = sorted({round(y1, 3) for _, y1, _, y2 in page.segments if abs(y1 - y2) < 1e-6})
    trims = []
    for x, y, w, h in page.clips:
        trims.append((min(c for c in xs if c >= x - 1e-3), min(c for c in ys if c >= y - 1e-3),
                      max(c for c in xs if c <= x + w + 1e-3), max(c for c in ys if c <= y + h + 1e-3), (x, y, w, h)))
    cells = {(round(left, 2), round(top, 2)) for left, top, _, _, _ in trims}
    found = []
    for left, top, right, bottom, (x, y, w, h) in trims:
        beside = {"left": (left - (right - left), top), "right": (right, top),
                  "top": (left, top - (bottom - top)), "bottom": (left, bottom)}
        bleed = {"left": left - x, "top": top - y, "right": x + w - right, "bottom": y + h - bottom}
        found += [(side, round(bleed[side], 2)) for side, (cx, cy) in beside.items()
                  if (round(cx, 2), round(cy, 2)) not in cells]
    return found


@pytest.mark.parametrize(("paper", "outline"), [("a4", 10), ("letter", 12)])
def test_a_part_full_page_keeps_the_bleed_beside_its_empty_slots(tmp_path, cli, paper, outline):
    """6 cards: two rows of three on A4's 3 x 3, a row of four and two on Letter's 4 x 2. A card with an empty slot
    beside it is cut there too: it gets its bleed on that side (it had none: the grid's inner cut lines)."""
    folder = tmp_path / "my_game"
    assert cli("new", folder).exit_code == 0
    assert cli("build", folder, "--paper", paper, "--out", tmp_path / "out", "--no-rulebook").exit_code == 0
    pdf = tmp_path / "out" / "my_game" / f"my_game-cards-{paper}.pdf"
    edges = open_edges(pdf)
    assert len(probe(PdfReader(pdf), 0).clips) == 6
    assert {bleed for _, bleed in edges} == {3.0}, edges
    assert len(edges) == outline  # the sides of 2 x 3 cards, or of a row of 4 over a row of 2, with none beside
    fronts, backs = (probe(PdfReader(pdf), index).clips for index in (0, 1))
    sizes = sorted((round(w, 2), round(h, 2)) for _, _, w, h in fronts)
    assert sorted((round(w, 2), round(h, 2)) for _, _, w, h in backs) == sizes  # the backs, mirrored, keep it too


@pytest.mark.parametrize(("paper", "page", "grid", "shortest"), [
    ("a4", (210.0, 297.0), (3, 3), 1.25),     # 9.75 mm beside the grid: 5 mm margin, 3 mm bleed, 0.5 mm gap, 1.25 mm mark
    ("letter", (279.4, 215.9), (4, 2), 4.0),  # upright, 3 x 3 leaves 6.35 mm above and below: no room for bleed
])
def test_a_new_game_gets_the_full_bleed_without_a_note(tmp_path, cli, paper, page, grid, shortest):
    folder = tmp_path / "my_game"
    assert cli("new", folder).exit_code == 0
    cards = folder / "cards.csv"  # 12 cards, a full first page on both papers
    cards.write_text(cards.read_text(encoding="utf-8").replace("spark,Spark,4", "spark,Spark,10"), encoding="utf-8")
    built = cli("build", folder, "--paper", paper, "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 0, built.output
    assert "bleed" not in built.output and "gives way" not in built.output, built.output
    sheet = measured(tmp_path / "out" / "my_game" / f"my_game-cards-{paper}.pdf")
    assert sheet["page"] == page and sheet["grid"] == grid and sheet["cards"] == grid[0] * grid[1]
    assert sheet["bleed"] == [3.0, 3.0, 3.0, 3.0]
    assert sheet["shortest mark"] == shortest


def test_a_margin_of_ones_own_that_costs_bleed_is_said(tmp_path, cli):
    folder = tmp_path / "my_game"
    assert cli("new", folder).exit_code == 0
    built = cli("build", folder, "--paper", "letter", "--margin", "10", "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 0, built.output
    assert ("letter paper, 63.5 x 88.9 mm cards: the bleed left and right of the grid gives way to the 10 mm margin "
            "(--margin): 1.20 mm instead of 3 mm") in built.output
    sheet = measured(tmp_path / "out" / "my_game" / "my_game-cards-letter.pdf")
    assert sheet["grid"] == (4, 2) and sheet["bleed"] == [1.2, 3.0, 1.2, 3.0]
