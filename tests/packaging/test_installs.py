"""Each documented install, alone in a fresh virtualenv with constraints.txt, does what the README says it does:
`pip install .` builds the README's smallest game; `.[companion]` serves it and records a move through the JSON
API; `.[postgres]` has its driver; `.[spreadsheets]` reads an .xlsx deck.

The suite itself runs with every extra installed, so a package that only one extra lacks (gunicorn's gevent worker
needs `packaging`, which gunicorn lists only under its [gevent] extra) is seen here alone. The wheel is built once
per session and installed without the system's site-packages; pip's cache makes the installs fast after the first
run."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.live_server import free_port, stop_group
from tests.packaging.test_readme_walkthrough import walkthrough_blocks

ROOT = Path(__file__).resolve().parents[2]
INSTALLS = {"core": "", "companion": "[companion]", "postgres": "[postgres]", "spreadsheets": "[spreadsheets]"}


def _run(args: list, cwd: Path, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([str(arg) for arg in args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)


def _clean_env(**extra: str) -> dict[str, str]:
    """The environment without anything that would reach the suite's own packages."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")}
    return {**env, **extra}


def _install(where: Path, wheel: Path, extra: str) -> Path:
    """A fresh virtualenv (no system site-packages) holding the wheel with `extra`, at constraints.txt's versions.
    The suite's pip installs into it (`pip --python`), which spares each venv a copy of pip of its own."""
    made = _run([sys.executable, "-m", "venv", "--without-pip", where], cwd=where.parent, env=_clean_env())
    assert made.returncode == 0, made.stderr
    python = where / "bin" / "python"
    installed = _run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-input",
                      "-c", ROOT / "constraints.txt", f"{wheel}{extra}"], cwd=where.parent, env=_clean_env())
    assert installed.returncode == 0, f"pip install {wheel.name}{extra}:\n{installed.stdout}\n{installed.stderr}"
    return where / "bin"


@pytest.fixture(scope="session")
def installs(tmp_path_factory) -> dict[str, Path]:
    """The four installs, each in its own venv: install name -> the venv's bin folder. Made together (pip waits
    on the network and the disk more than on the CPU), once per session."""
    where = tmp_path_factory.mktemp("installs")
    built = _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                  "--wheel-dir", where / "dist", ROOT], cwd=where, env=_clean_env())
    assert built.returncode == 0, built.stderr
    wheel = next((where / "dist").glob("pnpkit-*.whl"))
    with ThreadPoolExecutor(max_workers=len(INSTALLS)) as pool:
        futures = {name: pool.submit(_install, where / f"venv-{name}", wheel, extra)
                   for name, extra in INSTALLS.items()}
        return {name: future.result() for name, future in futures.items()}


def _readme_block(index: int, bin_dir: Path, cwd: Path) -> subprocess.CompletedProcess:
    """A shell block of the README's "Making your own game", run with the install's own cardgen."""
    script = walkthrough_blocks()[index].replace(".venv/bin/", f"{bin_dir}/")
    return _run(["bash", "-e", "-c", script], cwd=cwd, env=_clean_env())


