"""The Unyielding Universe bot's host: the facts its flowchart reads and the rule events its hooks become.

One host per seat. `world` is the rules' own State; every hook turns the bot's decision into one of the
game's events (place_at_end, replace_card, discard_drawn, play_life_complete, play_universe, end_round,
claim_life_well_lived, draw_pile_ran_out), chosen among the game's legal moves for its seat
(companion.rules.games.unyielding_universe.legal), and applies it with the rules module, which checks it.
The drawn card is known from the table's answers, kept in the bot's tracked numbers: drawn_year and
skip (which of the cards of that year still in the draw pile it is), drawn_age, drawn_universe, or
from_discard = 1 when the bot took the top of the discard pile.
"""

from __future__ import annotations

from typing import Any

from companion.bots.flowrun import Bot
from companion.bots.memo import MemoFacts
from companion.bots.lifeline_sense import best_swap, extends
from companion.rules.contract import Event, RuleError, Rules
from companion.rules.games.unyielding_universe.legal import legal as candidates
from companion.rules.games.unyielding_universe.cards import YearCard, describe
from companion.rules.games.unyielding_universe.lifeline import counted, ends_with_life_complete
from companion.rules.games.unyielding_universe.places import draw_pile_size, in_draw_pile
from companion.rules.games.unyielding_universe.public import may_claim
from companion.rules.games.unyielding_universe.scoring import round_points
from companion.rules.games.unyielding_universe.state import State
from companion.rules.legal import Move, matching

UNIVERSES = ("vengeful", "annoying", "heirless", "joyless", "regretful", "restless", "forgiving")  # 1..7 in order


