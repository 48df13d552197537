"""Unsettled (immigration) at a table of phones (390 x 844), with the page's own controls only: a tie for the first
player settled where setup asks for it, Action and Attack cards typed by their printed names, a Milestone bought
and paid, an Attack paid off, and the game played to its (agreed, short) VP cap, the winner named."""

from __future__ import annotations

from pathlib import Path

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, shown_scores, start_from_home

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "players"


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def test_a_game_from_a_tied_setup_to_the_winner(server, phone):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_from_home(page, server.base, "unsettled_immigration", ("Ann", "Bo"),  # a short game, agreed at the table
                    options=lambda p: p.fill("#option-unsettled_immigration-vp_to_win", "3"))
    for seat, name in enumerate(("Ann", "Bo")):  # both start with ESL Classes (3 Time): a tie
        page.select_option(f"#start-{seat}", label="ESL Classes")
        click_and_wait(page, page.locator("form.quick", has_text=f"Starting Milestone for {name}").get_by_role("button"))
    assert button(page, "Start the game").count() == 1 and "tie for the lowest-cost" in page.inner_text("#first-player")
    page.select_option("#first-player-seat", label="Bo")
    click_and_wait(page, page.locator("#first-player").get_by_role("button", name="Start the game"))
    assert "Turn 1: Bo" in page.inner_text("#phase-title")

    page.fill("#play-card-name", "side hustle")                       # an Action card, by its printed name
    assert button(page, "Play the Attack").is_hidden()
    click_and_wait(page, button(page, "Play the Action"))
    click_and_wait(page, button(page, "End the turn"))
    page.select_option("#buy-card", label="Job: 4")  # 1 Time + 2 Cash = 5 Time units, less 1 for ESL Classes
    page.fill("#pay-cash", "2")
    click_and_wait(page, button(page, "Buy it"))
    page.wait_for_selector("#history li:has-text('Bought Job, paying 2 Cash.')")
    click_and_wait(page, button(page, "End the turn"))
    page.fill("#play-card-name", "Layoff")                            # Bo attacks Ann's Job stack
    page.select_option("#play-target", label="Ann")
    page.select_option("#play-stack", label="Ann's Job stack (Job)")
    assert button(page, "Play the Action").is_hidden()
    click_and_wait(page, button(page, "Play the Attack"))
    assert "covered by Layoff" in page.locator("details.player", has_text="Ann").text_content()
    click_and_wait(page, button(page, "End the turn"))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "unsettled_immigration.png"))
    cost = page.locator("#pay-off-stack option").first.text_content()
    assert "Layoff on the Job stack" in cost
    page.fill("#payoff-cash", "3")                                    # three Cash: Ann holds only two
    page.locator("#pay-off").get_by_role("button", name="Pay it off").click()
    page.wait_for_selector(".inline-error:text('the app counts only 2 in hand')")
    page.fill("#payoff-cash", "2")                                    # 2 Cash = 4 Time units, the Layoff's cost
    click_and_wait(page, button(page, "Pay it off"))
    assert "covered by" not in page.locator("details.player", has_text="Ann").text_content()
    click_and_wait(page, button(page, "End the turn"))
    click_and_wait(page, button(page, "End the turn"))
    page.select_option("#buy-card", label="Marriage: 5")  # 1 Cash + 1 Influence = 6, less 1: 2 VP, 4 in all >= 3
    page.fill("#pay-cash", "1")
    page.fill("#pay-influence", "1")
    click_and_wait(page, button(page, "Buy it"))
    assert "The game is over" in page.inner_text("#phase-title")
    assert dict(shown_scores(page))["Ann"] == "4"  # ESL Classes 1 + Job 1 + Marriage 2, by the cards' VP
    for path in ("", "/watch", "/history", "/summary"):
        page.goto(page.url.split("#")[0].rsplit("/games/", 1)[0] + "/games/" + page.url.split("/games/")[1].split("/")[0].split("#")[0] + path)
        assert problems(visible_text(page.content())) == [], path
    assert "Winner: Ann" in page.inner_text("main")
    assert errors == []
