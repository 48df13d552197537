"""Emigration's rules, pure: setup by player count with hidden cards and tokens, every Phase 1 action, fees,
college, Passports & Tickets, Life cards, Phase 2 trades (the rulebook's example exactly), winners, corrections."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig
from companion.rules.games import emigration as em
from companion.rules.games.emigration.state import HIDDEN

GAME = load_game(card_data_dir() / "emigration")
C = GAME.constants
ANN, BO, CY = 0, 1, 2
FRONT_LEFT, FRONT_RIGHT = 12, 13          # the two front cards of a Card Layout, available at the start
ANN_LAYOUT = ["doc-birth-certificate", "doc-national-id", "con-cousin", "con-classmate", "life-aug-street-lottery",
              None, None, None, None, "pay-payday", "life-aug-pickpocket", "doc-bank-statement",
              "con-recruiter", "pay-payday"]
BO_LAYOUT = ["doc-police-clearance", "doc-medical-exam", "con-pen-pal", "con-neighbour", "life-soc-symposium",
             None, None, None, None, "pay-payday", "life-soc-fair-share", "con-lawyer",
             "doc-diploma", "life-aug-exchange-rate"]
DEAL = {"packs": ["Augustine", "Socrates"], "passports": ["pass-passport"] * 2,
        "tickets": ["tick-budget-flight", "tick-ferry"], "first_rolls": [[6, 2]], "first_player": 0,
        "players": [{"nationality": "nat-india", "destination": "dest-canada", "career": "car-teacher",
                     "layout": ANN_LAYOUT},
                    {"nationality": "nat-kenya", "destination": "dest-germany", "career": "car-doctor",
                     "layout": BO_LAYOUT}]}


def act(state, kind, **payload):
    """Applies an event whose outcomes (rolls, reveals, token) the test names, as a replay would."""
    return em.apply(state, Event(1, kind, payload))


def drawn(state, kind, seed=0, **payload):
    """Appends an event as the app does: `prepare` draws with a seeded generator, then `apply`."""
    stored = em.prepare(state, kind, em.EVENTS[kind].check(payload), random.Random(seed))
    return em.apply(state, Event(1, kind, stored)), stored


def refused(state, kind, match, **payload):
    with pytest.raises(RuleError, match=match):
        act(state, kind, **payload)


def new_game(n=2):
    return em.setup(SetupConfig(("Ann", "Bo", "Cy", "Di", "Ed", "Flo")[:n], {}, GAME))


def table():
    """Two players dealt DEAL: Ann (India, 3 money, to Canada, Teacher) starts; Bo (Kenya, 3, to Germany, Doctor)."""
    return act(new_game(), "deal", deal=DEAL)


def arrange(state, p, cards, **changes):
    """Player p's Card Layout holds only `cards` ({slot: card id or HIDDEN}); other fields of p replaced too."""
    layout = tuple(cards.get(slot) for slot in range(C["cards_dealt_each"]))
    players = list(state.players)
    players[p] = replace(players[p], layout=layout, **changes)
    return replace(state, players=tuple(players))


def money(state):
    return [p.money for p in state.players]


# ---- setup -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_setup_deals_the_card_counts_of_the_table_for_each_player_count(n):
    state, stored = drawn(new_game(n), "deal", seed=n)
    key, d = str(n), state.data
    shown = Counter(d.card(c).kind for p in state.players for c in p.layout if c not in (None, HIDDEN))
    hidden = Counter(e if e in ("document", "connection", "payday") else "life" for e in state.hidden)
    assert shown["document"] + hidden["document"] == C["documents_by_players"][key]
    assert shown["connection"] + hidden["connection"] == C["connections_by_players"][key]
    assert shown["life"] + hidden["life"] == C["life_cards_by_players"][key]
    assert shown["payday"] + hidden["payday"] == C["paydays_by_players"][key]
    face_down = sum(p.layout.count(HIDDEN) for p in state.players)
    assert face_down + sum(shown.values()) == n * C["cards_dealt_each"]
    assert len(state.hidden) - face_down == C["cards_removed_unseen"]  # the cards removed unseen
    assert len(state.packs) == C["life_packs_by_players"][key]
    assert set(C["recommended_packs_2_players"]) <= set(state.packs)
    for player in state.players:
        assert len(player.layout) == C["cards_dealt_each"] and player.layout[5:9] == (HIDDEN,) * 4
        assert d.card(player.nationality).country != d.card(player.destination).country
        assert player.money == d.card(player.nationality).money and player.assurance == 0
    assert len({p.nationality for p in state.players}) == len({p.career for p in state.players}) == n
    assert len(state.passports) == len(state.tickets) == n
    assert state.lanes == (C["border_tokens_per_lane"],) * C["lanes"]
    assert state.phase == "preparation" and stored["deal"]["first_player"] == state.turn


