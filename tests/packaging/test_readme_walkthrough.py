"""The README's "Making your own game" walkthrough, run as written: start, check, build, reprint, then play it in
the companion through the tracker its [scoring] table gives, with the folder its serve block names (that block, a
server, runs in tests/packaging/test_doc_blocks.py, after the README's other blocks)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def walkthrough_blocks() -> list[str]:
    """The shell blocks of the README's "Making your own game" section, in order."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("## Making your own game"):]
    section = section[:section.index("\n## ", 1)]
    return re.findall(r"```sh\n(.*?)```", section, re.S)


def run(block: str, cwd: Path) -> subprocess.CompletedProcess:
    script = block.replace(".venv/bin/", f"{BIN}/")
    return subprocess.run(["bash", "-e", "-c", script], cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False)


@pytest.fixture(scope="module")
def walked(tmp_path_factory):
    """A folder where each README block ran in turn: block index -> its finished process."""
    where = tmp_path_factory.mktemp("readme")
    blocks = walkthrough_blocks()
    assert len(blocks) == 4, "the walkthrough's blocks: start, build, reprint, serve"
    return where, [run(block, where) for block in blocks[:3]]  # the server: the last test, and test_doc_blocks.py


def test_the_start_block_makes_a_game_that_checks(walked):
    _, done = walked
    assert done[0].returncode == 0, done[0].stderr
    assert "My Game (my_game): 2-4 players, data OK" in done[0].stdout
    assert re.search(r"Heroes\s+3 cards\s+\(2 distinct", done[0].stdout)
    assert "Traceback" not in done[0].stderr


def test_the_build_block_prints_the_deck_where_the_readme_says(walked):
    where, done = walked
    assert done[1].returncode == 0, done[1].stderr
    assert (where / "output" / "my_game" / "my_game-heroes-a4.pdf").stat().st_size > 0


def test_the_reprint_block_reprints_the_changed_card_alone(walked):
    where, done = walked
    assert done[2].returncode == 0, done[2].stderr
    listing = (where / "output" / "my_game" / "reprint" / "reprint.txt").read_text()
    assert "Grace" in listing and "Ada" not in listing
    assert "1 x Grace" in listing


def test_the_game_is_played_through_its_tracker_in_the_companion(walked, make_app):
    where, _ = walked
    serve = walkthrough_blocks()[3]
    assert serve.startswith("COMPANION_GAMES=my_game .venv/bin/companion serve")  # the folder the app is given here
    app = make_app({"DATABASE_URL": f"sqlite:///{where / 'companion.sqlite3'}", "SECRET_KEY": "test",
                    "GAME_FOLDERS": [str(where / "my_game")]})
    client = app.test_client()
    assert "My Game" in client.get("/").get_data(as_text=True)
    created = client.post("/api/games", json={"slug": "my_game", "players": ["Ann", "Bo"]})
    assert created.status_code == 201, created.json
    game_id, headers = created.json["id"], {"Authorization": f"Bearer {created.json['edit_secret']}"}
    seq = created.json.get("seq", 0)
    page = client.get(created.json["links"]["watch"]).get_data(as_text=True)
    assert "Health" in page and "Round 1 of 5" in page
    for _ in range(10):  # Bo's Health from 10 to 0: the README says that ends the game
        answer = client.post(f"/api/games/{game_id}/events", headers=headers, json={
            "based_on": seq, "type": "change_counter", "payload": {"player": 1, "counter": "health", "by": -1}})
        assert answer.status_code in (200, 201), answer.json
        seq = answer.json["seq"]
    refused = client.post(f"/api/games/{game_id}/events", headers=headers, json={
        "based_on": seq, "type": "change_counter", "payload": {"player": 0, "counter": "health", "by": -1}})
    assert refused.status_code == 422
    page = client.get(created.json["links"]["watch"]).get_data(as_text=True)
    assert "The game is over" in page
