"""Unsettled's rules as pure functions: boards, stacks and Attacks, payments, turns, the VP cap and winner."""

from __future__ import annotations

import json
import pickle
from dataclasses import replace

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import rules_for
from companion.rules.contract import Event, RuleError, SetupConfig
from companion.rules.games import unsettled_immigration as rules
from companion.rules.games.unsettled_immigration import board, payment
from companion.rules.games.unsettled_immigration.state import card

GAME = load_game(card_data_dir() / "unsettled_immigration")
C = GAME.constants


def new(players=("Ann", "Bo", "Cy"), **options):
    return rules.setup(SetupConfig(tuple(players), options, GAME))


def do(state, kind, **payload):
    return rules.apply(state, Event(1, kind, rules.EVENTS[kind].check(payload)))


def refused(state, kind, match, **payload):
    with pytest.raises(RuleError, match=match):
        do(state, kind, **payload)


def started(players=("Ann", "Bo", "Cy"), boards=None, hands=(0, 0, 0), start="op-esl-classes", **options):
    """A game in play: Ann (player 0) placed `start` and moves first; boards placed and Resources set by hand."""
    s = new(players, **options)
    s = do(s, "place_starting_milestone", player=0, card=start)
    s = do(s, "start_game")
    for player, cards in (boards or {}).items():
        for c in cards:
            s = do(s, "place_milestone", player=player, card=c)
    for player, n in enumerate(hands):
        if n:
            s = do(s, "set_hand", player=player, resources=n)
    return s


def stacks(state, player):
    return [(s.type, s.cards, s.attack) for s in state.players[player].stacks]


def next_turn(s, to=0):
    s = do(s, "end_turn")
    while s.turn.player != to:
        s = do(s, "end_turn")
    return s


# ---- setup, first player, VP cap ------------------------------------------------------------------------

def test_setup_deals_starting_hands_and_reads_the_vp_cap_per_player_count():
    s = new()
    assert [p.ops for p in s.players] == [C["starting_op_cards"]] * 3
    assert [p.resources for p in s.players] == [C["starting_resources"]] * 3
    assert s.vp_to_win == C["vp_to_win_by_players"]["3"]
    assert new(("A", "B", "C", "D")).vp_to_win == C["vp_to_win"] == 12
    assert new(("A", "B")).vp_to_win == C["vp_to_win_by_players"]["2"]


def test_vp_cap_is_a_setup_option():
    assert new(vp_to_win=20).vp_to_win == 20
    with pytest.raises(RuleError, match="vp_to_win"):
        new(vp_to_win=0)
    with pytest.raises(RuleError, match="colour"):
        new(colour="red")


def test_player_count_comes_from_the_game():
    with pytest.raises(RuleError, match="2 to 5 players"):
        new(("Solo",))


def test_document_icon_milestones_may_not_start_on_the_board():
    # The rulebook's example: a Job may start for free, a Visa (1 Document) has to wait.
    s = do(new(), "place_starting_milestone", player=0, card="op-job")
    assert stacks(s, 0) == [("job", ("op-job",), None)] and s.players[0].ops == 5
    for doc in ("op-visa", "op-green-card", "op-naturalize", "op-house"):
        refused(new(), "place_starting_milestone", "Document.*never free", player=1, card=doc)
    refused(s, "place_starting_milestone", "each player may place 1", player=0, card="op-esl-classes")
    refused(new(), "place_starting_milestone", "not a Milestone", player=0, card="op-lawyer")


def test_a_new_starting_hand_once_and_before_placing():
    s = do(new(), "mulligan", player=1)
    assert s.players[1].ops == 6
    refused(s, "mulligan", "already drew a new starting hand", player=1)
    s = do(s, "place_starting_milestone", player=2, card="op-job")
    refused(s, "mulligan", "new hand is drawn before", player=2)


def test_first_player_has_the_lowest_cost_starting_milestone():
    # The rulebook's example: Ana's Apartment (2 Cash = 4), Ben's ESL Classes (3 Time = 3), Chloe nothing.
    s = new(("Ana", "Ben", "Chloe"))
    s = do(s, "place_starting_milestone", player=0, card="op-apartment")
    s = do(s, "place_starting_milestone", player=1, card="op-esl-classes")
    s = do(s, "start_game")
    assert s.first_player == 1 and s.turn.player == 1 and s.phase == "play"
    assert "Ben goes first" in s.told


