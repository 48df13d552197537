"""The rule constants and cards of Unfair: CHKO, read once from game.toml and the CSVs into plain values.

Everything here is a frozen dataclass of tuples, so the state that carries it pickles and never changes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from companion.rules.contract import RuleError

KAIJU, FUNFAIR, UNFAIR, CLOSURE = "kaiju", "funfair", "unfair", "blueprint_closure"
HITS = re.compile(r"\breduce a kaiju's health", re.IGNORECASE)  # a card that hits a kaiju says so


@dataclass(frozen=True)
class CityCard:
    """A City card: one from the CSV, or a stand-in for a pack whose cards the app does not know."""

    id: str
    name: str
    type: str                 # funfair, unfair, kaiju, blueprint_closure
    pack: str                 # the pack's display name ("" for Blueprint Closure)
    health: int = 0           # kaiju only, and below
    heads: int = 1
    heals_all: bool = False
    regenerates: int = 0
    text: str = ""


@dataclass(frozen=True)
class Consts:
    """The numbers and names the rules read; every one comes from card_data/unfair_chko."""

    rounds: int
    first_date_rounds: int
    max_players: int
    min_players: int
    five_player_note: str
    market_spaces: int
    starting_coins: int
    hard_pass_income: int
    die_sides: int
    kaiju_dice: int
    dice_per_roll: int
    damage_per_hit: int
    medals_per_health: int
    medals_capped: bool
    final_hit_bonus: int
    teravore_heal: int
    kaiju_arrival_round: int
    silver_points: int
    gold_points: int
    silver_sell_coins: int
    silver_per_gold: int
    supply_silver: int
    supply_gold: int
    panorama_partial: tuple[tuple[int, int], ...]
    panorama_complete: tuple[tuple[int, int], ...]
    attraction_points: tuple[tuple[int, int], ...]
    buried_icons: int
    coins_per_point: int
    loan_coins: int
    loan_penalty: int
    loan_repay: int
    recommended: tuple[tuple[int, tuple[str, ...]], ...]
    cleanup_steps: tuple[str, ...]
    stages: tuple[tuple[str, str], ...]          # (step, section) in round order; section "" when none
    city_deck_order: tuple[str, ...]             # top to bottom, with the Kaiju pack
    cards_per_pack: tuple[tuple[str, int], ...]  # funfair/unfair City cards in a pack not in card_data
    packs: tuple[tuple[str, str], ...]           # CHKO pack id -> display name
    known_packs: tuple[str, ...]                 # every pack name the data mentions
    city: tuple[CityCard, ...]
    game_changers: tuple[tuple[str, str], ...]   # name -> card text ("" for the base game's)
    solo_changer: str
    hard_pass: str
    first_date: str
    mecha: str                                   # the only card that hits a kaiju for more than 1
    hitters: tuple[str, ...]                     # the other cards that reduce a kaiju's health, by printed name
    sell_prices: tuple[tuple[int, str], ...]     # coins for a sold silver medal: the usual price, and a card's
    labels: tuple[tuple[str, str], ...]          # card id -> its name as printed (with its deck when two share it)
    categories: tuple[str, ...]
    quinn: Any = None                            # cardgen.gamedata.flows.charts.Flow: the solo opponent's flowchart

    def city_card(self, card_id: str) -> CityCard:
        for card in self.city:
            if card.id == card_id:
                return card
        return stand_in(card_id)

    def label(self, card_id: str) -> str:
        """The card's name as printed (a stand-in's description for a pack the app has no cards for)."""
        return dict(self.labels).get(card_id) or self.city_card(card_id).name

    def table(self, name: str) -> dict[int, int]:
        return dict(getattr(self, name))


def stand_in(card_id: str) -> CityCard:
    """A City card of a pack the app has no cards for ("unfair:Pirate:2"), or Blueprint Closure."""
    if card_id == CLOSURE:
        return CityCard(CLOSURE, "Blueprint Closure", CLOSURE, "")
    kind, _, rest = card_id.partition(":")
    pack, _, number = rest.partition(":")
    if kind not in (FUNFAIR, UNFAIR) or not pack or not number.isdigit():
        raise RuleError(f"There is no City card {card_id!r} in this game.")
    label = "Funfair" if kind == FUNFAIR else "Unfair"
    return CityCard(card_id, f'"{label}" City card {number} of the {pack} pack', kind, pack,
                    text=f'Take the {pack} pack\'s "{label}" City cards and reveal one at random.')


def _deck_order(c: Any) -> tuple[str, ...]:
    """The Kaiju City deck, top first; its counts must agree with kaiju_city_deck."""
    order = tuple(c["kaiju_city_deck_order"])
    for key, count in c["kaiju_city_deck"].items():
        kind = UNFAIR if key.startswith(UNFAIR) else key
        if order.count(kind) != count:
            raise RuleError(f"game.toml: kaiju_city_deck_order has {order.count(kind)} {kind!r} cards but "
                            f"kaiju_city_deck.{key} says {count}.")
    return order


def _sell_prices(game: Any, usual: int) -> tuple[tuple[int, str], ...]:
    """The price of a sold silver medal: the usual one, and each card's that says "gain N coins instead of"."""
    prices = [(usual, f"{usual} coins (the usual price)")]
    for deck in game.decks:
        for card in deck.cards:
            found = re.search(r"sell a silver :medal:, gain (\d+) :coin: instead", str(card.get("text") or ""))
            if found:
                prices.append((int(found.group(1)), f"{found.group(1)} coins ({card.name})"))
    return tuple(prices)


