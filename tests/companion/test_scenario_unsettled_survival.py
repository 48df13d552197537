"""Unsettled through the real app (SQLite and PostgreSQL): multi-turn games to each of the three endings.

The crew plays Wenora's Survival Task A turn by turn through the JSON API: Set Focus, moves that reveal
named Environment cards, LUNA, Structures, objectives, and every choice the rules ask for. One game ends
in victory, one in a hollow victory (lifting off without Bo and LUNA), one in defeat.
"""

from __future__ import annotations

SLUG = "unsettled_survival"
DISTRESS_ORDER = ("destroy", "support", "investigate", "unearth", "analyze", "charge", "traverse", "research", "build")


class Table:
    """The crew at the table: appends events based on the current sequence number and answers choices."""

    def __init__(self, client, new_game, players=("Ann", "Bo"), **options):
        self.client = client
        self.id, self.headers, self.game = new_game(SLUG, players, options=options)

    @property
    def state(self):
        return self.game["state"]

    def do(self, kind, **payload):
        response = self.client.post(f"/api/games/{self.id}/events", headers=self.headers,
                                    json={"based_on": self.game["seq"], "type": kind, "payload": payload})
        assert response.status_code == 201, (kind, payload, response.json)
        self.game = response.json
        self.answer_choices()
        return self.game

    def refused(self, kind, message, **payload):
        response = self.client.post(f"/api/games/{self.id}/events", headers=self.headers,
                                    json={"based_on": self.game["seq"], "type": kind, "payload": payload})
        assert response.status_code == 422 and message in response.json["error"], response.json

    def answer_choices(self):
        """The crew's habits: lose Focus from the fullest cube, gain on the emptiest, park Distress on
        actions the plan does not need."""
        while self.game["state"]["pending"] and self.game["state"]["outcome"] == "playing":
            choice = self.state["pending"][0]
            if choice["kind"] == "place_distress":
                taken = {d["action"] for d in self.state["explorers"][choice["player"]]["distress"]}
                payload = {"action": next(a for a in DISTRESS_ORDER if a not in taken)}
            elif choice["kind"] == "trust_focus":
                cubes = sorted(((value, f"{p}:{cube}") for p, e in enumerate(self.state["explorers"])
                                for cube, value in e["focus"].items()), reverse=choice["amount"] < 0)
                payload = {"focus": [item for _, item in cubes[:choice["count"]]]}
            else:
                values = self.state["explorers"][choice["player"]]["focus"]
                pick = max if choice["kind"] == "lose_focus" else min
                payload = {"cube": pick(values, key=values.get)}
            response = self.client.post(f"/api/games/{self.id}/events", headers=self.headers,
                                        json={"based_on": self.game["seq"], "type": "resolve", "payload": payload})
            assert response.status_code == 201, response.json
            self.game = response.json

    def turn(self, *steps):
        """One explorer's turn: the steps (event type, payload), then the end of the turn (the rules end it early
        only when no action space is left for the cubes not placed)."""
        for kind, payload in steps:
            if self.state["outcome"] != "playing":
                return
            self.do(kind, **payload)
        if self.state["outcome"] == "playing":
            self.do("end_turn")

    def explorer(self, player):
        return self.state["explorers"][player]


def act(cube, action, **extra):
    return "take_action", {"cube": cube, "action": action, **extra}


def move(direction, card=None):
    return "move", {"direction": direction, **({"card": card} if card else {})}


def play_task_a(table):
    """Ann and Bo complete every objective of Task A; they end on Mirror Flats with LUNA, the relay."""
    # page 1: restore the Scarab's power (CHARGE gives 2 aboard; Bo's Tinkerer adds 1)
    table.turn(act("energy", "charge"), act("wonder", "research"), act("awareness", "rest"))
    assert table.state["resources"]["power"] == 2 and table.explorer(0)["insight"] == 4  # Theorist: 3 Insight
    table.turn(act("energy", "charge"), ("complete_objective", {"objective": "st-a-obj-restore-power", "player": 1}),
               act("wonder", "research"), act("awareness", "rest"))
    assert table.state["task"]["page"] == 2 and table.state["resources"]["power"] == 2
    assert table.state["timeline"]["resolved"][-1]["space"] == 3  # everyone aboard: nothing happened

    # page 2: Comprehension of every discipline, from Singing Sands' Insight and RESEARCH
    table.turn(move("w", "env-singing-sands"), ("pursue", {"player": 0, "discipline": "engineering"}),
               act("wonder", "research"), act("awareness", "investigate", card="op-survey-beacon"),
               act("energy", "rest"))
    assert table.explorer(0)["comprehension"] == ["robotics"] and len(table.explorer(0)["breakthroughs"]) == 1
    assert table.state["opportunities"][0]["name"] == "Old Survey Beacon"
    table.turn(move("w"), act("wonder", "research"), act("awareness", "opportunity"), act("energy", "rest"))
    assert table.explorer(1)["comprehension"] == ["chemistry"] and table.state["resources"]["data"] == 2
    assert table.state["opportunities"] == []  # the Survey Beacon completed at the regroup
    table.turn(move("e"), act("wonder", "research"), act("energy", "charge"), act("awareness", "rest"))
    assert "engineering" in table.explorer(0)["comprehension"]
    assert [o["done"] for o in table.state["task"]["objectives"]][:2] == [True, True]

    # still page 2: the relay, a Structure three nodes east of the Scarab
    table.turn(move("e"), act("energy", "charge"), act("wonder", "research"), act("awareness", "rest"))
    table.turn(move("e", "env-rootvault"), act("energy", "charge"), act("wonder", "research"), act("awareness", "rest"))
    table.turn(("program_luna", {"direction": "e"}), act("energy", "traverse"), move("e"), move("e", "env-salt-pans"),
               act("wonder", "research"), act("awareness", "rest"))
    assert table.state["luna"]["node"] == "env-rootvault" and table.explorer(1)["node"] == "env-salt-pans"
    table.turn(("program_luna", {"direction": "e"}), act("energy", "traverse"), move("e"),
               move("e", "env-mirror-flats"), act("wonder", "build", structure="workshop"), act("awareness", "rest"))
    assert table.state["structures"] == [{"kind": "workshop", "node": "env-mirror-flats", "status": "active"}]
    assert table.state["task"]["page"] == 3 and table.state["task"]["relay"] == "env-mirror-flats"

    # page 3: transmit with LUNA on the relay's node
    table.turn(("program_luna", {"direction": "e"}), move("e"),
               ("complete_objective", {"objective": "st-a-obj-transmit"}),
               act("wonder", "research"), act("energy", "charge"), act("awareness", "rest"))
    assert table.state["task"]["complete"] and table.state["task"]["page"] == 4
    assert table.state["luna"]["node"] == "env-mirror-flats"


