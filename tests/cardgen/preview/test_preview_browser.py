"""The preview page in Chromium: the cards by deck, a saved change arriving by itself (only that card drawn
again), a problem shown at its file:line over the last good cards, search, the zoomed card, and a phone's width."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from tests.companion.audit import problems, visible_text
from tests.conftest import MINIMAL_CSV

LOADED = "img => img.complete && img.naturalWidth > 0"


def card_item(page, name: str):
    return page.locator(".card", has_text=name)


def wait_loaded(page, selector: str) -> None:
    page.wait_for_function(f"() => [...document.querySelectorAll({selector!r})].every({LOADED})"
                           f" && document.querySelectorAll({selector!r}).length > 0")


@pytest.fixture
def shots(tmp_path_factory) -> Path:
    """The folder the screenshots go to (printed, so a person can look at them)."""
    folder = tmp_path_factory.mktemp("preview-screenshots")
    yield folder
    print(f"\nscreenshots: {folder}")


def test_the_page_follows_saved_changes(browser, make_game, run_preview, shots):
    folder = make_game()
    running = run_preview(folder)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(running.url)
        wait_loaded(page, ".card img")
        assert page.title() == "Tiny: card preview"
        assert page.locator(".deck h2").all_inner_texts() == ["Heroes"]
        assert page.locator(".deck-count").inner_text() == "3 cards, 2 different"
        assert [" ".join(text.split()) for text in page.locator(".card-name").all_inner_texts()] == ["Ada ×2", "Grace"]
        text = page.locator("body").inner_text()
        for hidden in ("h-1", "h-2", "heroes/", "{", "power", "light"):  # no ids, field names, values unprinted, JSON
            assert hidden not in text, hidden
        drawn = running.preview.images.drawn
        grace = card_item(page, "Grace").locator("img")
        ada_src, grace_src = card_item(page, "Ada").locator("img").get_attribute("src"), grace.get_attribute("src")

        saved = time.perf_counter()
        (folder / "heroes.csv").write_text(MINIMAL_CSV.replace("h-2,Grace,5,", "h-2,Grace,9,"), encoding="utf-8")
        page.wait_for_function(f"""() => {{
            const item = [...document.querySelectorAll('.card')].find(c => c.innerText.includes('Grace'));
            const img = item.querySelector('img');
            return img.getAttribute('src') !== {grace_src!r} && ({LOADED})(img);
        }}""")
        print(f"\nthe new card shown {time.perf_counter() - saved:.3f} s after the save (browser)")
        assert running.preview.images.drawn == drawn + 1  # Grace's new front, and nothing else
        assert card_item(page, "Ada").locator("img").get_attribute("src") == ada_src
        assert "after heroes.csv was saved: 1 card prints differently (Grace)" in page.locator("#status").inner_text()

        (folder / "heroes.csv").write_text(MINIMAL_CSV.replace("h-1,Ada,3,", "h-1,Ada,lots,"), encoding="utf-8")
        page.locator("#problems").wait_for(state="visible")
        problem = page.locator("#problem-list li").first.inner_text()
        assert problem.startswith("heroes.csv:2:3: ") and "power" in problem
        assert page.locator("#problems-title").inner_text() == "The game has a problem"
        assert card_item(page, "Ada").locator("img").get_attribute("src") == ada_src  # the last good cards stay
        page.screenshot(path=shots / "problem-1280.png", full_page=True)

        (folder / "heroes.csv").write_text(MINIMAL_CSV, encoding="utf-8")
        page.locator("#problems").wait_for(state="hidden")
        wait_loaded(page, ".card img")
        assert card_item(page, "Grace").locator("img").get_attribute("src") == grace_src  # as it first was
        page.screenshot(path=shots / "cards-1280.png", full_page=True)
    finally:
        page.close()


def test_search_and_the_zoomed_card(browser, make_game, run_preview, shots):
    running = run_preview(make_game())
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(running.url)
        wait_loaded(page, ".card img")
        page.fill("#search", "bold")  # printed on Ada's card only ("**Bold** move")
        assert card_item(page, "Grace").is_hidden() and card_item(page, "Ada").is_visible()
        assert page.locator("#matches").inner_text() == "1 card matches “bold” (of 2)."
        page.fill("#search", "nobody")
        assert page.locator(".deck").is_hidden()
        assert page.locator("#matches").inner_text() == "No card matches “nobody”."
        page.fill("#search", "")
        assert card_item(page, "Grace").is_visible()

        card_item(page, "Ada").locator("button").click()
        zoom = page.locator("#zoom")
        zoom.wait_for(state="visible")
        wait_loaded(page, "#zoom img")
        assert page.locator("#zoom-name").inner_text() == "Ada"
        assert page.locator("#zoom-about").inner_text() == "Heroes · 2 copies · from heroes.csv:2"
        assert page.locator("#zoom-front").get_attribute("alt") == "Ada, front"
        assert page.locator("#zoom-back").get_attribute("alt") == "Ada, back"
        assert page.locator("#zoom-prev").is_disabled()
        size = page.locator("#zoom-front").bounding_box()
        assert size["width"] > 300 and abs(size["height"] / size["width"] - 88.9 / 63.5) < 0.02  # large, card-shaped
        page.screenshot(path=shots / "zoom-1280.png")
        page.keyboard.press("ArrowRight")
        assert page.locator("#zoom-name").inner_text() == "Grace"
        page.keyboard.press("Escape")
        zoom.wait_for(state="hidden")
    finally:
        page.close()


def test_a_phone_width_fits_without_sideways_scrolling(browser, load_bundled, run_preview, shots, tmp_path):
    game = load_bundled("unsettled_immigration")
    folder = tmp_path / game.slug
    shutil.copytree(game.root, folder)
    running = run_preview(folder)
    page = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    try:
        page.goto(running.url)
        wait_loaded(page, ".deck:first-of-type .card:nth-child(-n+4) img")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        state = running.state()
        ids = {deck["key"] for deck in state["decks"]} | {card["key"].split("/", 1)[1]
                                                          for deck in state["decks"] for card in deck["cards"]}
        assert problems(visible_text(page.content()), ids) == []  # no ids, field names or JSON to read
        boxes = [page.locator(".card").nth(i).bounding_box() for i in range(2)]
        assert boxes[0]["y"] == boxes[1]["y"] and boxes[1]["x"] + boxes[1]["width"] <= 390  # two cards a row
        page.screenshot(path=shots / "cards-390.png")
        page.locator(".card button").first.click()
        wait_loaded(page, "#zoom img")
        front = page.locator("#zoom-front").bounding_box()
        assert front["x"] >= 0 and front["x"] + front["width"] <= 390
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=shots / "zoom-390.png")
    finally:
        page.close()
