"""The rules of Unfair: CHKO Expansion as the companion app keeps them at the table.

Setup assistant (theme packs chosen, recommended or drawn from the randomiser bag, Game Changers, the
five-player rule, the Kaiju City deck), the round tracker (steps, Play-section turns with Hard Pass,
the Cleanup sequence, the Starting Player marker, coins), kaiju in the Market (entering, attack rolls,
hits, healing, defeat), the City's medal bank, and the end-game score sheet.

Solo Mode (option `solo`, the Solo Mode Game Changer) brings Quinn, the automated opponent: the rules
keep its record and apply its moves (quinn.py); its flowchart (card_data/unfair_chko/quinn.flow.toml)
is run by the bot side, which adds the quinn_turn, quinn_answer and quinn_level events
(companion/bots/unfair_chko.py).
"""

from __future__ import annotations

import random
from typing import Any
from collections.abc import Callable

from companion.rules.contract import Game
from companion.rules.contract import RuleError
from companion.rules.games.unfair_chko import city, kaiju, legal, medals, quinn, rounds, scoring, table_setup
from companion.rules.games.unfair_chko.events import EVENTS, OPTIONS, options_for
from companion.rules.games.unfair_chko.state import replace, State
from companion.rules.games.unfair_chko.view import view
from companion.rules.games.unfair_chko.words import describe

__all__ = ["EVENTS", "GAME", "OPTIONS", "VERSION", "apply", "describe", "options_for", "prepare", "score", "setup",
           "view"]

VERSION = "unfair_chko-2"

score = scoring.score


def setup(config) -> State:
    state = table_setup.setup(config)
    return quinn.arrive(state, (config.options or {}).get("quinn_level"))


def _advance(state: State, p: dict[str, Any]) -> State:
    quinn.must_have_acted(state)
    return rounds.advance(state, p)


CORRECTIONS = ("set_round", "set_starting_player", "set_coins", "kaiju_enters", "set_kaiju_health", "set_medals",
               "score_sheet", "note")


def _before(state: State, kind: str, p: dict[str, Any]) -> State:
    """While Quinn waits for the table's answer, the game waits too (corrections aside)."""
    if kind not in CORRECTIONS and state.solo and state.automa is not None and state.automa.bot.waiting:
        raise RuleError(f"Quinn is waiting for an answer first: {quinn.question(state, state.automa.bot)}")
    return state


def _note(state: State, p: dict[str, Any]) -> State:
    return replace(state, notes=state.notes + (p["text"],), told=p["text"])


HANDLERS: dict[str, Callable[[State, dict[str, Any]], State]] = {
    "choose_packs": table_setup.choose_packs,
    "use_recommended_packs": table_setup.use_recommended_packs,
    "draw_packs": table_setup.draw_packs,
    "choose_game_changers": lambda s, p: quinn.arrive(table_setup.choose_game_changers(s, p), None),
    "confirm_everyone_knows": table_setup.confirm_everyone_knows,
    "start_game": table_setup.start_game,
    "advance": _advance,
    "end_turn": rounds.end_turn,
    "cleanup": rounds.cleanup,
    "set_round": rounds.set_round,
    "set_starting_player": rounds.set_starting_player,
    "gain_coins": lambda s, p: rounds.coins(s, p, "gain_coins"),
    "pay_coins": lambda s, p: rounds.coins(s, p, "pay_coins"),
    "set_coins": lambda s, p: rounds.coins(s, p, "set_coins"),
    "take_loan": rounds.take_loan,
    "repay_loan": rounds.repay_loan,
    "roll_dice": rounds.roll_dice,
    "reveal_city": city.reveal_city,
    "kaiju_roll": kaiju.roll,
    "hit_kaiju": kaiju.hit,
    "kaiju_enters": kaiju.enters,
    "set_kaiju_health": kaiju.set_health,
    "award_medals": medals.award,
    "exchange_medals": medals.exchange,
    "sell_medals": medals.sell,
    "set_medals": medals.set_medals,
    "score_sheet": scoring.score_sheet,
    "add_attraction": scoring.add_attraction,
    "add_blueprint": scoring.add_blueprint,
    "add_panorama": scoring.add_panorama,
    "add_park_points": scoring.add_park_points,
    "end_game": rounds.end_game,
    "note": _note,
}

PREPARE: dict[str, Callable[[State, dict[str, Any], random.Random], dict[str, Any]]] = {
    "draw_packs": table_setup.prepare_draw,
    "start_game": table_setup.prepare_start,
    "kaiju_roll": kaiju.prepare_roll,
    "roll_dice": rounds.prepare_dice,
    "reveal_city": city.prepare_reveal,
}

assert all(EVENTS[k].random for k in PREPARE)


def prepare(state: State, kind: str, payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Draws the randomness an event needs (packs, the City deck, the starting player, dice) once, to be stored."""
    draw = PREPARE.get(kind)
    return draw(state, payload, rng) if draw else payload


# The game's end is checked move by move (rounds.playing, medals): the score sheet, coins and medals are
# still entered once the game is over, so Unfair does not opt into the contract's `over`.
GAME = Game(name="Unfair", events=EVENTS, moves=HANDLERS, setup=setup, score=score, view=view, prepare=prepare,
            turn=lambda state: state.turn, version=VERSION, options=OPTIONS, describe=describe, before=_before,
            legal=legal.legal, corrections=CORRECTIONS)
apply = GAME.apply
