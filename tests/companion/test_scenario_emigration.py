"""A whole game of Emigration for two players through the real app (SQLite and PostgreSQL): the deal, Phase 1
played from the public state alone, refused moves, Phase 2 with an undo that cannot re-draw a border token,
the winners and the Ultimate Winner; hidden cards and tokens never appear in the state or the log."""

from __future__ import annotations

from tests.conftest import ApiTable as Table

import json


def no_hidden_card(state):
    for player in state["players"]:
        for place in player["layout"]:
            assert place["face"] != "down" or set(place) == {"slot", "row", "face"}
    for lane in state["lanes"]:
        assert set(lane) == {"lane", "tokens_left", "drawn"}


def preparation_turn(table, state):
    """One turn from the public state: Passport and Ticket first, then the cards of the layouts."""
    if state["waiting"]:  # an uncovered face-down card: the table turns it face up (here the app draws it)
        return table.do("turn_up", owner=state["waiting"][0]["owner"], slot=state["waiting"][0]["slot"])
    p = state["turn"]
    me, other = state["players"][p], 1 - p
    if me["in_college"]:
        table.do("graduate", player=p)
        state = table.game()["state"]
        me = state["players"][p]
    for kind, row in (("passport", "passports"), ("ticket", "tickets")):
        held = me[f"{kind}s"] or (me["turned_card"] or {}).get("kind") == kind
        if not held and state["middle"][row]:
            card = state["middle"][row][0]
            if me["money"] >= card["price"]:
                return table.do("buy_travel", player=p, card=card["card"])
            return table.do("take_by_skipping", player=p, card=card["card"])
    if not me["in_college"] and not me["pay_raises"] and me["money"] >= me["nationality"]["money"] + 7:
        return table.do("go_to_college", player=p)  # tuition is at most 6 + the Nationality money: never forfeited
    for owner in (p, other):
        for place in state["players"][owner]["layout"]:
            if not place.get("available"):
                continue
            fee = 0 if owner == p else 1
            if place["kind"] in ("document", "connection"):
                kind = "buy" if me["money"] >= place["price"] + fee else "discard"
                return table.do(kind, player=p, owner=owner, slot=place["slot"])
            if me["money"] >= fee:  # only a card that names a player is told which one
                target = {"target": other} if place.get("effect") == "take_from_player" else {}
                return table.do("activate", player=p, owner=owner, slot=place["slot"], **target)
    assert state["required_action"] is None
    return table.do("forfeit", player=p)


def test_a_two_player_game_from_the_deal_to_the_ultimate_winner(client, new_game):
    game_id, headers, body = new_game("emigration", ("Ann", "Bo"), seed=2024)
    assert body["state"]["phase"] == "setup"
    table = Table(client, game_id, headers)
    refused = table.post("buy", player=0, owner=0, slot=12)
    assert refused.status_code == 422 and "tap Deal first" in refused.json["error"]

    game = table.do("deal")
    state = game["state"]
    assert state["phase"] == "preparation" and state["packs"] == ["Augustine", "Socrates"]
    assert state["unseen_cards"] == 2 * 4 + 2 and len(state["middle"]["passports"]) == 2
    for player in state["players"]:
        assert player["nationality"]["country"] != player["destination"]["country"]
        assert player["money"] == player["nationality"]["money"]
        assert [p["face"] for p in player["layout"]].count("down") == 4
    no_hidden_card(state)
    deal = client.get(f"/api/games/{game_id}/events").json[0]
    assert deal["random"] and all(row["layout"][5:9] == [None] * 4 for row in deal["payload"]["deal"]["players"])

    waiting = 1 - state["turn"]
    refused = table.post("discard", player=waiting, owner=waiting, slot=12)
    assert refused.status_code == 422 and "turn, not" in refused.json["error"]
    refused = table.post("deal", rolls=[6])
    assert refused.status_code == 422 and refused.json["field"] == "payload.rolls"

    kinds = set()
    while state["phase"] == "preparation":
        assert table.seq < 300, "Phase 1 should end"
        game = preparation_turn(table, state)
        kinds.add(game["event"]["type"])
        state = game["state"]
        no_hidden_card(state)
    assert state["phase"] == "border" and {"buy", "activate", "take_by_skipping", "turn_up"} <= kinds
    assert all(place["face"] == "gone" for p in state["players"] for place in p["layout"])

    first = state["turn"]
    refused = table.post("cross_border", player=first, lane=1)
    assert refused.status_code == 422 and "WITHDRAW ASSURANCE TOKENS before" in refused.json["error"]
    table.do("withdraw", player=first)
    drawn = table.do("cross_border", player=first, lane=3)["event"]["payload"]["token"]
    table.undo()  # undoing the draw and choosing another lane draws the same token: no second chance
    again = table.do("cross_border", player=first, lane=5)
    assert again["event"]["payload"]["token"] == drawn
    assert again["state"]["lanes"][4] == {"lane": 5, "tokens_left": 2, "drawn": [drawn]}
    assert again["state"]["lanes"][2]["tokens_left"] == 3

    second = again["state"]["turn"]
    assert second != first and not again["scores"]["finished"]  # every player must attempt
    table.do("withdraw", player=second)
    game = table.do("cross_border", player=second, lane=1)
    state, scores = game["state"], game["scores"]
    assert state["phase"] == "over" and scores["finished"]

    entered = [i for i, p in enumerate(state["players"]) if p["entered"]]
    assert scores["winners"] == entered  # everyone who entered wins, and they alone have a place: 1st
    assert [row["place"] for row in scores["players"]] == [1 if i in entered else None for i in range(2)]
    for i, player in enumerate(state["players"]):
        has_papers = player["passports"] > 0 and player["tickets"] > 0
        assert player["entered"] is not None and (has_papers or not player["entered"])
        if has_papers and not player["entered"]:  # turned away only for too few Assurance tokens
            assert player["assurance"] < player["border_token"]
        assert scores["players"][i]["assurance"] == player["assurance"]
    ranked = sorted(((scores["players"][i]["assurance"], scores["players"][i]["money"]), i) for i in entered)
    if not ranked or (len(ranked) > 1 and ranked[-1][0] == ranked[-2][0]):
        assert scores["ultimate_winner"] is None
    else:
        assert scores["ultimate_winner"] == ranked[-1][1]
    refused = table.post("withdraw", player=first)
    assert refused.status_code == 422 and "The game is over" in refused.json["error"]
    assert "hidden" not in json.dumps(table.game()["state"])
