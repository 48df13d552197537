"""Emigration at a table of phones (390 x 844), with the page's own controls only: the deal, all of Phase 1 tapped
(cards of the Card Layouts bought, discarded or activated, Passports and Tickets from the middle, college with its
die entered as it fell), then the border, where each player trades for Assurance and draws a Border Control token
entered as printed, to the end of the game and its winners."""

from __future__ import annotations

from pathlib import Path

from tests.companion.audit import problems, visible_text
from tests.companion.phone import seq, start_from_home

PHONE = {"width": 390, "height": 844}
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "players"
ORDER = ("tries to graduate", "skips a turn to take", "buys", "discards", "activates", "goes to college",
         "forfeits the turn")


def attempt(page, control) -> bool:
    """Taps a control; True when the game took the change, False when the page said why not beside it."""
    before = seq(page)
    page.evaluate("document.querySelectorAll('.inline-error').forEach((e) => e.remove())")
    control.click()
    page.wait_for_function(f"Number(document.querySelector('#panel').dataset.seq) > {before} || "
                           "document.querySelector('.inline-error')", timeout=10_000)
    page.wait_for_function("document.querySelector('#game').dataset.busy !== 'yes'")
    return seq(page) > before


def take_a_turn(page, travelled: int) -> str:
    """The turn's player tries the moves the page offers, in a sensible order, until one is accepted (a Passport
    or Ticket from the middle for the first four turns, so both players can reach the border with papers)."""
    for words in ORDER:
        if words == "skips a turn to take" and travelled >= 4:
            continue
        if words in ("tries to graduate", "goes to college"):
            form = page.locator("#college")
            if form.count() and words in form.locator("legend").first.inner_text():
                form.locator("label.face", has_text="4").click()        # the die fell on 4
                if attempt(page, form.get_by_role("button")):
                    return words
            continue
        if words == "activates":                                            # a card that rolls asks for the die
            for form in page.locator("form.quick[id^='activate-']").all():
                form.locator("label.face", has_text="4").first.click()    # the die fell on 4
                if attempt(page, form.get_by_role("button", name="Activate")):
                    return words
        for control in page.get_by_role("button", name=words).all():
            if attempt(page, control):
                return words
    raise AssertionError("no move was accepted: " + page.inner_text("#panel")[:400])


def test_a_whole_game_from_the_deal_to_the_winners(server, phone):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    start_from_home(page, server.base, "emigration", ("Ann", "Bo"), seed=2024)
    attempt(page, page.get_by_role("button", name="Deal", exact=True))
    moves, taken = set(), []
    for _ in range(300):
        if "Preparation" not in page.inner_text("#phase-title"):
            break
        move = take_a_turn(page, sum(1 for m in taken if m == "skips a turn to take"))
        taken.append(move)
        moves.add(move)
    assert "At the border" in page.inner_text("#phase-title"), page.inner_text("#phase-title")
    assert {"buys", "skips a turn to take"} <= moves, moves
    page.wait_for_selector("#history li:has-text('the die fell on 4')") if "goes to college" in moves else None
    for _ in range(2):                                            # each player trades, then crosses
        title = page.inner_text("#phase-title")
        assert attempt(page, page.get_by_role("button", name="trades everything for assurance"))
        values = page.locator("#cross label.face:not(.roll)").all_text_contents()
        assert values, "the page offers the tokens still in the lanes"
        page.locator("#cross label.face", has_text=values[0]).first.click()
        if _ == 0:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SHOTS / "emigration.png"))
        assert attempt(page, page.locator("#cross").get_by_role("button", name="Cross here")), title
        page.wait_for_selector(f"#history li:has-text('draws a token worth {values[0]}')")
    assert "The game is over" in page.inner_text("#phase-title")
    page.get_by_role("link", name="Summary and score chart").click()
    assert "Winner" in page.inner_text("main") or "Nobody won" in page.inner_text("main")
    game = page.url.rsplit("/summary", 1)[0]
    for path in ("", "/watch", "/history"):
        page.goto(game + path)
        assert problems(visible_text(page.content())) == [], path
    assert errors == []
