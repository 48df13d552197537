"""`cardgen check .` and `cardgen build ./` run inside a game folder: the slug comes from the folder's real
name (as a slug) or from game.toml."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from tests.conftest import MINIMAL_TOML


@pytest.mark.parametrize("here", [".", "./"])
def test_check_inside_the_folder_takes_its_real_name(make_game, cli, monkeypatch, here):
    monkeypatch.chdir(make_game(name="My Game-2"))
    result = cli("check", here)
    assert result.exit_code == 0, result.output
    assert "Tiny (my_game_2): 2-4 players, data OK" in result.output
    assert json.loads(cli("check", here, "--json").output)["game"] == "my_game_2"


def test_build_inside_the_folder_writes_under_the_slug(make_game, cli, monkeypatch, tmp_path):
    monkeypatch.chdir(make_game(name="tiny_game"))
    result = cli("build", "./", "--out", tmp_path / "out", "--no-rulebook")
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "out" / "tiny_game" / "tiny_game-heroes-a4.pdf"
    assert len(PdfReader(pdf).pages) == 2  # 3 cards on one front page, and its backs


def test_game_toml_slug_wins_over_the_folder_name(make_game, cli, monkeypatch):
    toml = MINIMAL_TOML.replace('title = "Tiny"', 'title = "Tiny"\nslug = "tiny_deluxe"')
    monkeypatch.chdir(make_game(toml=toml, name="work in progress"))
    result = cli("check", ".")
    assert result.exit_code == 0, result.output
    assert "Tiny (tiny_deluxe)" in result.output


def test_a_folder_name_that_makes_no_slug_says_so(make_game, cli, monkeypatch):
    monkeypatch.chdir(make_game(name="2024"))
    result = cli("check", ".")
    assert result.exit_code == 2
    assert "slug must be lower-case letters, digits and _ starting with a letter, found '2024' (from the folder " \
           "name)" in result.output
