"""The designer's playtest page renders the report in player words, at phone width."""

from __future__ import annotations

import pytest

from companion.plays.store import PlayStore
from companion.web.playtest_pages import said
from tests.companion.audit import problems, visible_text
from tests.companion.plays.playtest_fixtures import seat_one_wins


@pytest.fixture
def designer(make_app, tmp_path):
    return make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.sqlite3'}", "SECRET_KEY": "test",
                     "PLAYTEST_LAB_GAMES": 12})


def save(app, plays):
    store = app.extensions["companion"].store
    with store.transaction() as conn:
        for play in plays:
            PlayStore(store).save_play(conn, play)


def test_the_page_shows_each_comparison_in_player_words(designer):
    save(designer, seat_one_wins(12))
    answer = designer.test_client().get("/designer/unsettled_immigration/playtests")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    text = visible_text(page)
    assert problems(text, {"w000", "w001"}) == []
    assert "more than chance at 12 plays" in text and "a player reached the points to win" in text
    assert "Loved the trains" in text and "1 answer" in text
    assert page.count('<div class="wide" tabindex="0"><table>') == 4  # seats, length, ends, scores


def test_a_game_without_playtests_says_how_to_mark_one(designer):
    text = visible_text(designer.test_client().get("/designer/emigration/playtests").get_data(as_text=True))
    assert "kept as a playtest yet" in text and problems(text) == []


def test_an_unknown_game_is_not_found(designer):
    assert designer.test_client().get("/designer/nonesuch/playtests").status_code == 404


def test_lab_words_read_as_player_words():
    assert said("turn_limit") == "the turn limit ran out" and said("vp_to_win") == "vp to win"