def _labels(game: Any) -> tuple[tuple[str, str], ...]:
    """Each card's printed name, as pages print it (companion.web.pages.printed_labels): a name printed on cards of
    two decks adds the deck's title."""
    decks_of: dict[str, set[str]] = {}
    for deck in game.decks:
        for card in deck.cards:
            decks_of.setdefault(card.name.casefold(), set()).add(deck.id)
    return tuple((card.id, card.name if len(decks_of[card.name.casefold()]) == 1 else f"{card.name} ({deck.title})")
                 for deck in game.decks for card in deck.cards)


def _pairs(table: Any) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((int(k), int(v)) for k, v in table.items()))


def load(game: Any) -> Consts:
    """The constants of `game` (a cardgen Game); a RuleError names a missing key."""
    c = game.constants
    try:
        medals, loans = c["medals"], [card for card in game.deck("pack_card").cards if card["kind"] == "loan"]
        packs = tuple((card["pack"], card.name) for card in game.deck("pack_card").cards
                      if card["kind"] == "theme_overview")
        names = dict(packs)
        city = tuple(CityCard(card.id, card.name, card["city_type"], names[card["pack"]], card.get("health") or 0,
                              card.get("heads") or 1, bool(card.get("heals_all")), card.get("regenerates") or 0,
                              card.get("attack") or card["text"])
                     for card in game.deck("city").cards for _ in range(card.count))
        changers = game.deck("game_changer").cards
        recommended = tuple((int(n), tuple(p)) for n, p in sorted(c["recommended_packs"].items()))
        return Consts(
            rounds=c["rounds"], first_date_rounds=c["first_date_rounds"], max_players=c["max_players"],
            min_players=game.players[0], five_player_note=c["five_player_note"], market_spaces=c["market_spaces"],
            starting_coins=c["starting_coins"], hard_pass_income=c["hard_pass_income_coins"],
            die_sides=c["die_sides"], kaiju_dice=c["kaiju_dice"], dice_per_roll=c["dice_per_roll"],
            damage_per_hit=c["kaiju_damage_per_hit"], medals_per_health=c["medals_per_health_point"],
            medals_capped=bool(c["medals_capped_by_current_health"]), final_hit_bonus=c["final_hit_bonus"],
            teravore_heal=c["teravore_heal"], kaiju_arrival_round=c["kaiju_arrival_round"],
            silver_points=medals["silver_points"], gold_points=medals["gold_points"],
            silver_sell_coins=medals["silver_sell_coins"], silver_per_gold=medals["silver_per_gold"],
            supply_silver=medals["supply_silver"], supply_gold=medals["supply_gold"],
            panorama_partial=_pairs(c["panorama"]["partial"]), panorama_complete=_pairs(c["panorama"]["complete"]),
            attraction_points=_pairs(c["attraction_points"]), buried_icons=c["buried_card_icons"],
            coins_per_point=c["coins_per_point"], loan_coins=loans[0]["loan_coins"],
            loan_penalty=loans[0]["loan_penalty"], loan_repay=c["loan_repay_coins"], recommended=recommended,
            cleanup_steps=tuple(c["cleanup_steps"]),
            stages=tuple((s["step"], section) for s in c["round_steps"] for section in (s["sections"] or ("",))),
            city_deck_order=_deck_order(c),
            cards_per_pack=tuple((k, int(v)) for k, v in c["city_cards_per_pack"].items()),
            packs=packs,
            known_packs=tuple(dict.fromkeys([name for _, name in packs] + [p for _, ps in recommended for p in ps]
                                            + list(c.get("other_packs", [])))),
            city=city,
            game_changers=tuple((card.name, card["text"]) for card in changers)
            + tuple((name, "") for name in c["other_game_changers"]),
            solo_changer=next(card.name for card in changers if card["solo"]),
            hard_pass=game.card("gc-hard-pass").name,
            first_date=next(name for name in c["other_game_changers"] if name == "First Date"),
            mecha=game.card("show-kj-mecha-rarrgon").name,
            hitters=tuple(dict.fromkeys(card.name for deck in game.decks for card in deck.cards
                                        if HITS.search(str(card.get("text") or ""))
                                        and card.id != "show-kj-mecha-rarrgon")),
            sell_prices=_sell_prices(game, medals["silver_sell_coins"]),
            labels=_labels(game),
            categories=tuple(game.scoring["categories"]),
            quinn=next((flow for flow in game.flows if flow.id == "quinn"), None),
        )
    except (KeyError, IndexError, StopIteration) as error:
        raise RuleError(f"The game's data lacks {error} that the Unfair rules need (card_data/unfair_chko).") from None