def test_a_tie_is_broken_by_naming_the_newest_arrival():
    s = new()
    s = do(s, "place_starting_milestone", player=0, card="op-job")
    s = do(s, "place_starting_milestone", player=2, card="op-job")
    refused(s, "start_game", "Ann and Cy tie.*least time in the country")
    refused(s, "start_game", "lowest-cost starting Milestone goes first, and that is Ann and Cy", first_player=1)
    assert do(s, "start_game", first_player=2).turn.player == 2
    # Nobody placed one: everybody ties.
    refused(new(), "start_game", "Ann and Bo and Cy tie")


def test_setup_moves_belong_to_setup():
    s = started()
    refused(s, "place_starting_milestone", "belongs to setup", player=1, card="op-job")
    refused(new(), "buy_milestone", "has not started", card="op-job")


# ---- turns ----------------------------------------------------------------------------------------------

def test_a_turn_draws_two_resources_and_one_op_card_and_gives_one_action():
    s = started()
    assert (s.turn.drew_resources, s.turn.drew_ops, s.turn.actions) == (2, 1, 1)
    assert (s.players[0].resources, s.players[0].ops) == (2, 6)  # 6 dealt - ESL placed + 1 drawn
    s = do(s, "play_action", card="op-overtime")
    assert s.players[0].resources == 4 and s.turn.actions == 0
    refused(s, "play_action", "no action left", card="op-overtime")
    s = do(s, "end_turn")
    assert s.turn.player == 1 and s.players[1].resources == 2 and s.players[1].ops == 7
    assert "Bo's turn: draw 2 Resource card(s) and 1 Op card(s)" in s.told


def test_boosts_and_events_give_actions():
    s = do(started(), "play_action", card="op-all-nighter")
    assert s.turn.actions == 2
    s = do(s, "play_action", card="op-pandemic")  # an Event gives its action back
    assert s.turn.actions == 2
    s = do(s, "play_action", card="op-networking")
    assert s.turn.actions == 1 and s.players[0].ops == 6 - 3 + 2


def test_jobs_and_marriage_draw_extra_cards_once_per_milestone():
    # The rulebook's example: three stacked Jobs draw 3 extra Resources every turn and are worth 3 VP.
    s = started(boards={1: ["op-job"] * 3 + ["op-marriage"]})
    assert stacks(s, 1)[0] == ("job", ("op-job",) * 3, None)
    assert board.vp(s, 1) == 3 + 2
    s = do(s, "end_turn")
    assert (s.turn.drew_resources, s.turn.drew_ops) == (2 + 3, 1 + 1)


# ---- payments -------------------------------------------------------------------------------------------

def test_costs_in_time_units_and_the_green_card_rule():
    consts = started().consts
    naturalize = card(started(), "op-naturalize")
    assert payment.units(naturalize.cost, consts) == 42
    assert payment.due(naturalize.cost, consts, green_card=True) == 18
    assert payment.units(payment.as_pay({"document": 1}), consts) == 8 == payment.units((8, 0, 0, 0), consts)
    assert payment.can_pay(payment.as_pay({"influence": 2}), 8, consts)  # 2 Influence pay a Document
    assert not payment.can_pay(payment.as_pay({"cash": 3}), 8, consts)


@pytest.mark.parametrize("pay, lost", [({"cash": 2, "time": 1}, 0), ({"time": 5}, 0),
                                       ({"influence": 1, "time": 1}, 0), ({"influence": 1, "cash": 1}, 1)])
def test_any_mix_pays_a_job_and_no_change_is_given(pay, lost):
    # The rulebook's example: a Job (2 Cash + 1 Time = 5) paid four ways; Influence + Cash loses 1.
    s = started(hands=(6,), start="op-apartment")
    s = do(s, "buy_milestone", card="op-job", **pay)
    assert stacks(s, 0)[-1] == ("job", ("op-job",), None)
    assert s.players[0].resources == 6 - sum(pay.values())
    assert (f"{lost} Time unit(s) overpaid are lost" in s.told) == bool(lost)


