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


def move(page, label):
    """Makes the legal move the page labels `label`: its button, or its form with the app drawing what it may draw."""
    control = page.locator(f"#panel [data-label=\"{label}\"]")
    if control.evaluate("(el) => el.tagName") == "FORM":
        draw = control.locator("button[data-draw]")
        control = draw if draw.count() else control.locator("button[type=submit]")
    click_and_wait(page, control)


def answer_with(page, who, number):
    """A bot's question that takes a number: picked from the numbers it allows, then Answer."""
    form = page.locator(f"#panel form[data-label='Answer {who}']")
    form.locator("select").select_option(f'"{number}"')
    click_and_wait(page, form.get_by_role("button", name="Answer", exact=True))


def test_quinns_turn_is_taken_and_answered_by_tapping(server, phone, tmp_path):
    body = create(server, "unfair_chko", ["Ann"], {"solo": True, "packs": ["Ocean"], "quinn_level": 2})
    page = phone()
    page.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    assert "Quinn · level 2: Collector" in page.inner_text("#panel")
    for label in ("Start the game", "Go on to the City section", "The City card the table turned over",
                  "Play Quinn's turn"):
        move(page, label)
    assert "Quinn plays no events" in page.inner_text("#panel")
    for label in ("Go on to the Play section", "Ann passes", "Go on to the Park step", "Play Quinn's turn"):
        move(page, label)
    page.wait_for_selector("text=Is there a park card in Market space")
    tap(page, "Yes")
    tap(page, "Yes")                                           # an attraction
    answer_with(page, "Quinn", 2)
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
    tap(page, "Play Bot's turn (a bot)")
    tap(page, "Year")
    answer_with(page, "Bot", 14)
    assert "Place Rival on the Track (14, purple) at the end of the bot's lifeline." in page.inner_text("#panel")
