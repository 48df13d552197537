"""`cardgen check` reports every problem of the data in one run: cells of the wrong type, ids used
twice (in one deck or across decks, by rows that have errors of their own too) and the other
cross-deck problems, each at file:line:column."""

from __future__ import annotations

from tests.conftest import MINIMAL_TOML

TWO_DECKS = MINIMAL_TOML + """
[decks.villains]
title = "Villains"
layout = "no-such-layout"

[decks.villains.columns.power]
type = "int"
min = 0
max = 10
"""

HEROES = """\
id,name,power,side,count,text
h-1,Ada,3,light,2,
h-1,Grace,50,dark,1,
h-2,Bob,x,dark,1,
h-2,Bo,2,dark,1,
"""

VILLAINS = """\
id,name,power,count
v-1,Vex,11,1
h-2,Mirror,4,1
"""


def test_field_errors_duplicate_ids_and_cross_deck_problems_in_one_run(make_game, cli):
    folder = make_game(toml=TWO_DECKS, heroes_csv=HEROES, villains_csv=VILLAINS)
    result = cli("check", folder)
    assert result.exit_code == 2
    lines = [line.strip() for line in result.output.splitlines()]
    expected = [
        "heroes.csv:3:3: column 'power': expected a whole number from 0 to 10, found '50'",
        "heroes.csv:4:3: column 'power': expected a whole number from 0 to 10, found 'x'",
        "villains.csv:2:3: column 'power': expected a whole number from 0 to 10, found '11'",
        "heroes.csv:3:1: column 'id': duplicate id 'h-1', already used at heroes.csv:2",
        "heroes.csv:5:1: column 'id': duplicate id 'h-2', already used at heroes.csv:4",
        "villains.csv:3:1: column 'id': duplicate id 'h-2', already used at heroes.csv:4",
        "deck 'villains': unknown layout 'no-such-layout'",
    ]
    for text in expected:
        assert any(text in line for line in lines), f"{text!r} not in:\n{result.output}"
    assert f"{len(expected)} problems in the game data" in result.output
    for line in lines[1:len(expected) + 1]:   # each problem at its file:line (and column, for a cell)
        assert line.startswith(str(folder)), line
    assert lines[len(expected) + 1:] == ["Layouts not checked: every deck has a problem in its data; fix the data "
                                         "and run cardgen check again."]


def test_a_row_a_where_leaves_out_is_no_duplicate(make_game, cli):
    toml = MINIMAL_TOML.replace('[decks.heroes]\ntitle = "Heroes"',
                                '[decks.heroes]\ntitle = "Heroes"\nwhere = "card.side == \'light\'"')
    toml += """
[decks.dark]
title = "Dark"
file = "heroes.csv"
where = "card.side == 'dark'"
columns = {power = {type = "int", min = 0, max = 10}, side = {type = "enum", values = ["light", "dark"]}, \
text = {type = "text", required = false}}
"""
    rows = "id,name,power,side,count,text\nh-1,Ada,3,light,1,\nh-2,Grace,50,dark,1,\n"
    result = cli("check", make_game(toml=toml, heroes_csv=rows))
    assert result.exit_code == 2
    assert "heroes.csv:3:3: column 'power'" in result.output
    assert "both take the row" not in result.output and "duplicate id" not in result.output, result.output