def test_a_short_payment_or_one_larger_than_the_hand_is_refused():
    s = started(start="op-apartment")
    refused(s, "buy_milestone", "Job costs 5 Time units.*worth only 4.*any mix", card="op-job", cash=2)
    refused(s, "buy_milestone", "takes 3 Resource cards.*only 2 in hand", card="op-job", cash=2, time=1)


def test_green_card_pays_naturalize_for_18_once_per_turn():
    s = started(boards={0: ["op-green-card"]}, hands=(12,), start="op-apartment")
    assert rules.view(s)["players"][0]["prices"]["op-naturalize"] == 18
    s = do(s, "buy_milestone", card="op-naturalize", influence=3, cash=3)
    assert board.vp(s, 0) == 1 + 3 + 6 and s.players[0].resources == 6
    # The Green Card works once per turn: a second Document cost this turn is paid in full.
    assert rules.view(s)["players"][0]["prices"]["op-visa"] == 8


def test_esl_takes_one_time_off_the_first_milestone_of_the_turn():
    s = started(hands=(4,))  # Ann started with ESL Classes
    assert rules.view(s)["players"][0]["prices"]["op-job"] == 4
    s = do(s, "buy_milestone", card="op-job", cash=2)
    assert rules.view(s)["players"][0]["prices"]["op-job"] == 5


def test_paying_off_an_attack_with_a_home_and_a_green_card():
    s = started(boards={0: ["op-visa", "op-apartment", "op-green-card"]}, hands=(6,))
    s = do(s, "set_actions", actions=0)
    s = next_turn(s, to=1)
    s = do(s, "play_attack", card="op-visa-revoked", target=0, stack=1)  # Visa stack, after ESL
    s = next_turn(s, to=0)
    view = rules.view(s)["players"][0]
    # Visa Revoked: 1 Cash + 1 Document = 10; the Green Card drops the Document, the Apartment 1 Cash.
    assert view["stacks"][1]["pay_off"] == 0
    s = do(s, "pay_off_attack", stack=1)
    assert stacks(s, 0)[1] == ("visa", ("op-visa",), None)
    assert "Visa Revoked" in s.told
    # Eviction (3 Cash = 6) on the Home stack: the covered Apartment gives no discount, so 6 is due.
    s = next_turn(s, to=1)
    s = do(s, "play_attack", card="op-eviction", target=0, stack=2)
    s = next_turn(s, to=0)
    assert rules.view(s)["players"][0]["stacks"][2]["pay_off"] == 6
    refused(s, "pay_off_attack", "costs 6 Time units", stack=2, cash=2)


def test_a_covered_green_card_no_longer_removes_documents():
    s = started(boards={1: ["op-green-card"]})
    assert rules.view(s)["players"][1]["prices"]["op-naturalize"] == 18
    s = do(s, "play_attack", card="op-background-check", target=1, stack=0)
    assert rules.view(s)["players"][1]["prices"]["op-naturalize"] == 42


# ---- stacks and Attacks ---------------------------------------------------------------------------------

def test_an_attack_covers_the_whole_stack_its_vp_and_its_abilities():
    s = started(boards={1: ["op-job", "op-skilled-job", "op-visa"]})
    assert board.vp(s, 1) == 1 + 2 + 2
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    assert stacks(s, 1)[0] == ("job", ("op-job", "op-skilled-job"), "op-layoff")
    assert board.vp(s, 1) == 2
    score = rules.score(s)["players"][1]
    assert score["total"] == 2 and score["covered_vp"] == 3
    assert rules.view(s)["players"][1]["stacks"][0]["collapsed"] is True
    s = do(s, "end_turn")
    assert s.turn.drew_resources == 2  # the covered Jobs draw nothing


def test_attacks_respect_their_target_type_and_cover_only_uncovered_stacks():
    s = started(boards={1: ["op-job", "op-visa"]})
    refused(s, "play_attack", "only target a Job stack.*Visa", card="op-layoff", target=1, stack=1)
    refused(s, "play_attack", "targets an opponent", card="op-lost-paperwork", target=0, stack=0)
    s2 = do(do(s, "set_actions", actions=2), "play_attack", card="op-lost-paperwork", target=1, stack=1)
    refused(s2, "play_attack", "already covered by Lost Paperwork", card="op-background-check", target=1, stack=1)
    refused(started(), "play_attack", "no Milestones on their board", card="op-lost-paperwork", target=2, stack=0)


