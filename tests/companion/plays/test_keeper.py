"""A game the companion keeps becomes a play when it ends, in every game: the five bundled ones, a copy of one and
a designer's game of data alone; stopped early, reopened by an undo, corrected after its end, edited by people."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardgen.cli import main as cardgen
from companion.plays.store import PlayStore
from tests.conftest import BUNDLED

PLAYERS = {"emigration": ["Ann", "Bo", "Cy"], "unsettled_survival": ["Ann", "Bo"]}


@pytest.fixture
def sqlite_app(make_app, tmp_path, sheet_game):
    return make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite3'}", "SECRET_KEY": "test",
                     "GAME_FOLDERS": [str(sheet_game)]})


def kept(app):
    """Every play the app keeps, newest first."""
    store = PlayStore(app.extensions["companion"].store)
    with store.store.engine.connect() as conn:
        return store.plays(conn)


def start(client, slug, players, **extra):
    created = client.post("/api/games", json={"slug": slug, "players": players, **extra})
    assert created.status_code == 201, created.json
    return created.json["id"], {"Authorization": f"Bearer {created.json['edit_secret']}"}


@pytest.mark.parametrize("slug", [*BUNDLED, "sheet"])
def test_a_game_played_to_its_end_is_kept_as_its_play(slug, sqlite_app, play_through):
    client = sqlite_app.test_client()
    players = PLAYERS.get(slug, ["Ann", "Bo"])
    game_id, key = start(client, slug, players)
    assert kept(sqlite_app) == []  # nothing until the game ends
    game = play_through(client, game_id, key, seed=3)
    [play] = kept(sqlite_app)
    scores = game["scores"]
    assert play.game_id == game_id and play.slug == slug and play.title == client.get("/api/catalog").json[
        [g["slug"] for g in client.get("/api/catalog").json].index(slug)]["title"]
    assert [s.name for s in play.seats][:len(players)] == [row["name"] for row in scores["players"]]
    assert [s.score for s in play.seats][:len(players)] == [row["total"] for row in scores["players"]]
    assert {i for i, s in enumerate(play.seats) if s.winner and not s.bot} == set(scores["winners"])
    assert play.cooperative == bool(scores.get("cooperative"))
    if play.cooperative:  # the crew wins or loses together: no places
        assert play.outcome in ("won", "lost") and all(s.place is None for s in play.seats)
        assert all(s.winner for s in play.seats) == (play.outcome == "won")
    else:
        assert [s.place for s in play.seats][:len(players)] == [row.get("place") for row in scores["players"]]
    assert play.played_on == game["created_at"][:10] and play.minutes is not None
    assert play.rounds is None or play.rounds >= 1
    assert not play.stopped_early and not play.playtest and play.group is None


@pytest.mark.parametrize("slug", [*BUNDLED, "sheet"])
def test_a_game_stopped_by_agreement_is_a_play_marked_stopped(slug, sqlite_app, play_through):
    client = sqlite_app.test_client()
    game_id, key = start(client, slug, PLAYERS.get(slug, ["Ann", "Bo"]))
    play_through(client, game_id, key, seed=1, stop=True)
    [play] = kept(sqlite_app)
    page = client.get(f"/plays/{play.id}").get_data(as_text=True)
    if play.cooperative:  # a crew that gives up has lost: that is the play's outcome, not a stop
        assert play.outcome == "lost" and not play.stopped_early and "The crew lost together" in page
    elif slug == "sheet":  # a score sheet without an end of its own ends when the table says so
        assert not play.stopped_early
    else:
        assert play.stopped_early and "Stopped early by agreement" in page


def test_an_undo_reopens_the_game_and_takes_its_untouched_play_back(sqlite_app, play_through):
    client = sqlite_app.test_client()
    game_id, key = start(client, "sheet", ["Ann", "Bo"])
    game = play_through(client, game_id, key, seed=2)
    assert len(kept(sqlite_app)) == 1
    undone = client.post(f"/api/games/{game_id}/undo", headers=key, json={"based_on": game["seq"]})
    assert undone.status_code == 201 and not undone.json["scores"]["finished"]
    assert kept(sqlite_app) == []
    redone = client.post(f"/api/games/{game_id}/redo", headers=key, json={"based_on": undone.json["seq"]})
    assert redone.status_code == 201 and len(kept(sqlite_app)) == 1


def test_a_game_reopened_and_ended_again_rewrites_the_result_and_keeps_what_people_edited(sqlite_app):
    client = sqlite_app.test_client()
    game_id, key = start(client, "sheet", ["Ann", "Bo"])
    created = client.post("/api/games", json={"slug": "sheet", "players": ["x"]})  # another game: not this play
    assert created.status_code == 201

    def send(seq, kind, payload):
        answer = client.post(f"/api/games/{game_id}/events", headers=key,
                             json={"based_on": seq, "type": kind, "payload": payload})
        assert answer.status_code == 201, answer.json
        return answer.json["seq"]

    seq = send(0, "add_points", {"player": 0, "category": "Points", "points": 7})
    seq = send(seq, "finish", {})
    [play] = kept(sqlite_app)
    assert [s.winner for s in play.seats] == [True, False]
    edited = client.post(f"/plays/{play.id}", data={
        "secret": key["Authorization"][7:], "date": "2026-11-20", "location": "Anna's kitchen",
        "name-0": "Anna", "name-1": "Bo", "score-0": "7", "score-1": "0", "notes": "rematch next week",
        "winner-0": "on"})
    assert edited.status_code == 303
    undone = client.post(f"/api/games/{game_id}/undo", headers=key, json={"based_on": seq})
    assert undone.status_code == 201
    assert len(kept(sqlite_app)) == 1  # reopened, but people had edited it: kept
    seq = send(undone.json["seq"], "add_points", {"player": 1, "category": "Points", "points": 9})
    send(seq, "finish", {})
    [after] = kept(sqlite_app)
    assert after.id == play.id and [s.score for s in after.seats] == [7, 9] and [s.winner for s in after.seats] == [
        False, True]  # the result is the game's
    assert after.seats[0].name == "Anna"  # the names people corrected stay
    assert (after.played_on, after.location, after.notes) == ("2026-11-20", "Anna's kitchen", "rematch next week")
    events = client.get(f"/api/games/{game_id}/events").json
    assert "Anna's" not in str(events) and "rematch" not in str(events)  # the play's edits never touch the log


def test_a_solo_game_against_quinn_keeps_quinn_as_a_bot_seat_with_its_level(sqlite_app, play_through):
    client = sqlite_app.test_client()
    game_id, key = start(client, "unfair_chko", ["Ann"], options={"solo": True, "quinn_level": 3})
    game = play_through(client, game_id, key, seed=5)
    [play] = kept(sqlite_app)
    quinn = play.seats[-1]
    assert quinn.bot and quinn.level == 3 and quinn.name == game["scores"]["automa"]["name"]
    assert quinn.score == game["scores"]["automa"]["total"] and quinn.winner == bool(game["scores"]["automa"]["wins"])
    assert play.end == f"after {game['state']['round']} rounds"  # the lab's words: real and simulated plays alike


def test_a_copied_game_keeps_its_plays_under_its_own_name(tmp_path, make_app, play_through):
    folder = tmp_path / "my_universe"
    made = CliRunner().invoke(cardgen, ["new", str(folder), "--from", "unyielding_universe"])
    assert made.exit_code == 0, made.output
    app = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite3'}", "SECRET_KEY": "test",
                    "GAME_FOLDERS": [str(folder)]})
    client = app.test_client()
    game_id, key = start(client, "my_universe", ["Ann", "Bo"], playtest=True)
    play_through(client, game_id, key, seed=6)
    [play] = kept(app)
    assert play.slug == "my_universe" and play.playtest and play.end  # its rules' table model named how it ended
    assert client.get(f"/plays/{play.id}").status_code == 200


def test_every_end_move_offered_at_the_start_gives_a_play_the_pages_show(sqlite_app):
    """Stopping before anything happened (an end move the rules offer from the start) must leave a game whose view,
    score and play page work: Emigration's view failed on players not dealt their cards yet."""
    client = sqlite_app.test_client()
    for slug in BUNDLED:
        game_id, key = start(client, slug, PLAYERS.get(slug, ["Ann", "Bo"]))
        game = client.get(f"/api/games/{game_id}").json
        for move in [m for m in game["legal"] if m["group"] == "end" and not m["choices"]][:1]:
            answer = client.post(f"/api/games/{game_id}/events", headers=key, json={
                "based_on": game["seq"], "type": move["event"], "payload": move["payload"]})
            assert answer.status_code == 201, (slug, answer.json)
            assert client.get(f"/games/{game_id}/summary").status_code == 200
    for play in kept(sqlite_app):
        assert client.get(f"/plays/{play.id}").status_code == 200
