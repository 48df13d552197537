"""Pages offer exactly the legal moves, in the browser at 390 x 844: along a seeded playthrough of each game (and a
game with a seated bot, and solo Unfair against Quinn), every control that sends a move is one of the rules' legal
moves and every legal move has its control; a random player tapping only what the page shows (never More actions),
with random values in each form, meets no refusal; and the game reaches its summary with the page's controls."""

from __future__ import annotations

import random

import pytest

from tests.companion.phone import seq

VIEW = {"width": 390, "height": 844}
TAPS = 30  # random taps per game before the table ends it with the page's own end move
GAMES = [
    ("unyielding_universe", ["Ann", "Bo", "Cy"], {}),
    ("unsettled_survival", ["Ann", "Bo"], {}),
    ("unfair_chko", ["Ann", "Bo", "Cy"], {}),
    ("unfair_chko", ["Ann"], {"solo": True}),
    ("emigration", ["Ann", "Bo"], {}),
    ("unsettled_immigration", ["Ann", "Bo"], {}),
    ("unsettled_immigration", ["Ann", "Cat"], {"bots": [0, 1]}),
    ("sheet", ["Ann", "Bo"], {}),
]

ON_PAGE = """() => {
  const panel = document.querySelector('#panel');
  return {keys: [...panel.querySelectorAll('[data-key]')].map((el) => el.dataset.key),
          unkeyed: [...panel.querySelectorAll('button[data-event], form[data-event]')].filter((el) => !el.dataset.key)
                     .map((el) => el.outerHTML.slice(0, 120))};
}"""


def game_of(server, game_id):
    status, game = server.request("GET", f"/api/games/{game_id}")
    assert status == 200
    return game


def pick_move(legal, rng, tap):
    """A random legal move; the page's end of the game once the taps are spent (its natural end first)."""
    ends = [m for m in legal if m["group"] == "end"]
    if tap >= TAPS and ends:
        return sorted(ends, key=lambda m: not m["primary"])[0]
    others = [m for m in legal if m["group"] != "end" or m["primary"]] or legal
    return rng.choice(others)


def fill(page, move, index, rng):
    """Operates the move's control as a player would: a random value for each choice; returns the button to tap."""
    form = page.locator(f"#panel form[data-key='{css(move['key'])}']")
    if form.evaluate("(f) => Boolean(f.closest('details') && !f.closest('details').open)"):
        form.evaluate("(f) => { f.closest('details').open = true; }")
    draw = None
    for choice in move["choices"]:
        ident = f"mv-{index}-{choice['field'] or 'pick'}"
        kind = choice["kind"]
        if choice.get("draw") and rng.random() < 0.3:
            draw = form.locator("button[data-draw]")
            continue
        if kind in ("card", "cards"):
            options = choice["options"]
            if kind == "card":
                page.fill(f"#{ident}", rng.choice(options)[1])
            else:
                low, high = choice.get("low") or 0, min(choice.get("high", len(options)), len(options))
                for _, label in rng.sample(options, rng.randint(low, high)):
                    page.fill(f"#{ident}", label)
                    page.press(f"#{ident}", "Enter")
        elif kind == "number":
            page.fill(f"#{ident}", str(rng.randint(choice["low"], choice["high"])))
        elif kind in ("die", "dice"):
            for d in range(choice.get("count", 1)):
                faces = page.locator(f"#panel input[name='{ident}-{d}']")
                faces.nth(rng.randrange(faces.count())).check(force=True)
        elif kind == "flag":
            if rng.random() < 0.5:
                page.check(f"#{ident}")
        elif kind == "text":
            page.fill(f"#{ident}", "A note from the table")
        else:
            select = page.locator(f"#{ident}")
            values = [v for v in select.evaluate("(s) => [...s.options].map((o) => o.value)") if v]
            if values and not (choice.get("optional") and rng.random() < 0.2):
                select.select_option(rng.choice(values))
    return draw or form.locator("button[type=submit]:not([data-draw])")


def css(text):
    return text.replace("\\", "\\\\").replace("'", "\\'")


def tap(page, target):
    """Taps and waits until the game moved on or a refusal is shown; returns the refusal's words, if any."""
    before = seq(page)
    target.evaluate("(el) => { for (let d = el.closest('details'); d; d = d.parentElement.closest('details')) d.open = true; }")
    target.click()
    page.wait_for_function(
        f"Number(document.querySelector('#panel').dataset.seq) > {before} || document.querySelector('.inline-error')"
        " || document.querySelector('#error').textContent", timeout=10_000)
    page.wait_for_function("document.querySelector('#game').dataset.busy !== 'yes'")
    errors = page.locator(".inline-error").all_inner_texts() + [page.locator("#error").inner_text()]
    return " ".join(e for e in errors if e.strip())


@pytest.mark.parametrize(("slug", "players", "options"), GAMES,
                         ids=[f"{g[0]}-{len(g[1])}{'-' + '-'.join(g[2]) if g[2] else ''}" for g in GAMES])
def test_the_page_offers_exactly_the_legal_moves_and_a_random_tapper_meets_no_refusal(server, phone, slug, players,
                                                                                         options):
    rng = random.Random(f"{slug}{len(players)}{sorted(options)}")
    status, body = server.request("POST", "/api/games", {"slug": slug, "players": players, "options": options})
    assert status == 201, body
    page = phone(viewport=VIEW)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.base + body["links"]["play"])
    page.wait_for_selector("#connection:text('Live')")
    for n in range(TAPS * 4):
        game = game_of(server, body["id"])
        assert seq(page) == game["seq"]
        shown = page.evaluate(ON_PAGE)
        assert shown["unkeyed"] == [], "a control that is not one of the legal moves"
        assert sorted(shown["keys"]) == sorted(m["key"] for m in game["legal"]), f"after {n} taps"
        if game["scores"].get("finished"):
            break
        assert game["legal"], f"no legal move after {n} taps and the game is not over"
        move = pick_move(game["legal"], rng, n)
        index = game["legal"].index(move)
        target = (page.locator(f"#panel button[data-key='{css(move['key'])}']") if not move["choices"]
                  else fill(page, move, index, rng))
        refusal = tap(page, target)
        assert not refusal, f"{move['label']!r} was on the page but refused: {refusal}"
    else:
        pytest.fail(f"{slug} did not end with the page's controls")
    assert page.locator("#more").evaluate("(d) => d.open") is False  # More actions was never needed
    summary = page.context.new_page()
    response = summary.goto(f"{server.base}/games/{body['id']}/summary")
    assert response.status == 200 and "final scores" in summary.locator("h1").inner_text()
    assert errors == []
