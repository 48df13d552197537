"""Reads and checks a game's `game.toml`: the game, its decks' columns, tokens and constants."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from cardgen.gamedata.cardsizes import card_size
from cardgen.gamedata.errors import Collector
from cardgen.gamedata.font_files import FontFamily, font_family
from cardgen.gamedata.containment import contained
from cardgen.gamedata.icon_files import icon_file
from cardgen.gamedata.manifest.boards import BoardTables
from cardgen.gamedata.records import Board, CardSize, Deck, IconSpec, Token, Variant, freeze
from cardgen.gamedata.rowfilter import ConditionError, RowFilter, compile_condition
from cardgen.gamedata.manifest.schema import Schema, check_constants, game_schemas, read_schema
from cardgen.gamedata.manifest.variants import NO_SETTINGS, Applied, Settings
from cardgen.gamedata.sources.spreadsheet import SPREADSHEET_SUFFIXES
from cardgen.gamedata.tomlplaces import TomlPlaces
from cardgen.gamedata.manifest.values import COLOUR, COLOUR_LIKE, NAME, SLUG, is_int, kind_of
from cardgen.gamedata.manifest.columns import ColumnTables
from cardgen.gamedata.manifest.scoring import ScoringTables
from cardgen.gamedata.manifest.tokens import TokenTables

TOP_LEVEL = {"game", "icons", "constants", "columns", "decks", "tokens", "scoring", "fonts", "schema", "variants",
             "boards"}
GAME_KEYS = {"title", "slug", "subtitle", "players", "minutes", "ages", "designer", "version",
             "card_size", "description", "rules", "bgg_id"}
DECK_KEYS = {"title", "file", "card_size", "layout", "layout_by", "back", "description", "columns",
             "shared_columns", "rows_are_copies", "where", "safe_zone", "sheet", "ids_from"}
OTHER_SPREADSHEETS = {".xls", ".xlsm", ".xlsb", ".numbers", ".fods"}  # refused with a word on how to save them
SAFE_ZONE = 3.0             # mm inside the trim that information keeps clear of, unless a deck says otherwise
SAFE_ZONE_RANGE = (0, 20)   # mm a deck's safe_zone may be


@dataclass(frozen=True)
class Manifest:
    """What game.toml declares, before any CSV is read."""

    info: dict[str, Any]
    card_size: CardSize
    icons: Any
    constants: Any
    scoring: Any
    decks: tuple[Deck, ...]
    tokens: tuple[Token, ...]
    fonts: Any = None  # [fonts]: a mapping of name -> FontFamily
    boards: tuple[Board, ...] = ()
    variant: Variant = field(default_factory=Variant)  # the [variants.<name>] it was read as (none: its own game.toml)


def read_manifest(path: Path, default_slug: str, problems: Collector, settings: Settings = NO_SETTINGS) -> Manifest | None:
    """The manifest of game.toml at `path` as `settings` ask (a variant, --set values), or None after recording
    why it cannot be read."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        problems.add(path, "no game.toml here: a game folder needs one (see docs/designers/card-data.md)")
        return None
    except UnicodeDecodeError as error:
        problems.add(path, f"not UTF-8 text (byte {error.start} cannot be decoded); save the file as UTF-8")
        return None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column = _toml_error_place(str(error))
        if line is None and "end of document" in str(error):
            line = max(1, len(text.splitlines()))
        message = re.sub(r"\s*\((at line \d+, column \d+|at end of document)\)", "", str(error))
        problems.add(path, f"not valid TOML: {message}", line, column)
        return None
    return _Reader(path, TomlPlaces(text), problems).manifest(doc, default_slug, settings)


def _toml_error_place(message: str) -> tuple[int | None, int | None]:
    match = re.search(r"at line (\d+), column (\d+)", message)
    return (int(match.group(1)), int(match.group(2))) if match else (None, None)


