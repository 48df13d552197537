"""ACTIVATE (life.py): Paydays, the owner's fee, and every Life card's effect."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.rules.games.emigration.state import HIDDEN

from .conftest import ANN, BO, CY, FRONT_LEFT, FRONT_RIGHT, act, arrange, money, new_game, refused, table


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
    refused(state, "activate", "choose which player", player=ANN, owner=ANN, slot=FRONT_LEFT)


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
