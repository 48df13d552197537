"""Unsettled (immigration) at a table of phones (390 x 844), with the page's own controls only (every one a legal
move): a tie for the first player settled where setup asks for it, Action and Attack cards played from the turn's
moves, a Milestone bought with one of the payments the player's hand can make, an Attack paid off beside the stack
it covers, and the game played to its (agreed, short) VP cap, the winner named."""

from __future__ import annotations

import re

import pytest

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, shown_scores, start_from_home
from tests.companion.player_pictures import take

PHONE = {"width": 390, "height": 844}


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def move(page, legend):
    """The form of the legal move whose legend is `legend`."""
    return page.locator("form.move", has=page.locator("legend", has_text=re.compile(f"^{re.escape(legend)}$")))


def opened(page, group):
    """Opens a group of moves (Buy a Milestone, Play a card) if it is folded."""
    details = page.locator(f"#{group}")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


@pytest.mark.player_picture
def test_a_game_from_a_tied_setup_to_the_winner(server, phone, tmp_path):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_from_home(page, server.base, "unsettled_immigration", ("Ann", "Bo"),  # a short game, agreed at the table
                    options=lambda p: p.fill("#option-unsettled_immigration-vp_to_win", "3"), seed=2024)
    assert "Naturalize" not in move(page, "Starting Milestone for Ann").inner_html()  # a Document icon: never free
    for name in ("Ann", "Bo"):  # both start with ESL Classes (3 Time): a tie
        form = move(page, f"Starting Milestone for {name}")
        form.locator("input[data-kind=card]").fill("ESL Classes")
        click_and_wait(page, form.get_by_role("button", name="Place it"))
    start = move(page, "Start the game: who goes first?")
    assert "tie for the lowest-cost" in start.inner_text()
    start.locator("select").select_option(label="Bo")
    click_and_wait(page, start.get_by_role("button", name="Start the game"))
    assert "Turn 1: Bo" in page.inner_text("#phase-title")
    assert button(page, "End Bo's turn").is_visible()  # the turn's moves are on the first screen

    opened(page, "play-cards")
    click_and_wait(page, button(page, "Play Side Hustle"))            # an Action card, by its printed name
    assert page.locator("#play-cards").count() == 0 and page.locator("#buy-milestones").count() == 0  # no action left
    click_and_wait(page, button(page, "End Bo's turn"))
    buy = move(page, "Job for 4 Time units")  # 1 Time + 2 Cash = 5 Time units, less 1 for ESL Classes
    buy.locator("select").first.select_option(label="2 Cash")
    click_and_wait(page, buy.get_by_role("button", name=re.compile("^Buy ")))
    page.wait_for_selector("#history li:has-text('Ann bought Job, paying 2 Cash.')")
    click_and_wait(page, button(page, "End Ann's turn"))
    opened(page, "play-cards")
    layoff = move(page, "Play Layoff")                                 # Bo attacks Ann's Job stack
    layoff.locator("select").first.select_option(label="Ann's Job stack (Job)")
    click_and_wait(page, layoff.get_by_role("button", name="Play it"))
    assert "covered by Layoff" in page.locator("details.player", has_text="Ann").text_content()
    page.wait_for_selector("#history li:has-text(\"Bo played Layoff on Ann's Job stack.\")")
    click_and_wait(page, button(page, "End Bo's turn"))
    page.evaluate("window.scrollTo(0, 0)")
    take(page, "unsettled_immigration.png", tmp_path)
    pay_off = move(page, "Pay off Layoff on your Job stack: 4 Time units")  # beside the stack it covers
    offered = pay_off.locator("select option").all_inner_texts()
    assert "2 Cash" in offered and "3 Cash" not in offered            # Ann holds only two cards
    pay_off.locator("select").select_option(label="2 Cash")
    click_and_wait(page, pay_off.get_by_role("button", name="Pay it off"))
    assert "covered by" not in page.locator("details.player", has_text="Ann").text_content()
    click_and_wait(page, button(page, "End Ann's turn"))
    click_and_wait(page, button(page, "End Bo's turn"))
    buy = move(page, "Marriage for 5 Time units")  # 1 Cash + 1 Influence = 6, less 1: 2 VP, 4 in all >= 3
    buy.locator("select").first.select_option(label="1 Influence + 1 Cash")
    click_and_wait(page, buy.get_by_role("button", name=re.compile("^Buy ")))
    assert "The game is over" in page.inner_text("#phase-title")
    assert dict(shown_scores(page))["Ann"] == "4"  # ESL Classes 1 + Job 1 + Marriage 2, by the cards' VP
    for path in ("", "/watch", "/history", "/summary"):
        page.goto(page.url.split("#")[0].rsplit("/games/", 1)[0] + "/games/" + page.url.split("/games/")[1].split("/")[0].split("#")[0] + path)
        assert problems(visible_text(page.content())) == [], path
    assert "Winner: Ann" in page.inner_text("main")
    assert errors == []
