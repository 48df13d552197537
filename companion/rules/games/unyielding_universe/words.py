"""Unyielding Universe's moves as sentences for the history: who did what, each card named as printed."""

from __future__ import annotations

from typing import Any
from collections.abc import Mapping, Sequence

REASONS = {"draw_pile_empty": "the draw pile ran out", "life_complete": "a Life Complete card ended it",
           "life_well_lived": "A Life Well Lived"}


def printed(game: Any, card_id: Any) -> str:
    """A card as the table reads it, marked as a title: *First Steps* (1, green), *Life Complete* 44."""
    for deck in game.decks:
        for card in deck.cards:
            if card.id == card_id:
                if "year" in card.fields:
                    return f"*{card.name}* ({card['year']}, {card['colour']})"
                if "age" in card.fields:
                    return f"*{card.name}* {card['age']}"
                return f"*{card.name}*"
    return "a card"


def describe(event: Mapping[str, Any], players: Sequence[str], game: Any) -> str | None:
    kind, p = event["type"], event.get("payload") or {}
    who = players[p["player"]] if isinstance(p.get("player"), int) and 0 <= p["player"] < len(players) else "A player"
    card = printed(game, p.get("card"))
    drew = f"took {card} from the discard pile" if p.get("source") == "discard" else f"drew {card}"
    if kind == "deal":
        cards = p.get("cards") or []
        back = [c for c in p.get("returned") or [] if c in cards]
        listed = ", ".join(printed(game, c) for c in cards)
        said = (f"The app dealt {who} {listed}." if p.get("by_app") else f"{who} was dealt {listed}.") if cards \
            else f"{who} was dealt no cards."
        if back:
            said += (f" {', '.join(printed(game, c) for c in back)} {'goes' if len(back) == 1 else 'go'} back into "
                     f"the draw pile: {who} is dealt {'another card' if len(back) == 1 else f'{len(back)} more cards'}.")
        return said
    if kind == "choose_first_player":
        return f"{who} starts the round."
    if kind == "place_at_end":
        return f"{who} {drew} and put it at the end of their lifeline."
    if kind == "replace_card":
        return f"{who} {drew} and put it in place of {printed(game, p.get('replaced'))}, which goes to the discard pile."
    if kind == "discard_drawn":
        return f"{who} {drew} and let it go onto the discard pile."
    if kind == "play_life_complete":
        return f"{who} {drew} and played it at the end of their lifeline."
    if kind == "play_universe":
        return f"{who} {drew} and played it beside the draw pile, for everyone."
    if kind == "end_round":
        return f"{who} ended the round with their Life Complete card."
    if kind == "claim_life_well_lived":
        return f"{who}: “A Life Well Lived!” The round ends."
    if kind == "draw_pile_ran_out":
        return "The draw pile ran out: the round ends."
    if kind == "correct_card":
        where = {"lifeline": f"into {players[p['player']]}'s lifeline" if isinstance(p.get("player"), int)
                 and 0 <= p["player"] < len(players) else "into a lifeline",
                 "discard": "onto the discard pile", "draw_pile": "back into the draw pile",
                 "universe": "beside the draw pile as the active Universe card"}.get(p.get("to") or "", "elsewhere")
        return f"Correction: {card} moved {where}."
    if kind == "set_turn":
        return f"Correction: it is {who}'s turn."
    if kind == "finish":
        return "The table stopped the game by agreement: the highest totals win."
    return None
