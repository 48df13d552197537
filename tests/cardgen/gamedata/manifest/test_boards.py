"""[boards.<id>] of game.toml: boards, mats and aids read with their sizes, layouts, copies and folds, or refused."""

from __future__ import annotations

import pytest

from cardgen.gamedata import GameDataError, load_game
from tests.conftest import MINIMAL_TOML

BOARDS = MINIMAL_TOML + """
[boards.main]
title = "Main board"
size = [600, 400]
layout = "main"
folds = { x = [300] }

[boards.dashboard]
title = "Explorer dashboard"
kind = "mat"
size = "a4"
layout = "main"
back = "main"
count = 4
"""


@pytest.fixture
def game(make_game):
    folder = make_game(BOARDS)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "main.toml").write_text("[boxes.title]\nx = 5\ny = 5\nw = 50\nh = 10\ntext = \"Board\"\n")
    return folder


def test_boards_are_read_with_their_sizes_layouts_copies_and_folds(game):
    main, dashboard = load_game(game).boards
    assert (main.id, main.kind, main.width, main.height, main.layout, main.back, main.count) == \
        ("main", "board", 600.0, 400.0, "main", None, 1)
    assert main.folds == (("x", 300.0),)
    assert (dashboard.kind, dashboard.width, dashboard.height, dashboard.back, dashboard.count) == \
        ("mat", 210.0, 297.0, "main", 4)


def problems_of(game, old: str, new: str) -> list[str]:
    (game / "game.toml").write_text((game / "game.toml").read_text().replace(old, new))
    with pytest.raises(GameDataError) as error:
        load_game(game)
    return [f"{p.line}: {p.message}" for p in error.value.problems]


@pytest.mark.parametrize(("old", "new", "said"), [
    ("size = [600, 400]", "size = [600]", "size must be [width, height] in mm (each up to 2000) or one of"),
    ("size = [600, 400]", 'size = "a9"', "board 'main': size must be"),
    ('kind = "mat"', 'kind = "mats"', "board 'dashboard': kind must be one of board, mat, aid, found 'mats'"),
    ("count = 4", "count = 0", "board 'dashboard': count must be a whole number from 1 to"),
    ("folds = { x = [300] }", "folds = { x = [700] }", "board 'main': folds.x must be a list of mm inside the board (0 to 600)"),
    ("folds = { x = [300] }", "folds = { z = [3] }", "folds are x (from the left) or y (from the top), found 'z'"),
    ('layout = "main"\nfolds', 'layout = "mian"\nfolds', "board 'main': unknown layout 'mian'; layouts found:"),
    ('back = "main"', 'back = "mian"', "board 'dashboard': unknown back 'mian'"),
    ("[boards.main]", "[boards.Main]", "board id 'Main' must be lower-case letters"),
])
def test_a_wrong_board_is_one_problem_at_its_line(game, old, new, said):
    found = problems_of(game, old, new)
    assert len(found) == 1 and said in found[0], found
    assert not found[0].startswith("None")  # the line of game.toml it is at


@pytest.mark.parametrize(("board_id", "said"), [("heroes", "deck 'heroes'"), ("tokens", "the tokens")])
def test_a_board_named_as_a_deck_or_the_tokens_is_refused(game, board_id, said):
    found = problems_of(game, "[boards.main]", f"[boards.{board_id}]")
    assert len(found) == 1 and f"board id {board_id!r} is {said}'s too" in found[0], found
