"""The issue's whole path: a group plays the five games over a few evenings on one companion, finds every play, its
players and their statistics, sends the plays to BG Stats; a designer reads the playtests of a copied game."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardgen.cli import main as cardgen
from companion.plays.store import PlayStore
from tests.companion.web.test_group_pages import start_group, text_of
from tests.conftest import BUNDLED

PLAYERS = {"emigration": ["Ann", "Bo", "Cy"], "unfair_chko": ["Bo", "Ann"], "unsettled_immigration": ["Cy", "Ann"],
           "unsettled_survival": ["Ann", "Bo"], "unyielding_universe": ["Bo", "Cy"]}


def test_a_group_plays_the_five_games_and_finds_them_with_their_statistics(make_app, tmp_path, play_through):
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite3'}", "SECRET_KEY": "test"})
    client = app.test_client()
    group_id, _ = start_group(client, "Game night")
    for evening, slug in enumerate(BUNDLED):
        created = client.post("/api/games", json={"slug": slug, "players": PLAYERS[slug], "group": group_id})
        assert created.status_code == 201, created.json
        play_through(client, created.json["id"], {"Authorization": f"Bearer {created.json['edit_secret']}"},
                     seed=evening)
    store = PlayStore(app.extensions["companion"].store)
    with store.store.engine.connect() as conn:
        plays = store.plays(conn, group=group_id)
    assert sorted(p.slug for p in plays) == sorted(BUNDLED)
    for play in plays:  # who played: each seat linked to the group's player of that name, as a phone chooses it
        page = client.get(f"/plays/{play.id}").get_data(as_text=True)
        with store.store.engine.connect() as conn:
            known = {p.name: p.id for p in store.players(conn, group_id)}
        for name, player_id in known.items():  # the page suggests the players of the same name, and nobody else
            assert (f'<option value="{player_id}" selected>{name} (suggested: same name)' in page) == any(
                s.name == name for s in play.seats)
        choices = {f"player-{i}": known.get(seat.name, "new") for i, seat in enumerate(play.seats) if not seat.bot}
        assert client.post(f"/plays/{play.id}/links", data=choices).status_code == 303
    with store.store.engine.connect() as conn:
        people = store.players(conn, group_id)
    assert sorted(p.name for p in people) == ["Ann", "Bo", "Cy"]  # the same people from one game to the next
    group_page = text_of(client.get(f"/groups/{group_id}"))
    assert "5 plays, 3 players." in group_page and "Plays 5 Games 5" in group_page
    ann = next(p for p in people if p.name == "Ann")
    ann_page = text_of(client.get(f"/groups/{group_id}/players/{ann.id}"))
    assert "A player of Game night : 4 plays." in ann_page  # Ann sat out Unyielding Universe
    exported = json.loads(client.get(f"/groups/{group_id}/export/bgstats").data)
    assert len(exported["plays"]) == 5 and len(exported["games"]) == 5
    assert {p["name"] for p in exported["players"] if not p.get("metaData", {}).get("isNpc")} >= {"Ann", "Bo", "Cy"}


def test_a_designer_reads_the_playtests_of_a_copied_game_beside_the_lab(tmp_path, make_app, play_through,
                                                                          monkeypatch):
    folder = tmp_path / "my_unsettled"
    made = CliRunner().invoke(cardgen, ["new", str(folder), "--from", "unsettled_immigration"])
    assert made.exit_code == 0, made.output
    database = f"sqlite:///{tmp_path / 'c.sqlite3'}"
    app = make_app({"DATABASE_URL": database, "SECRET_KEY": "test", "GAME_FOLDERS": [str(folder)]})
    client = app.test_client()
    for seed in range(10):
        created = client.post("/api/games", json={"slug": "my_unsettled", "players": ["Ann", "Bo", "Cy"],
                                                  "playtest": True})
        key = {"Authorization": f"Bearer {created.json['edit_secret']}"}
        play_through(client, created.json["id"], key, seed=seed)
    monkeypatch.setenv("DATABASE_URL", database)
    monkeypatch.setenv("COMPANION_GAMES", str(folder))
    monkeypatch.setenv("SECRET_KEY", "test")
    from companion.cli import main as companion

    report = CliRunner().invoke(companion, ["playtests", "my_unsettled", "--lab-games", "40"])
    assert report.exit_code == 0, report.output
    assert "10 plays" in report.output and ("within chance at 10 plays" in report.output or
                                            "more than chance at 10 plays" in report.output)
    assert "vp_cap" in report.output or "turn_limit" in report.output  # the real plays' ends, in the lab's words
