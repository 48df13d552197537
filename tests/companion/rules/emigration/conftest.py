"""Shared for Emigration rules tests: the game, a two-player deal, and helpers to act and arrange layouts."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardgen.gamedata import card_data_dir, load_game
from companion.rules import Event, RuleError, SetupConfig
from companion.rules.games import emigration as em


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
