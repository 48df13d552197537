"""The statistics partial's context (companion.web.stats_view), and the partial on a real group's and player's page."""

from __future__ import annotations

from companion.plays.records import Player
from companion.web import stats_chart
from companion.web.stats_view import statistics
from tests.companion.audit import problems, visible_text
from tests.companion.plays.stats_fixtures import ANN, BOB, evenings
from tests.companion.web.test_group_pages import start_group, store_of, text_of
from tests.companion.web.test_plays_pages import finish


def test_a_known_players_name_is_the_groups_name_for_them():
    people = [Player("p-ann", "g", "Ann Smith")]
    group = statistics(evenings(), people, None)
    assert set(group) == {"stats", "stats_names", "chart"}  # nothing the pages pass themselves (people, plays)
    assert group["stats_names"][ANN] == "Ann Smith" and group["stats_names"][BOB] == "Bob"
    assert group["stats"].plays == 8 and group["chart"] is stats_chart
    ann = statistics(evenings(), people, "p-ann")["stats"]
    assert (ann.name, ann.plays, ann.wins) == ("Ann Smith", 8, 5)


def test_the_statistics_on_a_groups_pages(client, new_game):
    group_id, _ = start_group(client)
    client.post(f"/groups/{group_id}/players", data={"player": "Ann"})
    with store_of(client).store.engine.connect() as conn:
        [ann] = store_of(client).players(conn, group_id)
    for points in ((5, 3), (2, 7), (4, 1)):  # Ann wins, Bo wins, Ann wins
        play_id, _, secret = finish(client, new_game, ("Ann", "Bo"), points=points)
        client.post(f"/plays/{play_id}/group", data={"group": group_id, "secret": secret})
        assert client.post(f"/plays/{play_id}/links", data={"player-0": ann.id}).status_code == 303
    page = client.get(f"/groups/{group_id}")
    text = text_of(page)
    assert "At a glance Plays 3 Games 1 Most wins Ann, 2" in text
    assert "Win rate by seat" in text and "Seat 1 3 2 67%" in text and "Seat 2 3 1 33%" in text
    assert "Ann and Bo 3 2 to 1 2 to 1 0" in text
    assert problems(visible_text(page.get_data(as_text=True))) == []
    mine = text_of(client.get(f"/groups/{group_id}/players/{ann.id}"))
    assert "Plays 3 Wins 2 Win rate 67%" in mine and "Most wins in a row: 1 . Wins in a row now: 1 ." in mine
