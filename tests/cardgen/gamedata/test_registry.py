"""Games registered through the `pnpkit.games` entry points: the bundled five, a sixth installed as its own
package, `rules = "slug"` in game.toml, and the sentences leaving out a slug taken twice or a broken entry point."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.gamedata import GameDataError, bundled_slugs, card_data_dir, game_folder, load_game
from cardgen.gamedata.registry import (Registration, RegistryError, problems, registered, registration,
                                       registrations)
from tests.conftest import BUNDLED, MINIMAL_TOML, SIXTH_GAME


@pytest.mark.parametrize("slug", BUNDLED)
def test_each_bundled_game_comes_through_the_registry(slug):
    found = registered()[slug]
    assert found.distribution.startswith("pnpkit ")
    assert found.entry_point == f"{slug} = cardgen.gamedata.bundled_games:{slug.upper()}"
    assert found.registration.data == card_data_dir() / slug == game_folder(slug)
    assert load_game(found.registration.data).slug == slug
    assert found.registration.rules == f"companion.rules.games.{slug}"


def test_the_bundled_games_are_the_registered_ones_without_a_package_installed():
    assert bundled_slugs() == sorted(BUNDLED) == list(registrations())
    assert registration("twenty_one") is None


def test_a_sixth_game_installed_as_its_own_package_is_registered(sixth_game):
    found = registered()["twenty_one"]
    assert found.distribution == "pnpkit-twenty-one 1.0"
    assert found.registration == Registration("twenty_one", sixth_game / "data", rules="twenty_one.rules",
                                              bots="twenty_one.bots:kind", lab="twenty_one.table", lab_flow="bot")
    assert bundled_slugs() == sorted(BUNDLED + ("twenty_one",))
    assert game_folder("twenty_one") == sixth_game / "data"


def test_cardgen_games_lists_the_installed_game_with_its_package(sixth_game, cli):
    result = cli("games", "--json")
    assert result.exit_code == 0, result.output
    rows = {row["slug"]: row for row in json.loads(result.output)}
    assert sorted(rows) == sorted(BUNDLED + ("twenty_one",))
    assert rows["twenty_one"] == {"slug": "twenty_one", "title": "Twenty-one", "players": "2-4", "cards": 12,
                                  "package": "pnpkit-twenty-one"}
    assert {rows[slug]["package"] for slug in BUNDLED} == {"pnpkit"}
    line = next(line for line in cli("games").output.splitlines() if line.startswith("twenty_one "))
    assert line.split() == ["twenty_one", "Twenty-one", "2-4", "12", "pnpkit-twenty-one"]


def test_cardgen_check_and_build_take_the_installed_game_by_slug(sixth_game, cli, tmp_path):
    result = cli("check", "twenty_one", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"game": "twenty_one", "decks": {"steps": {"cards": 12, "distinct": 3}},
                                         "tokens": {}}
    result = cli("build", "twenty_one", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "twenty_one" / "twenty_one-steps-a4.pdf", "rb") as file:
        pages = PdfReader(file).pages
        text = " ".join(page.extract_text() for page in pages)
        assert len(pages) == 4  # 12 cards, 9 a sheet: two sheets of faces, each with its backs
    assert [text.count(f"+{by}") for by in (1, 2, 3)] == [4, 4, 4]


def test_an_installed_game_is_found_by_a_new_process_as_pip_leaves_it():
    code = ("from cardgen.gamedata import bundled_slugs, game_folder\n"
            "print(bundled_slugs()); print(game_folder('twenty_one'))")
    env = {"PYTHONPATH": str(SIXTH_GAME), "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    slugs, folder = result.stdout.splitlines()
    assert "'twenty_one'" in slugs and folder == str(SIXTH_GAME / "twenty_one" / "data")


def test_two_packages_registering_one_slug_offer_neither_naming_both(sixth_game, install_package, cli):
    install_package("twenty-one-again", {"twenty_one": "twenty_one:REGISTRATION"})
    sentence = (
        "the game slug 'twenty_one' is registered twice: by distribution pnpkit-twenty-one 1.0 (entry point "
        "twenty_one = twenty_one:REGISTRATION) and by distribution twenty-one-again 1.0 (entry point twenty_one = "
        "twenty_one:REGISTRATION); neither is offered until one of them is uninstalled")
    assert problems() == {"twenty_one": sentence} and list(registrations()) == sorted(BUNDLED)
    with pytest.raises(RegistryError) as refused:
        registration("twenty_one")
    assert str(refused.value) == sentence
    result = cli("check", "twenty_one")
    assert result.exit_code == 2 and sentence in result.output
    result = cli("games")
    assert result.exit_code == 0 and f"warning: twenty_one is left out: {sentence}" in result.output
    assert cli("check", "emigration").exit_code == 0  # the other games are not taken down


def test_a_package_taking_a_bundled_slug_offers_neither_naming_both(install_package):
    install_package("my-emigration", {"emigration": "my_emigration:REGISTRATION"}, {"my_emigration.py": """
        from pathlib import Path
        from cardgen.gamedata.registry import Registration
        REGISTRATION = Registration("emigration", Path(__file__).parent / "data")
        """})
    assert bundled_slugs() == sorted(set(BUNDLED) - {"emigration"})
    with pytest.raises(RegistryError, match="'emigration' is registered twice: by distribution my-emigration 1.0 "
                       r"\(entry point emigration = my_emigration:REGISTRATION\) and by distribution pnpkit "):
        registration("emigration")


@pytest.mark.parametrize("value, files, sentence", [
    ("no_such_module_h4:GAME", {}, ("distribution broken-game 1.0 (entry point broken = no_such_module_h4:GAME) "
                                    "cannot be loaded: ModuleNotFoundError: No module named 'no_such_module_h4'")),
    ("broken_h4_text:GAME", {"broken_h4_text.py": "GAME = 'broken'\n"},
     ("distribution broken-game 1.0 (entry point broken = broken_h4_text:GAME) must name a "
      "cardgen.gamedata.registry.Registration, found str")),
    ("broken_h4_slug:GAME", {"broken_h4_slug.py": ("from cardgen.gamedata.registry import Registration\n"
                                                   "GAME = Registration('other', '.')\n")},
     ("distribution broken-game 1.0 (entry point broken = broken_h4_slug:GAME) registers slug 'other' under the "
      "name 'broken': the entry point's name must be the game's slug")),
])
def test_a_broken_entry_point_is_left_out_and_named_with_its_package(install_package, value, files, sentence):
    install_package("broken-game", {"broken": value}, files)
    assert problems() == {"broken": sentence} and list(registrations()) == sorted(BUNDLED)
    with pytest.raises(RegistryError) as refused:
        registration("broken")
    assert str(refused.value) == sentence


def test_rules_names_the_registered_game_a_copy_is_played_with(make_game, sixth_game):
    toml = MINIMAL_TOML.replace('players = [2, 4]', 'players = [2, 4]\nrules = "twenty_one"')
    assert load_game(make_game(toml)).rules == "twenty_one"
    assert load_game(make_game(MINIMAL_TOML)).rules == ""  # its own registration, or the tracker
    assert load_game(card_data_dir() / "unfair_chko").rules == ""


@pytest.mark.parametrize("value, message", [
    ('"no_such_rules"', ("rules = 'no_such_rules' names no registered game; registered games: emigration, "
                         "unfair_chko, unsettled_immigration, unsettled_survival, unyielding_universe (leave rules "
                         "out to play with the game's own tracker)")),
    ("3", "rules must be text in quotes, found a number (3)"),
])
def test_unknown_rules_is_an_error_at_its_line(make_game, value, message, cli):
    toml = MINIMAL_TOML.replace('players = [2, 4]', f'players = [2, 4]\nrules = {value}')
    folder = make_game(toml)
    with pytest.raises(GameDataError) as refused:
        load_game(folder)
    assert [f"{p.line}: {p.message}" for p in refused.value.problems] == [f"4: {message}"]
    result = cli("check", folder)
    assert result.exit_code == 2 and "game.toml:4" in result.output and message in result.output


def test_an_installed_wheel_registers_the_bundled_games_with_the_data_it_carries(tmp_path):
    root = Path(__file__).resolve().parents[3]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(tmp_path / "dist"), str(root)], check=True, capture_output=True)
    site = tmp_path / "site"
    with zipfile.ZipFile(next((tmp_path / "dist").glob("pnpkit-*.whl"))) as archive:
        archive.extractall(site)
    code = (f"import sys; sys.path.insert(0, {str(site)!r})\n"
            "from cardgen.gamedata.registry import registrations\n"
            "for slug, found in registrations().items(): print(slug, found.data)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert result.stdout.splitlines() == [f"{slug} {site / 'cardgen' / '_bundled' / 'card_data' / slug}"
                                          for slug in BUNDLED]
