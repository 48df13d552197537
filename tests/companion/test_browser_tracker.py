"""A game made of data alone (game.toml with counters, a track and an end condition, no Python) played at phone
size through the tracker page the companion builds from it: started from the home page, counters and points
tapped in, the last round ended, the winner shown on the summary."""

from __future__ import annotations

import pytest

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, start_from_home
from tests.companion.player_pictures import take
from tests.companion.rules.generic.test_tracker import TRACKER


@pytest.fixture(scope="module")
def tracker_server(tmp_path_factory):
    from tests.live_server import LiveServer

    folder = tmp_path_factory.mktemp("designer") / "dragon_dash"
    folder.mkdir()
    (folder / "game.toml").write_text(TRACKER)
    (folder / "heroes.csv").write_text("id,name\nh-1,Ada\n")
    live = LiveServer(f"sqlite:///{folder.parent / 'c.sqlite3'}", folder.parent / "instance", games=[folder])
    live.start()
    live.base = f"http://127.0.0.1:{live.port}"
    yield live
    live.kill()


@pytest.mark.player_picture
def test_a_data_only_game_is_played_through_its_tracker_page(tracker_server, phone, tmp_path):
    page = phone(viewport={"width": 390, "height": 844})
    start_from_home(page, tracker_server.base, "dragon_dash", ("Ann", "Bo"))
    assert "Round 1 of 3" in page.inner_text("#panel") and "The game ends when a player reaches 10 points" in \
        page.inner_text("#panel")

    click_and_wait(page, page.get_by_role("button", name="Danger up by 1"))
    click_and_wait(page, page.get_by_role("button", name="Bo's Health down by 1"))
    ann = page.locator("form.move", has_text="Points for Ann")
    ann.get_by_label("Category").select_option('"Gold"')
    ann.get_by_label("Points (negative to take away)").fill("6")
    click_and_wait(page, ann.get_by_role("button", name="Add the points"))
    click_and_wait(page, page.get_by_role("button", name="End round 1"))
    for _ in range(2):  # Ann's Health is 3 of at most 5
        click_and_wait(page, page.get_by_role("button", name="Ann's Health up by 1"))
    # at 5 the rules would refuse another step up, so the page offers none (the step down is still there)
    assert page.get_by_role("button", name="Ann's Health up by 1").count() == 0
    assert page.get_by_role("button", name="Ann's Health down by 1").count() == 1
    bo = page.locator("form.move", has_text="Points for Bo")
    bo.get_by_label("Category").select_option('"Fame"')
    bo.get_by_label("Points (negative to take away)").fill("11")
    click_and_wait(page, bo.get_by_role("button", name="Add the points"))
    assert "Bo reached 10 points: this is the last round." in page.inner_text("#panel")
    page.evaluate("window.scrollTo(0, 0)")
    take(page, "tracker.png", tmp_path)
    click_and_wait(page, page.get_by_role("button", name="End round 2: the last round, the game ends"))
    assert "The game is over" in page.inner_text("#panel") and "Bo reached 10 points." in page.inner_text("#panel")
    assert page.get_by_role("button", name="Add the points").count() == 0  # no false buttons once it is over

    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner: Bo" in page.inner_text("main")
    assert "Scores round by round" in page.inner_text("main")
    assert problems(visible_text(page.content())) == []
