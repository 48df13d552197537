"""Breakthroughs and Structures (breakthroughs.py): costs, once per turn, each card's ability."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.games.unsettled_survival.state import with_explorer

from .conftest import end_early, AWARENESS, C, ENERGY, GAME, focus, new, place, play, refused


def test_breakthroughs_cost_first_and_work_once_per_player_turn():
    state = with_explorer(new(), 0, breakthroughs=("bt-che-catalyst-assay",))
    refused(state, "use_breakthrough", "costs 1 Data, but the Database holds only 0", player=0,
            card="bt-che-catalyst-assay")
    state = replace(state, data=2)
    used = play(state, "use_breakthrough", player=0, card="bt-che-catalyst-assay")
    assert used.data == 1 and used.explorers[0].insight == 3
    refused(used, "use_breakthrough", "once per player turn", player=0, card="bt-che-catalyst-assay")
    next_turn = end_early(play(play(used, "take_action", cube="wonder", action="rest"), "take_action", cube="energy",
                          action="charge"))
    assert play(next_turn, "use_breakthrough", player=0, card="bt-che-catalyst-assay").data == 0  # Bo's turn now
    refused(state, "use_breakthrough", "does not hold", player=1, card="bt-che-catalyst-assay")


def test_structures_laboratory_raises_any_focus_and_workshop_moves_luna():
    state = place(replace(new(), materials=1, power=1), "env-rootvault", 0, 1)
    state = replace(state, structures=(("laboratory", "env-rootvault", "active"),
                                       ("workshop", "env-salt-pans", "active")))
    lab = play(state, "use_structure", player=0, structure="laboratory", target=1, cube="energy")
    assert focus(lab, 1)[ENERGY] == 3 and lab.materials == 0
    shop = play(state, "use_structure", player=0, structure="workshop", direction="n")
    assert shop.luna == "env-rootvault" and shop.power == 0


def test_every_breakthrough_resolves():
    base = place(replace(new(), triggers=(), data=3, materials=3, power=3), "env-rootvault", 0, 1)
    base = with_explorer(base, 1, distress=(("build", "ds-panic"),), endurance=4)
    payloads = {"bt-rob-survey-drones": {"space": "1,0"}, "bt-che-field-stimulant": {"cube": "energy"},
                "bt-che-synth-ration": {"target": 1}, "bt-che-calming-agent": {"target": 1},
                "bt-eng-relay-mast": {"structure": "laboratory", "target": 1, "cube": "awareness"}}
    base = replace(base, structures=(("laboratory", "env-rootvault", "active"),))
    after = {}
    for card in GAME.deck("breakthrough").cards:
        state = with_explorer(base, 0, breakthroughs=(card.id,))
        after[card.id] = play(state, "use_breakthrough", player=0, card=card.id, **payloads.get(card.id, {}))
    assert "remote_program" in after["bt-rob-remote-link"].turn.effects
    assert after["bt-rob-servo-overdrive"].turn.luna_moves == 2 and after["bt-rob-dual-sensor"].turn.luna_scans == 2
    assert len(after["bt-rob-survey-drones"].nodes) == 3
    assert focus(after["bt-che-field-stimulant"], 0)[ENERGY] == 3
    assert after["bt-che-synth-ration"].explorers[1].endurance == 5
    assert after["bt-che-calming-agent"].explorers[1].distress == () and after["bt-che-calming-agent"].time == 2
    assert after["bt-che-catalyst-assay"].explorers[0].insight == 3 and after["bt-eng-field-dynamo"].power == 4
    assert after["bt-eng-grappling-line"].turn.moves_left == 2
    assert focus(after["bt-eng-relay-mast"], 1)[AWARENESS] == 3 and after["bt-eng-relay-mast"].materials == 3
    shielded = play(after["bt-che-spore-filter"], "effect", kind="lose_endurance", player=0, amount=2)
    assert shielded.explorers[0].endurance == C["endurance_start"] - 1