def test_hidden_cards_and_border_tokens_stay_out_of_the_view_the_scores_and_the_log():
    state, stored = drawn(new_game(3), "deal", seed=11)
    for row in stored["deal"]["players"]:  # the log stores no face-down card at all
        assert row["layout"][5:9] == [None] * 4
    view = em.view(state)
    for player in view["players"]:
        for place in player["layout"][5:9]:
            assert place == {"slot": place["slot"], "row": 2, "face": "down"}
    assert view["lanes"] == [{"lane": lane, "tokens_left": 3, "drawn": []} for lane in range(1, 6)]
    assert "hidden" not in json.dumps(view) and "tokens" not in view
    assert "border_token" not in json.dumps(em.score(state))


def test_player_count_and_packs_follow_the_setup_table():
    with pytest.raises(RuleError, match="for 2 to 6 players, not 1"):
        new_game(1)
    refused(new_game(), "deal", "uses 2 different Life card packs, not 3", packs=["Augustine", "Seneca", "Hypatia"])
    refused(new_game(), "deal", "no Life card pack 'Plato'", packs=["Plato", "Seneca"])
    state, stored = drawn(new_game(), "deal", packs=["Seneca", "Hypatia"])
    assert state.packs == ("Seneca", "Hypatia")
    refused(state, "deal", "dealt already", deal=DEAL)


def test_a_destination_is_never_the_home_country():
    bad = {**DEAL, "players": [{**DEAL["players"][0], "destination": "dest-india"}, DEAL["players"][1]]}
    refused(new_game(), "deal", "cannot be their own country", deal=bad)


def test_highest_first_roll_starts_and_ties_roll_again():
    state = act(new_game(), "deal", deal={**DEAL, "first_rolls": [[4, 4], [2, 5]], "first_player": 1})
    assert state.turn == BO
    refused(new_game(), "deal", "do not name the recorded first player", deal={**DEAL, "first_rolls": [[1, 6]]})


# ---- Phase 1: buy, discard, fees, turns ----------------------------------------------------------------

def test_buy_pays_the_bank_and_a_card_from_someone_elses_layout_pays_its_owner_1():
    state = act(table(), "buy", player=ANN, owner=ANN, slot=FRONT_LEFT)  # Recruiter, 3, from her own layout
    assert money(state) == [0, 3] and state.players[ANN].stash == ("con-recruiter",) and state.turn == BO
    state = act(state, "buy", player=BO, owner=BO, slot=FRONT_LEFT)  # Apostilled Diploma, 3
    assert money(state) == [0, 0] and state.players[BO].stash == ("doc-diploma",) and state.turn == ANN


