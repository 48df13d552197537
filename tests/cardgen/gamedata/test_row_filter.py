"""A deck's `where` condition takes only the rows of its CSV that match, so two decks can print different
rows of one sheet; measured in the printed PDF and in what the rulebook and companion read (the Game)."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, load_game
from tests.pdf_probe import probe

TOML = """\
[game]
title = "Filter"
players = [1, 4]

[decks.spells]
title = "Spells"
file = "cards.csv"
where = "{{ card.type == 'Spell' }}"

[decks.spells.columns.type]
type = "text"

[decks.bosses]
title = "Bosses"
file = "cards.csv"
where = "card.type == 'Boss' and card.count >= 1"

[decks.bosses.columns.type]
type = "text"
"""

CSV = """\
id,name,type,count
c-1,Fireball,Spell,2
c-2,Ogre,Boss,1
c-3,Frost,Spell,1
c-4,Troll,Boss,3
c-5,Wisp,Ally,1
"""


def cards_printed(folder, tmp_path, deck: str) -> int:
    """Builds the fronts alone (no duplex backs) and counts the cards on every page of the deck's PDF."""
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(out=out, duplex="none", rulebook=False))
    reader = PdfReader(out / folder.name / f"{folder.name}-{deck}-a4.pdf")
    return sum(len(probe(reader, index).clips) for index in range(len(reader.pages)))


def problems(folder) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


def test_two_decks_take_different_rows_of_one_csv_and_keep_their_counts(make_game, tmp_path):
    folder = make_game(toml=TOML, name="filter", heroes_csv="", cards_csv=CSV)
    (folder / "heroes.csv").unlink()
    game = load_game(folder)
    assert [card.id for card in game.deck("spells").cards] == ["c-1", "c-3"]
    assert [card.id for card in game.deck("bosses").cards] == ["c-2", "c-4"]
    # what the rulebook's component list and the companion read
    assert game.components()["decks"] == {"spells": {"cards": 3, "distinct": 2}, "bosses": {"cards": 4, "distinct": 2}}
    assert [card.line for card in game.deck("bosses").cards] == [3, 5]  # messages still name the CSV's own lines
    assert cards_printed(folder, tmp_path, "spells") == 3
    assert cards_printed(folder, tmp_path, "bosses") == 4


@pytest.mark.parametrize("where, kept", [
    ("card.type in ['Spell', 'Ally']", ["c-1", "c-3", "c-5"]),
    ("not card.type == 'Boss'", ["c-1", "c-3", "c-5"]),
    ("card['type'] != 'Spell' and card.name is not none", ["c-2", "c-4", "c-5"]),
    ("{{ card.count > 1 }}", ["c-1", "c-4"]),
])
def test_the_condition_reads_like_a_layouts_when(make_game, where, kept):
    toml = TOML.split("[decks.bosses]")[0].replace("{{ card.type == 'Spell' }}", where.replace('"', '\\"'))
    folder = make_game(toml=toml, name="filter", heroes_csv="", cards_csv=CSV)
    (folder / "heroes.csv").unlink()
    assert [card.id for card in load_game(folder).deck("spells").cards] == kept


@pytest.mark.parametrize("where, message", [
    ("card.kind == 'Spell'", "names column 'kind', which the deck does not have"),
    ("card.type ==", "is not a condition"),
    ("__import__('os')", "call is not allowed"),
    ("type == 'Spell'", "unknown name 'type'"),
    ("card.type.upper() == 'SPELL'", "call is not allowed"),
])
def test_a_bad_condition_is_an_error_at_its_game_toml_line(make_game, where, message):
    toml = TOML.replace("{{ card.type == 'Spell' }}", where.replace('"', '\\"'))
    folder = make_game(toml=toml, name="filter", heroes_csv="", cards_csv=CSV)
    (folder / "heroes.csv").unlink()
    found = problems(folder)
    assert len(found) == 1
    assert found[0].startswith(f"{folder / 'game.toml'}:8: deck 'spells': ") and message in found[0]


def test_a_condition_that_fails_on_a_row_names_game_toml_and_the_csv_line(make_game):
    toml = TOML.split("[decks.bosses]")[0].replace("{{ card.type == 'Spell' }}", "card.power > 2") \
        + '\n[decks.spells.columns.power]\ntype = "int"\nrequired = false\n'
    csv = "id,name,type,power\nc-1,Fireball,Spell,3\nc-2,Ogre,Boss,\n"
    folder = make_game(toml=toml, name="filter", heroes_csv="", cards_csv=csv)
    (folder / "heroes.csv").unlink()
    found = problems(folder)
    assert len(found) == 1
    assert found[0].startswith(f"{folder / 'game.toml'}:8: deck 'spells': where 'card.power > 2' fails on the "
                               "row at cards.csv:3: TypeError")


def test_a_condition_no_row_meets_is_an_error(make_game):
    toml = TOML.split("[decks.bosses]")[0].replace("{{ card.type == 'Spell' }}", "card.type == 'spell'")
    folder = make_game(toml=toml, name="filter", heroes_csv="", cards_csv=CSV)
    (folder / "heroes.csv").unlink()
    assert problems(folder) == [f"{folder / 'game.toml'}:8: deck 'spells': where \"card.type == 'spell'\" takes "
                                "none of the 5 rows of cards.csv"]


def test_overlapping_conditions_are_an_error_at_the_shared_row(make_game):
    toml = TOML.replace("card.type == 'Boss' and card.count >= 1", "card.type != 'Ally'")
    folder = make_game(toml=toml, name="filter", heroes_csv="", cards_csv=CSV)
    (folder / "heroes.csv").unlink()
    found = problems(folder)
    assert found == [f"{folder / 'cards.csv'}:{line}:1: decks 'spells' and 'bosses' both take the row of card "
                     f"'{card}'; give them `where` conditions that no row meets both of, so ids stay unique within "
                     "the game" for line, card in ((2, "c-1"), (4, "c-3"))]
