"""A sixth game installed as its own package (tests/fixtures/sixth_game) plays in the companion with its own rules
and bot, the bundled five come through the same registry; a designer's folder taking a registered slug is refused at
start, and a broken game (a package failing to import, its folder missing or with bad data, rules failing to import,
a slug two packages register) is said and left out while the others list and serve."""

from __future__ import annotations

import shutil
import sys

import pytest
from click.testing import CliRunner

from cardgen.gamedata import GameDataError, card_data_dir, game_folder, load_game
from cardgen.gamedata.registry import registration
from companion.bots.kinds import bot_kind
from companion.rules import Event, SetupConfig, played_with, rules_for
from companion.simulate.lab import run
from companion.simulate.models import FLOWS, MODELS, model_for, register
from companion.table.catalog import Catalog, CatalogError
from tests.conftest import BUNDLED
from tests.conftest import ApiTable as Table

ANN, BOT = 0, 1


@pytest.fixture
def client(sixth_game, make_app, tmp_path):
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite3'}", "SECRET_KEY": "test"})
    return app.test_client()


def create(client, players, **extra):
    response = client.post("/api/games", json={"slug": "twenty_one", "players": list(players), **extra})
    assert response.status_code == 201, response.json
    body = response.json
    return Table(client, body["id"], {"Authorization": f"Bearer {body['edit_secret']}"}), body


def test_the_installed_game_is_offered_with_its_bots(client):
    listed = {g["slug"]: g for g in client.get("/api/catalog").json}
    assert set(listed) == set(BUNDLED) | {"twenty_one"}
    assert "add" in listed["twenty_one"]["events"] and "bot_turn" in listed["twenty_one"]["events"]
    assert [lv["name"] for lv in listed["twenty_one"]["bots"]] == ["Counter", "Schemer"]
    assert "Twenty-one" in client.get("/").get_data(as_text=True)


def test_a_game_of_it_is_created_over_http_and_played_through_its_rules(client):
    table, body = create(client, ("Ann", "Bo"))
    assert body["state"]["count"] == 0 and body["state"]["players"] == ["Ann", "Bo"]
    table.refused("add", "It is Ann's turn, not Bo's", player=1, by=2)
    response = table.post("add", player=0, by=5)
    assert response.status_code == 422  # the contract checks the field against the rules module's EventSpec
    refusal = (response.json["error"], response.json["field"])
    assert refusal == ("expected a whole number from 1 to 3, found 5", "payload.by")
    for seat, by in [(0, 3), (1, 3), (0, 3), (1, 3), (0, 3), (1, 3)]:
        table.do("add", player=seat, by=by)
    game = table.do("add", player=0, by=3)
    assert game["state"]["count"] == 21
    table.refused("add", "The game is over: Ann reached 21.", player=1, by=1)
    assert table.game()["scores"]["winners"] == [0]


def test_a_bot_takes_a_seat_and_plays_its_turn(client):
    table, body = create(client, ("Ann", "Bot"), options={"bots": [0, 2]})
    (bot,) = body["state"]["bots"]
    assert (bot["seat"], bot["level_name"], bot["turn_due"]) == (BOT, "Schemer", False)
    table.refused("bot_turn", "Ann is not a bot")
    table.do("add", player=ANN, by=2)                                   # 19 to go: the Schemer leaves 16
    game = table.do("bot_turn")
    state = game["state"]
    assert state["count"] == 5 and state["turn"] == ANN
    said = [step["text"] for step in state["bots"][0]["turn"]]
    assert said[-1] == "Add 19 modulo 4 to the count." and state["bots"][0]["turn"][-1]["outcome"] == "The count is 5."
    for by in (3, 1):                                                   # Ann 8, the bot 9; Ann 10, the bot 13 ...
        table.do("add", player=ANN, by=by)
        table.do("bot_turn")
    assert table.game()["state"]["count"] == 13
    table.do("add", player=ANN, by=3)
    table.do("bot_turn")
    table.do("add", player=ANN, by=3)                                   # 20: the bot reaches 21
    game = table.do("bot_turn")
    assert game["state"]["count"] == 21 and game["scores"]["winners"] == [BOT]


