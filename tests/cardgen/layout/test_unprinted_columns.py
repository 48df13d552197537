"""Every column a designer declares is printed: the shared layout prints stats as labelled values, and
`cardgen check` warns about a declared column no box of the deck's layouts reads."""

from __future__ import annotations

from pypdf import PdfReader

from tests.cardgen.cli.test_check_layouts import line_of

README_TOML = """\
[game]
title = "My Game"
players = [2, 4]

[decks.heroes]
title = "Heroes"

[decks.heroes.columns.power]
type = "int"
min = 0
"""

README_CSV = "id,name,power,count\nh-1,Ada,3,2\nh-2,Grace,5,1\n"


def test_the_readme_game_prints_its_power_on_the_shared_layout(make_game, cli, tmp_path):
    folder = make_game(toml=README_TOML, name="my_game", heroes_csv=README_CSV)
    result = cli("check", folder, "--strict")
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output
    built = cli("build", folder, "--out", tmp_path / "out", "--no-rulebook", "--strict")
    assert built.exit_code == 0, built.output
    text = PdfReader(tmp_path / "out" / "my_game" / "my_game-heroes-a4.pdf").pages[0].extract_text()
    assert "Power 3" in text and "Power 5" in text


def test_the_shared_layout_labels_every_kind_of_stat(make_game, cli, tmp_path):
    toml = README_TOML + ('\n[decks.heroes.columns.flying]\ntype = "bool"\nrequired = false\n'
                          '\n[decks.heroes.columns.tags]\ntype = "list"\nrequired = false\n'
                          '\n[decks.heroes.columns.max_hp]\ntype = "int"\n'
                          '\n[decks.heroes.columns.secret]\ntype = "str"\nprinted = false\n')
    csv = "id,name,power,flying,tags,max_hp,secret\nh-1,Ada,3,yes,mage;elf,12,hidden-code\nh-2,Grace,5,,,7,x\n"
    folder = make_game(toml=toml, name="stats", heroes_csv=csv)
    assert cli("check", folder, "--strict").exit_code == 0
    built = cli("build", folder, "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 0, built.output
    page = PdfReader(tmp_path / "out" / "stats" / "stats-heroes-a4.pdf").pages[0].extract_text()
    assert "Power 3 · Flying yes · Tags mage, elf · Max hp 12" in " ".join(page.split())
    assert "Power 5 · Max hp 7" in " ".join(page.split())  # empty cells are left out
    assert "hidden-code" not in page  # printed = false: data no card shows


LAYOUT = '[boxes.title]\nkind = "text"\nx = 4\ny = 4\nw = 50\nh = 8\ntext = "{{ card.name }}"\n'


def test_check_warns_about_a_declared_column_no_layout_reads(make_game, cli):
    toml = README_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "plain"')
    folder = make_game(toml=toml, name="plain", heroes_csv=README_CSV)
    (folder / "layouts").mkdir()
    (folder / "layouts" / "plain.toml").write_text(LAYOUT)
    result = cli("check", folder)
    assert result.exit_code == 0, result.output
    game_toml = folder / "game.toml"
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warnings == [f"{game_toml}:{line_of(game_toml, '[decks.heroes.columns.power]')}: warning: column 'power' "
                        "is printed nowhere: no box of the layout 'plain' reads card.power (print it, or say "
                        "printed = false in the column if it is data no card shows) "
                        f"[deck 'heroes', header of {folder / 'heroes.csv'}:1]"]
    assert cli("check", folder, "--strict").exit_code == 2

    (folder / "layouts" / "plain.toml").write_text(LAYOUT + 'when = "card.power > 0"\n')  # read, so referenced
    assert "printed nowhere" not in cli("check", folder).output
    (folder / "layouts" / "plain.toml").write_text(LAYOUT)
    game_toml.write_text(toml + "printed = false\n")
    assert cli("check", folder, "--strict").exit_code == 0


def test_printed_must_be_true_or_false(make_game, cli):
    folder = make_game(toml=README_TOML + 'printed = "no"\n', name="bad", heroes_csv=README_CSV)
    result = cli("check", folder)
    assert result.exit_code == 2
    assert f"game.toml:{line_of(folder / 'game.toml', 'printed')}" in result.output
    assert "column 'power': printed must be true or false, found 'no'" in result.output
