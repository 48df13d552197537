"""Plays, groups and statistics at phone size, as a group uses them: a group started on the Plays page, games
started for it from the home page and ended, seats linked to players, feedback sent; every page audited in light and
dark (labels, 44 px targets, no sideways scroll, contrast, axe-core's WCAG 2.2 AA rules, no internal words)."""

from __future__ import annotations

import pytest

from tests.companion.audit import problems, visible_text
from tests.companion.player_pictures import take
from tests.companion.test_browser_games import AUDIT, AXE_RULES

EVENINGS = (  # the score sheet's games of a group's evenings: players and their points
    (("Ann", "Bo", "Cy"), (12, 9, 4)), (("Ann", "Bo"), (7, 11)), (("Bo", "Cy", "Ann"), (5, 5, 3)),
    (("Ann", "Cy"), (14, 6)))


def group_evenings(server, page) -> dict[str, str]:
    """The group's history made as its phone makes it: the group started on the Plays page, each game started for
    it (the phone holds the group's link) and ended, the first play's seats linked. Returns the pages' paths."""
    page.goto(server.base + "/plays")
    page.get_by_label("Start a group: its name").fill("Thursday game night")
    page.get_by_role("button", name="Start the group").click()
    page.wait_for_url("**/groups/*")
    group = page.url.split("?")[0].rsplit("/", 1)[1]
    plays = []
    for names, points in EVENINGS:
        body = page.evaluate("""async ([players, group]) => {
            const r = await fetch('/api/games', {method: 'POST', headers: {'Content-Type': 'application/json'},
                                   body: JSON.stringify({slug: 'sheet', players, group, playtest: true})});
            return await r.json(); }""", [list(names), group])
        key = {"Authorization": f"Bearer {body['edit_secret']}"}
        seq = body["seq"]
        for seat, amount in enumerate(points):
            status, answer = server.request("POST", f"/api/games/{body['id']}/events", {
                "based_on": seq, "type": "add_points",
                "payload": {"player": seat, "category": "Points", "points": amount}}, headers=key)
            assert status == 201, answer
            seq = answer["seq"]
        status, answer = server.request("POST", f"/api/games/{body['id']}/events",
                                        {"based_on": seq, "type": "finish", "payload": {}}, headers=key)
        assert status == 201, answer
        page.goto(server.base + f"/games/{body['id']}/summary")
        page.get_by_role("link", name="its play page").click()
        page.wait_for_url("**/plays/*")
        plays.append(page.url.rsplit("/", 1)[1].split("?")[0])
        for i, name in enumerate(names):  # the player of that name once the group knows them, else a new one
            known = [o.get_attribute("value") for o in page.locator(f"#player-{i} option").all()
                     if o.inner_text().split(" (")[0] == name and o.get_attribute("value") not in ("", "new")]
            page.get_by_label(f"Seat {i + 1}: {name}").select_option(known[0] if known else "new")
        page.get_by_role("button", name="Save who played").click()
        page.wait_for_url("**saved=players")
    page.goto(server.base + f"/plays/{plays[0]}")
    page.locator("fieldset", has_text="Fun").get_by_role("radio", name="4").check()
    page.get_by_role("radio", name="Too long").check()
    page.get_by_label("A note for the designer").fill("The last round dragged.")
    page.get_by_role("button", name="Send the feedback").click()
    page.wait_for_url("**saved=feedback")
    page.goto(server.base + f"/groups/{group}")
    player = page.get_by_role("link", name="Ann", exact=True).first.get_attribute("href")
    return {"list": "/plays", "group": f"/groups/{group}", "play": f"/plays/{plays[0]}", "player": player}


@pytest.mark.player_picture
def test_a_groups_evenings_read_on_a_phone(server, phone, tmp_path):
    page = phone(viewport={"width": 390, "height": 844})
    paths = group_evenings(server, page)
    page.goto(server.base + paths["group"])
    text = " ".join(visible_text(page.content()).split())
    assert "4 plays, 3 players." in text and "Most wins Ann and Bo, 2" in text  # Bo shares a win with Cy
    # the group's earlier evenings, kept in BG Stats, arrive through the import form (one play of each kind the
    # five games make: a tie, a co-op crew's win and loss, a solo game against Quinn, a game stopped early)
    from companion.plays import bgstats
    from tests.companion.plays.formats_fixtures import TITLES, kinds

    export = tmp_path / "BGStatsExport.json"
    export.write_text(bgstats.export(kinds(), TITLES), encoding="utf-8")
    page.set_input_files("#import-file", str(export))
    page.get_by_role("button", name="Import the plays").click()
    page.wait_for_selector("text=Imported into Thursday game night")
    imported = " ".join(page.inner_text("main").split())
    assert "5 plays added" in imported and "Linked to the group's players of the same name: Ann, Cy" in imported
    page.get_by_role("link", name="Back to Thursday game night").click()
    text = " ".join(visible_text(page.content()).split())
    assert "9 plays, 6 players." in text and "Plays 9 Games 5" in text  # Bob and two more came with the file
    assert problems(visible_text(page.content())) == []
    take(page, "plays_group.png", tmp_path)
    page.goto(server.base + paths["play"])
    assert "Winner: Ann" in page.inner_text("main") and "1 answer so far" in page.inner_text("main")
    take(page, "plays_play.png", tmp_path)
    page.goto(server.base + paths["player"])
    assert "Ann" in page.inner_text("h1")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_plays_pages_fit_a_phone_with_labelled_readable_controls(server, phone, scheme):
    from axe_playwright_python.sync_playwright import Axe

    page = phone(color_scheme=scheme)
    paths = group_evenings(server, page)
    axe = Axe()
    for name, path in paths.items():
        page.goto(server.base + path)
        for details in page.locator("details").all():
            details.evaluate("d => d.open = true")
        page.wait_for_timeout(50)
        assert page.evaluate(AUDIT) == [], name
        assert problems(visible_text(page.content())) == [], name
        report = axe.run(page, options={"runOnly": {"type": "tag", "values": AXE_RULES}})
        assert report.violations_count == 0, (name, [(v["id"], v["nodes"][0]["html"][:120])
                                                     for v in report.response["violations"]])


@pytest.mark.player_picture
def test_the_designers_playtest_report_reads_on_a_phone(server, phone, tmp_path):
    """Ten playtest plays of Unsettled at three players (made from seeded lab games, as a designer's table would
    leave them) beside the lab's predictions, at phone size."""
    from companion.plays.store import PlayStore
    from companion.storage.engine import make_engine
    from companion.storage.store import Store
    from tests.companion.plays.playtest_fixtures import lab_plays

    engine = make_engine(server.database_url)
    try:
        with engine.begin() as conn:
            for play in lab_plays(10, players=3, seed=77):
                PlayStore(Store(engine)).save_play(conn, play)
    finally:
        engine.dispose()
    page = phone(viewport={"width": 390, "height": 844})
    page.goto(server.base + "/")
    page.get_by_role("link", name="Playtests of Unsettled: immigration").click()
    page.wait_for_url("**/designer/unsettled_immigration/playtests")
    text = " ".join(visible_text(page.content()).split())
    assert "within chance at 10 plays" in text and problems(visible_text(page.content())) == []
    assert page.evaluate(AUDIT) == []
    take(page, "playtests.png", tmp_path)
