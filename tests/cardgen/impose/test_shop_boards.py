"""Print shops' board sizes, read from templates/print/boards.toml, and a wrong file named by key."""

from __future__ import annotations

import pytest

from cardgen.impose.shop_boards import ShopBoardError, shop_board, shop_board_sizes

INCH = 25.4


def test_the_game_crafters_boards_are_their_templates_less_the_bleed():
    sizes = shop_board_sizes()
    bifold, quad = sizes["tgc-bifold-board"], sizes["tgc-quadfold-board"]
    assert (bifold.width, bifold.height) == pytest.approx((9 * INCH, 18 * INCH))
    assert (quad.width, quad.height, quad.bleed) == pytest.approx((18 * INCH, 18 * INCH, INCH / 8))
    assert sizes["tgc-large-quadfold-board"].width == pytest.approx(20 * INCH)
    assert {s.kind for s in sizes.values()} == {"board", "mat"}
    assert all(s.url.startswith("https://www.thegamecrafter.com/") for s in sizes.values())


def test_an_unknown_size_lists_the_known_ones():
    with pytest.raises(ShopBoardError, match=r"unknown shop board size 'huge'.*tgc-bifold-board"):
        shop_board("huge")


@pytest.mark.parametrize("text, words", [
    ('[x]\ntitle = "X"\n', r"\[x\]: kind is missing"),
    ('[x]\ntitle = "X"\nkind = "rug"\ntemplate_px = [10, 10]\ndpi = 300\nbleed_in = 0.1\nurl = "u"\n',
     "kind = 'rug' must be board or mat"),
    ('[x]\ntitle = "X"\nkind = "mat"\ntemplate_px = [10.5, 10]\ndpi = 300\nbleed_in = 0\nurl = "u"\n',
     "template_px = .* whole pixels"),
    ('[x]\ntitle = "X"\nkind = "mat"\ntemplate_px = [10, 10]\ndpi = 300\nbleed_in = 1\nurl = "u"\n',
     "the bleed leaves nothing"),
    ('[x]\ntitle = "X"\nkind = "mat"\ntemplate_px = [10, 10]\ndpi = "300"\nbleed_in = 0\nurl = "u"\n',
     "dpi = '300' is not a number"),
    ('[x]\ntitle = "X"\nkind = "mat"\ntemplate_px = [10, 10]\ndpi = 300\nbleed_in = 0\nurl = "u"\nsize = 1\n',
     "unknown key 'size'"),
    ("[x\n", "not valid TOML"),
])
def test_a_wrong_boards_file_is_named_with_its_key(tmp_path, text, words):
    path = tmp_path / "boards.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ShopBoardError, match=words):
        shop_board_sizes(path)
