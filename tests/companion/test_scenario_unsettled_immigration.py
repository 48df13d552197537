"""A whole game of Unsettled through the API, from setup to its winner, on SQLite and PostgreSQL."""

from __future__ import annotations


class Table:
    """Appends events to one game, following its sequence number; `refused` expects a 422 with a message."""

    def __init__(self, client, game_id, headers, seq=0):
        self.client, self.id, self.headers, self.seq = client, game_id, headers, seq

    def post(self, kind, **payload):
        response = self.client.post(f"/api/games/{self.id}/events", headers=self.headers,
                                    json={"type": kind, "based_on": self.seq, "payload": payload})
        assert response.status_code == 201, response.json
        self.seq = response.json["seq"]
        return response.json

    def refused(self, message, kind, **payload):
        response = self.client.post(f"/api/games/{self.id}/events", headers=self.headers,
                                    json={"type": kind, "based_on": self.seq, "payload": payload})
        assert response.status_code == 422, response.json
        assert message in response.json["error"], response.json["error"]
        return response.json

    def undo(self):
        response = self.client.post(f"/api/games/{self.id}/undo", headers=self.headers, json={"based_on": self.seq})
        assert response.status_code == 201, response.json
        self.seq = response.json["seq"]
        return response.json


def player(game, i):
    return game["state"]["players"][i]


