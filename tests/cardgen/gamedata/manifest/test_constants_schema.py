"""game.toml's [schema]: the constants a game's rules read, checked at every load and reported at their line."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from cardgen.gamedata import GameDataError, card_data_dir, load_game
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.manifest.game_toml import read_manifest
from cardgen.gamedata.new_game import with_game_keys, without_schema
from cardgen.gamedata.manifest.schema import read_schema
from cardgen.gamedata.tomlplaces import TomlPlaces
from tests.conftest import BUNDLED, MINIMAL_TOML

HEADER = re.compile(r"^\s*\[")


def manifest_problems(path: Path) -> list:
    problems = Collector()
    read_manifest(path, path.parent.name, problems)
    return problems.problems


def bundled_text(slug: str) -> str:
    return (card_data_dir() / slug / "game.toml").read_text(encoding="utf-8")


def schema_of(slug: str):
    text = bundled_text(slug)
    problems = Collector()
    entries = read_schema(tomllib.loads(text)["schema"], card_data_dir() / slug / "game.toml", TomlPlaces(text),
                          problems)
    assert problems.problems == []
    return entries


def as_copy(slug: str) -> str:
    """The bundled game.toml as `cardgen new DIR --from slug` writes it: a new slug, rules = slug, no [schema]."""
    return without_schema(with_game_keys(bundled_text(slug), f"my_{slug}", slug, None), slug)


def renamed(text: str, keys: tuple[str, ...]) -> tuple[str, int]:
    """`text` with the constant at `keys` renamed (its last key gets "_renamed"); the line (1-based) it was on."""
    line = TomlPlaces(text).line("constants", *keys)
    assert line is not None
    lines = text.split("\n")
    source = lines[line - 1]
    key = re.escape(keys[-1])
    pattern = rf"(?<![\w\"]){key}(?=\s*\])" if HEADER.match(source) else rf"(?<![\w\"]){key}(?=\"?\s*=)"
    changed, count = re.subn(pattern, keys[-1] + "_renamed", source, count=1)
    assert count == 1, (keys, source)
    lines[line - 1] = changed
    return "\n".join(lines), line


def expected_line(text: str, line: int, keys: tuple[str, ...]) -> int:
    """Where a renamed constant is reported: the header of the table it was in, or the line of the inline
    table it was in; a table of its own (a header) is missing from [constants], reported at that header."""
    lines = text.split("\n")
    source = lines[line - 1]
    if HEADER.match(source):
        return next(i for i, text_line in enumerate(lines, 1) if text_line.strip() == "[constants]")
    if not re.match(rf"\s*\"?{re.escape(keys[-1])}", source):  # inside an inline table
        return line
    return max(i for i in range(1, line) if HEADER.match(lines[i - 1]))


@pytest.mark.parametrize("slug", BUNDLED)
def test_each_bundled_game_declares_a_schema_its_constants_meet(slug):
    entries = schema_of(slug)
    assert len(entries) >= 15  # every constant its rules read
    assert manifest_problems(card_data_dir() / slug / "game.toml") == []
    assert load_game(card_data_dir() / slug).constants  # and the whole game loads


@pytest.mark.parametrize("slug", BUNDLED)
@pytest.mark.parametrize("copy", [False, True], ids=["own schema", "copy with rules"])
def test_each_schema_constant_renamed_is_reported_at_its_line(slug, copy, tmp_path):
    """In the bundled game.toml itself, and in a copy that names the bundled game's rules (and has no [schema])."""
    base = as_copy(slug) if copy else bundled_text(slug)
    assert ("schema" in tomllib.loads(base)) is not copy
    path = tmp_path / "game" / "game.toml"
    path.parent.mkdir()
    failures = []
    for entry in schema_of(slug):
        if not entry.required:
            continue
        text, line = renamed(base, entry.keys)
        path.write_text(text, encoding="utf-8")
        problems = manifest_problems(path)
        wanted = expected_line(text, line, entry.keys)
        about = [p for p in problems if repr(entry.name) in p.message and "has no" in p.message]
        if len(about) != 1 or about[0].line != wanted or entry.describe() not in about[0].message \
                or len(problems) != 1:
            failures.append((entry.name, wanted, [str(p) for p in problems]))
    assert failures == []


