"""Choosing a showcase's cards: the default, --deck and --cards, and each wrong choice as one clear line."""

from __future__ import annotations

import pytest

from cardgen.gamedata import load_game
from cardgen.showcase.choose import LIMITS, ShowcaseError, card_ids, choose
from tests.cardgen.showcase.colour_game import colour_game


@pytest.fixture
def game(make_game):
    return load_game(colour_game(make_game))


def ids(chosen) -> list[str]:
    return [card.id for _, card in chosen]


def test_the_default_is_the_first_five_cards_of_the_first_deck(game):
    assert ids(choose(game, "fan")) == ["h-1", "h-2", "h-3", "h-4", "h-5"]
    assert ids(choose(game, "fan", deck_id="villains")) == ["v-1", "v-2"]


def test_cards_are_shown_in_the_order_given_from_any_deck(game):
    chosen = choose(game, "row", cards="h-3, v-1,h-1,h-3")
    assert ids(chosen) == ["h-3", "v-1", "h-1", "h-3"]
    assert [deck.id for deck, _ in chosen] == ["heroes", "villains", "heroes", "heroes"]


def test_an_unknown_deck_names_the_decks_and_the_nearest(game):
    with pytest.raises(ShowcaseError) as raised:
        choose(game, "fan", deck_id="heros")
    assert str(raised.value) == ("--deck 'heros': swatches has no such deck (its decks: heroes, villains); "
                                 "did you mean 'heroes'?")


def test_an_unknown_card_says_did_you_mean(game):
    with pytest.raises(ShowcaseError, match=r"^--cards 'h-11': swatches has no card of that id; did you mean "
                                            r"'h-1'\?$"):
        choose(game, "fan", cards="h-2,h-11")
    with pytest.raises(ShowcaseError, match=r"^--cards 'zzz': deck 'heroes' has no card of that id$"):
        choose(game, "fan", deck_id="heroes", cards="zzz")


def test_a_card_of_another_deck_names_its_deck(game):
    with pytest.raises(ShowcaseError, match=r"that card is in deck 'villains', not 'heroes'; name its deck with "
                                            r"--deck villains, or leave --deck out"):
        choose(game, "fan", deck_id="heroes", cards="v-1")


def test_too_many_cards_for_a_style_points_to_a_roomier_one(game):
    many = ",".join(["h-1"] * (LIMITS["row"] + 1))
    with pytest.raises(ShowcaseError) as raised:
        choose(game, "row", cards=many)
    assert str(raised.value) == ("--cards: 11 cards are too many for --style row, which shows at most 10; "
                                 "--style fan shows up to 15")
    assert len(choose(game, "grid", cards=many)) == 11


def test_an_empty_id_is_refused():
    with pytest.raises(ShowcaseError, match="an empty card id"):
        card_ids("h-1,,h-2")
