"""The [schema] of game.toml: the constants a game's rules read, with types and bounds, checked against [constants].

```toml
[schema]
starting_coins = { type = "integer", min = 0 }
"medals.gold_points" = { type = "integer", min = 0 }     # a key inside [constants.medals]
"panorama.partial" = { type = "table", items = "integer", keys = "integer" }
hit_on = { type = "string", one_of = ["odd", "even"] }
note = { type = "string", required = false }
```

A game whose `[game] rules` names another game's rules (a copy made with `cardgen new DIR --from SLUG`) is
checked against that game's [schema]: the rules it is played with read those constants.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.gamedata.bundle import game_folder
from cardgen.gamedata.errors import Collector, Problem
from cardgen.gamedata.tomlplaces import TomlPlaces
from cardgen.gamedata.manifest.values import is_int, kind_of

TYPES = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
         "table": "a table", "list": "a list"}
PLURAL = {"integer": "whole numbers", "number": "numbers", "string": "texts", "boolean": "true/false values",
          "table": "tables", "list": "lists"}
ENTRY_KEYS = {"type", "items", "keys", "min", "max", "one_of", "required"}
WHOLE = re.compile(r"-?[0-9]+")  # a table key that is a whole number in quotes ("2")
CONTAINERS = ("list", "table")
NUMERIC = ("integer", "number")


def fits(kind: str, value: Any) -> bool:
    """Whether `value` (as TOML reads it) is of the schema type `kind`."""
    return {
        "integer": is_int,
        "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
        "string": lambda v: isinstance(v, str),
        "boolean": lambda v: isinstance(v, bool),
        "table": lambda v: isinstance(v, dict),
        "list": lambda v: isinstance(v, list),
    }[kind](value)


def toml_text(value: Any) -> str:
    """A value as game.toml writes it: "text", true, 3."""
    return json.dumps(value) if isinstance(value, (str, bool)) else repr(value)


@dataclass(frozen=True)
class Expected:
    """One constant the rules read: its dotted name, type (and the type of a list's or table's items), bounds,
    the values it may take, and whether it must be there."""

    name: str
    type: str
    items: str | None = None
    low: int | float | None = None
    high: int | float | None = None
    one_of: tuple[Any, ...] = ()
    required: bool = True
    line: int | None = None  # of its entry in [schema]
    whole_keys: bool = False  # keys = "integer": a table keyed by whole numbers in quotes ("2" = ...)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self.name.split("."))

    def describe(self) -> str:
        """What the rules expect, in words: "a whole number from 0 to 30", "a list of texts"."""
        checked = self.items if self.type in CONTAINERS and self.items else self.type
        if self.type in CONTAINERS:
            text = f"{TYPES[self.type]} of {PLURAL[self.items]}" if self.items else TYPES[self.type]
            text += " by whole numbers in quotes (\"2\" = ...)" if self.whole_keys else ""
            each = " each"
        else:
            text, each = TYPES[self.type], ""
        if self.one_of:
            choices = [toml_text(v) for v in self.one_of]
            said = choices[0] if len(choices) == 1 else "one of " + ", ".join(choices)
            text = f"{text}{each} {said}" if self.type in CONTAINERS else said
        if checked in NUMERIC:
            if self.low is not None and self.high is not None:
                text += f"{each} from {self.low} to {self.high}"
            elif self.low is not None:
                text += f"{each} of at least {self.low}"
            elif self.high is not None:
                text += f"{each} of at most {self.high}"
        return text

    def mismatch(self, value: Any) -> str | None:
        """What was found, said for a message, when `value` is not what the rules expect; None when it is."""
        if not fits(self.type, value):
            return kind_of(value)
        if self.type not in CONTAINERS:
            return None if self._bounded(value) else toml_text(value)
        entries = enumerate(value, 1) if self.type == "list" else value.items()
        for place, item in entries:
            where = f"item {place}" if self.type == "list" else f"key {place!r}"
            if self.whole_keys and not WHOLE.fullmatch(str(place)):
                return f"key {place!r}, not a whole number"
            if self.items and not fits(self.items, item):
                return f"{kind_of(item)} at {where}"
            if not self._bounded(item):
                return f"{toml_text(item)} at {where}"
        return None

    def _bounded(self, value: Any) -> bool:
        if self.one_of and not any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in self.one_of):
            return False
        if self.low is not None and value < self.low:
            return False
        return self.high is None or value <= self.high


@dataclass(frozen=True)
class Schema:
    """The constants some rules read, and where that list is written: this game.toml, or the game.toml of the
    game whose rules this one is played with (`rules`, with its `title`)."""

    entries: tuple[Expected, ...]
    file: Path
    rules: str = ""
    title: str = ""

    def who(self) -> str:
        return f"the rules of {self.title} (rules = {toml_text(self.rules)})" if self.rules else "the rules"

    def where(self, entry: Expected) -> str:
        if self.rules:
            return f"its [schema] at {self.file}:{entry.line}" if entry.line else f"its [schema] in {self.file}"
        return f"[schema], line {entry.line}" if entry.line else "[schema]"


def read_schema(table: Any, file: Path, places: TomlPlaces, problems: Collector) -> tuple[Expected, ...]:
    """The entries of a [schema] table; each mistake in it is a problem at its line."""
    entries = []
    for name, spec in table.items():
        line = places.line("schema", name)
        entry = _entry(name, spec, line, lambda message, line=line: problems.add(file, message, line))
        if entry:
            entries.append(entry)
    return tuple(entries)


def _entry(name: str, spec: Any, line: int | None, problem) -> Expected | None:
    if not all(part.strip() for part in name.split(".")):
        problem(f"[schema] {name!r}: a constant's name is its key in [constants], with dots for keys of its "
                "tables (\"medals.gold\")")
        return None
    if isinstance(spec, str):
        spec = {"type": spec}
    if not isinstance(spec, dict):
        problem(f"[schema] {name}: expected a table like {{ type = \"integer\", min = 0 }} or a type in quotes, "
                f"found {kind_of(spec)}")
        return None
    unknown = sorted(set(spec) - ENTRY_KEYS)
    if unknown:
        problem(f"[schema] {name}: unknown key {unknown[0]!r}: expected one of " + ", ".join(sorted(ENTRY_KEYS)))
        return None
    kind, items = spec.get("type"), spec.get("items")
    if kind not in TYPES:
        problem(f"[schema] {name}: type must be one of " + ", ".join(TYPES) + f", found {spec.get('type')!r}")
        return None
    if items is not None and (kind not in CONTAINERS or items not in TYPES):
        problem(f"[schema] {name}: items names the type of a list's or a table's items, one of "
                + ", ".join(TYPES) + f"; found items = {items!r} with type = {kind!r}")
        return None
    whole_keys = spec.get("keys")
    if whole_keys is not None and (kind != "table" or whole_keys != "integer"):
        problem(f"[schema] {name}: keys = \"integer\" says a table's keys are whole numbers in quotes (\"2\" = ...); "
                f"found keys = {whole_keys!r} with type = {kind!r}")
        return None
    checked = items if kind in CONTAINERS else kind
    low, high, one_of = spec.get("min"), spec.get("max"), spec.get("one_of", [])
    for key, bound in (("min", low), ("max", high)):
        if bound is not None and (checked not in NUMERIC or not fits("number", bound)):
            problem(f"[schema] {name}: {key} bounds a number (type or items \"integer\" or \"number\"), and must be "
                    f"a number; found {key} = {bound!r} for {checked or kind}")
            return None
    if low is not None and high is not None and low > high:
        problem(f"[schema] {name}: min ({low}) is above max ({high})")
        return None
    if not isinstance(one_of, list) or (one_of and (checked not in ("integer", "number", "string", "boolean")
                                                     or not all(fits(checked, v) for v in one_of))):
        each = TYPES.get(checked or "", "a value")
        problem(f"[schema] {name}: one_of must be a list of the values it may take, each {each}; found {one_of!r}")
        return None
    required = spec.get("required", True)
    if not isinstance(required, bool):
        problem(f"[schema] {name}: required must be true or false, found {required!r}")
        return None
    return Expected(name, kind, items, low, high, tuple(one_of), required, line, whole_keys is not None)


def check_constants(constants: dict, schema: Schema, file: Path, places: TomlPlaces, problems: Collector) -> None:
    """Each constant the schema names, against the game's [constants]: missing, of the wrong type or out of bounds
    is a problem at its line (a missing one at its table's header)."""
    if not constants and "constants" not in places.headers:
        wanted = [entry.name for entry in schema.entries if entry.required]
        if wanted:
            problems.add(file, f"no [constants] table, and {schema.who()} read {len(wanted)} constant"
                         f"{'s' if len(wanted) != 1 else ''}: {', '.join(wanted)}",
                         places.line("game", "rules") if schema.rules else places.line("schema"))
        return
    for entry in schema.entries:
        table, value, keys = constants, None, entry.keys
        for depth, key in enumerate(keys):
            if not isinstance(table, dict):
                found = f"{kind_of(table)} for {'.'.join(keys[:depth])!r}"
                problems.add(file, f"constant {entry.name!r}: {schema.who()} expect {entry.describe()} "
                             f"({schema.where(entry)}), found {found}", places.line("constants", *keys[:depth]))
                break
            if key not in table:
                if entry.required:
                    problems.add(file, _missing(entry, schema, table, keys[:depth], places),
                                 places.line("constants", *keys[:depth + 1]))
                break
            table = value = table[key]
        else:
            found = entry.mismatch(value)
            if found is not None:
                problems.add(file, f"constant {entry.name!r}: {schema.who()} expect {entry.describe()} "
                             f"({schema.where(entry)}), found {found}", places.line("constants", *keys))


def _missing(entry: Expected, schema: Schema, table: dict, parent: tuple[str, ...], places: TomlPlaces) -> str:
    """The sentence for a missing constant, naming a key of its table whose name is close to it (a misspelling)."""
    depth, where = len(parent), "[" + ".".join(("constants",) + parent) + "]"
    message = (f"{where} has no {entry.keys[depth]!r}: {schema.who()} read constant {entry.name!r}, "
               f"{entry.describe()} ({schema.where(entry)})")
    named = {e.keys[depth] for e in schema.entries if e.keys[:depth] == parent and len(e.keys) > depth}
    close = difflib.get_close_matches(entry.keys[depth], [k for k in table if k not in named], n=1, cutoff=0.7)
    if close:
        line = places.line("constants", *parent, close[0])
        message += f"; is {close[0]!r}{f' (line {line})' if line else ''} meant to be it?"
    return message


def game_schemas(own: tuple[Expected, ...], file: Path, rules: str, slug: str, problems: Collector,
                 rules_line: int | None) -> tuple[Schema, ...]:
    """The schemas a game's constants are checked against: when `rules` names another game's rules, that game's
    [schema] first; then the game's own (less an entry of the same name, which gives way to the rules' one)."""
    if not rules or rules == slug:
        return (Schema(own, file),)
    try:
        other = game_folder(rules) / "game.toml"  # a registered game's folder: bundled, or an installed package's
    except LookupError as error:
        problems.add(file, f"rules = {toml_text(rules)}: its game folder cannot be found ({error}), so the constants "
                     "cannot be checked against its [schema]", rules_line)
        return (Schema(own, file),)
    title, theirs, found = rules_schema(other)
    for problem in found:
        problems.add(problem.file, problem.message, problem.line)
    names = {entry.name for entry in theirs}
    return Schema(theirs, other, rules, title or rules), Schema(tuple(e for e in own if e.name not in names), file)


def rules_schema(path: Path) -> tuple[str, tuple[Expected, ...], tuple[Problem, ...]]:
    """(title, [schema] entries, problems of that [schema]) of the game.toml at `path`, read once while it is
    unchanged."""
    try:
        stat = path.stat()
    except OSError:
        return "", (), (Problem(path, "no game.toml here, so its [schema] cannot be read"),)
    return _rules_schema(path.resolve(), stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=32)
def _rules_schema(path: Path, mtime: int, size: int) -> tuple[str, tuple[Expected, ...], tuple[Problem, ...]]:
    problems = Collector()
    try:
        text = path.read_bytes().decode("utf-8-sig")
        doc = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        return "", (), (Problem(path, f"its [schema] cannot be read: {error}"),)
    game, table = doc.get("game", {}), doc.get("schema", {})
    title = game.get("title", "") if isinstance(game, dict) and isinstance(game.get("title"), str) else ""
    if not isinstance(table, dict):
        return title, (), (Problem(path, f"schema must be a table, found {kind_of(table)}"),)
    entries = read_schema(table, path, TomlPlaces(text), problems)
    return title, entries, tuple(problems.problems)

