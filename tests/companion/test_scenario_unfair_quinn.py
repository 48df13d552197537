"""A whole solo game of Unfair against Quinn through the real app: eight rounds, Quinn's turn in every step
with the table's scripted answers, kaiju arriving from the Kaiju City deck, the final score sheet and
the winner; the same seed plays the same game, and undoing Quinn's roll does not roll again."""

from __future__ import annotations

from tests.conftest import ApiTable as Table

ANSWERS = {"shop_empty": "yes", "shop_first_card": "yes", "shop_attraction": "yes", "stars_attraction": "2",
           "stars_card": "1", "best_left": "yes", "best_stars": "3", "take_lowest": "1"}


def quinn(table, answers=ANSWERS):
    """Quinn's turn in this step: start it, then answer every question it asks."""
    game = table.do("quinn_turn")
    while game["state"]["quinn"]["asking"]:
        asking = game["state"]["quinn"]["asking"]
        assert asking["text"] and (asking["answers"] or asking["most"])
        game = table.do("quinn_answer", answer=answers[asking["node"]])
    return game


def play_solo_game(client, new_game, seed, level=2):
    game_id, headers, body = new_game("unfair_chko", ("Ann",), seed=seed,
                                      options={"solo": True, "packs": ["Kaiju", "Ocean"], "quinn_level": level})
    setup = body["state"]["setup"]
    assert setup["automated_opponent"] == "Quinn" and {"name": "Solo Mode", "chosen": True}.items() <= next(
        c for c in setup["game_changers"] if c["name"] == "Solo Mode").items()
    table = Table(client, game_id, headers)
    game = table.do("start_game")
    turns = []
    while game["state"]["phase"] == "play":
        state = game["state"]
        if state["section"] == "City":
            table.do("reveal_city")
            if table.game()["state"]["market"]:
                table.do("kaiju_roll")
            turns.append(quinn(table)["state"]["quinn"]["turn"])
        elif state["section"] == "Play":
            table.do("end_turn", player=0, action="pass")
        elif state["step"] in ("Park", "Guests"):
            if state["step"] == "Guests":
                table.do("gain_coins", player=0, coins=6)
            turns.append(quinn(table)["state"]["quinn"]["turn"])
        elif state["step"] == "Cleanup":
            for _ in range(6):
                table.do("cleanup")
            turns.append(quinn(table)["state"]["quinn"]["turn"])
        game = table.do("advance")
    return table, game, turns


def test_a_solo_game_against_quinn_from_setup_to_the_winner(client, new_game):
    table, game, turns = play_solo_game(client, new_game, seed=30)  # a seed whose kaiju meet Quinn's hunters
    state, scores = game["state"], game["scores"]
    assert state["phase"] == "scoring" and len(turns) == 8 * 4            # a turn in each step of eight rounds
    assert all(step["text"] and step["kind"] for turn in turns for step in turn)
    assert any(step["node"] == "take_best" for turn in turns for step in turn)  # level 2: a second card
    park = [t for t in turns if any(s["node"] == "shop_roll" for s in t)]
    assert len(park) == 8 and all(s["why"] for t in park for s in t if s["node"].startswith("take"))
    collection = state["quinn"]["collection"]
    assert collection["cards"] == 16 and collection["attractions"] == 16
    assert scores["automa"]["categories"]["Attractions"] == 16 * 4
    assert scores["automa"]["categories"]["Stars"] == 8 * 2 + 8 * 3
    hunts = [s for t in turns for s in t if s["node"] in ("strike", "miss")]
    assert hunts, "the Kaiju City deck brings kaiju in the second half"
    # Medals (seeds/unfair_chko.txt): the box holds 19 silver and 5 gold medal tokens; each hit that lowers a
    # kaiju's health earns one silver medal from the City, and five silver exchange for one gold. Quinn's chart
    # (quinn.flow.toml) adds buying a silver medal (buy_medal) and that exchange (to_gold). So Quinn's medals,
    # counted in silver, are its strikes plus its purchases, its gold its exchanges; Ann passed every turn and
    # holds none, and every token is either in the City's supply or with Quinn.
    steps = [s["node"] for t in turns for s in t]
    strikes, bought, exchanged = steps.count("strike"), steps.count("buy_medal"), steps.count("to_gold")
    assert strikes > 0
    assert collection["silver"] + 5 * collection["gold"] == strikes + bought and collection["gold"] == exchanged
    assert (state["players"][0]["silver_medals"], state["players"][0]["gold_medals"]) == (0, 0)
    assert state["medals"]["supply_silver"] + collection["silver"] == 19
    assert state["medals"]["supply_gold"] + collection["gold"] == 5
    for icons in (3, 4, 2):
        table.do("add_attraction", player=0, icons=icons)
    table.do("add_blueprint", player=0, points=6)
    table.do("add_park_points", player=0, points_for="staff", points=4)
    table.do("end_game")                                                # every park is scored: the game ends
    scores = table.game()["scores"]
    assert scores["finished"]
    ann = scores["players"][0]["total"]
    assert scores["winners"] == ([0] if ann >= scores["automa"]["total"] else [])
    assert scores["automa"]["wins"] is (scores["automa"]["total"] >= ann)


def test_the_same_seed_plays_the_same_game_against_quinn(client, new_game):
    _, first, turns = play_solo_game(client, new_game, seed=5, level=3)
    _, second, again = play_solo_game(client, new_game, seed=5, level=3)
    assert turns == again and first["scores"]["automa"] == second["scores"]["automa"]
    _, _, different = play_solo_game(client, new_game, seed=6, level=3)
    assert different != turns


def test_undoing_quinns_roll_does_not_roll_again(client, new_game):
    game_id, headers, _ = new_game("unfair_chko", ("Ann",), seed=11,
                                   options={"solo": True, "packs": ["Ocean"], "quinn_level": 1})
    table = Table(client, game_id, headers)
    table.do("start_game")
    table.do("advance")                                                 # the City section
    table.do("reveal_city")
    quinn(table)
    table.do("advance")
    table.do("end_turn", player=0, action="pass")
    table.do("advance")                                                 # the Park step
    rolled = table.do("quinn_turn")
    roll = next(s for s in rolled["state"]["quinn"]["turn"] if s["node"] == "shop_roll")
    table.undo()
    assert table.game()["state"]["quinn"]["turn_due"] is True
    again = table.do("quinn_turn")
    assert next(s for s in again["state"]["quinn"]["turn"] if s["node"] == "shop_roll") == roll
    assert again["event"]["payload"]["dice"] == rolled["event"]["payload"]["dice"]
    table.refused("quinn_turn", "Quinn is waiting for an answer")
    table.refused("quinn_answer", "is one of yes, no, not '4'", answer="4")


def test_a_solo_game_exported_and_imported_replays_quinns_turns_exactly(client, new_game, tmp_path, make_app):
    table, game, _ = play_solo_game(client, new_game, seed=8, level=1)
    exported = client.get(f"/api/games/{table.game_id}/export", headers=table.headers).json
    other = make_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'other.sqlite3'}", "SECRET_KEY": "x"}).test_client()
    imported = other.post("/api/games/import", json=exported)
    assert imported.status_code == 201, imported.json
    assert imported.json["state"]["quinn"] == game["state"]["quinn"] and imported.json["scores"] == game["scores"]
