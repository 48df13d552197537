"""Each class of bad input is reported with its file, line, column, expectation and finding."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from cardgen.gamedata import GameDataError, load_game
from tests.conftest import MINIMAL_TOML


def problems_of(folder) -> list[str]:
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    return [str(problem) for problem in caught.value.problems]


def test_minimal_game_loads(make_game):
    game = load_game(make_game())
    deck = game.deck("heroes")
    assert (deck.total, deck.distinct) == (3, 2)
    assert game.card("h-1")["power"] == 3 and game.card("h-2")["text"] is None
    assert game.components() == {"game": "tiny", "decks": {"heroes": {"cards": 3, "distinct": 2}},
                                 "tokens": {"coin": 12}}


def test_records_are_immutable(make_game):
    card = load_game(make_game()).card("h-1")
    with pytest.raises(FrozenInstanceError, match="cannot assign to field 'count'"):
        card.count = 5  # type: ignore[misc]
    assert card.count == 2  # h-1's count in the CSV, unchanged
    with pytest.raises(TypeError):
        card.fields["power"] = 9  # type: ignore[index]


@pytest.mark.parametrize(
    ("csv", "expected"),
    [
        ("id,name,power,side,colour\nh-1,Ada,3,light,red\n",
         "heroes.csv:1:5: unknown column 'colour'"),
        ("id,name,side\nh-1,Ada,light\n",
         "heroes.csv:1: missing column 'power'"),
        ("id,name,power,side\nh-1,Ada,3,light\nh-2,Grace,lots,dark\n",
         "heroes.csv:3:3: column 'power': expected a whole number from 0 to 10, found 'lots'"),
        ("id,name,power,side\nh-1,Ada,11,light\n",
         "heroes.csv:2:3: column 'power': expected a whole number from 0 to 10, found '11'"),
        ("id,name,power,side\nh-1,Ada,3,grey\n",
         "heroes.csv:2:4: column 'side': expected one of light, dark, found 'grey'"),
        ("id,name,power,side\nh-1,Ada,3,light\nh-1,Grace,4,dark\n",
         "heroes.csv:3:1: column 'id': duplicate id 'h-1', already used at heroes.csv:2"),
        ("id,name,power,side,count\nh-1,Ada,3,light,0\n",
         "heroes.csv:2:5: column 'count': expected a whole number from 1 to 1000, found '0'"),
        ("id,name,power,side,count\nh-1,Ada,3,light,-2\n",
         "heroes.csv:2:5: column 'count': expected a whole number from 1 to 1000, found '-2'"),
        ("id,name,power,side\nh-1,,3,light\n",
         "heroes.csv:2:2: column 'name': expected a line of text, found an empty cell"),
        ("id,name,power,side\nh-1,Ada,3\n",
         "heroes.csv:2: this row has 3 cells but the header has 4"),
        ("", "heroes.csv:1: the file is empty: expected a header row naming the columns (id, name, power, side)"),
        ("\n\n", "heroes.csv:1: the file is empty"),
    ],
    ids=["unknown-column", "missing-column", "wrong-type", "out-of-range", "outside-allowed-set",
         "duplicate-id", "zero-count", "negative-count", "empty-required-cell", "ragged-row",
         "empty-file", "blank-file"],
)
def test_bad_csv_is_named(make_game, csv, expected):
    messages = problems_of(make_game(heroes_csv=csv))
    assert any(expected in message for message in messages), messages


def test_non_utf8_file_names_line_and_column(make_game):
    data = b"id,name,power,side\nh-1,Ada,3,light\nh-2,Jos" + b"\xe9,4,dark\n"
    messages = problems_of(make_game(heroes_csv=data))
    assert any("heroes.csv:3:8: not UTF-8 text: byte 0xe9" in m for m in messages), messages


def test_unknown_layout_in_deck_and_in_column(make_game):
    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "hero"')
    messages = problems_of(make_game(toml=toml))
    assert any("game.toml:7: deck 'heroes': unknown layout 'hero'" in m for m in messages), messages

    toml = MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout_by = "side"')
    messages = problems_of(make_game(toml=toml, name="by_column"))
    assert any("heroes.csv:2: column 'side': unknown layout 'light'" in m for m in messages), messages


def test_missing_art_is_named_and_placeholder_is_fine(make_game):
    toml = MINIMAL_TOML + '\n[decks.heroes.columns.art]\ntype = "art"\nrequired = false\n'
    csv = "id,name,power,side,art\nh-1,Ada,3,light,ada.png\nh-2,Grace,4,dark,placeholder\n"
    messages = problems_of(make_game(toml=toml, heroes_csv=csv))
    assert len(messages) == 1 and "heroes.csv:2: column 'art': art file 'ada.png' not found" in messages[0]


def test_all_problems_are_reported_together(make_game):
    csv = "id,name,power,side,oops\nh-1,Ada,x,grey,1\nh-2,B,2,light,1,extra\n"
    messages = problems_of(make_game(heroes_csv=csv))
    assert [m.split("tiny/")[1][:16] for m in messages] == [
        "heroes.csv:1:5: ", "heroes.csv:2:3: ", "heroes.csv:2:4: ", "heroes.csv:3: th"], messages


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        ('[game]\ntitle = "T"\nplayers = [2, 4\n', "game.toml:3: not valid TOML: Unclosed array"),
        ('[game]\ntitle = "T\nplayers = 2\n', "game.toml:2:11: not valid TOML: Illegal character"),
        ('[game]\ntitle = "T"\n[decks.heroes]\ntitle = "H"\n[decks.heroes.columns.power]\ntype = "number"\n',
         "game.toml:6: column 'power': type must be one of"),
        ('[game]\ntitle = "T"\nplayers = [4, 2]\n[decks.heroes]\ntitle = "H"\n',
         "game.toml:3: players must be a whole number or [low, high]"),
        ('[game]\ntitle = "T"\nplayers = 2\ncolour = "red"\n[decks.heroes]\ntitle = "H"\n',
         "game.toml:4: unknown key 'colour' in [game]"),
        ('[game]\ntitle = "T"\nplayers = 2\n[decks.heroes]\ntitle = "H"\n[tokens.coin]\ntitle = "C"\ncount = 0\n',
         "game.toml:8: token 'coin': count must be a whole number of at least 1, found 0"),
        ('[game]\ntitle = "T"\nplayers = 2\ncard_size = "huge"\n[decks.heroes]\ntitle = "H"\n',
         "game.toml:4: card_size must be a card size name"),
    ],
    ids=["toml-unclosed", "toml-syntax", "unknown-type", "players-order", "unknown-key", "token-count", "card-size"],
)
def test_bad_manifest_is_named(make_game, toml, expected):
    messages = problems_of(make_game(toml=toml, heroes_csv="id,name\nh-1,Ada\n"))
    assert any(expected in message for message in messages), messages


def test_missing_csv_and_missing_manifest(make_game, tmp_path):
    folder = make_game()
    (folder / "heroes.csv").unlink()
    assert any("heroes.csv: file not found" in m for m in problems_of(folder))
    empty = tmp_path / "empty"
    empty.mkdir()
    assert any("no game.toml here" in m for m in problems_of(empty))


def test_csv_quoting_multiline_cells_keep_line_numbers(make_game):
    csv = 'id,name,power,side,text\nh-1,Ada,3,light,"line one\nline two"\nh-2,Grace,zz,dark,\n'
    messages = problems_of(make_game(heroes_csv=csv))
    assert any("heroes.csv:4:3: column 'power'" in m for m in messages), messages


def test_unknown_inline_icon_is_named(make_game):
    toml = MINIMAL_TOML + '\n[icons]\ncoin = "Coin"\n'
    csv = "id,name,power,side,text\nh-1,Ada,3,light,Pay 2 :coin:\nh-2,Grace,4,dark,Gain :star: at 10:30\n"
    messages = problems_of(make_game(toml=toml, heroes_csv=csv))
    assert len(messages) == 1, messages
    assert "heroes.csv:3: column 'text': unknown icon :star:; game.toml's [icons] declares coin" in messages[0]


def test_headers_match_their_columns_whatever_their_capitals(make_game):
    """A sheet as designers keep it (`Name`, `Power`, `Qty`) loads unedited."""
    game = load_game(make_game(heroes_csv="ID,Name,Power,Side,Qty\nh-1,Ada,3,light,2\n"))
    card = game.card("h-1")
    assert (card.name, card["power"], card["side"], card.count) == ("Ada", 3, "light", 2)


def test_a_header_twice_in_other_capitals_is_named(make_game):
    messages = problems_of(make_game(heroes_csv="id,name,Name,power,side\nh-1,Ada,Ada,3,light\n"))
    assert any("heroes.csv:1:3: column 'Name' appears twice in the header (as 'name', capitals aside)" in m
               for m in messages), messages


def test_an_unknown_column_says_which_one_was_meant(make_game):
    messages = problems_of(make_game(heroes_csv="id,name,powr,side\nh-1,Ada,3,light\n"))
    assert any("heroes.csv:1:3: unknown column 'powr'" in m and "did you mean 'power'?" in m for m in messages), messages
    assert not any("did you mean" in m for m in problems_of(make_game(heroes_csv="id,name,power,side,xyz\n"
                                                                                 "h-1,Ada,3,light,1\n")))


IDS_FROM = MINIMAL_TOML.replace('[decks.heroes]\ntitle = "Heroes"\n', '[decks.heroes]\ntitle = "Heroes"\nids_from = "name"\n')


def test_a_sheet_with_no_id_column_makes_its_ids_from_a_column(make_game):
    """Ids from the names, duplicates numbered in file order, a count column kept: another tool's sheet as it is."""
    game = load_game(make_game(toml=IDS_FROM, heroes_csv="Name,Power,Side,Qty\nAda Lovelace,3,light,2\n"
                                                        "Grace,5,dark,1\nAda Lovelace,4,dark,1\n"))
    deck = game.deck("heroes")
    assert [(c.id, c.count) for c in deck.cards] == [("heroes-ada-lovelace-1", 2), ("heroes-grace-1", 1),
                                                     ("heroes-ada-lovelace-2", 1)]
    again = load_game(make_game(toml=IDS_FROM, heroes_csv="Name,Power,Side,Qty\nBabbage,1,dark,1\n"
                                                         "Ada Lovelace,3,light,2\nGrace,5,dark,1\n"))
    assert again.card("heroes-grace-1")["power"] == 5  # stable when rows of other names are added


@pytest.mark.parametrize(("ids_from", "expected"), [
    ("colour", "ids_from names the column the cards' ids are made from: one that deck 'heroes' declares"),
    ("id", "ids_from names the column the cards' ids are made from"),
])
def test_ids_from_names_a_declared_column(make_game, ids_from, expected):
    toml = IDS_FROM.replace('ids_from = "name"', f'ids_from = "{ids_from}"')
    assert any(expected in m for m in problems_of(make_game(toml=toml, heroes_csv="name,power,side\nAda,3,light\n")))


def test_an_empty_cell_an_id_is_made_from_is_named(make_game):
    toml = IDS_FROM.replace('ids_from = "name"', 'ids_from = "text"')
    messages = problems_of(make_game(toml=toml, heroes_csv="name,power,side,text\nAda,3,light,\n"))
    assert any("heroes.csv:2:4: column 'text' is empty, and this card's id is made from it" in m for m in messages), \
        messages