def test_victory_everyone_and_luna_back_aboard(client, new_game):
    table = Table(client, new_game, pursuits=["robotics", "chemistry"], traits=["trait-theorist", "trait-tinkerer"])
    play_task_a(table)
    assert table.state["outcome"] == "playing" and table.game["scores"]["winners"] == []
    # Ann walks home and sends LUNA back with the Workshop's Power; Bo follows
    table.turn(act("energy", "traverse"), move("w"), move("w"), move("w"),
               ("use_structure", {"player": 0, "structure": "workshop", "direction": "w"}),
               ("use_structure", {"player": 0, "structure": "workshop", "direction": "w"}),
               ("use_structure", {"player": 0, "structure": "workshop", "direction": "w"}),
               act("wonder", "research"), act("awareness", "rest"))
    assert table.explorer(0)["on_scarab"] and table.state["luna"]["on_scarab"] and not table.explorer(1)["on_scarab"]
    assert table.state["outcome"] == "playing"
    table.do("take_action", cube="energy", action="traverse")
    for _ in range(3):
        table.do("move", direction="w")
    assert table.state["outcome"] == "victory" and table.state["finished"]
    scores = client.get(f"/api/games/{table.id}").json["scores"]
    assert scores == {**scores, "outcome": "won", "ending": "victory", "winners": [0, 1], "finished": True}
    assert scores["crew"]["Objectives done"] == 4
    assert "Victory!" in table.state["journal"][-1]
    table.refused("end_turn", "The game is over (the crew lifted off together with LUNA: victory)")


def test_hollow_victory_lifting_off_without_bo_and_luna(client, new_game):
    table = Table(client, new_game, pursuits=["robotics", "chemistry"], traits=["trait-theorist", "trait-tinkerer"])
    table.refused("lift_off", "only once the Survival Task is complete")
    play_task_a(table)
    table.turn(act("energy", "traverse"), move("w"), move("w"), move("w"), act("wonder", "research"),
               act("awareness", "rest"))
    assert table.explorer(0)["on_scarab"] and not table.explorer(1)["on_scarab"]
    table.do("lift_off")
    game = client.get(f"/api/games/{table.id}").json
    # the crew wins or loses together (issue #26): a hollow victory is the crew's win, with no places
    assert game["state"]["outcome"] == "hollow_victory" and game["scores"]["outcome"] == "won"
    assert game["scores"]["ending"] == "hollow_victory" and game["scores"]["result"].startswith("The crew won a hollow")
    assert game["scores"]["winners"] == [0, 1] and game["scores"]["finished"]
    assert "without Bo, LUNA" in game["state"]["journal"][-1]


def test_defeat_when_the_whole_crew_collapses(client, new_game):
    """Ann and Bo keep crossing the scorching Glass Dunes until nobody is left standing."""
    table = Table(client, new_game, first_player=1)
    table.turn(move("s", "env-glass-dunes"), act("wonder", "research"), act("energy", "charge"),
               act("awareness", "rest"))
    assert table.explorer(1)["endurance"] == 5 and table.state["turn"]["name"] == "Ann"
    wrapped = False
    for _ in range(40):
        if table.state["outcome"] != "playing":
            break
        player = table.state["turn"]["player"]
        if table.explorer(player)["unconscious"]:
            table.do("end_turn")
            continue
        direction = "s" if table.explorer(player)["on_scarab"] else "n"
        table.turn(move(direction), act("wonder", "research"), act("energy", "charge"), act("awareness", "rest"))
        wrapped = wrapped or any("passes the last space" in line for line in table.state["journal"])
    assert wrapped and table.state["timeline"]["resolved"]
    game = client.get(f"/api/games/{table.id}").json
    assert game["state"]["outcome"] == "defeat" and all(e["unconscious"] for e in game["state"]["explorers"])
    assert game["scores"] == {**game["scores"], "outcome": "lost", "ending": "defeat", "winners": [], "finished": True}
    assert all("place" not in p for p in game["scores"]["players"])
    table.refused("take_action", "The game is over (every explorer is unconscious", cube="wonder", action="rest")
    undone = client.post(f"/api/games/{table.id}/undo", headers=table.headers, json={"based_on": game["seq"]})
    assert undone.status_code == 201 and undone.json["state"]["outcome"] == "playing"
