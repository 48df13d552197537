"""The City deck (city.py): built with the Kaiju pack as the rulebook says, hidden, one card a round."""

from __future__ import annotations

import json

import pytest

from companion.rules.games import unfair_chko as uc

from .conftest import C, GAME, act, refused, started, to_stage


KAIJU_IDS = {c.id: c.name for c in GAME.deck("city").cards if c["city_type"] == "kaiju"}


def types_of(state, deck):
    return [state.consts.city_card(card).type for card in deck]


@pytest.mark.parametrize("seed", range(5))
def test_the_kaiju_city_deck_is_built_as_the_rulebook_says(seed):
    state = started(packs=("Kaiju", "Ocean", "Hacker"), players=("Ann", "Bo", "Cy"), seed=seed)
    deck = state.city_deck
    assert types_of(state, deck) == list(C["kaiju_city_deck_order"])   # 4 Funfair, Closure, 3 kaiju, 1 Unfair
    assert all(state.consts.city_card(c).pack in ("Kaiju", "Ocean", "Hacker") for c in deck if c != "blueprint_closure")
    assert state.consts.city_card(deck[-1]).pack != "Kaiju"            # "Unfair" from the other packs
    assert len(set(deck)) == len(deck)


def test_the_deck_differs_by_seed_and_names_base_game_packs_by_pack():
    decks = {started(seed=s).city_deck for s in range(8)}
    assert len(decks) > 1
    pirate = started(packs=("Kaiju", "Pirate"), seed=3)
    assert pirate.city_deck[-1].startswith("unfair:Pirate:")
    assert "Pirate pack" in pirate.consts.city_card(pirate.city_deck[-1]).name


def test_no_city_deck_without_the_kaiju_pack():
    state = started(packs=("Ocean", "Hacker"))
    assert state.city_deck is None and uc.view(state)["city"]["kept_by_app"] is False
    state = act(to_stage(state, 1, 1), "reveal_city", card="Regatta Day")
    assert uc.view(state)["city"]["current"] == ["Regatta Day"]


def test_the_city_deck_stays_hidden_and_kaiju_arrive_in_round_five():
    state = started(seed=11)
    hidden = [KAIJU_IDS[c] for c in state.city_deck if c in KAIJU_IDS]
    assert len(hidden) == C["kaiju_per_game"]
    shown = json.dumps(uc.view(state))
    assert not any(name in shown for name in KAIJU_IDS.values()) and "city-" not in shown
    assert uc.view(state)["city"]["cards_left"] == 9
    for round_ in range(1, 5):
        state = act(to_stage(state, round_, 1), "reveal_city")
        assert not state.market and state.consts.city_card(state.city_now[0]).type == "funfair"
    state = act(to_stage(state, 5, 1), "reveal_city")
    assert [state.consts.city_card(c).type for c in state.city_now] == ["blueprint_closure", "kaiju"]
    assert state.round == C["kaiju_arrival_round"] and [k.space for k in state.market] == [1]
    assert uc.view(state)["market"][0]["kaiju"] == hidden[0] and hidden[1] not in json.dumps(uc.view(state))
    refused(state, "reveal_city", "already revealed: one City card each round")
    refused(state, "advance", "roll for them")


def test_city_cards_are_revealed_only_in_the_city_section():
    state = started()
    refused(state, "reveal_city", "City section of the Events step, and this is the Events step \\(Draw section\\)")
    refused(act(state, "advance"), "advance", "Reveal this round's City card")