def test_the_lab_plays_it_with_its_registered_table_model(sixth_game):
    assert MODELS["twenty_one"] == "twenty_one.table" and FLOWS["twenty_one"] == "bot"
    game = load_game(game_folder("twenty_one"))
    results = run(game, 4, 2, (1, 2), seed=5)
    assert [r.winners for r in results] == [(1,), (0,), (1,), (0,)]  # the Schemer, in either seat, always wins
    assert all(21 in r.scores for r in results)


def test_register_still_adds_a_table_model_in_this_process(monkeypatch):
    monkeypatch.setattr(MODELS, "added", {}), monkeypatch.setattr(FLOWS, "added", {})
    register("my_game", "companion.simulate.universe_table", "bot")
    assert model_for("my_game").__module__ == "companion.simulate.universe_table" and FLOWS["my_game"] == "bot"
    assert registration("my_game") is None  # in this process only: cardgen knows nothing of it


@pytest.mark.parametrize("slug", BUNDLED)
def test_each_bundled_game_gets_its_rules_bots_and_lab_through_the_registry(slug, load_bundled):
    game = load_bundled(slug)
    found = played_with(game)
    assert found == registration(slug) and found.rules == f"companion.rules.games.{slug}"
    rules = rules_for(game)
    module = __import__(found.rules, fromlist=["GAME"])
    assert set(rules.events) == set(module.GAME.events)
    kind = type(bot_kind(game)).__name__
    assert kind == {"unsettled_immigration": "BotKind", "unyielding_universe": "BotKind",
                    "unfair_chko": "Automa"}.get(slug, "NoneType")  # Quinn plays beside the players
    assert (slug in MODELS) == (slug in ("unfair_chko", "unsettled_immigration", "unyielding_universe"))
    if slug in MODELS:
        assert callable(model_for(slug)) and FLOWS[slug] in {f.id for f in game.flows}


def test_a_copy_names_the_registered_rules_it_is_played_with(sixth_game, tmp_path):
    folder = tmp_path / "my_count"
    shutil.copytree(sixth_game / "data", folder)
    toml = (folder / "game.toml").read_text()
    (folder / "game.toml").write_text(toml.replace('slug = "twenty_one"', 'slug = "my_count"\nrules = "twenty_one"'))
    game = load_game(folder)
    assert game.rules == "twenty_one" and played_with(game) == registration("twenty_one")
    entry = Catalog((folder,)).get("my_count")
    assert "add" in entry.rules.events and "bot_turn" in entry.rules.events
    described = {g["slug"]: g for g in Catalog((folder,)).describe()}
    assert [lv["name"] for lv in described["my_count"]["bots"]] == ["Counter", "Schemer"]
    state = entry.rules.setup(SetupConfig(("Ann", "Bot"), {"bots": [0, 1]}, game))
    state = entry.rules.apply(state, Event(1, "add", {"player": ANN, "by": 3}))
    state = entry.rules.apply(state, Event(2, "bot_turn", {}))             # the Counter adds 1
    assert entry.rules.view(state)["count"] == 4 and entry.rules.score(state)["finished"] is False


def test_a_designer_folder_taking_a_registered_slug_is_refused_naming_both_folders(tmp_path):
    folder = tmp_path / "emigration"
    shutil.copytree(card_data_dir() / "emigration", folder)
    with pytest.raises(CatalogError) as refused:
        Catalog((folder,))
    assert str(refused.value) == (
        f"the game slug 'emigration' is taken twice: by the folder {card_data_dir() / 'emigration'} of the registered "
        "game 'emigration' (distribution pnpkit 0.1.0 (entry point emigration = "
        f"cardgen.gamedata.bundled_games:EMIGRATION)) and by the game folder {folder}; give the designer's game "
        "another slug in its game.toml ([game] slug = \"...\")")
    assert list(Catalog((card_data_dir() / "emigration",)).entries) == sorted(BUNDLED)  # the same folder: no conflict