def test_renaming_starting_coins_in_a_copy_of_unfair_fails_check_at_its_line(tmp_path, cli):
    folder = tmp_path / "unfair_copy"
    assert cli("new", folder, "--from", "unfair_chko").exit_code == 0
    text = (folder / "game.toml").read_text(encoding="utf-8")
    line = text.split("\n").index("starting_coins = 20") + 1
    (folder / "game.toml").write_text(text.replace("starting_coins = 20", "start_coins = 20"), encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2
    header = text.split("\n").index("[constants]") + 1
    assert (f"{folder / 'game.toml'}:{header}: [constants] has no 'starting_coins': the rules of Unfair: CHKO "
            "Expansion (rules = \"unfair_chko\") read constant 'starting_coins', a whole number of at least 0"
            in result.output)
    assert f"is 'start_coins' (line {line}) meant to be it?" in result.output


def test_a_wrong_tuition_formula_in_a_copy_of_emigration_is_refused_at_its_line(tmp_path, cli):
    folder = tmp_path / "emigration_copy"
    assert cli("new", folder, "--from", "emigration").exit_code == 0
    text = (folder / "game.toml").read_text(encoding="utf-8")
    lines = text.split("\n")
    line = next(i for i, text_line in enumerate(lines, 1) if text_line.startswith("tuition_formula ="))
    lines[line - 1] = 'tuition_formula = "roll * 2"'
    (folder / "game.toml").write_text("\n".join(lines), encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2
    assert (f"game.toml:{line}: constant 'tuition_formula': the rules of Emigration (rules = \"emigration\") expect "
            '"roll + nationality_money"' in result.output)
    assert 'found "roll * 2"' in result.output
    lines[line - 1] = 'tuition = "roll + nationality_money"'
    (folder / "game.toml").write_text("\n".join(lines), encoding="utf-8")
    result = cli("check", folder)
    assert result.exit_code == 2 and "[constants] has no 'tuition_formula'" in result.output


def test_every_load_refuses_the_game_with_the_same_sentence(tmp_path, cli):
    """What `cardgen check` prints is what load_game raises, so the companion refuses the game in the same words."""
    folder = tmp_path / "universe_copy"
    assert cli("new", folder, "--from", "unyielding_universe").exit_code == 0
    text = (folder / "game.toml").read_text(encoding="utf-8")
    (folder / "game.toml").write_text(text.replace("winning_score = 250", "winning_score = 0"), encoding="utf-8")
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    [problem] = caught.value.problems
    assert problem.message.startswith("constant 'winning_score': the rules of Unyielding Universe (rules = "
                                      "\"unyielding_universe\") expect a whole number of at least 1")
    assert problem.message.endswith("found 0")
    assert str(problem) in cli("check", folder).output


SCHEMA_GAME = MINIMAL_TOML + """
[constants]
rounds = 3
ratio = 1.5
name = "Kaiju"
open = true
rows = [5, 4, 3]
points = { "1" = 1, "2" = 3 }

[constants.medals]
gold = 50

[schema]
rounds = { type = "integer", min = 1, max = 10 }
ratio = "number"
name = { type = "string", one_of = ["Kaiju", "Ocean"] }
open = "boolean"
rows = { type = "list", items = "integer", min = 1 }
points = { type = "table", keys = "integer", items = "integer", min = 0 }
"medals.gold" = { type = "integer", min = 0 }
optional = { type = "integer", required = false }
"""


def test_a_game_that_meets_its_schema_loads(make_game):
    game = load_game(make_game(toml=SCHEMA_GAME))
    assert game.constants["medals"]["gold"] == 50


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("rounds = 3", "rounds = 11", ("constant 'rounds': the rules expect a whole number from 1 to 10 ([schema], "
                                  "line {schema_line}), found 11")),
    ("rounds = 3", "rounds = 3.0", ("constant 'rounds': the rules expect a whole number from 1 to 10 ([schema], "
                                   "line {schema_line}), found a number (3.0)")),
    ("rounds = 3", "rounds = true", "found true/false (True)"),
    ("ratio = 1.5", "ratio = \"1.5\"", ("constant 'ratio': the rules expect a number ([schema], line {schema_line}), "
                                       "found text ('1.5')")),
    ("name = \"Kaiju\"", "name = \"Pirate\"", ("constant 'name': the rules expect one of \"Kaiju\", \"Ocean\" "
                                              "([schema], line {schema_line}), found \"Pirate\"")),
    ("open = true", "open = 1", "constant 'open': the rules expect true or false"),
    ("rows = [5, 4, 3]", "rows = [5, 0, 3]", ("constant 'rows': the rules expect a list of whole numbers each of at "
                                             "least 1 ([schema], line {schema_line}), found 0 at item 2")),
    ("rows = [5, 4, 3]", "rows = [5, \"4\"]", "found text ('4') at item 2"),
    ("rows = [5, 4, 3]", "rows = 5", ("constant 'rows': the rules expect a list of whole numbers each of at least 1 "
                                     "([schema], line {schema_line}), found a number (5)")),
    ('points = { "1" = 1, "2" = 3 }', 'points = { "1" = 1, "2" = -3 }', "found -3 at key '2'"),
    ('points = { "1" = 1, "2" = 3 }', 'points = { "1" = 1, two = 3 }', ("constant 'points': the rules expect a table "
                                                                      "of whole numbers by whole numbers in quotes "
                                                                      "(\"2\" = ...) each of at least 0 ([schema], line "
                                                                      "{schema_line}), found key 'two', not a whole "
                                                                      "number")),
    ("gold = 50", "gold = -1", ("constant 'medals.gold': the rules expect a whole number of at least 0 ([schema], "
                               "line {schema_line}), found -1")),
    ("gold = 50", "glod = 50", ("[constants.medals] has no 'gold': the rules read constant 'medals.gold', a whole "
                               "number of at least 0 ([schema], line {schema_line}); is 'glod' (line {line}) meant "
                               "to be it?")),
])
def test_a_wrong_or_missing_constant_is_reported_at_its_line(make_game, old, new, expected):
    toml = SCHEMA_GAME.replace(old, new, 1)
    lines = toml.split("\n")
    line = lines.index(new) + 1
    key = old.split(" = ")[0]
    name = "medals.gold" if key == "gold" else key
    start = lines.index("[schema]")
    schema_line = next(i for i, text_line in enumerate(lines, 1) if i > start and text_line.startswith((f"{name} =", f'"{name}" =')))
    if key == "gold" and new.startswith("glod"):
        line_reported = lines.index("[constants.medals]") + 1
    else:
        line_reported = line
    folder = make_game(toml=toml)
    with pytest.raises(GameDataError) as caught:
        load_game(folder)
    [problem] = caught.value.problems
    assert problem.line == line_reported
    assert expected.format(schema_line=schema_line, line=line) in problem.message


