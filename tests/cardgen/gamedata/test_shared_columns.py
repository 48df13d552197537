"""Column declarations shared between decks: a top-level [columns] table that decks take by name."""

from __future__ import annotations

import pytest

from cardgen.gamedata import GameDataError, load_game

SHARED = """\
[game]
title = "Shared"
players = 2

[columns.type]
type = "enum"
values = ["Fire", "Water"]

[columns.cost]
type = "int"
min = 0
max = 9

[decks.spells]
title = "Spells"
shared_columns = ["type", "cost"]

[decks.relics]
title = "Relics"
shared_columns = {relics}

[decks.relics.columns.cost]
type = "int"
min = 10
"""


def problems_of(folder) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


def make(make_game, relics='["type"]', relics_csv="id,name,type,cost\nr-1,Crown,Water,12\n",
         spells_csv="id,name,type,cost\ns-1,Spark,Fire,2\n"):
    folder = make_game(toml=SHARED.replace("{relics}", relics), spells_csv=spells_csv, relics_csv=relics_csv)
    (folder / "heroes.csv").unlink()
    return folder


def test_decks_take_the_shared_columns_and_keep_their_own(make_game):
    game = load_game(make(make_game))
    spells, relics = game.deck("spells"), game.deck("relics")
    assert [c.name for c in spells.columns] == ["id", "name", "count", "type", "cost"]
    assert game.card("s-1")["type"] == "Fire" and game.card("s-1")["cost"] == 2
    assert [c.name for c in relics.columns] == ["id", "name", "count", "type", "cost"]
    assert next(c for c in relics.columns if c.name == "cost").min == 10, "a deck's own column replaces the shared one"
    assert game.card("r-1")["cost"] == 12


def test_true_takes_every_shared_column(make_game):
    folder = make(make_game, relics="true", relics_csv="id,name,type,cost\nr-1,Crown,Water,9\n")
    (folder / "game.toml").write_text((folder / "game.toml").read_text().split("[decks.relics.columns.cost]")[0])
    game = load_game(folder)
    assert [c.name for c in game.deck("relics").columns] == ["id", "name", "count", "type", "cost"]


def test_a_shared_column_checks_the_cells_of_every_deck(make_game):
    problems = problems_of(make(make_game, spells_csv="id,name,type,cost\ns-1,Spark,Air,2\n"))
    assert len(problems) == 1 and "spells.csv:2" in problems[0] and "'Air'" in problems[0]


def test_a_misspelt_shared_column_is_an_error_at_its_line(make_game):
    folder = make(make_game, relics='["type", "cots"]')
    line = (folder / "game.toml").read_text().splitlines().index('shared_columns = ["type", "cots"]') + 1
    assert problems_of(folder) == [f"{folder / 'game.toml'}:{line}: shared_columns names 'cots', which [columns] "
                                   "does not declare (it declares cost, type)"]


@pytest.mark.parametrize("relics, message", [
    ('"type"', "shared_columns must be a list of column names from [columns] or true, found 'type'"),
    ('["type", 3]', "shared_columns must be a list of column names from [columns] or true, found ['type', 3]"),
])
def test_shared_columns_must_be_a_list_of_names(make_game, relics, message):
    problems = problems_of(make(make_game, relics=relics))
    assert len(problems) == 1 and message in problems[0] and "game.toml:" in problems[0]


def test_a_bad_shared_declaration_is_reported_once_at_its_own_line(make_game):
    folder = make(make_game)
    toml = folder / "game.toml"
    toml.write_text(toml.read_text().replace('[columns.cost]\ntype = "int"', '[columns.cost]\ntype = "number"'))
    line = toml.read_text().splitlines().index('type = "number"') + 1
    problems = problems_of(folder)
    # once, at [columns.cost], not once per deck that takes it (spells.csv then has an undeclared column)
    assert problems[0].startswith(f"{toml}:{line}: column 'cost': type must be one of ")
    assert sum("type must be one of" in problem for problem in problems) == 1