def test_the_server_refuses_to_start_on_a_taken_slug_in_one_sentence(tmp_path, monkeypatch):
    from companion.cli import main

    folder = tmp_path / "unfair_chko"
    shutil.copytree(card_data_dir() / "unfair_chko", folder)
    monkeypatch.setenv("COMPANION_GAMES", str(folder))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'companion.sqlite3'}")
    monkeypatch.setenv("SECRET_KEY", "test")
    monkeypatch.setenv("COMPANION_SERVED_URL", "")  # serve would set it for the rest of this test process
    for args in (["serve", "--dev"], ["serve", "--port", "1"]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 1, result.output
        assert result.output.startswith("Error: cannot serve the games: the game slug 'unfair_chko' is taken twice: "
                                        f"by the folder {card_data_dir() / 'unfair_chko'} of the registered game")
        assert f"and by the game folder {folder};" in result.output and "Traceback" not in result.output


def test_two_packages_registering_one_slug_offer_neither_and_the_rest_serve(sixth_game, install_package, make_app,
                                                                            tmp_path, cli):
    install_package("twenty-one-again", {"twenty_one": "twenty_one:REGISTRATION"})
    sentence = ("the game slug 'twenty_one' is registered twice: by distribution pnpkit-twenty-one 1.0 (entry point "
                "twenty_one = twenty_one:REGISTRATION) and by distribution twenty-one-again 1.0 (entry point "
                "twenty_one = twenty_one:REGISTRATION); neither is offered until one of them is uninstalled")
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite3'}", "SECRET_KEY": "test"})
    catalog = app.extensions["companion"].catalog
    assert sorted(catalog.entries) == sorted(BUNDLED) and catalog.problems == [f"twenty_one is left out: {sentence}"]
    listed = cli("games")
    assert listed.exit_code == 0 and f"warning: twenty_one is left out: {sentence}" in listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == sorted(BUNDLED)
    named = cli("check", "twenty_one")
    assert named.exit_code == 2 and named.stderr == f"error: {sentence}\n"


BROKEN_PACKAGE = {  # the kinds of broken installed game: what the package holds, and the sentence saying so
    "failing import": ({"broken_h27/__init__.py": "raise ImportError('cannot import name Thing from elsewhere')\n"},
                       "distribution broken-game 1.0 (entry point broken_h27 = broken_h27:REGISTRATION) cannot be "
                       "loaded: ImportError: cannot import name Thing from elsewhere"),
    "missing folder": ({"broken_h27/__init__.py": "from pathlib import Path\n"
                        "from cardgen.gamedata.registry import Registration\n"
                        "REGISTRATION = Registration('broken_h27', Path(__file__).parent / 'data')\n"},
                       "data"),
    "bad data": ({"broken_h27/__init__.py": "from pathlib import Path\n"
                  "from cardgen.gamedata.registry import Registration\n"
                  "REGISTRATION = Registration('broken_h27', Path(__file__).parent / 'data')\n",
                  "broken_h27/data/game.toml": "[game]\ntitle = 'Broken'\nslug = 'broken_h27'\nplayers = 'many'\n"},
                 "players"),
    "rules failing to import": ({"broken_h27/__init__.py": "from pathlib import Path\n"
                                 "from cardgen.gamedata.registry import Registration\n"
                                 "REGISTRATION = Registration('broken_h27', Path(__file__).parent / 'data', "
                                 "rules='broken_h27.rules')\n",
                                 "broken_h27/rules.py": "import no_such_module_h27\n"},
                                "the rules of broken_h27 (broken_h27.rules, registered by distribution broken-game 1.0 "
                                "(entry point broken_h27 = broken_h27:REGISTRATION)) cannot be imported: No module "
                                "named 'no_such_module_h27'"),
}


@pytest.fixture(params=list(BROKEN_PACKAGE))
def broken_package(request, install_package, sheet_game):
    """An installed package `broken-game` registering the game broken_h27, broken in one of the ways above:
    (the kind, the words its sentence holds)."""
    files, said = BROKEN_PACKAGE[request.param]
    folder = install_package("broken-game", {"broken_h27": "broken_h27:REGISTRATION"}, files)
    if request.param == "rules failing to import":  # good data, played with rules that cannot be imported
        shutil.copytree(sheet_game, folder / "broken_h27" / "data")
        toml = folder / "broken_h27" / "data" / "game.toml"
        toml.write_text(toml.read_text().replace("[game]\n", "[game]\nslug = \"broken_h27\"\n", 1))
    yield request.param, said
    for name in [m for m in sys.modules if m == "broken_h27" or m.startswith("broken_h27.")]:
        del sys.modules[name]


def test_a_broken_installed_game_is_said_and_left_out_and_the_others_list(broken_package, cli):
    kind, said = broken_package
    result = cli("games")
    assert result.exit_code == 0, result.output
    if kind == "rules failing to import":  # cardgen never imports the rules: to cardgen the game is whole
        assert "broken_h27" in result.stdout and result.stderr == ""
        return
    assert [line.split()[0] for line in result.stdout.splitlines()[1:]] == sorted(BUNDLED)
    (warning,) = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warning.startswith("warning: broken_h27 is left out: ") and said in result.stderr
    assert "Traceback" not in result.stderr


def test_a_broken_installed_game_is_said_and_left_out_and_the_others_serve(broken_package, make_app, tmp_path,
                                                                            caplog):
    _, said = broken_package
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite3'}", "SECRET_KEY": "test"})
    catalog = app.extensions["companion"].catalog
    assert sorted(catalog.entries) == sorted(BUNDLED)
    (problem,) = catalog.problems
    assert problem.startswith("broken_h27 is left out: ") and said in problem
    client = app.test_client()
    assert {g["slug"] for g in client.get("/api/catalog").json} == set(BUNDLED)
    assert client.get("/").status_code == 200
    created = client.post("/api/games", json={"slug": "emigration", "players": ["Ann", "Bo"]})
    assert created.status_code == 201, created.json


@pytest.mark.parametrize("kind", ["missing folder", "bad data"])
def test_a_broken_designer_folder_is_said_and_left_out_and_the_others_serve(kind, make_app, tmp_path, sheet_game):
    folder = tmp_path / "my_game"
    if kind == "bad data":
        shutil.copytree(sheet_game, folder)
        (folder / "game.toml").write_text((folder / "game.toml").read_text().replace("players = [1, 6]",
                                                                                     "players = [0, 6]"))
    good = tmp_path / "good_game"
    shutil.copytree(sheet_game, good)
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite3'}", "SECRET_KEY": "test",
                    "GAME_FOLDERS": [str(folder), str(good)]})
    catalog = app.extensions["companion"].catalog
    assert sorted(catalog.entries) == sorted((*BUNDLED, load_game(good).slug))
    (problem,) = catalog.problems
    assert problem.startswith(f"my_game is left out: the game folder {folder} cannot be loaded: ")
    assert ("not a folder" if kind == "missing folder" else "game.toml") in problem


