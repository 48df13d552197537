"""Unyielding Universe at a table of phones (390 x 844), played with the page's own controls only: the deal and a
whole round typed as the cards are printed (titles, a Life Complete card with its age), a slip undone, A Life
Well Lived claimed, the scores checked against the rulebook's arithmetic, the game ended by agreement; and a game
with a bot seated from the home page, the bot's turn answered by tapping, finished with the winner shown."""

from __future__ import annotations

from pathlib import Path

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, shown_scores, start_from_home

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "players"
DEALS = {"Ann": ("Lost at the Fair", "That Party", "Rumours", "Road Not Taken", "Burnout"),          # 3 21 37 44 53
         "Bo": ("First Steps", "First Day of School", "Gold Star", "Grandma's Empty Chair", "The School Play"),
         "Cy": ("Broken Arm", "The Playground Bully", "First Crush", "Summer Job", "Graduation")}


def start(page, base, players, who=None, winning_score=None):
    target = (lambda p: p.fill("#option-unyielding_universe-winning_score", str(winning_score))) if winning_score else None
    start_from_home(page, base, "unyielding_universe", players, who=who, options=target)


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def deal(page, seat, name, titles):
    for title in titles:
        page.fill(f"#deal-{seat}", title)
        page.press(f"#deal-{seat}", "Enter")
    click_and_wait(page, button(page, f"Deal to {name}"))


def draw(page, seat, title, move, replaced=None):
    page.fill(f"#drawn-{seat}", title)
    if replaced:
        page.select_option(f"#replaced-{seat}", label=replaced)
    click_and_wait(page, page.locator(f"#drawn-{seat}").locator("xpath=ancestor::form").get_by_role(
        "button", name=move, exact=True))


def test_a_round_typed_as_printed_then_the_end_of_the_game(server, phone):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start(page, server.base, ("Ann", "Bo", "Cy"), winning_score=300)
    for seat, (name, titles) in enumerate(DEALS.items()):
        deal(page, seat, name, titles)
    assert "Ann's turn" in page.inner_text("#uu-round")
    draw(page, 0, "Market Crash", "Place it at the end")               # 56
    draw(page, 1, "Life Complete 37", "Play Life Complete")            # caps Bo at 37
    draw(page, 2, "First Real Job", "Place it at the end")             # 23
    draw(page, 0, "Pension Paperwork", "Place it at the end")          # 64
    page.fill("#drawn-1", "Rumours")                   # Ann holds it, so it cannot be drawn: said beside the form
    page.locator("#drawn-1").locator("xpath=ancestor::form").get_by_role("button", name="Place it at the end").click()
    page.wait_for_selector(".inline-error:text('No card called “Rumours” can be here')")
    draw(page, 1, "Learner's Permit", "Place it at the end")          # 16 ... a slip of the hand:
    click_and_wait(page, button(page, "Undo the last change"))
    page.wait_for_selector("#history li:has-text(\"Undid: Bo drew Learner's Permit (16, \")")
    draw(page, 1, "Left at the Dance", "Place it at the end")          # 17
    draw(page, 2, "Regretful Universe", "Play the Universe card")
    page.fill("#drawn-0", "Unanswered")  # Ann's turn as her phone shows it, the card half typed
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "unyielding_universe.png"))
    draw(page, 0, "Unanswered Letters", "Place it at the end")         # 67
    draw(page, 1, "Falling in Love", "Place it at the end")            # 22
    draw(page, 2, "Moving Away", "Replace it", replaced="The Playground Bully (7, blue)")  # 9 for 7
    draw(page, 0, "Teaching the Grandkids", "Place it at the end")     # 74
    draw(page, 1, "Lost Number", "Place it at the end")                # 29
    draw(page, 2, "Fortieth Birthday", "Place it at the end")          # 40
    draw(page, 0, "Great-Grandchild", "Place it at the end")           # 84: ten balanced cards, 84 years
    draw(page, 1, "Promotion", "Place it at the end")                  # 33
    draw(page, 2, "Revenge", "Place it at the end")                    # 47, a Regret card
    # The rulebook's scoring: a point per year lived and the colour points of the balanced Year cards, less the
    # Regretful Universe's penalty; this round so far: Ann 84 + 6 + 4 + 6 - 6 = 94, Bo 57, Cy 63
    this_round = [cell.inner_text() for cell in page.locator("#scores td.round").all()]
    assert this_round == ["94", "57", "63"]
    click_and_wait(page, button(page, "A Life Well Lived! (Ann)"))
    assert shown_scores(page) == [("Ann", "109"), ("Bo", "57"), ("Cy", "63")]  # + 15 for A Life Well Lived
    rows = {r.locator("th").text_content().strip(): r.locator("td").nth(0).text_content().strip()
            for r in page.locator("table.categories tbody tr").all()}
    assert rows == {"Years lived": "84", "Blue years": "6", "Purple years": "4", "Green years": "6", "Universe": "-6",
                    "Life Well Lived": "15"}
    assert "Round 1: Ann: A Life Well Lived" in page.inner_text("#panel")
    game_url = page.url.split("#")[0]
    for path in ("", "/watch", "/history", "/summary"):
        page.goto(game_url + path)
        assert problems(visible_text(page.content())) == [], path
    page.goto(game_url)
    page.wait_for_selector("#connection:text('Live')")

    # the end of the game by agreement, through the corrections under More actions
    page.get_by_text("More actions").click()
    page.select_option("#event-type", label="End the game now, by agreement: the highest totals win")
    click_and_wait(page, button(page, "Record"))
    assert "the game is over" in page.inner_text("#uu-round")
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner: Ann" in page.inner_text("main")
    assert errors == []


def test_a_bot_seated_from_the_home_page_plays_and_the_game_is_finished(server, phone):
    page = phone(viewport=PHONE)
    start(page, server.base, ("Ann", "Robo"), who={"Robo": "A bot: Drifter (level 1)"})
    assert "Robo (a bot)" in page.inner_text("#panel")
    deal(page, 0, "Ann", DEALS["Ann"])
    deal(page, 1, "Robo", DEALS["Bo"])
    draw(page, 0, "Market Crash", "Place it at the end")
    click_and_wait(page, button(page, "Robo takes its turn"))
    page.wait_for_selector(".automa .question")
    assert page.locator(".automa").first.bounding_box()["y"] < 844  # the bot's question on the first screen
    click_and_wait(page, button(page, "Year"))
    page.get_by_label("A number from 0 to 110").fill("14")
    click_and_wait(page, button(page, "Answer"))
    page.wait_for_selector("#history li:has-text('Robo (a bot) took its turn.')")
    page.screenshot(path=str(SHOTS / "unyielding_universe_bot.png"))
    page.get_by_text("More actions").click()
    page.select_option("#event-type", label="End the game now, by agreement: the highest totals win")
    click_and_wait(page, button(page, "Record"))
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner" in page.inner_text("main")