def test_the_rulebooks_fee_example_buying_or_discarding_the_neighbours_recruiter():
    state = arrange(arrange(table(), ANN, {0: "con-lawyer"}, money=5), BO, {FRONT_LEFT: "con-recruiter"}, money=0)
    bought = act(state, "buy", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(bought) == [5 - 3 - 1, 1] and bought.players[ANN].stash == ("con-recruiter",)  # 4 in all
    discarded = act(state, "discard", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(discarded) == [5 + 2 - 1, 1]  # takes 2 from the bank, hands 1 to Bo, keeps 1


def test_buy_needs_the_price_plus_the_fee_and_an_available_document_or_connection():
    state = table()
    refused(state, "buy",
            r"Ann has 3 money, but the Apostilled Diploma costs 3 plus 1 for Bo.*\(Required Action: BUY\)",
            player=ANN, owner=BO, slot=FRONT_LEFT)
    refused(state, "buy", "still covered: only available cards can be bought", player=ANN, owner=ANN, slot=9)
    refused(state, "buy", "face down", player=ANN, owner=ANN, slot=5)
    refused(state, "buy", "Life cards and Paydays are ACTIVATED", player=ANN, owner=ANN, slot=FRONT_RIGHT)
    refused(state, "buy", "It is Ann's turn, not Bo's", player=BO, owner=BO, slot=FRONT_LEFT)


def test_discard_takes_2_from_the_bank_and_pays_the_owner_1():
    state = act(table(), "discard", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(state) == [3 + C["discard_money"] - C["owner_fee"], 3 + C["owner_fee"]]
    assert state.discard == ("doc-diploma",)
    refused(state, "discard", "only Documents and Connections can be discarded", player=BO, owner=BO, slot=FRONT_RIGHT)


def test_uncovered_face_down_cards_are_turned_face_up_with_the_drawn_card():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])  # Exchange Rate Shock
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)          # Payday
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    refused(state, "activate", "records no card", player=ANN, owner=ANN, slot=9)  # that Payday uncovers place 5
    state, stored = drawn(state, "activate", seed=4, player=ANN, owner=ANN, slot=9)
    assert state.players[ANN].layout[5:7] == (stored["reveals"][0], HIDDEN)  # place 6 is still under place 10
    state, stored = drawn(state, "activate", seed=5, player=BO, owner=ANN, slot=10)  # Bo's Pickpocket uncovers 6
    assert state.players[ANN].layout[6] == stored["reveals"][0] and len(stored["reveals"]) == 1
    assert len(state.hidden) == 10 - 2 and em.view(state)["players"][ANN]["layout"][5]["face"] == "up"


def test_a_card_that_was_never_unseen_cannot_be_revealed():
    state = act(table(), "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_RIGHT, rolls=[3])
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT)
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    refused(state, "activate", "cannot be among the unseen cards", player=ANN, owner=ANN, slot=9,
            reveals=["con-recruiter"])  # already in the discard pile


def test_payday_pays_every_salary_with_pay_raises_and_nothing_in_college():
    state = arrange(table(), ANN, {FRONT_LEFT: "pay-payday"}, raises=(1, 3))
    state = arrange(state, BO, {FRONT_LEFT: "doc-diploma"}, in_college=True)
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_LEFT)
    assert money(state) == [3 + 2 + 1 + 3, 3]


def test_activating_from_someone_elses_layout_pays_the_owner_first():
    state = arrange(table(), ANN, {FRONT_LEFT: "doc-diploma"}, money=1)
    state = arrange(state, BO, {FRONT_LEFT: "life-sen-rent-hike"}, money=0)
    state = act(state, "activate", player=ANN, owner=BO, slot=FRONT_LEFT)
    assert money(state) == [0, 1]  # the fee to Bo, then Rent Hike takes what is left
    state = arrange(arrange(state, ANN, {FRONT_LEFT: "life-con-remittance"}), BO, {}, money=0)
    refused(state, "activate", "cannot pay Ann the 1 money", player=BO, owner=ANN, slot=FRONT_LEFT)


# ---- college ------------------------------------------------------------------------------------------------

def test_go_to_college_needs_1_more_money_than_the_nationality_card_and_a_free_pay_raise_slot():
    state = table()  # Ann is from India: 3 money on the card, and has 3
    refused(state, "go_to_college", r"needs at least 4 money, 1 more than the Nationality card's 3, and has 3",
            player=ANN, rolls=[1])
    refused(arrange(state, ANN, {}, money=9, raises=(1, 3)), "go_to_college", "no free Pay Raise slot", player=ANN)


@pytest.mark.parametrize(("have", "roll", "left", "in_college"), [(6, 5, 6, False), (6, 2, 1, True), (9, 6, 0, True)])
def test_tuition_is_the_roll_plus_the_nationality_money_or_the_turn_is_forfeited(have, roll, left, in_college):
    state = act(arrange(table(), ANN, {FRONT_LEFT: "doc-diploma"}, money=have), "go_to_college", player=ANN,
                rolls=[roll])
    assert state.players[ANN].money == left and state.players[ANN].in_college is in_college and state.turn == BO


