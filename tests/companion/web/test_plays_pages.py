"""The plays pages through the real app: the list and its filters, a play's page, correcting a play, feedback, and
who may change what (a play of no group: its game's edit secret)."""

from __future__ import annotations

import html
import re

import pytest

from companion.plays.store import PlayStore
from tests.companion.audit import problems, visible_text


def finish(client, new_game, players=("Ann", "Bo"), points=(5, 3), **extra):
    """A score-sheet game played and ended: returns (play id, game id, edit secret)."""
    game_id, key, body = new_game("sheet", players, **extra)
    seq = body["seq"]
    for seat, amount in enumerate(points):
        answer = client.post(f"/api/games/{game_id}/events", headers=key, json={
            "based_on": seq, "type": "add_points", "payload": {"player": seat, "category": "Points", "points": amount}})
        seq = answer.json["seq"]
    assert client.post(f"/api/games/{game_id}/events", headers=key,
                       json={"based_on": seq, "type": "finish", "payload": {}}).status_code == 201
    store = PlayStore(client.application.extensions["companion"].store)
    with store.store.engine.connect() as conn:
        play = store.play_of_game(conn, game_id)
    assert play is not None
    return play.id, game_id, key["Authorization"][7:]


def plays_listed(page: str) -> list[str]:
    return re.findall(r'href="/plays/([A-Za-z0-9_-]+)"', page)


def test_the_list_shows_each_ended_game_as_a_play_and_filters_them(client, new_game):
    first, _, _ = finish(client, new_game, ("Ann", "Bo"))
    second, _, _ = finish(client, new_game, ("Cy", "Di"), points=(1, 9))
    page = client.get("/plays").get_data(as_text=True)
    assert plays_listed(page) == [second, first]  # newest first
    assert "Winner: Di" in page and "Winner: Ann" in page
    assert plays_listed(client.get("/plays?player=ann").get_data(as_text=True)) == [first]  # case aside
    assert plays_listed(client.get("/plays?player=%20DI%20").get_data(as_text=True)) == [second]
    assert plays_listed(client.get("/plays?game=sheet&from=2000-01-01&to=2999-12-31").get_data(as_text=True)) == [
        second, first]
    assert plays_listed(client.get("/plays?to=2000-01-01").get_data(as_text=True)) == []
    assert "No plays match these filters" in client.get("/plays?to=2000-01-01").get_data(as_text=True)


@pytest.mark.parametrize(("query", "words"), [("from=yesterday", "The first day (From) must be a date"),
                                              ("to=2026-02-30", "The last day (To) must be a date"),
                                              ("game=nope", "There is no game 'nope' here")])
def test_a_bad_filter_is_named_in_words(client, query, words):
    answer = client.get(f"/plays?{query}")
    assert answer.status_code == 400 and words in html.unescape(answer.get_data(as_text=True))


def test_a_play_page_says_who_won_with_scores_places_and_categories(client, new_game):
    play_id, game_id, _ = finish(client, new_game, ("Ann", "Bo", "Cy"), points=(4, 4, 1))
    page = client.get(f"/plays/{play_id}").get_data(as_text=True)
    text = " ".join(visible_text(page).split())
    assert "Winners: Ann and Bo (a shared win)" in text and "1 round ·" not in text
    assert problems(visible_text(page)) == []
    assert f'href="/games/{game_id}/summary"' in page
    summary = client.get(f"/games/{game_id}/summary").get_data(as_text=True)
    assert f'href="/plays/{play_id}"' in summary and "Kept as a play" in summary


def test_correcting_a_play_needs_the_games_secret_and_never_touches_its_log(client, new_game):
    play_id, game_id, secret = finish(client, new_game)
    form = {"date": "2026-10-31", "location": "The library", "name-0": "Anne", "name-1": "Bo", "score-0": "5",
            "score-1": "3", "winner-0": "on", "notes": "Close game", "expansions": "Big box, Promo cards"}
    refused = client.post(f"/plays/{play_id}", data=form)
    assert refused.status_code == 403 and "game's play link" in html.unescape(refused.get_data(as_text=True))
    assert client.post(f"/plays/{play_id}", data={**form, "secret": "not-it"}).status_code == 403
    log_before = client.get(f"/api/games/{game_id}/events").json
    done = client.post(f"/plays/{play_id}", data={**form, "secret": secret})
    assert done.status_code == 303 and done.headers["Location"].startswith(f"/plays/{play_id}")
    page = " ".join(visible_text(client.get(f"/plays/{play_id}").get_data(as_text=True)).split())
    assert "2026-10-31 · The library" in page and "Anne" in page and "Expansions: Big box, Promo cards" in page
    assert client.get(f"/api/games/{game_id}/events").json == log_before


@pytest.mark.parametrize(("field", "value", "words"), [
    ("date", "31/10/2026", "The date must be a date such as"),
    ("score-1", "lots", "The score of seat 2 must be a number"),
    ("location", "x" * 121, "Where it was played may be at most 120 characters"),
    ("name-0", "y" * 41, "Seat 1's name may be at most 40 characters")])
def test_a_bad_correction_is_refused_in_words_and_changes_nothing(client, new_game, field, value, words):
    play_id, _, secret = finish(client, new_game)
    before = client.get(f"/plays/{play_id}").get_data(as_text=True)
    answer = client.post(f"/plays/{play_id}", data={"secret": secret, "date": "2026-10-31", field: value})
    text = html.unescape(answer.get_data(as_text=True))
    assert answer.status_code == 400 and words in text and f'href="/plays/{play_id}"' in text  # the way back
    assert client.get(f"/plays/{play_id}").get_data(as_text=True) == before


def test_a_playtest_asks_for_feedback_and_keeps_each_answer(client, new_game):
    play_id, _, secret = finish(client, new_game, playtest=True)
    page = client.get(f"/plays/{play_id}").get_data(as_text=True)
    assert "How was it? (playtest feedback)" in page
    empty = client.post(f"/plays/{play_id}/feedback", data={"secret": secret})
    assert empty.status_code == 400 and "answer at least one question" in empty.get_data(as_text=True)
    assert client.post(f"/plays/{play_id}/feedback", data={"secret": secret, "fun": "9"}).status_code == 400
    sent = client.post(f"/plays/{play_id}/feedback", data={"secret": secret, "fun": "4", "length": "too long",
                                                           "clarity": "2", "note": "The end came suddenly."})
    assert sent.status_code == 303
    assert client.post(f"/plays/{play_id}/feedback", data={"secret": secret, "fun": "5"}).status_code == 303
    store = PlayStore(client.application.extensions["companion"].store)
    with store.store.engine.connect() as conn:
        play = store.play(conn, play_id)
    assert [(f.fun, f.length, f.clarity, f.note) for f in play.feedback] == [
        (4, "too long", 2, "The end came suddenly."), (5, None, None, "")]
    assert "2 answers so far" in client.get(f"/plays/{play_id}").get_data(as_text=True)


def test_an_unknown_play_is_a_page_that_says_so(client):
    answer = client.get("/plays/nothing-here")
    assert answer.status_code == 404 and "There is no play with the code" in answer.get_data(as_text=True)
