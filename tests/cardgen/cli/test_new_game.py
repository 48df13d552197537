"""`cardgen new DIR [--from SLUG]`: a game folder that carries what it needs, checked and built at once."""

from __future__ import annotations

import json
import shutil
import tomllib

import pytest
from pypdf import PdfReader

import cardgen.gamedata.new_game as new_game_module
from cardgen.gamedata import card_data_dir, load_game, templates_dir
from cardgen.rulebook.source import markdown, template_path
from tests.conftest import BUNDLED


def pdf_text(path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


@pytest.mark.parametrize("slug", BUNDLED)
def test_a_copy_of_each_bundled_game_checks_and_builds(slug, tmp_path, cli):
    folder = tmp_path / "games" / f"my {slug}"
    made = cli("new", folder, "--from", slug)
    assert made.exit_code == 0, made.output
    copy = f"my_{slug}"
    toml = tomllib.loads((folder / "game.toml").read_text(encoding="utf-8"))
    assert (toml["game"]["slug"], toml["game"]["rules"]) == (copy, slug)
    assert "schema" not in toml  # checked against the bundled rules' [schema] instead
    # its layouts, rulebook, flowcharts and lab records came with it
    assert sorted(p.name for p in (folder / "layouts").glob("*.toml")) == \
        sorted(p.name for p in (templates_dir() / "cards" / slug).glob("*.toml"))
    game, bundled = load_game(folder), load_game(card_data_dir() / slug)
    assert template_path(game) == folder / "rulebook.md.j2"
    assert [f.id for f in game.flows] == [f.id for f in bundled.flows]
    assert dict(game.lab) == dict(bundled.lab)
    assert markdown(game).startswith(markdown(bundled).split("\n", 1)[0])  # the rulebook renders from the copy

    checked = cli("check", folder, "--json")
    assert checked.exit_code == 0, checked.output
    components = json.loads(checked.output)
    assert components.pop("game") == copy
    expected = json.loads(cli("check", slug, "--json").output)
    expected.pop("game")
    assert components == expected

    built = cli("build", folder, "--out", tmp_path / "out", "--no-rulebook")
    assert built.exit_code == 0, built.output
    for deck in game.decks:
        pdf = tmp_path / "out" / copy / f"{copy}-{deck.id}-a4.pdf"
        assert deck.cards[0].name.split()[0].lower() in pdf_text(pdf).lower()  # the deck's sheets print its cards


def test_a_blank_game_checks_and_builds_with_its_rulebook(tmp_path, cli):
    folder = tmp_path / "Dragon Dice"
    made = cli("new", folder)
    assert made.exit_code == 0, made.output
    assert "cardgen check " in made.output and "'" in made.output  # a path with a space, quoted to be pasted
    checked = cli("check", folder)
    assert checked.exit_code == 0, checked.output
    assert checked.output.startswith("Dragon Dice (dragon_dice): 2-4 players, data OK")
    game = load_game(folder)
    [deck] = game.decks
    assert [(card.name, card.count) for card in deck.cards] == [("Spark", 4), ("Blaze", 2)]
    assert game.layouts[deck.layout] == folder / "layouts" / "card.toml"
    assert game.layouts[deck.back] == folder / "layouts" / "card-back.toml"
    assert game.scoring["categories"] == ("Points",) and game.scoring["end"]["points"] == 10
    built = cli("build", folder, "--out", tmp_path / "out")
    assert built.exit_code == 0, built.output
    cards = tmp_path / "out" / "dragon_dice" / "dragon_dice-cards-a4.pdf"
    assert len(PdfReader(cards).pages) == 2  # six cards on one page, and their backs
    assert {"Spark", "Blaze"} <= set(pdf_text(cards).split())
    rulebook = pdf_text(tmp_path / "out" / "dragon_dice" / "dragon_dice-rulebook-a4.pdf")
    assert "deal 3 to each player" in " ".join(rulebook.split())  # [constants] hand_size, read by the rulebook


def test_a_title_of_ones_own(tmp_path, cli):
    assert cli("new", tmp_path / "x", "--title", "Moon \"Base\"").exit_code == 0
    assert cli("check", tmp_path / "x").output.startswith('Moon "Base" (x):')
    assert cli("new", tmp_path / "y", "--from", "unsettled_immigration", "--title", "Unsettled II").exit_code == 0
    assert cli("check", tmp_path / "y").output.startswith("Unsettled II (y):")


def test_an_empty_folder_is_used(tmp_path, cli):
    (tmp_path / "empty").mkdir()
    assert cli("new", tmp_path / "empty").exit_code == 0
    assert cli("check", tmp_path / "empty").exit_code == 0


@pytest.mark.parametrize(("args", "expected"), [
    (("taken",), "taken is a folder that is not empty: give `cardgen new` a new folder (or an empty one)"),
    (("a_file",), "a_file is a file: give `cardgen new` a new folder"),
    (("fresh", "--from", "monopoly"), "--from monopoly: no bundled game has that slug; bundled games: emigration, "),
    (("Emigration", "--from", "emigration"), ("the folder's name 'Emigration' makes the slug 'emigration', which a "
                                             "bundled or installed game has; name the folder otherwise")),
    (("fresh", "--title", " "), "--title must not be empty"),
])
def test_refusals_leave_everything_as_it_was(tmp_path, cli, args, expected):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "a_file").write_text("mine", encoding="utf-8")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    result = cli("new", tmp_path / args[0], *args[1:])
    assert result.exit_code == 2
    assert expected in result.output
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_a_failure_half_way_leaves_no_folder(tmp_path, cli, monkeypatch):
    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(new_game_module, "_write_game_toml", full_disk)  # after the files were copied
    result = cli("new", tmp_path / "games" / "copy", "--from", "unfair_chko")
    assert result.exit_code == 2
    assert "error: could not make" in result.output and "No space left on device" in result.output
    assert list((tmp_path / "games").iterdir()) == []  # neither the game nor its half-made temporary folder