def test_graduating_takes_a_roll_of_1_to_3_gives_assurance_and_the_pay_raises():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, in_college=True)
    state = act(state, "graduate", player=ANN, rolls=[4])
    assert state.players[ANN].in_college and state.turn == ANN
    refused(state, "graduate", "tried to graduate this turn already", player=ANN, rolls=[1])
    state = act(state, "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    refused(state, "graduate", "Bo is not in college", player=BO, rolls=[1])
    state = act(arrange(state, ANN, {FRONT_LEFT: "con-lawyer"}), "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    state = act(state, "graduate", player=ANN, rolls=[3])
    ann = state.players[ANN]
    assert not ann.in_college and ann.assurance == C["graduation_assurance"] and ann.raises == (1,)
    later = replace(arrange(state, ANN, {FRONT_LEFT: "con-lawyer"}, in_college=True), graduation_tried=False)
    state = act(later, "graduate", player=ANN, rolls=[1])
    assert state.players[ANN].raises == tuple(C["pay_raise_values"])
    assert em.view(state)["players"][ANN]["salary"] == 2 + 1 + 3


def test_sell_is_optional_and_takes_2_for_a_bought_document_or_connection():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, stash=("doc-tax-return", "pass-passport"))
    state = act(state, "sell", player=ANN, card="doc-tax-return")
    assert state.players[ANN].money == 3 + C["sell_money"] and state.turn == ANN
    refused(state, "sell", "has not bought the Tax Return", player=ANN, card="doc-tax-return")
    refused(state, "sell", "Only Documents and Connections can be sold", player=ANN, card="pass-passport")


# ---- exceptions -------------------------------------------------------------------------------------------

def test_forfeit_only_when_no_required_action_is_possible():
    refused(table(), "forfeit", "can still take a Passport or Ticket.*if you can do a Required Action, you must",
            player=ANN)
    state = replace(table(), passports=(), tickets=())
    state = arrange(state, ANN, {}, money=0)
    state = arrange(state, BO, {FRONT_LEFT: "life-con-remittance"}, money=0)
    state = act(state, "forfeit", player=ANN)  # Bo can still activate his own card: no stalemate money
    assert money(state) == [0, 0] and state.turn == BO


def test_when_nobody_can_act_every_player_takes_1_money():
    # only in a position set by hand: the owner of an available card can always act on it
    state = replace(table(), passports=(), tickets=())
    for p in (ANN, BO):
        state = arrange(state, p, {FRONT_LEFT: HIDDEN}, money=0)
    state = act(state, "forfeit", player=ANN)
    assert money(state) == [C["stalemate_money"]] * 2 and state.turn == BO


# ---- Passports & Tickets ----------------------------------------------------------------------------------

def test_passports_and_tickets_are_bought_or_taken_by_skipping_a_turn_and_both_give_1_assurance_once():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, money=5)
    state = act(state, "buy_travel", player=ANN, card="pass-passport")
    assert state.players[ANN].money == 0 and state.passports == ("pass-passport",)
    refused(state, "buy_travel", "Bo has 3 money, but the Ferry Crossing costs 5", player=BO, card="tick-ferry")
    state = act(state, "discard", player=BO, owner=BO, slot=FRONT_LEFT)
    state = act(state, "take_by_skipping", player=ANN, card="tick-ferry")
    assert state.players[ANN].pending == "tick-ferry" and state.turn == BO
    state = act(state, "discard", player=BO, owner=ANN, slot=FRONT_LEFT)
    ann = state.players[ANN]  # Ann's turn went to placing the ticket in her stash
    assert state.turn == BO and ann.pending is None and "tick-ferry" in ann.stash
    assert ann.assurance == C["passport_and_ticket_assurance"]
    state = replace(state, tickets=("tick-budget-flight",), turn=ANN)
    state = act(arrange(state, ANN, {FRONT_LEFT: "con-lawyer"}, money=9), "buy_travel", player=ANN,
                card="tick-budget-flight")
    assert state.players[ANN].assurance == C["passport_and_ticket_assurance"]  # still only once


