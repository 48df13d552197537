"""An art column names a file inside art/, in a folder of it too (nanDECK's `assets/town.jpg`), never outside."""

from __future__ import annotations

import pytest

from cardgen.gamedata import GameDataError, load_game
from tests.conftest import MINIMAL_TOML

ART = MINIMAL_TOML.replace('[decks.heroes.columns.text]', '[decks.heroes.columns.art]\ntype = "art"\n\n'
                                                          '[decks.heroes.columns.text]')


def game_with(make_game, art: str):
    folder = make_game(ART, heroes_csv=f"id,name,power,side,art\nh-1,Ada,3,light,{art}\n")
    (folder / "art" / "towns").mkdir(parents=True)
    (folder / "art" / "towns" / "town.png").write_bytes(b"")
    return folder


def test_a_file_in_a_folder_of_art_is_taken(make_game):
    assert load_game(game_with(make_game, "towns/town.png")).decks[0].cards[0].get("art") == "towns/town.png"


@pytest.mark.parametrize("art", ["../town.png", "/etc/passwd", "towns\\town.png", "towns//town.png", "./town.png"])
def test_a_path_out_of_art_is_refused_at_its_cell(make_game, art):
    with pytest.raises(GameDataError) as error:
        load_game(game_with(make_game, art))
    messages = [p.message for p in error.value.problems]
    assert any("a file name inside art/, or a path inside it with / between folders" in m for m in messages), messages
