"""`cardgen build` prints a game's boards, mats and aids: tiled over the paper, whole on larger paper, at a shop's size."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.cardgen.conftest import BOARD_AID, BOARD_SCORE as SCORE

AID = BOARD_AID

def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def test_each_board_is_printed_tiled_over_the_paper(cli, board_game, tmp_path):
    game = board_game
    result = cli("build", game, "--out", tmp_path, "--no-rulebook")
    assert result.exit_code == 0, result.output
    assert "boards: 3 (Score board, Square board, Player aid) on a4 paper" in result.output
    main = PdfReader(tmp_path / "tiny" / "tiny-main-a4.pdf")
    assert len(main.pages) == 4  # 420 x 297 mm over A4 with 10 mm overlaps: 2 x 2 sheets
    words = text_of(tmp_path / "tiny" / "tiny-main-a4.pdf")
    assert "First to 30" in words.replace("\n", " ") or "First to" in words
    assert all(str(n) in words for n in (0, 15, 30)) and "31" not in words  # the track runs to the constant
    assert "Draw pile" in words and "sheet A1" in words
    aid = PdfReader(tmp_path / "tiny" / "tiny-aid-a4.pdf")
    assert len(aid.pages) == 1 and "Player aid (print 4)" in text_of(tmp_path / "tiny" / "tiny-aid-a4.pdf")
    manifest = json.loads((tmp_path / "tiny" / "manifest.json").read_text())
    assert {"tiny-main-a4.pdf", "tiny-square-a4.pdf", "tiny-aid-a4.pdf"} <= set(manifest["files"])


def test_larger_board_paper_needs_fewer_sheets(cli, board_game, tmp_path):
    game = board_game
    assert cli("build", game, "--out", tmp_path, "--no-rulebook", "--board-paper", "a3").exit_code == 0
    assert len(PdfReader(tmp_path / "tiny" / "tiny-main-a3.pdf").pages) < 4
    assert (tmp_path / "tiny" / "tiny-heroes-a4.pdf").is_file()  # the cards stay on --paper


def test_a_shop_size_writes_the_board_at_it_with_its_bleed(cli, board_game, tmp_path):
    game = board_game
    result = cli("build", game, "--out", tmp_path, "--no-rulebook", "--board-shop", "tgc-quadfold-board")
    assert result.exit_code == 0, result.output  # the boards of another shape are printed tiled only, and said so
    assert "--board-shop tgc-quadfold-board: main, aid not of its shape, printed tiled only" in result.output
    assert not (tmp_path / "tiny" / "tiny-main-tgc-quadfold-board.pdf").exists()
    page = PdfReader(tmp_path / "tiny" / "tiny-square-tgc-quadfold-board.pdf").pages[0]
    trim = [float(v) for v in page.trimbox]
    assert abs((trim[2] - trim[0]) * 25.4 / 72 - 457.2) < 0.01
    assert abs(float(page.mediabox.width) * 25.4 / 72 - (457.2 + 2 * 3.175)) < 0.01


def test_an_unchanged_board_is_kept_and_a_changed_one_printed_again(cli, board_game, tmp_path):
    game = board_game
    assert cli("build", game, "--out", tmp_path, "--no-rulebook").exit_code == 0
    (game / "layouts" / "aid.toml").write_text(AID.replace("play a hero", "play two heroes"))
    again = cli("build", game, "--out", tmp_path, "--no-rulebook")
    assert again.exit_code == 0 and "play two heroes" in text_of(tmp_path / "tiny" / "tiny-aid-a4.pdf")


def test_two_builds_of_boards_are_the_same_bytes(cli, board_game, tmp_path):
    game = board_game
    for out in ("one", "two"):
        assert cli("build", game, "--out", tmp_path / out, "--no-rulebook").exit_code == 0
    for name in ("tiny-main-a4.pdf", "tiny-aid-a4.pdf"):
        assert (tmp_path / "one" / "tiny" / name).read_bytes() == (tmp_path / "two" / "tiny" / name).read_bytes()


def test_bad_board_options_and_layouts_are_one_line_each(cli, board_game, tmp_path):
    game = board_game
    out = tmp_path / "out"
    result = cli("build", game, "--out", out, "--board-shop", "tgc-bifold-board")
    assert result.exit_code == 2 and "none of the game's boards has that shape: main 420 x 297 mm" in result.output
    result = cli("build", game, "--out", out, "--board-paper", "a11")
    assert result.exit_code == 2 and "--board-paper:" in result.output
    result = cli("build", game, "--out", out, "--board-shop", "tgc-nothing")
    assert result.exit_code == 2 and "--board-shop: unknown shop board size 'tgc-nothing'" in result.output
    (game / "layouts" / "score.toml").write_text(SCORE.replace("y = 150", "y = 250"))
    checked = cli("check", game)
    assert checked.exit_code == 2 and "[slots.draw]: reaches past the board's edge" in checked.output
    built = cli("build", game, "--out", out)
    assert built.exit_code == 2 and "board 'main':" in built.output
    assert not out.exists()  # nothing written


def test_an_aid_lists_a_decks_cards_from_its_data(cli, board_game, tmp_path):
    aid = 'text = "Heroes: {{ decks.heroes.cards | map(attribute=\'name\') | join(\', \') }}"'
    (board_game / "layouts" / "aid.toml").write_text(BOARD_AID.replace('text = "On your turn: play a hero"', aid))
    assert cli("build", board_game, "--out", tmp_path, "--no-rulebook").exit_code == 0
    assert "Heroes: Ada, Grace" in text_of(tmp_path / "tiny" / "tiny-aid-a4.pdf")


def test_png_draws_each_board_whole_for_the_companion_and_a_shops_page(cli, board_game, tmp_path):
    from PIL import Image

    assert cli("build", board_game, "--out", tmp_path, "--no-rulebook", "--png").exit_code == 0
    with Image.open(tmp_path / "tiny" / "boards" / "main.png") as picture:
        assert picture.size == (round(420 / 25.4 * 100), round(297 / 25.4 * 100))  # the whole board at 100 dpi
        assert round(picture.info["dpi"][0]) == 100
    manifest = json.loads((tmp_path / "tiny" / "manifest.json").read_text())
    assert {"boards/main.png", "boards/square.png", "boards/aid.png"} <= set(manifest["files"])
    again = cli("build", board_game, "--out", tmp_path, "--no-rulebook")  # without --png the pictures go
    assert again.exit_code == 0 and not (tmp_path / "tiny" / "boards").exists()