def test_scalping_pays_the_seller_the_price_plus_1_and_needs_a_spare():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"}, stash=("tick-budget-flight", "tick-economy-flight"))
    state = replace(state, turn=BO)
    state = arrange(state, BO, {FRONT_LEFT: "doc-diploma"}, money=4, stash=("pass-passport",))
    refused(state, "take_by_skipping", "never taken by skipping", player=BO, card="tick-economy-flight")
    state = act(state, "scalp", player=BO, seller=ANN, card="tick-budget-flight")
    assert money(state) == [3 + 3 + C["scalping_fee"], 0]
    assert state.players[ANN].stash == ("tick-economy-flight",) and state.players[BO].assurance == 1
    state = arrange(replace(state, turn=BO), BO, {FRONT_LEFT: "doc-diploma"}, money=9)
    refused(state, "scalp", "only one ticket: you may only SCALP an extra", player=BO, seller=ANN,
            card="tick-economy-flight")


# ---- Life cards ----------------------------------------------------------------------------------------------

def test_the_two_exchange_rate_shocks_lose_then_gain_the_roll():
    state = arrange(table(), ANN, {FRONT_LEFT: "life-aug-exchange-rate", 0: "con-lawyer"}, money=5)
    state = arrange(state, BO, {FRONT_LEFT: "life-aug-exchange-rate"}, money=2)
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_LEFT, rolls=[4])
    assert money(state) == [1, 0] and state.shocks == 1
    state = act(state, "activate", player=BO, owner=BO, slot=FRONT_LEFT, rolls=[6])
    assert money(state) == [7, 6]


@pytest.mark.parametrize(("card", "extra", "before", "after", "assurance"), [
    ("life-aug-street-lottery", {"rolls": [5]}, [3, 9, 1], [8, 9, 1], 0),
    ("life-dio-cynics-wager", {"rolls": [5]}, [3, 9, 1], [0, 9, 1], 0),
    ("life-aug-pickpocket", {}, [3, 9, 1], [1, 9, 1], 0),
    ("life-con-remittance", {}, [3, 9, 1], [6, 9, 1], 0),
    ("life-epi-garden-party", {}, [3, 9, 1], [5, 11, 3], 0),
    ("life-sen-tax-season", {}, [3, 9, 1], [1, 7, 0], 0),
    ("life-soc-fair-share", {}, [3, 9, 1], [7, 9, 1], 0),         # the rulebook's example: 9 -> 4
    ("life-soc-know-thyself", {}, [3, 9, 1], [3, 9, 1], 1),
    ("life-con-family-dinner", {}, [3, 9, 0], [4, 8, 0], 0),
    ("life-con-cousins-wedding", {}, [1, 9, 0], [0, 10, 0], 0),   # pays on the left while the money lasts
    ("life-epi-shared-table", {}, [3, 9, 2], [4, 8, 2], 0),
    ("life-dio-lamp", {"target": CY}, [3, 9, 1], [4, 9, 0], 0),
    ("life-epi-holiday-bonus", {}, [3, 9, 1], [5, 9, 1], 0),
])
def test_life_card_effects(card, extra, before, after, assurance):
    state = replace(new_game(3), phase="preparation", turn=ANN)
    for p in (ANN, BO, CY):
        state = arrange(state, p, {FRONT_LEFT: card} if p == ANN else {0: "con-lawyer"}, money=before[p],
                        nationality="nat-india", destination="dest-canada", career="car-teacher")
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_LEFT, **extra)
    assert money(state) == after and state.players[ANN].assurance == assurance
    assert state.discard == (card,)


def test_lamp_in_daylight_needs_another_player():
    state = arrange(table(), ANN, {FRONT_LEFT: "life-dio-lamp"})
    refused(state, "activate", "name the player in 'target'", player=ANN, owner=ANN, slot=FRONT_LEFT)


def test_mental_fog_discards_a_face_up_life_card_even_covered_and_declutter_an_available_paper():
    state = arrange(table(), ANN, {FRONT_LEFT: "life-soc-mental-fog", FRONT_RIGHT: "life-dio-declutter"})
    state = arrange(state, BO, {0: "life-sen-rent-hike", 5: HIDDEN, 9: "pay-payday", FRONT_LEFT: "con-lawyer"})
    refused(state, "activate", "not a Life card", player=ANN, owner=ANN, slot=FRONT_LEFT, target=BO, target_slot=9)
    after = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_LEFT, target=BO, target_slot=0)
    assert after.players[BO].layout[0] is None and after.discard == ("life-sen-rent-hike", "life-soc-mental-fog")
    assert after.players[ANN].money == 3 and after.players[BO].money == 3  # nobody paid a fee for the fogged card
    state = replace(state, turn=ANN)
    refused(state, "activate", "still covered", player=ANN, owner=ANN, slot=FRONT_RIGHT, target=BO, target_slot=9)
    after = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_RIGHT, target=BO, target_slot=FRONT_LEFT)
    assert after.players[BO].layout[FRONT_LEFT] is None and money(after) == [3, 3]


