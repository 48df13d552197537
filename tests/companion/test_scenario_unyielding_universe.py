"""A full round of Unyielding Universe for three players through the real app (SQLite and PostgreSQL): the deal,
turns with Life Complete and Universe cards, refused moves, an undo, A Life Well Lived, the round's scores."""

from __future__ import annotations

from tests.conftest import ApiTable as Table

ANN, BO, CY = 0, 1, 2


def test_a_full_round_for_three_players_is_scored(client, new_game):
    game_id, headers, body = new_game("unyielding_universe", ("Ann", "Bo", "Cy"), options={"winning_score": 300})
    assert body["state"]["phase"] == "deal" and body["state"]["winning_score"] == 300
    table = Table(client, game_id, headers)

    # setup: five Year cards each, in the order received
    table.do("deal", player=ANN, cards=["yr-004", "yr-024", "yr-042", "yr-049", "yr-059"])  # 3 21 37 44 53
    table.do("deal", player=BO, cards=["yr-002", "yr-006", "yr-009", "yr-012", "yr-013"])   # 1 5 8 11 12
    back = table.do("deal", player=CY, cards=["lc-29"])  # a Life Complete card dealt goes back into the draw pile
    assert back["state"]["lifelines"][CY]["dealt"] == 0 and back["state"]["draw_pile"] == 123 - 10
    state = table.do("deal", player=CY, cards=["yr-007", "yr-008", "yr-014", "yr-016", "yr-020"])["state"]
    assert state["phase"] == "play" and state["draw_pile"] == 123 - 15 and state["turn"]["name"] == "Ann"

    table.do("place_at_end", player=ANN, card="yr-062")             # 56
    table.do("play_life_complete", player=BO, card="lc-37")         # caps Bo at 37
    table.do("place_at_end", player=CY, card="yr-026")              # 23
    table.do("place_at_end", player=ANN, card="yr-071")             # 64
    capped = table.post("place_at_end", player=BO, card="yr-043")   # 38 is older than 37
    assert capped.status_code == 422 and "capped at 37 by Life Complete 37" in capped.json["error"]
    out_of_turn = table.post("place_at_end", player=CY, card="yr-019")
    assert out_of_turn.status_code == 422 and "It is Bo's turn, not Cy's" in out_of_turn.json["error"]
    table.do("place_at_end", player=BO, card="yr-017")              # 16 ... a slip of the hand:
    table.undo()
    table.do("place_at_end", player=BO, card="yr-019")              # 17
    table.do("play_universe", player=CY, card="univ-regretful")
    table.do("place_at_end", player=ANN, card="yr-074")             # 67
    table.do("place_at_end", player=BO, card="yr-025")              # 22
    table.do("replace_card", player=CY, card="yr-010", replaced="yr-008")  # 9 for 7
    table.do("place_at_end", player=ANN, card="yr-082")             # 74
    table.do("place_at_end", player=BO, card="yr-033")              # 29
    table.do("place_at_end", player=CY, card="yr-045")              # 40
    state = table.do("place_at_end", player=ANN, card="yr-092")["state"]  # 84: ten balanced, 84 years
    assert state["end_of_round"]["life_well_lived"] == [ANN]
    assert state["end_of_round"]["may_claim_life_well_lived"] == []  # not on the turn it qualified
    early = table.post("claim_life_well_lived", player=ANN)
    assert early.status_code == 422 and "It is Bo's turn" in early.json["error"]
    table.do("place_at_end", player=BO, card="yr-038")              # 33
    game = table.do("place_at_end", player=CY, card="yr-053")       # 47, a Regret card
    assert game["state"]["discard"]["top"]["id"] == "yr-008"
    ann = game["state"]["lifelines"][ANN]
    assert [c["year"] for c in ann["cards"]] == [0, 3, 21, 37, 44, 53, 56, 64, 67, 74, 84]
    assert ann["balanced"] == 10 and all(c["balanced"] for c in ann["cards"][1:])
    assert game["state"]["end_of_round"]["may_claim_life_well_lived"] == [ANN]
    # End of Round Scoring (seeds/unyielding_universe.txt): a point a year lived (the last balanced year, or the
    # Life Complete card's), 1 a Blue, 2 a Purple, 3 a Green balanced Year card, plus the active Universe card's
    # modifier: Regretful Universe, -2 a balanced regret card (universe.csv). Colours and feelings from year.csv:
    # Ann  0-3-21-37-44-53-56-64-67-74-84: 84 years + 6 Blue (3 21 37 44 53 56) + 2 x 2 Purple (64 67)
    #      + 2 x 3 Green (74 84) - 2 x 3 regret (21 44 53) = 84 + 6 + 4 + 6 - 6 = 94 (the rulebook's example, before
    #      its 15 for A Life Well Lived)
    # Bo   Life Complete 37 over 1-5-8-11-12-17-22-29-33: 37 years + 2 Blue (11 17) + 3 x 2 Purple (5 12 29)
    #      + 4 x 3 Green (1 8 22 33), no regret = 37 + 2 + 6 + 12 = 57
    # Cy   6-9-13-15-18-23-40-47 (9 replaced 7): 47 years + 1 Blue (47) + 4 x 2 Purple (6 9 13 40)
    #      + 3 x 3 Green (15 18 23) - 2 x 1 regret (47) = 47 + 1 + 8 + 9 - 2 = 63
    rows = [{k: v for k, v in p["this_round"].items() if v and k != "total"} for p in game["scores"]["players"]]
    assert rows == [
        {"Years lived": 84, "Blue years": 6, "Purple years": 4, "Green years": 6, "Universe": -6},
        {"Years lived": 37, "Blue years": 2, "Purple years": 6, "Green years": 12},
        {"Years lived": 47, "Blue years": 1, "Purple years": 8, "Green years": 9, "Universe": -2},
    ]
    assert [p["this_round"]["total"] for p in game["scores"]["players"]] == [94, 57, 63]

    ended = table.do("claim_life_well_lived", player=ANN)
    scores = ended["scores"]
    assert [p["total"] for p in scores["players"]] == [109, 57, 63]
    assert scores["players"][ANN]["categories"] == {"Years lived": 84, "Blue years": 6, "Purple years": 4,
                                                    "Green years": 6, "Universe": -6, "Life Well Lived": 15}
    assert scores["players"][BO]["categories"]["Years lived"] == 37
    assert scores["players"][CY]["categories"]["Universe"] == -2
    assert scores["winners"] == [] and not scores["finished"]
    state = ended["state"]
    assert state["rounds"][0]["reason"] == "life_well_lived" and state["rounds"][0]["by"] == ANN
    assert state["round"] == 2 and state["phase"] == "deal" and state["turn"]["name"] == "Bo"
    assert state["universe"] is None and all(len(line["cards"]) == 1 for line in state["lifelines"])

    again = table.game()
    assert again["seq"] == table.seq and [p["total"] for p in again["scores"]["players"]] == [109, 57, 63]
    log = client.get(f"/api/games/{game_id}/events").json
    assert [e["type"] for e in log].count("undo") == 1 and log[-1]["type"] == "claim_life_well_lived"

    # round 2: the app deals for the table when no card is entered ("Deal for us"); the deal is stored, so undo and
    # replay never deal again; a deal once the five cards are in is refused
    for player in (ANN, BO, CY):
        state = table.do("deal", player=player)["state"]
    assert state["phase"] == "play" and all(line["dealt"] == 5 for line in state["lifelines"])
    dealt = [e for e in client.get(f"/api/games/{game_id}/events").json if e["type"] == "deal"][-1]
    assert len(dealt["payload"]["cards"]) == 5 and dealt["payload"]["by_app"] is True
    again = table.post("deal", player=ANN)
    assert again.status_code == 422 and "already has the 5 Year cards" in again.json["error"]
    early = table.post("draw_pile_ran_out")
    assert early.status_code == 422 and "The draw pile still holds" in early.json["error"]
    # the game ends by agreement: an ordinary move of the legal list, not a correction
    legal = {m["event"]: m for m in table.game()["legal"]}
    assert legal["finish"]["group"] == "end"
    ended = table.do("finish")
    assert ended["scores"]["finished"] and ended["scores"]["winners"] == [ANN]