class UniverseHost(MemoFacts):
    """Facts and hooks of the bot in seat `seat`; the rules check every event its hooks make."""

    # the legal moves of one event for one state and seat, the last asked (immutable states: compared by identity)
    _offered: tuple[State, str, int, list[Move]] | None = None

    def __init__(self, rules: Rules, seat: int):
        self.rules, self.seat = rules, seat
        self._years: tuple[Any, dict[int, tuple[YearCard, ...]]] | None = None  # the catalog's cards by year

    # -- the drawn card -------------------------------------------------------------------------
    def candidates(self, state: State, year: int) -> list[YearCard]:
        """The Year cards of `year` still in the draw pile, in card-list order."""
        return [c for c in self._by_year(state).get(year, ()) if in_draw_pile(state, c.id)]

    def _by_year(self, state: State) -> dict[int, tuple[YearCard, ...]]:
        if self._years is None or self._years[0] is not state.catalog:
            index: dict[int, tuple[YearCard, ...]] = {}
            for card in state.catalog.years:
                index[card.year] = index.get(card.year, ()) + (card,)
            self._years = (state.catalog, index)
        return self._years[1]

    def drawn(self, state: State, bot: Bot) -> YearCard | None:
        values = dict(bot.values)
        if values["from_discard"]:
            top = state.catalog.find(state.discard[-1]) if state.discard else None
            return top if isinstance(top, YearCard) else None
        if values["drawn_year"] < 0:
            return None
        found = self.candidates(state, values["drawn_year"])
        return found[min(values["skip"], len(found) - 1)] if found else None

    # -- facts ----------------------------------------------------------------------------------
    def _facts(self, state: State, bot: Bot) -> dict[str, Any]:
        me, line = self.seat, state.lifelines[self.seat]
        values = dict(bot.values)
        may_end = ends_with_life_complete(state, line)
        leading = may_end and sum(round_points(state, me)) > max(
            (sum(round_points(state, p)) for p in range(len(state.players)) if p != me), default=0)
        top = state.catalog.find(state.discard[-1]) if state.discard else None
        top_gain = 0
        if isinstance(top, YearCard) and bot.level >= 2 and values["drawn_year"] < 0:  # only a Planner looks
            swap = best_swap(state, line, top)
            top_gain = 2 if extends(state, line, top) else int(swap.replaced is not None)
        found = self.candidates(state, values["drawn_year"]) if values["drawn_year"] >= 0 else []
        card = self.drawn(state, bot)
        facts: dict[str, Any] = {
            "pile_left": draw_pile_size(state), "may_claim": may_claim(state, me),
            "may_end": may_end, "leading": leading,
            "balanced": len(counted(state, line)), "discard_gain": top_gain,
            "discard_name": describe(top) if top is not None else "nothing",
            "candidates": len(found), "candidate_name": describe(found[values["skip"]]) if values["skip"] < len(found)
            else "none", "drawn_name": describe(card) if card else "no card",
            "fits_end": False, "swap_gain": 0, "swap_room": 0, "swap_points": 0, "swap_name": "none"}
        if card is not None:
            swap = best_swap(state, line, card)
            facts.update(fits_end=extends(state, line, card), swap_gain=swap.gain, swap_room=swap.room, swap_points=swap.points,
                         swap_name=describe(state.catalog.year(swap.replaced)) if swap.replaced else "none")
        return facts

    # -- hooks: each becomes one event of the rules ----------------------------------------------
    def event(self, name: str, state: State, bot: Bot) -> tuple[str, dict[str, Any]]:
        """The rule event a hook stands for, as (type, payload)."""
        me, values = self.seat, dict(bot.values)
        source = "discard" if values["from_discard"] else "draw_pile"
        if name in ("end_round", "claim_life_well_lived"):
            return name, {"player": me}
        if name == "draw_pile_ran_out":
            return name, {}
        if name == "play_life_complete":
            ages = [lc for lc in state.catalog.life_completes if lc.age == values["drawn_age"]
                    and in_draw_pile(state, lc.id)]
            if not ages:
                raise RuleError(f"No Life Complete {values['drawn_age']} is left in the draw pile: check the card's age.")
            return name, {"player": me, "card": ages[0].id, "source": "draw_pile"}
        if name == "play_universe":
            effect = UNIVERSES[values["drawn_universe"] - 1]
            universe = next(u for u in state.catalog.universes if u.id == f"univ-{effect}")
            return name, {"player": me, "card": universe.id, "source": "draw_pile"}
        card = self.drawn(state, bot)
        if card is None:
            raise RuleError(f"No Year card of year {values['drawn_year']} is left in the draw pile: check the card.")
        if name == "replace_card":
            swap = best_swap(state, state.lifelines[me], card)
            if swap.replaced is None:
                raise RuleError(f"{describe(card)} improves nothing in the lifeline, so it replaces no card.")
            return name, {"player": me, "card": card.id, "source": source, "replaced": swap.replaced}
        if name in ("place_at_end", "discard_drawn"):
            return name, {"player": me, "card": card.id, "source": source}
        raise RuleError(f"The Unyielding Universe bot has no hook {name!r}.")

    def hook(self, name: str, world: State, bot: Bot) -> tuple[State, Bot, str]:
        kind, payload = self.event(name, world, bot)
        self.chosen(world, kind, payload)
        after = self.rules.apply(world, Event(0, kind, payload))
        return after, bot, self.outcome(after, len(world.rounds))

    def chosen(self, state: State, kind: str, payload: dict[str, Any]) -> Move:
        """The bot's move among the game's legal moves for its seat (the rules' candidates, which the contract only
        confirms): a move the list does not hold is refused with the reason the rules give, or a sentence."""
        kept = UniverseHost._offered  # the table's answers are each tried on one state, by a new host every time
        if kept is None or kept[0] is not state or kept[1] != kind or kept[2] != self.seat:
            kept = (state, kind, self.seat, [m for m in candidates(state, kind) if m.seat in (None, self.seat)])
            UniverseHost._offered = kept
        found = matching(kept[3], kind, payload)
        if found is None:
            self.rules.apply(state, Event(0, kind, payload))  # the rules' own sentence, when they refuse it
            raise RuleError(f"{state.name(self.seat)} (a bot) cannot make that move now: it is not one of the moves "
                            "the rules offer. Tell the bot what the table really drew.")
        return found

    def outcome(self, state: State, rounds_before: int) -> str:
        """How the move came out: the round's scores if it ended the round, else the bot's lifeline now."""
        if len(state.rounds) > rounds_before:
            done = state.rounds[-1]
            scores = ", ".join(f"{state.name(p)} {sum(points)}" for p, points in enumerate(done.points))
            return f"Round {done.number} is scored: {scores}."
        line = state.lifelines[self.seat]
        return (f"The bot's lifeline holds {len(line.years)} Year card(s), {len(counted(state, line))} of them "
                f"balanced; {sum(round_points(state, self.seat))} points if the round ended now.")
