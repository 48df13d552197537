"""A board tiled over home paper, measured in the PDF: overlaps, targets, glue, names, map, folds, backs."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.impose.papers import paper
from cardgen.impose.tiles import TileError
from cardgen.layout.ops import Face, Rect, Text
from cardgen.render.pdf_board import CUT_COLOUR, FOLD_COLOUR, write_board_pdf
from tests.cardgen.raster import rasterise
from tests.pdf_probe import probe

EXACT = 0.01  # mm
W, H, BLEED = 600.0, 450.0, 3.0
TITLE = "Test Board"


def board(fill: str = "#dfe8f0", width: float = W, height: float = H) -> Face:
    """A board whose field covers its bleed, with lines every 50 mm and its name."""
    ops: list = [Rect(-BLEED, -BLEED, width + 2 * BLEED, height + 2 * BLEED, fill=fill)]
    ops += [Rect(x, 0, 0.01, height, stroke="#335577", stroke_width=0.4) for x in range(0, int(width) + 1, 50)]
    ops.append(Text(20, 40, "Map of the realm", "bold", 24, "#000000"))
    return Face(width, height, BLEED, tuple(ops))


def windows(path: Path, face_height: float = H, step: int = 1) -> list[tuple[float, float, float, float]]:
    """Each page's board window (x, y, w, h in board mm, bleed included), from its clip and the board's origin."""
    reader = PdfReader(path)
    found = []
    for index in range(0, len(reader.pages), step):
        page = probe(reader, index)
        x, y, w, h = page.clips[0]  # the board is drawn first, in its clip
        (ox, oy), = [(px, py - face_height) for name, px, py in page.placements if "face" in name]
        found.append((x - ox, y - oy, w, h))
    return found


def page_targets(path: Path, index: int) -> list[tuple[float, float]]:
    """The board points of the targets (circles) on page `index`."""
    page = probe(PdfReader(path), index)
    (ox, oy), = [(px, py - H) for name, px, py in page.placements if "face" in name]
    return [(x + w / 2 - ox, y + h / 2 - oy) for kind, x, y, w, h in page.outlines if kind == "curve"]


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_the_tiles_overlap_exactly_and_glued_give_the_board_at_its_size(tmp_path, name):
    path = tmp_path / "board.pdf"
    plan = write_board_pdf(board(), path, paper(name), title=TITLE, bleed=BLEED)
    found = windows(path)
    assert len(found) == plan.rows * plan.cols > 1
    grid = [found[r * plan.cols:(r + 1) * plan.cols] for r in range(plan.rows)]
    for row in grid:
        for left, right in itertools.pairwise(row):
            assert abs(left[0] + left[2] - right[0] - 10.0) <= EXACT
        assert abs(row[0][0] + BLEED) <= EXACT and abs(row[-1][0] + row[-1][2] - W - BLEED) <= EXACT
        glued = sum(w for _, _, w, _ in row) - 10.0 * (plan.cols - 1) - 2 * BLEED
        assert abs(glued - W) <= EXACT
    for col in zip(*grid, strict=True):
        for upper, lower in itertools.pairwise(col):
            assert abs(upper[1] + upper[3] - lower[1] - 10.0) <= EXACT
        assert abs(sum(h for _, _, _, h in col) - 10.0 * (plan.rows - 1) - 2 * BLEED - H) <= EXACT


@pytest.mark.parametrize("name", ["a4", "letter"])
def test_the_targets_of_two_neighbours_land_on_the_same_board_points(tmp_path, name):
    path = tmp_path / "board.pdf"
    plan = write_board_pdf(board(), path, paper(name), title=TITLE, bleed=BLEED)
    for first, second in ((0, 1), (0, plan.cols)):  # A1 with A2, A1 with B1
        mine, theirs = page_targets(path, first), page_targets(path, second)
        matched = [p for p in mine if any(abs(p[0] - q[0]) <= EXACT and abs(p[1] - q[1]) <= EXACT for q in theirs)]
        assert len(matched) >= 4
        xs, ys = sorted({round(x, 1) for x, _ in matched}), sorted({round(y, 1) for _, y in matched})
        assert len(xs) >= 2 and len(ys) >= 2
        overlap = (xs[-1] - xs[0]) if second == 1 else (ys[-1] - ys[0])
        assert abs(overlap - 10.0) <= 0.1  # the targets span the 10 mm overlap


def test_nothing_is_drawn_within_the_margin(tmp_path):
    path = tmp_path / "board.pdf"
    write_board_pdf(board(), path, paper("a4"), title=TITLE, bleed=BLEED, margin=8.0, folds=[("x", 300.0)])
    reader = PdfReader(path)
    for index in range(len(reader.pages)):
        page = probe(reader, index)
        boxes = [(min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)) for x1, y1, x2, y2 in page.segments]
        boxes += [box for _, *box in page.outlines] + page.texts + page.clips
        for x, y, w, h in boxes:
            assert x >= 8.0 - EXACT and y >= 8.0 - EXACT, (index, x, y)
            assert x + w <= page.width - 8.0 + EXACT and y + h <= page.height - 8.0 + EXACT, (index, x, y, w, h)
    picture = rasterise(path, 1, tmp_path, 40).convert("L")
    edge = round(7.5 / 25.4 * 40)  # 7.5 mm, a pixel inside the 8 mm margin
    width, height = picture.size
    margin = [picture.getpixel((x, y)) for x in range(width) for y in range(height)
              if x < edge or y < edge or x >= width - edge or y >= height - edge]
    assert min(margin) >= 250
    assert min(picture.getpixel((x, height // 2)) for x in range(width)) < 200  # the board itself is there


def test_every_sheet_is_named_with_the_title_and_a_map_with_its_own_cell_filled(tmp_path):
    path = tmp_path / "board.pdf"
    plan = write_board_pdf(board(), path, paper("a4"), title=TITLE, bleed=BLEED)
    reader = PdfReader(path)
    for index, tile in enumerate(plan.tiles):
        text = reader.pages[index].extract_text()
        assert f"sheet {tile.name}, {index + 1} of {len(plan.tiles)}" in text
        assert TITLE in text and tile.name in text.split()
    index = plan.cols + 1  # B2
    page = probe(reader, index)
    band_top = page.height - 5.0 - 14.0
    cells = sorted(((y, x, w, h) for kind, x, y, w, h in page.outlines if kind == "rect" and y >= band_top))
    assert len(cells) == plan.rows * plan.cols
    picture = rasterise(path, index + 1, tmp_path, 150).convert("L")
    rows = [cells[r * plan.cols:(r + 1) * plan.cols] for r in range(plan.rows)]
    for r, row in enumerate(rows):
        for c, (y, x, w, h) in enumerate(sorted(row, key=lambda cell: cell[1])):
            shade = picture.getpixel((round((x + w / 2) / 25.4 * 150), round((y + h / 2) / 25.4 * 150)))
            assert (shade < 128) == ((r, c) == (1, 1)), (r, c, shade)


def test_cut_lines_on_the_sheets_laid_over_their_neighbours(tmp_path):
    path = tmp_path / "board.pdf"
    plan = write_board_pdf(board(), path, paper("a4"), bleed=BLEED)
    found = windows(path)
    reader = PdfReader(path)
    for index, tile in enumerate(plan.tiles):
        page = probe(reader, index)
        cuts = [seg for colour, _, segments in page.strokes if colour == CUT_COLOUR for seg in segments]
        (ox, oy), = [(px, py - H) for name, px, py in page.placements if "face" in name]
        vertical = [s for s in cuts if abs(s[0] - s[2]) <= EXACT]
        horizontal = [s for s in cuts if abs(s[1] - s[3]) <= EXACT]
        assert len(vertical) == (tile.col > 0) and len(horizontal) == (tile.row > 0)
        for x1, *_ in vertical:
            assert abs(x1 - ox - found[index][0]) <= EXACT  # on the window's left edge
        for _, y1, *_ in horizontal:
            assert abs(y1 - oy - found[index][1]) <= EXACT


def test_fold_lines_are_ticked_outside_the_trim_at_their_positions(tmp_path):
    path = tmp_path / "board.pdf"
    plan = write_board_pdf(board(), path, paper("a4"), bleed=BLEED, folds=[("x", 300.0), ("y", 225.0)])
    reader = PdfReader(path)
    seen_x = seen_y = 0
    for index, tile in enumerate(plan.tiles):
        page = probe(reader, index)
        (ox, oy), = [(px, py - H) for name, px, py in page.placements if "face" in name]
        ticks = [seg for colour, _, segments in page.strokes if colour == FOLD_COLOUR for seg in segments]
        for x1, y1, x2, y2 in ticks:
            if abs(x1 - x2) <= EXACT:  # a vertical tick: the fold at x = 300, above or below the board
                assert abs(x1 - ox - 300.0) <= EXACT
                assert max(y1, y2) - oy <= -BLEED or min(y1, y2) - oy >= H + BLEED
                seen_x += 1
            else:
                assert abs(y1 - oy - 225.0) <= EXACT
                assert max(x1, x2) - ox <= -BLEED or min(x1, x2) - ox >= W + BLEED
                seen_y += 1
        if not tile.x <= 300.0 <= tile.x + tile.width:
            assert all(abs(x1 - x2) > EXACT for x1, _, x2, _ in ticks)
    assert seen_x >= 2 and seen_y >= 2  # both ends of each fold


def test_a_larger_paper_takes_fewer_sheets_and_a_board_that_fits_is_one_centred_sheet(tmp_path):
    counts = {}
    for name in ("a4", "a3"):
        write_board_pdf(board(), tmp_path / f"{name}.pdf", paper(name), bleed=BLEED)
        counts[name] = len(PdfReader(tmp_path / f"{name}.pdf").pages)
    assert counts["a4"] > counts["a3"] > 1
    small = board(width=380.0, height=230.0)
    write_board_pdf(small, tmp_path / "tabloid.pdf", paper("tabloid"), title=TITLE, bleed=BLEED)
    reader = PdfReader(tmp_path / "tabloid.pdf")
    assert len(reader.pages) == 1
    page = probe(reader, 0)
    x, y, w, h = page.clips[0]
    assert abs(w - 386.0) <= EXACT and abs(h - 236.0) <= EXACT
    assert abs(x + w / 2 - page.width / 2) <= EXACT and abs(y + h / 2 - page.height / 2) <= EXACT
    assert TITLE in reader.pages[0].extract_text()


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_back_of_each_sheet_lands_behind_it(tmp_path, duplex):
    path = tmp_path / "mat.pdf"
    plan = write_board_pdf(board(), path, paper("a4"), bleed=BLEED, back=board("#f0e0d0"), duplex=duplex)
    reader = PdfReader(path)
    assert len(reader.pages) == 2 * len(plan.tiles)
    fronts, backs = windows(path, step=2), []
    for index in range(1, len(reader.pages), 2):
        page = probe(reader, index)
        x, y, w, h = page.clips[0]
        (ox, oy), = [(px, py - H) for name, px, py in page.placements if "face" in name]
        front = probe(reader, index - 1).clips[0]
        if duplex == "long":  # portrait A4 turned left to right: columns mirror, rows stay
            assert abs(x - (page.width - front[0] - front[2])) <= EXACT and abs(y - front[1]) <= EXACT
        else:
            assert abs(y - (page.height - front[1] - front[3])) <= EXACT and abs(x - front[0]) <= EXACT
        backs.append((x - ox, y - oy, w, h))
        assert f"{plan.tiles[index // 2].name} (back)" in reader.pages[index].extract_text()
        for tx, ty, tw, th in page.texts:  # the name stays inside the margin, wherever the flip puts it
            assert tx >= 5.0 and ty >= 5.0 and tx + tw <= page.width - 5.0 and ty + th <= page.height - 5.0
    for (fx, fy, fw, fh), (bx, by, bw, bh) in zip(fronts, backs, strict=True):
        assert (abs(fw - bw) <= EXACT) and (abs(fh - bh) <= EXACT)
        if duplex == "long":  # the back's window is the front's, mirrored across the board
            assert abs(bx - (W - fx - fw)) <= EXACT and abs(by - fy) <= EXACT
        else:
            assert abs(by - (H - fy - fh)) <= EXACT and abs(bx - fx) <= EXACT


def test_the_board_is_written_once_and_placed_on_every_sheet(tmp_path):
    path = tmp_path / "mat.pdf"
    plan = write_board_pdf(board(), path, paper("a4"), bleed=BLEED, back=board("#f0e0d0"))
    reader = PdfReader(path)
    placed = [name for index in range(len(reader.pages)) for name, *_ in probe(reader, index).placements]
    assert len(placed) == 2 * len(plan.tiles) and len(set(placed)) == 2  # the front's form and the back's


def test_the_same_board_writes_the_same_bytes(tmp_path):
    for name in ("one.pdf", "two.pdf"):
        write_board_pdf(board(), tmp_path / name, paper("letter"), title=TITLE, bleed=BLEED,
                        back=board("#f0e0d0"), folds=[("x", 300.0)])
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()


@pytest.mark.parametrize("change, words", [
    ({"bleed": 5.0}, "bleed 5 mm is more than the board's layout draws"),
    ({"folds": [("x", 700.0)]}, "fold 1: x = 700 mm is not inside the board"),
    ({"back": Face(100.0, 100.0, 3.0, ())}, "a mat's two sides must be the same size"),
    ({"back": board(), "duplex": "none"}, "duplex must be long or short"),
    ({"overlap": 400.0}, "overlap 400 mm leaves no room"),
])
def test_a_board_that_cannot_be_printed_is_refused_and_nothing_is_written(tmp_path, change, words):
    path = tmp_path / "board.pdf"
    with pytest.raises(TileError, match=words):
        write_board_pdf(board(), path, paper("a4"), **{"bleed": BLEED, **change})
    assert not path.exists()