def test_a_covered_visa_blocks_its_ability_and_still_counts_as_your_only_visa():
    s = started(boards={0: ["op-visa"]}, hands=(10,))
    s = do(s, "set_actions", actions=0)
    s = next_turn(s, to=1)
    s = do(s, "play_attack", card="op-visa-revoked", target=0, stack=1)
    s = next_turn(s, to=0)
    refused(s, "use_ability", "covered by an Attack: a covered stack gives no ability", card="op-visa")
    refused(s, "buy_milestone", "covered by an Attack, but it still counts.*only have 1 Visa",
            card="op-visa", document=1)


def test_only_one_on_your_board_until_it_leaves():
    s = started(boards={1: ["op-marriage"]})
    s = do(s, "set_actions", actions=3)
    s = do(s, "play_attack", card="op-application-denied", target=1, stack=0)
    assert stacks(s, 1) == []
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=6)
    s = do(s, "buy_milestone", card="op-marriage", influence=1, cash=1)
    refused(s, "buy_milestone", "only have 1 Marriage", card="op-marriage", influence=1, cash=1)


def test_a_third_job_beside_a_covered_stack_starts_a_new_stack_and_they_join_when_the_attack_goes():
    # The rulebook's example: two Jobs under a Layoff; a third Job draws a Resource and scores 1 VP.
    s = started(boards={1: ["op-job", "op-job"]})
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=10)
    s = do(s, "set_actions", actions=2)
    s = do(s, "buy_milestone", card="op-job", cash=2, time=1)
    assert stacks(s, 1) == [("job", ("op-job", "op-job"), "op-layoff"), ("job", ("op-job",), None)]
    assert board.vp(s, 1) == 1
    s = next_turn(s, to=1)
    assert s.turn.drew_resources == 3
    s = do(s, "pay_off_attack", stack=0, cash=2)
    assert stacks(s, 1) == [("job", ("op-job",) * 3, None)]
    assert board.vp(s, 1) == 3 and "op-layoff" in s.op_discard


@pytest.mark.parametrize("attack", ["op-application-denied", "op-family-separation"])
def test_application_denied_and_family_separation_discard_the_whole_stack(attack):
    s = started(boards={1: ["op-family", "op-job", "op-job"]})
    index = 1 if attack == "op-application-denied" else 0
    s = do(s, "play_attack", card=attack, target=1, stack=index)
    gone = ("op-job", "op-job") if index else ("op-family",)
    assert all(c not in [x for st in stacks(s, 1) for x in st[1]] for c in gone)
    assert [s.op_discard.count(c) for c in set(gone)] == [len(gone)] and attack in s.op_discard
    refused(started(boards={1: ["op-job"]}), "play_attack", "only target a Family stack",
            card="op-family-separation", target=1, stack=0)


def test_application_denied_takes_a_covering_attack_with_the_stack():
    s = started(boards={1: ["op-job"]})
    s = do(do(s, "set_actions", actions=2), "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "play_attack", card="op-application-denied", target=1, stack=0)
    assert stacks(s, 1) == [] and "op-layoff" in s.op_discard


def test_deport_blocks_new_milestones_and_every_ability_but_not_vp():
    s = started(boards={1: ["op-green-card", "op-job", "op-visa"]})
    s = do(do(s, "set_actions", actions=2), "play_attack", card="op-deport", target=1)
    assert s.players[1].deport == "op-deport" and board.vp(s, 1) == 3 + 1 + 2
    refused(s, "play_attack", "already Deported", card="op-deport", target=1)
    s = do(s, "end_turn")
    assert s.turn.drew_resources == 2  # the Job draws nothing while Deported
    s = do(s, "set_hand", player=1, resources=20)
    refused(s, "buy_milestone", "Deported player cannot play new Milestones", card="op-job", cash=3)
    refused(s, "use_ability", "Deported player cannot use any Milestone ability", card="op-visa")
    # Paying it off: the Green Card is switched off too, so the Document is paid: 2 Influence + 1 Document.
    assert rules.view(s)["players"][1]["deport_pay_off"] == 16
    refused(s, "pay_off_attack", "costs 16 Time units", deport=True, influence=2)
    s = do(s, "pay_off_attack", deport=True, influence=4)
    assert s.players[1].deport is None and s.players[1].resources == 16


def test_a_naturalized_player_cannot_be_deported():
    s = started(boards={1: ["op-naturalize"]})
    refused(s, "play_attack", "Naturalized: Deport cannot be played", card="op-deport", target=1)


def test_natural_disaster_discards_a_stack_with_its_attack_but_never_the_deport():
    s = started(boards={1: ["op-job", "op-job"], 2: ["op-marriage", "op-visa"]})
    s = do(s, "set_actions", actions=3)
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "play_attack", card="op-deport", target=1)
    refused(s, "play_action", "must discard 1 of their stacks", card="op-natural-disaster", stacks=[-1, -1, 0])
    refused(s, "play_action", "Ann discards no stack", card="op-natural-disaster", stacks=[0, 0, 0])
    s = do(s, "play_action", card="op-natural-disaster", stacks=[-1, 0, 1])
    assert stacks(s, 1) == [] and s.players[1].deport == "op-deport"
    assert stacks(s, 2) == [("marriage", ("op-marriage",), None)]
    assert "op-layoff" in s.op_discard and s.turn.actions == 1