def test_a_game_from_setup_to_its_winner(client, new_game):
    game_id, headers, body = new_game("unsettled_immigration", ("Ana", "Ben"), options={"vp_to_win": 10})
    assert body["state"]["vp_to_win"] == 10 and body["state"]["phase"] == "setup"
    assert body["scores"]["finished"] is False
    t = Table(client, game_id, headers)
    ana, ben = 0, 1

    # Setup: Ben draws a new hand; each places a free Milestone (never one with a Document).
    t.post("mulligan", player=ben)
    t.refused("never free", "place_starting_milestone", player=ana, card="op-visa")
    t.post("place_starting_milestone", player=ana, card="op-apartment")   # 2 Cash = 4
    t.post("place_starting_milestone", player=ben, card="op-esl-classes")  # 3 Time = 3
    g = t.post("start_game")
    assert g["state"]["turn"]["player"] == ben and g["state"]["turn"]["drew"] == {"resources": 2, "ops": 1}

    # The page draws the turn from the legal moves: Ben's buys and cards grouped, his turn's end, no dice.
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert "Buy a Milestone" in panel and "Play an Attack or an Action card" in panel and "End Ben&#39;s turn" in panel
    assert "Stop the game here" in panel and "roll" not in panel.lower()
    assert 'data-event="buy_milestone"' in panel and 'data-event="place_starting_milestone"' not in panel

    # 1 Ben, 2 Ana: Boosts.
    g = t.post("play_action", card="op-side-hustle")
    assert player(g, ben)["resources"] == 5
    t.refused("no action left", "play_action", card="op-overtime")
    t.post("end_turn")
    g = t.post("play_action", card="op-overtime")
    assert player(g, ana)["resources"] == 4
    t.post("end_turn")

    # History lines name who did what.
    told = [e["text"] for e in client.get(f"/api/games/{game_id}/events").json]
    assert "Ben played Side Hustle." in told and "Ana played Overtime Shift." in told

    # 3 Ben buys a Job; ESL Classes take 1 Time off (5 -> 4). A wrong purchase is undone first.
    t.post("buy_milestone", card="op-college-degree", cash=2, influence=1)
    g = t.undo()
    assert [s["type"] for s in player(g, ben)["stacks"]] == ["education"]
    assert player(g, ben)["prices"]["op-job"] == 4
    g = t.post("buy_milestone", card="op-job", cash=2)
    assert g["scores"]["players"][ben]["total"] == 2
    t.post("end_turn")

    # 4 Ana buys a Job for its full 5.
    t.refused("costs 5 Time units", "buy_milestone", card="op-job", cash=2)
    g = t.post("buy_milestone", card="op-job", cash=2, time=1)
    assert player(g, ana)["resources"] == 3 and g["scores"]["players"][ana]["total"] == 2
    g = t.post("end_turn")

    # 5 Ben (drawing 1 more for his Job) buys a Visa; Ana's Processing Delay sends it back.
    assert g["state"]["turn"]["drew"] == {"resources": 3, "ops": 1}
    g = t.post("buy_milestone", card="op-visa", document=1, processing_delay_by=ana)
    assert "returns to Ben's hand" in g["state"]["told"]
    assert [s["type"] for s in player(g, ben)["stacks"]] == ["education", "job"]
    assert player(g, ben)["resources"] == 7 and player(g, ana)["ops"] == 4
    t.post("end_turn")

    # 6 Ana's Layoff covers Ben's Job stack: its VP go, its extra draw too.
    g = t.post("play_attack", card="op-layoff", target=ben, stack=1)
    assert player(g, ben)["stacks"][1]["collapsed"] and g["scores"]["players"][ben]["total"] == 1
    g = t.post("end_turn")
    assert g["state"]["turn"]["drew"]["resources"] == 2

    # 7 Ben pays the Layoff off (2 Cash); the stack splays out.
    assert player(g, ben)["stacks"][1]["pay_off"] == 4
    g = t.post("pay_off_attack", stack=1, cash=2)
    assert g["scores"]["players"][ben]["total"] == 2 and not player(g, ben)["stacks"][1]["collapsed"]
    t.post("end_turn")

    # 8 Ana: an All-Nighter, then a Marriage and a Small Business.
    t.post("play_action", card="op-all-nighter")
    t.post("buy_milestone", card="op-marriage", influence=1, cash=1)
    t.refused("only have 1 Marriage", "buy_milestone", card="op-marriage", influence=1, cash=1)
    g = t.post("buy_milestone", card="op-small-business", influence=2, cash=2)
    assert g["scores"]["players"][ana]["total"] == 7
    t.post("end_turn")

    # 9 Ben: a Government Shutdown (it stops him too) and a Deport on Ana.
    g = t.post("play_action", card="op-government-shutdown")
    assert g["state"]["turn"]["actions"] == 1
    t.refused("Government Shutdown: nobody, Ben included", "buy_milestone", card="op-visa", document=1)
    g = t.post("play_attack", card="op-deport", target=ana)
    assert player(g, ana)["deported_by"] == "op-deport"
    g = t.post("end_turn")

    # 10 Ana is Deported: no Job or Marriage draws, no Milestones; an Amnesty clears it.
    assert g["state"]["turn"]["drew"] == {"resources": 2, "ops": 1}
    t.refused("Deported", "buy_milestone", card="op-family", time=2, cash=2, influence=1)
    g = t.post("play_action", card="op-amnesty")
    assert player(g, ana)["deported_by"] is None
    t.post("end_turn")

    # 11 Ben: still shut down; his Natural Disaster is stopped by Ana's Lawyer.
    t.refused("Government Shutdown", "buy_milestone", card="op-visa", document=1)
    g = t.post("play_action", card="op-natural-disaster", lawyers=[ana])
    assert len(player(g, ana)["stacks"]) == 4 and g["state"]["turn"]["actions"] == 1
    g = t.post("end_turn")
    assert g["state"]["shutdowns"] == []

    # 12 Ana draws 1 more for each of Job, Small Business and Marriage, buys a Family and reaches the cap:
    # Apartment 1 + Job 1 + Marriage 2 + Small Business 3 + Family 3 = 10.
    assert g["state"]["turn"]["drew"] == {"resources": 4, "ops": 2}
    g = t.post("buy_milestone", card="op-family", time=2, cash=2, influence=1)
    assert g["scores"]["finished"] is True and g["scores"]["winners"] == [ana]
    assert g["scores"]["players"][ana]["total"] == 10 and g["state"]["phase"] == "over"
    t.refused("The game is over: Ana reached 10 VP", "end_turn")
    panel = client.get(f"/games/{game_id}/panel").get_data(as_text=True)
    assert 'data-event="end_turn"' not in panel and 'data-event="buy_milestone"' not in panel

    # The log holds every event; the read-only view shows the same game and no hand contents.
    watched = client.get(f"/api/games/{game_id}").json
    assert watched["scores"]["winners"] == [ana] and watched["seq"] == t.seq
    assert set(player(watched, ben)) >= {"ops", "resources", "stacks"} and "hand" not in player(watched, ben)
    assert len(client.get(f"/api/games/{game_id}/events").json) == t.seq
