"""A rulebook shows a board where its rules talk about it: `{{ board("main") }}` draws the board as printed."""

from __future__ import annotations

from pypdf import PdfReader

RULES = """# Setting up

Lay the score board in the middle of the table:

{{ board("main") }}

Each player takes a player aid.
"""


def test_the_board_is_drawn_in_the_rulebook_as_printed(board_game, cli, tmp_path):
    (board_game / "rulebook.md.j2").write_text(RULES, encoding="utf-8")
    result = cli("rulebook", board_game, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    words = " ".join(page.extract_text() for page in PdfReader(tmp_path / "out" / "tiny" / "tiny-rulebook-a4.pdf").pages)
    assert "Lay the score board" in words and "Draw pile" in words and "First to 30" in words
    html = (tmp_path / "out" / "tiny" / "tiny-rulebook.html").read_text()
    assert "[[board:" not in html and "Lay the score board" in html


def test_an_unknown_board_is_named_with_the_ones_there_are(board_game, cli, tmp_path):
    (board_game / "rulebook.md.j2").write_text(RULES.replace('board("main")', 'board("mian")'), encoding="utf-8")
    result = cli("rulebook", board_game, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "no board 'mian'; boards: main, square, aid" in result.output