class _Reader(ColumnTables, TokenTables, ScoringTables, BoardTables):
    """Checks one parsed game.toml, recording every problem with its line."""

    def __init__(self, path: Path, places: TomlPlaces, problems: Collector):
        self.path, self.places, self.problems = path, places, problems

    def problem(self, keys: tuple[str, ...], message: str) -> None:
        self.problems.add(self.path, message, self.places.line(*keys))

    def unknown_keys(self, table: dict, allowed: set[str], keys: tuple[str, ...]) -> None:
        for key in table:
            if key not in allowed:
                where = "[" + ".".join(keys) + "]" if keys else "the top level"
                self.problem(keys + (key,), f"unknown key {key!r} in {where}: expected one of "
                             + ", ".join(sorted(allowed)))

    def table(self, doc: dict, key: str, keys: tuple[str, ...] = ()) -> dict:
        value = doc.get(key, {})
        if not isinstance(value, dict):
            self.problem(keys + (key,), f"{'.'.join(keys + (key,))} must be a table, found {kind_of(value)}")
            return {}
        return value

    def text(self, table: dict, key: str, keys: tuple[str, ...], required: bool = False,
             default: str = "") -> str:
        value = table.get(key)
        if value is None:
            if required:
                self.problem(keys, f"[{'.'.join(keys)}] needs {key} = \"...\"")
            return default
        if not isinstance(value, str):
            self.problem(keys + (key,), f"{key} must be text in quotes, found {kind_of(value)}")
            return default
        return value

    def manifest(self, doc: dict, default_slug: str, settings: Settings) -> Manifest:
        self.unknown_keys(doc, TOP_LEVEL, ())
        game = self.table(doc, "game")
        if "game" not in doc:
            self.problems.add(self.path, "no [game] table: it needs at least title and players", 1)
        info = self.game_info(game, default_slug)
        size = self.size(game.get("card_size", "poker"), ("game", "card_size"), CardSize("poker", 63.5, 88.9))
        applied = Applied(self.path, self.places, self.problems)  # --variant and --set (variants.py)
        chosen = applied.choose(doc, settings)
        self.table(doc, "icons")  # a table, or a problem at its line
        icons = self.icons(applied.icons(doc, chosen))
        decks_table = self.table(doc, "decks")
        if not decks_table and "decks" not in doc:
            self.problems.add(self.path, "no [decks.<id>] table: a game needs at least one deck")
        shared = self.shared_table(self.table(doc, "columns"))
        decks = tuple(d for d in (self.deck(i, t, size, shared) for i, t in decks_table.items()) if d)
        tokens_table = self.table(doc, "tokens")
        tokens = tuple(t for t in (self.token(i, t) for i, t in tokens_table.items()) if t)
        scoring = self.scoring(self.table(doc, "scoring"))
        boards = tuple(b for b in (self.board(i, t) for i, t in self.table(doc, "boards").items()) if b)
        self.board_names(boards, {deck.id for deck in decks})
        schemas = self.check_constants(self.table(doc, "constants"), self.table(doc, "schema"), info)
        constants, variant = applied.constants(doc, chosen, settings, schemas)
        return Manifest(info, size, MappingProxyType(icons), freeze(constants), freeze(scoring),
                        decks, tokens, MappingProxyType(self.fonts(self.table(doc, "fonts"))), boards, variant)

    def check_constants(self, constants: dict, schema: dict, info: dict[str, Any]) -> tuple[Schema, ...]:
        """[constants] against the [schema] of the rules the game is played with (its own, or its `rules`');
        the schemas they were checked against."""
        own = read_schema(schema, self.path, self.places, self.problems)
        schemas = game_schemas(own, self.path, info.get("rules", ""), info["slug"], self.problems,
                               self.places.line("game", "rules"))
        for rules_schema in schemas:
            check_constants(constants, rules_schema, self.path, self.places, self.problems)
        return schemas

    def game_info(self, game: dict, default_slug: str) -> dict[str, Any]:
        keys = ("game",)
        self.unknown_keys(game, GAME_KEYS, keys)
        slug = self.text(game, "slug", keys, default=default_slug)
        if not SLUG.fullmatch(slug):
            self.problem(keys + ("slug",), f"slug must be lower-case letters, digits and _ starting with a "
                         f"letter, found {slug!r}" + ("" if "slug" in game else " (from the folder name)"))
        players = self.span(game.get("players"), keys + ("players",), "players", required=True)
        minutes = self.span(game.get("minutes"), keys + ("minutes",), "minutes", required=False)
        return {
            "slug": slug,
            "title": self.text(game, "title", keys, required=True, default=slug),
            "subtitle": self.text(game, "subtitle", keys),
            "players": players,
            "minutes": minutes,
            "ages": self.text(game, "ages", keys),
            "designer": self.text(game, "designer", keys),
            "version": self.text(game, "version", keys),
            "description": self.text(game, "description", keys),
            "rules": self.rules_name(game, keys),
            "bgg_id": self.bgg_id(game, keys),
        }

    def bgg_id(self, game: dict, keys: tuple[str, ...]) -> int:
        """[game] bgg_id: the game's number on BoardGameGeek (boardgamegeek.com/boardgame/<number>), for plays sent
        to BG Stats and BoardGameGeek; 0 when it has none."""
        value = game.get("bgg_id", 0)
        if not is_int(value) or value < 0:
            self.problem(keys + ("bgg_id",), f"bgg_id must be the game's number on BoardGameGeek (the digits in "
                         f"boardgamegeek.com/boardgame/<number>), found {value!r}")
            return 0
        return value

    def rules_name(self, game: dict, keys: tuple[str, ...]) -> str:
        """[game] rules: the slug of the registered game whose rules this one is played with ("" = its own)."""
        from cardgen.gamedata.registry import registered_slugs  # reads the installed packages' entry points

        name = self.text(game, "rules", keys)
        if not name:
            return ""
        known = registered_slugs()
        if name not in known:
            self.problem(keys + ("rules",), f"rules = {name!r} names no registered game; registered games: "
                         f"{', '.join(known) or 'none'} (leave rules out to play with the game's own tracker)")
            return ""
        return name

    def span(self, value: Any, keys: tuple[str, ...], what: str, required: bool) -> tuple[int, int]:
        if value is None:
            if required:
                self.problem(keys[:-1], f"[game] needs {what} = [fewest, most]")
            return (0, 0)
        if is_int(value) and value > 0:
            return (value, value)
        if isinstance(value, list) and len(value) == 2 and all(is_int(v) and v > 0 for v in value) \
                and value[0] <= value[1]:
            return (value[0], value[1])
        self.problem(keys, f"{what} must be a whole number or [low, high] with 0 < low <= high, "
                     f"found {value!r}")
        return (1, 1)

    def size(self, value: Any, keys: tuple[str, ...], fallback: CardSize) -> CardSize:
        try:
            return card_size(value)
        except ValueError as error:
            self.problem(keys, f"card_size must be {error}, found {value!r}")
            return fallback

    def fonts(self, table: dict) -> dict[str, FontFamily]:
        """[fonts]: name = "fonts/X.ttf", or name = { regular = "...", bold = "...", italic = "...", ... }."""
        families = {}
        for name, value in table.items():
            family, problems = font_family(self.path.parent, name, value, self.places.line("fonts", name) or 0)
            for style, problem in problems:
                self.problem(("fonts", name) + ((style,) if style else ()), problem)
            if family:
                families[name] = family
        return families

    def icons(self, icons: dict) -> dict[str, IconSpec]:
        specs = {}
        taken: dict[str, str] = {}  # word -> the icon that lists it
        for name, value in icons.items():
            keys = ("icons", name)
            if not NAME.fullmatch(name):
                self.problem(keys, f"icon name {name!r} must be lower-case letters, digits, - and _")
            if isinstance(value, str):
                specs[name] = IconSpec(name, value)
                continue
            if not isinstance(value, dict):
                self.problem(keys, f"icon {name!r} must be a label in quotes or a table "
                             f"{{ label = \"...\", glyph = \"...\", colour = \"#rrggbb\" }} or {{ label = \"...\", "
                             f"file = \"icons/name.svg\" }}, found {kind_of(value)}")
                continue
            self.unknown_keys(value, {"label", "glyph", "colour", "file", "words"}, keys)
            words = value.get("words", [])
            if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() == w and w for w in words):
                self.problem(keys + ("words",), f"icon {name!r}: words must be a list of words or phrases in quotes "
                             f"(no spaces around them), found {words!r}")
                words = []
            for word in words:
                if word in taken:
                    self.problem(keys + ("words",), f"icon {name!r}: the word {word!r} already stands for icon "
                                 f"{taken[word]!r}; a word can show one icon")
                taken.setdefault(word, name)
            path = None
            if "file" in value:
                path, problem = icon_file(self.path.parent, value["file"])
                if problem:
                    self.problem(keys + ("file",), f"icon {name!r}: {problem}")
            colour = value.get("colour")
            if colour is not None and not (isinstance(colour, str) and COLOUR.fullmatch(colour)):
                self.problem(keys, f"icon {name!r}: colour must be {COLOUR_LIKE}, found {colour!r}")
                colour = None
            specs[name] = IconSpec(name, self.text(value, "label", keys, required=True, default=name),
                                   self.text(value, "glyph", keys) or None, colour, path, self.places.line(*keys) or 0,
                                   tuple(w for w in words if taken.get(w) == name))
        return specs

    def deck(self, deck_id: str, table: Any, game_size: CardSize, shared: dict[str, Any]) -> Deck | None:
        keys = ("decks", deck_id)
        if not isinstance(table, dict):
            self.problem(keys, f"decks.{deck_id} must be a table, found {kind_of(table)}")
            return None
        if not SLUG.fullmatch(deck_id):
            self.problem(keys, f"deck id {deck_id!r} must be lower-case letters, digits and _")
        self.unknown_keys(table, DECK_KEYS, keys)
        columns = self.columns(self.table(table, "columns", keys), keys + ("columns",),
                               self.shared_columns(table.get("shared_columns"), shared, keys + ("shared_columns",)))
        layout_by = table.get("layout_by")
        if layout_by is not None and layout_by not in {c.name for c in columns}:
            self.problem(keys + ("layout_by",), f"layout_by names column {layout_by!r}, which deck "
                         f"{deck_id!r} does not declare")
            layout_by = None
        ids_from = table.get("ids_from")
        if ids_from is not None and (ids_from == "id" or ids_from not in {c.name for c in columns}):
            self.problem(keys + ("ids_from",), f"ids_from names the column the cards' ids are made from: one that "
                         f"deck {deck_id!r} declares other than id ({', '.join(c.name for c in columns if c.name != 'id')}),"
                         f" found {ids_from!r}")
            ids_from = None
        file_name = self.text(table, "file", keys, default=f"{deck_id}.csv")
        if not isinstance(table.get("rows_are_copies", False), bool):
            self.problem(keys + ("rows_are_copies",), f"rows_are_copies must be true or false, found "
                         f"{table['rows_are_copies']!r}")
        where = self.where(table.get("where"), {c.name for c in columns}, keys + ("where",))
        if "/" in file_name or "\\" in file_name or file_name.strip() in ("", ".", ".."):
            self.problem(keys + ("file",), "file must be the name of a CSV, .xlsx or .ods file in the game folder, "
                         f"found {file_name!r}")
        elif Path(file_name).suffix.lower() in OTHER_SPREADSHEETS:
            self.problem(keys + ("file",), f"file {file_name!r}: pnpkit reads .xlsx and .ods spreadsheets; save it "
                         "as .xlsx (Excel Workbook) or .ods, or as a CSV file")
        elif not contained(self.path.parent, file_name):
            self.problem(keys + ("file",), f"file {file_name!r} is outside the game folder (a link that leads out "
                         "of it); copy the file into the folder")
        sheet = self.text(table, "sheet", keys) or None
        if sheet is not None and Path(file_name).suffix.lower() not in SPREADSHEET_SUFFIXES:
            self.problem(keys + ("sheet",), f"sheet {sheet!r} picks a sheet of a spreadsheet, but file "
                         f"{file_name!r} is not one (.xlsx or .ods)")
            sheet = None
        return Deck(
            id=deck_id,
            title=self.text(table, "title", keys, required=True, default=deck_id),
            file=self.path.parent / file_name,
            size=self.size(table["card_size"], keys + ("card_size",), game_size) if "card_size" in table
            else game_size,
            layout=self.text(table, "layout", keys, default="standard"),
            layout_by=layout_by,
            back=self.text(table, "back", keys, default="back"),
            description=self.text(table, "description", keys),
            columns=columns,
            rows_are_copies=table.get("rows_are_copies") is True,
            where=where,
            safe_zone=self.safe_zone(table.get("safe_zone", SAFE_ZONE), keys + ("safe_zone",)),
            sheet=sheet,
            ids_from=ids_from,
        )

    def safe_zone(self, value: Any, keys: tuple[str, ...]) -> float:
        """A deck's safe zone in mm (`cardgen check` warns about text, icons and badges inside it)."""
        low, high = SAFE_ZONE_RANGE
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            self.problem(keys, f"safe_zone must be a number of millimetres from {low} to {high}, found {value!r}")
            return SAFE_ZONE
        return float(value)

    def where(self, source: Any, columns: set[str], keys: tuple[str, ...]) -> RowFilter | None:
        """The deck's row filter checked against its columns: None (every row) when it has none; when it is bad,
        a filter that takes no row, so the rows it was meant to leave out raise no other error."""
        if source is None:
            return None
        try:
            return compile_condition(source, columns, self.path, self.places.line(*keys))
        except ConditionError as error:
            self.problem(keys, f"deck {keys[1]!r}: {error}")
            return compile_condition("false", columns, self.path, self.places.line(*keys))
