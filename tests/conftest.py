"""Shared fixtures: the five bundled games, tiny games written to a temporary folder, the CLI."""

from __future__ import annotations

import functools
import itertools
import os
import sys
import textwrap
from pathlib import Path
from collections.abc import Callable

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


@functools.cache
def _load_bundled(slug: str) -> Game:
    return load_game(card_data_dir() / slug)


@pytest.fixture(params=BUNDLED)
def bundled_game(request) -> Game:
    """Each of the five bundled games, loaded once per test session."""
    return _load_bundled(request.param)


@pytest.fixture(scope="session", autouse=True)
def _art_cache(tmp_path_factory) -> None:
    """Scaled art goes to a folder of the test session, not the user's ~/.cache (subprocesses inherit it)."""
    os.environ["PNPKIT_CACHE"] = str(tmp_path_factory.mktemp("pnpkit-cache"))


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


# ---- companion: the app on SQLite and on PostgreSQL -------------------------------------------------

_databases = itertools.count()


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for the session; skipped without the binaries, except in CI where it must run."""
    from tests.postgres_server import PostgresServer, binaries

    bin_dir = binaries()
    if bin_dir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed: `make test` installs Debian's postgresql package")
        pytest.skip("PostgreSQL binaries not found (make test installs them)")
    server = PostgresServer(bin_dir)
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'companion.sqlite3'}"
    server = request.getfixturevalue("postgres")
    return server.create_database(f"test_{os.getpid()}_{next(_databases)}")


SHEET_TOML = """\
[game]
title = "Score Sheet"
players = [1, 6]

[scoring]
categories = ["Years lived", "Universe", "Points"]

[decks.cards]
title = "Cards"
"""


@pytest.fixture(scope="session")
def sheet_game(tmp_path_factory):
    """A designer's game made of data alone (`sheet`): the companion keeps it with the generic score sheet."""
    folder = tmp_path_factory.mktemp("games") / "sheet"
    folder.mkdir()
    (folder / "game.toml").write_text(SHEET_TOML)
    (folder / "cards.csv").write_text("id,name\nc-1,One\n")
    return folder


@pytest.fixture
def make_app():
    """`make_app(config)` -> a companion app; each is closed after the test (its watcher stopped, its database
    connections closed)."""
    from companion import create_app

    apps = []

    def make(config: dict):
        apps.append(create_app(config))
        return apps[-1]

    yield make
    for made in apps:
        made.extensions["companion"].close()


@pytest.fixture
def app(make_app, database_url, sheet_game):
    return make_app({"DATABASE_URL": database_url, "SECRET_KEY": "test", "STREAM_POLL_SECONDS": 0.02,
                     "STREAM_MAX_SECONDS": 2.0, "GAME_FOLDERS": [str(sheet_game)],
                     "ALLOW_CHOSEN_SEED": True})  # tests replay games from a seed; servers refuse it by default


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def new_game(client):
    """Creates a game through the API: `new_game(slug, players)` -> (id, headers with the edit secret, body)."""

    def create(slug: str = "sheet", players=("Ann", "Bo", "Cy"), **extra):
        response = client.post("/api/games", json={"slug": slug, "players": list(players), **extra})
        assert response.status_code == 201, response.json
        body = response.json
        return body["id"], {"Authorization": f"Bearer {body['edit_secret']}"}, body

    return create


@pytest.fixture
def live_server(database_url, tmp_path, sheet_game):
    """Starts `companion serve` (gunicorn, 2 workers) on a free port: `start()` -> base URL; `kill()` SIGKILLs it.
    The designer's `sheet` game is served too."""
    from tests.live_server import LiveServer

    servers: list[LiveServer] = []

    def start() -> LiveServer:
        server = LiveServer(database_url, tmp_path / "instance", games=[sheet_game])
        server.start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


class ApiTable:
    """Appends a game's events as the phones at the table would, each based on the latest sequence number."""

    def __init__(self, client, game_id, headers):
        self.client, self.game_id, self.headers, self.seq = client, game_id, headers, 0

    def post(self, kind, **payload):
        response = self.client.post(f"/api/games/{self.game_id}/events", headers=self.headers,
                                    json={"type": kind, "based_on": self.seq, "payload": payload})
        if response.status_code == 201:
            self.seq = response.json["seq"]
        return response

    def do(self, kind, **payload):
        """The move, which must be accepted; returns the game after it."""
        response = self.post(kind, **payload)
        assert response.status_code == 201, (kind, payload, response.json)
        return response.json

    def refused(self, kind, sentence, **payload):
        """The move, which the rules must refuse with `sentence` in their answer."""
        response = self.post(kind, **payload)
        assert response.status_code == 422 and sentence in response.json["error"], response.json
        return response.json

    def undo(self):
        response = self.client.post(f"/api/games/{self.game_id}/undo", headers=self.headers,
                                    json={"based_on": self.seq})
        assert response.status_code == 201, response.json
        self.seq = response.json["seq"]
        return response.json

    def game(self):
        return self.client.get(f"/api/games/{self.game_id}").json


# ---- games installed as their own package (the `pnpkit.games` entry point group) ----------------------

SIXTH_GAME = Path(__file__).parent / "fixtures" / "sixth_game"  # the package twenty_one and its .dist-info


@pytest.fixture
def sixth_game(monkeypatch):
    """Twenty-one installed as its own package, as pip leaves one: its folder (the package and its .dist-info
    with entry_points.txt) on sys.path, for this test only."""
    monkeypatch.syspath_prepend(str(SIXTH_GAME))
    yield SIXTH_GAME / "twenty_one"
    for name in [m for m in sys.modules if m == "twenty_one" or m.startswith("twenty_one.")]:
        del sys.modules[name]  # the next test imports it afresh, or finds it gone


@pytest.fixture
def install_package(tmp_path, monkeypatch):
    """`install_package(name, entry_points, files)` writes a distribution `name` 1.0 (its .dist-info with the
    `pnpkit.games` entry points given as {slug: "module:attribute"}, and the module files given as
    {relative path: text}) into a folder of its own, and puts that folder on sys.path for this test only."""

    def install(name: str, entry_points: dict[str, str], files: dict[str, str] | None = None) -> Path:
        folder = tmp_path / "site" / name
        info = folder / f"{name.replace('-', '_')}-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
        (info / "entry_points.txt").write_text(
            "[pnpkit.games]\n" + "".join(f"{slug} = {value}\n" for slug, value in entry_points.items()))
        for path, text in (files or {}).items():
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(textwrap.dedent(text))
        monkeypatch.syspath_prepend(str(folder))
        return folder

    return install


CHROMIUM = "/usr/bin/chromium"  # Debian's package: no test tool downloads a browser of its own


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium through Playwright, shared by the tests of a module (companion pages, cardgen preview)."""
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: `make test` installs Debian's chromium package")
        pytest.skip("Chromium not installed")
    with playwright_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu",
                                                                            "--disable-background-networking"])
        yield launched
        launched.close()
