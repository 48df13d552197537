"""[variants.<name>] and --set: constants, icons and art as a variant draws them, each value checked where written."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.gamedata import GameDataError, load_game
from cardgen.gamedata.manifest.variants import Settings
from tests.conftest import MINIMAL_TOML

VARIANTS = MINIMAL_TOML + """
[icons]
coin = { label = "Coin", glyph = "circle", colour = "#c9a227" }

[constants]
colour = true
medals = { gold = 3, silver = 2 }
start = 4

[schema]
start = { type = "integer", min = 1, max = 9 }

[variants.bw]
title = "Black and white"
constants = { colour = false, medals = { gold = 5 } }
icons = { coin = { label = "Coin", glyph = "circle", colour = "#000000" } }
art = "art-bw"
"""


@pytest.fixture
def game(make_game) -> Path:
    folder = make_game(VARIANTS)
    (folder / "art-bw").mkdir()
    return folder


def problems(folder: Path, settings: Settings) -> list[str]:
    with pytest.raises(GameDataError) as error:
        load_game(folder, settings=settings)
    return [problem.message for problem in error.value.problems]


def test_the_game_as_its_game_toml_has_it_without_settings(game):
    loaded = load_game(game)
    assert loaded.constants["colour"] is True and loaded.variant.name == "" and loaded.build_name == "tiny"
    assert loaded.icons["coin"].colour == "#c9a227"


def test_a_variant_replaces_constants_icons_and_names_its_build(game):
    loaded = load_game(game, settings=Settings("bw"))
    assert loaded.constants["colour"] is False
    assert dict(loaded.constants["medals"]) == {"gold": 5, "silver": 2}  # a key of a table, the others kept
    assert loaded.icons["coin"].colour == "#000000"
    assert (loaded.variant.name, loaded.variant.title, loaded.variant.art) == ("bw", "Black and white", "art-bw")
    assert loaded.build_name == "tiny-bw"


def test_set_comes_after_the_variant_and_is_recorded(game):
    loaded = load_game(game, settings=Settings("bw", ("start=7", "medals.gold=1", "colour=true")))
    assert loaded.constants["start"] == 7 and loaded.constants["medals"]["gold"] == 1
    assert loaded.constants["colour"] is True
    assert loaded.variant.set == ("start=7", "medals.gold=1", "colour=true")


@pytest.mark.parametrize(("value", "said"), [
    ("start=10", "--set start=10: the rules expect a whole number from 1 to 9 ([schema], line "),
    ("start=many", "--set start=many: the rules expect a whole number from 1 to 9"),
    ("colour=3", "--set colour=3: the constant it replaces is true/false (True), so this must be true or false too"),
    ("strat=3", "--set strat=3: the game has no constant 'strat' in [constants] or [schema]; did you mean 'start'?"),
    ("start", "--set start: write NAME=VALUE, such as --set starting_coins=5"),
])
def test_a_set_value_is_checked_against_the_schema_or_the_constant_it_replaces(game, value, said):
    found = problems(game, Settings(values=(value,)))
    assert len(found) == 1 and found[0].startswith(said), found


def test_an_unknown_variant_names_the_ones_there_are(game):
    assert problems(game, Settings("bww")) == [
        "--variant bww: game.toml has no [variants.bww]; its variants are bw (did you mean 'bw'?)"]


def test_a_variant_is_checked_where_it_is_written(make_game):
    folder = make_game(VARIANTS.replace('constants = { colour = false, medals = { gold = 5 } }',
                                        'constants = { start = 0 }\ncolour = "grey"').replace(
        'icons = { coin = {', 'icons = { con = {'))
    (folder / "art-bw").mkdir()
    found = problems(folder, Settings("bw"))
    assert any(m.startswith("[variants.bw] constant 'start': the rules expect a whole number from 1 to 9")
               for m in found), found
    assert any(m.startswith("unknown key 'colour' in [variants.bw]") for m in found), found
    assert any("icons: 'con' is not an icon of [icons]" in m and "did you mean 'coin'?" in m for m in found), found


def test_a_variant_art_folder_must_be_inside_the_game(make_game, tmp_path):
    folder = make_game(VARIANTS.replace('art = "art-bw"', 'art = "../elsewhere"'))
    (tmp_path / "elsewhere").mkdir()
    assert any("the variant's art folder must be a folder inside the game folder" in m
               for m in problems(folder, Settings("bw")))


def test_art_is_looked_up_in_the_variant_folder_first(make_game):
    from cardgen.gamedata.containment import art_path

    folder = make_game(VARIANTS)
    (folder / "art-bw").mkdir()
    (folder / "art").mkdir()
    (folder / "art" / "hero.png").write_bytes(b"colour")
    (folder / "art" / "only.png").write_bytes(b"colour")
    (folder / "art-bw" / "hero.png").write_bytes(b"grey")
    assert art_path(folder, "hero.png", (), "art-bw").read_bytes() == b"grey"
    assert art_path(folder, "only.png", (), "art-bw").read_bytes() == b"colour"  # the variant draws only what it has
    assert art_path(folder, "hero.png").read_bytes() == b"colour"