def test_amnesty_clears_every_attack_deport_included_and_stacks_join():
    s = started(boards={1: ["op-job"]})
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "end_turn")
    s = do(s, "set_actions", actions=3)
    s = do(s, "set_hand", player=1, resources=5)
    s = do(s, "buy_milestone", card="op-job", time=5)
    s = do(s, "place_milestone", player=1, card="op-visa")
    s = next_turn(s, to=0)
    s = do(s, "play_attack", card="op-deport", target=1)
    s = next_turn(s, to=1)
    s = do(s, "play_action", card="op-amnesty")
    assert stacks(s, 1) == [("job", ("op-job", "op-job"), None), ("visa", ("op-visa",), None)]
    assert s.players[1].deport is None


# ---- defenses -------------------------------------------------------------------------------------------

def test_a_lawyer_discards_the_attack_with_no_effect():
    s = started(boards={1: ["op-job"]})
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0, defense="op-lawyer")
    assert stacks(s, 1) == [("job", ("op-job",), None)]
    assert {"op-layoff", "op-lawyer"} <= set(s.op_discard)
    assert s.players[1].ops == 5 and s.turn.actions == 0


def test_the_bureaucratic_blitz_redirects_to_a_player_it_affects_and_there_is_only_one():
    s = started(boards={1: ["op-job"], 2: ["op-job", "op-visa"]})
    s = do(s, "set_actions", actions=3)
    refused(s, "play_attack", "must have an effect on its new target.*only target a Job", card="op-layoff",
            target=1, stack=0, defense="op-bureaucratic-blitz", redirect_to=2, redirect_stack=1)
    refused(s, "play_attack", "different player", card="op-layoff", target=1, stack=0,
            defense="op-bureaucratic-blitz", redirect_to=1)
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0, defense="op-bureaucratic-blitz",
           redirect_to=2, redirect_stack=0)
    assert stacks(s, 1)[0][2] is None and stacks(s, 2)[0][2] == "op-layoff"
    refused(s, "play_attack", "only 1 Bureaucratic Blitz", card="op-lost-paperwork", target=1, stack=0,
            defense="op-bureaucratic-blitz", redirect_to=2, redirect_stack=1)
    s = do(s, "reshuffle_op_discard")
    do(s, "play_attack", card="op-lost-paperwork", target=1, stack=0, defense="op-bureaucratic-blitz",
       redirect_to=2, redirect_stack=1)
    assert C["bureaucratic_blitz_count"] == 1


def test_lawyer_and_blitz_against_events():
    # A Lawyer keeps its player out; the Blitz keeps its player out and turns the Event on its player.
    s = started(hands=(4, 6, 8))
    s = do(s, "play_action", card="op-recession", lawyers=[1], blitz_by=2)
    assert [p.resources for p in s.players] == [2, 6, 8]
    refused(s, "play_action", "answers someone else's card", card="op-pandemic", lawyers=[0])
    t = started(boards={2: ["op-job"]})
    t = do(t, "play_action", card="op-natural-disaster", blitz_by=1, stacks=[0, -1, 0])
    assert stacks(t, 0) == [] and stacks(t, 2) == []


