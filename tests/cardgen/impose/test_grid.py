"""Sheet geometry: how many cards fit, where their trim boxes are, and crop marks outside all bleed."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.gamedata.cardsizes import CARD_SIZES
from cardgen.impose import SheetOptions, impose, paper
from cardgen.impose.sheet import ImpositionError, SHORTEST, Sheet
from tests.cardgen.raster import rasterise
from tests.pdf_probe import probe


def options(paper_name="a4", size="poker", **kw) -> SheetOptions:
    card = CARD_SIZES[size]
    return SheetOptions(paper(paper_name), card.width, card.height, **kw)


def inside(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    bx, by, bw, bh = box
    return bx - 1e-9 <= x <= bx + bw + 1e-9 and by - 1e-9 <= y <= by + bh + 1e-9


def assert_marks_clear(sheet: Sheet) -> None:
    page, edge = sheet.options.paper, sheet.options.margin
    for mark in sheet.marks:
        for x, y in ((mark.x1, mark.y1), (mark.x2, mark.y2), ((mark.x1 + mark.x2) / 2, (mark.y1 + mark.y2) / 2)):
            assert edge - 1e-9 <= x <= page.width - edge + 1e-9 and edge - 1e-9 <= y <= page.height - edge + 1e-9
            for slot in sheet.slots:
                assert not inside(x, y, slot.bleed_box()), (mark, slot)


def assert_butted_grid(sheet: Sheet, card_width: float, card_height: float) -> None:
    page = sheet.options.paper
    left, top = sheet.slots[0].x, sheet.slots[0].y
    for slot in sheet.slots:  # edge to edge, sharing cut lines
        assert slot.x == pytest.approx(left + slot.col * card_width)
        assert slot.y == pytest.approx(top + slot.row * card_height)
    assert left == pytest.approx((page.width - sheet.cols * card_width) / 2)
    assert top == pytest.approx((page.height - sheet.rows * card_height) / 2)
    assert_marks_clear(sheet)


def outer_bleed(sheet: Sheet) -> set[float]:
    """Every bleed drawn on the grid's outer edges (inner edges have none: they are shared cut lines)."""
    last_col, last_row = sheet.cols - 1, sheet.rows - 1
    return ({s.bleed_left for s in sheet.slots if s.col == 0} | {s.bleed_right for s in sheet.slots if s.col == last_col}
            | {s.bleed_top for s in sheet.slots if s.row == 0} | {s.bleed_bottom for s in sheet.slots if s.row == last_row})


def test_nine_poker_cards_butted_on_a4_with_the_full_bleed():
    sheet = impose(options("a4"))
    assert (sheet.cols, sheet.rows) == (3, 3)
    assert (sheet.options.paper.width, sheet.options.paper.height) == (210, 297)
    assert_butted_grid(sheet, 63.5, 88.9)
    # 9.75 mm beside the grid: 5 mm margin, 3 mm bleed, 0.5 mm gap and 1.25 mm crop marks (not 2.25 mm of bleed)
    assert outer_bleed(sheet) == {3.0} and not sheet.notes
    side = [m for m in sheet.marks if m.y1 == m.y2]
    assert {round(abs(m.x2 - m.x1), 6) for m in side} == {1.25}


def test_letter_poker_turns_landscape_to_keep_the_bleed():
    """Letter leaves 6.35 mm above and below a 3 x 3 poker grid: no room for bleed and marks inside the
    5 mm margin. Turned, 4 x 2 cards keep 3 mm bleed and 4 mm marks all round."""
    sheet = impose(options("letter"))
    assert (sheet.options.paper.width, sheet.options.paper.height) == (279.4, 215.9)
    assert (sheet.cols, sheet.rows) == (4, 2)
    assert_butted_grid(sheet, 63.5, 88.9)
    assert outer_bleed(sheet) == {3.0} and not sheet.notes
    assert {round(abs(m.x2 - m.x1) + abs(m.y2 - m.y1), 6) for m in sheet.marks} == {4.0}


@pytest.mark.parametrize(("paper_name", "size"), [
    (paper_name, size) for paper_name in ("a4", "letter") for size in sorted(CARD_SIZES)
    # 4 x 4 upright or 6 x 3 turned: both leave under 3 mm above and below; the build says so (a choice of size and paper)
    if (paper_name, size) != ("letter", "mini-euro")])
def test_the_default_sheet_keeps_the_full_bleed(paper_name, size):
    """No default build says its bleed gave way: an orientation that keeps it is chosen."""
    sheet = impose(options(paper_name, size))
    assert outer_bleed(sheet) == {3.0} and not sheet.notes, sheet.notes
    assert_marks_clear(sheet)


