"""A board for a print shop: one side per page, board + bleed, TrimBox and BleedBox, at the shop's size."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.impose.shop_boards import shop_board
from cardgen.impose.tiles import TileError
from cardgen.layout.ops import Face, Rect
from cardgen.render.pdf_board_shop import write_board_shop_pdf
from tests.cardgen.raster import rasterise
from tests.pdf_probe import PT, probe

EXACT = 0.01  # mm


def square(size: float, bleed: float, fill: str = "#204080") -> Face:
    return Face(size, size, bleed, (Rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=fill),))


def boxes(path, index: int = 0) -> dict[str, tuple[float, ...]]:
    page = PdfReader(path).pages[index]
    return {name: tuple(float(v) * PT for v in (box.left, box.bottom, box.right, box.top))
            for name, box in (("media", page.mediabox), ("trim", page.trimbox), ("bleed", page.bleedbox))}


def close(a, b) -> bool:
    return all(abs(x - y) <= EXACT for x, y in zip(a, b, strict=True))


def test_the_page_is_the_board_plus_bleed_with_its_trim_and_bleed_boxes(tmp_path):
    path = tmp_path / "shop.pdf"
    assert write_board_shop_pdf(square(450.0, 3.0), path, 3.0, back=square(450.0, 3.0, "#802040")) == 2
    for index in (0, 1):
        found = boxes(path, index)
        assert close(found["media"], (0, 0, 456.0, 456.0)) and close(found["bleed"], found["media"])
        assert close(found["trim"], (3.0, 3.0, 453.0, 453.0))
    page = probe(PdfReader(path), 0)
    assert close(page.clips[0], (0.0, 0.0, 456.0, 456.0))


def test_at_a_shops_size_the_board_is_scaled_to_the_shops_trim_and_bleed(tmp_path):
    path = tmp_path / "tgc.pdf"
    shop = shop_board("tgc-quadfold-board")
    write_board_shop_pdf(square(450.0, 3.5), path, shop=shop)
    side = 18 * 25.4 + 2 * 25.4 / 8
    found = boxes(path)
    assert close(found["media"], (0, 0, side, side)) and close(found["bleed"], found["media"])
    assert close(found["trim"], (25.4 / 8, 25.4 / 8, side - 25.4 / 8, side - 25.4 / 8))
    picture = rasterise(path, 1, tmp_path, 10).convert("RGB")
    corners = [picture.getpixel((x, y)) for x in (1, picture.width - 2) for y in (1, picture.height - 2)]
    assert all(pixel[2] > 100 and pixel[0] < 80 for pixel in corners)  # the board's field reaches the bleed's edge


@pytest.mark.parametrize("face, shop, words", [
    (square(450.0, 3.0), "tgc-quadfold-board", r"3.175 mm of bleed \(scaled by 1.016 to The Game Crafter Quad-Fold Game Board\) needs 3.125 mm"),
    (Face(450.0, 300.0, 5.0, ()), "tgc-quadfold-board", "lay the board out in that shape"),
])
def test_a_board_that_does_not_fit_the_shop_is_refused_and_nothing_is_written(tmp_path, face, shop, words):
    path = tmp_path / "shop.pdf"
    with pytest.raises(TileError, match=words):
        write_board_shop_pdf(face, path, shop=shop_board(shop))
    assert not path.exists()


def test_the_shop_file_is_the_same_bytes_every_time(tmp_path):
    for name in ("one.pdf", "two.pdf"):
        write_board_shop_pdf(square(203.2, 3.5), tmp_path / name, shop=shop_board("tgc-square-board"), title="T")
    assert (tmp_path / "one.pdf").read_bytes() == (tmp_path / "two.pdf").read_bytes()
