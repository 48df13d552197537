"""The rules of Unsettled (co-operative survival): pure functions over immutable state, no app.

Covers the Timeline (every way Time advances, Triggers, the wrap), Group Trust, each explorer's
dashboard (Endurance, Focus, Insight, Distress, the turn checklist), the shared table (resources,
Structures, Opportunities, Discoveries, objectives, who is aboard), the three endings, and the
rulebook's worked examples exactly. Illegal moves are refused with a sentence naming the rule.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig, rules_for
from companion.rules.games.unsettled_survival.state import with_explorer

GAME = load_game(card_data_dir() / "unsettled_survival")
RULES = rules_for(GAME)
C = GAME.constants
AWARENESS, WONDER, ENERGY = 0, 1, 2


def new(players=("Ann", "Bo"), **options):
    return RULES.setup(SetupConfig(tuple(players), options, GAME))


def play(state, kind, /, seed=7, **payload):
    """Appends one event as the app does: schema check, the seed for random events, then apply."""
    spec = RULES.events[kind]
    checked = spec.check(payload)
    if spec.random:
        checked = RULES.prepare(state, kind, checked, random.Random(seed))
    return RULES.apply(state, Event(1, kind, checked))


def refused(state, kind, match, /, **payload):
    with pytest.raises(RuleError, match=match):
        play(state, kind, **payload)


def place(state, card, x, y):
    """Lays an Environment card on the map as if revealed."""
    return replace(state, nodes=state.nodes + ((card, x, y),),
                   environment=tuple(c for c in state.environment if c != card))


def at(state, player, node, **changes):
    return with_explorer(state, player, node=node, **changes)


def focus(state, player):
    return state.explorers[player].focus


# ---- setup -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "difficulty", "expected"), [
    (1, "standard", 3), (2, "standard", 2), (4, "standard", 2), (1, "easy", 3), (2, "easy", 3), (3, "hard", 1)])
def test_starting_focus_follows_player_count_and_difficulty(players, difficulty, expected):
    state = new([f"P{i}" for i in range(players)], difficulty=difficulty)
    assert all(e.focus == (expected,) * 3 for e in state.explorers)


def test_setup_puts_the_crew_on_the_scarab_with_triggers_from_page_one():
    state = new()
    view = RULES.view(state)
    assert view["timeline"]["space"] == C["time_start_space"] and view["timeline"]["triggers"] == [3, 5, 7, 9, 11, 12]
    assert view["group_trust"] == {"level": "high", "traits": "white"}
    assert all(e["on_scarab"] and e["endurance"] == C["endurance_start"] for e in view["explorers"])
    assert view["luna"]["on_scarab"] and view["resources"]["power"] == 0
    assert view["resources"]["power_uncharged"] == C["power_discs"]
    assert view["decks"]["distress"] == 2 * C["distress_per_player"]
    assert view["decks"]["opportunity_piles"] == {"pink": 8, "blue": 8}
    assert [o["id"] for o in view["task"]["objectives"]] == [
        "st-a-obj-restore-power", "st-a-obj-calibrate", "st-a-obj-relay", "st-a-obj-transmit"]
    json.dumps(view), json.dumps(RULES.score(state))


@pytest.mark.parametrize(("players", "options", "message"), [
    ((), {}, "played by 1 to 4 explorers"), (("A",) * 5, {}, "played by 1 to 4 explorers"),
    (("A",), {"difficulty": "brutal"}, "difficulty"), (("A", "B"), {"first_player": 2}, "numbered 0 to 1"),
    (("A", "B"), {"traits": ["trait-medic", "trait-medic"]}, "exists once")])
def test_setup_refuses_what_the_rules_do_not_allow(players, options, message):
    with pytest.raises(RuleError, match=message):
        new(players, **options)


def test_traits_are_chosen_at_setup_only():
    state = play(new(), "choose_trait", player=0, trait="trait-theorist")
    assert RULES.view(state)["explorers"][0]["trait"]["side"] == "white"
    refused(state, "choose_trait", "exists once", player=1, trait="trait-theorist")
    started = play(state, "take_action", cube="wonder", action="rest")
    refused(started, "choose_trait", r"chosen at setup \(step 7\)", player=1, trait="trait-medic")


# ---- the Timeline ----------------------------------------------------------------------------------

def test_rest_raises_the_cube_and_always_advances_time():
    state = play(new(), "take_action", cube="wonder", action="rest")
    assert focus(state, 0)[WONDER] == 2 + C["rest_focus_gain"] and state.time == 1 + C["rest_time_advance"]
    refused(state, "take_action", "already on REST", cube="energy", action="rest")


def test_rulebook_example_focus_at_zero_advances_time():
    # Awareness 2, Wonder 1, Energy 0: INVESTIGATE, UNEARTH at 0 (Time +1), REST (Wonder 2, Time +1).
    state = at(new(), 0, "scarab", focus=(2, 1, 0))
    state = play(state, "take_action", cube="awareness", action="investigate", card="op-supply-capsule")
    state = play(state, "take_action", cube="energy", action="unearth")
    assert focus(state, 0) == (1, 1, 0) and state.time == 2
    state = play(state, "take_action", cube="wonder", action="rest")
    assert focus(state, 0) == (1, 2, 0) and state.time == 3
    assert state.trigger_log[-1][0] == 3  # space 3 holds a Trigger: everyone aboard, nothing happens
    assert "nothing happens" in state.trigger_log[-1][2]


def test_rulebook_example_time_marker_lands_on_the_last_space_then_wraps():
    state = place(replace(new(), time=11), "env-mosswood-canopy", 0, 1)
    state = play(state, "take_action", cube="wonder", action="rest")
    assert state.time == 12 and state.trigger_log[-1][0] == 12
    state = play(state, "move", direction="n")  # Mosswood Canopy's south edge shows Time
    loss = C["timeline_wrap_endurance_loss"]
    assert state.time == C["time_start_space"]
    assert [e.endurance for e in state.explorers] == [C["endurance_start"] - loss] * 2
    assert any("passes the last space" in line for line in state.journal)


def test_action_costs_advance_time():
    state = at(new(), 0, "env-rootvault")
    state = place(state, "env-rootvault", 0, 1)
    built = play(state, "take_action", cube="wonder", action="build", structure="research_hut")
    assert built.time == 1 + C["structure_build_time_cost"]  # no Robotics Comprehension on the node
    knowing = at(state, 1, "env-rootvault", comprehension=("robotics",))
    assert play(knowing, "take_action", cube="wonder", action="build", structure="research_hut").time == 1
    destroyed = play(built, "take_action", cube="energy", action="destroy")
    assert destroyed.time == built.time + C["structure_destroy_time_cost"]
    calming = at(state, 0, "env-rootvault", breakthroughs=("bt-che-calming-agent",), distress=(("charge", "ds-panic"),))
    calming = replace(calming, materials=1)
    calmed = play(calming, "use_breakthrough", player=0, card="bt-che-calming-agent")
    assert calmed.time == 2 and calmed.materials == 0 and calmed.explorers[0].distress == ()


def test_advance_time_event_passes_over_triggers_and_lands_on_the_last_space():
    state = replace(new(), time=2)
    passed = play(state, "advance_time", steps=2, reason="Sinkhole")
    assert passed.time == 4 and passed.trigger_log == ()  # passing space 3 does nothing
    landed = play(state, "advance_time", steps=3)
    assert landed.time == 5 and [s for s, _, _ in landed.trigger_log] == [5]


def test_a_trigger_asks_each_explorer_off_the_scarab_for_a_focus_cube():
    state = at(place(replace(new(), time=2), "env-rootvault", 0, 1), 1, "env-rootvault")
    state = play(state, "advance_time", steps=1)
    assert state.trigger_log[-1][1] == "lose_focus_off_scarab" and "Bo each lose 1 Focus" in state.trigger_log[-1][2]
    view = RULES.view(state)
    assert view["pending"][0]["kind"] == "lose_focus" and view["pending"][0]["who"] == "Bo"
    refused(state, "take_action", "First the pending choice", cube="wonder", action="rest")
    state = play(state, "resolve", cube="energy")
    assert focus(state, 1) == (2, 2, 1) and focus(state, 0) == (2, 2, 2) and state.pending == ()


@pytest.mark.parametrize(("page", "effect"),
                         [(2, "active_gains_distress"), (3, "trust_down"), (4, "all_lose_endurance")])
def test_the_trigger_effect_is_the_open_pages(page, effect):
    state = play(replace(new(), page=page, time=4), "advance_time", steps=1)
    assert state.trigger_log[-1][:2] == (5, effect)
    if effect == "active_gains_distress":
        assert state.pending[0].kind == "place_distress" and state.pending[0].player == 0
        refused(state, "resolve", "never placed on REST", action="rest")
        state = play(state, "resolve", action="traverse")
        assert state.explorers[0].distress[0][0] == "traverse"
    elif effect == "trust_down":
        assert state.trust == "low"
    else:
        assert [e.endurance for e in state.explorers] == [C["endurance_start"] - C["trigger_amount"]] * 2


# ---- Group Trust ---------------------------------------------------------------------------------

def test_decrease_flips_traits_black_then_distributes_minus_two_focus():
    state = new(traits=["trait-theorist", "trait-medic"])
    low = play(state, "trust", direction="down")
    view = RULES.view(low)
    assert view["group_trust"] == {"level": "low", "traits": "black"}
    assert view["explorers"][0]["trait"]["text"].startswith("RESEARCH gains 1 extra :insight: if LUNA")
    refused(low, "trust", "already low, so this distributes -2 Focus", direction="down")
    refused(low, "trust", "name exactly 2 cubes", direction="down", focus=["0:wonder"])
    after = play(low, "trust", direction="down", focus=["0:wonder", "0:wonder"])
    assert focus(after, 0) == (2, 0, 2) and after.time == 1
    at_zero = play(after, "trust", direction="down", focus=["0:wonder", "1:energy"])
    assert focus(at_zero, 0)[WONDER] == 0 and focus(at_zero, 1)[ENERGY] == 1 and at_zero.time == 2
    refused(state, "trust", "moves to low, so no Focus", direction="down", focus=["0:wonder", "1:wonder"])


def test_increase_flips_traits_white_then_distributes_plus_two_focus():
    state = replace(new(traits=["trait-theorist", "trait-medic"]), trust="low")
    high = play(state, "trust", direction="up")
    assert RULES.view(high)["group_trust"] == {"level": "high", "traits": "white"}
    more = play(high, "trust", direction="up", focus=["0:wonder", "1:awareness"])
    assert focus(more, 0)[WONDER] == 3 and focus(more, 1)[AWARENESS] == 3
    capped = play(more, "trust", direction="up", focus=["0:wonder", "0:wonder"])
    assert focus(capped, 0)[WONDER] == C["focus_max"]


def test_rulebook_example_group_trust_opportunity_then_when_entering():
    state = place(new(), "env-fallen-obelisk", 1, 0)
    state = play(state, "take_action", cube="awareness", action="investigate", card="op-echo-stone")
    assert state.trust == "low"  # Echo Stone's left column decreases Group Trust
    state = play(state, "move", direction="e")  # Fallen Obelisk: decrease Group Trust when entering
    assert state.pending[0].kind == "trust_focus" and state.pending[0].count == 2
    state = play(state, "resolve", focus=["0:wonder", "1:energy"])
    assert focus(state, 0)[WONDER] == 1 and focus(state, 1)[ENERGY] == 1 and state.pending == ()


# ---- each explorer ---------------------------------------------------------------------------------

def test_endurance_bottom_is_unconscious_and_unconscious_explorers_cannot_act():
    state = play(new(), "effect", kind="lose_endurance", player=0, amount=C["endurance_track_length"])
    view = RULES.view(state)
    ann = view["explorers"][0]
    assert ann["unconscious"] and ann["endurance"] == ann["endurance_bottom"]
    refused(state, "take_action", "unconscious and cannot act", cube="wonder", action="rest")
    refused(state, "use_structure", "unconscious and cannot act", player=0, structure="laboratory")
    state = play(state, "end_turn")  # an unconscious explorer's turn only ends
    assert state.turn.player == 1
    state = play(play(play(state, "take_action", cube="awareness", action="rest"), "take_action", cube="wonder",
                      action="research"), "take_action", cube="energy", action="charge")
    assert play(state, "end_turn").turn.player == 1  # Ann's turn is skipped
    woken = play(state, "effect", kind="heal_endurance", player=0)
    assert not RULES.view(woken)["explorers"][0]["unconscious"]


def test_focus_turns_up_to_the_top_and_down_to_the_sand_timer():
    state = play(new(), "effect", kind="gain_focus", player=0, cube="energy", amount=3)
    assert focus(state, 0)[ENERGY] == C["focus_max"]
    state = play(state, "effect", kind="lose_focus", player=0, cube="wonder", amount=3)
    assert focus(state, 0)[WONDER] == C["focus_min"] and state.time == 2  # the third step costs Time
    asked = play(state, "effect", kind="lose_focus", player=0)
    assert asked.pending[0].kind == "lose_focus"
    refused(asked, "resolve", "not a Focus cube", cube="courage")


def test_rulebook_example_research_pushes_the_pursuit_cube_off_the_top():
    state = with_explorer(new(pursuits=["chemistry", "robotics"]), 0, insight=C["insight_track_length"] - 1)
    state = play(state, "take_action", cube="wonder", action="research")
    ann = state.explorers[0]
    assert ann.insight == 1 and ann.comprehension == ("chemistry",)
    assert len(ann.breakthroughs) == 1 and GAME.card(ann.breakthroughs[0])["discipline"] == "chemistry"
    assert RULES.view(state)["decks"]["breakthrough"]["chemistry"] == 4


def test_leftover_insight_climbs_again_and_abandoning_loses_progress():
    state = with_explorer(new(), 0, insight=C["insight_track_length"])
    state = play(state, "effect", kind="gain_insight", player=0, amount=3)
    assert state.explorers[0].insight == 3 and state.explorers[0].comprehension == ("robotics",)
    state = play(state, "pursue", player=0, discipline="engineering")
    assert state.explorers[0].insight == 1 and state.explorers[0].pursuit == "engineering"


def test_distress_blocks_an_action_never_rest_and_can_be_moved_or_supported_away():
    state = play(new(), "effect", kind="gain_distress", player=0, action="charge")
    assert state.explorers[0].distress[0][0] == "charge" and state.distress_left == 2 * C["distress_per_player"] - 1
    refused(state, "take_action", "Distress covers CHARGE", cube="energy", action="charge")
    refused(state, "effect", "never placed on REST", kind="gain_distress", player=0, action="rest")
    refused(state, "move_distress", "cannot take it", player=0, from_action="charge", to_action="rest")
    moved = play(state, "move_distress", player=0, from_action="charge", to_action="build")
    assert moved.explorers[0].distress[0][0] == "build"
    bo_turn = replace(moved, turn=replace(moved.turn, player=1))
    refused(bo_turn, "take_action", "SUPPORT helps another explorer", cube="wonder", action="support", target=1)
    calm = new()
    refused(replace(calm, turn=replace(calm.turn, player=1)), "take_action",
            "SUPPORT removes Distress, and Ann has none", cube="wonder", action="support", target=0)
    supported = play(bo_turn, "take_action", cube="wonder", action="support", target=0)
    assert supported.explorers[0].distress == () and supported.distress_left == 2 * C["distress_per_player"]
    assert focus(supported, 1)[WONDER] == 3  # SUPPORT turns the Wonder cube up


@pytest.mark.parametrize("why", ["pile", "dashboard"])
def test_cannot_gain_distress_so_everyone_loses_endurance(why):
    state = new()
    if why == "pile":
        state = replace(state, distress_left=0)
    else:
        actions = [a for a in C["actions"] if a != "rest"]
        state = with_explorer(state, 0, distress=tuple((a, f"ds-{i}") for i, a in enumerate(actions)))
    state = play(state, "effect", kind="gain_distress", player=0)
    loss = C["distress_unavailable_endurance_loss"]
    assert [e.endurance for e in state.explorers] == [C["endurance_start"] - loss] * 2


def test_turn_checklist_set_focus_move_luna_and_end_of_turn():
    state = place(place(new(), "env-rootvault", 0, 1), "env-salt-pans", 0, 2)
    refused(state, "end_turn", "one cube goes on REST every turn")
    state = play(state, "move", direction="n")
    refused(state, "move", "No movement is left", direction="n")
    state = play(state, "take_action", cube="wonder", action="rest")
    refused(state, "take_action", "already placed this turn", cube="wonder", action="research")
    refused(state, "take_action", "takes the energy cube", cube="awareness", action="charge")
    state = play(state, "take_action", cube="energy", action="charge")
    refused(state, "end_turn", "place them, or end with 'stuck'")
    refused(state, "program_luna", "only from her node", scan="data")
    ended = play(state, "end_turn", stuck=True)
    assert ended.turn.player == 1 and ended.turn.number == 2 and ended.explorers[0].focus == (2, 3, 1)
    assert RULES.view(ended)["turn"]["name"] == "Bo"


def test_movement_is_one_continuous_move_and_traverse_extends_it():
    state = place(place(place(new(), "env-rootvault", 0, 1), "env-salt-pans", 0, 2), "env-hull-fragment", 0, 3)
    state = play(state, "take_action", cube="energy", action="traverse")
    state = play(play(state, "move", direction="n"), "move", direction="n")
    assert state.explorers[0].node == "env-salt-pans" and state.turn.moves_left == 1
    state = play(state, "take_action", cube="wonder", action="research")
    refused(state, "move", "continuous move", direction="n")


def test_revealing_a_node_draws_a_card_and_ends_movement():
    state = play(new(), "take_action", cube="energy", action="traverse")
    state = play(state, "move", direction="e", card="env-cargo-pod")  # its west edge shows Focus
    assert state.explorers[0].node == "env-cargo-pod" and state.materials == 1  # When Entering: gain 1 Materials
    assert state.pending[0].kind == "gain_focus" and "env-cargo-pod" not in state.environment
    state = play(state, "resolve", cube="awareness")
    refused(state, "move", "continuous move", direction="e")
    drawn = play(new(), "move", direction="w", seed=3)
    again = play(new(), "move", direction="w", seed=3)
    assert drawn.nodes == again.nodes and drawn.nodes[-1][1:] == (-1, 0)  # the seed decides the draw


def test_blocked_edges_stop_explorers_and_luna():
    state = place(new(), "env-basalt-ridge", 0, -1)  # its north edge is blocked, facing the Scarab
    refused(state, "move", "blocked edge cannot be crossed", direction="s")
    refused(state, "program_luna", "blocked edge cannot be crossed", direction="s")
    shown = play(new(), "move", direction="s", card="env-basalt-ridge")
    assert shown.explorers[0].node == "scarab" and shown.nodes[-1][0] == "env-basalt-ridge"


def test_rulebook_example_edges_both_sides_and_when_entering():
    state = place(place(new(), "env-salt-pans", 1, 0), "env-fallen-obelisk", 2, 0)
    state = at(state, 0, "env-salt-pans")
    state = play(state, "take_action", cube="energy", action="traverse")
    state = play(state, "move", direction="e")
    assert state.time == 2 and state.trust == "low"  # west edge Time, then the argument
    state = play(state, "move", direction="w")  # back the same way: the same edges again
    assert state.time == 3 and state.trigger_log[-1][0] == 3 and state.pending[0].player == 0


def test_rulebook_example_luna_scans_rootvault_then_unearth():
    state = place(new(), "env-rootvault", 0, 1)
    state = replace(at(state, 0, "env-rootvault"), luna="env-rootvault")
    state = play(state, "program_luna", scan="materials", roll=C["discovery_die_sides"])
    assert RULES.view(state)["map"][1]["materials"] == C["materials_die_faces"][-1]
    refused(state, "program_luna", "scans once per turn", scan="data")
    state = play(state, "take_action", cube="energy", action="unearth")
    assert state.materials == 3 and state.cubes == ()
    refused(replace(state, luna="scarab"), "take_action", "needs LUNA on your node", cube="awareness", action="analyze")


# ---- the shared table --------------------------------------------------------------------------------

def test_power_charges_two_on_the_scarab_and_never_beyond_the_discs():
    state = play(new(), "take_action", cube="energy", action="charge")
    assert state.power == C["charge_power_on_scarab"]
    full = play(replace(new(), power=5), "take_action", cube="energy", action="charge")
    assert full.power == C["power_discs"]
    refused(new(), "effect", "costs 1 Power, but the Dynamo", kind="spend_power")


def test_structures_are_built_flip_at_regroup_work_from_anywhere_and_return_when_destroyed():
    state = place(replace(new(), triggers=()), "env-rootvault", 0, 1)
    state = at(state, 0, "env-rootvault")
    refused(at(state, 0, "scarab"), "take_action", "cogwheel build site", cube="wonder", action="build",
            structure="laboratory")
    state = play(state, "take_action", cube="wonder", action="build", structure="research_hut")
    assert state.structures == (("research_hut", "env-rootvault", "building"),)
    refused(replace(state, data=1), "use_structure", "not built and active", player=1, structure="research_hut")
    state = play(play(state, "take_action", cube="energy", action="rest"), "end_turn", stuck=True)
    assert state.structures == (("research_hut", "env-rootvault", "active"),)
    used = play(replace(state, data=1), "use_structure", player=1, structure="research_hut")  # Bo, on the Scarab
    assert used.data == 0 and used.explorers[1].insight == 2
    refused(state, "use_structure", "costs 1 Data", player=1, structure="research_hut")
    bo = at(state, 1, "env-rootvault")
    refused(bo, "take_action", "already holds a Structure", cube="wonder", action="build", structure="laboratory")
    gone = play(play(bo, "take_action", cube="energy", action="destroy"), "take_action", cube="wonder", action="rest")
    assert gone.structures[0][2] == "destroyed"
    assert play(gone, "end_turn", stuck=True).structures == ()


def test_opportunities_investigate_once_at_most_two_forfeit_and_complete_at_regroup():
    state = place(place(new(), "env-rootvault", 0, 1), "env-salt-pans", 1, 0)
    state = play(state, "take_action", cube="awareness", action="investigate", card="op-supply-capsule")
    assert state.opportunities == (("op-supply-capsule", "scarab", "pink"),) and state.investigated == ("scarab",)
    refused(replace(state, turn=replace(state.turn, placed=())), "take_action", "investigated only once",
            cube="awareness", action="investigate")
    second = play(at(replace(state, turn=replace(state.turn, placed=())), 0, "env-rootvault"), "take_action",
                  cube="awareness", action="investigate", card="op-crashed-probe")
    assert [m for _, _, m in second.opportunities] == ["pink", "blue"]
    third = at(replace(second, turn=replace(second.turn, placed=())), 0, "env-salt-pans")
    refused(third, "take_action", "2 Opportunities are active", cube="awareness", action="investigate")
    refused(second, "forfeit", "an explorer on its node", card="op-supply-capsule")  # Bo is on the Scarab
    forfeited = play(at(second, 1, "env-salt-pans"), "forfeit", card="op-supply-capsule")
    assert [c for c, _, _ in forfeited.opportunities] == ["op-crashed-probe"]
    taken = play(second, "take_action", cube="energy", action="opportunity")  # Crashed Probe, on Rootvault
    assert taken.power == 1 and taken.materials == 1
    refused(taken, "forfeit", "Focus cube on it", card="op-crashed-probe")
    done = play(play(taken, "take_action", cube="wonder", action="rest"), "end_turn")
    assert [c for c, _, _ in done.opportunities] == ["op-supply-capsule"]
    assert any("blue Moment marker goes home" in line for line in done.journal)


def test_an_opportunity_gives_a_discovery_on_a_drawn_anomaly():
    state = play(new(), "take_action", cube="awareness", action="investigate", card="op-strange-tracks")
    assert state.time == 2  # Strange Tracks' left column: advance Time 1
    state = play(play(state, "take_action", cube="wonder", action="rest"), "end_turn", stuck=True)
    state = play(replace(state, turn=replace(state.turn, player=0)), "take_action", cube="awareness",
                 action="opportunity")
    (anomaly,) = state.explorers[0].anomalies
    assert anomaly not in state.anomaly_deck
    assert RULES.view(state)["decks"]["discovery_tokens"] == C["discovery_tokens"] - 1
    assert RULES.view(state)["explorers"][0]["anomalies"][0]["id"] == anomaly


def test_discoveries_need_the_comprehension_on_the_node_to_be_consumed():
    state = replace(with_explorer(new(), 0, anomalies=("an-frozen-lightning",)), discoveries_left=11)
    refused(state, "consume_discovery", "needs engineering Comprehension on your node", player=0,
            card="an-frozen-lightning")
    refused(at(with_explorer(state, 1, comprehension=("engineering",)), 1, "env-rootvault"), "consume_discovery",
            "nobody there holds it", player=0, card="an-frozen-lightning")
    consumed = play(with_explorer(state, 1, comprehension=("engineering",)), "consume_discovery", player=0,
                    card="an-frozen-lightning")
    assert consumed.power == 3 and consumed.explorers[0].anomalies == () and consumed.discoveries_left == 12


def test_scientific_properties_work_while_held():
    state = place(replace(new(), triggers=()), "env-glass-dunes", 0, 1)  # Glass Dunes: south edge Time
    plain = play(state, "move", direction="n")
    held = play(with_explorer(state, 0, anomalies=("an-gravity-well",)), "move", direction="n")
    assert plain.time == 2 and held.time == 1  # Gravity Well: Time edges do nothing
    blocked = place(new(), "env-basalt-ridge", 0, -1)
    floating = play(with_explorer(blocked, 0, anomalies=("an-floating-stone",)), "move", direction="s")
    assert floating.explorers[0].node == "env-basalt-ridge"


def test_objectives_checklist_and_page_turns():
    state = replace(new(), power=3)
    refused(at(state, 0, "env-rootvault"), "complete_objective", "No such explorer is on the Scarab",
            objective="st-a-obj-restore-power", player=0)
    refused(state, "complete_objective", "page 1 does not hold", objective="st-a-obj-transmit")
    state = play(state, "complete_objective", objective="st-a-obj-restore-power")
    assert state.power == 0 and state.page == 1  # the page turns at the regroup
    state = play(play(play(state, "take_action", cube="wonder", action="rest"), "take_action", cube="energy",
                      action="charge"), "take_action", cube="awareness", action="investigate", card="op-supply-capsule")
    state = play(with_explorer(state, 1, comprehension=("robotics", "chemistry", "engineering")), "end_turn")
    assert state.page == 2 and "st-a-obj-calibrate" in state.done  # checked at the same regroup
    objectives = RULES.view(state)["task"]["objectives"]
    assert [o["done"] for o in objectives] == [True, True, False, False]


def test_relay_then_transmit_counts_an_unconscious_explorer_as_present():
    state = place(place(place(new(), "env-rootvault", 1, 0), "env-salt-pans", 2, 0), "env-hull-fragment", 3, 0)
    state = replace(state, page=2, done=("st-a-obj-restore-power", "st-a-obj-calibrate"), data=3, materials=2,
                    structures=(("workshop", "env-hull-fragment", "active"),))
    state = play(state, "complete_objective", objective="st-a-obj-relay")
    assert state.relay == "env-hull-fragment"
    state = replace(state, page=3, luna="env-hull-fragment")
    state = at(state, 1, "env-hull-fragment", endurance=0)  # Bo is there, unconscious
    refused(replace(state, luna="scarab"), "complete_objective", "not both there", objective="st-a-obj-transmit")
    state = play(state, "complete_objective", objective="st-a-obj-transmit")
    assert state.data == 0 and state.materials == 0 and RULES.view(state)["task"]["complete"]


# ---- the end -----------------------------------------------------------------------------------------

ALL_DONE = ("st-a-obj-restore-power", "st-a-obj-calibrate", "st-a-obj-relay", "st-a-obj-transmit")


def test_rulebook_example_victory_carrying_an_unconscious_crewmate():
    state = place(new(("Ann", "Bo", "Cy", "Di")), "env-rootvault", 0, 1)
    state = replace(state, page=4, done=ALL_DONE, luna="env-rootvault", materials=1,
                    turn=replace(state.turn, player=2))
    state = at(state, 2, "env-rootvault", breakthroughs=("bt-rob-carrier-frame",))
    state = at(state, 3, "env-rootvault", endurance=0)
    state = play(state, "use_breakthrough", player=2, card="bt-rob-carrier-frame")
    state = play(state, "program_luna", direction="s", carry=3)
    assert state.luna == "scarab" and state.explorers[3].node == "scarab" and state.outcome == "playing"
    state = play(state, "move", direction="s")
    assert state.outcome == "victory"
    assert RULES.score(state)["winners"] == [0, 1, 2, 3] and RULES.score(state)["finished"]
    refused(state, "end_turn", r"The game is over \(victory\)")


def test_hollow_victory_when_the_crew_lifts_off_without_everyone():
    state = place(new(), "env-rootvault", 0, 1)
    refused(state, "lift_off", "only once the Survival Task is complete")
    state = at(replace(state, done=ALL_DONE, page=4), 1, "env-rootvault")
    over = play(state, "lift_off")
    assert over.outcome == "hollow_victory" and "without Bo" in over.journal[-1]
    score = RULES.score(over)
    assert score["outcome"] == "hollow_victory" and score["winners"] == [] and score["finished"]
    assert play(at(state, 1, "scarab"), "lift_off").outcome == "victory"
    refused(at(at(state, 0, "env-rootvault"), 1, "env-rootvault"), "lift_off", "At least one explorer")


def test_defeat_when_every_explorer_is_unconscious():
    state = play(new(), "effect", kind="lose_endurance", player=0, amount=6)
    assert state.outcome == "playing"
    state = play(state, "effect", kind="lose_endurance", player=1, amount=9)
    assert state.outcome == "defeat" and RULES.score(state)["winners"] == []
    assert RULES.view(state)["finished"] and "Wenora has won" in state.journal[-1]
    refused(state, "take_action", "The game is over", cube="wonder", action="rest")
    assert play(state, "note", text="gg").journal[-1] == "Note: gg"


def test_the_wrap_can_end_the_game():
    state = replace(new(), time=12)
    state = with_explorer(with_explorer(state, 0, endurance=1), 1, endurance=1)
    assert play(state, "advance_time", steps=1).outcome == "defeat"


# ---- corrections and the view --------------------------------------------------------------------

def test_manual_corrections_set_values_without_other_rules():
    state = play(new(), "set_time", space=3)
    assert state.time == 3 and state.trigger_log == ()  # no Trigger: a correction runs no other rule
    state = play(state, "set_trust", level="low")
    state = play(state, "set_explorer", player=1, endurance=2, cube="wonder", focus=0, insight=4)
    state = play(state, "set_resources", data=4, materials=1, power=6)
    state = play(place(state, "env-rootvault", 0, 1), "set_location", node="env-rootvault")
    state = play(state, "set_objective", objective="st-a-obj-relay", done=True)
    bo = state.explorers[1]
    assert (state.trust, bo.endurance, bo.focus[WONDER], bo.insight) == ("low", 2, 0, 4)
    assert (state.data, state.materials, state.power, state.luna) == (4, 1, 6, "env-rootvault")
    assert state.done == ("st-a-obj-relay",)
    refused(state, "set_resources", "6 Power discs", power=7)
    refused(state, "set_location", "not a revealed node", node="env-salt-pans")
    asked = play(state, "effect", kind="lose_focus", player=0)
    assert play(asked, "cancel_pending").pending == ()


def test_the_view_hides_the_order_of_the_decks():
    state = play(new(), "move", direction="n")
    text = json.dumps(RULES.view(state))
    remaining = [c for c in state.environment]
    assert all(card not in text for card in remaining)
    assert RULES.view(state)["decks"]["environment"] == len(remaining) == 25


def test_every_event_type_is_documented_and_imported_logs_are_checked():
    assert all(spec.description for spec in RULES.events.values())
    with pytest.raises(RuleError, match="payload.cube: is required"):
        RULES.apply(new(), Event(1, "take_action", {"action": "rest"}))
    with pytest.raises(RuleError, match="not an event"):
        RULES.apply(new(), Event(1, "teleport", {}))


# ---- free actions, LUNA and traits ---------------------------------------------------------------

def test_breakthroughs_cost_first_and_work_once_per_player_turn():
    state = with_explorer(new(), 0, breakthroughs=("bt-che-catalyst-assay",))
    refused(state, "use_breakthrough", "costs 1 Data, but the Database holds only 0", player=0,
            card="bt-che-catalyst-assay")
    state = replace(state, data=2)
    used = play(state, "use_breakthrough", player=0, card="bt-che-catalyst-assay")
    assert used.data == 1 and used.explorers[0].insight == 3
    refused(used, "use_breakthrough", "once per player turn", player=0, card="bt-che-catalyst-assay")
    next_turn = play(play(play(used, "take_action", cube="wonder", action="rest"), "take_action", cube="energy",
                          action="charge"), "end_turn", stuck=True)
    assert play(next_turn, "use_breakthrough", player=0, card="bt-che-catalyst-assay").data == 0  # Bo's turn now
    refused(state, "use_breakthrough", "does not hold", player=1, card="bt-che-catalyst-assay")


def test_luna_is_programmed_from_her_node_unless_a_card_says_otherwise():
    state = place(replace(new(), power=3, triggers=()), "env-rootvault", 0, 1)
    state = at(state, 0, "env-rootvault", breakthroughs=("bt-rob-remote-link",))
    refused(state, "program_luna", "only from her node", direction="n")
    state = play(state, "use_breakthrough", player=0, card="bt-rob-remote-link")
    state = play(state, "program_luna", direction="n")
    assert state.luna == "env-rootvault" and state.power == 2
    refused(state, "program_luna", "has moved her 1 node", direction="s")
    refused(replace(state, turn=replace(state.turn, luna_moves=1)), "program_luna", "Carrier Frame",
            direction="s", carry=0)
    refused(replace(state, turn=replace(state.turn, luna_moves=1)), "program_luna", "only onto revealed nodes",
            direction="n")


def test_lunas_primary_function_scans_her_node_and_the_revealed_nodes_next_to_her():
    state = place(place(replace(new(), power=2), "env-rootvault", 0, 1), "env-salt-pans", 5, 5)
    state = play(state, "luna_function", resource="data")
    scanned = {n for n, _, _ in state.cubes}
    assert state.power == 0 and scanned <= {"scarab", "env-rootvault"} and "env-salt-pans" not in scanned
    refused(replace(state, power=2), "luna_function", "once per turn", resource="data")
    refused(new(), "luna_function", "costs 2 Power", resource="data")


def test_structures_laboratory_raises_any_focus_and_workshop_moves_luna():
    state = place(replace(new(), materials=1, power=1), "env-rootvault", 0, 1)
    state = replace(state, structures=(("laboratory", "env-rootvault", "active"),
                                       ("workshop", "env-salt-pans", "active")))
    lab = play(state, "use_structure", player=0, structure="laboratory", target=1, cube="energy")
    assert focus(lab, 1)[ENERGY] == 3 and lab.materials == 0
    shop = play(state, "use_structure", player=0, structure="workshop", direction="n")
    assert shop.luna == "env-rootvault" and shop.power == 0


def test_exchange_between_explorers_on_the_same_node_even_unconscious():
    state = with_explorer(new(), 0, comprehension=("robotics",), breakthroughs=("bt-eng-field-dynamo",), endurance=0)
    given = play(state, "exchange", player=0, receiver=1, item="comprehension:robotics")  # Ann is unconscious
    assert given.explorers[1].comprehension == ("robotics",) and given.explorers[0].comprehension == ()
    card = play(given, "exchange", player=0, receiver=1, item="bt-eng-field-dynamo")
    assert card.explorers[1].breakthroughs == ("bt-eng-field-dynamo",)
    refused(at(state, 1, "env-rootvault"), "exchange", "are apart", player=0, receiver=1, item="bt-eng-field-dynamo")


@pytest.mark.parametrize(("trait", "trust", "action", "expected"), [
    ("trait-theorist", "high", "research", 3),          # +1 Insight (white)
    ("trait-theorist", "low", "research", 3),           # +1 if LUNA on your node (black; she is)
    ("trait-tinkerer", "high", "charge", 3),            # +1 Power (white)
    ("trait-tinkerer", "low", "charge", 3),             # +1 on the Scarab (black)
    ("trait-pathfinder", "high", "traverse", 4),        # TRAVERSE moves up to 3 (+ base 1)
])
def test_traits_white_and_black_sides(trait, trust, action, expected):
    state = replace(new(traits=[trait, ""]), trust=trust, triggers=())
    cube = {"research": "wonder", "charge": "energy", "traverse": "energy"}[action]
    state = play(state, "take_action", cube=cube, action=action)
    value = {"research": state.explorers[0].insight - 1, "charge": state.power,
             "traverse": state.turn.moves_left}[action]
    assert value == expected
    if trait == "trait-pathfinder" and trust == "low":
        assert state.time == 2


def test_medic_black_supports_an_adjacent_explorer_and_white_heals():
    state = place(new(traits=["trait-medic", ""]), "env-rootvault", 0, 1)
    state = with_explorer(state, 1, distress=(("build", "ds-panic"),), endurance=3)
    white = play(state, "take_action", cube="wonder", action="support", target=1)
    assert white.explorers[1].distress == () and white.explorers[1].endurance == 4
    away = at(state, 1, "env-rootvault")
    refused(away, "take_action", "on your node, and Bo is elsewhere", cube="wonder", action="support", target=1)
    black = play(replace(away, trust="low"), "take_action", cube="wonder", action="support", target=1)
    assert black.explorers[1].distress == () and black.explorers[1].endurance == 3


def test_the_crew_lifts_off_only_between_turns_and_pursuits_change_to_another_discipline():
    state = replace(new(), done=ALL_DONE, page=4)
    state = at(place(state, "env-rootvault", 0, 1), 1, "env-rootvault")
    state = play(state, "take_action", cube="wonder", action="rest")
    refused(state, "lift_off", "at the end of a turn")
    refused(state, "pursue", "abandoning points a different discipline up", player=0, discipline="robotics")
    refused(new(), "resolve", "No choice is pending", cube="wonder")


def test_the_view_shows_the_turn_checklist():
    state = play(new(), "take_action", cube="wonder", action="rest")
    steps = {s["step"]: s["done"] for s in RULES.view(state)["checklist"]}
    assert steps["Set Focus: one cube on REST"] and not steps["Set Focus: 2 cubes on actions"]
    assert not steps["Move your explorer"] and not steps["Program LUNA"]


def test_states_pickle_and_replaying_an_event_gives_the_same_state():
    import pickle

    state = new()
    payload = RULES.prepare(state, "move", RULES.events["move"].check({"direction": "n"}), random.Random(5))
    assert "seed" in payload
    first, second = (RULES.apply(state, Event(1, "move", payload)) for _ in range(2))
    assert first == second and pickle.loads(pickle.dumps(first)) == first


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