def test_letter_butted_outer_bleed_shrinks_to_keep_marks_printable():
    sheet = impose(options("letter", orientation="portrait"))  # the designer's choice: 3 x 3 upright
    assert (sheet.cols, sheet.rows) == (3, 3)
    assert sheet.slots[0].bleed_top < 3.0 and sheet.slots[0].bleed_left == 3.0
    assert sheet.slots[4].bleed_box() == (sheet.slots[4].x, sheet.slots[4].y, 63.5, 88.9)  # interior: no bleed
    assert_marks_clear(sheet)
    vertical = [m for m in sheet.marks if m.x1 == m.x2]
    # the 5 mm printable margin leaves 1.35 mm above and below the grid: no bleed there, short marks
    assert sheet.slots[0].bleed_top == 0.0
    assert len(vertical) == 8 and all(SHORTEST <= abs(m.y2 - m.y1) < 1.0 for m in vertical)
    assert any("bleed above and below the grid gives way" in n for n in sheet.notes)
    assert any("only 0.85 mm long" in n for n in sheet.notes)


def test_a_margin_that_costs_bleed_in_both_orientations_says_so():
    sheet = impose(options("letter", margin=10))  # 12.7 mm beside 3 x 2 upright and beside 4 x 2 turned
    assert (sheet.cols, sheet.rows, sheet.options.paper.width) == (4, 2, 279.4)  # the more cards
    assert sorted(outer_bleed(sheet)) == [pytest.approx(1.2), 3.0]
    assert any("left and right of the grid gives way to the 10 mm margin (--margin): 1.20 mm" in n
               for n in sheet.notes)
    wide = impose(options("a4", margin=8))  # turned, 8 cards keep it: nothing gave way
    assert (wide.cols, wide.rows, wide.options.paper.width) == (4, 2, 297) and not wide.notes