def test_government_shutdown_stops_everyone_including_its_player_until_its_next_turn_ends():
    s = started(hands=(20, 20, 20))
    s = do(s, "play_action", card="op-government-shutdown")
    assert s.turn.actions == 1
    refused(s, "buy_milestone", "Government Shutdown: nobody, Ann included", card="op-job", time=5)
    s = do(s, "end_turn")
    refused(s, "buy_milestone", "Government Shutdown", card="op-job", time=5)
    s = next_turn(s, to=0)
    refused(s, "buy_milestone", "Government Shutdown", card="op-job", time=5)
    s = do(s, "end_turn")
    s = do(s, "buy_milestone", card="op-job", time=5)
    assert stacks(s, 1) == [("job", ("op-job",), None)]


def test_government_shutdown_spares_a_player_with_a_lawyer():
    s = started(hands=(20, 20, 20))
    s = do(s, "play_action", card="op-government-shutdown", lawyers=[1])
    s = do(s, "end_turn")
    s = do(s, "buy_milestone", card="op-job", time=5)
    assert board.vp(s, 1) == 1


def test_processing_delay_sends_the_milestone_back_and_the_resources_to_the_discard():
    # The rulebook's example: Ben pays 42 for Naturalize; Ana's Processing Delay sends it back.
    s = started(("Ana", "Ben", "Chloe"), hands=(0, 0, 0))
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=12, ops=4)
    s = do(s, "buy_milestone", card="op-naturalize", document=3, influence=3, cash=3, processing_delay_by=0)
    assert stacks(s, 1) == [] and s.players[1].resources == 3 and s.players[1].ops == 4
    assert s.turn.actions == 0 and "op-processing-delay" in s.op_discard
    assert "returns to Ben's hand" in s.told


def test_a_lawyer_stops_processing_delay_and_the_blitz_cannot():
    s = started(hands=(5,))
    refused(s, "buy_milestone", "Bureaucratic Blitz cannot stop a Processing Delay", card="op-job", time=5,
            processing_delay_by=1, defense="op-bureaucratic-blitz")
    refused(s, "buy_milestone", "opponent's turn", card="op-job", time=5, processing_delay_by=0)
    refused(s, "play_action", "played on an opponent's turn as they buy", card="op-processing-delay")
    s = do(s, "buy_milestone", card="op-job", time=5, processing_delay_by=1, defense="op-lawyer")
    assert stacks(s, 0)[-1] == ("job", ("op-job",), None)


def test_attack_actions_hit_hands_and_purchases():
    s = started(hands=(0, 5, 0))
    s = do(s, "set_actions", actions=3)
    s = do(s, "play_action", card="op-notario-fraud", target=1)
    assert s.players[1].resources == 3
    s = do(s, "play_action", card="op-nsa", target=1, discard="op-lawyer")
    assert s.players[1].ops == 5 and "op-lawyer" in s.op_discard
    refused(s, "play_action", "name it in `discard`", card="op-nsa", target=1)
    s = do(s, "play_action", card="op-visa-backlog", target=1)
    s = do(s, "end_turn")
    refused(s, "buy_milestone", "Visa Backlog: Bo cannot buy", card="op-job", time=5)


def test_a_redirected_attack_action_must_do_something_to_its_new_target():
    s = do(started(hands=(0, 3, 0)), "set_hand", player=2, ops=0)
    refused(s, "play_action", "must have an effect on its new target: Cy holds no cards", card="op-nsa",
            target=1, discard="time", defense="op-bureaucratic-blitz", redirect_to=2)
    s = do(s, "play_action", card="op-notario-fraud", target=2)  # a useless card may still be played
    assert s.players[2].resources == 0 and "discards 0 random" in s.told


# ---- abilities once per turn ----------------------------------------------------------------------------

def test_abilities_are_free_once_per_turn_and_work_the_turn_they_are_bought():
    s = started(hands=(8,))
    s = do(s, "set_actions", actions=2)
    s = do(s, "buy_milestone", card="op-visa", document=1)
    s = do(s, "use_ability", card="op-visa", discard="op-overtime")
    assert s.players[0].ops == 6 - 1 and s.turn.actions == 1
    refused(s, "use_ability", "already used Visa's ability this turn", card="op-visa")
    refused(s, "use_ability", "works by itself", card="op-esl-classes")
    refused(s, "use_ability", "no Family", card="op-family")
    s = next_turn(s, to=0)
    assert do(s, "use_ability", card="op-visa").turn.uses("cycle_op") == 1


