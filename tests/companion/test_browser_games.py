"""Each bundled game in a real browser at phone size: started from the home page by clicking, a few turns
played with the game's own buttons while a second phone follows live, the scoreboard checked against the
server, a screenshot saved; every page fits a phone with labelled controls of 44 px, the card gallery both with
the pictures `cardgen build --png` makes and without them."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest
from PIL import Image

from cardgen.gamedata import card_data_dir, load_game
from tests.companion.phone import click_and_wait, seq, shown_scores, start_from_home

PLAYERS = {"unyielding_universe": ("Ann", "Bo", "Cy"), "unsettled_survival": ("Ann", "Bo"),
           "unfair_chko": ("Ann", "Bo"), "emigration": ("Ann", "Bo"), "unsettled_immigration": ("Ann", "Bo")}


@pytest.fixture(scope="module")
def server(tmp_path_factory, sheet_game):
    """`companion serve` for the module (as tests/companion/conftest.py's), its cardgen output a folder of its own
    rather than the checkout's output/: the pictures of one deck of unfair_chko, as `cardgen build --png` leaves
    them, so its gallery shows pictures and the other games' galleries show the words on the cards."""
    from tests.live_server import LiveServer

    folder = tmp_path_factory.mktemp("browser")
    deck = load_game(card_data_dir() / "unfair_chko").decks[0]
    pictures = folder / "output" / "unfair_chko" / "png" / deck.id
    pictures.mkdir(parents=True)
    for card in deck.cards:
        Image.new("RGB", (75, 105), "#2a6f97").save(pictures / f"{card.id}.png")
    boards = folder / "output" / "unfair_chko" / "boards"  # and one board's, as `cardgen build --png` draws it
    boards.mkdir()
    Image.new("RGB", (984, 650), "#f2e6d0").save(boards / "steps.png")
    live = LiveServer(f"sqlite:///{folder / 'companion.sqlite3'}", folder / "instance", games=[sheet_game],
                      env={"COMPANION_OUTPUT": str(folder / "output")})
    live.start()
    live.base = f"http://127.0.0.1:{live.port}"
    yield live
    live.kill()  # a clean stop would wait for the pages' open event streams to time out


def button(page, name):
    return page.get_by_role("button", name=name, exact=True)


def play_unyielding_universe(page):
    """The deal and four turns, typing each card's title as printed (a Life Complete card with its age), each in the
    form of the move it is (the rules' legal moves, by their legends)."""
    def move(legend):
        return page.locator("form.move", has=page.locator("legend", has_text=legend))

    deals = (("Lost at the Fair", "That Party", "Rumours", "Road Not Taken", "Burnout"),
             ("First Steps", "First Day of School", "Gold Star", "Grandma's Empty Chair", "The School Play"),
             ("Broken Arm", "The Playground Bully", "First Crush", "Summer Job", "Graduation"))
    for name, cards in zip(("Ann", "Bo", "Cy"), deals):
        form = move(f"Cards dealt to {name}")
        for title in cards:
            form.locator("input[data-kind=card]").fill(title)
            form.locator("input[data-kind=card]").press("Enter")
        assert form.locator("ol.chips li").count() == 5
        click_and_wait(page, form.get_by_role("button", name="Record the deal"))
    for name, card, legend, label in (
            ("Ann", "Market Crash", "drew a Year card: place it at the end", "Place it at the end"),
            ("Bo", "Life Complete 37", "drew a Life Complete card", "Play it"),
            ("Cy", "First Real Job", "drew a Year card: place it at the end", "Place it at the end"),
            ("Ann", "pension paperwork", "drew a Year card: place it at the end", "Place it at the end")):
        form = move(f"{name} {legend}")
        form.locator("input[data-kind=card]").fill(card)
        assert move(f"{name} drew a Universe card").count() == 1  # each kind of card has its own move
        click_and_wait(page, form.get_by_role("button", name=label))
    assert "56" in page.get_by_label("Ann's lifeline").text_content()


def play_unsettled_survival(page):
    for _ in range(2):  # Ann's turn, then Bo's: REST, CHARGE, RESEARCH, end of the turn (the rules' own moves)
        for label in ("Awareness on REST", "Energy on CHARGE", "Wonder on RESEARCH"):
            click_and_wait(page, button(page, label))
        click_and_wait(page, button(page, "End the turn: take back the cubes and regroup"))
    assert "Time: space 3" in page.locator("#time-title").inner_text()


def play_unfair_chko(page):
    """Setup, the City card, both players passing, then a medal and coins from the box for any player: every control
    is one of the rules' legal moves (a form by its legend)."""
    def move(event):
        return page.locator(f"form[data-event='{event}']")

    click_and_wait(page, move("draw_packs").get_by_role("button", name="Draw for us"))
    click_and_wait(page, move("start_game").get_by_role("button", name="Draw for us"))  # who starts
    click_and_wait(page, button(page, "Go on to the City section"))
    if button(page, "Reveal this round's City card").count():
        click_and_wait(page, button(page, "Reveal this round's City card"))
    else:                                                       # the table keeps the City deck: the app draws
        click_and_wait(page, move("reveal_city").get_by_role("button", name="Draw for us"))
    if move("kaiju_roll").count():
        click_and_wait(page, move("kaiju_roll").get_by_role("button", name="Roll for us"))
    click_and_wait(page, button(page, "Go on to the Play section"))
    for _ in range(2):
        click_and_wait(page, page.get_by_role("button", name="passes"))
    page.locator("details.purse summary").click()
    award = move("award_medals")
    award.locator("select").select_option(label="Ann")
    click_and_wait(page, award.get_by_role("button", name="Award them"))
    page.locator("details.purse summary").click()
    gain = move("gain_coins")
    gain.locator("select").select_option(label="Bo")
    gain.locator("input[type=number]").fill("5")
    click_and_wait(page, gain.get_by_role("button", name="Gain them"))
    assert "Round 1 of" in page.locator("#round-title").inner_text()
    assert "Go on to the Park step" in page.locator("#panel").inner_text()


def play_emigration(page):
    packs = page.locator("form[data-event='choose_packs']")  # the table deals: the packs, then card by card
    packs.locator("select").select_option(label="Augustine and Socrates (recommended)")
    click_and_wait(page, packs.get_by_role("button", name="Shuffle these in"))
    page.locator("form[data-event='deal_card'] input[data-kind='card']").fill("Passport")
    click_and_wait(page, button(page, "Record it"))
    click_and_wait(page, button(page, "Deal the rest for us and roll for who starts"))
    for _ in range(3):  # whoever's turn it is takes the first Passport or Ticket by skipping a turn
        click_and_wait(page, page.get_by_role("button", name="skips a turn to take").first)
    assert "turn" in page.locator("#phase-title").inner_text()


def play_unsettled_immigration(page):
    def move(legend):  # the form of a legal move, by its legend
        return page.locator("form.move", has=page.locator("legend", has_text=re.compile(f"^{re.escape(legend)}$")))

    for name, card in (("Ann", "Rent an Apartment"), ("Bo", "ESL Classes")):
        form = move(f"Starting Milestone for {name}")
        form.locator("input[data-kind=card]").fill(card)
        click_and_wait(page, form.get_by_role("button", name="Place it"))
    click_and_wait(page, button(page, "Start the game"))
    for name, card in (("Bo", "Side Hustle"), ("Ann", "Overtime Shift")):  # each plays an Action card by its name
        if page.locator("#play-cards").get_attribute("open") is None:
            page.locator("#play-cards summary").click()
        click_and_wait(page, button(page, f"Play {card}"))
        click_and_wait(page, button(page, f"End {name}'s turn"))
    buy = move("Job for 4 Time units")
    buy.locator("select").first.select_option(label="2 Cash")
    click_and_wait(page, buy.get_by_role("button", name="Buy Job"))


PLAY = {"unyielding_universe": play_unyielding_universe, "unsettled_survival": play_unsettled_survival,
        "unfair_chko": play_unfair_chko, "emigration": play_emigration,
        "unsettled_immigration": play_unsettled_immigration}
EXPECTED = {"unsettled_survival": [("Ann", "6"), ("Bo", "6")], "unsettled_immigration": [("Ann", "1"), ("Bo", "2")]}


@pytest.mark.parametrize("slug", sorted(PLAY))
def test_a_game_started_and_played_by_clicking(slug, server, phone, tmp_path):
    page = phone()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    game_id = start_from_home(page, server.base, slug, PLAYERS[slug], seed=2024)
    key = page.evaluate(f"localStorage.getItem('key:{game_id}')")
    other = phone()  # a second phone at the table, joined with the play link, follows every click live
    other.goto(f"{server.base}/games/{game_id}#key={key}")
    other.wait_for_selector("#connection:text('Live')")
    PLAY[slug](page)
    other.wait_for_function(f"document.querySelector('#panel').dataset.seq === '{seq(page)}'", timeout=3000)
    assert shown_scores(other) == shown_scores(page)
    with urllib.request.urlopen(f"{server.base}/api/games/{game_id}") as response:
        game = json.load(response)
    assert game["seq"] > 3 and page.locator("#error").inner_text() == ""
    assert shown_scores(page) == [(p["name"], str(p["total"])) for p in game["scores"]["players"]]
    if slug in EXPECTED:
        assert shown_scores(page) == EXPECTED[slug]
    page.screenshot(path=str(tmp_path / f"{slug}.png"), full_page=True)
    assert (tmp_path / f"{slug}.png").stat().st_size > 10_000
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no horizontal scroll on a phone
    assert errors == []


AUDIT = r"""() => {
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
                            getComputedStyle(el).visibility !== 'hidden'; };
  const problems = [];
  for (const el of document.querySelectorAll('button, input, select, textarea, summary, a.button')) {
    if (!visible(el) || el.type === 'hidden') continue;
    const r = el.getBoundingClientRect();
    const name = (el.labels && el.labels.length) || el.getAttribute('aria-label') ||
                 (['BUTTON', 'SUMMARY', 'A'].includes(el.tagName) && el.textContent.trim());
    if (!name) problems.push('no label: ' + el.outerHTML.slice(0, 80));
    if (r.height < 44 || r.width < 44) problems.push(`too small (${r.width}x${r.height}): ` + el.outerHTML.slice(0, 80));
  }
  if (document.documentElement.scrollWidth > window.innerWidth) problems.push('scrolls sideways: ' + document.documentElement.scrollWidth);
  // readable contrast (WCAG AA: 4.5:1) for every element with text of its own, against its background
  const rgb = (c) => c.match(/[\d.]+/g).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
                                        .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
                               if (c.length < 4 || c[3] > 0) return c.slice(0, 3); } return [255, 255, 255]; };
  for (const el of document.querySelectorAll('body *')) {
    if (!visible(el) || el.closest('svg, [disabled]') || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(background(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) problems.push(`contrast ${ratio.toFixed(2)}: ` + el.outerHTML.slice(0, 80));
  }
  return problems;
}"""


def solo_game_with_quinns_turn(server):
    """A solo game of Unfair in which Quinn has taken a turn: the play link."""
    status, body = server.request("POST", "/api/games", {"slug": "unfair_chko", "players": ["Ann"],
                                                         "options": {"solo": True}, "seed": 3})
    auth = {"Authorization": f"Bearer {body['edit_secret']}"}
    for based_on, (kind, payload) in enumerate((("draw_packs", {"packs": ["Ocean", "Kaiju"]}), ("start_game", {}),
                                           ("advance", {}), ("reveal_city", {}), ("quinn_turn", {}))):
        status, answer = server.request("POST", f"/api/games/{body['id']}/events",
                                        {"based_on": based_on, "type": kind, "payload": payload}, headers=auth)
        assert status == 201, answer
    return body["links"]["play"]


AXE_RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_fits_a_phone_with_labelled_readable_controls_of_44_px(server, phone, scheme):
    """Our own checks (labels, 44 px targets, no sideways scroll, contrast) and axe-core's WCAG 2.2 AA and
    best-practice rules, with every disclosure open."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    page = phone(color_scheme=scheme)
    paths = ["/", "/library/emigration/rulebook", "/library/unfair_chko/cards", "/library/emigration/cards"]
    for slug in sorted(PLAY) + ["sheet"]:
        status, body = server.request("POST", "/api/games", {"slug": slug, "players": ["Ann", "Bo", "Cy"][:2]})
        assert status == 201, body
        paths += [body["links"]["play"], body["links"]["watch"]]
    paths += [f"/games/{body['id']}/history", f"/games/{body['id']}/summary", solo_game_with_quinns_turn(server)]
    for path in paths:
        page.goto(server.base + path)
        if "/games/" in path and "/history" not in path and "/summary" not in path:
            page.wait_for_selector("#connection:text('Live')")
        for details in page.locator("details").all():
            details.evaluate("d => d.open = true")
        page.wait_for_timeout(50)
        assert page.evaluate(AUDIT) == [], path
        if path == "/library/unfair_chko/cards":  # the pictures are there (and they are what the axe rules check)
            cards = len(page.locator("main section").first.locator("li").all())
            assert page.locator("main img").count() == cards + 1  # the first deck's cards and the step tracker
        report = axe.run(page, options={"runOnly": {"type": "tag", "values": AXE_RULES}})
        assert report.violations_count == 0, (path, [(v["id"], v["nodes"][0]["html"][:120])
                                                     for v in report.response["violations"]])
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(21, 23, 28)") == (scheme == "dark")
