"""Setting up a game: the crew on the Scarab, Focus by player count and difficulty, Triggers from page 1.

Options (all optional): difficulty (constants.difficulty_focus_modifier), first_player (the rulebook
picks at random: the table does, and says who), pursuits (each explorer's discipline) and traits (the
Trait tile each explorer kept; otherwise choose_trait before the first turn).
"""

from __future__ import annotations

from companion.rules.contract import RuleError, SetupConfig
from companion.rules.fields import EventSpec, Field, FieldError
from companion.rules.games.unsettled_survival.book import SCARAB, Book, read_book
from companion.rules.games.unsettled_survival.state import Explorer, Game, Turn


def options_spec(book: Book) -> EventSpec:
    return EventSpec("Options of a new game of Unsettled.", {
        "difficulty": Field("string", required=False, choices=tuple(k for k, _ in book["difficulty_focus_modifier"]),
                            default=book["default_difficulty"], label="Difficulty",
                            description="sets the starting Focus"),
        "first_player": Field("integer", required=False, minimum=0, maximum=11, default=0, label="Who plays first",
                              seat=True, description="the table draws at random"),
        "pursuits": Field("array", required=False, items=Field("string", choices=tuple(book["disciplines"])),
                          max_items=12, label="Scientific Pursuit", per_player=True,
                          description="each explorer's, or chosen later at the table"),
        "traits": Field("array", required=False, items=Field("string", max_length=64), max_items=12,
                        label="Trait tiles", description="the Trait each explorer kept, in player order, separated "
                                                         "by commas; or chosen later"),
    })


def setup(config: SetupConfig) -> Game:
    book = read_book(config.game)
    count = len(config.players)
    low, high = book["players_min"], book["players_max"]
    if not low <= count <= high:
        raise RuleError(f"Unsettled is played by {low} to {high} explorers, not {count}.")
    try:
        options = options_spec(book).check(dict(config.options or {}))
    except FieldError as error:
        raise RuleError(f"Option {error.field}: {error.message}.") from None
    first = options["first_player"]
    if first >= count:
        raise RuleError(f"first_player is {first}, but the explorers are numbered 0 to {count - 1}.")
    start = dict(book["starting_focus"])[str(count)] + dict(book["difficulty_focus_modifier"])[options["difficulty"]]
    focus = max(book["focus_min"], min(book["focus_max"], start))
    disciplines = book["disciplines"]
    pursuits = options["pursuits"] or [disciplines[i % len(disciplines)] for i in range(count)]
    traits = [t or None for t in options["traits"]] if options["traits"] else [None] * count
    if len(pursuits) != count or len(traits) != count:
        raise RuleError(f"Give one pursuit and one trait per explorer ({count}).")
    trait_ids = {c.id for c in book.deck("trait")}
    for trait in traits:
        if trait is not None and trait not in trait_ids:
            raise RuleError(f"{trait!r} is not a Trait tile; the tiles are {', '.join(sorted(trait_ids))}.")
    if len({t for t in traits if t}) != len([t for t in traits if t]):
        raise RuleError("Each Trait tile exists once: two explorers cannot keep the same one.")
    explorers = tuple(Explorer(name=name, endurance=book["endurance_start"], focus=(focus,) * len(book["focus_types"]),
                               node=SCARAB, pursuit=pursuit, trait=trait)
                      for name, pursuit, trait in zip(config.players, pursuits, traits))
    page1 = book.pages()[0]
    opportunities = tuple(c.id for c in book.deck("opportunity"))
    markers = tuple(m for m, _ in book["moment_markers"])
    per_pile = len(opportunities) // book["opportunity_piles"]
    turn = Turn(player=first, moves_left=book["base_movement"], luna_moves=book["luna_base_movement"],
                luna_scans=book["luna_scan_per_turn"], luna_functions=book["luna_function_per_turn"])
    return Game(
        book=book, explorers=explorers, turn=turn, time=book["time_start_space"],
        triggers=tuple(sorted(int(s) for s in page1.get("trigger_spaces", ()))), trust=book["group_trust_start"],
        environment=tuple(c.id for c in book.deck("environment")), opportunity_deck=opportunities,
        piles=tuple((m, per_pile) for m in markers[:book["opportunity_piles"]]),
        anomaly_deck=tuple(c.id for c in book.deck("anomaly")),
        breakthrough_deck=tuple(c.id for c in book.deck("breakthrough")),
        distress_left=min(book["distress_per_player"] * count, len(book.deck("distress"))),
        discoveries_left=book["discovery_tokens"], investigated_left=book["investigated_tokens"],
        power=book["power_start_charged"],
        journal=(f"Setup: {count} explorers on the Scarab, every Focus cube at {focus}, Triggers on spaces "
                 f"{', '.join(str(int(s)) for s in sorted(int(s) for s in page1.get('trigger_spaces', ())))}.",),
    )
