"""Emigration at a table of phones (390 x 844), with the page's own controls only (never More actions): the table
chooses its Life card packs and records the first cards it dealt by their printed names, the app deals the rest;
then all of Phase 1 and the border are played by tapping the controls of the rules' legal moves (dice entered as
they fell or rolled for the table, tokens as printed), to the summary and its winners. On every screen the current
turn and a control of the current player's moves are on the first screen."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from tests.companion.audit import problems, visible_text
from tests.companion.phone import seq, start_from_home
from tests.companion.player_pictures import take

PHONE = {"width": 390, "height": 844}
FIRST_SCREEN = """() => {
  const title = document.querySelector('#phase-title').getBoundingClientRect();
  const control = document.querySelector('#panel [data-key]');
  return {title: title.bottom + window.scrollY,
          control: control ? control.getBoundingClientRect().bottom + window.scrollY : null};
}"""


def game_of(base, game_id):
    with urllib.request.urlopen(f"{base}/api/games/{game_id}") as response:
        return json.load(response)


def tap(page, target) -> str:
    """Taps a control; returns the refusal shown beside it, if any."""
    before = seq(page)
    target.click()
    page.wait_for_function(f"Number(document.querySelector('#panel').dataset.seq) > {before} || "
                           "document.querySelector('.inline-error')", timeout=10_000)
    page.wait_for_function("document.querySelector('#game').dataset.busy !== 'yes'")
    return " ".join(page.locator(".inline-error").all_inner_texts())


def control(page, move, index, rng):
    """The move's control, its choices filled as a player would (dice as they fell, or "Roll for us")."""
    key = move["key"].replace("\\", "\\\\").replace("'", "\\'")
    if not move["choices"]:
        return page.locator(f"#panel button[data-key='{key}']")
    form = page.locator(f"#panel form[data-key='{key}']")
    for choice in move["choices"]:
        ident = f"#mv-{index}-{choice['field'] or 'pick'}"
        if choice.get("draw") and rng.random() < 0.5:
            return form.locator("button[data-draw]")
        if choice["kind"] == "die":
            faces = form.locator(f"input[name='mv-{index}-{choice['field']}-0']")
            faces.nth(rng.randrange(faces.count())).check(force=True)
        elif choice["kind"] == "number":
            page.fill(ident, str(rng.randint(choice["low"], choice["high"])))
        elif choice["kind"] == "card":
            page.fill(ident, rng.choice(choice["options"])[1])
        elif not choice.get("optional"):
            values = [v for v in page.locator(ident).evaluate("(s) => [...s.options].map((o) => o.value)") if v]
            page.locator(ident).select_option(rng.choice(values))
    return form.locator("button[type=submit]:not([data-draw])")


@pytest.mark.player_picture
def test_a_whole_game_from_the_deal_to_the_winners(server, phone, tmp_path):
    page = phone(viewport=PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game_id = start_from_home(page, server.base, "emigration", ("Ann", "Bo"), seed=2024)
    assert "More actions" in page.inner_text("main")
    packs = page.locator("form[data-event='choose_packs']")
    packs.locator("select").select_option(label="Augustine and Socrates (recommended)")
    assert not tap(page, packs.get_by_role("button", name="Shuffle these in"))
    for name in ("Passport", "Passport", "Ferry Crossing"):  # the middle of the table, as the table laid it out
        assert "in the middle of the table" in page.locator("form[data-event='deal_card'] legend").inner_text()
        page.locator("form[data-event='deal_card'] input[data-kind='card']").fill(name)
        assert not tap(page, page.get_by_role("button", name="Record it"))
    assert not tap(page, page.get_by_role("button", name="Deal the rest for us and roll for who starts"))
    middle = [c["card"] for c in game_of(server.base, game_id)["state"]["middle"]["tickets"]]
    assert "tick-ferry" in middle  # the app dealt the rest around what the table recorded

    rng, taken, shot = random.Random(2024), [], False
    for _ in range(400):
        game = game_of(server.base, game_id)
        if game["scores"]["finished"]:
            break
        page.evaluate("window.scrollTo(0, 0)")
        top = page.evaluate(FIRST_SCREEN)
        assert top["title"] <= PHONE["height"] and top["control"] and top["control"] <= PHONE["height"], top
        turn = game["state"]["players"][game["state"]["turn"]]["name"]
        assert f"{turn}'s turn" in page.inner_text("#phase-title")
        moves = [m for m in game["legal"] if m["event"] != "stop"]  # the table plays on to the natural end
        if any(m["event"] == "cross_border" for m in moves) and not shot:  # the lane and the token as drawn
            take(page, "emigration.png", tmp_path)
            shot = True
        move = rng.choice(moves)
        refusal = tap(page, control(page, move, game["legal"].index(move), rng))
        assert not refusal, f"{move['label']!r} was on the page but refused: {refusal}"
        taken.append(move["event"])
    else:
        raise AssertionError("the game did not end with the page's controls")
    assert {"withdraw", "cross_border"} <= set(taken) and {"buy", "discard", "activate"} & set(taken)
    assert "The game is over" in page.inner_text("#phase-title")
    assert page.locator("#more").evaluate("(d) => d.open") is False  # More actions was never needed
    page.get_by_role("link", name="Summary and score chart").click()
    scores = game_of(server.base, game_id)["scores"]
    said = page.inner_text("p.winners")
    assert said == scores["result"] and ("nobody won" in said.lower()) == (not scores["winners"])
    firsts = [row["name"] for row in scores["players"] if row["place"] == 1]
    assert firsts == [scores["players"][i]["name"] for i in scores["winners"]]
    game = page.url.rsplit("/summary", 1)[0]
    for path in ("", "/watch", "/history"):
        page.goto(game + path)
        assert problems(visible_text(page.content())) == [], path
    assert errors == []
