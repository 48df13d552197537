"""Automated opponents on a phone in a real browser: Quinn's solo turn and a bot in a seat, played by tapping
the buttons the page offers, with every step and its reason on the page."""

from __future__ import annotations

from tests.companion.phone import click_and_wait


def create(server, slug, players, options):
    status, body = server.request("POST", "/api/games", {"slug": slug, "players": players, "options": options,
                                                         "seed": 4})
    assert status == 201, body
    return body


def tap(page, name):
    click_and_wait(page, page.get_by_role("button", name=name, exact=True))


def test_quinns_turn_is_taken_and_answered_by_tapping(server, phone, tmp_path):
    body = create(server, "unfair_chko", ["Ann"], {"solo": True, "packs": ["Ocean"], "quinn_level": 2})
    page = phone()
    page.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    assert "Quinn · level 2: Collector" in page.inner_text("#panel")
    for button in ("Start the game", "Next step", "Reveal the City card", "Quinn takes its turn"):
        tap(page, button)
    assert "Quinn plays no events" in page.inner_text("#panel")
    for button in ("Next step", "Ann passes", "Next step", "Quinn takes its turn"):
        tap(page, button)
    page.wait_for_selector("text=Is there a park card in Market space")
    tap(page, "Yes")
    tap(page, "Yes")                                           # an attraction
    page.get_by_label("A number from 0 to 9").fill("2")
    click_and_wait(page, page.get_by_role("button", name="Answer", exact=True))
    panel = page.inner_text("#panel")
    assert "into Quinn's collection" in panel and "Is there an attraction in the Market?" in panel
    assert page.locator(".automa details.trace summary", has_text="Why").count() >= 1
    page.screenshot(path=str(tmp_path / "quinn.png"), full_page=True)


def test_a_bot_in_a_seat_takes_its_turn_by_tapping(server, phone):
    body = create(server, "unyielding_universe", ["Ann", "Bot"], {"bots": [0, 1]})
    key = {"Authorization": f"Bearer {body['edit_secret']}"}
    seq = body["seq"]
    for player, cards in ((0, ["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"]),
                          (1, ["yr-002", "yr-006", "yr-009", "yr-012", "yr-013"]), (0, "yr-062")):
        kind, payload = ("deal", {"player": player, "cards": cards}) if isinstance(cards, list) else (
            "place_at_end", {"player": player, "card": cards})
        status, answer = server.request("POST", f"/api/games/{body['id']}/events",
                                        {"based_on": seq, "type": kind, "payload": payload}, key)
        assert status == 201, answer
        seq = answer["seq"]
    page = phone()
    page.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    tap(page, "Bot takes its turn")
    tap(page, "Year")
    page.get_by_label("A number from 0 to 110").fill("14")
    click_and_wait(page, page.get_by_role("button", name="Answer", exact=True))
    assert "Place Rival on the Track (14, purple) at the end of the bot's lifeline." in page.inner_text("#panel")
