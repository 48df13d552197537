"""How many copies a deck prints, as other tools say it: a `qty`/`quantity`/`copies` column, or one row per copy
(`rows_are_copies = true`), measured in the printed PDF."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from cardgen.build.options import BuildOptions
from cardgen.build.run import build
from cardgen.gamedata import GameDataError, load_game
from tests.pdf_probe import probe

TOML = """\
[game]
title = "Copies"
players = [1, 4]

[decks.boss]
title = "Bosses"
"""


def cards_printed(folder, tmp_path) -> int:
    """Builds the game's fronts alone (no duplex backs) and counts the cards on every page of the PDF."""
    out = tmp_path / "out"
    build(load_game(folder), BuildOptions(out=out, duplex="none", rulebook=False))
    reader = PdfReader(out / folder.name / f"{folder.name}-boss-a4.pdf")
    return sum(len(probe(reader, index).clips) for index in range(len(reader.pages)))


def problems(folder) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


@pytest.mark.parametrize("column", ["qty", "quantity", "copies", "Qty"])
def test_a_qty_column_counts_the_copies(make_game, tmp_path, column):
    folder = make_game(toml=TOML, name="copies", boss_csv=f"id,name,{column}\nb-1,Ogre,3\nb-2,Troll,1\n")
    deck = load_game(folder).deck("boss")
    assert [card.count for card in deck.cards] == [3, 1] and deck.total == 4
    assert cards_printed(folder, tmp_path) == 4


def test_a_declared_qty_column_counts_and_stays_a_field(make_game, tmp_path):
    toml = TOML + '\n[decks.boss.columns.qty]\ntype = "int"\n'
    folder = make_game(toml=toml, name="copies", boss_csv="id,name,qty\nb-1,Ogre,3\nb-2,Troll,1\n")
    deck = load_game(folder).deck("boss")
    assert deck.total == 4 and deck.cards[0]["qty"] == 3
    assert cards_printed(folder, tmp_path) == 4


def test_qty_is_checked_like_count(make_game):
    folder = make_game(toml=TOML, name="copies", boss_csv="id,name,qty\nb-1,Ogre,none\n")
    assert problems(folder) == [f"{folder / 'boss.csv'}:2:3: column 'count': expected a whole number from 1 to 1000, "
                                "found 'none'"]


def test_count_and_qty_together_is_an_error_naming_the_column(make_game):
    folder = make_game(toml=TOML, name="copies", boss_csv="id,name,count,qty\nb-1,Ogre,1,3\n")
    assert problems(folder) == [f"{folder / 'boss.csv'}:1:4: column 'qty' would say how many copies of each card "
                                "to print, as column 'count' already does; keep one of them (rename 'qty', e.g. to "
                                "'amount', if it means something else)"]


def test_rows_are_copies_prints_one_card_per_row_with_made_up_ids(make_game, tmp_path):
    toml = TOML.replace('title = "Bosses"', 'title = "Bosses"\nrows_are_copies = true')
    csv = "name,level\nGoblin,1\nGoblin,1\nOgre king,3\nGoblin,2\n"
    toml += '\n[decks.boss.columns.level]\ntype = "int"\n'
    folder = make_game(toml=toml, name="copies", boss_csv=csv)
    deck = load_game(folder).deck("boss")
    assert [card.id for card in deck.cards] == ["boss-goblin-1", "boss-goblin-2", "boss-ogre-king-1", "boss-goblin-3"]
    assert [card.line for card in deck.cards] == [2, 3, 4, 5]
    assert deck.total == 4 and all(card.count == 1 for card in deck.cards)
    assert cards_printed(folder, tmp_path) == 4
    # a row added above keeps the other cards' ids: they come from the names, not the row numbers
    (folder / "boss.csv").write_text("name,level\nTroll,2\n" + csv.split("\n", 1)[1])
    assert [card.id for card in load_game(folder).deck("boss").cards][1:] == [card.id for card in deck.cards]


def test_rows_are_copies_keeps_an_id_column_when_there_is_one(make_game):
    toml = TOML.replace('title = "Bosses"', 'title = "Bosses"\nrows_are_copies = true')
    folder = make_game(toml=toml, name="copies", boss_csv="id,name\nb-1,Goblin\nb-2,Goblin\n")
    assert [card.id for card in load_game(folder).deck("boss").cards] == ["b-1", "b-2"]


def test_rows_are_copies_with_a_count_column_is_an_error(make_game):
    toml = TOML.replace('title = "Bosses"', 'title = "Bosses"\nrows_are_copies = true')
    folder = make_game(toml=toml, name="copies", boss_csv="name,copies\nGoblin,2\n")
    assert problems(folder) == [f"{folder / 'boss.csv'}:1:2: column 'copies' says how many copies to print, but "
                                "deck 'boss' has rows_are_copies = true (each row is one card); remove the column "
                                "or the setting"]


def test_rows_are_copies_must_be_true_or_false(make_game):
    toml = TOML.replace('title = "Bosses"', 'title = "Bosses"\nrows_are_copies = "yes"')
    folder = make_game(toml=toml, name="copies", boss_csv="id,name\nb-1,Goblin\n")
    assert problems(folder) == [f"{folder / 'game.toml'}:7: rows_are_copies must be true or false, found 'yes'"]


def test_without_rows_are_copies_a_missing_id_says_how_to_go_without(make_game):
    folder = make_game(toml=TOML, name="copies", boss_csv="name\nGoblin\n")
    assert problems(folder) == [f"{folder / 'boss.csv'}:1: missing column 'id': deck 'boss' requires it (a line of "
                                "text) (or say ids_from = \"name\" in the deck's table to make the ids from the names, or "
                                "rows_are_copies = true when each row is one card)"]
