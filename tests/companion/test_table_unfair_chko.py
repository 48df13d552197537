"""Unfair at a table of phones (390 x 844), with the page's own controls only: a two-player round tapped through
(packs, the City card, the kaiju's dice entered as they fell, passes, Cleanup), the end of the game reached
through a correction, and the final score sheet filled in and checked against the rulebook's tables; and a solo
game against Quinn started from the home page and played to the end, Quinn on the scoreboard and the winner
named."""

from __future__ import annotations

from pathlib import Path

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, shown_scores, start_from_home

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "players"


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def start(page, base, players, solo_level=None):
    def solo(page):
        page.check("#option-unfair_chko-solo")
        page.select_option("#option-unfair_chko-quinn_level", label=solo_level)
    start_from_home(page, base, "unfair_chko", players, options=solo if solo_level else None)


def step(page):
    """One tap of whatever the round asks for next: Quinn's question or turn, the City card, the kaiju's dice
    (both 6: a miss unless the kaiju is at full health), a pass, a Cleanup step, the next step."""
    quinn = page.locator("#quinn-question")
    if quinn.count():
        answers = page.locator(".automa .answers button")
        if answers.count():
            click_and_wait(page, answers.first)
        else:
            page.locator("#quinn-answer").fill("0")
            click_and_wait(page, button(page, "Answer"))
        return "quinn"
    for name in ("Quinn takes its turn", "Reveal the City card"):
        if button(page, name).count():
            click_and_wait(page, button(page, name))
            return name
    if page.locator("#kaiju-roll").count():
        for face in page.locator("#kaiju-roll label.face", has_text="6").all():
            face.click()
        click_and_wait(page, page.locator("#kaiju-roll").get_by_role("button", name="Record how they fell"))
        return "kaiju"
    passes = page.get_by_role("button", name="passes")
    if passes.count():
        click_and_wait(page, passes.first)
        return "pass"
    for name in ("Next Cleanup step", "Next step"):
        if button(page, name).count():
            click_and_wait(page, button(page, name))
            return name
    return None


def test_a_round_tapped_through_then_the_final_score_sheet(server, phone):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start(page, server.base, ("Ann", "Bo"))
    assert button(page, "Start the game").count() == 0  # no false button before the packs are chosen
    click_and_wait(page, button(page, "Use the recommended packs"))
    click_and_wait(page, button(page, "Start the game"))
    assert button(page, "Reveal the City card").count() == 0  # not in the Draw section
    assert page.get_by_role("button", name="hits").count() == 0  # kaiju are hit only on a turn in Play
    seen = []
    while "Round 2 of" not in page.inner_text("#round-title"):
        if "card dice" not in seen and page.locator("#card-dice").count():   # Hit and Miss: two dice, as they fell
            page.locator("details.card-dice summary").click()
            dice = page.locator("#card-dice fieldset.die")
            dice.nth(0).locator("label.face", has_text="6").click()
            dice.nth(1).locator("label.face", has_text="2").click()
            click_and_wait(page, page.locator("#card-dice").get_by_role("button", name="Record how they fell"))
            assert "Last dice: 6 + 2." in page.inner_text("#panel")
            seen.append("card dice")
        seen.append(step(page))
        assert len(seen) < 40, seen
    assert {"Reveal the City card", "card dice", "pass", "Next Cleanup step", "Next step"} <= set(seen)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "unfair_chko.png"))

    # the end of the game, reached through a correction: the tracker put on the last round's Cleanup step
    page.get_by_text("More actions").click()
    page.select_option("#event-type", label="Correction: put the round tracker on a round and step by hand")
    page.fill("#field-round", "8")
    page.select_option("#field-stage", label="Cleanup")
    click_and_wait(page, button(page, "Record"))
    while "The game is over" not in page.inner_text("#round-title"):
        assert step(page) in ("Next Cleanup step", "Next step")
    # Ann's park, scored by the rulebook's tables: attractions of 4 icons + 1 buried (5: 15), 3 (6) and 2 (3);
    # a partial panorama of 3 cards (10); a revealed blueprint worth 25; staff worth 4
    page.fill("#sheet-0-icons", "4, 3, 2")
    page.fill("#sheet-0-buried", "1, 0, 0")
    page.fill("#sheet-0-blueprints", "25")
    page.fill("#sheet-0-staff", "4")
    page.fill("#sheet-0-panoramas", "3")
    page.fill("#sheet-0-complete", "no")
    click_and_wait(page, button(page, "Score Ann's park"))
    rows = {r.locator("th").text_content().strip(): r.locator("td").nth(0).text_content().strip()
            for r in page.locator("table.categories tbody tr").all()}
    assert (rows["Attractions"], rows["Panoramas"], rows["Blueprints"], rows["Staff"]) == ("24", "10", "25", "4")
    ann_total = sum(int(v) for v in rows.values())
    assert dict(shown_scores(page))["Ann"] == str(ann_total)
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner: Ann" in page.inner_text("main") and "Scores round by round" in page.inner_text("main")
    for path in ("", "/watch", "/history"):
        page.goto(page.url.rsplit("/summary", 1)[0].rsplit("/watch", 1)[0].rsplit("/history", 1)[0] + path)
        assert problems(visible_text(page.content())) == [], path
    assert errors == []


def test_a_solo_game_against_quinn_from_the_home_page_to_the_winner(server, phone):
    page = phone(viewport=PHONE)
    start(page, server.base, ("Ann",), solo_level="1: Day tripper")
    page.check("#choose-packs input[type=checkbox] >> nth=0")
    click_and_wait(page, button(page, "Use these packs"))
    click_and_wait(page, button(page, "Start the game"))
    shot = False
    for _ in range(400):
        if "The game is over" in page.inner_text("#round-title"):
            break
        if not shot and page.locator("#quinn-question").count():
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SHOTS / "unfair_quinn.png"))
            shot = True
        assert step(page) is not None
    assert "The game is over" in page.inner_text("#round-title")
    page.fill("#sheet-0-icons", "3, 2")
    click_and_wait(page, button(page, "Score Ann's park"))
    names = [name for name, _ in shown_scores(page)]
    assert names == ["Ann", "Quinn (automated)"]  # Quinn sits on the scoreboard with its total and place
    page.get_by_role("link", name="Summary and score chart").click()
    text = page.inner_text("main")
    assert ("Winner: Ann" in text or "Winner: Quinn" in text or "Winners: Ann and Quinn" in text)
    assert "Nobody won" not in text and "Quinn" in page.inner_text("#scores")
