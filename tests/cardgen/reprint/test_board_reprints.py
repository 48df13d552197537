"""`cardgen build --changed-since` prints again the boards whose printed sides changed, and only those."""

from __future__ import annotations

import json

from tests.cardgen.build.test_boards import text_of
from tests.cardgen.conftest import BOARD_AID as AID, BOARDS_TOML as BOARDS


def test_a_changed_board_is_printed_again_and_the_others_are_not(cli, board_game, tmp_path):
    game = board_game
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--no-rulebook").exit_code == 0
    assert set(json.loads((out / "tiny" / "manifest.json").read_text())["boards"]) == {"main", "square", "aid"}
    (game / "layouts" / "aid.toml").write_text(AID.replace("play a hero", "play two heroes"))
    result = cli("build", game, "--out", out, "--changed-since", out / "tiny")
    assert result.exit_code == 0, result.output
    reprint = out / "tiny" / "reprint"
    assert sorted(p.name for p in reprint.glob("*.pdf")) == ["tiny-reprint-aid-a4.pdf"]
    assert "play two heroes" in text_of(reprint / "tiny-reprint-aid-a4.pdf")
    listing = (reprint / "reprint.txt").read_text()
    assert "1 board to print" in listing and "Boards, mats and aids" in listing
    assert "4 x Player aid (aid): front changed, tiny-reprint-aid-a4.pdf (all its sheets)" in listing
    again = cli("build", game, "--out", out, "--changed-since", reprint)  # since the reprint: nothing changed
    assert "no card prints differently" in again.output


def test_a_board_taken_out_of_the_game_is_listed_to_put_away(cli, board_game, tmp_path):
    game = board_game
    out = tmp_path / "out"
    assert cli("build", game, "--out", out, "--no-rulebook").exit_code == 0
    (game / "game.toml").write_text(BOARDS.split("[boards.aid]")[0])
    result = cli("build", game, "--out", out, "--changed-since", out / "tiny")
    assert result.exit_code == 0, result.output
    listing = (out / "tiny" / "reprint" / "reprint.txt").read_text()
    assert "1 board to put away" in listing and "4 x Player aid (aid): no longer in the game" in listing
