"""The immutable records a game folder loads into: Game, Deck, Card, Token, CardSize."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any
from collections.abc import Mapping

from cardgen.gamedata.columns import Column
from cardgen.gamedata.sources.location import Location


def freeze(value: Any) -> Any:
    """A read-only copy of TOML data: tables become mappings, arrays become tuples."""
    if isinstance(value, dict):
        return MappingProxyType({key: freeze(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """Plain dicts and lists again (for JSON and for templates that expect them)."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


@dataclass(frozen=True)
class CardSize:
    """A card's trimmed size in millimetres."""

    name: str
    width: float
    height: float


@dataclass(frozen=True)
class IconSpec:
    """An inline icon a game declares: what it means, and optionally its glyph and colour."""

    name: str
    label: str
    glyph: str | None = None
    colour: str | None = None
    file: str | None = None  # the designer's own PNG or SVG, resolved inside the game folder
    line: int = 0            # of its [icons] entry in game.toml, for errors about the file
    words: tuple[str, ...] = ()  # words or phrases that card text shows as this icon ("Heart", "Gold coin")


@dataclass(frozen=True)
class Card:
    """One distinct card of a deck, with its typed column values and where it was read."""

    id: str
    name: str
    deck: str
    count: int
    layout: str
    fields: Mapping[str, Any]
    file: Path
    line: int
    sheet: str | None = None  # the sheet it was read from, when the deck's file is a spreadsheet

    def location(self) -> Location:
        """Where the card's row is: `heroes.csv:7`, or `cards.xlsx, sheet Heroes, row 7`."""
        return Location(self.file, self.line, sheet=self.sheet)

    def __getitem__(self, column: str) -> Any:
        return self.fields[column]

    def get(self, column: str, default: Any = None) -> Any:
        return self.fields.get(column, default)


@dataclass(frozen=True)
class Deck:
    """A deck: its declaration in game.toml and the cards of its CSV file."""

    id: str
    title: str
    file: Path
    size: CardSize
    layout: str
    layout_by: str | None
    back: str
    description: str
    columns: tuple[Column, ...]
    cards: tuple[Card, ...] = ()
    rows_are_copies: bool = False  # each CSV row is one physical card, its id made up when there is no id column
    where: Any = None  # cardgen.gamedata.rowfilter.RowFilter: the rows of the CSV the deck takes, None for all
    safe_zone: float = 3.0  # mm inside the trim that text, icons and badges keep clear of (`cardgen check`)
    sheet: str | None = None  # a spreadsheet deck's sheet: as game.toml names it (None: the default), then the one read
    ids_from: str | None = None  # a column the cards' ids are made from when the file has no id column

    @property
    def total(self) -> int:
        """How many physical cards the deck has, copies included."""
        return sum(card.count for card in self.cards)

    @property
    def distinct(self) -> int:
        """How many different cards the deck has."""
        return len(self.cards)


@dataclass(frozen=True)
class Token:
    """A kind of token (a medal, a coin...), how many of it, and its faces."""

    id: str
    title: str
    count: int
    value: int | None
    shape: str
    width: float
    height: float
    front: str
    back: str | None
    hidden: bool
    colour: str | None
    description: str


@dataclass(frozen=True)
class Board:
    """A board, player mat or aid: its size in mm, the layout of each side, its copies and fold lines."""

    id: str
    title: str
    kind: str                        # board, mat or aid
    width: float
    height: float
    layout: str
    back: str | None = None          # the other side's layout, for a double-sided mat
    count: int = 1
    folds: tuple[tuple[str, float], ...] = ()  # ("x" or "y", mm from the left or the top)
    description: str = ""


@dataclass(frozen=True)
class Variant:
    """How a game was loaded beyond its game.toml: the [variants.<name>] (its name, title, and the art folder
    searched before art/) and the `--set NAME=VALUE` texts applied after it."""

    name: str = ""
    title: str = ""
    art: str = ""
    set: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """Everything a game folder says, validated."""

    slug: str
    title: str
    root: Path
    players: tuple[int, int]
    minutes: tuple[int, int]
    ages: str
    designer: str
    version: str
    subtitle: str
    description: str
    card_size: CardSize
    icons: Mapping[str, IconSpec]
    constants: Mapping[str, Any]
    decks: tuple[Deck, ...]
    tokens: tuple[Token, ...]
    scoring: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType(
        {"categories": ("Points",), "lowest_wins": False, "rounds": None, "counters": MappingProxyType({}),
         "tracks": MappingProxyType({}), "end": MappingProxyType({"points": None, "when": "end_of_round"}),
         "tie_break": None}))
    layouts: Mapping[str, Path] = field(default_factory=lambda: MappingProxyType({}))
    flows: tuple = ()  # cardgen.gamedata.flows.charts.Flow: the automated opponents' flowcharts
    lab: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # recorded simulation figures
    assets: tuple[Path, ...] = ()  # shared folders the designer passed (--assets) whose files art may use too
    fonts: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))  # [fonts]: name -> FontFamily
    rules: str = ""  # [game] rules: the registered game whose rules it is played with; "" for its own
    variant: Variant = field(default_factory=Variant)  # the [variants.<name>] it was loaded as
    boards: tuple[Board, ...] = ()  # [boards.<id>]: boards, player mats and aids
    bgg_id: int = 0  # [game] bgg_id: its number on BoardGameGeek, for plays sent there and to BG Stats; 0 for none

    @property
    def build_name(self) -> str:
        """The name of its build folder and files: its slug, and the variant's name after it (`tiny-bw`)."""
        return f"{self.slug}-{self.variant.name}" if self.variant.name else self.slug

    def deck(self, deck_id: str) -> Deck:
        for deck in self.decks:
            if deck.id == deck_id:
                return deck
        raise KeyError(f"{self.slug} has no deck {deck_id!r}")

    def cards(self) -> tuple[Card, ...]:
        """Every distinct card of every deck, in file order."""
        return tuple(card for deck in self.decks for card in deck.cards)

    def card(self, card_id: str) -> Card:
        for card in self.cards():
            if card.id == card_id:
                return card
        raise KeyError(f"{self.slug} has no card {card_id!r}")

    def components(self) -> dict[str, Any]:
        """The component list as `cardgen check --json` prints it."""
        return {
            "game": self.slug,
            "decks": {d.id: {"cards": d.total, "distinct": d.distinct} for d in self.decks},
            "tokens": {t.id: t.count for t in self.tokens},
            **({"boards": {b.id: {"kind": b.kind, "count": b.count, "size": [b.width, b.height]} for b in self.boards}}
               if self.boards else {}),
        }
