"""Unsettled (survival) at a table of phones (390 x 844), with the page's own controls only: a whole round (each
explorer sets Focus, LUNA is programmed with the Discovery die entered as it fell, a turn ended with no action
space left for the cubes), the Timeline Trigger's choice made where it is asked, and the end of the game reached
through the Endurance buttons: the crew collapses and the summary says Wenora has won."""

from __future__ import annotations

from pathlib import Path

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, start_from_home

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "players"


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def focus(page, cube, action):
    page.select_option("#focus-cube", cube)
    page.select_option("#focus-action", action)
    click_and_wait(page, button(page, "Place the cube"))


def test_a_round_then_the_crew_collapses(server, phone):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_from_home(page, server.base, "unsettled_survival", ("Ann", "Bo"))

    focus(page, "awareness", "rest")                       # Ann: REST and two actions
    focus(page, "energy", "charge")
    focus(page, "wonder", "research")
    page.select_option("#luna-scan", label="Data")
    page.locator("#program-luna label.face", has_text="5").click()   # the Discovery die fell on 5
    click_and_wait(page, button(page, "Program LUNA"))
    page.wait_for_selector("#history li:has-text('LUNA is programmed to scan for Data; the die fell on 5.')")
    click_and_wait(page, button(page, "End the turn"))
    focus(page, "awareness", "rest")                       # Bo: REST and one action, then no space is left
    focus(page, "energy", "charge")
    assert button(page, "End the turn").count() == 0       # the plain end is refused now: not offered
    click_and_wait(page, button(page, "End the turn: no action space is left for my cubes"))
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "unsettled_survival.png"))
    if page.locator("#pending-title").count():             # a Timeline Trigger asks a choice: made on the page
        for _ in range(4):
            choices = page.locator("section.pending button")
            if not choices.count():
                break
            click_and_wait(page, choices.first)
    for name in ("Ann", "Bo"):                             # the end of the game: the crew collapses
        for _ in range(12):
            lose = button(page, f"{name} loses 1 Endurance")
            if not lose.count():
                break
            click_and_wait(page, lose)
    assert "defeat" in page.inner_text("#time-title")
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Defeat: Wenora has won." in page.inner_text("main")
    game = page.url.rsplit("/summary", 1)[0]
    for path in ("", "/watch", "/history", "/summary"):
        page.goto(game + path)
        assert problems(visible_text(page.content())) == [], path
    assert errors == []
