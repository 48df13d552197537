"""A two-player game of Unfair: CHKO through the real app (SQLite and PostgreSQL): packs drawn from the
randomiser bag, the Kaiju City deck kept hidden, eight rounds with the Cleanup sequence and Hard Pass, a
kaiju arriving in round 5, an undone roll that does not re-roll, hits and medals, and the final scores."""

from __future__ import annotations

from tests.conftest import ApiTable as Table

import json

KAIJU = ("Obsidirax", "Brutazar", "Rarrgon", "Gamigora", "Negantis", "Teravore")
ANN, BO = 0, 1


def city_section(table):
    """From the Draw section: into the City section, reveal the City card, roll for any kaiju."""
    state = table.do("advance")["state"]
    assert (state["step"], state["section"]) == ("Events", "City")
    state = table.do("reveal_city")["state"]
    if state["market"]:
        state = table.do("kaiju_roll")["state"]
    return table.do("advance")["state"]


def rest_of_round(table, income=(3, 4)):
    """From the Play section: everyone who has not passed passes, Park and Guests steps (income), the six Cleanup
    steps, the next round."""
    state = table.game()["state"]
    while not state["play_over"]:
        state = table.do("end_turn", player=state["turn"], action="pass")["state"]
    table.do("advance")
    state = table.do("advance")["state"]
    assert state["step"] == "Guests"
    for player, coins in enumerate(income):
        table.do("gain_coins", player=player, coins=coins)
    table.do("advance")
    for _ in range(6):
        table.do("cleanup")
    return table.do("advance")