def test_a_failure_moving_into_an_empty_folder_leaves_it_empty(tmp_path, cli, monkeypatch):
    (tmp_path / "here").mkdir()
    renames, rename = [], new_game_module.os.rename

    def rename_twice(source, target):
        renames.append(target)
        if len(renames) == 2:
            raise OSError(5, "Input/output error")
        rename(source, target)

    monkeypatch.setattr(new_game_module.os, "rename", rename_twice)
    result = cli("new", tmp_path / "here")
    assert result.exit_code == 2 and "Input/output error" in result.output
    assert len(renames) == 2  # the first file was moved in, and taken out again
    assert list(tmp_path.iterdir()) == [tmp_path / "here"] and list((tmp_path / "here").iterdir()) == []


def test_a_plain_copy_of_a_bundled_game_says_where_its_layouts_are(tmp_path, cli):
    shutil.copytree(card_data_dir() / "emigration", tmp_path / "plain")
    result = cli("check", tmp_path / "plain")
    assert result.exit_code == 2
    assert ("unknown back 'destination-back'; layouts found: back, common/back, common/standard, standard; "
            "'destination-back' is one of the layouts of the bundled game Emigration, in templates/cards/emigration/, "
            "which only that game finds: `cardgen new DIR --from emigration` copies a game with its layouts"
            in result.output)


def test_a_layout_no_bundled_game_has_gets_no_such_sentence(make_game, cli):
    folder = make_game(toml="""\
[game]
title = "Tiny"
players = 2

[decks.heroes]
title = "Heroes"
back = "nowhere-back"
""", heroes_csv="id,name\nh-1,Ada\n")
    result = cli("check", folder)
    assert "unknown back 'nowhere-back'; layouts found: back, common/back, common/standard, standard\n" in result.output
