"""The Op cards and rule constants of Unsettled, read once from card_data into frozen records.

Nothing here is typed in by hand: costs, VP, abilities and effects come from op.csv, and every
number of the rules from game.toml's [constants], so the printed cards, the rulebook and the app
always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.rules.contract import RuleError

KINDS = ("time", "cash", "influence", "document")  # the resources, cheapest first


@dataclass(frozen=True)
class OpCard:
    """One distinct Op card: what it is, what it costs (Time, Cash, Influence, Document) and does."""

    id: str
    name: str
    count: int
    kind: str                      # milestone, attack, defense, action
    cost: tuple[int, ...]
    milestone_type: str | None = None
    vp: int = 0
    only_one: bool = False
    ability: str | None = None     # ability_effect
    attack: str | None = None      # attack_effect: cover, discard_stack, deport
    target_type: str | None = None
    defense: str | None = None     # block, redirect
    action_type: str | None = None
    action: str | None = None      # action_effect
    amount: int = 0
    grants_action: bool = False
    timing: str = "own_turn"

    @property
    def has_document(self) -> bool:
        """The card shows a Document icon: a Document in its cost."""
        return self.cost[3] > 0


@dataclass(frozen=True)
class Consts:
    """The rule constants of game.toml this module plays by (names shortened, meanings unchanged)."""

    values: tuple[int, ...]    # worth of time, cash, influence, document in Time units
    change_given: bool
    vp_to_win: int
    vp_to_win_by_players: tuple[tuple[int, int], ...]
    starting_op_cards: int
    starting_resources: int
    mulligans: int
    start_free_milestones: int
    start_document_allowed: bool
    no_milestone_last: bool
    draw_resources: int
    draw_ops: int
    actions_per_turn: int
    ability_uses: int
    usable_when_bought: bool
    hand_limit: int
    covered_scores: bool
    only_one_when_covered: bool
    deport_by_disaster: bool
    blitz_count: int

    def value(self, kind: str) -> int:
        return self.values[KINDS.index(kind)]


def read_cards(game: Any) -> tuple[OpCard, ...]:
    """Every distinct Op card of the game's op deck."""
    cards = []
    for c in game.deck("op").cards:
        f = c.fields
        cards.append(OpCard(
            id=c.id, name=c.name, count=c.count, kind=f["kind"],
            cost=tuple(int(f.get(f"cost_{k}") or 0) for k in KINDS),
            milestone_type=f.get("milestone_type"), vp=int(f.get("vp") or 0), only_one=bool(f.get("only_one")),
            ability=f.get("ability_effect"), attack=f.get("attack_effect"), target_type=f.get("target_type"),
            defense=f.get("defense_effect"), action_type=f.get("action_type"), action=f.get("action_effect"),
            amount=int(f.get("amount") or 0), grants_action=bool(f.get("grants_action")),
            timing=f.get("timing") or "own_turn"))
    return tuple(cards)


def read_consts(constants: Any) -> Consts:
    """The [constants] table as Consts; a value this module cannot play by is refused with its key."""
    c = constants
    if c["first_player"] != "lowest_cost_starting_milestone":
        raise RuleError(f"game.toml's first_player = {c['first_player']!r} is not a rule this app knows; "
                        "it knows 'lowest_cost_starting_milestone'.")
    if not c["attacks_cover_whole_stack"]:
        raise RuleError("game.toml's attacks_cover_whole_stack = false is not a rule this app knows: "
                        "in Unsettled an Attack covers the whole stack.")
    values = c["resource_values"]
    return Consts(
        values=tuple(int(values[k]) for k in KINDS), change_given=bool(c["change_given"]),
        vp_to_win=int(c["vp_to_win"]),
        vp_to_win_by_players=tuple(sorted((int(k), int(v)) for k, v in c["vp_to_win_by_players"].items())),
        starting_op_cards=int(c["starting_op_cards"]), starting_resources=int(c["starting_resources"]),
        mulligans=int(c["mulligans"]), start_free_milestones=int(c["start_free_milestones"]),
        start_document_allowed=bool(c["start_milestone_document_allowed"]),
        no_milestone_last=bool(c["first_player_no_milestone_last"]),
        draw_resources=int(c["draw_resources_per_turn"]), draw_ops=int(c["draw_ops_per_turn"]),
        actions_per_turn=int(c["actions_per_turn"]), ability_uses=int(c["ability_uses_per_turn"]),
        usable_when_bought=bool(c["ability_usable_when_bought"]), hand_limit=int(c["hand_limit"]),
        covered_scores=bool(c["covered_stack_scores"]),
        only_one_when_covered=bool(c["only_one_still_counts_when_covered"]),
        deport_by_disaster=bool(c["deport_removable_by_natural_disaster"]),
        blitz_count=int(c["bureaucratic_blitz_count"]))
