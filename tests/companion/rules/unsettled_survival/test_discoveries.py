"""Discoveries (discoveries.py): the Comprehension needed to consume one, every Anomaly's effect."""

from __future__ import annotations

from dataclasses import replace

from companion.rules.games.unsettled_survival.state import with_explorer

from .conftest import GAME, WONDER, at, focus, new, place, play, refused


def test_discoveries_need_the_comprehension_on_the_node_to_be_consumed():
    state = replace(with_explorer(new(), 0, anomalies=("an-frozen-lightning",)), discoveries_left=11)
    refused(state, "consume_discovery", "needs engineering Comprehension on your node", player=0,
            card="an-frozen-lightning")
    refused(at(with_explorer(state, 1, comprehension=("engineering",)), 1, "env-rootvault"), "consume_discovery",
            "nobody there holds it", player=0, card="an-frozen-lightning")
    consumed = play(with_explorer(state, 1, comprehension=("engineering",)), "consume_discovery", player=0,
                    card="an-frozen-lightning")
    assert consumed.power == 3 and consumed.explorers[0].anomalies == () and consumed.discoveries_left == 12


def test_every_anomaly_discard_effect_resolves():
    base = place(place(replace(new(), triggers=(), time=5), "env-rootvault", 0, 1), "env-salt-pans", 1, 1)
    base = with_explorer(base, 0, comprehension=("robotics", "chemistry", "engineering"), endurance=4)
    payloads = {
        "an-humming-lattice": {"path": ["n", "e"], "resource": "data", "roll": 8},
        "an-ghost-signal": {"spaces": ["-1,0", "0,-1"]},
        "an-chrono-pollen": {}, "an-floating-stone": {"node": "env-salt-pans"},
        "an-resonant-arch": {"node": "env-rootvault", "structure": "laboratory"},
        "an-gravity-well": {"moves": ["1:s"]}, "an-luminous-spores": {"focus": ["0:wonder", "1:wonder"]},
    }
    outcomes = {}
    for card in GAME.deck("anomaly").cards:
        state = with_explorer(base, 0, anomalies=(card.id,))
        if card.id == "an-gravity-well":
            state = at(state, 1, "env-rootvault")
        outcomes[card.id] = play(state, "consume_discovery", player=0, card=card.id, **payloads.get(card.id, {}))
    assert outcomes["an-humming-lattice"].luna == "env-salt-pans" and outcomes["an-humming-lattice"].cubes
    assert len(outcomes["an-ghost-signal"].nodes) == 5 and outcomes["an-chrono-pollen"].time == 3
    assert outcomes["an-floating-stone"].explorers[0].node == "env-salt-pans"
    assert outcomes["an-resonant-arch"].structures == (("laboratory", "env-rootvault", "active"),)
    assert outcomes["an-gravity-well"].explorers[1].node == "scarab"
    assert focus(outcomes["an-luminous-spores"], 0)[WONDER] == 3  # Trust already high: +2 Focus
    assert outcomes["an-living-amber"].explorers[0].endurance == 5
    assert (outcomes["an-weeping-mineral"].data, outcomes["an-weeping-mineral"].materials) == (2, 1)
    assert outcomes["an-mending-alloy"].materials == 3 and outcomes["an-magnetic-seed"].power == 2
