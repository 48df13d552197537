"""`cardgen check` reports data and layout problems in one run: with data errors, the decks whose data has
none are still laid out, and their layout problems are listed after the data's, separated and counted."""

from __future__ import annotations

from cardgen.gamedata import load_game
from cardgen.gamedata.loader import read_game
from cardgen.gamedata.sound import sound_decks
from tests.conftest import MINIMAL_TOML

TWO_DECKS = MINIMAL_TOML + """
[decks.villains]
title = "Villains"
layout = "villain"

[decks.villains.columns.power]
type = "int"
min = 0
max = 10
"""

VILLAIN = """\
extends = "standard"

[boxes.threat]
kind = "text"
x = 3
y = 20
w = 50
h = 6
text = "{{ card.threat }}"
"""

BAD_HEROES = "id,name,power,side,count,text\nh-1,Ada,3,light,2,\nh-2,Grace,eleven,dark,1,\n"
VILLAINS = "id,name,power,count\nv-1,Vex,4,1\n"


def villain_game(make_game, heroes: str = BAD_HEROES, toml: str = TWO_DECKS):
    folder = make_game(toml=toml, heroes_csv=heroes, villains_csv=VILLAINS)
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "villain.toml").write_text(VILLAIN, encoding="utf-8")
    return folder


def test_a_bad_cell_in_one_deck_and_an_unknown_column_in_anothers_layout_in_one_run(make_game, cli):
    folder = villain_game(make_game)
    result = cli("check", folder)
    assert result.exit_code == 2
    lines = result.output.splitlines()
    layout = folder / "layouts" / "villain.toml"
    cell = f"  {folder / 'heroes.csv'}:3:3: column 'power': expected a whole number from 0 to 10, found 'eleven'"
    column = (f"{layout}:9: error: box 'threat': text names column 'threat', which deck 'villains' does not have "
              f"(its columns: count, id, name, power) [deck 'villains', header of {folder / 'villains.csv'}:1]")
    assert lines == [
        f"error: {folder}: 1 problem in the game data:",
        cell,
        "",
        "Layouts of the decks whose data has no problem: villains; laid out once their data is fixed: heroes",
        column,
        "error: tiny: 1 problem in the game data and 1 in the layouts",
    ]


def test_once_the_data_is_fixed_the_same_layout_problem_is_found_alone(make_game, cli):
    folder = villain_game(make_game, heroes=BAD_HEROES.replace("eleven", "7"))
    result = cli("check", folder)
    assert result.exit_code == 2
    assert [line for line in result.output.splitlines() if ": error: " in line] == \
        [line for line in cli("check", villain_game(make_game)).output.splitlines() if ": error: " in line]
    assert result.output.splitlines()[-1] == "error: tiny: 1 problem in the layouts"


def test_a_deck_with_a_problem_in_its_game_toml_table_is_not_laid_out(make_game, cli):
    toml = TWO_DECKS.replace('layout = "villain"', 'layout = "villain"\ndescription = 5')
    result = cli("check", villain_game(make_game, heroes=BAD_HEROES.replace("eleven", "7"), toml=toml))
    assert result.exit_code == 2
    assert "game.toml:28: description must be text in quotes, found a number (5)" in result.output
    assert "Layouts of the decks whose data has no problem: heroes; laid out once their data is fixed: " \
           "villains" in result.output
    assert "threat" not in result.output
    result = cli("check", villain_game(make_game, toml=toml))  # and heroes has a bad cell
    assert result.exit_code == 2
    assert "Layouts not checked: every deck has a problem in its data" in result.output


def test_a_problem_of_the_game_as_a_whole_stops_the_layouts(make_game, cli):
    toml = TWO_DECKS.replace('players = [2, 4]', 'players = [2, 4]\nminutes = "long"')
    result = cli("check", villain_game(make_game, toml=toml))
    assert result.exit_code == 2
    assert "Layouts not checked: game.toml has a problem outside the decks' own tables" in result.output
    assert "threat" not in result.output


def test_layout_warnings_count_with_strict_and_clean_layouts_say_so(make_game, cli):
    folder = villain_game(make_game)
    (folder / "layouts" / "villain.toml").write_text('extends = "standard"\n', encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "error: tiny: 1 problem in the game data, none in the layouts checked"


def test_sound_decks_are_the_ones_no_problem_is_about(make_game):
    folder = villain_game(make_game)
    game, problems = read_game(folder)
    assert game is not None and len(problems) == 1
    sound, everywhere = sound_decks(game, problems)
    assert [deck.id for deck in sound] == ["villains"] and not everywhere
    assert read_game(folder / "nowhere")[0] is None
    assert load_game(villain_game(make_game, heroes=BAD_HEROES.replace("eleven", "7"))).deck("villains")