def test_thesis_accepted_graduates_a_student_without_rolling():
    state = arrange(table(), ANN, {FRONT_LEFT: "life-hyp-thesis-accepted", 0: "con-lawyer"}, in_college=True)
    state = act(state, "activate", player=ANN, owner=ANN, slot=FRONT_LEFT)
    assert not state.players[ANN].in_college and state.players[ANN].raises == (1,)


def test_holiday_bonus_pays_nothing_in_college():
    state = arrange(table(), ANN, {FRONT_LEFT: "life-epi-holiday-bonus", 0: "con-lawyer"}, in_college=True)
    assert act(state, "activate", player=ANN, owner=ANN, slot=FRONT_LEFT).players[ANN].money == 3


# ---- end of Phase 1 ------------------------------------------------------------------------------------------

def test_the_last_layout_card_starts_phase_2_and_turned_cards_reach_the_stash():
    state = arrange(table(), ANN, {FRONT_LEFT: "con-lawyer"})
    state = arrange(state, BO, {}, pending="pass-passport")
    state = act(state, "discard", player=ANN, owner=ANN, slot=FRONT_LEFT)
    assert state.phase == "border" and state.turn == BO and state.players[BO].stash == ("pass-passport",)
    refused(state, "buy_travel", "belongs to Phase 1", player=BO, card="pass-passport")


# ---- Phase 2 --------------------------------------------------------------------------------------------------

def border(**ann):
    """Phase 2 with Ann to play, holding `ann` (money, stash, ...)."""
    state = arrange(arrange(table(), BO, {}), ANN, {}, **ann)
    return replace(state, phase="border", turn=ANN)


def test_the_rulebooks_withdrawal_example_comes_out_exactly():
    # Canada: 3 Connections = 5, 7 Money = 2, 2 Documents = 3; need 2 Documents, lose 3 per missing one
    state = border(money=15, stash=("doc-visa-form", "con-cousin", "con-mentor", "con-coworker"))
    state = act(state, "withdraw", player=ANN)
    ann = state.players[ANN]
    assert ann.assurance == 6 and ann.money == 1 and ann.stash == ("doc-visa-form",)
    assert "for 9 assurance, and loses 3 for 1 missing Document(s): 6 assurance now" in state.news[0]


def test_pay_raise_money_never_counts_and_the_penalty_never_goes_below_zero():
    state = act(border(money=6, raises=(1, 3)), "withdraw", player=ANN)  # 6 < 7: no set; no Documents: -6
    assert state.players[ANN].money == 6 and state.players[ANN].assurance == 0


def test_the_penalty_counts_documents_held_before_trading_them():
    state = replace(border(stash=("doc-visa-form", "doc-tax-return"), assurance=1), turn=ANN)
    state = act(state, "withdraw", player=ANN, document_sets=1)
    assert state.players[ANN].assurance == 1 + 3 and state.players[ANN].stash == ()


def test_withdraw_fewer_sets_but_never_more_than_held():
    state = border(money=15)
    refused(state, "withdraw", "at most 2 sets of 7 Money at Canada, not 3", player=ANN, money_sets=3)
    assert act(state, "withdraw", player=ANN, money_sets=1).players[ANN].money == 8


