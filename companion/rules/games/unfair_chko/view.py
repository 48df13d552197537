"""The public view of a game of Unfair: everything the table may see, and nothing of the City deck's order."""

from __future__ import annotations

from typing import Any

from companion.rules.contract import recent
from companion.rules.games.unfair_chko import city, kaiju, quinn
from companion.rules.games.unfair_chko.state import State


def view(state: State) -> dict[str, Any]:
    c = state.consts
    rounds = state.rounds or (c.first_date_rounds if state.uses(c.first_date) else c.rounds)
    return {
        "phase": state.phase,
        "round": state.round, "rounds": rounds,
        "step": state.step if state.phase == "play" else None,
        "section": (state.section or None) if state.phase == "play" else None,
        "steps": [{"step": step, "section": section or None} for step, section in c.stages],
        "stage": state.stage,
        "starting_player": state.starting_player if state.phase != "setup" else None,
        "turn": state.turn, "play_over": state.play_over,
        "cleanup": [{"step": i + 1, "text": text, "done": i < state.cleanup} for i, text in enumerate(c.cleanup_steps)],
        "players": [{"name": pl.name, "coins": pl.coins, "silver_medals": pl.silver, "gold_medals": pl.gold,
                     "loans": pl.loans, "hard_passed": pl.hard_passed} for pl in state.players],
        "setup": _setup(state),
        "city": {
            "kept_by_app": state.city_deck is not None,
            "cards_left": None if state.city_deck is None else len(state.city_deck),
            "revealed_this_round": state.city_round == state.round and state.phase == "play",
            "current": [city.name(c, card) for card in state.city_now],
            "revealed": [city.name(c, card) for card in state.city_seen],
            "discard": [city.name(c, card) for card in state.city_discard],
        },
        "market": [_kaiju(state, k) for k in state.market],
        "kaiju_rolled_this_round": state.rolled_round == state.round and state.phase == "play",
        "last_kaiju_roll": [{"kaiju": c.city_card(a.card).name, "space": a.space, "health": a.health,
                             "dice": list(a.dice), "attacks": a.attacks, "healed_all": a.healed}
                            for a in state.last_roll],
        "medals": {"supply_silver": state.supply_silver, "supply_gold": state.supply_gold,
                   "silver_points": c.silver_points, "gold_points": c.gold_points,
                   "silver_sell_coins": c.silver_sell_coins, "silver_per_gold": c.silver_per_gold},
        "quinn": quinn.view(state),
        "may": _may(state),
        "dice": list(state.dice),
        "told": state.told,
        "notes": recent(state.notes),
    }


def _may(state: State) -> dict[str, bool]:
    """Which of the table's moves the rules accept now, so the page offers only those (no false buttons)."""
    c, n = state.consts, len(state.players)
    play = state.phase == "play"
    city_now = play and state.section == "City"
    packs_ready = bool(state.packs) and (len(state.packs) == n or state.solo)
    return {
        "start": state.phase == "setup" and packs_ready and (n < c.max_players or state.everyone_knows),
        "confirm_everyone_knows": state.phase == "setup" and n == c.max_players and not state.everyone_knows,
        "reveal_city": city_now and state.city_round != state.round,
        "roll_kaiju": city_now and state.city_round == state.round and bool(state.market)
        and state.rolled_round != state.round,
        "play_events": play and state.section == "Play" and state.turn is not None,
        "cleanup": play and state.step == "Cleanup" and state.cleanup < len(c.cleanup_steps),
        "advance": play and quinn.holding(state) is None and not (state.section == "Play" and not state.play_over) and not (
            state.step == "Cleanup" and state.cleanup < len(c.cleanup_steps)) and not (
            city_now and (state.city_round != state.round or (state.market and state.rolled_round != state.round))),
        "score_sheet": state.phase == "scoring",
        "end_game": state.phase in ("setup", "play", "scoring"),
        "coins": play,
    }


def _kaiju(state: State, k: Any) -> dict[str, Any]:
    c = state.consts
    card = c.city_card(k.card)
    odds = kaiju.chance(c, k.health)
    total = c.die_sides ** c.kaiju_dice
    return {"space": k.space, "kaiju": card.name, "health": k.health, "starting_health": card.health,
            "heads": card.heads, "attack": card.text, "chance_of_attack": round(float(odds), 4),
            "chance_text": "always" if odds == 1 else f"{int(odds * total)} in {total}"}


def _setup(state: State) -> dict[str, Any]:
    c, n = state.consts, len(state.players)
    return {
        "packs": list(state.packs),
        "drawn_tokens": list(state.drawn_tokens),
        "recommended_packs": list(dict(c.recommended).get(n, ())),
        "known_packs": list(c.known_packs),
        "kaiju_pack": city.kaiju_pack(c) in state.packs,
        "game_changers": [{"name": name, "text": text, "chosen": name in state.game_changers}
                          for name, text in c.game_changers],
        "new_players": state.new_players,
        "everyone_knows_the_game": state.everyone_knows,
        "five_player_rule": c.five_player_note if n == c.max_players else None,
        "solo": state.solo,
        "automated_opponent": quinn.NAME if state.solo else None,
    }
