"""Unsettled (survival) at a table of phones (390 x 844), with the page's own controls only: a whole round (each
explorer sets Focus with the moves the rules offer for each cube, LUNA is programmed with the Discovery die entered
as it fell), the Timeline Trigger's choice made where it is asked, and the end of the game reached with the page's
own end move: the crew gives up and the summary says the crew lost."""

from __future__ import annotations

import pytest

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, start_from_home
from tests.companion.player_pictures import take

PHONE = {"width": 390, "height": 844}


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def answer_choices(page):
    """A Timeline Trigger or an edge may ask a choice: it is made where the page asks (the first answer)."""
    for _ in range(4):
        answers = page.locator("#panel [data-event='resolve']")
        if not answers.count():
            break
        click_and_wait(page, answers.first)


@pytest.mark.player_picture
def test_a_round_then_the_crew_gives_up(server, phone, tmp_path):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_from_home(page, server.base, "unsettled_survival", ("Ann", "Bo"), seed=2024)  # the same draws each run

    # the first screen: whose turn it is and the Set Focus moves, above the fold
    first = button(page, "Awareness on REST")
    assert first.bounding_box()["y"] < PHONE["height"]
    assert "Ann's turn" in page.inner_text("#moves-title")
    assert button(page, "Lift off").count() == 0                          # not before the task is complete
    assert button(page, "Energy on INVESTIGATE").count() == 0             # INVESTIGATE takes the Awareness cube

    click_and_wait(page, first)                                           # Ann: REST and two actions
    click_and_wait(page, button(page, "Energy on CHARGE"))
    assert button(page, "Wonder on CHARGE").count() == 0                  # CHARGE holds the Energy cube now
    click_and_wait(page, button(page, "Wonder on RESEARCH"))
    # LUNA: scan the Scarab, the die fell on 5
    form = page.locator("form[data-label='Program LUNA: scan the Scarab for Data']")
    form.locator("label.face", has_text="5").click()
    click_and_wait(page, form.get_by_role("button", name="Record the scan"))
    page.wait_for_selector("#history li:has-text('LUNA')")
    click_and_wait(page, button(page, "End the turn: take back the cubes and regroup"))
    answer_choices(page)
    click_and_wait(page, button(page, "Wonder on REST"))                  # Bo
    assert button(page, "End the turn: take back the cubes and regroup").count() == 0  # two cubes still to place
    click_and_wait(page, button(page, "Energy on CHARGE"))
    click_and_wait(page, button(page, "Awareness on ANALYZE"))
    click_and_wait(page, button(page, "End the turn: take back the cubes and regroup"))
    answer_choices(page)
    page.evaluate("window.scrollTo(0, 0)")
    take(page, "unsettled_survival.png", tmp_path)

    click_and_wait(page, button(page, "The crew gives up: the game ends as a loss"))
    assert "The crew lost" in page.inner_text("#survival-title")
    page.get_by_role("link", name="Summary and score chart").click()
    assert "The crew lost: it gave up, and Wenora has won." in page.inner_text("main")
    game = page.url.rsplit("/summary", 1)[0]
    for path in ("", "/watch", "/history", "/summary"):
        page.goto(game + path)
        assert problems(visible_text(page.content())) == [], path
    assert errors == []
