"""The part of card_data/emigration a game needs, read once at setup into immutable records.

Every number the rules use comes from game.toml's [constants] or a deck's CSV; the state carries
these records, so folding a log never looks at the files again.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.rules.contract import RuleError

PLACEHOLDER_KINDS = ("document", "connection", "payday")  # copies that differ only in name and price


@dataclass(frozen=True)
class CardInfo:
    """One distinct card: its deck (`kind`) and the columns the rules read."""

    id: str
    kind: str
    name: str
    count: int
    price: int = 0
    effect: str = ""
    amount: int = 0
    pack: str = ""
    country: str = ""
    money: int = 0                    # nationality: starting money and tuition base
    salary: int = 0                   # career
    slots: int = 0                    # career: Pay Raise slots
    trade: tuple[int, ...] = ()       # destination: see TRADE
    label: str = ""                   # the name as printed; with the deck's title where two decks print that name
    text: str = ""                    # what the card says, as printed (Markdown with the game's icons)


TRADE = ("connections_per_set", "assurance_per_connection_set", "money_per_set", "assurance_per_money_set",
         "documents_per_set", "assurance_per_document_set", "documents_required", "missing_document_penalty")


@dataclass(frozen=True)
class Data:
    """The rule constants for this player count, and every card of the game."""

    documents: int
    connections: int
    life_packs: int
    paydays: int
    total_cards: int
    recommended_packs: tuple[str, ...]
    pack_size: int
    removed: int
    dealt: int
    layout_rows: tuple[int, ...]
    face_down_rows: tuple[int, ...]   # 0-based
    lanes: int
    tokens_per_lane: int
    border_tokens: tuple[int, ...]    # the value of every Border Control token
    discard_money: int
    sell_money: int
    owner_fee: int
    scalping_fee: int
    college_over: int
    graduation_rolls: tuple[int, ...]
    graduation_assurance: int
    pay_raises: tuple[int, ...]
    travel_assurance: int
    die: int
    stalemate_money: int
    cards: tuple[CardInfo, ...]

    @cached_property
    def by_id(self) -> dict[str, CardInfo]:
        return {info.id: info for info in self.cards}

    def card(self, card_id: Any) -> CardInfo:
        info = self.by_id.get(card_id) if isinstance(card_id, str) else None
        if info is None:
            raise RuleError(f"Emigration has no card called {str(card_id)[:40]!r}: name a card as it is printed.")
        return info

    @cached_property
    def kinds(self) -> dict[str, tuple[CardInfo, ...]]:
        found: dict[str, list[CardInfo]] = {}
        for info in self.cards:
            found.setdefault(info.kind, []).append(info)
        return {kind: tuple(infos) for kind, infos in found.items()}

    def of_kind(self, kind: str) -> tuple[CardInfo, ...]:
        return self.kinds.get(kind, ())

    def packs(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(info.pack for info in self.of_kind("life")))


def _card(card: Any, label: str) -> CardInfo:
    f = card.fields
    trade = tuple(int(f[name]) for name in TRADE) if card.deck == "destination" else ()
    return CardInfo(id=card.id, kind=card.deck, name=card.name, count=card.count, price=f.get("price") or 0,
                    effect=f.get("effect") or "", amount=f.get("amount") or 0, pack=f.get("pack") or "",
                    country=f.get("country") or "", money=f.get("money") or 0, salary=f.get("salary") or 0,
                    slots=f.get("pay_raise_slots") or 0, trade=trade, label=label,
                    text=f.get("text") or "")


def printed_labels(game: Any) -> dict[str, str]:
    """Each card's name as printed; a name printed on cards of two decks adds the deck's title (the pages' rule)."""
    decks_of: dict[str, set[str]] = {}
    for deck in game.decks:
        for card in deck.cards:
            decks_of.setdefault(card.name.casefold(), set()).add(deck.id)
    return {card.id: card.name if len(decks_of[card.name.casefold()]) == 1 else f"{card.name} ({deck.title})"
            for deck in game.decks for card in deck.cards}


def read(game: Any, players: int) -> Data:
    """The game's data for `players` players; RuleError if the player count is not supported."""
    c = game.constants
    low, high = game.players
    if not low <= players <= high:
        raise RuleError(f"Emigration is for {low} to {high} players, not {players}.")
    if c["tuition_formula"] != "roll + nationality_money":
        raise RuleError(f"The companion knows no tuition formula {c['tuition_formula']!r}.")
    key = str(players)
    labels = printed_labels(game)
    data = Data(
        documents=c["documents_by_players"][key], connections=c["connections_by_players"][key],
        life_packs=c["life_packs_by_players"][key], paydays=c["paydays_by_players"][key],
        total_cards=c["total_cards_by_players"][key], recommended_packs=tuple(c["recommended_packs_2_players"]),
        pack_size=c["life_pack_size"], removed=c["cards_removed_unseen"], dealt=c["cards_dealt_each"],
        layout_rows=tuple(c["layout_rows"]), face_down_rows=tuple(r - 1 for r in c["layout_face_down_rows"]),
        lanes=c["lanes"], tokens_per_lane=c["border_tokens_per_lane"],
        border_tokens=tuple(sorted(t.value for t in game.tokens if t.id.startswith("border_") for _ in range(t.count))),
        discard_money=c["discard_money"], sell_money=c["sell_money"], owner_fee=c["owner_fee"],
        scalping_fee=c["scalping_fee"], college_over=c["college_min_money_over_nationality"],
        graduation_rolls=tuple(c["graduation_rolls"]), graduation_assurance=c["graduation_assurance"],
        pay_raises=tuple(c["pay_raise_values"]), travel_assurance=c["passport_and_ticket_assurance"],
        die=c["die_sides"], stalemate_money=c["stalemate_money"],
        cards=tuple(_card(card, labels[card.id]) for deck in game.decks for card in deck.cards))
    if sum(data.layout_rows) != data.dealt:
        raise RuleError(f"The Card Layout rows ({data.layout_rows}) do not add up to the {data.dealt} cards dealt.")
    if len(data.border_tokens) != data.lanes * data.tokens_per_lane:
        raise RuleError(f"{len(data.border_tokens)} Border Control tokens do not fill {data.lanes} lanes "
                        f"of {data.tokens_per_lane}.")
    if data.total_cards != players * data.dealt + data.removed:
        raise RuleError(f"{data.total_cards} cards cannot be dealt {data.dealt} each to {players} players "
                        f"with {data.removed} removed.")
    return data