def test_an_optional_constant_may_be_missing_but_not_wrong(make_game):
    assert load_game(make_game(toml=SCHEMA_GAME)).constants.get("optional") is None
    toml = SCHEMA_GAME.replace("rounds = 3\n", "rounds = 3\noptional = \"x\"\n", 1)
    with pytest.raises(GameDataError, match=r"constant 'optional': the rules expect a whole number .*found text"):
        load_game(make_game(toml=toml))


def test_no_constants_table_at_all_is_one_problem_naming_what_is_needed(make_game):
    toml = MINIMAL_TOML + '\n[schema]\nrounds = "integer"\n"medals.gold" = "integer"\n'
    with pytest.raises(GameDataError) as caught:
        load_game(make_game(toml=toml))
    [problem] = caught.value.problems
    assert problem.line == toml.split("\n").index("[schema]") + 1
    assert problem.message == "no [constants] table, and the rules read 2 constants: rounds, medals.gold"


@pytest.mark.parametrize(("entry", "expected"), [
    ('rounds = { type = "int" }', ("[schema] rounds: type must be one of integer, number, string, boolean, table, "
                                  "list, found 'int'")),
    ('rounds = { type = "string", min = 1 }', "[schema] rounds: min bounds a number"),
    ('rounds = { type = "integer", min = 5, max = 1 }', "[schema] rounds: min (5) is above max (1)"),
    ('rounds = { type = "integer", one_of = ["a"] }', ("[schema] rounds: one_of must be a list of the values it may "
                                                      "take, each a whole number; found ['a']")),
    ('rounds = { type = "integer", items = "string" }', ("[schema] rounds: items names the type of a list's or a "
                                                        "table's items")),
    ('rounds = { type = "integer", maximum = 3 }', "[schema] rounds: unknown key 'maximum'"),
    ('rounds = { type = "list", keys = "integer" }', ("[schema] rounds: keys = \"integer\" says a table's keys are "
                                                     "whole numbers in quotes")),
    ('rounds = { type = "integer", required = "no" }', "[schema] rounds: required must be true or false"),
    ("rounds = 3", "[schema] rounds: expected a table like { type = \"integer\", min = 0 } or a type in quotes"),
])
def test_a_mistake_in_the_schema_is_reported_at_its_line(make_game, entry, expected):
    toml = MINIMAL_TOML + f"\n[constants]\nrounds = 3\n\n[schema]\n{entry}\n"
    with pytest.raises(GameDataError) as caught:
        load_game(make_game(toml=toml))
    [problem] = caught.value.problems
    lines = toml.split("\n")
    assert problem.line == lines.index(entry, lines.index("[schema]")) + 1
    assert problem.message.startswith(expected)


def test_a_game_played_with_another_games_rules_is_checked_against_their_schema(make_game):
    toml = MINIMAL_TOML.replace('title = "Tiny"', 'title = "Tiny"\nrules = "unsettled_immigration"') + \
        "\n[constants]\nvp_to_win = 12\n\n[schema]\nvp_to_win = { type = \"integer\", max = 5 }\nextra = \"integer\"\n"
    with pytest.raises(GameDataError) as caught:
        load_game(make_game(toml=toml))
    messages = [p.message for p in caught.value.problems]
    theirs = [entry for entry in schema_of("unsettled_immigration") if entry.name != "vp_to_win"]
    # every other constant their rules read is missing; vp_to_win meets their schema, which wins over the game's own
    assert len(messages) == len(theirs) + 1
    assert all("the rules of Unsettled (rules = \"unsettled_immigration\")" in m for m in messages[:-1])
    assert "/card_data/unsettled_immigration/game.toml:" in messages[0]
    assert not any("'vp_to_win'" in m for m in messages)
    extra = toml.split("\n").index('extra = "integer"') + 1  # the game's own entry, at its own line
    assert messages[-1] == f"[constants] has no 'extra': the rules read constant 'extra', a whole number ([schema], " \
                           f"line {extra})"
