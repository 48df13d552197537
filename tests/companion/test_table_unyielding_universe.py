"""Unyielding Universe at a table of phones (390 x 844), played with the page's own controls only: the deal and a
whole round typed as the cards are printed (titles, a Life Complete card with its age), a slip undone, A Life
Well Lived claimed, the scores checked against the rulebook's arithmetic, the game ended by agreement (an
ordinary move, never More actions); and a game with a bot seated from the home page, the bot's turn answered by
tapping, finished with the winner shown."""

from __future__ import annotations

import pytest

from tests.companion.audit import problems, visible_text
from tests.companion.phone import click_and_wait, shown_scores, start_from_home
from tests.companion.player_pictures import take

PHONE = {"width": 390, "height": 844}
DEALS = {"Ann": ("Lost at the Fair", "That Party", "Rumours", "Road Not Taken", "Burnout"),          # 3 21 37 44 53
         "Bo": ("First Steps", "First Day of School", "Gold Star", "Grandma's Empty Chair", "The School Play"),
         "Cy": ("Broken Arm", "The Playground Bully", "First Crush", "Summer Job", "Graduation")}


def start(page, base, players, who=None, winning_score=None):
    target = (lambda p: p.fill("#option-unyielding_universe-winning_score", str(winning_score))) if winning_score else None
    start_from_home(page, base, "unyielding_universe", players, who=who, options=target, seed=2024)


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def move(page, legend):
    """The form of one of the rules' legal moves, by its legend."""
    return page.locator("form.move", has=page.locator("legend", has_text=legend))


def deal(page, name, titles):
    form = move(page, f"Cards dealt to {name}")
    for title in titles:
        form.locator("input[data-kind=card]").fill(title)
        form.locator("input[data-kind=card]").press("Enter")
    click_and_wait(page, form.get_by_role("button", name="Record the deal"))


DRAWN = {"Place it at the end": "drew a Year card: place it at the end of the lifeline",
         "Play Life Complete": "drew a Life Complete card", "Play the Universe card": "drew a Universe card",
         "Replace it": "drew a Year card: it replaces one of the lifeline"}
SUBMIT = {"Play Life Complete": "Play it", "Play the Universe card": "Play it"}


def draw(page, name, title, what, replaced=None):
    """The card `name` drew from the draw pile, typed as printed, and what they do with it."""
    form = move(page, f"{name} {DRAWN[what]}")
    form.locator("input[data-kind=card]").fill(title)
    if replaced:
        form.locator("select").select_option(label=replaced)
    click_and_wait(page, form.get_by_role("button", name=SUBMIT.get(what, what), exact=True))


@pytest.mark.player_picture
def test_a_round_typed_as_printed_then_the_end_of_the_game(server, phone, tmp_path):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start(page, server.base, ("Ann", "Bo", "Cy"), winning_score=300)
    for name, titles in DEALS.items():
        deal(page, name, titles)
    assert "Ann's turn" in page.inner_text("#uu-round")
    draw(page, "Ann", "Market Crash", "Place it at the end")               # 56
    draw(page, "Bo", "Life Complete 37", "Play Life Complete")            # caps Bo at 37
    draw(page, "Cy", "First Real Job", "Place it at the end")             # 23
    draw(page, "Ann", "Pension Paperwork", "Place it at the end")          # 64
    form = move(page, f"Bo {DRAWN['Place it at the end']}")
    form.locator("input[data-kind=card]").fill("Rumours")  # Ann holds it, so it cannot be drawn: said beside the form
    form.get_by_role("button", name="Place it at the end").click()
    page.wait_for_selector(".inline-error:text('No card called “Rumours” can be here')")
    draw(page, "Bo", "Learner's Permit", "Place it at the end")          # 16 ... a slip of the hand:
    click_and_wait(page, button(page, "Undo the last change"))
    page.wait_for_selector("#history li:has-text(\"Undid: Bo drew Learner's Permit (16, \")")
    draw(page, "Bo", "Left at the Dance", "Place it at the end")          # 17
    draw(page, "Cy", "Regretful Universe", "Play the Universe card")
    move(page, f"Ann {DRAWN['Place it at the end']}").locator("input[data-kind=card]").fill("Unanswered")  # half typed
    page.evaluate("window.scrollTo(0, 0)")
    take(page, "unyielding_universe.png", tmp_path)
    draw(page, "Ann", "Unanswered Letters", "Place it at the end")         # 67
    draw(page, "Bo", "Falling in Love", "Place it at the end")            # 22
    draw(page, "Cy", "Moving Away", "Replace it", replaced="The Playground Bully (7, blue)")   # 9 for 7
    draw(page, "Ann", "Teaching the Grandkids", "Place it at the end")     # 74
    draw(page, "Bo", "Lost Number", "Place it at the end")                # 29
    draw(page, "Cy", "Fortieth Birthday", "Place it at the end")          # 40
    draw(page, "Ann", "Great-Grandchild", "Place it at the end")           # 84: ten balanced cards, 84 years
    draw(page, "Bo", "Promotion", "Place it at the end")                  # 33
    draw(page, "Cy", "Revenge", "Place it at the end")                    # 47, a Regret card
    # The rulebook's scoring: a point per year lived and the colour points of the balanced Year cards, less the
    # Regretful Universe's penalty; this round so far: Ann 84 + 6 + 4 + 6 - 6 = 94, Bo 57, Cy 63
    this_round = [cell.inner_text() for cell in page.locator("#scores td.round").all()]
    assert this_round == ["94", "57", "63"]
    assert page.locator("text=Ann: “A Life Well Lived!” End the round").first.bounding_box()["y"] < 844  # 1st screen
    click_and_wait(page, button(page, "Ann: “A Life Well Lived!” End the round and score it"))
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

    # the end of the game by agreement: an ordinary move, never among the corrections under More actions
    click_and_wait(page, button(page, "Stop the game here by agreement: the highest totals win"))
    assert "the game is over" in page.inner_text("#uu-round")
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner: Ann" in page.inner_text("main")
    assert errors == []


@pytest.mark.player_picture
def test_a_bot_seated_from_the_home_page_plays_and_the_game_is_finished(server, phone, tmp_path):
    page = phone(viewport=PHONE)
    start(page, server.base, ("Ann", "Robo"), who={"Robo": "A bot: Drifter (level 1)"})
    assert "Robo (a bot)" in page.inner_text("#panel")
    deal(page, "Ann", DEALS["Ann"])
    deal(page, "Robo", DEALS["Bo"])
    draw(page, "Ann", "Market Crash", "Place it at the end")
    click_and_wait(page, page.get_by_role("button", name="Robo").first)  # the bot's turn, the one move offered
    page.wait_for_selector(".automa .question")
    assert page.locator(".automa").first.bounding_box()["y"] < 844  # the bot's question on the first screen
    page.evaluate("window.scrollTo(0, 0)")
    take(page, "unyielding_universe_bot.png", tmp_path)
    click_and_wait(page, button(page, "Year"))
    answer = page.locator("form.move[data-event=bot_answer]")
    answer.locator("select").select_option(label="14")
    click_and_wait(page, answer.get_by_role("button").first)
    page.wait_for_selector("#history li:has-text('Robo')")
    click_and_wait(page, button(page, "Stop the game here by agreement: the highest totals win"))
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner" in page.inner_text("main")
