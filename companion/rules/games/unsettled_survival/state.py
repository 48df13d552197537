"""The state of a game of Unsettled: frozen dataclasses and tuples, changed only with dataclasses.replace.

A few small helpers that every rule module uses live here too: replacing one explorer, writing to the
crew's journal, and the seeded draws (each event that may draw carries a seed; the n-th draw of that
event is taken from (seed, n), so replaying a log draws the same cards and dice).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from companion.rules.contract import RuleError
from companion.rules.games.unsettled_survival.book import Book
from companion.rules.records import evolve as replace

JOURNAL_KEPT = 60




@dataclass(frozen=True)
class Explorer:
    """One explorer's dashboard and where their miniature stands."""

    name: str
    endurance: int
    focus: tuple[int, ...]                         # by constants.focus_types: awareness, wonder, energy
    node: str                                      # "scarab" or an Environment card id
    pursuit: str | None = None                     # the discipline the Scientific Pursuit cube points up
    insight: int = 1                               # space of the Insight track (1 = bottom)
    comprehension: tuple[str, ...] = ()            # disciplines of the Comprehension tokens held
    breakthroughs: tuple[str, ...] = ()            # Breakthrough card ids
    anomalies: tuple[str, ...] = ()                # Anomaly card ids, each holding a Discovery token
    distress: tuple[tuple[str, str], ...] = ()     # (dashboard action, Distress card id)
    trait: str | None = None                       # Trait tile id


@dataclass(frozen=True)
class Pending:
    """A choice the rules wait for before play goes on (a 'resolve' event answers it)."""

    kind: str          # lose_focus, gain_focus, place_distress, trust_focus
    player: int        # whose choice (-1: the whole crew)
    amount: int = 1    # focus steps; for trust_focus the signed step (+1 / -1) per cube
    count: int = 1     # trust_focus: how many cubes to turn
    reason: str = ""


@dataclass(frozen=True)
class Turn:
    """The active explorer's turn checklist."""

    player: int
    number: int = 1
    rest: str | None = None                         # the cube on REST
    placed: tuple[tuple[str, str], ...] = ()        # (cube, action) on action spaces
    moves_left: int = 1
    moving: str = "no"                              # no / yes / ended: movement is one continuous move
    luna_moves: int = 1
    luna_scans: int = 1
    luna_functions: int = 1
    breakthroughs: tuple[str, ...] = ()             # Breakthroughs used this player turn
    effects: tuple[str, ...] = ()                   # Breakthrough effects active this turn
    shields: tuple[int, ...] = ()                   # explorers whose next Endurance loss is prevented
    used: tuple[str, ...] = ()                      # Opportunity cards whose action was used (complete at regroup)
    built: tuple[str, ...] = ()                     # Structures built this turn (flip at regroup)
    destroyed: tuple[str, ...] = ()                 # Structures destroyed this turn (return at regroup)


@dataclass(frozen=True)
class Game:
    book: Book
    explorers: tuple[Explorer, ...]
    turn: Turn
    time: int
    triggers: tuple[int, ...]
    trust: str
    luna: str = "scarab"
    nodes: tuple[tuple[str, int, int], ...] = (("scarab", 0, 0),)   # revealed nodes and where they lie
    cubes: tuple[tuple[str, int, int], ...] = ()    # (node, Data, Materials) lying on nodes
    investigated: tuple[str, ...] = ()
    structures: tuple[tuple[str, str, str], ...] = ()  # (kind, node, building/active/destroyed)
    opportunities: tuple[tuple[str, str, str], ...] = ()  # (card, node, Moment marker)
    relay: str | None = None                        # the node of the relay (objective of page 2)
    data: int = 0                                   # in the Database
    materials: int = 0                              # in the Stockpile
    power: int = 0                                  # discs in the Dynamo's upper half
    environment: tuple[str, ...] = ()               # undrawn Environment cards
    opportunity_deck: tuple[str, ...] = ()          # undrawn Opportunity cards
    piles: tuple[tuple[str, int], ...] = ()         # (Moment marker, cards left in its pile)
    anomaly_deck: tuple[str, ...] = ()
    breakthrough_deck: tuple[str, ...] = ()
    distress_left: int = 0                          # Distress cards left in the pile
    discoveries_left: int = 0
    investigated_left: int = 0
    page: int = 1                                   # the open Survival Task page
    done: tuple[str, ...] = ()                      # objectives completed
    outcome: str = "playing"                        # playing / victory / hollow_victory / defeat
    started: bool = False
    pending: tuple[Pending, ...] = ()
    journal: tuple[str, ...] = ()
    trigger_log: tuple[tuple[int, str, str], ...] = ()  # (space, effect, what happened) of each Trigger resolved
    draw_seed: int = 0
    draws: int = 0


def explorer(game: Game, player: int) -> Explorer:
    if not 0 <= player < len(game.explorers):
        raise RuleError(f"There is no explorer {player}: the explorers are numbered 0 to {len(game.explorers) - 1}.")
    return game.explorers[player]


def with_explorer(game: Game, player: int, **changes: Any) -> Game:
    explorers = list(game.explorers)
    explorers[player] = replace(explorers[player], **changes)
    return replace(game, explorers=tuple(explorers))


def note(game: Game, text: str) -> Game:
    """Writes a line in the crew's journal (what the rules did on their own, e.g. a Trigger)."""
    return replace(game, journal=(game.journal + (text,))[-JOURNAL_KEPT:])


def conscious(game: Game, player: int) -> bool:
    return game.explorers[player].endurance > bottom(game)


def bottom(game: Game) -> int:
    """The Endurance value at the bottom of the track: an explorer there is unconscious."""
    return game.book["endurance_start"] - game.book["endurance_track_length"]


def trait_side(game: Game, player: int, action: str) -> str | None:
    """'white' or 'black' when the explorer's Trait tile sits on `action` (Group Trust picks the side)."""
    trait = game.explorers[player].trait
    if trait is None or game.book.card(trait).get("action") != action:
        return None
    return "white" if game.trust == game.book["trust_states"][0] else "black"


def comprehension_on(game: Game, node: str, discipline: str) -> bool:
    """Comprehension is shared: any explorer on the node who holds it brings it."""
    return any(e.node == node and discipline in e.comprehension for e in game.explorers)


def focus_index(game: Game, cube: str) -> int:
    types = game.book["focus_types"]
    if cube not in types:
        raise RuleError(f"That is not a Focus cube: the cubes are {', '.join(t.capitalize() for t in types)}.")
    return types.index(cube)


def draw(game: Game, pool: tuple[str, ...]) -> tuple[Game, str]:
    """A card drawn at random from `pool` (the face-down deck), by this event's seed."""
    rng = random.Random(f"{game.draw_seed}:{game.draws}")
    return replace(game, draws=game.draws + 1), pool[rng.randrange(len(pool))]


def roll(game: Game, sides: int) -> tuple[Game, int]:
    rng = random.Random(f"{game.draw_seed}:{game.draws}")
    return replace(game, draws=game.draws + 1), rng.randint(1, sides)


def names(game: Game, players: Any) -> str:
    return ", ".join(game.explorers[p].name for p in players) or "nobody"