def test_the_server_starts_beside_a_broken_game_and_says_which_in_its_log(install_package, tmp_path):
    from tests.live_server import LiveServer

    site = install_package("broken-game", {"broken_h27": "broken_h27:REGISTRATION"},
                           {"broken_h27/__init__.py": "raise RuntimeError('this package is broken')\n"})
    missing = tmp_path / "no_such_game"
    server = LiveServer(f"sqlite:///{tmp_path / 'companion.sqlite3'}", tmp_path / "instance", workers=1,
                        games=[missing], env={"PYTHONPATH": str(site)})
    server.start()
    try:
        status, listed = server.request("GET", "/api/catalog")
        assert status == 200 and {g["slug"] for g in listed} == set(BUNDLED)
    finally:
        server.stop()
    log = server.log.read_text()
    assert log.count("broken_h27 is left out: distribution broken-game 1.0 (entry point broken_h27 = "
                     "broken_h27:REGISTRATION) cannot be loaded: RuntimeError: this package is broken") == 1
    assert log.count(f"no_such_game is left out: the game folder {missing} cannot be loaded") == 1


def test_unknown_rules_in_a_designer_folder_is_said_at_its_line_and_the_folder_left_out(tmp_path, sheet_game):
    folder = tmp_path / "sheet_copy"
    shutil.copytree(sheet_game, folder)
    toml = (folder / "game.toml").read_text().replace("players = [1, 6]", 'players = [1, 6]\nrules = "twenty_one"')
    (folder / "game.toml").write_text(toml)
    with pytest.raises(GameDataError) as refused:
        load_game(folder)
    (problem,) = refused.value.problems
    assert (problem.file, problem.line) == (folder / "game.toml", 4)
    assert problem.message.startswith("rules = 'twenty_one' names no registered game; registered games: emigration")
    catalog = Catalog((folder,))
    assert sorted(catalog.entries) == sorted(BUNDLED)
    (said,) = catalog.problems
    assert said.startswith(f"sheet_copy is left out: the game folder {folder} cannot be loaded: ")
    assert f"{folder / 'game.toml'}:4: rules = 'twenty_one' names no registered game" in said
