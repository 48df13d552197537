"""Steps a player takes on a phone in the browser tests: click and wait for the change, read the scoreboard."""

from __future__ import annotations


def seq(page) -> int:
    return int(page.get_attribute("#panel", "data-seq"))


def click_and_wait(page, locator) -> None:
    """Clicks a control that records a change, and waits until the page shows the game after it."""
    before = seq(page)
    locator.click()
    page.wait_for_function(f"Number(document.querySelector('#panel').dataset.seq) > {before} && "
                           "document.querySelector('#game').dataset.busy !== 'yes'", timeout=10_000)


def shown_scores(page) -> list[tuple[str, str]]:
    """(player, total) as the scoreboard shows them."""
    return [(row.locator("th").inner_text().split("\n")[0].replace(" winner", "").strip(),
             row.locator("td.total").inner_text().strip())
            for row in page.locator("#scores tbody tr").all()]


def start_from_home(page, base, slug, players, seed=None, who=None, options=None):
    """The home page as a host uses it: the game, the players' names (rows added as needed; `who` maps a name to
    its "Who plays" choice), a dice seed if given, the game's options (`options(page)` sets them), Start game;
    returns the game's id once its page is live."""
    page.goto(base + "/")
    page.select_option("#slug", slug)
    for i, name in enumerate(players):
        if i >= page.locator("#player-list input").count():
            page.get_by_role("button", name="Add a player").click()
        page.fill(f"#player-{i}", name)
        if who and who.get(name):
            page.select_option(f"#seat-{i}", label=who[name])
    if options:
        options(page)
    if seed is not None:
        page.get_by_text("Dice seed").click()
        page.fill("#seed", str(seed))
    page.get_by_role("button", name="Start game").click()
    page.wait_for_url("**/games/*")
    page.wait_for_selector("#connection:text('Live')")
    return page.url.rsplit("/games/", 1)[1].split("#")[0]
