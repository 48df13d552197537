"""`cardgen build --all` builds games side by side: the same files as building each game on its own, each game
reported in order, one game's error reported while the others are built, SIGTERM leaving nothing half-made;
image pools take only the cores no game is using."""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardgen.export import pool
from cardgen.build.games_at_once import can_run_at_once
from tests.conftest import MINIMAL_CSV, MINIMAL_TOML

pytestmark = pytest.mark.skipif(not can_run_at_once(2), reason="needs fork and more than one core")

RULEBOOK = "# {{ game.title }}\n\nDraw a card. Play a card.\n"


def _files(folder: Path) -> dict[str, bytes]:
    """Every file's bytes; the image caches (which record when each image was written) and their lines in
    manifest.json left out."""
    files = {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}
    if "manifest.json" in files:
        manifest = json.loads(files["manifest.json"])
        manifest["files"] = {name: sha for name, sha in manifest["files"].items() if not name.endswith("-cache.json")}
        files["manifest.json"] = json.dumps(manifest, sort_keys=True).encode()
    return {name: data for name, data in files.items() if not name.endswith("-cache.json")}


@pytest.fixture
def three_games(make_game, monkeypatch):
    """Three small games (one with a rulebook, one with many cards), built by `--all` in place of the bundled ones."""
    rows = "id,name,power,side,count,text\n" + "".join(f"h-{n},Hero {n},{n % 10},light,1,Text {n}\n" for n in range(40))
    folders = [make_game(name="alpha"),
               make_game(name="bravo", heroes_csv=rows),
               make_game(name="charlie", toml=MINIMAL_TOML.replace('"Tiny"', '"Charlie"'),
                         heroes_csv=MINIMAL_CSV.replace("Ada", "Ida"))]
    (folders[0] / "rulebook.md.j2").write_text(RULEBOOK, encoding="utf-8")
    names = [str(folder) for folder in folders]
    importlib.import_module("cardgen.cli")
    monkeypatch.setattr(sys.modules["cardgen.cli.build"], "bundled_slugs", lambda: names)
    return folders


def test_all_at_once_writes_the_same_files_as_each_game_on_its_own(three_games, cli, tmp_path):
    out = tmp_path / "out"  # both builds write into the same folder: the saved TTS object names it
    together = cli("build", "--all", "--all-formats", "--out", out)
    assert together.exit_code == 0, together.output
    out.rename(tmp_path / "together")
    for folder in three_games:
        alone = cli("build", folder, "--all-formats", "--out", out)
        assert alone.exit_code == 0, alone.output
        mine, theirs = _files(tmp_path / "together" / folder.name), _files(out / folder.name)
        assert len(mine) > 10 and any(name.startswith("png/") for name in mine)
        assert mine.keys() == theirs.keys()
        assert [name for name in mine if mine[name] != theirs[name]] == []
    assert "alpha-rulebook-a4.pdf" in _files(tmp_path / "together" / "alpha")
    lines = [line for line in together.output.splitlines() if line.split(":")[0] in ("alpha", "bravo", "charlie")]
    assert [line.split(":")[0] for line in lines] == ["alpha", "bravo", "charlie"], together.output  # in order
    assert "bravo: 40 cards" in together.output


def test_one_games_error_is_reported_and_the_others_are_built(three_games, cli, tmp_path):
    bravo = three_games[1]
    (bravo / "game.toml").write_text(MINIMAL_TOML.replace('title = "Heroes"', 'title = "Heroes"\nlayout = "face"'),
                                     encoding="utf-8")
    (bravo / "layouts").mkdir()
    (bravo / "layouts" / "face.toml").write_text('[boxes.name]\nx = 5\ny = 5\nw = 50\nh = 8\n'
                                                 'text = "{{ card.nickname }}"\n', encoding="utf-8")
    result = cli("build", "--all", "--png", "--out", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert "error: bravo: " in result.output and "nickname" in result.output, result.output
    assert "Traceback" not in result.output
    assert [line.split(":")[0] for line in result.output.splitlines() if line.startswith(("alpha:", "charlie:"))] \
        == ["alpha", "charlie"]
    assert (tmp_path / "out" / "alpha" / "manifest.json").is_file()
    assert (tmp_path / "out" / "charlie" / "manifest.json").is_file()
    assert not (tmp_path / "out" / "bravo").exists()
    assert not [path.name for path in (tmp_path / "out").iterdir() if path.name.startswith(".")]


def test_sigterm_stops_every_game_and_leaves_no_staging_folder(tmp_path):
    out = tmp_path / "out"
    process = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "--all", "--all-formats", "--out", str(out)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(out.glob(".*"))) < 2:  # two games staging at once
        time.sleep(0.05)
    assert len(list(out.glob(".*"))) >= 2, "two games were never built at once"
    time.sleep(0.3)
    children = _children(process.pid)
    assert children, "the games run in no process of their own"
    process.send_signal(signal.SIGTERM)  # to the parent alone: it stops its games
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 128 + signal.SIGTERM, stderr
    assert "Traceback" not in stderr
    assert stderr.count("stopped by SIGTERM") >= 2, stderr
    assert not [path.name for path in out.rglob(".*")]
    for folder in out.iterdir():  # a game either finished whole (its manifest written last) or left nothing
        assert (folder / "manifest.json").is_file() or not any(folder.iterdir()), folder
    assert not [pid for pid in children if Path(f"/proc/{pid}").exists() and _state(pid) != "Z"]


def test_pools_borrow_only_spare_cores(monkeypatch):
    context = multiprocessing.get_context("fork")
    monkeypatch.setattr(pool, "cores", lambda: 2)
    jobs = list(range(8))
    none_free = context.Semaphore(0)
    monkeypatch.setattr(pool, "_SPARE", none_free)
    assert set(pool.run(_pid, jobs, None)) == {os.getpid()}  # no spare core: the jobs run in this process
    one_free = context.Semaphore(1)
    monkeypatch.setattr(pool, "_SPARE", one_free)
    pids = set(pool.run(_pid, jobs, None))
    assert os.getpid() not in pids and 1 <= len(pids) <= 2  # two workers: this core and the borrowed one
    assert one_free.acquire(block=False)  # given back
    assert not one_free.acquire(block=False)


def _pid(job: int) -> int:
    time.sleep(0.01)
    return os.getpid()


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"
