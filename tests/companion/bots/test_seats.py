"""Bots in the app's seats: a bot's turn through the real API, answered by the table, moving by the game's rules."""

from __future__ import annotations

import random

import pytest

from companion.table.catalog import Catalog
from companion.rules import Event, RuleError, SetupConfig
from tests.conftest import ApiTable as Table

ANN, BOT = 0, 1


def test_a_bot_takes_its_unyielding_universe_turn_through_the_api(client, new_game):
    game_id, headers, body = new_game("unyielding_universe", ("Ann", "Bot"), options={"bots": [0, 2]}, seed=3)
    (bot,) = body["state"]["bots"]
    assert (bot["seat"], bot["name"], bot["level_name"], bot["turn_due"]) == (BOT, "Bot", "Planner", False)
    table = Table(client, game_id, headers)
    table.do("deal", player=ANN, cards=["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"])
    table.do("deal", player=BOT, cards=["yr-002", "yr-006", "yr-009", "yr-012", "yr-013"])
    table.refused("bot_turn", "Ann is not a bot")
    table.refused("bot_turn", "It is Ann's turn, not Bot's", seat=BOT)
    game = table.do("place_at_end", player=ANN, card="yr-062")
    assert game["state"]["bots"][0]["turn_due"] is True

    game = table.do("bot_turn")
    asking = game["state"]["bots"][0]["asking"]
    assert asking["answers"] == ["year", "life_complete", "universe"] and "What kind of card" in asking["text"]
    table.refused("place_at_end", "Bot (a bot) is waiting for the table's answer first", player=ANN, card="yr-071")
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert "Bot (a bot)" in panel and "level 2: Planner" in panel and 'data-event="bot_answer"' in panel
    assert ">Life complete</button>" in panel
    watched = client.get(f"/games/{game_id}/panel?mode=watch").get_data(as_text=True)
    assert "What kind of card is it?" in watched and 'data-event="bot_answer"' not in watched
    table.refused("bot_answer", "is one of year, life_complete, universe, not 'joker'", answer="joker")
    table.do("bot_answer", answer="year")
    game = table.do("bot_answer", answer="14")                       # Rival on the Track, year 14
    state = game["state"]
    said = [step["text"] for step in state["bots"][0]["turn"]]
    assert "Place Rival on the Track (14, purple) at the end of the bot's lifeline." in said
    assert all(step["why"] for step in state["bots"][0]["turn"] if step["kind"] == "question")
    assert [c["year"] for c in state["lifelines"][BOT]["cards"]] == [0, 1, 5, 8, 11, 12, 14]
    assert state["turn"]["name"] == "Ann" and state["bots"][0]["asking"] is None
    table.undo()                                                      # the answer, and so the move, undone
    assert table.game()["state"]["bots"][0]["asking"]["node"] == "which_year"


def test_bot_options_and_levels_are_checked(client, new_game):
    response = client.post("/api/games", json={"slug": "unyielding_universe", "players": ["Ann", "Bot"],
                                                "options": {"bots": [0, 7]}})
    assert response.status_code == 422 and "has no level 7; its levels are 1 (Drifter), 2 (Planner)" in response.json["error"]
    game_id, headers, _ = new_game("unyielding_universe", ("Ann", "Bot"), options={"bots": [0, 1]})
    table = Table(client, game_id, headers)
    state = table.do("bot_level", seat=BOT, level=2)["state"]
    assert state["bots"][0]["level"] == 2
    table.refused("bot_level", "Ann is not a bot.", seat=ANN, level=1)
    table.refused("bot_turn", "Ann is not a bot; the bots at this table: Bot.", seat=ANN)


def test_an_unsettled_bot_learns_its_hand_and_places_its_starting_milestone():
    entry = Catalog().get("unsettled_immigration")
    rules = entry.rules
    state = rules.setup(SetupConfig(("Ann", "Bot"), {"bots": [0, 1]}, entry.game))

    def act(state, kind, **payload):
        checked = rules.events[kind].check(payload)
        if rules.events[kind].random:
            checked = rules.prepare(state, kind, checked, random.Random(0))
        return rules.apply(state, Event(0, kind, checked))

    state = act(state, "bot_turn", seat=BOT)
    hand = iter(["1", "9", "13", "20", "25", "30"])                  # Job, ESL Classes, ... as numbered in the list
    while (asking := rules.view(state)["bots"][0]["asking"]) is not None:
        reply = next(hand) if asking["node"] == "ask_new_op" else ("no" if asking["answers"] else "0")
        state = act(state, "bot_answer", answer=reply)
    bot_player = rules.view(state)["players"][BOT]
    said = [step["text"] for step in rules.view(state)["bots"][0]["turn"]]
    assert said[-1] == "Place ESL Classes from the bot's hand on its board, for free."  # its cheapest Milestone
    assert "ESL Classes" in str(bot_player["stacks"])
    with pytest.raises(RuleError, match="No bot has asked the table anything"):
        act(state, "bot_answer", answer="yes")