@pytest.mark.parametrize("margin", [5.0, 8.0])
@pytest.mark.parametrize("style", ["butted", "gutter"])
@pytest.mark.parametrize("size", ["poker", "bridge", "tarot", "mini", "mini-euro", "skat", "business"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_marks_stay_inside_the_margin(paper_name, size, style, margin):
    sheet = impose(options(paper_name, size, style=style, margin=margin))
    assert sheet.marks
    assert_marks_clear(sheet)


def test_a_wide_margin_drops_a_row_rather_than_the_marks_and_says_so():
    """3 x 3 upright poker cards on Letter leave 6.35 mm above and below: inside a 6.35 mm margin no mark
    fits there, so the grid keeps two rows, each of its cut lines marked at both ends."""
    sheet = impose(options("letter", margin=6.35, orientation="portrait"))
    assert (sheet.cols, sheet.rows) == (3, 2) and not sheet.unmarked
    assert len([m for m in sheet.marks if m.x1 == m.x2]) == 2 * 4
    assert len([m for m in sheet.marks if m.y1 == m.y2]) == 2 * 3
    assert outer_bleed(sheet) == {3.0}
    assert_marks_clear(sheet)
    assert any("2 rows down instead of 3, so that every cut line keeps its crop marks" in n for n in sheet.notes)


def test_butted_marks_sit_on_every_cut_line():
    sheet = impose(options("a4"))
    x0, y0 = sheet.slots[0].x, sheet.slots[0].y
    xs = {round(m.x1, 6) for m in sheet.marks if m.x1 == m.x2}
    ys = {round(m.y1, 6) for m in sheet.marks if m.y1 == m.y2}
    assert xs == {round(x0 + i * 63.5, 6) for i in range(4)}
    assert ys == {round(y0 + j * 88.9, 6) for j in range(4)}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_gutter_cards_keep_full_bleed_and_marks_clear(paper_name, size):
    sheet = impose(options(paper_name, size, style="gutter"))
    assert sheet.per_page >= 1
    boxes = [slot.bleed_box() for slot in sheet.slots]
    for slot in sheet.slots:
        assert (slot.bleed_left, slot.bleed_top, slot.bleed_right, slot.bleed_bottom) == (3, 3, 3, 3)
    for i, a in enumerate(boxes):  # no two bleed areas touch
        for b in boxes[i + 1:]:
            assert a[0] + a[2] < b[0] or b[0] + b[2] < a[0] or a[1] + a[3] < b[1] or b[1] + b[3] < a[1]
    assert_marks_clear(sheet)
    assert len(sheet.marks) == 8 * sheet.per_page


def test_gutter_fits_fewer_than_butted_on_letter():
    portrait = impose(options("letter", style="gutter", orientation="portrait"))
    assert portrait.rows == 2  # 3 x (88.9 + 6) mm is more than Letter's 279.4 mm
    assert impose(options("letter", style="gutter")).per_page < 9


def test_zero_bleed_and_custom_paper():
    sheet = impose(options("210x210", "square", bleed=0))
    assert sheet.per_page == 9 and all(s.bleed_box()[2] == 63.5 for s in sheet.slots)


@pytest.mark.parametrize(
    ("kw", "message"),
    [({"bleed": -1}, "bleed must be 0 mm or more"),
     ({"style": "tiled"}, "unknown sheet style 'tiled'"),
     ({"size": "tarot", "paper_name": "100x100"}, "does not fit on 100x100mm paper")],
)
def test_impossible_sheets_are_refused_with_a_sentence(kw, message):
    with pytest.raises(ImpositionError, match=message):
        impose(options(**kw))


def test_unknown_paper_is_named():
    with pytest.raises(ValueError, match="unknown paper 'a5x'"):
        paper("a5x")


def test_a_part_full_page_gives_bleed_beside_its_empty_slots():
    sheet = impose(options("a4"))  # 3 x 3
    slots = sheet.filled(4)  # a row of three, and one card under the first
    assert [(s.bleed_right, s.bleed_bottom) for s in slots] == [(0.0, 0.0), (0.0, 3.0), (3.0, 3.0), (3.0, 3.0)]
    assert [(s.bleed_left, s.bleed_top) for s in slots] == [(3.0, 3.0), (0.0, 3.0), (0.0, 3.0), (3.0, 0.0)]
    assert sheet.filled(9) == sheet.slots
    assert impose(options("a4", style="gutter")).filled(2) == impose(options("a4", style="gutter")).slots[:2]


# ---- measured in the PDFs a build writes: crop marks on every cut, inside the margin, only for the cards there ----

CUT_TOLERANCE = 0.01  # mm: positions read back from the PDF's content stream (written to 1/1000 pt or so)


def card_rows(count: int) -> str:
    """A heroes CSV of `count` cards, one row each."""
    return "id,name,power,side,count,text\n" + "".join(f"h-{i},Hero {i},3,light,1,\n" for i in range(1, count + 1))


def build_pages(cli, make_game, tmp_path, count: int, *args: str):
    """Builds a tiny game of `count` cards with `args`; (pdf path, CLI output)."""
    folder = make_game(heroes_csv=card_rows(count))
    result = cli("build", folder, "--no-rulebook", "--out", tmp_path / "out", *args)
    assert result.exit_code == 0, result.output
    pdf = next((tmp_path / "out" / "tiny").glob("tiny-heroes-*.pdf"))
    return pdf, result.output


def drawn_marks(page) -> list[tuple[float, float, float, float, float]]:
    """Every stroke drawn outside the cards: (x1, y1, x2, y2, stroke width), in mm from the top left."""
    unclipped = {tuple(s) for s in page.segments}
    return [(*segment, width) for _colour, width, segments in page.strokes for segment in segments
            if tuple(segment) in unclipped]


def stroke_inside(mark, page, margin: float) -> bool:
    """Whether the whole stroke of a straight mark (butt caps: as wide as the stroke across its line, not
    beyond its ends) lies inside the printable area."""
    x1, y1, x2, y2, width = mark
    across_x = width / 2 if abs(x1 - x2) < 1e-6 else 0.0
    across_y = width / 2 if abs(y1 - y2) < 1e-6 else 0.0
    return (min(x1, x2) - across_x >= margin - 1e-3 and max(x1, x2) + across_x <= page.width - margin + 1e-3
            and min(y1, y2) - across_y >= margin - 1e-3 and max(y1, y2) + across_y <= page.height - margin + 1e-3)


def cut_lines(clips: list[tuple[float, float, float, float]], size: float, axis: int) -> list[float]:
    """A butted grid's cut lines across `axis` (0: x, 1: y), measured from where its cards' clips touch
    (the shared cut lines) and extended by one card to the grid's outer edges."""
    starts = sorted({round(c[axis], 3) for c in clips})
    inner = sorted({round(c[axis] + c[axis + 2], 3) for c in clips} & set(starts))
    assert inner, "the grid needs two cards across for its cut lines to be measured"
    lines = [inner[0] - size] + inner
    while len(lines) < len(starts) + 1:
        lines.append(lines[-1] + size)
    return lines


def card_clips(page, card) -> list[tuple[float, float, float, float]]:
    """The clips of the cards on a page (each card is drawn clipped to its bleed box): those at least a card
    large, not the footer's."""
    return [c for c in page.clips if c[2] >= card.width / 2 - 0.01 and c[3] >= card.height - 0.01]


def marks_on(marks, line: float, vertical: bool):
    return [m for m in marks if abs(m[0] - m[2]) < 1e-6 and abs(m[0] - line) < CUT_TOLERANCE] if vertical \
        else [m for m in marks if abs(m[1] - m[3]) < 1e-6 and abs(m[1] - line) < CUT_TOLERANCE]


@pytest.mark.parametrize(("paper_name", "size", "margin", "bleed", "grid", "side_bleed"), [
    ("a4", "bridge", 5.0, 3.0, (3, 3), (3.0, 3.0)),    # #29: not 5 x 2 turned with no marks for the horizontal cuts
    ("a4", "bridge", 15.0, 0.0, (4, 2), (0.0, 0.0)),   # 3 x 3 upright leaves no room above and below: turned
    ("letter", "poker", 6.35, 5.0, (4, 2), (4.85, 5.0)),  # 3 x 3 upright leaves none: turned, the bleed said
    ("letter", "bridge", 6.35, 3.0, (4, 2), (3.0, 3.0)),
])
def test_every_cut_line_has_its_marks_at_both_ends_in_the_pdf(cli, make_game, tmp_path, paper_name, size, margin,
                                                              bleed, grid, side_bleed):
    """Read from the sheet PDF: each cut line of the grid (where its cards' clips touch, and one card
    further out) has a mark beyond each end of the grid, the marks' strokes lie inside the margin, and
    the bleed beyond the outer cut lines is the one asked for (or the one the build said it gave way to)."""
    card = CARD_SIZES[size]
    pdf, output = build_pages(cli, make_game, tmp_path, grid[0] * grid[1], "--paper", paper_name,
                              "--card-size", size, "--margin", str(margin), "--bleed", str(bleed))
    page = probe(PdfReader(pdf), 0)
    clips = card_clips(page, card)
    cols, rows = len({round(c[0], 3) for c in clips}), len({round(c[1], 3) for c in clips})
    assert (cols, rows) == grid, (cols, rows)
    xs, ys = cut_lines(clips, card.width, 0), cut_lines(clips, card.height, 1)
    marks = drawn_marks(page)
    for x in xs:
        on = marks_on(marks, x, vertical=True)
        assert [m for m in on if max(m[1], m[3]) < ys[0]] and [m for m in on if min(m[1], m[3]) > ys[-1]], \
            f"the cut at x = {x:.2f} mm lacks a mark above or below the grid"
    for y in ys:
        on = marks_on(marks, y, vertical=False)
        assert [m for m in on if max(m[0], m[2]) < xs[0]] and [m for m in on if min(m[0], m[2]) > xs[-1]], \
            f"the cut at y = {y:.2f} mm lacks a mark left or right of the grid"
    assert len(marks) == 2 * (len(xs) + len(ys))
    assert all(stroke_inside(m, page, margin) for m in marks)
    left = min(c[0] for c in clips)
    top = min(c[1] for c in clips)
    assert xs[0] - left == pytest.approx(side_bleed[0], abs=CUT_TOLERANCE)
    assert ys[0] - top == pytest.approx(side_bleed[1], abs=CUT_TOLERANCE)
    assert ("gives way" in output) == (side_bleed != (bleed, bleed))
    image = rasterise(pdf, 1, tmp_path, 300)  # the bleed is printed: painted up to it, white beyond
    middle = ((xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2)
    assert painted(image, (xs[0] - side_bleed[0] + 0.3, middle[1])) and not painted(image, (xs[0] - side_bleed[0] - 0.3, middle[1]))
    assert painted(image, (middle[0], ys[0] - side_bleed[1] + 0.3)) and not painted(image, (middle[0], ys[0] - side_bleed[1] - 0.3))


def painted(image, at: tuple[float, float], dpi: float = 300) -> bool:
    """Whether the raster has ink at `at` (mm from the top left): darker than the paper's white."""
    pixel = image.convert("RGB").getpixel((round(at[0] * dpi / 25.4), round(at[1] * dpi / 25.4)))
    return min(pixel) < 253


@pytest.mark.parametrize("bleed", [3.0, 5.0])
@pytest.mark.parametrize("style", ["butted", "gutter", "fold"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_mark_strokes_lie_wholly_inside_a_quarter_inch_margin(cli, make_game, tmp_path, paper_name, style, bleed):
    """#29: with --margin 6.35 no part of a mark's 0.2 mm stroke is inside the margin (a mark along a line
    closer to the edge than half its stroke would half lie there), on every page."""
    pdf, _ = build_pages(cli, make_game, tmp_path, 9, "--paper", paper_name, "--margin", "6.35",
                         "--sheet", style, "--bleed", str(bleed))
    reader = PdfReader(pdf)
    for index in range(len(reader.pages)):
        page = probe(reader, index)
        marks = drawn_marks(page)
        outside = [m for m in marks if not stroke_inside(m, page, 6.35)]
        assert not outside, f"page {index + 1}: {len(outside)} of {len(marks)} mark strokes reach into the margin"


# style, paper: cards making the last page part-filled (a row and one more where the sheet has rows to spare)
PART_FILLED = {("butted", "a4"): 4, ("butted", "letter"): 5, ("gutter", "a4"): 4, ("gutter", "letter"): 4,
               ("fold", "a4"): 3, ("fold", "letter"): 3}


@pytest.mark.parametrize("style", ["butted", "gutter", "fold"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_a_part_filled_page_marks_and_bleeds_only_its_cards(cli, make_game, tmp_path, paper_name, style):
    """#29: the last page of a deck draws marks only for the cards on it (each starting just beyond a card's
    bleed, none around the empty slots), and each card beside an empty slot has its bleed printed there."""
    count = PART_FILLED[(style, paper_name)]
    pdf, _ = build_pages(cli, make_game, tmp_path, count, "--paper", paper_name, "--sheet", style)
    reader = PdfReader(pdf)
    last = len(reader.pages) - (1 if style == "fold" else 2)  # the last front page (backs follow fronts)
    page = probe(reader, last)
    cards = card_clips(page, CARD_SIZES["poker"])
    fronts = len(cards) // 2 if style == "fold" else len(cards)  # fold: each front with its back beside it
    assert 0 < fronts < impose(options(paper_name, style=style)).per_page  # part-filled
    marks = drawn_marks(page)
    assert marks
    for mark in marks:  # 0.5 mm beyond the bleed of a card on the page
        gap = min(box_distance(mark, clip) for clip in cards)
        assert gap == pytest.approx(0.5, abs=CUT_TOLERANCE), (mark, gap)
    if style == "gutter":
        assert len(marks) == 8 * fronts
    if style == "fold":
        assert len(marks) == 10 * fronts  # 8 crop marks and 2 fold ticks a pair
    if style == "butted":  # every cut line of the cards there, marked at both ends and nowhere else
        card = CARD_SIZES["poker"]
        xs, ys = cut_lines(cards, card.width, 0), cut_lines(cards, card.height, 1)
        assert len(marks) == 2 * (len(xs) + len(ys))
        assert all(marks_on(marks, x, vertical=True) for x in xs) and all(marks_on(marks, y, vertical=False) for y in ys)
    verticals = sorted({round(m[0], 3) for m in marks if abs(m[0] - m[2]) < 1e-6})
    horizontals = sorted({round(m[1], 3) for m in marks if abs(m[1] - m[3]) < 1e-6})
    image = rasterise(pdf, last + 1, tmp_path, 300)
    for x, y, w, h in cards:  # each edge a cut line runs along is printed 2.7 of its 3 mm beyond the cut
        mid_x, mid_y = x + w / 2, y + h / 2
        left = [v for v in verticals if x - 1e-3 <= v < mid_x]
        right = [v for v in verticals if mid_x < v <= x + w + 1e-3]
        top = [v for v in horizontals if y - 1e-3 <= v < mid_y]
        bottom = [v for v in horizontals if mid_y < v <= y + h + 1e-3]
        assert top and bottom and (left or right)
        for point in ([(min(left) - 2.7, mid_y)] if left else []) + ([(max(right) + 2.7, mid_y)] if right else []) \
                + [(mid_x, min(top) - 2.7), (mid_x, max(bottom) + 2.7)]:
            assert painted(image, point), f"no bleed at {point} beside the card at {(x, y)}"


def box_distance(mark, box) -> float:
    """The shortest distance (mm) from a mark's segment to a rectangle (x, y, w, h)."""
    x1, y1, x2, y2, _width = mark
    bx, by, bw, bh = box
    gap_x = max(bx - max(x1, x2), min(x1, x2) - (bx + bw), 0.0)
    gap_y = max(by - max(y1, y2), min(y1, y2) - (by + bh), 0.0)
    return (gap_x ** 2 + gap_y ** 2) ** 0.5