def test_crossing_the_border_needs_enough_assurance_and_a_passport_and_a_ticket():
    state = border(assurance=9, money=0, stash=("doc-visa-form", "doc-tax-return", "pass-passport", "tick-ferry"))
    refused(state, "cross_border", "must WITHDRAW ASSURANCE TOKENS before", player=ANN, lane=1, token=2)
    state = act(state, "withdraw", player=ANN, document_sets=0)
    refused(state, "cross_border", "no lane 6", player=ANN, lane=6, token=2)
    state = act(state, "cross_border", player=ANN, lane=2, token=8)
    ann = state.players[ANN]
    assert ann.entered and ann.assurance == 1 and state.lanes == (3, 2, 3, 3, 3) and state.turn == BO
    assert em.view(state)["lanes"][1] == {"lane": 2, "tokens_left": 2, "drawn": [8]}
    assert em.score(state)["finished"] is False  # Bo must attempt too
    state = act(act(state, "withdraw", player=BO), "cross_border", player=BO, lane=2, token=2)
    assert state.players[BO].entered is False and state.phase == "over"
    score = em.score(state)
    assert score["finished"] and score["winners"] == [ANN] and score["ultimate_winner"] == ANN
    refused(state, "withdraw", "The game is over", player=ANN)


def test_a_lane_with_no_token_left_cannot_be_chosen_and_a_drawn_token_must_be_left():
    state = act(border(assurance=3), "withdraw", player=ANN)
    refused(replace(state, lanes=(0, 3, 3, 3, 3)), "cross_border", "Lane 1 has no Border Control token left",
            player=ANN, lane=1, token=2)
    refused(replace(state, tokens=(3, 4)), "cross_border", "No Border Control token worth 8", player=ANN, lane=1,
            token=8)
    state, stored = drawn(state, "cross_border", seed=1, player=ANN, lane=4)
    assert state.drawn == ((4, ANN, stored["token"]),) and len(state.tokens) == 14


def finished(assurance, money, papers=(True, True)):
    state = table()
    for p in (ANN, BO):
        stash = ("pass-passport", "tick-ferry") if papers[p] else ()
        state = arrange(state, p, {}, assurance=assurance[p] + 2, money=money[p], stash=stash, withdrawn=True)
    state = replace(state, phase="border", turn=ANN)
    state = act(state, "cross_border", player=ANN, lane=1, token=2)
    return act(state, "cross_border", player=BO, lane=1, token=2)


@pytest.mark.parametrize(("assurance", "money", "papers", "winners", "ultimate"), [
    ((5, 4), (0, 9), (True, True), [ANN, BO], ANN),      # most assurance left
    ((5, 5), (2, 3), (True, True), [ANN, BO], BO),       # tied: most money
    ((5, 5), (3, 3), (True, True), [ANN, BO], None),     # tied on both: the joy is in the journey
    ((9, 1), (3, 3), (False, True), [BO], BO),           # no Passport and Ticket: Ann stays out
])
def test_everyone_who_entered_wins_and_the_ultimate_winner(assurance, money, papers, winners, ultimate):
    score = em.score(finished(assurance, money, papers))
    assert score["winners"] == winners and score["ultimate_winner"] == ultimate


# ---- corrections -----------------------------------------------------------------------------------------------

def test_corrections_set_money_assurance_turn_and_a_layout_card_by_hand():
    state = act(table(), "set_money", player=BO, money=12)
    state = act(state, "set_assurance", player=BO, assurance=4)
    state = act(state, "set_turn", player=BO)
    assert (state.players[BO].money, state.players[BO].assurance, state.turn) == (12, 4, BO)
    state = act(state, "set_card", owner=ANN, slot=FRONT_LEFT, card="con-mentor")  # Recruiter back to the unseen
    assert state.players[ANN].layout[FRONT_LEFT] == "con-mentor" and state.hidden.count("connection") == 1
    refused(state, "set_card", "cannot be among the unseen cards", owner=ANN, slot=FRONT_RIGHT, card="con-mentor")
    refused(state, "set_card", "face down", owner=ANN, slot=5, card="con-mentor")
    state = act(state, "set_identity", player=ANN, destination="dest-japan")
    assert state.players[ANN].destination == "dest-japan"
    refused(state, "set_identity", "never their own country", player=ANN, destination="dest-india")


def test_every_state_is_json_viewable_and_a_bad_payload_is_a_rule_error():
    state = table()
    assert json.loads(json.dumps(em.view(state)))["turn"] == ANN and json.dumps(em.score(state))
    with pytest.raises(RuleError, match="slot"):
        em.apply(state, Event(1, "buy", {"player": 0, "owner": 0}))
    with pytest.raises(RuleError, match="no event"):
        em.apply(state, Event(1, "teleport", {}))
