"""A game copied with `cardgen new DIR --from SLUG` and served with COMPANION_GAMES gets its rules' pages, as the
bundled game does (a copy of four of the five answered 500, the fifth got the score sheet): after a few legal
moves every page of it answers 200 and says nothing a player should not read."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from cardgen.cli import main as cardgen
from tests.companion.audit import problems, visible_text
from tests.conftest import BUNDLED

PAGES = ("", "/watch", "/history", "/summary", "/panel")


@pytest.mark.parametrize("slug", BUNDLED)
def test_a_copied_game_is_played_on_its_rules_pages(slug, tmp_path, make_app, sheet_game):
    folder = tmp_path / f"my_{slug}"
    made = CliRunner().invoke(cardgen, ["new", str(folder), "--from", slug])
    assert made.exit_code == 0, made.output
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite3'}", "SECRET_KEY": "test",
                    "GAME_FOLDERS": [str(folder)]})
    client = app.test_client()
    created = client.post("/api/games", json={"slug": f"my_{slug}", "players": ["Ann", "Bo"]})
    assert created.status_code == 201, created.json
    game_id, key = created.json["id"], {"Authorization": f"Bearer {created.json['edit_secret']}"}
    rng = random.Random(slug)
    for _ in range(4):  # a few moves the page offers, with values it offers
        game = client.get(f"/api/games/{game_id}").json
        moves = [m for m in game["legal"] if m["group"] != "end"]
        if not moves:
            break
        move = rng.choice(moves)
        payload = dict(move["payload"])
        for choice in move["choices"]:
            if choice["options"] and not (choice.get("draw") or choice.get("optional")):
                value = rng.choice(choice["options"])[0]
                payload.update(value) if choice["field"] == "" else payload.__setitem__(
                    choice["field"], [value] * choice.get("count", 1) if choice["kind"] in ("dice",) else
                    ([value] if choice["kind"] == "cards" else value))
            elif choice["kind"] == "number":
                payload[choice["field"]] = choice["low"]
        answer = client.post(f"/api/games/{game_id}/events", headers=key,
                             json={"based_on": game["seq"], "type": move["event"], "payload": payload})
        assert answer.status_code in (201, 422), answer.json
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    assert 'data-key="' in page  # the rules' moves, drawn as controls
    for path in PAGES:
        response = client.get(f"/games/{game_id}{path}")
        assert response.status_code == 200, path
        assert problems(visible_text(response.get_data(as_text=True))) == [], path
    for path in (f"/library/my_{slug}/rulebook", f"/library/my_{slug}/cards"):
        assert client.get(path).status_code == 200, path
