"""After each game's scenario is played through the app, every page of it reads as a player's words: no card
id, no Python or JSON dump, no icon token, no Markdown mark and no snake_case name on the play page, the
spectator view, the history, the summary, the card gallery or the home page."""

from __future__ import annotations

import pytest

from companion import services
from tests.companion import (test_scenario_emigration, test_scenario_unfair_chko, test_scenario_unfair_quinn,
                             test_scenario_unsettled_immigration, test_scenario_unsettled_survival,
                             test_scenario_unyielding_universe)
from tests.companion.audit import internal_ids, problems, visible_text

SCENARIOS = {
    "emigration": test_scenario_emigration.test_a_two_player_game_from_the_deal_to_the_ultimate_winner,
    "unfair_chko": test_scenario_unfair_chko.test_two_players_play_eight_rounds_with_a_kaiju_to_the_final_scores,
    "unfair_quinn": test_scenario_unfair_quinn.test_a_solo_game_against_quinn_from_setup_to_the_winner,
    "unsettled_immigration": test_scenario_unsettled_immigration.test_a_game_from_setup_to_its_winner,
    "unsettled_survival": test_scenario_unsettled_survival.test_victory_everyone_and_luna_back_aboard,
    "unyielding_universe": test_scenario_unyielding_universe.test_a_full_round_for_three_players_is_scored,
}
PAGES = ("/games/{id}", "/games/{id}/watch", "/games/{id}/panel", "/games/{id}/history", "/games/{id}/summary",
         "/library/{slug}/cards")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_every_page_after_play_reads_as_a_players_words(scenario, app, client, new_game):
    SCENARIOS[scenario](client, new_game)
    with app.app_context():
        with services().store.engine.connect() as conn:
            games = [row for row, _ in services().store.list_games(conn, limit=100)]
        catalog = services().catalog
    assert games
    found = []
    for game in games:
        ids = internal_ids(catalog.get(game.slug).game)
        for page in PAGES:
            path = page.format(id=game.id, slug=game.slug)
            response = client.get(path)
            assert response.status_code == 200, path
            found += [f"{path}: {problem}" for problem in problems(visible_text(response.get_data(as_text=True)), ids)]
        for event in client.get(f"/api/games/{game.id}/events?limit=5000").json:
            found += [f"history #{event['seq']}: {problem}" for problem in problems(event["text"], ids)]
    home = client.get("/").get_data(as_text=True)
    found += [f"/: {problem}" for problem in problems(visible_text(home))]
    assert not found, f"{len(found)} pieces a player should not read:\n" + "\n".join(found[:60])
