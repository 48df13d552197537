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
