"""docs/extending/own-rules-package.md, followed literally: the package Twenty-one is made of the files the page
gives (each a block under its path, "`twenty-one/pyproject.toml`:"), pnpkit with its companion extra is installed
into a fresh virtualenv at constraints.txt's versions, and the page's own block of commands runs there: `pip
install ./twenty-one` builds the plug-in, `cardgen games` lists it, check and build take it, the lab plays it with
its table model and `companion serve` offers it. Then a game of it is started on a real server and its pages open.

The virtualenv is made once for this module (about a minute the first time, pip's cache makes it faster after)."""

from __future__ import annotations

import http.client
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.live_server import free_port, stop_group
from tests.packaging.test_doc_blocks import blocks, run

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "extending" / "own-rules-package.md"
FILE = re.compile(r"^`(?P<path>[\w./-]+)`:\n\n```[\w-]*\n(?P<body>.*?)^```", re.S | re.M)
PACKAGE = {"twenty-one/pyproject.toml", "twenty-one/twenty_one/__init__.py", "twenty-one/twenty_one/rules.py",
           "twenty-one/twenty_one/bots.py", "twenty-one/twenty_one/table.py", "twenty-one/twenty_one/data/game.toml",
           "twenty-one/twenty_one/data/steps.csv", "twenty-one/twenty_one/data/bot.flow.toml",
           "twenty-one/twenty_one/data/layouts/step.toml"}


def doc_files() -> dict[str, str]:
    """The files the page gives, by path."""
    return {m.group("path"): m.group("body") for m in FILE.finditer(DOC.read_text())}


def clean_env(**extra: str) -> dict[str, str]:
    """A shell that knows nothing of the suite: no PYTHONPATH, no virtualenv, no companion settings."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith("COMPANION_") and key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV",
                                                              "DATABASE_URL", "SECRET_KEY", "PUBLIC_URL")}
    return {**env, **extra}


def call(args: list, cwd: Path, timeout: float = 600) -> None:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=clean_env(), capture_output=True, text=True,
                          timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, args))}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    """The page followed: its files written under a folder, pnpkit[companion] in a fresh virtualenv, then the
    page's block of commands run there. -> (the folder, the virtualenv's bin, the block's finished process)."""
    where = tmp_path_factory.mktemp("own_rules")
    for path, text in doc_files().items():
        (where / path).parent.mkdir(parents=True, exist_ok=True)
        (where / path).write_text(text)
    call([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
          "--wheel-dir", where / "dist", ROOT], where)
    wheel = next((where / "dist").glob("pnpkit-*.whl"))
    call([sys.executable, "-m", "venv", "--without-pip", where / "venv"], where)
    bin_dir = where / "venv" / "bin"
    pip = where / "tools" / "pip"  # the suite's pip installing into the virtualenv: it spares the venv a pip of its own
    pip.parent.mkdir()
    pip.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m pip --python "{bin_dir / "python"}" "$@"\n')
    pip.chmod(0o755)
    call([pip, "install", "--quiet", "--no-input", "-c", ROOT / "constraints.txt", f"{wheel}[companion]"], where)
    (commands,) = [b for b in blocks(DOC) if b.lang == "sh"]
    env = clean_env(PATH=os.pathsep.join([str(pip.parent), str(bin_dir), os.environ["PATH"]]), BROWSER="true",
                    DOC_PYTHON=sys.executable, DOC_HELPER=str(ROOT / "tests" / "packaging" / "test_doc_blocks.py"))
    done = run(commands.script(), where, env, where / "cwd")
    return where, bin_dir, commands, done


def test_the_page_gives_every_file_of_the_package():
    files = doc_files()
    assert set(files) == PACKAGE
    pyproject = files["twenty-one/pyproject.toml"]
    assert "[build-system]" in pyproject and 'twenty_one = "twenty_one:REGISTRATION"' in pyproject
    assert 'lab="twenty_one.table"' in files["twenty-one/twenty_one/__init__.py"]
    assert "def play_game(match: Match) -> GameResult:" in files["twenty-one/twenty_one/table.py"]


def test_the_pages_commands_install_list_build_simulate_and_serve_the_game(followed):
    where, _, commands, done = followed
    assert commands.script().startswith("pip install ./twenty-one")
    assert done.returncode == 0, f"{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    listed = next(line.split() for line in done.stdout.splitlines() if line.startswith("twenty_one "))
    assert listed == ["twenty_one", "Twenty-one", "2-4", "12", "pnpkit-twenty-one"]
    assert "warning:" not in done.stderr and "Traceback" not in done.stderr
    assert (where / "output" / "twenty_one" / "twenty_one-steps-a4.pdf").read_bytes().startswith(b"%PDF-")
    assert "Twenty-one: 4 games, 2 players, bot levels 1 2" in done.stdout  # the lab, with its table model


def _request(port: int, method: str, path: str, body: object = None) -> tuple[int, str]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read().decode()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def served(followed):
    """The installed companion serving on a free port, with SQLite in the folder: (its port, its log)."""
    where, bin_dir, _, done = followed
    assert done.returncode == 0, done.stderr[-4000:]
    port, log = free_port(), where / "serve.log"
    env = {**clean_env(DATABASE_URL=f"sqlite:///{where / 'companion.sqlite3'}")}
    with log.open("wb") as out:
        server = subprocess.Popen([str(bin_dir / "companion"), "serve", "--port", str(port)], cwd=where, env=env,
                                  stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while server.poll() is None and time.monotonic() < deadline:
            try:
                _request(port, "GET", "/api/catalog")
                break
            except OSError:
                time.sleep(0.2)
        assert server.poll() is None, log.read_text()
        yield port, log
    finally:
        stop_group(server, 15)


def test_the_installed_game_is_offered_and_a_game_of_it_is_watched(served):
    port, log = served
    status, home = _request(port, "GET", "/")
    assert status == 200 and "Twenty-one" in home
    status, body = _request(port, "POST", "/api/games", {"slug": "twenty_one", "players": ["Ann", "Bot"],
                                                           "options": {"bots": [0, 2]}})
    assert status == 201, body
    created = json.loads(body)
    assert created["state"]["bots"][0]["level_name"] == "Schemer"
    status, page = _request(port, "GET", created["links"]["watch"])
    assert status == 200 and "Ann" in page
    assert "Traceback" not in log.read_text() and " is left out: " not in log.read_text()


def test_the_installed_games_play_page_opens(served):  # its page is picked by its rules, not by its slug (#27)
    port, _ = served
    status, body = _request(port, "POST", "/api/games", {"slug": "twenty_one", "players": ["Ann", "Bo"]})
    assert status == 201, body
    play = json.loads(body)["links"]["play"].split("#", 1)[0]
    status, page = _request(port, "GET", play)
    assert status == 200 and "Twenty-one" in page, page[:2000]