def test_when_abilities_start_and_the_hand_limit_follow_the_constants():
    s = started(hands=(20,))
    s = replace(s, consts=replace(s.consts, usable_when_bought=False, hand_limit=10))
    s = do(s, "buy_milestone", card="op-visa", document=1)
    refused(s, "use_ability", "bought Visa this turn.*from the next turn", card="op-visa")
    refused(s, "end_turn", "discard down to 10")
    s = do(do(s, "set_hand", player=0, resources=5), "end_turn")
    assert s.turn.player == 1


def test_family_takes_the_top_resource_discard():
    s = started(boards={0: ["op-family"]})
    assert do(s, "use_ability", card="op-family").players[0].resources == 3


# ---- the winner -----------------------------------------------------------------------------------------

def test_reaching_the_vp_cap_wins_at_once_and_ends_the_game():
    s = started(boards={0: ["op-naturalize", "op-small-business"]}, hands=(9,), vp_to_win=12)
    assert board.vp(s, 0) == 1 + 6 + 3 and s.phase == "play"
    s = do(s, "buy_milestone", card="op-skilled-job", cash=2, influence=1)  # 8 - 1 (ESL) = 7
    assert s.phase == "over" and s.winners == (0,)
    assert rules.score(s)["winners"] == [0] and rules.score(s)["finished"]
    refused(s, "end_turn", "The game is over: Ann reached 12 VP")
    assert do(s, "note", text="well played").notes == ("well played",)


def test_a_covered_stack_does_not_count_towards_the_cap():
    s = started(boards={1: ["op-naturalize", "op-small-business", "op-job"]}, vp_to_win=12)
    s = do(s, "play_attack", card="op-tax-audit", target=1, stack=1)
    s = do(s, "end_turn")
    s = do(s, "set_hand", player=1, resources=10)
    s = do(s, "buy_milestone", card="op-skilled-job", cash=2, influence=1)
    assert board.vp(s, 1) == 9 and s.phase == "play"


# ---- corrections and the contract -----------------------------------------------------------------------

def test_corrections_set_the_table_by_hand():
    s = started(boards={1: ["op-job", "op-job"]})
    s = do(s, "remove_milestone", player=1, stack=0, card="op-job")
    assert stacks(s, 1) == [("job", ("op-job",), None)]
    s = do(s, "play_attack", card="op-layoff", target=1, stack=0)
    s = do(s, "remove_attack", player=1, stack=0)
    assert stacks(s, 1) == [("job", ("op-job",), None)]
    refused(s, "remove_attack", "not Deported", player=1, deport=True)
    refused(s, "remove_milestone", "no stack 3", player=1, stack=3, card="op-job")
    refused(s, "set_hand", "no player 7", player=7, ops=1)


def test_hand_counts_guard_the_moves():
    s = do(started(), "set_hand", player=0, ops=0)
    refused(s, "play_action", "holds 0 Op card.*set_hand", card="op-overtime")


def test_unknown_cards_and_events_are_refused():
    refused(started(), "buy_milestone", "no Op card 'op-pony'", card="op-pony")
    refused(started(), "buy_milestone", "not a Milestone", card="op-lawyer")
    with pytest.raises(RuleError, match="Unknown event"):
        rules.apply(started(), Event(1, "add_points", {}))


def test_the_app_finds_this_module_and_its_state_is_immutable_and_picklable():
    assert rules_for(GAME).events is rules.EVENTS
    s = started(boards={1: ["op-job"]})
    assert pickle.loads(pickle.dumps(s)) == s
    before = pickle.dumps(s)
    do(s, "play_attack", card="op-layoff", target=1, stack=0)
    assert pickle.dumps(s) == before
    json.dumps(rules.view(s)), json.dumps(rules.score(s))


def test_a_payload_that_skipped_the_schema_is_refused_with_a_rule_error():
    # An imported log reaches apply without the app's schema check.
    with pytest.raises(RuleError, match="payload.player"):
        rules.apply(new(), Event(1, "mulligan", {"player": "Ann"}))
    assert rules.apply(new(), Event(1, "set_hand", {"player": 1, "ops": 2})).players[1].ops == 2