def test_two_players_play_eight_rounds_with_a_kaiju_to_the_final_scores(client, new_game):
    game_id, headers, body = new_game("unfair_chko", ("Ann", "Bo"), options={"game_changers": ["Hard Pass"]},
                                      seed=20240611)
    assert body["state"]["phase"] == "setup" and body["state"]["setup"]["recommended_packs"] == ["Ocean", "Pirate"]
    table = Table(client, game_id, headers)
    table.refused("start_game", "Unfair uses one theme pack per player: choose or draw 2 packs")

    # setup: the randomiser draws (stored in the log), the Kaiju City deck is built and hidden
    drawn = table.do("draw_packs", packs=["Kaiju", "Ocean"])
    assert sorted(drawn["state"]["setup"]["packs"]) == ["Kaiju", "Ocean"]
    assert sorted(drawn["event"]["payload"]["drawn"]) == ["Kaiju", "Ocean"]
    started = table.do("start_game", starting_player=ANN)
    state = started["state"]
    assert state["phase"] == "play" and state["rounds"] == 8 and state["city"]["cards_left"] == 9
    assert [p["coins"] for p in state["players"]] == [20, 20]
    shown = json.dumps({"state": state, "scores": started["scores"]})
    assert not any(name in shown for name in KAIJU)                  # the deck's kaiju stay hidden
    assert started["event"]["hidden"] == ["city_deck"]                # ... not even in the event
    exported = table.client.get(f"/api/games/{table.game_id}/export", headers=table.headers).json
    assert len(exported["events"][-1]["payload"]["city_deck"]) == 9   # ... but the shuffle is stored

    # rounds 1-4: Funfair City cards, Play-section turns with a Hard Pass
    for round_ in range(1, 5):
        state = city_section(table)
        assert state["round"] == round_ and not state["market"] and state["turn"] == (round_ - 1) % 2
        first, second = state["turn"], 1 - state["turn"]
        if round_ == 2:
            table.refused("end_turn", "It is Bo's turn in the Play section, not Ann's", player=ANN, action="event")
            table.do("end_turn", player=first, action="hard_pass")
            before = table.game()["state"]["players"][first]["coins"]
            state = table.do("end_turn", player=second, action="event")["state"]
            assert state["players"][first]["coins"] == before + 1         # Hard Pass: a coin as the turn comes round
            table.do("end_turn", player=second, action="pass")
        else:
            table.do("end_turn", player=first, action="pass")
            table.do("end_turn", player=second, action="pass")
        state = rest_of_round(table)["state"]
        assert state["starting_player"] == round_ % 2 and not any(p["hard_passed"] for p in state["players"])
    assert [p["coins"] for p in state["players"]] == [20 + 4 * 3, 20 + 4 * 4 + 1]

    # round 5: Blueprint Closure and the first kaiju arrive; the kaiju roll; undo does not re-roll
    table.do("advance")
    state = table.do("reveal_city")["state"]
    assert state["round"] == 5 and state["city"]["current"][0] == "Blueprint Closure"
    monster = state["market"][0]
    assert monster["space"] == 1 and monster["kaiju"] in KAIJU and monster["health"] == monster["starting_health"]
    table.refused("reveal_city", "already revealed: one City card each round")
    table.refused("advance", "roll for them before the Play section")
    rolled = table.do("kaiju_roll")
    dice = rolled["event"]["payload"]["dice"]
    assert len(dice) == 1 and len(dice[0]) == 2 and rolled["state"]["last_kaiju_roll"][0]["dice"] == dice[0]
    undone = table.undo()
    assert not undone["state"]["kaiju_rolled_this_round"]
    again = table.do("kaiju_roll")
    assert again["event"]["payload"]["dice"] == dice and again["event"]["seq"] != rolled["event"]["seq"]
    state = table.do("advance")["state"]

    # the Play section: both players hit the kaiju until it is defeated, one silver medal a hit
    health, hits = state["market"][0]["health"], [0, 0]
    player = state["turn"]
    while table.game()["state"]["market"]:
        state = table.do("hit_kaiju", player=player, space=1, source="Guest Reassurance Pylon")["state"]
        hits[player] += 1
        table.do("end_turn", player=player, action="event")
        player = 1 - player
    assert sum(hits) == health and state["city"]["discard"][-1] == monster["kaiju"]
    assert [p["silver_medals"] for p in state["players"]] == hits
    assert state["medals"]["supply_silver"] == 19 - health
    state = rest_of_round(table)["state"]

    # rounds 6-8: the next kaiju arrive; the first player lands a hit each round; medals exchanged and sold
    for round_ in range(6, 9):
        table.do("advance")
        state = table.do("reveal_city")["state"]
        assert any(k["kaiju"] in KAIJU for k in state["market"])
        table.do("kaiju_roll")
        state = table.do("advance")["state"]
        hitter, target = state["turn"], state["market"][0]
        table.refused("hit_kaiju", "turn to play an event", player=1 - hitter, space=target["space"])
        state = table.do("hit_kaiju", player=hitter, space=target["space"])["state"]
        hits[hitter] += 1
        state = rest_of_round(table, income=(5, 5))["state"] if round_ < 8 else state
    table.refused("sell_medals", "A gold medal cannot be sold", player=BO, medal="gold")
    rich = max((ANN, BO), key=lambda p: hits[p])
    if hits[rich] >= 5:
        table.do("exchange_medals", player=rich, to="gold")
    table.do("sell_medals", player=ANN)
    state = rest_of_round(table, income=(5, 5))["state"]
    assert state["phase"] == "scoring" and state["round"] == 8     # the last round: the parks are scored
    table.refused("advance", "The rounds are over")

    # the score sheet: each player enters their park, the rules compute
    table.do("score_sheet", player=ANN, attraction_icons=[4, 3, 2], buried=[1, 0, 0], blueprint_points=[25],
             staff_points=4, panorama_sizes=[3], panorama_complete=[False])
    table.refused("score_sheet", "no complete panorama of 6 cards", player=BO, panorama_sizes=[6],
                  panorama_complete=[True])
    table.do("score_sheet", player=BO, attraction_icons=[5, 1], blueprint_points=[10, -10],
             panorama_sizes=[4], panorama_complete=[True], unpaid_loans=1)
    final = table.do("end_game")                                       # every park is scored: the game ends
    assert final["state"]["phase"] == "over"
    table.refused("advance", "The game is over")
    scores, players = final["scores"], final["state"]["players"]
    ann, bo = (s["categories"] for s in scores["players"])
    assert ann["Attractions"] == 15 + 6 + 3 and ann["Panoramas"] == 10 and ann["Blueprints"] == 25
    assert bo["Attractions"] == 15 + 1 and bo["Panoramas"] == 40 and bo["Loans"] == -30 and bo["Blueprints"] == 0
    for s, p in zip(scores["players"], players):
        assert s["categories"]["Medals"] == 10 * p["silver_medals"] + 50 * p["gold_medals"]
        assert s["categories"]["Coins"] == p["coins"] // 2
        assert s["total"] == sum(s["categories"].values())
    assert players[ANN]["coins"] == 20 + 4 * 3 + 3 + 3 * 5 + 10       # income, and one silver medal sold
    for p, sold in ((ANN, 1), (BO, 0)):
        assert players[p]["silver_medals"] * 10 + players[p]["gold_medals"] * 50 == (hits[p] - sold) * 10
    totals = [s["total"] for s in scores["players"]]
    assert scores["finished"] and scores["winners"] == [i for i, t in enumerate(totals) if t == max(totals)]


def test_the_shuffled_city_deck_never_reaches_the_public_log(client):
    """The City deck is drawn when the game starts and stays hidden in the log, the stream and the state."""
    created = client.post("/api/games", json={"slug": "unfair_chko", "players": ["Ann", "Bo"],
                                              "options": {"packs": ["kaiju", "ocean"]}}).json
    headers = {"Authorization": f"Bearer {created['edit_secret']}"}
    started = client.post(f"/api/games/{created['id']}/events", headers=headers,
                          json={"based_on": created["seq"], "type": "start_game", "payload": {}})
    assert started.status_code == 201, started.json
    assert "city_deck" not in started.json["event"]["payload"] and started.json["event"]["hidden"] == ["city_deck"]
    log = client.get(f"/api/games/{created['id']}/events").json
    assert all("city_deck" not in event["payload"] for event in log)
    assert "city_deck" not in str(client.get(f"/api/games/{created['id']}").json["state"])
    assert client.get(f"/api/games/{created['id']}/export").status_code == 401
    exported = client.get(f"/api/games/{created['id']}/export", headers=headers).json
    assert any("city_deck" in event["payload"] for event in exported["events"])
