"""Shared fixtures: the five bundled games, tiny games written to a temporary folder, the CLI."""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path
from typing import Callable

import pytest
from click.testing import CliRunner

from cardgen.gamedata import Game, card_data_dir, load_game

BUNDLED = ("emigration", "unfair_chko", "unsettled_immigration", "unsettled_survival", "unyielding_universe")

MINIMAL_TOML = """\
[game]
title = "Tiny"
players = [2, 4]

[decks.heroes]
title = "Heroes"

[decks.heroes.columns.power]
type = "int"
min = 0
max = 10

[decks.heroes.columns.side]
type = "enum"
values = ["light", "dark"]

[decks.heroes.columns.text]
type = "text"
required = false

[tokens.coin]
title = "Coin"
count = 12
"""

MINIMAL_CSV = """\
id,name,power,side,count,text
h-1,Ada,3,light,2,**Bold** move
h-2,Grace,5,dark,1,
"""


@functools.lru_cache(maxsize=None)
def _load_bundled(slug: str) -> Game:
    return load_game(card_data_dir() / slug)


@pytest.fixture(params=BUNDLED)
def bundled_game(request) -> Game:
    """Each of the five bundled games, loaded once per test session."""
    return _load_bundled(request.param)


@pytest.fixture
def load_bundled() -> Callable[[str], Game]:
    """Loads a bundled game by slug (cached)."""
    return _load_bundled


@pytest.fixture
def make_game(tmp_path: Path) -> Callable[..., Path]:
    """Writes a game folder: `make_game(toml=..., heroes_csv=...)`; files default to a valid tiny game.

    Keyword `<deck>_csv` gives a deck's CSV as text or bytes; `toml` the game.toml text.
    """

    def make(toml: str = MINIMAL_TOML, name: str = "tiny", **files: str | bytes) -> Path:
        folder = tmp_path / name
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "game.toml").write_text(textwrap.dedent(toml), encoding="utf-8")
        files.setdefault("heroes_csv", MINIMAL_CSV)
        for key, content in files.items():
            path = folder / key.replace("_csv", ".csv")
            if isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        return folder

    return make


@pytest.fixture
def cli():
    """Runs `cardgen ARGS...` in-process and returns click's Result."""
    from cardgen.cli import main

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run
