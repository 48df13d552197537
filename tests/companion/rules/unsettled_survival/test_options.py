"""Survival's setup options come from its data, so the app's forms and the API offer exactly what the rules take."""

from __future__ import annotations

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import rules_for


def test_the_options_offer_the_games_own_difficulties_and_disciplines():
    game = load_game(card_data_dir() / "unsettled_survival")
    options = rules_for(game).options
    difficulties = tuple(name for name, _ in game.constants["difficulty_focus_modifier"].items())
    assert options.fields["difficulty"].choices == difficulties
    assert set(options.fields["pursuits"].items.choices) == set(game.constants["disciplines"])


def test_the_home_page_offers_them(client):
    page = client.get("/").get_data(as_text=True)
    assert 'data-game="unsettled_survival"' in page and 'id="option-unsettled_survival-difficulty"' in page