def _has(bin_dir: Path, module: str) -> bool:
    found = _run([bin_dir / "python", "-c", f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"],
                 cwd=bin_dir, env=_clean_env())
    return found.returncode == 0


def test_the_core_install_builds_the_readmes_smallest_game(installs, tmp_path):
    bin_dir = installs["core"]
    started = _readme_block(0, bin_dir, tmp_path)
    assert started.returncode == 0, started.stderr
    assert "My Game (my_game): 2-4 players, data OK" in started.stdout
    built = _readme_block(1, bin_dir, tmp_path)
    assert built.returncode == 0, built.stderr
    assert (tmp_path / "output" / "my_game" / "my_game-heroes-a4.pdf").read_bytes().startswith(b"%PDF-")
    assert "Traceback" not in started.stderr + built.stderr
    # cardgen alone: no web server, and the companion's script says which extra it needs
    assert not _has(bin_dir, "flask") and not _has(bin_dir, "gunicorn")
    refused = _run([bin_dir / "companion", "serve"], cwd=tmp_path, env=_clean_env())
    assert refused.returncode != 0 and "pip install 'pnpkit[companion]'" in refused.stderr


def _request(port: int, method: str, path: str, body: object = None, headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


def test_the_companion_install_serves_and_records_a_move(installs, tmp_path):
    """`companion serve` as the README runs it (gunicorn's gevent worker), with the README's game and SQLite in a
    temporary folder: a page is answered and a move is recorded through the JSON API."""
    bin_dir = installs["companion"]
    started = _readme_block(0, bin_dir, tmp_path)
    assert started.returncode == 0, started.stderr
    instance = tmp_path / "instance"
    instance.mkdir()
    port = free_port()
    env = _clean_env(DATABASE_URL=f"sqlite:///{instance / 'companion.sqlite3'}",
                     COMPANION_GAMES=str(tmp_path / "my_game"))
    for name in ("SECRET_KEY", "COMPANION_OUTPUT", "PUBLIC_URL"):
        env.pop(name, None)
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen([str(bin_dir / "companion"), "serve", "--host", "127.0.0.1", "--port", str(port)],
                                  cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline, status, home = time.monotonic() + 60, None, ""
        while time.monotonic() < deadline and server.poll() is None:
            try:
                status, home = _request(port, "GET", "/")
                break
            except OSError:
                time.sleep(0.1)
        assert status == 200, f"companion serve did not answer (exit {server.poll()}):\n{log.read_text()}"
        assert "My Game" in home

        status, body = _request(port, "POST", "/api/games", {"slug": "my_game", "players": ["Ann", "Bo"]})
        assert status == 201, body
        created = json.loads(body)
        status, body = _request(port, "POST", f"/api/games/{created['id']}/events",
                                {"based_on": created.get("seq", 0), "type": "change_counter",
                                 "payload": {"player": 1, "counter": "health", "by": -1}},
                                {"Authorization": f"Bearer {created['edit_secret']}"})
        assert status in (200, 201), body
        assert json.loads(body)["seq"] > created.get("seq", 0)
        status, page = _request(port, "GET", created["links"]["watch"])
        assert status == 200 and "Health" in page
    finally:
        stop_group(server, 20)
    text = log.read_text()
    assert "Traceback" not in text, text


def test_the_postgres_install_has_its_driver(installs, tmp_path):
    bin_dir = installs["postgres"]
    code = ("import psycopg, psycopg.pq; from companion.storage.engine import make_engine; "
            "engine = make_engine('postgresql://someone@127.0.0.1:1/none'); "
            "print(psycopg.pq.__impl__, engine.dialect.driver)")
    result = _run([bin_dir / "python", "-c", code], cwd=tmp_path, env=_clean_env())
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["binary", "psycopg"]  # the driver with its own libpq: nothing else to install
    assert _has(bin_dir, "flask")  # [postgres] brings the companion with it


def test_the_spreadsheets_install_reads_an_xlsx_deck(installs, tmp_path):
    from openpyxl import Workbook  # the suite's own: the install under test has only the reader

    game = tmp_path / "my_game"
    game.mkdir()
    (game / "game.toml").write_text('[game]\ntitle = "My Game"\nplayers = [2, 4]\n\n'
                                    '[decks.heroes]\ntitle = "Heroes"\nfile = "cards.xlsx"\n\n'
                                    '[decks.heroes.columns.power]\ntype = "int"\nmin = 0\n', encoding="utf-8")
    book = Workbook()
    sheet = book.active
    sheet.title = "Heroes"
    for row in (("id", "name", "power", "count"), ("h-1", "Ada", 3, 2), ("h-2", "Grace", 5, 1)):
        sheet.append(row)
    book.save(game / "cards.xlsx")
    bin_dir = installs["spreadsheets"]
    checked = _run([bin_dir / "cardgen", "check", "my_game"], cwd=tmp_path, env=_clean_env())
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "data OK" in checked.stdout and "3 cards" in checked.stdout
    assert not _has(bin_dir, "flask")
